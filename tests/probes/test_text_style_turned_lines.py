"""text_style: a line set at an angle (an axis title turned 90 degrees, a label at 45) is not italic.

A character's box is axis-aligned, so on a turned line neighbouring boxes overlap as a sheared line's
do: the box-overlap skew test took every turned label for italic ("the italic words on page 1" was
refuted with an upright axis title, short_not_empty). Slant is read along the line (right angles) or
from the glyph quads' lean (any angle); a sheared line keeps its italic at any turn."""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path

import pdfs
import pymupdf
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
BODY = "BT /F1 11 Tf 72 760 Td (Ordinary body text on this page, set in a regular upright font.) Tj ET\n"


def _italic(tmp: Path, degrees: float, shear: float = 0.0):
    """Body text, and "Share of respondents" on a line turned by ``degrees``, its glyphs sheared by ``shear``."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    # The shear acts in the glyphs' own frame, then the line turns: [1 0 shear 1] x rotation.
    a, b, cc, d = c, s, shear * c - s, shear * s + c
    path = pdfs.raw_page(tmp / "turned.pdf", BODY + f"BT /F1 12 Tf {a:.5f} {b:.5f} {cc:.5f} {d:.5f} 300 400 Tm (Share of respondents) Tj ET\n")
    doc = load_doc(path)
    try:
        return run_probe("text_style", doc, Scope((1,)), {"styles": ["italic"]})
    finally:
        doc.close()


def test_an_axis_title_turned_a_right_angle_is_no_italic(tmp_path):
    """Regression: rotated 90, 180 or 270 degrees, upright letters were an italic member."""
    for degrees in (90, 180, 270):
        r = _italic(tmp_path, degrees)
        assert not r.members and not r.doubts, (degrees, [m.what for m in r.members + r.doubts])


def test_an_axis_title_turned_by_insert_text_is_no_italic(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Ordinary body text on this page.", fontsize=11)
    page.insert_text((60, 500), "Share of respondents", fontsize=12, rotate=90)
    d = load_doc(pdfs.save(doc, tmp_path / "axis.pdf"))
    try:
        r = run_probe("text_style", d, Scope((1,)), {"styles": ["italic"]})
    finally:
        d.close()
    assert not r.members, [m.what for m in r.members]


@settings(max_examples=30, deadline=None)
@given(degrees=st.floats(3, 357))
def test_upright_letters_on_a_line_at_any_angle_are_never_an_italic_member(tmp_path_factory, degrees):
    r = _italic(tmp_path_factory.mktemp("t"), degrees)
    assert not r.members, (degrees, [m.what for m in r.members])


@settings(max_examples=30, deadline=None)
@given(degrees=st.floats(0, 360), shear=st.floats(0.12, 0.35))
def test_sheared_letters_on_a_line_at_any_angle_stay_italic(tmp_path_factory, degrees, shear):
    r = _italic(tmp_path_factory.mktemp("t"), degrees, shear)
    assert any("respondents" in m.what for m in r.members), (degrees, shear, r.note, [m.why for m in r.doubts])


def test_control_level_upright_text_is_no_italic_and_sheared_text_is(tmp_path):
    assert not _italic(tmp_path, 0).members
    assert _italic(tmp_path, 0, 0.25).members
