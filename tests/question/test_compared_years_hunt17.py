"""A year-like number a question compares with ("more than 2000 sales", "sales above 2000") may be a
threshold, which the page need not print: it is no year the question presupposes for certain, so no
absent_entity claim rests on it, and since "above 2010 levels" compares with a year, no check stands
either (kept unverifiable). Wordings of one question must not differ on this: "more than 4000 sales"
and "more than 2000 sales" on a table of 3500/1200/4800 once gave short_not_empty and absent_entity
("the year '2000' occurs on no page") although the page shows two regions above 2000."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import pdfs
from widening.engine.checks import derive
from widening.question.parse import parse_question

COMPARATIVES = ["more than", "greater than", "higher than", "larger than", "over", "above", "exceeding", "in excess of",
                "at least", "no less than", "less than", "fewer than", "lower than", "below", "under", "at most", "no more than"]
TEMPLATES = [
    "Which regions have {c} {n} sales on page 3?",
    "On page 3, which regions have {c} {n} sales?",
    "How many regions have {c} {n} sales on page 3?",
    "Which regions have sales {c} {n} on page 3?",
    "List all regions with sales {c} {n} in p.3.",
    "which regions had {c} {n} sales in pg 3",
]


@pytest.fixture(scope="module")
def sales_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    doc = pdfs.plain_text_pages(5)
    pdfs.table(doc[2], (72, 200), ["Region", "Sales"], [["North", "3500"], ["South", "1200"], ["East", "4800"]])
    return pdfs.save(doc, tmp_path_factory.mktemp("hunt17") / "sales.pdf")


@pytest.fixture(scope="module")
def empty_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return pdfs.save(pdfs.plain_text_pages(5), tmp_path_factory.mktemp("hunt17") / "plain.pdf")


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(COMPARATIVES), st.integers(1900, 2099), st.sampled_from(TEMPLATES), st.booleans())
def test_a_compared_year_like_number_is_no_presupposed_year_and_licenses_nothing(c: str, n: int, template: str, upper: bool) -> None:
    q = template.format(c=c.upper() if upper else c, n=n)
    p = parse_question(q)
    assert not [x for x in p.qualifiers if str(n) in x.text], (q, p.qualifiers)
    d = derive(p)
    assert d.spec is None and str(n) in d.reason, (q, d)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(COMPARATIVES), st.sampled_from(["2000", "1999", "2020"]), st.sampled_from(TEMPLATES))
def test_no_case_claim_the_table_refutes(sales_pdf: Path, c: str, n: str, template: str) -> None:
    d = pdfs.decide(sales_pdf, template.format(c=c, n=n))
    assert d.decision == "keep" and d.case == "unverifiable", (d.question, d.case, d.reason)


def test_controls(sales_pdf: Path, empty_pdf: Path) -> None:
    # A number that is no year still reads as a value test with members.
    d = pdfs.decide(sales_pdf, "Which regions have more than 4000 sales on page 3?")
    assert d.case == "short_not_empty" and len(d.members) == 1
    # A year the question names, not compared with, is still presupposed.
    d = pdfs.decide(sales_pdf, "Which regions had sales in 2000 on page 3?")
    assert d.case == "absent_entity" and "2000" in d.reason
    assert any(x.kind == "year" for x in parse_question("What was the share above 20% in 2015?").qualifiers)
    # Not a comparison: "moreover", a percentage, a decade.
    assert any(x.text == "2000" for x in parse_question("Moreover 2000 people came on page 3?").qualifiers)
    for q in ("Moreover 2000 people came on page 3?", "Which regions have over 2000% growth?", "Which regions grew over 2000s levels?"):
        assert "may be a number or a year" not in derive(parse_question(q)).reason, q
    # A truly empty page still widens.
    assert pdfs.decide(empty_pdf, "How many red bars are on page 3?").decision == "widen"
