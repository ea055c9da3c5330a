"""graphics: bars a rule-or-underline test or a "nothing visible" test could set aside for sure.

A thin straight mark is certainly a rule only when it is its text's underline (word to word) or one
line with no other thin mark on the page growing from its edge with another length; a fill draws
nothing only when it paints the colour already beneath it. Everything else is a candidate or a doubt.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings, strategies as st

from fixtures.build import build
from fixtures.check import covered, found
from fixtures.generate import bar_chart
from fixtures.spec import GROUNDS, DocSpec, PageSpec
from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
NAVY = (0.05, 0.1, 0.3)
CHART = "How many charts are on page 1?"


def _chart(path: Path) -> object:
    return run_probe("graphics", load_doc(path), Scope((1,)), {"kind": "chart"})


def _slide(path: Path, bars: bool, bar_colour: tuple[float, float, float] = (1, 1, 1), ground: tuple[float, float, float] | None = NAVY) -> Path:
    """A 720x405 slide, a full-page ``ground`` fill, and four unstroked bars 60 pt wide, 120 pt apart, with labels."""
    d = pymupdf.open()
    p = d.new_page(width=720, height=405)
    ink = (1, 1, 1) if ground else (0, 0, 0)
    if ground:
        p.draw_rect(p.rect, color=None, fill=ground)
    p.insert_text((40, 50), "Quarterly sales by region", fontsize=24, color=ink)
    if bars:
        for i, (name, v) in enumerate((("North", 0.9), ("South", 0.6), ("East", 0.75), ("West", 0.4))):
            x = 120 + 120 * i
            p.draw_rect(pymupdf.Rect(x, 360 - 220 * v, x + 60, 360), color=None, fill=bar_colour)
            p.insert_text((x + 10, 380), name, fontsize=12, color=ink)
            p.insert_text((x + 15, 352 - 220 * v), f"{v * 100:.0f}", fontsize=12, color=ink)
    return pdfs.save(d, path)


def _thin_bars(path: Path, thick: float, gap: float = 14) -> Path:
    """A horizontal bar chart with no axis: five bars ``thick`` pt across from one left edge, country labels, values."""
    d = pymupdf.open()
    p = d.new_page(width=595, height=842)
    p.insert_text((72, 80), "Share of households with broadband, 2023", fontsize=16)
    y = 130.0
    for name, v in (("Germany", 0.92), ("France", 0.81), ("Spain", 0.77), ("Italy", 0.64), ("Poland", 0.58)):
        p.insert_text((72, y + thick), name, fontsize=10)
        p.draw_rect(pymupdf.Rect(160, y, 160 + 300 * v, y + thick), color=None, fill=(0.1, 0.3, 0.7))
        p.insert_text((165 + 300 * v, y + thick), f"{v * 100:.0f}%", fontsize=10)
        y += thick + gap
    return pdfs.save(d, path)


# ---------------------------------------------------------------- F1: white bars on a dark slide
def test_white_bars_on_a_navy_slide_are_drawn(tmp_path):
    """Regression (review rv4 F1): white unstroked bars on a full-page navy fill were each set aside as
    certain: "draws nothing visible (white fills without a stroke)"; the backdrop was judged apart."""
    res = _chart(_slide(tmp_path / "g1a.pdf", bars=True))
    assert not res.measured_zero and len(res.members) + len(res.doubts) == 4, [m.why for m in res.best_candidates]
    assert not any("nothing visible" in m.why for m in res.best_candidates)
    assert pdfs.decide(tmp_path / "g1a.pdf", CHART).decision != "widen"


def test_white_fills_over_a_picture_or_a_grey_panel_are_not_blank(tmp_path):
    """A white box drawn over a raster picture or on a light grey panel shows: a doubt, never certain."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.image(p, (72, 100, 300, 260))
    p.draw_rect((100, 150, 160, 190), color=None, fill=(1, 1, 1))
    p.draw_rect((320, 100, 540, 260), color=None, fill=(0.9, 0.9, 0.9))
    p.draw_rect((350, 150, 410, 190), color=None, fill=(1, 1, 1))
    doc = load_doc(pdfs.save(d, tmp_path / "w.pdf"))
    res = run_probe("graphics", doc, Scope((1,)), {"kind": "chart"})
    assert not any("nothing visible" in m.why for m in res.best_candidates), [m.why for m in res.best_candidates]


def test_fills_in_the_colour_beneath_them_draw_nothing(tmp_path):
    """Control: white boxes on white paper and navy boxes on a navy slide paint what is already there: the page widens."""
    path = _slide(tmp_path / "navy.pdf", bars=True, bar_colour=NAVY)
    res = _chart(path)
    assert res.measured_zero and sum("nothing visible" in m.why for m in res.best_candidates) == 4
    assert _chart(_slide(tmp_path / "white.pdf", bars=True, ground=None)).measured_zero
    assert pdfs.decide(path, CHART).decision == "widen"


def test_a_dark_slide_without_a_chart_widens(tmp_path):
    """Control (rv4 g1c): a navy slide with a title only: its page-size fill is a backdrop."""
    path = _slide(tmp_path / "g1c.pdf", bars=False)
    assert _chart(path).measured_zero and pdfs.decide(path, CHART).decision == "widen"


# ---------------------------------------------------------------- F2: thin bars with no axis
def test_thin_bars_without_an_axis_are_no_rules(tmp_path):
    """Regression (review rv4 F2): five bars 3.5 pt thick, 14 pt apart, no axis, each a block of its own:
    set aside as certain "straight strokes 3.5pt across: a rule or underline"."""
    res = _chart(_thin_bars(tmp_path / "g2a.pdf", 3.5))
    assert not res.measured_zero and len(res.doubts) == 5, [m.why for m in res.best_candidates]
    assert all("bars of a chart" in m.why for m in res.doubts)
    assert pdfs.decide(tmp_path / "g2a.pdf", CHART).decision != "widen"


def test_hairline_bars_far_apart_are_no_rules(tmp_path):
    """The same chart with 0.6 pt bars 30 pt apart (a sparkline-like ranking): still a doubt, not a rule."""
    res = _chart(_thin_bars(tmp_path / "h.pdf", 0.6, gap=30))
    assert not res.measured_zero and len(res.doubts) == 5


def test_a_progress_bar_on_its_track_is_no_rule(tmp_path):
    """A 3 pt fill over a longer grey track (one block, two lengths): not one line, a doubt."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 100), "Completion")
    p.draw_rect((160, 95, 460, 98), color=None, fill=(0.85, 0.85, 0.85))
    p.draw_rect((160, 95, 340, 98), color=None, fill=(0.1, 0.5, 0.2))
    res = run_probe("graphics", load_doc(pdfs.save(d, tmp_path / "p.pdf")), Scope((1,)), {"kind": "chart"})
    assert not res.measured_zero


def test_underlined_text_and_table_rules_still_widen(tmp_path):
    """Control: underlined words and links (word to word, left-aligned, of many lengths), a header and a
    footer rule, a ruled table and white cell fills on white paper draw no chart: the page widens."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.rule(p, 50)
    pdfs.text(p, (72, 44), "Annual report 2023")
    for i, s in enumerate(("See the full methodology", "Contact", "www.example.org/annual-report", "Terms of use")):
        y = 100 + 18 * i
        pdfs.text(p, (72, y), s)
        pdfs.underline(p, (72, y), pymupdf.get_text_length(s, fontname="helv", fontsize=11))
    pdfs.text(p, (72, 200), "The board met four times; its minutes are")
    x = 72 + pymupdf.get_text_length("The board met four times; its ", fontname="helv", fontsize=11)
    pdfs.underline(p, (x, 200), pymupdf.get_text_length("minutes", fontname="helv", fontsize=11))
    p.draw_rect((72, 260, 402, 278), color=None, fill=(1, 1, 1))
    pdfs.table(p, (72, 260), ["Item", "2022", "2023"], [["Revenue", "10", "12"], ["Cost", "7", "8"], ["Staff", "40", "44"]])
    pdfs.rule(p, 760)
    pdfs.text(p, (300, 775), "3", size=9)
    path = pdfs.save(d, tmp_path / "ruled.pdf")
    res = _chart(path)
    assert res.measured_zero, [(m.what, m.why) for m in res.doubts]
    assert pdfs.decide(path, CHART).decision == "widen"


# ---------------------------------------------------------------- property: generated bar charts
@st.composite
def chart_page(draw) -> DocSpec:
    """One bar chart of any thickness (hairline to touching), spacing and style, with or without an axis,
    on white paper or a dark ground (white bars included there)."""
    ground = draw(st.sampled_from((None, *sorted(GROUNDS))))
    w, h = float(draw(st.integers(280, 460))), float(draw(st.integers(260, 500)))
    cw, ch = draw(st.floats(90, w - 40)), draw(st.floats(45, h - 60))
    x0, y0 = draw(st.floats(20, w - 20 - cw)), draw(st.floats(20, h - 20 - ch))
    spec = draw(bar_chart((x0, y0, x0 + cw, y0 + ch), None, ground))
    if draw(st.booleans()):  # rule-thin bars, no axis: the shape that looks most like rules
        spec = spec.model_copy(update={"hairline": round(draw(st.floats(0.3, 4.5)), 2), "axis": len(spec.values) == 1 and len(spec.colours) == 1,
                                       "style": "filled"})
    return DocSpec(pages=(PageSpec(width=w, height=h, elements=(spec,), ground=ground),))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(spec=chart_page())
def test_a_bar_charts_bars_are_never_all_set_aside_for_sure(tmp_path_factory, spec):
    """Property: whatever the bars' thickness, spacing, colour and ground, the chart is a member or a doubt."""
    path = tmp_path_factory.mktemp("bars") / "chart.pdf"
    truth = build(spec, path)
    doc = load_doc(path)
    try:
        for g in truth.graphics:
            res = run_probe("graphics", doc, Scope((g.page,)), {"kind": "chart"})
            assert res.status is ProbeStatus.measured and covered(g.page, g.bbox, found(res)), (
                spec, [(m.bbox, m.why) for m in res.best_candidates])
    finally:
        doc.close()


def test_thin_bars_of_one_length_are_no_rules(tmp_path):
    """Found while fixing F2: three 2 pt bars of one length, labelled at their left, no axis: lines of one
    extent with no text between them may be bars of equal value, so they are doubts, not rules."""
    from fixtures.spec import BarChartSpec

    spec = DocSpec(pages=(PageSpec(width=300, height=300, elements=(
        BarChartSpec(rect=(20, 20, 200, 200), horizontal=True, values=((0.5,),) * 3, colours=("blue",), hairline=2.0, axis=False, labels=True),)),))
    build(spec, tmp_path / "eq.pdf")
    res = _chart(tmp_path / "eq.pdf")
    assert not res.measured_zero and len(res.doubts) == 3, [m.why for m in res.best_candidates]
