"""text_style: underlines a path's own rect does not show, and marks a reader may not see.

* A fill clipped to a thin band under the words (its rect is the page's) is an underline: it was
  passed over as too tall, and "the underlined text" was widened as none. Paths are cut to their clips.
* A white rule under black words on white paper inks nothing a reader sees: a doubt, never a member
  (it made "underlined" members a reader refutes). White words underlined in white on a dark box stay members.
* A link whose border style is underline (/BS /S /U) is drawn underlined by Acrobat and pdf.js, not by
  MuPDF: a doubt."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
BODY = "BT /F1 11 Tf 72 760 Td (Ordinary body text on this page, set in a regular upright font.) Tj ET\n"
WORDS = "Quietly marked words"
WIDTH = pymupdf.get_text_length(WORDS, "helv", 14)
TEXT = f"BT /F1 14 Tf 72 500 Td ({WORDS}) Tj ET\n"


def _probe(path: Path, **params):
    doc = load_doc(path)
    try:
        return run_probe("text_style", doc, Scope((1,)), params)
    finally:
        doc.close()


def _underlined(tmp: Path, marks: str, before: str = "") -> object:
    return _probe(pdfs.raw_page(tmp / "u.pdf", BODY + before + TEXT + marks), styles=["underline"])


def _found(r) -> bool:
    return any("Quietly" in m.what or "words" in m.what for m in list(r.members) + list(r.doubts))


def test_a_page_wide_fill_clipped_to_a_band_under_the_words_is_never_a_zero(tmp_path):
    """Regression: the fill's rect is the page's, taller than any mark: "underlined text" widened as none."""
    r = _underlined(tmp_path, f"q 72 497.5 {WIDTH:.2f} 1 re W n 0 0 595 842 re f Q\n")
    assert _found(r), r.note


@settings(max_examples=20, deadline=None)
@given(drop=st.floats(1, 5), thick=st.floats(0.4, 2), outer=st.floats(20, 400))
def test_any_clipped_band_under_the_words_is_found(tmp_path_factory, drop, thick, outer):
    cut = f"q 72 {500 - drop - thick:.2f} {WIDTH:.2f} {thick:.2f} re W n {72 - outer:.1f} {500 - outer:.1f} {WIDTH + 2 * outer:.1f} {2 * outer:.1f} re f Q\n"
    assert _found(_underlined(tmp_path_factory.mktemp("c"), cut))


def test_a_fill_clipped_away_from_the_words_underlines_nothing(tmp_path):
    r = _underlined(tmp_path, f"q 300 100 50 1 re W n 0 0 595 842 re f Q\n")
    assert not r.members and not r.doubts, [d.why for d in r.doubts]


def test_a_white_rule_under_black_words_on_white_is_no_member(tmp_path):
    """Regression: an invisible white line made the words an underlined member."""
    r = _underlined(tmp_path, f"1 1 1 RG 0.7 w 72 497 m {72 + WIDTH:.2f} 497 l S\n")
    assert not r.members and _found(r), [m.what for m in r.members]


def test_control_white_words_underlined_in_white_on_a_dark_box_are_members(tmp_path):
    before = f"0 0 0.5 rg 60 480 {WIDTH + 30:.2f} 40 re f 1 1 1 rg\n"
    r = _underlined(tmp_path, f"1 1 1 RG 0.7 w 72 497 m {72 + WIDTH:.2f} 497 l S\n", before)
    assert r.members, r.note


def test_control_a_black_rule_and_no_rule(tmp_path):
    assert _underlined(tmp_path, f"0.7 w 72 497 m {72 + WIDTH:.2f} 497 l S\n").members
    r = _underlined(tmp_path, "")
    assert not r.members and not r.doubts


def _linked(tmp: Path, style: str | None) -> Path:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Ordinary body text on this page, set in a regular upright font.", fontsize=11)
    page.insert_text((72, 300), "See the project website", fontsize=11)
    page.insert_link({"kind": pymupdf.LINK_URI, "from": page.search_for("project website")[0], "uri": "https://example.org"})
    path = pdfs.save(doc, tmp / "l0.pdf")
    doc = pymupdf.open(path)
    xref = doc[0].get_links()[0]["xref"]
    doc.xref_set_key(xref, "Border", "[0 0 1]")
    if style:
        doc.xref_set_key(xref, "BS", f"<< /S /{style} /W 1 >>")
    return pdfs.save(doc, tmp / "l.pdf")


def test_a_link_drawn_underlined_by_its_border_style_is_a_doubt(tmp_path):
    r = _probe(_linked(tmp_path, "U"), styles=["underline"])
    assert any("website" in d.what for d in r.doubts) or r.members, r.note


@pytest.mark.parametrize("style", [None, "S"])
def test_control_a_link_with_a_box_or_no_style_is_no_underline(tmp_path, style):
    r = _probe(_linked(tmp_path, style), styles=["underline"])
    assert not r.members and not r.doubts, [d.why for d in r.doubts]
