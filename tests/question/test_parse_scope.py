"""The page scope a question names is read exactly or as a superset, never narrower (review rv6).

Each row of the table gives the pages the words name (by construction of the question); the
parsed scope must contain every one of them, or be the whole document. A page the parser drops
turns a planted thing on it into a false zero, so a narrower scope is the bug these rows catch.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening import rulebook
from widening.models import ContainerKind, ParsedQuestion
from widening.question.parse import parse_question

# Named places: an int is a page (or slide) as said; ("last", k) the k-th page from the end;
# ("fig", "2") / ("table", "2") a captioned container; IN_SECTION a page only a section's own
# pages resolve, which only the whole document covers here.
IN_SECTION = ("in_section", None)


def scope(p: ParsedQuestion) -> set | None:
    """The places the parse reads, or None for the whole document (a section, "in the appendix", is read as it)."""
    if any(c.kind in (ContainerKind.document, ContainerKind.section) for c in p.containers):
        return None
    out: set = set()
    for c in p.containers:
        if c.kind is ContainerKind.page_range:
            out |= set(range(min(c.first, c.last), max(c.first, c.last) + 1))
        elif c.kind in (ContainerKind.page, ContainerKind.slide) and c.number and c.number.isdigit():
            out.add(int(c.number))
        elif c.kind is ContainerKind.last_page:
            out.add(("last", int(c.number or 1)))
        elif c.kind is ContainerKind.cover:
            out.add(("cover", c.number))
        elif c.kind in (ContainerKind.figure, ContainerKind.table, ContainerKind.chart):
            out.add(("fig" if c.kind is ContainerKind.figure else c.kind.value, c.number))
    return out


def covers(p: ParsedQuestion, named: set) -> bool:
    got = scope(p)
    return got is None or named <= got


# The reviewer's cases (rv6 items 1-17 and the parser-only suspicions), each with what it names.
REVIEW_CASES = [
    ("rv6-1 list then range", "How many images are on pages 5 and 7-9?", {5, 7, 8, 9}),
    ("rv6-2 range then list", "How many images are on pages 5-7 and 9?", {5, 6, 7, 9}),
    ("rv6-3 slides comma range", "How many images are on slides 3, 5-7?", {3, 5, 6, 7}),
    ("rv6-4 slash", "How many images are on page 5/6?", {5, 6}),
    ("rv6-5 ordinal list", "How many images are on the 5th and 6th page?", {5, 6}),
    ("rv6-6 first and last", "How many images are on the first and last page?", {1, ("last", 1)}),
    ("rv6-7a page after", "How many images are on the page after page 5?", {6}),
    ("rv6-7b page following", "How many images are on the page following page 5?", {6}),
    ("rv6-7d page before", "How many images are on the page before page 5?", {4}),
    ("rv6-8 slide after", "How many images are on the slide after slide 3?", {4}),
    ("rv6-9 after the cover", "How many images are on the second page after the cover?", {3}),
    ("rv6-10a open after", "How many images are there after page 3?", {4, 5, 6}),
    ("rv6-10b open up to", "How many images are there up to page 5?", {1, 2, 3, 4, 5}),
    ("rv6-11 and the following", "How many images are on page 3 and the following page?", {3, 4}),
    ("rv6-12 word range", "How many images are on pages ten to twelve?", {10, 11, 12}),
    ("rv6-13 last but one", "How many images are on the last page but one?", {("last", 2)}),
    ("rv6-14 first page of chapter", "How many images are on the first page of Chapter 3?", {IN_SECTION}),
    ("rv6-15 last page of section", "How many images are on the last page of Section 2?", {IN_SECTION}),
    ("rv6-16 page of the appendix", "How many images are on page 2 of the appendix?", {IN_SECTION}),
    ("rv6-17a figure list", "How many red bars are in Figure 2 and 3?", {("fig", "2"), ("fig", "3")}),
    ("rv6-17b table list", "How many red cells are in Table 2 and 3?", {("table", "2"), ("table", "3")}),
    ("rv6-s1 page one hundred", "How many images are on page one hundred?", {100}),
    ("rv6-s2 singular comma", "How many images are on page 5, 6?", {5, 6}),
    ("rv6-s3 between", "How many images are between page 10 and page 12?", {10, 11, 12}),
    ("rv6-e1a Pg.", "How many images are on Pg. 9?", {9}),
    ("rv6-e1b PG", "How many images are on PG 9?", {9}),
    # The same mechanisms in other words.
    ("mixed list", "How many images are on pages 5, 7-9 and 11?", {5, 7, 8, 9, 11}),
    ("from to", "How many figures are in this paper from Page 3 to Page 10?", set(range(3, 11))),
    ("starting from", "Starting from page 62, how many pages are about the scholarship?", {63, 64}),
    ("onwards", "How many images are on page 4 onwards?", {4, 5, 6}),
    ("next page", "How many images are on page 3 and the next page?", {3, 4}),
    ("positions after", "How many numbers are mentioned on Slide 27 and the slide two positions after it?", {27, 29}),
    ("pgs", "How many images are on pgs 3 and 4?", {3, 4}),
    ("pp no dot", "How many images are on pp 3-5?", {3, 4, 5}),
    ("ordinal plural", "How many images are on the second and third pages?", {2, 3}),
    ("ordinal or", "How many images are on the fifth or sixth slide?", {5, 6}),
    ("word list", "How many images are on pages nine and eleven?", {9, 11}),
    ("hundred and", "How many images are on page one hundred and five?", {105}),
    ("through open", "How many images are there through page 5?", {1, 2, 3, 4, 5}),
    ("page after first page and page 7", "How many images are on the page after the first page and on page 7?", {2, 7}),
    ("between pages", "How many images are between pages 10 and 12?", {10, 11, 12}),
    ("range backwards", "How many images are on pages 9-7?", {7, 8, 9}),
    ("relative in exclusion", "Apart from the page after page 2, how many images are on pages 1 to 4?", {1, 2, 3, 4}),
]


@pytest.mark.parametrize("name, question, named", REVIEW_CASES, ids=[c[0] for c in REVIEW_CASES])
def test_scope_contains_every_named_page(name: str, question: str, named: set) -> None:
    p = parse_question(question)
    assert covers(p, named), f"{question!r}: parsed {scope(p)}, named {named}"
    if name == "relative in exclusion":
        assert not p.excluded, "an exclusion read only partly must set nothing aside"


# What the parser read exactly before stays exact (no superset where the words are plain).
EXACT = [
    ("What is on page 9?", {9}),
    ("How many images are on pages 5 and 7?", {5, 7}),
    ("How many images are on pages 5, 7 and 9?", {5, 7, 9}),
    ("How many images are on page 5 and page 7?", {5, 7}),
    ("How many images are on page 5 to 7?", {5, 6, 7}),
    ("How many images are on pp. 5–7?", {5, 6, 7}),
    ("How many images are on slides 3-4?", {3, 4}),
    ("How many images are on the ninth page?", {9}),
    ("How many images are on page nine?", {9}),
    ("How many images are on p. 9?", {9}),
    ("How many images are on page twenty-one?", {21}),
    ("How many images are on the second last page?", {("last", 2)}),
    ("How many images are on the 2nd slide?", {2}),
    ("How many people are in the figure on page 2 and the bars in the figures on page 4?", {2, 4}),
    ("How many red bars are in Figure 2 and Figure 3?", {("fig", "2"), ("fig", "3")}),
    ("How many signatures are on the page 15 and page 16?", {15, 16}),
    ("What is on page 3, 2019 survey?", {3}),
]


@pytest.mark.parametrize("question, named", EXACT)
def test_plain_scopes_stay_exact(question: str, named: set) -> None:
    assert scope(parse_question(question)) == named


def test_a_relative_page_says_why_the_scope_is_the_whole_document() -> None:
    p = parse_question("How many images are on the page after page 5?")
    assert scope(p) is None
    assert any("whole document" in n and "after" in n for n in p.notes), p.notes


def test_a_page_abbreviation_is_no_presupposed_name() -> None:
    for q in ("How many images are on Pg. 9?", "How many images are on PG 9?", "How many images are on pgs 9 and 10?"):
        p = parse_question(q)
        assert not [x for x in p.qualifiers if x.text.lower().startswith("pg")], (q, p.qualifiers)


def test_a_region_goes_only_to_the_page_it_is_attached_to() -> None:
    p = parse_question("How many images are at the top of page 3 and on page 5?")
    regions = {c.number: c.region for c in p.containers}
    assert regions["5"] is None, "page 5 is named without a region: all of it is looked at"
    assert regions["3"] in ("top", None)
    one = parse_question("How many images are at the top of page 3?")
    assert [c.region for c in one.containers] == ["top"]  # a control: the region still applies to its own page
    both = parse_question("How many images are at the top of pages 3 and 5?")
    assert {c.region for c in both.containers} == {"top"}


HALVES = {"top": ["top half", "upper half"], "bottom": ["bottom half", "lower half"],
          "left": ["left half", "left side", "left-hand side"], "right": ["right half", "right side", "right hand side"]}


@settings(max_examples=40, deadline=None)
@given(region=st.sampled_from(sorted(HALVES)), data=st.data())
def test_a_half_or_side_of_a_page_is_its_region(region: str, data) -> None:
    """"In the bottom half of page 1" was read as all of page 1: a red word in the top half was then
    the ground of "short, not empty" for the bottom half. Half and side phrasings name the region."""
    words = data.draw(st.sampled_from(HALVES[region]), label="words")
    place = data.draw(st.sampled_from(["page 4", "slide 4", "Page 4"]), label="place")
    shape = data.draw(st.sampled_from(["How many red words are in the {w} of {p}?", "What images appear on the {w} of {p}?",
                                       "On the {w} of {p}, how many logos are there?"]), label="shape")
    q = shape.format(w=data.draw(st.sampled_from([words, words.upper(), words.capitalize()]), label="case"), p=place)
    assert [(c.number, c.region) for c in parse_question(q).containers] == [("4", region)], q


def test_a_side_of_a_thing_that_is_not_a_page_is_no_region() -> None:
    """Control: the side of a chart, a camera or a building is no part of the page: the whole page is looked at."""
    for q in ["Which team is on the left side of the chart on page 3?", "What is on the left side of the Thinkpad's camera?",
              "How many people are in the bottom half of the picture on page 2?"]:
        assert all(c.region is None for c in parse_question(q).containers), q


@settings(max_examples=30, deadline=None)
@given(part=st.sampled_from(["left column", "right column", "second column", "first paragraph", "last paragraph", "sidebar", "footnotes", "header", "footer"]),
       prep=st.sampled_from(["in", "on", "within"]), data=st.data())
def test_a_part_of_a_page_no_region_delimits_narrows_the_asked_set(part: str, prep: str, data) -> None:
    """"The red words in the left column of page 1" were measured on all of page 1, and a red word in
    the right column made the row short_not_empty. The whole page is still the scope (a wider one only
    finds more), but the part narrows the set: its finds are candidates."""
    shape = data.draw(st.sampled_from(["How many red words are {p} the {x} of page 1?", "What are the italic words {p} the {x} on page 2?",
                                       "{P} the {x} of slide 3, how many bold words are there?"]), label="shape")
    q = shape.format(p=prep, P=prep.capitalize(), x=data.draw(st.sampled_from([part, part.upper()]), label="case"))
    parsed = parse_question(q)
    assert parsed.target.narrowed and part.split()[-1] in parsed.target.narrowed.lower(), (q, parsed.target)
    assert all(c.region is None for c in parsed.containers), "no region is made up for it: the whole page is looked at"


def test_a_part_word_that_is_the_asked_thing_narrows_nothing() -> None:
    """Control: counting paragraphs, or asking what a paragraph says, places nothing in a part of the page."""
    for q in ["How many paragraphs are on page 2?", "What is the first paragraph about?", "How many columns does Table 2 have?"]:
        assert parse_question(q).target.narrowed is None, q


# --------------------------------------------------------------------------- styles

STYLE_CASES = [
    ("How many italic or bold words are on page 2?", {"italic", "bold"}, True),
    ("How many words are in bold or italics on page 2?", {"italic", "bold"}, True),
    ("How many underlined or bold words are on page 2?", {"underline", "bold"}, True),
    ("How many italic and bold words are on page 2?", {"italic", "bold"}, True),  # ambiguous: the union
    ("How many bold italic words are on page 2?", {"italic", "bold"}, False),
    ("How many words that are both bold and italic are on page 2?", {"italic", "bold"}, False),
    ("what is the texts of the underlined italic words in page 2?", {"underline", "italic"}, False),
]


@pytest.mark.parametrize("question, styles, any_style", STYLE_CASES)
def test_or_between_styles_is_the_union(question: str, styles: set, any_style: bool) -> None:
    t = parse_question(question).target
    assert set(t.styles) == styles and t.any_style is any_style


def test_the_derived_check_measures_the_union() -> None:
    from widening.engine.checks import derive

    d = derive(parse_question("How many italic or bold words are on page 2?"))
    assert d.spec is not None and d.spec.probe == "text_style" and d.spec.params.get("match") == "any"
    both = derive(parse_question("How many bold italic words are on page 2?"))
    assert both.spec is not None and both.spec.params.get("match", "all") == "all"


# --------------------------------------------------------------------------- properties


def _words() -> dict[int, str]:
    v = rulebook.load("vocabulary")
    out = {n: w for w, n in v["number_words"].items()}
    for t, tn in v["tens_words"].items():
        out[tn] = t
        for u in range(1, 10):
            out[tn + u] = f"{t}-{out[u]}"
    return out


NUMBER_WORDS = _words()


def _say(n: int, form: str) -> str:
    if form == "word" and n in NUMBER_WORDS:
        return NUMBER_WORDS[n]
    if form == "word" and 100 <= n < 200 and (n - 100 == 0 or n - 100 in NUMBER_WORDS):
        return "one hundred" + ("" if n == 100 else f" and {NUMBER_WORDS[n - 100]}")
    return str(n)


item = st.one_of(
    st.integers(1, 150).map(lambda n: (n, n)),
    st.tuples(st.integers(1, 150), st.integers(1, 6)).map(lambda t: (t[0], t[0] + t[1])),
)


@settings(max_examples=300, deadline=None)
@given(
    items=st.lists(item, min_size=1, max_size=5),
    head=st.sampled_from(["pages", "page", "slides", "pp.", "pgs", "Pages"]),
    form=st.sampled_from(["digit", "word"]),
    join=st.sampled_from([", ", " and ", " & ", " or ", "/", ", and "]),
    last_join=st.sampled_from([" and ", " or ", ", and ", None]),
    dash=st.sampled_from(["-", "–", " to ", " through ", " - "]),
    repeat_head=st.booleans(),
)
def test_any_written_page_list_is_covered(items, head, form, join, last_join, dash, repeat_head) -> None:
    word = head.rstrip("s.").lower() if repeat_head else ""
    said = []
    for i, (a, b) in enumerate(items):
        text = _say(a, form) if a == b else f"{_say(a, form)}{dash}{_say(b, form)}"
        said.append((f"{word} " if word and i else "") + text)
    body = said[0]
    for i, s in enumerate(said[1:], 1):
        body += (last_join if last_join and i == len(said) - 1 else join) + s
    q = f"How many images are on {head} {body}?"
    named = {n for a, b in items for n in range(a, b + 1)}
    p = parse_question(q)
    assert covers(p, named), f"{q!r}: parsed {scope(p)}, named {named}"


@settings(max_examples=150, deadline=None)
@given(
    ns=st.lists(st.integers(1, 30), min_size=1, max_size=4, unique=True),
    join=st.sampled_from([", ", " and ", " or ", "/", ", and "]),
    word=st.sampled_from(["page", "pages", "slide", "slides"]),
    last=st.booleans(),
)
def test_any_ordinal_page_list_is_covered(ns, join, word, last) -> None:
    def ordinal(n: int) -> str:
        return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"

    said = [ordinal(n) for n in ns] + (["last"] if last else [])
    if len(said) == 1 and word.endswith("s"):
        word = word[:-1]
    q = f"How many images are on the {join.join(said)} {word}?"
    named = set(ns) | ({("last", 1)} if last else set())
    p = parse_question(q)
    assert covers(p, named), f"{q!r}: parsed {scope(p)}, named {named}"


RELATIVE = ["the page after page {n}", "the page before page {n}", "the page following page {n}", "the slide after slide {n}",
            "the page preceding page {n}", "page {n} and the following page", "page {n} and the next page", "after page {n}",
            "before page {n}", "up to page {n}", "page {n} onwards", "page {n} of Chapter 2", "the {o} page of Section 3",
            "page {n} of the appendix", "the {o} page after the cover", "the last page but one", "pages after page {n}",
            "since page {n}", "page {n} and beyond", "page {n} or later", "until page {n}"]


@settings(max_examples=120, deadline=None)
@given(pattern=st.sampled_from(RELATIVE), n=st.integers(2, 40), extra=st.sampled_from(["", " and on page 1", " and on pages 2-3"]))
def test_a_relative_page_phrase_reads_the_whole_document(pattern: str, n: int, extra: str) -> None:
    phrase = pattern.format(n=n, o=["first", "second", "third", "last"][n % 4])
    p = parse_question(f"How many images are on {phrase}{extra}?")
    assert scope(p) is None, f"{phrase!r}: parsed {scope(p)}"
