"""absent_entity is never claimed of a name that spells a number out ("Fourth Quorvane Fund", "Twenty-first Century
Fund", "Henry the Eighth") where the page prints the number in digits or Roman numerals ("4th", "21st", "2d", "XXI",
"Henry VIII"), nor of a numbered item ("Henry VIII") the page reads out ("Henry the Eighth"): a reader takes either for
the same name. Such a form is a doubt, never a member. Documents built with PyMuPDF.

Controls: the same question on a page printing another number, or no such name, is still absent_entity."""

from __future__ import annotations

from pathlib import Path

import pytest

import pdfs
from pdfs import decide
from widening.engine.cases import _number_word_forms

FILLER = "The season opened with a programme of symphonies and overtures."


def _report(path: Path, line: str) -> Path:
    return pdfs.report_line(path, line, 2, 3, FILLER)


@pytest.mark.parametrize("question, printed", [
    ("How many images of the Twenty-first Century Quorvane Fund are on page 2?", "The 21st Century Quorvane Fund opened."),
    ("How many images of the Twenty-First Century Quorvane Fund are on page 2?", "The XXI Century Quorvane Fund opened."),
    ("How many images of the Fourth Quorvane Fund are on page 2?", "The 4th Quorvane Fund opened in May."),
    ("How many images of the Second Quorvane Army are on page 2?", "The 2d Quorvane Army marched north."),
    ("How many images of the Seven Quorvane Sisters are on page 2?", "The 7 Quorvane Sisters met in May."),
    ("How many images of Henry the Eighth are on page 2?", "Henry VIII ruled England."),
    ("How many images of Henry VIII are on page 2?", "Henry the Eighth ruled England."),
])
def test_a_name_with_its_number_printed_in_digits_or_numerals_is_a_doubt_never_absent(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed), question)
    assert d.case != "absent_entity", d.reason
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.doubts and {m.page for m in d.doubts} == {2}, d.reason


@pytest.mark.parametrize("question, printed", [
    ("How many images of the Twenty-first Century Quorvane Fund are on page 2?", "The 22nd Century Quorvane Fund opened."),
    ("How many images of the Fourth Quorvane Fund are on page 2?", "The 5th Quorvane Fund opened in May."),
    ("How many images of the Fourth Quorvane Fund are on page 2?", "The Brindle Fund opened in May."),
    ("How many images of Henry VIII are on page 2?", "Henry the Seventh ruled England."),
])
def test_control_another_number_or_no_such_name_is_still_absent(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed), question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


def test_control_the_name_printed_as_spelt_stays_a_widening(tmp_path: Path) -> None:
    d = decide(_report(tmp_path / "r.pdf", "The Fourth Quorvane Fund opened in May."), "How many images of the Fourth Quorvane Fund are on page 2?")
    assert d.decision == "widen", d.reason  # page 2 holds no image


def test_number_word_forms() -> None:
    assert _number_word_forms("Twenty-first Century Fund") == ["21st Century Fund", "XXI Century Fund"]
    assert _number_word_forms("Second Army") == ["2nd Army", "2d Army", "II Army"]
    assert _number_word_forms("Henry the Eighth") == ["Henry the 8th", "Henry VIII"]
    assert _number_word_forms("Eighth") == ["8th", "VIII"]  # a number alone: no bare digit, no one-letter numeral
    assert _number_word_forms("Quorvane Holdings") == [] and _number_word_forms("Someone Tenfold") == []
