"""A page named in another numeral form than the page prints.

Found hunting page forms on a 12-page report printing folios two behind the PDF index (PDF page 11 prints
"9"), an italic line on it:

* "page IX" / "page ix" / "slide IX" was read as the page labelled or printed "ix" (none) and PDF page 9: the
  page printed "9" was never looked at, and the row was widened on an empty page. The arabic page is now a
  doubtful reading: a find there is a doubt (the row is kept), never a member of the roman page.
* "page 9-A" (a page inserted after page 9, printed so) was read as page 9: PDF pages 9 and 11, never the page
  printed "9-A", and the row was widened. It is now a compound designator: the whole document, finds candidates.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pdfs
from widening.models import ContainerKind
from widening.question.parse import parse_question

OFFSET = {i: str(i - 2) for i in range(3, 13)}
INSERTED = {**{i: str(i - 2) for i in range(3, 12)}, 12: "9-A"}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("numerals")
    return {
        "offset": pdfs.folioed_report(d / "offset.pdf", OFFSET, italic_at=11),
        "offset_ctl": pdfs.folioed_report(d / "offset_ctl.pdf", OFFSET),
        "inserted": pdfs.folioed_report(d / "inserted.pdf", INSERTED, italic_at=12),
        "inserted_ctl": pdfs.folioed_report(d / "inserted_ctl.pdf", INSERTED),
    }


@pytest.mark.parametrize("said", ["page IX", "page ix", "slide IX", "pages IX and X"])
def test_a_roman_page_looks_at_the_page_printed_in_arabic(built: dict[str, Path], said: str) -> None:
    d = pdfs.decide(built["offset"], f"How many italic words are on {said}?")
    assert (d.decision, d.case) == ("keep", "unverifiable") and not d.members, d.reason
    assert "doubt" in d.reason and "p11" in d.reason, d.reason


@pytest.mark.parametrize("said", ["page IX", "page ix"])
def test_control_a_roman_page_widens_where_no_reading_holds_one(built: dict[str, Path], said: str) -> None:
    d = pdfs.decide(built["offset_ctl"], f"How many italic words are on {said}?")
    assert d.decision == "widen", d.reason


def test_control_the_arabic_page_still_claims_its_member(built: dict[str, Path]) -> None:
    d = pdfs.decide(built["offset"], "How many italic words are on page 9?")
    assert (d.decision, d.case) == ("keep", "short_not_empty") and {m.page for m in d.members} == {11}, d.reason


@pytest.mark.parametrize("said", ["page 9-A", "page 9-a", "page 9\u2013A", "page 9-bis"])
def test_an_inserted_page_designator_scopes_the_whole_document(said: str) -> None:
    p = parse_question(f"How many italic words are on {said}?")
    assert [c.kind for c in p.containers] == [ContainerKind.document], p.containers
    assert any("compound designator" in n for n in p.notes), p.notes


@pytest.mark.parametrize("said", ["page 9 to 10", "page 9 and 10", "page 9-and 10", "page 9-or-10"])
def test_a_joiner_after_a_dash_is_no_inserted_page(said: str) -> None:
    p = parse_question(f"How many italic words are on {said}?")
    assert not any("compound designator" in n for n in p.notes), p.notes


def test_an_inserted_page_is_never_widened_on_page_9(built: dict[str, Path]) -> None:
    d = pdfs.decide(built["inserted"], "How many italic words are on page 9-A?")
    assert (d.decision, d.case) == ("keep", "unverifiable") and "p12" in d.reason, d.reason


def test_control_an_inserted_page_widens_where_the_document_holds_none(built: dict[str, Path]) -> None:
    d = pdfs.decide(built["inserted_ctl"], "How many italic words are on page 9-A?")
    assert d.decision == "widen", d.reason
