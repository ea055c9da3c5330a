"""A count of a text pattern's things ("how many email addresses are on page 2", "list the e-mail addresses on
page 2") asks for every thing of that pattern there. Where the pattern's members are the thing by construction (a
complete e-mail address: rules/vocabulary.yaml exact_patterns), a Not-answerable row is short, not empty, and a
zero key is contradicted. A phone pattern's members are read by tuned layouts and cues (a fax number, an account
number in a phone's shape): candidates, a zero still a zero. Where any other word narrows the set ("of the offices
in Paris", "international", "mobile numbers") they stay candidates; a doubt never makes a claim."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def _contacts(path: Path, lines: list[str]) -> Path:
    doc = pdfs.new_doc(3)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 72), f"Section {i}: contacts", size=14)
    for k, line in enumerate(lines):
        pdfs.text(doc[1], (72, 140 + 18 * k), line)
    return pdfs.save(doc, path)


COUNTS = ["How many phone numbers are on page 2?", "How many telephone numbers are on page 2?",
          "What is the total number of phone numbers on page 2?", "List all phone numbers on page 2."]


EMAIL_COUNTS = ["How many email addresses are on page 2?", "How many e-mail addresses are on page 2?",
                "What is the total number of email addresses on page 2?", "List all email addresses on page 2."]


@pytest.mark.parametrize("question", EMAIL_COUNTS)
def test_a_counted_email_address_makes_the_set_short_not_empty(tmp_path: Path, question: str) -> None:
    d = pdfs.decide(_contacts(tmp_path / "mail.pdf", ["Write to help@example.com"]), question)
    assert d.case == "short_not_empty" and d.members, d.reason


def test_a_zero_key_to_the_email_count_is_contradicted(tmp_path: Path) -> None:
    _, v = pdfs.zero_verdict(_contacts(tmp_path / "mail.pdf", ["Write to help@example.com"]), EMAIL_COUNTS[0])
    assert v.verdict == "contradicted", v.reason


@pytest.mark.parametrize("question", COUNTS)
def test_a_counted_phone_number_is_a_candidate(tmp_path: Path, question: str) -> None:
    """A number in a phone's layout under "Call": a phone number to most readers, yet the layouts and cues are tuned
    (a "Fax:" number is one too): no claim, never a widening."""
    d = pdfs.decide(_contacts(tmp_path / "tel.pdf", ["Call the front desk: 555-123-4567"]), question)
    assert (d.decision, d.case) == ("keep", "unverifiable") and "candidates" in d.reason, d.reason


def test_control_an_empty_page_still_widens_and_confirms(tmp_path: Path) -> None:
    pdf = _contacts(tmp_path / "none.pdf", ["The front desk is open from 9 to 5."])
    assert pdfs.decide(pdf, COUNTS[0]).decision == "widen"
    assert pdfs.zero_verdict(pdf, COUNTS[0])[1].verdict == "confirmed"


@pytest.mark.parametrize("question, lines", [
    ("How many phone numbers of the offices in Paris are on page 2?", ["Paris office: see the website.", "London office: +44 20 7946 0123"]),
    ("How many international phone numbers are on page 2?", ["Call the front desk: 555-123-4567"]),
    ("How many mobile numbers are on page 2?", ["Call the front desk: 555-123-4567"]),
    ("How many phone numbers are printed in the footer of page 2?", ["Call the front desk: 555-123-4567"]),
    ("What is the phone number of the Paris office on page 2?", ["Paris office: see the website.", "London office: +44 20 7946 0123"]),
])
def test_narrowed_counts_keep_candidates_with_no_claim(tmp_path: Path, question: str, lines: list[str]) -> None:
    d = pdfs.decide(_contacts(tmp_path / "tel.pdf", lines), question)
    assert (d.decision, d.case) == ("keep", "unverifiable") and "candidates" in d.reason, d.reason
    assert pdfs.zero_verdict(_contacts(tmp_path / "tel0.pdf", lines), question)[1].verdict == "unverifiable"


def test_a_doubt_alone_makes_no_claim(tmp_path: Path) -> None:
    d = pdfs.decide(_contacts(tmp_path / "ref.pdf", ["Order reference 5551234 was shipped."]), COUNTS[0])
    assert (d.decision, d.case) == ("keep", "unverifiable") and d.doubts and not d.members, d.reason


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.tuples(st.integers(200, 999), st.integers(200, 999), st.integers(1000, 9999)),
       st.sampled_from(["Call the front desk: {}", "Tel: {}", "{} (reception)", "Phone {}"]),
       st.sampled_from(["-", "."]))
def test_property_any_3_3_4_phone_is_found_never_widened(tmp_path: Path, groups: tuple[int, int, int], line: str, sep: str) -> None:
    number = sep.join(map(str, groups))
    d = pdfs.decide(_contacts(tmp_path / "p.pdf", [line.format(number)]), COUNTS[0])
    assert d.decision == "keep" and any(number in m.what for m in d.members), (number, d.reason)
