"""Text a page stores but does not show (render mode 3, fully transparent, white on white) is found by a
search of the file and seen by no reader: a doubt, never the member a short_not_empty claim rests on. The
invisible layer over a scan is the scan's words, and white text on a dark ground is seen: members."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

WORDS = ["Kangaroo", "wombat", "Echidna"]


def _page(path: Path, word: str, how: str) -> Path:
    doc = pdfs.new_doc()
    page = doc[0]
    pdfs.text(page, (72, 100), "A line every reader sees.", size=14)
    at = (72, 160)
    if how == "over scan":  # a scanned picture with its invisible OCR layer on top
        page.insert_image(pymupdf.Rect(60, 130, 400, 180), pixmap=pdfs.photo(3), keep_proportion=False)
        page.insert_text(at, word, fontsize=14, render_mode=3)
    elif how == "on dark":
        page.draw_rect(pymupdf.Rect(60, 140, 300, 170), color=None, fill=(0.1, 0.1, 0.3))
        page.insert_text(at, word, fontsize=14, color=(1, 1, 1))
    elif how == "mode 3":
        page.insert_text(at, word, fontsize=14, render_mode=3)
    elif how == "transparent":
        page.insert_text(at, word, fontsize=14, fill_opacity=0)
    elif how == "white":
        page.insert_text(at, word, fontsize=14, color=(1, 1, 1))
    else:
        page.insert_text(at, word, fontsize=14)
    return pdfs.save(doc, path)


def _search(pdf: Path, word: str):
    doc = load_doc(pdf, ocr=False)
    try:
        return run_probe("text_search", doc, Scope(pages=(1,)), {"text": word})
    finally:
        doc.close()


@settings(max_examples=12, deadline=None)
@given(word=st.sampled_from(WORDS), how=st.sampled_from(["mode 3", "transparent", "white"]))
def test_text_the_page_does_not_show_is_a_doubt(tmp_path_factory, word, how):
    res = _search(_page(tmp_path_factory.mktemp("u") / "p.pdf", word, how), word)
    assert not res.members, (how, res.members)
    assert len(res.doubts) == 1 and "does not show" in (res.doubts[0].why or ""), res.doubts


@pytest.mark.parametrize("how", ["over scan", "on dark", "plain"])
def test_control_text_a_reader_sees_is_a_member(tmp_path, how):
    res = _search(_page(tmp_path / "p.pdf", "Kangaroo", how), "Kangaroo")
    assert len(res.members) == 1 and not res.doubts, (how, res)
