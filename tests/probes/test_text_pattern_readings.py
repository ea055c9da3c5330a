"""text_pattern reads a phone number or an e-mail address however its glyphs are stored: drawn in any
order (rows rebuilt from where the glyphs stand), or with characters that print nothing inside it.
Never a zero; controls: a page without one still gives a measured zero, and table cells apart are
not joined into a number."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

DEJAVU = pdfs.DEJAVU_SANS
needs_dejavu = pdfs.needs_dejavu
FORMAT = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u034f", "\u200e"]
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
VALUES = {"phone": "(615) 591-2955", "email": "jane.doe@example.com"}


def _build(tmp: Path, draw):
    d = pdfs.new_doc(2)
    pdfs.text(d[0], (72, 100), "Contents")
    draw(d[1])
    return load_doc(pdfs.save(d, tmp / "t.pdf"))


def _pattern(doc, name: str):
    return run_probe("text_pattern", doc, Scope((2,)), {"pattern": name})


@SETTINGS
@given(name=st.sampled_from(sorted(VALUES)), data=st.data())
@example(name="email", data=None)  # every glyph apart, drawn right to left
@example(name="phone", data=None)
def test_a_value_drawn_in_any_fragment_order_is_never_a_zero(tmp_path_factory, name, data):
    value = VALUES[name]
    if data is None:
        cuts = set(range(1, len(value)))
        order = list(reversed(range(len(value))))
    else:
        cuts = data.draw(st.sets(st.integers(1, len(value) - 1), max_size=5))
        order = data.draw(st.permutations(range(len(cuts) + 1)))
    edges = [0, *sorted(cuts), len(value)]
    parts = [(a, value[a:b]) for a, b in zip(edges, edges[1:])]
    lead = "Our help desk is at "
    x0 = 72 + pymupdf.get_text_length(lead, "helv", 11)

    def draw(p):
        pdfs.text(p, (72, 400), lead)
        for k in order:
            at, piece = parts[k]
            pdfs.text(p, (x0 + pymupdf.get_text_length(value[:at], "helv", 11), 400), piece, colour=(0, 0, 0.7) if k == 0 else pdfs.BLACK)
        pdfs.text(p, (x0 + pymupdf.get_text_length(value, "helv", 11), 400), " on weekdays.")

    res = _pattern(_build(tmp_path_factory.mktemp("order"), draw), name)
    assert res.members or res.doubts, f"the {name} is printed: never a zero"


def test_a_value_read_only_in_the_row_as_seen_is_a_doubt_with_its_row(tmp_path):
    lead = "Questions? Our help desk is at "
    x0 = 72 + pymupdf.get_text_length(lead, "helv", 11)
    w = pymupdf.get_text_length("(615) 591", "helv", 11)

    def draw(p):
        pdfs.text(p, (72, 400), lead)
        pdfs.text(p, (x0 + w, 400), "-2955 on weekdays.")
        pdfs.text(p, (x0, 400), "(615) 591", colour=(0, 0, 0.7))

    res = _pattern(_build(tmp_path, draw), "phone")
    assert not res.members
    seen = [d for d in res.doubts if "(615) 591-2955" in d.what]
    assert seen and "order" in seen[0].why and seen[0].page == 2 and 380 < seen[0].bbox[1] < 400


@needs_dejavu
@SETTINGS
@given(name=st.sampled_from(sorted(VALUES)), mark=st.sampled_from(FORMAT), data=st.data())
def test_a_format_character_inside_a_value_is_never_a_zero(tmp_path_factory, name, mark, data):
    value = VALUES[name]
    at = data.draw(st.integers(1, len(value) - 1))

    def draw(p):
        p.insert_font(fontname="dj", fontfile=str(DEJAVU))
        p.insert_text((72, 400), f"Call or write: {value[:at]}{mark}{value[at:]} today.", fontname="dj", fontsize=11)

    res = _pattern(_build(tmp_path_factory.mktemp("cf"), draw), name)
    assert res.members, f"a character that prints nothing is no part of the {name}"


def test_controls_no_value_and_table_cells_apart(tmp_path):
    def draw(p):
        pdfs.text(p, (72, 300), "Nothing to call or write to here.")
        pdfs.reversed_text(p, (72, 330), "Reversed words")
        pdfs.table(p, (72, 400), ["Year", "2015", "2016", "2017"], [["Sales", "120", "135", "150"]], col_w=60)

    doc = _build(tmp_path, draw)
    assert _pattern(doc, "phone").measured_zero, "a page without a number still widens"
    assert _pattern(doc, "email").measured_zero
