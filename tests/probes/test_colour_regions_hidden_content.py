"""colour_regions and coloured_graphics: paint of the colour in content the page hides by default is a doubt.

A red bar in a layer (optional content) that is off on the screen, or on only for printing, or a red square
annotation flagged hidden or print-only (NoView + Print), is not in MuPDF's default render: "How many red bars
are in the chart on page 1?" was a measured zero, and the row widened, while a reader who prints the page (or
switches the layer on) sees the red bar. The picture and text probes already read such content as doubts
(``facts.hidden``); the colour probes now compare the render with the hidden content shown against the default
render, pixel by pixel: what only the first shows is a doubt, never a member and never a zero.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.facts.hidden import HIDDEN_WHY
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
RED, BLUE = (0.9, 0.1, 0.1), (0.1, 0.3, 0.8)
BAR = pymupdf.Rect(150, 322, 190, 442)
PRINT_ONLY = "<< /View << /ViewState /OFF >> /Print << /PrintState /ON >> >>"
HIDES = ["layer_off", "layer_print_only", "annot_hidden", "annot_print_only"]


def _chart(path: Path, how: str, rgb=RED, bar: pymupdf.Rect = BAR) -> Path:
    """A chart (an axis, a blue bar, year labels, a caption) with a bar of ``rgb`` at ``bar`` drawn ``how``."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.draw_line((90, 442), (390, 442), color=(0.5, 0.5, 0.5), width=0.8)
    page.draw_rect((220, 362, 260, 442), color=None, fill=BLUE)
    page.insert_text((150, 455), "2021", fontsize=9)
    page.insert_text((220, 455), "2022", fontsize=9)
    page.insert_text((90, 280), "Figure 1: Sales by year", fontsize=11)
    if how.startswith("layer"):
        ocg = doc.add_ocg("Forecast", on=how != "layer_off")
        if how == "layer_print_only":
            doc.xref_set_key(ocg, "Usage", PRINT_ONLY)
        page.draw_rect(bar, color=None, fill=rgb, oc=ocg)
    elif how.startswith("annot"):
        annot = page.add_rect_annot(bar)
        annot.set_colors(stroke=rgb, fill=rgb)
        annot.update()
        doc.xref_set_key(annot.xref, "F", {"annot_hidden": "2", "annot_print_only": "36", "annot_shown": "4"}[how])
    else:
        page.draw_rect(bar, color=None, fill=rgb)
    return pdfs.save(doc, path)


def _hidden_doubt(res, bar: pymupdf.Rect = BAR) -> bool:
    return any(d.why and HIDDEN_WHY in d.why and pymupdf.Rect(d.bbox).intersects(bar) for d in res.doubts)


@pytest.mark.parametrize("how", HIDES)
def test_a_red_bar_in_hidden_content_is_a_doubt_never_a_zero(tmp_path, how):
    doc = load_doc(_chart(tmp_path / f"{how}.pdf", how))
    for name, params in (("colour_regions", {"colour": "red", "shape": "bar"}), ("colour_regions", {"colour": "red"}),
                         ("coloured_graphics", {"colour": "red", "kind": "chart"}), ("coloured_graphics", {"colour": "red", "kind": "figure"})):
        res = run_probe(name, doc, Scope((1,)), params)
        assert not res.measured_zero, (how, name, params)
        assert not res.members and _hidden_doubt(res), (how, name, [(d.what, d.why) for d in res.doubts])


def test_the_row_is_kept_not_widened(tmp_path):
    pdf = _chart(tmp_path / "print_only.pdf", "layer_print_only")
    d = pdfs.decide(pdf, "How many red bars are in the chart on page 1?")
    assert d.decision == "keep" and d.case == "unverifiable", d.reason


@pytest.mark.parametrize("how", HIDES)
def test_control_a_hidden_blue_bar_asked_red_is_still_a_zero(tmp_path, how):
    doc = load_doc(_chart(tmp_path / f"{how}.pdf", how, rgb=BLUE))
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"}).measured_zero
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"colour": "red", "kind": "chart"}).measured_zero


@pytest.mark.parametrize("how", ["layer_on", "annot_shown", "drawn"])
def test_control_a_shown_red_bar_is_a_member_with_no_hidden_doubt(tmp_path, how):
    doc = load_doc(_chart(tmp_path / f"{how}.pdf", how))
    res = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert len(res.members) == 1 and not _hidden_doubt(res)


def test_hidden_paint_on_shown_paint_is_not_counted_twice(tmp_path):
    """A red bar shown, and the same bar again in a layer that is off: the hidden copy adds no pixel a reader
    does not already see, so the bar is one member and no hidden doubt."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.draw_rect(BAR, color=None, fill=RED)
    page.draw_rect(BAR, color=None, fill=RED, oc=doc.add_ocg("Copy", on=False))
    d = load_doc(pdfs.save(doc, tmp_path / "twice.pdf"))
    res = run_probe("colour_regions", d, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert len(res.members) == 1 and not _hidden_doubt(res)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(HIDES), x=st.floats(20, 500), y=st.floats(20, 700),
       w=st.floats(4, 80), h=st.floats(4, 120), region=st.sampled_from([None, "top", "bottom", "left", "right"]))
def test_property_hidden_red_paint_is_never_a_zero_where_it_lies(tmp_path, how, x, y, w, h, region):
    """Property: wherever a hidden red bar lies and whatever part of the page is asked, the part that holds it
    is never a measured zero."""
    bar = pymupdf.Rect(x, y, x + w, y + h)
    doc = load_doc(_chart(tmp_path / "p.pdf", how, bar=bar))
    asked = doc.region_rect(1, region)
    if not (bar & asked).width > 2 or not (bar & asked).height > 2:
        return
    res = run_probe("colour_regions", doc, Scope((1,), region=region), {"colour": "red", "shape": "bar"})
    assert not res.measured_zero and (res.members or _hidden_doubt(res, bar & asked)), (how, bar, region)
