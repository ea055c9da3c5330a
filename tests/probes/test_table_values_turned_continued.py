"""table_values, held out, tables as containers: a table printed sideways, a table
continued after a page of something else, and a sign printed as a mark beside the number. Each plant
satisfies the predicate and must never be a zero; each control prints every value on the wrong side
and must stay a measured zero (or widen end to end), so the doubts are not blanket."""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
import pytest
from hypothesis import Phase, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe
from widening.probes.table_values import readings

load_doc = partial(_load_doc, ocr=False)

GROWTH = {"column": "GDP growth", "op": ">", "value": 5, "percent": True}
ROWS = [("Brazil", "2.1%"), ("Chile", "3.4%"), ("India", "4.8%"), ("Kenya", "3.9%")]
EXAMPLES = settings(max_examples=5, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])
ABOVE = st.floats(5.1, 29.9).map(lambda v: round(v, 1))
BELOW = st.floats(0.1, 4.9).map(lambda v: round(v, 1))


def _grid(page, header, rows, y=150.0, x=(72, 250), lead=18.0, bold=True):
    for j, h in enumerate(header):
        page.insert_text((x[j] + 4, y + 0.75 * lead), h, fontsize=10, fontname="hebo" if bold else "helv")
    for r, row in enumerate(rows, 1):
        for j, c in enumerate(row):
            page.insert_text((x[j] + 4, y + lead * r + 0.75 * lead), c, fontsize=10)
    for r in range(len(rows) + 2):
        page.draw_line((x[0], y + lead * r), (x[0] + 420, y + lead * r), width=0.4)
    return y + lead * (len(rows) + 1)


def _summary(page):
    """An upright table with the column (every value low): the document's column is found."""
    page.insert_textbox(pymupdf.Rect(72, 72, 540, 120), "Economic outlook. Growth across the region was modest, as the regional summary shows.", fontsize=10)
    page.insert_text((72, 140), "Table 1: Regional summary", fontsize=11, fontname="hebo")
    _grid(page, ["Region", "GDP growth (%)"], [("Americas", "2.4%"), ("Asia", "4.2%")])


def _sideways(page, rows, angle):
    """A landscape table printed turned on a portrait page: its text runs up (90), down (270) or upside down (180)."""
    w, h = page.rect.width, page.rect.height
    header = ("Country", "GDP growth (%)")
    # Where a row and a column of the table start, in page coordinates, for each turn.
    at = {90: lambda r, j: (120 + 18 * r, h - 100 - 180 * j),
          270: lambda r, j: (480 - 18 * r, 100 + 180 * j),
          180: lambda r, j: (w - 100 - 180 * j, 200 - 18 * r)}[angle]
    for j, c in enumerate(header):
        page.insert_text(at(0, j), c, fontsize=10, fontname="hebo", rotate=angle)
    for r, row in enumerate(rows, 1):
        for j, c in enumerate(row):
            page.insert_text(at(r, j), c, fontsize=10, rotate=angle)
    page.insert_text(at(-1.5, 0), "Table 2: Growth by country, 2023", fontsize=11, fontname="hebo", rotate=angle)


def _turned_pdf(tmp, v, angle, name):
    d = pdfs.new_doc(2)
    _summary(d[0])
    _sideways(d[1], ROWS + [("Vietnam", f"{v:.1f}%")], angle)
    return pdfs.save(d, tmp / name)


def _numbers(res) -> list[str]:
    return [m.what for m in res.members + res.doubts]


@pytest.mark.parametrize("angle", [270, 90, 180])
def test_a_table_printed_sideways_is_read_in_its_own_frame(tmp_path, angle):
    """A landscape table turned on a portrait page: its cells lie beside or above its header on the page,
    never below it; 6.2% read there was widened as "no country above 5%" (270 degrees)."""
    plant = _turned_pdf(tmp_path, 6.2, angle, "plant.pdf")
    res = run_probe("table_values", load_doc(plant), Scope((1, 2)), GROWTH)
    assert not res.measured_zero and any("6.2%" in w for w in _numbers(res)), (angle, _numbers(res), res.note)
    control = run_probe("table_values", load_doc(_turned_pdf(tmp_path, 3.2, angle, "ctl.pdf")), Scope((1, 2)), GROWTH)
    assert control.measured_zero, (angle, _numbers(control))


def test_the_engine_keeps_a_sideways_table_with_a_member_and_widens_its_control(tmp_path):
    for v, widen in ((6.2, False), (3.2, True)):
        pdf = _turned_pdf(tmp_path, v, 270, f"turned_{v}.pdf")
        for q in ("Which countries have more than 5% GDP growth?", "Which countries in Table 2 have more than 5% GDP growth?"):
            dec = pdfs.decide(pdf, q)
            assert (dec.decision == "widen") is widen, (v, q, dec.decision, dec.reason)
            assert dec.case in (None, "unverifiable"), (v, q, dec.case, dec.reason)


def _continued_pdf(tmp, v, mark, name, between="figure"):
    """Table 3 to the foot of p1, a page of something else, then the rest of its rows on p3 under ``mark``
    and no header row."""
    d = pdfs.new_doc(4)
    d[0].insert_text((72, 140), "Table 3: Economic performance by country", fontsize=11, fontname="hebo")
    _grid(d[0], ["Country", "GDP growth (%)"], [(f"Country {i}", f"{(i % 40) / 10 + 1:.1f}%") for i in range(33)])
    if between == "figure":
        pdfs.image(d[1], (72, 72, 540, 700), colour=(90, 140, 200))
        d[1].insert_text((72, 720), "Figure 2: Map of the region", fontsize=11, fontname="hebo")
    else:
        d[1].insert_textbox(pymupdf.Rect(72, 72, 540, 400), "Box 1. How growth is measured. National accounts are compiled "
                            "quarterly and revised as more complete data arrive.", fontsize=10)
    d[2].insert_text((72, 60), mark, fontsize=11, fontname="hebo")
    _grid(d[2], ["Uganda", "3.3%"], [("Vietnam", f"{v:.1f}%"), ("Zambia", "3.1%")], y=70, bold=False)
    d[2].insert_textbox(pymupdf.Rect(72, 200, 540, 300), "Methodology. Data come from national statistical offices.", fontsize=10)
    d[3].insert_text((72, 72), "Annex.", fontsize=10)
    return pdfs.save(d, tmp / name)


@EXAMPLES
@given(v=ABOVE, low=BELOW, mark=st.sampled_from(["Table 3 (continued)", "Table 3 (cont'd)", "Table 3. Cont.", "(continued)"]),
       between=st.sampled_from(["figure", "text"]))
def test_a_table_continued_after_another_page_is_read(tmp_path_factory, v, low, mark, between):
    """Rows continued two pages on (a full-page figure or a box between), under a continuation line and no
    header: read as the table's rows, as on the very next page. Vietnam's 6.2% there was widened."""
    tmp = tmp_path_factory.mktemp("cont")
    res = run_probe("table_values", load_doc(_continued_pdf(tmp, v, mark, "plant.pdf", between)), Scope((1, 2, 3, 4)), GROWTH)
    assert any(f"{v:.1f}%" in w for w in _numbers(res)), (v, mark, between, _numbers(res), res.note)
    control = run_probe("table_values", load_doc(_continued_pdf(tmp, low, mark, "ctl.pdf", between)), Scope((1, 2, 3, 4)), GROWTH)
    assert control.measured_zero, (low, mark, between, _numbers(control))


def test_the_engine_keeps_a_table_continued_after_a_figure_and_widens_its_control(tmp_path):
    for v, widen in ((6.2, False), (3.2, True)):
        dec = pdfs.decide(_continued_pdf(tmp_path, v, "Table 3 (continued)", f"cont_{v}.pdf"), "Which countries have more than 5% GDP growth?")
        assert (dec.decision == "widen") is widen, (v, dec.decision, dec.reason)
        assert dec.case in (None, "unverifiable"), (v, dec.case, dec.reason)


MARKS = ["\u25bc{v}", "\u25bd{v}", "\u25b3{v}", "\u25b2{v}", "\u25bc {v}", "{v}-", "\u2193{v}"]


@pytest.mark.parametrize("form", MARKS)
def test_a_sign_printed_as_a_mark_reads_negative_too(form):
    cell = form.format(v="3.4")
    assert readings(cell)[0] == 3.4 and -3.4 in readings(cell), (cell, readings(cell))


@pytest.mark.parametrize("plain", ["3.4", "12-15", "(3.4)", "-3.4", "3.4%"])
def test_plain_numbers_gain_no_sign_reading(plain):
    assert readings(plain) == {"3.4": [3.4], "12-15": [12.0], "(3.4)": [-3.4, 3.4], "-3.4": [-3.4], "3.4%": [3.4]}[plain]


@pdfs.needs_dejavu
@EXAMPLES
@given(v=st.floats(0.1, 9.9).map(lambda v: round(v, 1)), form=st.sampled_from(MARKS))
def test_a_decline_marked_by_a_triangle_is_never_a_zero_of_negative_growth(tmp_path_factory, v, form):
    """"\u25bc3.4" in a growth column is a fall of 3.4: "less than 0% GDP growth" was widened over it."""
    tmp = tmp_path_factory.mktemp("sign")

    def build(cell: str, name: str):
        d = pdfs.new_doc(1)
        d[0].insert_font(fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
        d[0].insert_text((72, 140), "Table 3: Economic performance by country", fontsize=11, fontname="hebo")
        rows = [("Brazil", "2.1"), ("Chile", "3.4"), ("Laos", cell)]
        for j, h in enumerate(("Country", "GDP growth (%)")):
            d[0].insert_text((76 + 178 * j, 163), h, fontsize=10, fontname="hebo")
        for r, (label, c) in enumerate(rows, 1):
            d[0].insert_text((76, 163 + 18 * r), label, fontsize=10, fontname="dv")
            d[0].insert_text((254, 163 + 18 * r), c, fontsize=10, fontname="dv")
        return pdfs.save(d, tmp / name)

    q = "Which countries in Table 3 have less than 0% GDP growth?"
    dec = pdfs.decide(build(form.format(v=f"{v:.1f}"), "plant.pdf"), q)
    assert dec.decision == "keep" and dec.case == "unverifiable", (form, v, dec.case, dec.reason)
    control = pdfs.decide(build(f"{v:.1f}", "ctl.pdf"), q)
    assert control.decision == "widen", (v, control.reason)
