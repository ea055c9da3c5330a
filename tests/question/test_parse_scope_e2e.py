"""End to end on generated PDFs (review rv6): a thing on a page the question names keeps the row,
whatever form names the page; the same question on a PDF without the thing still widens."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest

RED, BLUE = (0.85, 0.1, 0.1), (0.15, 0.3, 0.8)


_pages = pdfs.report_pages


# (name, question, pages, what is planted where the words point, the same document without it)
CASES = [
    ("rv6-1 pages 5 and 7-9", "How many images are on pages 5 and 7-9?", 9, dict(photos={8: "middle"}), {}),
    ("rv6-2 pages 5-7 and 9", "How many images are on pages 5-7 and 9?", 9, dict(photos={9: "middle"}), {}),
    ("rv6-4 page 5/6", "How many images are on page 5/6?", 8, dict(photos={6: "middle"}), {}),
    ("rv6-6 first and last page", "How many images are on the first and last page?", 6, dict(photos={1: "middle"}), {}),
    ("rv6-7 the page after page 5", "How many images are on the page after page 5?", 8, dict(photos={6: "middle"}), {}),
    ("rv6-12 pages ten to twelve", "How many images are on pages ten to twelve?", 13, dict(photos={11: "middle"}), {}),
    ("rv6-13 the last page but one", "How many images are on the last page but one?", 6, dict(photos={5: "middle"}), {}),
    ("rv6-17 Figure 2 and 3", "How many red bars are in Figure 2 and 3?", 5,
     dict(charts={2: (BLUE, "Figure 2. Sales by quarter, north region"), 4: (RED, "Figure 3. Sales by quarter, south region")}),
     dict(charts={2: (BLUE, "Figure 2. Sales by quarter, north region"), 4: (BLUE, "Figure 3. Sales by quarter, south region")})),
    ("rv6-19 region of one page", "How many images are at the top of page 3 and on page 5?", 6, dict(photos={5: "bottom"}), {}),
    ("rv6-23 italic or bold", "How many italic or bold words are on page 2?", 3, dict(styled={2: "heit"}), {}),
    ("rv6-24 underlined or bold", "How many underlined or bold words are on page 2?", 3, dict(styled={2: "hebo"}), {}),
    ("rv6-e1 Pg. 9", "How many images are on Pg. 9?", 10, dict(photos={9: "middle"}), {}),
]


@pytest.mark.parametrize("name, question, n, planted, control", CASES, ids=[c[0] for c in CASES])
def test_a_thing_on_a_named_page_keeps_the_row(tmp_path: Path, name: str, question: str, n: int, planted: dict, control: dict) -> None:
    d = pdfs.decide(_pages(tmp_path / "planted.pdf", n, **planted), question)
    assert d.decision != "widen", f"{name}: widened with the thing planted ({d.reason})"
    assert d.case != "absent_entity", f"{name}: {d.reason}"
    c = pdfs.decide(_pages(tmp_path / "control.pdf", n, **control), question)
    assert (c.decision, c.case) == ("widen", None), f"{name} control: {c.decision} {c.case} {c.reason}"
