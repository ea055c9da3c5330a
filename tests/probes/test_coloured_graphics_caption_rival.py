"""coloured_graphics: a printed caption is no rival graphic for the chart's own axis title.

Generator: a small chart whose only blue is its axis
title in slate grey, set 9 pt under the bars and 1.5 pt above "Figure 1: ...". The caption, a doubt
of ``graphics``, was taken for the nearest drawn thing and given the title, so the chart itself was
set aside as showing no blue (the planted chart in no member nor doubt)."""

from __future__ import annotations

import pdfs
import pymupdf

from widening.models import ProbeStatus

SLATE = (112 / 255, 128 / 255, 144 / 255)
GREEN = (0.1, 0.6, 0.2)


def _chart(path, title_colour):
    doc = pdfs.new_doc(1, 280, 260)
    p = doc[0]
    for x in (40, 80):
        p.draw_rect(pymupdf.Rect(x, 22, x + 20, 47), color=None, fill=GREEN)
    pdfs.text(p, (45, 54), "C1", size=7)
    pdfs.text(p, (85, 54), "C2", size=7)
    pdfs.text(p, (28, 63), "Share of respondents", size=8, colour=title_colour)
    pdfs.text(p, (20, 75), "Figure 1: generated figure", size=9)
    return pdfs.save(doc, path)


def test_axis_title_next_to_a_caption_keeps_its_chart_a_doubt(tmp_path):
    res = pdfs.probe(_chart(tmp_path / "c.pdf", SLATE), "coloured_graphics", {"kind": "chart", "colour": "blue"})
    assert not res.members
    chart = pymupdf.Rect(28, 20, 110, 49)
    assert any(pymupdf.Rect(d.bbox).intersects(chart) and "blue text" in d.what for d in res.doubts), res.doubts
    assert not any(pymupdf.Rect(b.bbox).intersects(chart) for b in res.best_candidates)


def test_control_black_title_sets_the_chart_aside(tmp_path):
    """Control: with the title in black, nothing on the page is blue: the chart shows no blue."""
    res = pdfs.probe(_chart(tmp_path / "c.pdf", (0, 0, 0)), "coloured_graphics", {"kind": "chart", "colour": "blue"})
    assert res.status is ProbeStatus.measured and not res.members
    assert not any("blue text" in d.what for d in res.doubts)
