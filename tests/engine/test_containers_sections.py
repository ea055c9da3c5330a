"""Containers: a section the question names without a number ("in the abstract", "of the paper's conclusion", "in the
Methods section"). The check looks at the whole document (the section's extent is not delimited: a wider scope can only
find more), so its finds are candidates; but the section is a container like any other. A document with no abstract has
no "italic words in the abstract": widening that row accepts "0" for a question whose premise fails (a missing container,
never widened). The section exists where a heading names it (rules/vocabulary.yaml ``sections``)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.models import ContainerKind
from widening.question.parse import parse_question

SECTIONS = [("abstract", "Abstract"), ("introduction", "1 Introduction"), ("conclusion", "5. Conclusions"),
            ("appendix", "Appendix A: Survey items"), ("Methods section", "2 Materials and Methods"), ("preface", "PREFACE")]


def _paper(path: Path, heading: str | None, italic_on: int | None = None, sentence: str | None = None) -> Path:
    """Four pages of a paper; ``heading`` set alone on its line at the top of page 2; italic words on ``italic_on``;
    ``sentence`` (body text) on page 3."""
    doc = pdfs.new_doc(4)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 140), "The harbour survey counted ships in the port every week.", size=11)
    if heading:
        pdfs.text(doc[1], (72, 90), heading, size=16)
    if sentence:
        pdfs.text(doc[2], (72, 170), sentence, size=11)
    if italic_on:
        doc[italic_on - 1].insert_text((72, 300), "quorum tender mandate", fontsize=11, fontname="heit")
    return pdfs.save(doc, path)


@settings(max_examples=40, deadline=None)
@given(form=st.sampled_from(["abstract", "introduction", "conclusion", "appendix", "preface", "executive summary",
                             "glossary", "Methods section", "results section", "acknowledgements"]),
       lead=st.sampled_from(["in the {s}", "of the {s}", "within the {s}", "in the paper's {s}", "throughout the {s}"]),
       ask=st.sampled_from(["How many italic words are {p}?", "{P}, how many charts are there?", "List the bold words {p}."]))
def test_an_unnumbered_section_is_a_section_container(form: str, lead: str, ask: str) -> None:
    place = lead.format(s=form)
    q = ask.format(p=place, P=place[0].upper() + place[1:])
    kinds = [c.kind for c in parse_question(q).containers]
    assert kinds == [ContainerKind.section], (q, kinds)
    assert parse_question(q).target.narrowed, q  # the whole document holds more than the section: finds are candidates


@pytest.mark.parametrize("q", ["How many italic words are in the results?", "How many italic words are in Appendix B?",
                               "How many people are in the background of the photo?", "What is the abstract about?"])
def test_control_not_a_named_section(q: str) -> None:
    assert ContainerKind.section not in [c.kind for c in parse_question(q).containers], q


@pytest.mark.parametrize("form, heading", SECTIONS)
def test_a_section_the_document_does_not_have_is_never_widened(tmp_path: Path, form: str, heading: str) -> None:
    """No heading names the section, and no italic word anywhere: the zero was widened ("The container exists")."""
    d = pdfs.decide(_paper(tmp_path / "none.pdf", None), f"How many italic words are in the {form}?")
    # Kept: the section is found under no certain reading, or a name it presupposes ("Methods") is printed nowhere.
    assert d.decision == "keep" and d.case in ("unverifiable", "absent_entity"), (form, d.case, d.reason)


@pytest.mark.parametrize("form, heading", SECTIONS)
def test_a_section_a_heading_names_widens_on_a_zero(tmp_path: Path, form: str, heading: str) -> None:
    d = pdfs.decide(_paper(tmp_path / "sec.pdf", heading), f"How many italic words are in the {form}?")
    assert d.decision == "widen", (form, d.reason)


@pytest.mark.parametrize("form, heading", SECTIONS[:3])
def test_a_find_elsewhere_in_the_document_is_a_candidate(tmp_path: Path, form: str, heading: str) -> None:
    """Italic words on page 4, the heading on page 2: they may lie outside the section, never short_not_empty."""
    d = pdfs.decide(_paper(tmp_path / "cand.pdf", heading, italic_on=4), f"How many italic words are in the {form}?")
    assert d.decision == "keep" and d.case == "unverifiable", (form, d.case, d.reason)


@pytest.mark.parametrize("heading", ["Abstract: We count the ships in the port.", "ABSTRACT - We count ships.", "I. ABSTRACT"])
def test_a_run_in_or_numbered_heading_names_the_section(tmp_path: Path, heading: str) -> None:
    assert pdfs.decide(_paper(tmp_path / "runin.pdf", heading), "How many italic words are in the abstract?").decision == "widen"


@pytest.mark.parametrize("sentence", ["In the introduction we set out the survey.", "The introduction of new tariffs slowed trade."])
def test_a_sentence_naming_the_section_is_no_heading(tmp_path: Path, sentence: str) -> None:
    d = pdfs.decide(_paper(tmp_path / "sent.pdf", None, sentence=sentence), "How many italic words are in the introduction?")
    assert d.decision == "keep", d.reason


def test_a_photo_on_the_first_page_of_the_introduction_is_never_a_zero(tmp_path: Path) -> None:
    """"the first page of the introduction": a page inside a section (read as the whole document, the section a heading
    must name). The photo on page 3, under the heading: kept; no photo: widened; no heading: kept."""
    q = "How many images are on the first page of the introduction?"

    def paper(photo: bool, heading: bool) -> Path:
        doc = pdfs.new_doc(5)
        for page in doc:
            pdfs.text(page, (72, 140), "The harbour survey counted ships in the port every week.", size=11)
        if heading:
            pdfs.text(doc[2], (72, 90), "1 Introduction", size=16)
        if photo:
            doc[2].insert_image(pymupdf.Rect(200, 300, 420, 450), pixmap=pdfs.photo(3))
        return pdfs.save(doc, tmp_path / f"p{int(photo)}{int(heading)}.pdf")

    assert pdfs.decide(paper(True, True), q).decision == "keep"
    assert pdfs.decide(paper(False, True), q).decision == "widen"
    assert pdfs.decide(paper(False, False), q).decision == "keep"
