"""Colour probes on pages too large for one render at 150 dpi: measured band by band at 150 dpi, or not measured; never a silent zero."""

from __future__ import annotations

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe
from widening.probes import colour_regions as cr
from widening.models import ProbeStatus

_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
RED, BLUE = (0.9, 0.1, 0.1), (0.1, 0.3, 0.9)
POSTER = (4032, 3024)  # 56 x 42 inches: 53 Mpx at 150 dpi, over one render's budget


def _poster(tmp_path, star: bool = True, bar: bool = False, size=POSTER, y: float = 2400):
    """Black body text on a poster page; a red star glyph inline in a body line (an icon no graphic lists), a red bar."""
    d = pdfs.new_doc(width=size[0], height=size[1])
    p = d[0]
    f = pymupdf.Font(fontfile=_DEJAVU)
    for i in (*range(-6, 0), *range(1, 4)):  # the star's line sits inside a paragraph: no line set apart
        pdfs.text(p, (72, y + 14 * i), f"Body text line {i} of the poster, in black ink for readers of it.")
    if star:
        tw = pymupdf.TextWriter(p.rect)
        tw.append((72, y), "Our brand ", font=f, fontsize=11)
        end = tw.last_point
        tw.write_text(p)
        tw = pymupdf.TextWriter(p.rect, color=RED)
        tw.append(end, "\u2605", font=f, fontsize=11)
        end = tw.last_point
        tw.write_text(p)
        tw = pymupdf.TextWriter(p.rect)
        tw.append(end, " stands for quality in all we do.", font=f, fontsize=11)
        tw.write_text(p)
    if bar:
        pdfs.bar_chart(p, (2000, y), [20, 35, 50], [BLUE, RED, BLUE])
    return load_doc(pdfs.save(d, tmp_path / "poster.pdf"), ocr=False)


def test_a_red_icon_on_a_poster_page_is_never_a_measured_zero(tmp_path):
    """Regression: on a page over 40 Mpx at 150 dpi the search for paint outside every listed graphic
    stopped silently, so a red star glyph in a body line made "how many red logos on page 1" a measured zero."""
    doc = _poster(tmp_path)
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "red"})
    assert not r.measured_zero and r.doubts and "glyph" in r.doubts[0].why, r.note
    # Control: nothing blue on the poster, measured (not merely "could not measure").
    b = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "blue"})
    assert b.measured_zero and b.status is ProbeStatus.measured, b.note


def test_red_bars_on_a_poster_page_are_measured(tmp_path):
    doc = _poster(tmp_path, star=False, bar=True)
    r = run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"})
    assert r.status is ProbeStatus.measured and len(r.members) == 1, (r.note, r.doubts)
    g = run_probe("colour_regions", doc, Scope((1,)), {"colour": "green", "shape": "bar"})
    assert g.measured_zero and g.status is ProbeStatus.measured, g.note


def test_a_page_beyond_the_render_budget_is_not_measured(tmp_path):
    """A 14,400 pt square page (900 Mpx at 150 dpi) is not rendered: could not measure, never a zero."""
    doc = _poster(tmp_path, size=(14400, 14400), y=9000)
    for probe, params in (("coloured_graphics", {"kind": "logo", "colour": "red"}), ("colour_regions", {"colour": "red", "shape": "bar"})):
        r = run_probe(probe, doc, Scope((1,)), params)
        assert not r.measured_zero and (r.status is ProbeStatus.could_not_measure or r.doubts), (probe, r.note)
        assert r.status is ProbeStatus.could_not_measure or any("not measured" in (m.why or "") + m.what for m in r.doubts), r.note


@pytest.fixture(scope="module")
def _bars_page(tmp_path_factory):
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 72), "Sales by region", size=14, colour=RED)
    pdfs.bar_chart(p, (100, 500), [30, 80, 55, 120], [RED, (1, 0.8, 0.8), RED, BLUE])
    p.draw_rect((300, 200, 520, 203), color=None, fill=RED)  # a thin bar
    p.draw_circle((400, 650), 40, color=RED, fill=(1, 0.85, 0.85), width=2)
    return pdfs.save(d, tmp_path_factory.mktemp("bars") / "bars.pdf")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(band=st.integers(min_value=1500, max_value=400_000), pale=st.booleans(), top=st.floats(min_value=0, max_value=300))
def test_bands_join_into_the_whole_render(_bars_page, monkeypatch, band, pale, top):
    """Property: rendered band by band (any band height, seams anywhere), the regions are those of one render."""
    pdf = pymupdf.open(_bars_page)  # the page needs its document alive
    page = pdf[0]
    clip = pymupdf.Rect(0, top, 612, 792)
    whole = sorted((tuple(round(v, 3) for v in r.rect), r.area) for r in cr.labelled(page, clip, "red", pale))
    monkeypatch.setattr(cr, "BAND_PIXELS", band)
    banded = sorted((tuple(round(v, 3) for v in r.rect), r.area) for r in cr.labelled(page, clip, "red", pale))
    monkeypatch.undo()
    assert banded == whole
