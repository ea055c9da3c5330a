"""graphics: a chart typeset one mark a line — a dot-column chart whose every "●" is a text line of its own, a
waffle grid of lone "■" — is never a measured zero; a bulleted list (its bullets stack too, each beside its
words) stays a zero.

Before: columns of 10 pt "●" about 40 pt apart, each dot its own text line, were each a lone glyph under the size
floor of ``glyph_pictures`` (a run is the symbols of one line): "how many charts" was a measured zero and widened.
"""

from __future__ import annotations

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
# (mark, font): DejaVu geometric shapes, stars and block elements; ZapfDingbats "l" (a disc) and "n" (a square).
MARKS = [("\u25cf", "dv"), ("\u25a0", "dv"), ("\u2605", "dv"), ("\u2588", "dv"), ("\u25c6", "dv"), ("l", "zadb"), ("n", "zadb")]
# List bullets (mark, font): Symbol's bullet, ZapfDingbats' disc, square and arrow, DejaVu's bullets and arrowheads.
BULLETS = [("\u2022", "symb"), ("l", "zadb"), ("n", "zadb"), ("\u00d8", "zadb"), ("\u25aa", "dv"), ("\u25a0", "dv"), ("\u27a2", "dv"),
           ("\u2022", "dv"), ("\u25cf", "dv")]


def _page() -> tuple[pymupdf.Document, pymupdf.Page]:
    d = pdfs.new_doc()
    p = d[0]
    for k, line in enumerate(BODY):
        p.insert_text((40, 60 + 14 * k), line, fontname="helv", fontsize=11)
    p.insert_font(fontname="dv", fontfile=str(SANS))
    return d, p


def _graphics(d: pymupdf.Document, path, kind: str = "chart"):
    return run_probe("graphics", load_doc(pdfs.save(d, path)), Scope((1,)), {"kind": kind})


@needs_dejavu
@SETTINGS
@given(heights=st.lists(st.integers(1, 10), min_size=3, max_size=8), mark=st.sampled_from(MARKS), size=st.floats(8, 12),
       pitch=st.floats(24, 44), kind=st.sampled_from(["chart", "figure", "diagram"]))
def test_a_dot_column_chart_of_one_mark_a_line_is_never_missed(tmp_path, heights, mark, size, pitch, kind):
    """Property: columns of marks ``pitch`` apart, each mark set on its own (its own text line), labelled below:
    a dot-column chart, so "how many charts" finds a doubt, never a measured zero."""
    d, p = _page()
    c, font = mark
    for col, n in enumerate(heights):
        x = 100 + pitch * col
        for j in range(n):
            p.insert_text((x, 560 - 1.2 * size * j), c, fontname=font, fontsize=size)
        p.insert_text((x - 4, 580), f"Q{col + 1}", fontname="helv", fontsize=8)
    r = _graphics(d, tmp_path / "columns.pdf", kind)
    assert not r.measured_zero
    assert any("stacked" in m.what for m in r.doubts), [m.what for m in r.doubts]


@needs_dejavu
@SETTINGS
@given(rows=st.integers(3, 10), cols=st.integers(3, 10), mark=st.sampled_from(MARKS), size=st.floats(6, 12), spread=st.floats(1.1, 2.5))
def test_a_waffle_grid_of_lone_marks_is_never_missed(tmp_path, rows, cols, mark, size, spread):
    """Property: a waffle chart, a grid of marks each set on its own: one picture, a doubt."""
    d, p = _page()
    c, font = mark
    for i in range(rows):
        for j in range(cols):
            p.insert_text((150 + spread * size * j, 300 + spread * size * i), c, fontname=font, fontsize=size)
    r = _graphics(d, tmp_path / "waffle.pdf")
    assert not r.measured_zero, [m.what for m in r.doubts]


@needs_dejavu
@SETTINGS
@given(bullet=st.sampled_from(BULLETS), size=st.floats(8, 12), indent=st.floats(6, 36), items=st.integers(3, 12),
       wrap=st.integers(1, 3), two_columns=st.booleans())
def test_a_bulleted_list_stays_text(tmp_path, bullet, size, indent, items, wrap, two_columns):
    """Control: list items opened by a bullet set as its own text line (Symbol, ZapfDingbats, DejaVu), its
    words ``indent`` to its right, items wrapping over ``wrap`` lines, in one or two columns: bullets stacked in
    a column, each beside its words, so no chart: a measured zero."""
    d, p = _page()
    c, font = bullet
    for x0 in (40, 320) if two_columns else (40,):
        y = 140.0
        for k in range(items):
            p.insert_text((x0, y), c, fontname=font, fontsize=size)
            for w in range(wrap):
                p.insert_text((x0 + size + indent, y), f"Item {k + 1}, line {w + 1} of the list", fontname="helv", fontsize=size)
                y += 1.25 * size
            y += 0.4 * size
    r = _graphics(d, tmp_path / "list.pdf")
    assert r.measured_zero, [(m.what, m.why) for m in r.doubts]


@needs_dejavu
def test_invisible_marks_and_currency_columns_stay_zeros(tmp_path):
    """Control: a column of "$" signs set apart from their amounts (a financial table) and a stack of "●" in
    invisible text (render mode 3, an OCR layer) draw no chart: a measured zero."""
    d, p = _page()
    for k in range(8):
        p.insert_text((300, 200 + 13 * k), "$", fontname="helv", fontsize=10)
        p.insert_text((420, 200 + 13 * k), f"{1200 + 37 * k:,}", fontname="helv", fontsize=10)
        p.insert_text((100, 400 + 12 * k), "\u25cf", fontname="dv", fontsize=10, render_mode=3)
    r = _graphics(d, tmp_path / "ledger.pdf")
    assert r.measured_zero, [(m.what, m.why) for m in r.doubts]


@needs_dejavu
@SETTINGS
@given(rows=st.lists(st.integers(3, 10), min_size=1, max_size=5), dot=st.sampled_from(["\u2022", "\u2219", "\u2023"]),
       size=st.floats(7, 13), gap=st.sampled_from(["", " ", "  "]), kind=st.sampled_from(["chart", "figure", "diagram"]))
def test_a_dot_chart_of_bullet_dots_is_never_missed(tmp_path, rows, dot, size, gap, kind):
    """Property: rows of "•" (punctuation to Unicode) or "∙" (a math operator) in a text font, labelled to
    their left: a dot chart as much as one of "●", so "how many charts" finds a doubt on every row."""
    d, p = _page()
    for i, n in enumerate(rows):
        y = 240 + (size + 10) * i
        p.insert_text((40, y), f"Group {i + 1}", fontname="helv", fontsize=10)
        p.insert_text((120, y), gap.join([dot] * (n + 1)), fontname="dv", fontsize=size)
    r = _graphics(d, tmp_path / "bullet_dots.pdf", kind)
    assert not r.measured_zero
    assert len({m.bbox[1] // 1 for m in r.doubts if "glyphs" in m.what}) == len(rows), [m.what for m in r.doubts]


@needs_dejavu
@pytest.mark.parametrize("size", [10.0, 24.0, 32.0])
def test_slide_bullets_and_a_key_of_symbols_stay_zeros(tmp_path, size):
    """Control: a slide's "•" bullets at any size, each before its words ("A • B" in a footer too), and a key of
    distinct symbols stacked in a table column with their meanings far to the right: no chart, a measured zero."""
    d, p = _page()
    for k in range(4):
        p.insert_text((40, 140 + 1.6 * size * k), f"\u2022 Point {k + 1} of the slide", fontname="dv", fontsize=size)
    p.insert_text((40, 560), "Annual report \u2022 Section 2 \u2022 Results", fontname="dv", fontsize=9)
    for k, sym in enumerate(["\u25cf", "\u25a0", "\u25b2", "\u2605"]):
        p.insert_text((60, 620 + 14 * k), sym, fontname="dv", fontsize=10)
        p.insert_text((160, 620 + 14 * k), f"Meaning of symbol {k + 1}", fontname="helv", fontsize=10)
    r = _graphics(d, tmp_path / "slide.pdf")
    assert r.measured_zero, [(m.what, m.why) for m in r.doubts]
