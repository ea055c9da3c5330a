"""vector_blocks: diagrams/charts told apart from table rulings, borders and rules (graphics where both agree);
shading and pattern paint counts as drawn, where it is painted."""

from __future__ import annotations

import pdfs
import pymupdf
from hypothesis import given, settings, strategies as st

from functools import partial

import pytest

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

COLOURS = [(0, 0.6, 0), (0, 0, 0.8), (0.9, 0, 0), (0.9, 0.6, 0), (0.4, 0.4, 0.4), (0.5, 0, 0.5)]

# OCR of image-only fixture pages is slow and not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


def _build(tmp_path, build, pages: int = 1):
    d = pdfs.new_doc(pages)
    build(d)
    return load_doc(pdfs.save(d, tmp_path / "v.pdf"))


def test_chart_is_diagram_table_is_not(tmp_path):
    def build(d):
        pdfs.bar_chart(d[0], (72, 300), [40, 80, 20, 60, 30, 70], COLOURS)
        pdfs.table(d[1], (72, 100), ["Item", "Value"], [[f"r{i}", str(i)] for i in range(12)])
        d[1].draw_rect((20, 20, 592, 772), width=1)  # page border
        pdfs.rule(d[1], 600)

    doc = _build(tmp_path, build, 2)
    chart = run_probe("vector_blocks", doc, Scope((1,)), {"kind": "diagram"})
    assert len(chart.members) == 1 and "diagram_or_chart" in chart.members[0].what
    table = run_probe("vector_blocks", doc, Scope((2,)), {"kind": "diagram"})
    assert table.measured_zero  # certain rules: a ruled grid of text, a frame, a rule
    whys = {m.why for m in table.best_candidates}
    assert any("ruled grid" in w for w in whys) and any("frame" in w for w in whys) and any("rule" in w for w in whys)
    assert len(run_probe("vector_blocks", doc, Scope((2,)), {"kind": "any"}).members) >= 2
    assert len(run_probe("graphics", doc, Scope((1,)), {"kind": "chart"}).members) == 1
    assert run_probe("graphics", doc, Scope((2,)), {"kind": "chart"}).measured_zero


@settings(max_examples=8, deadline=None)
@given(n=st.integers(1, 40))
def test_rules_and_underlines_never_make_a_diagram(tmp_path_factory, n):
    def build(d):
        for i in range(n):
            pdfs.text(d[0], (72, 60 + 17 * i), f"line {i}")
            # As long as its text: marks of many lengths from one edge, longer than their words, could be bars.
            pdfs.underline(d[0], (72, 60 + 17 * i), pymupdf.get_text_length(f"line {i}", fontname="helv", fontsize=11))

    doc = _build(tmp_path_factory.mktemp("vr"), build)
    assert run_probe("vector_blocks", doc, Scope((1,)), {"kind": "diagram"}).measured_zero


def test_corpus_e79_no_diagram(corpus_doc):
    doc = corpus_doc("e79deb02a0c0e87511080836c5d4347b.pdf")
    for page in (10, 14):
        assert run_probe("vector_blocks", doc, Scope((page,)), {"kind": "diagram"}).measured_zero
        assert run_probe("graphics", doc, Scope((page,)), {"kind": "diagram"}).measured_zero
    p14 = run_probe("vector_blocks", doc, Scope((14,)), {"kind": "any"})
    assert any("table_rulings" in m.what for m in p14.members)


def _not_dropped(res) -> bool:
    """members ∪ doubts is not empty: the candidate survived as one or the other."""
    return bool(res.members or res.doubts)


def test_small_chart_is_a_doubt(tmp_path):
    """Regression (issue 10): a chart under 80x40 pt was dropped by the size filter."""
    def build(d):
        for i, v in enumerate((10, 25, 18)):
            d[0].draw_rect((100 + 9 * i, 300 - v, 106 + 9 * i, 300), color=None, fill=(0.2, 0.3, 0.8))
        d[0].draw_line((98, 300), (130, 300), width=0.5)

    doc = _build(tmp_path, build)
    for probe in ("vector_blocks", "graphics"):
        res = run_probe(probe, doc, Scope((1,)), {"kind": "diagram"})
        assert not res.members and "size filter" in res.doubts[0].why


def test_labelled_bars_on_a_grid_are_not_a_text_table(tmp_path):
    """Regression: bars carrying value labels inside, on full-width gridlines, looked like table rulings."""
    def build(d):
        p = d[0]
        for y in range(200, 401, 40):
            p.draw_line((72, y), (400, y), width=0.5)
        for i, v in enumerate((150, 90, 120, 60)):
            x = 90 + 70 * i
            p.draw_rect((x, 400 - v, x + 40, 400), color=None, fill=(0.2, 0.6, 0.3))
            pdfs.text(p, (x + 8, 400 - v + 14), str(v), size=9)

    doc = _build(tmp_path, build)
    assert _not_dropped(run_probe("graphics", doc, Scope((1,)), {"kind": "chart"}))
    assert _not_dropped(run_probe("vector_blocks", doc, Scope((1,)), {"kind": "diagram"}))


SHADING = ("<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 400 0 600] /Function << /FunctionType 2 /Domain [0 1] "
           "/C0 [0.1 0.3 0.8] /C1 [0.6 0.8 1] /N 1 >> /Extend [true true] >>")
BARS = [(100, 120), (150, 200), (200, 90), (250, 160), (300, 60)]
# Bars, their category labels and a baseline: in page space the bars fill x 100-330, y 242-442.
BAR_RECTS = " ".join(f"{x} 400 30 {h} re" for x, h in BARS)
LABELS = "BT /F1 9 Tf " + "".join(f"1 0 0 1 {x + 3} 385 Tm (R{i + 1}) Tj " for i, (x, _) in enumerate(BARS)) + "ET\n"
BASELINE = "q 0 0 0 RG 0.8 w 95 400 m 335 400 l S Q\n"
PAINTS = {
    # (resources, streams, the bars' painting): as Office/BI exports draw gradient and hatched shapes.
    "shading_pattern_fill": (f"/Pattern << /G0 << /PatternType 2 /Shading {SHADING} >> >>", None, f"q /Pattern cs /G0 scn {BAR_RECTS} f Q\n"),
    "clip_and_sh": (f"/Shading << /S0 {SHADING} >>", None, "".join(f"q {x} 400 30 {h} re W n /S0 sh Q\n" for x, h in BARS)),
    "tiling_pattern_fill": ("/Pattern << /H0 {H} 0 R >>",
                            {"H": ("<< /Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 6 6] /XStep 6 /YStep 6 /Resources << >> >>",
                                   "0 0 0 RG 0.8 w 0 0 m 6 6 l S")},
                            f"q /Pattern cs /H0 scn {BAR_RECTS} f Q\n"),
}


@pytest.mark.parametrize("region", [None, "top_left", "top"])
@pytest.mark.parametrize("paint", PAINTS)
def test_gradient_and_hatched_bars_are_drawn_where_they_are_painted(tmp_path, paint, region):
    """Regression (a review of the probes): get_drawings lists no shading ("sh", a shading pattern fill)
    and gives a tiling pattern's 6x6 cell at the page's corner, so gradient bars were a measured zero,
    and hatched bars one in any region that holds them."""
    res, streams, bars = PAINTS[paint]
    doc = load_doc(pdfs.raw_page(tmp_path / "p.pdf", bars + BASELINE + LABELS, extra_res=res, streams=streams))
    chart = pymupdf.Rect(100, 242, 330, 442)
    for probe, kind in (("vector_blocks", "diagram"), ("vector_blocks", "any"), ("graphics", "chart")):
        r = run_probe(probe, doc, Scope((1,), region=region), {"kind": kind})
        assert not r.measured_zero, (probe, kind, r.note)
        assert any(pymupdf.Rect(m.bbox).intersects(chart) for m in [*r.members, *r.doubts]), (probe, kind)


def test_a_page_sized_gradient_is_a_backdrop_not_a_chart(tmp_path):
    """The control: a gradient painted over the whole page is a page fill, a certain non-member."""
    doc = load_doc(pdfs.raw_page(tmp_path / "b.pdf", "/S0 sh\n" + LABELS, extra_res=f"/Shading << /S0 {SHADING} >>"))
    r = run_probe("vector_blocks", doc, Scope((1,)), {"kind": "diagram"})
    assert r.measured_zero and any("page" in m.why for m in r.best_candidates), [m.why for m in r.best_candidates]


def test_gradient_text_is_text_not_a_chart(tmp_path):
    """The control: a shading painted through glyph outlines draws letters the text layer holds, no art."""
    doc = load_doc(pdfs.raw_page(tmp_path / "t.pdf", "BT /Pattern cs /G0 scn /F1 48 Tf 72 600 Td (Annual report 2023) Tj ET\n",
                                 extra_res=f"/Pattern << /G0 << /PatternType 2 /Shading {SHADING} >> >>"))
    assert "Annual report" in doc.page(1).get_text()
    assert run_probe("vector_blocks", doc, Scope((1,)), {"kind": "any"}).measured_zero
