"""The grammar between two style words ("italic or bold", "italic words that are also bold") is read from
rules/vocabulary.yaml ``styles_together``: its words are rules, a word of several matches across any spaces,
and a word added there is read."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, strategies as st

from widening import rulebook
from widening.question import parse
from widening.question.parse import _styles_reading

TOGETHER = rulebook.load("vocabulary")["styles_together"]


@pytest.fixture
def grammar_with(monkeypatch):
    """Read the style grammar from a vocabulary whose ``styles_together`` has ``changes``."""
    def use(**changes: list[str]) -> None:
        data = copy.deepcopy(dict(rulebook.load("vocabulary")))
        data["styles_together"] = {**data["styles_together"], **changes}
        rulebook.validate("vocabulary", data, "vocabulary.yaml")
        monkeypatch.setattr(parse, "_v", lambda: data)
        parse._style_grammar.cache_clear()

    yield use
    monkeypatch.undo()
    parse._style_grammar.cache_clear()


def test_a_grammar_word_is_a_rule(grammar_with):
    question = "How many italic versus bold words are on page 2?"
    assert _styles_reading(question) == "either"  # "versus" is no word of the grammar
    grammar_with(union=[*TOGETHER["union"], "versus"])
    assert _styles_reading(question) == "any"
    assert _styles_reading("How many italic words that are bold there?") == "all"
    grammar_with(link_ends=[w for w in TOGETHER["link_ends"] if w != "there"])
    assert _styles_reading("How many italic words that are bold there?") == "either"


def test_the_grammar_words_are_declared():
    with pytest.raises(rulebook.RuleDataError, match=r"styles_together\.link_verbs: Field required"):
        data = copy.deepcopy(dict(rulebook.load("vocabulary")))
        del data["styles_together"]["link_verbs"]
        rulebook.validate("vocabulary", data, "vocabulary.yaml")


@given(spaces=st.lists(st.sampled_from([" ", "  ", "\t", " \n "]), min_size=3, max_size=3),
       union=st.sampled_from(TOGETHER["union"]), end=st.sampled_from(["?", "", " on page 2?"]))
def test_the_grammar_reads_each_of_its_words_across_any_spaces(spaces, union, end):
    a, b, c = spaces
    assert _styles_reading(f"italic words that are set{a}in bold{end}") == "all"
    assert _styles_reading(f"italic words that are bold as{b}well{end}") == "all"
    assert _styles_reading(f"bold and also{c}italic words{end}") == "all"
    assert _styles_reading(f"words in italic {union} bold{end}") == "any"
