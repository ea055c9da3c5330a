"""Folios of scanned pages that the page's OCR did not read (held-out hunt): an image-only page's OCR, read
whole at the detector's size, passes over a lone small folio at its foot ("19" read on no page, "18" on
the one before). A folio OCR did not read is no folio that is absent: "page 19" is no missing container,
and a zero on PDF page 19 is no zero of the page printing 19. Real PDFs, real OCR, for two; the rest on
built facts and OCR text."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.engine.containers import implied_folio_pages
from widening.engine.drawn_folios import _numbers
from widening.models import DocumentFacts, FolioCandidate, PageFacts, PageKind

BULLETS = ("- Revenue grew in all regions", "- Hiring continues in the second half", "- Next review in May")


def _scan(path: Path, folios: list[int | None], plant: dict[int, str] | None = None) -> Path:
    """Image-only pages (each drawn, then rasterised at 150 dpi): a title, bullets, ``plant`` text on its PDF
    page, and the folio at the foot's right in 11 pt, where the page's own OCR does not read it."""
    w, h = 612.0, 792.0
    doc = pymupdf.open()
    for i, folio in enumerate(folios, start=1):
        src = pymupdf.open()
        sp = src.new_page(width=w, height=h)
        sp.insert_text((72, 100), "Quarterly update", fontsize=22)
        for k, line in enumerate(BULLETS):
            sp.insert_text((72, 150 + 24 * k), line, fontsize=14)
        if plant and i in plant:
            sp.insert_text((72, 300), plant[i], fontsize=14)
        if folio is not None:
            sp.insert_text((w - 40 - pymupdf.get_text_length(str(folio), fontsize=11), h - 30), str(folio), fontsize=11)
        page = doc.new_page(width=w, height=h)
        page.insert_image(page.rect, pixmap=sp.get_pixmap(dpi=150))
        src.close()
    return pdfs.save(doc, path)


def test_a_scanned_folio_ocr_passed_over_is_no_missing_page(tmp_path: Path) -> None:
    pdf = _scan(tmp_path / "s.pdf", [17, 18, 19])
    for n in (17, 19):
        d = pdfs.decide(pdf, f"How many pictures are on page {n}?", ocr=True)
        assert d.case != "missing_container", (n, d.reason)
    # Control: a number no page prints, past the document, is still missing.
    assert pdfs.decide(pdf, "How many pictures are on page 40?", ocr=True).case == "missing_container"


def test_a_zero_on_the_pdf_page_is_no_zero_of_the_scanned_page_printing_the_number(tmp_path: Path) -> None:
    # A title page without a number, then pages printing 1, 2, ...: "page 2" is PDF page 2 by index and
    # PDF page 3 by its folio, which OCR of the page does not read. The word on PDF page 3 is no zero.
    question = 'How many times does the word "Kangaroo" appear on page 2?'
    planted = _scan(tmp_path / "p.pdf", [None, 1, 2, 3], plant={3: "Kangaroo counts rose sharply."})
    d = pdfs.decide(planted, question, ocr=True)
    assert d.decision != "widen", d.reason
    assert any(m.page == 3 for m in d.members + d.doubts), d.reason
    control = pdfs.decide(_scan(tmp_path / "c.pdf", [None, 1, 2, 3]), question, ocr=True)
    assert control.decision == "widen", control.reason


def _facts(reads: dict[int, int | None], n: int, kind: PageKind = PageKind.image_only) -> DocumentFacts:
    """``n`` pages of ``kind``; on the pages in ``reads``, a lone folio candidate of that value at the foot,
    rejected by the run test (a run of one page)."""
    pages = []
    for i in range(1, n + 1):
        v = reads.get(i)
        cands = () if v is None else (FolioCandidate(text=str(v), value=v, bbox=(300, 760, 320, 775), band="bottom",
                                                      why="rejected: run of 1 page(s), need 2"),)
        pages.append(PageFacts(index=i, width=612, height=792, kind=kind, folio_candidates=cands,
                               text_source="ocr" if kind is PageKind.image_only else "layer", text="Quarterly update"))
    return DocumentFacts(sha256="0" * 64, engine_version="t", page_count=n, pages=tuple(pages))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 12), at=st.integers(1, 12), offset=st.integers(-5, 300), step=st.integers(-3, 3))
def test_a_folio_read_on_one_scanned_page_implies_its_neighbours(n: int, at: int, offset: int, step: int) -> None:
    at = min(at, n)
    facts = _facts({at: at + offset}, n)
    target = at + step
    r = implied_folio_pages(facts, str(target + offset), ())
    if target == at or not 1 <= target <= n:
        assert r is None or target not in r.pages
    else:
        assert r is not None and r.doubtful and target in r.pages, (n, at, offset, step, r)
        assert r.pages == (target,)  # an implied folio adds its own page, no other


def test_control_a_text_layer_page_implies_nothing(tmp_path: Path) -> None:
    # A text layer that prints no folio prints none: only pages read by OCR are implied.
    assert implied_folio_pages(_facts({2: 18}, 3, PageKind.born_digital), "19", ()) is None
    # A page whose own folio OCR read is not implied to print another.
    both = _facts({2: 18, 3: 40}, 3)
    assert implied_folio_pages(both, "19", ()) is None


_LOOKALIKE = {"1": "Il|", "0": "O", "5": "S", "8": "B"}


@settings(max_examples=60, deadline=None)
@given(value=st.integers(10, 999), data=st.data())
def test_a_folio_ocr_reads_with_a_letter_for_a_digit_is_still_read(value: int, data) -> None:
    text = str(value)
    swappable = [i for i, ch in enumerate(text) if ch in _LOOKALIKE]
    if swappable:
        i = data.draw(st.sampled_from(swappable))
        if any(ch.isdigit() for j, ch in enumerate(text) if j != i):
            text = text[:i] + data.draw(st.sampled_from(_LOOKALIKE[text[i]])) + text[i + 1:]
    assert value in _numbers(text, False), text
    assert value in _numbers(f"{text}.", False), text


def test_control_words_are_no_misread_numbers() -> None:
    for text in ("Annual", "Il", "OS", "Quarterly update", "Section B"):
        assert _numbers(text, False) == [], text
