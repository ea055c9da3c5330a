"""A page that prints only a blank-page notice ("This page intentionally left blank", "Notes"), beside a folio or a
running head, is a blank sheet to a reader too: "the second page" counted past it is a doubtful reading, as past
an empty sheet. Before, only pages with nothing drawn were passed over: red words on the second page a reader
counts were missed and "none" was widened on PDF page 2."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.readings import blank_phrase, resolve
from widening.models import DocumentFacts, PageFacts, PageKind

RED = (0.9, 0.1, 0.1)
LINE = "The committee reviewed the annual programme and noted steady progress across offices."
NOTICES = ["This page intentionally left blank", "[ This page is intentionally left blank ]", "Notes", "BLANK PAGE"]


def _facts(texts: list[str]) -> DocumentFacts:
    pages = tuple(PageFacts(index=i, width=100, height=100, kind=PageKind.born_digital, text=t, text_source="layer")
                  for i, t in enumerate(texts, 1))
    return DocumentFacts(sha256="x", engine_version="t", page_count=len(texts), pages=pages)


@settings(max_examples=60, deadline=None)
@given(notice=st.lists(st.booleans(), min_size=2, max_size=10), phrase=st.sampled_from(NOTICES), head=st.booleans(), data=st.data())
def test_the_number_counted_past_notice_pages_is_a_doubtful_reading(notice: list[bool], phrase: str, head: bool, data) -> None:
    running = "Annual Report 2024\n" if head else ""
    texts = [f"{running}{phrase}\n{i}" if b else f"{running}{LINE} {i}\nMore words on page {i}\n{i}" for i, b in enumerate(notice, 1)]
    counted = [i for i, b in enumerate(notice, 1) if not b]
    k = data.draw(st.integers(1, len(notice)), label="page asked")
    tried = resolve(_facts(texts), str(k))
    certain = {p for t in tried if not t.doubtful for p in t.pages}
    doubtful = {p for t in tried if t.doubtful for p in t.pages}
    assert certain == {k}
    assert doubtful == ({counted[k - 1]} - {k} if k <= len(counted) else set())


def test_a_page_of_words_with_notes_in_them_is_counted() -> None:
    """Control: a page whose text holds "Notes" among other words is a page a reader counts: no extra reading."""
    tried = resolve(_facts([LINE, "Notes\n1. See the annex for the method.", LINE, LINE]), "2")
    assert not any(t.doubtful for t in tried), tried


def test_blank_phrases() -> None:
    assert blank_phrase("— This page intentionally left blank —") and blank_phrase("NOTES") and blank_phrase("Notes 12")
    assert not blank_phrase("Notes to the financial statements") and not blank_phrase("") and not blank_phrase("12")


def _file(path: Path, specs: list[str]) -> Path:
    doc = pymupdf.open()
    for spec in specs:
        page = doc.new_page()
        if spec == "notice":
            pdfs.text(page, (200, 400), "This page intentionally left blank")
        else:
            for k in range(6):
                pdfs.text(page, (72, 100 + 16 * k), LINE)
        if spec == "red":
            pdfs.text(page, (100, 400), "alert words here", colour=RED)
    return pdfs.save(doc, path)


@settings(max_examples=8, deadline=None)
@given(q=st.sampled_from(["What are the red words on page 2?", "What are the red words on the second page?",
                          "How many red words are on page 2?"]))
def test_red_words_on_the_second_page_a_reader_counts_are_a_doubt(tmp_path_factory, q: str) -> None:
    pdf = _file(tmp_path_factory.mktemp("n") / "d.pdf", ["notice", "text", "red", "text"])
    d = pdfs.decide(pdf, q)
    assert d.decision != "widen" and not d.members and [m.page for m in d.doubts] == [3], d.reason


def test_nothing_red_still_widens(tmp_path: Path) -> None:
    d = pdfs.decide(_file(tmp_path / "d.pdf", ["notice", "text", "text", "text"]), "What are the red words on page 2?")
    assert d.decision == "widen", d.reason
