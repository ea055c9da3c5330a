"""table_values regressions from a review with built PDFs: each was a false widening (a cell that
satisfies the predicate, in no list) or a refuted 'short_not_empty' claim."""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _rows_of(res) -> list[str]:
    return sorted(m.what.rsplit("row ", 1)[1].strip("'") for m in res.members if "row " in m.what)


def _found(res) -> list[str]:
    return [m.what for m in res.members + res.doubts]


def _grid(page, header: str, rows, y=120.0, size=10.0, lead=20.0, ruled=True, font="helv", fontfile=None):
    """'Region | ``header``' at ``y``: ``size`` pt type, rows ``lead`` pt apart, baselines ``size``*1.4 below each rule."""
    x = [72, 250, 420]
    for col, s in ((0, "Region"), (1, header)):
        page.insert_text((x[col] + 4, y + 0.75 * lead), s, fontsize=size, fontname="hebo")
    for r, (label, val) in enumerate(rows, 1):
        page.insert_text((x[0] + 4, y + lead * r + 0.75 * lead), label, fontsize=size)
        page.insert_text((x[1] + 4, y + lead * r + 0.75 * lead), val, fontsize=size,
                         **({"fontname": "dv", "fontfile": fontfile} if fontfile else {"fontname": font}))
    if ruled:
        for r in range(len(rows) + 2):
            page.draw_line((x[0], y + lead * r), (x[2], y + lead * r), width=0.4)
        for xx in x:
            page.draw_line((xx, y), (xx, y + lead * (len(rows) + 1)), width=0.4)


def _doc(tmp, header, rows, name="t.pdf", **kw):
    d = pdfs.new_doc()
    d[0].insert_text((72, 90), "Table 1: Figures by region", fontsize=12, fontname="hebo")
    _grid(d[0], header, rows, **kw)
    return load_doc(pdfs.save(d, tmp / name))


BASE = [("North", "18.4"), ("South", "13.9"), ("East", "5.3"), ("West", "19.0")]
LAND = {"column": "land area rezoned", "op": ">", "value": 23}


# --------------------------------------------------------------------------- A1: tight leading

@settings(max_examples=16, deadline=None)
@given(lead_em=st.floats(1.0, 1.6), size=st.sampled_from([8.0, 9.0, 10.0, 12.0]), ruled=st.booleans())
def test_the_first_row_under_a_tightly_set_header_is_read(tmp_path_factory, lead_em, size, ruled):
    """Regression (review, tc_tight/tc_tightruled): with 10 pt type on 11-12 pt leading the first
    row's word boxes overlap the header's box, and the row was dropped from every list: a widening."""
    doc = _doc(tmp_path_factory.mktemp("tv"), "Land area rezoned (%)", [("Centre", "24.1")] + BASE,
               size=size, lead=round(lead_em * size, 2), ruled=ruled)
    res = run_probe("table_values", doc, Scope((1,)), LAND)
    assert _rows_of(res) == ["Centre"], (lead_em, size, ruled, _found(res), res.note)
    # Control: nothing above 23 is still a measured zero.
    assert run_probe("table_values", doc, Scope((1,)), {**LAND, "value": 25}).measured_zero


# --------------------------------------------------------------------------- A2: continued table

def _continued(tmp, on_p2: str):
    """Table 1 captioned at the top of page 1, filling it; its rows go on under a repeated header on page 2."""
    d = pdfs.new_doc(3, height=842)
    d[0].insert_text((72, 70), "Table 1: Land area rezoned by district", fontsize=11, fontname="hebo")
    _grid(d[0], "Land area rezoned (%)", [(f"D{i}", f"{5 + (i * 7.3) % 17.9:.1f}") for i in range(38)], y=80, lead=18)
    d[0].insert_text((292, 812), "1", fontsize=10)
    _grid(d[1], "Land area rezoned (%)", [("D38", "11.0"), ("D39", on_p2), ("D40", "9.5")], y=60, lead=18)
    d[1].insert_text((72, 160), "Source: planning office.", fontsize=9)
    d[1].insert_text((292, 812), "2", fontsize=10)
    d[2].insert_text((72, 80), "Other matters.", fontsize=11)
    return load_doc(pdfs.save(d, tmp / "cont.pdf"))


def test_a_table_reaching_the_foot_of_the_last_page_in_scope_is_followed_onto_the_next(tmp_path):
    """Regression (review, tc_cont): 'Table 1' scopes its caption's page; the table runs on to the
    next page under a repeated header, where the only qualifying value was: a widening."""
    res = run_probe("table_values", _continued(tmp_path, "24.1"), Scope((1,)), LAND)
    assert any("24.1" in w for w in _found(res)), (_found(res), res.note)
    control = run_probe("table_values", _continued(tmp_path, "14.1"), Scope((1,)), LAND)
    assert control.measured_zero, _found(control)


def test_a_table_ending_mid_page_is_not_followed(tmp_path):
    d = pdfs.new_doc(2)
    _grid(d[0], "Land area rezoned (%)", BASE)
    d[0].insert_text((72, 400), "The rezonings were spread unevenly across the regions.", fontsize=11)
    _grid(d[1], "Land area rezoned (%)", [("Centre", "24.1")])
    res = run_probe("table_values", load_doc(pdfs.save(d, tmp_path / "mid.pdf")), Scope((1,)), LAND)
    assert res.measured_zero, _found(res)


# --------------------------------------------------------------------------- A3: printed forms

# (printed, a reading that qualifies, the op and value asked, font needed)
FORMS = [
    ("23\u00b74", ">", 23),          # middle-dot decimal
    ("1.250", ">", 1000),            # dot thousands
    ("2.410.500", ">", 1000),
    ("0,235", "<", 0.5),             # decimal comma with three decimals
    ("\u20102.1", "<", 0),           # hyphen as minus
    ("\u20110.4", "<", 0),           # non-breaking hyphen as minus
    ("\u00ad0.4", "<", 0),           # soft hyphen
    ("\u20140.4", "<", 0),           # em dash
    ("23\u00bd", ">", 23),           # vulgar fraction
]


@pytest.mark.parametrize("printed,op,value", FORMS)
def test_a_cell_in_another_printed_form_is_never_a_non_member_when_a_reading_qualifies(tmp_path, printed, op, value):
    """Regression (review, tv4, tv5, tc_hyphen, tc_frac): each cell was read one way only (23, 1.25,
    235, 2.1, 23) and the table widened."""
    doc = _doc(tmp_path, "Amount", BASE[:2] + [("Centre", printed)] + BASE[2:], fontfile=DEJAVU)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "amount", "op": op, "value": value})
    assert any("Centre" in w for w in _found(res)), (printed, _found(res), [m.what for m in res.best_candidates])


def test_hyphen_minus_signs_are_minus_signs(tmp_path):
    doc = _doc(tmp_path, "Growth", [("North", "1.8"), ("South", "\u20102.1"), ("West", "\u20110.4")], fontfile=DEJAVU)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "growth", "op": "<", "value": 0})
    assert _rows_of(res) == ["South", "West"], _found(res)


SEPARATORS = st.sampled_from([(",", "."), (".", ","), (" ", ","), ("\u202f", "."), ("", "\u00b7"), ("'", ".")])


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1000, 10**7), cents=st.integers(0, 999), seps=SEPARATORS, digits=st.integers(0, 3))
def test_any_separator_convention_qualifies_when_its_reading_does(n, cents, seps, digits):
    """Property: a number printed in any grouping / decimal convention is never read as a non-member
    when its intended reading satisfies the predicate."""
    from widening.probes.table_values import readings

    group, point = seps
    whole = f"{n:,}".replace(",", group)
    frac = f"{cents:03d}"[:digits]
    printed = whole + (point + frac if frac else "")
    want = float(f"{n}.{frac}" if frac else n)
    assert any(abs(r - want) < 1e-9 for r in readings(printed)), (printed, readings(printed))


def test_a_plain_number_has_one_reading():
    from widening.probes.table_values import readings

    assert readings("1,250") == [1250] and readings("18.4%") == [18.4] and readings("-3") == [-3]


# --------------------------------------------------------------------------- A4: censored values

@pytest.mark.parametrize("cell,op,value,kind", [
    (">23", ">", 23, "member"), ("<0.5", "<", 0.5, "member"), ("\u226523", ">", 23, "doubt"),
    ("more than 23", ">", 23, "member"), ("<25", ">", 23, "doubt"), ("over 20", ">", 23, "doubt"),
    ("less than 5", ">", 23, "none"), (">23", "<", 10, "none"),
])
def test_a_censored_cell_is_an_interval(tmp_path, cell, op, value, kind):
    """Regression (review, tc_gt23, tc_lt): '>23' was read 23, so 'more than 23%' widened."""
    doc = _doc(tmp_path, "Vacancy rate, all dwellings (%)", BASE[:2] + [("Centre", cell)] + BASE[2:], fontfile=DEJAVU)
    res = run_probe("table_values", doc, Scope((1,)), {"column": "vacancy rate", "op": op, "value": value})
    got = "member" if any("Centre" in m.what for m in res.members) else "doubt" if any("Centre" in m.what for m in res.doubts) else "none"
    assert got == kind, (cell, _found(res), res.note)


# --------------------------------------------------------------------------- A5: units and scale

@pytest.mark.parametrize("header,cells,params", [
    ("Land area rezoned (share)", ["0.184", "0.241", "0.053"], {**LAND, "percent": True}),
    ("Land area rezoned", ["0.184", "0.241", "0.053"], {**LAND, "percent": True}),
    ("Hectares rezoned ('000)", ["18.4", "24.1", "5.3"], {"column": "hectares rezoned", "op": ">", "value": 23000}),
    ("Hectares rezoned (thousands)", ["18.4", "24.1", "5.3"], {"column": "hectares rezoned", "op": ">", "value": 23000}),
    ("Employees", ["845", "1.2k", "612"], {"column": "employees", "op": ">", "value": 1000}),
    ("Employees", ["845", "1.2m", "612"], {"column": "employees", "op": ">", "value": 1000}),
])
def test_a_value_in_another_scale_is_a_doubt(tmp_path, header, cells, params):
    """Regression (review, tv3, tc_scale, tc_k): shares of one, thousands and '1.2k' were compared as printed."""
    doc = _doc(tmp_path, header, [(f"R{i}", c) for i, c in enumerate(cells)])
    res = run_probe("table_values", doc, Scope((1,)), params)
    assert [w for w in _found(res) if "R1" in w], (_found(res), res.note)
    # Control: a plain percentage column under 23 stays a zero.
    plain = _doc(tmp_path, "Land area rezoned (%)", [(f"R{i}", c) for i, c in enumerate(["18.4", "0.9", "5.3"])], name="p.pdf")
    assert run_probe("table_values", plain, Scope((1,)), {**LAND, "percent": True}).measured_zero


def test_the_question_in_percent_reaches_the_probe(tmp_path):
    d = pdfs.new_doc(2)
    d[0].insert_text((72, 90), "An introduction to the rezonings.", fontsize=11)
    d[1].insert_text((72, 90), "Table 1: Rezoning", fontsize=12, fontname="hebo")
    _grid(d[1], "Land area rezoned (share)", [("North", "0.184"), ("Centre", "0.241")])
    dec = pdfs.decide(pdfs.save(d, tmp_path / "share.pdf"), "Which region has more than 23% land area rezoned?")
    assert dec.decision != "widen", dec.reason
    assert dec.check.get("params", {}).get("percent") is True, dec.check


# --------------------------------------------------------------------------- A6: cells in words

def test_a_cell_in_words_is_a_doubt(tmp_path):
    """Regression (review, tv6): 'twenty-six' among numbers fed only the note: a widening."""
    doc = _doc(tmp_path, "Land area rezoned (%)", BASE[:2] + [("Centre", "twenty-six")] + BASE[2:])
    res = run_probe("table_values", doc, Scope((1,)), LAND)
    assert any("Centre" in w for w in _found(res)), (_found(res), res.note)
    placeholders = _doc(tmp_path, "Land area rezoned (%)", BASE[:2] + [("Centre", "n/a"), ("Mid", "\u2013")] + BASE[2:], name="na.pdf", fontfile=DEJAVU)
    assert run_probe("table_values", placeholders, Scope((1,)), LAND).measured_zero


# --------------------------------------------------------------------------- B1: two columns, two units

def _two_units(tmp):
    d = pdfs.new_doc(2)
    d[0].insert_text((72, 90), "An introduction to the rezonings.", fontsize=11)
    p = d[1]
    p.insert_text((72, 90), "Table 1: Rezoning by region", fontsize=12, fontname="hebo")
    x = [72, 180, 340, 500]
    for c, h in enumerate(["Region", "Land area rezoned (ha)", "Land area rezoned (%)"]):
        p.insert_text((x[c] + 4, 124), h, fontsize=10, fontname="hebo")
    rows = [("North", "1,240", "18.4"), ("South", "860", "13.9"), ("East", "310", "5.3"), ("Centre", "2,115", "22.9")]
    for r, row in enumerate(rows, 1):
        for c, v in enumerate(row):
            p.insert_text((x[c] + 4, 124 + 20 * r), v, fontsize=10)
    return pdfs.save(d, tmp / "two.pdf")


def test_cells_under_a_header_of_another_unit_are_no_members(tmp_path):
    """Regression (review, tc_two): 'more than 23%' matched the hectare column too; its 1,240 ...
    were members and the row was claimed short_not_empty."""
    pdf = _two_units(tmp_path)
    dec = pdfs.decide(pdf, "Which region has more than 23% land area rezoned?")
    assert dec.case != "short_not_empty" and dec.decision != "widen", (dec.case, dec.reason)
    res = run_probe("table_values", load_doc(pdf), Scope((2,)), {**LAND, "percent": True})
    assert not res.members and any("1,240" in m.what or "1240" in m.what for m in res.doubts), _found(res)
    # Control: the % column's own member is a member.
    res = run_probe("table_values", load_doc(pdf), Scope((2,)), {**LAND, "value": 20, "percent": True})
    assert _rows_of(res) == ["Centre"], _found(res)
