"""A pinned check against the question's own check, not only against the container the question names.

"How many red bars are there in the picture on page 2?": the question's own check looks at the whole page
(a chart a reader calls a picture may be vector art). A pin looking only inside raster pictures saw none of
the vector bars and widened. A pin over the whole document found the word on page 5 and claimed page 3
short_not_empty. A param the params model reads otherwise than the probe does (the string "false", a null)
was compared as one value and run as another."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest

import pdfs
from widening.engine.decide import decide_row
from widening.engine.pinned import check_error, same
from widening.facts.extract import load_doc
from widening.models import CheckSpec, Container, ContainerKind, Row

RED, BLUE = (0.85, 0.1, 0.1), (0.1, 0.2, 0.85)
BARS_Q = "How many red bars are there in the picture on page 2?"
WORD_Q = 'How many times does the word "kangaroo" appear on page 3?'


def _blue_photo() -> pymupdf.Pixmap:
    rng = np.random.default_rng(2)
    y, x = np.mgrid[0:100, 0:150]
    a = np.stack([x * 0 + 40, y + 80, (x + y) * 127 // 250 + 120 + rng.integers(0, 30, (100, 150))], -1)
    return pymupdf.Pixmap(pymupdf.csRGB, 150, 100, a.clip(0, 255).astype(np.uint8).tobytes(), False)


def chart_pages(path: Path, colour) -> Path:
    """Three report pages; page 2 shows a photograph (no red in it) and a vector bar chart of ``colour``."""
    doc = pdfs.new_doc(3, 595, 842)
    for i, p in enumerate(doc, start=1):
        pdfs.text(p, (72, 60), f"Section {i}: sales review", size=16)
        pdfs.text(p, (72, 90), "Regional sales grew steadily over the year.", size=10)
        pdfs.text(p, (290, 815), str(i), size=9)
    doc[1].insert_image(pymupdf.Rect(72, 120, 300, 270), pixmap=_blue_photo())
    pdfs.bar_chart(doc[1], (150, 600), (60, 40, 50, 25), [colour] * 4, bar_w=30)
    pdfs.text(doc[1], (150, 620), "Figure 1: Sales by region", size=10)
    return pdfs.save(doc, path)


def word_pages(path: Path, on: int) -> Path:
    """Five pages of field notes; the word on page ``on`` only."""
    doc = pdfs.new_doc(5, 595, 842)
    for i, p in enumerate(doc, start=1):
        pdfs.text(p, (72, 60), f"Chapter {i}: field notes", size=16)
        pdfs.text(p, (72, 90), "Observers recorded animals along the river trail.", size=10)
        if i == on:
            pdfs.text(p, (72, 120), "A kangaroo was seen near the old bridge.", size=10)
        pdfs.text(p, (290, 815), str(i), size=9)
    return pdfs.save(doc, path)


def _decide(pdf: Path, q: str, pinned: CheckSpec | None = None):
    doc = load_doc(pdf, ocr=False)
    try:
        return decide_row(Row(doc_id=pdf.name, question=q, answer="Not answerable"), doc, pinned=pinned)
    finally:
        doc.close()


def _bars_pin(in_image: bool, region: str | None = None) -> CheckSpec:
    return CheckSpec(probe="colour_regions", params={"colour": "red", "shape": "bar"},
                     container=Container(kind=ContainerKind.page, number="2", text="page 2", in_image=in_image, region=region))


@pytest.fixture(scope="module")
def charts(tmp_path_factory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("charts")
    return chart_pages(d / "red.pdf", RED), chart_pages(d / "blue.pdf", BLUE)


def test_a_pin_inside_pictures_where_the_own_check_looks_at_the_whole_page_is_refused(charts):
    red, blue = charts
    own = _decide(red, BARS_Q)
    assert own.decision == "keep" and own.members, own.reason  # the vector bars are what the question asks about
    d = _decide(red, BARS_Q, _bars_pin(in_image=True))
    assert d.decision != "widen", d.reason
    assert "Pinned check rejected" in d.reason and "inside pictures" in d.reason, d.reason
    # a region of the page the own check does not narrow to is refused the same way
    assert "Pinned check rejected" in _decide(red, BARS_Q, _bars_pin(in_image=False, region="top")).reason


def test_the_pin_of_the_own_checks_place_still_widens_a_true_zero(charts):
    red, blue = charts
    assert _decide(blue, BARS_Q).decision == "widen"
    assert _decide(blue, BARS_Q, _bars_pin(in_image=False)).decision == "widen"
    assert _decide(red, BARS_Q, _bars_pin(in_image=False)).decision == "keep"


@pytest.fixture(scope="module")
def words(tmp_path_factory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("words")
    return word_pages(d / "on5.pdf", 5), word_pages(d / "on3.pdf", 3)


def test_a_wider_pin_finding_the_thing_elsewhere_claims_no_short_set_of_the_asked_page(words):
    on5, on3 = words
    whole = CheckSpec(probe="text_search", params={"text": "kangaroo"})
    d = _decide(on5, WORD_Q, whole)
    assert d.decision == "keep" and d.case != "short_not_empty", d.reason  # page 3 holds no kangaroo
    assert {m.page for m in d.members} == {5}  # shown as candidates, never as members of page 3
    # control: the pin of the asked page itself, and the same wide pin where page 3 has it, keep the claim
    page3 = CheckSpec(probe="text_search", params={"text": "kangaroo"}, container=Container(kind=ContainerKind.page, number="3", text="page 3"))
    assert _decide(on3, WORD_Q, page3).case == "short_not_empty"
    assert _decide(on5, WORD_Q, page3).decision == "widen"


def test_same_needs_the_same_place_and_readings():
    page = Container(kind=ContainerKind.page, number="3", text="page 3")
    own = CheckSpec(probe="text_search", params={"text": "x"}, container=page)
    assert same(own.model_copy(update={"container": page.model_copy(update={"text": "p. 3"})}), own)
    assert not same(CheckSpec(probe="text_search", params={"text": "x"}), own)
    assert not same(own.model_copy(update={"readings": own.readings[:1]}), own)
    assert not same(own.model_copy(update={"container": page.model_copy(update={"number": "4"})}), own)


# --------------------------------------------------------------------------- values the model reads otherwise


@pytest.mark.parametrize(("probe", "params", "says"), [
    ("table_values", {"column": "customers", "op": ">", "value": 500.0, "percent": "false"}, "params.percent"),
    ("table_values", {"column": "customers", "op": ">", "value": 500.0, "percent": 0}, "params.percent"),
    ("table_values", {"column": "customers", "op": ">", "value": 500.0, "sentences": "yes"}, "params.sentences"),
    ("graphics", {"kind": "chart", "min_side": None}, "null"),
    ("graphics", {"kind": "chart", "min_side": "10"}, "params.min_side"),
    ("objects", {"object_class": "car", "min_score": None}, "null"),
    ("images", {"exclude_full_page": "false"}, "params.exclude_full_page"),
    ("text_style", {"styles": ["italic"], "colour": None}, "null"),
])
def test_a_value_the_probe_would_read_otherwise_than_the_comparison_is_bad_input(probe, params, says):
    why = check_error(CheckSpec(probe=probe, params=params))
    assert why is not None and says in why, why


@pytest.mark.parametrize(("probe", "params"), [
    ("table_values", {"column": "customers", "op": ">", "value": 500, "percent": False}),
    ("colour_regions", {"colour": "red", "min_area": 10.0}),
    ("captions", {"kind": "figure", "number": 3}),
    ("name_mentions", {"variants": ["Oslo", "Kristiania"], "pictures": True}),
    ("text_style", {"styles": ["italic", "bold"], "match": "any", "colour": "yellow"}),
])
def test_plain_values_still_load(probe, params):
    assert check_error(CheckSpec(probe=probe, params=params)) is None
