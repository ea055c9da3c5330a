"""vector_blocks and graphics: diagrams/charts told apart from table rulings, borders and rules."""

from __future__ import annotations

import pdfs
from hypothesis import given, settings, strategies as st

from functools import partial

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

COLOURS = [(0, 0.6, 0), (0, 0, 0.8), (0.9, 0, 0), (0.9, 0.6, 0), (0.4, 0.4, 0.4), (0.5, 0, 0.5)]

# OCR of image-only fixture pages is slow and not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


def _build(tmp_path, build, pages: int = 1):
    d = pdfs.new_doc(pages)
    build(d)
    return load_doc(pdfs.save(d, tmp_path / "v.pdf"))


def test_chart_is_diagram_table_is_not(tmp_path):
    def build(d):
        pdfs.bar_chart(d[0], (72, 300), [40, 80, 20, 60, 30, 70], COLOURS)
        pdfs.table(d[1], (72, 100), ["Item", "Value"], [[f"r{i}", str(i)] for i in range(12)])
        d[1].draw_rect((20, 20, 592, 772), width=1)  # page border
        pdfs.rule(d[1], 600)

    doc = _build(tmp_path, build, 2)
    chart = run_probe("vector_blocks", doc, Scope((1,)), {"kind": "diagram"})
    assert len(chart.members) == 1 and "diagram_or_chart" in chart.members[0].what
    table = run_probe("vector_blocks", doc, Scope((2,)), {"kind": "diagram"})
    assert table.measured_zero
    kinds = {m.what.split(": ")[1].split(" ")[0] for m in table.best_candidates}
    assert {"table_rulings", "page_border"} <= kinds
    assert len(run_probe("vector_blocks", doc, Scope((2,)), {"kind": "any"}).members) >= 2
    assert len(run_probe("graphics", doc, Scope((1,)), {"kind": "chart"}).members) == 1
    assert run_probe("graphics", doc, Scope((2,)), {"kind": "chart"}).measured_zero


def test_graphics_logo_keeps_small_images_chart_does_not(tmp_path):
    def build(d):
        pdfs.image(d[0], (500, 20, 540, 60))
        pdfs.text(d[0], (72, 100), "body text")

    doc = _build(tmp_path, build)
    assert len(run_probe("graphics", doc, Scope((1,)), {"kind": "logo"}).members) == 1
    assert run_probe("graphics", doc, Scope((1,)), {"kind": "chart"}).measured_zero


def test_graphics_on_image_only_page_cannot_measure(tmp_path):
    doc = _build(tmp_path, lambda d: pdfs.image(d[0], (0, 0, 612, 792)))
    assert run_probe("graphics", doc, Scope((1,)), {"kind": "chart"}).status is ProbeStatus.could_not_measure


@settings(max_examples=8, deadline=None)
@given(n=st.integers(1, 40))
def test_rules_and_underlines_never_make_a_diagram(tmp_path_factory, n):
    def build(d):
        for i in range(n):
            pdfs.text(d[0], (72, 60 + 17 * i), f"line {i}")
            pdfs.underline(d[0], (72, 60 + 17 * i), 30 + i)

    doc = _build(tmp_path_factory.mktemp("vr"), build)
    assert run_probe("vector_blocks", doc, Scope((1,)), {"kind": "diagram"}).measured_zero


def test_corpus_e79_no_diagram(corpus_doc):
    doc = corpus_doc("e79deb02a0c0e87511080836c5d4347b.pdf")
    for page in (10, 14):
        assert run_probe("vector_blocks", doc, Scope((page,)), {"kind": "diagram"}).measured_zero
        assert run_probe("graphics", doc, Scope((page,)), {"kind": "diagram"}).measured_zero
    p14 = run_probe("vector_blocks", doc, Scope((14,)), {"kind": "any"})
    assert any("table_rulings" in m.what for m in p14.members)


def test_corpus_7c3f_no_chart_anywhere(corpus_doc):
    doc = corpus_doc("7c3f6204b3241f142f0f8eb8e1fefe7a.pdf")
    assert run_probe("graphics", doc, Scope(tuple(range(1, 16))), {"kind": "chart"}).measured_zero
    assert len(run_probe("graphics", doc, Scope((1,)), {"kind": "logo"}).members) == 3


def test_corpus_positive_control_timer_chart(corpus_doc):
    doc = corpus_doc("User_Manual_1500S_Classic_EN.pdf")
    res = run_probe("graphics", doc, Scope((50,)), {"kind": "chart"})
    assert any("vector block" in m.what for m in res.members)


def test_corpus_raster_slide_cannot_measure(corpus_doc):
    doc = corpus_doc("earthlinkweb-150213112111-conversion-gate02_95.pdf")
    res = run_probe("graphics", doc, Scope((42,)), {"kind": "chart"})
    assert res.status is ProbeStatus.could_not_measure and "p42" in res.note
