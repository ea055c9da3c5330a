"""Printed forms of a presupposed name or number the word search used to read as another word, so an
absent_entity claim was refuted by the page: a footnote number or trademark sign set raised after the name
("Fiat¹", "2019³", "Xbox™": the text layer glues it to the word), or before a footnote's first word, a name in Latin small capitals ("ꜰɪᴀᴛ"),
a number set with leading zeros ("Chapter 01" for chapter 1), a name printed as initials joined by an ampersand
("P&G" for "Procter & Gamble": a doubt). Controls of the same question shape on a page
without the name are still claimed absent."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.probes.name_mentions import matches

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
FILLER = ["Annual overview of the regional market.", "Sales rose in most regions this year."]


def _raised(path: Path, word: str, mark: str, rest: str = "employs many people in Europe.") -> Path:
    """``word`` with ``mark`` set smaller and raised right after it (a footnote number, a trademark sign)."""
    d = pdfs.new_doc(1)
    page = d[0]
    for k, s in enumerate(FILLER):
        pdfs.text(page, (72, 100 + 18 * k), s, size=12)
    pdfs.text(page, (72, 160), word, size=12)
    x = 72 + pymupdf.get_text_length(word, "helv", 12)
    pdfs.text(page, (x, 155), mark, size=7)
    pdfs.text(page, (x + pymupdf.get_text_length(mark, "helv", 7) + 3, 160), rest, size=12)
    pdfs.text(page, (72, 700), f"{mark} Source: company filings.", size=8)
    return pdfs.save(d, path)


def _line(path: Path, line: str) -> Path:
    d = pdfs.new_doc(1)
    page = d[0]
    page.insert_font(fontname="dj", fontfile=str(pdfs.DEJAVU_SANS))
    for k, s in enumerate([*FILLER, line]):
        page.insert_text((72, 100 + 18 * k), s, fontname="dj", fontsize=12)
    return pdfs.save(d, path)


def _case(path: Path, question: str) -> str | None:
    return pdfs.decide(path, question).case


# --------------------------------------------------------------------------- a raised mark glued to the word


@pytest.mark.parametrize("word,mark,question", [
    ("Fiat", "1", "How many employees does Fiat have?"),
    ("Greenpeace", "12", "How many employees does Greenpeace have?"),
    ("Fiat", "TM", "How many employees does Fiat have?"),
    ("2019", "3", "What was the revenue in 2019?"),
    ("IBM", "a", "How many employees does IBM have?"),
    ("IBM", "a,b", "How many employees does IBM have?"),
])
def test_a_raised_footnote_mark_after_the_name_is_no_absence(tmp_path, word, mark, question):
    r = pdfs.decide(_raised(tmp_path / "t.pdf", word, mark), question)
    assert r.case != "absent_entity", r.reason
    assert "Every qualifier it presupposes is printed" in r.reason  # a member: the name is printed


@pytest.mark.parametrize("word,mark,question", [
    ("Renault", "1", "How many employees does Fiat have?"),
    ("2018", "3", "What was the revenue in 2019?"),
    ("Fiesta", "1", "How many employees does Fiat have?"),
])
def test_control_a_raised_mark_after_another_word_leaves_the_name_absent(tmp_path, word, mark, question):
    assert _case(_raised(tmp_path / "t.pdf", word, mark), question) == "absent_entity"


def _footnote(path: Path, mark: str, word: str) -> Path:
    """A footnote at the page foot: its number set smaller and raised, glued to the footnote's first word."""
    d = pdfs.new_doc(1)
    page = d[0]
    for k, s in enumerate(FILLER):
        pdfs.text(page, (72, 100 + 18 * k), s, size=12)
    pdfs.text(page, (72, 700), mark, size=5)
    pdfs.text(page, (72 + pymupdf.get_text_length(mark, "helv", 5), 703), f"{word} annual report, 2021, p. 4.", size=8)
    return pdfs.save(d, path)


@pytest.mark.parametrize("mark,word,name", [("1", "Greenpeace", "Greenpeace"), ("12", "Fiat", "Fiat"), ("1", "Oxfam", "Greenpeace")])
def test_a_footnote_number_raised_before_the_name_is_no_absence(tmp_path, mark, word, name):
    r = pdfs.decide(_footnote(tmp_path / "t.pdf", mark, word), f"How many employees does {name} have?")
    if word == name:
        assert "Every qualifier it presupposes is printed" in r.reason, r.reason
    else:
        assert r.case == "absent_entity", r.reason


def test_a_footnote_number_glued_before_the_name_at_the_same_size_is_a_doubt(tmp_path):
    r = pdfs.decide(_line(tmp_path / "t.pdf", "1Greenpeace annual report, 2021."), "How many employees does Greenpeace have?")
    assert r.case == "unverifiable" and r.doubts, r.reason


@pdfs.needs_dejavu
@pytest.mark.parametrize("line,question", [
    ("Fiat\u00b9 employs many people.", "How many employees does Fiat have?"),
    ("The Xbox\u2122 console sells well.", "What is the price of the Xbox console?"),
])
def test_a_raised_mark_in_unicode_is_no_absence(tmp_path, line, question):
    assert _case(_line(tmp_path / "t.pdf", line), question) != "absent_entity"


def test_a_mark_glued_at_the_same_size_is_a_doubt(tmp_path):
    r = pdfs.decide(_line(tmp_path / "t.pdf", "Greenpeace12 employs many people."), "How many employees does Greenpeace have?")
    assert r.case == "unverifiable" and r.doubts, r.reason
    assert _case(_line(tmp_path / "c.pdf", "Oxfam12 employs many people."), "How many employees does Greenpeace have?") == "absent_entity"


@SETTINGS
@given(name=st.text(alphabet="bcdfghklmnprstvz", min_size=2, max_size=3).map(lambda s: "Qu" + s + "ora"),
       mark=st.sampled_from(["1", "2", "17", "TM", "*", "a"]))
def test_any_name_with_a_raised_mark_is_no_absence(tmp_path_factory, name, mark):
    tmp = tmp_path_factory.mktemp("raised")
    question = f"How many employees does {name} have?"
    assert _case(_raised(tmp / "t.pdf", name, mark), question) != "absent_entity"
    assert _case(_raised(tmp / "c.pdf", "Oxfam", mark), question) == "absent_entity"


# --------------------------------------------------------------------------- small capitals


@pdfs.needs_dejavu
def test_a_name_in_small_capitals_is_no_absence(tmp_path):
    q = "How many employees does Fiat have?"
    assert _case(_line(tmp_path / "t.pdf", "\ua730\u026a\u1d00\u1d1b employs many people."), q) != "absent_entity"
    assert _case(_line(tmp_path / "c.pdf", "\u0280\u1d07\u0274\u1d00\u1d1c\u029f\u1d1b employs many people."), q) == "absent_entity"  # ʀᴇɴᴀᴜʟᴛ


# --------------------------------------------------------------------------- leading zeros


@pytest.mark.parametrize("printed,question", [
    ("CHAPTER 01  Market overview", "What is the title of chapter 1?"),
    ("Step 02  Install the unit", "What happens in step 2?"),
    ("Error 0388: disk full", "What does error 388 mean?"),
])
def test_a_number_with_leading_zeros_is_that_number(tmp_path, printed, question):
    assert _case(_line(tmp_path / "t.pdf", printed), question) != "absent_entity"


@pytest.mark.parametrize("printed", ["Chapter 10: Growth", "Chapter 2: Growth", "Chapter 0: Growth", "Chapter 100: Growth"])
def test_control_another_number_is_no_chapter_1(tmp_path, printed):
    assert _case(_line(tmp_path / "t.pdf", printed), "What is the title of chapter 1?") == "absent_entity"


@given(n=st.integers(min_value=1, max_value=999), zeros=st.integers(min_value=1, max_value=2))
def test_padded_numbers_match_and_others_do_not(n: int, zeros: int) -> None:
    assert matches(f"level {n}", f"see level {'0' * zeros}{n} here") == [(f"level {'0' * zeros}{n}", True)]
    assert matches(f"level {n}", f"see level {n}0 and level {n + 1} here") == []


# --------------------------------------------------------------------------- initials joined by an ampersand


@pytest.mark.parametrize("printed,question", [
    ("P&G employs many people.", "How many employees does Procter & Gamble have?"),
    ("P & G employs many people.", "How many employees does Procter and Gamble have?"),
    ("AT&T employs many people.", "How many employees does American Telephone & Telegraph have?"),
])
def test_initials_joined_by_an_ampersand_are_a_doubt(tmp_path, printed, question):
    r = pdfs.decide(_line(tmp_path / "t.pdf", printed), question)
    assert r.case == "unverifiable" and r.doubts, r.reason


@pytest.mark.parametrize("printed", ["J&J employs many people.", "P&O employs many people.", "PG employs many people."])
def test_control_other_initials_leave_the_name_absent(tmp_path, printed):
    assert _case(_line(tmp_path / "t.pdf", printed), "How many employees does Procter & Gamble have?") == "absent_entity"
