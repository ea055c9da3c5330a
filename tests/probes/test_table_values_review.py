"""table_values regressions from a review with built PDFs: each was a false widening (a cell that
satisfies the predicate, in no list) or a refuted 'short_not_empty' claim."""

from __future__ import annotations

from functools import partial

import pdfs
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)


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
