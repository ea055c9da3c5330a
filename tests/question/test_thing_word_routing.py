"""Thing words and the check they get.

A question names the thing it counts in many words: "graphics", "illustrations", "bar charts", "flowcharts",
"snapshots" are what the graphics probe measures (a superset of each: raster pictures and vector art), "e-mail
addresses", "telephone numbers" what the text-pattern probe measures. Each rewording gets the check of the
shape the engine already checks, and the same decision on a page with the thing and on a page without it
(before: "No executable check" for all of them).

An element word that only says what kind of thing the next noun is ("photo credits", "figure skaters",
"chart-topping"), or one of another sense after a word that is not plain ("public figures", "key figures",
"brand image"), asks for no graphic: a zero of graphics on a page of words that names skaters or credits
widened the row (a false widening). Such a question gets no check.
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

BODY = [f"This is ordinary body text line {i} of the page, set in plain black type." for i in range(1, 7)]


def _three_pages(path: Path, plant=None) -> Path:
    doc = pdfs.new_doc(3)
    for p in range(3):
        for i, line in enumerate(BODY):
            pdfs.text(doc[p], (72, 72 + 14 * i), line)
        pdfs.text(doc[p], (300, 760), str(p + 1), size=9)
    if plant is not None:
        plant(doc[1])
    return pdfs.save(doc, path)


def _chart(page: pymupdf.Page) -> None:
    pdfs.bar_chart(page, (100, 400), [30, 60, 45, 80], [(0.9, 0.1, 0.1), (0.1, 0.2, 0.9), (0.1, 0.7, 0.2), (0.9, 0.1, 0.1)])


def _photo(page: pymupdf.Page) -> None:
    page.insert_image(pymupdf.Rect(100, 250, 400, 450), pixmap=pdfs.photo(3))


def _contacts(page: pymupdf.Page) -> None:
    pdfs.text(page, (72, 300), "Contact: Mary Smith, e-mail mary.smith@example.org")
    pdfs.text(page, (72, 320), "Telephone: +44 20 7946 0958")


def _names(page: pymupdf.Page) -> None:
    pdfs.text(page, (72, 300), "Public figures at the gala: the mayor, the governor and two senators.")
    pdfs.text(page, (72, 320), "Figure skaters on the ice: Anna Berg and Mia Holt.")
    pdfs.text(page, (72, 340), "Photo credits: J. Smith, K. Lee. Key figures: sales rose 12% to 4.1 million.")
    pdfs.text(page, (72, 360), "Our brand image is friendly. Chart-topping singles: Blue Moon, Red Sky.")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("things")
    return {"words": _three_pages(d / "words.pdf"), "chart": _three_pages(d / "chart.pdf", _chart),
            "photo": _three_pages(d / "photo.pdf", _photo), "contacts": _three_pages(d / "contacts.pdf", _contacts),
            "names": _three_pages(d / "names.pdf", _names)}


# (rewording, the shape the engine already checks, the probe both get, the PDF that holds the thing)
REWORDINGS = [
    ("How many graphics are on page 2?", "How many figures are on page 2?", "graphics", "chart"),
    ("How many graphics on page 2 contain red?", "How many red figures are on page 2?", "coloured_graphics", "chart"),
    ("Which graphics on page 2 contain blue?", "Which figures on page 2 are blue?", "coloured_graphics", "chart"),
    ("How many illustrations are on page 2?", "How many figures are on page 2?", "graphics", "photo"),
    ("How many visuals are on page 2?", "How many figures are on page 2?", "graphics", "photo"),
    ("How many bar charts are on page 2?", "How many charts are on page 2?", "graphics", "chart"),
    ("Is there a bar graph on page 2?", "Is there a chart on page 2?", "graphics", "chart"),
    ("How many histograms are on page 2?", "How many charts are on page 2?", "graphics", "chart"),
    ("How many flowcharts are on page 2?", "How many diagrams are on page 2?", "graphics", "chart"),
    ("How many schematics are on page 2?", "How many diagrams are on page 2?", "graphics", "chart"),
    ("How many snapshots are on page 2?", "How many photos are on page 2?", "graphics", "photo"),
    ("List the e-mail addresses on page 2.", "List the email addresses on page 2.", "text_pattern", "contacts"),
    ("How many e-mail addresses are listed on page 2?", "How many email addresses are listed on page 2?", "text_pattern", "contacts"),
    ("How many telephone numbers are on page 2?", "How many phone numbers are on page 2?", "text_pattern", "contacts"),
    ("List the contact numbers on page 2.", "List the phone numbers on page 2.", "text_pattern", "contacts"),
    ("How many mobile numbers are on page 2?", "How many fax numbers are on page 2?", "text_pattern", "contacts"),
]


@pytest.mark.parametrize("q, base, probe, _", REWORDINGS)
def test_a_rewording_gets_the_check_of_the_shape_it_rewords(q, base, probe, _):
    d, b = derive(parse_question(q)), derive(parse_question(base))
    assert b.spec is not None and b.spec.probe == probe, (base, b.reason)
    assert d.spec is not None and d.spec.probe == probe, (q, d.reason)
    assert d.spec.params == b.spec.params or probe == "graphics", (q, d.spec.params, b.spec.params)
    # A superset: what it finds never makes the set "not empty"; but a complete e-mail address is one by construction
    # (rules/vocabulary.yaml exact_patterns), as in the shape it rewords.
    assert d.exact == b.exact and (not d.exact or d.spec.params == {"pattern": "email"}), (q, d.exact, b.exact)


@settings(max_examples=20, deadline=None)
@given(row=st.sampled_from(REWORDINGS), reworded=st.booleans())
def test_every_rewording_decides_as_the_shape_it_rewords(built, row, reworded):
    q, base, _, holder = row
    asked = q if reworded else base
    empty = pdfs.decide(built["words"], asked)
    assert empty.decision == "widen", (asked, empty.reason)
    full = pdfs.decide(built[holder], asked)
    exact = derive(parse_question(asked)).exact  # e-mail addresses: a member is one by construction
    assert full.decision == "keep" and full.case is not None and (exact or full.case != "short_not_empty"), (asked, full.case, full.reason)


def test_mobile_numbers_are_measured_through_every_phone_number():
    d = derive(parse_question("How many mobile numbers are on page 2?"))
    assert d.spec.params == {"pattern": "phone"} and "mobile" in d.broader


# ------------------------------------------------------------------ an element word that names no graphic

NO_GRAPHIC = [
    "How many figure skaters are named on page 2?",
    "How many photo credits are on page 2?",
    "How many public figures are mentioned on page 2?",
    "How many key figures are listed on page 2?",
    "What is the brand image described on page 2?",
    "How many chart-topping singles are listed on page 2?",
    "How many picture frames are listed on page 2?",
    "How many logo designers are listed on page 2?",
]


@pytest.mark.parametrize("q", NO_GRAPHIC)
def test_an_element_word_naming_another_thing_gets_no_graphics_check(q):
    d = derive(parse_question(q))
    assert d.spec is None or d.spec.probe not in ("graphics", "coloured_graphics"), (q, d.spec)


@pytest.mark.parametrize("q", NO_GRAPHIC)
def test_a_page_of_words_naming_them_is_never_widened(built, q):
    """Before: graphics found no picture on the page of words and the row was widened, while the page
    names two figure skaters, photo credits, public figures and key figures."""
    d = pdfs.decide(built["names"], q)
    assert d.decision == "keep" and d.case != "short_not_empty", (q, d.reason)


@pytest.mark.parametrize("q, probe", [
    ("What time does the red bar start on page 2?", "colour_regions"),   # a verb after a "does" subject
    ("Which chart compares sales on page 2?", "graphics"),               # the verb after "which <thing>"
    ("How many charts about Mr. Smith are on page 2?", "graphics"),
    ("How many charts provide opinions on page 2?", "graphics"),         # a plural is followed by its verb
    ("How many pictures aren't on page 2?", "graphics"),
    ("Which picture isn't on page 2?", "graphics"),
    ("How many images showing the harbour are on page 2?", "graphics"),
    ("How many photos of the team are on page 2?", "graphics"),
    ("How many figures are on page 2?", "graphics"),
    ("How many supplementary figures are on page 2?", "graphics"),
    ("How many red figures are on page 2?", "coloured_graphics"),
    ("Which pages include figures which have charts?", "graphics"),
    ("How many company logos are on page 2?", "graphics"),
    ("What does the chart on page 2 show?", "graphics"),
])
def test_control_element_words_that_ask_for_the_graphic_keep_their_check(q, probe):
    d = derive(parse_question(q))
    assert d.spec is not None and d.spec.probe == probe, (q, d.reason)


def test_control_the_page_of_words_still_widens_for_graphics(built):
    assert pdfs.decide(built["names"], "How many figures are on page 2?").decision == "widen"
