"""blocks.ruled_grid: bands spanning a block one way, painted in two colours or more, whose thickness differs
are a stacked bar's segments or a treemap's strips (a value each), never a certain ruled grid of text."""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
COLOURS = [(0.2, 0.4, 0.8), (0.9, 0.5, 0.1), (0.3, 0.7, 0.3), (0.7, 0.2, 0.2), (0.5, 0.3, 0.6)]


def _body(page: pymupdf.Page) -> None:
    for i in range(6):
        pdfs.text(page, (72, 80 + 14 * i), "The survey was run online in the spring and the results are summarised here.", size=10)


def _stacked(path, shares: list[int], vertical: bool, gap: float) -> pymupdf.Rect:
    """One 100% stacked bar, a share printed inside each segment, no axis: a chart a reader counts."""
    d = pdfs.new_doc()
    page = d[0]
    _body(page)
    total, length, at = sum(shares), 400.0, 0.0
    for k, s in enumerate(shares):
        size = length * s / total
        r = (pymupdf.Rect(100 + at, 300, 100 + at + size - gap, 330) if not vertical
             else pymupdf.Rect(250, 250 + at, 330, 250 + at + size - gap))
        page.draw_rect(r, color=None, fill=COLOURS[k % len(COLOURS)])
        pdfs.text(page, (r.x0 + 2, r.y0 + 11), f"{round(100 * s / total)}%", size=8, colour=(1, 1, 1))
        at += size
    return load_doc(pdfs.save(d, path))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shares=st.lists(st.integers(5, 60), min_size=2, max_size=5).filter(lambda s: max(s) - min(s) >= 2),
       vertical=st.booleans(), gap=st.sampled_from([0.0, 1.0]))
def test_a_stacked_bar_with_its_shares_inside_is_never_a_certain_non_member(tmp_path_factory, shares, vertical, gap):
    """Before: the segments, each spanning the block across, were "bands" of a ruled grid of text (certain), and
    "How many charts are on page 1?" was widened on a page showing a 100% stacked bar."""
    doc = _stacked(tmp_path_factory.mktemp("sb") / "s.pdf", shares, vertical, gap)
    res = run_probe("graphics", doc, Scope((1,)), {"kind": "chart"})
    assert res.members or res.doubts, [m.why for m in res.best_candidates]
    assert not any("ruled grid" in (m.why or "") for m in res.best_candidates)


def test_a_treemap_of_strips_is_kept(tmp_path):
    d = pdfs.new_doc()
    page = d[0]
    _body(page)
    x = 100.0
    for w, c, t in zip([180, 120, 80, 40], COLOURS, ["Food", "Rent", "Travel", "Misc"]):
        page.draw_rect(pymupdf.Rect(x, 300, x + w, 460), color=(1, 1, 1), fill=c, width=1)
        pdfs.text(page, (x + 4, 319), t, size=9, colour=(1, 1, 1))
        pdfs.text(page, (x + 4, 332), f"{w // 4}%", size=9, colour=(1, 1, 1))
        x += w
    pdf = pdfs.save(d, tmp_path / "treemap.pdf")
    assert pdfs.decide(pdf, "How many charts are on page 1?").decision == "keep"


def test_a_zebra_table_of_one_row_height_stays_a_ruled_grid(tmp_path):
    """Control: a table's rows in two alternating colours, all of one height, vary in nothing: still certain."""
    d = pdfs.new_doc()
    page = d[0]
    _body(page)
    for i in range(6):
        page.draw_rect(pymupdf.Rect(100, 300 + 18 * i, 450, 318 + 18 * i), color=None,
                       fill=(0.2, 0.3, 0.5) if i == 0 else ((0.9, 0.9, 0.9) if i % 2 else (0.97, 0.97, 1)))
        pdfs.text(page, (104, 313 + 18 * i), f"Row {i}", size=9)
        pdfs.text(page, (300, 313 + 18 * i), f"{i * 7}", size=9)
    pdf = pdfs.save(d, tmp_path / "zebra.pdf")
    res = pdfs.probe(pdf, "graphics", {"kind": "chart"})
    assert res.measured_zero and any("ruled grid" in (m.why or "") for m in res.best_candidates)
    assert pdfs.decide(pdf, "How many charts are on page 1?").decision == "widen"
