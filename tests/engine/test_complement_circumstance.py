"""A negation in a clause that states a circumstance ("When a student cannot be found, who should we contact?") is no
complement: the asked set is what the main clause asks (a row the guide answers, "Campus Security", was claimed an
unbounded complement). A negation after that clause, in the question proper, still is one."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from widening.engine import cases
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.question.parse import parse_question


@pytest.mark.parametrize("q", ["When a student cannot be found, who should we contact?",
                               "Which icons appear when the SIM card is not found?",
                               "If a parcel cannot be found, which office should be called?"])
def test_a_negation_in_a_circumstance_is_no_complement(q: str) -> None:
    assert cases.unbounded_complement(parse_question(q)) is None, q


@pytest.mark.parametrize("q", ["Which icons, when the phone is locked, cannot be seen in the status bar?",
                               "Which icons are not found in the status bar when the phone is locked?",
                               "List all the icons about signals that can not be found in Status Bar"])
def test_control_a_negation_in_the_question_proper_is_still_unbounded(q: str) -> None:
    f = cases.unbounded_complement(parse_question(q))
    assert f is not None and f.case == "unbounded_complement", q


def test_the_row_is_kept_but_not_claimed(tmp_path: Path) -> None:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "If a student is missing, call Campus Security.", fontsize=11)
    doc.save(tmp_path / "g.pdf")
    d = load_doc(tmp_path / "g.pdf", ocr=False)
    try:
        r = decide_row(Row(doc_id="g.pdf", question="When a student cannot be found, who should we contact?", answer="Not answerable"), d)
    finally:
        d.close()
    assert r.decision == "keep" and r.case != "unbounded_complement", r.reason
