"""Pages counted from an end of the file ("the first two pages", "the last three slides") and pages counted on by
arithmetic ("page 9 plus one", "page 9 and one more", "page 10 minus one").

A counted set is resolved under every reading (the PDF pages, those with content, those a reader does not take as a
blank sheet, and for the first pages those printed 1..k): a zero over their union widens, and a find is a member
only on a page every reading gives. An arithmetic phrase names no page set the parser can read: the whole document
is looked at and its finds are candidates, never the pages its digits say ("page 9 plus one" is no pages 9 and 1)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.models import ContainerKind
from widening.question.parse import parse_question


def _report(path: Path, n: int, italic: set[int], blank: set[int] = frozenset(), offset: int = 0) -> Path:
    """``n`` pages of a report; the pages in ``blank`` are empty sheets; a folio ``i + offset`` (when >= 1) at
    the foot of each other page; italic words on the pages in ``italic``."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        p = doc.new_page(width=595, height=842)
        if i in blank:
            continue
        p.insert_text((72, 60), f"Section {i}: programme review", fontsize=16)
        for k in range(5):
            p.insert_text((72, 90 + 14 * k), "The committee reviewed the annual programme and noted steady progress.", fontsize=10)
        if i in italic:
            p.insert_text((72, 300), "quorum tender mandate", fontsize=11, fontname="helvetica-oblique")
        if i + offset >= 1:
            p.insert_text((290, 820), str(i + offset), fontsize=9)
    return pdfs.save(doc, path)


# --------------------------------------------------------------------------- arithmetic page phrases

ARITHMETIC = ["page 9 plus one", "page 9 plus 1", "pages 9 plus one", "page 9 + 1", "page 9+1", "page 9 and one more",
              "page nine plus one", "page 10 minus one", "page 10 minus 1"]


@pytest.mark.parametrize("phrase", ARITHMETIC)
def test_an_arithmetic_page_phrase_reads_no_page_its_digits_say(phrase: str) -> None:
    p = parse_question(f"Which italic words are on {phrase}?")
    assert not any(c.kind in (ContainerKind.page, ContainerKind.page_range) for c in p.containers), (phrase, p.containers)
    assert p.target.narrowed is not None, phrase


@pytest.mark.parametrize("phrase", ["page 9 plus one", "page 9 and one more", "page 9 + 1"])
def test_a_page_counted_on_by_arithmetic_is_no_false_zero(tmp_path: Path, phrase: str) -> None:
    """Italic words on page 10 only: "page 9 plus one" may be page 10, never read as pages 9 and 1."""
    d = pdfs.decide(_report(tmp_path / "ten.pdf", 12, {10}), f"Which italic words are on {phrase}?")
    assert d.decision != "widen", d.reason
    d = pdfs.decide(_report(tmp_path / "one.pdf", 12, {1}), f"Which italic words are on {phrase}?")
    assert d.case != "short_not_empty", d.reason


def test_a_plural_list_joined_by_plus_still_reads_its_pages() -> None:
    p = parse_question("How many images are on pages 3 plus 4?")
    assert sorted(c.number for c in p.containers) == ["3", "4"]


# --------------------------------------------------------------------------- counted sets from an end

@pytest.mark.parametrize("phrase, item, k", [("the first two pages", "first", 2), ("the last three slides", "last", 3),
                                             ("the final 4 pages", "last", 4), ("the first ten slides of the deck", "first", 10)])
def test_a_counted_set_from_an_end_is_read(phrase: str, item: str, k: int) -> None:
    p = parse_question(f"Which italic words are on {phrase}?")
    assert [(c.kind, c.item, c.first, c.last) for c in p.containers] == [(ContainerKind.page_range, item, 1, k)], p.containers


@pytest.mark.parametrize("phrase", ["the first two pages of Chapter 3", "the first two pages of the second half", "after the first two pages",
                                    "the first two and last two pages", "the first two pages after the cover", "the last two pages before the appendix"])
def test_a_counted_set_bounded_by_another_place_reads_the_whole_document(phrase: str) -> None:
    p = parse_question(f"Which italic words are on {phrase}?")
    assert not any(c.kind is ContainerKind.page_range for c in p.containers), (phrase, p.containers)
    assert p.target.narrowed is not None, phrase


def _readings(n: int, k: int, last: bool, blank: set[int], offset: int) -> list[set[int]]:
    """The PDF pages each reading of "the first (last) k pages" gives in a file built by ``_report``."""
    pages = list(range(1, n + 1))
    content = [p for p in pages if p not in blank]
    if last:
        return [set(pages[-k:]), set(content[-k:])]
    printed = {p for p in content if 1 <= p + offset <= k}
    return [set(pages[:k]), set(content[:k])] + ([printed] if printed else [])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(3, 9), k=st.integers(1, 4), last=st.booleans(), at=st.integers(1, 9),
       blank=st.sets(st.integers(1, 9), max_size=2), offset=st.sampled_from([0, 0, -2, 1]), word=st.sampled_from(["pages", "slides"]))
def test_a_counted_set_widens_only_over_an_empty_union_and_claims_only_every_reading(tmp_path: Path, n: int, k: int, last: bool, at: int,
                                                                                      blank: set[int], offset: int, word: str) -> None:
    blank = {b for b in blank if b <= n and b != at}
    italic = {at} if at <= n else set()
    q = f"Which italic words are on the {'last' if last else 'first'} {k} {word}?"
    d = pdfs.decide(_report(tmp_path / f"r{n}{k}{last}{at}{offset}{sorted(blank)}.pdf", n, italic, blank, offset), q)
    readings = _readings(n, k, last, blank, offset)
    union, every = set().union(*readings), set.intersection(*readings)
    if d.decision == "widen":
        assert not italic & union, (q, d.reason)
    assert d.case != "missing_container", (q, d.reason)
    if d.case == "short_not_empty":
        assert italic and italic <= every, (q, readings, d.reason)


@pytest.mark.parametrize("question, italic, want", [
    ("Which italic words are on the first two pages?", {2}, "short_not_empty"),
    ("Which italic words are on the first two pages?", {3}, "widen"),
    ("Which italic words are on the last two pages?", {7}, "short_not_empty"),
    ("Which italic words are on the last two pages?", {2}, "widen"),
])
def test_a_plain_report_is_decided_on_its_counted_pages(tmp_path: Path, question: str, italic: set[int], want: str) -> None:
    d = pdfs.decide(_report(tmp_path / "plain.pdf", 8, italic), question)
    assert (d.case or d.decision) == want, d.reason


def test_a_blank_sheet_makes_its_neighbour_a_doubt_not_a_zero(tmp_path: Path) -> None:
    """A blank first sheet: the first two pages with content are PDF pages 2-3, so italic words on page 3 are a doubt."""
    d = pdfs.decide(_report(tmp_path / "blank.pdf", 8, {3}, blank={1}), "Which italic words are on the first two pages?")
    assert d.decision != "widen" and d.case != "short_not_empty", d.reason
    d = pdfs.decide(_report(tmp_path / "blank_end.pdf", 8, {6}, blank={8}), "Which italic words are on the last two pages?")
    assert d.decision != "widen" and d.case != "short_not_empty", d.reason
