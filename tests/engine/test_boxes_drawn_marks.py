"""A mark drawn around the asked words names a box as surely as a box word does.

"Which word is boxed in green", "the text framed with a green line", "the green-circled number", "the box on
page 2 that is green": the colour is the frame's, not the words'. Left to the words, a text-colour check runs; it
sees a vector outline around a span, but not a frame that is part of a screenshot (a raster picture of a slide),
finds no green word and widens while the page shows a word boxed in green. Read as a box, the row is kept while
the page shows green, and is missing_container only on a page with no green at all (black text and grey rules)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.question.boxes import named_boxes

GREEN = (0.1, 0.6, 0.2)


def decide(path: Path, q: str):
    doc = load_doc(path, ocr=False)
    try:
        return decide_row(Row(doc_id="fixture.pdf", question=q, answer="Not answerable"), doc)
    finally:
        doc.close()


def screenshot() -> pymupdf.Pixmap:
    """A picture of a slide: black words inside a frame drawn only as a green border (white fill)."""
    src = pymupdf.open()
    page = src.new_page(width=240, height=80)
    page.draw_rect(pymupdf.Rect(4, 4, 236, 76), color=GREEN, width=3)
    page.insert_text((20, 50), "Welcome aboard", fontsize=20, color=(0, 0, 0))
    pix = page.get_pixmap(dpi=150)
    src.close()
    return pix


def deck(path: Path, framed: bool) -> Path:
    """Three text pages with a grey rule; with ``framed``, page 2 also shows the screenshot."""
    doc = pymupdf.open()
    for i in range(1, 4):
        page = doc.new_page(width=400, height=500)
        page.insert_text((40, 60), f"Section {i}: getting started with the service", fontsize=12)
        page.insert_text((40, 400), "Plain body text about the product and its use.", fontsize=11)
        page.draw_line((40, 420), (360, 420), color=(0.5, 0.5, 0.5), width=0.5)
        if i == 2 and framed:
            page.insert_image(pymupdf.Rect(60, 150, 300, 230), pixmap=screenshot())
    doc.save(path)
    doc.close()
    return path


@pytest.fixture(scope="module")
def framed(tmp_path_factory) -> Path:
    return deck(tmp_path_factory.mktemp("marks") / "framed.pdf", True)


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Path:
    return deck(tmp_path_factory.mktemp("marks") / "plain.pdf", False)


ASKED = ["Which word is boxed in green on page 2?", "What text is framed in green on page 2?",
         "Which word is outlined in green on page 2?", "Which word is circled in green on page 2?",
         "Which word is enclosed in green on page 2?", "What is the boxed word in green on page 2?",
         "Which text is framed with a green line on page 2?",
         "What is the word in the box on page 2 that is green?",
         "What word is written in the box on page 2, which is green?"]


@pytest.mark.parametrize("q", ASKED)
def test_a_word_framed_in_green_in_a_screenshot_is_no_zero(framed: Path, q: str) -> None:
    d = decide(framed, q)
    assert d.decision == "keep" and d.case == "unverifiable", (q, d.reason)
    assert any(m.page == 2 for m in d.doubts), (q, d.doubts)


@pytest.mark.parametrize("q", ASKED[:3])
def test_no_green_on_the_page_is_a_missing_box_said_as_such(plain: Path, q: str) -> None:
    d = decide(plain, q)
    assert d.case == "missing_container", (q, d.reason)
    assert d.reason.startswith("no '"), d.reason


MARKS = ["boxed", "framed", "outlined", "circled", "encircled", "ringed", "bordered", "bracketed"]
COLOURS = ["green", "red", "blue", "yellow", "orange", "purple"]


@settings(max_examples=60, deadline=None)
@given(mark=st.sampled_from(MARKS), colour=st.sampled_from(COLOURS), how=st.sampled_from(["in", "with", "in light", "with a"]),
       tail=st.sampled_from(["?", " on page 3?", ", and what does it mean?", " ink on slide 4?"]))
def test_a_mark_in_a_colour_is_a_box_of_that_colour(mark: str, colour: str, how: str, tail: str) -> None:
    q = f"Which word is {mark} {how} {colour}{tail}"
    boxes = named_boxes(q)
    assert [b.colour for b in boxes] == [colour], (q, boxes)


@settings(max_examples=30, deadline=None)
@given(mark=st.sampled_from(MARKS), colour=st.sampled_from(COLOURS))
def test_a_colour_before_the_mark_is_the_marks(mark: str, colour: str) -> None:
    assert [b.colour for b in named_boxes(f"How many {colour}-{mark} numbers are on page 2?")] == [colour]


@pytest.mark.parametrize("q", ["How many houses are surrounded by green trees in the picture?",
                               "Which word is written in green on page 2?",
                               "Which words are outlined in green text?"])
def test_a_colour_of_another_thing_is_no_mark(q: str) -> None:
    assert named_boxes(q) == []
