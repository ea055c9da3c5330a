"""A name the question presupposes, whatever its shape, is read as a name; a word that names what is counted is not.

A title makes the word after it a person's name, however ordinary the word ("Mr. Brown", "Dr Green", "President
Brown": rules/qualifiers.yaml ``honorifics``), and its period ends no sentence ("Mr. Smith" is no sentence's first
word). A capital of any script opens a name ("Ørsted", "Þórsson", "Émile Zola", "Łódź"); a brand's capital may come
after its first small letters ("iPhone", "eBay"); a language's sign goes with its letter ("C++", "C#"); a hyphenated
head keeps its number ("Wi-Fi 6"); «…» and „…“ quote a term. In a Title Case question a word cased as only a name is
("NASA", "iPhone", "Ørsted") is still a name. The converse: a chart's kind ("Pie Charts", "Histograms"), a code's
("QR Code"), an extreme ("the Maximum value") and a unit cased inside ("kWh") are no names, so a document that draws a
pie chart without printing "pie" is never said to lack one.

End to end, each name makes the row absent_entity on a document that never prints it (it widened before) and no
absent_entity on one that prints it.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.question.parse import parse_question


def names(q: str) -> list[str]:
    return [x.text for x in parse_question(q).qualifiers if x.kind == "name"]


def qualifiers(q: str) -> list[tuple[str, str]]:
    return [(x.kind, x.text) for x in parse_question(q).qualifiers]


ASKS = ["How many charts about {n} are in the document?", "What did {n} say on page 2?", "How many charts does {n} present?",
        "Which slides mention {n}?", "According to the report, how many photos of {n} are there?"]


@settings(max_examples=80, deadline=None)
@given(title=st.sampled_from(["Mr.", "Mr", "Mrs.", "Ms.", "Dr.", "Dr", "Prof.", "Sir", "Dame", "Capt.", "President", "Sen."]),
       surname=st.sampled_from(["Brown", "Green", "White", "Smith", "Okafor", "Rose"]), ask=st.sampled_from(ASKS))
def test_the_word_after_a_title_is_a_name_however_ordinary(title: str, surname: str, ask: str) -> None:
    assert names(ask.format(n=f"{title} {surname}")) == [surname]


@pytest.mark.parametrize("question, expected", [
    ("Mr. Brown wrote how many charts?", ["Brown"]),
    ("How many charts does Mr. X present?", ["Mr. X"]),
    ("How many charts are in Brown's report?", ["Brown"]),  # a colour owns nothing: someone's name
    ("What does Mr. John Smith say?", ["John Smith"]),
    ("Who is the CEO of Quillfeather Ltd?", ["Quillfeather Ltd"]),  # a title before "of" makes no name
    ("How many images of St. Louis are there?", ["Louis"]),  # "St." ends no sentence
    ("Who hosted the summit in Saint Petersburg?", ["Saint Petersburg"]),
])
def test_titles_and_possessives(question: str, expected: list[str]) -> None:
    assert names(question) == expected


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(["Ørsted", "Þórsson", "Œrsted", "Ærø", "Łódź", "Émile Zola", "Ólafur Arnalds", "Øystein", "Ðorđe", "ÆON"]),
       ask=st.sampled_from(ASKS))
def test_a_capital_of_any_script_opens_a_name(name: str, ask: str) -> None:
    assert names(ask.format(n=name)) == [name]


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(["iPhone", "eBay", "iPad", "macOS", "C++", "C#", "F#"]), ask=st.sampled_from(ASKS))
def test_brands_in_lower_case_and_languages_with_signs_are_names(name: str, ask: str) -> None:
    assert names(ask.format(n=name)) == [name]


@pytest.mark.parametrize("question, expected", [
    ("How many charts about Wi-Fi 6 are in the document?", [("numbered", "Wi-Fi 6")]),
    ("How many charts are in «Annual Review»?", [("quoted", "Annual Review")]),
    ("How many charts are in „Annual Review“?", [("quoted", "Annual Review")]),
    ("How Many Charts About Ørsted Are There?", [("name", "Ørsted")]),
    ("How Many Charts About NASA Are There?", [("name", "NASA")]),
    ("How Many Charts About iPhone Sales Are There?", [("name", "iPhone")]),
    ("HOW MANY CHARTS ABOUT NASA ARE THERE?", []),  # in capitals, no word's shape says anything
])
def test_numbered_quoted_and_title_case_names(question: str, expected: list[tuple[str, str]]) -> None:
    assert qualifiers(question) == expected


@pytest.mark.parametrize("question", [
    "How many Pie Charts are on page 1?", "How many Doughnut Charts are on page 1?", "How many Histograms are on page 1?",
    "Is there a QR Code on page 1?", "How many QR codes are on page 1?", "What is the Maximum value in the chart on page 1?",
    "How many charts show kWh per household?", "How many mAh is the battery on page 2?", "How many dB does it emit on page 2?",
    "What is the Lowest bar on page 1?",
])
def test_what_is_counted_or_measured_is_no_name(question: str) -> None:
    assert names(question) == []


def test_control_a_database_in_capitals_is_still_a_name() -> None:
    assert names("Which companies use a structured DB in their infrastructure?") == ["DB"]


ABSENT = ["How many charts about Mr. Brown are on page 1?", "How many charts about Mr. Smith are on page 1?",
          "How many charts about Dr. Green are on page 1?", "How many charts about President Brown are on page 1?",
          "How many charts about Ørsted are on page 1?", "How many charts about Þórsson are on page 1?",
          "How many charts about Łódź are on page 1?", "How many charts about iPhone are on page 1?",
          "How many charts about eBay are on page 1?", "How many charts about C++ are on page 1?",
          "How many charts does Mr. X present on page 1?"]


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Path:
    doc = pdfs.new_doc(2)
    pdfs.text(doc[0], (72, 100), "The survey was run online in the spring.")
    pdfs.text(doc[1], (72, 100), "The board met twice during the year.")
    return pdfs.save(doc, tmp_path_factory.mktemp("n") / "plain.pdf")


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> Path:
    doc = pdfs.new_doc(2)
    for i, line in enumerate(["Mr. Brown and Mr. Smith met Dr. Green and President Brown.", "Ørsted, Þórsson and Łódź were named.",
                              "The iPhone sold on eBay; the code is in C++.", "Mr. X spoke last."]):
        doc[0].insert_text((72, 100 + 20 * i), line, fontsize=11, fontfile=str(pdfs.DEJAVU_SANS), fontname="dv")
    pdfs.text(doc[1], (72, 100), "The board met twice during the year.")
    return pdfs.save(doc, tmp_path_factory.mktemp("n") / "printed.pdf")


@pdfs.needs_dejavu
@pytest.mark.parametrize("question", ABSENT)
def test_a_name_the_document_never_prints_is_absent_never_widened(plain: Path, printed: Path, question: str) -> None:
    d = pdfs.decide(plain, question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    d = pdfs.decide(printed, question)  # control: printed, so never claimed absent
    assert d.case != "absent_entity", d.reason


@pytest.fixture(scope="module")
def pie(tmp_path_factory) -> Path:
    """A pie chart of three drawn sectors with no word "pie" or "chart" on the page."""
    doc = pdfs.new_doc(2)
    page = doc[0]
    pdfs.text(page, (72, 80), "Market share by region, 2020.")
    start = pymupdf.Point(300, 250)
    for angle, fill in zip((120, 140, 100), [(0.8, 0.1, 0.1), (0.1, 0.5, 0.8), (0.2, 0.7, 0.2)]):
        shape = page.new_shape()
        start = shape.draw_sector(pymupdf.Point(200, 250), start, angle, fullSector=True)
        shape.finish(color=(1, 1, 1), fill=fill)
        shape.commit()
    pdfs.text(doc[1], (72, 100), "The board met twice during the year.")
    return pdfs.save(doc, tmp_path_factory.mktemp("n") / "pie.pdf")


@pytest.mark.parametrize("question", ["How many Pie Charts are on page 1?", "How many Doughnut Charts are on page 1?",
                                      "What is the Maximum value in the pie chart on page 1?"])
def test_a_drawn_pie_chart_is_never_said_to_be_absent(pie: Path, question: str) -> None:
    d = pdfs.decide(pie, question)
    assert d.case != "absent_entity", d.reason
    assert d.decision == "keep", d.reason


@pytest.mark.parametrize("q", ["How many charts about Mr. Brown are on page 1?", "How many charts did Dr Brown draw on page 1?",
                               "How many of Brown's charts are on page 1?"])
def test_a_surname_that_is_a_colour_word_is_no_colour_of_the_asked_thing(tmp_path, q):
    # "Brown" after a title or with a possessive is a person: a check of brown graphics found none beside a black
    # chart about him, and widened.
    doc = pdfs.new_doc(1)
    pdfs.text(doc[0], (72, 80), "Sales handled by Mr. Brown", size=14)
    pdfs.bar_chart(doc[0], (100, 400), [40, 80, 60], [(0, 0, 0)] * 3)
    pdf = pdfs.save(doc, tmp_path / "brown.pdf")
    assert parse_question(q).target.colour is None, q
    d = pdfs.decide(pdf, q)
    assert d.decision == "keep", (q, d.reason)


def test_control_a_brown_bar_question_still_measures_brown():
    assert parse_question("How many brown bars are on page 1?").target.colour == "brown"
