"""Zero keys, hunt 16: a word the page paints over contradicts no zero key, and is claimed by no short_not_empty.

"How many times does the word harvest appear on page 2?" keyed 0, on a page whose text layer holds
'harvest' under a white box (a redaction), a filled bar or a photo placed on top, was contradicted:
text_search reads the text layer, and the key was called wrong though the page shows no such word.
Likewise "How many red words are on page 2?" with the red words under a red bar (text_style's
render test sees red pixels in the box: the bar's). The probes now make a member the page paints over
after drawing it a doubt (facts/paint.py), so neither direction rests on it; a shape drawn BEFORE the
text (a background) hides nothing."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import pdfs

Q_WORD = "How many times does the word harvest appear on page 2?"
Q_RED = "How many red words are on page 2?"
WORDS_AT = (100.0, 200.0)  # baseline of 'crimson harvest' on page 2
BOX = pymupdf.Rect(90, 185, 250, 210)  # covers the whole line


def build(path: Path, cover: str, after: bool = True, shift: float = 0.0) -> Path:
    """Two report pages; on page 2 the red line 'crimson harvest' and ``cover`` ("white", "bar", "photo", "none")
    over BOX moved down by ``shift``, painted after the line (``after``) or before it (a background)."""
    doc = pdfs.new_doc(2, 595, 842)
    for i, page in enumerate(doc):
        pdfs.text(page, (72, 60), f"Section {i + 1}: programme review. The committee reviewed the annual programme.")
        pdfs.text(page, (290, 820), str(i + 1), size=9)
    page = doc[1]
    box = BOX + (0, shift, 0, shift)

    def paint() -> None:
        if cover == "white":
            page.draw_rect(box, color=None, fill=(1, 1, 1))
        elif cover == "bar":
            page.draw_rect(box, color=None, fill=(0.9, 0.1, 0.1))
        elif cover == "photo":
            page.insert_image(box, pixmap=pdfs.photo(2), keep_proportion=False)

    if not after:
        paint()
    pdfs.text(page, WORDS_AT, "crimson harvest", colour=(1, 0, 0))
    if after:
        paint()
    return pdfs.save(doc, path)


def _settled(path: Path, question: str, key: str = "0"):
    return pdfs.zero_verdict(path, question, key)


@pytest.mark.parametrize("cover,question", [("white", Q_WORD), ("bar", Q_WORD), ("photo", Q_WORD), ("bar", Q_RED)])
def test_a_member_the_page_paints_over_contradicts_nothing(tmp_path: Path, cover: str, question: str) -> None:
    d, v = _settled(build(tmp_path / "p.pdf", cover), question)
    assert not d.members and any("painted over" in (m.why or "") for m in d.doubts), (d.reason, d.doubts)
    assert v.verdict == "unverifiable", v.reason


@pytest.mark.parametrize("cover,question", [("white", Q_WORD), ("bar", Q_RED)])
def test_a_member_the_page_paints_over_is_no_short_not_empty(tmp_path: Path, cover: str, question: str) -> None:
    """The other direction: keyed Not answerable, the hidden word is a doubt, never the member of a claim."""
    d, _ = _settled(build(tmp_path / "p.pdf", cover), question, key="Not answerable")
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason


@pytest.mark.parametrize("question", [Q_WORD, Q_RED])
@pytest.mark.parametrize("cover,after", [("none", True), ("bar", False), ("white", False), ("photo", True)])
def test_control_a_visible_member_still_contradicts(tmp_path: Path, question: str, cover: str, after: bool) -> None:
    """No cover, a background painted before the words, or a cover elsewhere on the page (the photo below them)."""
    shift = 120.0 if cover == "photo" else 0.0
    _, v = _settled(build(tmp_path / "p.pdf", cover, after=after, shift=shift), question)
    assert v.verdict == "contradicted", v.reason


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cover=st.sampled_from(["white", "bar", "photo"]), shift=st.floats(min_value=-8.0, max_value=8.0))
def test_any_cover_over_the_word_leaves_the_key_unrefuted(tmp_path: Path, cover: str, shift: float) -> None:
    """The cover moved a few points up or down still hides the word (the line is 15 pt high, the box 25 pt)."""
    _, v = _settled(build(tmp_path / f"{cover}.pdf", cover, shift=shift), Q_WORD)
    assert v.verdict != "contradicted", v.reason


# --------------------------------------------------------------------------- places the question names: a union


def _italic_on(path: Path, page_no: int, pages: int = 3) -> Path:
    doc = pdfs.new_doc(pages, 595, 842)
    for i, page in enumerate(doc):
        pdfs.text(page, (72, 60), f"Section {i + 1}: programme review. The committee reviewed the annual programme.")
    doc[page_no - 1].insert_text((72, 100), "slanted words here", fontsize=11, fontname="Times-Italic")
    return pdfs.save(doc, path)


@pytest.mark.parametrize("question", ["How many italic words are on pages 1 and 2?", "How many italic words are on page 1 and page 2?",
                                      "How many italic words are on pages 2 and 3?"])
def test_a_member_in_one_of_the_places_named_contradicts_the_zero(tmp_path: Path, question: str) -> None:
    """"Pages 1 and 2" is their union: italic words on page 2 make the count at least one, whatever page 1 holds.
    The record used to read page 1 as another reading of the container and call the key unrefuted."""
    _, v = _settled(_italic_on(tmp_path / "p.pdf", 2), question)
    assert v.verdict == "contradicted", v.reason


def test_control_no_member_in_the_places_named_is_no_contradiction(tmp_path: Path) -> None:
    _, v = _settled(_italic_on(tmp_path / "p.pdf", 3), "How many italic words are on pages 1 and 2?")
    assert v.verdict != "contradicted", v.reason
