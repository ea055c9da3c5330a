"""What a zero key claims, and what its check must measure to confirm it.

* A question that joins the measured thing to another ("How many phone numbers and email addresses
  are on page 1?" keyed ['0', '0']) was confirmed on a page printing an e-mail address: the derived
  check counts phone numbers only, and its zero said nothing of the e-mail. Such a row is unverifiable
  (and no proposal re-keys it).
* A zero written as a number answers a count only when the question counts: "What is the value of the
  red bar on page 1?" keyed 0, on a chart whose red bar is 0 (so not drawn), was confirmed as an empty
  set. A value is not an emptiness claim; "none" to the same question is one.
* Key forms: "zero", "None.", "0 times", a full-width "０", a quoted "'0'" are zero keys; "0%", "N/A",
  "No" are not.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import pdfs
from widening.engine.zeros import is_zero_key


def contact_page(path: Path) -> Path:
    """Two pages; page 1 prints an e-mail address and no phone number, page 2 plain text."""
    doc = pdfs.new_doc(2, 595, 842)
    pdfs.text(doc[0], (72, 60), "Contact page", size=16)
    pdfs.text(doc[0], (72, 100), "Write to info@example.com for details about the programme.")
    pdfs.text(doc[0], (72, 140), "Plain words in the body of the page.")
    pdfs.text(doc[1], (72, 60), "Second page plain text only.")
    return pdfs.save(doc, path)


def chart_page(path: Path) -> Path:
    """A bar chart of three regions: North 0 (no bar drawn, its value printed), South 30 blue, East 50 green."""
    doc = pdfs.new_doc(1, 595, 842)
    page = doc[0]
    pdfs.text(page, (72, 60), "Growth by region (percent)", size=14)
    page.draw_line((90, 400), (400, 400), color=(0, 0, 0))
    for i, (name, value, colour) in enumerate([("North", 0, None), ("South", 30, (0, 0, 1)), ("East", 50, (0, 0.6, 0))]):
        x = 110 + i * 90
        if colour:
            page.draw_rect(pymupdf.Rect(x, 400 - value * 3, x + 40, 400), color=None, fill=colour)
        pdfs.text(page, (x + 15, 400 - value * 3 - 5), str(value), size=10)
        pdfs.text(page, (x, 415), name, size=10)
    pdfs.text(page, (72, 460), "Figure 1: Growth in percent by region.", size=10)
    return pdfs.save(doc, path)


# --------------------------------------------------------------------------- joined things


@pytest.mark.parametrize("question,key,joined", [
    ("How many phone numbers and email addresses are on page 1?", "['0', '0']", "phone numbers and email addresses"),
    ("How many phone numbers or email addresses are on page 1?", "0", "phone numbers or email addresses"),
    ("How many phone numbers, URLs and email addresses are on page 1?", "0", "phone numbers, URLs'"),
    ("How many phone numbers as well as email addresses are on page 1?", "none", "phone numbers as well as email addresses"),
])
def test_a_zero_of_one_joined_thing_confirms_nothing(tmp_path: Path, question: str, key: str, joined: str) -> None:
    d, v = pdfs.zero_verdict(contact_page(tmp_path / "c.pdf"), question, key)
    # The phone pattern alone counts phone numbers only: no one check measures the joined set, either way.
    assert d.decision == "keep" and d.case == "unverifiable", d.reason
    assert v.verdict == "unverifiable" and v.case == "unverifiable" and v.decision == "keep", v.reason
    assert f"joins '{joined}" in v.reason, v.reason


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(joiner=st.sampled_from([" and ", " or ", ", ", " and/or ", " as well as ", " along with ", " & "]),
       other=st.sampled_from(["email addresses", "postal addresses", "fax lines", "websites"]),
       article=st.sampled_from(["", "the ", "any "]))
def test_any_thing_joined_to_the_measured_one_leaves_the_zero_unconfirmed(tmp_path: Path, joiner: str, other: str, article: str) -> None:
    _, v = pdfs.zero_verdict(contact_page(tmp_path / "c.pdf"), f"How many phone numbers{joiner}{article}{other} are on page 1?", "0")
    assert v.verdict != "confirmed", v.reason


@pytest.mark.parametrize("question,key", [
    ("How many phone numbers are on page 1?", "0"),  # the thing the check measures, alone
    ("How many italic and bold words are on page 2?", "['0', '0']"),  # both joined things measured by text_style
    ("How many phone numbers are on pages 1 and 2?", "0"),  # a joiner between places, not things
])
def test_control_a_zero_of_what_the_check_measures_is_confirmed(tmp_path: Path, question: str, key: str) -> None:
    _, v = pdfs.zero_verdict(contact_page(tmp_path / "c.pdf"), question, key)
    assert v.verdict == "confirmed", v.reason


# --------------------------------------------------------------------------- a value, not an empty set


@pytest.mark.parametrize("question", ["What is the value of the red bar on page 1?", "What percentage does the red bar show on page 1?",
                                      "What is the height of the red bar in Figure 1?"])
@pytest.mark.parametrize("key", ["0", "0.0", "zero"])
def test_a_numeric_zero_to_a_what_question_is_a_value_not_an_empty_set(tmp_path: Path, question: str, key: str) -> None:
    d, v = pdfs.zero_verdict(chart_page(tmp_path / "g.pdf"), question, key)
    assert d.decision == "widen"  # the check finds no red shape: a Not-answerable row would be widened
    assert (v.verdict, v.case, v.decision) == ("unverifiable", "unverifiable", "keep"), v.reason
    assert "not how many" in v.reason, v.reason


@pytest.mark.parametrize("question,key", [("How many red bars are on page 1?", "0"), ("What is the value of the red bar on page 1?", "none"),
                                          ("What is the value of the red bar on page 1?", "[]")])
def test_control_a_count_or_a_none_is_an_emptiness_claim(tmp_path: Path, question: str, key: str) -> None:
    _, v = pdfs.zero_verdict(chart_page(tmp_path / "g.pdf"), question, key)
    assert v.verdict == "confirmed", v.reason


# --------------------------------------------------------------------------- key forms


@pytest.mark.parametrize("key", ["zero", "Zero", "None.", "none.", "0.", "0 times", "Zero times", "\uff10", "'0'", '"None"',
                                 '["None."]', "['zero', '0 times']", "[None]"])
def test_more_zero_key_forms(key: str) -> None:
    assert is_zero_key(key)


@pytest.mark.parametrize("key", ["0%", "N/A", "No", "no", "10 times", "zero-day", "none of the above", "Not applicable", "There is none.",
                                 "0.5", "['0', 'zero', '1']", "..", "'"])
def test_still_not_zero_keys(key: str) -> None:
    assert not is_zero_key(key)


# --------------------------------------------------------------------------- several values, any of them


def bold_line(path: Path) -> Path:
    """One page with a bold line and plain text: no italic anywhere."""
    doc = pdfs.new_doc(1, 595, 842)
    pdfs.text(doc[0], (72, 60), "Heavy words here", font="hebo")
    pdfs.text(doc[0], (72, 100), "Plain words in the body of the page.")
    return pdfs.save(doc, path)


def test_a_bold_word_does_not_refute_no_italic_and_bold_words(tmp_path: Path) -> None:
    """"Italic and bold words" keyed 0 may count words both italic and bold: the check finds words with either
    style, so a bold-only word is a candidate of that set, not a member (no short_not_empty either way); the key
    is not refuted."""
    d, v = pdfs.zero_verdict(bold_line(tmp_path / "b.pdf"), "How many italic and bold words are on page 1?", "0")
    assert d.case == "unverifiable" and "candidates" in d.reason, d.reason
    assert v.verdict == "unverifiable", v.reason


def test_one_zero_per_style_is_never_confirmed_beside_a_bold_word(tmp_path: Path) -> None:
    """"['0', '0']", one count per style: the bold word refutes the bold count, but the question may ask for words
    with both styles (parse reads it as either): never confirmed, a contradiction at most."""
    _, v = pdfs.zero_verdict(bold_line(tmp_path / "b.pdf"), "How many italic and bold words are on page 1?", "['0', '0']")
    assert v.verdict in ("contradicted", "unverifiable"), v.reason


def test_control_a_bold_word_refutes_a_zero_count_of_bold_words(tmp_path: Path) -> None:
    _, v = pdfs.zero_verdict(bold_line(tmp_path / "b.pdf"), "How many bold words are on page 1?", "0")
    assert v.verdict == "contradicted", v.reason


def test_thousands_and_streets_are_not_joined_things() -> None:
    from widening.engine.accounting import joined_beyond
    from widening.question.parse import parse_question

    assert joined_beyond(parse_question("Are there counties in Florida with more than 100 deaths per 100,000 residents?"), "table_values") is None
    assert joined_beyond(parse_question("How many restaurants are between 45th Ave. and 44th Ave.?"), "map_between") is None
