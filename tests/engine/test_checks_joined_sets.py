"""A check whose target is the whole set it measures (a text pattern, a map category, a cited item)
sees nothing of another thing the question joins to it: "phone numbers and email addresses" on a page
that prints an email address is never widened on the phone pattern's zero."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st

import pdfs
from widening.engine.checks import derive
from widening.question.parse import parse_question

JOINS = [" and ", " or ", ", ", " / ", " and the ", " as well as ", " nor "]
OTHERS = ["email addresses", "e-mail addresses", "websites", "postal addresses", "URLs"]


@given(join=st.sampled_from(JOINS), other=st.sampled_from(OTHERS), first=st.booleans())
def test_a_pattern_joined_to_another_thing_has_no_one_check(join: str, other: str, first: bool) -> None:
    things = f"phone numbers{join}{other}" if first else f"{other}{join}phone numbers"
    d = derive(parse_question(f"How many {things} are listed on page 2?"))
    assert d.spec is None, d
    assert "joins" in d.reason


@given(q=st.sampled_from(["How many phone numbers are listed on page 2?", "What is the email address of the contact on page 4?",
                          "How many email addresses are on page 2?", "What are the fax numbers on page 13?"]))
def test_control_one_pattern_has_its_check(q: str) -> None:
    d = derive(parse_question(q))
    assert d.spec is not None and d.spec.probe == "text_pattern", d.reason


def _contacts(tmp_path: Path) -> Path:
    doc = pdfs.new_doc(1)
    pdfs.text(doc[0], (72, 100), "Contact the harbour office for berth bookings.")
    pdfs.text(doc[0], (72, 130), "Write to harbour.office@example.org for a reply within a day.")
    return pdfs.save(doc, tmp_path / "contacts.pdf")


def test_an_email_on_the_page_keeps_phone_numbers_and_email_addresses(tmp_path: Path) -> None:
    pdf = _contacts(tmp_path)
    d = pdfs.decide(pdf, "How many phone numbers and email addresses are on page 1?")
    assert d.decision == "keep" and d.case == "unverifiable", d.reason
    control = pdfs.decide(pdf, "How many phone numbers are on page 1?")
    assert control.decision == "widen", control.reason
