"""table_values: a cell's number with marks around it. A sign, a bound mark or a whole number set a
word space before the rest of the value ("\u2013 24.1%", "\u2265 23%", "23 \u00bd%") and standing left of the
header's matched words ("% Land Area Rezoned" matched at "Land"); a point that ends an abbreviation
before the number ("max. 40%" is 40, never 0.40); a bound said after the number ("23+", "23% or more",
"40% max."). Each property plants one qualifying cell and asserts the probe never measures a zero
(a member or a doubt); each control prints the same shape on the wrong side and stays a measured zero."""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
from hypothesis import Phase, example, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes.table_values import censored, parse_number

load_doc = partial(_load_doc, ocr=False)

MORE = {"column": "land area rezoned", "op": ">", "value": 23, "percent": True}
FELL = {**MORE, "op": "<", "value": -5}
HEADER = "% Land Area Rezoned"  # the question's column is matched at "Land": a value set flush left starts under "%"
BOROUGHS = [("Bronx", "18.4%"), ("Brooklyn", "13.9%"), ("Manhattan", "5.3%"), ("Queens", "19.0%")]
EXAMPLES = settings(max_examples=5, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])


def _table(page: pymupdf.Page, last: str, header: str = HEADER) -> None:
    """'Borough | ``header``', ruled, the four boroughs' shares, then Staten Island's cell ``last`` (set flush left)."""
    y, lead, x = 185.0, 20.0, (72, 250, 420)
    page.insert_text((x[0] + 4, y + 15), "Borough", fontsize=10, fontname="hebo")
    page.insert_text((x[1] + 4, y + 15), header, fontsize=10, fontname="hebo")
    rows = BOROUGHS + [("Staten Island", last)]
    for r, (label, v) in enumerate(rows, 1):
        page.insert_text((x[0] + 4, y + lead * r + 15), label, fontsize=10)
        page.insert_text((x[1] + 4, y + lead * r + 15), v, fontsize=10, fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
    for r in range(len(rows) + 2):
        page.draw_line((x[0], y + lead * r), (x[-1], y + lead * r), width=0.4)
    for xx in x:
        page.draw_line((xx, y), (xx, y + lead * (len(rows) + 1)), width=0.4)


def _probe(tmp, last: str, params=MORE, header: str = HEADER):
    d = pdfs.new_doc(1)
    _table(d[0], last, header)
    doc = load_doc(pdfs.save(d, tmp / "table.pdf"))
    return run_probe("table_values", doc, Scope((1,)), params)


def _seen(res) -> list[str]:
    return [m.what for m in res.members + res.doubts]


def _zero(res) -> bool:
    return res.status is ProbeStatus.measured and not res.members and not res.doubts


# --------------------------------------------------------------------------- a sign or bound set apart

SIGNS = ["\u2013 ", "\u2212 ", "- "]


@pdfs.needs_dejavu
@EXAMPLES
@given(sign=st.sampled_from(SIGNS), v=st.floats(5.1, 60.0).map(lambda v: round(v, 1)))
def test_a_sign_set_apart_left_of_the_band_is_read(tmp_path_factory, sign: str, v: float) -> None:
    res = _probe(tmp_path_factory.mktemp("sign"), f"{sign}{v}%", FELL)
    assert not _zero(res), f"'{sign}{v}%' is a fall of {v} (< -5), measured as none: {res.best_candidates}"


@pdfs.needs_dejavu
@EXAMPLES
@given(sign=st.sampled_from(SIGNS), v=st.floats(0.1, 4.9).map(lambda v: round(v, 1)))
def test_a_small_fall_set_apart_stays_a_zero(tmp_path_factory, sign: str, v: float) -> None:
    res = _probe(tmp_path_factory.mktemp("sign_ctrl"), f"{sign}{v}%", FELL)
    assert _zero(res), _seen(res)
    assert len(res.best_candidates) == 5


@pdfs.needs_dejavu
def test_a_bound_mark_set_apart_left_of_the_band_is_read(tmp_path) -> None:
    res = _probe(tmp_path, "\u2265 23%")
    assert not _zero(res) and any("23" in w for w in _seen(res)), "'\u2265 23%' reaches over 23"
    assert not res.members, "a bound read with a mark outside the band is a reading, never a member"


@pdfs.needs_dejavu
def test_a_bound_mark_below_the_threshold_stays_a_zero(tmp_path) -> None:
    assert _zero(_probe(tmp_path, "\u2264 23%"))


@pdfs.needs_dejavu
def test_a_whole_number_before_its_fraction_is_read(tmp_path) -> None:
    res = _probe(tmp_path, "23 \u00bd%")
    assert not _zero(res), "'23 \u00bd%' is 23.5, over 23"


@pdfs.needs_dejavu
def test_a_mixed_number_below_the_threshold_stays_a_zero(tmp_path) -> None:
    assert _zero(_probe(tmp_path, "22 \u00bd%"))


# --------------------------------------------------------------------------- an abbreviation's point

ABBREVIATIONS = ["est. ", "ca. ", "approx. ", "c. ", "max. "]


@pdfs.needs_dejavu
@EXAMPLES
@given(abbr=st.sampled_from(ABBREVIATIONS), v=st.one_of(st.integers(24, 99), st.floats(23.1, 99.0).map(lambda v: round(v, 1))))
@example(abbr="max. ", v=40)
def test_an_abbreviation_point_is_no_decimal_point(tmp_path_factory, abbr: str, v: float) -> None:
    res = _probe(tmp_path_factory.mktemp("abbr"), f"{abbr}{v}%", header="Land Area Rezoned (%)")
    assert not _zero(res), f"'{abbr}{v}%' read as 0.{v}: {res.best_candidates}"


@pdfs.needs_dejavu
@EXAMPLES
@given(abbr=st.sampled_from(ABBREVIATIONS), v=st.floats(1.0, 22.9).map(lambda v: round(v, 1)))
def test_an_abbreviated_value_below_the_threshold_stays_a_zero(tmp_path_factory, abbr: str, v: float) -> None:
    assert _zero(_probe(tmp_path_factory.mktemp("abbr_ctrl"), f"{abbr}{v}%", header="Land Area Rezoned (%)"))


@given(abbr=st.sampled_from(["max. ", "est.", "ca.", "No.", "approx. "]), v=st.integers(1, 999))
def test_parse_number_reads_no_point_after_letters(abbr: str, v: int) -> None:
    assert parse_number(f"{abbr}{v}%") == v


def test_parse_number_still_reads_spaced_and_leading_point_numbers() -> None:
    assert parse_number("2 4 . 1 %") == 24.1
    assert parse_number("1 234 567,5") == 1234567.5
    assert parse_number("\u2013 24.1%") == -24.1
    assert parse_number(".5") == 0.5 and parse_number("(.5)") == -0.5


# --------------------------------------------------------------------------- a bound said after the number

@pdfs.needs_dejavu
@EXAMPLES
@given(form=st.sampled_from(["{v}+", "{v}%+", "{v}% or more", "{v} and over", "{v}% min."]), v=st.integers(15, 23))
def test_a_bound_after_the_number_reaching_over_is_a_doubt(tmp_path_factory, form: str, v: int) -> None:
    res = _probe(tmp_path_factory.mktemp("after"), form.format(v=v), header="Land Area Rezoned (%)")
    assert not _zero(res), f"{form.format(v=v)!r} reaches over 23"


@pdfs.needs_dejavu
@EXAMPLES
@given(form=st.sampled_from(["{v}% or less", "{v}% max.", "{v} or fewer"]), v=st.integers(5, 23))
def test_a_bound_after_the_number_below_stays_a_zero(tmp_path_factory, form: str, v: int) -> None:
    assert _zero(_probe(tmp_path_factory.mktemp("after_ctrl"), form.format(v=v), header="Land Area Rezoned (%)"))


def test_censored_reads_bounds_after_the_number() -> None:
    assert censored("23+") == (23.0, True, float("inf"), False)
    assert censored("40% max.") == (float("-inf"), False, 40.0, True)
    assert censored("23% or more") == (23.0, True, float("inf"), False)
    assert censored("2+3") is None and censored("23") is None
