"""Words a form field says beside what MuPDF reads from its appearance, and words MuPDF draws that no other viewer does.

A text field whose value a form-filling tool wrote without refreshing its appearance (empty, or a stale value), a
choice field listing a name among its options, a field's label (tooltip), a button's caption: a reader clicking the
field (or pdf.js, which draws fields itself, at once) sees the name, while MuPDF's text holds none of it. Each is a
doubt: never absent_entity, never a widening of a count of the word. An unsigned signature field MuPDF draws with its
own "SIGN" marker: that word is no member (a doubt at most)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from tests.pdfs import decide, probe

NAMES = ["Spain", "Portugal", "Norway"]
OTHERS = ["France", "Italy", "Greece"]
HOWS = ["stale_empty", "stale_other", "combo_option", "list_option", "label", "caption"]
MENTION = "How many respondents visited {name} most?"
COUNT = "How many times does the word '{name}' appear on page {page}?"


def _survey(path: Path, name: str, how: str, page_no: int) -> Path:
    """Three survey pages; page ``page_no`` (0-based) carries a form field that says ``name`` only as ``how`` says
    ("none": a field saying other names only)."""
    doc = pymupdf.open()
    for i in range(3):
        p = doc.new_page(width=420, height=300)
        p.insert_text((30, 50), f"Travel survey page {i + 1}", fontsize=13)
        p.insert_text((30, 80), "Respondents named the country they visited most.", fontsize=11)
    page = doc[page_no]
    page.insert_text((30, 120), "Country:", fontsize=11)
    w = pymupdf.Widget()
    w.field_name = "country"
    w.rect = pymupdf.Rect(90, 108, 250, 126)
    w.text_fontsize = 11
    said = name if how != "none" else OTHERS[2]
    if how in ("stale_empty", "stale_other", "none"):
        w.field_type = pymupdf.PDF_WIDGET_TYPE_TEXT
        w.field_value = said
    elif how in ("combo_option", "list_option"):
        w.field_type = pymupdf.PDF_WIDGET_TYPE_COMBOBOX if how == "combo_option" else pymupdf.PDF_WIDGET_TYPE_LISTBOX
        w.choice_values = [OTHERS[0], said, OTHERS[1]]
        w.field_value = OTHERS[0]
    elif how == "label":
        w.field_type = pymupdf.PDF_WIDGET_TYPE_TEXT
        w.field_value = OTHERS[0]
        w.field_label = f"Most visited: {said}"
    elif how == "caption":
        w.field_type = pymupdf.PDF_WIDGET_TYPE_BUTTON
        w.button_caption = f"Pick {said}"
    page.add_widget(w)
    doc.save(path)
    doc.close()
    # What a form-filling tool leaves: the value set, the appearance not refreshed (empty, or an earlier value).
    doc = pymupdf.open(path)
    for x, _, _ in doc[page_no].annot_xrefs():
        ap = doc.xref_get_key(x, "AP/N")
        if ap[0] == "xref" and how != "combo_option":
            shown = b"" if how in ("stale_empty", "caption", "none", "list_option") else f"/Tx BMC BT /Helv 11 Tf 0 g 2 5 Td ({OTHERS[0]}) Tj ET EMC".encode()
            doc.update_stream(int(ap[1].split()[0]), shown)
    doc.xref_set_key(doc.pdf_catalog(), "AcroForm/NeedAppearances", "false")
    doc.save(path.with_suffix(".tmp.pdf"))
    doc.close()
    path.with_suffix(".tmp.pdf").replace(path)
    return path


def _shown(pdf: Path, page_no: int) -> str:
    with pymupdf.open(pdf) as doc:
        return doc[page_no].get_text()


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(NAMES), how=st.sampled_from(HOWS), page_no=st.integers(0, 2))
def test_a_name_a_form_field_says_is_a_doubt(tmp_path_factory, name: str, how: str, page_no: int) -> None:
    pdf = _survey(tmp_path_factory.mktemp("f") / "survey.pdf", name, how, page_no)
    assert name not in _shown(pdf, page_no)  # MuPDF's text does not hold it: only the field says it
    res = probe(pdf, "name_mentions", {"variants": [name]}, pages=(1, 2, 3))
    assert not res.members and [d.page for d in res.doubts] == [page_no + 1], res
    d = decide(pdf, MENTION.format(name=name))
    assert d.case != "absent_entity", d.reason
    found = probe(pdf, "text_search", {"text": name}, pages=(page_no + 1,))
    assert not found.members and found.doubts, found
    d = decide(pdf, COUNT.format(name=name, page=page_no + 1))
    assert d.decision == "keep", d.reason


@pytest.mark.parametrize("name", NAMES[:2])
def test_control_a_field_saying_other_names_leaves_the_name_absent(tmp_path: Path, name: str) -> None:
    pdf = _survey(tmp_path / "survey.pdf", name, "none", 1)
    assert not probe(pdf, "name_mentions", {"variants": [name]}, pages=(1, 2, 3)).doubts
    assert decide(pdf, MENTION.format(name=name)).case == "absent_entity"
    assert decide(pdf, COUNT.format(name=name, page=2)).decision == "widen"


def _signed_off(path: Path, printed: bool) -> Path:
    """A page with an unsigned signature field whose appearance a tool left empty (MuPDF draws its own "SIGN"
    marker there); with ``printed``, the word "SIGN" also printed on the page, outside the field."""
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=300)
    page.insert_text((30, 50), "Application form", fontsize=13)
    page.insert_text((30, 120), "Signature of the applicant:", fontsize=11)
    if printed:
        page.insert_text((30, 200), "SIGN and date below.", fontsize=11)
    w = pymupdf.Widget()
    w.field_type = pymupdf.PDF_WIDGET_TYPE_SIGNATURE
    w.field_name = "sig1"
    w.rect = pymupdf.Rect(180, 100, 330, 140)
    page.add_widget(w)
    doc.save(path)
    doc.close()
    doc = pymupdf.open(path)
    for x, _, _ in doc[0].annot_xrefs():
        doc.update_stream(int(doc.xref_get_key(x, "AP/N")[1].split()[0]), b"")
    doc.save(path.with_suffix(".tmp.pdf"))
    doc.close()
    path.with_suffix(".tmp.pdf").replace(path)
    return path


@pytest.mark.parametrize("kind,params", [("text_search", {"text": "SIGN"}), ("name_mentions", {"variants": ["SIGN"]})])
def test_the_sign_marker_mupdf_draws_in_an_unsigned_field_is_no_member(tmp_path: Path, kind: str, params: dict) -> None:
    pdf = _signed_off(tmp_path / "form.pdf", printed=False)
    assert "SIGN" in _shown(pdf, 0)  # MuPDF's own marker, in its text
    field = pymupdf.Rect(180, 100, 330, 140)
    res = probe(pdf, kind, params)
    assert not res.members, res
    inside = [d for d in res.doubts if field.contains(pymupdf.Rect(d.bbox).tl + (pymupdf.Rect(d.bbox).br - pymupdf.Rect(d.bbox).tl) * 0.5)]
    assert inside and all("unsigned signature" in (d.why or "") for d in inside), res.doubts


@pytest.mark.parametrize("kind,params", [("text_search", {"text": "SIGN"}), ("name_mentions", {"variants": ["SIGN"]})])
def test_control_sign_printed_outside_the_field_is_a_member(tmp_path: Path, kind: str, params: dict) -> None:
    pdf = _signed_off(tmp_path / "form.pdf", printed=True)
    res = probe(pdf, kind, params)
    assert len(res.members) == 1 and res.members[0].bbox[1] > 180, res
