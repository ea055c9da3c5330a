"""text_pattern, hunt 25c: a phone number set in a font whose /ToUnicode says no digit (old-style
figures mapped to private use, or digits left unmapped) on a page of legible text. The page shows
the number; its layer reads codes, too few for the page to count as garbled: "What is the phone
number of the help desk on page 1?" widened."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.probes.text_pattern import _found

DEJAVU = str(pdfs.DEJAVU_SANS)
QUESTION = "What is the phone number of the help desk on page 1?"
PROSE = "The help desk is open on weekdays from nine to five and answers questions about accounts."


def _page(tmp_path: Path, last: str, digit_to: int | None) -> Path:
    """Thirty lines of prose and ``last`` in DejaVu, its /ToUnicode rewritten: each glyph says its own
    character, the digits ``digit_to`` + digit (private use) or, with None, nothing (control codes)."""
    d = pdfs.new_doc()
    page = d[0]
    for k in range(30):
        page.insert_text((72, 72 + 14 * k), PROSE, fontname="dv", fontfile=DEJAVU, fontsize=10)
    page.insert_text((72, 72 + 14 * 30), last, fontname="dv", fontfile=DEJAVU, fontsize=10)
    path = pdfs.save(d, tmp_path / "mapped.pdf")
    font = pymupdf.Font(fontfile=DEJAVU)
    pairs = []
    for c in sorted(set(PROSE + last)):
        gid = font.has_glyph(ord(c))
        if gid and not (c.isdigit() and digit_to is None):
            pairs.append(f"<{gid:04x}> <{ord(chr(digit_to + int(c)) if c.isdigit() else c):04x}>")
    cmap = ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo <</Registry(Adobe)/Ordering(UCS)/Supplement 0>> def\n"
            "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
            f"{len(pairs)} beginbfchar\n" + "\n".join(pairs) + "\nendbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
    doc = pymupdf.open(path)
    for xref in range(1, doc.xref_length()):
        if "DejaVu" in doc.xref_object(xref) and doc.xref_get_key(xref, "ToUnicode")[0] == "xref":
            doc.update_stream(int(doc.xref_get_key(xref, "ToUnicode")[1].split()[0]), cmap.encode())
    doc.save(tmp_path / "unmapped.pdf")
    return tmp_path / "unmapped.pdf"


@pdfs.needs_dejavu
@pytest.mark.parametrize("digit_to", [0xF730, None], ids=["old-style figures in private use", "digits unmapped"])
@pytest.mark.parametrize("line", ["Phone: 206-555-0100", "Help desk 206.555.0100", "Desk (206) 555 0100"])
def test_a_phone_number_whose_digits_the_layer_cannot_say_is_a_doubt(tmp_path, digit_to, line):
    """Regression (hunt 25c): the number read "\\uf732\\uf730\\uf736-..." or "\\x15\\x13\\x19-...": no digit,
    no phone; the page's prose reads, so it was measured, and "none" widened."""
    path = _page(tmp_path, line, digit_to)
    layer = pymupdf.open(path)[0].get_text()
    assert "weekdays" in layer and "555" not in layer
    rec = pdfs.decide(path, QUESTION)
    assert rec.decision == "keep" and rec.case == "unverifiable" and rec.doubts, rec.reason


@pdfs.needs_dejavu
def test_the_same_page_without_a_number_widens(tmp_path):
    """Control: the same page and font, no number on it (an icon in private use beside a word is none)."""
    assert pdfs.decide(_page(tmp_path, "Help desk: ask at the front counter.", 0xF730), QUESTION).decision == "widen"


@settings(max_examples=60, deadline=None)
@given(digits=st.lists(st.integers(0, 9), min_size=10, max_size=10), sep=st.sampled_from(["-", ".", " "]),
       code=st.sampled_from([0xF730, 0xE000, 0x13]))
def test_any_phone_shape_with_unsaid_digits_is_read(digits, sep, code):
    """Property: a 3-3-4 number with every digit printed as a code the layer cannot say is a doubt,
    never nothing; one code beside a word ("\\uf095 Help desk") is none."""
    said = "".join(chr(code + d) for d in digits)
    line = f"Help desk {said[:3]}{sep}{said[3:6]}{sep}{said[6:]}"
    sure, unsure = _found("phone", line)
    assert not sure and unsure, line
    assert _found("phone", f"{chr(code)} Help desk") == ([], [])


@pytest.mark.parametrize("line, widens", [("Help desk x4521", False), ("Help desk: x 4521 (weekdays)", False),
                                          ("Help desk: 1920 x 1080 screens", True), ("Help desk: Model X5000 printers", True)])
def test_an_extension_written_with_an_x_is_a_doubt(tmp_path, line, widens):
    """Regression (hunt 25c): "Help desk x4521" (an extension, as "ext. 4521" is, which was a doubt)
    was no number at all: "What is the phone number of the help desk on page 1?" widened. Controls: a
    size "1920 x 1080" and a model "X5000" are no extension."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 72), "Services on this floor.")
    pdfs.text(d[0], (72, 100), line)
    rec = pdfs.decide(pdfs.save(d, tmp_path / "x.pdf"), QUESTION)
    assert (rec.decision == "widen") is widens, rec.reason
