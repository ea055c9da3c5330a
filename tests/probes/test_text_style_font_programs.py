"""text_style: a font is its program, not its name; a program whose style nothing tells is a doubt.

A converter may rename fonts and clear their style bits, weight and slant: a bold program then goes by a
family name alone ("LiberationSans", "DejaVuSans"), or by the very name of the page's regular body font.
The render measure (facts.glyph_shapes) was kept per font name and needs spans of four letters: "Yes" in
such a bold program was measured by nothing, and "Total amount" in a bold program named as the body font
took the body's measure; "How many bold words" was widened on both. Fonts are measured per program now
(the embedded bytes), and a program too few of whose letters the page shows to measure, with a name that
names no face, makes its spans doubts for bold and italic.
Controls: the same short word in the body's own program, in a font named for its face ("Acme-Book"), or in
a font the PDF does not embed stays a zero; pale (yellow) text in a regular program is measured in colour.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus, Row
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

DEJAVU, LIBERATION = "/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/truetype/liberation/"
FACES = {"bold": DEJAVU + "DejaVuSans-Bold.ttf", "italic": DEJAVU + "DejaVuSans-Oblique.ttf", "regular": DEJAVU + "DejaVuSans.ttf",
         "serif-bold": LIBERATION + "LiberationSerif-Bold.ttf", "sans-bold": LIBERATION + "LiberationSans-Bold.ttf"}
pytestmark = pytest.mark.skipif(not all(Path(f).exists() for f in FACES.values()), reason="needs the DejaVu and Liberation fonts")
BODY = "The committee discussed budget plans and agreed on next steps. " * 3


def _pdf(path: Path, word_face: str, word_name: str, word: str, body_name: str = "DejaVuSans", colour=(0, 0, 0)) -> Path:
    """Page 1: body text in faceless regular DejaVu Sans named ``body_name``; "Answer:" in Helvetica, then ``word``
    in faceless ``word_face`` named ``word_name`` (``word_face`` "body": the body's own font)."""
    d = pdfs.new_doc(1)
    p = d[0]
    p.insert_font(fontname="FB", fontbuffer=pdfs.faceless_font(FACES["regular"]))
    p.insert_textbox(pymupdf.Rect(72, 72, 520, 300), BODY, fontsize=12, fontname="FB")
    p.insert_text((72, 400), "Answer:", fontsize=11, fontname="helv")
    res = "FB"
    if word_face != "body":
        res = "FW"
        p.insert_font(fontname="FW", fontbuffer=pdfs.faceless_font(FACES[word_face]))
    p.insert_text((130, 400), word, fontsize=11, fontname=res, color=colour)
    pdfs.plain_descriptors(d)
    for xref, _, _, _, ref, _ in p.get_fonts():
        name = {"FB": body_name, "FW": word_name}.get(ref)
        if name is None:
            continue
        d.xref_set_key(xref, "BaseFont", f"/{name}")
        kind, kids = d.xref_get_key(xref, "DescendantFonts")
        for y in [xref] + ([int(kids.strip("[]").split()[0])] if kind == "array" else []):
            if y != xref:
                d.xref_set_key(y, "BaseFont", f"/{name}")
            kind, fd = d.xref_get_key(y, "FontDescriptor")
            if kind == "xref":
                d.xref_set_key(int(fd.split()[0]), "FontName", f"/{name}")
    return pdfs.save(d, path)


def _probe(path: Path, style: str):
    doc = load_doc(path)
    try:
        res = run_probe("text_style", doc, Scope((1,)), {"styles": [style]})
        assert res.status is ProbeStatus.measured, res.note
        return res
    finally:
        doc.close()


def _found(res, word: str) -> bool:
    return any(repr(word) in m.what for m in res.members + res.doubts)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(face=st.sampled_from(["bold", "serif-bold", "sans-bold", "italic"]), name=st.sampled_from(["LiberationSans", "DejaVuSans", "Calibri", "ArialMT"]),
       word=st.sampled_from(["Yes", "NO", "vs", "a", "Q1", "12"]))
def test_a_short_word_in_a_faceless_program_with_a_family_name_is_never_a_zero(tmp_path_factory, face, name, word):
    style = "italic" if face == "italic" else "bold"
    res = _probe(_pdf(tmp_path_factory.mktemp("short") / "f.pdf", face, name, word), style)
    assert _found(res, word), (face, name, word, res.note)


@pytest.mark.parametrize("word", ["Total amount", "Yes"])
def test_a_bold_program_named_as_the_body_font_is_measured_on_its_own(tmp_path, word):
    """The body's long words measure regular; the renamed bold program's own words are not taken for them."""
    res = _probe(_pdf(tmp_path / "same.pdf", "bold", "DejaVuSans", word, body_name="DejaVuSans"), "bold")
    assert _found(res, word), res.note


def test_bold_yes_in_a_program_named_liberationsans_is_not_widened(tmp_path):
    path = _pdf(tmp_path / "yes.pdf", "bold", "LiberationSans", "Yes")
    doc = load_doc(path)
    try:
        d = decide_row(Row(doc_id=path.name, question="How many bold words are on page 1?", answer="Not answerable"), doc)
    finally:
        doc.close()
    assert d.decision != "widen", d.reason


@pytest.mark.parametrize("face,name,style", [("body", "DejaVuSans", "bold"), ("body", "DejaVuSans", "italic"),
                                             ("regular", "Acme-Book", "bold"), ("regular", "Arial,Regular", "italic")])
def test_short_words_in_a_measured_or_named_regular_font_stay_zero(tmp_path, face, name, style):
    res = _probe(_pdf(tmp_path / "c.pdf", face, name, "Yes"), style)
    assert not res.members and not res.doubts, [m.what for m in res.members + res.doubts]


def test_a_short_word_in_a_font_not_embedded_stays_zero(tmp_path):
    """No program in the PDF: a viewer draws Helvetica in the face its name and flags declare (regular)."""
    d = pdfs.new_doc(1)
    d[0].insert_textbox(pymupdf.Rect(72, 72, 520, 300), BODY, fontsize=12, fontname="tiro")
    d[0].insert_text((72, 400), "Yes", fontsize=11, fontname="helv")
    res = _probe(pdfs.save(d, tmp_path / "n.pdf"), "bold")
    assert not res.members and not res.doubts, [m.what for m in res.members + res.doubts]


def test_pale_words_in_a_regular_program_are_measured_in_colour(tmp_path):
    """Yellow glyphs differ from white paper in the blue channel only: measured in colour, upright and regular."""
    res = _probe(_pdf(tmp_path / "y.pdf", "body", "DejaVuSans", "Regional summary", colour=(1, 0.85, 0)), "bold")
    assert not _found(res, "Regional summary"), [m.what for m in res.members + res.doubts]
    res = _probe(_pdf(tmp_path / "yb.pdf", "bold", "DejaVuSans", "Regional summary", colour=(1, 0.85, 0)), "bold")
    assert _found(res, "Regional summary"), res.note
