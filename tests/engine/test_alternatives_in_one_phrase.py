""""Figure 1 or 4": the parser gives the second number the whole phrase and the first its own words; Figure 1
exists, so the container the question names is there and no missing_container is claimed. A phrase whose every
alternative is missing still is."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row


def _figure_one(path: Path) -> Path:
    doc = pymupdf.open()
    p = doc.new_page()
    p.insert_text((72, 72), "Sales", fontsize=16)
    p.draw_rect(pymupdf.Rect(100, 300, 140, 400), color=None, fill=(0.9, 0.1, 0.1))
    p.draw_line((90, 400), (300, 400))
    p.insert_text((100, 420), "Figure 1: Sales by year", fontsize=10)
    doc.save(path)
    doc.close()
    return path


@pytest.mark.parametrize("q, missing", [
    ("How many images are in Figure 1 or 4?", False),
    ("How many images are in Figure 4 or 5?", True),
    ("How many images are in Figure 4?", True),
])
def test_an_alternative_that_exists_keeps_the_phrase(tmp_path: Path, q: str, missing: bool) -> None:
    d = load_doc(_figure_one(tmp_path / "f.pdf"), ocr=False)
    try:
        r = decide_row(Row(doc_id="f.pdf", question=q, answer="Not answerable"), d)
    finally:
        d.close()
    assert (r.case == "missing_container") == missing, (q, r.case, r.reason)
