"""A fax number has a phone number's shape: the phone pattern measures a broader set, so what it finds on
a page of "Tel:" numbers is candidates of the fax numbers asked, never members (hunt of member precision:
"another two companies with a fax number" was short_not_empty on two telephone numbers). A page with no
number of that shape still empties the set; a phone question keeps its members."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest


def _contacts(path: Path, lines: list[str]) -> Path:
    doc = pdfs.new_doc(3)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 72), f"Section {i}: partner directory", size=14)
    for k, line in enumerate(lines):
        pdfs.text(doc[1], (72, 140 + 18 * k), line)
    return pdfs.save(doc, path)


TELS = ["Acme Freight Ltd.", "Tel: 615-591-2955", "Birch Logistics", "Tel: 615-591-3000"]


@pytest.mark.parametrize("question", [
    "Which another two companies list a fax number on page 2?",
    "What are the fax numbers of the two companies on page 2?",
])
def test_telephone_numbers_are_no_members_of_fax_numbers(tmp_path: Path, question: str) -> None:
    d = pdfs.decide(_contacts(tmp_path / "tel.pdf", TELS), question)
    # Kept with the numbers listed as candidates of the broader set, no case claimed.
    assert (d.decision, d.case) == ("keep", "unverifiable") and "candidates" in d.reason, d.reason


def test_control_a_page_with_no_number_widens_the_fax_question(tmp_path: Path) -> None:
    d = pdfs.decide(_contacts(tmp_path / "none.pdf", ["Acme Freight Ltd.", "Birch Logistics"]), "Which another two companies list a fax number on page 2?")
    assert d.decision == "widen", d.reason


def test_control_telephone_numbers_stay_members_of_phone_numbers(tmp_path: Path) -> None:
    d = pdfs.decide(_contacts(tmp_path / "tel.pdf", TELS[:2]), "Which another two companies list a phone number on page 2?")
    assert d.case == "short_not_empty" and d.members, d.reason
