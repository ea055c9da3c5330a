"""A picture the picture reading read no word of, yet showing lettering, is no measured zero for a check that widens.

A phone number on a JPEG saved at low quality ("Tel 0207 946 0123", quality 5, on a mottled ground), plainly legible,
was read as no words, so "How many phone numbers are on page 2?" measured zero and was widened. text_pattern and
text_search look at such a picture for lettering (picture_words.lettering): read again, what they find is a doubt,
and lettering no reading reads is a doubt too. A wordless JPEG keeps its measured zero. The shared picture words and
the absence claim (name_mentions) do not look (the detector fires on photo texture: it must not make claims).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pdfs import DEJAVU_SANS_BOLD, decide, jpeg_bytes, lettered_jpeg, mottled_ground, picture_on_page_2
from widening.facts.extract import load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, picture_words, run_probe

needs_bold = pytest.mark.skipif(not DEJAVU_SANS_BOLD.exists(), reason="needs DejaVu Sans Bold")


def _wordless(path: Path) -> Path:
    """A coarse JPEG photograph ground (mottled, blocky), with no lettering in it."""
    return picture_on_page_2(path, jpeg_bytes(mottled_ground(600, 240, 3).resize((150, 60)).resize((600, 240)), 5))


@needs_bold
def test_a_phone_number_on_a_coarse_jpeg_is_never_a_measured_zero(tmp_path: Path) -> None:
    pdf = picture_on_page_2(tmp_path / "a.pdf", lettered_jpeg("Tel 0207 946 0123"))
    doc = load_doc(pdf, ocr=False)
    assert not any(any(c.isdigit() for c in l.text) for l in picture_words.picture_lines(doc, 2))  # the shared reading: no number
    r = run_probe("text_pattern", doc, Scope(pages=(2,)), {"pattern": "phone"})
    assert r.members == () and r.doubts, r  # a doubt, never a member read only so
    assert all(150 - 1 <= d.bbox[1] and d.bbox[3] <= 270 + 1 and d.page == 2 for d in r.doubts)
    assert decide(pdf, "How many phone numbers are on page 2?").decision == "keep"


def test_a_wordless_jpeg_keeps_its_measured_zero(tmp_path: Path) -> None:
    pdf = _wordless(tmp_path / "b.pdf")
    r = run_probe("text_pattern", load_doc(pdf, ocr=False), Scope(pages=(2,)), {"pattern": "phone"})
    assert r.status is ProbeStatus.measured and r.members == () and r.doubts == (), r
    assert decide(pdf, "How many phone numbers are on page 2?").decision == "widen"


@needs_bold
def test_a_word_on_a_coarse_jpeg_is_a_doubt_of_a_text_search(tmp_path: Path, monkeypatch) -> None:
    """text_search over picture words: a wordless reading of a picture showing lettering is no zero. The shared
    reading is made wordless here (as it is of the phone number) so the test does not rest on what OCR reads."""
    pdf = picture_on_page_2(tmp_path / "c.pdf", lettered_jpeg("Tel 0207 946 0123"))
    monkeypatch.setattr(picture_words, "_read_pictures", lambda doc, index: ())
    r = run_probe("text_search", load_doc(pdf, ocr=False), Scope(pages=(2,)), {"text": "0207 946 0123"})
    assert r.members == () and r.doubts, r
    r = run_probe("text_search", load_doc(_wordless(tmp_path / "d.pdf"), ocr=False), Scope(pages=(2,)), {"text": "0207 946 0123"})
    assert r.status is ProbeStatus.measured and r.members == () and r.doubts == (), r


@needs_bold
@pytest.mark.parametrize("budget", ["LETTERING_SECONDS", "LETTERING_MAX_PIXELS"])
def test_a_picture_over_the_lettering_budget_is_a_doubt(tmp_path: Path, monkeypatch, budget: str) -> None:
    """Looking for lettering is bounded (time, pixels): over the budget the picture is a doubt, never a zero."""
    monkeypatch.setattr(picture_words, budget, 0)
    monkeypatch.setattr(picture_words, "_read_pictures", lambda doc, index: ())
    pdf = picture_on_page_2(tmp_path / "e.pdf", lettered_jpeg("Tel 0207 946 0123"))
    r = run_probe("text_pattern", load_doc(pdf, ocr=False), Scope(pages=(2,)), {"pattern": "phone"})
    assert r.members == () and len(r.doubts) == 1 and r.doubts[0].page == 2, r
    assert r.doubts[0].bbox == (50.0, 150.0, 350.0, 270.0) and ("Mpx" in r.doubts[0].why or " s:" in r.doubts[0].why), r


@needs_bold
def test_the_absence_claim_does_not_look_for_lettering(tmp_path: Path, monkeypatch) -> None:
    """name_mentions reads the shared picture words only: the lettering check (tuned, fires on texture) makes no claim."""
    looked: list[int] = []
    monkeypatch.setattr(picture_words, "lettering", lambda doc, index: looked.append(index))
    pdf = picture_on_page_2(tmp_path / "f.pdf", lettered_jpeg("Tel 0207 946 0123"))
    run_probe("name_mentions", load_doc(pdf, ocr=False), Scope(pages=(1, 2, 3)), {"variants": ["Qorvane Harbour"], "pictures": True})
    assert looked == []
