"""An element word that is not the counted graphic.

"How many songs topped the charts", "how many rows are in the chart": "how many" counts songs and rows; the chart
word only places or presupposes them. "Graphics cards", "images files": a plural element word before a plural noun
modifies it (a verb after a plural subject never ends in -s). "The whole picture", "motion pictures": another sense.
"Figures in the table", "figures above 10": numbers. A check of graphics counts another set in each: its zero on a
page of words that names songs, cards, films and numbers widened the row (a false widening). Such a question gets
no graphics check, while the plain shapes ("how many figures", "how many pages have a chart", "charts provide
opinions", "figures have more than 3 bars") keep theirs.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.engine.checks import derive
from widening.question.parse import parse_question

GRAPHICS = ("graphics", "coloured_graphics")

BODY = [f"This is ordinary body text line {i} of the page, set in plain black type." for i in range(1, 7)]
WORDS = [
    "Table 1. Quarterly sales (units)", "Region   Q1   Q2   Q3", "North    12   8    15", "South    4    22   9",
    "Recommended graphics cards: NVIDIA RTX 4060, AMD RX 7600. Image files: cover.png, map.png.",
    "The studio released two motion pictures in 2020: Blue Moon and Red Sky.",
    "Songs that topped the charts: Blue Moon, Red Sky. The whole picture is bright.",
]


def _three_pages(path: Path, plant=None) -> Path:
    doc = pdfs.new_doc(3)
    for p in range(3):
        for i, line in enumerate(BODY):
            pdfs.text(doc[p], (72, 72 + 14 * i), line)
        pdfs.text(doc[p], (300, 760), str(p + 1), size=9)
    if plant is not None:
        plant(doc[1])
    return pdfs.save(doc, path)


def _words(page: pymupdf.Page) -> None:
    for i, line in enumerate(WORDS):
        pdfs.text(page, (72, 300 + 16 * i), line)


def _chart(page: pymupdf.Page) -> None:
    pdfs.bar_chart(page, (100, 400), [30, 60, 45, 80], [(0.9, 0.1, 0.1), (0.1, 0.2, 0.9), (0.1, 0.7, 0.2), (0.9, 0.1, 0.1)])


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("senses")
    return {"words": _three_pages(d / "words.pdf", _words), "plain": _three_pages(d / "plain.pdf"),
            "chart": _three_pages(d / "chart.pdf", _chart)}


NOT_GRAPHICS = [
    # the counted thing is another one; the element word places or presupposes it
    "How many songs topped the charts according to page 2?",
    "How many rows are in the chart on page 2?",
    "How many regions are shown in the chart on page 2?",
    "How many numbers with blue color are mentioned in the figure on page 2?",
    # a plural element word before a plural noun modifies it
    "How many graphics cards are listed on page 2?",
    "How many graphics processors are recommended on page 2?",
    "How many images files are listed on page 2?",
    # another sense
    "How many motion pictures are named on page 2?",
    "What is the whole picture described on page 2?",
    # figures as numbers
    "How many of the figures in the table on page 2 are above 10?",
    "How many figures in the table on page 2 are above 10?",
    "How many figures are greater than 10 on page 2?",
    "Which figures on page 2 are over 1,000?",
]

STILL_GRAPHICS = [
    "How many figures are on page 2?",
    "How many of the figures on page 2 are red?",
    "How many pages have a chart?",
    "How many slides contain images?",
    "How many charts provide opinions on page 2?",
    "How many figures have more than 3 bars on page 2?",
    "Which chart compares sales on page 2?",
    "Which charts compare sales on page 2?",
    "How many images across pages 2 and 3 show red?",
    "How many pictures are on page 2?",
    "How many bar charts are on page 2?",
]


@pytest.mark.parametrize("q", NOT_GRAPHICS)
def test_an_element_word_that_is_not_the_counted_graphic_gets_no_graphics_check(q):
    d = derive(parse_question(q))
    assert d.spec is None or d.spec.probe not in GRAPHICS, (q, d.spec)


@pytest.mark.parametrize("q", STILL_GRAPHICS)
def test_the_plain_shapes_keep_their_graphics_check(q):
    d = derive(parse_question(q))
    assert d.spec is not None and d.spec.probe in GRAPHICS, (q, d.reason)


@pytest.mark.parametrize("q", NOT_GRAPHICS)
def test_a_page_of_words_naming_them_is_never_widened(built, q):
    """Before: graphics found no picture on the page of words and the row was widened, while the page lists
    graphics cards, image files, motion pictures, chart-topping songs and figures above 10."""
    d = pdfs.decide(built["words"], q)
    assert d.decision == "keep" and d.case != "short_not_empty", (q, d.case, d.reason)


@pytest.mark.parametrize("q", ["How many figures are on page 2?", "How many charts provide opinions on page 2?",
                               "How many figures have more than 3 bars on page 2?"])
def test_a_control_still_widens_on_a_plain_page_and_keeps_on_a_chart(built, q):
    assert pdfs.decide(built["plain"], q).decision == "widen", q
    full = pdfs.decide(built["chart"], q)
    assert full.decision == "keep" and full.case not in ("short_not_empty", None), (q, full.case, full.reason)


PLURAL_ELEMENTS = ["graphics", "images", "pictures", "charts", "figures", "photos", "diagrams", "logos"]
PLURAL_NOUNS = ["cards", "files", "processors", "settings", "editors", "vendors", "formats", "credits"]
VERBS = ["provide", "show", "compare", "depict", "contain", "illustrate", "convey"]


@settings(max_examples=40, deadline=None)
@given(element=st.sampled_from(PLURAL_ELEMENTS), noun=st.sampled_from(PLURAL_NOUNS),
       opener=st.sampled_from(["How many", "Which", "List the", "How many of the"]),
       tail=st.sampled_from(["are listed on page 2?", "are named on page 2?", "does page 2 name?"]))
def test_a_plural_element_word_before_a_plural_noun_modifies_it(element, noun, opener, tail):
    q = f"{opener} {element} {noun} {tail}"
    d = derive(parse_question(q))
    assert d.spec is None or d.spec.probe not in GRAPHICS, (q, d.spec)


@settings(max_examples=30, deadline=None)
@given(element=st.sampled_from(PLURAL_ELEMENTS), verb=st.sampled_from(VERBS),
       opener=st.sampled_from(["How many", "Which"]))
def test_a_plural_element_word_before_its_verb_is_still_the_graphic(element, verb, opener):
    q = f"{opener} {element} {verb} sales on page 2?"
    d = derive(parse_question(q))
    assert d.spec is not None and d.spec.probe in GRAPHICS, (q, d.reason)


@settings(max_examples=40, deadline=None)
@given(counted=st.sampled_from(["songs", "rows", "regions", "colours", "numbers", "countries", "steps"]),
       place=st.sampled_from(["are in the chart on page 2", "are shown in the figure on page 2",
                              "appear in the diagram on page 2", "topped the charts on page 2",
                              "does the image on page 2 show"]))
def test_what_how_many_counts_is_the_thing_asked_not_the_element_that_places_it(counted, place):
    q = f"How many {counted} {place}?"
    d = derive(parse_question(q))
    assert d.spec is None or d.spec.probe not in GRAPHICS, (q, d.spec)
