"""A picture painted by a tiling pattern shows where the pattern fills, not at its cell.

MuPDF draws a pattern's cell once, at the pattern's origin (the page's corner under the default pattern
matrix, or off the page), and repeats it where the pattern fills; get_image_info lists the cell's image
there. A wallpaper of a firm's name filling the middle of a page was OCR'd at the empty corner (or cut away
as off the page), and the name, printed a dozen times, was claimed absent.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
from hypothesis import given, settings, strategies as st

from widening.probes.images import placed_images

NAMES = ["Quillfeather", "Brackenridge", "Marlowvale"]


def _name_tile(name: str, w: float = 120, h: float = 30) -> pymupdf.Pixmap:
    src = pymupdf.open()
    page = src.new_page(width=w, height=h)
    page.draw_rect(page.rect, color=(0.1, 0.2, 0.6), fill=(0.9, 0.93, 1), width=1)
    page.insert_text((6, h * 0.66), name, fontsize=16, color=(0.1, 0.2, 0.6))
    pix = page.get_pixmap(dpi=150)
    src.close()
    return pix


def _pattern_page(path: Path, pix: pymupdf.Pixmap, origin: tuple[float, float], tile: tuple[float, float],
                  area: tuple[float, float, float, float], pages: int = 3, on: int = 1) -> Path:
    """``pages`` report pages; page ``on`` (0-based) fills ``area`` (x, y, w, h in PDF space) with a tiling
    pattern whose cell (``tile`` pt, at ``origin`` in the page's default space) is the picture ``pix``."""
    doc = pymupdf.open()
    for i in range(pages):
        doc.new_page(width=595, height=842).insert_text((72, 60), f"Section {i + 1}: annual review", fontsize=16)
    page = doc[on]
    im = doc.get_new_xref()
    doc.update_object(im, f"<< /Type /XObject /Subtype /Image /Width {pix.width} /Height {pix.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 >>")
    doc.update_stream(im, pix.samples, new=True)
    pat = doc.get_new_xref()
    tw, th = tile
    doc.update_object(pat, f"<< /Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 {tw} {th}] /XStep {tw} "
                           f"/YStep {th} /Matrix [1 0 0 1 {origin[0]} {origin[1]}] /Resources << /XObject << /Im {im} 0 R >> >> >>")
    doc.update_stream(pat, f"q {tw} 0 0 {th} 0 0 cm /Im Do Q".encode(), new=True)
    font = doc.get_new_xref()
    doc.update_object(font, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    res = doc.get_new_xref()
    doc.update_object(res, f"<< /Font << /F1 {font} 0 R >> /Pattern << /P1 {pat} 0 R >> >>")
    doc.xref_set_key(page.xref, "Resources", f"{res} 0 R")
    x, y, w, h = area
    content = (f"BT /F1 16 Tf 72 782 Td (Section {on + 1}: annual review) Tj ET "
               f"q /Pattern cs /P1 scn {x} {y} {w} {h} re f Q")
    cx = doc.get_new_xref()
    doc.update_object(cx, "<< >>")
    doc.update_stream(cx, content.encode(), new=True)
    doc.xref_set_key(page.xref, "Contents", f"{cx} 0 R")
    return pdfs.save(doc, path)


def _shown(pdf: Path, page: int = 2) -> list:
    with pymupdf.open(pdf) as d:
        return placed_images(d[page - 1], page)


@settings(max_examples=12, deadline=None)
@given(origin=st.sampled_from([(0, 0), (-1000, -1000), (37, 11), (2000, 3000)]),
       tile=st.sampled_from([(20, 15), (40, 30), (120, 30)]),
       x=st.floats(60, 250), y=st.floats(200, 500))
def test_tiled_picture_is_placed_where_the_pattern_fills(tmp_path_factory, origin, tile, x, y) -> None:
    area = (x, y, 300.0, 160.0)
    pdf = _pattern_page(tmp_path_factory.mktemp("tile") / "p.pdf", pdfs.photo(3), origin, tile, area)
    filled = pymupdf.Rect(x, 842 - y - 160, x + 300, 842 - y)  # the area, top-down
    shown = _shown(pdf)
    assert shown, "the tiled picture is listed"
    # Every placement lies on the area the pattern fills (none at an empty cell), and together they cover it.
    for p in shown:
        assert filled.contains(pymupdf.Rect(p.bbox) + (1, 1, -1, -1)) or pymupdf.Rect(p.bbox).intersects(filled)
    cover = pymupdf.Rect(shown[0].bbox)
    for p in shown[1:]:
        cover |= pymupdf.Rect(p.bbox)
    assert cover.contains(filled + (1, 1, -1, -1))


def test_tiled_picture_under_the_default_matrix_not_at_the_corner(tmp_path: Path) -> None:
    pdf = _pattern_page(tmp_path / "p.pdf", pdfs.photo(4), (0, 0), (40, 30), (150, 450, 320, 210))
    (p,) = _shown(pdf)
    assert pymupdf.Rect(p.bbox) == pymupdf.Rect(150, 182, 470, 392)  # not (0, 812, 40, 842), the page's corner
    assert p.klass == "content"


def test_control_plain_and_single_cell_pictures_unchanged(tmp_path: Path) -> None:
    d = pdfs.new_doc(2)
    d[1].insert_image(pymupdf.Rect(200, 300, 420, 450), pixmap=pdfs.photo(2))
    (p,) = _shown(pdfs.save(d, tmp_path / "plain.pdf"))
    assert abs(p.bbox[0] - 200) < 1 and abs(p.bbox[2] - 420) < 1
    # One cell exactly over the area (the pattern's origin at the area): where it was.
    pdf = _pattern_page(tmp_path / "one.pdf", pdfs.photo(5), (200, 500), (300, 200), (200, 500, 300, 200))
    (p,) = _shown(pdf)
    assert pymupdf.Rect(p.bbox) == pymupdf.Rect(200, 142, 500, 342)


@settings(max_examples=3, deadline=None)
@given(name=st.sampled_from(NAMES), origin=st.sampled_from([(0, 0), (-1000, -1000)]))
def test_name_printed_only_in_a_tiled_wallpaper_is_not_absent(tmp_path_factory, name: str, origin) -> None:
    """Regression: absent_entity was claimed for a name a pattern prints a dozen times across page 2."""
    pdf = _pattern_page(tmp_path_factory.mktemp("wall") / "w.pdf", _name_tile(name), origin, (120, 30), (120, 300, 360, 120))
    d = pdfs.decide(pdf, f"What did {name} say about the budget?")
    assert d.case != "absent_entity", d.reason


def test_control_name_nowhere_is_absent(tmp_path: Path) -> None:
    pdf = _pattern_page(tmp_path / "w.pdf", _name_tile("Marlowvale"), (0, 0), (120, 30), (120, 300, 360, 120))
    d = pdfs.decide(pdf, "What did Quillfeather say about the budget?")
    assert d.case == "absent_entity", d.reason
