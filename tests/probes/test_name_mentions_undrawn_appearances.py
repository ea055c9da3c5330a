"""Words other viewers show that MuPDF's page text does not hold, and words no page prints.

An unsigned signature field MuPDF draws as its own "SIGN" marker, and a widget with no field type it draws not at all,
while other viewers draw the file's own appearance ("Sign here: Jane Quorvane"): a name in such an appearance is a
doubt, so absent_entity is never claimed on it. Glyphs a marked span's ActualText replaces in the text layer ("Jane
Quorvane" drawn, "the applicant" said) are what a reader sees: a doubt too. A name only in the outline or the metadata
is on no page (the claim stands) and the note says where it is."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from tests.pdfs import decide, probe

NAMES = ["Quorvane", "Zelbrandt", "Okafirth"]
QUESTION = "What did Jane {name} sign on the application form?"


def _form(path: Path, how: str, said: str) -> Path:
    return pdfs.drawn_field(path, how, said, "Application form", "Signature of the applicant:")


@settings(max_examples=6, deadline=None)
@given(name=st.sampled_from(NAMES), how=st.sampled_from(["signature", "typeless"]))
def test_a_name_in_an_appearance_mupdf_does_not_draw_is_a_doubt(tmp_path_factory, name: str, how: str) -> None:
    pdf = _form(tmp_path_factory.mktemp("a") / "form.pdf", how, f"Sign here: Jane {name}")
    with pymupdf.open(pdf) as doc:
        assert name not in doc[0].get_text()  # MuPDF draws "SIGN" or nothing there
    res = probe(pdf, "name_mentions", {"variants": [name]})
    assert not res.members and res.doubts and res.doubts[0].bbox[0] >= 180, res
    d = decide(pdf, QUESTION.format(name=name))
    assert d.case != "absent_entity", d.reason


@pytest.mark.parametrize("how", ["signature", "typeless"])
def test_control_an_appearance_naming_someone_else_leaves_the_name_absent(tmp_path: Path, how: str) -> None:
    pdf = _form(tmp_path / "form.pdf", how, "Sign here: Jane Otherwise")
    assert not probe(pdf, "name_mentions", {"variants": ["Quorvane"]}).doubts
    assert decide(pdf, QUESTION.format(name="Quorvane")).case == "absent_entity"


def test_control_a_drawn_appearance_is_a_member(tmp_path: Path) -> None:
    pdf = _form(tmp_path / "form.pdf", "text", "Sign here: Jane Quorvane")
    assert probe(pdf, "name_mentions", {"variants": ["Quorvane"]}).members


def _actual_text(path: Path, glyphs: str, actual: str) -> Path:
    """A page printing ``glyphs`` inside a marked span whose ActualText says ``actual``."""
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=300)
    page.insert_text((30, 50), "Application form", fontsize=13)
    page.insert_text((30, 120), "Applicant:", fontsize=11)
    xref = page.get_contents()[0]
    font = page.get_fonts()[0][4]  # the Helvetica insert_text put in the page's resources
    content = doc.xref_stream(xref) + f"\nq BT /{font} 11 Tf 100 175 Td /Span <</ActualText ({actual})>> BDC ({glyphs}) Tj EMC ET Q\n".encode()
    doc.update_stream(xref, content)
    doc.save(path)
    doc.close()
    return path


@pytest.mark.parametrize("name", NAMES[:2])
def test_glyphs_an_actual_text_replaces_are_a_doubt(tmp_path: Path, name: str) -> None:
    pdf = _actual_text(tmp_path / "a.pdf", f"Jane {name}", "the applicant")
    with pymupdf.open(pdf) as doc:
        assert name not in doc[0].get_text() and "the applican" in doc[0].get_text()  # the ActualText, spread over the glyphs
    res = probe(pdf, "name_mentions", {"variants": [name]})
    assert not res.members and res.doubts, res
    assert decide(pdf, QUESTION.format(name=name)).case != "absent_entity"


def test_control_an_actual_text_over_other_glyphs_leaves_the_name_absent(tmp_path: Path) -> None:
    pdf = _actual_text(tmp_path / "a.pdf", "the applicant", "the person applying")
    assert not probe(pdf, "name_mentions", {"variants": ["Quorvane"]}).doubts
    assert decide(pdf, QUESTION.format(name="Quorvane")).case == "absent_entity"


@pytest.mark.parametrize("where", ["outline", "metadata"])
def test_a_name_only_outside_the_pages_is_absent_and_the_note_says_where(tmp_path: Path, where: str) -> None:
    doc = pymupdf.open()
    for i in range(2):
        doc.new_page(width=420, height=300).insert_text((30, 50), f"Application form, part {i + 1}", fontsize=13)
    if where == "outline":
        doc.set_toc([[1, "Part 1", 1], [1, "Signed by Jane Quorvane", 2]])
    else:
        doc.set_metadata({"title": "Application of Jane Quorvane"})
    pdf = tmp_path / "a.pdf"
    doc.save(pdf)
    doc.close()
    res = probe(pdf, "name_mentions", {"variants": ["Quorvane"]}, pages=(1, 2))
    assert not res.members and not res.doubts and where in res.note and "Jane Quorvane" in res.note, res.note
    d = decide(pdf, QUESTION.format(name="Quorvane"))
    assert d.case == "absent_entity" and where in d.reason, d.reason
