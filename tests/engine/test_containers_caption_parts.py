"""Containers: a figure or table the question names in a way no single caption reads.

"Appendix Figure 2", "Figure 2 in the appendix", "Table 4 of the supplementary material": a part of the document
may number its own figures ("Figure A2", "Appendix Figure 2", "Figure 2" again), so the body's Figure 2 is a
narrower scope (its zero widened while the appendix's figure has the thing). "Figure 3b" is a panel of Figure 3:
its scope is the "Figure 3b" caption's pages and every reading of Figure 3, never a set wider than the question's
with its finds taken for members. "Figures 2-4" names three figures."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.models import ContainerKind
from widening.question.parse import parse_question


def _report(tmp: Path, name: str, captions: dict[int, str], italic_on: tuple[int, ...] = (), heading_4: str | None = None) -> Path:
    """Five report pages, a photograph on pages 2 and 4 with the caption ``captions[page]`` under it; italic
    labels set on the photograph of each page of ``italic_on`` (inside the figure)."""
    base = pdfs.report_pages(tmp / f"{name}-base.pdf", 5, photos={2: "middle", 4: "middle"})
    d = pymupdf.open(base)
    for page, caption in captions.items():
        d[page - 1].insert_text((200, 470), caption, fontsize=10)
    for page in italic_on:
        d[page - 1].insert_text((220, 330), "north gate, old mill", fontsize=10, fontname="heit")
    if heading_4:
        d[3].insert_text((72, 40), heading_4, fontsize=12)
    return pdfs.save(d, tmp / f"{name}.pdf")


APPENDIX = [
    ("Figure 2: Visitors at the site", "Appendix Figure 2: Visitors by year", "How many italic words are in Appendix Figure 2?"),
    ("Figure 2: Visitors at the site", "Annex B, Figure 2: Visitors by year", "How many italic words are in Annex B, Figure 2?"),
    ("Figure 2: Visitors at the site", "Figure A2: Visitors by year", "How many italic words are in Figure 2 in the appendix?"),
    ("Figure 2: Visitors at the site", "Appendix Figure 2: Visitors by year", "Count the italic words of Figure 2 of the appendix."),
    ("Figure 2: Visitors at the site", "Figure S2: Visitors by year", "How many italic words are in Figure 2 of the supplementary material?"),
    ("Table 2: Visitors at the site", "Appendix Table 2: Visitors by year", "How many italic words are in Appendix Table 2?"),
]


@pytest.mark.parametrize("body, appendix, question", APPENDIX)
def test_a_figure_of_the_appendix_is_not_the_bodys_figure_of_that_number(tmp_path: Path, body: str, appendix: str, question: str) -> None:
    """The appendix's Figure 2 (page 4) has italic labels, the body's (page 2) none: the body's page alone was
    checked and the row widened."""
    pdf = _report(tmp_path, "plant", {2: body, 4: appendix}, italic_on=(4,), heading_4="Appendix A: Additional data")
    d = pdfs.decide(pdf, question)
    assert d.decision == "keep", (question, d.reason)
    assert d.case not in ("missing_container", "short_not_empty"), (question, d.case, d.reason)


@pytest.mark.parametrize("body, appendix, question", APPENDIX)
def test_none_in_the_whole_document_is_none_in_the_appendix_figure(tmp_path: Path, body: str, appendix: str, question: str) -> None:
    pdf = _report(tmp_path, "none", {2: body, 4: appendix}, heading_4="Appendix A: Additional data")
    assert pdfs.decide(pdf, question).decision == "widen"


def test_a_part_the_document_never_names_is_still_not_widened(tmp_path: Path) -> None:
    """The caption is read over the whole document, yet "Annex C" is a name it must print."""
    pdf = _report(tmp_path, "no-annex", {2: "Figure 2: Visitors at the site", 4: "Annex B, Figure 2: Visitors by year"})
    d = pdfs.decide(pdf, "How many italic words are in Annex C, Figure 2?")
    assert d.decision == "keep", d.reason


def test_control_the_bodys_figure_asked_plainly_is_its_captions_page(tmp_path: Path) -> None:
    pdf = _report(tmp_path, "ctl", {2: "Figure 2: Visitors at the site", 4: "Appendix Figure 2: Visitors by year"}, italic_on=(4,))
    assert pdfs.decide(pdf, "How many italic words are in Figure 2?").decision == "widen"


PANEL_QUESTIONS = ["How many italic words are in Figure 3b?", "Figure 3b shows how many italic words?",
                   "Count the italic words of Figure 3b.", "What italic words does Figure 3B have?"]


@pytest.mark.parametrize("question", PANEL_QUESTIONS)
def test_a_panel_is_looked_for_in_its_figure_not_the_whole_document(tmp_path: Path, question: str) -> None:
    """Figure 3 (panels a and b, page 2) has no italic words; Figure 4 on page 4 has: "Figure 3b" read as no
    container made page 4's words members of the asked set (short_not_empty the page refutes)."""
    pdf = _report(tmp_path, "panel", {2: "Figure 3: (a) the site; (b) the plan", 4: "Figure 4: Visitors by year"}, italic_on=(4,))
    d = pdfs.decide(pdf, question)
    assert d.case != "short_not_empty", (question, d.reason)
    assert d.decision == "widen", (question, d.case, d.reason)


@pytest.mark.parametrize("question", PANEL_QUESTIONS)
def test_a_panel_of_a_figure_with_the_thing_is_kept(tmp_path: Path, question: str) -> None:
    pdf = _report(tmp_path, "panel-hit", {2: "Figure 3: (a) the site; (b) the plan", 4: "Figure 4: Visitors by year"}, italic_on=(2,))
    d = pdfs.decide(pdf, question)
    assert d.decision == "keep" and d.case not in ("missing_container", "absent_entity"), (question, d.case, d.reason)


def test_a_panel_captioned_apart_is_looked_at_too(tmp_path: Path) -> None:
    pdf = _report(tmp_path, "apart", {2: "Figure 3a: the site", 4: "Figure 3b: the plan"}, italic_on=(4,))
    d = pdfs.decide(pdf, "How many italic words are in Figure 3b?")
    assert d.decision == "keep" and d.case != "missing_container", (d.case, d.reason)


@pytest.mark.parametrize("question", ["Count the italic words of Figs. 2 and 4.", "How many italic words do Figures 2 and 4 have?"])
def test_figures_in_the_plural_name_each_figure(tmp_path: Path, question: str) -> None:
    """Figures 2 and 4: italic words in Figure 4 only. Every figure named is looked at ("Figures 2 and 4" was no
    container: 'Figures 4' was claimed an absent entity)."""
    pdf = _report(tmp_path, "plural", {2: "Figure 2: Visitors at the site", 4: "Figure 4: Visitors by year"}, italic_on=(4,))
    d = pdfs.decide(pdf, question)
    assert d.decision == "keep" and d.case not in ("missing_container", "absent_entity"), (question, d.case, d.reason)
    assert [(c.kind, c.number) for c in parse_question(question).containers] == [(ContainerKind.figure, "2"), (ContainerKind.figure, "4")]


@pytest.mark.parametrize("question", ["Count the italic words of Figures 2-4.", "Count the italic words of Tables 2 to 4.",
                                      "Count the italic words of Figures 4."])
def test_figures_by_a_range_are_read_over_the_whole_document(tmp_path: Path, question: str) -> None:
    """Figure 3 of "Figures 2-4" may be numbered otherwise: no claim that it is missing, and no zero of pages 2 and 4 alone."""
    pdf = _report(tmp_path, "range", {2: "Figure 2: Visitors at the site", 4: "Figure 4: Visitors by year"}, italic_on=(4,))
    d = pdfs.decide(pdf, question)
    assert d.decision == "keep" and d.case not in ("missing_container", "absent_entity", "short_not_empty"), (question, d.case, d.reason)


_PARTS_BEFORE = ["Appendix", "Annex", "Appendix B", "Annex 1,", "Online Appendix"]
_PARTS_AFTER = ["in the appendix", "of the annex", "in Appendix C", "of the supplementary material", "in the online appendix",
                "from the supporting information"]


@settings(max_examples=60, deadline=None)
@given(word=st.sampled_from(["Figure", "Fig.", "Table", "Chart"]), n=st.integers(1, 40),
       where=st.one_of(st.sampled_from(_PARTS_BEFORE).map(lambda p: ("before", p)), st.sampled_from(_PARTS_AFTER).map(lambda p: ("after", p))))
def test_a_caption_in_a_part_of_the_document_is_no_caption_container(word: str, n: int, where: tuple[str, str]) -> None:
    """A caption of a part that may number its own: never the body's caption of that number (a narrower scope)."""
    side, part = where
    named = f"{part} {word} {n}" if side == "before" else f"{word} {n} {part}"
    p = parse_question(f"How many red words are in {named}?")
    # The whole document, or a section read as it ("in the appendix": one a heading must name).
    assert all(c.kind in (ContainerKind.document, ContainerKind.section) for c in p.containers), (named, p.containers)
    assert p.target.narrowed, named  # what the whole document holds is a candidate, never a member


@settings(max_examples=60, deadline=None)
@given(word=st.sampled_from(["Figure", "Fig.", "Table"]), n=st.integers(1, 40), letter=st.sampled_from("abcdAB"))
def test_a_panel_is_read_with_its_letter(word: str, n: int, letter: str) -> None:
    p = parse_question(f"Count the red words of {word} {n}{letter}.")
    assert [c.number for c in p.containers] == [f"{n}{letter}"], p.containers


@settings(max_examples=60, deadline=None)
@given(word=st.sampled_from(["Figure", "Fig.", "Table"]), n=st.integers(1, 40), first=st.sampled_from("abAB"),
       more=st.sampled_from(["-c", "–d", " - c", ", b and c", "/b", " to (d)", " and c", ", c, d"]))
def test_panels_listed_after_a_panels_letter_are_the_whole_figure(word: str, n: int, first: str, more: str) -> None:
    """"Figure 3a-c" was read as Figure 3a, a narrower scope than the three panels asked."""
    p = parse_question(f"Count the red words of {word} {n}{first}{more}.")
    assert [c.number for c in p.containers] == [str(n)], p.containers


@pytest.mark.parametrize("question", ["How many italic words are in Figure 3a-c?", "How many italic words do Figures 3a-c have?",
                                      "Count the italic words of Fig. 3a, b and c.", "How many italic words are in Figure 3A–C?"])
def test_a_range_of_panels_looks_at_every_panel(tmp_path: Path, question: str) -> None:
    """Panel 3a captioned on page 2, panel 3c on page 4 with italic words: page 2 alone was checked and widened."""
    pdf = _report(tmp_path, "panels", {2: "Figure 3a: the site", 4: "Figure 3c: the plan"}, italic_on=(4,))
    d = pdfs.decide(pdf, question)
    assert d.decision == "keep" and d.case not in ("missing_container", "absent_entity"), (question, d.case, d.reason)


def test_control_a_range_of_panels_with_none_is_widened(tmp_path: Path) -> None:
    pdf = _report(tmp_path, "panels-none", {2: "Figure 3a: the site", 4: "Figure 3c: the plan"})
    assert pdfs.decide(pdf, "How many italic words are in Figure 3a-c?").decision == "widen"
