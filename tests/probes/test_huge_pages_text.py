"""text_style on a poster-sized page: no render over the pixel budget, and no silent zero from a coarse one.

The ground test rendered the whole page at 100 dpi with no limit (a 5,000 pt page: 67 Mpx; 14,400 pt:
400 Mpx, 1.2 GB), and words in a picture on a huge page were read from one render squeezed to a few dpi
(nothing read: a measured zero)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest

from widening.facts.extract import load_doc
from widening.facts.limits import MAX_RENDER_PIXELS
from widening.probes import Scope, run_probe

RED = (0.85, 0.1, 0.1)


@pytest.fixture
def bounded_renders(monkeypatch):
    """Fail (before allocating) any page render over the pixel budget."""
    real = pymupdf.Page.get_pixmap

    def guarded(self, *args, **kw):
        clip = pymupdf.Rect(kw.get("clip") or self.rect) & self.rect
        m = kw.get("matrix")
        zx, zy = (abs(m.a) + abs(m.c), abs(m.b) + abs(m.d)) if m is not None else ((kw.get("dpi") or 72) / 72,) * 2
        assert clip.width * zx * clip.height * zy <= MAX_RENDER_PIXELS * 1.01, f"render of {clip} at zoom {zx:.2f} is over the budget"
        return real(self, *args, **kw)

    monkeypatch.setattr(pymupdf.Page, "get_pixmap", guarded)


def _page(path: Path, red_italic: bool, size=(5000.0, 5000.0)) -> Path:
    d = pdfs.new_doc(width=size[0], height=size[1])
    p = d[0]
    pdfs.text(p, (200, 300), "Body text of the poster in black.", size=40)
    pdfs.text(p, (200, 400), "A black italic aside on the poster.", font="heit", size=40)
    if red_italic:
        pdfs.text(p, (200, 500), "A red italic warning.", font="heit", size=40, colour=RED)
    pdfs.image(p, (3000, 3000, 3400, 3300), colour=(240, 240, 240))  # a picture: the highlight test looks at it
    return pdfs.save(d, path)


@pytest.mark.parametrize("planted", [True, False])
def test_red_italic_on_a_poster_page_is_measured_within_budget(tmp_path: Path, bounded_renders, planted: bool) -> None:
    doc = load_doc(_page(tmp_path / "p.pdf", planted), ocr=False)
    try:
        r = run_probe("text_style", doc, Scope((1,)), {"styles": ["italic"], "colour": "red"})
    finally:
        doc.close()
    if planted:
        assert len(r.members) == 1 and "warning" in r.members[0].what, (r.note, r.members, r.doubts)
    else:  # control: measured, empty (the black italic span on white paper is no doubt)
        assert r.measured_zero, (r.note, r.doubts)


def _scan_png(size: tuple[float, float], px_wide: int) -> bytes:
    src = pymupdf.open()
    sp = src.new_page(width=size[0], height=size[1])
    for i, (s, font, colour) in enumerate((("Quarterly results of the segment.", "tiro", (0, 0, 0)),
                                           ("Important red italic note for readers.", "tiit", RED))):
        sp.insert_text((600, 200 + 80 * i), s, fontname=font, fontsize=48, color=colour)
    zoom = px_wide / size[0]
    png = sp.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom)).tobytes("png")
    src.close()
    return png


def test_words_in_a_huge_picture_are_never_a_measured_zero(tmp_path: Path) -> None:
    """A 12,000 pt wide picture (20 dpi) showing red italic words 13 px tall: one render squeezes it to
    8 dpi, where nothing is read; the page is not measured (or the words are doubts), never a zero."""
    d = pdfs.new_doc(width=14400, height=1200)
    p = d[0]
    pdfs.text(p, (100, 1150), "Caption: the banner above, scanned.", size=40)
    p.insert_image(pymupdf.Rect(0, 0, 12000, 1000), stream=_scan_png((12000, 1000), 3333))
    doc = load_doc(pdfs.save(d, tmp_path / "banner.pdf"), ocr=False)
    try:
        r = run_probe("text_style", doc, Scope((1,)), {"styles": ["italic"], "colour": "red"})
    finally:
        doc.close()
    assert not r.measured_zero and (r.doubts or r.members or r.status.value != "measured"), r.note
