"""Pages named by their place in the file or counted from another page ("the first two pages", "the last couple
of slides", "odd pages", "every second page", "page 9 forward", "the page which follows page 9", "pages 9ff"):
the parser reads no page of its own for them, so the scope is the whole document and what it holds is a
candidate (never a narrower page set, never a member of a set the page may not hold). Counted from the end
("the one-but-last page", "the antepenultimate slide", "the third-from-last page") is a place from the end."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import given, settings, strategies as st

from widening.models import ContainerKind
from widening.question.parse import parse_question

_PLACES = (ContainerKind.page, ContainerKind.slide, ContainerKind.page_range, ContainerKind.cover, ContainerKind.last_page)


def _whole_document(question: str) -> bool:
    p = parse_question(question)
    return not any(c.kind in _PLACES for c in p.containers) and p.target.narrowed is not None


@settings(max_examples=60, deadline=None)
@given(position=st.sampled_from(["first", "last", "final", "opening", "closing", "initial", "middle", "odd", "even-numbered",
                                 "alternate", "next", "remaining"]),
       count=st.sampled_from(["", "two ", "3 ", "ten ", "few ", "couple of "]),
       word=st.sampled_from(["pages", "slides"]),
       frame=st.sampled_from(["How many images are on the {p}?", "The {p} show how many images?",
                              "What italic text do the {p} contain?"]))
def test_pages_set_by_their_place_read_the_whole_document(position: str, count: str, word: str, frame: str) -> None:
    phrase = f"{position} {count}{word}"
    if position in ("first", "last", "final") and count.strip() in ("two", "3", "ten"):
        # A counted set from an end is read as one (tests/engine/test_counted_page_sets.py): every reading, resolved.
        assert [(c.kind, c.item) for c in parse_question(frame.format(p=phrase)).containers] == [
            (ContainerKind.page_range, "first" if position == "first" else "last")], phrase
        return
    assert _whole_document(frame.format(p=phrase)), phrase


@pytest.mark.parametrize("phrase", [
    "every second page", "each third slide", "the middle page", "the centre page", "the two first pages",
    "page 9 forward", "page 9 et seq.", "pages 9ff", "page 9f", "page 9 ff", "the page which follows page 9",
    "the page that precedes page 9", "the page ahead of page 9", "the page behind page 9", "the page to the right of page 9",
    "the reverse side of page 9", "the other side of page 9", "the page 9 spread", "the pages around page 9",
    "the page adjacent to page 9", "page 9 and its neighbours", "page 9 and the pages either side", "page 9 or thereabouts",
    "the page one higher than page 9", "the last page of the report but one",
])
def test_a_page_counted_from_another_reads_the_whole_document(phrase: str) -> None:
    assert _whole_document(f"How many images are on {phrase}?"), phrase


def test_a_glued_range_mark_is_no_presupposed_name() -> None:
    p = parse_question("How many images are on pages 9ff?")
    assert not any("9ff" in q.text for q in p.qualifiers)


@pytest.mark.parametrize("phrase, k", [("the one-but-last page", 2), ("the antepenultimate slide", 3),
                                       ("the third-from-last page", 3), ("the 2nd-from-the-last slide", 2)])
def test_counted_from_the_end(phrase: str, k: int) -> None:
    p = parse_question(f"How many images are on {phrase}?")
    assert [(c.kind, c.number) for c in p.containers] == [(ContainerKind.last_page, str(k))], phrase


@pytest.mark.parametrize("phrase, want", [("the first page", (ContainerKind.page, "1")), ("page 9", (ContainerKind.page, "9")),
                                          ("the third slide", (ContainerKind.slide, "3")), ("the last page", (ContainerKind.last_page, None)),
                                          ("the second last page", (ContainerKind.last_page, "2"))])
def test_a_page_with_its_own_name_keeps_it(phrase: str, want: tuple) -> None:
    p = parse_question(f"How many images are on {phrase}?")
    assert [(c.kind, c.number) for c in p.containers] == [want], phrase
    assert p.target.narrowed is None


# (question, pages, where the picture is: on a page the words may name, not the one their number says)
CASES = [
    ("How many images are on page 4 forward?", 6, 5),
    ("How many images are on every second page?", 6, 4),
    ("How many images are on the page which follows page 4?", 6, 5),
]


@pytest.mark.parametrize("question, n, at", CASES, ids=[c[0] for c in CASES])
def test_a_picture_where_the_words_point_keeps_the_row(tmp_path: Path, question: str, n: int, at: int) -> None:
    d = pdfs.decide(pdfs.report_pages(tmp_path / "planted.pdf", n, photos=[at]), question)
    assert d.decision != "widen", f"{question}: {d.reason}"
    c = pdfs.decide(pdfs.report_pages(tmp_path / "control.pdf", n), question)
    assert (c.decision, c.case) == ("widen", None), f"{question} control: {c.reason}"


def test_a_picture_outside_the_first_pages_is_no_member_of_theirs(tmp_path: Path) -> None:
    d = pdfs.decide(pdfs.report_pages(tmp_path / "later.pdf", 6, photos=[5]), "The first two pages show how many images?")
    assert d.case != "short_not_empty", d.reason
