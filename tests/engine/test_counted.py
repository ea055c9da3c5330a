"""What "how many" counts decides whether a detector's finds are members: a person found in a photo
is a member of "how many women", only a candidate for "how many hats are the women wearing"."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pdfs
import pytest


GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
WOMEN_PHOTO = pymupdf.Rect(-1, 256, 421, 596)  # three women facing the camera, PDF p4 of GPL


@pytest.fixture(scope="module")
def photo_pdf(corpus: Path, tmp_path_factory) -> Path:
    src = pymupdf.open(corpus / "documents" / GPL)
    png = src[3].get_pixmap(dpi=144, clip=WOMEN_PHOTO).tobytes("png")
    out = pymupdf.open()
    page = out.new_page(width=440, height=440)
    page.insert_image(pymupdf.Rect(10, 40, 430, 380), stream=png)
    page.insert_text((20, 420), "Students on the campus lawn.", fontsize=10)
    path = tmp_path_factory.mktemp("counted") / "photo.pdf"
    out.save(path)
    return path


_decide = pdfs.decide


def test_people_counted_are_members(photo_pdf):
    d = _decide(photo_pdf, "How many people are there in the picture on page 1?")
    assert (d.decision, d.case) == ("keep", "short_not_empty"), d.reason
    assert d.members and all(m.page == 1 for m in d.members)


def test_people_of_a_kind_the_detector_does_not_tell_apart_are_candidates(photo_pdf):
    """The same finds for "women": the detector does not tell women from men, so never 'not empty'."""
    d = _decide(photo_pdf, "How many women are there in the picture on page 1?")
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.members and "candidates of" in d.reason and d.parsed.target.narrowed == "women", d.reason


def test_people_presupposed_while_hats_are_counted_are_candidates(photo_pdf):
    """The same finds, another count: never 'the set is not empty' about hats."""
    d = _decide(photo_pdf, "How many hats are the women wearing in the picture on page 1?")
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.members and "candidates of" in d.reason, d.reason
    assert d.parsed.target.asked == "hats"


def test_an_attribute_of_a_found_person_is_not_shown_to_exist(photo_pdf):
    """'What is the job of the woman': the women are there, their job need not be: candidates, no claim."""
    d = _decide(photo_pdf, "What is the job of the woman in the picture on page 1?")
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.members and d.parsed.target.asked == "job"
