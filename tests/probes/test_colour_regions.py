"""colour_regions: HSV families, connected components, and the bar shape filter."""

from __future__ import annotations

import pdfs
import pytest

from widening.facts.colours import family, matches
from functools import partial

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

# OCR of image-only fixture pages is slow and not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


@pytest.mark.parametrize("rgb,name", [((230, 30, 30), "red"), ((30, 160, 60), "green"), ((30, 60, 200), "blue"), ((250, 220, 20), "yellow"), ((0, 0, 0), "black")])
def test_families(rgb, name):
    assert matches(family(name), rgb)
    assert not matches(family("red" if name != "red" else "blue"), rgb)


def test_bar_vs_blob_and_in_image(tmp_path):
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 60), "chart page")
    p.draw_rect((72, 100, 92, 220), color=None, fill=(0.9, 0.1, 0.1))  # red bar
    p.draw_circle((300, 160), 40, color=None, fill=(0.9, 0.1, 0.1))  # red disc: not a bar
    p.draw_rect((72, 300, 200, 315), color=None, fill=(0.1, 0.6, 0.2))  # green horizontal bar
    pdfs.image(p, (300, 400, 500, 500), colour=(20, 40, 220))  # blue raster
    doc = load_doc(pdfs.save(d, tmp_path / "c.pdf"))
    bars = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert len(bars.members) == 1 and len(bars.doubts) == 1  # the disc: only a shape filter sets it aside
    assert "bar-shape filter" in bars.doubts[0].why
    assert len(run_probe("colour_regions", doc, Scope((1,)), {"colour": "red"}).members) == 2
    assert len(run_probe("colour_regions", doc, Scope((1,)), {"colour": "green", "shape": "bar"}).members) == 1
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "yellow"}).measured_zero
    inside = run_probe("colour_regions", doc, Scope((1,), in_image=True), {"colour": "blue"})
    assert len(inside.members) == 1
    assert run_probe("colour_regions", doc, Scope((1,), in_image=True), {"colour": "red"}).measured_zero
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "octarine"}).status is ProbeStatus.could_not_measure


def test_corpus_timer_chart_has_no_red_bar_but_red_marks_in_doubt(corpus_doc):
    """No red bar; the red arrows, the red X icon and specks of the raster title are doubts (only a shape/size filter excludes them)."""
    doc = corpus_doc("User_Manual_1500S_Classic_EN.pdf")
    scope = Scope((50,))
    bars = run_probe("colour_regions", doc, scope, {"colour": "red", "shape": "bar"})
    assert not bars.members and bars.doubts and all(d.why for d in bars.doubts)
    assert run_probe("colour_regions", doc, scope, {"colour": "red", "shape": "any"}).members  # red pixels exist
    assert run_probe("colour_regions", doc, scope, {"colour": "green", "shape": "bar"}).members
    assert run_probe("colour_regions", doc, scope, {"colour": "blue", "shape": "bar"}).members


def test_short_wide_bar_is_a_doubt_never_dropped(tmp_path):
    """Regression (issue 10): a short, wide red bar (70x41 pt, a low value) failed the aspect filter and vanished."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.bar_chart(p, (72, 400), [60, 80, 45], [(0.1, 0.3, 0.8)] * 3)
    p.draw_rect((300, 359, 370, 400), color=None, fill=(0.9, 0.1, 0.1))  # 70 x 41 pt
    doc = load_doc(pdfs.save(d, tmp_path / "short.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.members and not res.measured_zero
    [doubt] = res.doubts
    assert doubt.page == 1 and abs(doubt.bbox[2] - doubt.bbox[0] - 70) < 2 and "aspect" in doubt.why


def test_specks_below_min_area_are_grouped_doubts(tmp_path):
    """Regression: regions under min_area were dropped silently; now they are doubts, folded with a count."""
    d = pdfs.new_doc()
    p = d[0]
    for i in range(12):
        p.draw_rect((72 + 20 * i, 100, 74 + 20 * i, 102), color=None, fill=(0.9, 0.1, 0.1))  # 2x2 pt specks
    doc = load_doc(pdfs.save(d, tmp_path / "specks.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.members and len(res.doubts) == 5
    assert res.doubts[-1].what.startswith("8 more red specks") and "min_area" in res.doubts[-1].why


def test_red_text_is_not_a_bar(tmp_path):
    """Certain rule: a region drawn only by glyphs of red text is that text (closest non-member, not a doubt)."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 100), "Revenue fell", size=14, colour=(0.9, 0.1, 0.1))
    doc = load_doc(pdfs.save(d, tmp_path / "redtext.pdf"))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert res.measured_zero and res.best_candidates
    assert all(m.why == "drawn by red text glyphs" for m in res.best_candidates)
