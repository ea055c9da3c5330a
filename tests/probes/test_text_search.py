"""text_search: case/space/hyphenation/ligature insensitive, de-duplicated, honest on image-only pages."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from functools import partial

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

# OCR of image-only fixture pages is slow and not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


def _doc(tmp_path: Path, build, name: str = "t.pdf"):
    d = pdfs.new_doc()
    build(d[0])
    return load_doc(pdfs.save(d, tmp_path / name))


def test_case_space_hyphenation_and_ligature_insensitive(tmp_path):
    def build(p):
        pdfs.text(p, (72, 100), "The Office of")
        pdfs.text(p, (72, 114), "Manage-")
        pdfs.text(p, (72, 128), "ment and Budget")
        pdfs.text(p, (72, 160), "efficient filing")

    doc = _doc(tmp_path, build)
    hit = run_probe("text_search", doc, Scope((1,)), {"text": "office of MANAGEMENT and budget"})
    assert len(hit.members) == 1 and hit.members[0].page == 1
    assert len(run_probe("text_search", doc, Scope((1,)), {"text": "e\ufb03cient \ufb01ling"}).members) == 1
    zero = run_probe("text_search", doc, Scope((1,)), {"text": "Beijing"})
    assert zero.measured_zero


def test_text_drawn_twice_counts_once(tmp_path):
    def build(p):
        pdfs.text(p, (72, 100), "Fake bold title")
        pdfs.text(p, (72.3, 100), "Fake bold title")

    doc = _doc(tmp_path, build)
    assert len(run_probe("text_search", doc, Scope((1,)), {"text": "fake bold title"}).members) == 1


def test_region_restricts_search(tmp_path):
    def build(p):
        pdfs.text(p, (72, 100), "alpha")
        pdfs.text(p, (72, 700), "alpha")

    doc = _doc(tmp_path, build)
    assert len(run_probe("text_search", doc, Scope((1,), region="top"), {"text": "alpha"}).members) == 1


def test_image_only_page_without_ocr_cannot_measure(tmp_path):
    doc = _doc(tmp_path, lambda p: pdfs.image(p, (0, 0, 612, 792)))
    res = run_probe("text_search", doc, Scope((1,)), {"text": "anything"})
    assert res.status is ProbeStatus.could_not_measure and "p1" in res.note


@settings(max_examples=10, deadline=None)
@given(k=st.integers(0, 6))
def test_k_occurrences_give_k_members(tmp_path_factory, k):
    tmp = tmp_path_factory.mktemp("ts")

    def build(p):
        for i in range(k):
            pdfs.text(p, (72, 80 + 20 * i), f"line {i} has the needle word")
        pdfs.text(p, (72, 600), "nothing here")

    doc = _doc(tmp, build)
    assert len(run_probe("text_search", doc, Scope((1,)), {"text": "needle"}).members) == k


def test_corpus_absent_word(corpus_doc):
    doc = corpus_doc("e639029d16094ea71d964e2fb953952b.pdf")
    assert run_probe("text_search", doc, Scope((13,)), {"text": "Food Distribution 2000"}).members
    assert run_probe("text_search", doc, Scope((13,)), {"text": "zebra crossing"}).measured_zero


def test_words_inside_a_picture_are_found(tmp_path):
    # A text-layer page whose picture shows the word: the layer alone would call it absent.
    from fixtures.pictures import PictureNameSpec, build

    build(PictureNameSpec(px=(320, 60), dpi=96, font="helv", size=14, name="Tromsorangel", at=(0.4, 0.5)), tmp_path / "p.pdf")
    doc = load_doc(tmp_path / "p.pdf")
    res = run_probe("text_search", doc, Scope(pages=(1,)), {"text": "Tromsorangel"})
    assert len(res.members) == 1 and "OCR of a picture" in res.members[0].what, res
    assert run_probe("text_search", doc, Scope(pages=(1,)), {"text": "Quixote"}).measured_zero


def test_words_in_the_soft_mask_of_a_2_pixel_image_are_found(tmp_path):
    # A 2x2 colour image under a 240x60 soft mask draws the mask's letters (how the corpus's
    # survey charts draw their lettering): its own size does not make it wordless.
    from fixtures.pictures import build_masked_logo

    build_masked_logo(tmp_path / "m.pdf", "Halvorsen", pymupdf.Rect(440, 20, 560, 50))
    doc = load_doc(tmp_path / "m.pdf")
    res = run_probe("text_search", doc, Scope(pages=(1,)), {"text": "Halvorsen"})
    assert res.members, res.note


@pytest.mark.parametrize("size", [5.0, 6.0, 7.0])
def test_doubled_letters_in_small_type_are_not_taken_for_fake_bold(tmp_path, size):
    """Regression: the fake-bold de-duplicator dropped the second 'l' of 'Tallinn' and of 'Wellcome'
    at 6 pt (the pair's origins 1.3 pt apart, under its 1.5 pt tolerance): both read as absent."""
    d = pdfs.new_doc(1)
    pdfs.text(d[0], (72, 100), "Source: Wellcome Trust, Tallinn office", size=size)
    doc = load_doc(pdfs.save(d, tmp_path / "small.pdf"))
    for word in ("Wellcome Trust", "Tallinn"):
        res = run_probe("text_search", doc, Scope((1,)), {"text": word})
        assert len(res.members) == 1, (word, res.note)


def test_fake_bold_is_still_read_once(tmp_path):
    d = pdfs.new_doc(1)
    for dx in (0.0, 0.4):  # the same word drawn twice, shifted a fraction of a glyph
        pdfs.text(d[0], (72 + dx, 100), "Tallinn", size=6)
    doc = load_doc(pdfs.save(d, tmp_path / "bold.pdf"))
    assert len(run_probe("text_search", doc, Scope((1,)), {"text": "Tallinn"}).members) == 1


def test_curly_quotes_and_accents_are_searched_as_typed(tmp_path):
    """Regression: 'McDonald’s' (curly apostrophe), 'México', 'São Paulo' were not found when asked
    for as typed ('McDonald's', 'Mexico', 'Sao Paulo'): text_search did not fold them as names do."""
    d = pdfs.new_doc(1)
    # A Story's own fonts carry the curly apostrophe and accents (the base-14 ones do not).
    d[0].insert_htmlbox(pymupdf.Rect(72, 90, 540, 140), "The McDonald’s franchise opened in México City and São Paulo.")
    doc = load_doc(pdfs.save(d, tmp_path / "fold.pdf"))
    for word in ("McDonald's", "Mexico City", "Sao Paulo", "México"):
        assert len(run_probe("text_search", doc, Scope((1,)), {"text": word}).members) == 1, word


@settings(max_examples=15, deadline=None)
@given(shift=st.floats(-80, -2), size=st.sampled_from([11, 16, 20]))
def test_a_word_across_the_region_edge_is_a_member_or_a_doubt(tmp_path_factory, shift, size):
    """Regression (review of the probes): a word straddling the edge of the region was cut glyph by
    glyph, so "Beijing" half inside the top-left region read as absent there."""
    edge = 0.6 * 612  # the top-left region's right edge (widening/facts/document.region_rect)

    def build(p):
        pdfs.text(p, (edge + shift, 100), "Beijing Office", size=size)

    doc = _doc(tmp_path_factory.mktemp("r"), build)
    r = run_probe("text_search", doc, Scope((1,), region="top_left"), {"text": "Beijing"})
    box = pymupdf.Rect(r.members[0].bbox if r.members else r.doubts[0].bbox)
    assert box.intersects(doc.region_rect(1, "top_left"))
    assert run_probe("text_search", doc, Scope((1,), region="bottom"), {"text": "Beijing"}).measured_zero


def test_the_text_layer_of_an_image_only_page_is_searched(tmp_path):
    """Regression (review of the probes): an image-only page whose footer is in its text layer; OCR
    was the only thing searched, and missed the small type."""
    src = pymupdf.open()
    src.new_page().insert_text((72, 300), "Annual results", fontsize=20)
    d = pdfs.new_doc()
    d[0].insert_image(d[0].rect, pixmap=src[0].get_pixmap(dpi=72))
    pdfs.text(d[0], (72, 780), "Printed in Qingdao", size=5)
    doc = load_doc(pdfs.save(d, tmp_path / "i.pdf"))
    if doc.facts.page(1).kind.value != "image_only":
        pytest.skip(f"fixture page classed {doc.facts.page(1).kind.value}")
    doc = _load_doc(tmp_path / "i.pdf", ocr=True)
    assert "text 'Qingdao' (text layer)" in [m.what for m in run_probe("text_search", doc, Scope((1,)), {"text": "Qingdao"}).members]


def test_words_drawn_as_outlines_are_found(tmp_path):
    """Regression (new questions, 2026-12-03): a name converted to paths (no text layer, no raster)
    was a measured zero: text_search read raster pictures only, not vector lettering."""
    from fixtures.drawn import outlined_text

    d = pdfs.new_doc(1)
    pdfs.text(d[0], (72, 60), "Partners of the programme are listed below.")
    drawn = outlined_text(d[0], (72, 90), "Kestrel Dynamics", 22, fontname="hebo")
    doc = load_doc(pdfs.save(d, tmp_path / "o.pdf"))
    res = run_probe("text_search", doc, Scope((1,)), {"text": "Kestrel Dynamics"})
    assert len(res.members) == 1 and "OCR of a picture" in res.members[0].what, res.note
    assert pymupdf.Rect(res.members[0].bbox).intersects(drawn)
    assert run_probe("text_search", doc, Scope((1,)), {"text": "Quixote"}).measured_zero
