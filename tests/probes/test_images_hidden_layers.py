"""images: a picture in a layer the screen hides by default is a doubt, never a measured zero.

MuPDF lists the pictures of the default view: one placed in an optional content group that is off by default (a
"Photos" layer a reader switches on in the viewer's layer panel, or one shown only when printed) read "no images",
and "How many images are on page 2?" was widened, while the text probes already read words in such layers as doubts.
Controls: the same picture in a layer that is on is a member (no doubt); a page with no picture in any layer, and a
document whose layers are all on, stay measured zeros; a picture both shown and repeated in a hidden layer at the same
place is one member, no doubt.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def layered(path: Path, state: str, top: float = 150, side: float = 150, also_shown: bool = False) -> Path:
    """Three pages of text; page 2 holds a picture in a layer ``state``: "off" by default, "print" (on screen off,
    on for printing), "on", or "none" (no picture, a layer that is off holding only a word)."""
    doc = pdfs.new_doc(3)
    for i in range(3):
        pdfs.text(doc[i], (72, 72), f"Annual overview part {i + 1}", size=16)
    page = doc[1]
    rect = pymupdf.Rect(200, top, 200 + side, top + side * 0.75)
    x = doc.add_ocg("Photos", on=state in ("on", "none"), config=-1)
    if state == "print":
        x = doc.add_ocg("Print photos", on=True, usage="View")
        doc.xref_set_key(x, "Usage", "<< /View << /ViewState /OFF >> /Print << /PrintState /ON >> >>")
    if state == "none":
        off = doc.add_ocg("Notes", on=False)
        page.insert_text((72, 700), "draft", fontsize=9, oc=off)
    else:
        if also_shown:  # another picture (its own image object) at the same place, outside every layer
            pdfs.image(page, rect, colour=(30, 30, 200))
        pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 30), False)
        pix.set_rect(pix.irect, (200, 30, 30))
        page.insert_image(rect, pixmap=pix, keep_proportion=False, oc=x)
    return pdfs.save(doc, path)


@SETTINGS
@given(state=st.sampled_from(["off", "print"]), top=st.floats(60, 560), side=st.floats(40, 300))
def test_a_picture_in_a_hidden_layer_is_a_doubt(tmp_path: Path, state: str, top: float, side: float) -> None:
    pdf = layered(tmp_path / "l.pdf", state, top, side)
    with pymupdf.open(pdf) as d:  # the premise: the default view lists no picture
        assert not d[1].get_image_info()
    r = pdfs.probe(pdf, "images", {}, pages=(2,))
    assert not r.members and not r.measured_zero
    assert len(r.doubts) == 1 and abs(r.doubts[0].bbox[1] - top) < 1, r.doubts


def test_how_many_images_is_not_widened_over_a_hidden_layer(tmp_path: Path) -> None:
    pdf = layered(tmp_path / "l.pdf", "off")
    assert pdfs.decide(pdf, "How many images are on page 2?").decision == "keep"
    assert pdfs.decide(pdf, "How many images are on page 3?").decision == "widen"  # the layer's picture is on page 2 only


def test_control_a_picture_in_a_layer_that_is_on_is_a_member(tmp_path: Path) -> None:
    r = pdfs.probe(layered(tmp_path / "l.pdf", "on"), "images", {}, pages=(2,))
    assert len(r.members) == 1 and not r.doubts


@pytest.mark.parametrize("state", ["none"])
def test_control_no_picture_in_any_layer_stays_a_zero(tmp_path: Path, state: str) -> None:
    pdf = layered(tmp_path / "l.pdf", state)
    assert pdfs.probe(pdf, "images", {}, pages=(2,)).measured_zero
    assert pdfs.decide(pdf, "How many images are on page 2?").decision == "widen"


def test_control_a_shown_picture_repeated_in_a_hidden_layer_is_one_member(tmp_path: Path) -> None:
    r = pdfs.probe(layered(tmp_path / "l.pdf", "off", also_shown=True), "images", {}, pages=(2,))
    assert len(r.members) == 1 and not r.doubts, r.doubts
