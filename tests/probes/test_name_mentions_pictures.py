"""Words inside pictures before an absent-name claim (name_mentions, ``pictures: true``): real PDFs, real OCR.

The detector's enlargement of a picture is bounded (widening/facts/ocr.py PICTURE_MAX_UPSCALE):
these tests hold the bounded reading to finding every name the unbounded one found, in body
pictures and in logos and icons (header and footer bands, a few pt across). A long run:
HYPOTHESIS_PROFILE=long WIDENING_LOGO_NAME_EXAMPLES=200.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fixtures.pictures import (LogoSpec, PictureNameSpec, build, build_masked_logo, build_stamped_scan, logo_names,
                               picture_names, picture_png)
from widening.facts import ocr
from widening.facts.extract import load_doc
from widening.models import PageKind, ProbeStatus
from widening.probes import Scope, images, picture_words, run_probe
from widening.probes.name_mentions import find, tokens
from widening.probes.picture_words import picture_groups


def _probe(path: Path, name: str):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": [name], "pictures": True})
    finally:
        doc.close()


def test_det_side_bounds_the_enlargement() -> None:
    assert ocr.det_side(73, 285, 3.0) == 219  # a strip: 3x, not 10x
    assert ocr.det_side(285, 73, 3.0) == 219
    assert ocr.det_side(300, 400, 3.0) == ocr.DET_SHORT_SIDE  # 3x would pass 736: read as before
    assert ocr.det_side(900, 1200, 3.0) == ocr.DET_SHORT_SIDE
    assert ocr.det_side(5, 100, 3.0) == 32  # the network's smallest input


def test_a_name_in_a_small_strip_picture_is_found(tmp_path: Path) -> None:
    spec = PictureNameSpec(px=(300, 40), dpi=96, font="helv", size=11, name="Kazimierz", at=(0.3, 0.5), title_bar=True)
    build(spec, tmp_path / "a.pdf")
    res = _probe(tmp_path / "a.pdf", "Kazimierz")
    assert [m.page for m in res.members] == [1] and "OCR of a picture" in res.members[0].what, res.note
    assert "OCR of 1 picture(s) on p1" in res.note
    absent = _probe(tmp_path / "a.pdf", "Quixote")
    assert absent.measured_zero, absent.note  # the picture was read, and holds no such name


def test_a_word_across_two_tiles_of_one_picture_is_read_whole(tmp_path: Path) -> None:
    """A picture cut into two touching tiles (as some PDF writers store images) is read as one area."""
    spec = PictureNameSpec(px=(320, 60), dpi=96, font="helv", size=14, name="Tromsorangel", at=(0.5, 0.5))
    png = picture_png(spec)
    pix = pymupdf.Pixmap(png)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((50, 60), "Body text in the text layer.", fontsize=11)
    half = pix.width // 2
    word = pymupdf.get_text_length(spec.name, fontsize=spec.size)
    x0 = 2 + 0.5 * (pix.width - word - 4)
    assert x0 < half < x0 + word  # the cut runs through the word
    rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)
    for a, b in ((0, half), (half, pix.width)):
        arr = np.ascontiguousarray(rgb[:, a:b, :3])
        tile = pymupdf.Pixmap(pymupdf.csRGB, b - a, pix.height, arr.tobytes(), False)
        page.insert_image(pymupdf.Rect(50 + a * 0.75, 100, 50 + b * 0.75, 100 + pix.height * 0.75), pixmap=tile)
    doc.save(tmp_path / "t.pdf")
    doc.close()
    res = _probe(tmp_path / "t.pdf", spec.name)
    assert res.members, res.note  # exact: the word was not cut in two


def test_a_name_only_in_a_header_band_logo_is_found(tmp_path: Path) -> None:
    """Regression (issue 11): a name printed only inside a small logo in the header band (a
    decoration to images.classify) was never read, so "X occurs nowhere" was claimed."""
    spec = PictureNameSpec(px=(160, 40), dpi=96, font="helv", size=14, name="Halvorsen", at=(0.3, 0.5))
    rect = build(spec, tmp_path / "logo.pdf", origin=(440, 24))
    with pymupdf.open(tmp_path / "logo.pdf") as pdf:
        assert images.classify(tuple(rect), pdf[0].rect) == "decoration"  # a logo, 120 x 30 pt in the band
        assert "Halvorsen" not in pdf[0].get_text()  # nowhere in the text layer
    res = _probe(tmp_path / "logo.pdf", "Halvorsen")
    assert [m.page for m in res.members] == [1] and "OCR of a picture" in res.members[0].what, res.note
    assert "1 distinct, 1 of them logos or icons" in res.note
    absent = _probe(tmp_path / "logo.pdf", "Quixote")
    assert absent.measured_zero, absent.note  # the logo was read, and holds no such name


def test_a_picture_under_3_pixels_across_is_not_read(tmp_path: Path) -> None:
    # Certain by construction: 2 pixels cannot hold a legible glyph, so such a strip is no blind spot
    # (7 can: a 5x7 pixel font; tests/probes/test_picture_words_hunt15.py).
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((50, 400), "Body text.", fontsize=11)
    strip = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 200, 2), False)
    strip.clear_with(90)
    page.insert_image(pymupdf.Rect(50, 20, 250, 22), pixmap=strip)
    doc.save(tmp_path / "s.pdf")
    doc.close()
    d = load_doc(tmp_path / "s.pdf", ocr=False)
    try:
        assert picture_words.picture_pages(d, (1,)) == {}
    finally:
        d.close()


def test_a_name_in_the_soft_mask_of_a_2_pixel_image_is_found(tmp_path: Path) -> None:
    """A 2x2 colour image under a 240x60 soft mask shows the mask's letters (the corpus's survey
    charts draw their shaded lettering so): 2 pixels of colour do not make it unreadable."""
    build_masked_logo(tmp_path / "m.pdf", "Halvorsen", pymupdf.Rect(440, 20, 560, 50))
    res = _probe(tmp_path / "m.pdf", "Halvorsen")
    assert [m.page for m in res.members] == [1], res.note


def test_the_budget_counts_distinct_pictures_not_pictured_pages(tmp_path: Path, monkeypatch) -> None:
    """A logo on every page is one picture to read; beyond the budget the pictured pages are blind (no zero)."""
    logo = picture_png(PictureNameSpec(px=(160, 40), dpi=96, font="helv", size=14, name="Halvorsen", at=(0.3, 0.5)))
    other = picture_png(PictureNameSpec(px=(200, 60), dpi=96, font="helv", size=14, name="Kazimierz", at=(0.3, 0.5)))
    doc = pymupdf.open()
    for i in range(6):
        page = doc.new_page(width=612, height=792)
        page.insert_text((50, 400), f"Body text of page {i + 1}.", fontsize=11)
        page.insert_image(pymupdf.Rect(440, 24, 560, 54), stream=logo)
    doc[5].insert_image(pymupdf.Rect(50, 120, 200, 165), stream=other)
    doc.save(tmp_path / "b.pdf")
    doc.close()
    d = load_doc(tmp_path / "b.pdf", ocr=False)
    try:
        pages = tuple(range(1, 7))
        assert len(picture_words.picture_pages(d, pages)) == 6
        assert picture_words.distinct_pictures(d, pages) == 2
        assert picture_words.distinct_pictures(d, pages, decorations=True) == 1
        assert picture_words.pictures_over_budget(d, pages) is None  # 2 distinct, well under the budget
        monkeypatch.setattr(picture_words, "max_pictures", lambda: 1)
        assert picture_words.pictures_over_budget(d, pages) == 2
        res = run_probe("name_mentions", d, Scope(pages=pages), {"variants": ["Quixote"], "pictures": True})
        assert not res.measured_zero and "2 distinct pictures on 6 text-layer page(s) (more than 1) were not read" in res.note, res.note
    finally:
        d.close()


@settings(deadline=None, max_examples=int(os.environ.get("WIDENING_LOGO_NAME_EXAMPLES", "6")),
          suppress_health_check=[HealthCheck.too_slow])
@given(spec=logo_names())
def test_a_name_in_a_logo_or_icon_anywhere_is_never_a_measured_zero(spec: LogoSpec) -> None:
    """A name drawn into a picture of 8 px or more, in a header or footer band or the body, shown
    a few pt across or more: when OCR of the picture at full enlargement reads it, exactly or
    nearly, the probe finds it or doubts it; an exact reading is a member. Never a measured zero."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.pdf"
        rect = build(spec.picture, path, origin=spec.origin)
        with pymupdf.open(path) as pdf:
            unbounded = ocr.ocr_image(pdf[0], rect)
        seen = [h for line in unbounded for h in find(spec.picture.name, tokens(line.text))]
        res = _probe(path, spec.picture.name)
    if seen:
        assert res.status is ProbeStatus.measured and (res.members or res.doubts), (spec, [l.text for l in unbounded], res.note)
        if any(h.exact for h in seen):
            assert res.members, (spec, [l.text for l in unbounded], res.note)


def test_pictures_that_touch_are_one_group_and_pictures_apart_are_not() -> None:
    a, b, c = (0.0, 0.0, 10.0, 10.0), (10.0, 0.0, 20.0, 10.0), (50.0, 50.0, 60.0, 60.0)
    assert sorted(map(sorted, picture_groups([a, b, c]))) == [[a, b], [c]]
    assert picture_groups([a, (11.5, 0.0, 20.0, 10.0)]) == [[a, (11.5, 0.0, 20.0, 10.0)]]  # within the 2 pt gap


@settings(deadline=None, max_examples=12, suppress_health_check=[HealthCheck.too_slow])
@given(spec=picture_names())
def test_the_bounded_reading_finds_what_the_unbounded_one_found(spec: PictureNameSpec) -> None:
    """Names drawn at 9-16 px into pictures whose short side is 24-240 px (where the bound applies):
    a name the detector's full enlargement (short side to 736 px) finds, exactly or nearly,
    the probe's bounded reading finds too; a zero is never reported where the old reading saw the name."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.pdf"
        rect = build(spec, path)
        with pymupdf.open(path) as pdf:
            unbounded = ocr.ocr_image(pdf[0], rect)
        seen = [h for line in unbounded for h in find(spec.name, tokens(line.text))]
        res = _probe(path, spec.name)
    if seen:
        assert res.status is ProbeStatus.measured and (res.members or res.doubts), (spec, [l.text for l in unbounded], res.note)
        if any(h.exact for h in seen):
            assert res.members, (spec, [l.text for l in unbounded], res.note)


def test_a_picture_placed_again_at_the_same_size_is_read_once_with_the_same_lines(tmp_path: Path) -> None:
    """A render identical byte for byte to one read before reuses its lines, placed in its own box;
    the same picture at another size (another render) is read on its own. Same lines as reading each."""
    from widening.probes.picture_words import _read_pictures

    spec = PictureNameSpec(px=(300, 60), dpi=72, font="helv", size=14, name="Kazimierz", at=(0.2, 0.5))
    png = picture_png(spec)
    doc = pymupdf.open()
    for _ in range(2):
        page = doc.new_page(width=612, height=792)
        page.insert_text((50, 60), "Body text in the text layer.", fontsize=11)
        page.insert_image(pymupdf.Rect(51, 99, 351, 159), stream=png)
        # the same picture, same size, lower down: 300 pt further, a whole number of pixels at the
        # render's 96 dpi, so its render is the same bytes (a fractional offset would render anew)
        page.insert_image(pymupdf.Rect(51, 399, 351, 459), stream=png)
    doc[1].insert_image(pymupdf.Rect(51, 600, 501, 690), stream=png)  # and once enlarged: another render
    doc.save(tmp_path / "r.pdf")
    doc.close()
    d = load_doc(tmp_path / "r.pdf", ocr=False)
    try:
        reused = {i: _read_pictures(d, i) for i in (1, 2)}
        renders = d.memo[("picture_renders_read",)]
        assert len(renders) == 2  # two distinct renders read, for five placements
        with pymupdf.open(tmp_path / "r.pdf") as pdf:
            each = {i: [l for r in (pymupdf.Rect(51, 99, 351, 159), pymupdf.Rect(51, 399, 351, 459), pymupdf.Rect(51, 600, 501, 690))
                        for l in ocr.ocr_image(pdf[i - 1], r, max_upscale=ocr.PICTURE_MAX_UPSCALE) if r.y0 < 600 or i == 2]
                    for i in (1, 2)}
        assert {i: list(v) for i, v in reused.items()} == each
        assert any("Kazimierz" in l.text and l.bbox[1] > 400 for l in reused[1])  # placed in the lower box
    finally:
        d.close()


STAMP = "Case 4:17-cv-00012 Document 1 Filed 03/02/17 Page 3 of 16"


def test_a_name_in_a_scan_under_a_stamp_only_text_layer_is_found(tmp_path: Path) -> None:
    # Regression: a scanned complaint whose only text layer is the court's filing stamp was a
    # born-digital page; its body was never read, and a company it names was claimed absent.
    # Such a page is image-only now, so its OCR is what the name is searched in.
    build_stamped_scan(tmp_path / "s.pdf", ["The plaintiff was interviewed by agents of", "Halvorsen Mutual Insurance on that day."], STAMP)
    doc = load_doc(tmp_path / "s.pdf")
    try:
        assert doc.facts.page(1).kind is PageKind.image_only
        res = run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": ["Halvorsen Mutual"], "pictures": True})
        assert [m.page for m in res.members] == [1], res.note
        absent = run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": ["Quixote"], "pictures": True})
        assert absent.measured_zero, absent.note
    finally:
        doc.close()


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(["Brennholz", "Ouvrard", "Kazimierz", "Tallinnova", "Marbridge"]), line=st.integers(0, 5),
       stamp=st.sampled_from([STAMP, "Filed 2019-04-01 14:22 Clerk of the Court, County of Example"]))
def test_a_name_in_a_full_page_picture_under_a_text_layer_is_never_called_absent(tmp_path: Path, name: str, line: int, stamp: str) -> None:
    # A text line in the page's body keeps it born-digital: the full-page picture's words are
    # read as a picture's (before, only content pictures were).
    body = [f"Paragraph {i + 1} of the complaint states the facts as alleged." for i in range(6)]
    body[line] = f"{body[line][:30]} {name} {body[line][30:]}"
    build_stamped_scan(tmp_path / "p.pdf", body, stamp, stamp_y=500)
    doc = load_doc(tmp_path / "p.pdf", ocr=False)
    try:
        assert doc.facts.page(1).kind is PageKind.born_digital
    finally:
        doc.close()
    res = _probe(tmp_path / "p.pdf", name)
    assert res.members and "OCR of a picture" in res.members[0].what, res.note


def _coarse_scan(path: Path, words: list[str], size: float, dpi: int, as_picture: bool) -> None:
    """``words`` typed at ``size`` pt, rendered at ``dpi`` and placed as one picture: the whole page
    (an image-only scan) or, ``as_picture``, a picture under a text-layer line."""
    scratch = pymupdf.open()
    sp = scratch.new_page(width=400, height=300)
    for i, w in enumerate(words):
        sp.insert_text((30, 40 + i * size * 2.2), w, fontsize=size)
    pix = sp.get_pixmap(dpi=dpi)
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300 + (80 if as_picture else 0))
    if as_picture:
        page.insert_text((30, 30), "Annual report of the board", fontsize=11)
        page.insert_image(pymupdf.Rect(0, 60, 400, 360), pixmap=pix)
    else:
        page.insert_image(page.rect, pixmap=pix)
    doc.save(path)


_LETTERS = "abcdefghiklmnoprstuvwyz"


@settings(deadline=None, max_examples=int(os.environ.get("WIDENING_COARSE_NAME_EXAMPLES", "6")),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=st.builds(lambda first, rest: first + rest, st.sampled_from("QBKMVZ"), st.text(_LETTERS, min_size=5, max_size=9)),
       size=st.sampled_from([6.0, 7.0, 8.0, 10.0, 12.0]), dpi=st.sampled_from([40, 50, 60, 72]), as_picture=st.booleans())
def test_a_name_in_coarse_pixels_is_never_a_measured_zero(name: str, size: float, dpi: int, as_picture: bool) -> None:
    # OCR of small type in a coarse picture misreads letters past the edit budget ("Qzbrant" read
    # "Orbrart", 6 pt at 60 dpi): the name must be found, or a shaky reading near it be a doubt.
    # Type under 7 px (an x-height under 3.5 px) is read letter for letter by neither OCR nor a
    # person ("Qafaav" read "Cufwine" at 6 px): the probe's stated limit (rules/mentions.yaml).
    assume(size * dpi / 72 >= 7)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "coarse.pdf"
        _coarse_scan(path, ["Committee minutes", name], size, dpi, as_picture)
        doc = load_doc(path, ocr=True)
        try:
            res = run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": [name], "pictures": True})
            search = run_probe("text_search", doc, Scope(pages=(1,)), {"text": name})
        finally:
            doc.close()
    assert not res.measured_zero, (name, size, dpi, as_picture, res.note)
    assert not search.measured_zero, (name, size, dpi, as_picture, search.note)


@pytest.mark.parametrize("as_picture", [False, True])
def test_a_misread_name_in_coarse_pixels_is_a_doubt_and_legible_pixels_still_measure(tmp_path: Path, as_picture: bool) -> None:
    # Named regression (the property's counterexample): 12 pt at 50 dpi, OCR reads no word within
    # the edit budget of "Qaaarfa".
    path = tmp_path / "coarse.pdf"
    _coarse_scan(path, ["Committee minutes", "Qaaarfa"], 12.0, 50, as_picture)
    doc = load_doc(path, ocr=True)
    try:
        res = run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": ["Qaaarfa"], "pictures": True})
        assert not res.members and any("px tall" in d.what for d in res.doubts), (res.note, [d.what for d in res.doubts])
        search = run_probe("text_search", doc, Scope(pages=(1,)), {"text": "Qaaarfa"})
        assert not search.members and any("px tall" in d.what for d in search.doubts), (search.note, [d.what for d in search.doubts])
    finally:
        doc.close()
    # The same page typed large and read right: an absent name is a measured zero, not a doubt.
    _coarse_scan(path, ["Committee minutes", "Qaaarfa"], 14.0, 96, as_picture)
    doc = load_doc(path, ocr=True)
    try:
        res = run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": ["Vandermeer"], "pictures": True})
        assert res.measured_zero, (res.note, [d.what for d in res.doubts])
    finally:
        doc.close()


def test_a_designator_in_coarse_pixels_needs_a_short_reading_on_the_line(tmp_path: Path) -> None:
    # "Recruiter C": the word alone proves nothing about the designator; a short reading beside it
    # in coarse type ("Recruiter A" at 12 pt in a 50 dpi scan) may be the C misread: a doubt. Legible,
    # the A is read as A: "Recruiter C" is then measured absent.
    path = tmp_path / "designator.pdf"
    for size, dpi, doubted in ((12.0, 50, True), (14.0, 96, False)):
        _coarse_scan(path, ["Committee minutes", "Recruiter A"], size, dpi, False)
        doc = load_doc(path, ocr=True)
        try:
            res = run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": ["Recruiter C"]})
        finally:
            doc.close()
        assert not res.members, res.note
        assert any("px tall" in d.what for d in res.doubts) == doubted, (size, dpi, [d.what for d in res.doubts])
        assert res.measured_zero == (not doubted), (size, dpi, res.note)
