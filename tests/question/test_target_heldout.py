"""Target reading, held-out shapes that need changes in widening/question/parse.py, rules/vocabulary.yaml and
widening/rulebook.py (proposed in the hunt-target report; they fail until those diffs are applied).

- ``coordinated_things`` (vocabulary + rulebook diff A): nouns no check measures, so that a question joining
  one to what the check measures ("red bars or lines", "charts or infographics") gets no check.
- ``_predicate`` (parse diff B): "at least 2 charts" counts things on a page; it is no value predicate on a
  table column headed "charts".
"""

from __future__ import annotations

import pytest

from widening.engine.checks import derive
from widening.question.parse import parse_question


@pytest.mark.parametrize("q", [
    "How many red bars or lines are on page 1?",          # a red line is no filled bar: colour_regions misses it
    "How many charts or infographics are on page 1?",
    "How many logos and QR codes are on page 1?",
    "How many images and table rows are on page 1?",
])
def test_a_thing_no_check_measures_joined_to_the_target_leaves_no_check(q):
    """Needs diff A (vocabulary ``coordinated_things`` + rulebook field)."""
    assert derive(parse_question(q)).spec is None


@pytest.mark.parametrize("q", ["How many red bars are on page 1?", "How many charts are on page 1?"])
def test_control_one_thing_keeps_its_check(q):
    assert derive(parse_question(q)).spec is not None


@pytest.mark.parametrize("q", ["Which pages contain at least 2 charts?", "How many slides have more than 2 images?",
                               "Which page has more than 3 figures?"])
def test_a_count_of_graphics_is_no_table_predicate(q):
    """Needs diff B: before, table_values(column='charts', op='>=', value=2) was derived."""
    p = parse_question(q)
    assert p.target.predicate is None
    d = derive(p)
    assert d.spec is None or d.spec.probe != "table_values"


@pytest.mark.parametrize("q, column", [("Which countries have more than 23% of respondents online?", "respondents online"),
                                       ("Which rows show more than 40% of people?", "people")])
def test_control_value_predicates_stay(q, column):
    p = parse_question(q)
    assert p.target.predicate is not None and p.target.predicate.column == column
