"""table_values: the named column, numbers read robustly, predicate applied."""

from __future__ import annotations

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from functools import partial

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes.table_values import parse_number

# OCR of image-only fixture pages is slow and not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


def test_parse_number():
    assert parse_number("18.4%") == 18.4
    assert parse_number("1,606,000,000") == 1606000000
    assert parse_number("(2.5)") == -2.5
    assert parse_number("\u22121.2") == -1.2
    assert parse_number("n/a") is None


def _table_doc(tmp, values, ruled=True, extra_drawing=False):
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 1: shares")
    rows = [[f"Row{i}", f"{v:.1f}%", "7"] for i, v in enumerate(values)]
    pdfs.table(d[0], (72, 80), ["Name", "% Land Area", "Other"], rows, ruled=ruled)
    if extra_drawing:
        d[0].draw_rect((400, 600, 500, 700), fill=(0.2, 0.2, 0.9))
    return load_doc(pdfs.save(d, tmp / "t.pdf"))


@settings(max_examples=10, deadline=None)
@given(values=st.lists(st.floats(0, 99.9).map(lambda v: round(v, 1)), min_size=1, max_size=12),
       threshold=st.floats(0, 99), ruled=st.booleans(), extra=st.booleans())
def test_exactly_values_above_threshold(tmp_path_factory, values, threshold, ruled, extra):
    doc = _table_doc(tmp_path_factory.mktemp("tv"), values, ruled, extra)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "% land area", "op": ">", "value": threshold})
    assert res.status is ProbeStatus.measured, res.note
    expect = sorted(f"Row{i}" for i, v in enumerate(values) if v > threshold)
    assert sorted(m.what.rsplit("row ", 1)[1].strip("'") for m in res.members) == expect


def test_missing_column_cannot_measure(tmp_path):
    doc = _table_doc(tmp_path, [1.0, 2.0])
    res = run_probe("table_values", doc, Scope((1,)), {"column": "population density", "op": ">", "value": 1})
    assert res.status is ProbeStatus.could_not_measure


def test_corpus_table_a_land_area(corpus_doc):
    doc = corpus_doc("8e7c4cb542ad160f80fb3d795ada35d8.pdf")
    params = {"column": "% land area rezoned", "op": ">", "value": 23}
    assert run_probe("table_values", doc, Scope((8,)), params).measured_zero
    pos = run_probe("table_values", doc, Scope((8,)), {**params, "value": 18})
    rows = sorted(m.what.rsplit("row ", 1)[1].strip("'") for m in pos.members)
    assert rows == ["Queens", "Staten Island", "The Bronx"]
    values = sorted(float(m.what.split(" = ")[1].split(" ")[0]) for m in pos.members + pos.best_candidates)
    assert values == [5.3, 13.9, 17.7, 18.4, 19.0, 22.9]


def test_row_below_a_gap_is_a_doubt(tmp_path):
    """Regression (issue 10): in an unruled table, a row after a wide vertical gap was cut off by
    the table-end rule; a qualifying number there is a doubt now."""
    d = pdfs.new_doc()
    pdfs.table(d[0], (72, 80), ["Name", "% Land Area"], [["A", "5.0%"], ["B", "7.5%"]], ruled=False)
    pdfs.text(d[0], (76, 220), "C", size=9)
    pdfs.text(d[0], (186, 220), "31.0%", size=9)  # same column, 100 pt further down
    doc = load_doc(pdfs.save(d, tmp_path / "gap.pdf"))
    res = run_probe("table_values", doc, Scope((1,)), {"column": "% land area", "op": ">", "value": 23})
    assert not res.members and len(res.doubts) == 1
    assert "31.0%" in res.doubts[0].what and "gap" in res.doubts[0].why
    assert run_probe("table_values", doc, Scope((1,)), {"column": "% land area", "op": ">", "value": 40}).measured_zero


MINUSES = ["-", "\u2212", "\u2013", "\u2012", "\ufe63", "\uff0d"]
GROUPS = [",", " ", "\u00a0", "\u2009", "\u202f", "'"]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 10**9), cents=st.integers(0, 99), neg=st.booleans(), minus=st.sampled_from(MINUSES),
       group=st.sampled_from(GROUPS), comma=st.booleans())
def test_parse_number_reads_every_typeset_form(n, cents, neg, minus, group, comma):
    """Regression (a review of the probes): '–5.0' (an en dash for minus) read as 5, '1 234' with a
    no-break or thin space as 1, '30,5' (a decimal comma) as 305: a cell below a threshold was missed."""
    digits = f"{n:,}".replace(",", group)
    text = (minus if neg else "") + digits + ("," if comma and group != "," else ".") + f"{cents:02d}"
    if comma and group == ",":
        text = (minus if neg else "") + digits + f".{cents:02d}"
    want = (-1 if neg else 1) * (n + cents / 100)
    assert parse_number(text) == pytest.approx(want), text


def test_a_cell_with_an_en_dash_minus_is_below_zero(tmp_path):
    d = pdfs.new_doc()
    # A Story's fonts carry the en dash (the base-14 ones print it as another glyph).
    d[0].insert_htmlbox(pymupdf.Rect(72, 60, 400, 200),
                        "<table><tr><th>Region</th><th>Change</th></tr><tr><td>North</td><td>12.0</td></tr>"
                        "<tr><td>South</td><td>\u20135.0</td></tr><tr><td>East</td><td>3.0</td></tr></table>")
    doc = load_doc(pdfs.save(d, tmp_path / "dash.pdf"))
    res = run_probe("table_values", doc, Scope((1,)), {"column": "change", "op": "<", "value": 0})
    assert [m.what.rsplit("row ", 1)[1].strip("'") for m in res.members] == ["South"], (res.note, res.best_candidates)


# --------------------------------------------------------------------------- layouts
# Regression (review of the probes): a table continued on the next page without its header, a
# long table wrapped into two halves side by side, a right-aligned number wider than its header,
# a scanned page and a table pasted in as a picture were all measured zeros for a cell that
# satisfies the predicate.

def _cell(page, x, y, s):
    page.insert_text((x, y), s, fontname="helv", fontsize=9)


def _layout_doc(tmp, layout: str, values: list[float]):
    """``values`` in a 'District | Share (%)' table laid out as ``layout``."""
    d = pdfs.new_doc(2)
    pdfs.text(d[0], (72, 60), "Table 2: Share by district")
    head, tail = values[: len(values) // 2 + 1], values[len(values) // 2 + 1:]
    if layout == "continued":
        pdfs.table(d[0], (72, 80), ["District", "Share (%)"], [[f"D{i}", f"{v:.1f}"] for i, v in enumerate(head)])
        pdfs.text(d[1], (72, 60), "Table 2 (continued)")
        for i, v in enumerate(tail):
            _cell(d[1], 76, 93 + 18 * i, f"D{len(head) + i}")
            _cell(d[1], 186, 93 + 18 * i, f"{v:.1f}")
    elif layout == "side_by_side":
        pdfs.table(d[0], (40, 80), ["District", "Share (%)"], [[f"D{i}", f"{v:.1f}"] for i, v in enumerate(head)], ruled=False, col_w=90)
        for i, v in enumerate(tail, 1):
            _cell(d[0], 324, 93 + 18 * i, f"D{len(head) + i}")
            _cell(d[0], 414, 93 + 18 * i, f"{v:.1f}")
    else:  # right_aligned: a wide column, its header set left and its numbers set right (Word's default)
        _cell(d[0], 76, 93, "District")
        _cell(d[0], 176, 93, "Share of population")
        for i, v in enumerate(values, 1):
            s = f"{v:,.0f}"
            _cell(d[0], 76, 93 + 18 * i, f"D{i}")
            _cell(d[0], 296 - pymupdf.get_text_length(s, fontname="helv", fontsize=9), 93 + 18 * i, s)
    return load_doc(pdfs.save(d, tmp / f"{layout}.pdf"))


@settings(max_examples=12, deadline=None)
@given(layout=st.sampled_from(["continued", "side_by_side", "right_aligned"]),
       values=st.lists(st.floats(0, 29).map(lambda v: round(v, 1)), min_size=3, max_size=8),
       planted=st.integers(0, 7), big=st.sampled_from([31.5, 45.0, 1234.5]))
def test_a_qualifying_cell_in_any_layout_is_a_member_or_a_doubt(tmp_path_factory, layout, values, planted, big):
    params = {"column": "share", "op": ">", "value": 30}
    if layout == "right_aligned":
        # Long numbers reach under the header, short ones do not: ask for the short ones.
        params = {"column": "share of population", "op": "<", "value": 10000}
        values, big = [1e11 + 7e8 * v for v in values], 5000.0
    tmp = tmp_path_factory.mktemp("tv")
    none = run_probe("table_values", _layout_doc(tmp, layout, values), Scope((1, 2)), params)
    assert none.measured_zero, (layout, none.note, [m.what for m in none.doubts])  # no qualifying cell: still a zero
    values = values[:]
    values[planted % len(values)] = big
    res = run_probe("table_values", _layout_doc(tmp, layout, values), Scope((1, 2)), params)
    found = [m.what for m in res.members + res.doubts]
    assert any(f"= {big:g}" in w for w in found), (layout, values, found, res.note)


def test_an_image_only_page_in_scope_cannot_be_measured(tmp_path):
    src = pdfs.new_doc()
    pdfs.table(src[0], (72, 80), ["District", "Share (%)"], [["D1", "12.0"], ["D2", "31.5"]])
    d = pdfs.new_doc(2)
    pdfs.table(d[0], (72, 80), ["District", "Share (%)"], [["D3", "10.0"], ["D4", "11.0"]])
    d[1].insert_image(d[1].rect, pixmap=src[0].get_pixmap(dpi=150))
    res = run_probe("table_values", load_doc(pdfs.save(d, tmp_path / "s.pdf")), Scope((1, 2)), {"column": "share", "op": ">", "value": 30})
    assert res.status is ProbeStatus.could_not_measure and "image-only" in res.note


def test_a_table_pasted_in_as_a_picture_is_read_for_doubts(tmp_path):
    src = pdfs.new_doc()
    pdfs.table(src[0], (72, 80), ["District", "Share (%)"], [["D5", "12.0"], ["D6", "31.5"]])
    d = pdfs.new_doc()
    pdfs.table(d[0], (72, 80), ["District", "Share (%)"], [["D3", "10.0"], ["D4", "11.0"]])
    d[0].insert_image(pymupdf.Rect(72, 300, 372, 500), pixmap=src[0].get_pixmap(dpi=150, clip=pymupdf.Rect(60, 70, 320, 150)))
    doc = load_doc(pdfs.save(d, tmp_path / "p.pdf"))
    res = run_probe("table_values", doc, Scope((1,)), {"column": "share", "op": ">", "value": 30})
    assert not res.members and any("31.5" in m.what and "picture" in m.what for m in res.doubts), [m.what for m in res.doubts]
    assert run_probe("table_values", doc, Scope((1,)), {"column": "share", "op": ">", "value": 40}).measured_zero


@settings(max_examples=12, deadline=None)
@given(low=st.integers(1, 19), high=st.integers(31, 99), form=st.sampled_from(["{a}-{b}", "{a} ({b})", "{a}\u2013{b}"]))
def test_a_cell_holding_two_numbers_is_a_doubt_when_either_qualifies(tmp_path_factory, low, high, form):
    """Regression (review of the probes): "12-25" and "12 (25)" were read as 12 alone, so "> 20" was a zero."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 7")
    rows = [["R0", "5", "7"], ["R1", form.format(a=low, b=high), "7"], ["R2", "3", "7"]]
    pdfs.table(d[0], (72, 80), ["Name", "Change", "Other"], rows, ruled=True)
    doc = load_doc(pdfs.save(d, tmp_path_factory.mktemp("tv") / "m.pdf"))
    res = run_probe("table_values", doc, Scope((1,)), {"column": "change", "op": ">", "value": 30})
    assert not res.members and [m.what.rsplit("row ", 1)[1] for m in res.doubts] == ["'R1'"], (rows, res.note)
    assert run_probe("table_values", doc, Scope((1,)), {"column": "change", "op": ">", "value": 100}).measured_zero


def test_two_sub_columns_under_a_spanning_header_are_doubts(tmp_path):
    d = pdfs.new_doc()
    page = d[0]
    page.insert_text((76, 95), "District", fontname="hebo", fontsize=9)
    page.insert_text((200, 85), "Population", fontname="hebo", fontsize=9)
    page.insert_text((180, 97), "Men", fontname="hebo", fontsize=9)
    page.insert_text((240, 97), "Women", fontname="hebo", fontsize=9)
    for i, (a, b, c) in enumerate([("North", "12,345", "56,789"), ("South", "34,567", "45,678")]):
        for x, s in ((76, a), (180, b), (240, c)):
            page.insert_text((x, 115 + 16 * i), s, fontname="helv", fontsize=9)
    doc = load_doc(pdfs.save(d, tmp_path / "s.pdf"))
    res = run_probe("table_values", doc, Scope((1,)), {"column": "population", "op": "<", "value": 20000})
    assert not res.measured_zero and any("12345" in (m.why or "") for m in res.doubts), (res.note, [m.why for m in res.doubts])


def test_a_transposed_table_keeps_its_row_values_as_doubts(tmp_path):
    """Indicators as rows, districts as columns: the asked 'column' is a row label."""
    d = pdfs.new_doc()
    pdfs.table(d[0], (72, 80), ["Indicator", "North", "South", "East"],
               [["Unemployment (%)", "4.1", "6.0", "23.5"], ["Area (km2)", "40", "50", "60"]], ruled=True, col_w=90)
    doc = load_doc(pdfs.save(d, tmp_path / "t.pdf"))
    res = run_probe("table_values", doc, Scope((1,)), {"column": "unemployment", "op": ">", "value": 20})
    assert any("23.5" in m.what for m in res.doubts), [m.what for m in res.doubts]
    assert run_probe("table_values", doc, Scope((1,)), {"column": "unemployment", "op": ">", "value": 30}).measured_zero


_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


@settings(max_examples=15, deadline=None)
@given(values=st.lists(st.floats(0, 22.9).map(lambda v: round(v, 1)), min_size=2, max_size=8), data=st.data())
def test_a_cell_with_a_digit_the_layer_cannot_say_is_a_doubt(tmp_path_factory, values, data):
    """New questions (2026-12-03): a font with no Unicode for a digit (DejaVu has no full-width
    digits and leaves NUL) printed one cell "2\\x00.9%", read as 2: "more than 23%" widened. Every
    other cell is below 23; the unsaid one may hold any digit, so it is a doubt, never dropped."""
    k = data.draw(st.integers(0, len(values) - 1))
    said = f"{values[k]:.1f}%"
    j = data.draw(st.sampled_from([i for i, c in enumerate(said) if c.isdigit()]))
    unsaid = said[:j] + chr(ord(said[j]) - 0x30 + 0xFF10) + said[j + 1:]
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 1: shares")
    rows = [[f"Row{i}", "" if i == k else f"{v:.1f}%", "7"] for i, v in enumerate(values)]
    pdfs.table(d[0], (72, 80), ["Name", "% Land Area", "Other"], rows)
    d[0].insert_text((72 + 110 + 4, 80 + (k + 2) * 18 - 5), unsaid, fontname="dv", fontfile=_DEJAVU, fontsize=9)
    doc = load_doc(pdfs.save(d, tmp_path_factory.mktemp("tv") / "t.pdf"))
    assert "\x00" in doc.page(1).get_text()
    res = run_probe("table_values", doc, Scope((1,)), {"column": "% land area", "op": ">", "value": 23})
    assert not res.measured_zero and any(f"Row{k}" in m.what for m in res.doubts), res.note


def test_a_first_row_whose_percent_sign_stands_apart_is_not_taken_into_the_header(tmp_path):
    """Regression (new questions, 2026-12-03): the header "% Land Area" grouped with a "%" standing
    apart in the first row ("30.5 %", or a digit the layer cannot say splitting "10.\\x00%"); the
    header's box grew over that row, which was read as neither cell nor doubt: a measured zero."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 1: shares")
    rows = [["Row0", "30.5 %", "7"], ["Row1", "10.0%", "7"], ["Row2", "5.0%", "7"]]
    pdfs.table(d[0], (72, 80), ["Name", "% Land Area", "Other"], rows)
    doc = load_doc(pdfs.save(d, tmp_path / "t.pdf"))
    res = run_probe("table_values", doc, Scope((1,)), {"column": "% land area", "op": ">", "value": 23})
    assert [m.what.rsplit("row ", 1)[1].strip("'") for m in res.members] == ["Row0"], res.note
