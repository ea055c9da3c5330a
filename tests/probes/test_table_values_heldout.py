"""table_values, held-out hunt (7 mechanisms that widened falsely): each property plants one value
that satisfies the predicate in a built PDF and asserts it is never a zero (a member or a doubt);
each control prints every value on the wrong side of the threshold and must stay a measured zero,
so the doubts are not blanket."""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
from hypothesis import Phase, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

MORE = {"column": "land area rezoned", "op": ">", "value": 23, "percent": True}
LESS = {**MORE, "op": "<", "value": 5}
BOROUGHS = [("Bronx", "18.4%"), ("Brooklyn", "13.9%"), ("Manhattan", "5.3%"), ("Queens", "19.0%"), ("Staten Island", "22.9%")]
ABOVE = st.floats(23.1, 99.9).map(lambda v: round(v, 1))
BELOW = st.floats(5.1, 22.9).map(lambda v: round(v, 1))
# No shrinking: each example builds and reads two PDFs; the failing one is reported as drawn.
EXAMPLES = settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])


def _grid(page, header, rows, y=185.0, x=(72, 250, 420), lead=20.0, ruled=True):
    """'Borough | ``header``' (a list of strings: a header over several lines), rows ``lead`` apart."""
    lines = [header] if isinstance(header, str) else header
    page.insert_text((x[0] + 4, y + 0.75 * lead), "Borough", fontsize=10, fontname="hebo")
    for i, h in enumerate(lines):
        page.insert_text((x[1] + 4, y + 0.75 * lead + (i - (len(lines) - 1) / 2) * 12), h, fontsize=10, fontname="hebo")
    for r, (label, v) in enumerate(rows, 1):
        page.insert_text((x[0] + 4, y + lead * r + 0.75 * lead), label, fontsize=10, fontname="hebo" if v == "" else "helv")
        page.insert_text((x[1] + 4, y + lead * r + 0.75 * lead), v, fontsize=10)
    n = len(rows) + 1
    if ruled:
        for r in range(n + 1):
            page.draw_line((x[0], y + lead * r), (x[-1], y + lead * r), width=0.4)
        for xx in x:
            page.draw_line((xx, y), (xx, y + lead * n), width=0.4)
    return y + lead * n


def _first_page(page):
    """A report's page 1: a title, a paragraph, and the borough table, every value under 23%."""
    page.insert_text((72, 72), "Rezoning in New York City", fontsize=16, fontname="hebo")
    page.insert_textbox(pymupdf.Rect(72, 85, 540, 150), "Between 2002 and 2013 the City rezoned large parts of each borough. "
                        "The table below lists the share of each borough's land area that was rezoned.", fontsize=10)
    page.insert_text((72, 170), "Table A: Rezoning by borough", fontsize=11, fontname="hebo")
    return _grid(page, "% Land Area Rezoned", BOROUGHS)


def _probe(tmp, build, name, params=MORE, pages=3):
    d = pdfs.new_doc(pages)
    build(d)
    doc = load_doc(pdfs.save(d, tmp / name))
    return run_probe("table_values", doc, Scope(tuple(range(1, pages + 1))), params)


def _holds(res, printed: str) -> bool:
    return any(printed in m.what for m in res.members + res.doubts)


def _found(res) -> list[str]:
    return [m.what for m in res.members + res.doubts]


# --------------------------------------------------------------------------- 1: a value in running text

SENTENCES = [
    "Staten Island's North Shore rezoned {v}% of its land area, more than any other area.",
    "Between 2002 and 2013 the land area rezoned in the North Shore reached {v}%.",
    "In the North Shore, {v} percent of the land area was rezoned in 2005.",
    "The North Shore re-\nzoned {v}% of its land area.",
]


@EXAMPLES
@given(v=ABOVE, low=BELOW, form=st.sampled_from(SENTENCES))
def test_a_qualifying_value_stated_in_a_sentence_is_never_a_zero(tmp_path_factory, v, low, form):
    """Hunt A2: a sentence naming the column's words and a qualifying number was never read, since
    the table's column was found (all below 23): a false widening. Control: the same sentence with
    a value below 23 (and the years around it) leaves the zero standing."""
    tmp = tmp_path_factory.mktemp("tv")

    def build(value):
        def b(d):
            y = _first_page(d[0])
            d[0].insert_textbox(pymupdf.Rect(72, y + 20, 300, y + 120), "Within boroughs the share varied widely. " + form.format(v=value), fontsize=10)
        return b

    res = _probe(tmp, build(v), "plant.pdf")
    assert _holds(res, f"{v}"), (form, v, _found(res), res.note)
    control = _probe(tmp, build(low), "ctl.pdf")
    assert control.measured_zero, (form, low, _found(control))


# --------------------------------------------------------------------------- 2: headers the tokenizer missed

HEADERS = [
    "Land-area rezoned (%)",           # a hyphen joins two of the words
    ["% Land Area Re-", "zoned"],      # a word broken at the header's line end
    "Land area rezonned (%)",          # misprint, one letter off
    "Rezoned land areas (%)",          # plural
]


@EXAMPLES
@given(v=ABOVE, low=BELOW, header=st.sampled_from(HEADERS))
def test_a_header_spelt_otherwise_on_another_page_is_never_a_zero(tmp_path_factory, v, low, header):
    """Hunt B2, C2: a second table headed 'Land-area rezoned (%)' or '% Land Area Re-/zoned' on
    page 3 was no header: the column found on page 1 certified the whole document."""
    tmp = tmp_path_factory.mktemp("tv")

    def build(value):
        def b(d):
            _first_page(d[0])
            d[1].insert_text((72, 80), "The rezonings were of three kinds.", fontsize=10)
            d[2].insert_text((72, 72), "Table B: Areas with the largest rezonings", fontsize=11, fontname="hebo")
            _grid(d[2], header, [("Rockaway", f"{value}"), ("Astoria", "9.0")], y=90, lead=26)
        return b

    res = _probe(tmp, build(v), "plant.pdf")
    assert _holds(res, f"{v}"), (header, v, _found(res), res.note)
    control = _probe(tmp, build(low), "ctl.pdf")
    assert control.measured_zero, (header, low, _found(control))


# --------------------------------------------------------------------------- 3: a continued table

NAMES = [a + b for a in ["North ", "South ", "East ", "West ", "Upper ", "Lower "] for b in ["Harbor", "Ridge", "Park", "Heights", "Point", "Bay", "Hill"]]
BREAKS = ["n/a", "\u2014", "running head", "group heading"]


@EXAMPLES
@given(v=ABOVE, low=BELOW, brk=st.sampled_from(BREAKS), ruled=st.booleans())
def test_a_continued_table_is_read_past_placeholders_heads_and_group_rows(tmp_path_factory, v, low, brk, ruled):
    """Hunt E1-E4: on a page continuing the table without its header, the rows were read only up to
    the first line with no number ('n/a', a dash, a group heading) or after a running head with a
    number: the qualifying row below was dropped."""
    tmp = tmp_path_factory.mktemp("tv")

    def build(value):
        def b(d):
            d[0].insert_text((72, 60), "Table A: Rezoning by community district", fontsize=11, fontname="hebo")
            _grid(d[0], "% Land Area Rezoned", [(NAMES[i], f"{5 + (i * 7.3) % 17.9:.1f}%") for i in range(36)], y=72, lead=19, ruled=ruled)
            q = d[1]
            if brk == "running head":
                q.insert_text((400, 40), "Rezoning Report, Part 3", fontsize=9)
            q.insert_text((72, 60), "Table A (continued)", fontsize=11, fontname="hebo")
            rows = [(NAMES[36], "11.0%")]
            rows += [(NAMES[37], brk)] if brk in ("n/a", "\u2014") else [("Staten Island", "")] if brk == "group heading" else []
            rows += [(NAMES[38], f"{value}%"), (NAMES[39], "9.5%")]
            y0 = 72
            for r, (label, cell) in enumerate(rows):
                q.insert_text((76, y0 + 19 * r + 14), label, fontsize=10, fontname="hebo" if cell == "" else "helv")
                q.insert_text((254, y0 + 19 * r + 14), cell, fontsize=10)
                if ruled:
                    q.draw_line((72, y0 + 19 * r), (420, y0 + 19 * r), width=0.4)
        return b

    res = _probe(tmp, build(v), "plant.pdf")
    assert _holds(res, f"{v}"), (brk, ruled, v, _found(res), res.note)
    control = _probe(tmp, build(low), "ctl.pdf")
    assert control.measured_zero, (brk, ruled, low, _found(control))


# --------------------------------------------------------------------------- 4: a transposed row

FORMS = [lambda x: x + " %", lambda x: x + "%*", lambda x: x.replace(".", ",") + " %", lambda x: x]


@EXAMPLES
@given(v=st.floats(0.1, 4.9).map(lambda v: round(v, 1)), form=st.sampled_from(range(len(FORMS))), na=st.booleans())
def test_a_transposed_row_with_units_marks_or_placeholders_is_read(tmp_path_factory, v, form, na):
    """Hunt U1, U3, U4, U6: indicators as rows, boroughs as columns; the row's cells were read only
    when every one was a bare number ('4.2 %', '4.2%*', '4,2 %', one 'n/a' made it a header row)."""
    tmp = tmp_path_factory.mktemp("tv")
    fmt = FORMS[form]

    def build(value):
        def b(d):
            p = d[0]
            p.insert_text((72, 72), "Rezoning in New York City", fontsize=16, fontname="hebo")
            p.insert_text((72, 170), "Table A: Rezoning by borough", fontsize=11, fontname="hebo")
            xs = (72, 200, 265, 330, 395, 460, 540)
            vals = ["18.4", "13.9", value, "n/a" if na else "19.0", "22.9"]
            rows = [("Land area (sq mi)", ["42", "71", "23", "109", "58"]),
                    ("% Land Area Rezoned", [x if x == "n/a" else fmt(x) for x in vals]),
                    ("Rezonings since 2002", ["14", "27", "19", "31", "9"])]
            p.insert_text((xs[0] + 4, 204), "Indicator", fontsize=9, fontname="hebo")
            for j, name in enumerate(["Bronx", "Brooklyn", "Manhattan", "Queens", "Staten Is."]):
                p.insert_text((xs[j + 1] + 4, 204), name, fontsize=9, fontname="hebo")
            for i, (label, cells) in enumerate(rows, 1):
                p.insert_text((xs[0] + 4, 204 + 20 * i), label, fontsize=9)
                for j, c in enumerate(cells):
                    p.insert_text((xs[j + 1] + 4, 204 + 20 * i), c, fontsize=9)
        return b

    res = _probe(tmp, build(f"{v}"), "plant.pdf", LESS)
    assert _holds(res, fmt(f"{v}").split()[0]), (fmt(f"{v}"), na, _found(res), res.note)
    control = _probe(tmp, build("5.3"), "ctl.pdf", LESS)
    assert control.measured_zero, (fmt("5.3"), na, _found(control))


# --------------------------------------------------------------------------- 5: values in parentheses

@EXAMPLES
@given(v=ABOVE, low=BELOW, pct=st.booleans())
def test_a_value_in_parentheses_is_also_read_unsigned(tmp_path_factory, v, low, pct):
    """Hunt P1: every cell printed '(24.1%)' was read -24.1 only, so 'more than 23%' widened."""
    tmp = tmp_path_factory.mktemp("tv")

    def build(value):
        def b(d):
            d[0].insert_text((72, 170), "Table A: Rezoning by borough", fontsize=11, fontname="hebo")
            rows = BOROUGHS[:4] + [("Staten Island", f"{value}%")]
            _grid(d[0], "% Land Area Rezoned", [(a, f"({c if pct else c.rstrip('%')})") for a, c in rows])
        return b

    res = _probe(tmp, build(v), "plant.pdf", pages=1)
    assert _holds(res, f"({v}"), (v, _found(res), res.note)
    control = _probe(tmp, build(low), "ctl.pdf", pages=1)
    assert control.measured_zero, (low, _found(control))


# --------------------------------------------------------------------------- 6: a long header, values flush left

PREFIXES = ["Share (%) of total", "Percentage of the total", "Share of all the", "% of total"]


@EXAMPLES
@given(v=ABOVE, low=BELOW, prefix=st.sampled_from(PREFIXES))
def test_values_under_the_first_words_of_a_long_header_are_read(tmp_path_factory, v, low, prefix):
    """Hunt G1: the column's band was only the matched words ('land area rezoned' at the end of
    'Share (%) of total land area rezoned'); values set flush left under 'Share' were in no band,
    and a header with no cells under it certified nothing yet widened."""
    tmp = tmp_path_factory.mktemp("tv")

    def build(value):
        def b(d):
            _first_page(d[0])
            p = d[2]
            p.insert_text((72, 72), "Table B: Selected neighborhoods", fontsize=11, fontname="hebo")
            x, y = (72, 250, 470), 90
            p.insert_text((x[0] + 4, y + 15), "Neighborhood", fontsize=10, fontname="hebo")
            p.insert_text((x[1] + 4, y + 15), f"{prefix} land area rezoned", fontsize=10, fontname="hebo")
            for i, (a, c) in enumerate([("Rockaway", f"{value}"), ("Astoria", "9.0"), ("Jamaica", "14.5")], 1):
                p.insert_text((x[0] + 4, y + 20 * i + 15), a, fontsize=10)
                p.insert_text((x[1] + 4, y + 20 * i + 15), c, fontsize=10)
            for i in range(5):
                p.draw_line((x[0], y + 20 * i), (x[-1], y + 20 * i), width=0.4)
            for xx in x:
                p.draw_line((xx, y), (xx, y + 80), width=0.4)
        return b

    res = _probe(tmp, build(v), "plant.pdf")
    assert _holds(res, f"{v}"), (prefix, v, _found(res), res.note)
    control = _probe(tmp, build(low), "ctl.pdf")
    assert control.measured_zero, (prefix, low, _found(control))


# --------------------------------------------------------------------------- 7: a chart's data labels

@EXAMPLES
@given(v=ABOVE, low=BELOW, horizontal=st.booleans(), at=st.integers(0, 3))
def test_a_chart_data_label_under_a_title_naming_the_column_is_never_a_zero(tmp_path_factory, v, low, horizontal, at):
    """Hunt R2, R3: a vector bar chart titled 'Share of land area rezoned ... (%)' printed its values
    as data labels; none sat under the title's matched words, and the table on page 1 certified the
    document."""
    tmp = tmp_path_factory.mktemp("tv")

    def build(value):
        def b(d):
            _first_page(d[0])
            q = d[1]
            title = "Figure 2: % land area rezoned, selected neighborhoods" if horizontal else "Figure 2: Share of land area rezoned in selected neighborhoods (%)"
            q.insert_text((72, 80), title, fontsize=10, fontname="hebo")
            data = [("Rockaway", 11.2), ("Astoria", 9.0), ("Jamaica", 14.5), ("Harlem", 17.3)]
            data[at] = (data[at][0], value)
            for i, (a, val) in enumerate(data):
                if horizontal:
                    y = 110 + i * 28
                    q.insert_text((72, y + 13), a, fontsize=9)
                    q.draw_rect(pymupdf.Rect(150, y, 150 + val * 4, y + 18), color=None, fill=(0.2, 0.4, 0.7))
                    q.insert_text((150 + val * 4 + 4, y + 13), f"{val:.1f}%", fontsize=9)
                else:
                    bx, base = 120 + i * 90, 420
                    q.draw_rect(pymupdf.Rect(bx, base - val * 3, bx + 40, base), color=None, fill=(0.2, 0.4, 0.7))
                    q.insert_text((bx + 6, base - val * 3 - 4), f"{val:.1f}%", fontsize=9)
                    q.insert_text((bx, base + 14), a, fontsize=9)
        return b

    res = _probe(tmp, build(v), "plant.pdf")
    assert _holds(res, f"{v:.1f}%"), (horizontal, at, v, _found(res), res.note)
    control = _probe(tmp, build(low), "ctl.pdf")
    assert control.measured_zero, (horizontal, at, low, _found(control))


def test_the_engine_keeps_the_row_on_a_sentence_and_widens_its_control(tmp_path):
    """End to end (the question parsed, the document as container): the hunt's A2."""
    for value, widen in (("31.2", False), ("12.2", True)):
        d = pdfs.new_doc(2)
        y = _first_page(d[0])
        d[0].insert_textbox(pymupdf.Rect(72, y + 20, 540, y + 80), f"Within boroughs, the share varied widely. Staten Island's North Shore rezoned {value}% of its land area.", fontsize=10)
        d[1].insert_text((72, 80), "Methodology notes.", fontsize=10)
        dec = pdfs.decide(pdfs.save(d, tmp_path / f"a2_{value}.pdf"), "Which area has more than 23% land area rezoned?")
        assert (dec.decision == "widen") is widen, (value, dec.decision, dec.reason)
