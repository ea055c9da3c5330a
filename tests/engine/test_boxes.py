"""A coloured box the question reads inside ("the word written in the green box on page N"):
missing_container only when the rendered page shows no pixel and no vector shape of the
colour under every reading; any region of it keeps the row unverifiable, as a doubt."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.question.boxes import named_boxes
from widening.question.parse import parse_question

ASK = "What is the word written in the green box on page 2?"


def decide(path: Path, q: str = ASK):
    doc = load_doc(path, ocr=False)
    try:
        return decide_row(Row(doc_id="fixture.pdf", question=q, answer="Not answerable"), doc)
    finally:
        doc.close()


def pages(path: Path, draw, n: int = 3, labels: bool = False) -> Path:
    """``n`` text pages; ``draw(page, index)`` adds what the test needs."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=400, height=500)
        page.insert_text((40, 60), f"Section {i}: getting started with the service", fontsize=12)
        page.draw_rect(pymupdf.Rect(40, 100, 300, 160), color=(0.8, 0.1, 0.1), fill=(0.9, 0.2, 0.2))  # a red box everywhere
        page.insert_text((50, 135), "Start now", fontsize=12, color=(1, 1, 1))
        draw(page, i)
    if labels:  # page 2 also means PDF page 3 under the label reading
        doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": 1},
                             {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 2}])
    doc.save(path)
    doc.close()
    return path


def image_page(path: Path, rgb: tuple[int, int, int] | None) -> Path:
    """Three image-only pages (no text layer); page 2 shows a box of ``rgb`` on white, or nothing."""
    doc = pymupdf.open()
    for i in range(1, 4):
        pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 200, 250), 0)
        pix.set_rect(pix.irect, (255, 255, 255))
        pix.set_rect(pymupdf.IRect(20, 20, 120, 60), (40, 40, 40))  # dark text-like block
        if i == 2 and rgb is not None:
            pix.set_rect(pymupdf.IRect(30, 100, 170, 150), rgb)
        page = doc.new_page(width=400, height=500)
        page.insert_image(page.rect, pixmap=pix)
    doc.save(path)
    doc.close()
    return path


def test_no_green_anywhere_on_the_page_is_a_missing_container(tmp_path: Path) -> None:
    d = decide(pages(tmp_path / "a.pdf", lambda p, i: None))
    assert d.case == "missing_container", d.reason
    assert "Green box".lower() in d.reason.lower() and "pdf 2" in d.reason
    assert d.check["container"]["readings"] == [{"reading": "pdf 2", "pages": [2]}]


def test_a_green_box_on_the_page_keeps_the_row_with_the_box_as_a_doubt(tmp_path: Path) -> None:
    def green(page: pymupdf.Page, i: int) -> None:
        if i == 2:
            page.draw_rect(pymupdf.Rect(60, 300, 260, 360), color=(0, 0.5, 0), fill=(0.2, 0.7, 0.2))
    d = decide(pages(tmp_path / "b.pdf", green))
    assert d.case == "unverifiable" and d.decision == "keep"
    assert any(m.page == 2 and m.bbox[1] >= 295 and m.bbox[3] <= 365 for m in d.doubts), d.doubts


def test_a_pale_tint_and_a_thin_outline_count_as_the_colour(tmp_path: Path) -> None:
    def pale(page: pymupdf.Page, i: int) -> None:
        if i == 2:
            page.draw_rect(pymupdf.Rect(60, 300, 260, 360), color=None, fill=(0.90, 0.96, 0.90))  # "light green"
    def outline(page: pymupdf.Page, i: int) -> None:
        if i == 2:
            page.draw_rect(pymupdf.Rect(60, 300, 260, 360), color=(0.1, 0.6, 0.1), width=0.3)
    assert decide(pages(tmp_path / "c.pdf", pale)).case == "unverifiable"
    assert decide(pages(tmp_path / "d.pdf", outline)).case == "unverifiable"


def test_green_on_a_neighbouring_page_does_not_save_the_named_one(tmp_path: Path) -> None:
    def green(page: pymupdf.Page, i: int) -> None:
        if i != 2:
            page.draw_rect(pymupdf.Rect(60, 300, 260, 360), fill=(0.2, 0.7, 0.2))
    assert decide(pages(tmp_path / "e.pdf", green)).case == "missing_container"


def test_every_reading_of_the_page_is_looked_at(tmp_path: Path) -> None:
    """'page 2' is PDF page 2 and, by its label, PDF page 3: green on either keeps the row."""
    def green(page: pymupdf.Page, i: int) -> None:
        if i == 3:
            page.draw_rect(pymupdf.Rect(60, 300, 260, 360), fill=(0.2, 0.7, 0.2))
    d = decide(pages(tmp_path / "f.pdf", green, labels=True))
    assert d.case == "unverifiable" and any(m.page == 3 for m in d.doubts)
    d = decide(pages(tmp_path / "g.pdf", lambda p, i: None, labels=True))
    assert d.case == "missing_container"
    assert {p for r in d.check["container"]["readings"] for p in r["pages"]} == {2, 3}


def test_image_only_pages_are_looked_at_as_pixels(tmp_path: Path) -> None:
    assert decide(image_page(tmp_path / "h.pdf", (60, 170, 70))).case == "unverifiable"
    assert decide(image_page(tmp_path / "i.pdf", None)).case == "missing_container"
    # A blue box is no green box.
    assert decide(image_page(tmp_path / "j.pdf", (40, 60, 200))).case == "missing_container"


def test_a_green_box_is_never_widened_by_a_text_colour_check(tmp_path: Path) -> None:
    """Black words in a green box: no green text exists, yet the asked word does."""
    def green(page: pymupdf.Page, i: int) -> None:
        if i == 2:
            page.draw_rect(pymupdf.Rect(60, 300, 260, 360), fill=(0.2, 0.7, 0.2))
            page.insert_text((70, 335), "Register", fontsize=12, color=(0, 0, 0))
    d = decide(pages(tmp_path / "k.pdf", green))
    assert d.decision == "keep" and d.case == "unverifiable"


@pytest.mark.parametrize("q, colour, shape", [
    ("What is the word written in Green box on page 17?", "green", "box"),
    ("What is written inside the red-coloured frame on slide 3?", "red", "frame"),
    ("what text is in the box in blue on page 4?", "blue", "box"),
    ("Which number appears in the yellow highlighted area on page 2?", "yellow", "highlighted area"),
])
def test_named_boxes_are_parsed(q: str, colour: str, shape: str) -> None:
    (box,) = parse_question(q).boxes
    assert (box.colour, box.shape) == (colour, shape)
    assert parse_question(q).target.colour is None  # the box's colour, not the text's


@pytest.mark.parametrize("q", [
    "How many red boxes are on page 2?",  # the boxes are what is asked for
    "What is the yellow color italic texts in page 9?",
    "What is the colour of the box on page 3?",
])
def test_boxes_that_are_not_read_inside_are_not_containers(q: str) -> None:
    assert parse_question(q).boxes == ()


@settings(max_examples=60)
@given(st.sampled_from(["green", "Green", "GREEN"]), st.sampled_from(["box", "Box", "rectangle"]),
       st.sampled_from(["written in the", "inside the", "in"]))
def test_box_parse_survives_case_and_wording(colour: str, shape: str, where: str) -> None:
    boxes = named_boxes(f"What is the word {where} {colour} {shape} on page 17?")
    assert [(b.colour, b.shape) for b in boxes] == [("green", shape.lower())]


def test_corpus_image_page_with_green_in_a_photo_is_kept(corpus_doc) -> None:
    """The college-search deck's p17 is one picture: no green box, but green in the photo keeps it."""
    doc = corpus_doc("8dfc21ec151fb9d3578fc32d5c4e5df9.pdf")
    d = decide_row(Row(doc_id="x.pdf", question="What is the word written in Green box on page 17?", answer="Not answerable"), doc)
    assert d.case == "unverifiable" and d.doubts and all(m.page == 17 for m in d.doubts)
