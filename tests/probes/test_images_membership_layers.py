"""images, graphics: a picture or chart shown only when a layer is switched off is a doubt, never a measured zero.

An optional content membership dictionary (OCMD) with the policy AllOff or AnyOff shows its content only while a layer
it names is off. With every layer on by default, MuPDF hides it and lists no picture, and the hidden-content pass
(facts.hidden) saw nothing to reveal (no layer was off), so "How many images are on page 2?" was widened, and a zero key
confirmed, over a photo (or a bar chart) a reader sees after switching the "Text" layer off in the layer panel.
Controls: a page whose such layer holds only a word, and a picture under an AnyOn membership (shown: a member).
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest


@pytest.mark.parametrize("policy", ["AllOff", "AnyOff"])
def test_a_picture_shown_only_when_a_layer_is_off_is_a_doubt(tmp_path: Path, policy: str) -> None:
    pdf = pdfs.membership_layer(tmp_path / "m.pdf", policy, "picture")
    r = pdfs.probe(pdf, "images", {}, pages=(2,))
    assert not r.members and not r.measured_zero
    assert len(r.doubts) == 1 and pdfs.pymupdf.Rect(200, 300, 400, 450).contains(r.doubts[0].bbox), r.doubts
    assert pdfs.decide(pdf, "How many images are on page 2?").decision == "keep"
    assert pdfs.zero_verdict(pdf, "How many images are on page 2?")[1].verdict != "confirmed"
    assert pdfs.decide(pdf, "How many images are on page 3?").decision == "widen"  # the picture is on page 2 only


def test_a_chart_shown_only_when_a_layer_is_off_keeps(tmp_path: Path) -> None:
    pdf = pdfs.membership_layer(tmp_path / "m.pdf", "AllOff", "chart")
    assert not pdfs.probe(pdf, "graphics", {"kind": "chart"}, pages=(2,)).measured_zero
    assert pdfs.decide(pdf, "How many charts are on page 2?").decision == "keep"


def test_control_a_word_under_such_a_layer_leaves_a_zero(tmp_path: Path) -> None:
    pdf = pdfs.membership_layer(tmp_path / "m.pdf", "AllOff", "word")
    assert pdfs.probe(pdf, "images", {}, pages=(2,)).measured_zero
    assert pdfs.decide(pdf, "How many images are on page 2?").decision == "widen"
    assert pdfs.zero_verdict(pdf, "How many figures are on page 2?")[1].verdict == "confirmed"


def test_control_a_picture_under_a_membership_that_shows_it_is_a_member(tmp_path: Path) -> None:
    r = pdfs.probe(pdfs.membership_layer(tmp_path / "m.pdf", "AnyOn", "picture"), "images", {}, pages=(2,))
    assert len(r.members) == 1 and not r.doubts, r.doubts
