"""graphics: a chart whose marks are dots or hairlines — symbol glyphs spaced along a row ("● ● ● ○ ○"),
small square dots drawn as vectors scattered with no axis, thin floating bars of a Gantt chart — is never
a measured zero; a page of body text, a lone rule and the footnote rules of two text columns stay zeros.

Before: rows of "●"/"○" glyphs at 10 pt with a space between each (a dot chart)
were each a lone glyph below the size floor; 25 scattered 2x2 pt squares (a scatter plot drawn without
axes) and five 2 pt Gantt bars sharing no start or end were each certified "a rule: one straight line
2pt across": all three widened "how many charts".
"""

from __future__ import annotations

import random
from functools import partial

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.fonts import DEJAVU
from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
SANS = DEJAVU / "DejaVuSans.ttf"
needs_dejavu = pytest.mark.skipif(not SANS.is_file(), reason="DejaVu fonts not installed")
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
BODY = ["The committee reviewed the figures of the year and agreed on the next steps.",
        "Further discussion of the budget is recorded in the minutes attached below.",
        "Members asked for a summary of the regional results before the next meeting."]
DOTS = ["\u25cf", "\u25cb", "\u25a0", "\u25a1", "\u2605", "\u2606", "\u25c6"]


def _body(page: pymupdf.Page) -> None:
    for k, line in enumerate(BODY):
        page.insert_text((40, 60 + 14 * k), line, fontname="helv", fontsize=11)


@needs_dejavu
@SETTINGS
@given(rows=st.lists(st.integers(1, 10), min_size=1, max_size=5), on=st.sampled_from(DOTS), off=st.sampled_from(DOTS),
       size=st.floats(6, 13), gap=st.sampled_from([" ", "  ", " \u2009"]), kind=st.sampled_from(["chart", "figure", "diagram"]))
def test_a_dot_chart_of_spaced_glyphs_is_never_missed(tmp_path, rows, on, off, size, gap, kind):
    """Property: rows of symbol glyphs with spaces between them, each glyph under the size floor, labelled
    to their left: a dot (pictograph) chart, so "how many charts" finds a doubt on every row."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    p.insert_font(fontname="dv", fontfile=str(SANS))
    for i, n in enumerate(rows):
        y = 240 + (size + 10) * i
        p.insert_text((40, y), f"Group {i + 1}", fontname="helv", fontsize=10)
        p.insert_text((120, y), gap.join([on] * n + [off] * (10 - n)), fontname="dv", fontsize=size)
    r = run_probe("graphics", load_doc(pdfs.save(d, tmp_path / "dots.pdf")), Scope((1,)), {"kind": kind})
    assert not r.measured_zero
    assert len({m.bbox[1] // 1 for m in r.doubts if "glyphs" in m.what}) == len(rows), [m.what for m in r.doubts]


@needs_dejavu
def test_a_bullet_before_its_words_is_still_text(tmp_path):
    """Control: a list whose items open with a symbol bullet ("■  Item") and a line of letters with one
    arrow in it stay a measured zero: a space before a letter ends no run into a picture."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    p.insert_font(fontname="dv", fontfile=str(SANS))
    for i in range(4):
        p.insert_text((40, 240 + 16 * i), f"\u25a0  Item number {i + 1} of the list", fontname="dv", fontsize=10)
    p.insert_text((40, 320), "Revenue \u2192 profit \u2192 dividends", fontname="dv", fontsize=10)
    r = run_probe("graphics", load_doc(pdfs.save(d, tmp_path / "list.pdf")), Scope((1,)), {"kind": "chart"})
    assert r.measured_zero, [m.what for m in r.doubts]


def _scatter(rng: random.Random, n: int, side: float) -> list[tuple[float, float]]:
    """``n`` points in a 350x300 pt plot, no two sharing an x or y edge (no peers by chance) and no two within
    clustering reach of each other."""
    pts: list[tuple[float, float]] = []
    while len(pts) < n:
        x, y = rng.uniform(100, 450), rng.uniform(150, 450)
        if all(abs(x - a) > side + 2 and abs(y - b) > side + 2 and (abs(x - a) > 14 + side or abs(y - b) > 14 + side) for a, b in pts):
            pts.append((x, y))
    return pts


@SETTINGS
@given(seed=st.integers(0, 10_000), n=st.integers(3, 25), side=st.floats(0.6, 2.5), stroked=st.booleans(),
       kind=st.sampled_from(["chart", "figure", "diagram"]))
def test_a_scatter_of_square_dots_is_never_missed(tmp_path, seed, n, side, stroked, kind):
    """Property: square dots (filled squares, or zero-length square-capped strokes) scattered without an axis,
    none near another: each has no length to be a rule, so each is a doubt, never a certain non-member."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    for x, y in _scatter(random.Random(seed), n, side):
        if stroked:
            shape = p.new_shape()
            shape.draw_line((x, y), (x, y))
            shape.finish(color=(0.1, 0.3, 0.8), width=side, lineCap=2)
            shape.commit()
        else:
            p.draw_rect(pymupdf.Rect(x, y, x + side, y + side), color=None, fill=(0.1, 0.3, 0.8))
    r = run_probe("graphics", load_doc(pdfs.save(d, tmp_path / "scatter.pdf")), Scope((1,)), {"kind": kind})
    assert not r.measured_zero
    assert not any(m.why and m.why.startswith("a rule:") for m in r.best_candidates), [m.why for m in r.best_candidates]


@pytest.mark.parametrize("length", [40.0, 200.0])
def test_a_lone_rule_is_still_certain(tmp_path, length):
    """Control: one hairline rule alone on a page of text is a certain non-member: a measured zero."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    p.draw_line((100, 400), (100 + length, 400), width=0.8)
    r = run_probe("graphics", load_doc(pdfs.save(d, tmp_path / "rule.pdf")), Scope((1,)), {"kind": "chart"})
    assert r.measured_zero and any(m.why.startswith("a rule:") for m in r.best_candidates)


def _distinct(rng: random.Random, n: int) -> list[tuple[float, float]]:
    """``n`` spans along an axis, no start or end within 3 pt of another's start or end, no two centred alike."""
    out: list[tuple[float, float]] = []
    while len(out) < n:
        a = rng.uniform(150, 320)
        b = a + rng.uniform(30, 220)
        ends = [e for s in out for e in s]
        if all(abs(a - e) > 3 and abs(b - e) > 3 for e in ends) and all(abs((a + b) - (s + t)) > 4 for s, t in out):
            out.append((a, b))
    return out


@SETTINGS
@given(seed=st.integers(0, 10_000), n=st.integers(2, 6), thick=st.floats(0.4, 2.5), pitch=st.floats(8, 38),
       vertical=st.booleans(), kind=st.sampled_from(["chart", "figure", "diagram"]))
def test_floating_hairline_bars_are_never_missed(tmp_path, seed, n, thick, pitch, vertical, kind):
    """Property: thin bars of a Gantt chart or timeline, parallel, ``pitch`` apart, each starting and ending at
    its own value, labelled outside the bars: bars of one chart, so doubts, never certain rules."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    for k, (a, b) in enumerate(_distinct(random.Random(seed), n)):
        at = 200 + pitch * k
        if vertical:
            p.draw_line((at, a + 200), (at, b + 200), width=thick, color=(0.2, 0.4, 0.8))
        else:
            p.insert_text((60, at + 3), f"Phase {k + 1}", fontname="helv", fontsize=8)
            p.draw_line((a, at), (b, at), width=thick, color=(0.2, 0.4, 0.8))
    r = run_probe("graphics", load_doc(pdfs.save(d, tmp_path / "gantt.pdf")), Scope((1,)), {"kind": kind})
    assert not r.measured_zero
    # Bars close enough join one block (a candidate); a bar left alone beside that block may be certified a rule,
    # never all of them: the chart is always a member or a doubt.
    rules = [m for m in r.best_candidates if m.why and m.why.startswith("a rule:")]
    assert len(rules) < n and (r.members or r.doubts), [m.why for m in r.best_candidates]


def test_footnote_rules_of_two_text_columns_stay_certain(tmp_path):
    """Control: two columns of text, each with its footnote rule (at heights 12 pt apart, text between them
    across their extent): rules of a text page, a measured zero for "how many charts"."""
    d = pdfs.new_doc()
    p = d[0]
    for col, x in enumerate((60, 320)):
        for k in range(40):
            p.insert_text((x, 60 + 14 * k), "Words of the column run on here", fontname="helv", fontsize=10)
        y = 640 + 12 * col
        p.draw_line((x, y), (x + 60, y), width=0.5)
        p.insert_text((x, y + 12), f"{col + 1} A footnote of this column.", fontname="helv", fontsize=8)
    r = run_probe("graphics", load_doc(pdfs.save(d, tmp_path / "columns.pdf")), Scope((1,)), {"kind": "chart"})
    assert r.measured_zero, [(m.what, m.why) for m in r.doubts]
