"""What the asked things lack ("pages that have no images", "people without sunglasses"): the target is
read from the words before the cue, and a check of what is lacked never empties the asked set.

New questions (2026-12-04): on a text-only report, "How many pages have no images?", "Which pages have no
red text?" and "How many pages lack images?" were widened. The check measured images (red text) and found
none, which makes every page a member of the asked set: the answer is all the pages, not none."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.checks import derive
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.question.parse import parse_question

# Cues in the forms the vocabulary names (rules/vocabulary.yaml ``lacking``).
CUES = ["have no", "has no", "contain no", "do not contain any", "don't have", "does not show", "without", "lacking",
        "with no", "that do not include", "that have not any", "never show", "are free of", "are not wearing"]
UNITS = ["pages", "slides", "sections", "PDF pages"]
THINGS = ["images", "pictures", "charts", "figures", "photos", "logos", "red text", "italic words", "tables", "red bars"]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(["How many {u} {c} {t}?", "Which {u} {c} {t}?", "List the {u} that {c} {t}.", "how many {u} {c} {t} in the report?"]),
       st.sampled_from(UNITS), st.sampled_from(CUES), st.sampled_from(THINGS), st.sampled_from(["same", "upper", "lower"]))
def test_pages_that_lack_a_thing_are_never_checked_for_that_thing(form, unit, cue, thing, case):
    """Property: whatever the cue and its wording, no check measures what the pages lack."""
    q = form.format(u=unit, c=cue, t=thing)
    q = q.upper() if case == "upper" else q.lower() if case == "lower" else q
    p = parse_question(q)
    d = derive(p)
    assert p.target.lacks, (q, p.target)
    assert d.spec is None, (q, d.spec)


@pytest.mark.parametrize("q,probe,lacks", [
    ("How many images without captions are in the document?", "graphics", "without captions"),
    ("How many photos without people are on page 2?", "graphics", "without people"),
    ("How many people without sunglasses are in the photo on page 2?", "people", "without sunglasses"),
    ("How many people are not wearing sunglasses in the photo on page 2?", "people", "not wearing sunglasses"),
    ("How many figures do not show a person?", "graphics", "not show a person"),
    ("How many red bars have no label in the chart on page 3?", "colour_regions", "have no label"),
])
def test_the_things_named_before_the_cue_are_measured_and_their_finds_are_candidates(q, probe, lacks):
    """What comes before the cue is measured (none of it is none that lacks anything); what it finds
    are candidates, never short_not_empty. "People without sunglasses" is no sunglasses check."""
    p = parse_question(q)
    d = derive(p)
    assert p.target.lacks == lacks and d.spec is not None and d.spec.probe == probe and not d.exact, (q, p.target, d)
    assert "attribute" not in d.spec.params, d.spec.params


@pytest.mark.parametrize("q", [
    "How many people with sunglasses are in the photo on page 2?",
    "How many images are on page 2?",
    "What is the percentage of people who are not confident in Table 2?",
    "How many respondents (the exact number, not the ratio) said yes?",
    "How many icons can not be found in the status bar?",
])
def test_no_cue_no_lack(q):
    assert parse_question(q).target.lacks is None, q


def _text_only(tmp_path: Path) -> Path:
    pdf = pymupdf.open()
    for i in range(3):
        pdf.new_page(width=612, height=792).insert_text((72, 72), f"Plain report, part {i + 1}: words only.", fontsize=12)
    path = tmp_path / "words.pdf"
    pdf.save(path)
    return path


@pytest.mark.parametrize("q", ["How many pages have no images?", "Which pages have no red text?", "How many pages lack images?",
                               "How many slides don't have a picture?", "How many pages contain no figures?"])
def test_pages_lacking_what_the_report_never_shows_are_not_widened(tmp_path, q):
    """Named regression: every page of a text-only report lacks images, so none of these is answered "none"."""
    doc = load_doc(_text_only(tmp_path), ocr=False)
    out = decide_row(Row(doc_id="words.pdf", question=q, answer="Not answerable"), doc)
    assert out.decision == "keep" and out.case == "unverifiable", (q, out.reason)
    assert "lack" in out.reason, out.reason


def test_images_without_captions_on_a_page_with_no_image_are_none(tmp_path):
    """Control: the things before the cue are measured; with none of them, none lacks a caption."""
    doc = load_doc(_text_only(tmp_path), ocr=False)
    out = decide_row(Row(doc_id="words.pdf", question="How many images without captions are on page 2?", answer="Not answerable"), doc)
    assert out.decision == "widen", out.reason
