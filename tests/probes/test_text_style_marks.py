"""text_style: underlines drawn as separate dots or dashes, and highlights under one word of a long line.

Regressions (hunt F5, F6): a dotted underline of 94 filled circles 1.2 pt across was 94 marks each
narrower than the 2 pt a mark had to be: "the underlined words" widened. A 1x1 yellow picture stretched
under "key" in a 120-character line was no highlight (only annotations and fills were listed), and the
render's ground test took only colours covering 8% of the whole span's box: "the words highlighted in
yellow" widened. Either is never a zero now: a member or a doubt.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widening.probes.text_style as text_style
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus, Row
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

LINE = "In the final review of the year the committee agreed that the key finding of the whole study was the steady rise in costs."
WORDS = LINE.split(" ")
X0, BASE = 40.0, 400.0
ABOVE = ("The quarterly report reviews the progress of the team. Our analysis shows steady growth in several regions. "
         "The committee discussed budget plans and agreed on next steps for the coming months.")


def _page(d: pymupdf.Document, size: float) -> pymupdf.Page:
    p = d[0]
    p.insert_textbox(pymupdf.Rect(72, 72, 520, 300), ABOVE, fontsize=11, fontname="helv")
    return p


def _word_box(i: int, size: float) -> tuple[float, float]:
    """x0, x1 of word ``i`` of LINE set in Helvetica ``size`` at X0."""
    pre = " ".join(WORDS[:i]) + (" " if i else "")
    x0 = X0 + pymupdf.get_text_length(pre, "helv", size)
    return x0, x0 + pymupdf.get_text_length(WORDS[i], "helv", size)


def _size_for(size: float) -> float:
    """The largest size <= ``size`` at which LINE fits the page."""
    while X0 + pymupdf.get_text_length(LINE, "helv", size) > 600:
        size -= 0.5
    return size


def _probe(path: Path, **params):
    doc = load_doc(path)
    try:
        res = run_probe("text_style", doc, Scope((1,)), params)
        assert res.status is ProbeStatus.measured, res.note
        return res
    finally:
        doc.close()


# --------------------------------------------------------------------------- F5 dotted and dashed underlines
def _dotted(path: Path, word: int, size: float, kind: str, piece: float, gap: float, drop: float, whole_line: bool) -> Path:
    d = pdfs.new_doc()
    p = _page(d, size)
    p.insert_text((X0, BASE), LINE, fontsize=size, fontname="helv")
    x0, x1 = (X0, X0 + pymupdf.get_text_length(LINE, "helv", size)) if whole_line else _word_box(word, size)
    y = BASE + drop * size  # the pieces' centre line, below the baseline
    starts, x = [], x0
    while x + piece <= x1:
        starts.append(x)
        x += piece + gap
    if not starts or starts[-1] + piece < x1 - 1e-6:
        starts.append(max(x0, x1 - piece))  # the last piece ends under the word's end
    dot = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 1, 1), False)
    dot.set_pixel(0, 0, (0, 0, 0))
    for s in starts:
        if kind == "circle":
            p.draw_circle((s + piece / 2, y), piece / 2, color=None, fill=(0, 0, 0))
        elif kind == "square":
            p.draw_rect(pymupdf.Rect(s, y - piece / 2, s + piece, y + piece / 2), color=None, fill=(0, 0, 0))
        elif kind == "dash":
            p.draw_line((s, y), (s + piece, y), color=(0, 0, 0), width=0.6)
        else:  # a picture of one black pixel per dot
            p.insert_image(pymupdf.Rect(s, y - piece / 2, s + piece, y + piece / 2), pixmap=dot, keep_proportion=False)
    return pdfs.save(d, path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.sampled_from([i for i, w in enumerate(WORDS) if len(w) >= 2]), size=st.floats(8, 14),
       kind=st.sampled_from(["circle", "square", "dash", "picture"]), piece=st.floats(0.6, 2.5),
       gap=st.floats(0.02, 1.0), drop=st.floats(0.12, 0.3), whole_line=st.booleans())
def test_an_underline_of_dots_or_dashes_under_any_word_is_never_a_zero(tmp_path_factory, word, size, kind, piece, gap, drop, whole_line):
    """Dots or dashes of any size from 0.6 pt, any gap up to an em, under one word of a line (or all
    of it): the span is a member or a doubt for "underlined words"."""
    size = _size_for(size)
    path = _dotted(tmp_path_factory.mktemp("ul") / "ul.pdf", word, size, kind, piece, gap * size, drop, whole_line)
    r = _probe(path, styles=["underline"])
    assert r.members or r.doubts, (r.note, [m.what for m in r.best_candidates])
    assert not any("quarterly" in m.what for m in r.members + r.doubts)  # the paragraph above is no underline


def test_hunt_dotted_underline_of_tiny_circles_is_underlined(tmp_path):
    """The hunt's page: 1.2 pt circles 2.5 pt apart under a whole line."""
    d = pdfs.new_doc()
    p = _page(d, 12)
    p.insert_text((72, 400), "Please read the safety instructions carefully.", fontsize=12, fontname="helv")
    x1 = 72 + pymupdf.get_text_length("Please read the safety instructions carefully.", "helv", 12)
    x = 72.0
    while x < x1:
        p.draw_circle((x, 404.2), 0.6, color=None, fill=(0, 0, 0))
        x += 2.5
    r = _probe(pdfs.save(d, tmp_path / "dots.pdf"), styles=["underline"])
    assert any("safety" in m.what for m in r.members), (r.note, [m.why for m in r.doubts])


def test_dots_far_below_the_text_and_a_table_hairline_underline_nothing(tmp_path):
    """Control: a dotted separator 40 pt below the last line and a table's 0.5 pt rules far below any
    text leave "underlined words" a zero with no doubt."""
    d = pdfs.new_doc()
    p = _page(d, 12)
    p.insert_text((X0, BASE), LINE, fontsize=9, fontname="helv")
    x = X0
    while x < 560:
        p.draw_circle((x, BASE + 40), 0.6, color=None, fill=(0, 0, 0))
        x += 2.5
    for y in (600, 620, 640):
        pdfs.rule(p, y)
    r = _probe(pdfs.save(d, tmp_path / "far.pdf"), styles=["underline"])
    assert r.measured_zero and not r.doubts, [(m.what, m.why) for m in r.doubts]


# --------------------------------------------------------------------------- F6 a highlight under one word
YELLOWS = [(255, 235, 0), (255, 255, 0), (255, 217, 0), (250, 240, 90), (255, 242, 153)]


def _highlighted(path: Path, word: int, size: float, kind: str, px: tuple[int, int], rgb: tuple[int, int, int]) -> Path:
    d = pdfs.new_doc()
    p = _page(d, size)
    x0, x1 = _word_box(word, size)
    box = pymupdf.Rect(x0 - 0.5, BASE - 0.95 * size, x1 + 0.5, BASE + 0.25 * size)
    if kind == "picture":
        pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, *px), False)
        pix.set_rect(pix.irect, rgb)
        p.insert_image(box, pixmap=pix, keep_proportion=False)
    else:
        p.draw_rect(box, color=None, fill=tuple(c / 255 for c in rgb))
    p.insert_text((X0, BASE), LINE, fontsize=size, fontname="helv")
    return pdfs.save(d, path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.integers(0, len(WORDS) - 1), size=st.floats(6, 12), kind=st.sampled_from(["picture", "fill"]),
       px=st.tuples(st.integers(1, 40), st.integers(1, 20)), rgb=st.sampled_from(YELLOWS), ground_only=st.booleans())
def test_a_yellow_highlight_under_any_single_word_is_never_a_zero(tmp_path_factory, monkeypatch, word, size, kind, px, rgb, ground_only):
    """A yellow picture of any pixel count, or a yellow fill, under one word of a long line: "the words
    highlighted in yellow" is a doubt. ``ground_only``: with no picture or fill listed as a highlight,
    the render's ground test alone still finds it (it looks at each word, and takes any share)."""
    size = _size_for(size)
    path = _highlighted(tmp_path_factory.mktemp("hl") / "hl.pdf", word, size, kind, px, rgb)
    with monkeypatch.context() as m:
        if ground_only:
            m.setattr(text_style, "_highlights", lambda *a, **k: [])
        r = _probe(path, colour="yellow")
    assert not r.measured_zero and r.doubts, (r.note, [b.what for b in r.best_candidates])


@pytest.mark.parametrize("size", [6, 9, 12])
def test_black_words_with_no_highlight_stay_a_yellow_zero(tmp_path, size):
    """Control: the same long line with no highlight (a yellow picture elsewhere on the page)."""
    d = pdfs.new_doc()
    p = _page(d, size)
    p.insert_text((X0, BASE), LINE, fontsize=_size_for(size), fontname="helv")
    pdfs.image(p, (300, 600, 400, 660), colour=(255, 235, 0))
    r = _probe(pdfs.save(d, tmp_path / "plain.pdf"), colour="yellow")
    assert r.measured_zero and not r.doubts, [(m.what, m.why) for m in r.doubts]


# --------------------------------------------------------------------------- end to end, from the question
UNDERLINED = "What are the underlined words on page 2?"
HIGHLIGHTED = "Which words are highlighted in yellow on page 2?"


def _three_pages(path: Path, page2) -> Path:
    d = pdfs.new_doc(3)
    for i, p in enumerate(d):
        p.insert_textbox(pymupdf.Rect(72, 72, 520, 300), f"Page {i + 1}. " + ABOVE, fontsize=12, fontname="helv")
        if i == 1:
            page2(p)
    return pdfs.save(d, path)


def _decide(path: Path, question: str):
    doc = load_doc(path)
    try:
        return decide_row(Row(doc_id=path.name, question=question, answer="Not answerable"), doc)
    finally:
        doc.close()


def _plain(p: pymupdf.Page) -> None:
    p.insert_text((40, 400), LINE, fontsize=9, fontname="helv")


def _dots(p: pymupdf.Page) -> None:
    s = "Please read the safety instructions carefully."
    p.insert_text((72, 400), s, fontsize=12, fontname="helv")
    x, x1 = 72.0, 72 + pymupdf.get_text_length(s, "helv", 12)
    while x < x1:
        p.draw_circle((x, 404.2), 0.6, color=None, fill=(0, 0, 0))
        x += 2.5


def _tiny_picture_under_key(p: pymupdf.Page) -> None:
    pre = "In the final review of the year the committee agreed that the "
    x0 = 40 + pymupdf.get_text_length(pre, "helv", 9)
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 1, 1), False)
    pix.set_pixel(0, 0, (255, 235, 0))
    p.insert_image(pymupdf.Rect(x0 - 0.5, 391.5, x0 + pymupdf.get_text_length("key", "helv", 9) + 0.5, 402), pixmap=pix, keep_proportion=False)
    _plain(p)


@pytest.mark.parametrize("question,page2", [(UNDERLINED, _dots), (HIGHLIGHTED, _tiny_picture_under_key)])
def test_the_hunt_pages_are_not_widened(tmp_path, question, page2):
    d = _decide(_three_pages(tmp_path / "hunt.pdf", page2), question)
    assert d.decision != "widen", d.reason


@pytest.mark.parametrize("question", [UNDERLINED, HIGHLIGHTED])
def test_plain_text_with_no_marks_still_widens(tmp_path, question):
    d = _decide(_three_pages(tmp_path / "plain.pdf", _plain), question)
    assert d.decision == "widen", (d.reason, d.doubts)
