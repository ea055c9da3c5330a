"""Named regressions: each miss the document generator found, as a fixed document built by code.

A test marked ``xfail(strict=True)`` is a finding still open (a miss also has its entry in
KNOWN_OPEN in test_generated.py): when the probe is fixed it passes, strict xfail turns
that into a failure, and the mark (and the KNOWN_OPEN entry) go.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fixtures.build import build
from fixtures.check import covered, found
from fixtures.spec import (
    BarChartSpec,
    CaptionSpec,
    CellSpec,
    ColumnSpec,
    DocSpec,
    ImageSpec,
    NumberingSpec,
    PageSpec,
    RasterSpec,
    TableSpec,
    TextSpec,
    VectorSpec,
    WordSpec,
)
from widening.facts.extract import load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

OPEN = "open: a tuned filter drops a planted member instead of keeping it as a doubt (i10-findings.md)"


def _open(spec: DocSpec, tmp_path: Path):
    path = tmp_path / "regression.pdf"
    truth = build(spec, path)
    return load_doc(path, ocr=False), truth


def _chart(**kw) -> DocSpec:
    base = dict(rect=(40.0, 40.0, 240.0, 180.0), values=((0.2,),), colours=("red",))
    base.update(kw)
    return DocSpec(pages=(PageSpec(width=400, height=400, elements=(BarChartSpec(**base),)),))


def _bars_found(doc, truth, shape: str = "bar") -> list[bool]:
    out = []
    for bar in truth.bars:
        res = run_probe("colour_regions", doc, Scope((bar.page,)), {"colour": bar.colour, "shape": shape})
        out.append(res.status is ProbeStatus.measured and covered(bar.page, bar.bbox, found(res)))
    return out


def test_colour_regions_keeps_short_wide_bar(tmp_path):
    # One wide bar with a low value: 70 x 41 pt in the issue; aspect under 2.5.
    doc, truth = _open(_chart(rect=(40.0, 40.0, 110.0, 180.0), values=((0.3,),), thickness=0.9), tmp_path)
    assert all(_bars_found(doc, truth))


def test_colour_regions_keeps_hairline_bar(tmp_path):
    # Bars 0.9 pt thick (under 3 px at 150 dpi): the aspect test treats them as strokes.
    doc, truth = _open(_chart(values=((0.8,), (0.6,), (0.9,)), hairline=0.9), tmp_path)
    assert all(_bars_found(doc, truth))


def test_colour_regions_keeps_touching_same_colour_bars(tmp_path):
    # Touching bars of one colour are one pixel component; a stepped outline fills little of its box.
    doc, truth = _open(_chart(values=((0.9,), (0.2,), (0.5,), (0.1,)), thickness=1.0), tmp_path)
    assert all(_bars_found(doc, truth))


def test_colour_regions_keeps_tiny_bar(tmp_path):
    # A near-zero value on a small axis: a bar of a few px, under min_area even for shape=any.
    doc, truth = _open(_chart(rect=(40.0, 40.0, 140.0, 90.0), values=((0.9,), (0.02,)), thickness=0.1), tmp_path)
    assert all(_bars_found(doc, truth, shape="any"))


@pytest.mark.parametrize("style", ["hatched", "hatched_lines", "outlined", "rounded"])
def test_colour_regions_keeps_bars_drawn_without_a_filled_rectangle(tmp_path, style):
    # Hatching as diagonal strips clipped to the bar: the strips alone look like no bar, so the
    # "cannot form a bar" rule must see the clip (without it, all four bars were dropped). Hatching
    # as open diagonal strokes trimmed to the bar (no clip): dropped too while open diagonal strokes
    # counted as no bar. A pill (radius 0.5) of a low value is nearly a disc; an outline is a ring.
    # X outlines, crosses and diamonds sit on the bars.
    spec = _chart(values=((0.2,), (0.5,), (0.02,), (0.9,)), style=style, radius=0.5,
                  decoys=(("x_outline", "red"), ("cross", "red"), ("diamond", "red"), ("triangle", "red"), ("icon", "red")), decoys_on_bars=True)
    doc, truth = _open(spec, tmp_path)
    assert len(truth.bars) == 4 and all(_bars_found(doc, truth))


def test_colour_regions_keeps_x_outlines_diamonds_and_crosses_as_doubts(tmp_path):
    # Above the plot, apart from the bars: an X outline, a triangle, a square on its corner and two
    # crossed strokes may each be a bar (a turned candlestick, a pyramid column, a tilted bar as long as
    # it is thick, hatching): doubts, never set aside. No outline is certain by construction not to be a bar.
    spec = _chart(values=((0.5,),), decoys=(("x_outline", "red"), ("cross", "red"), ("diamond", "red"), ("triangle", "red"), ("icon", "red")))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    roles = {sh.role: sh.bbox for sh in truth.shapes}
    assert not [m for m in res.best_candidates if "cannot form a bar" in m.why]
    assert {r for r, b in roles.items() if covered(1, b, res.doubts)} == {"x_outline", "cross", "triangle", "icon", "diamond"}
    assert all(_bars_found(doc, truth))


def test_graphics_keeps_small_chart(tmp_path):
    # A chart whose drawings cluster under 80 x 40 pt is a "closest non-member", not a doubt.
    doc, truth = _open(_chart(rect=(40.0, 40.0, 110.0, 75.0), values=((0.5,), (0.9,), (0.4,))), tmp_path)
    g = truth.graphics[0]
    for probe, params in (("graphics", {"kind": "chart"}), ("vector_blocks", {"kind": "diagram"})):
        res = run_probe(probe, doc, Scope((1,)), params)
        assert covered(1, g.bbox, found(res)), probe


def test_graphics_keeps_small_picture(tmp_path):
    # A 20 x 90 pt raster image is a "decoration" by its short side: a tuned size rule.
    spec = DocSpec(pages=(PageSpec(width=400, height=400, elements=(ImageSpec(rect=(150.0, 150.0, 170.0, 240.0), colour="blue"),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("graphics", doc, Scope((1,)), {"kind": "picture"})
    assert covered(1, truth.graphics[0].bbox, found(res))


def test_graphics_region_keeps_chart_whose_axis_is_outside(tmp_path):
    # Spaced 2 pt bars rise from an x-axis below the region; only the bars' tops reach into top_right.
    spec = DocSpec(pages=(PageSpec(width=426, height=362, elements=(BarChartSpec(
        rect=(64.4, 109.7, 281.9, 293.0), values=((0.9,), (0.95,), (0.8,), (0.9,), (0.85,)) * 2, colours=("blue",), thickness=0.1),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("graphics", doc, Scope((1,), region="top_right"), {"kind": "chart"})
    assert covered(1, truth.graphics[0].bbox, found(res)), [m.what for m in res.best_candidates]


def test_coloured_graphics_sees_coloured_axis_title(tmp_path):
    doc, truth = _open(_chart(values=((0.5,), (0.9,)), colours=("blue",), axis_title="red"), tmp_path)
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "chart", "colour": "red"})
    assert covered(1, truth.graphics[0].bbox, found(res))


def test_coloured_graphics_keeps_a_chart_whose_only_red_is_a_muted_axis_title(tmp_path):
    """Generator (shades, 2026-12-03): the third of three small blue charts carries its only red in a
    rosy (#8B6969, greyed-down red) 6.5 pt axis title; thin letters leave no pale area, so the chart was
    set aside as showing no red. Text in a muted or pale shade of the colour is a doubt too."""
    charts = tuple(BarChartSpec(rect=(20.0, y, 110.0, y + 45.0), values=((1.0,),), colours=("blue",), thickness=1.0,
                                axis=True, axis_title=title) for y, title in ((20.0, None), (71.0, None), (122.0, "red~rosy")))
    spec = DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=charts),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "red"})
    assert not res.members and covered(1, (20.0, 122.0, 110.0, 167.0), found(res)), res
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "green"}).measured_zero


def test_a_chart_on_a_dark_ground_keeps_its_muted_axis_title(tmp_path):
    """Generator (long run, 2026-12-03): a small blue stacked chart on a charcoal page, its only red a
    rosy 6.5 pt axis title. The page's ground, a rectangle around everything, was the "nearest drawn
    thing" to every letter (gap 0), so the title was given to it and the chart set aside as showing
    no red. A thing around the graphic is no rival for its title."""
    chart = BarChartSpec(rect=(20.0, 20.0, 110.0, 65.0), values=((0.3333, 0.3333, 0.3333),), colours=("blue", "blue", "blue"),
                         thickness=1.0, axis=False, gridlines="none", legend=False, labels=False, axis_title="red~rosy",
                         style="filled", radius=0.1)
    doc, truth = _open(DocSpec(pages=(PageSpec(width=280.0, height=260.0, ground="charcoal", elements=(chart,)),)), tmp_path)
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "chart", "colour": "red"})
    assert not res.members and covered(1, truth.graphics[0].bbox, found(res)), res
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "chart", "colour": "green"}).measured_zero


def test_bar_labels_under_a_caption_line_are_no_mention_of_another_figure(tmp_path):
    """Fresh-clone CI's generated documents (2026-12-03): "Figure 4: generated figure" over bar labels
    "C1C2...": the loose reader, taught a supplement's letter before the number ("Figure S5"), read
    "figure" + "C1" across the line break as figure 1, so the exact captions probe had a doubt where
    figure 1 is absent. A prefix letter now stands on the word's own line."""
    first = BarChartSpec(rect=(20.0, 20.0, 110.0, 65.0), values=((0.02,),), colours=("blue",), thickness=1.0, axis=True,
                         caption=CaptionSpec(kind="figure", number="4"))
    second = BarChartSpec(rect=(20.0, 84.0, 110.0, 129.0), values=tuple((0.5, 0.3, 0.2) for _ in range(11)),
                          colours=("blue", "blue", "blue"), thickness=1.0, axis=False, labels=True)
    doc, truth = _open(DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=(first, second)),)), tmp_path)
    assert run_probe("captions", doc, Scope((1,)), {"kind": "figure", "number": "1"}).measured_zero
    assert run_probe("captions", doc, Scope((1,)), {"kind": "figure", "number": "4"}).members


def test_a_thin_bar_in_a_muted_shade_is_a_doubt(tmp_path):
    """Generator (shades): a rosy (#8B6969, greyed-down red) bar 1.3 pt tall leaves no area the pale render
    keeps; its colour is in the drawing list, a pale or muted shade of red: a doubt of "red", never dropped."""
    doc, truth = _open(_chart(rect=(20.0, 20.0, 110.0, 65.0), values=((0.0312,),), colours=("red~rosy",), thickness=1.0), tmp_path)
    assert all(_bars_found(doc, truth)) and all(_bars_found(doc, truth, "any"))
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "red"})
    assert covered(1, truth.graphics[0].bbox, found(res))


def test_hatched_bars_in_a_muted_shade_are_doubts(tmp_path):
    """Generator (shades): slate grey (#708090) bars filled with thin hatching, asked as "blue": the pale
    render's opening removes the hatch lines, so no bar was seen. The drawing list's colour keeps them."""
    doc, truth = _open(_chart(rect=(20.0, 100.0, 126.0, 260.0), horizontal=True, values=((0.71,), (0.75,), (0.38,)),
                              colours=("blue~slate",), style="hatched", legend=True, labels=True), tmp_path)
    assert all(_bars_found(doc, truth)) and all(_bars_found(doc, truth, "any"))


def test_side_by_side_captions_on_one_line_are_both_read(tmp_path):
    """Generator (fresh-clone CI, 2026-12-03): two small figures side by side, their captions "Figure 2: ..."
    and "Figure 3: ..." set on one line; only the first was read, so figure 3 was a measured zero."""
    spec = DocSpec(pages=(PageSpec(width=280.0, height=420.0, elements=(
        VectorSpec(rect=(20.0, 20.0, 26.0, 26.0), shape="diagram", colour="blue", caption=CaptionSpec(kind="figure", number="2")),
        VectorSpec(rect=(114.97, 20.0, 120.97, 26.0), shape="diagram", colour="red", caption=CaptionSpec(kind="figure", number="3")))),))
    doc, truth = _open(spec, tmp_path)
    for number in ("2", "3"):
        res = run_probe("captions", doc, Scope((1,)), {"kind": "figure", "number": number})
        assert [m.page for m in res.members] == [1], (number, res)
    assert run_probe("captions", doc, Scope((1,)), {"kind": "figure", "number": "4"}).measured_zero


def test_a_muted_one_pixel_detail_of_a_fine_picture_is_a_doubt(tmp_path):
    """Generator (fresh-clone CI): a red 300x300 px picture shown 6x6 pt with a one-pixel khaki (muted yellow)
    line; its own pixels were read for yellow itself only, so the detail was a measured zero for "yellow"."""
    spec = DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=(
        ImageSpec(rect=(20.0, 20.0, 26.0, 26.0), colour="red", px=(300, 300), detail="yellow~khaki"),)),))
    doc, truth = _open(spec, tmp_path)
    box = truth.graphics[0].bbox
    inside = run_probe("colour_regions", doc, Scope((1,), in_image=True), {"colour": "yellow"})
    assert not inside.members and covered(1, box, found(inside)), inside
    other = run_probe("colour_regions", doc, Scope((1,), in_image=True), {"colour": "green"})
    assert not other.members and not covered(1, box, found(other)), other  # no green pixel of its own


def test_coloured_graphics_keeps_chart_whose_only_bar_is_too_thin_to_render(tmp_path):
    # Found by the long profile: one blue bar of value 0.02 is 80 x 0.5 pt, anti-aliased into the
    # black axis below it at 150 dpi, so no pixel renders blue; the drawing itself is blue.
    spec = DocSpec(pages=(PageSpec(width=280, height=260, elements=(BarChartSpec(
        rect=(20.0, 20.0, 110.0, 65.0), values=((0.0215,),), colours=("blue",), thickness=1.0, gridlines="none",
        legend=False, labels=True, axis_title="green", style="filled", radius=0.1),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "blue"})
    assert res.status is ProbeStatus.measured
    assert covered(1, truth.graphics[0].bbox, found(res)), [m.what for m in res.best_candidates]
    assert not res.members  # no pixel shows it: a doubt, never a member found by rendering
    # A colour the chart does not draw at all stays a certain non-member.
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "red"})
    assert not res.members and not res.doubts


def test_text_style_overlapping_labels_are_a_bold_doubt_not_a_member(tmp_path):
    # Found by the long profile: twelve bars labelled C1..C12 in 90 pt; "C11" is drawn over "C1",
    # and MuPDF flags the twice-drawn '1' bold (its overstrike guess). Nothing here is set bold.
    spec = DocSpec(pages=(PageSpec(width=280, height=260, elements=(BarChartSpec(
        rect=(20.0, 20.0, 110.0, 65.0), values=((0.3333,) * 3,) * 12, colours=("blue",) * 3, thickness=1.0,
        legend=True, labels=True, radius=0.1),)),))
    doc, truth = _open(spec, tmp_path)
    assert not any(sp.bold for sp in truth.spans)
    res = run_probe("text_style", doc, Scope((1,)), {"styles": ["bold"]})
    assert res.status is ProbeStatus.measured
    assert not res.members, [m.what for m in res.members]
    assert res.doubts and "overstrike" in res.doubts[0].why


def test_fine_picture_keeps_its_one_pixel_detail(tmp_path):
    # A 900 px picture shown 60 pt wide (1080 dpi) whose only blue is a line one pixel tall:
    # the 150 dpi render averages it into the red. Its own pixels are blue: a doubt, not "no blue".
    spec = DocSpec(pages=(PageSpec(width=300, height=300, elements=(
        ImageSpec(rect=(40.0, 40.0, 100.0, 100.0), colour="red", px=(900, 900), detail="blue"),)),))
    doc, truth = _open(spec, tmp_path)
    bbox = truth.graphics[0].bbox
    for name, params, in_image in (("coloured_graphics", {"kind": "figure", "colour": "blue"}, False),
                                   ("colour_regions", {"colour": "blue", "shape": "any"}, False),
                                   ("colour_regions", {"colour": "blue", "shape": "any"}, True)):
        res = run_probe(name, doc, Scope((1,), in_image=in_image), params)
        assert res.status is ProbeStatus.measured
        assert covered(1, bbox, found(res)), (name, in_image, [m.what for m in res.best_candidates])
    # Green is in none of its pixels: still a certain non-member.
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "green"})
    assert not res.members and not res.doubts


def _table(column: ColumnSpec, op: str, value: float) -> DocSpec:
    t = TableSpec(origin=(40.0, 60.0), columns=(column,), rows=("North", "South", "East"), query=(0, op, value))
    return DocSpec(pages=(PageSpec(width=400, height=400, elements=(t,)),))


def _cells_found(doc, truth, spec: DocSpec) -> bool:
    from widening.probes.table_values import OPS

    t = spec.pages[0].elements[0]
    j, op, value = t.query
    res = run_probe("table_values", doc, Scope((1,)), {"column": t.columns[j].name, "op": op, "value": value})
    want = [c for c in truth.cells if OPS[op](c.value, value)]
    return bool(want) and all(covered(1, c.bbox, found(res)) for c in want)


def test_table_values_keeps_minus_of_wide_cell(tmp_path):
    col = ColumnSpec(name="Share", cells=(CellSpec(value=-434.33, fmt="decimal", marker="*"), CellSpec(value=12.5, fmt="decimal"), CellSpec(value=3.0)))
    spec = _table(col, "<", 0.0)
    doc, truth = _open(spec, tmp_path)
    assert _cells_found(doc, truth, spec)


def test_table_values_keeps_leading_digits_of_wide_cell(tmp_path):
    col = ColumnSpec(name="Margin", cells=(CellSpec(value=9_000_000, fmt="thousands"), CellSpec(value=348), CellSpec(value=-298)))
    spec = _table(col, ">", 1000.0)
    doc, truth = _open(spec, tmp_path)
    assert _cells_found(doc, truth, spec)


def test_table_values_reads_number_before_superscript_footnote(tmp_path):
    col = ColumnSpec(name="Budget 2024", cells=(CellSpec(value=1729, fmt="thousands", marker="sup1"), CellSpec(value=90000, fmt="thousands"), CellSpec(value=5000, fmt="thousands")))
    spec = _table(col, "<", 2000.0)
    doc, truth = _open(spec, tmp_path)
    assert _cells_found(doc, truth, spec)


def _members_and_summary_doubts(res, cells) -> bool:
    """Each planted cell is a member, but one in a summary row ("Total"), which the probe keeps as a doubt (it
    may be no instance of the things the rows list: ba70b5e); nothing else is a member."""
    from widening.probes.table_values import aggregate_rows

    summary = [c for c in cells if c.row.lower() in aggregate_rows()]
    plain = [c for c in cells if c not in summary]
    return (len(res.members) == len(plain) and all(covered(c.page, c.bbox, res.members) for c in plain)
            and all(covered(c.page, c.bbox, res.doubts) for c in summary))


def test_table_values_stops_at_the_end_of_an_unruled_table(tmp_path):
    # A paragraph starts 10 pt under the last row, indented under the asked column: its
    # "615-591-1432" becomes a cell of value -591.
    col = ColumnSpec(name="Cost per unit", cells=(CellSpec(value=3000, fmt="thousands"), CellSpec(value=-512), CellSpec(value=5_870_568, fmt="thousands")))
    t = TableSpec(origin=(50.0, 63.0), columns=(col,), rows=("Total", "Rural", "West"), ruled=False, query=(0, "<=", 5_870_568.0))
    words = tuple(WordSpec(text=w, role="phone" if "-" in w else "plain") for w in ("report", "615-591-1432", "data", "615-591-5688", "the", "615-591-2312"))
    text = TextSpec(origin=(90.0, 63.0 + 4 * 13 + 10), width=120, words=words)
    spec = DocSpec(pages=(PageSpec(width=400, height=400, elements=(t, text)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Cost per unit", "op": "<=", "value": 5_870_568.0})
    assert _members_and_summary_doubts(res, truth.cells), ([m.what for m in res.members], [d.what for d in res.doubts])
    # The phone number under the column is neither dropped nor counted: a doubt.
    assert any("615" in d.what for d in res.doubts), [d.what for d in res.doubts]


def test_table_values_sets_running_text_through_the_column_aside(tmp_path):
    # Generator counterexample: "the the +1 615 591 1000" runs under an unruled table, its
    # "+1 615 591" inside the column band read as one grouped number (1,615,591) of a row
    # "the the"; "1000" a word space to the right shows it is running text, not a cell.
    col = ColumnSpec(name="Revenue", cells=(CellSpec(value=0.0), CellSpec(value=0.0)))
    t = TableSpec(origin=(20.0, 20.0), columns=(col,), rows=("North", "South"), ruled=False, query=(0, ">", 0.0))
    words = (WordSpec(text="the"), WordSpec(text="the"), WordSpec(text="+1 615 591 1000", role="phone"))
    spec = DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=(t, TextSpec(origin=(20.0, 65.0), width=240.0, size=9.0, words=words))),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Revenue", "op": ">", "value": 0.0})
    assert res.members == (), [m.what for m in res.members]
    assert any("615" in d.what and "touch" in (d.why or "") for d in res.doubts), [(d.what, d.why) for d in res.doubts]


def test_table_values_ends_an_unruled_table_at_the_next_tables_header(tmp_path):
    # Generator counterexample: a second unruled table ("Share") starts 6 pt under the first
    # ("Revenue"); its zeros were read as more Revenue cells. They are doubts now.
    rev = ColumnSpec(name="Revenue", cells=(CellSpec(value=0.0), CellSpec(value=0.0)))
    share = ColumnSpec(name="Share", cells=(CellSpec(value=0.0), CellSpec(value=0.0)))
    t1 = TableSpec(origin=(20.0, 20.0), columns=(rev,), rows=("North", "South"), ruled=False, query=(0, ">=", 0.0))
    t2 = TableSpec(origin=(20.0, 65.0), columns=(share,), rows=("North", "South"), ruled=False, query=(0, ">=", 0.0))
    spec = DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=(t1, t2)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Revenue", "op": ">=", "value": 0.0})
    want = [c for c in truth.cells if c.column == "Revenue"]
    assert len(res.members) == len(want) and all(covered(1, c.bbox, res.members) for c in want), [m.what for m in res.members]


def test_table_values_ends_an_unruled_table_at_a_header_that_only_grazes_its_column(tmp_path):
    # Long profile (tables family): the first table stands 55 pt to the right of the second, so
    # the second's "Share" header lies under "Revenue" but less than 40% inside its band. That
    # header did not end the first table, and the Share zeros below were read as Revenue members.
    rev = ColumnSpec(name="Revenue", cells=(CellSpec(value=0.0), CellSpec(value=0.0)))
    share = ColumnSpec(name="Share", cells=(CellSpec(value=0.0), CellSpec(value=0.0)))
    t1 = TableSpec(origin=(75.0, 20.0), columns=(rev,), rows=("North", "South"), ruled=False, query=(0, ">", 0.0))
    t2 = TableSpec(origin=(20.0, 65.0), columns=(rev, share), rows=("North", "South"), ruled=False, query=(0, ">=", 0.0))
    spec = DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=(t1, t2)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Revenue", "op": ">=", "value": 0.0})
    want = [c for c in truth.cells if c.column == "Revenue"]
    shares = [c for c in truth.cells if c.column == "Share"]
    assert len(res.members) == len(want) and all(covered(1, c.bbox, res.members) for c in want), [m.what for m in res.members]
    # The Share zeros are set aside with the reason, never dropped.
    assert all(covered(1, c.bbox, res.doubts) for c in shares), [(d.what, d.why) for d in res.doubts]


def test_table_values_reads_percent_thousands_negatives_and_markers(tmp_path):
    # The formats that already read right: kept so a change to the cell reader cannot lose them.
    col = ColumnSpec(name="Growth", cells=(CellSpec(value=-12.5, fmt="percent", marker="a"), CellSpec(value=-3.2, fmt="paren_neg"), CellSpec(value=40.0, fmt="percent")))
    spec = _table(col, "<", 0.0)
    doc, truth = _open(spec, tmp_path)
    assert _cells_found(doc, truth, spec)


def test_text_pattern_splits_adjacent_phone_numbers(tmp_path):
    words = (WordSpec(text="+1 615 591 1221", role="phone"), WordSpec(text="615-591-4742", role="phone"))
    spec = DocSpec(pages=(PageSpec(width=400, height=300, elements=(TextSpec(origin=(40.0, 40.0), width=320, words=words),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert all(covered(1, x.bbox, found(res)) for x in truth.patterns)
    assert sorted(m.what.split("'")[1] for m in res.members) == ["+1 615 591 1221", "615-591-4742"]


@pytest.mark.parametrize("first", ["555-1000", "615 591 1000"])
def test_text_pattern_finds_a_doubtful_number_beside_a_sure_one(tmp_path, first):
    """Found by the generator once it planted phone shapes the probe only doubts: '555-1000' printed
    just before '615-591-1000' made one run of too many digits, no sure phone led it, and both were
    dropped. Now a sure phone inside the run is a member and what precedes it a doubt."""
    words = (WordSpec(text=first, role="phone"), WordSpec(text="615-591-1000", role="phone"))
    spec = DocSpec(pages=(PageSpec(width=400, height=300, elements=(TextSpec(origin=(40.0, 40.0), width=320, words=words),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert all(covered(1, x.bbox, found(res)) for x in truth.patterns)
    assert not res.measured_zero and "615-591-1000" in " ".join(m.what for m in res.members + res.doubts)


def test_text_style_finds_sheared_italic_word(tmp_path):
    # An upright font drawn with a skewed matrix (pitfall 3): italic only by geometry.
    words = (WordSpec(text="plain"), WordSpec(text="data", italic="shear"), WordSpec(text="text"))
    spec = DocSpec(pages=(PageSpec(width=300, height=200, elements=(TextSpec(origin=(40.0, 40.0), width=200, words=words),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("text_style", doc, Scope((1,)), {"styles": ["italic"]})
    assert covered(1, truth.spans[1].bbox, found(res))


@pytest.mark.parametrize("word", ["and", "data"])
def test_text_style_finds_sheared_word_inside_an_upright_span(tmp_path, word):
    words = (WordSpec(text="each"), WordSpec(text="report"), WordSpec(text="region"), WordSpec(text=word, italic="shear"))
    spec = DocSpec(pages=(PageSpec(width=300, height=200, elements=(TextSpec(origin=(40.0, 40.0), width=200, words=words),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("text_style", doc, Scope((1,)), {"styles": ["italic"]})
    assert covered(1, truth.spans[3].bbox, found(res))
    # The upright words stay out: only the sheared word is judged italic.
    assert [m.bbox[0] >= truth.spans[2].bbox[2] - 1 for m in res.members] == [True]


def _numbered(raster_from: int) -> DocSpec:
    pages = []
    for i in range(3):
        if i + 1 >= raster_from:
            pages.append(PageSpec(width=300, height=300, raster=RasterSpec(words=(WordSpec(text="Qzkazoq", role="name"),))))
        else:
            pages.append(PageSpec(width=300, height=300, elements=(TextSpec(origin=(40.0, 60.0), width=200, words=(WordSpec(text="report"),)),)))
    return DocSpec(pages=tuple(pages), numbering=NumberingSpec(folio="dashes", folio_offset=-14))


def test_page_exists_unread_picture_page_is_not_a_zero(tmp_path):
    # PDF p2-p3 are pictures printing "16" and "17"; with no OCR text, "page 17" cannot be ruled out.
    doc, truth = _open(_numbered(raster_from=2), tmp_path)
    res = run_probe("page_exists", doc, Scope(()), {"number": "17"})
    assert res.members or res.doubts or res.status is ProbeStatus.could_not_measure


def test_page_exists_rejected_folio_candidate_is_a_doubt(tmp_path):
    # PDF p1 prints "- 15 -"; its neighbours are pictures, so the run test sees a run of one page.
    doc, truth = _open(_numbered(raster_from=2), tmp_path)
    res = run_probe("page_exists", doc, Scope(()), {"number": "15"})
    assert not res.members and [m.page for m in res.doubts] == [1] and "run of 1" in (res.doubts[0].why or "")


def test_container_printed_on_a_lone_page_is_not_missing(tmp_path):
    # A one-page document printing "- 18 -": "page 18" is the page a reader sees, not a missing container.
    from widening.engine.containers import resolve as resolve_container
    from widening.models import Container, ContainerKind

    pages = (PageSpec(width=300, height=300, elements=(TextSpec(origin=(40.0, 60.0), width=200, words=(WordSpec(text="report", italic="font"),)),)),)
    doc, truth = _open(DocSpec(pages=pages, numbering=NumberingSpec(folio="dashes", folio_offset=-17)), tmp_path)
    got = resolve_container(Container(kind=ContainerKind.page, number="18"), doc)
    assert got.exists or got.uncertain


def test_printed_folio_between_picture_pages_is_a_reading(tmp_path):
    # Folios run from p2 (offset 2: p3 prints "1"); pages 2 and 4 are pictures whose folios are
    # pixels (OCR off), so p3's printed "1" has no run and "page 1" resolves to PDF p1 only.
    from widening.engine.containers import resolve as resolve_container
    from widening.models import Container, ContainerKind

    text = PageSpec(width=320, height=320, elements=(TextSpec(origin=(40.0, 60.0), width=200, words=(WordSpec(text="report"),)),))
    picture = PageSpec(width=320, height=320, raster=RasterSpec(words=(WordSpec(text="Qzludq", role="name"),)))
    spec = DocSpec(pages=(text, picture, text, picture), numbering=NumberingSpec(folio="bottom_centre", folio_offset=2, folio_from=2))
    doc, truth = _open(spec, tmp_path)
    printed = {t.printed: t for t in truth.pages if t.printed}
    assert "1" in printed  # the generator prints "1" on a text page
    got = resolve_container(Container(kind=ContainerKind.page, number="1"), doc)
    page = truth.pages.index(printed["1"]) + 1
    assert page in got.pages() or got.uncertain
    # The rejected folio widens the scope but proves nothing: existence rests on PDF p1 alone.
    [doubtful] = [t for t in got.readings if t.doubtful]
    assert doubtful.pages == (page,) and page not in got.pages(certain=True)


def test_words_in_a_page_picture_are_could_not_measure(tmp_path):
    # Out of reach by design for text-layer probes: the answer is could_not_measure, never a zero.
    words = (WordSpec(text="Qzmirvelq", italic="font", colour="red", role="name"),)
    spec = DocSpec(pages=(PageSpec(width=300, height=300, raster=RasterSpec(words=words, colour_block="red")),))
    doc, truth = _open(spec, tmp_path)
    for probe, params in (("text_style", {"styles": ["italic"]}), ("text_style", {"styles": [], "colour": "red"}),
                          ("text_search", {"text": "Qzmirvelq"}), ("name_mentions", {"variants": ["Qzmirvelq"]}),
                          ("captions", {"kind": "figure", "number": "1"}), ("graphics", {"kind": "chart"})):
        res = run_probe(probe, doc, Scope((1,)), params)
        assert res.status is ProbeStatus.could_not_measure, (probe, res.status, res.note)
    # Pixels are what colour_regions reads: the red block drawn into the picture is found.
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "red"}).members


def test_offset_label_and_folio_resolve_under_every_reading(tmp_path):
    from widening.facts.readings import resolve
    from widening.models import Reading

    pages = tuple(PageSpec(width=300, height=300, elements=(TextSpec(origin=(40.0, 60.0), width=200, words=(WordSpec(text="data"),)),)) for _ in range(5))
    spec = DocSpec(pages=pages, numbering=NumberingSpec(labels="roman_front", label_offset=2, folio="bottom_centre", folio_offset=-10))
    doc, truth = _open(spec, tmp_path)
    by = {r.reading: r.pages for r in resolve(doc.facts, "3")}
    assert 3 in by[Reading.pdf] and 5 in by[Reading.label]  # labels i, ii, 1, 2, 3
    assert {r.reading: r.pages for r in resolve(doc.facts, "13")}[Reading.printed] == (3,)  # folios 11..15
    assert {r.reading: r.pages for r in resolve(doc.facts, "ii")}[Reading.label] == (2,)
    assert not any(r.pages for r in resolve(doc.facts, "40"))


def test_graphics_sees_vector_art_on_a_page_without_text(tmp_path):
    # A page with a photo and a vector pie and no text is classified image_only; the pie is
    # vector art the probe can see, so it must be a member or a doubt, not skipped with the page.
    spec = DocSpec(pages=(PageSpec(width=400.0, height=358.0, elements=(
        ImageSpec(kind="image", rect=(76.37, 253.08, 103.63, 300.2), colour="red", px=(41, 30), caption=None),
        VectorSpec(kind="vector", rect=(72.42, 187.5, 251.76, 217.5), shape="pie", colour="green", caption=None))),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("graphics", doc, Scope((1,)), {"kind": "figure"})
    pie = next(g for g in truth.graphics if g.kind == "pie")
    assert covered(1, pie.bbox, found(res)), (res.note, [m.what for m in res.best_candidates])
    assert res.status.value == "measured" and "image_only" in res.note  # the picture itself still cannot be read


def test_text_style_finds_sheared_word_cut_into_short_spans(tmp_path):
    # Generator finding: the underline annotation of the bold word before it reaches into a sheared
    # "the", and style collection cuts that word into " t" + "he"; no two-letter span passes a skew test.
    words = (WordSpec(text="year"), WordSpec(text="data", bold="font", underline="annot"),
             WordSpec(text="the", italic="shear", bold="font", colour="yellow"), WordSpec(text="report"))
    spec = DocSpec(pages=(PageSpec(width=372, height=284, elements=(TextSpec(origin=(65.0, 186.0), width=286, size=9.0, words=words),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("text_style", doc, Scope((1,)), {"styles": ["italic"], "colour": "yellow"})
    assert covered(1, truth.spans[2].bbox, found(res)) and len(res.members) == 1


def test_table_values_unruled_table_stops_at_a_ruled_table_below(tmp_path):
    # Generator finding: an unruled "Turnout" column ran on into the ruled table under it, so that
    # table's percentages became Turnout cells. A ruled table not holding the header is another table.
    turnout = ColumnSpec(name="Turnout", cells=(CellSpec(value=-0.0, fmt="decimal"), CellSpec(value=206.09, fmt="decimal"), CellSpec(value=0.22, fmt="decimal")))
    growth = ColumnSpec(name="Growth", cells=(CellSpec(value=-26.4, fmt="percent"), CellSpec(value=0.0, fmt="percent"), CellSpec(value=87.7, fmt="percent")))
    first = TableSpec(origin=(20.0, 58.0), columns=(turnout,), rows=("Central", "Urban", "North"), ruled=False, query=(0, "<=", 0.0))
    second = TableSpec(origin=(20.0, 130.0), columns=(growth,), rows=("Rural", "West", "East"), ruled=True, query=(0, ">", 0.0))
    spec = DocSpec(pages=(PageSpec(width=388, height=382, elements=(first, second)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Turnout", "op": "<=", "value": 0.0})
    assert len(res.members) == 1 and "'Central'" in res.members[0].what, [m.what for m in res.members]


def test_a_ruled_tables_cells_are_underline_doubts_not_members(tmp_path):
    # Found by auditing the demo corpus: "which words are underlined on page 1" was kept as
    # short_not_empty on the cells of a ruled table. MuPDF's underline flag and the geometry test
    # both take a rule under a cell for an underline; the rule runs far past the cell's words.
    col = ColumnSpec(name="Growth", cells=(CellSpec(value=46.9, fmt="decimal"), CellSpec(value=-53.5, fmt="decimal"), CellSpec(value=0.0)))
    doc, truth = _open(_table(col, ">", 0.0), tmp_path)
    assert not any(sp.underline for sp in truth.spans)
    res = run_probe("text_style", doc, Scope((1,)), {"styles": ["underline"]})
    assert res.status is ProbeStatus.measured
    assert not res.members, [m.what for m in res.members]
    assert res.doubts  # kept: a tuned test cannot say "not underlined" for certain
    # A word underlined by a line as long as itself stays a member.
    spec = DocSpec(pages=(PageSpec(width=300, height=200, elements=(TextSpec(origin=(30.0, 40.0), width=240.0, size=11.0, words=(
        WordSpec(text="plain"), WordSpec(text="marked", underline="line"), WordSpec(text="words"))),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("text_style", doc, Scope((1,)), {"styles": ["underline"]})
    assert [m.what for m in res.members] and all("marked" in m.what for m in res.members)


def test_text_search_hit_inside_a_longer_word_is_a_doubt(tmp_path):
    # Found by the long profile: "Qzkakaq" was counted twice, once inside "Qzkakaquaq".
    spec = DocSpec(pages=(PageSpec(width=280, height=260, elements=(TextSpec(origin=(20.0, 20.0), width=240.0, words=(
        WordSpec(text="Qzkakaq", role="name"), WordSpec(text="the"), WordSpec(text="Qzkakaquaq", role="name"))),)),))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("text_search", doc, Scope((1,)), {"text": "Qzkakaq"})
    assert len(res.members) == 1 and len(res.doubts) == 1, ([m.what for m in res.members], [m.what for m in res.doubts])
    assert res.members[0].bbox[0] < res.doubts[0].bbox[0]  # the word itself is the member
    # Spacing-insensitive as before: a name split by a space or a hyphen is still a member.
    res = run_probe("text_search", doc, Scope((1,)), {"text": "Qzkakaq uaq"})
    assert len(res.members) == 1


def test_table_values_sets_a_folio_under_an_unruled_column_aside(tmp_path):
    # Found by the long profile: the folio "1" printed under an unruled table's Revenue column, less
    # than the table-ending gap below its last row, was read as a cell of row ''.
    zero = CellSpec(value=0.0)
    cols = tuple(ColumnSpec(name=n, cells=(CellSpec(value=-374.41), CellSpec(value=21.9), zero, zero, zero, zero)) for n in ("Change", "Population"))
    cols += (ColumnSpec(name="Revenue", cells=(zero, CellSpec(value=0.0, marker="a"), CellSpec(value=28.53), zero, zero, zero)),)
    table = TableSpec(origin=(62.79, 286.54), columns=cols, rows=("South", "Coastal", "Central", "West", "North", "Total"), ruled=False, query=(2, ">=", 0.0))
    spec = DocSpec(pages=(PageSpec(width=396, height=415, elements=(table,)), PageSpec(width=396, height=415)),
                   numbering=NumberingSpec(folio="bottom_centre"))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Revenue", "op": ">=", "value": 0.0})
    cells = [c for c in truth.cells if c.page == 1 and c.column == "Revenue"]
    assert _members_and_summary_doubts(res, cells), ([m.what for m in res.members], [d.what for d in res.doubts])
    assert any("folio" in (d.why or "") for d in res.doubts), [(d.what, d.why) for d in res.doubts]



def test_captions_a_folio_under_a_line_ending_in_figure_is_no_mention(tmp_path):
    # Found by the long profile: the caption "Figure 1: generated figure" ends its line with the word
    # "figure", and the page's folio "3" is the next line: read as a loose mention of figure 3, a
    # doubt that kept "Figure 3" from ever being a missing container.
    chart = BarChartSpec(rect=(20.0, 20.0, 110.0, 65.0), values=((1.0,),), colours=("blue",))
    figure = VectorSpec(rect=(20.0, 20.0, 26.0, 26.0), shape="diagram", colour="blue", caption=CaptionSpec(kind="figure", number="1"))
    spec = DocSpec(pages=(PageSpec(width=280, height=260, elements=(chart,)), PageSpec(width=280, height=260, elements=(chart,)),
                          PageSpec(width=280, height=260, elements=(figure,))),
                   numbering=NumberingSpec(folio="bottom_centre"), absent_captions=(CaptionSpec(kind="figure", number="3"),))
    doc, _ = _open(spec, tmp_path)
    assert doc.facts.page(3).text.split("\n")[:2] == ["Figure 1: generated figure", "3"]
    res = run_probe("captions", doc, Scope((1, 2, 3)), {"kind": "figure", "number": "3"})
    assert res.measured_zero, (res.members, res.doubts)
    # The same words on one line still mention it: "... see figure 3".
    from widening.facts.captions import loose_mention_pages
    assert loose_mention_pages([(1, "as the generated figure 3 shows"), (2, "generated figure\n3 shows")], {"figure"}, "3") == (1, 2)


def test_captions_text_layer_words_read_again_in_a_vector_area_are_no_mention(tmp_path):
    # Found by the long profile after vector lettering was read (picture_words.vector_areas): OCR of
    # the chart's area read its text-layer words again, "figure" as "figi", which the pictured-caption
    # search took for "Fig. I": a false doubt that kept "Figure 1" from being a missing container.
    # Re-read lines are dropped (picture_words.REREAD_COVER).
    plain = BarChartSpec(rect=(20.0, 20.0, 110.0, 116.4), values=((1.0,),), colours=("blue",))
    fig4 = BarChartSpec(rect=(20.0, 141.7, 110.0, 232.0), values=((1.0,),), colours=("blue",), caption=CaptionSpec(kind="figure", number="4"))
    fig5 = BarChartSpec(rect=(20.0, 20.0, 122.5, 150.1), values=((0.3333,) * 3,) * 11, colours=("blue",) * 3, legend=True,
                        decoys=(("arrow", "blue"),), caption=CaptionSpec(kind="figure", number="5"))
    spec = DocSpec(pages=(PageSpec(width=280, height=466, elements=(plain, fig4)), PageSpec(width=280, height=260, elements=(fig5,))),
                   absent_captions=(CaptionSpec(kind="figure", number="1"),))
    doc, _ = _open(spec, tmp_path)
    res = run_probe("captions", doc, Scope((1, 2)), {"kind": "figure", "number": "1"})
    assert res.measured_zero, (res.members, res.doubts)


@pytest.mark.parametrize("thickness", [1.0, 0.6])
def test_two_short_bars_side_by_side_are_no_certain_rule(tmp_path, thickness):
    # CI's fixed-seed profile (mixed family): a chart with no axis whose two bars of equal low value
    # (2.6 pt tall) abut (thickness 1.0); the block they form is 86 x 3 pt, one line of one colour drawn
    # in two pieces, and was ruled out for certain as "a rule". Two filled pieces may be two bars. With
    # a gap between them (thickness 0.6), each was "a rule" with no peer: bars on one baseline are peers.
    chart = BarChartSpec(rect=(20.0, 122.0, 110.0, 167.0), values=((0.0625,), (0.0625,)), colours=("blue",), axis=False,
                         thickness=thickness)
    doc, truth = _open(DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=(chart,)),)), tmp_path)
    [g] = truth.graphics
    for probe, params in (("graphics", {"kind": "chart"}), ("vector_blocks", {"kind": "diagram"})):
        res = run_probe(probe, doc, Scope((1,)), params)
        assert covered(1, g.bbox, found(res)), (probe, res.best_candidates)


@pytest.mark.parametrize(("right", "thickness"), [(251.0, 0.3), (331.0, 0.3), (244.0, 0.1), (600.0, 0.1)])
def test_a_green_axis_title_beyond_the_margin_keeps_the_chart_a_doubt(tmp_path, right, thickness):
    # CI's fixed-seed profile (mixed family), three times: a narrow stacked bar with no axis, centred in
    # a wide chart, and its axis title "Share of respondents" in green 15, 55, then 70 pt to its left,
    # beyond the 14 pt margin searched for a title. "A chart with green" set the chart aside.
    chart = BarChartSpec(rect=(20.0, 20.0, right, 65.0), values=((0.5, 0.5),), colours=("blue", "blue"), thickness=thickness,
                         axis=False, axis_title="green")
    doc, truth = _open(DocSpec(pages=(PageSpec(width=right + 20.0, height=260.0, elements=(chart,)),)), tmp_path)
    [g] = truth.graphics
    assert g.text_colours == ("green",)
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "green"})
    assert covered(1, g.bbox, found(res)), res.best_candidates
    # control: the same chart asked for red (no red anywhere) is measured free of it
    red = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "red"})
    assert not red.members and not red.doubts, red.doubts


def test_a_table_whose_next_page_has_no_text_layer_is_read_on_its_own_page(tmp_path):
    # Long profile (mixed family): a table with nothing below it may run on overleaf; the next page is
    # a vector chart with no text layer, so with OCR off it is blind. That is could-not-measure naming
    # that page only (never a zero), and the table's own page was read: no miss for the checker.
    from fixtures.check import check_all, table_queries

    table = TableSpec(origin=(20.0, 20.0), columns=(ColumnSpec(name="Revenue", cells=(CellSpec(value=0.0), CellSpec(value=0.0))),),
                      rows=("North", "South"), ruled=False, query=(0, ">", 0.0))
    chart = BarChartSpec(rect=(20.0, 20.0, 110.0, 65.0), values=((1.0,),), colours=("blue",))
    spec = DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=(table,)), PageSpec(width=280.0, height=260.0, elements=(chart,))))
    doc, truth = _open(spec, tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Revenue", "op": ">", "value": 0.0})
    assert res.status is ProbeStatus.could_not_measure and "p2: the table may continue here" in res.note and "p1:" not in res.note
    assert not check_all(doc, truth, table_queries(spec), only=("tables",)).misses


def test_a_caption_clipped_by_a_vector_area_is_no_mention_of_another_figure(tmp_path):
    # Long profile (pictures family): two 6 pt diagrams, each above its caption. Their vector area
    # cuts "Figure 2" to "Fig", OCR reads the diagram icons as "4": "a mention of figure 4 read
    # inside a picture" was a doubt, so an absent Figure 4 was never measured absent. The clipped
    # "Fig" is a re-read of the layer's letters inside the area, and goes as a whole re-read does.
    from widening.probes import run_probe as run

    d1 = VectorSpec(rect=(20.0, 51.0, 26.0, 57.0), shape="diagram", colour="blue", caption=CaptionSpec(kind="figure", number="1"))
    d2 = VectorSpec(rect=(20.0, 20.0, 26.0, 26.0), shape="diagram", colour="blue", caption=CaptionSpec(kind="figure", number="2"))
    spec = DocSpec(pages=(PageSpec(width=280.0, height=260.0, elements=(d1, d2)),))
    doc, _ = _open(spec, tmp_path)
    assert run("captions", doc, Scope((1,)), {"kind": "figure", "number": "4"}).measured_zero


def test_table_values_takes_no_header_row_of_the_table_below_for_a_cell(tmp_path):
    """Generator regression (long profile, 2026-12-03): three unruled tables stacked close, the last
    headed "Item Revenue Share Budget 2024"; under the middle table's "Revenue" its header words
    "Budget 2024" were read as a cell, 2024, a member of "Revenue > 0" (exact members must be
    planted cells). A row that names the asked column again is a doubt, never a member."""
    zeros = lambda n: tuple(CellSpec(value=0.0) for _ in range(n))  # noqa: E731
    mid = TableSpec(origin=(20.0, 147.5), columns=(ColumnSpec(name="Turnout", cells=zeros(3)), ColumnSpec(name="Growth", cells=zeros(3)),
                                                  ColumnSpec(name="Revenue", cells=zeros(3))), rows=("North", "South", "East"), ruled=False)
    low = TableSpec(origin=(20.0, 205.5), columns=(ColumnSpec(name="Revenue", cells=zeros(2)), ColumnSpec(name="Share", cells=zeros(2)),
                                                  ColumnSpec(name="Budget 2024", cells=zeros(2))), rows=("North", "South"), ruled=False)
    doc, _ = _open(DocSpec(pages=(PageSpec(width=281, height=482, elements=(mid, low)),)), tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Revenue", "op": ">", "value": 0.0})
    assert not res.members, res.members
    assert any("2024" in m.what and "repeats the column's name" in (m.why or "") for m in res.doubts), (res.doubts, res.best_candidates)


def _stacked_tables(mid_rows, mid_turnout=None, top_ruled=False, mid_y=147.5, low_y=205.5, top_y=50.5):
    """Three tables one above another (the long profile's stacked-table regressions): a six-row table
    asked for "Growth < 1.1", a three-row one with the same columns, and a lowest one with other columns."""
    zeros = lambda n: tuple(CellSpec(value=0.0) for _ in range(n))  # noqa: E731
    columns = lambda n, turnout=None: (ColumnSpec(name="Turnout", cells=turnout or zeros(n)), ColumnSpec(name="Growth", cells=zeros(n)),  # noqa: E731
                                       ColumnSpec(name="Revenue", cells=zeros(n)))
    top = TableSpec(origin=(20.0, top_y), columns=columns(6), rows=("North", "South", "East", "West", "Central", "Urban"),
                    ruled=top_ruled, query=(1, "<", 1.1))
    mid = TableSpec(origin=(85.5, mid_y), columns=columns(3, mid_turnout), rows=mid_rows, ruled=False)
    low = TableSpec(origin=(20.0, low_y), columns=(ColumnSpec(name="Revenue", cells=zeros(2)), ColumnSpec(name="Share", cells=zeros(2)),
                                                  ColumnSpec(name="Budget 2024", cells=zeros(2))), rows=("North", "South"), ruled=False)
    return top, mid, low


def test_table_values_reads_cells_under_a_repeated_row_label_as_doubts(tmp_path):
    """Generator regression (long profile, 2026-12-03): an unruled table, then two more below whose
    rows are labelled "North", "South" again; their zeros under the first table's "Growth" column were
    members of "Growth < 1.1". From a row label said again on, cells are doubts (another table, or a
    group of a grouped table), never members."""
    top, mid, low = _stacked_tables(("North", "South", "East"), top_y=33.0, mid_y=130.0, low_y=188.0)
    doc, _ = _open(DocSpec(pages=(PageSpec(width=280, height=482, elements=(top, mid, low)),)), tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Growth", "op": "<", "value": 1.1})
    # Both upper tables' "Growth" zeros are members; the lowest table has no such column.
    assert len(res.members) == 9 and all(m.bbox[1] < 180 for m in res.members), [m.what for m in res.members]
    # Doubts from the row that starts the other table on (its header row says "Item", "Revenue" again).
    assert any((m.why or "").startswith("row filter") for m in res.doubts), res.doubts


def test_a_row_label_said_again_is_known_through_a_footnote_marked_cell(tmp_path):
    """Generator regression (long profile, 2026-12-03): the middle table's row "North" read as the label
    "North 0a" (its footnote-marked zero taken into the label), so the lowest table's "North" was not
    a label said again and its zero was a member under the middle table's "Growth"."""
    marked = (CellSpec(value=0.0), CellSpec(value=0.0, marker="a"), CellSpec(value=0.0))
    top, mid, low = _stacked_tables(("Rural", "North", "South"), mid_turnout=marked)
    doc, _ = _open(DocSpec(pages=(PageSpec(width=281, height=482, elements=(top, mid, low)),)), tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Growth", "op": "<", "value": 1.1})
    assert res.members and all(m.bbox[1] < 200 for m in res.members), [(m.bbox[1], m.what) for m in res.members]


def test_a_header_row_of_a_table_below_saying_our_header_words_ends_the_members(tmp_path):
    """Generator regression (long profile, 2026-12-03): under the middle table's "Growth" (rows Rural,
    Total, East: no label said again), the lowest table's header row "Item Revenue Share Budget 2024"
    and its rows North, South were read on; their zeros were members of "Growth < 1.1". A row label
    that says words of the header's own row again ("Item", "Revenue") starts the doubts."""
    top, mid, low = _stacked_tables(("Rural", "Total", "East"), top_ruled=True)
    doc, _ = _open(DocSpec(pages=(PageSpec(width=281, height=482, elements=(top, mid, low)),)), tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Growth", "op": "<", "value": 1.1})
    assert res.members and all(m.bbox[1] < 200 for m in res.members), [(m.bbox[1], m.what) for m in res.members]


def test_cells_from_a_row_label_said_again_are_doubts_in_one_unruled_table(tmp_path):
    """The rule alone: a grouped table's second "North" may start another group or another table; its
    cells and those below are doubts (never members, never dropped)."""
    zeros = lambda n: tuple(CellSpec(value=0.0) for _ in range(n))  # noqa: E731
    t = TableSpec(origin=(40.0, 60.0), columns=(ColumnSpec(name="Turnout", cells=zeros(4)), ColumnSpec(name="Growth", cells=zeros(4))),
                  rows=("North", "South", "North", "South"), ruled=False, query=(1, "<", 1.1))
    doc, _ = _open(DocSpec(pages=(PageSpec(width=300, height=300, elements=(t,)),)), tmp_path)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "Growth", "op": "<", "value": 1.1})
    assert len(res.members) == 2 and len(res.doubts) == 2, (res.members, res.doubts)
    assert all("repeats an earlier row's" in (m.why or "") for m in res.doubts)


@pytest.mark.parametrize("value", [0.5, 0.0312])  # 0.0312: a bar as thin as a rule (fresh-clone CI, the next run)
def test_one_bar_filling_its_plot_with_its_value_above_is_no_ruled_grid(tmp_path, value):
    """Generator regression (CI profile, 2026-12-03, with value labels): one bar as wide as its plot,
    "50%" printed above it, inside the axis lines: the block was "a ruled grid of text" (certain), a
    band spanning it taken for a shaded table row. A band holding no text counts only where the bands
    fill the block (a banner's ground)."""
    spec = _chart(rect=(20.0, 20.0, 110.0, 65.0), values=((value,),), colours=("blue",), thickness=1.0, value_labels=True)
    doc, truth = _open(spec, tmp_path)
    from fixtures.check import check_all, table_queries

    assert not check_all(doc, truth, table_queries(spec), only=("graphics",)).misses


def test_images_counts_a_picture_written_as_tiles_once(tmp_path):
    """Generator regression (painted pictures, 2026-12-05): a picture written as 2-4 abutting strips
    (``ImageSpec.paint="tiled"``) was one member per strip: "images is exact: 6 members for 2 planted".
    Images sharing a whole edge with as many pixels along it are one picture (``images.joined_tiles``)."""
    spec = DocSpec(pages=(PageSpec(elements=(ImageSpec(rect=(40.0, 40.0, 200.0, 160.0), colour="blue", px=(30, 20), paint="tiled"),
                                             ImageSpec(rect=(220.0, 250.0, 360.0, 380.0), colour="orange", px=(400, 500), detail="purple",
                                                       paint="tiled"))),))
    doc, truth = _open(spec, tmp_path)
    from fixtures.check import check_all

    assert not check_all(doc, truth, only=("images",)).misses


@pytest.mark.parametrize("shape", ["diagram", "pie"])
def test_vector_blocks_keeps_vector_art_in_a_layer_off_on_screen(tmp_path, shape):
    """Generator regression (painted pictures, 2026-12-05): a diagram or pie drawn in an optional-content layer
    off on the screen and on in print (``VectorSpec.paint="layer_off"``). graphics lists it as a doubt ("vector art
    in hidden content"); vector_blocks clusters only what the default view draws and reported a measured zero
    for kind=diagram, though a print shows the figure."""
    spec = DocSpec(pages=(PageSpec(elements=(VectorSpec(rect=(60.0, 60.0, 240.0, 200.0), shape=shape, colour="green", paint="layer_off"),)),))
    doc, truth = _open(spec, tmp_path)
    g = truth.graphics[0]
    assert covered(1, g.bbox, found(run_probe("graphics", doc, Scope((1,)), {"kind": "figure"})))  # control: graphics keeps it
    res = run_probe("vector_blocks", doc, Scope((1,)), {"kind": "diagram"})
    assert covered(1, g.bbox, found(res)), (res.status, res.members, res.doubts)


def test_coloured_graphics_keeps_a_hidden_figure_beside_a_shown_one(tmp_path):
    """Generator regression (painted pictures, 2026-12-05): a green pie shown, and another green pie in a layer off
    on screen (on in print). coloured_graphics lists paint in hidden content only when no graphic of the colour is
    a member, so the second pie was neither member nor doubt: no false zero (the first is a member), yet a count
    of green figures read one for the two a print shows."""
    shown = VectorSpec(rect=(40.0, 40.0, 160.0, 160.0), shape="pie", colour="green")
    hidden = VectorSpec(rect=(220.0, 260.0, 340.0, 380.0), shape="pie", colour="green", paint="layer_off")
    doc, truth = _open(DocSpec(pages=(PageSpec(elements=(shown, hidden)),)), tmp_path)
    alone, _ = _open(DocSpec(pages=(PageSpec(elements=(hidden,)),)), tmp_path / "..")
    g = truth.graphics[1]
    assert covered(1, g.bbox, found(run_probe("coloured_graphics", alone, Scope((1,)), {"kind": "figure", "colour": "green"})))  # control
    res = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "figure", "colour": "green"})
    assert covered(1, g.bbox, found(res)), (res.members, res.doubts)
