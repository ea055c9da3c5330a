"""Several styles asked together: where the question asks for words with every style ("italic words that are
also bold", "bold-italic", "both bold and italic") the check takes the intersection; where it asks for one of them
("italic or bold", "bold words and italic words") the union; where the words do not say ("bold and italic words":
both at once, or each) the union is measured and its finds are only candidates (never short_not_empty), while a
zero of the union is still a zero. A style said after a hyphen counts ("bold-italic"; "non-bold" denies it)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.question.parse import parse_question

FONTS = {(False, False): "helv", (True, False): "hebo", (False, True): "heit", (True, True): "hebi"}
WORD = {"bold": ["bold", "bolded", "boldface"], "italic": ["italic", "italicized", "italics"], "underline": ["underlined"]}

# {a} and {b} are two style words; each template says how the styles combine.
ALL = ["How many {a} words that are also {b} are on page 2?", "How many {a} words which are {b} are on page 2?",
       "How many {a} words, that are {b} too, are on page 2?", "How many {a} words on page 2 are {b}?",
       "How many {a}-{b} words are on page 2?", "How many {a} {b} words are on page 2?",
       "How many words that are both {a} and {b} are on page 2?", "How many words that are {a} and also {b} are on page 2?",
       "How many words on page 2 are simultaneously {a} and {b}?", "How many words on page 2 are {a} as well as {b}?"]
ANY = ["How many {a} or {b} words are on page 2?", "How many words are either {a} or {b} on page 2?",
       "How many {a} and/or {b} words are on page 2?", "How many {a} words and {b} words are on page 2?"]
EITHER = ["How many {a} and {b} words are on page 2?", "How many {a}, {b} words are on page 2?",
          "How many words in {a} and in {b} are on page 2?", "How many {a}/{b} words are on page 2?",
          "How many {a} words are under the {b} title on page 2?", "How many {a} words are on page 2, and how many {b}?"]

pairs = st.sampled_from([("bold", "italic"), ("italic", "bold"), ("bold", "underline"), ("underline", "italic")])


def _said(pair: tuple[str, str], data) -> tuple[str, str]:
    return tuple(data.draw(st.sampled_from(WORD[k])) for k in pair)  # type: ignore[return-value]


@settings(max_examples=60, deadline=None)
@given(pair=pairs, template=st.sampled_from(ALL), data=st.data())
def test_every_style_at_once_is_the_intersection(pair, template, data) -> None:
    a, b = _said(pair, data)
    t = parse_question(template.format(a=a, b=b)).target
    assert set(t.styles) == set(pair) and not t.any_style and t.narrowed is None, template


@settings(max_examples=40, deadline=None)
@given(pair=pairs, template=st.sampled_from(ANY), data=st.data())
def test_one_of_the_styles_is_the_union_and_its_finds_are_members(pair, template, data) -> None:
    a, b = _said(pair, data)
    t = parse_question(template.format(a=a, b=b)).target
    assert set(t.styles) == set(pair) and t.any_style and t.narrowed is None, template


@settings(max_examples=60, deadline=None)
@given(pair=pairs, template=st.sampled_from(EITHER), data=st.data())
def test_an_unsaid_combination_is_the_union_and_its_finds_are_candidates(pair, template, data) -> None:
    a, b = _said(pair, data)
    t = parse_question(template.format(a=a, b=b)).target
    assert set(t.styles) == set(pair) and t.any_style and t.narrowed, template


@pytest.mark.parametrize("q", ["How many non-bold italic words are on page 2?", "How many non-italic bold words are on page 2?"])
def test_a_style_denied_after_a_hyphen_is_not_measured_as_asked(q: str) -> None:
    t = parse_question(q).target
    assert t.narrowed or not t.styles  # a check of italic words counts the bold ones too: never members


def _v(x) -> str | None:
    return getattr(x, "value", x)


def _page_two(path: Path, words: list[tuple[bool, bool]]) -> Path:
    d = pdfs.new_doc(3)
    for p in range(3):
        pdfs.text(d[p], (72, 72), f"Plain body text on page {p + 1} of the report.")
    for i, (bold, italic) in enumerate(words):
        pdfs.text(d[1], (72, 120 + 30 * i), f"Sample words {i}", font=FONTS[(bold, italic)])
    return pdfs.save(d, path)


@pytest.mark.parametrize("q", ["How many italic words that are also bold are on page 2?", "How many bold-italic words are on page 2?",
                               "How many italic words on page 2 are bold?"])
def test_words_with_one_style_are_no_members_of_both(tmp_path: Path, q: str) -> None:
    """A bold word and an italic word, none both: the set asked is empty (it was short_not_empty)."""
    d = pdfs.decide(_page_two(tmp_path / "a.pdf", [(True, False), (False, True)]), q)
    assert _v(d.decision) == "widen" and not d.members, (d.case, d.reason)


@pytest.mark.parametrize("q", ["How many bold and italic words are on page 2?", "How many italicized and bolded words are on page 2?",
                               "How many words in bold and in italics are on page 2?"])
def test_an_ambiguous_pair_keeps_what_the_union_finds_as_candidates(tmp_path: Path, q: str) -> None:
    d = pdfs.decide(_page_two(tmp_path / "a.pdf", [(False, True)]), q)
    assert _v(d.decision) == "keep" and _v(d.case) != "short_not_empty", (d.case, d.reason)
    plain = pdfs.decide(_page_two(tmp_path / "b.pdf", [(False, False)]), q)  # control: a zero of the union is a zero
    assert _v(plain.decision) == "widen", (plain.case, plain.reason)


def test_a_non_bold_italic_question_claims_nothing_of_a_bold_italic_word(tmp_path: Path) -> None:
    d = pdfs.decide(_page_two(tmp_path / "a.pdf", [(True, True)]), "How many non-bold italic words are on page 2?")
    assert _v(d.decision) == "keep" and _v(d.case) != "short_not_empty", (d.case, d.reason)


@pytest.mark.parametrize("q", ["How many italic words that are also bold are on page 2?", "How many bold and italic words are on page 2?",
                               "How many italic or bold words are on page 2?"])
def test_a_word_with_both_styles_is_a_member_under_every_reading(tmp_path: Path, q: str) -> None:
    """Control: a bold italic word is what every reading asks for; the union's readings still find it."""
    d = pdfs.decide(_page_two(tmp_path / "a.pdf", [(True, True)]), q)
    assert _v(d.decision) == "keep" and (d.members or _v(d.case) == "unverifiable"), (d.case, d.reason)
    if "or" in q.split() or "also" in q.split():
        assert _v(d.case) == "short_not_empty"
