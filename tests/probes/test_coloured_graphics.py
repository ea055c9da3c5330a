"""coloured_graphics: graphics of a kind that show a named colour; paint outside every listed graphic is a doubt."""

from __future__ import annotations

import pdfs
import pymupdf
import pytest

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

# A tiling pattern of one colour: the paths it fills are missing from PyMuPDF's drawing list.
_CELL = "<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 8 8] /XStep 8 /YStep 8 /Resources << >> >>"


def _pattern_chart(tmp_path, rgb: str):
    bars = "".join(f"{100 + 90 * i} 400 60 {80 + 40 * i} re f\n" for i in range(3))
    content = ("0.5 G 0.8 w 90 400 m 390 400 l S\n"
               "BT /F1 9 Tf 110 385 Td (2021) Tj 90 0 Td (2022) Tj 90 0 Td (2023) Tj ET\n"
               f"/Pattern cs /P0 scn\n{bars}")
    return load_doc(pdfs.raw_page(tmp_path / "p.pdf", content, extra_res="/Pattern << /P0 {p} 0 R >>",
                                  streams={"p": (_CELL, f"{rgb} rg 0 0 8 3 re f")}), ocr=False)


@pytest.mark.parametrize("kind", ["chart", "figure"])
def test_bars_filled_with_a_pattern_are_never_a_measured_zero(tmp_path, kind):
    """Regression (review of the probes): a chart whose red bars are filled with a tiling pattern
    was invisible to the drawing list, so "a chart with red" was a measured zero."""
    doc = _pattern_chart(tmp_path, "0.9 0.1 0.1")
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": kind, "colour": "red"})
    # The pattern's paint is a vector block where it is painted (blocks.painted_areas), so the bars are a
    # member; paint that no listed graphic holds would be the doubt from the render.
    found = r.members or (r.doubts and "no graphic the drawing list gives" in r.doubts[0].what)
    assert not r.measured_zero and found, r.note
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": kind, "colour": "green"}).measured_zero


_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
RED, BLUE = (0.9, 0.1, 0.1), (0.1, 0.3, 0.9)


def _glyph_page(tmp_path, glyph: str, colour, font: str = "dv", boxes: bool = False):
    """One page of black text with ``glyph`` drawn 60 pt tall in ``colour`` (between two grey boxes with ``boxes``)."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 72), "Section 2: body text in black.")
    if boxes:
        for x in (100, 340):
            p.draw_rect((x, 400, x + 120, 460), color=(0.3, 0.3, 0.3), fill=(0.9, 0.9, 0.9))
    p.insert_text((240, 445), glyph, fontname=font, fontfile=_DEJAVU if font == "dv" else None, fontsize=60, color=colour)
    return load_doc(pdfs.save(d, tmp_path / "g.pdf"), ocr=False)


@pytest.mark.parametrize("glyph,font", [("\u2708", "dv"), ("\u2665", "dv"), ("\u2605", "dv"), ("\u2708", "zadb"), ("A", "zadb")])
def test_icons_drawn_as_symbol_glyphs_are_never_a_measured_zero(tmp_path, glyph, font):
    """Regression (review of the colour probes): a red airplane, heart or star drawn as a glyph (DejaVu,
    or any glyph of ZapfDingbats) was "text of that colour", so "how many red logos" was a measured zero."""
    doc = _glyph_page(tmp_path, glyph, RED, font)
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "red"})
    assert not r.measured_zero and r.doubts, r.note
    assert "glyph" in r.doubts[0].why


def test_a_blue_arrow_glyph_between_boxes_is_a_doubt(tmp_path):
    """Regression: a blue "➡" (U+27A1) between two grey boxes of a figure: "what does the blue arrow point to" widened."""
    doc = _glyph_page(tmp_path, "\u27a1", BLUE, boxes=True)
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "blue"})
    assert not r.measured_zero and r.doubts, r.note


def test_a_wordmark_in_the_colour_is_a_doubt_for_a_logo(tmp_path):
    """Regression (new questions, 2026-12-03): "ACME" typeset 60 pt in red is what a reader calls a
    red logo; letters were certain non-graphics, so "how many red logos" was a measured zero."""
    doc = _glyph_page(tmp_path, "ACME", RED, font="hebo")
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "red"})
    assert not r.measured_zero and r.doubts and "ACME" in r.doubts[0].what, r.note
    # Not red: a blue question finds no trace of blue in it.
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "blue"}).measured_zero


def test_coloured_letters_in_running_text_stay_text_and_an_empty_page_a_zero(tmp_path):
    """Controls: red words inside a body line are text (no red logo); a page with nothing red is a zero."""
    d = pdfs.new_doc()
    p = d[0]
    for k in range(4):
        pdfs.text(p, (72, 72 + 16 * k), "Body text of the section, set in black for the reader.")
    p.insert_text((72, 160), "A sentence of the body with some words in red ink.", fontname="helv", fontsize=11, color=RED)
    doc = load_doc(pdfs.save(d, tmp_path / "t.pdf"), ocr=False)
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "red"}).measured_zero
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "blue"}).measured_zero


def test_a_thin_coloured_connector_set_aside_as_a_rule_is_a_doubt(tmp_path):
    """Regression (review of the colour probes): a 1.5 pt blue connector with a 3 pt tick between two
    boxes was set aside as "a rule or underline" without its colour measured: a measured zero for "the
    blue arrow". A set-aside candidate that shows the colour is a doubt; a black rule stays set aside."""
    d = pdfs.new_doc()
    p = d[0]
    for x in (100, 340):
        p.draw_rect((x, 400, x + 120, 460), color=(0.3, 0.3, 0.3), fill=(0.9, 0.9, 0.9))
    p.draw_line((240, 430), (320, 430), color=BLUE, width=1.5)
    p.draw_line((318, 428.5), (318, 431.5), color=BLUE, width=1.5)
    p.draw_line((100, 600), (500, 600), color=(0, 0, 0), width=1)  # a black rule
    pdfs.text(p, (100, 700), "www.example.com", size=11, colour=BLUE)
    # A black underline under blue words (as long as they are): blue letters, no blue rule.
    pdfs.underline(p, (100, 700), pymupdf.get_text_length("www.example.com", fontname="helv", fontsize=11))
    doc = load_doc(pdfs.save(d, tmp_path / "thin.pdf"), ocr=False)
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "blue"})
    assert not r.measured_zero and [abs(m.bbox[0] - 240) < 2 for m in r.doubts] == [True], (r.note, r.best_candidates)
    assert "rule" in r.doubts[0].why and "blue" in r.doubts[0].what
    rules = [m for m in r.best_candidates if m.bbox[1] > 590]
    assert len(rules) == 2 and all("no blue" in m.what for m in rules), r.best_candidates
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "red"}).measured_zero


def test_a_chart_of_pale_tint_bars_is_a_doubt(tmp_path):
    """Regression: a chart whose only blue is #BDD7EE ("Lighter 60%" blue) bars was a chart "showing no blue"."""
    d = pdfs.new_doc()
    pale, grey = (0xBD / 255, 0xD7 / 255, 0xEE / 255), (0.65, 0.65, 0.65)
    pdfs.bar_chart(d[0], (72, 400), [60, 80, 45, 70], [grey, pale, pale, grey], bar_w=30)
    doc = load_doc(pdfs.save(d, tmp_path / "pale.pdf"), ocr=False)
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "chart", "colour": "blue"})
    assert not r.members and r.doubts and "pale" in r.doubts[0].why, (r.note, r.best_candidates)
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "chart", "colour": "red"}).measured_zero
