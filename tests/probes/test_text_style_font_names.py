"""Italic read from a font's name: a suffix after a hyphen or in camel case, or a TeX name, makes a
member; a name that only ends in the letters of a suffix ("Audit", "Circuit") is a doubt, not a member."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import pdfs
from widening.probes.text_style import is_italic_name, maybe_italic_name

WORD_ENDINGS_IN_IT = ["Audit", "Summit", "Circuit", "Orbit", "Bandit", "Credit", "Pulpit", "Transit", "Habit"]


@given(stem=st.sampled_from(["Minion", "SourceSans", "Garamond", "Myriad"]), weight=st.sampled_from(["", "Light", "Semibold", "Bold", "Black"]),
       join=st.sampled_from(["-", "Pro-", "Std-"]))
def test_italic_suffixes_are_italic(stem: str, weight: str, join: str) -> None:
    assert is_italic_name(f"ABCDEF+{stem}{join}{weight}It")
    assert is_italic_name(f"{stem}{join}{weight}Italic")


@given(word=st.sampled_from(WORD_ENDINGS_IN_IT), style=st.sampled_from(["", "-Regular", "-Bold", "Sans"]))
def test_a_word_ending_in_it_is_a_doubt_not_italic(word: str, style: str) -> None:
    name = f"{word}{style}" if style != "Sans" else f"Brand{word}"
    if style in ("-Regular", "-Bold"):
        assert not is_italic_name(name) and not maybe_italic_name(name)
    else:
        assert not is_italic_name(name) and maybe_italic_name(name)


@pytest.mark.parametrize("name", ["CMTI10", "CMSL12", "CMBXTI10", "SFTI1000", "CMMI7"])
def test_tex_italic_names(name: str) -> None:
    assert is_italic_name(name) and not maybe_italic_name(name)


def _page(tmp_path: Path, font: str) -> Path:
    return pdfs.raw_page(tmp_path / "p.pdf", "BT /F1 14 Tf 72 700 Td (Quarterly revenue grew in the north) Tj ET", fonts={"F1": font})


@pytest.mark.parametrize("font", WORD_ENDINGS_IN_IT[:4])
def test_upright_text_in_a_font_named_like_a_word_in_it_is_no_italic_member(tmp_path: Path, font: str) -> None:
    d = pdfs.decide(_page(tmp_path, font), "What are the italic words on page 1?")
    assert d.decision == "keep" and d.case != "short_not_empty", d.reason
    assert not d.members and d.doubts, d.reason


@pytest.mark.parametrize("font", ["CMTI10", "Minion-It", "MinionPro-BoldIt"])
def test_text_in_an_italic_named_font_is_a_member(tmp_path: Path, font: str) -> None:
    d = pdfs.decide(_page(tmp_path, font), "What are the italic words on page 1?")
    assert (d.decision, d.case) == ("keep", "short_not_empty") and d.members, d.reason


def test_control_plain_helvetica_widens(tmp_path: Path) -> None:
    d = pdfs.decide(_page(tmp_path, "Helvetica"), "What are the italic words on page 1?")
    assert d.decision == "widen", d.reason
