"""A phone number is labelled, or set, where the phone pattern did not look, and the page measured zero:
a false widening of "what is the telephone number of X". Each is now a doubt (or a member, where the
number takes a phone's shape):

* a short number a cue names across a line break ("please call" / "999 at any hour");
* a short number in a column under a "Tel" header it does not overlap (right-aligned, set off);
* a label centred beside a cell of several lines ("Telephone | 4521 (day) / 4522 (night)");
* a number alone after an icon (an icon font's private-use glyph, a pictograph: "\\uf095 111");
* a cue word the vocabulary lacked ("Telefax", "Fon:", "Tfn", "Téléc.", "Telp.", "传真", "📠");
* digit groups set apart on a row ("(020)   7946   0958");
* international and trunk-0 shapes ("+49 30 1234567", "+81-3-1234-5678", "03-1234-5678", "01 23 45 67 89")
  and full-width digits, which were doubts only, are members.

Controls: a page of years, prices, dates in words and page numbers; prose where "call" names no number;
a table row of years; bullets of an icon font before prose; "© 2019"; a signed decimal and a date."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
QUESTION = "What is the telephone number of the harbour office on page 2?"


def _page(path: Path, cells: list, font: str = "helv") -> Path:
    """Three pages, a title on each; on page 2 each cell is a line of its own (a string, one under the
    other) or a text placed at (x, y)."""
    doc = pdfs.new_doc(3)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 60), f"Section {i}: harbour office", size=14)
    page = doc[1]
    if font == "dj":
        page.insert_font(fontname="dj", fontfile=str(pdfs.DEJAVU_SANS))
    for k, cell in enumerate(cells):
        x, y, s = cell if isinstance(cell, tuple) else (72, 140 + 18 * k, cell)
        page.insert_text((x, y), s, fontname=font, fontsize=11)
    return pdfs.save(doc, path)


def _run(pdf: Path):
    doc = load_doc(pdf)
    try:
        res = run_probe("text_pattern", doc, Scope((2,)), {"pattern": "phone"})
    finally:
        doc.close()
    return res, [m.what.split("'")[1] for m in res.members], [m.what.split("'")[1] for m in res.doubts]


@pytest.mark.parametrize(("head", "tail", "number"), [
    ("In an emergency at sea, please call", "999 at any hour of the day or the night, all year.", "999"),
    ("For the coastguard, dial", "112 from anywhere in the country, even without any credit.", "112"),
    ("Out of hours, ring us on", "4521 and leave a message with the duty officer.", "4521"),
])
def test_a_short_number_a_cue_names_across_a_line_break_is_a_doubt(tmp_path: Path, head: str, tail: str, number: str) -> None:
    pdf = _page(tmp_path / "w.pdf", ["Harbour office", head, tail])
    res, sure, unsure = _run(pdf)
    assert not res.measured_zero and number in sure + unsure, (res.note, sure, unsure)
    assert pdfs.decide(pdf, QUESTION).decision == "keep"


def test_control_a_cue_that_names_no_number_across_a_break_is_still_a_zero(tmp_path: Path) -> None:
    pdf = _page(tmp_path / "c.pdf", ["Harbour office", "The board will call a meeting", "in 2019 to discuss the 120 proposals."])
    res, _, _ = _run(pdf)
    assert res.measured_zero, (res.members, res.doubts)
    assert pdfs.decide(pdf, QUESTION).decision == "widen"


@SETTINGS
@given(header=st.sampled_from(["Tel", "Phone", "Fax", "Ext.", "Telephone"]), offset=st.floats(2, 40),
       numbers=st.sampled_from([["4521", "4522"], ["999"], ["116 123", "111"]]))
def test_short_numbers_under_a_header_they_do_not_overlap_are_doubts(tmp_path_factory, header: str, offset: float, numbers: list[str]) -> None:
    x = 300 + pymupdf.get_text_length(header, "helv", 11) + offset  # right of the header's end: no overlap
    cells = [(72, 140, "Office"), (300, 140, header)]
    cells += [c for k, n in enumerate(numbers) for c in ((72, 160 + 18 * k, f"Desk {k + 1}"), (x, 160 + 18 * k, n))]
    res, sure, unsure = _run(_page(tmp_path_factory.mktemp("col") / "t.pdf", cells))
    assert not res.measured_zero and all(n in sure + unsure for n in numbers), (header, offset, unsure)


def test_control_numbers_of_another_column_are_not_under_the_tel_header(tmp_path: Path) -> None:
    # "Founded" heads the years (it overlaps them); the "Tel" column is empty
    cells = [(72, 140, "Office"), (200, 140, "Founded"), (300, 140, "Tel"),
             (72, 160, "Harbour"), (205, 160, "1998"), (300, 160, "none"),
             (72, 178, "Customs"), (205, 178, "2004"), (300, 178, "none")]
    res, _, _ = _run(_page(tmp_path / "c.pdf", cells))
    assert res.measured_zero, res.doubts


def test_a_label_centred_beside_a_cell_of_several_lines_labels_each(tmp_path: Path) -> None:
    cells = [(72, 149, "Telephone"), (200, 140, "4521 (day)"), (200, 158, "4522 (night)")]
    res, sure, unsure = _run(_page(tmp_path / "t.pdf", cells))
    assert {"4521", "4522"} <= set(sure + unsure), (sure, unsure)
    control = [(72, 149, "Opening hours"), (200, 140, "0900 (weekdays)"), (200, 158, "1000 (weekends)")]
    assert _run(_page(tmp_path / "c.pdf", control))[0].measured_zero


@pdfs.needs_dejavu
@pytest.mark.parametrize("cells", [
    ["Harbour office", "\uf095 111"],  # an icon font's telephone, in private use, before the number
    ["Harbour office", (72, 160, "\uf095"), (92, 160, "111")],  # the icon a cell of its own in the row
    ["Harbour office", "\u2328 4521"],  # a pictograph the vocabulary does not name
])
def test_a_number_alone_after_an_icon_is_a_doubt(tmp_path: Path, cells: list) -> None:
    res, sure, unsure = _run(_page(tmp_path / "i.pdf", cells, font="dj"))
    assert not res.measured_zero and (sure or unsure), res.note


@pdfs.needs_dejavu
@pytest.mark.parametrize("cells", [
    ["Milestones", "\uf0b7 Founded in 1998 with 120 staff", "\uf0b7 Listed in 2004"],  # bullets before prose
    ["Milestones", (72, 160, "\uf0b7"), (92, 160, "Founded in 1998 with 120 staff")],
    ["Annual report", "\u00a9 2019", "\u2122 2019", "\u2116 123"],
])
def test_control_a_glyph_before_prose_or_a_sign_before_a_year_labels_nothing(tmp_path: Path, cells: list) -> None:
    res, _, _ = _run(_page(tmp_path / "c.pdf", cells, font="dj"))
    assert res.measured_zero, res.doubts


@pytest.mark.parametrize(("line", "font"), [
    ("Telefax: 4521", "helv"), ("Fon: 4521", "helv"), ("Tfn 4521", "helv"), ("Harbour office T\u00e9l\u00e9c. : 4521", "helv"),
    ("Telp. 4521", "helv"), ("\u4f20\u771f\uff1a4521", "china-s"), ("\u672c\u793e \u96fb\u8a71\uff1a4521", "china-s"),
    ("\U0001f4e0 4521", "dj"),
])
def test_a_short_number_after_a_cue_word_of_another_language_is_a_doubt(tmp_path: Path, line: str, font: str) -> None:
    if font == "dj" and not pdfs.DEJAVU_SANS.exists():
        pytest.skip("needs DejaVuSans")
    res, sure, unsure = _run(_page(tmp_path / "w.pdf", ["Harbour office", line], font=font))
    assert not res.measured_zero and "4521" in sure + unsure, (line, res.note)


def test_control_a_word_that_starts_like_a_cue_labels_nothing(tmp_path: Path) -> None:
    res, _, _ = _run(_page(tmp_path / "c.pdf", ["Fonds 2019 report", "fondue with 4521 grams", "Telford 1998"]))
    assert res.measured_zero, res.doubts


@SETTINGS
@given(groups=st.sampled_from([["(020)", "7946", "0958"], ["020", "7946", "0958"], ["+44", "20", "7946", "0958"]]),
       gap=st.floats(4, 22))
def test_digit_groups_set_apart_on_a_row_are_a_doubt(tmp_path_factory, groups: list[str], gap: float) -> None:
    cells, x = [], 200.0
    for g in groups:
        cells.append((x, 160, g))
        x += pymupdf.get_text_length(g, "helv", 11) + gap
    res, sure, unsure = _run(_page(tmp_path_factory.mktemp("g") / "g.pdf", ["Harbour office", *cells]))
    assert not res.measured_zero and (sure or unsure), (groups, gap)


def test_control_a_table_row_of_years_apart_is_no_number(tmp_path: Path) -> None:
    cells = [(72, 140, "Year"), (200, 140, "2015"), (240, 140, "2016"), (280, 140, "2017"),
             (72, 160, "Sales"), (200, 160, "120"), (240, 160, "135"), (280, 160, "150")]
    assert _run(_page(tmp_path / "c.pdf", cells))[0].measured_zero


@pytest.mark.parametrize(("line", "font"), [
    ("Berlin office +49 30 1234567", "helv"), ("Tokyo office +81-3-1234-5678", "helv"), ("Tokyo office 03-1234-5678", "helv"),
    ("Osaka office 06-6123-4567", "helv"), ("Paris office 01 23 45 67 89", "helv"), ("Berlin office +49(0)30 1234567", "helv"),
    ("London office \uff10\uff12\uff10 \uff17\uff19\uff14\uff16 \uff10\uff19\uff15\uff18", "china-s"),
])
def test_international_and_trunk_shapes_are_members(tmp_path: Path, line: str, font: str) -> None:
    res, sure, _ = _run(_page(tmp_path / "m.pdf", ["Harbour office", line], font=font))
    assert len(sure) == 1 and sure[0] in line, (line, res.members, res.doubts)


@pytest.mark.parametrize("line", ["Coefficients +0.1234567 and +3.14159265", "Minutes of 01.02.2019", "Next meeting 05-12-2019",
                                  "Sales rose 12.5% to $4,250 million in 2019 (page 12 of 40)"])
def test_control_a_signed_decimal_a_date_or_an_amount_is_no_member(tmp_path: Path, line: str) -> None:
    res, sure, _ = _run(_page(tmp_path / "c.pdf", ["Harbour office", line]))
    assert sure == [], sure


def test_control_a_page_of_years_prices_and_page_numbers_is_a_measured_zero(tmp_path: Path) -> None:
    pdf = _page(tmp_path / "c.pdf", ["Annual report 2019", "Revenue rose to $4,250 million, up 12.5%.",
                                     "Price: USD 1,200 or Rs. 500; the fund holds \u00a35bn.", "Staff: 697",
                                     "The meeting is on the 5th of May, 2019.", "Page 12 of 40"])
    assert _run(pdf)[0].measured_zero
    assert pdfs.decide(pdf, QUESTION).decision == "widen"


@settings(max_examples=15, deadline=None)
@given(sign=st.sampled_from(["+", "", "\u2212"]), lead=st.integers(1, 999), groups=st.integers(2, 4), sep=st.sampled_from([" ", "\u00a0"]))
def test_an_amount_with_its_thousands_set_apart_is_no_member_unless_a_cue_labels_it(tmp_path_factory, sign, lead, groups, sep):
    # "+12 345 678" is a phone's shape and an amount's ("Change: +12 345 678 units"): a doubt; after "Tel:" a member.
    number = sign + str(lead) + "".join(f"{sep}{(lead * 7 + g * 131) % 1000:03d}" for g in range(groups))
    folder = tmp_path_factory.mktemp("g")
    res, sure, unsure = _run(_page(folder / "a.pdf", ["Harbour office", f"Change in tonnage {number} units"], font="dj"))
    assert sure == [] and not res.measured_zero, (number, res.members, res.doubts)
    _, sure, _ = _run(_page(folder / "t.pdf", ["Harbour office", f"Tel: {number}"], font="dj"))
    assert len(sure) == (1 if len(number.replace(sep, "").lstrip("+\u2212")) >= 7 else 0), (number, sure)
