"""A page is set aside whole only when the question excludes the page itself: "besides page 2's chart" or
"except page 2's first image" takes one thing out, and dropping the page hid the other pictures it shows
(a false widening)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pdfs
import pymupdf
import pytest


def _picture(colour: tuple[int, int, int]) -> bytes:
    img = np.zeros((60, 80, 3), np.uint8)
    img[:] = colour
    cv2.circle(img, (40, 30), 20, (255, 255, 255), -1)
    return cv2.imencode(".png", img)[1].tobytes()


def report(path: Path, on: int = 2, pictures: int = 2) -> Path:
    """Four pages; page ``on`` shows ``pictures`` pictures, the others none."""
    doc = pymupdf.open()
    for i in range(4):
        page = doc.new_page()
        page.insert_text((72, 72), f"Annual report {i + 1}", fontsize=16)
        page.insert_text((300, 770), str(i + 1), fontsize=9)
    for k in range(pictures):
        doc[on - 1].insert_image(pymupdf.Rect(72 + 228 * k, 100, 232 + 228 * k, 220), stream=_picture((0, 60 * k, 200)))
    doc.save(path)
    doc.close()
    return path


@pytest.mark.parametrize("q", [
    "Except page 2's first image, how many images are in the document?",
    "Besides page 2's chart, how many pictures are there in the report?",
    "Other than page 2\u2019s first picture, how many pictures does the report have?",
])
def test_one_thing_of_a_page_set_aside_keeps_the_rest_of_the_page(tmp_path: Path, q: str) -> None:
    d = pdfs.decide(report(tmp_path / "r.pdf"), q)
    assert d.decision == "keep", d.reason
    assert 2 not in d.check.get("excluded_pages", []) and d.doubts, d.reason


@pytest.mark.parametrize("q", [
    "Besides page 2, how many images are there?",
    "Except page 2, how many images are in the document?",
    "Other than page 2 and page 3, how many pictures are there in the report?",
    "How many images are in the report, excluding page 2?",
    # the "from" of "apart from" counts no page from page 2 (before, the scope was read as relative and
    # the row claimed unbounded_complement)
    "Apart from page 2, how many pictures are in the report?",
    "Aside from page 2, how many pictures are in the report?",
])
def test_control_the_page_itself_set_aside_is_dropped(tmp_path: Path, q: str) -> None:
    d = pdfs.decide(report(tmp_path / "r.pdf"), q)
    assert d.decision == "widen" and 2 in d.check["excluded_pages"], d.reason


def test_control_nothing_on_the_page_a_thing_is_set_aside_from_still_widens(tmp_path: Path) -> None:
    # A stricter reading costs nothing where the page holds nothing but the thing set aside (here not even that).
    d = pdfs.decide(report(tmp_path / "r.pdf", pictures=0), "Except page 2's first image, how many images are in the document?")
    assert d.decision == "widen", d.reason
