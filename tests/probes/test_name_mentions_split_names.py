"""A name printed in two parts a reader reads as one word: hyphenated across a page break whatever stands around
the break (a running footer of two blocks, a header stored first), with a look-alike letter of another script in one
part, split by a raised footnote mark inside it ("Kyo¹to"), or set in two fonts with a kerning gap and no space.
Each is a doubt, never an absent_entity claim; the same plant with other letters is still absent."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row

FILL = "Notes to the consolidated statements."
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
ASKED = "Which page mentions Kyoto?"


def _decide(pdf: Path, question: str = ASKED):
    doc = load_doc(pdf, ocr=False)
    try:
        return decide_row(Row(doc_id="doc.pdf", question=question, answer="Not answerable"), doc)
    finally:
        doc.close()


def _pad(doc: pymupdf.Document, n: int) -> None:
    for _ in range(n):
        doc.new_page(width=420, height=300).insert_text((30, 40), FILL, fontsize=11)


def _across(path: Path, end: str, start: str, footer: bool = True, header: bool = False) -> Path:
    """Page 1 ends with ``end`` above a folio (and a running footer), page 2 opens with ``start`` (a running header
    stored first); five more pages. DejaVu Sans prints Cyrillic letters too."""
    font = {"fontname": "dj", "fontfile": DEJAVU, "fontsize": 11}
    doc = pymupdf.open()
    first = doc.new_page(width=420, height=300)
    for k in range(8):
        first.insert_text((30, 40 + 20 * k), FILL, **font)
    first.insert_text((30, 220), end, **font)
    first.insert_text((205, 285), "1", fontsize=9)
    if footer:
        first.insert_text((30, 270), "Annual Report 2020", fontsize=8)
    second = doc.new_page(width=420, height=300)
    if header:
        second.insert_text((30, 20), "Annual Report 2020", fontsize=8)
        second.insert_text((380, 20), "2", fontsize=8)
    second.insert_text((30, 40), start, **font)
    second.insert_text((30, 60), FILL, **font)
    _pad(doc, 5)
    doc.save(path)
    doc.close()
    return path


@pytest.mark.parametrize("footer, header", [(True, False), (True, True)])
def test_a_word_hyphenated_across_a_page_break_behind_a_running_footer_is_a_doubt(tmp_path: Path, footer: bool, header: bool) -> None:
    """A running footer of two blocks (a title and a folio) puts the broken word's line third from the page's end."""
    d = _decide(_across(tmp_path / "a.pdf", "The delegation then travelled on to Kyo-", "to for the final round.", footer, header))
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert {m.page for m in d.doubts} & {1, 2}, d.reason
    # control: the next page goes on with other letters
    d = _decide(_across(tmp_path / "b.pdf", "The delegation then travelled on to Osa-", "ka for the final round.", footer, header))
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


@pytest.mark.parametrize("end, start, footer", [
    ("The delegation then travelled on to Ky\u043e-", "to for the final round.", False),  # Cyrillic "о" before the break
    ("The delegation then travelled on to Ky\u043e-", "to for the final round.", True),
    ("The delegation then travelled on to Kyo-", "t\u043e for the final round.", True),  # after it
])
def test_a_look_alike_letter_in_a_word_across_a_page_break_is_a_doubt(tmp_path: Path, end: str, start: str, footer: bool) -> None:
    d = _decide(_across(tmp_path / "a.pdf", end, start, footer))
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    # control: the look-alike word goes on with other letters
    d = _decide(_across(tmp_path / "b.pdf", end, "ka for the final round.", footer))
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


def _marked(path: Path, head: str, mark: str, tail: str) -> Path:
    """Page 2 of 6 prints ``head``, ``mark`` raised and small, ``tail`` with no space: "Kyo¹to"."""
    doc = pymupdf.open()
    _pad(doc, 1)
    page = doc.new_page(width=420, height=300)
    lead = "The delegation travelled on to "
    page.insert_text((30, 60), lead, fontsize=11)
    x = 30 + pymupdf.get_text_length(lead, fontsize=11)
    page.insert_text((x, 60), head, fontsize=11)
    x += pymupdf.get_text_length(head, fontsize=11)
    page.insert_text((x, 56), mark, fontsize=6)
    x += pymupdf.get_text_length(mark, fontsize=6)
    page.insert_text((x, 60), f"{tail} for the final round.", fontsize=11)
    page.insert_text((30, 260), "1 Officially the prefecture capital.", fontsize=7)
    _pad(doc, 4)
    doc.save(path)
    doc.close()
    return path


@pytest.mark.parametrize("mark", ["1", "\u00b9", "a"])
def test_a_raised_mark_inside_a_name_is_a_doubt(tmp_path: Path, mark: str) -> None:
    d = _decide(_marked(tmp_path / "a.pdf", "Kyo", mark, "to"))
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    d = _decide(_marked(tmp_path / "b.pdf", "Kyo", mark, "ka"))  # control
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


def _two_fonts(path: Path, head: str, tail: str, gap: float, second_font: str) -> Path:
    """Page 2 of 6 prints ``head`` in Helvetica Bold, then ``gap`` points on ``tail`` and a sentence in ``second_font``."""
    doc = pymupdf.open()
    _pad(doc, 1)
    page = doc.new_page(width=420, height=300)
    lead = "The delegation travelled on to "
    page.insert_text((30, 60), lead, fontsize=11)
    x = 30 + pymupdf.get_text_length(lead, fontsize=11)
    page.insert_text((x, 60), head, fontsize=11, fontname="hebo")
    x += pymupdf.get_text_length(head, fontsize=11, fontname="hebo") + gap
    page.insert_text((x, 60), f"{tail} for the final round.", fontsize=11, fontname=second_font)
    _pad(doc, 4)
    doc.save(path)
    doc.close()
    return path


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(gap=st.floats(min_value=1.5, max_value=4.0), font=st.sampled_from(["tiro", "cour", "helv"]))
def test_a_name_in_two_fonts_with_a_kerning_gap_is_never_claimed_absent(tmp_path: Path, gap: float, font: str) -> None:
    """"Kyo" bold and "to" roman a kerning gap apart, no space stored between: a reader may read "Kyoto". Times' word
    spaces (a quarter em in a 1.33 em glyph box) must part the words after it, or the name is never whole squeezed."""
    d = _decide(_two_fonts(tmp_path / "a.pdf", "Kyo", "to", gap, font))
    assert d.case != "absent_entity", d.reason
    d = _decide(_two_fonts(tmp_path / "b.pdf", "Kyo", "ka", gap, font))  # control
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
