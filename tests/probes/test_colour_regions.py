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
    assert len(bars.members) == 1 and len(bars.best_candidates) == 1
    assert len(run_probe("colour_regions", doc, Scope((1,)), {"colour": "red"}).members) == 2
    assert len(run_probe("colour_regions", doc, Scope((1,)), {"colour": "green", "shape": "bar"}).members) == 1
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "yellow"}).measured_zero
    inside = run_probe("colour_regions", doc, Scope((1,), in_image=True), {"colour": "blue"})
    assert len(inside.members) == 1
    assert run_probe("colour_regions", doc, Scope((1,), in_image=True), {"colour": "red"}).measured_zero
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "octarine"}).status is ProbeStatus.could_not_measure


def test_corpus_timer_chart_has_no_red_bar(corpus_doc):
    doc = corpus_doc("User_Manual_1500S_Classic_EN.pdf")
    scope = Scope((50,))
    assert run_probe("colour_regions", doc, scope, {"colour": "red", "shape": "bar"}).measured_zero
    assert run_probe("colour_regions", doc, scope, {"colour": "red", "shape": "any"}).members  # red pixels exist
    assert run_probe("colour_regions", doc, scope, {"colour": "green", "shape": "bar"}).members
    assert run_probe("colour_regions", doc, scope, {"colour": "blue", "shape": "bar"}).members
