"""A name a page carries only in a link's address or an annotation's note ("Watch the talk" linking to
youtube.com): no word the page prints, yet no absence a reviewer would accept. A doubt, never absent_entity."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

NAMES = ["YouTube", "Vimeo", "Kaggle", "Zenodo"]
QUESTION = "Which {name} video does the deck use to show the cost of weak data leadership?"


def _deck(path: Path, name: str, how: str, page_no: int) -> Path:
    doc = pdfs.new_doc(3, 720, 540)
    for i, line in enumerate(["Agenda", "Weak data leadership hurts everyone", "Thank you"]):
        pdfs.text(doc[i], (40, 60), line, size=18)
    page = doc[page_no]
    address = f"https://www.{name.lower()}.com/watch?v=abc123"
    if how == "link":
        pdfs.text(page, (40, 300), "Watch the talk", size=14)
        page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(40, 285, 200, 305), "uri": address})
    elif how == "note":
        page.add_text_annot((40, 300), f"video: {address}")
    return pdfs.save(doc, path)


def _mentions(pdf: Path, name: str):
    doc = load_doc(pdf, ocr=False)
    try:
        return run_probe("name_mentions", doc, Scope(pages=tuple(range(1, doc.pdf.page_count + 1))), {"variants": [name]})
    finally:
        doc.close()


@settings(max_examples=10, deadline=None)
@given(name=st.sampled_from(NAMES), how=st.sampled_from(["link", "note"]), page_no=st.integers(0, 2))
def test_a_name_only_in_a_link_or_a_note_is_a_doubt(tmp_path_factory, name, how, page_no):
    pdf = _deck(tmp_path_factory.mktemp("a") / "deck.pdf", name, how, page_no)
    res = _mentions(pdf, name)
    assert not res.members
    assert [d.page for d in res.doubts] == [page_no + 1], res
    d = pdfs.decide(pdf, QUESTION.format(name=name))
    assert d.case != "absent_entity", d.reason


@pytest.mark.parametrize("name", NAMES[:2])
def test_control_a_name_nowhere_is_still_absent(tmp_path, name):
    pdf = _deck(tmp_path / "deck.pdf", name, "none", 1)
    assert not _mentions(pdf, name).doubts
    assert pdfs.decide(pdf, QUESTION.format(name=name)).case == "absent_entity"
