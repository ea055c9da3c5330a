"""OCR of pages and pictures too large for one render at the resolution their content needs.

One render of a huge area is made at a lower dpi (MAX_OCR_WIDTH, the render budget): a 14,400 pt
wide scan came out at 7 dpi, its body text a few pixels tall, OCR read nothing and the page counted
as measured ("OCR ran, no words"), so a name printed in the scan was claimed absent. Such an area is
now read in tiles at its content's resolution, or not read at all (blind), never "no words".
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
from hypothesis import given, settings, strategies as st

from widening.facts import ocr
from widening.facts.extract import load_doc
from widening.facts.legibility import page_text_status

QUESTION = "What is the interest coverage ratio for AMCOR in FY20?"
BODY = ["Annual report of Best Widgets Inc.", "Interest expense in 2020 was 12; operating income was 96.",
        "Selected financial data for 2019 and the segment results."]


def _scan_png(size: tuple[float, float], px_wide: int, lines: list[str], font: float, x: float) -> bytes:
    """A greyscale scan (``px_wide`` px across) of ``lines`` set at ``font`` pt on a ``size`` page."""
    src = pymupdf.open()
    sp = src.new_page(width=size[0], height=size[1])
    for i, line in enumerate(lines):
        sp.insert_text((x, 200 + i * font * 1.6), line, fontname="tiro", fontsize=font)
    zoom = px_wide / size[0]
    png = sp.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), colorspace=pymupdf.csGRAY).tobytes("png")
    src.close()
    return png


def _poster(path: Path, name: bool, size=(14400.0, 1000.0), px_wide: int = 4000, path_too: bool = False) -> Path:
    """Page 1: a text page; page 2: a huge image-only page, one scan (20 dpi) whose text is 13 px tall in
    the scan, so 4.7 px in one render squeezed to 1400 px across; the name at 9000 pt across."""
    lines = [BODY[0], ("Peer group: AMCOR plc and others. " if name else "Peer group: none named here. ") + BODY[2], BODY[1]]
    png = _scan_png(size, px_wide, lines, 48, 8400)
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 72), BODY[0])
    p = d.new_page(width=size[0], height=size[1])
    p.insert_image(p.rect, stream=png)
    if path_too:  # a drawn path: the page's content is not pictures only, it needs the full dpi
        p.draw_line((10, 10), (400, 10), width=2)
    return pdfs.save(d, path)


def test_a_name_in_a_huge_scan_is_read_not_claimed_absent(tmp_path: Path) -> None:
    pdf = _poster(tmp_path / "poster.pdf", name=True)
    with pymupdf.open(pdf) as d:
        page = d[1]
        how = ocr.plan(page, page.rect)
        assert how.lowered and how.single < 8 and round(how.need) == 20, how
    d = pdfs.decide(pdf, QUESTION, ocr=True)  # OCR runs here: the page is read, tiled
    assert d.case != "absent_entity" and "'AMCOR'" in d.reason and "pages [2]" in d.reason, d.reason


def test_control_a_huge_scan_without_the_name_is_still_absent(tmp_path: Path) -> None:
    """Same page without the name: read (words found), and the name is still claimed absent."""
    d = pdfs.decide(_poster(tmp_path / "poster.pdf", name=False), QUESTION, ocr=True)
    assert (d.decision, d.case) == ("keep", "absent_entity") and "OCR read words: p2" in d.reason, d.reason


def test_a_page_too_large_to_read_at_its_resolution_is_blind_never_wordless(tmp_path: Path) -> None:
    """A 14,400 pt square page with a drawn path needs 96 dpi: 368 Mpx, over the budget: blind."""
    pdf = _poster(tmp_path / "big.pdf", name=False, size=(14400.0, 14400.0), px_wide=400, path_too=True)
    doc = load_doc(pdf, ocr=True)
    try:
        facts = doc.facts.page(2)
        assert page_text_status(facts) == "blind" and "budget" in (facts.ocr_error or ""), facts
    finally:
        doc.close()
    d = pdfs.decide(pdf, QUESTION, ocr=True)
    assert d.case != "absent_entity", d.reason
    with pymupdf.open(pdf) as src:
        try:
            ocr.render_clip(src[1], src[1].rect)
            raise AssertionError("a lowered render was handed out")
        except ocr.ResolutionRefused:
            pass


def test_ordinary_pages_keep_one_render() -> None:
    """Controls: letter and slide pages with scans at 96-200 dpi are read in one render as before."""
    for (w, h), px in (((612, 792), 1275), ((720, 405), 2000), ((768, 576), 1024), ((960, 540), 2667)):
        d = pymupdf.open()
        p = d.new_page(width=w, height=h)
        pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, px, int(px * h / w)), False)
        pix.clear_with(255)
        p.insert_image(p.rect, pixmap=pix)
        assert not ocr.plan(p, p.rect).lowered, (w, h, px)
        d.close()


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 20000), st.integers(0, 20000), st.integers(1, ocr.TILE_OVERLAP))
def test_columns_hold_every_narrow_word_whole_and_cores_partition(width: int, start: int, word: int) -> None:
    cols = ocr.columns(width)
    assert cols[0][1] == 0 and cols[-1][2] == width
    assert all(a[2] == b[1] for a, b in zip(cols, cols[1:]))  # cores meet end to end
    assert all(r - l <= ocr.MAX_OCR_WIDTH and l <= cl < cr <= r for l, cl, cr, r in cols)
    start = start % width
    end = min(width, start + word)
    assert any(l <= start and end <= r for l, _, _, r in cols), (width, start, end, cols)


def test_a_word_cut_by_an_inner_edge_is_dropped_from_that_column() -> None:
    assert ocr._trim("Peer group: AMC", False, True) == "Peer group:"
    assert ocr._trim("COR plc and", True, False) == "plc and"
    assert ocr._trim("AMCOR", True, True) == "AMCOR"  # one word (or a run without spaces) stays
