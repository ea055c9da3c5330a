"""A word the text layer holds where the page shows no ink is no occurrence a reader sees.

Text in the colour of the band it sits on (blue on a blue band), and glyphs set in render mode 7 (they only
clip) with nothing painted through them, are in the file and nowhere on the page: "How many times does the
word X appear" was answered short_not_empty from them. White on white was caught; these were members.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
from hypothesis import given, settings, strategies as st

WORD = "Quillfeather"
LINE = f"Reviewed by {WORD} on Monday"
QUESTION = f"How many times does the word {WORD} appear on page 1?"
HEAD = "BT /F1 16 Tf 72 780 Td (Section 1: annual review) Tj ET "
COLOURS = st.tuples(*[st.sampled_from([0.0, 0.2, 0.6, 0.85, 1.0])] * 3)


def _page(path: Path, body: str) -> Path:
    return pdfs.raw_page(path, HEAD + body)


def _result(pdf: Path):
    return pdfs.probe(pdf, "text_search", {"text": WORD})


@settings(max_examples=10, deadline=None)
@given(colour=COLOURS)
def test_text_in_the_colour_of_its_band_is_no_member(tmp_path_factory, colour) -> None:
    rgb = " ".join(f"{c:g}" for c in colour)
    pdf = _page(tmp_path_factory.mktemp("band") / "b.pdf", f"{rgb} rg 60 490 320 25 re f BT /F1 12 Tf {rgb} rg 72 500 Td ({LINE}) Tj ET")
    res = _result(pdf)
    assert not res.members and res.doubts, res
    assert pdfs.decide(pdf, QUESTION).case != "short_not_empty"


@settings(max_examples=10, deadline=None)
@given(colour=COLOURS, ground=COLOURS)
def test_control_text_of_another_colour_on_a_band_is_a_member(tmp_path_factory, colour, ground) -> None:
    if max(abs(a - b) for a, b in zip(colour, ground)) < 0.5:
        return  # alike: the case above
    rgb, bg = (" ".join(f"{c:g}" for c in x) for x in (colour, ground))
    pdf = _page(tmp_path_factory.mktemp("band") / "b.pdf", f"{bg} rg 60 490 320 25 re f BT /F1 12 Tf {rgb} rg 72 500 Td ({LINE}) Tj ET")
    assert len(_result(pdf).members) == 1


def test_clip_only_text_with_nothing_painted_through_is_no_member(tmp_path: Path) -> None:
    pdf = _page(tmp_path / "m7.pdf", f"q BT /F1 12 Tf 7 Tr 72 500 Td ({LINE}) Tj ET Q")
    res = _result(pdf)
    assert not res.members and res.doubts
    assert pdfs.decide(pdf, QUESTION).case != "short_not_empty"


def test_control_visible_text_and_pale_text_are_members(tmp_path: Path) -> None:
    for name, body in {"black": f"BT /F1 12 Tf 72 500 Td ({LINE}) Tj ET",
                       "yellow": f"BT /F1 12 Tf 1 1 0 rg 72 500 Td ({LINE}) Tj ET",
                       "grey": f"BT /F1 12 Tf 0.8 0.8 0.8 rg 72 500 Td ({LINE}) Tj ET",
                       "white_on_blue": f"0 0 0.6 rg 60 490 320 25 re f BT /F1 12 Tf 1 1 1 rg 72 500 Td ({LINE}) Tj ET"}.items():
        pdf = _page(tmp_path / f"{name}.pdf", body)
        assert len(_result(pdf).members) == 1, name
        assert pdfs.decide(pdf, QUESTION).case == "short_not_empty", name
