"""Handouts (several slides to a page): every slide's page is among the readings of its number.

Real PDFs built by fixtures/handouts.py: frames, pictures of slides, and slides placed as form
XObjects (as N-up tools place pages), numbered or not, with or without a title page.
"""

from __future__ import annotations

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from fixtures import handouts
from fixtures.drawn import photo_like
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.facts.handouts import handout_counts, slide_pages
from widening.models import Row


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=st.composite(handouts.handout_specs)())
def test_every_slide_of_a_handout_is_found_on_its_page(tmp_path_factory, spec):
    doc = load_doc(handouts.build(spec, tmp_path_factory.mktemp("h") / "h.pdf"), ocr=False)
    try:
        counts = handout_counts(doc)
        for n in range(1, spec.slides + 1):
            assert handouts.page_of(spec, n) in slide_pages(counts, n), (n, counts)
    finally:
        doc.close()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spec=st.composite(handouts.handout_specs)())
def test_a_slide_of_a_handout_is_never_claimed_missing_nor_its_photo_a_zero(tmp_path_factory, spec):
    """Regression (new questions, 2026-12-03): in a handout of three unnumbered slides a page, "slide 9"
    of a five-page file was claimed a missing container, and "slide 3" was looked for on PDF page 3 only."""
    path = handouts.build(spec, tmp_path_factory.mktemp("h") / "h.pdf")
    doc = load_doc(path, ocr=False)
    try:
        last = decide_row(Row(doc_id=path.name, question=f"How many images are on slide {spec.slides}?", answer="Not answerable"), doc)
        assert last.case != "missing_container", last.reason
        pair = decide_row(Row(doc_id=path.name, question=f"How many images are on slides {spec.slides - 1}-{spec.slides}?", answer="Not answerable"), doc)
        assert pair.case != "missing_container", pair.reason
        shown = decide_row(Row(doc_id=path.name, question=f"How many images are on slide {spec.pictured}?", answer="Not answerable"), doc)
        assert shown.decision != "widen", shown.reason
    finally:
        doc.close()


def test_two_pictures_of_one_size_on_a_few_pages_make_no_handout(tmp_path):
    d = pdfs.new_doc(8)
    for page in d:
        pdfs.text(page, (72, 60), "A slide of the quarterly review.")
    png = pymupdf.Pixmap(pymupdf.csRGB, 320, 240, photo_like(3).tobytes(), False).tobytes("png")
    for i in (2, 5):
        for top in (100, 400):
            d[i].insert_image(pymupdf.Rect(72, top, 372, top + 200), stream=png)
    doc = load_doc(pdfs.save(d, tmp_path / "deck.pdf"), ocr=False)
    try:
        assert not any(handout_counts(doc)) and slide_pages(handout_counts(doc), 7) == ()
    finally:
        doc.close()
