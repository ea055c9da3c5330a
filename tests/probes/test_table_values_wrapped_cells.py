"""table_values: a cell's number wrapped over two lines, and a number times a power of ten.

A narrow column wraps "1,234,567" as "1,234," over "567" (or "12." over "5%") with no hyphen: read line
by line the cell holds two small numbers, and a question about "more than 100,000" would find none. A
line close under a cell with no row label of its own, or a number left open at a line's end, with no rule
between, is read both ways: a qualifying reading is a doubt, never a member (the pieces "567" of
"below 1,000" are no members either). A rule between two lines makes them two cells, certain by construction.

A cell printing "2.3 \u00d7 10\u2076", "2.3 x 10^6", "5\u00d710\u207b\u00b3" or "2.3 \u00d7 10" with a raised "6" states a power of
ten: the value it reads at is a doubt (never a zero for "more than 1 million")."""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
from hypothesis import Phase, example, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes.table_values import readings, scientific

load_doc = partial(_load_doc, ocr=False)

EXAMPLES = settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])
ROWS = [("Bronx", "1,200"), ("Brooklyn", "900"), ("Queens", "15,000")]


def _table(tmp, rows, header: str = "Residents", ruled: bool = True, wrap_lead: float = 12.0, rule_inside: bool = False) -> pymupdf.Document:
    """A 'Borough | ``header``' table; a row's cell may be a list of lines (a wrapped cell); ``rule_inside``
    draws a rule between a cell's lines (two cells of a row-spanning label, not a wrap)."""
    d = pdfs.new_doc(1)
    page = d[0]
    y, lead, x = 185.0, 20.0, (72, 250, 400)
    page.insert_text((x[0] + 4, y + 15), "Borough", fontsize=10, fontname="hebo")
    page.insert_text((x[1] + 4, y + 15), header, fontsize=10, fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
    ys, cy = [y, y + lead], y + lead
    for label, v in rows:
        lines = v if isinstance(v, list) else [v]
        for k, part in enumerate(label if isinstance(label, list) else [label]):
            page.insert_text((x[0] + 4, cy + 15 + k * wrap_lead), part, fontsize=10)
        for k, t in enumerate(lines):
            page.insert_text((x[1] + 4, cy + 15 + k * wrap_lead), t, fontsize=10, fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
            if rule_inside and k:
                page.draw_line((x[0], cy + 15 + k * wrap_lead - 10.5), (x[-1], cy + 15 + k * wrap_lead - 10.5), width=0.4)
        cy += lead + wrap_lead * (len(lines) - 1)
        ys.append(cy)
    if ruled:
        for yy in ys:
            page.draw_line((x[0], yy), (x[-1], yy), width=0.4)
        for xx in x:
            page.draw_line((xx, y), (xx, cy), width=0.4)
    return d


def _probe(tmp, doc: pymupdf.Document, params: dict, column: str = "residents"):
    return run_probe("table_values", load_doc(pdfs.save(doc, tmp / "table.pdf")), Scope((1,)), {"column": column, **params})


def _zero(res) -> bool:
    return res.status is ProbeStatus.measured and not res.members and not res.doubts


def _split(text: str, at: int) -> list[str]:
    return [text[:at], text[at:]]


# --------------------------------------------------------------------------- a cell wrapped over two lines

@EXAMPLES
@given(n=st.integers(1_000_000, 999_999_999), ruled=st.booleans(), data=st.data())
@example(n=1_234_567, ruled=True, data=None)
def test_a_number_wrapped_with_no_hyphen_is_never_a_zero(tmp_path_factory, n: int, ruled: bool, data) -> None:
    text = f"{n:,}"
    # A break after a group's comma, or anywhere a narrow column forces one.
    at = text.index(",") + 1 if data is None else data.draw(st.integers(1, len(text) - 1), label="break")
    res = _probe(tmp_path_factory.mktemp("wrap"), _table(None, ROWS + [("Staten Island", _split(text, at))], ruled=ruled),
                 {"op": ">", "value": 100_000})
    assert not _zero(res), f"{text!r} wrapped at {at} reads as no resident count above 100,000"
    assert not res.members, "which line is a number is a reading: pieces are doubts"


@EXAMPLES
@given(whole=st.integers(13, 99), frac=st.integers(1, 9))
@example(whole=12, frac=5)
def test_a_decimal_wrapped_after_its_point_is_never_a_zero(tmp_path_factory, whole: int, frac: int) -> None:
    rows = [("Bronx", "10.1%"), ("Brooklyn", "11.0%"), ("Staten Island", [f"{whole}.", f"{frac}%"])]
    value = whole + frac / 10 - 0.05
    res = _probe(tmp_path_factory.mktemp("dec"), _table(None, rows, header="Rate (%)"), {"op": ">", "value": value, "percent": True}, column="rate")
    assert not _zero(res), f"'{whole}.' over '{frac}%' reads as no rate above {value}"


def test_a_wrapped_label_and_number_left_open_at_the_comma(tmp_path) -> None:
    rows = ROWS + [(["Staten", "Island"], ["1,234,", "567"])]
    res = _probe(tmp_path, _table(None, rows), {"op": ">", "value": 100_000})
    assert not _zero(res) and any("1,234,567" in (m.why or "") for m in res.doubts)


def test_the_pieces_of_a_wrapped_number_are_no_members_of_a_small_range(tmp_path) -> None:
    """Read line by line, "567" is below 1,000; the reader sees 1,234,567: a member would be refuted."""
    res = _probe(tmp_path, _table(None, ROWS + [("Staten Island", ["1,234,", "567"])]), {"op": "<", "value": 1000})
    assert not any("567" in m.what or "1,234" in m.what for m in res.members)
    assert any("'567'" in m.what for m in res.doubts)


def test_control_a_rule_between_two_lines_makes_two_cells(tmp_path) -> None:
    """A row-spanning label over two ruled cells: "567" is a cell of its own, a member."""
    res = _probe(tmp_path, _table(None, ROWS + [("Staten Island", ["1,234", "567"])], wrap_lead=20.0, rule_inside=True), {"op": "<", "value": 1000})
    assert any(m.what == "cell '567' = 567 in row ''" for m in res.members)


def test_control_labelled_rows_of_a_ruled_table_are_not_joined(tmp_path) -> None:
    res = _probe(tmp_path, _table(None, ROWS + [("Staten Island", "1,234,567")]), {"op": ">", "value": 100_000})
    assert [m.what for m in res.members] == ["cell '1,234,567' = 1.23457e+06 in row 'Staten Island'"] and not res.doubts


def test_control_a_wrapped_number_that_does_not_qualify_stays_a_zero(tmp_path) -> None:
    res = _probe(tmp_path, _table(None, ROWS + [("Staten Island", ["1,234,", "567"])]), {"op": ">", "value": 10_000_000})
    assert _zero(res)


# --------------------------------------------------------------------------- a power of ten

@given(m=st.floats(1.0, 9.9).map(lambda v: round(v, 1)), e=st.integers(-9, 9),
       form=st.sampled_from(["{m} \u00d7 10^{e}", "{m}\u00d710{sup}", "{m} x 10^({e})", "{m}\u00b710{sup}"]))
@example(m=2.3, e=6, form="{m}\u00d710{sup}")
def test_a_power_of_ten_is_read(m: float, e: int, form: str) -> None:
    sup = str(e).translate(str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"))
    text = form.format(m=m, e=e, sup=sup)
    assert any(abs(v - m * 10.0 ** e) <= 1e-9 * abs(m * 10.0 ** e) for v in scientific(text)), text
    assert any(abs(v - m * 10.0 ** e) <= 1e-9 * abs(m * 10.0 ** e) for v in readings(text)), text


def test_no_power_of_ten_in_plain_numbers() -> None:
    assert scientific("1,234") == scientific("10%") == scientific("2 x 3") == []


@EXAMPLES
@given(form=st.sampled_from(["2.3\u00d710\u2076", "2.3 x 10^6", "2,3 \u00d7 10^6"]))
def test_a_cell_times_a_power_of_ten_is_never_a_zero(tmp_path_factory, form: str) -> None:
    res = _probe(tmp_path_factory.mktemp("sci"), _table(None, ROWS + [("Staten Island", form)]), {"op": ">", "value": 1_000_000})
    assert not _zero(res), f"{form!r} reads as no count above a million"


def test_a_small_power_of_ten_is_never_a_zero(tmp_path) -> None:
    rows = [("Bronx", "0.2"), ("Brooklyn", "0.5"), ("Staten Island", "5\u00d710\u207b\u00b3")]
    res = _probe(tmp_path, _table(None, rows, header="Dose"), {"op": "<", "value": 0.01}, column="dose")
    assert not _zero(res) and not res.members


def test_an_exponent_set_as_raised_glyphs_is_read(tmp_path) -> None:
    d = _table(None, ROWS + [("Staten Island", "2.3 \u00d7 10")])
    page = d[0]
    w = pymupdf.Font(fontfile=str(pdfs.DEJAVU_SANS)).text_length("2.3 \u00d7 10", fontsize=10)
    page.insert_text((254 + w + 0.5, 185 + 4 * 20 + 10), "6", fontsize=6, fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
    res = _probe(tmp_path, d, {"op": ">", "value": 1_000_000})
    assert not _zero(res) and any("2.3 \u00d7 10^6" in (m.why or "") for m in res.doubts)


def test_control_a_footnote_mark_stays_no_exponent(tmp_path) -> None:
    d = _table(None, ROWS + [("Staten Island", "2,300")])
    page = d[0]
    w = pymupdf.Font(fontfile=str(pdfs.DEJAVU_SANS)).text_length("2,300", fontsize=10)
    page.insert_text((254 + w + 0.5, 185 + 4 * 20 + 10), "6", fontsize=6, fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
    res = _probe(tmp_path, d, {"op": ">", "value": 1_000_000})
    assert _zero(res)
