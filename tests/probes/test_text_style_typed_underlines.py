"""text_style: underlines typed as characters, and a line under one word of a long span.

A typewriter underlines by striking "_" over each letter (or the whole word again in underscores over
it); a word processor may stretch one "_" under a short word. Neither is a drawn path, so MuPDF cuts
no span there: the overstruck underscores sat inside the words' own span ("s_a_f_e_t_y_"), no mark at
all, and a lone underscore was no mark (a run of two was asked). "The underlined words on page 2" was
widened while a reader sees "safety" underlined. Struck-over underscores are marks now (and not text),
any span made of low lines alone is one, and a mark under one word of a long span underlines that word.
A row of underscores alone (a fill-in blank) was itself an "underlined span" member, so a page whose only
underscores were a signature blank was refuted (short_not_empty): low lines are the mark, never the word.
Controls: identifiers with underscores, fill-in blanks and plain lines still measure zero.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.models import ProbeStatus


LINE = "Please read the unbelievable safety instructions carefully before you start."
WORDS = LINE.split(" ")
X0, BASE = 60.0, 400.0
QUESTION = "What are the underlined words on page 2?"


def _x(i: int, font: str, size: float) -> tuple[float, float]:
    pre = " ".join(WORDS[:i]) + (" " if i else "")
    x0 = X0 + pymupdf.get_text_length(pre, font, size)
    return x0, x0 + pymupdf.get_text_length(WORDS[i], font, size)


def _overstrike_letters(p: pymupdf.Page, i: int, size: float) -> None:
    """Each letter of word ``i`` struck over by "_" at its own origin (courier: one advance for both)."""
    x = X0
    for j, word in enumerate(WORDS):
        for ch in word + " ":
            p.insert_text((x, BASE), ch, fontsize=size, fontname="cour")
            if j == i and ch != " ":
                p.insert_text((x, BASE), "_", fontsize=size, fontname="cour")
            x += pymupdf.get_text_length(ch, "cour", size)


def _overstrike_line(p: pymupdf.Page, i: int, size: float) -> None:
    """The line, then the same line again with underscores under word ``i`` and spaces elsewhere."""
    p.insert_text((X0, BASE), LINE, fontsize=size, fontname="cour")
    p.insert_text((X0, BASE), " " * len(" ".join(WORDS[:i]) + (" " if i else "")) + "_" * len(WORDS[i]), fontsize=size, fontname="cour")


def _stretched(p: pymupdf.Page, i: int, size: float) -> None:
    """One "_" stretched (horizontal scaling) to the width of word ``i``."""
    p.insert_text((X0, BASE), LINE, fontsize=size, fontname="helv")
    x0, x1 = _x(i, "helv", size)
    scale = 100 * (x1 - x0) / pymupdf.get_text_length("_", "helv", size)
    xref = p.parent.get_new_xref()
    p.parent.update_object(xref, "<<>>")
    p.parent.update_stream(xref, f"BT /Helv {size} Tf {scale:.1f} Tz 1 0 0 1 {x0:.2f} {p.rect.height - BASE:.2f} Tm (_) Tj ET".encode())
    kind, value = p.parent.xref_get_key(p.xref, "Contents")
    p.parent.xref_set_key(p.xref, "Contents", f"[{value[1:-1] if kind == 'array' else value} {xref} 0 R]")


TECHNIQUES = {"overstrike_letters": _overstrike_letters, "overstrike_line": _overstrike_line, "stretched": _stretched}


_pdf = pdfs.drawn_on_second_page


def _probe(path: Path):
    res = pdfs.probe(path, "text_style", {"styles": ["underline"]}, (2,))
    assert res.status is ProbeStatus.measured, res.note
    return res


def _decide(path: Path):
    return pdfs.decide(path, QUESTION)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(technique=st.sampled_from(sorted(TECHNIQUES)), word=st.integers(0, len(WORDS) - 1), size=st.sampled_from([9.0, 10.0, 12.0]))
def test_a_typed_underline_under_any_word_makes_that_word_a_member(tmp_path_factory, technique, word, size):
    path = _pdf(tmp_path_factory.mktemp("typed") / "typed.pdf", partial(TECHNIQUES[technique], i=word, size=size))
    res = _probe(path)
    texts = [m.what for m in res.members]
    assert any(repr(WORDS[word]) in w for w in texts), (technique, word, texts, [d.what for d in res.doubts])
    assert not any("'_" in w for w in texts), texts  # the underscores are the mark, never an underlined word


def test_hunt_letters_struck_over_by_underscores_are_not_widened(tmp_path):
    """Regression: "s_a_f_e_t_y_" in one span, no mark: the underlined words were widened."""
    d = _decide(_pdf(tmp_path / "typewriter.pdf", partial(_overstrike_letters, i=4, size=12.0)))
    assert d.decision != "widen" and d.case == "short_not_empty", (d.decision, d.reason)


def test_hunt_one_stretched_underscore_under_a_word_is_not_widened(tmp_path):
    """Regression: a single "_" (horizontal scaling to the word's width) under "the" was no mark."""
    d = _decide(_pdf(tmp_path / "stretched.pdf", partial(_stretched, i=2, size=12.0)))
    assert d.decision != "widen" and d.case == "short_not_empty", (d.decision, d.reason)


def _controls(p: pymupdf.Page) -> None:
    p.insert_text((X0, 380), "Call read_config() and then __init__ before the run_all step.", fontsize=11, fontname="cour")
    p.insert_text((X0, 420), "Name: ____________   Date: ______", fontsize=11, fontname="helv")
    p.insert_text((X0, 450), "Signed by the head of the committee", fontsize=11, fontname="helv")
    p.insert_text((X0, 464), "_______________", fontsize=11, fontname="helv")  # a blank on the next line
    p.insert_text((X0, 500), LINE, fontsize=11, fontname="helv")


def test_identifiers_blanks_and_plain_lines_still_widen(tmp_path):
    path = _pdf(tmp_path / "controls.pdf", _controls)
    res = _probe(path)
    assert not res.members and not res.doubts, ([m.what for m in res.members], [m.what for m in res.doubts])
    d = _decide(path)
    assert d.decision == "widen", (d.reason, d.doubts)
