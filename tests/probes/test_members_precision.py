"""Members that are no instances of the asked set: never short_not_empty, never a zero key contradicted.

A hit of a counted word across a hyphenated line break ("bob-" / "cat", "cat-" / "egory") or across a
word break the word asked lacks ("C at"), a phone-shaped code a label names as another kind ("SKU
615-591-2955", an ISBN's tail), a table's total row, a column of changes of the quantity asked: each is a
doubt, and the truly empty controls still widen.
"""

from __future__ import annotations

import string
from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.pdfs import DEJAVU_SANS, decide, needs_dejavu, table

COUNT_CAT = "How many times does the word 'cat' appear on page 2?"
COUNT_RING = "How many times does the word 'ring' appear on page 2?"
PHONES = "Which another two companies list a phone number on page 2?"
REZONED = "Which area has more than 23% land area rezoned on page 2?"


def _lines_pdf(path: Path, lines: list[str], fontfile: Path | None = None) -> Path:
    """Page 2 prints ``lines`` (in ``fontfile``, a font with the Unicode dashes, when given)."""
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Plain text page one.", fontsize=11)
    page = doc.new_page()
    font = {"fontname": "dejavu", "fontfile": str(fontfile)} if fontfile else {}
    for i, s in enumerate(lines):
        page.insert_text((72, 72 + 14 * i), s, fontsize=11, **font)
    doc.new_page().insert_text((72, 72), "nothing", fontsize=11)
    doc.save(path)
    doc.close()
    return path


def _zero_key_verdict(pdf: Path, question: str):
    from widening.engine.decide import decide_row
    from widening.engine.zeros import verdict
    from widening.facts.extract import load_doc
    from widening.models import Row

    doc = load_doc(pdf)
    try:
        return verdict(decide_row(Row(doc_id=pdf.name, question=question, answer="0"), doc))
    finally:
        doc.close()


# --------------------------------------------------------------------------- text_search


def test_hyphen_at_line_end_joins_a_compound(tmp_path):
    d = decide(_lines_pdf(tmp_path / "bobcat.pdf", ["We saw a wild bob-", "cat near the road."]), COUNT_CAT)
    assert d.case != "short_not_empty" and not d.members
    assert d.decision == "keep" and d.doubts


def test_hyphen_at_line_end_joins_a_hyphenated_word(tmp_path):
    d = decide(_lines_pdf(tmp_path / "category.pdf", ["Each item has a cat-", "egory and a code."]), COUNT_CAT)
    assert d.case != "short_not_empty" and not d.members
    assert d.decision == "keep" and d.doubts


def test_a_match_across_a_word_break_is_no_word(tmp_path):
    d = decide(_lines_pdf(tmp_path / "c_at.pdf", ["Vitamins: C at 10 mg per day."]), COUNT_CAT)
    assert d.case != "short_not_empty" and not d.members
    assert d.decision == "keep" and d.doubts


def test_zero_key_not_contradicted_by_a_hyphenated_compound(tmp_path):
    v = _zero_key_verdict(_lines_pdf(tmp_path / "earring.pdf", ["She lost a silver ear-", "ring at the party."]), COUNT_RING)
    assert v.verdict != "contradicted"


def test_controls_word_as_printed_stays_a_member_and_absence_widens(tmp_path):
    # The word itself, set apart by spaces, punctuation or a spaced dash, is a member; a phrase asked
    # with a space may break at a line's end; a page without it widens.
    d = decide(_lines_pdf(tmp_path / "cats.pdf", ["A bob - cat and a dog. The cat."]), COUNT_CAT)
    assert d.case == "short_not_empty" and len(d.members) == 2
    d = decide(_lines_pdf(tmp_path / "ny.pdf", ["We flew to New", "York in May."]), "How many times does the phrase 'New York' appear on page 2?")
    assert d.case == "short_not_empty" and len(d.members) == 1
    assert decide(_lines_pdf(tmp_path / "none.pdf", ["The dog sat on the mat."]), COUNT_CAT).decision == "widen"
    v = _zero_key_verdict(_lines_pdf(tmp_path / "ring.pdf", ["She lost a silver", "ring at the party."]), COUNT_RING)
    assert v.verdict == "contradicted"


# Letters that cannot make "cat" themselves: a hit is the planted one.
_LETTERS = st.text(alphabet=sorted(set(string.ascii_lowercase) - set("cat")), min_size=2, max_size=5)


@needs_dejavu
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(part=_LETTERS, dash=st.sampled_from(["-", "\u2010", "\u2013"]), first=st.booleans())
def test_property_word_joined_by_a_line_end_hyphen_is_never_a_member(tmp_path, part, dash, first):
    """'cat' as the first ("cat-" / "egory") or the second ("bob-" / "cat") part of a word hyphenated
    across lines is a doubt, never a member."""
    lines = ["we see cat" + dash, f"{part} here."] if first else [f"we see {part}{dash}", "cat here."]
    pdf = _lines_pdf(tmp_path / "joined.pdf", lines, DEJAVU_SANS)
    assert dash in pymupdf.open(pdf)[1].get_text()  # the dash is printed as planted
    d = decide(pdf, COUNT_CAT)
    assert d.case != "short_not_empty" and not d.members
    assert d.decision == "keep" and d.doubts


# --------------------------------------------------------------------------- text_pattern


def test_phone_shaped_codes_labelled_otherwise_are_doubts(tmp_path):
    pdf = _lines_pdf(tmp_path / "sku.pdf", ["Acme Corp. SKU 615-591-2955", "Beta Ltd. Order no. 615-591-3000",
                                            "ISBN 978-1-234-567-8901 and pp. 123-456-7890"])
    d = decide(pdf, PHONES)
    assert d.case != "short_not_empty" and not d.members
    assert d.decision == "keep" and len(d.doubts) >= 3


def test_controls_phone_numbers_stay_members_and_absence_widens(tmp_path):
    pdf = _lines_pdf(tmp_path / "tel.pdf", ["Acme Corp. Tel: 615-591-2955", "Beta Ltd. 615-591-3000 (main office)",
                                            "In case of trouble call 615-591-4000"])
    d = decide(pdf, PHONES)
    assert d.case == "short_not_empty" and len(d.members) == 3
    assert decide(_lines_pdf(tmp_path / "nophone.pdf", ["Acme Corp. is here", "Beta Ltd. too"]), PHONES).decision == "widen"


# --------------------------------------------------------------------------- table_values


def _table_pdf(path: Path, header: list[str], rows: list[list[str]], col_w: float = 150) -> Path:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Intro page.")
    page = doc.new_page()
    page.insert_text((72, 60), "Table A: Rezoning by area", fontsize=11)
    table(page, (72, 80), header, rows, col_w=col_w)
    doc.new_page().insert_text((72, 72), "End page.")
    doc.save(path)
    doc.close()
    return path


def _loose_table_pdf(path: Path, header: str, rows: list[tuple[str, str]]) -> Path:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Intro page.")
    page = doc.new_page()
    page.insert_text((72, 80), "Area", fontname="hebo", fontsize=9)
    page.insert_text((200, 80), header, fontname="hebo", fontsize=9)
    for i, (label, v) in enumerate(rows):
        page.insert_text((72, 100 + 18 * i), label, fontsize=9)
        page.insert_text((240, 100 + 18 * i), v, fontsize=9)
    doc.new_page().insert_text((72, 72), "End page.")
    doc.save(path)
    doc.close()
    return path


def test_total_row_is_no_area(tmp_path):
    for label in ("Total", "Citywide"):
        pdf = _table_pdf(tmp_path / f"{label}.pdf", ["Area", "% land area rezoned"],
                         [["North", "18.4%"], ["South", "13.9%"], ["East", "5.3%"], [label, "37.6%"]])
        d = decide(pdf, REZONED)
        assert d.case != "short_not_empty" and not d.members
        assert d.decision == "keep" and any("sums up" in (m.why or "") for m in d.doubts)


def test_a_change_of_the_share_is_no_share(tmp_path):
    for header in ("Change in % land area rezoned (pp)", "% land area rezoned, change since 2010"):
        d = decide(_loose_table_pdf(tmp_path / "pp.pdf", header, [("North", "25.1"), ("South", "3.9")]), REZONED)
        assert d.case != "short_not_empty" and not d.members
        assert d.decision == "keep"


def test_controls_area_rows_stay_members_and_absence_widens(tmp_path):
    rows = [["North", "18.4%"], ["South", "24.9%"], ["Total", "17.0%"]]
    d = decide(_table_pdf(tmp_path / "member.pdf", ["Area", "% land area rezoned"], rows), REZONED)
    assert d.case == "short_not_empty" and [m.what for m in d.members] == ["cell '24.9%' = 24.9 in row 'South'"]
    rows = [["North", "18.4%"], ["South", "13.9%"], ["Total", "17.0%"]]
    assert decide(_table_pdf(tmp_path / "empty.pdf", ["Area", "% land area rezoned"], rows), REZONED).decision == "widen"
