"""name_mentions reads a name however its glyphs are stored: drawn in any fragment order (a doubt, the
squeezed reading in the order seen), with characters that print nothing inside it (a member: the page
prints the word whole), with letters of another script that look like Latin ones (a doubt, never a
member). Controls: a page without the name has no hit; a word all in Cyrillic is no Latin name."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc as _load_doc
from widening.models import Row
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

DEJAVU = pdfs.DEJAVU_SANS
needs_dejavu = pdfs.needs_dejavu
NAME = "Xylophone"
FORMAT = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2060", "\u2061", "\u2063", "\ufeff", "\u00ad", "\u034f", "\u202a"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _pdf(tmp: Path, line: str) -> Path:
    d = pdfs.new_doc(3)
    pdfs.text(d[0], (72, 100), "Price list")
    d[1].insert_font(fontname="dj", fontfile=str(DEJAVU))
    d[1].insert_text((72, 400), line, fontname="dj", fontsize=12)
    pdfs.text(d[2], (72, 100), "Thank you")
    return pdfs.save(d, tmp / "t.pdf")


def _mentions(path: Path, name: str = NAME):
    return run_probe("name_mentions", load_doc(path), Scope((1, 2, 3)), {"variants": [name]})


@SETTINGS
@given(cuts=st.sets(st.integers(1, len(NAME) - 1), max_size=len(NAME) - 1), data=st.data())
@example(cuts=set(range(1, len(NAME))), data=None)  # every glyph apart, drawn right to left
def test_a_name_drawn_in_any_fragment_order_is_never_a_zero(tmp_path_factory, cuts, data):
    edges = [0, *sorted(cuts), len(NAME)]
    parts = [(a, NAME[a:b]) for a, b in zip(edges, edges[1:])]
    order = list(reversed(range(len(parts)))) if data is None else data.draw(st.permutations(range(len(parts))))
    lead = "The school bought a new "
    x0 = 72 + pymupdf.get_text_length(lead, "helv", 12)
    d = pdfs.new_doc(2)
    pdfs.text(d[0], (72, 100), "Contents")
    pdfs.text(d[1], (72, 400), lead, size=12)
    for k in order:
        at, piece = parts[k]
        pdfs.text(d[1], (x0 + pymupdf.get_text_length(NAME[:at], "helv", 12), 400), piece, size=12)
    pdfs.text(d[1], (x0 + pymupdf.get_text_length(NAME, "helv", 12), 400), " for the band.", size=12)
    res = run_probe("name_mentions", load_doc(pdfs.save(d, tmp_path_factory.mktemp("order") / "t.pdf")), Scope((1, 2)), {"variants": [NAME]})
    assert res.members or res.doubts


@needs_dejavu
@SETTINGS
@given(mark=st.sampled_from(FORMAT), at=st.integers(1, len(NAME) - 1))
def test_a_format_character_inside_the_name_is_a_member(tmp_path_factory, mark, at):
    res = _mentions(_pdf(tmp_path_factory.mktemp("cf"), f"We bought a {NAME[:at]}{mark}{NAME[at:]} for the band."))
    assert [m.page for m in res.members] == [2], "a character that prints nothing is no part of the word"


@needs_dejavu
@SETTINGS
@given(data=st.data())
def test_any_look_alike_letters_swapped_are_a_doubt_never_a_zero_nor_a_member(tmp_path_factory, data):
    table = pdfs.look_alikes()
    printed = "".join(data.draw(st.sampled_from([c, *table.get(c, [])])) for c in NAME)
    assume(printed != NAME and any(c.isascii() for c in printed))  # a word all in another script is that script's word
    res = _mentions(_pdf(tmp_path_factory.mktemp("lookalike"), f"We bought a {printed} for the band."))
    assert not res.members, "letters of another script are other letters: never a member"
    # one letter swapped is also within the edit budget of a long word: a doubt either way
    assert [d.page for d in res.doubts] == [2] and ("another script" in res.doubts[0].why or "edit" in res.doubts[0].why)
    assert res.doubts[0].bbox[0] > 72 + 20, "the doubt has the word's box"


@needs_dejavu
def test_look_alikes_past_the_edit_budget_are_a_doubt_of_their_own(tmp_path):
    res = _mentions(_pdf(tmp_path, "We bought a \u0425\u0443l\u043e\u0440h\u043ene for the band."))  # five Cyrillic letters
    assert not res.members and [d.page for d in res.doubts] == [2] and "another script" in res.doubts[0].why


@needs_dejavu
def test_look_alikes_in_a_multi_word_name_and_in_the_name_asked(tmp_path):
    path = _pdf(tmp_path, "Visit the Воston Museum and M\u043e\u0441\u043a\u0432a today.")  # Cyrillic "В", "о"; Latin "M", "a" among Cyrillic
    assert _mentions(path, "Boston Museum").doubts
    assert not _mentions(path, "Boston Museum").members
    assert _mentions(path, "Москва").doubts, "a Cyrillic name asked, printed with Latin letters in it: a doubt"


@needs_dejavu
def test_controls_absent_name_other_word_and_all_cyrillic_word(tmp_path):
    path = _pdf(tmp_path, "We bought a Xylograph in Москва, not a сор nor a Сео.")
    for name in (NAME, "Mockba", "Cop", "Ceo"):
        res = _mentions(path, name)
        assert not res.members and not res.doubts, f"{name!r}: a word all in Cyrillic is no Latin word"
    assert _mentions(path, "Москва").members


@needs_dejavu
def test_absent_entity_is_not_claimed_for_a_name_printed_with_look_alike_letters(tmp_path):
    question = "What is the price of the Xylophone on page 2?"
    printed = _pdf(tmp_path, "The \u0425yl\u043ephone costs 40 dollars.")
    doc = load_doc(printed)
    try:
        decision = decide_row(Row(doc_id="t.pdf", question=question, answer="Not answerable"), doc)
    finally:
        doc.close()
    assert decision.case != "absent_entity", decision.reason
    control = tmp_path / "c"
    control.mkdir()
    doc = load_doc(_pdf(control, "The Marimba costs 40 dollars."))
    try:
        assert decide_row(Row(doc_id="t.pdf", question=question, answer="Not answerable"), doc).case == "absent_entity"
    finally:
        doc.close()
