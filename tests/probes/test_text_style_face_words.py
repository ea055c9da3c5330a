"""text_style: a font's face named in words the English suffixes miss.

A font program whose style bits, weight class and italic angle say regular (a converter that drops them,
a Type 1 font whose /Weight is no "Bold") is bold or italic to the text layer only by its name. Words of
fewer than four letters ("Yes", "No") give the render measure (facts.glyph_shapes) nothing to read, so
the name is the only test that runs. "Helvetica-Halbfett" (German semibold), "Garamond-Gras" (French),
"Arial-Negrita" (Spanish), TeX's "SFBX1000"/"CMSSBX10", URW's "NimbusSanL-ReguObli", "Garamond-Italique",
"Bodoni-Corsivo" were read as regular: "How many bold words are on page 2?" widened over a bold "Yes".
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
from widening.probes.text_style import is_bold_name, is_italic_name

load_doc = partial(_load_doc, ocr=False)

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
FACES = {"bold": DEJAVU + "DejaVuSans-Bold.ttf", "italic": DEJAVU + "DejaVuSans-Oblique.ttf", "regular": DEJAVU + "DejaVuSans.ttf"}
needs_fonts = pytest.mark.skipif(not all(Path(f).exists() for f in FACES.values()), reason="needs the DejaVu fonts")

BOLD_FACES = ["Fett", "Halbfett", "Extrafett", "Negrita", "Gras", "DemiGras", "Grassetto"]
BOLD_TEX = ["CMB10", "CMSSBX10", "CMMIB10", "SFBX1000", "SFRB1200", "SFSX1000", "ECBX1000", "ECRB1000"]
ITALIC_FACES = ["Italique", "Corsivo", "Schraeg", "Schräg", "ReguObli", "BookObli", "Ita"]
ITALIC_TEX = ["ECTI1000", "ECSL1000", "ECSI1000", "SFSO1000", "SFBL1000"]
# Names that hold the letters but name no weight or slant: a family, a regular TeX face.
REGULAR = ["Grasshopper-Regular", "Fettle-Book", "CMBR10", "CMR10", "SFRM1000", "ECRM1000", "ECTT1000", "Obligato-Regular", "Italia-Roman"]


@given(family=st.sampled_from(["Helvetica", "Garamond", "UniversLTStd", "ABCDEF+Futura"]), join=st.sampled_from(["-", ","]),
       face=st.sampled_from(BOLD_FACES))
def test_bold_face_words_of_other_languages_are_bold(family: str, join: str, face: str) -> None:
    assert is_bold_name(f"{family}{join}{face}")


@given(family=st.sampled_from(["Helvetica", "Garamond", "NimbusSanL", "ABCDEF+ScalaSansPro"]), face=st.sampled_from(ITALIC_FACES))
def test_italic_face_words_of_other_languages_are_italic(family: str, face: str) -> None:
    assert is_italic_name(f"{family}-{face}")


@pytest.mark.parametrize("name", BOLD_TEX)
def test_tex_bold_names(name: str) -> None:
    assert is_bold_name(name) and is_bold_name(f"QWERTY+{name}")


@pytest.mark.parametrize("name", ITALIC_TEX)
def test_tex_italic_names(name: str) -> None:
    assert is_italic_name(name)


@pytest.mark.parametrize("name", REGULAR)
def test_names_that_only_hold_the_letters_are_regular(name: str) -> None:
    assert not is_bold_name(name) and not is_italic_name(name)


def _pdf(path: Path, face: str, name: str, word: str) -> Path:
    """Two pages of body text; on page 2, "Approved:" then ``word`` in the faceless ``face`` renamed ``name``."""
    d = pdfs.new_doc(2)
    for n, p in enumerate(d):
        p.insert_textbox(pymupdf.Rect(72, 72, 520, 300), f"Page {n + 1}. The committee discussed budget plans and agreed on next steps.",
                         fontsize=12, fontname="helv")
    p = d[1]
    p.insert_text((72, 400), "Approved:", fontsize=11, fontname="helv")
    p.insert_font(fontname="FX", fontbuffer=pdfs.faceless_font(FACES[face]))
    p.insert_text((72 + pymupdf.get_text_length("Approved: ", "helv", 11), 400), word, fontsize=11, fontname="FX")
    pdfs.plain_descriptors(d, rename=("DejaVu", name))
    return pdfs.save(d, path)


def _probe(path: Path, style: str):
    doc = load_doc(path)
    try:
        res = run_probe("text_style", doc, Scope((2,)), {"styles": [style]})
        assert res.status is ProbeStatus.measured, res.note
        return res
    finally:
        doc.close()


def _decide(path: Path, question: str):
    doc = load_doc(path)
    try:
        return decide_row(Row(doc_id=path.name, question=question, answer="Not answerable"), doc)
    finally:
        doc.close()


@needs_fonts
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(style=st.sampled_from(["bold", "italic"]), word=st.sampled_from(["Yes", "No", "OK", "Tax"]), data=st.data())
def test_a_short_word_in_a_face_named_in_other_words_is_a_member(tmp_path_factory, style, word, data) -> None:
    """Too short for the render measure, bits cleared: the face's name alone makes the word a member."""
    names = [f"Helvetica-{f}" for f in BOLD_FACES] + BOLD_TEX if style == "bold" else [f"NimbusSanL-{f}" for f in ITALIC_FACES] + ITALIC_TEX
    name = data.draw(st.sampled_from([n for n in names if n.isascii()]))  # a PostScript name is ASCII
    path = _pdf(tmp_path_factory.mktemp("face") / "f.pdf", style, name, word)
    res = _probe(path, style)
    assert any(word in m.what for m in res.members), (name, res.note, [(m.what, m.why) for m in res.doubts])


@needs_fonts
def test_the_bold_yes_is_not_widened(tmp_path) -> None:
    """The hunt's page: a semibold "Yes" named "Helvetica-Halbfett" is a member; the set is short, not empty."""
    d = _decide(_pdf(tmp_path / "halbfett.pdf", "bold", "Helvetica-Halbfett", "Yes"), "How many bold words are on page 2?")
    assert d.decision == "keep" and d.case == "short_not_empty", (d.decision, d.case, d.reason)


@needs_fonts
def test_control_a_regular_yes_under_a_regular_name_still_widens(tmp_path) -> None:
    """Control, same question shape: the regular face named "Helvetica-Regular": zero bold words, widened."""
    d = _decide(_pdf(tmp_path / "regular.pdf", "regular", "Helvetica-Regular", "Yes"), "How many bold words are on page 2?")
    assert d.decision == "widen" and d.case is None, (d.decision, d.case, d.reason)
