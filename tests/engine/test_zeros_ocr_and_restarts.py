"""Zero keys, hunt 25e: a word only OCR read, or a page number that restarts, contradicts no zero key.

"How many times does the word 'HAT' appear on page 2?" keyed 0, on a page whose only 'HAT' is what OCR
read in a picture (a coarse picture of "BAT", a "0CEAN" read as "OCEAN"), was contradicted: an OCR
reading counted as a member certain by construction. And "... on page 3?" keyed 0 in a report whose
folios restart in each chapter (printed 3 on PDF pages 3 and 7) was contradicted by a word on PDF page
3 alone, though the page printed 3 in the second chapter holds none. Both are now unverifiable; the
same word in the text layer, on every page the number names, still contradicts the key."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pdfs
from widening.engine import zeros
from widening.models import Member


def _verdict(path: Path, question: str, key: str = "0"):
    return pdfs.zero_verdict(path, question, key)


def _word_picture(word: str, scale: float = 1.0) -> pymupdf.Pixmap:
    """A picture of ``word`` in large bold type on white, ``scale`` pixels a point (1: legible; 0.12: a few pixels tall)."""
    src = pymupdf.open()
    page = src.new_page(width=300, height=80)
    page.insert_text((10, 56), word, fontsize=40, fontname="hebo")
    pix = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale))
    src.close()
    return pix


def report(path: Path, where: str, word: str = "harvest", scale: float = 1.0) -> Path:
    """Three report pages; on page 2 ``word`` as a picture (``where`` = "picture", ``scale`` pixels a point),
    in the text layer ("text") or nowhere ("none")."""
    doc = pdfs.new_doc(3, 595, 842)
    for i, page in enumerate(doc):
        pdfs.text(page, (72, 60), f"Section {i + 1}: programme review. The committee reviewed the plan.")
        pdfs.text(page, (290, 820), str(i + 1), size=9)
    if where == "picture":
        doc[1].insert_image(pymupdf.Rect(150, 300, 450, 380), pixmap=_word_picture(word, scale), keep_proportion=False)
    elif where == "text":
        pdfs.text(doc[1], (150, 340), word, size=30)
    return pdfs.save(doc, path)


Q_WORD = "How many times does the word 'harvest' appear on page 2?"


def test_a_coarse_picture_ocr_misreads_contradicts_no_zero_key(tmp_path: Path) -> None:
    """A picture of "BAT" 5 px tall, which OCR reads "HAT": no 'HAT' is on the page, and the key 0 is not wrong."""
    d, v = _verdict(report(tmp_path / "r.pdf", "picture", word="BAT", scale=0.12), "How many times does the word 'HAT' appear on page 2?")
    assert v.verdict != "contradicted", v.reason


def test_a_word_only_ocr_read_contradicts_no_zero_key(tmp_path: Path) -> None:
    """Even a legible picture word rests on OCR's reading: the row is kept (unverifiable), never a correction."""
    d, v = _verdict(report(tmp_path / "r.pdf", "picture"), Q_WORD)
    assert d.members and all(zeros.read_by_ocr(m) for m in d.members), d.reason  # OCR read it: the row is kept
    assert v.verdict == "unverifiable" and "OCR" in v.reason, v.reason


@pytest.mark.parametrize("where,want", [("text", "contradicted"), ("none", "confirmed")])
def test_control_a_printed_word_contradicts_and_no_word_confirms(tmp_path: Path, where: str, want: str) -> None:
    _, v = _verdict(report(tmp_path / "r.pdf", where), Q_WORD)
    assert v.verdict == want, v.reason


def chapters(path: Path, word_on: tuple[int, ...], restart: bool = True) -> Path:
    """Eight pages in two chapters of four, folios restarting at 1 in the second (``restart``) or running on;
    'harvest' in the text of the PDF pages ``word_on`` (1-based)."""
    doc = pdfs.new_doc(8, 595, 842)
    for i, page in enumerate(doc):
        folio = i + 1 if i < 4 or not restart else i - 3
        pdfs.text(page, (72, 60), f"Chapter {1 if i < 4 else 2}: programme review. The committee reviewed the plan.")
        pdfs.text(page, (290, 820), str(folio), size=9)
    for n in word_on:
        pdfs.text(doc[n - 1], (100, 220), "The harvest was good.", size=12)
    return pdfs.save(doc, path)


Q_PAGE3 = "How many times does the word 'harvest' appear on page 3?"


def test_a_member_on_one_of_the_pages_printing_the_number_contradicts_nothing(tmp_path: Path) -> None:
    """Printed 3 is PDF page 3 or PDF page 7: the word on PDF page 3 only leaves the key right under the other."""
    d, v = _verdict(chapters(tmp_path / "c.pdf", (3,)), Q_PAGE3)
    printed = [t for t in d.check["readings_tried"] if t["reading"] == "printed"]
    assert printed and printed[0]["pages"] == [3, 7], d.check["readings_tried"]
    assert v.verdict == "unverifiable" and "[7]" in v.reason, v.reason


@pytest.mark.parametrize("word_on,restart", [((3, 7), True), ((3,), False)])
def test_control_a_member_on_every_page_the_number_names_contradicts(tmp_path: Path, word_on: tuple[int, ...], restart: bool) -> None:
    _, v = _verdict(chapters(tmp_path / "c.pdf", word_on, restart), Q_PAGE3)
    assert v.verdict == "contradicted", v.reason


# The reader is named outside the quoted text a probe found: a word 'OCR' read from a text layer is no OCR reading.
_quoted = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)


@given(_quoted)
def test_ocr_is_known_by_the_reader_named_not_by_the_text_read(found: str) -> None:
    layer = Member(page=1, bbox=(0, 0, 1, 1), what=f"text {found!r} (text layer)")
    ocr = Member(page=1, bbox=(0, 0, 1, 1), what=f"text {found!r} (OCR of a picture)")
    scan = Member(page=1, bbox=(0, 0, 1, 1), what=f"OCR: {found!r} matches {found!r}")
    assert not zeros.read_by_ocr(layer) and zeros.certain_members([layer]) == [layer]
    assert zeros.read_by_ocr(ocr) and zeros.read_by_ocr(scan) and zeros.certain_members([ocr, scan]) == []


def test_a_quoted_ocr_is_text_read() -> None:
    assert not zeros.read_by_ocr(Member(page=1, bbox=(0, 0, 1, 1), what="text 'OCR' (text layer)"))
    assert zeros.read_by_ocr(Member(page=1, bbox=(0, 0, 1, 1), what="number '7' = 7 OCR read inside a picture ('Total 7')"))


def test_a_word_ocr_misreads_grounds_no_short_not_empty(tmp_path: Path) -> None:
    """The other direction, keyed "Not answerable": what OCR read in a coarse "BAT" is no member proving 'HAT' is there."""
    d, _ = _verdict(report(tmp_path / "r.pdf", "picture", word="BAT", scale=0.12),
                    "How many times does the word 'HAT' appear on page 2?", key="Not answerable")
    assert d.case != "short_not_empty", d.reason
