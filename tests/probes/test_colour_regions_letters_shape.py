"""colour_regions / coloured_graphics: a region leaves the candidates as letters only pixel by pixel, with the shape of letters."""

from __future__ import annotations

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
RED, BLUE = (0.9, 0.1, 0.1), (0.1, 0.3, 0.9)


def _text_chart(tmp_path, mark: str, colour=RED, lengths=(8, 5, 3), size=30):
    """A text chart: black labels, each with a run of ``mark`` in ``colour`` (DejaVu Sans Bold) as its bar."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 72), "Figure 1: Sales by product", font="hebo", size=12)
    for i, (label, n) in enumerate(zip(("Alpha", "Beta", "Gamma"), lengths)):
        y = 120 + 30 * i
        pdfs.text(p, (72, y), label, size=11)
        p.insert_text((140, y), mark * n, fontname="dvb", fontfile=_BOLD, fontsize=size, color=colour)
    for i in range(5):
        pdfs.text(p, (72, 240 + 14 * i), f"Body text line {i} of the report, in black ink for readers.")
    return load_doc(pdfs.save(d, tmp_path / "chart.pdf"), ocr=False)


@settings(max_examples=6, deadline=None)
@given(mark=st.sampled_from(["_", "\u2014"]), lengths=st.tuples(*[st.integers(min_value=2, max_value=10)] * 3), size=st.sampled_from([24, 30, 40]))
def test_bars_drawn_by_runs_of_underscores_or_dashes_are_never_a_measured_zero(tmp_path_factory, mark, lengths, size):
    """Regression: a text chart whose red bars are runs of "_" or "—" (punctuation, certainly text) was
    explained away as letters (five points of the region fell in glyph boxes): "how many red bars in the
    chart on page 1" and "how many red charts on page 1" were measured zeros."""
    doc = _text_chart(tmp_path_factory.mktemp("c"), mark, lengths=lengths, size=size)
    r = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not r.measured_zero and any("joined into a bar" in (m.why or "") for m in r.doubts), r.note
    g = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "chart", "colour": "red"})
    assert not g.measured_zero and g.doubts, g.note


@pytest.mark.parametrize("mark", ["_", "\u2014"])
def test_the_same_chart_in_blue_is_no_red_bar(tmp_path, mark):
    """Control: the chart drawn in blue: no red at all, a measured zero for red bars and red charts."""
    doc = _text_chart(tmp_path, mark, colour=BLUE)
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"}).measured_zero
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "chart", "colour": "red"}).measured_zero


def test_red_letters_even_bar_shaped_ones_stay_letters(tmp_path):
    """Control: a red heading in a bold font (its "l", "I" and "1" are bar-shaped) and a red "x" run are text, not bars."""
    d = pdfs.new_doc()
    p = d[0]
    p.insert_text((72, 80), "Ill 1111 Results", fontname="dvb", fontfile=_BOLD, fontsize=30, color=RED)
    p.insert_text((72, 140), "xxxxxxxx", fontname="dvb", fontfile=_BOLD, fontsize=30, color=RED)
    for i in range(5):
        pdfs.text(p, (72, 240 + 14 * i), f"Body text line {i} of the report, in black ink for readers.")
    doc = load_doc(pdfs.save(d, tmp_path / "h.pdf"), ocr=False)
    r = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert r.measured_zero, (r.note, r.doubts)


def test_a_square_glyph_set_between_letters_is_not_letters(tmp_path):
    """A tiny red "■" (a symbol glyph) set between red letters with no space: its ink lies in the grown boxes
    of its neighbours, yet no letter drew it: a doubt, never explained away as text."""
    d = pdfs.new_doc()
    p = d[0]
    f = pymupdf.Font(fontfile="/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    tw = pymupdf.TextWriter(p.rect, color=RED)
    tw.append((72, 80), "RESULTS", font=f, fontsize=20)
    tw.append(tw.last_point, "\u25a0", font=f, fontsize=5)
    tw.append(tw.last_point, "2023", font=f, fontsize=20)
    tw.write_text(p)
    for i in range(5):
        pdfs.text(p, (72, 240 + 14 * i), f"Body text line {i} of the report, in black ink for readers.")
    doc = load_doc(pdfs.save(d, tmp_path / "sq.pdf"), ocr=False)
    r = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar", "min_area": 5})
    assert not r.measured_zero, r.note
