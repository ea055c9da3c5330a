"""colours: greys with a cast, browns over brown's value ceiling, and dark shades across hue 0 are doubts.

A bar chart embedded as a PNG on a slide, its bars slate grey
(#708090), blue grey (#607C8E), tan (#D2B48C) or a dark purplish brown (#673A3F), asked "How many
gray (brown) bars": every pixel fell outside the family and its tint band, so the row was widened."""

from __future__ import annotations

import colorsys
import io

import numpy as np
import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from widening.facts.colours import family, matches, srgb_to_hsv, tinted

SLATE_GREY, BLUE_GREY, DARK_SLATE_GREY, DARK_BLUE_GREY = (112, 128, 144), (96, 124, 142), (47, 79, 79), (31, 59, 77)
TAN, SANDY_BROWN, SAND_BROWN, PURPLE_BROWN = (210, 180, 140), (244, 164, 96), (203, 165, 96), (103, 58, 63)
BLUE, RED = (40, 80, 200), (220, 30, 30)


@pytest.mark.parametrize("rgb,name", [(SLATE_GREY, "gray"), (BLUE_GREY, "grey"), (DARK_SLATE_GREY, "gray"), (DARK_BLUE_GREY, "gray"),
                                      (TAN, "brown"), (SANDY_BROWN, "brown"), (SAND_BROWN, "brown"), (PURPLE_BROWN, "brown")])
def test_colours_a_reader_names_by_the_family_are_at_least_doubts(rgb, name):
    fam = family(name)
    assert matches(fam, rgb) or tinted(fam, rgb), (rgb, srgb_to_hsv(rgb), name)


@pytest.mark.parametrize("rgb,name", [(BLUE, "gray"), (RED, "gray"), ((200, 0, 0), "gray"), ((0, 160, 60), "gray"),
                                      ((255, 127, 0), "brown"), ((237, 125, 49), "brown"), ((255, 215, 0), "brown"), (BLUE, "brown")])
def test_saturated_colours_stay_apart(rgb, name):
    """Controls: saturated blue, red and green are no grey; pure and Office orange, gold and blue no brown."""
    assert not tinted(family(name), rgb) and not matches(family(name), rgb)


@settings(max_examples=300, deadline=None)
@given(grey=st.integers(50, 240), cast=st.tuples(st.integers(-20, 20), st.integers(-20, 20), st.integers(-20, 20)))
def test_a_grey_with_a_small_cast_is_grey_or_a_doubt_of_grey(grey, cast):
    """Property: a mid grey pushed off neutral by at most 20 per channel (chroma <= 40) is never outside grey."""
    rgb = tuple(min(245, max(50, grey + c)) for c in cast)
    fam = family("gray")
    assert matches(fam, rgb) or tinted(fam, rgb), (rgb, srgb_to_hsv(rgb))


@settings(max_examples=300, deadline=None)
@given(hue=st.sampled_from([176, 177, 178, 179, 26, 27, 28, 29]), s=st.floats(0.3, 1.0), v=st.floats(0.15, 0.62))
def test_a_dark_shade_is_near_across_hue_zero(hue, s, v):
    """Property: hue is a circle; a dark colour just past hue 0 (176..179) is as near brown's 0..25 as one at 26..29."""
    rgb = tuple(round(c * 255) for c in colorsys.hsv_to_rgb(hue / 180, s, v))
    h, sat, val = srgb_to_hsv(rgb)
    fam = family("brown")
    if (176 <= h <= 179 or 26 <= h <= 29) and sat >= fam.s_min and fam.v_min <= val < 170:
        assert tinted(fam, rgb), (rgb, (h, sat, val))


def _chart_slide(path, colours) -> pymupdf.Document:
    """Three slides; slide 2 shows a bar chart as a PNG (no text layer, black axes)."""
    a = np.full((250, 400, 3), 255, np.uint8)
    a[230:232, 10:390] = 0
    a[10:232, 10:12] = 0
    for i, (c, v) in enumerate(zip(colours, (120, 180, 90, 150))):
        a[230 - v:230, 30 + i * 60:70 + i * 60] = c
    buf = io.BytesIO()
    Image.fromarray(a).save(buf, "PNG")
    doc = pdfs.new_doc(3, 720, 405)
    doc[1].insert_image(pymupdf.Rect(160, 80, 560, 330), stream=buf.getvalue())
    return pdfs.save(doc, path)


@pytest.mark.parametrize("bar,colour", [(SLATE_GREY, "gray"), (BLUE_GREY, "grey"), (TAN, "brown"), (PURPLE_BROWN, "brown")])
def test_raster_chart_bars_of_a_shade_keep_the_row(tmp_path, bar, colour):
    """Slate grey or tan bars in a PNG chart: "How many gray (brown) bars" is kept, never widened."""
    pdf = _chart_slide(tmp_path / "deck.pdf", [bar, BLUE, bar, BLUE])
    d = pdfs.decide(pdf, f"How many {colour} bars are in the chart on slide 2?")
    assert d.decision != "widen" and d.doubts, d.reason
    if colour in ("gray", "grey"):
        g = pdfs.decide(pdf, f"How many charts on slide 2 contain {colour}?")
        assert g.decision != "widen", g.reason


def test_raster_chart_without_the_colour_is_still_widened(tmp_path):
    """Control: blue and red bars on black axes hold no grey and no brown: both rows are widened."""
    pdf = _chart_slide(tmp_path / "deck.pdf", [BLUE, RED, BLUE, RED])
    for colour in ("gray", "brown"):
        d = pdfs.decide(pdf, f"How many {colour} bars are in the chart on slide 2?")
        assert d.decision == "widen", d.reason
