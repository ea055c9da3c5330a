"""A name glued to a number ("#Portugal2020", "Office365", "Spain2023"): the page prints the name's letters as a
word that runs on into digits. The word search reads the glued run as one word and missed the name, so an
absent_entity claim was refuted by the page. Where letters meet digits a word may start or end: the name is a
doubt there (neither presence nor absence), never absent and never a member (the glued run may be another
name). Controls: a name nowhere on the page is still absent; digits still never join across a gap ("20 19")."""

from __future__ import annotations

from pathlib import Path

import pdfs
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
FILLER = ["Annual overview of the regional market.", "Sales rose in most regions this year."]
Q = "How many employees does the company have in {}?"


def _pdf(path: Path, line: str) -> Path:
    d = pdfs.new_doc(1)
    for k, s in enumerate([*FILLER, line]):
        pdfs.text(d[0], (72, 100 + 18 * k), s, size=12)
    return pdfs.save(d, path)


def _probe(pdf: Path, name: str):
    return pdfs.probe(pdf, "name_mentions", {"variants": [name]})


places = st.sampled_from(["Portugal", "Kenya", "Norway", "Chile", "Vietnam"])
numbers = st.integers(min_value=100, max_value=99999).map(str)
shapes = st.sampled_from(["The #{n}{d} campaign ran all year.", "Staff moved to {n}{d} last year.", "Code {d}{n} was used."])


@SETTINGS
@given(name=places, number=numbers, shape=shapes)
@example(name="Portugal", number="2020", shape="The #{n}{d} campaign ran all year.")
def test_a_name_glued_to_a_number_is_a_doubt(tmp_path_factory, name, number, shape):
    tmp = tmp_path_factory.mktemp("glued")
    pdf = _pdf(tmp / "t.pdf", shape.format(n=name, d=number))
    res = _probe(pdf, name)
    assert not res.members and res.doubts, res
    assert pdfs.decide(pdf, Q.format(name)).case == "unverifiable"
    control = _pdf(tmp / "c.pdf", shape.format(n="Ireland", d=number))
    assert not _probe(control, name).doubts and pdfs.decide(control, Q.format(name)).case == "absent_entity"


def test_a_multiword_name_glued_to_a_number_is_a_doubt(tmp_path):
    pdf = _pdf(tmp_path / "t.pdf", "Staff moved to Microsoft Office365 last year.")
    res = _probe(pdf, "Microsoft Office")
    assert not res.members and res.doubts


def test_control_digits_apart_are_still_no_year(tmp_path):
    pdf = _pdf(tmp_path / "t.pdf", "Scores were 20 19 and 18 in the table.")
    res = _probe(pdf, "2019")
    assert not res.members and not res.doubts
