"""text_style: a short word in a font whose name names no face ("F1", "T3", "CIDFont+F2").

Some writers (print-to-PDF drivers among them) name every font by a counter and embed subsets with no
style bits, weight or slant. Then only the render tells italic or bold, and the render measure
(facts.glyph_shapes) needs four letters of the font on the page: "NO" in a bold face, or "vs" in an
italic one, was measured by nothing and "how many bold words" was widened. Such a font with too few
letters to measure is a doubt for italic and bold now. Controls: a named regular font with the same few
letters stays a zero, and an unnamed font with letters enough is measured (upright: no doubt).
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

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
FACES = {"bold": DEJAVU + "DejaVuSans-Bold.ttf", "italic": DEJAVU + "DejaVuSans-Oblique.ttf", "regular": DEJAVU + "DejaVuSans.ttf"}
pytestmark = pytest.mark.skipif(not all(Path(f).exists() for f in FACES.values()), reason="needs the DejaVu fonts")


def _pdf(path: Path, face: str, name: str, word: str) -> Path:
    """Three pages of body text; on page 2, "See the note" then ``word`` in ``face`` renamed ``name``."""
    d = pdfs.new_doc(3)
    for n, p in enumerate(d):
        p.insert_textbox(pymupdf.Rect(72, 72, 520, 300), f"Page {n + 1}. The committee discussed budget plans and agreed on next steps.",
                         fontsize=12, fontname="helv")
    p = d[1]
    p.insert_text((72, 400), "See the note", fontsize=11, fontname="helv")
    p.insert_font(fontname="FX", fontbuffer=pdfs.faceless_font(FACES[face]))
    p.insert_text((72 + pymupdf.get_text_length("See the note ", "helv", 11), 400), word, fontsize=11, fontname="FX")
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


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(face=st.sampled_from(["bold", "italic"]), name=st.sampled_from(["F1", "T3", "TT12", "CIDFont+F2", "C0_0"]),
       word=st.sampled_from(["NO", "vs", "a", "Q1", "et"]))
def test_a_short_word_in_a_faceless_font_is_never_a_zero(tmp_path_factory, face, name, word):
    res = _probe(_pdf(tmp_path_factory.mktemp("faceless") / "f.pdf", face, name, word), face)
    assert any(repr(word) in m.what for m in res.members + res.doubts), (face, name, word, res.note)


def test_hunt_bold_no_in_a_font_named_t3_is_not_widened(tmp_path):
    """Regression: "NO" in DejaVuSans-Bold stripped of its style bits, named "T3": widened."""
    path = _pdf(tmp_path / "t3.pdf", "bold", "T3", "NO")
    doc = load_doc(path)
    try:
        d = decide_row(Row(doc_id=path.name, question="How many bold words are on page 2?", answer="Not answerable"), doc)
    finally:
        doc.close()
    assert d.decision != "widen", d.reason


@pytest.mark.parametrize("name,word,style", [("Acme-Book", "NO", "bold"), ("Acme-Book", "vs", "italic"),
                                             ("F1", "Ordinary words", "italic"), ("F1", "Ordinary words", "bold")])
def test_named_fonts_and_measurable_faceless_fonts_stay_zero(tmp_path, name, word, style):
    res = _probe(_pdf(tmp_path / "c.pdf", "regular", name, word), style)
    assert not res.members and not res.doubts, [m.what for m in res.members + res.doubts]
