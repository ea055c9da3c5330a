"""The places a question names, in every phrasing a reader would take for them: a picture on any
page the question names is never answered "none" (found by a review of the engine end to end,
each phrasing below widened before: only the first page of a list was looked at)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.question.parse import parse_question

LINE = "The committee reviewed the annual programme and noted steady progress across all offices."
WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 19: "nineteen", 21: "twenty-one"}
ORDINALS = {2: "second", 3: "third", 4: "fourth", 21: "twenty-first"}


def _photo(seed: int = 0) -> pymupdf.Pixmap:
    """A photograph-like picture (gradients and noise), which the graphics probe counts as content."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:200, 0:300]
    a = np.stack([x * 255 // 300, y * 255 // 200, (x + y) * 127 // 500 + rng.integers(0, 60, (200, 300))], -1)
    return pymupdf.Pixmap(pymupdf.csRGB, 300, 200, a.clip(0, 255).astype(np.uint8).tobytes(), False)


def _doc(path: Path, pages: int, picture_on: int, blank: tuple[int, ...] = (), labels: bool = False) -> Path:
    doc = pymupdf.open()
    for i in range(1, pages + 1):
        page = doc.new_page(width=595, height=842)
        if i in blank:
            continue
        for k in range(4):
            page.insert_text((72, 90 + 16 * k), LINE, fontsize=11)
        if i == picture_on:
            page.insert_image(pymupdf.Rect(150, 300, 450, 500), pixmap=_photo(i))
    if labels:  # i, ii, then 1, 2, ...
        doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
                             {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 1}])
    return pdfs.save(doc, path)


def _lists(a: int, b: int, c: int) -> list[str]:
    return [f"pages {a}, {b} and {c}", f"pages {a}, {b}, and {c}", f"pages {a}, {b}, {c}", f"page {a}, page {b} and page {c}",
            f"slides {a}, {b} and {c}", f"pages {a} & {b} & {c}", f"Pages {a}, {b} or {c}"]


def _pairs(a: int, b: int) -> list[str]:
    return [f"page {a} and page {b}", f"pages {a} & {b}", f"pages {a} and {b}", f"page {a} and {b}", f"page {a} or page {b}"]


@settings(max_examples=25, deadline=None)
@given(pages=st.integers(5, 9), data=st.data())
def test_a_picture_on_any_page_a_list_names_is_never_none(tmp_path_factory, pages: int, data) -> None:
    picture = data.draw(st.integers(2, pages - 1), label="picture on")
    others = [p for p in range(1, pages + 1) if p != picture]
    a, b = sorted(data.draw(st.lists(st.sampled_from(others), min_size=2, max_size=2, unique=True), label="other pages"))
    order = data.draw(st.permutations([a, b, picture]), label="order")
    phrase = data.draw(st.sampled_from(_lists(*order) + _pairs(order[0], picture) + _pairs(picture, order[0])), label="phrase")
    path = _doc(tmp_path_factory.mktemp("list") / "d.pdf", pages, picture)
    d = pdfs.decide(path, f"How many images are on {phrase}?")
    assert d.decision != "widen", f"{phrase!r}: {d.reason}"
    # Control: the same phrase over pages without the picture is looked at, and may be answered "none".
    lone = pdfs.decide(path, f"How many images are on {_pairs(a, b)[0]}?")
    assert lone.decision == "widen", lone.reason


@pytest.mark.parametrize("phrase, pages, picture", [
    ("from page 19 to page 21", 21, 21),
    ("page twenty-one", 21, 21),
    ("the twenty-first page", 21, 21),
    ("page nineteen", 21, 19),
    ("the second last page", 6, 5),
    ("the second-to-last page", 6, 5),
    ("the next-to-last page", 6, 5),
    ("the penultimate page", 6, 5),
    ("the page before the last page", 6, 5),
    ("the second page from the end", 6, 5),
    ("the third page from the end", 6, 4),
    ("the inside back cover", 6, 5),
])
def test_pages_named_by_words_or_from_the_end_are_found(tmp_path: Path, phrase: str, pages: int, picture: int) -> None:
    d = pdfs.decide(_doc(tmp_path / "d.pdf", pages, picture), f"How many images are on {phrase}?")
    assert d.decision != "widen", d.reason


def test_a_page_phrase_after_a_modifier_names_no_such_page(tmp_path: Path) -> None:
    """'the page after the first page' is not the first page: the whole document is the scope."""
    assert [c.kind.value for c in parse_question("How many images are on the page after the first page?").containers] == ["document"]
    d = pdfs.decide(_doc(tmp_path / "d.pdf", 4, 2), "How many images are on the page after the first page?")
    assert d.decision != "widen", d.reason


@pytest.mark.parametrize("phrase", ["pages ii-iv", "pages ii to iv", "pages ii through iv"])
def test_a_range_of_roman_labels_covers_every_page_in_it(tmp_path: Path, phrase: str) -> None:
    # Labels i, ii, 1, 2, 3, 4: label "iv" does not exist, label "ii" is PDF page 2; the PDF
    # reading of roman numerals is pages 2-4, and the picture is on PDF page 3.
    d = pdfs.decide(_doc(tmp_path / "d.pdf", 6, 3, labels=True), f"How many images are on {phrase}?")
    assert d.decision != "widen", d.reason


@pytest.mark.parametrize("phrase, blank, picture", [
    ("the last page", (5,), 4),
    ("the back cover", (5,), 4),
    ("the cover", (1,), 2),
    ("the front cover", (1,), 2),
])
def test_a_blank_sheet_at_either_end_is_not_the_only_reading_of_cover_or_last_page(tmp_path: Path, phrase, blank, picture) -> None:
    d = pdfs.decide(_doc(tmp_path / "d.pdf", 5, picture, blank=blank), f"How many images are on {phrase}?")
    assert d.decision != "widen", d.reason


@pytest.mark.parametrize("q", [
    "How many images are on the cover and page 3?",
    "How many images are on page 1 and page 3 respectively?",
    "How many images are on page 1 and on the last page?",
])
def test_every_place_a_question_names_is_looked_at(tmp_path: Path, q: str) -> None:
    path = _doc(tmp_path / "d.pdf", 4, 3 if "page 3" in q else 4)
    d = pdfs.decide(path, q)
    assert d.decision != "widen", d.reason
    assert d.check.get("also_checked"), d.check


@pytest.mark.parametrize("q", [
    "Apart from the picture on page 2, how many pictures are there in pages 1-4?",
    "Besides the image on page 2, how many other images are there on pages 1 to 4?",
])
def test_setting_a_thing_aside_does_not_set_its_page_aside(tmp_path: Path, q: str) -> None:
    """Page 2 holds two pictures: the question takes one out, the other is still asked about."""
    path = tmp_path / "d.pdf"
    doc = pymupdf.open(_doc(tmp_path / "base.pdf", 4, 2))
    doc[1].insert_image(pymupdf.Rect(150, 550, 450, 750), pixmap=_photo(9))
    pdfs.save(doc, path)
    d = pdfs.decide(path, q)
    assert d.decision != "widen", d.reason
    assert any(m.page == 2 for m in d.doubts), d.reason


def test_a_page_set_aside_under_one_reading_only_keeps_what_it_holds_as_a_doubt(tmp_path: Path) -> None:
    """Labels i, ii, 1, 2...: "page 2" is PDF page 2 or the page labelled 2 (PDF page 4); a picture
    on PDF page 4 may or may not be on the page the question sets aside."""
    d = pdfs.decide(_doc(tmp_path / "d.pdf", 6, 4, labels=True), "Besides page 2, how many images are there in this document?")
    assert d.case != "unbounded_complement", d.reason  # the rest is the document's own images
    assert d.decision != "widen" and any(m.page == 4 for m in d.doubts), d.reason


def test_setting_a_page_aside_drops_it_when_every_reading_agrees(tmp_path: Path) -> None:
    d = pdfs.decide(_doc(tmp_path / "d.pdf", 4, 2), "Besides page 2, how many images are there in this document?")
    assert d.decision == "widen" and d.check["excluded_pages"] == [2], d.reason


@pytest.mark.parametrize("q, region", [
    ("In the bar chart on page 3 that lists the countries with the largest value at the top, how many red bars are there?", None),
    ("What task is on the top of the planning branch of the tree on page 2?", None),
    ("How many images are at the bottom of the model figure on page 2?", None),
    ("What is the job of the contact person in the picture at the top left of page 42?", "top_left"),
    ("In the figure that locates at the top of page 5, what is the final step?", "top"),
    ("How many red bars in the top-left chart on page 4?", "top_left"),
    ("What is the logo in the top right corner of slide 3?", "top_right"),
    ("How many images are at the bottom of the page 3?", "bottom"),
])
def test_a_region_is_a_part_of_the_page_only_when_tied_to_it(q: str, region: str | None) -> None:
    pages = [c for c in parse_question(q).containers if c.kind.value in ("page", "slide")]
    assert pages and pages[0].region == region
