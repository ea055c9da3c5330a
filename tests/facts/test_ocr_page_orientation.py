"""Scans a reader turns: a page put in upside down or sideways, and a scan of faint print.

A page scanned upside down read two of its four lines (the angle classifier turns some lines only:
"Tone oe e m e e"), a sideways page's lines were cut by the detector's bands and turned the wrong way,
and a scan of pale grey print read no line at all ("OCR ran, no words"): a name printed there was
claimed absent, and "how many times is it mentioned" widened. The page is read turned when its upright
reading says so (``ocr.turns``), and a faint render with its contrast stretched (``ocr.stretched``).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts import ocr
from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

LINES = ["Prepared for Quorvane Logistics by the finance office.",
         "Members discussed staffing, budgets and the schedule.",
         "Table 3 lists the regional totals for each quarter."]
TABLE = [["Region", "Q1", "Q2", "Q3"], ["Harbour", "12", "15", "9"], ["Lantern", "7", "3", "11"], ["Meridian", "4", "6", "2"]]


def _sheet(lines: list[str] = LINES, grey: float = 0.0) -> pymupdf.Pixmap:
    """A scan (120 dpi) of a small sheet of ``lines`` printed in ``grey`` (0 black, 1 white) on white."""
    src = pymupdf.open()
    page = src.new_page(width=400, height=160)
    for i, text in enumerate(lines):
        page.insert_text((24, 40 + 26 * i), text, fontsize=12, color=(grey, grey, grey))
    return page.get_pixmap(dpi=120)


def _table() -> pymupdf.Pixmap:
    """A scan (120 dpi) of a small landscape table of numbers (a 9 and a 6 among them)."""
    src = pymupdf.open()
    page = src.new_page(width=400, height=150)
    for i, row in enumerate(TABLE):
        for j, cell in enumerate(row):
            page.insert_text((24 + 90 * j, 36 + 28 * i), cell, fontsize=12)
    return page.get_pixmap(dpi=120)


def _scan_pdf(pix: pymupdf.Pixmap, rotate: int, path: Path | None = None) -> pymupdf.Document:
    """A two-page PDF: a text page, then ``pix`` turned ``rotate`` degrees counter-clockwise in its pixels
    (as a sheet fed into a scanner turned; no /Rotate) as an image-only page."""
    from PIL import Image

    im = Image.open(io.BytesIO(pix.tobytes("png"))).rotate(rotate, expand=True, fillcolor=(255, 255, 255))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    doc = pymupdf.open()
    doc.new_page(width=400, height=300).insert_text((24, 40), "Cover of the quarterly report.", fontsize=11)
    page = doc.new_page(width=im.width * 72 / 120, height=im.height * 72 / 120)
    page.insert_image(page.rect, stream=buf.getvalue())
    if path is not None:
        doc.save(path)
    return doc


@pytest.mark.parametrize("rotate", [90, 180])
def test_a_turned_scan_reads_its_lines_whole(rotate: int) -> None:
    doc = _scan_pdf(_sheet(), rotate)
    read = [l.text for l in ocr.ocr_page(doc[1])]
    for line in LINES:
        assert line in read, read


@pytest.mark.parametrize("rotate", [90, 180, 270])
def test_a_turned_table_reads_its_numbers_as_printed(rotate: int) -> None:
    """A 9 read upside down is a 6: the page is read in the one turn it reads upright, not merged over turns."""
    doc = _scan_pdf(_table(), rotate)
    read = sorted(l.text for l in ocr.ocr_page(doc[1]) if l.text.isdigit())
    assert read == sorted(c for row in TABLE[1:] for c in row[1:]), read


def test_a_faint_scan_is_read() -> None:
    """Pale grey print (245 on 255): plain to a reader, and no line of it was read."""
    doc = _scan_pdf(_sheet(grey=0.96), 0)
    read = [l.text for l in ocr.ocr_page(doc[1])]
    assert "Prepared for Quorvane Logistics by the finance office." in read, read


@pytest.mark.parametrize("rotate, grey", [(90, 0.0), (0, 0.96)])
def test_a_name_on_a_turned_or_faint_scan_is_found(tmp_path: Path, rotate: int, grey: float) -> None:
    """The decision's view: the name printed on a scan put in sideways, or in pale print, is mentioned on it."""
    _scan_pdf(_sheet(grey=grey), rotate, tmp_path / "s.pdf").close()
    doc = load_doc(tmp_path / "s.pdf")
    try:
        res = run_probe("name_mentions", doc, Scope(pages=(1, 2)), {"variants": ["Quorvane"]})
        assert [m.page for m in res.members] == [2], res.note
    finally:
        doc.close()


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    calls: list[tuple[int, int]] = []
    plain = ocr.ocr_array

    def counted(rgb, *args, **kw):
        calls.append(rgb.shape[:2])
        return plain(rgb, *args, **kw)

    monkeypatch.setattr(ocr, "ocr_array", counted)
    return calls


def test_an_upright_scan_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: an upright page, with a short line set vertically in its margin, costs one reading."""
    src = pymupdf.open()
    page = src.new_page(width=400, height=260)
    for i, text in enumerate(LINES):
        page.insert_text((60, 40 + 26 * i), text, fontsize=12)
    page.insert_text((30, 240), "Draft 2019", fontsize=10, rotate=90)
    doc = _scan_pdf(page.get_pixmap(dpi=120), 0)
    calls = _reads(monkeypatch)
    read = [l.text for l in ocr.ocr_page(doc[1])]
    assert len(calls) == 1
    assert all(line in read for line in LINES), read


def test_turns_from_an_upright_reading() -> None:
    wide = ("Prepared for Quorvane", (0, 0, 200, 20), 1.0)
    tall = ("Prepared for Quorvane", (0, 0, 20, 200), 1.0)
    assert ocr.turns([wide], []) == ()
    assert ocr.turns([wide], [wide]) == (2,)
    assert ocr.turns([tall], []) == (1, 3)
    assert ocr.turns([tall], [tall]) == (3, 1)  # turned over after rapidocr's quarter turn: runs bottom to top
    assert ocr.turns([wide, wide, wide, tall], []) == ()  # a vertical label beside the body
    assert ocr.turns([], []) == ()


def test_a_later_reading_replaces_a_line_only_when_it_reads_clearly_more() -> None:
    upright = [("6", (10, 10, 20, 30), 0.99999), ("Quorvane", (40, 10, 120, 30), 0.6)]
    turned = [("9", (10, 10, 20, 30), 0.99997), ("Quorvane Logistics", (40, 10, 200, 30), 1.0)]
    assert sorted(t for t, _, _ in ocr.merged([upright, turned])) == ["6", "Quorvane Logistics"]
    assert sorted(t for t, _, _ in ocr.merged([turned, upright])) == ["9", "Quorvane Logistics"]


@settings(max_examples=60, deadline=None)
@given(w=st.integers(8, 60), h=st.integers(8, 60), k=st.integers(0, 3), data=st.data())
def test_unturn_maps_a_box_back_to_the_render(w: int, h: int, k: int, data: st.DataObject) -> None:
    x0 = data.draw(st.integers(0, w - 2))
    x1 = data.draw(st.integers(x0 + 1, w))
    y0 = data.draw(st.integers(0, h - 2))
    y1 = data.draw(st.integers(y0 + 1, h))
    img = np.zeros((h, w), dtype=np.uint8)
    img[y0:y1, x0:x1] = 1
    turned = np.rot90(img, k)
    ys, xs = np.nonzero(turned)
    box = (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)
    assert ocr.unturn(box, k, w, h) == (x0, y0, x1, y1)


@settings(max_examples=40, deadline=None)
@given(lo=st.integers(0, 250), span=st.integers(0, 255), seed=st.integers(0, 2**16))
def test_stretched_changes_only_a_faint_render(lo: int, span: int, seed: int) -> None:
    hi = min(255, lo + span)
    rng = np.random.default_rng(seed)
    rgb = np.full((24, 24, 3), hi, dtype=np.uint8)
    rgb[6:18, 6:18] = lo  # a block of ink (a speck would be a median's to drop)
    rgb[rng.integers(0, 24, 5), rng.integers(0, 24, 5)] = rng.integers(lo, hi + 1, (5, 1))
    out = ocr.stretched(rgb)
    if ocr.MIN_INK_RANGE <= hi - lo < ocr.FAINT_RANGE:
        assert out[12, 12].max() == 0 and out[0, 0].min() == 255  # ink black, paper white
    else:
        assert out is rgb  # ordinary contrast, or no ink a reader sees: read as it is
