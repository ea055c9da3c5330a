"""Folios the text layer cannot say: a font with no Unicode for its digits leaves NUL or private-use
codes where the page prints "15", so no reading finds printed page 15 in the text."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _full_width(s: str) -> str:
    # DejaVu has no full-width digits: the layer gets NUL for each, as for a font with no Unicode map.
    return "".join(chr(ord(c) - 0x30 + 0xFF10) if c.isdigit() else c for c in s)


def _book(path: Path, first: int, pages: int = 8, unsaid: bool = True, where: str = "bottom", form: str = "{n}") -> Path:
    d = pymupdf.open()
    for k in range(pages):
        p = d.new_page(width=500, height=700)
        for j, line in enumerate((f"Section text for this page, paragraph {k}.", "More words on results and methods.")):
            p.insert_text((40, 80 + 20 * j), line, fontsize=11, fontname="dv", fontfile=DEJAVU)
        folio = form.format(n=first + k)
        y = 680 if where == "bottom" else 25
        p.insert_text((240, y), _full_width(folio) if unsaid else folio, fontsize=9, fontname="dv", fontfile=DEJAVU)
    d.save(path)
    return path


def test_a_page_printed_with_digits_the_layer_cannot_say_is_never_missing(tmp_path):
    """New questions (2026-12-03): pages printed 10-17 in such a font; "page 15" of the 8-page PDF
    was claimed a missing container under every reading."""
    pdf = _book(tmp_path / "b.pdf", 10)
    assert "\x00" in pymupdf.open(pdf)[5].get_text()
    for q in ("How many red bars are on page 15?", "How many figures are on pages 14-16?", "How many red bars are on page 25?"):
        d = pdfs.decide(pdf, q)
        assert d.case != "missing_container" and d.decision == "keep", (q, d.reason)
        assert "cannot say" in d.reason, d.reason


def test_controls_folios_the_layer_says_still_decide(tmp_path):
    """The same book with its digits said: printed page 15 exists; page 25 is missing."""
    pdf = _book(tmp_path / "b.pdf", 10, unsaid=False)
    assert pdfs.decide(pdf, "How many red bars are on page 15?").decision == "widen"
    assert pdfs.decide(pdf, "How many red bars are on page 25?").case == "missing_container"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.integers(2, 300), where=st.sampled_from(["top", "bottom"]), form=st.sampled_from(["{n}", "- {n} -", "p. {n}", "{n} |"]),
       asked=st.integers(1, 400))
def test_no_page_number_is_claimed_missing_beside_folios_the_layer_cannot_say(tmp_path, first, where, form, asked):
    pdf = _book(tmp_path / "b.pdf", first, pages=4, where=where, form=form)
    d = pdfs.decide(pdf, f"How many red bars are on page {asked}?")
    assert d.case != "missing_container", d.reason
