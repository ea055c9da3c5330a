"""colours: the pale-tint band under each family's floors (Office's "Lighter 60%/80%" fills)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts import colours
from widening.facts.colours import FAMILIES, family, matches, tinted

# Office theme fills a reader names by their colour, all below the family's floors.
OFFICE_TINTS = [("#BDD7EE", "blue"), ("#DEEBF7", "blue"), ("#B4C7E7", "blue"), ("#DAE3F3", "blue"),
                ("#C5E0B4", "green"), ("#E2F0D9", "green"), ("#FFF2CC", "yellow"), ("#FBE5D6", "orange"),
                ("#EDEDED", "grey"), ("#E7E6E6", "grey"), ("#F2F2F2", "grey")]


def _rgb(hexa: str) -> tuple[int, int, int]:
    return int(hexa[1:3], 16), int(hexa[3:5], 16), int(hexa[5:7], 16)


@pytest.mark.parametrize("hexa,name", OFFICE_TINTS)
def test_office_light_tints_are_pale_tints_of_their_colour(hexa, name):
    """Regression (review of the colour probes): #BDD7EE ("Lighter 60%" blue, S 52 < 60) was no blue at all."""
    fam = family(name)
    assert matches(fam, _rgb(hexa)) or tinted(fam, _rgb(hexa)), (hexa, name)


@pytest.mark.parametrize("rgb", [(255, 255, 255), (250, 250, 250), (0, 0, 0), (128, 128, 128), (252, 253, 255)])
def test_paper_black_and_mid_grey_are_no_chromatic_tint(rgb):
    """Controls: paper white, a JPEG's near-white, black and mid grey are no pale tint of a hue."""
    assert not any(tinted(f, rgb) for f in FAMILIES.values() if f.hues)


@settings(max_examples=500, deadline=None)
@given(rgb=st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)), name=st.sampled_from(sorted(FAMILIES)))
def test_a_tint_is_never_a_member_colour(rgb, name):
    """Property: the tint band lies outside the family (a tint is a doubt, never a member)."""
    fam = family(name)
    assert not (matches(fam, rgb) and tinted(fam, rgb))


# Found trying bar colours a reader may still name by the family (2026-12-03): each was a measured zero.
NEIGHBOURS = [("#808000", "green"), ("#708090", "blue"), ("#556B2F", "green"), ("#6A7B8C", "blue"), ("#8B6969", "red")]


@pytest.mark.parametrize("hexa,name", NEIGHBOURS)
def test_a_muted_or_dark_neighbour_is_a_doubt_of_the_family(hexa, name):
    """Olive for green, slate grey for blue: greyed down or just outside the hue range, never a zero."""
    fam = family(name)
    assert matches(fam, _rgb(hexa)) or tinted(fam, _rgb(hexa)), (hexa, name)


@pytest.mark.parametrize("hexa,name", [("#FFFF00", "green"), ("#3A3F44", "blue"), ("#FFA500", "red"), ("#008000", "yellow")])
def test_a_bright_neighbour_or_a_near_grey_is_not(hexa, name):
    """Controls: pure yellow is no shade of green, charcoal no blue, orange no red, green no yellow."""
    assert not tinted(family(name), _rgb(hexa)), (hexa, name)


# What a reader calls a colour (colours.unnamed): a member of a family is a colour a reader may name so.
NAMED = [
    ((217, 26, 26), "red"), ((128, 13, 13), "red"), ((128, 13, 13), "brown"), ((230, 77, 26), "red"), ((230, 77, 26), "orange"),
    ((255, 99, 71), "red"), ((255, 99, 71), "orange"), ((255, 192, 0), "gold"), ((255, 192, 0), "yellow"), ((38, 77, 204), "blue"),
    ((140, 77, 38), "brown"), ((247, 166, 179), "pink"), ((128, 26, 153), "purple"), ((75, 0, 130), "purple"),
]
UNNAMED = [  # each taken by the family's generous hue ranges, and no reader's name for it
    ((128, 13, 13), "pink"), ((230, 77, 26), "pink"), ((140, 77, 38), "red"), ((140, 77, 38), "orange"),
    ((247, 166, 179), "red"), ((204, 26, 128), "red"), ((128, 26, 153), "pink"),
]


@pytest.mark.parametrize("rgb, name", NAMED)
def test_a_colour_a_reader_names_by_the_family_is_named(rgb, name):
    assert colours.matches(colours.family(name), rgb) and colours.unnamed(colours.family(name), rgb) is None


@pytest.mark.parametrize("rgb, name", UNNAMED)
def test_a_colour_only_the_generous_ranges_take_is_unnamed(rgb, name):
    fam = colours.family(name)
    assert colours.matches(fam, rgb), "the generous ranges take it: it must stay in sight, as a doubt"
    assert colours.unnamed(fam, rgb) is not None
