"""End to end on generated PDFs (scope hunt F1-F8): a thing on a page the question's words may mean keeps
the row, however the page phrase is written; the same question with the thing elsewhere (or nowhere)
still widens, and a container no reading finds is still claimed missing."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pytest

RED, BLUE = (0.85, 0.1, 0.1), (0.15, 0.3, 0.8)


_pages = partial(pdfs.report_pages, chart_y=600)


def _figures(colours: tuple, caption: str = "Figure {n}. Sales by quarter, region {n}") -> dict:
    """Figures 1, 2, 3 on pages 2, 3, 5 in ``colours``."""
    return {page: (colour, caption.format(n=n)) for n, (page, colour) in enumerate(zip((2, 3, 5), colours), start=1)}


# (finding, question, pages, the thing where the words point, the same document with the thing elsewhere or
# nowhere; or (another question, that document) where the question reads the whole document)
CASES = [
    ("F1 nb-hyphen range", "How many images are on pages 3\u20115?", 8, dict(photos=(4,)), dict(photos=(7,))),
    ("F1 minus range", "How many images are on pages 3\u22125?", 8, dict(photos=(4,)), dict(photos=(7,))),
    ("F1 tilde range", "How many images are on page 3 ~ page 5?", 8, dict(photos=(4,)), dict(photos=(7,))),
    ("F1 and/or", "How many images are on pages 3 and/or 4?", 8, dict(photos=(4,)), dict(photos=(7,))),
    ("F1 as well as", "How many images are on pages 3 as well as 4?", 8, dict(photos=(4,)), dict(photos=(7,))),
    ("F1 ideographic comma", "How many images are on pages 3\u30014?", 8, dict(photos=(4,)), dict(photos=(7,))),
    ("F1 semicolon", "How many images are on pages 3; 5?", 8, dict(photos=(5,)), dict()),
    ("F2 8 page report", "In this 8 page report, how many images are there?", 8, dict(photos=(4,)), dict()),
    ("F2 more than one page", "How many images appear on more than one page?", 8, dict(photos=(3, 4)), dict()),
    ("F2 last-but-one", "How many images are on the last-but-one page?", 8, dict(photos=(7,)), dict(photos=(3,))),
    ("F3 through the end", "How many images are on page 3 through the end?", 8, dict(photos=(6,)), dict()),
    ("F3 to the last page", "How many images are on pages 5 to the last page?", 8, dict(photos=(6,)), dict()),
    ("F3 2-end", "How many images are on pages 2-end?", 8, dict(photos=(6,)), dict()),
    ("F3 cover to page", "How many images are on the cover to page 4?", 8, dict(photos=(3,)), dict()),
    ("F3 between cover", "How many images are between the cover and page 4?", 8, dict(photos=(3,)), dict()),
    ("F4 front and back cover", "How many images are on the front and back cover?", 8, dict(photos=(1,)), dict(photos=(4,))),
    ("F5 as well as", "How many red bars are in Figure 2 as well as 3?", 6, dict(charts=_figures((BLUE, BLUE, RED))),
     dict(charts=_figures((RED, BLUE, BLUE)))),
    # Read only partly, these two scope the whole document, where no bar check runs: the control is the
    # plain list, which widens with no red bar in either figure.
    ("F5 bare comma", "How many red bars are in Figure 2, 3?", 6, dict(charts=_figures((BLUE, BLUE, RED))),
     ("How many red bars are in Figure 2 and 3?", dict(charts=_figures((RED, BLUE, BLUE))))),
    ("F5 nb-hyphen", "How many red bars are in Figure 2\u20113?", 6, dict(charts=_figures((BLUE, BLUE, RED))),
     ("How many red bars are in Figure 2 and 3?", dict(charts=_figures((RED, BLUE, BLUE))))),
    ("F6 pgae and page", "How many images are on pgae 3 and page 5?", 8, dict(photos=(3,)), dict()),
    ("F6 Pgae", "How many images are on Pgae 3?", 8, dict(photos=(3,)), dict()),
    ("F8 Figure III", "How many red bars are in Figure III?", 6, dict(charts=_figures((BLUE, BLUE, RED))),
     # control: the figure printed as "Figure III", its bars blue
     dict(charts={2: (BLUE, "Figure I. Sales by quarter"), 3: (BLUE, "Figure II. Sales by quarter"), 5: (BLUE, "Figure III. Sales by quarter")})),
]


@pytest.mark.parametrize("name, question, n, planted, control", CASES, ids=[c[0] for c in CASES])
def test_a_thing_on_a_page_the_words_may_mean_keeps_the_row(tmp_path: Path, name: str, question: str, n: int, planted: dict, control: dict) -> None:
    d = pdfs.decide(_pages(tmp_path / "planted.pdf", n, **planted), question)
    assert d.decision != "widen", f"{name}: widened with the thing planted ({d.reason})"
    assert d.case not in ("absent_entity", "missing_container"), f"{name}: {d.case}: {d.reason}"
    asked, control = control if isinstance(control, tuple) else (question, control)
    c = pdfs.decide(_pages(tmp_path / "control.pdf", n, **control), asked)
    assert (c.decision, c.case) == ("widen", None), f"{name} control: {c.decision} {c.case} {c.reason}"


# A count or a word read as a page once made a claim the document refutes; a page or figure no reading
# finds is still claimed missing.
CLAIMS = [
    ("F2 12 page report", "In this 12 page report, how many images are there?", None),
    ("F2 page 40 control", "How many images are on page 40?", "missing_container"),
    ("F7 count after page 4", "On page 4, 15 images are shown. How many of them are photos of people?", None),
    ("F7 chart count", "In the chart on page 4, 30 bars are red. How many are blue?", None),
    ("F7 page 40 control", "On page 40, 15 images are shown. How many of them are photos of people?", "missing_container"),
    ("F6 Pgae is no name", "How many images are on Pgae 3?", None),
]


@pytest.mark.parametrize("name, question, case", CLAIMS, ids=[c[0] for c in CLAIMS])
def test_a_count_or_a_misspelling_is_no_container_to_claim(tmp_path: Path, name: str, question: str, case: str | None) -> None:
    d = pdfs.decide(_pages(tmp_path / "doc.pdf", 8, photos=(4,)), question)
    if case is None:
        assert d.case not in ("missing_container", "absent_entity"), f"{name}: {d.case}: {d.reason}"
    else:
        assert d.case == case, f"{name}: {d.decision} {d.case} {d.reason}"


def test_a_roman_figure_no_reading_finds_is_still_missing(tmp_path: Path) -> None:
    pdf = _pages(tmp_path / "figs.pdf", 6, charts=_figures((BLUE, BLUE, RED)))
    assert pdfs.decide(pdf, "How many red bars are in Figure IX?").case == "missing_container"
