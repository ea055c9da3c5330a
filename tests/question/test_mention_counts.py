"""Counts of a word's occurrences ("how many times does the word 'X' appear"): X is what is counted,
not a presupposed name, so X printed nowhere in the container is a zero (rules/vocabulary.yaml
``mention_counts``). Engine outcomes on generated PDFs, real text layer and real OCR of outlines."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from fixtures.drawn import outlined_text
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.question.parse import parse_question


@pytest.mark.parametrize("question,mention", [
    ("How many times does the word 'Xiphoid' appear on page 2?", "Xiphoid"),
    ('How many times is "machine learning" mentioned in the paper?', "machine learning"),
    ("How often does the term GDP appear in the document?", "GDP"),
    ("How many times does Apple appear in the report?", "Apple"),
    ("How many times has the word data been used on page 4?", "data"),
    # Not a count of a word's occurrences:
    ("How many times does the Apple logo appear in the slides?", None),  # a picture may show it
    ("How many times does Apple Logo appear in the slides?", None),
    ("How many times does the company appear?", None),  # a thing, not a word
    ("How many times did Germanwings appear in tweets?", None),  # occurrences the document reports on
    ("How many times does Beijing appear in the table on page 3?", None),  # a table's extent is not a page's
    ("How many people appear on page 2?", None),
])
def test_what_is_counted(question: str, mention: str | None) -> None:
    p = parse_question(question)
    assert p.target.mention == mention
    if mention:
        assert all(mention not in q.text for q in p.qualifiers), p.qualifiers  # never a presupposed name


@settings(max_examples=60)
@given(opener=st.sampled_from(["How many times", "how many times", "How often", "HOW MANY TIMES"]),
       aux_verb=st.sampled_from([("does", "appear"), ("is", "mentioned"), ("does", "occur"), ("is", "used"), ("has", "been used")]),
       head=st.sampled_from(["", "the word ", "the term ", "the name "]),
       quote=st.sampled_from(["'{}'", '"{}"', "“{}”", "‘{}’"]),
       word=st.sampled_from(["Xiphoid", "Quorvane", "data", "GPT-4o", "New York"]),
       place=st.sampled_from([" on page 2", " in the report", "", " in the slides"]))
def test_a_counted_word_reads_the_same_however_the_count_is_worded(opener, aux_verb, head, quote, word, place) -> None:
    aux, verb = aux_verb
    q = f"{opener} {aux} {head}{quote.format(word)} {verb}{place}?"
    assert parse_question(q).target.mention == word, q


def _report(path: Path, where: int | None, outlined: bool = False) -> Path:
    d = pdfs.new_doc(4)
    for k, page in enumerate(d):
        pdfs.text(page, (72, 100), f"Body text of the anatomy report, section {k + 1}.")
        pdfs.text(page, (290, 810), str(k + 1), size=9)
    if where is not None:
        if outlined:
            outlined_text(d[where - 1], (72, 390), "Xiphoid process", 14)
        else:
            pdfs.text(d[where - 1], (72, 400), "The xiphoid process lies below the sternum.")
    return pdfs.save(d, path)


@pytest.mark.parametrize("where,outlined,page_q,doc_q", [
    (None, False, "widen", "widen"),  # printed nowhere: a zero, a reading of the document
    (3, False, "widen", "short_not_empty"),  # on page 3 only: none on page 2
    (2, False, "short_not_empty", "short_not_empty"),
    # drawn as paths: only OCR reads it, and OCR misreads letters ("BAT" in 8 px read as "HAT"): kept, no claim
    (2, True, "unverifiable", "unverifiable"),
])
def test_a_word_printed_nowhere_in_the_container_is_a_zero(tmp_path, where, outlined, page_q, doc_q) -> None:
    """New questions (2026-12-03): "how many times does the word 'Xiphoid' appear" was claimed
    absent_entity (the word taken for a presupposed name) instead of checked."""
    path = _report(tmp_path / "r.pdf", where, outlined)
    doc = load_doc(path, ocr=False)
    try:
        for question, want in (("How many times does the word 'Xiphoid' appear on page 2?", page_q),
                               ("How many times is 'xiphoid' mentioned in the report?", doc_q)):
            d = decide_row(Row(doc_id=path.name, question=question, answer="Not answerable"), doc)
            assert (d.decision if want == "widen" else d.case) == want, (question, d.reason)
            if want == "widen":
                assert d.check and d.check.get("probe") == "text_search" and not d.members and not d.doubts
    finally:
        doc.close()


def test_occurrences_on_a_figures_page_are_candidates_not_members(tmp_path) -> None:
    """A caption locates a figure, not its extent: a word elsewhere on its page proves nothing of it."""
    d = pdfs.new_doc(2)
    pdfs.text(d[1], (72, 100), "The xiphoid process is discussed in the text.")
    d[1].draw_rect(pymupdf.Rect(72, 300, 300, 450), color=(0, 0, 0), fill=(0.3, 0.5, 0.8))
    pdfs.text(d[1], (72, 470), "Figure 2: The sternum.")
    path = pdfs.save(d, tmp_path / "f.pdf")
    doc = load_doc(path, ocr=False)
    try:
        row = decide_row(Row(doc_id=path.name, question="How many times does the word 'xiphoid' appear in Figure 2?", answer="Not answerable"), doc)
        assert row.case == "unverifiable" and "candidates" in row.reason, row.reason
    finally:
        doc.close()


@pytest.mark.parametrize("where,want", [(None, "confirmed"), (2, "contradicted"), (3, "confirmed")])
def test_a_zero_key_for_a_word_count_is_confirmed_or_contradicted(tmp_path, where, want) -> None:
    """The other direction: a row keyed 0 for "how many times does the word 'Xiphoid' appear on page 2"
    is confirmed where the word is printed nowhere there, and contradicted where it is (rules/zero_keys.yaml)."""
    from widening.engine.zeros import verdict

    path = _report(tmp_path / "r.pdf", where)
    doc = load_doc(path, ocr=False)
    try:
        q = "How many times does the word 'Xiphoid' appear on page 2?"
        v = verdict(decide_row(Row(doc_id=path.name, question=q, answer="0"), doc))
        assert v.verdict == want, v.reason
    finally:
        doc.close()
