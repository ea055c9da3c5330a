"""table_values, hunt 25c: cells whose digits the text layer cannot say (a /ToUnicode that leaves them
unmapped or maps them to private use, as old-style figures often are), a letter-spaced number whose
first digit stands left of its header, E notation and OCR's letters for digits. Each was a false
widening of "Which area has more than 23% land area rezoned?" with the value visibly printed."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.probes.table_values import readings

DEJAVU = str(pdfs.DEJAVU_SANS)
QUESTION = "Which area has more than 23% land area rezoned?"


def _digits_unmapped(path: Path, out: Path, digit_to: int | None) -> Path:
    """``path`` with the /ToUnicode of its DejaVu font rewritten: every glyph it draws says its own
    character, except the digits, which say ``digit_to`` + the digit (a private-use code) or, with
    None, nothing (MuPDF then gives the glyph number as a control code)."""
    font = pymupdf.Font(fontfile=DEJAVU)
    doc = pymupdf.open(path)
    chars = {c for page in doc for c in page.get_text()} | set("0123456789%.")
    pairs = []
    for c in sorted(chars):
        gid = font.has_glyph(ord(c))
        if not gid:
            continue
        if c.isdigit():
            if digit_to is None:
                continue
            c = chr(digit_to + int(c))
        pairs.append(f"<{gid:04x}> <{ord(c):04x}>")
    body = f"{len(pairs)} beginbfchar\n" + "\n".join(pairs) + "\nendbfchar\n"
    cmap = ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo <</Registry(Adobe)/Ordering(UCS)/Supplement 0>> def\n"
            "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
            f"{body}endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
    for xref in range(1, doc.xref_length()):
        if "DejaVu" in doc.xref_object(xref) and doc.xref_get_key(xref, "ToUnicode")[0] == "xref":
            doc.update_stream(int(doc.xref_get_key(xref, "ToUnicode")[1].split()[0]), cmap.encode())
    doc.save(out)
    doc.close()
    return out


def _table(tmp_path: Path, south: str, name: str = "t") -> Path:
    """Table 1 with "% land area rezoned": North 18.4%, East 12.0% in Helvetica, South's ``south`` in DejaVu."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 1: Rezoning by area")
    pdfs.table(d[0], (72, 80), ["Area", "% land area rezoned"], [["North", "18.4%"], ["South", ""], ["East", "12.0%"]])
    d[0].insert_text((72 + 110 + 4, 80 + 3 * 18 - 5), south, fontname="dv", fontfile=DEJAVU, fontsize=9)
    return pdfs.save(d, tmp_path / f"{name}.pdf")


@pdfs.needs_dejavu
@pytest.mark.parametrize("digit_to", [0xF730, None], ids=["old-style figures in private use", "digits unmapped"])
@pytest.mark.parametrize("south", ["24.1%", "24"])
def test_a_cell_whose_digits_the_layer_cannot_say_is_a_doubt(tmp_path, digit_to, south):
    """Regression (hunt 25c): South prints "24.1%" (the page shows it) in a font whose /ToUnicode says
    no digit: the cell read "\\uf732\\uf734.\\uf731%" and passed for a placeholder ("\\W*", like "—"), or,
    as control codes, MuPDF's word list dropped it; "more than 23%" widened."""
    path = _digits_unmapped(_table(tmp_path, south), tmp_path / "u.pdf", digit_to)
    layer = pymupdf.open(path)[0].get_text()
    assert "18.4%" in layer and "24" not in layer  # the other cells read; South's digits do not
    rec = pdfs.decide(path, QUESTION)
    assert rec.decision == "keep" and rec.case == "unverifiable" and any("South" in m.what for m in rec.doubts), rec.reason


@pdfs.needs_dejavu
@pytest.mark.parametrize("digit_to", [0xF730, None], ids=["old-style figures in private use", "digits unmapped"])
def test_an_unsaid_single_digit_cannot_exceed_the_threshold(tmp_path, digit_to):
    """Control: one code the layer cannot say is at most 9: "5%" so printed is no doubt for "> 23"."""
    path = _digits_unmapped(_table(tmp_path, "5%"), tmp_path / "u.pdf", digit_to)
    assert pdfs.decide(path, QUESTION).decision == "widen"


@pdfs.needs_dejavu
def test_the_same_table_with_legible_digits(tmp_path):
    """Controls: South "22.0%" legible widens; "24.1%" legible is a member."""
    assert pdfs.decide(_table(tmp_path, "22.0%", "low"), QUESTION).decision == "widen"
    rec = pdfs.decide(_table(tmp_path, "24.1%", "high"), QUESTION)
    assert rec.case == "short_not_empty" and any("South" in m.what for m in rec.members)


@pytest.mark.parametrize("south, widens", [("2 4 . 1 %", False), ("2 2 . 1 %", True)])
def test_a_letter_spaced_number_is_read_whole(tmp_path, south, widens):
    """Regression (hunt 25c): "2 4 . 1 %" set with tracking under "% land area rezoned" (the question
    names "land area rezoned", so the header's band starts right of its "%"): the "2" fell outside the
    band and the cell read "4 . 1 %"; "more than 23%" widened. Control: "2 2 . 1 %" stays below."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 2: Rezoning by area")
    pdfs.table(d[0], (72, 80), ["Area", "% land area rezoned"], [["North", "18.4%"], ["South", south], ["East", "12.0%"]], col_w=150)
    rec = pdfs.decide(pdfs.save(d, tmp_path / "t.pdf"), QUESTION)
    assert (rec.decision == "widen") is widens, rec.reason
    if not widens:
        assert any("South" in m.what for m in rec.doubts), rec.reason


@pytest.mark.parametrize("south", ["2.41E1%", "3O.5%"])
def test_e_notation_and_ocr_letters_for_digits_are_doubts(tmp_path, south):
    """Regression (hunt 25c): "2.41E1%" read 2.41 and "3O.5%" (OCR's letter O for a zero) read 3 and
    .5; "more than 23%" widened. Each is read the other way too, as a doubt."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 2: Rezoning by area")
    pdfs.table(d[0], (72, 80), ["Area", "% land area rezoned"], [["North", "18.4%"], ["South", south], ["East", "12.0%"]], col_w=150)
    rec = pdfs.decide(pdfs.save(d, tmp_path / "t.pdf"), QUESTION)
    assert rec.decision == "keep" and any("South" in m.what for m in rec.doubts), rec.reason


@settings(max_examples=60, deadline=None)
@given(v=st.floats(0.01, 1e6).map(lambda v: round(v, 2)), zero_as=st.sampled_from("Oo"))
def test_readings_cover_e_notation_and_letter_zeros(v, zero_as):
    """Property: E notation reads as its value; a zero OCR read as a letter reads as the zero."""
    e = f"{v:.4E}"
    assert any(abs(r - float(e)) <= 1e-9 * max(1.0, abs(r)) for r in readings(e)), (e, readings(e))
    printed = f"{v:.2f}"
    if "0" in printed:
        slipped = printed.replace("0", zero_as)
        assert v in readings(slipped), (slipped, readings(slipped))
