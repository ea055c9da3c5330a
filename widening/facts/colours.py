"""Colour names -> HSV families, shared by the text-colour and colour-region probes.

Hue is on OpenCV's 0..179 scale. Ranges overlap on purpose: a probe asked for
"red" should also see red-orange (pitfall 9: when unsure, find more).
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass
from functools import lru_cache

import numpy as np


@dataclass(frozen=True)
class Family:
    """A named colour as hue ranges plus saturation/value floors and ceilings (0..255)."""

    name: str
    hues: tuple[tuple[int, int], ...] = ()  # empty = achromatic family
    s_min: int = 70
    v_min: int = 70
    s_max: int = 255
    v_max: int = 255


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family("red", ((0, 12), (160, 179))),
        Family("orange", ((5, 25),)),
        Family("yellow", ((18, 38),)),
        Family("gold", ((15, 35),), s_min=60, v_min=60),
        Family("brown", ((0, 25),), s_min=60, v_min=30, v_max=200),
        Family("green", ((33, 90),), s_min=50, v_min=40),
        Family("cyan", ((78, 102),)),
        Family("blue", ((90, 135),), s_min=60, v_min=40),
        Family("purple", ((120, 160),), s_min=50, v_min=40),
        Family("pink", ((140, 179), (0, 8)), s_min=30, v_min=120),
        Family("magenta", ((135, 170),)),
        Family("black", (), s_min=0, v_min=0, v_max=60),
        Family("white", (), s_min=0, s_max=40, v_min=215),
        Family("gray", (), s_min=0, s_max=40, v_min=50, v_max=225),
    )
}
ALIASES = {"grey": "gray", "violet": "purple", "navy": "blue", "teal": "cyan", "golden": "gold", "crimson": "red", "scarlet": "red"}


# What a reader calls a colour, for members only: the hue ranges above overlap on purpose (a zero
# must hold whatever a reader calls the colour), so one red-orange word fell in "red", "orange" and
# "pink" at once, and a brown one in "red". A colour a family's ranges take is a member of it only when
# one of the family's prototypes (sRGB: the pure colour, Office's theme shade, a dark one) lies within
# NAMING_MARGIN (CIE76 delta E, OpenCV's Lab) of the prototype nearest to it of any family; otherwise it
# is a doubt. The margin keeps colours between two names ("tomato", red-orange) in both.
PROTOTYPES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "red": ((255, 0, 0), (237, 28, 36), (192, 0, 0), (139, 0, 0)),
    "orange": ((255, 127, 0), (237, 125, 49), (255, 165, 0)),
    "yellow": ((255, 255, 0), (255, 192, 0), (255, 230, 0)),
    "gold": ((212, 175, 55), (255, 215, 0), (191, 144, 0), (255, 192, 0)),  # Office's "Gold" #FFC000 is yellow too
    "brown": ((150, 75, 0), (139, 69, 19), (120, 60, 20), (165, 42, 42)),
    "green": ((0, 128, 0), (0, 176, 80), (112, 173, 71), (0, 255, 0)),
    "cyan": ((0, 255, 255), (0, 200, 220), (0, 176, 240)),
    "blue": ((0, 0, 255), (68, 114, 196), (0, 112, 192), (0, 0, 139), (91, 155, 213)),
    "purple": ((128, 0, 128), (112, 48, 160), (148, 0, 211)),
    "pink": ((255, 192, 203), (255, 105, 180), (231, 84, 128)),
    "magenta": ((255, 0, 255), (200, 0, 200)),
    "black": ((0, 0, 0),),
    "white": ((255, 255, 255),),
    "gray": ((128, 128, 128), (192, 192, 192), (64, 64, 64)),
}
NAMING_MARGIN = 12.0


def _lab(rgb: tuple[int, int, int]) -> np.ndarray:
    import cv2

    lab = cv2.cvtColor(np.array([[rgb]], dtype=np.uint8), cv2.COLOR_RGB2LAB)[0, 0].astype(float)
    return np.array([lab[0] * 100 / 255, lab[1] - 128, lab[2] - 128])


@lru_cache(maxsize=1)
def _prototype_labs() -> dict[str, tuple[np.ndarray, ...]]:
    return {name: tuple(_lab(p) for p in protos) for name, protos in PROTOTYPES.items()}


def unnamed(fam: Family, rgb: tuple[int, int, int]) -> str | None:
    """Why a reader may not call ``rgb`` by ``fam``'s name (a doubt, not a member), or None when one may.
    Black, white and grey are judged by their floors and ceilings alone."""
    if not fam.hues:
        return None
    x = _lab(rgb)
    dist = {name: min(float(np.linalg.norm(x - p)) for p in protos) for name, protos in _prototype_labs().items()}
    best = min(dist, key=dist.__getitem__)
    if dist[fam.name] <= dist[best] + NAMING_MARGIN:
        return None
    return (f"its colour {hex_rgb(rgb)} is nearer to {best} (delta E {dist[best]:.0f}) than to {fam.name} "
            f"(delta E {dist[fam.name]:.0f}): a reader may not call it {fam.name}")


def family(name: str) -> Family:
    """The family for a colour name (case-insensitive, common aliases); KeyError with the known names."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in FAMILIES:
        raise KeyError(f"unknown colour {name!r}; known: {sorted(FAMILIES)}")
    return FAMILIES[key]


def srgb_to_hsv(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """sRGB 0..255 -> HSV on OpenCV's scale (H 0..179, S and V 0..255)."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    return int(round(h * 179)), int(round(s * 255)), int(round(v * 255))


def int_to_rgb(colour: int) -> tuple[int, int, int]:
    return (colour >> 16) & 255, (colour >> 8) & 255, colour & 255


def matches(fam: Family, rgb: tuple[int, int, int]) -> bool:
    """Does one colour fall in ``fam``?"""
    h, s, v = srgb_to_hsv(rgb)
    if not (fam.s_min <= s <= fam.s_max and fam.v_min <= v <= fam.v_max):
        return False
    return not fam.hues or any(lo <= h <= hi for lo, hi in fam.hues)


# Pale tints: paint mixed with white keeps its hue but falls under a family's floors. Office's
# "Lighter 60%" and "Lighter 80%" theme fills are the measure: #BDD7EE (light blue) has S 52 < 60,
# #E2F0D9 (light green) S 24 < 50, #EDEDED (light grey) V 237 > 225. A tint is a doubt, never a member.
TINT_S_MIN = 20  # the palest Office tints, "Lighter 80%" green #E2F0D9 and blue #DEEBF7, have S 24 and 26
TINT_V_MIN = 180  # a tint is light: Office's "Lighter 60%" fills have V 220-255; dark greyish hues are no tint
GREY_TINT_V_MAX = 245  # the palest Office grey fill ("Background 1, Darker 5%", #F2F2F2) has V 242; paper is 255


# Muted and dark neighbours, found trying colours a reader may still name by the family: slate grey
# #708090 (S 57, under blue's floor of 60, too dark for a tint) for "blue", olive #808000 (hue 30, just
# under green's 33) for "green". A colour of the family's hue greyed down to MUTED_S_MIN, and a dark
# colour (V < SHADE_V_MAX) within SHADE_HUE of its hue range, are doubts like a tint, never members.
MUTED_S_MIN = 40  # charcoal #3A3F44 (S 37) stays grey
SHADE_HUE = 4  # OpenCV hue units (8 degrees)
SHADE_V_MAX = 170  # pure yellow #FFFF00 (hue 30, V 255) is no shade of green
HUE_TURN = 180  # OpenCV hue is an angle: 179 and 0 are neighbours (a dark purplish brown, hue 176, is near brown's 0)

# A grey with a cast: a reader calls slate grey #708090 (S 57), "blue grey" #607C8E (S 83) and dark slate grey
# #2F4F4F (S 103) grey, though each is over grey's saturation ceiling; what they share is little chroma
# (max - min of R, G, B: 32, 46, 32). Greyer than GREYISH_CHROMA_MAX, at most GREYISH_S_MAX saturated (a
# very dark red, #320202, has chroma 48 too), and between grey's value floor and GREY_TINT_V_MAX: a doubt.
GREYISH_CHROMA_MAX = 48
GREYISH_S_MAX = 160
# Lighter than a family's value ceiling: tan #D2B48C (V 210) and sandy brown #F4A460 (V 244) are light browns
# over brown's ceiling of 200. Of the family's hue, at least its saturation floor and at most LIGHT_S_MAX
# saturated (pure orange #FF7F00, S 255, and Office's orange #ED7D31, S 202, stay apart): a doubt.
LIGHT_S_MAX = 160
# Whatever its saturation, a colour just over the ceiling (by up to CEILING_EDGE, text_style's EDGE_SV) is a doubt too:
# peru #CD853F (V 205, S 177) is light brown, chocolate #D2691E (V 210, S 219) brown to some readers, orange to others.
CEILING_EDGE = 12
# Between black and grey: a reader calls bars filled with Office's "Black, Text 1, Lighter 25%" #404040 (V 64) or
# "Lighter 35%" #595959 (V 89) black, and "Lighter 15%" #262626 (V 38) dark grey, though each is past the other
# family's limit (black's value ceiling of 60, grey's floor of 50). A greyish colour (chroma at most
# GREYISH_CHROMA_MAX) over black's ceiling up to BLACK_GREY_V_MAX is a doubt of black; one under grey's floor down
# to GREY_DARK_V_MIN, at most GREYISH_S_MAX saturated (a very dark red, #320202, is no grey), a doubt of grey.
BLACK_GREY_V_MAX = 100
GREY_DARK_V_MIN = 32
# Between black and every hue: a very dark red #400000 (V 64) is under red's value floor (70) and over black's ceiling
# (60), and too saturated for the greyish band above; a reader sees a bar of it as dark red, or as black. A colour of
# a family's hue (at least its saturation floor) up to SHADE_DARK_BAND under its value floor, down to GREY_DARK_V_MIN,
# is a doubt of it; and any colour over black's ceiling up to BLACK_SHADE_V_MAX (over the highest value floor of the
# hues that meet black, 70, by the edge slack a text colour gets) is a doubt of black: no colour falls between them.
SHADE_DARK_BAND = 40
BLACK_SHADE_V_MAX = 82


def tint_mask(fam: Family, hsv: np.ndarray) -> np.ndarray:
    """Pixels a reader may name by ``fam`` that ``mask`` leaves out: a pale tint of its hue (for grey: lighter
    than its ceiling, or a grey with a cast of some hue), its hue greyed down, a lighter shade of it over its value
    ceiling (brown), a dark shade of its hue under its value floor, or a dark colour just outside its hue range (the
    hue read around its circle); for black and grey, a greyish colour on the other side of the value limit between
    them (a dark grey); for black, too, any colour just over its ceiling (a very dark red)."""
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    chroma = s.astype(np.int32) * v.astype(np.int32) // 255
    if fam.name == "gray":
        greyish = (s > fam.s_max) & (s <= GREYISH_S_MAX) & (chroma <= GREYISH_CHROMA_MAX) & (v >= fam.v_min) & (v <= GREY_TINT_V_MAX)
        dark = (v >= GREY_DARK_V_MIN) & (v < fam.v_min) & (s <= GREYISH_S_MAX)
        return ((s <= fam.s_max) & (v > fam.v_max) & (v <= GREY_TINT_V_MAX)) | greyish | dark
    if fam.name == "black":
        return (v > fam.v_max) & ((v <= BLACK_SHADE_V_MAX) | ((v <= BLACK_GREY_V_MAX) & (chroma <= GREYISH_CHROMA_MAX)))
    if not fam.hues:
        return np.zeros(h.shape, dtype=bool)  # white has no tint
    hue_ok = np.zeros(h.shape, dtype=bool)
    near = np.zeros(h.shape, dtype=bool)
    hh = h.astype(np.int32)
    for lo, hi in fam.hues:
        hue_ok |= (h >= lo) & (h <= hi)
        below, above = (lo - hh) % HUE_TURN, (hh - hi) % HUE_TURN  # around the hue circle
        near |= ((below > 0) & (below <= SHADE_HUE)) | ((above > 0) & (above <= SHADE_HUE))
    near &= ~hue_ok
    pale = (s >= TINT_S_MIN) & (s < fam.s_min) & (v >= TINT_V_MIN)
    muted = (s >= MUTED_S_MIN) & (s < fam.s_min) & (v >= fam.v_min) & (v <= fam.v_max)
    light = (s >= fam.s_min) & ((s <= LIGHT_S_MAX) | (v <= fam.v_max + CEILING_EDGE)) & (v > fam.v_max)
    shade = near & (s >= fam.s_min) & (v >= fam.v_min) & (v < SHADE_V_MAX)
    dark = (s >= fam.s_min) & (v >= max(GREY_DARK_V_MIN, fam.v_min - SHADE_DARK_BAND)) & (v < fam.v_min)
    return ((pale | muted | light | dark) & hue_ok) | shade


def tinted(fam: Family, rgb: tuple[int, int, int]) -> bool:
    """Is one colour a pale tint, a muted or a dark neighbour of ``fam`` (``tint_mask``)?"""
    return bool(tint_mask(fam, np.array(srgb_to_hsv(rgb))))


def mask(fam: Family, hsv: np.ndarray) -> np.ndarray:
    """Boolean mask of the pixels of an OpenCV HSV image that fall in ``fam``."""
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    ok = (s >= fam.s_min) & (s <= fam.s_max) & (v >= fam.v_min) & (v <= fam.v_max)
    if fam.hues:
        hue_ok = np.zeros_like(ok)
        for lo, hi in fam.hues:
            hue_ok |= (h >= lo) & (h <= hi)
        ok &= hue_ok
    return ok


def hex_rgb(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb
