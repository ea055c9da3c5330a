"""A name a tagged document gives only in a figure's alternative text (/Alt, what a screen reader says for the
picture): no word a page prints, yet the figure may show it. A doubt on the figure's page, never absent_entity."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

NAMES = ["Jane Quorvane", "Brambleton", "Okonkwo Adeyemi", "Vasquez-Lindqvist"]
QUESTION = "What is {name} holding in the photograph of the opening ceremony?"


def _tagged(path: Path, alt: str | None, page_no: int | None, depth: int = 0) -> Path:
    """Three pages, a grey rectangle standing for a photo on each; a structure tree whose one Figure element carries
    ``alt``, naming its page directly (depth 0) or through ``depth`` parents, or naming none (``page_no`` None)."""
    doc = pdfs.new_doc(3, 612, 792)
    for i in range(3):
        pdfs.text(doc[i], (72, 72), f"Annual review, part {i + 1}", size=14)
        doc[i].draw_rect(pymupdf.Rect(72, 120, 372, 320), color=None, fill=(0.6, 0.6, 0.6))
    if alt is not None:
        root = doc.get_new_xref()
        chain = [doc.get_new_xref() for _ in range(depth + 1)]  # chain[0] the figure, chain[-1] the top element
        pg = f"/Pg {doc[page_no].xref} 0 R" if page_no is not None else ""
        doc.update_object(chain[0], f"<< /Type /StructElem /S /Figure /Alt ({alt}) /P {chain[1] if depth else root} 0 R"
                                    f"{' ' + pg if depth == 0 else ''} >>")
        for k in range(1, depth + 1):
            parent = chain[k + 1] if k < depth else root
            own = f" {pg}" if k == depth else ""
            doc.update_object(chain[k], f"<< /Type /StructElem /S /Sect /P {parent} 0 R /K [{chain[k - 1]} 0 R]{own} >>")
        doc.update_object(root, f"<< /Type /StructTreeRoot /K [{chain[-1]} 0 R] >>")
        doc.xref_set_key(doc.pdf_catalog(), "StructTreeRoot", f"{root} 0 R")
    return pdfs.save(doc, path)


def _mentions(pdf: Path, name: str, pages: tuple[int, ...] | None = None):
    doc = load_doc(pdf, ocr=False)
    try:
        return run_probe("name_mentions", doc, Scope(pages=pages or tuple(range(1, doc.pdf.page_count + 1))), {"variants": [name]})
    finally:
        doc.close()


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(NAMES), page_no=st.integers(0, 2), depth=st.integers(0, 3))
def test_a_name_only_in_alternative_text_is_a_doubt_on_its_page(tmp_path_factory, name, page_no, depth):
    pdf = _tagged(tmp_path_factory.mktemp("a") / "tagged.pdf", f"Photo: {name} cuts the ribbon", page_no, depth)
    res = _mentions(pdf, name)
    assert not res.members
    assert [d.page for d in res.doubts] == [page_no + 1], res
    assert "alternative text" in res.doubts[0].what
    assert pdfs.decide(pdf, QUESTION.format(name=name)).case != "absent_entity"


def test_alternative_text_on_no_recorded_page_is_a_doubt_on_the_first_page_searched(tmp_path):
    pdf = _tagged(tmp_path / "tagged.pdf", "Photo: Jane Quorvane cuts the ribbon", None)
    assert [d.page for d in _mentions(pdf, "Jane Quorvane", (2, 3)).doubts] == [2]


def test_alternative_text_of_another_page_leaves_a_page_scope_absent(tmp_path):
    pdf = _tagged(tmp_path / "tagged.pdf", "Photo: Jane Quorvane cuts the ribbon", 0)
    res = _mentions(pdf, "Jane Quorvane", (2, 3))
    assert not res.members and not res.doubts


@pytest.mark.parametrize("alt", [None, "Photo: the mayor cuts the ribbon"])
def test_control_a_name_nowhere_is_still_absent(tmp_path, alt):
    pdf = _tagged(tmp_path / "tagged.pdf", alt, 1)
    assert not _mentions(pdf, "Jane Quorvane").doubts
    assert pdfs.decide(pdf, QUESTION.format(name="Jane Quorvane")).case == "absent_entity"
