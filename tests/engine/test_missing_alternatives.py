"""missing_container: places named as alternatives ("page 2 or page 3") are missing only when every one of them
is; a two-page document has page 2, so the row is no missing container (hunt 25f: it was claimed one)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest


def _two_pages(path: Path) -> Path:
    d = pdfs.new_doc(2)
    pdfs.text(d[0], (72, 60), "Annual review.")
    pdfs.text(d[1], (72, 60), "Second page of the review.")
    return pdfs.save(d, path)


@pytest.mark.parametrize("question", ["What is the red text on page 2 or page 3?", "What is the red text on page 2 or 3?",
                                      "What is the red text on page 3 or page 2?"])
def test_an_alternative_that_exists_is_no_missing_container(tmp_path: Path, question: str) -> None:
    d = pdfs.decide(_two_pages(tmp_path / "t.pdf"), question)
    assert d.case != "missing_container", d.reason


@pytest.mark.parametrize("question", ["What is the red text on page 3 or page 4?", "What is the red text on page 3?",
                                      "What is the red text on pages 2 and 3?"])
def test_control_every_alternative_missing_or_a_page_joined_by_and(tmp_path: Path, question: str) -> None:
    d = pdfs.decide(_two_pages(tmp_path / "t.pdf"), question)
    assert (d.decision, d.case) == ("keep", "missing_container"), d.reason
