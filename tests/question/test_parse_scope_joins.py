"""Page and caption phrases the question reader once cut short or misread (scope hunt F1-F8).

Each case was a false widening or a claim the page refutes: a list ended at a joiner or dash the
reader did not know ("pages 3‑5", "3 and/or 4"), a count read as a page ("an 8 page report"), an open
range read as its two ends ("page 3 through the end"), one side of "the front and back cover" lost, a
figure list cut short, a misspelt page word, a count after "page 4," read as page 15, and a roman
figure number read as a name. The rule throughout: the parsed scope holds every page the words may
mean, or is the whole document; never narrower, and a guess never names a container to claim missing.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.models import ContainerKind, ParsedQuestion
from widening.question.parse import parse_question


def scope(p: ParsedQuestion) -> set | None:
    """The places the parse reads, or None for the whole document."""
    if any(c.kind is ContainerKind.document for c in p.containers):
        return None
    out: set = set()
    for c in p.containers:
        if c.kind is ContainerKind.page_range:
            out |= set(range(c.first, c.last + 1))
        elif c.kind in (ContainerKind.page, ContainerKind.slide):
            out.add(int(c.number) if c.number and c.number.isdigit() else c.number)
        elif c.kind is ContainerKind.last_page:
            out.add(("last", int(c.number or 1)))
        elif c.kind is ContainerKind.cover:
            out.add(("cover", c.number))
        else:
            out.add((c.kind.value, c.number))
    return out


def covers(p: ParsedQuestion, named: set) -> bool:
    got = scope(p)
    return got is None or named <= got


def _names(p: ParsedQuestion) -> list[str]:
    return [x.text for x in p.qualifiers if x.kind in ("name", "numbered", "model")]


# --------------------------------------------------------------------------- F1 joiners and dashes

DASHES = ["-", "\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2212", "~", "\uff5e", "\u301c", " ~ ", " - ", "\uff0d"]
JOINERS = [" and ", " & ", " or ", ", ", "/", " and/or ", " as well as ", " plus ", " and also ", " along with ",
           " together with ", "\u3001", "\uff0c", ", and "]
# Joiners no list reader knows: the number after them still keeps the scope from being narrower.
UNKNOWN = ["; ", "...", " \u2026 ", " and maybe ", " or else ", " with "]


@settings(max_examples=200, deadline=None)
@given(a=st.integers(1, 60), gap=st.integers(1, 6), dash=st.sampled_from(DASHES),
       head=st.sampled_from(["pages", "Pages", "pp.", "slides", "page"]), repeat=st.booleans(),
       digits=st.sampled_from(["ascii", "fullwidth"]))
def test_a_range_with_any_dash_reads_every_page_between(a: int, gap: int, dash: str, head: str, repeat: bool, digits: str) -> None:
    b = a + gap
    say = (lambda n: str(n)) if digits == "ascii" else (lambda n: "".join(chr(0xFF10 + int(d)) for d in str(n)))
    second = (head.rstrip("s.").lower() + " " if repeat else "") + say(b)
    q = f"How many images are on {head} {say(a)}{dash}{second}?"
    p = parse_question(q)
    assert covers(p, set(range(a, b + 1))), f"{q!r}: parsed {scope(p)}"


@settings(max_examples=200, deadline=None)
@given(ns=st.lists(st.integers(1, 90), min_size=2, max_size=4, unique=True), join=st.sampled_from(JOINERS + UNKNOWN),
       head=st.sampled_from(["pages", "slides", "pgs", "page"]))
def test_a_list_with_any_joiner_reads_every_page(ns: list[int], join: str, head: str) -> None:
    q = f"How many images are on {head} {join.join(map(str, ns))}?"
    p = parse_question(q)
    assert covers(p, set(ns)), f"{q!r}: parsed {scope(p)}"


@pytest.mark.parametrize("q, named", [
    ("How many images are on pages 3\u20115?", {3, 4, 5}),
    ("How many images are on pages 3~5?", {3, 4, 5}),
    ("How many images are on page 3 ~ page 5?", {3, 4, 5}),
    ("How many images are on pages 3 as well as 4?", {3, 4}),
    ("How many images are on pages 3 and/or 4?", {3, 4}),
    ("How many images are on pages 3\u30014?", {3, 4}),
    ("How many images are on pages 3 plus 4?", {3, 4}),
])
def test_known_joiners_and_dashes_read_exactly(q: str, named: set) -> None:
    assert scope(parse_question(q)) == named


@pytest.mark.parametrize("q", ["How many images are on pages 3?", "How many images are on pages 3; 5?", "How many images are on pages 3...5?",
                               "How many images are on slides 7?"])
def test_a_plural_page_word_with_one_number_or_a_lost_item_reads_the_whole_document(q: str) -> None:
    p = parse_question(q)
    assert scope(p) is None and any("whole document" in n for n in p.notes), (q, p.containers)


def test_a_name_keeps_its_own_dash() -> None:
    """The page reader folds dashes on its own copy: a name in the question keeps the characters it was written with."""
    p = parse_question("How many images of \u201cPlan A\u2013B\u201d are on pages 3\u20115?")
    assert [x.text for x in p.qualifiers] == ["Plan A\u2013B"], p.qualifiers
    assert scope(p) == {3, 4, 5}


# --------------------------------------------------------------------------- F2 cardinals are counts

@settings(max_examples=80, deadline=None)
@given(n=st.integers(1, 40), word=st.sampled_from(["page", "slide"]), spelt=st.booleans(),
       shape=st.sampled_from(["In this {n} {w} report, how many images are there?", "How many images does the {n} {w} report contain?",
                              "How many charts are in the {n} {w} deck?", "How many images are in the {n} {w} decks?"]))
def test_a_cardinal_before_a_singular_page_word_names_no_page(n: int, word: str, spelt: bool, shape: str) -> None:
    words = {1: "one", 2: "two", 3: "three", 8: "eight", 12: "twelve", 20: "twenty"}
    said = words.get(n, str(n)) if spelt else str(n)
    p = parse_question(shape.format(n=said, w=word))
    assert scope(p) is None, (shape, n, p.containers)


@pytest.mark.parametrize("q", ["How many images appear on more than one page?", "What is the largest number of images on any one page?",
                               "How many logos appear on only one slide?"])
def test_one_page_as_a_count_names_no_page(q: str) -> None:
    assert scope(parse_question(q)) is None


@pytest.mark.parametrize("q, named", [
    ("How many images are on the last-but-one page?", {("last", 2)}),
    ("How many images are on the last but one slide?", {("last", 2)}),
    ("How many images are on the last-but-two page?", {("last", 3)}),
    ("How many images are on the 3rd page?", {3}),
    ("How many images are on the third slide?", {3}),
])
def test_ordinals_and_counts_from_the_end_still_name_pages(q: str, named: set) -> None:
    assert scope(parse_question(q)) == named


# --------------------------------------------------------------------------- F3 open ranges

OPEN = ["page {n} through the end", "pages {n} to the last page", "pages {n}-end", "pages {n} \u2013 end", "page {n} to the end of the document",
        "between page {n} and the last page", "the cover to page {n}", "between the cover and page {n}", "the first page to page {n}",
        "page {n} until the final page", "the front cover through page {n}", "the third page to the last page"]


@settings(max_examples=60, deadline=None)
@given(pattern=st.sampled_from(OPEN), n=st.integers(2, 30))
def test_a_range_to_a_place_with_no_number_reads_the_whole_document(pattern: str, n: int) -> None:
    q = f"How many images are on {pattern.format(n=n)}?"
    p = parse_question(q)
    assert scope(p) is None, f"{q!r}: parsed {scope(p)}"


def test_numbered_ranges_stay_exact() -> None:
    assert scope(parse_question("How many images are between page 2 and page 5?")) == {2, 3, 4, 5}
    assert scope(parse_question("How many images are on page 3 to page 5?")) == {3, 4, 5}
    assert scope(parse_question("How many images are on the cover and page 4?")) == {("cover", None), 4}


# --------------------------------------------------------------------------- F4 cover sides

@pytest.mark.parametrize("q, named", [
    ("How many images are on the front and back cover?", {("cover", None), ("last", 1)}),
    ("How many images are on the front and back covers?", {("cover", None), ("last", 1)}),
    ("How many images are on the back and front cover?", {("cover", None), ("last", 1)}),
    ("How many logos are on the front or back cover?", {("cover", None), ("last", 1)}),
    ("How many images are on the inside front and inside back covers?", {("cover", "2"), ("cover", "3")}),
])
def test_each_side_of_a_cover_is_a_place(q: str, named: set) -> None:
    assert scope(parse_question(q)) == named


@pytest.mark.parametrize("q", ["How many images are on the inside front and back covers?", "How many images are on the inside and back covers?"])
def test_cover_sides_that_distribute_unsurely_read_the_whole_document(q: str) -> None:
    assert scope(parse_question(q)) is None


# --------------------------------------------------------------------------- F5 figure lists

@pytest.mark.parametrize("q", [
    "How many red bars are in Figure 2 as well as 3?", "How many red bars are in Figure 2, 3?",
    "How many red bars are in Figure 2 and/or 3?", "How many red bars are in Table 2 plus 3?", "How many red bars are in Figure 2; 3?",
])
def test_a_figure_list_is_never_cut_short(q: str) -> None:
    p = parse_question(q)
    kind = "table" if "Table" in q else "figure"
    assert covers(p, {(kind, "2"), (kind, "3")}), f"{q!r}: parsed {scope(p)}"


@pytest.mark.parametrize("dash", ["\u2010", "\u2011", "\u2012", "\u2013", "\u2212", "~", "\uff5e", "\u2026"])
def test_a_caption_number_with_any_dash_reads_as_with_a_hyphen(dash: str) -> None:
    """"Figure 2‑3" read as Figure 2 lost Figure 3. With any dash it is "Figure 2-3", whose pages the
    container reader finds as printed, or doubtfully by its first number (a range of figures): never a widening
    on Figure 2 alone."""
    p = parse_question(f"How many red bars are in Figure 2{dash}3?")
    assert scope(p) == {("figure", "2-3")}, p.containers


@pytest.mark.parametrize("q, named", [
    ("How many red bars are in Figure 2 and 3?", {("figure", "2"), ("figure", "3")}),
    ("How many red bars are in Figure 2 as well as 3?", {("figure", "2"), ("figure", "3")}),
    ("In Figure 5, 3 lines are red. How many are blue?", {("figure", "5")}),
    ("What is the title of Figure 2-1?", {("figure", "2-1")}),
    ("What is the title of Table1-1?", {("table", "1-1")}),
])
def test_plain_figure_lists_stay_exact(q: str, named: set) -> None:
    assert scope(parse_question(q)) == named


# --------------------------------------------------------------------------- F6 misspelt page words

TYPOS = ["pgae", "pagee", "paeg", "pag", "Pgae", "PAGEE", "slid", "sldie", "slidee", "pagse", "sildes"]


@settings(max_examples=60, deadline=None)
@given(typo=st.sampled_from(TYPOS), n=st.integers(1, 40), other=st.sampled_from(["", " and page {m}", " or page {m}"]))
def test_a_misspelt_page_word_reads_the_whole_document_and_names_nothing(typo: str, n: int, other: str) -> None:
    q = f"How many images are on {typo} {n}{other.format(m=n + 2)}?"
    p = parse_question(q)
    assert scope(p) is None, f"{q!r}: parsed {scope(p)}"
    assert not [x for x in _names(p) if typo.lower() in x.lower()], (q, p.qualifiers)


@pytest.mark.parametrize("q, named", [
    ("How many images are on side 3 of page 4?", {4}),
    ("How many stages are in Stage 3 on page 4?", {4}),
    ("How many images are on page 4 where prices slid 3 points?", {4}),
])
def test_real_words_near_a_page_word_are_no_typo(q: str, named: set) -> None:
    assert scope(parse_question(q)) == named


# --------------------------------------------------------------------------- F7 a count after "page 4,"

@settings(max_examples=60, deadline=None)
@given(page=st.integers(1, 30), count=st.integers(2, 99), noun=st.sampled_from(["images", "bars", "red bars", "people", "logos are"]),
       opener=st.sampled_from(["On page {p}, {c} {x} are shown.", "In the chart on page {p}, {c} {x} are red.", "On slide {p}, {c} {x} appear."]))
def test_a_count_after_a_singular_page_and_a_comma_is_no_page(page: int, count: int, noun: str, opener: str) -> None:
    q = opener.format(p=page, c=count, x=noun) + " How many of them are blue?"
    p = parse_question(q)
    assert scope(p) == {page}, f"{q!r}: parsed {scope(p)}"


def test_a_number_after_a_bare_comma_is_never_a_page_to_claim_missing() -> None:
    """"page 5, 6": pages 5 and 6, or page 5 and a number; the guess sets no container of its own."""
    p = parse_question("How many images are on page 5, 60?")
    assert scope(p) is None
    assert covers(p, {5, 60})


# --------------------------------------------------------------------------- F8 roman figure numbers

@pytest.mark.parametrize("q, kind, number", [
    ("How many red bars are in Figure III?", "figure", "III"), ("How many red bars are in Fig. III?", "figure", "III"),
    ("What is the total in Table IV?", "table", "IV"), ("How many bars are in Chart II?", "chart", "II"),
    ("How many red bars are in figure iii?", "figure", "iii"),
])
def test_a_roman_caption_number_is_the_caption_never_a_name(q: str, kind: str, number: str) -> None:
    p = parse_question(q)
    assert (kind, number) in {(c.kind.value, c.number) for c in p.containers}, p.containers
    assert not _names(p), p.qualifiers


def test_a_roman_caption_list_reads_every_item() -> None:
    p = parse_question("How many red bars are in Figure II and III?")
    assert scope(p) == {("figure", "II"), ("figure", "III")} and not _names(p)
