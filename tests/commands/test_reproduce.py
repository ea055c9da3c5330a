"""reproduce: sorting v1's Not answerable rows against V2's widened keys, exit codes, and formats.

On the real corpus, reproduce runs in tests/commands/test_gate.py, beside the gate of the same V2
rows, so that one test worker reads their pages once (the second run reads the warm cache)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from widening.commands.formats import Format
from widening.commands.reproduce import REPRODUCE_RENDERERS, reproduce_markdown
from widening.models import Decision, Member, ProbeResult, ReadingTried, Reading, Row
from widening.commands.reproduce import ReproduceExit, ReproduceReport, compare

NA, WIDE = "Not answerable", "Not answerable or 0 or none"


def r(doc: str, q: str, answer: str, i: int = 0) -> Row:
    return Row(doc_id=doc, question=q, answer=answer, index=i)


def widen(row: Row, pages=(3,)) -> Decision:
    probe = ProbeResult(probe="images", pages=tuple(pages), best_candidates=(Member(page=3, bbox=(0, 0, 1, 1), what="tiny"),))
    return Decision(doc_id=row.doc_id, question=row.question, key=NA, decision="widen", case=None, reason="zero members",
                    check={"probe": "images"}, probes=(probe,), readings=(ReadingTried(reading=Reading.pdf, number="3", pages=(3,)),))


def keep(row: Row, case: str = "short_not_empty") -> Decision:
    return Decision(doc_id=row.doc_id, question=row.question, key=NA, decision="keep", case=case, reason="found one",
                    members=(Member(page=4, bbox=(1, 2, 3, 4), what="phone 555"),))


V1 = [
    r("a.pdf", "agreed  q", NA, 0),
    r("a.pdf", "missed q", NA, 1),
    r("b.pdf", "engine only q", NA, 2),
    r("gone.pdf", "unavailable q", NA, 3),
    r("b.pdf", "kept by both", NA, 4),
    r("b.pdf", "answered", "42", 5),
]
V2 = [
    r("a.pdf", "agreed q", WIDE),  # whitespace differs from v1: still the same key
    r("a.pdf", "missed q", WIDE),
    r("b.pdf", "engine only q", "7"),  # V2 made it answerable: an engine widening here is suspicious
    r("gone.pdf", "unavailable q", WIDE),
    r("b.pdf", "kept by both", NA),
]


def decisions(*ds: Decision) -> dict:
    from widening.commands.corpus import row_key

    return {row_key(d.doc_id, d.question): d for d in ds}


def has_pdf(doc_id: str) -> bool:
    return doc_id != "gone.pdf"


def report(strict: bool = False, engine_only: bool = True) -> ReproduceReport:
    ds = [widen(V1[0]), keep(V1[1]), keep(V1[4], "absent_entity")]
    ds.append(widen(V1[2]) if engine_only else keep(V1[2]))
    return compare(V1, V2, decisions(*ds), has_pdf, strict)


def test_the_four_lists():
    rep = report()
    assert [x.question for x in rep.agreed] == ["agreed  q"]
    assert [(x.question, x.case, len(x.members)) for x in rep.missed] == [("missed q", "short_not_empty", 1)]
    [only] = rep.engine_only
    assert (only.question, only.v2_key, only.check, only.pages) == ("engine only q", "7", {"probe": "images"}, (3,))
    assert only.near_misses[0].what == "tiny"
    [unavail] = rep.unavailable
    assert unavail.question == "unavailable q" and unavail.decision is None  # the engine was not asked
    assert (rep.rows, rep.v2_widened, rep.v2_with_pdf) == (5, 3, 2)


def test_exit_codes():
    assert report().exit_code is ReproduceExit.NOT_REPRODUCED  # one V2 widening missed
    fixed = compare(V1, V2, decisions(widen(V1[0]), widen(V1[1]), keep(V1[2])), has_pdf)
    assert fixed.exit_code is ReproduceExit.REPRODUCED
    with_extra = compare(V1, V2, decisions(widen(V1[0]), widen(V1[1]), widen(V1[2])), has_pdf)
    assert with_extra.exit_code is ReproduceExit.REPRODUCED and len(with_extra.engine_only) == 1
    strict = compare(V1, V2, decisions(widen(V1[0]), widen(V1[1]), widen(V1[2])), has_pdf, strict=True)
    assert strict.exit_code is ReproduceExit.NOT_REPRODUCED
    assert ReproduceReport(errors=("no corpus",)).exit_code is ReproduceExit.BAD_INPUT
    assert [int(e) for e in ReproduceExit] == [0, 1, 2]


def test_a_v2_widening_that_is_not_a_v1_not_answerable_row_counts_as_missed():
    rep = compare([r("a.pdf", "q", "5")], [r("a.pdf", "q", WIDE)], {}, has_pdf)
    assert [m.reason for m in rep.missed] == ["V2 widened this row but it is not a 'Not answerable' row of v1"]
    assert rep.exit_code is ReproduceExit.NOT_REPRODUCED


def test_a_row_without_a_decision_is_not_an_engine_widening():
    rep = compare(V1, V2, {}, has_pdf)
    assert rep.engine_only == () and len(rep.missed) == 2 and rep.missed[0].decision is None


def test_formats():
    rep = report(strict=True)
    text = REPRODUCE_RENDERERS[Format.text](rep)
    assert "Agreed: V2 widened and the engine widens: 1" in text
    assert "[V2 key: 7]" in text and "pages looked at: 3; 0 member(s), 0 doubt(s)" in text
    assert "3 V2 widenings (2 with a PDF): 1 reproduced, 1 missed; 1 engine-only; 1 unavailable" in text
    data = json.loads(REPRODUCE_RENDERERS[Format.json](rep))
    assert data["exit_code"] == 1 and data["engine_only"][0]["v2_key"] == "7"
    root = ET.fromstring(REPRODUCE_RENDERERS[Format.junit](rep))
    assert root.find("testsuite").get("failures") == "2"  # missed, and engine-only under --strict
    gh = REPRODUCE_RENDERERS[Format.github](rep).splitlines()
    assert sum(line.startswith("::error") for line in gh) == 2 and sum(line.startswith("::notice") for line in gh) == 1
    lenient = REPRODUCE_RENDERERS[Format.github](report(strict=False))
    assert "::warning title=widening reproduce%3A engine-only::" in lenient
    assert "### Engine-only (new candidates): the engine widens, V2 does not: 1" in reproduce_markdown(rep)


def test_doubts_are_shown_beside_members_in_every_format():
    """Issue 10: a row kept by a doubt says which candidate, in text, json, junit, github and audit.md."""
    from widening.commands.report import markdown, record

    doubt = Member(page=6, bbox=(300, 359, 370, 400), what="red region 70x41pt", why="bar-shape filter: aspect 1.7 (bar >= 2.5)")
    d = Decision(doc_id="a.pdf", question="missed q", key=NA, decision="keep", case="unverifiable",
                 reason="finds no member but 1 doubt(s)", doubts=(doubt,))
    rep = compare(V1[:2], V2[:2], decisions(widen(V1[0]), d), has_pdf)
    text = REPRODUCE_RENDERERS[Format.text](rep)
    assert "doubt: p6 [300, 359, 370, 400] red region 70x41pt -- doubt: bar-shape filter" in text
    assert json.loads(REPRODUCE_RENDERERS[Format.json](rep))["missed"][0]["doubts"][0]["why"].startswith("bar-shape")
    assert "doubt: p6" in REPRODUCE_RENDERERS[Format.junit](rep)
    assert "0 member(s), 1 doubt(s)" in REPRODUCE_RENDERERS[Format.github](rep)
    assert "| doubts |" in reproduce_markdown(rep)
    md = markdown([record(d)])
    assert "| members | doubts |" in md and "bar-shape filter" in md
