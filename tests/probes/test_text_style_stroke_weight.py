"""text_style: fill-and-stroke text is bold only when its stroke adds weight (hunt h75).

Render mode 2 (fill, then stroke) was taken for bold whatever the stroke: "0 w" (a one-device-pixel hairline), a
stroke of 0.01 em, a white halo (which thins the letters) or a stroke at opacity 0.2 print regular letters, yet
"What are the bold words on page 1?" was kept as short_not_empty on them and a zero key "contradicted". The stroke's
width (scaled by the CTM), colour, opacity and dashes are read from the stroke itself now: a stroke of at least
0.03 of the size, solid, opaque, in the fill's colour makes a member; any other is a doubt, never a member.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import pdfs

QUESTION = "What are the bold words on page 1?"
BODY = "BT /F1 11 Tf 1 0 0 1 72 700 Tm (The quarterly report reviews the progress of the team.) Tj ET\n"


def _page(path: Path, stroke: str) -> Path:
    """Body text and "Important notice" at 11 pt in render mode 2, its stroke set by ``stroke`` (operators before BT)."""
    return pdfs.raw_page(path, BODY + f"q {stroke} BT /F1 11 Tf 2 Tr 1 0 0 1 72 600 Tm (Important notice) Tj ET Q\n")


def _bold(pdf: Path):
    return pdfs.probe(pdf, "text_style", {"styles": ["bold"]})


THIN = {
    "hairline": "0 w 0 G",
    "a hundredth of an em": "0.11 w 0 G",
    "a white halo": "0.6 w 1 G",
    "a translucent stroke": "/G1 gs 0.6 w 0 G",
    "a dashed stroke": "0.6 w [1 2] 0 d 0 G",
}
# Drawn at half scale: 22 pt type and a 0.4 pt stroke print as 11 pt type and a 0.2 pt stroke (0.018 em).
HALF = "q 0.5 0 0 0.5 0 0 cm 0.4 w 0 G BT /F1 22 Tf 2 Tr 1 0 0 1 144 1200 Tm (Important notice) Tj ET Q\n"


def _translucent(path: Path, stroke: str) -> Path:
    doc = pymupdf.open(_page(path, stroke))
    page = doc[0]
    x = doc.get_new_xref()
    doc.update_object(x, "<< /Type /ExtGState /CA 0.2 >>")
    res = doc.xref_get_key(page.xref, "Resources")[1].split()[0]
    doc.xref_set_key(int(res), "ExtGState", f"<< /G1 {x} 0 R >>")
    out = path.with_name("t-" + path.name)
    doc.save(out)
    doc.close()
    return out


@pytest.mark.parametrize("how", [*THIN, "a stroke scaled down by the CTM"])
def test_fill_and_stroke_that_adds_no_weight_is_a_doubt_never_a_member(tmp_path: Path, how: str) -> None:
    pdf = pdfs.raw_page(tmp_path / "half.pdf", BODY + HALF) if how not in THIN else _page(tmp_path / "thin.pdf", THIN[how])
    if "/G1" in THIN.get(how, ""):
        pdf = _translucent(pdf, THIN[how])
    res = _bold(pdf)
    assert not res.members, [m.what for m in res.members]
    assert any("Important" in d.what and "fill-and-stroke whose stroke" in (d.why or "") for d in res.doubts), [(d.what, d.why) for d in res.doubts]
    rec = pdfs.decide(pdf, QUESTION)
    assert rec.decision == "keep" and rec.case != "short_not_empty", (rec.case, rec.reason)
    _, verdict = pdfs.zero_verdict(pdf, QUESTION)
    assert verdict != "contradicted", verdict


# Drawn at double scale: 5.5 pt type and a 0.3 pt stroke print as 11 pt type and a 0.6 pt stroke (0.055 em).
DOUBLE = "q 2 0 0 2 0 0 cm 0.3 w 0 G BT /F1 5.5 Tf 2 Tr 1 0 0 1 36 300 Tm (Important notice) Tj ET Q\n"


@pytest.mark.parametrize("stroke", ["0.55 w 0 G", "0.33 w 0 G", "double", "0.6 w 0.1 G"])
def test_control_a_stroke_that_adds_weight_is_bold(tmp_path: Path, stroke: str) -> None:
    """0.05 em (PyMuPDF's default), 0.03 em, 0.3 pt drawn at twice the scale, a near-black stroke on black: members."""
    pdf = pdfs.raw_page(tmp_path / "bold.pdf", BODY + DOUBLE) if stroke == "double" else _page(tmp_path / "bold.pdf", stroke)
    res = _bold(pdf)
    assert any("Important" in m.what for m in res.members), ([m.what for m in res.members], [(d.what, d.why) for d in res.doubts])
    assert pdfs.decide(pdf, QUESTION).case == "short_not_empty"


def test_control_plain_text_still_widens(tmp_path: Path) -> None:
    pdf = pdfs.raw_page(tmp_path / "plain.pdf", BODY + "BT /F1 11 Tf 1 0 0 1 72 600 Tm (Important notice) Tj ET\n")
    res = _bold(pdf)
    assert res.measured_zero and not res.doubts, res
    assert pdfs.decide(pdf, QUESTION).decision == "widen"
