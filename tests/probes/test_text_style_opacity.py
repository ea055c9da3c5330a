"""A mark painted at opacity 0 inks nothing (certain by construction): an underline drawn or annotated that
way underlines no word, so "the underlined text" is never said short, not empty on it; one painted at any
opacity above 0 still underlines (hunt of rendered-but-unread content: a transparent rule under words was a
member). MuPDF still flags such words underlined, so they stay a doubt: the row is kept, no case claimed."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

QUESTION = "What is the underlined text on page 2?"
WORDS = "deadline March fifth"


def _pdf(path: Path, opacity: float | None, how: str) -> Path:
    """Three text pages; on page 2 the words WORDS, under them a line (``how``: "drawn" or "annotation") at
    ``opacity`` (None: no mark at all)."""
    doc = pdfs.new_doc(3)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 72), f"Section {i}: notes for the committee", size=14)
    page = doc[1]
    pdfs.text(page, (72, 200), "Please send the form before the")
    x0 = 72 + pymupdf.get_text_length("Please send the form before the ", "helv", 11)
    pdfs.text(page, (x0, 200), WORDS)
    x1 = x0 + pymupdf.get_text_length(WORDS, "helv", 11)
    if opacity is not None and how == "drawn":
        page.draw_line((x0, 202.5), (x1, 202.5), color=(0, 0, 0), width=0.8, stroke_opacity=opacity)
    elif opacity is not None:
        annot = page.add_underline_annot(pymupdf.Rect(x0, 190, x1, 203))
        annot.set_opacity(opacity)
        annot.update()
    return pdfs.save(doc, path)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(["drawn", "annotation"]), opacity=st.sampled_from([0.0, 0.2, 0.6, 1.0]))
def test_an_underline_is_a_member_exactly_when_it_inks(tmp_path: Path, how: str, opacity: float) -> None:
    d = pdfs.decide(_pdf(tmp_path / f"{how}{opacity}.pdf", opacity, how), QUESTION)
    if opacity == 0:
        assert d.case != "short_not_empty" and not d.members, f"an underline at opacity 0 inks nothing, yet: {d.case}: {d.reason}"
        assert d.decision == "widen" or (d.case == "unverifiable" and d.doubts), d.reason
    else:
        assert d.decision == "keep" and any(m.page == 2 for m in d.members), d.reason


def test_control_no_underline_widens(tmp_path: Path) -> None:
    d = pdfs.decide(_pdf(tmp_path / "plain.pdf", None, "drawn"), QUESTION)
    assert d.decision == "widen", d.reason
