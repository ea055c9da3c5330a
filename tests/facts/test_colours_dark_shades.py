"""colours: no colour falls between a hue's dark shades and black, nor just over a family's value ceiling.

A bar chart whose bars are filled with a very dark red #400000 (HSV value 64) and outlined in black, asked "How many
red bars are in the chart on page 1?": red's value floor is 70, black's ceiling 60, and the colour is too saturated
for black's greyish band, so no pixel was a member or a doubt of red (the outline left no lighter rim) and the row was
widened, though a reader sees three dark red bars. The same gap sat just over brown's value ceiling (200): bars of
peru #CD853F (V 205), light brown to a reader, were no doubt of brown."""

from __future__ import annotations

import colorsys

import pdfs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.colours import FAMILIES, GREY_DARK_V_MIN, family, matches, srgb_to_hsv, tinted

SHADE_DARK_BAND = 40  # colours.SHADE_DARK_BAND: how far under a family's value floor its dark shades reach
CHROMATIC = sorted(n for n, f in FAMILIES.items() if f.hues)


def _rgb(h: float, s: float, v: float) -> tuple[int, int, int]:
    return tuple(int(round(c * 255)) for c in colorsys.hsv_to_rgb(h, s, v))  # type: ignore[return-value]


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(CHROMATIC), pick=st.floats(0, 1), s=st.floats(0, 1), v=st.floats(0, 1))
def test_a_dark_shade_of_a_hue_under_its_floor_is_a_doubt(name, pick, s, v):
    """Property: a colour of a family's hue and saturation, up to SHADE_DARK_BAND under its value floor (down to
    GREY_DARK_V_MIN), is a member or a doubt of the family."""
    fam = FAMILIES[name]
    lo, hi = fam.hues[int(pick * len(fam.hues)) % len(fam.hues)]
    lo_v = max(GREY_DARK_V_MIN, fam.v_min - SHADE_DARK_BAND)
    want_v = lo_v + 2 + v * max(0, fam.v_min - lo_v - 4)
    want_h = lo + 1 + pick * max(0, hi - lo - 2)
    rgb = _rgb(want_h / 180, min(1.0, (fam.s_min + 4 + s * (255 - fam.s_min - 4)) / 255), want_v / 255)
    h, ss, vv = srgb_to_hsv(rgb)
    if not (any(a <= h <= b for a, b in fam.hues) and ss >= fam.s_min and lo_v <= vv < fam.v_min):
        return  # rounding left the band
    assert matches(fam, rgb) or tinted(fam, rgb), (name, rgb, (h, ss, vv))


@settings(max_examples=300, deadline=None)
@given(h=st.floats(0, 1), s=st.floats(0, 1), v=st.integers(61, 82))
def test_any_colour_just_over_blacks_ceiling_is_a_doubt_of_black(h, s, v):
    """Property: whatever its hue and saturation, a colour between black's ceiling (60) and the value floors of the hues
    that meet it (70) and a little over is black or a doubt of black."""
    rgb = _rgb(h, s, v / 255)
    if not 60 < srgb_to_hsv(rgb)[2] <= 82:
        return
    assert matches(family("black"), rgb) or tinted(family("black"), rgb), (rgb, srgb_to_hsv(rgb))


@pytest.mark.parametrize("rgb,name", [((64, 0, 0), "red"), ((64, 0, 0), "black"), ((64, 0, 21), "red"), ((56, 0, 0), "red"),
                                      ((0x40, 0x2b, 0), "orange"), ((205, 133, 63), "brown"), ((210, 105, 30), "brown")])
def test_named_dark_and_light_shades_are_at_least_doubts(rgb, name):
    fam = family(name)
    assert matches(fam, rgb) or tinted(fam, rgb), (rgb, srgb_to_hsv(rgb), name)


@pytest.mark.parametrize("rgb,name", [((0, 0, 0), "red"), ((20, 0, 0), "red"), ((51, 51, 51), "red"), ((0, 64, 0), "red"),
                                      ((31, 56, 100), "black"), ((0, 0, 139), "black"), ((255, 128, 0), "brown"), ((0, 64, 0), "blue")])
def test_black_near_black_other_hues_and_bright_orange_stay_apart(rgb, name):
    """Controls: black and a near-black red stay out of red, dark grey has no hue, dark green is no red; Office's dark
    blue and dark blue are no black; pure orange (V 255) is no brown; dark green is no blue."""
    fam = family(name)
    assert not matches(fam, rgb) and not tinted(fam, rgb), (rgb, srgb_to_hsv(rgb), name)


def _chart(tmp_path, rgb: tuple[int, int, int], outline: bool = True):
    return pdfs.three_bars(tmp_path, rgb, outline)


@pytest.mark.parametrize("rgb,colour,outline", [((64, 0, 0), "red", True), ((64, 0, 0), "black", True), ((205, 133, 63), "brown", False)])
def test_bars_of_a_shade_between_families_are_never_widened(tmp_path, rgb, colour, outline):
    """(A black outline blends with peru into brown at the rim: the light brown bars are drawn without one.)"""
    d = pdfs.decide(_chart(tmp_path, rgb, outline), f"How many {colour} bars are in the chart on page 1?")
    assert d.decision == "keep" and d.case == "unverifiable", d.reason


def test_bars_of_another_hue_are_still_widened(tmp_path):
    """Control: the same outlined chart in green (#008000) asked about red bars, and bars of pure orange (no outline:
    its blend with black is dark orange, brown) asked about brown."""
    assert pdfs.decide(_chart(tmp_path, (0, 128, 0)), "How many red bars are in the chart on page 1?").decision == "widen"
    assert pdfs.decide(_chart(tmp_path, (255, 128, 0), outline=False), "How many brown bars are in the chart on page 1?").decision == "widen"
