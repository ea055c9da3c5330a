"""Annotations written inline in a page's /Annots list (no object of their own, xref 0), as some
converters write links: their flags are read from the annotation, not looked up by object number. Before,
every page of such a file was "content hidden by default that could not be read", a doubt for any name,
and a name printed nowhere was never claimed absent."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import pdfs

INLINE_LINK = "<</Type/Annot/Subtype/Link/Rect[72 700 200 720]/Border[0 0 0]/A<</S/URI/URI(https://example.org)>>>>"


def _page_with(tmp_path: Path, annots: str) -> Path:
    doc = pdfs.new_doc(1)
    pdfs.text(doc[0], (72, 100), "The harbour office opens at nine.")
    doc.xref_set_key(doc[0].xref, "Annots", f"[{annots}]")
    return pdfs.save(doc, tmp_path / "p.pdf")


def test_an_inline_link_hides_nothing(tmp_path: Path) -> None:
    pdf = _page_with(tmp_path, INLINE_LINK)
    with pymupdf.open(pdf) as doc:
        assert [x for x, *_ in doc[0].annot_xrefs()] == [0]  # the plant: an annotation with no object of its own
    d = pdfs.decide(pdf, "What is the revenue of Quillfeather Ltd?")
    assert d.case == "absent_entity", d.reason


@pytest.mark.parametrize("flags", [2, 32])
def test_an_inline_hidden_note_is_read_as_a_doubt(tmp_path: Path, flags: int) -> None:
    note = (f"<</Type/Annot/Subtype/FreeText/Rect[72 600 300 630]/F {flags}/DA(/Helv 12 Tf 0 g)"
            "/Contents(Quillfeather Ltd)>>")
    d = pdfs.decide(_page_with(tmp_path, f"{INLINE_LINK} {note}"), "What is the revenue of Quillfeather Ltd?")
    assert d.case != "absent_entity", d.reason
