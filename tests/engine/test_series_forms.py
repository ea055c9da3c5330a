"""engine.cases: a series lettered or numbered one way in the question may be printed another way in the
document ("Appendix B" as "APPENDIX II", "Part IV" as "Part 4"): such a print is a doubt, never a ground for
absent_entity; a series that holds no such item at all is still absent."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import pdfs


def _report(path: Path, heads: list[str]) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Annual programme review", fontsize=16)
    page.insert_text((72, 90), "The committee reviewed the programme and noted steady progress.", fontsize=10)
    for k, head in enumerate(heads):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 60), head, fontsize=14, fontname="hebo")
        page.insert_text((72, 90), f"Supporting material, part {k + 1}.", fontsize=10)
    doc.save(path)
    return path


@pytest.mark.parametrize("asked, printed", [
    ("Appendix B", ["APPENDIX I", "APPENDIX II"]),
    ("Part IV", ["Part 1", "Part 2", "Part 3", "Part 4"]),
    ("Annex 3", ["ANNEX I", "ANNEX II", "ANNEX III"]),
])
def test_a_series_printed_another_way_is_no_absent_entity(tmp_path: Path, asked: str, printed: list[str]):
    d = pdfs.decide(_report(tmp_path / "r.pdf", printed), f"How many tables are in {asked}?")
    assert d.case != "absent_entity", d.reason


def test_a_series_without_the_item_under_any_form_is_absent(tmp_path: Path):
    d = pdfs.decide(_report(tmp_path / "r.pdf", ["APPENDIX A"]), "How many tables are in Appendix C?")
    assert d.case == "absent_entity", d.reason
