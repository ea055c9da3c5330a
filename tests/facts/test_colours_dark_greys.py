"""colours: the dark greys between black and grey are doubts of both, never certain non-members.

A bar chart whose bars are filled with Office's "Black, Text 1, Lighter 25%" (#404040), asked "How many
black bars are in the chart on page 1?": black's value ceiling is 60 and black had no tint band, so every
bar pixel (V 64) was a certain non-member and the row was widened, though a reader sees three black bars.
Bars of #262626 (V 38, "Lighter 15%") asked about "grey bars" fell under grey's floor of 50 the same way."""

from __future__ import annotations

import pdfs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.colours import family, matches, srgb_to_hsv, tinted
from widening.facts.extract import load_doc
from widening.models import Row
from widening.probes import Scope, run_probe

# Office's "Black, Text 1, Lighter 15% / 25% / 35%" and two dark greys of chart software.
DARK_GREYS = [((38, 38, 38), "grey"), ((43, 43, 43), "grey"), ((64, 64, 64), "black"), ((77, 77, 77), "black"), ((89, 89, 89), "black")]


@pytest.mark.parametrize("rgb,name", DARK_GREYS)
def test_dark_greys_are_at_least_doubts_of_the_name_a_reader_may_give(rgb, name):
    fam = family(name)
    assert matches(fam, rgb) or tinted(fam, rgb), (rgb, srgb_to_hsv(rgb), name)


@settings(max_examples=300, deadline=None)
@given(v=st.integers(61, 100), cast=st.tuples(st.integers(-8, 8), st.integers(-8, 8), st.integers(-8, 8)))
def test_a_grey_just_over_blacks_ceiling_is_a_doubt_of_black(v, cast):
    """Property: a near-neutral grey (chroma <= 16) darker than V 100 is black or a doubt of black."""
    rgb = tuple(min(100, max(61, v + c)) for c in cast)
    fam = family("black")
    assert matches(fam, rgb) or tinted(fam, rgb), (rgb, srgb_to_hsv(rgb))


@settings(max_examples=300, deadline=None)
@given(v=st.integers(32, 49), cast=st.tuples(st.integers(-6, 6), st.integers(-6, 6), st.integers(-6, 6)))
def test_a_grey_just_under_greys_floor_is_a_doubt_of_grey(v, cast):
    """Property: a near-neutral dark grey between V 32 and grey's floor is grey or a doubt of grey."""
    rgb = tuple(min(49, max(32, v + c)) for c in cast)
    fam = family("grey")
    assert matches(fam, rgb) or tinted(fam, rgb), (rgb, srgb_to_hsv(rgb))


@pytest.mark.parametrize("rgb,name", [((128, 128, 128), "black"), ((192, 192, 192), "black"), ((31, 56, 100), "black"),
                                      ((200, 30, 30), "black"), ((50, 2, 2), "grey"), ((10, 10, 10), "grey"), ((0, 0, 139), "grey")])
def test_mid_greys_colours_and_near_black_stay_apart(rgb, name):
    """Controls: mid and light grey, Office's dark blue #1F3864 and red are no black; a very dark red,
    near-black #0A0A0A and dark blue are no grey (neither member nor doubt)."""
    fam = family(name)
    assert not matches(fam, rgb) and not tinted(fam, rgb), (rgb, srgb_to_hsv(rgb), name)


def _chart(tmp_path, grey: float):
    """Three bars filled with ``grey`` (0..1) over year labels and a title in black, no axis."""
    content = ("BT /F1 9 Tf 110 385 Td (2021) Tj 90 0 Td (2022) Tj 90 0 Td (2023) Tj ET\n"
               "BT /F1 12 Tf 90 620 Td (Sales by year) Tj ET\n"
               + "".join(f"{grey} g {110 + 90 * i} 400 50 {60 + 40 * i} re f\n" for i in range(3)))
    return pdfs.raw_page(tmp_path / f"bars{grey}.pdf", content)


@pytest.mark.parametrize("grey,colour", [(0.25, "black"), (0.35, "black"), (0.15, "grey")])
def test_dark_grey_bars_are_never_a_measured_zero(tmp_path, grey, colour):
    doc = load_doc(_chart(tmp_path, grey), ocr=False)
    r = run_probe("colour_regions", doc, Scope((1,)), {"colour": colour, "shape": "bar"})
    assert not r.measured_zero and len(r.members) + len(r.doubts) >= 3, r.note


def test_black_bars_question_on_dark_grey_bars_is_kept_and_mid_grey_bars_widened(tmp_path):
    q = "How many black bars are in the chart on page 1?"
    dark = _chart(tmp_path, 0.25)
    d = decide_row(Row(doc_id=dark.name, question=q, answer="Not answerable"), load_doc(dark, ocr=False))
    assert d.decision == "keep" and d.case == "unverifiable" and d.doubts, d.reason
    mid = _chart(tmp_path, 0.5)  # #808080: grey, a reader calls it no black
    d = decide_row(Row(doc_id=mid.name, question=q, answer="Not answerable"), load_doc(mid, ocr=False))
    assert d.decision == "widen", d.reason
