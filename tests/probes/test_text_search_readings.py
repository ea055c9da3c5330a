"""text_search reads a word however its glyphs are stored: drawn in any order (the visual reading),
with characters that print nothing inside it (format characters), with letters of another script
that look like Latin ones (look-alikes). Each is a member or a doubt, never a zero; controls: a page
without the word still gives a measured zero, and another word, or a word all in Cyrillic, is not found."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

DEJAVU = pdfs.DEJAVU_SANS
needs_dejavu = pdfs.needs_dejavu

WORD = "Xylophone"
BEFORE = "The school bought a new "
AFTER = " for the band."
# Format characters DejaVuSans carries into the text layer as themselves (others become NUL: a
# character the layer cannot say, another matter).
FORMAT = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\u2061", "\u2062", "\u2063", "\u2064",
          "\ufeff", "\u00ad", "\u034f", "\u202a", "\u202c"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _build(tmp: Path, draw) -> object:
    d = pdfs.new_doc(2)
    pdfs.text(d[0], (72, 100), "Contents")
    draw(d[1])
    return load_doc(pdfs.save(d, tmp / "t.pdf"))


def _search(doc, text: str = WORD):
    return run_probe("text_search", doc, Scope((2,)), {"text": text})


def _fragments(word: str, cuts: set[int]) -> list[tuple[int, str]]:
    edges = [0, *sorted(cuts), len(word)]
    return [(a, word[a:b]) for a, b in zip(edges, edges[1:])]


@SETTINGS
@given(cuts=st.sets(st.integers(1, len(WORD) - 1), max_size=len(WORD) - 1), data=st.data())
@example(cuts=set(range(1, len(WORD))), data=None)  # every glyph apart, drawn right to left
def test_a_word_drawn_in_any_fragment_order_is_never_a_zero(tmp_path_factory, cuts, data):
    parts = _fragments(WORD, cuts)
    order = list(reversed(range(len(parts)))) if data is None else data.draw(st.permutations(range(len(parts))))
    x0 = 72 + pymupdf.get_text_length(BEFORE, "helv", 12)

    def draw(p):
        pdfs.text(p, (72, 400), BEFORE, size=12)
        for k in order:
            at, piece = parts[k]
            pdfs.text(p, (x0 + pymupdf.get_text_length(WORD[:at], "helv", 14), 400), piece, size=14, colour=(0.8, 0, 0) if k == 0 else pdfs.BLACK)
        pdfs.text(p, (x0 + pymupdf.get_text_length(WORD, "helv", 14), 400), AFTER, size=14)

    res = _search(_build(tmp_path_factory.mktemp("order"), draw))
    assert res.members or res.doubts, "the word is printed: never a zero"
    assert all(m.page == 2 and m.bbox[0] >= x0 - 1 for m in res.members + res.doubts)


def test_out_of_order_hit_is_a_doubt_with_its_box(tmp_path):
    x0 = 72 + pymupdf.get_text_length(BEFORE, "helv", 12)
    w = pymupdf.get_text_length("X", "helv", 14)

    def draw(p):
        pdfs.text(p, (72, 400), BEFORE, size=12)
        pdfs.text(p, (x0 + w, 400), "ylophone for the band.", size=14)
        pdfs.text(p, (x0, 400), "X", size=14, colour=(0.8, 0, 0))

    res = _search(_build(tmp_path, draw))
    assert not res.members and len(res.doubts) == 1
    doubt = res.doubts[0]
    assert "order" in doubt.why and abs(doubt.bbox[0] - x0) < 1 and doubt.bbox[2] < x0 + pymupdf.get_text_length(WORD, "helv", 14) + 1


@needs_dejavu
@SETTINGS
@given(mark=st.sampled_from(FORMAT), at=st.integers(1, len(WORD) - 1))
def test_a_format_character_inside_the_word_is_never_a_zero(tmp_path_factory, mark, at):
    def draw(p):
        p.insert_font(fontname="dj", fontfile=str(DEJAVU))
        p.insert_text((72, 400), f"The band bought a {WORD[:at]}{mark}{WORD[at:]} for the concert.", fontname="dj", fontsize=12)

    res = _search(_build(tmp_path_factory.mktemp("cf"), draw))
    assert res.members, "a character that prints nothing is no part of the word: the word is printed"


@needs_dejavu
@SETTINGS
@given(data=st.data())
def test_any_look_alike_letters_swapped_are_never_a_zero(tmp_path_factory, data):
    table = pdfs.look_alikes()
    printed = "".join(data.draw(st.sampled_from([c, *table.get(c, [])])) for c in WORD)
    assume(any(c.isascii() for c in printed))  # a word all in another script is that script's word

    def draw(p):
        p.insert_font(fontname="dj", fontfile=str(DEJAVU))
        p.insert_text((72, 400), f"The band bought a {printed} for the concert.", fontname="dj", fontsize=12)

    res = _search(_build(tmp_path_factory.mktemp("lookalike"), draw))
    assert res.members or res.doubts, f"{printed!r} shows {WORD!r}: never a zero"
    if printed != WORD:
        assert not res.members and all("another script" in d.why for d in res.doubts), "letters of another script are a doubt, never a member"


@needs_dejavu
def test_controls_absent_word_other_word_and_all_cyrillic_word(tmp_path):
    def draw(p):
        p.insert_font(fontname="dj", fontfile=str(DEJAVU))
        p.insert_text((72, 400), "The band bought a Xylograph in Москва, not a сор.", fontname="dj", fontsize=12)
        p.insert_text((72, 420), "Reversed drawing elsewhere:", fontname="dj", fontsize=12)
        pdfs.reversed_text(p, (72, 440), "Marimba", size=12)

    doc = _build(tmp_path, draw)
    assert _search(doc, WORD).measured_zero, "a page without the word still widens"
    assert _search(doc, "Xylophones").measured_zero
    assert _search(doc, "Mockba").measured_zero, "a word all in Cyrillic is not a Latin word"
    assert _search(doc, "cop").measured_zero
    assert _search(doc, "Москва").members, "and it is found as printed"
    assert _search(doc, "Marimba").doubts


def test_two_columns_are_not_read_as_one_row(tmp_path):
    def draw(p):  # the right column stored first: only a visual reading could join the two
        pdfs.text(p, (330, 400), "phone starts the right column", size=11)
        pdfs.text(p, (72, 400), "the left column ends with Xylo", size=11)

    assert _search(_build(tmp_path, draw)).measured_zero, "a gutter parts a row: the visual reading joins no columns"
