"""Negations of presence the parser's passive shape does not read, on PDFs built here.

"How many pictures does page 2 not contain?", "... doesn’t page 2 contain" (a curly apostrophe), "... aren't on
page 2", "phone numbers not given on page 2": the asked things are what a place does not hold. Left to the check,
a zero of what page 2 holds widened them (page 1 held a picture and a phone number the asked set contains). A
named container a verb of its own or a source phrase gives after the negated clause bounds the universe: claiming
it unbounded is a case claim the page refutes. Vocabulary: rules/cases.yaml complement."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening import rulebook
from widening.engine import cases
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.question.parse import parse_question


def _two_pages(path: Path) -> Path:
    """Page 1: a picture and a phone number; page 2: words only."""
    doc = pymupdf.open()
    p = doc.new_page()
    p.insert_text((72, 72), "Our team", fontsize=16)
    p.insert_text((72, 110), "Call us: +1 555 010 2030.", fontsize=11)
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 60, 60), False)
    pix.set_rect(pix.irect, (20, 120, 200))
    p.insert_image(pymupdf.Rect(72, 200, 272, 400), pixmap=pix)
    q = doc.new_page()
    q.insert_text((72, 72), "Contact", fontsize=16)
    q.insert_text((72, 110), "Write to the help desk.", fontsize=11)
    doc.save(path)
    doc.close()
    return path


@pytest.fixture(scope="module")
def two_pages(tmp_path_factory: pytest.TempPathFactory):
    d = load_doc(_two_pages(tmp_path_factory.mktemp("c") / "two.pdf"), ocr=False)
    yield d
    d.close()


def _decide(doc, q: str):
    return decide_row(Row(doc_id="two.pdf", question=q, answer="Not answerable"), doc)


NOT_HELD = [
    "How many pictures does page 2 not contain?",
    "How many pictures does page 2 not have?",
    "How many pictures doesn't page 2 contain?",
    "How many pictures doesn’t page 2 contain?",
    "How many pictures did page 2 not show?",
    "How many pictures does page 2 lack?",
    "How many pictures is page 2 missing?",
    "How many phone numbers does page 2 not list?",
    "How many phone numbers does page 2 not mention?",
    "How many pictures aren’t shown on page 2?",
    "How many phone numbers aren’t listed on page 2?",
    "How many phone numbers can’t be found on page 2?",
]


@pytest.mark.parametrize("q", NOT_HELD)
def test_what_a_named_place_does_not_hold_is_an_unbounded_complement(two_pages, q: str) -> None:
    d = _decide(two_pages, q)
    assert d.decision == "keep" and d.case == "unbounded_complement", (q, d.case, d.reason)


UNSURE = [
    "How many phone numbers are not given on page 2?",
    "How many phone numbers are not printed on page 2?",
    "How many phone numbers are not stated on page 2?",
    "How many pictures are missing from page 2?",
]


@pytest.mark.parametrize("q", UNSURE)
def test_a_negated_participle_before_a_place_is_never_widened_nor_claimed(two_pages, q: str) -> None:
    d = _decide(two_pages, q)
    assert d.decision == "keep" and d.case == "unverifiable", (q, d.case, d.reason)


@pytest.mark.parametrize("q", ["How many pictures aren't on page 2?", "How many pictures aren’t on page 2?",
                               "How many phone numbers isn’t on page 2?"])
def test_a_contracted_negated_place_sets_the_place_aside(two_pages, q: str) -> None:
    # Read like "not on page 2": the rest of the document is looked at, and page 1's picture keeps the row.
    p = parse_question(q)
    assert [c.number for c in p.excluded] == ["2"], (q, p.complement, p.excluded)
    assert _decide(two_pages, q).decision == "keep", q


@pytest.mark.parametrize("q", ["How many pictures does page 2 contain?", "How many phone numbers are there on page 2?"])
def test_control_what_page_2_holds_is_still_widened(two_pages, q: str) -> None:
    d = _decide(two_pages, q)
    assert d.decision == "widen", (q, d.reason)


@pytest.mark.parametrize("q", ["Which figures do not show a person?", "How many people who do not go online are over 65?",
                               "Which components in Figure 2 are not labelled?", "Which patients were not given the drug?"])
def test_control_a_negated_predicate_is_still_no_complement(q: str) -> None:
    assert cases.unbounded_complement(parse_question(q)) is None, q


@settings(max_examples=40)
@given(verb=st.sampled_from(["contain", "have", "include", "show", "display", "feature", "depict", "list", "mention"]),
       neg=st.sampled_from(["does {p} not {v}", "doesn't {p} {v}", "doesn’t {p} {v}", "did {p} not {v}", "does {p} never {v}"]),
       place=st.sampled_from(["page 2", "Figure 3", "the chart on page 4", "the report", "slide 5"]),
       thing=st.sampled_from(["pictures", "logos", "phone numbers", "charts"]))
def test_any_active_negation_of_a_place_is_a_complement(verb: str, neg: str, place: str, thing: str) -> None:
    q = f"How many {thing} {neg.format(p=place, v=verb)}?"
    f = cases.unbounded_complement(parse_question(q))
    assert f is not None and f.case == "unbounded_complement", (q, f)


@pytest.mark.parametrize("q", [
    "Which buttons that are not shown in Figure 1 are described on page 2?",
    "Which buttons that are not shown in Figure 1 are explained on page 2?",
    "Which buttons not shown in Figure 1 does page 2 describe?",
    "Which buttons that are not shown in Figure 1 does Table 2 list?",
    "Which buttons that are not shown in Figure 1 are discussed in Section 2?",
    "Which features are not available in the Basic plan according to the table on page 3?",
    "Which features are not included in the Basic plan, according to Table 2?",
    "Which features are not included in the Basic plan based on Table 2?",
    "Of the logos in Figure 2, which does page 3 not show?",
    "Which of the following logos does page 3 not show: Nike, Adidas, Puma?",
])
def test_a_container_that_holds_the_universe_bounds_it(q: str) -> None:
    f = cases.unbounded_complement(parse_question(q))
    assert f is None or f.case == "unverifiable", (q, f)


@pytest.mark.parametrize("q", ["Name the components not shown in Figure 3.", "Which components are not shown in Figure 3 according to the text?",
                               "Which logos that are not shown on page 3 are not shown on page 5 either?",
                               "Which signal icons are not found in the status bar on page 7?"])
def test_control_the_negated_verbs_own_container_bounds_nothing(q: str) -> None:
    f = cases.unbounded_complement(parse_question(q))
    assert f is not None and f.case == "unbounded_complement", (q, f)


def test_the_words_live_in_the_rules() -> None:
    c = rulebook.load("cases")["complement"]
    assert {"contain", "show"} <= set(c["holding_verbs"]) and "according to" in c["source_phrases"]
    assert "doesn’t" in c["negations"] and "aren’t on" in c["negated_places"]
