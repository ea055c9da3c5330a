"""Ordinal sub-containers ("the fifth FAQ", "the tenth bullet point for safety", "the fifth
subfigure of Figure 1") on PDFs whose item counts are known by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.containers import resolve
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.engine.lists import resolve_list
from widening.models import Row
from widening.question.parse import parse_question

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]


def manual(path: Path, sections: list[tuple[str, int]], mark: str = "•", drawn: bool = False) -> Path:
    """One page per section: a numbered heading in the outline, then ``n`` items marked by ``mark``
    (or by a small drawn square when ``drawn``)."""
    doc = pymupdf.open()
    toc = []
    for i, (title, n) in enumerate(sections, start=1):
        page = doc.new_page(width=400, height=600)
        heading = f"{i} {title}"
        page.insert_text((40, 60), heading, fontname="hebo", fontsize=13)
        toc.append([1, heading, i])
        for k in range(n):
            y = 90 + 22 * k
            if drawn:
                page.draw_rect(pymupdf.Rect(44, y - 7, 49, y - 2), color=(0, 0, 0), fill=(0, 0, 0))
                page.insert_text((60, y), f"Keep the unit dry, rule {k + 1}.", fontsize=10)
            else:
                page.insert_text((44, y), f"{mark} Keep the unit dry, rule {k + 1}.", fontsize=10)
    doc.set_toc(toc)
    doc.save(path)
    doc.close()
    return path


def deck(path: Path, faqs: list[str | list[str]], after: str = "Registering") -> Path:
    """A slide deck: a title slide, an FAQ divider, one slide per FAQ entry, a divider of the next section."""
    doc = pymupdf.open()
    slides = [["Welcome to the course", "Agenda: topics, FAQ, registering"], ["Frequently Asked Questions"]]
    slides += [q if isinstance(q, list) else [q, "The answer is given here in a full sentence."] for q in faqs]
    slides += [[after], ["How do I pass?", "By studying."]]
    for lines in slides:
        page = doc.new_page(width=720, height=540)
        for k, line in enumerate(lines):
            page.insert_text((40, 80 + 60 * k), line, fontsize=18)
    doc.save(path)
    doc.close()
    return path


def decide(path: Path, q: str):
    doc = load_doc(path, ocr=False)
    try:
        return decide_row(Row(doc_id="fixture.pdf", question=q, answer="Not answerable"), doc)
    finally:
        doc.close()


def count(path: Path, q: str):
    doc = load_doc(path, ocr=False)
    try:
        p = parse_question(q)
        parents = [resolve(c, doc) for c in p.containers]
        return [resolve_list(c, doc, parents) for c in p.sub_containers]
    finally:
        doc.close()


def test_bullets_of_the_named_section_are_counted_with_their_boxes(tmp_path: Path) -> None:
    pdf = manual(tmp_path / "m.pdf", [("Installation", 9), ("Safety", 4)])
    d = decide(pdf, "What is the fifth bullet point for safety?")
    assert (d.decision, d.case) == ("keep", "missing_container"), d.reason
    (reading,) = d.check["container"]["readings"]
    assert reading["count"] == 4 and "Safety" in reading["parent"]
    assert {m["page"] for m in reading["items"]} == {2} and all(len(m["bbox"]) == 4 for m in reading["items"])
    ok = decide(pdf, "What is the fourth bullet point for safety?")
    assert ok.case != "missing_container"


def test_every_reading_of_the_parent_must_be_short(tmp_path: Path) -> None:
    # Two sections speak of safety: the sixth item exists in the second one.
    pdf = manual(tmp_path / "m.pdf", [("Safety", 3), ("Using the unit safely", 6)])
    assert decide(pdf, "What is the sixth bullet point for safety?").case != "missing_container"
    assert decide(pdf, "What is the seventh bullet point for safety?").case == "missing_container"


@pytest.mark.parametrize("mark", ["1.", "(a)", "\uf0b7", "▪", "o", "➔"])
def test_numbered_and_glyph_marks_are_items(tmp_path: Path, mark: str) -> None:
    (r,) = count(manual(tmp_path / "m.pdf", [("Safety", 3)], mark=mark), "What is the fourth bullet for safety?")
    assert r.readings[0].count == 3 and r.missing


def test_drawn_bullets_are_counted_not_missed(tmp_path: Path) -> None:
    (r,) = count(manual(tmp_path / "m.pdf", [("Safety", 5)], drawn=True), "What is the fifth bullet point for safety?")
    assert r.readings[0].count == 5 and not r.missing


def test_a_document_without_an_outline_cannot_bound_the_section(tmp_path: Path) -> None:
    pdf = manual(tmp_path / "m.pdf", [("Safety", 2)])
    doc = pymupdf.open(pdf)
    doc.set_toc([])
    doc.save(tmp_path / "flat.pdf")
    doc.close()
    d = decide(tmp_path / "flat.pdf", "What is the tenth bullet point for safety?")
    assert d.case == "unverifiable" and "no outline" in d.reason


def test_faq_entries_of_a_deck_end_at_the_next_divider(tmp_path: Path) -> None:
    pdf = deck(tmp_path / "d.pdf", ["What does the exam cost?", "Can I retake the exam?", "How long is it valid?"])
    d = decide(pdf, "What is the fifth FAQ shown in this slides?")
    assert (d.decision, d.case) == ("keep", "missing_container"), d.reason
    (reading,) = d.check["container"]["readings"]
    assert reading["count"] == 3 and [m["page"] for m in reading["items"]] == [3, 4, 5]
    assert decide(pdf, "What is the third FAQ shown in this slides?").case != "missing_container"


def test_an_faq_page_without_a_question_mark_makes_the_count_uncertain(tmp_path: Path) -> None:
    pdf = deck(tmp_path / "d.pdf", ["What does the exam cost?", "Retake policy", "How long is it valid?"])
    (r,) = count(pdf, "What is the fifth FAQ?")
    assert r.uncertain and not r.missing and "no recognisable item" in r.readings[0].why
    assert decide(pdf, "What is the fifth FAQ?").case == "unverifiable"


def test_a_page_with_more_paragraphs_than_its_questions_explain_is_not_counted(tmp_path: Path) -> None:
    # The second entry is a statement, not a question: its page holds four paragraphs for one question.
    pdf = deck(tmp_path / "d.pdf", ["What does the exam cost?", ["Can I retake it?", "Yes.", "Validity period", "Two years."]])
    (r,) = count(pdf, "What is the third FAQ?")
    assert r.uncertain and not r.missing and "paragraphs" in r.readings[0].why


def test_no_faq_heading_is_not_a_missing_list(tmp_path: Path) -> None:
    pdf = manual(tmp_path / "m.pdf", [("Safety", 2)])
    (r,) = count(pdf, "What is the fifth FAQ?")
    assert r.uncertain and not r.missing and "heading" in r.why


def _figure(path: Path, caption: str, picture: bool = False) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=600)
    page.draw_rect(pymupdf.Rect(40, 40, 360, 200), color=(0, 0, 0))
    if picture:
        pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 30), False)
        pix.set_rect(pix.irect, (200, 30, 30))
        page.insert_image(pymupdf.Rect(50, 50, 150, 150), pixmap=pix)
    page.insert_text((40, 230), caption, fontsize=10)
    doc.save(path)
    doc.close()
    return path


def test_subfigures_are_the_labels_of_the_figure(tmp_path: Path) -> None:
    pdf = _figure(tmp_path / "f.pdf", "Figure 1: Results. (a) accuracy (b) loss (c) time.")
    d = decide(pdf, "In Figure 1, what is the fifth subfigure about?")
    assert d.case == "missing_container" and d.check["container"]["readings"][0]["count"] == 3
    assert decide(pdf, "In Figure 1, what does the third subfigure show?").case != "missing_container"


@pytest.mark.parametrize("caption, picture, why", [
    ("Figure 1: Results in three panels.", False, "no subfigure labels"),
    ("Figure 1: Results. (a) accuracy (b) loss.", True, "pictures whose text was not read"),
])
def test_subfigures_that_cannot_be_counted(tmp_path: Path, caption: str, picture: bool, why: str) -> None:
    pdf = _figure(tmp_path / "f.pdf", caption, picture)
    (r,) = count(pdf, "In Figure 1, what is the fifth subfigure about?")
    assert r.uncertain and why in r.readings[0].why


@settings(max_examples=8, deadline=None)
@given(n=st.integers(min_value=1, max_value=7), k=st.integers(min_value=1, max_value=10))
def test_missing_iff_the_ordinal_exceeds_the_count(tmp_path_factory, n: int, k: int) -> None:
    pdf = manual(tmp_path_factory.mktemp("m") / "m.pdf", [("Overview", 2), ("Safety", n)])
    (r,) = count(pdf, f"What is the {ORDINALS[k - 1]} bullet point for safety?")
    assert r.missing == (k > n) and r.readings[0].count == n


def test_the_corpus_faq_and_bullet_rows(corpus: Path) -> None:
    """The two corpus shapes, counted on the real pages (checked by rendering them)."""
    faq = corpus / "documents" / "finalpresentationdeck-whatwhyhowofcertificationsocial-160324220748_95.pdf"
    man = corpus / "documents" / "91521110100M_4K_UHD_Display_User_Manual_V1.1.pdf"
    if not man.is_file():
        pytest.skip("corpus PDF not present")
    (r,) = count(man, "What is the tenth bullet point for safety?")
    assert r.missing and max(x.count or 0 for x in r.readings) == 7
    del faq  # an image-only deck: its FAQ count needs OCR (minutes); the audit measures it


def test_a_next_heading_not_found_on_its_page_keeps_that_whole_page(tmp_path: Path) -> None:
    pdf = manual(tmp_path / "m.pdf", [("Safety", 3), ("Cleaning", 4)])
    doc = pymupdf.open(pdf)
    doc.set_toc([[1, "1 Safety", 1], [1, "Care of the unit", 2]])  # the outline's title is not printed on page 2
    doc.save(tmp_path / "odd.pdf")
    doc.close()
    (r,) = count(tmp_path / "odd.pdf", "What is the fifth bullet point for safety?")
    assert r.readings[0].count == 7 and not r.missing  # counting more is the safe side
