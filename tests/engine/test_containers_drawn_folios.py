"""Page numbers printed only in drawn content (review rv5 F3, F4): a slide number in the pixels of a
full-page background picture, folios exported as vector outlines or strokes. No text layer holds them,
so before "slide 14" is claimed missing the page margins where a picture or a drawing lies are read by
OCR: a number read there is a doubtful printed reading, and the row is not a missing container.
Real PDFs, real OCR."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

import pdfs
from fixtures.drawn import outlined_text
from widening.engine.containers import resolve
from widening.facts.extract import load_doc
from widening.models import Container, ContainerKind, Reading

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BULLETS = ("- Revenue grew in all regions", "- Hiring continues in the second half", "- Next review in May")


def _background(w: float, h: float, number: int | None, at: tuple[float, float], size: float) -> bytes:
    """A slide template at 2 px per point: a tinted page and a title bar (below the top folio line);
    ``number`` painted at ``at`` (pt)."""
    im = Image.new("RGB", (int(2 * w), int(2 * h)), (250, 244, 236))
    draw = ImageDraw.Draw(im)
    draw.rectangle((0, 100, int(2 * w), 150), fill=(20, 60, 120))
    if number is not None:
        draw.text((2 * at[0], 2 * at[1]), str(number), font=ImageFont.truetype(FONT, int(2 * size)), fill=(80, 80, 80), anchor="lm")
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def _strokes(page: pymupdf.Page, x: float, y: float, text: str, size: float) -> None:
    """``text`` in seven-segment digits of stroked lines, top left at (x, y), ``size`` pt tall."""
    segs = {"a": ((0, 0), (1, 0)), "b": ((1, 0), (1, 1)), "c": ((1, 1), (1, 2)), "d": ((0, 2), (1, 2)),
            "e": ((0, 1), (0, 2)), "f": ((0, 0), (0, 1)), "g": ((0, 1), (1, 1))}
    lit = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
           "7": "abc", "8": "abcdefg", "9": "abcdfg"}
    s = size / 2
    for k, ch in enumerate(text):
        x0 = x + k * s * 0.95
        for seg in lit[ch]:
            (a, b), (c, d) = segs[seg]
            page.draw_line((x0 + a * s * 0.6, y + b * s), (x0 + c * s * 0.6, y + d * s), color=(0, 0, 0), width=max(1.0, size / 12))


def _place(w: float, h: float, band: str, side: str, size: float, digits: int) -> tuple[float, float]:
    """Top-left corner of a number of ``digits`` at ``band`` (top, bottom, margin) and ``side`` of the page."""
    wide = 0.6 * size * digits
    if band == "margin":  # mid-height, in the side margin
        return (12.0 if side == "left" else w - 12.0 - wide), h / 2
    x = {"left": 30.0, "centre": (w - wide) / 2, "right": w - 30.0 - wide}[side]
    return x, (20.0 if band == "top" else h - 20.0 - size)


def _deck(path: Path, folios: list[int | None], medium: str, band: str = "bottom", side: str = "right",
          size: float = 11, landscape: bool = True) -> Path:
    """A page per folio, with a text-layer title and bullets (no number in them) and its folio printed
    at ``band``/``side`` in ``medium``: text (the text layer), picture (a full-page background's pixels),
    outline (filled glyph paths) or strokes (stroked segments)."""
    w, h = (720.0, 405.0) if landscape else (595.0, 842.0)
    doc = pymupdf.open()
    for folio in folios:
        page = doc.new_page(width=w, height=h)
        at = _place(w, h, band, side, size, len(str(folio or "")))
        page.insert_image(page.rect, stream=_background(w, h, folio if medium == "picture" else None, (at[0], at[1] + size / 2), size))
        page.insert_text((110, 0.3 * h), "Quarterly update", fontsize=22)
        for k, line in enumerate(BULLETS):
            page.insert_text((110, 0.3 * h + 40 + 24 * k), line, fontsize=14)
        if folio is None:
            continue
        if medium == "text":
            page.insert_text((at[0], at[1] + size), str(folio), fontsize=size)
        elif medium == "outline":
            outlined_text(page, at, str(folio), size)
        elif medium == "strokes":
            _strokes(page, at[0], at[1], str(folio), size)
    return pdfs.save(doc, path)


def _slide(path: Path, number: str):
    doc = load_doc(path)
    try:
        return resolve(Container(kind=ContainerKind.slide, number=number, text=f"slide {number}"), doc)
    finally:
        doc.close()


def test_a_slide_number_in_a_full_page_background_picture_is_no_missing_slide(tmp_path: Path) -> None:
    pdf = _deck(tmp_path / "d.pdf", [12, 13, 14], "picture")
    r = _slide(pdf, "14")
    assert not r.exists and r.uncertain, r.readings
    assert any(t.doubtful and t.reading is Reading.printed and t.pages == (3,) for t in r.readings), r.readings
    for q in ("How many charts are on slide 14?", "What is the title of slide 13?"):
        d = pdfs.decide(pdf, q, ocr=True)
        assert d.case != "missing_container", (q, d.reason)


def test_a_folio_drawn_as_vector_strokes_is_no_missing_page(tmp_path: Path) -> None:
    pdf = _deck(tmp_path / "d.pdf", [14, 15, 16], "strokes", band="bottom", side="centre", landscape=False)
    d = pdfs.decide(pdf, "How many images are on page 15?", ocr=True)
    assert d.case != "missing_container", d.reason
    assert any(t.doubtful and t.pages == (2,) for t in _slide(pdf, "15").readings)


def test_a_folio_drawn_as_glyph_outlines_is_no_missing_page(tmp_path: Path) -> None:
    pdf = _deck(tmp_path / "d.pdf", [14, 15, 16], "outline", band="bottom", side="centre", landscape=False)
    d = pdfs.decide(pdf, "How many images are in pages 15-16?", ocr=True)
    assert d.case != "missing_container", d.reason


def test_control_a_slide_past_the_pictured_numbers_is_missing(tmp_path: Path) -> None:
    # Slides 1-3 numbered in their pictures: slide 5 and slides 200-205 exist under no reading.
    pdf = _deck(tmp_path / "d.pdf", [1, 2, 3], "picture")
    assert pdfs.decide(pdf, "How many images are on slide 5?", ocr=True).case == "missing_container"
    assert pdfs.decide(pdf, "How many charts are in pages 200-205?", ocr=True).case == "missing_container"


def test_control_thirty_pages_with_backgrounds_have_no_page_200(tmp_path: Path) -> None:
    pdf = _deck(tmp_path / "d.pdf", list(range(1, 31)), "picture")
    d = pdfs.decide(pdf, "How many tables are shown in Pages 200-205 of the document?", ocr=True)
    assert d.case == "missing_container", d.reason


def test_control_rules_and_frames_in_the_margins_are_not_read(tmp_path: Path) -> None:
    # A header rule and a page frame cannot draw a digit: no margin is read for them.
    from widening.engine.drawn_folios import drawn_margin_clips

    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 300), "Body text of the page.", fontsize=11)
    page.draw_line((40, 70), (555, 70), width=1.5)
    page.draw_rect(pymupdf.Rect(20, 20, 575, 822), width=0.75)
    pdf = pdfs.save(doc, tmp_path / "r.pdf")
    loaded = load_doc(pdf, ocr=False)
    try:
        assert drawn_margin_clips(loaded, 1) == ()
    finally:
        loaded.close()


PLACES = [("top", s) for s in ("left", "centre", "right")] + [("bottom", s) for s in ("left", "centre", "right")] + \
         [("margin", s) for s in ("left", "right")]


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(place=st.sampled_from(PLACES), medium=st.sampled_from(["text", "picture", "outline"]),
       first=st.integers(2, 60), size=st.sampled_from([10.0, 12.0, 14.0]), landscape=st.booleans())
def test_a_printed_folio_is_never_refuted_by_a_missing_container_claim(tmp_path_factory, place: tuple[str, str], medium: str,
                                                                        first: int, size: float, landscape: bool) -> None:
    # Three pages printing first..first+2 anywhere a folio goes, in the text layer, a background picture's
    # pixels or glyph outlines: each printed number is a page some reading finds (certain or doubtful),
    # never a missing container, alone or in a range; a number none prints (and past the document) is
    # still claimed missing.
    # Seven-segment strokes are left out: OCR misreads their thin "1" and "7" (a "71" read "11").
    band, side = place
    pdf = _deck(tmp_path_factory.mktemp("d") / "d.pdf", [first, first + 1, first + 2], medium, band, side, size, landscape)
    doc = load_doc(pdf)
    try:
        def claimable(n: int) -> bool:
            r = resolve(Container(kind=ContainerKind.page, number=str(n), text=f"page {n}"), doc)
            return not (r.exists or r.uncertain)

        def range_claimable(a: int, b: int) -> bool:
            r = resolve(Container(kind=ContainerKind.page_range, first=str(a), last=str(b), text=f"pages {a}-{b}"), doc)
            return not (r.exists or r.uncertain)

        for n in (first, first + 1, first + 2):
            assert not claimable(n), (n, band, side, medium)
        assert not range_claimable(first + 1, first + 2), (band, side, medium)
        assert claimable(first + 300) and range_claimable(first + 300, first + 305), (band, side, medium)
    finally:
        doc.close()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(folio=st.integers(10, 99), gap=st.floats(0.0, 8.0), words=st.sampled_from(["Help Guide", "Page", "Section 3 Overview"]),
       medium=st.sampled_from(["outline", "picture"]))
def test_a_drawn_folio_beside_text_layer_words_is_read_without_them(tmp_path_factory, folio: int, gap: float, words: str,
                                                                     medium: str) -> None:
    # The margins are rendered without the text layer (its numbers were judged already): the drawn or
    # pictured number beside a footer's words, however close, is still what OCR reads there, and
    # nothing of the words is.
    from widening.engine.drawn_folios import margin_lines

    w, h = 595.0, 842.0
    doc = pymupdf.open()
    page = doc.new_page(width=w, height=h)
    page.insert_text((72, 300), "Body text of the page.", fontsize=11)
    page.insert_text((200, h - 24), words, fontsize=11)
    x = 200 + pymupdf.get_text_length(words, fontsize=11) + gap
    if medium == "outline":
        outlined_text(page, (x, h - 35), str(folio), 11)
    else:
        page.insert_image(pymupdf.Rect(x, h - 36, x + 30, h - 20), stream=_digits_png(folio))
    pdf = pdfs.save(doc, tmp_path_factory.mktemp("f") / "f.pdf")
    loaded = load_doc(pdf)
    try:
        read = " ".join(line.text for line in margin_lines(loaded, 1))
        assert str(folio) in read, (read, medium)
        assert not any(word in read for word in words.split() if len(word) > 3), read
        r = resolve(Container(kind=ContainerKind.page, number=str(folio), text=f"page {folio}"), loaded)
        assert r.exists or r.uncertain, r.readings
    finally:
        loaded.close()


def _digits_png(number: int) -> bytes:
    im = Image.new("RGB", (60, 32), (255, 255, 255))
    ImageDraw.Draw(im).text((2, 16), str(number), font=ImageFont.truetype(FONT, 24), fill=(0, 0, 0), anchor="lm")
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def test_a_text_layer_with_a_code_for_no_letter_is_rendered_as_it_is(tmp_path: Path) -> None:
    # A digit whose font cannot say it comes out as a private-use or replacement code: the layer is not
    # taken away, so OCR still reads that digit from its pixels.
    from widening.engine.drawn_folios import textless_page

    doc = pymupdf.open()
    for footer in ("Help Guide 12", "Help Guide \uf8ff\uf8ff"):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 300), "Body text of the page.", fontsize=11)
        writer = pymupdf.TextWriter(page.rect)
        writer.append((200, 818), footer, font=pymupdf.Font("cour"), fontsize=11)  # keeps the private-use code
        writer.write_text(page)
        page.draw_line((40, 800), (555, 800), width=0.5)
    pdf = pdfs.save(doc, tmp_path / "t.pdf")
    loaded = load_doc(pdf, ocr=False)
    try:
        plain, odd = textless_page(loaded, 1), textless_page(loaded, 2)
        assert plain.get_text().strip() == "" and len(plain.get_drawings()) == len(loaded.page(1).get_drawings())
        assert "\uf8ff" in loaded.facts.page(2).text
        assert odd.parent is loaded.pdf and "Help Guide" in odd.get_text()
    finally:
        loaded.close()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(medium=st.sampled_from(["picture", "outline"]), asked=st.integers(2, 4), word=st.sampled_from(["Kangaroo", "Wombat"]),
       form=st.sampled_from(["slide", "page"]))
def test_a_zero_on_the_pdf_page_is_no_zero_when_the_number_is_drawn_on_another(tmp_path_factory, medium: str, asked: int,
                                                                              word: str, form: str) -> None:
    # A title slide without a number, then slides printing 1, 2, ... only in their pictures' pixels or as
    # outlines: "slide N" is PDF page N by index, and the slide printing N is the next one. The word on
    # the printed slide N is never a zero under every reading (it was widened); nowhere, it is one.
    pdf = _deck(tmp_path_factory.mktemp("d") / "d.pdf", [None, 1, 2, 3, 4, 5], medium)
    doc = pymupdf.open(pdf)
    doc[asked].insert_text((110, 330), f"{word} counts rose sharply.", fontsize=14)  # PDF page asked+1 prints `asked`
    planted = pdfs.save(doc, tmp_path_factory.mktemp("p") / "p.pdf")
    question = f'How many times does the word "{word}" appear on {form} {asked}?'
    d = pdfs.decide(planted, question, ocr=True)
    assert d.decision != "widen", (question, medium, d.reason)
    assert any(m.page == asked + 1 for m in d.members + d.doubts), (question, d.reason)
    control = pdfs.decide(pdf, question, ocr=True)
    assert control.decision == "widen", (question, medium, control.reason)
