"""Text a page holds but does not show by default: a layer (optional content) that is off, or on only for printing, an
annotation or form field flagged hidden or print-only, a sticky note's pop-up. MuPDF leaves all of it out of the page's
text, and a reader may see it (a layer switched on, a print, an opened note): a doubt for ``text_search`` and
``name_mentions``, never a widening nor an absent_entity claim, and never a member. Text a viewer shows (a layer on, a
filled-in form field, a FreeText comment) stays a member; a word the hidden content does not hold is still absent."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

NAMES = ["Quillfeather", "Brambleton", "Zorvanik"]
HIDDEN = ["layer off", "layer for print only", "annotation hidden", "annotation print only", "form field hidden", "open note"]
SHOWN = ["layer on", "form field", "comment", "plain"]


def _doc(path: Path, name: str, how: str, at: int = 2) -> Path:
    doc = pdfs.new_doc(3)
    for i in range(3):
        pdfs.text(doc[i], (72, 72), f"Annual review section {i + 1}. The market grew steadily this year.")
    page = doc[at]
    box = pymupdf.Rect(72, 190, 320, 215)
    line = f"{name} Ltd is led by Ann Smith."
    if how.startswith("layer"):
        ocg = doc.add_ocg("Notes", on=how == "layer on")
        if how == "layer for print only":
            doc.xref_set_key(ocg, "Usage", "<< /Print << /PrintState /ON >> /View << /ViewState /OFF >> >>")
        page.insert_text((72, 200), line, fontsize=11, oc=ocg)
    elif how.startswith("annotation") or how == "comment":
        annot = page.add_freetext_annot(box, line, fontsize=11, text_color=(0, 0, 0))
        flags = {"annotation hidden": pymupdf.PDF_ANNOT_IS_HIDDEN,
                 "annotation print only": pymupdf.PDF_ANNOT_IS_NO_VIEW | pymupdf.PDF_ANNOT_IS_PRINT}.get(how)
        if flags:
            annot.set_flags(flags)
            annot.update()
    elif how.startswith("form field"):
        w = pymupdf.Widget()
        w.field_type, w.field_name, w.rect, w.field_value, w.text_fontsize = pymupdf.PDF_WIDGET_TYPE_TEXT, "company", box, line, 11
        if how == "form field hidden":
            w.field_display = 1  # hidden
        page.add_widget(w)
    elif how == "open note":
        note = page.add_text_annot((72, 200), line)
        note.set_open(True)
        note.update()
    elif how == "plain":
        pdfs.text(page, (72, 200), line)
    return pdfs.save(doc, path)


def _count_question(name: str) -> str:
    return f"How many times does the word {name} appear on page 3?"


def _fact_question(name: str) -> str:
    return f"What is the revenue of {name} Ltd?"


@settings(max_examples=18, deadline=None)
@given(name=st.sampled_from(NAMES), how=st.sampled_from(HIDDEN))
def test_text_shown_only_when_a_layer_is_on_or_printed_is_a_doubt(tmp_path_factory, name, how):
    pdf = _doc(tmp_path_factory.mktemp("h") / "doc.pdf", name, how)
    res = pdfs.probe(pdf, "text_search", {"text": name}, pages=(3,))
    assert not res.members, (how, res.members)
    assert [d.page for d in res.doubts] == [3], (how, res.doubts)
    d = pdfs.decide(pdf, _count_question(name))
    assert d.decision == "keep" and d.case == "unverifiable", (how, d.case, d.reason)


@settings(max_examples=18, deadline=None)
@given(name=st.sampled_from(NAMES), how=st.sampled_from(HIDDEN))
def test_a_name_in_hidden_content_is_no_absent_entity(tmp_path_factory, name, how):
    pdf = _doc(tmp_path_factory.mktemp("h") / "doc.pdf", name, how)
    res = pdfs.probe(pdf, "name_mentions", {"variants": [name]}, pages=(1, 2, 3))
    assert not res.members and res.doubts, (how, res)
    d = pdfs.decide(pdf, _fact_question(name))
    assert d.case != "absent_entity", (how, d.reason)


@pytest.mark.parametrize("how", SHOWN)
def test_control_text_a_viewer_shows_is_a_member(tmp_path, how):
    pdf = _doc(tmp_path / "doc.pdf", "Quillfeather", how)
    res = pdfs.probe(pdf, "text_search", {"text": "Quillfeather"}, pages=(3,))
    assert len(res.members) == 1 and not res.doubts, (how, res)
    assert pdfs.decide(pdf, _count_question("Quillfeather")).case == "short_not_empty"


@pytest.mark.parametrize("how", ["layer off", "layer for print only", "annotation hidden", "form field hidden"])
def test_control_a_word_the_hidden_content_lacks_is_still_absent(tmp_path, how):
    pdf = _doc(tmp_path / "doc.pdf", "Quillfeather", how)
    d = pdfs.decide(pdf, _count_question("Zebrawood"))
    assert (d.decision, d.case) == ("widen", None), d.reason
    assert pdfs.decide(pdf, _fact_question("Zebrawood")).case == "absent_entity"


@pytest.mark.parametrize("how", ["layer off", "plain"])
def test_hidden_content_on_another_page_is_not_on_the_page_asked(tmp_path, how):
    pdf = _doc(tmp_path / "doc.pdf", "Quillfeather", how, at=0)
    d = pdfs.decide(pdf, _count_question("Quillfeather"))
    assert (d.decision, d.case) == ("widen", None), d.reason


@pytest.mark.parametrize("how, hides", [("layer on", False), ("plain", False), ("comment", False), ("layer off", True),
                                        ("layer for print only", True), ("annotation print only", True)])
def test_only_a_page_that_may_hide_text_is_read_again(tmp_path, how, hides):
    from widening.facts.extract import load_doc
    from widening.facts.hidden import hides_content

    doc = load_doc(_doc(tmp_path / "doc.pdf", "Quillfeather", how), ocr=False)
    try:
        assert hides_content(doc, 3) is hides
    finally:
        doc.close()
