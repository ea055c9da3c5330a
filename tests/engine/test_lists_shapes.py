"""Ordinal sub-containers whose items the counter missed, so "the fifth bullet point" was named missing on a
page that shows it: items side by side on one line, a list's discs drawn as one path, a list shown in a
picture, a section cut by a later line holding its title or by a sub-heading printed as the next title, and
subfigure labels set without a space. Each with a control that really has fewer items."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth"]
WORDS = ["Fast delivery", "Secure payments", "Low prices", "Friendly staff", "Free returns", "Local stores",
         "Gift cards", "Open late", "Easy parking"]
LONG = ["Always wear the protective goggles supplied with the machine before switching it on.",
        "Keep loose clothing, jewellery and long hair well away from all moving parts at all times.",
        "Never leave the machine running unattended, even for a short break or a phone call.",
        "Check the emergency stop button works at the beginning of each shift and log the result.",
        "Disconnect the power supply before cleaning, adjusting or replacing any blade or belt.",
        "Report any damaged guard, cable or switch to the supervisor immediately in writing."]


def _save(doc: pymupdf.Document, path: Path) -> Path:
    doc.save(path)
    doc.close()
    return path


def side_by_side(path: Path, rows: int, per_row: int) -> Path:
    """Page 2 of three: a heading, then ``rows`` lines of ``per_row`` bulleted items each."""
    doc = pymupdf.open()
    for i in range(3):
        doc.new_page().insert_text((72, 72), f"Section {i + 1}", fontsize=16)
    page = doc[1]
    for r in range(rows):
        items = WORDS[r * per_row:(r + 1) * per_row]
        page.insert_text((72, 150 + 25 * r), "      ".join(f"\u2022 {w}" for w in items), fontsize=12)
    return _save(doc, path)


@settings(max_examples=10, deadline=None)
@given(rows=st.integers(1, 3), per_row=st.integers(1, 3), k=st.integers(1, 12))
def test_items_side_by_side_on_one_line_are_each_counted(tmp_path_factory, rows: int, per_row: int, k: int) -> None:
    pdf = side_by_side(tmp_path_factory.mktemp("s") / "s.pdf", rows, per_row)
    (r,) = pdfs.list_counts(pdf, f"What is the {ORDINALS[k - 1]} bullet point on page 2?")
    (reading,) = r.readings
    assert reading.count == rows * per_row, r.explain()
    if k <= rows * per_row:
        assert not r.missing, r.explain()


def test_side_by_side_decision_and_control(tmp_path: Path) -> None:
    pdf = side_by_side(tmp_path / "s.pdf", 2, 3)
    assert pdfs.decide(pdf, "What is the fifth bullet point on page 2?").case != "missing_container"
    short = side_by_side(tmp_path / "c.pdf", 2, 1)
    assert pdfs.decide(short, "What is the fifth bullet point on page 2?").case == "missing_container"


def one_path(path: Path, discs: bool = True) -> Path:
    """Six safety rules whose discs are one drawn path (or no discs at all), and two notes opened by '-'."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Safety guidelines", fontsize=16)
    shape, y = page.new_shape(), 110.0
    for item in LONG:
        page.insert_text((90, y), item, fontsize=10)
        shape.draw_circle((80, y - 3.5), 2.2)
        y += 13
    shape.finish(color=None, fill=(0, 0, 0))
    if discs:
        shape.commit()
    page.insert_text((72, 300), "Notes", fontsize=14)
    page.insert_text((72, 330), "- Keep this sheet near the machine, laminated, where every operator of the machine can read it.", fontsize=10)
    page.insert_text((72, 343), "- Replace this sheet when any rule changes, and sign the log with the date of the change made.", fontsize=10)
    return _save(doc, path)


def test_bullets_drawn_as_one_path_are_counted_beside_other_items(tmp_path: Path) -> None:
    # Two '-' notes were counted and the six discs (one path 5 x 70 pt, no bullet's size) were not:
    # "the fifth bullet point" was missing on a page that shows eight.
    pdf = one_path(tmp_path / "p.pdf")
    (r,) = pdfs.list_counts(pdf, "What is the fifth bullet point on page 1?")
    assert r.readings[0].count == 8 and not r.missing, r.explain()
    assert pdfs.decide(pdf, "What is the fifth bullet point on page 1?").case != "missing_container"
    assert pdfs.decide(pdf, "What is the ninth bullet point on page 1?").case == "missing_container"


def picture_list(path: Path, big: bool) -> Path:
    """A slide with two text bullets and a picture: a screenshot of a six-item list, or a small logo (a disc: no
    words; the list shrunk to a logo's size stays legible, and may show items)."""
    img = np.full((300, 500, 3), 255, np.uint8)
    for k, t in enumerate(["Plan the trip", "Book the hotel", "Pack the bags", "Check the tickets", "Lock the house", "Enjoy"] if big else []):
        cv2.circle(img, (30, 40 + 45 * k), 7, (0, 0, 0), -1)
        cv2.putText(img, t, (50, 48 + 45 * k), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (0, 0, 0), 2)
    if not big:
        cv2.circle(img, (250, 150), 120, (30, 90, 200), -1)
    _, png = cv2.imencode(".png", img)
    doc = pymupdf.open()
    for i in range(2):
        doc.new_page(width=720, height=540).insert_text((40, 60), f"Travel checklist {i + 1}", fontsize=24)
    page = doc[1]
    page.insert_text((40, 110), "\u2022 Read the guide below", fontsize=16)
    page.insert_text((40, 135), "\u2022 Tick each step when done", fontsize=16)
    page.insert_image(pymupdf.Rect(100, 160, 600, 460) if big else pymupdf.Rect(640, 480, 700, 516), stream=png.tobytes())
    return _save(doc, path)


def test_a_list_shown_in_a_picture_makes_the_page_uncountable(tmp_path: Path) -> None:
    pdf = picture_list(tmp_path / "p.pdf", big=True)
    (r,) = pdfs.list_counts(pdf, "What is the fifth bullet point on page 2?")
    assert r.readings[0].count is None and "picture" in r.readings[0].why, r.explain()
    assert pdfs.decide(pdf, "What is the fifth bullet point on page 2?").case != "missing_container"
    # Control: a small picture (a logo) shows no list; the two text bullets are the count.
    small = picture_list(tmp_path / "s.pdf", big=False)
    assert pdfs.decide(small, "What is the fifth bullet point on page 2?").case == "missing_container"


def labelled_box(path: Path, label: str, heading: str = "2 Safety") -> Path:
    """Outline "Safety" on page 2, printed as ``heading``; six bullets, then a box labelled ``label`` with one more."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "1 Introduction", fontsize=16)
    page = doc.new_page()
    page.insert_text((72, 72), heading, fontsize=16)
    for k in range(6):
        page.insert_text((80, 110 + 20 * k), f"\u2022 Keep the unit away from water and heat, rule {k + 1}.", fontsize=10)
    page.draw_rect(pymupdf.Rect(72, 300, 400, 360), color=(1, 0, 0))
    page.insert_text((80, 318), label, fontsize=11)
    page.insert_text((80, 340), "\u2022 Read all rules before use.", fontsize=10)
    doc.new_page().insert_text((72, 72), "3 Cleaning", fontsize=16)
    doc.set_toc([[1, "Introduction", 1], [1, "Safety", 2], [1, "Cleaning", 3]])
    return _save(doc, path)


@pytest.mark.parametrize("label", ["Safety", "SAFETY", "Note"])
def test_a_later_line_holding_the_title_does_not_start_the_section(tmp_path: Path, label: str) -> None:
    # The heading reads "2 Safety"; a box labelled "Safety" under the list was taken for it, and the six
    # bullets above were cut off ("the fifth bullet point for safety" was missing).
    pdf = labelled_box(tmp_path / "b.pdf", label)
    (r,) = pdfs.list_counts(pdf, "What is the fifth bullet point for safety?")
    assert r.readings[0].count == 7 and not r.missing, r.explain()
    assert pdfs.decide(pdf, "What is the eighth bullet point for safety?").case == "missing_container"


def sub_headed(path: Path, groups: tuple[str, str]) -> Path:
    """Section "Safety" with two bold sub-headings of three bullets each, then the next heading "3 Cleaning"."""
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "1 Introduction", fontsize=16)
    page = doc.new_page()
    page.insert_text((72, 72), "2 Safety", fontsize=16)
    y = 100.0
    for group in groups:
        page.insert_text((72, y), group, fontsize=11, fontname="hebo")
        y += 18
        for k in range(3):
            page.insert_text((80, y), f"\u2022 Follow {group.lower()} rule {k + 1} at all times.", fontsize=10)
            y += 16
        y += 8
    page.insert_text((72, y + 20), "3 Cleaning", fontsize=16)
    page.insert_text((80, y + 45), "\u2022 Wipe with a dry cloth.", fontsize=10)
    doc.set_toc([[1, "Introduction", 1], [1, "Safety", 2], [1, "Cleaning", 2]])
    return _save(doc, path)


def test_a_sub_heading_printed_as_the_next_title_does_not_end_the_section(tmp_path: Path) -> None:
    # "Cleaning" heads the second group of safety rules; the next section prints "3 Cleaning". The sub-heading
    # was taken for the end, and three of the six rules were cut off.
    pdf = sub_headed(tmp_path / "s.pdf", ("Installation", "Cleaning"))
    (r,) = pdfs.list_counts(pdf, "What is the fifth bullet point for safety?")
    assert r.readings[0].most is not None and r.readings[0].most >= 6 and not r.missing, r.explain()
    assert pdfs.decide(pdf, "What is the sixth bullet point for safety?").case != "missing_container"
    # Control: sub-headings that are no title; the next heading "3 Cleaning" ends the section after six rules.
    ok = sub_headed(tmp_path / "c.pdf", ("Installation", "Power"))
    (c,) = pdfs.list_counts(ok, "What is the seventh bullet point for safety?")
    assert c.readings[0].count == 6, c.explain()
    assert pdfs.decide(ok, "What is the ninth bullet point for safety?").case == "missing_container"


def subfigures(path: Path, labels: str, space: str) -> Path:
    """Figure 1: one vector panel per label, each sub-captioned "(x)<space>Name"; the caption names (a) and (b) only."""
    doc = pymupdf.open()
    page = doc.new_page()
    names = ["CIFAR", "SVHN", "ImageNet", "Places"]
    for i, x in enumerate(labels):
        px, py = (72, 100) if i % 2 == 0 else (320, 100)
        py += 200 * (i // 2)
        page.draw_rect(pymupdf.Rect(px, py, px + 200, py + 150), color=(0, 0, 1))
        page.insert_text((px + 60, py + 170), f"({x}){space}{names[i]}", fontsize=9)
    page.insert_text((72, 520), "Figure 1: Accuracy. (a) and (b) use ResNet; the rest use VGG.", fontsize=10)
    return _save(doc, path)


@pytest.mark.parametrize("space", ["", " "])
def test_subfigure_labels_set_without_a_space_are_counted(tmp_path: Path, space: str) -> None:
    pdf = subfigures(tmp_path / "f.pdf", "abcd", space)
    (r,) = pdfs.list_counts(pdf, "What is the fourth subfigure of Figure 1?")
    assert r.readings[0].count == 4 and not r.missing, r.explain()
    assert pdfs.decide(pdf, "In Figure 1, what does the fourth subfigure show?").case != "missing_container"
    # Control: two panels only.
    two = subfigures(tmp_path / "t.pdf", "ab", space)
    assert pdfs.decide(two, "In Figure 1, what does the fourth subfigure show?").case == "missing_container"


def skipped_numbers(path: Path, numbers: list[int]) -> Path:
    """Page 2 of three: numbered items printed with the given numbers ("1. 2. 5."), the ones between left out."""
    doc = pymupdf.open()
    for i in range(3):
        doc.new_page().insert_text((72, 72), f"Section {i + 1}", fontsize=16)
    for k, n in enumerate(numbers):
        doc[1].insert_text((72, 150 + 25 * k), f"{n}. {WORDS[k]}", fontsize=12)
    return _save(doc, path)


@pytest.mark.parametrize("numbers, ordinal, missing", [([1, 2, 5], "fifth", False), ([1, 2, 5], "sixth", True),
                                                        ([1, 2, 3], "fifth", True), ([2, 4, 6, 8], "eighth", False)])
def test_an_item_printed_with_the_asked_number_is_no_missing_item(tmp_path: Path, numbers: list[int], ordinal: str, missing: bool) -> None:
    """Numbering that skips ("1. 2. 5."): the count is 3, but item 5 is printed; "the fifth" is not missing."""
    (r,) = pdfs.list_counts(skipped_numbers(tmp_path / "s.pdf", numbers), f"What is the {ordinal} bullet point on page 2?")
    assert r.missing is missing, r.explain()
