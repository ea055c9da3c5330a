"""table_values: numbers as held-out documents print them. Indian lakh grouping ("1,23,456" is 123456,
never 1.23 by a decimal comma); a scale a cell states in words or abbreviations ("1.2 million", "2 lakh",
"1,5 Mio.", "3 crore") or a header states ("(lakh ha)", "(Rs. crore)", "($m)", "(x 1,000)", "(10\u00b3 ha)");
a rate in per mille or basis points under a question in % ("45\u2030" is 4.5%, "450 bps" 4.5%); a number
spelt in several words that runs across the column's edge ("two thousand five hundred"). A plain reading
that qualifies is no member when the scale the header or cell states makes it fail ("1.5" under
"('000 ha)" is 1500, not below 1000). Each property plants one form and asserts the probe never
measures a zero (or never claims a member); each control prints the same shape on the wrong side."""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
from hypothesis import Phase, example, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes.table_values import _number_in_words, parse_number, readings

load_doc = partial(_load_doc, ocr=False)

COLUMN = "land area rezoned"
SMALL = [("Bronx", "184"), ("Brooklyn", "139"), ("Manhattan", "53"), ("Queens", "190")]
SHARES = [("Bronx", "18.4%"), ("Brooklyn", "13.9%"), ("Manhattan", "5.3%"), ("Queens", "19.0%")]
EXAMPLES = settings(max_examples=5, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])


def _probe(tmp, last: str, params: dict, header: str = "Land area rezoned (ha)", rows=SMALL):
    """A ruled 'Borough | ``header``' table: ``rows`` then Staten Island's cell ``last``; the probe on it."""
    d = pdfs.new_doc(1)
    page = d[0]
    y, lead, x = 185.0, 20.0, (72, 250, 470)
    page.insert_text((x[0] + 4, y + 15), "Borough", fontsize=10, fontname="hebo")
    page.insert_text((x[1] + 4, y + 15), header, fontsize=10, fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
    body = list(rows) + [("Staten Island", last)]
    for r, (label, v) in enumerate(body, 1):
        page.insert_text((x[0] + 4, y + lead * r + 15), label, fontsize=10)
        page.insert_text((x[1] + 4, y + lead * r + 15), v, fontsize=10, fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
    for r in range(len(body) + 2):
        page.draw_line((x[0], y + lead * r), (x[-1], y + lead * r), width=0.4)
    for xx in x:
        page.draw_line((xx, y), (xx, y + lead * (len(body) + 1)), width=0.4)
    doc = load_doc(pdfs.save(d, tmp / "table.pdf"))
    return run_probe("table_values", doc, Scope((1,)), {"column": COLUMN, **params})


def _zero(res) -> bool:
    return res.status is ProbeStatus.measured and not res.members and not res.doubts


def _seen(res) -> list[str]:
    return [m.what for m in res.members + res.doubts]


def _indian(n: int) -> str:
    """``n`` grouped the Indian way: the last three digits, then pairs ("1,23,45,678")."""
    s = str(n)
    head, tail = s[:-3], s[-3:]
    pairs = []
    while len(head) > 2:
        pairs.insert(0, head[-2:])
        head = head[:-2]
    return ",".join(([head] if head else []) + pairs + [tail])


# --------------------------------------------------------------------------- Indian lakh grouping

@given(n=st.integers(100_000, 9_99_99_99_999))
@example(n=123456)
def test_lakh_grouping_reads_one_whole_number(n: int) -> None:
    text = _indian(n)
    assert parse_number(text) == n, text
    assert readings(text) == [n], f"{text} has one reading, never a decimal comma"


def test_a_decimal_comma_still_reads_a_decimal() -> None:
    assert parse_number("30,5") == 30.5 and parse_number("12,34") == 12.34
    assert parse_number("1 234 567,5") == 1234567.5


@pdfs.needs_dejavu
@EXAMPLES
@given(n=st.integers(100_001, 99_99_999))
@example(n=123456)
def test_a_lakh_grouped_cell_over_the_bound_is_a_member(tmp_path_factory, n: int) -> None:
    res = _probe(tmp_path_factory.mktemp("lakh"), _indian(n), {"op": ">", "value": 100_000, "percent": False})
    assert res.members, f"{_indian(n)!r} is {n} > 100000, measured as none: {[m.what for m in res.best_candidates]}"


@pdfs.needs_dejavu
def test_a_lakh_grouped_cell_under_the_bound_stays_a_zero(tmp_path) -> None:
    assert _zero(_probe(tmp_path, "99,456", {"op": ">", "value": 100_000, "percent": False}))


# --------------------------------------------------------------------------- a scale the cell states

CELL_SCALES = [(" million", 1e6), (" lakh", 1e5), (" lakhs", 1e5), (" crore", 1e7), (" Mio.", 1e6), (" Tsd.", 1e3), ("bn", 1e9),
               (" thousand", 1e3), (" Mrd.", 1e9), (" cr", 1e7)]


@pdfs.needs_dejavu
@EXAMPLES
@given(scale=st.sampled_from(CELL_SCALES), v=st.integers(11, 95).map(lambda v: v / 10))
@example(scale=(" million", 1e6), v=1.2)
def test_a_scale_word_on_the_cell_is_read(tmp_path_factory, scale: tuple[str, float], v: float) -> None:
    word, f = scale
    res = _probe(tmp_path_factory.mktemp("cell_scale"), f"{v:g}{word}", {"op": ">", "value": f / 2, "percent": False})
    assert not _zero(res), f"'{v:g}{word}' is {v * f:g} > {f / 2:g}, measured as none"


@pdfs.needs_dejavu
@EXAMPLES
@given(scale=st.sampled_from(CELL_SCALES), v=st.integers(11, 95).map(lambda v: v / 10))
def test_a_scaled_cell_under_the_bound_stays_a_zero(tmp_path_factory, scale: tuple[str, float], v: float) -> None:
    word, f = scale
    assert _zero(_probe(tmp_path_factory.mktemp("cell_scale_ctrl"), f"{v:g}{word}", {"op": ">", "value": f * 10, "percent": False}))


@pdfs.needs_dejavu
def test_a_scaled_cell_is_no_member_of_an_amount_below_its_plain_number(tmp_path) -> None:
    res = _probe(tmp_path, "1.5 million", {"op": "<", "value": 1000, "percent": False}, rows=[("Bronx", "1,840"), ("Brooklyn", "1,390")])
    assert not res.members, f"'1.5 million' is not below 1000: {[m.what for m in res.members]}"


# --------------------------------------------------------------------------- a scale the header states

HEADER_SCALES = [("Land area rezoned (lakh ha)", 1e5), ("Land area rezoned (Rs. crore)", 1e7), ("Land area rezoned (\u20b9 cr)", 1e7),
                 ("Land area rezoned ($m)", 1e6), ("Land area rezoned (Mio. \u20ac)", 1e6), ("Land area rezoned (x 1,000)", 1e3),
                 ("Land area rezoned (\u00d71000)", 1e3), ("Land area rezoned (10\u00b3 ha)", 1e3), ("Land area rezoned ($M)", 1e6),
                 ("Land area rezoned (Tsd. ha)", 1e3), ("Land area rezoned (MM)", 1e6)]
DECIMALS = [("Bronx", "0.45"), ("Brooklyn", "0.39"), ("Manhattan", "0.53"), ("Queens", "0.90")]


@pdfs.needs_dejavu
@EXAMPLES
@given(scale=st.sampled_from(HEADER_SCALES))
@example(scale=("Land area rezoned (lakh ha)", 1e5))
def test_a_scale_in_the_header_is_read(tmp_path_factory, scale: tuple[str, float]) -> None:
    header, f = scale
    res = _probe(tmp_path_factory.mktemp("header_scale"), "1.5", {"op": ">", "value": f, "percent": False}, header=header, rows=DECIMALS)
    assert not _zero(res), f"'1.5' under {header!r} is {1.5 * f:g} > {f:g}, measured as none"


@pdfs.needs_dejavu
@EXAMPLES
@given(scale=st.sampled_from(HEADER_SCALES))
def test_a_scaled_header_under_the_bound_stays_a_zero(tmp_path_factory, scale: tuple[str, float]) -> None:
    header, f = scale
    assert _zero(_probe(tmp_path_factory.mktemp("header_scale_ctrl"), "1.5", {"op": ">", "value": 2 * f, "percent": False}, header=header, rows=DECIMALS))


def test_a_metre_is_no_million() -> None:
    from widening.probes.table_values import _header_scales
    assert _header_scales("Height (m)") == [] and _header_scales("Rainfall (mm)") == []


@pdfs.needs_dejavu
@EXAMPLES
@given(scale=st.sampled_from([("Land area rezoned ('000 ha)", 1e3), ("Land area rezoned (lakh ha)", 1e5), ("Land area rezoned ($m)", 1e6)]))
def test_a_plain_number_the_header_scales_past_the_bound_is_no_member(tmp_path_factory, scale: tuple[str, float]) -> None:
    header, f = scale
    res = _probe(tmp_path_factory.mktemp("header_scale_lt"), "1.5", {"op": "<", "value": 1000, "percent": False}, header=header,
                 rows=[("Bronx", "1.84"), ("Brooklyn", "2.39")])
    assert not res.members, f"under {header!r} '1.5' is {1.5 * f:g}, not below 1000: {[m.what for m in res.members]}"


@pdfs.needs_dejavu
def test_a_plain_number_under_an_unscaled_header_is_a_member(tmp_path) -> None:
    res = _probe(tmp_path, "1.5", {"op": "<", "value": 1000, "percent": False}, rows=[("Bronx", "1,840"), ("Brooklyn", "2,390")])
    assert [m.what for m in res.members] == ["cell '1.5' = 1.5 in row 'Staten Island'"]


# --------------------------------------------------------------------------- per mille and basis points

RATES = [("{}\u2030", 10), ("{} \u2030", 10), ("{} bps", 100), ("{}bp", 100), ("{} per mille", 10)]


@pdfs.needs_dejavu
@EXAMPLES
@given(form=st.sampled_from(RATES), pct=st.integers(1, 49).map(lambda v: v / 10))
@example(form=("{}\u2030", 10), pct=4.5)
def test_a_rate_below_the_percentage_is_read(tmp_path_factory, form: tuple[str, int], pct: float) -> None:
    text = form[0].format(f"{pct * form[1]:g}")
    res = _probe(tmp_path_factory.mktemp("rate"), text, {"op": "<", "value": 5, "percent": True}, header="Land area rezoned", rows=SHARES)
    assert not _zero(res), f"{text!r} is {pct:g}% < 5%, measured as none"


@pdfs.needs_dejavu
@EXAMPLES
@given(form=st.sampled_from(RATES), pct=st.integers(51, 99).map(lambda v: v / 10))
def test_a_rate_over_the_percentage_stays_a_zero(tmp_path_factory, form: tuple[str, int], pct: float) -> None:
    text = form[0].format(f"{pct * form[1]:g}")
    assert _zero(_probe(tmp_path_factory.mktemp("rate_ctrl"), text, {"op": "<", "value": 5, "percent": True}, header="Land area rezoned", rows=SHARES))


@pdfs.needs_dejavu
def test_a_rate_whose_plain_number_passes_is_no_member(tmp_path) -> None:
    res = _probe(tmp_path, "150\u2030", {"op": ">", "value": 23, "percent": True}, header="Land area rezoned (%)", rows=SHARES)
    assert not res.members, f"'150\u2030' is 15%, not over 23%: {[m.what for m in res.members]}"


# --------------------------------------------------------------------------- numbers in words

@given(st.sampled_from([("two thousand five hundred", 2500), ("one hundred and five", 105), ("three lakh", 300_000),
                        ("twenty-six", 26), ("seven", 7), ("five million two hundred thousand", 5_200_000), ("two lakhs", 200_000)]))
def test_spelt_numbers_read_whole(case: tuple[str, int]) -> None:
    assert _number_in_words(case[0]) == case[1]


def test_words_that_spell_no_number_read_none() -> None:
    for text in ["nineteen ninety", "twenty twenty", "hundred", "six seven", "two thousand thousand", "Queens", "and"]:
        assert _number_in_words(text) is None, text


@pdfs.needs_dejavu
def test_a_spelt_number_across_the_column_edge_is_read(tmp_path) -> None:
    res = _probe(tmp_path, "two thousand five hundred and twenty", {"op": ">", "value": 1000, "percent": False})
    assert not _zero(res), f"'two thousand five hundred and twenty' is 2520 > 1000, measured as none: {[m.what for m in res.best_candidates]}"


@pdfs.needs_dejavu
def test_a_spelt_number_under_the_bound_stays_a_zero(tmp_path) -> None:
    assert _zero(_probe(tmp_path, "one hundred and ninety-five", {"op": ">", "value": 1000, "percent": False}))


# --------------------------------------------------------------------------- a decimal comma after an abbreviation's point

@given(abbr=st.sampled_from(["ca. ", "approx. ", "est. ", "c. "]), whole=st.integers(1, 9), tenth=st.integers(1, 9))
def test_an_abbreviation_point_leaves_a_decimal_comma_a_decimal(abbr: str, whole: int, tenth: int) -> None:
    assert parse_number(f"{abbr}{whole},{tenth}%") == whole + tenth / 10
    assert parse_number(f"{whole},{tenth} Mio.") == whole + tenth / 10


@pdfs.needs_dejavu
def test_an_approximate_decimal_comma_is_no_member_of_ten_times_it(tmp_path) -> None:
    res = _probe(tmp_path, "ca. 1,5%", {"op": ">", "value": 10, "percent": True}, header="Land area rezoned (%)", rows=SHARES)
    assert [m.what for m in res.members + res.doubts if "Staten" in m.what] == [], "'ca. 1,5%' is 1.5%, not over 10%"
