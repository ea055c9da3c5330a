"""The check derived from a question that joins several things (held-out shapes of the target reading).

The parser reads one target: one element, one detector class, one style with one colour, one counted
string. A question may join several ("charts and tables", "bicycles or cars", "text in red or italics",
"the words cat and dog"); a check of one of them measures a smaller set than asked, and its zero must
never widen while the page shows another. Each PDF is built here with the truth planted by construction.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import pdfs
from widening.engine.checks import derive
from widening.question.parse import parse_question

BODY = [f"This is ordinary body text line {i} of the page, set in plain black type." for i in range(1, 7)]


def _page_with(path: Path, plant) -> Path:
    doc = pdfs.new_doc(1)
    for i, line in enumerate(BODY):
        pdfs.text(doc[0], (72, 72 + 14 * i), line)
    plant(doc[0])
    return pdfs.save(doc, path)


def _table(ruled: bool):
    return lambda page: pdfs.table(page, (72, 200), ["Year", "Sales", "Units"],
                                   [["2019", "120", "30"], ["2020", "150", "42"], ["2021", "170", "50"]], ruled=ruled)


# ------------------------------------------------------------------ things joined: a table beside a chart word

JOINED = ["{a} and {b}", "{a} or {b}", "{a}, {b}", "{a} as well as {b}", "{a} and/or {b}", "{a} or any {b}"]


@settings(max_examples=12, deadline=None)
@given(graphic=st.sampled_from(["charts", "figures", "graphs", "images", "diagrams"]),
       join=st.sampled_from(JOINED), table_first=st.booleans(), ruled=st.booleans(),
       frame=st.sampled_from(["How many {x} are on page 1?", "List all {x} on page 1.", "Are there any {x} on page 1?"]))
def test_a_table_joined_to_a_graphic_word_is_never_widened_on_a_page_with_a_table(tmp_path_factory, graphic, join, table_first, ruled, frame):
    """Before: graphics(kind=chart) alone ran, a ruled grid of text is a certain non-member, and the row
    was widened while the page shows the table the question asks about."""
    pdf = _page_with(tmp_path_factory.mktemp("t") / "table.pdf", _table(ruled))
    a, b = ("tables", graphic) if table_first else (graphic, "tables")
    q = frame.format(x=join.format(a=a, b=b))
    d = pdfs.decide(pdf, q)
    assert d.decision == "keep", (q, d.reason)
    assert d.case == "unverifiable" and "tables" in d.reason


def test_the_same_page_still_widens_for_charts_alone(tmp_path):
    """Control: the table page holds no chart; "how many charts" still widens."""
    pdf = _page_with(tmp_path / "table.pdf", _table(True))
    d = pdfs.decide(pdf, "How many charts are on page 1?")
    assert d.decision == "widen", d.reason


@pytest.mark.parametrize("q, kind", [
    ("How many charts or graphs are on page 1?", "chart"),
    ("How many pictures or diagrams are on page 1?", "image"),
    ("How many charts or logos are on page 1?", "logo"),   # the logo kind is the widest graphics kind
    ("How many logos and images are on page 1?", "logo"),
])
def test_graphic_words_joined_keep_one_graphics_check(q, kind):
    d = derive(parse_question(q))
    assert d.spec is not None and d.spec.probe == "graphics" and d.spec.params["kind"] == kind


@pytest.mark.parametrize("q", [
    "How many figures and tables are on page 1?",
    "Does page 1 contain a chart or a table?",
    "How many charts, tables and images are on page 1?",
    "How many people or dogs are in the picture on page 1?",
    "How many bicycles or cars are in the picture on page 1?",
    "How many cars and buses are in the photo on page 1?",
])
def test_things_no_one_check_measures_together_have_no_check(q):
    assert derive(parse_question(q)).spec is None


@pytest.mark.parametrize("q", [
    "How many men and women are in the picture on page 1?",   # one detector class
    "How many charts are on page 1?",
    "Which charts, if any, are on page 1?",
    "In the picture, how many people are there on page 1?",
])
def test_controls_keep_their_check(q):
    assert derive(parse_question(q)).spec is not None


STREET = "8e7c4cb542ad160f80fb3d795ada35d8.pdf"


@pytest.fixture(scope="module")
def street_pdf(corpus: Path, tmp_path_factory) -> Path:
    """The corpus street photo (cars, no bicycle) alone on a page beside one line of text."""
    from widening.detector import centernet

    if centernet.unavailable():
        pytest.skip("object detector not installed")
    src = corpus / "documents" / STREET
    if not src.is_file():
        pytest.skip(f"corpus PDF {STREET} not present")
    s = pymupdf.open(src)
    xref = next(i["xref"] for i in s[1].get_image_info(xrefs=True) if i["bbox"][0] > 150 and i["bbox"][1] > 400)
    pix = pymupdf.Pixmap(s, xref)
    if pix.alpha or pix.n > 3:
        pix = pymupdf.Pixmap(pymupdf.csRGB, pix)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Street scene in the city centre.", fontsize=12)
    page.insert_image(pymupdf.Rect(100, 150, 500, 450), pixmap=pix)
    return pdfs.save(doc, tmp_path_factory.mktemp("street") / "street.pdf")


def test_bicycles_or_cars_on_a_photo_of_cars_is_not_widened(street_pdf):
    """Before: objects(bicycle) alone ran and found none; the photo shows five cars."""
    d = pdfs.decide(street_pdf, "How many bicycles or cars are in the picture on page 1?")
    assert d.decision == "keep", d.reason


def test_horses_and_a_box_truck_on_a_photo_with_a_truck_is_not_widened(street_pdf):
    """Before: objects(horse) alone ran (the box truck only "narrowed" it) and found none; the detector
    sees the truck in the photo."""
    d = pdfs.decide(street_pdf, "How many horses and a box truck are in the photo on page 1?")
    assert d.decision == "keep", d.reason


def test_bicycles_alone_on_the_photo_of_cars_still_widens(street_pdf):
    """Control: no bicycle in the photo."""
    d = pdfs.decide(street_pdf, "How many bicycles are in the picture on page 1?")
    assert d.decision == "widen", d.reason


# ------------------------------------------------------------------ a colour OR a style

@settings(max_examples=10, deadline=None)
@given(plant=st.sampled_from(["red", "style"]),
       q=st.sampled_from(["What is the text in red or {s} on page 1?", "What are the red or {s} words on page 1?",
                          "Which words are {s} or red on page 1?", "What are the red and {s} words on page 1?"]),
       style=st.sampled_from(["bold", "italic"]))
def test_text_of_a_colour_or_a_style_is_never_widened_on_a_page_with_either(tmp_path_factory, plant, q, style):
    """Before: text_style(styles=[style], colour=red) wanted both at once and widened a page with red
    upright text (or black bold text) that the question asks for."""
    words = {"italic": "italics" if "in red or" in q else "italic", "bold": "bold"}[style]
    question = q.format(s=words)
    font = "helv" if plant == "red" else {"bold": "hebo", "italic": "tiit"}[style]
    colour = (0.9, 0, 0) if plant == "red" else (0, 0, 0)
    pdf = _page_with(tmp_path_factory.mktemp("s") / "t.pdf", lambda p: pdfs.text(p, (72, 250), "Keep away from water", font=font, colour=colour, size=12))
    d = pdfs.decide(pdf, question)
    assert d.decision == "keep", (question, plant, d.reason)


@pytest.mark.parametrize("q", ["What is the red italic text on page 1?", "What is the bold red text on page 1?",
                               "What words are both red and bold on page 1?", "What text is bold and red on page 1?"])
def test_a_colour_with_a_style_together_still_has_its_check(tmp_path, q):
    """Control: asked together ("bold red", "both red and bold", "is bold and red"), one text_style check
    measures it, and a page with red upright text only still widens."""
    pdf = _page_with(tmp_path / "t.pdf", lambda p: pdfs.text(p, (72, 250), "Keep away from water", colour=(0.9, 0, 0), size=12))
    d = pdfs.decide(pdf, q)
    assert d.decision == "widen", d.reason


# ------------------------------------------------------------------ counted words joined

def _cat_dog(path: Path) -> Path:
    doc = pdfs.new_doc(1)
    pdfs.text(doc[0], (72, 72), "The cat sat on the mat while the dog slept by the door.")
    pdfs.text(doc[0], (72, 90), "Later the dog chased the cat around the garden.")
    return pdfs.save(doc, path)


@pytest.mark.parametrize("q", ["How many times do the words cat and dog appear on page 1?",
                               "How many times do the words cat or dog appear on page 1?",
                               "How many times are the terms cat and dog mentioned on page 1?"])
def test_counted_words_joined_unquoted_are_not_widened_where_each_is_printed(tmp_path, q):
    """Before: text_search("cat and dog") looked for the phrase, found none, and widened."""
    d = pdfs.decide(_cat_dog(tmp_path / "cd.pdf"), q)
    assert d.decision == "keep", d.reason


@pytest.mark.parametrize("q, decision", [("How many times does the word horse appear on page 1?", "widen"),
                                         ("How many times does the word cat appear on page 1?", "keep"),
                                         ("How many times does the phrase 'cat and mouse' appear on page 1?", "widen")])
def test_one_counted_word_or_a_quoted_phrase_keeps_its_check(tmp_path, q, decision):
    d = pdfs.decide(_cat_dog(tmp_path / "cd.pdf"), q)
    assert d.decision == decision, d.reason


# ------------------------------------------------------------------ a shade of a colour

def _coloured_line(path: Path, rgb) -> Path:
    return _page_with(path, lambda p: pdfs.text(p, (72, 250), "Keep away from water", colour=rgb, size=12))


@pytest.mark.parametrize("q, rgb", [("What is the dark red text on page 1?", (1, 0, 0)),
                                    ("Which words are in light red on page 1?", (1, 0, 0)),
                                    ("What is the light green text on page 1?", (0, 0.5, 0)),
                                    ("What are the pale blue words on page 1?", (0, 0, 0.8))])
def test_a_shade_is_never_claimed_on_text_of_another_shade(tmp_path, q, rgb):
    """Before: "dark red" was read as the red family, exact, and short_not_empty rested on bright red
    #ff0000 text: a claim the page refutes. The family's finds are candidates of the shade."""
    d = pdfs.decide(_coloured_line(tmp_path / "t.pdf", rgb), q)
    assert d.decision == "keep" and d.case == "unverifiable", (d.case, d.reason)


@pytest.mark.parametrize("q, rgb, case", [("What is the red text on page 1?", (1, 0, 0), "short_not_empty"),
                                          ("What is the bold red text on page 1?", (1, 0, 0), None),
                                          ("What is the dark red text on page 1?", (0, 0, 0), None)])
def test_colour_controls(tmp_path, q, rgb, case):
    """Controls: a colour without a shade still makes members; a page with no red text still widens."""
    d = pdfs.decide(_coloured_line(tmp_path / "t.pdf", rgb), q)
    assert d.case == case, d.reason
