"""blocks: a drawing is measured by the ink it paints, not by its path (hunt F3).

PyMuPDF's ``get_drawings`` gives a stroke's path extent, not its line width: a Gantt bar drawn as one
line 16 pt wide has a rect 0 pt tall. Judged by that rect, each bar was "a rule: one straight line
0.5pt across" and "How many charts are on page 2?" widened. A stroke 3 pt wide or more, whatever its
caps and direction, is never a certain rule; genuine hairline rules still are.
"""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe
from widening.probes.blocks import page_blocks

load_doc = partial(_load_doc, ocr=False)
COLOURS = [(0.9, 0.3, 0.1), (0.1, 0.4, 0.9), (0.2, 0.7, 0.2), (0.6, 0.2, 0.7), (0, 0, 0), (0.5, 0.5, 0.5)]
QUESTIONS = ("How many charts are on page 1?", "How many diagrams are on page 1?")


def _certain_rules(res) -> list:
    return [m for m in res.best_candidates if "rule" in m.why]


def _gantt(path: Path, width: float, caps: int, vertical: bool, angle: float, spans: list[tuple[float, float]], gap: float) -> Path:
    """Task labels and one bar per task, each a single stroked line ``width`` pt wide (no axis, no grid),
    turned by ``angle`` degrees about its start when not axis-aligned."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 60), "Project timeline", size=14)
    for i, (start, length) in enumerate(spans):
        at = 120 + i * gap
        pdfs.text(p, (72, at + 4) if not vertical else (at - 10, 760), f"Task {i + 1}", size=9)
        a = (start, at) if not vertical else (at, 700 - start)
        dx, dy = (length, 0.0) if not vertical else (0.0, -length)
        if angle:
            c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            dx, dy = dx * c - dy * s, dx * s + dy * c
        p.draw_line(a, (a[0] + dx, a[1] + dy), color=COLOURS[i % len(COLOURS)], width=width, lineCap=caps)
    return pdfs.save(d, path)


@st.composite
def gantts(draw):
    n = draw(st.integers(2, 5))
    vertical = draw(st.booleans())
    width = draw(st.floats(3.0, 30.0))
    caps = draw(st.sampled_from((0, 1, 2)))
    # A butt-capped line shorter than 3 pt is a thin mark across its direction: no thick bar.
    spans = [(draw(st.floats(140, 260)), draw(st.floats(0.0 if caps else 3.0, 200.0))) for _ in range(n)]
    gap = draw(st.floats(width + 2 * 6.5, width + 60))  # far enough apart to be blocks of their own
    angle = draw(st.sampled_from((0.0, 0.0, 0.0, 90.0, 30.0, -45.0)))
    return width, caps, vertical, angle, spans, gap


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(g=gantts())
def test_bars_drawn_as_thick_strokes_are_never_certain_rules(tmp_path, g):
    """Property: bars drawn as strokes 3-30 pt wide, butt, round or square caps, across or down the
    page (or turned), each one line of its own (a zero length with round or square caps is a cap
    alone: a disc or a square),
    are members or doubts of graphics and vector_blocks, never a certain rule; the row never widens."""
    width, caps, vertical, angle, spans, gap = g
    path = _gantt(tmp_path / "gantt.pdf", width, caps, vertical, angle, spans, gap)
    doc = load_doc(path)
    for probe, params in (("graphics", {"kind": "chart"}), ("graphics", {"kind": "diagram"}), ("vector_blocks", {"kind": "diagram"})):
        res = run_probe(probe, doc, Scope((1,)), params)
        assert not _certain_rules(res), [m.why for m in res.best_candidates]
        assert not res.measured_zero, (probe, params)
    assert pdfs.decide(path, QUESTIONS[0]).decision != "widen"


def test_the_hunt_gantt_keeps_its_row(tmp_path):
    """The hunt's reproducer: four task bars, each one stroked line 16 pt wide, round or square caps."""
    for caps in (1, 0):
        path = _gantt(tmp_path / f"g{caps}.pdf", 16, caps, False, 0.0, [(190, 70), (275, 115), (405, 45), (465, 35)], 30)
        for q in QUESTIONS:
            assert pdfs.decide(path, q).decision != "widen", (caps, q)


def test_a_block_is_as_thick_as_its_stroke(tmp_path):
    """A block's rect is the ink: a horizontal line 16 pt wide with round caps is 16 pt tall and 8 pt
    longer at each end; a zero-length round-capped line 12 pt wide is a 12 pt disc."""
    d = pdfs.new_doc()
    p = d[0]
    p.draw_line((100, 200), (300, 200), color=(0, 0, 1), width=16, lineCap=1)
    p.draw_line((400, 500), (400, 500), color=(0, 0, 1), width=12, lineCap=1)
    path = pdfs.save(d, tmp_path / "ink.pdf")
    page = pymupdf.open(path)[0]
    rects = sorted((b.rect for b in page_blocks(page, page.rect)), key=lambda r: r.x0)
    assert [tuple(round(v) for v in r) for r in rects] == [(92, 192, 308, 208), (394, 494, 406, 506)]


def test_a_chart_of_disc_markers_is_no_rule(tmp_path):
    """Dots drawn as zero-length round-capped strokes 6 pt wide (a dot plot): no certain rule."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 60), "Scores by team", size=14)
    for i, v in enumerate((40, 120, 80, 160)):
        p.draw_line((150 + v, 120 + 30 * i), (150 + v, 120 + 30 * i), color=(0.1, 0.4, 0.9), width=6, lineCap=1)
    path = pdfs.save(d, tmp_path / "dots.pdf")
    res = run_probe("graphics", load_doc(path), Scope((1,)), {"kind": "chart"})
    assert not _certain_rules(res) and not res.measured_zero
    assert pdfs.decide(path, QUESTIONS[0]).decision != "widen"


def test_hairline_table_rules_and_a_text_page_still_widen(tmp_path):
    """Controls: a page of body text with a 0.5 pt header rule and a ruled table of 0.5 pt rules, and a
    page of text alone, draw no chart: "How many charts on page N?" widens on both."""
    d = pdfs.new_doc(2)
    p = d[0]
    pdfs.rule(p, 50)
    pdfs.text(p, (72, 44), "Annual report 2023")
    pdfs.text(p, (72, 90), "The table below lists the offices of the region and their staff.")
    pdfs.table(p, (72, 120), ["Office", "Staff", "Opened"], [["North", "12", "1998"], ["South", "7", "2004"], ["East", "15", "2011"]])
    for i, s in enumerate(("Quarterly report of the regional office.", "The committee reviewed the figures.", "Minutes are attached.")):
        pdfs.text(d[1], (72, 72 + 14 * i), s)
    path = pdfs.save(d, tmp_path / "controls.pdf")
    for page in (1, 2):
        assert pdfs.decide(path, f"How many charts are on page {page}?").decision == "widen", page
