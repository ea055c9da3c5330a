"""graphics: vector art in content the page hides by default is a doubt, never a measured zero.

A bar chart drawn in a layer that is off by default (the viewer's layer panel or a print shows it) is in no path
the page lists: "How many charts are on page 1?" was widened, while the picture, text and colour probes already
read hidden content as doubts. Controls: the same chart in a layer that is on is a member (no doubt); a document
whose hidden layer holds only a word stays a measured zero.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe


def layered(path: Path, on: bool, chart: bool = True) -> Path:
    d = pdfs.new_doc()
    p = d[0]
    for i in range(4):
        pdfs.text(p, (72, 72 + 14 * i), f"Body text line {i} of the report, describing results in plain words.")
    ocg = d.add_ocg("Chart", on=on)
    if chart:
        for i, h in enumerate([120, 80, 160]):
            x = 120 + i * 70
            p.draw_rect((x, 500 - h, x + 40, 500), color=None, fill=(0.9, 0.1, 0.1), oc=ocg)
        p.draw_line((100, 500), (400, 500), width=0.8, oc=ocg)
        p.draw_line((100, 500), (100, 300), width=0.8, oc=ocg)
    else:
        p.insert_text((72, 700), "draft", fontsize=9, oc=ocg)
    return pdfs.save(d, path)


def _run(path: Path, kind: str):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe("graphics", doc, Scope((1,)), {"kind": kind})
    finally:
        doc.close()


@pytest.mark.parametrize("kind", ["chart", "figure", "diagram"])
def test_a_chart_in_a_layer_off_by_default_is_a_doubt(tmp_path, kind):
    path = layered(tmp_path / "off.pdf", on=False)
    res = _run(path, kind)
    assert not res.measured_zero and not res.members
    assert any("hidden content" in m.what for m in res.doubts), [m.what for m in res.doubts]
    assert pdfs.decide(path, "How many charts are on page 1?").decision == "keep"


def test_controls_a_layer_on_and_a_hidden_word(tmp_path):
    shown = _run(layered(tmp_path / "on.pdf", on=True), "chart")
    assert len(shown.members) == 1 and not shown.doubts
    assert _run(layered(tmp_path / "word.pdf", on=False, chart=False), "chart").measured_zero
