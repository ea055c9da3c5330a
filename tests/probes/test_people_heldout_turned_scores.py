"""people (held out): a photo the page shows turned is also looked at upright, and a member's score is
CenterNet's person probability (the scale rules/zero_keys.yaml ``contradiction_min_score`` reads), never a
Haar weight.

Regressions (hunt): three women in a thumbnail turned 90 degrees gave one person box at 0.24 and no face;
upright the same pixels give two faces and three people at 0.62-0.70. And face members were scored by their
Haar weight (56.65, 2.31): read as probabilities, any cascade face in a person box CenterNet gives 0.2 was
"proof" that a zero key is wrong."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.detector import centernet
from widening.engine.zeros import verdict
from widening.facts.extract import load_doc
from widening.models import Decision, Member
from widening.probes import Scope, run_probe
from widening.probes.people import _scored
from widening.question.parse import parse_question

GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
WOMEN_PHOTO = pymupdf.Rect(-1, 256, 421, 596)  # the three-women photo on PDF p4 of GPL


@pytest.fixture(scope="module")
def women_png(corpus: Path) -> bytes:
    src = pymupdf.open(corpus / "documents" / GPL)
    png = src[3].get_pixmap(dpi=144, clip=WOMEN_PHOTO).tobytes("png")
    src.close()
    return png


def _thumb(tmp_path: Path, png: bytes, rotate: int) -> tuple[Path, pymupdf.Rect]:
    """The three-women photo as a 60 x 48 pt thumbnail, turned by ``rotate`` degrees."""
    place = pymupdf.Rect(300, 300, 348, 360) if rotate % 180 else pymupdf.Rect(300, 300, 360, 348)
    doc = pymupdf.open()
    doc.new_page(width=612, height=792).insert_image(place, stream=png, rotate=rotate)
    path = tmp_path / f"thumb{rotate}.pdf"
    doc.save(path)
    doc.close()
    return path, place


@settings(max_examples=3, deadline=None)
@given(rotate=st.sampled_from([0, 90, 180, 270]))
def test_people_in_a_turned_thumbnail_are_found_and_scored_as_probabilities(women_png, tmp_path_factory, rotate):
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")
    path, place = _thumb(tmp_path_factory.mktemp("thumb"), women_png, rotate)
    doc = load_doc(path, ocr=False)
    r = run_probe("people", doc, Scope((1,), in_image=True), {})
    doc.close()
    faces = [m for m in r.members if m.what.startswith("face")]
    assert len(faces) >= 2, (rotate, r.note, r.members)
    assert all(place.intersects(pymupdf.Rect(m.bbox)) for m in r.members)
    assert all(m.score is not None and 0.0 <= m.score <= 1.0 for m in r.members), r.members
    # the faces are in people CenterNet is sure of: their score is that probability
    assert all(m.score >= 0.5 for m in faces), faces


def test_a_sure_cascade_face_in_a_weak_person_box_is_not_proof():
    face = Member(page=1, bbox=(110, 110, 130, 130), what="face (frontalface_alt2 56.65) in image", score=56.65)
    weak = Member(page=1, bbox=(100, 100, 150, 200), what="", score=0.22)
    strong = Member(page=1, bbox=(100, 100, 150, 200), what="", score=0.71)
    assert _scored(face, [weak]).score == pytest.approx(0.22)
    assert _scored(face, [weak, strong]).score == pytest.approx(0.71)
    assert _scored(face, []).score == 0.0  # no CenterNet box there (a HOG box alone): no probability at all
    assert _scored(face, [Member(page=2, bbox=weak.bbox, what="", score=0.9)]).score == 0.0

    q = "How many people are in the photo on page 1?"

    def zero_verdict(member: Member) -> str:
        d = Decision(doc_id="x.pdf", question=q, key="0", decision="keep", case="short_not_empty", reason="members",
                     check={"probe": "people", "readings_tried": [{"reading": "pdf", "number": "1", "pages": [1]}]},
                     members=(member,), parsed=parse_question(q))
        return verdict(d).verdict

    assert zero_verdict(face) == "contradicted"  # a Haar weight read as a probability
    assert zero_verdict(_scored(face, [weak])) == "unverifiable"
    assert zero_verdict(_scored(face, [strong])) == "contradicted"
