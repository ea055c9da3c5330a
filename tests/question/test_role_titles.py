"""A role's title is no part of a name (rules/cases.yaml ``role_titles``): "the CEO of Quillfeather Ltd"
presupposes Quillfeather Ltd; the CEO is a fact the document would state. A company printed in the
document is never claimed absent because its CEO is not."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

import pdfs
from widening.question.parse import parse_question

TITLES = ["CEO", "CFO", "CTO", "President", "Chairman", "Founder", "Director"]
COMPANIES = ["Quillfeather Ltd", "Bramblewick Holdings", "Ostravia Bank"]


@given(title=st.sampled_from(TITLES), company=st.sampled_from(COMPANIES), ask=st.sampled_from(["Who is the {t} of {c}?", "Name the {t} of {c}.",
                                                                                               "When did the {t} of {c} take office?"]))
def test_the_title_is_no_part_of_the_name(title: str, company: str, ask: str) -> None:
    names = [q.text for q in parse_question(ask.format(t=title, c=company)).qualifiers if q.kind == "name"]
    assert names == [company]


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    doc = pdfs.new_doc(2)
    pdfs.text(doc[0], (72, 100), "Quillfeather Ltd reported steady growth in its paper mills.")
    pdfs.text(doc[1], (72, 100), "The board met twice during the year.")
    return pdfs.save(doc, tmp_path_factory.mktemp("r") / "report.pdf")


@pytest.mark.parametrize("title", TITLES)
def test_a_printed_company_is_not_absent_for_want_of_its_ceo(report: Path, title: str) -> None:
    d = pdfs.decide(report, f"Who is the {title} of Quillfeather Ltd?")
    assert d.case != "absent_entity", d.reason


def test_control_an_unprinted_company_is_absent(report: Path) -> None:
    d = pdfs.decide(report, "Who is the CEO of Bramblewick Ltd?")
    assert d.case == "absent_entity" and "Bramblewick Ltd" in d.reason, d.reason
