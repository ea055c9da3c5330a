"""Question understanding: each shape the engine must recognise, and properties over generated text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widening.models import ContainerKind, ParsedQuestion
from widening.question.parse import parse_question


def kinds(p: ParsedQuestion) -> list[tuple[str, str | None]]:
    return [(c.kind.value, c.number) for c in p.containers]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("What is on page 9?", [("page", "9")]),
        ("What is INF FAX No on page thirteen?", [("page", "13")]),
        ("what is the color of the stamp in the 6th page?", [("page", "6")]),
        ("Which group in Slide 4 in 2018?", [("slide", "4")]),
        ("What is the title of the of the Figure 7?", [("figure", "7")]),
        ("What are the compared item with red color in Table1-1?", [("table", "1-1")]),
        ("Who is the commanding officer at the last page?", [("last_page", None)]),
        ("What color is the train on the cover?", [("cover", None)]),
        ("What is it?", [("document", None)]),
    ],
)
def test_containers(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert kinds(parse_question(text)) == expected


def test_page_range_and_missing_number_words() -> None:
    p = parse_question("How many figures are provided in Pages 400-640?")
    (c,) = p.containers
    assert (c.kind, c.first, c.last) == (ContainerKind.page_range, 400, 640)
    assert p.quantifier == "how_many" and p.target.element == "figure"


def test_style_and_colour_target() -> None:
    p = parse_question("What is the yellow color italic texts in page 9?")
    assert p.target.styles == ("italic",) and p.target.colour == "yellow" and p.target.element == "text"
    u = parse_question("what is the texts of the underlined italic words in page 2?")
    assert set(u.target.styles) == {"underline", "italic"}


def test_picture_region_and_person() -> None:
    p = parse_question("What is the job of the contact person in the picture at the top left of page 42?")
    (c,) = p.containers
    assert (c.number, c.region, c.in_image) == ("42", "top_left", True)
    assert p.target.person


def test_sunglasses_misspelt() -> None:
    p = parse_question("How many people with sun glassess are there in  Page 5?")
    assert p.target.attribute == "sunglasses" and p.target.person and kinds(p) == [("page", "5")]


def test_value_predicate() -> None:
    p = parse_question("Which area of New York has more than 23% land area rezoned?")
    pr = p.target.predicate
    assert pr is not None and (pr.op, pr.value, pr.column, pr.percent) == (">", 23.0, "land area rezoned", True)
    assert [q.text for q in p.qualifiers] == ["New York"]


def test_complement_cardinality_and_excluded_container() -> None:
    p = parse_question("Besides the two companies on page 42, what is the contact phone number of another two companies?")
    assert p.complement == "besides" and p.cardinality == 2
    assert [c.number for c in p.excluded] == ["42"] and kinds(p) == [("document", None)]
    assert p.target.pattern == "phone"


def test_unbounded_complement_words() -> None:
    p = parse_question("List all the icons about signals that can not be found in Status Bar")
    assert p.complement == "can not" and p.cardinality is None and p.quantifier == "list"


def test_qualifiers_years_levels_names() -> None:
    p = parse_question("What is the benefit of level-6 in the system has passed TRUCS in Page 8?")
    got = {(q.kind, q.text) for q in p.qualifiers}
    assert ("level", "level-6") in got and ("name", "TRUCS") in got
    y = parse_question("In 2014, respondents who believe traditional values are outdated increased compared to 2001?")
    assert [q.text for q in y.qualifiers if q.kind == "year"] == ["2014", "2001"]


def test_map_and_illustration_shapes() -> None:
    m = parse_question("Name a restaurant between 45th Ave. and 44th Ave..")
    assert m.quantifier == "name_one" and m.target.venue == "Eating" and m.target.between == ("45th Ave", "44th Ave")
    i = parse_question("Which Youtube does the slides use to show the consequce of having a weak data leadership?")
    assert i.target.item == "youtube" and i.target.topic == ("weak", "data", "leadership")


def test_stylised_pictures_are_flagged() -> None:
    assert parse_question("In the cartoon in page 25, what does the elephant represent?").target.stylised


words = st.sampled_from(["what", "is", "the", "on", "page", "chart", "red", "Boeing", "not", "2019", "of", "in", "slide", "3", "-", "?", "'x'"])


@given(st.lists(words, max_size=25).map(" ".join))
def test_parser_never_crashes_and_always_names_a_container(text: str) -> None:
    p = parse_question(text)
    assert p.containers, "every question has at least the document as container"
    for c in p.containers:
        if c.kind is ContainerKind.page_range:
            assert c.first is not None and c.last is not None


@given(st.integers(min_value=1, max_value=9999))
def test_any_page_number_is_read_back(n: int) -> None:
    assert kinds(parse_question(f"How many charts are on page {n}?")) == [("page", str(n))]


@pytest.mark.parametrize("text, expected", [
    ("How many rows are in Table A.1?", [("table", "A.1")]),
    ("How many rows are in Table A-1?", [("table", "A-1")]),
    ("How many rows are in Table A 1?", [("table", "A1")]),
    ("How many bars are in Figure B.2?", [("figure", "B.2")]),
    ("How many bars are in Supplementary Figure 3?", [("figure", "S3")]),
    ("How many rows are in Suppl. Table 2?", [("table", "S2")]),
    ("How many bars are in Supplementary Figure S3?", [("figure", "S3")]),
    ("How many bars are in Figure 3.2?", [("figure", "3.2")]),
    ("What is in Table A.", [("table", "A")]),
])
def test_appendix_and_supplement_caption_numbers(text: str, expected: list[tuple[str, str | None]]) -> None:
    """Regression (hunt F5, F6): "Table A.1" read as Table A, and "Supplementary" in "Supplementary Figure 3"
    as a name claimed absent beside the "Figure S3" the document prints."""
    p = parse_question(text)
    assert kinds(p) == expected
    assert not [q for q in p.qualifiers if "upp" in q.text.lower()]
