"""Probe ``people``: a "face" made of the text layer's letters drawn over a picture is no person.

The rule (people._letters) renders the page again without its text layer and keeps any face
the detector still finds there. Evidence: a corpus photo of three women under random words,
shapes and placements, where no face of the photo may ever be called letters, and the text-free
copy keeps every picture and vector pixel; and the brochure page whose red title letters over a
pale texture made the cascade's only "face".
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.detector import faces as fd
from widening.detector.views import TEXT_INK, text_free, views_for
from widening.facts.extract import load_doc
from widening.models import Member, ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes.people import _Seen, _letters

GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
WOMEN_PHOTO = pymupdf.Rect(-1, 256, 421, 596)  # the three-women photo on PDF p4 of GPL
EXAMPLES = int(os.environ.get("WIDENING_PEOPLE_LETTERS_EXAMPLES", "4"))
W, H = 440, 440  # a page just larger than the photo: the detectors run on every pixel of it
LETTERS = "made of the text layer's letters"


@pytest.fixture(scope="module")
def women_png(corpus: Path) -> bytes:
    src = pymupdf.open(corpus / "documents" / GPL)
    return src[3].get_pixmap(dpi=144, clip=WOMEN_PHOTO).tobytes("png")


def test_title_letters_over_a_texture_are_not_a_face(corpus):
    # Named regression: printed page 6 of the brochure (PDF p5) is a pale full-page texture
    # under tables and a red title; the cascade's only "face" is the letters "PR" of the title.
    doc = load_doc(corpus / "documents" / GPL, ocr=False)
    r = run_probe("people", doc, Scope(pages=(5,)), {"attribute": "sunglasses"})
    doc.close()
    # The texture is flat-coloured, so photo-trained detectors cannot vouch for it (a doubt of its
    # own, detector.views), nor for the tables' coloured cells and arrows (drawn in vector paths),
    # and the person detector's boxes below its floor are doubts; the letters are never a doubt.
    assert r.status is ProbeStatus.measured and r.members == (), r.note
    assert sum(d.what.startswith("flat-coloured picture") for d in r.doubts) == 1, r.doubts
    assert all(d.what.startswith(("flat-coloured picture", "vector drawing")) or "person box(es)" in d.what for d in r.doubts), r.doubts
    made = [m for m in r.best_candidates if LETTERS in (m.why or "")]
    assert made and all(pymupdf.Rect(m.bbox).intersects(pymupdf.Rect(60, 90, 110, 140)) for m in made), made


words = st.lists(
    st.tuples(
        st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ", min_size=1, max_size=12),
        st.sampled_from(["helv", "tiro", "cour", "hebo", "tibo"]),
        st.floats(6, 72),
        st.floats(0, 1), st.floats(0, 1),  # position, as a share of the page
        st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1)),
    ),
    min_size=1, max_size=12,
)
shapes = st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(5, 200), st.floats(1, 200), st.floats(0, 1)), max_size=4)


def _page(png: bytes, place: pymupdf.Rect, rotate: int, texts, rects, with_text: bool) -> pymupdf.Document:
    out = pymupdf.open()
    page = out.new_page(width=W, height=H)
    page.insert_image(place, stream=png, rotate=rotate)
    for x, y, w, h, grey in rects:  # vector art over the photo stays in the text-free copy
        page.draw_rect(pymupdf.Rect(x * W, y * H, x * W + w, y * H + h), color=(grey, grey, grey), width=1)
    if with_text:
        for text, font, size, x, y, colour in texts:
            page.insert_text((x * (W - 40), 20 + y * (H - 30)), text, fontname=font, fontsize=size, color=colour)
    return out


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(texts=words, rects=shapes, rotate=st.sampled_from([0, 90, 180, 270]),
       x=st.floats(0, 40), y=st.floats(0, 40), scale=st.floats(0.6, 0.9))
def test_no_face_of_the_photo_is_ever_called_letters(women_png, tmp_path, texts, rects, rotate, x, y, scale):
    w, h = (422 * scale, 340 * scale) if rotate in (0, 180) else (340 * scale, 422 * scale)
    place = pymupdf.Rect(x, y, x + w, y + h)
    paths = {}
    for with_text in (False, True):
        paths[with_text] = tmp_path / f"text{with_text}.pdf"
        _page(women_png, place, rotate, texts, rects, with_text).save(paths[with_text])
    plain, worded = load_doc(paths[False], ocr=False), load_doc(paths[True], ocr=False)
    try:
        # The text-free copy keeps every picture and vector pixel: it renders as the page never given the text.
        for view, bare_view in zip(views_for(worded, 1, None, True), views_for(plain, 1, None, True)):
            bare = text_free(worded, 1, view)
            assert bare is not None and bare.shape == bare_view.rgb.shape
            assert int(np.abs(bare.astype(np.int16) - bare_view.rgb.astype(np.int16)).max()) <= TEXT_INK
        truth = [v.to_pdf(*b.box) for v in views_for(plain, 1, None, True) for b in fd.faces(v.rgb)]
        # The rule itself, on every face the detector finds under the words (members too, not only
        # the ones the skin filter sets aside): none that touches a face of the photo is letters.
        for view in views_for(worded, 1, None, True):
            seen = _Seen(view)
            seen.discarded = [(Member(page=1, bbox=view.to_pdf(*f.box), what="face"), f.box) for f in fd.faces(view.rgb)]
            for m in _letters(worded, seen):
                assert not any(pymupdf.Rect(m.bbox).intersects(pymupdf.Rect(t)) for t in truth), (m, truth)
    finally:
        plain.close()
        worded.close()


def test_a_picture_font_keeps_the_face(tmp_path):
    # A page whose fonts may draw pictures (a dingbat smiley is a glyph): no text-free verdict at all.
    out = pymupdf.open()
    page = out.new_page()
    page.insert_text((72, 72), "abc", fontname="zadb", fontsize=40)
    out.save(tmp_path / "dingbats.pdf")
    doc = load_doc(tmp_path / "dingbats.pdf", ocr=False)
    view = views_for(doc, 1, None, False)[0]
    assert text_free(doc, 1, view) is None
    doc.close()
