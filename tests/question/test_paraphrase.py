"""Paraphrases: the same question reworded (word order, synonyms, case, typos such as a
doubled letter) gets the same parse and the same decision, rule by rule."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from widening import rulebook as vocab
from widening.engine import cases
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import ParsedQuestion, Row
from widening.question.parse import parse_question


def signature(p: ParsedQuestion, names: bool = False) -> dict[str, Any]:
    """What the rules read from a question: containers, target, complement, cardinality, list items."""
    out: dict[str, Any] = {
        "containers": sorted((c.kind.value, c.number, c.first, c.last, c.region, c.in_image) for c in p.containers),
        "excluded": sorted((c.kind.value, c.number) for c in p.excluded),
        "target": p.target.model_dump(),
        "complement": cases.unbounded_complement(p) is not None,
        "cardinality": p.cardinality,
        "lists": sorted((c.number, c.item, c.parent) for c in p.sub_containers),
    }
    if not names:  # street names are names: their case is the question's, not the rule's
        t = out["target"]
        t["between"] = tuple(x.lower() for x in t["between"]) if t["between"] else None
    if names:
        out["qualifiers"] = sorted((q.kind, q.text.lower()) for q in p.qualifiers)
    return out


# Each group: rewordings of one question. ``fields`` are the parts of the signature the group
# pins (the rest may differ: "which" and "what" are different quantifiers, not different sets).
GROUPS: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("style and colour on a page", [
        "What is the yellow color italic texts in page 9?",
        "What are the italic texts in yellow colour on page 9?",
        "On page 9, which texts are italic and yellow?",
        "What is the yellow colored italic text on Page 9?",
        "What is the yelllow color itallic texts in page 9?",
    ], ("containers", "target")),
    ("underlined italic words", [
        "what is the texts of the underlined italic words in page 2?",
        "What are the words in italic and underlined on page 2?",
        "On page 2, what text is underlined and in italics?",
        "what is the texts of the underlinned itallic words in page 2?",
    ], ("containers", "target")),
    ("a page range far beyond the file", [
        "How many figures are provided in Pages 400-640?",
        "How many figures are in pages 400 to 640?",
        "In pages 400–640, how many figures are there?",
        "how many figuress are provided in pages 400-640?",
    ], ("containers", "target", "lists")),
    ("people with an attribute", [
        "How many people with sun glassess are there in Page 5?",
        "How many people wearing sunglasses are on page 5?",
        "On page 5, how many persons wear sun glasses?",
        "How many people with sunglassses are there on page 5?",
    ], ("containers", "target")),
    ("a person in a picture at a corner", [
        "What is the job of the contact person in the picture at the top left of page 42?",
        "In the picture at the upper-left of page 42, what is the job of the contact person?",
        "What job does the contact person in the picture at the top-left of page 42 have?",
    ], ("containers", "target")),
    ("a value predicate", [
        "Which area of New York has more than 23% land area rezoned?",
        "Which area of New York has over 23% land area rezoned?",
        "Which area of New York has greater than 23% land area rezoned?",
    ], ("containers", "target")),
    ("a map between two streets", [
        "Name a restaurant between 45th Ave. and 44th Ave..",
        "Name one restaurant between 45th Ave. and 44th Ave.",
        "Give one restaurannt between 45th Ave. and 44th Ave.",
    ], ("containers", "target")),
    ("an item used to illustrate a topic", [
        "Which Youtube does the slides use to show the consequce of having a weak data leadership?",
        "Which YouTube does the deck use to show the consequences of a weak data leadership?",
        "Which youtube does the slides use to illustrate the consequence of weak data leadership?",
    ], ("containers", "target")),
    ("an unbounded complement", [
        "List all the icons about signals that can not be found in Status Bar",
        "Which signal icons cannot be found in the status bar?",
        "List the icons about signals that are not shown in the Status Bar.",
        "List all the icons about signals that do not appear in the status bar",
    ], ("complement",)),
    ("a parenthetical not", [
        "Among all valid respondents, how many hispanic independents (the exact number, not the ratio) favor trade?",
        "How many hispanic independents (not the ratio, the exact number) favor trade among all valid respondents?",
        "Among all valid respondents, how many Hispanic independents favor trade (the exact number, not the ratio)?",
    ], ("complement",)),
    ("a negated predicate about respondents", [
        "What share of people are not confident at all in the policy?",
        "What share of people who are not at all confident in the policy?",
        "Among people, what share do not feel confident in the policy?",
    ], ("complement",)),
    ("a complement bounded by a cardinality", [
        "Besides the two companies on page 42, what is the contact phone number of another two companies?",
        "Apart from the two companies on page 42, what are the contact phone numbers of another two companies?",
        "Other than the two companies on page 42, give the contact phone number of another two companies.",
    ], ("complement", "cardinality", "excluded")),
    ("the fifth FAQ", [
        "What is the fifth FAQ shown in this slides?",
        "Which is the 5th FAQ in the slides?",
        "In these slides, what does the fifth frequently asked question say?",
        "what is the fifth faq?",
    ], ("lists",)),
    ("the tenth bullet point for safety", [
        "For the users with the safety approval of UL Listed and CSA , what is the tenth bullet point for safety?",
        "What does the 10th bullet point for safety say?",
        "For safety, what is the tenth bullet?",
        "what is the tenth bullet point about safety?",
    ], ("lists",)),
    ("the fifth subfigure of Figure 1", [
        "In Figure 1, what is the difference of the fifth subfigure?",
        "What is the difference of the fifth subfigure of Figure 1?",
        "In figure 1, how does the 5th subfigure differ?",
        "In Figure 1, what is the difference of the fifth sub-figure?",
    ], ("lists", "containers")),
    ("the last page", [
        "Who is the commanding officer at the last page?",
        "Who is the commanding officer on the final page?",
        "On the last page, who is the commanding officer?",
    ], ("containers",)),
]


@pytest.mark.parametrize("title, questions, fields", GROUPS, ids=[g[0] for g in GROUPS])
def test_rewordings_get_the_same_parse(title: str, questions: list[str], fields: tuple[str, ...]) -> None:
    sigs = [{k: signature(parse_question(q))[k] for k in fields} for q in questions]
    for q, s in zip(questions[1:], sigs[1:]):
        assert s == sigs[0], f"{title}: {q!r} parses differently from {questions[0]!r}"


def test_groups_pin_what_they_claim() -> None:
    """The groups are not vacuous: each pins a non-default value."""
    p = {g[0]: parse_question(g[1][0]) for g in GROUPS}
    assert p["style and colour on a page"].target.colour == "yellow"
    assert p["people with an attribute"].target.attribute == "sunglasses"
    assert p["an unbounded complement"].complement is not None
    assert p["a parenthetical not"].complement is None
    assert [(c.number, c.item) for c in p["the fifth FAQ"].sub_containers] == [("5", "faq")]
    assert [c.parent for c in p["the tenth bullet point for safety"].sub_containers] == ["safety"]
    assert p["an item used to illustrate a topic"].target.topic == ("weak", "data", "leadership")


# --------------------------------------------------------------------------- generated rewordings

BASES = [g[1][0] for g in GROUPS]


def _vocab_words() -> set[str]:
    v = vocab.load("vocabulary")
    out: set[str] = set()
    for key in ("styles", "colours", "elements", "person_attributes", "patterns", "venues", "list_items"):
        for words in v[key].values():
            out.update(w for phrase in (words["words"] if isinstance(words, dict) else words) for w in phrase.split())
    return {w for w in out if w.isalpha() and len(w) >= 6}


LONG = _vocab_words()


@st.composite
def doubled_letter(draw: st.DrawFn) -> tuple[str, str]:
    """A base question with one letter (not the first) of one long vocabulary word doubled."""
    base = draw(st.sampled_from(BASES))
    spots = [m for m in re.finditer(r"[a-z]+", base) if m.group(0) in LONG]
    if not spots:
        return base, base
    m = draw(st.sampled_from(spots))
    i = draw(st.integers(min_value=m.start() + 1, max_value=m.end() - 1))
    return base, base[:i] + base[i] + base[i:]


@given(doubled_letter())
def test_a_doubled_letter_in_a_vocabulary_word_changes_nothing(pair: tuple[str, str]) -> None:
    base, typo = pair
    assert signature(parse_question(typo)) == signature(parse_question(base)), typo


@given(st.sampled_from(BASES), st.sampled_from([str.lower, str.capitalize]))
def test_case_changes_nothing_but_names(base: str, change) -> None:
    assert signature(parse_question(change(base))) == signature(parse_question(base))


@given(st.sampled_from(BASES), st.sampled_from(["  ", " \n ", "\t"]))
def test_spacing_changes_nothing(base: str, gap: str) -> None:
    assert signature(parse_question(base.replace(" ", gap)), names=True) == signature(parse_question(base), names=True)


@given(st.sampled_from(sorted(LONG)), st.integers(min_value=0, max_value=3))
def test_short_words_and_numbers_are_never_fuzzy(word: str, k: int) -> None:
    """A word changed in its first letter, or a number changed in a digit, is another word."""
    assert not vocab.near(word, "x" + word[1:]) or word[0] == "x"
    assert not vocab.near(str(2019 + k), "2019") or k == 0
    assert not vocab.near("red", "redd") and not vocab.near("blue", "bllue")


# --------------------------------------------------------------------------- the same decision


def _italic_pdf(path: Path, yellow_on_3: bool) -> Path:
    doc = pymupdf.open()
    for i in range(1, 5):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 100), f"Body text of page {i}.", fontname="helv", fontsize=11)
    if yellow_on_3:
        doc[2].insert_text((50, 140), "golden words", fontname="tiit", fontsize=11, color=(1, 0.85, 0))
    doc.save(path)
    doc.close()
    return path


def _decisions(path: Path, questions: list[str]) -> set[tuple[str, str | None]]:
    doc = load_doc(path, ocr=False)
    try:
        return {(d.decision, d.case) for d in (decide_row(Row(doc_id="f.pdf", question=q, answer="Not answerable"), doc) for q in questions)}
    finally:
        doc.close()


STYLE = [q.replace("9", "3") for q in GROUPS[0][1]]


@pytest.mark.parametrize("yellow, expected", [(False, ("widen", None)), (True, ("keep", "short_not_empty"))])
def test_rewordings_get_the_same_decision(tmp_path: Path, yellow: bool, expected: tuple[str, str | None]) -> None:
    assert _decisions(_italic_pdf(tmp_path / "a.pdf", yellow), STYLE) == {expected}


def test_rewordings_of_an_ordinal_item_get_the_same_missing_container(tmp_path: Path) -> None:
    doc = pymupdf.open()
    for title, n in (("Installation", 9), ("Safety", 4)):
        page = doc.new_page(width=400, height=600)
        page.insert_text((40, 60), f"{doc.page_count} {title}", fontsize=13)
        for k in range(n):
            page.insert_text((44, 90 + 22 * k), f"• Rule {k + 1} of {title.lower()}.", fontsize=10)
    doc.set_toc([[1, "1 Installation", 1], [1, "2 Safety", 2]])
    doc.save(tmp_path / "m.pdf")
    doc.close()
    questions = GROUPS[13][1][1:]  # the tenth bullet point for safety, reworded
    assert _decisions(tmp_path / "m.pdf", questions) == {("keep", "missing_container")}


def test_rewordings_of_a_complement_get_the_same_case_without_a_pdf() -> None:
    for q in GROUPS[8][1]:
        d = decide_row(Row(doc_id="gone.pdf", question=q, answer="Not answerable"), None)
        assert (d.decision, d.case) == ("keep", "unbounded_complement"), q
