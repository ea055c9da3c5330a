"""Ordinal sub-containers: undercounts that named a missing item the page shows (held-out shapes).

Each PDF is built here with its item count known by construction: items beside the next heading on a
two-column page, an item that mentions the next heading's title, items numbered by enclosed digits
(①, ❶, ⒈), and an FAQ deck with an entry headed by a statement on a short slide.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"]
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


decide = pdfs.decide


def count(path: Path, q: str):
    """The one sub-container's count."""
    (r,) = pdfs.list_counts(path, q)
    return r


# --------------------------------------------------------------------------- two columns


def two_columns(path: Path, left: int, right: int) -> Path:
    """Page 1: heading "1 Safety" atop the left column, ``left`` bullets under it, ``right`` more at the top of
    the right column, then the heading "2 Cleaning" in the right column over three bullets of its own."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((40, 60), "1 Safety", fontname="hebo", fontsize=13)
    for k in range(left):
        page.insert_text((40, 90 + 22 * k), f"\u2022 Keep the unit dry, rule {k + 1}.", fontsize=10)
    for k in range(right):
        page.insert_text((320, 90 + 22 * k), f"\u2022 Keep the unit cool, rule {left + k + 1}.", fontsize=10)
    y = 90 + 22 * right + 20
    page.insert_text((320, y), "2 Cleaning", fontname="hebo", fontsize=13)
    for k in range(3):
        page.insert_text((320, y + 30 + 22 * k), f"\u2022 Wipe with a soft cloth, step {k + 1}.", fontsize=10)
    page = doc.new_page(width=612, height=792)
    page.insert_text((40, 60), "3 Warranty", fontname="hebo", fontsize=13)
    page.insert_text((40, 90), "The warranty runs two years from the date of purchase.", fontsize=10)
    doc.set_toc([[1, "1 Safety", 1], [1, "2 Cleaning", 1], [1, "3 Warranty", 2]])
    doc.save(path)
    doc.close()
    return path


@settings(max_examples=10, deadline=None)
@given(left=st.integers(2, 6), right=st.integers(1, 3), k=st.integers(1, 11))
def test_items_left_of_the_next_heading_are_counted(tmp_path_factory, left: int, right: int, k: int) -> None:
    # The next heading stands in the right column: the left column beside it is read before it, and its
    # items were dropped ("2 item(s)" for seven shown: "the sixth bullet point for safety" was missing).
    pdf = two_columns(tmp_path_factory.mktemp("c") / "c.pdf", left, right)
    r = count(pdf, f"What is the {ORDINALS[k - 1]} bullet point for safety?")
    (reading,) = r.readings
    assert reading.count == left + right, r.explain()
    assert r.missing == (k > reading.most), r.explain()
    assert not r.missing or k > left + right


def test_two_columns_decision_and_control(tmp_path: Path) -> None:
    pdf = two_columns(tmp_path / "c.pdf", 5, 2)
    assert decide(pdf, "What is the sixth bullet point for safety?").case != "missing_container"
    assert decide(pdf, "What is the eighth bullet point for safety?").case == "missing_container"


# --------------------------------------------------------------------------- the next heading mentioned


SAFETY = ["Keep the unit dry.", "Keep children away.", "Use the supplied cable.", "Unplug the unit before cleaning.",
          "Do not open the case.", "Keep vents free."]


def mentions_next(path: Path, at: int, running_header: bool = False) -> Path:
    """Heading "Safety", six bullets (the one at ``at`` mentions cleaning), heading "Cleaning", three bullets."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    if running_header:
        page.insert_text((40, 30), "Cleaning", fontsize=8)
    page.insert_text((40, 60), "Safety", fontname="hebo", fontsize=13)
    items = [t for t in SAFETY if "cleaning" not in t]
    items.insert(at, "Unplug the unit before cleaning.")
    for k, t in enumerate(items):
        page.insert_text((40, 90 + 22 * k), f"\u2022 {t}", fontsize=10)
    page.insert_text((40, 250), "Cleaning", fontname="hebo", fontsize=13)
    for k in range(3):
        page.insert_text((40, 280 + 22 * k), f"\u2022 Wipe with a soft cloth, step {k + 1}.", fontsize=10)
    page = doc.new_page(width=612, height=792)
    page.insert_text((40, 60), "Warranty", fontname="hebo", fontsize=13)
    page.insert_text((40, 90), "The warranty runs two years from the date of purchase.", fontsize=10)
    doc.set_toc([[1, "Safety", 1], [1, "Cleaning", 1], [1, "Warranty", 2]])
    doc.save(path)
    doc.close()
    return path


@pytest.mark.parametrize("at", [0, 3, 5])
@pytest.mark.parametrize("running_header", [False, True])
def test_an_item_that_mentions_the_next_heading_does_not_end_the_section(tmp_path: Path, at: int, running_header: bool) -> None:
    # "Unplug the unit before cleaning." holds the next outline title "Cleaning": it was taken for the
    # heading, and the items from it on were cut off ("the fourth bullet point for safety" was missing).
    pdf = mentions_next(tmp_path / "m.pdf", at, running_header)
    r = count(pdf, "What is the sixth bullet point for safety?")
    assert r.readings[0].count >= 6 and not r.missing, r.explain()
    assert decide(pdf, "What is the fourth bullet point for safety?").case != "missing_container"
    if not running_header:  # control: the heading printed once, as written, still ends the section
        assert r.readings[0].count == 6
        assert decide(pdf, "What is the seventh bullet point for safety?").case == "missing_container"


# --------------------------------------------------------------------------- enclosed numbers

# Those DejaVu Sans draws (it lacks ⒈ and ⓐ: its missing glyphs read as U+0000, counted as not countable).
ENCLOSED = ["①②③④⑤⑥", "❶❷❸❹❺❻", "➀➁➂➃➄➅", "➊➋➌➍➎➏"]
_LONG = "Fix the bracket to the wall with the four screws supplied and check that it is level before you tighten them fully"


def enclosed_page(path: Path, marks: str, n: int, space: bool) -> Path:
    """Page 2: two bullets, then ``n`` wrapped items numbered by enclosed characters ``marks``."""
    doc = pymupdf.open()
    doc.new_page(width=595, height=842).insert_text((72, 72), "Introduction to the site rules.", fontsize=11)
    page = doc.new_page(width=595, height=842)
    for k, t in enumerate(["Read the whole manual first.", "Check the delivery for damage."]):
        page.insert_text((72, 104 + 16 * k), f"\u2022 {t}", fontsize=11)
    y = 184.0
    for k in range(n):
        page.insert_text((72, y), f"{marks[k]}{' ' if space else ''}{_LONG[:68]}", fontsize=11, fontname="dj", fontfile=DEJAVU)
        page.insert_text((88, y + 14), f"{_LONG[68:]}, step {k + 1}.", fontsize=11, fontname="dj", fontfile=DEJAVU)
        y += 30
    doc.save(path)
    doc.close()
    return path


@settings(max_examples=12, deadline=None)
@given(marks=st.sampled_from(ENCLOSED), n=st.integers(3, 6), space=st.booleans(), k=st.integers(1, 10))
def test_items_numbered_by_enclosed_characters_are_counted(tmp_path_factory, marks: str, n: int, space: bool, k: int) -> None:
    # Six items numbered ①-⑥ under two bullets: "2 item(s)" was counted, "the sixth bullet point on page 2" missing.
    pdf = enclosed_page(tmp_path_factory.mktemp("e") / "e.pdf", marks, n, space)
    r = count(pdf, f"What is the {ORDINALS[k - 1]} bullet point on page 2?")
    (reading,) = r.readings
    assert reading.count == 2 + n, r.explain()
    assert r.missing == (k > reading.most), r.explain()


def test_enclosed_items_decision_and_control(tmp_path: Path) -> None:
    pdf = enclosed_page(tmp_path / "e.pdf", ENCLOSED[0], 6, True)
    assert decide(pdf, "What is the sixth bullet point on page 2?").case != "missing_container"
    assert decide(pdf, "What is the ninth bullet point on page 2?").case == "missing_container"


# --------------------------------------------------------------------------- deck dividers


deck = pdfs.faq_deck


@pytest.mark.parametrize("at", [0, 1, 2])
def test_a_short_entry_slide_headed_by_a_statement_does_not_close_the_faq(tmp_path: Path, at: int) -> None:
    # "Retake policy" over "Allowed twice." is four words and no question: it was read as the next divider,
    # and the entries after it went uncounted ("1 item(s)": "the third FAQ" was missing on a deck showing four).
    faqs: list[str | list[str]] = ["What does the exam cost?", "How long is it valid?", "Who grades the exam?"]
    faqs.insert(at, ["Retake policy", "Allowed twice."])
    pdf = deck(tmp_path / "d.pdf", faqs)
    for k in range(1, 5):
        assert decide(pdf, f"What is the {ORDINALS[k - 1]} FAQ?").case != "missing_container"


def test_a_one_line_divider_still_closes_the_faq(tmp_path: Path) -> None:
    pdf = deck(tmp_path / "d.pdf", ["What does the exam cost?", "Can I retake the exam?", "How long is it valid?"])
    r = count(pdf, "What is the fifth FAQ?")
    assert r.missing and r.readings[0].count == 3, r.explain()
