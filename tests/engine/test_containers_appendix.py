"""Containers, held out, tables: "Table A1" asked of a document that prints its appendix's
table as "Appendix Table 1" (or "Table 1" under an "Appendix A" heading) is no missing container."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest

Q = "Which countries in Table A1 have more than 5% GDP growth?"


def _doc(tmp: Path, caption: str, heading: str | None, v: str, name: str) -> Path:
    d = pdfs.new_doc(2)
    d[0].insert_textbox(pymupdf.Rect(72, 72, 540, 200), "Economic outlook. Growth across the region was uneven in 2023.", fontsize=10)
    page = d[1]
    if heading:
        page.insert_text((72, 80), heading, fontsize=14, fontname="hebo")
    page.insert_text((72, 140), caption, fontsize=11, fontname="hebo")
    for j, h in enumerate(("Country", "GDP growth (%)")):
        page.insert_text((76 + 178 * j, 163), h, fontsize=10, fontname="hebo")
    for r, (label, c) in enumerate((("Brazil", "2.1"), ("India", "4.8"), ("Laos", v)), 1):
        page.insert_text((76, 163 + 18 * r), label, fontsize=10)
        page.insert_text((254, 163 + 18 * r), c, fontsize=10)
    return pdfs.save(d, tmp / name)


@pytest.mark.parametrize("caption, heading", [
    ("Appendix Table 1: Economic performance", None),
    ("Annex A, Table 1: Economic performance", None),
    ("Table 1: Economic performance", "Appendix A. Country data"),
])
def test_an_appendix_table_printed_without_its_letter_is_no_missing_container(tmp_path: Path, caption: str, heading: str | None) -> None:
    """Laos at 6.2% is in the appendix's Table 1: "Table A1 does not exist" was claimed."""
    dec = pdfs.decide(_doc(tmp_path, caption, heading, "6.2", "plant.pdf"), Q)
    assert dec.case != "missing_container" and dec.decision == "keep", (caption, dec.case, dec.reason)
    # A doubtful reading only: its zero never licences "none" either.
    low = pdfs.decide(_doc(tmp_path, caption, heading, "3.2", "low.pdf"), Q)
    assert low.case != "missing_container" and low.decision == "keep", (caption, low.case, low.reason)


@pytest.mark.parametrize("caption, heading", [
    ("Table 1: Economic performance", None),            # no appendix anywhere
    ("Appendix Table 2: Economic performance", None),   # the appendix's other table
])
def test_without_the_appendix_table_the_container_is_still_missing(tmp_path: Path, caption: str, heading: str | None) -> None:
    dec = pdfs.decide(_doc(tmp_path, caption, heading, "6.2", "ctl.pdf"), Q)
    assert dec.case == "missing_container", (caption, dec.case, dec.reason)
