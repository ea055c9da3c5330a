"""colour_regions: HSV families, connected components, and the bar shape filter."""

from __future__ import annotations

import pdfs
import pymupdf
import pytest

from widening.facts.colours import family, matches
from functools import partial

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

# OCR of image-only fixture pages is slow and not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


@pytest.mark.parametrize("rgb,name", [((230, 30, 30), "red"), ((30, 160, 60), "green"), ((30, 60, 200), "blue"), ((250, 220, 20), "yellow"), ((0, 0, 0), "black")])
def test_families(rgb, name):
    assert matches(family(name), rgb)
    assert not matches(family("red" if name != "red" else "blue"), rgb)


def test_bar_vs_blob_and_in_image(tmp_path):
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 60), "chart page")
    p.draw_rect((72, 100, 92, 220), color=None, fill=(0.9, 0.1, 0.1))  # red bar
    p.draw_circle((300, 160), 40, color=None, fill=(0.9, 0.1, 0.1))  # red disc: not a bar
    p.draw_rect((72, 300, 200, 315), color=None, fill=(0.1, 0.6, 0.2))  # green horizontal bar
    pdfs.image(p, (300, 400, 500, 500), colour=(20, 40, 220))  # blue raster
    doc = load_doc(pdfs.save(d, tmp_path / "c.pdf"))
    bars = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert len(bars.members) == 1 and len(bars.doubts) == 1  # the disc: only a shape filter sets it aside
    assert "bar-shape filter" in bars.doubts[0].why
    assert len(run_probe("colour_regions", doc, Scope((1,)), {"colour": "red"}).members) == 2
    assert len(run_probe("colour_regions", doc, Scope((1,)), {"colour": "green", "shape": "bar"}).members) == 1
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "yellow"}).measured_zero
    inside = run_probe("colour_regions", doc, Scope((1,), in_image=True), {"colour": "blue"})
    assert len(inside.members) == 1
    assert run_probe("colour_regions", doc, Scope((1,), in_image=True), {"colour": "red"}).measured_zero
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "octarine"}).status is ProbeStatus.could_not_measure


def test_corpus_timer_chart_has_no_red_bar_but_red_marks_in_doubt(corpus_doc):
    """No red bar. The red X icon (the closed outline of 12 diagonal sides) and the red arrows stay
    doubts (each shaft is a thick vertical stroke: a tiny bar by construction), as do the clock
    hands (thin vertical pieces) and the outlined exit arrow (axis-aligned sides): the row stays kept.
    The X was once certainly no bar; hunt F5 (bars on an isometric plane set aside as "closed polygons
    of straight sides, none axis-aligned") showed no outline is: a turned candlestick, or two bars of a
    turned chart merged into one outline, draws the same X. Only the tuned shape filter sets it aside."""
    doc = corpus_doc("User_Manual_1500S_Classic_EN.pdf")
    scope = Scope((50,))
    bars = run_probe("colour_regions", doc, scope, {"colour": "red", "shape": "bar"})
    assert not bars.members and bars.doubts and all(d.why for d in bars.doubts)
    x_icon = pymupdf.Rect(84, 277, 96, 289)
    assert any(pymupdf.Rect(d.bbox).intersects(x_icon) for d in bars.doubts)
    assert not any(pymupdf.Rect(m.bbox).intersects(x_icon) for m in bars.best_candidates)
    arrows = [d for d in bars.doubts if d.bbox[0] > 330]
    assert len(arrows) == 3 and all("bar-shape filter" in d.why for d in arrows)
    assert run_probe("colour_regions", doc, scope, {"colour": "red", "shape": "any"}).members  # red pixels exist
    assert run_probe("colour_regions", doc, scope, {"colour": "green", "shape": "bar"}).members
    assert run_probe("colour_regions", doc, scope, {"colour": "blue", "shape": "bar"}).members


def test_short_wide_bar_is_a_doubt_never_dropped(tmp_path):
    """Regression (issue 10): a short, wide red bar (70x41 pt, a low value) failed the aspect filter and vanished."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.bar_chart(p, (72, 400), [60, 80, 45], [(0.1, 0.3, 0.8)] * 3)
    p.draw_rect((300, 359, 370, 400), color=None, fill=(0.9, 0.1, 0.1))  # 70 x 41 pt
    doc = load_doc(pdfs.save(d, tmp_path / "short.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.members and not res.measured_zero
    [doubt] = res.doubts
    assert doubt.page == 1 and abs(doubt.bbox[2] - doubt.bbox[0] - 70) < 2 and "aspect" in doubt.why


def test_specks_below_min_area_are_grouped_doubts(tmp_path):
    """Regression: regions under min_area were dropped silently; now they are doubts, folded with a count."""
    d = pdfs.new_doc()
    p = d[0]
    for i in range(12):
        p.draw_rect((72 + 20 * i, 100, 74 + 20 * i, 102), color=None, fill=(0.9, 0.1, 0.1))  # 2x2 pt specks
    doc = load_doc(pdfs.save(d, tmp_path / "specks.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.members and len(res.doubts) == 5
    assert res.doubts[-1].what.startswith("8 more red specks") and "min_area" in res.doubts[-1].why


def test_red_text_is_not_a_bar(tmp_path):
    """Certain rule: a region drawn only by glyphs of red text is that text (closest non-member, not a doubt)."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 100), "Revenue fell", size=14, colour=(0.9, 0.1, 0.1))
    doc = load_doc(pdfs.save(d, tmp_path / "redtext.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert res.measured_zero and res.best_candidates
    assert all(m.why == "drawn by red text glyphs" for m in res.best_candidates)



@pytest.mark.parametrize("where", ["under its label", "behind its label"])
def test_a_bar_inside_the_glyph_boxes_of_red_text_is_not_taken_for_the_text(tmp_path, where):
    """Regression (new questions, 2026-12-03): a near-zero red bar lying in the descender of its red
    label "0.4%", and a red bar behind a red label, were "drawn by red text glyphs": a glyph box is no
    ink, and "how many red bars" was widened. Text only where nothing else paints."""
    d = pdfs.new_doc()
    page = d[0]
    if where == "under its label":
        pdfs.text(page, (440, 597), "0.4%", size=14, colour=(0.85, 0.1, 0.1))
        bar = pymupdf.Rect(441, 598, 460, 600)
    else:
        bar = pymupdf.Rect(442, 580, 468, 596)
    page.draw_rect(bar, fill=(0.85, 0.1, 0.1), color=None)
    if where == "behind its label":
        pdfs.text(page, (440, 595), "0.4%", size=22, colour=(0.85, 0.1, 0.1))
    doc = load_doc(pdfs.save(d, tmp_path / "bar.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.measured_zero and any(pymupdf.Rect(m.bbox).intersects(bar) for m in (*res.members, *res.doubts)), res.best_candidates


RED = (0.9, 0.1, 0.1)


def _x_outline(page, x: float, y: float, width: float = 0.5) -> None:
    """The closed outline of an X icon, 12 x 12 pt, twelve diagonal sides (as the coffee-machine manual draws it)."""
    a, b, s = 2.0, 6.0, 12.0
    pts = [(a, 0), (b, b - a), (s - a, 0), (s, a), (b + a, b), (s, s - a), (s - a, s), (b, b + a), (a, s), (0, s - a), (b - a, b), (0, a)]
    pts = [(x + px, y + py) for px, py in pts]
    page.draw_polyline(pts + [pts[0]], color=RED, width=width, closePath=True)


def test_x_outline_rhombus_and_the_rest_stay_doubts(tmp_path):
    """No outline is certainly no bar (hunt F5): the outline of an X (a turned candlestick, two bars merged
    into one outline), a filled rhombus (a bar on a sheared plane), a triangle (a pyramid column), a disc
    (a rounded bar as short as it is thick), a square on its corner (a tilted bar as long as it is thick)
    and an X of two open strokes (hatching trimmed to a bar) can all be bars: only the tuned shape filter
    sets them aside, so each is a doubt. (Until F5 the X outline and the rhombus were certain non-members.)"""
    d = pdfs.new_doc()
    p = d[0]
    _x_outline(p, 72, 72)
    p.draw_polyline([(120, 70), (125, 78), (120, 86), (115, 78)], color=None, fill=RED, closePath=True)
    p.draw_polyline([(160, 86), (168, 70), (176, 86)], color=None, fill=RED, closePath=True)
    p.draw_circle((210, 78), 7, color=None, fill=RED)
    p.draw_line((240, 72), (252, 84), color=RED, width=2)
    p.draw_line((240, 84), (252, 72), color=RED, width=2)
    p.draw_polyline([(290, 70), (298, 78), (290, 86), (282, 78)], color=None, fill=RED, closePath=True)
    doc = load_doc(pdfs.save(d, tmp_path / "icons.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.members and not res.best_candidates
    shapes = [pymupdf.Rect(x, 70, x + 14, 86) for x in (72, 115, 160, 203, 240, 282)]
    assert all(any(pymupdf.Rect(m.bbox).intersects(s) for m in res.doubts) for s in shapes)


def test_x_drawn_over_a_bar_leaves_the_bar(tmp_path):
    """The rule judges a region, not a shape: a red X touching a red bar joins its region, and the bar keeps it."""
    d = pdfs.new_doc()
    p = d[0]
    p.draw_rect((100, 100, 112, 300), color=None, fill=RED)
    _x_outline(p, 100, 92, width=1.5)
    doc = load_doc(pdfs.save(d, tmp_path / "x_on_bar.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert len(res.members) + len(res.doubts) == 1
    assert not [m for m in res.best_candidates if "cannot form a bar" in m.why]


def test_hairline_x_and_a_hairline_bar_stay_doubts(tmp_path):
    """0.1 pt strokes: the X outline's faint pixels are doubts (no outline is certainly no bar, hunt F5;
    they were explained away by its sides before); a 0.1 pt bar too thin to render is still listed from
    the drawing itself."""
    d = pdfs.new_doc()
    p = d[0]
    _x_outline(p, 72, 72, width=0.1)
    p.draw_rect((200, 72, 200.1, 90), color=None, fill=RED)
    doc = load_doc(pdfs.save(d, tmp_path / "thin.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.members and not res.best_candidates
    assert [round(m.bbox[0]) for m in res.doubts if m.bbox[0] > 100] == [200]
    assert all(pymupdf.Rect(m.bbox) in pymupdf.Rect(71, 71, 85, 85) for m in res.doubts if m.bbox[0] < 100)  # faint fragments of the X


def test_a_red_square_annotation_over_an_x_outline_is_not_explained_away(tmp_path):
    """A red square annotation where an X icon sits keeps the region a doubt (its appearance is in the
    path list as a rectangle, and its rect is a source the rule never explains away)."""
    d = pdfs.new_doc()
    p = d[0]
    _x_outline(p, 72, 72)
    annot = p.add_rect_annot(pymupdf.Rect(76, 76, 80, 80))
    annot.set_colors(stroke=RED, fill=RED)
    annot.update()
    doc = load_doc(pdfs.save(d, tmp_path / "annot.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert res.doubts and not [m for m in res.best_candidates if "cannot form a bar" in m.why]


def test_bars_drawn_as_block_characters_or_tilted_are_doubts(tmp_path):
    """Regression (review of the probes): a text bar chart of red "█" runs was certainly "text, not a
    bar", and red bars drawn tilted (rectangles off the axes) were certainly "no bar"."""
    import math

    d = pdfs.new_doc(2)
    writer = pymupdf.TextWriter(d[0].rect)
    for i, n in enumerate([12, 8, 5]):
        writer.append((72, 200 + 24 * i), f"Region {i}  ", font=pymupdf.Font("helv"), fontsize=14)
        writer.append((160, 200 + 24 * i), "\u2588" * n, font=pymupdf.Font("cjk"), fontsize=14)
    writer.write_text(d[0], color=(0.9, 0.1, 0.1))
    shape = d[1].new_shape()
    c, s = math.cos(math.radians(20)), math.sin(math.radians(20))
    for i, h in enumerate([80, 120, 60]):
        x0 = 150 + 60 * i
        corners = [(x0, 500), (x0 + 30, 500), (x0 + 30, 500 - h), (x0, 500 - h)]
        pts = [pymupdf.Point(150 + (x - 150) * c - (y - 500) * s, 500 + (x - 150) * s + (y - 500) * c) for x, y in corners]
        shape.draw_polyline(pts + [pts[0]])
        shape.finish(fill=(0.9, 0.1, 0.1), color=None, closePath=True)
    shape.commit()
    doc = load_doc(pdfs.save(d, tmp_path / "b.pdf"))
    for page in (1, 2):
        r = run_probe("colour_regions", doc, Scope((page,)), {"colour": "red", "shape": "bar"})
        assert not r.measured_zero and len(r.members) + len(r.doubts) >= 3, (page, [m.why for m in r.best_candidates])


_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


@pytest.mark.parametrize("glyph", ["\u275a", "\u263b", "\u2590"])
def test_bars_stacked_from_symbol_glyphs_are_doubts(tmp_path, glyph):
    """Regression (review of the colour probes): stacked "❚" (U+275A) glyphs drawing one red bar of a
    chart were "drawn by red text glyphs", certainly no bar, because only U+2500-U+25FF counted as bar
    characters; any glyph that is not a letter, digit or punctuation mark may draw a bar."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (100, 400), "Sales by region", size=12)
    for i, n in enumerate([3, 5, 2]):
        for k in range(n):
            p.insert_text((110 + 60 * i, 598 - 30 * k), glyph, fontname="dv", fontfile=_DEJAVU, fontsize=36,
                          color=RED if i == 1 else (0.6, 0.6, 0.6))
    doc = load_doc(pdfs.save(d, tmp_path / "glyph_bars.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.measured_zero and len(res.members) + len(res.doubts) >= 1, [m.why for m in res.best_candidates]
    assert not [m for m in res.best_candidates if "text glyphs" in (m.why or "")]


PALE_BLUE, GREY = (0xBD / 255, 0xD7 / 255, 0xEE / 255), (0xA5 / 255,) * 3


def test_pale_tint_bars_are_doubts_never_members(tmp_path):
    """Regression (review of the colour probes): two #BDD7EE bars (Office "Lighter 60%" blue, S 52 under
    blue's floor 60) beside grey ones were no blue at all: "how many blue bars" was a measured zero."""
    d = pdfs.new_doc()
    pdfs.bar_chart(d[0], (72, 400), [60, 80, 45, 70], [GREY, PALE_BLUE, PALE_BLUE, GREY], bar_w=30)
    doc = load_doc(pdfs.save(d, tmp_path / "pale.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "blue", "shape": "bar"})
    assert not res.members and len(res.doubts) == 2 and all("pale" in m.why for m in res.doubts), res.doubts
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"}).measured_zero


def test_saturated_letters_leave_no_pale_rim_doubt(tmp_path):
    """Control: the anti-aliased rim of large blue letters and of a blue disc on white is no pale-blue area."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 100), "Quarterly revenue", size=40, colour=(0.1, 0.3, 0.9))
    pdfs.bar_chart(d[0], (72, 400), [60, 80], [GREY, GREY], bar_w=30)
    d[0].draw_circle((400, 300), 40, color=None, fill=(0.1, 0.3, 0.9))
    doc = load_doc(pdfs.save(d, tmp_path / "rim.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "blue", "shape": "bar"})
    assert not any("pale" in (m.why or "") for m in res.doubts), res.doubts


@pytest.mark.parametrize("rgb,colour", [((0.5, 0.5, 0.0), "green"), ((0x70 / 255, 0x80 / 255, 0x90 / 255), "blue")])
def test_olive_and_slate_bars_are_doubts_of_green_and_blue(tmp_path, rgb, colour):
    """Found trying new colours: an olive (#808000) bar asked as "green" and a slate grey (#708090) one asked
    as "blue" were a measured zero; a reader may name them so. Doubts, never members; red stays a zero."""
    d = pdfs.new_doc()
    pdfs.bar_chart(d[0], (72, 400), [60, 80, 45], [GREY, rgb, GREY], bar_w=30)
    doc = load_doc(pdfs.save(d, tmp_path / "n.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": colour, "shape": "bar"})
    assert not res.members and res.doubts, res
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"}).measured_zero
