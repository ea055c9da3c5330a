"""A list of figures set without leaders (each entry's page number at a tab stop, no dots) is no caption of
its figures: the figure is on the page the entry names. On a list page that shows a picture (a logo in the
running head), an entry read as the caption of Figure 3 made the list's page the figure's only page, while
the figure itself (its caption stacked "FIGURE" over a large "3", letter-spaced, or named "Exhibit 3",
which the caption reader does not take) was never looked at: its red bar was widened away. PDFs built here;
truth planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.captions import find_captions, listed_page
from widening.facts.lines import lines_from_words

RED, BLUE, GREY = (0.85, 0.1, 0.1), (0.2, 0.3, 0.8), (0.6, 0.6, 0.6)
LINE = "The committee reviewed the annual programme and noted steady progress across all offices."


def _bars(page: pymupdf.Page, colours: list[tuple[float, float, float]]) -> None:
    for i, c in enumerate(colours):
        page.draw_rect(pymupdf.Rect(100 + 28 * i, 360 - 15 * i, 120 + 28 * i, 400), color=None, fill=c)


def _entry(page: pymupdf.Page, y: float, title: str, folio: int, same_line: bool) -> None:
    if same_line:  # one text run, the number pushed to the right by spaces
        page.insert_text((72, y), title + " " * 90 + str(folio), fontsize=11)
    else:  # the number set on its own at the right margin
        page.insert_text((72, y), title, fontsize=11)
        page.insert_text((520, y), str(folio), fontsize=11)


def _report(path: Path, n: int, caption: str, same_line: bool, red: bool) -> Path:
    """p1 a list of figures without leaders; p3 Figure 1; p4 Figure ``n`` (bars, red one if ``red``) with
    its caption printed in ``caption`` form; a logo on every page."""
    doc = pymupdf.open()
    for _ in range(5):
        page = doc.new_page(width=595, height=842)
        pdfs.image(page, (480, 20, 540, 50), colour=(20, 60, 140))
    doc[0].insert_text((72, 72), "List of Figures", fontsize=14)
    for k, (title, folio) in enumerate([("Figure 1: Staff by office", 3), (f"Figure {n}: Revenue by region", 4)]):
        _entry(doc[0], 110 + 18 * k, title, folio, same_line)
    for p in (1, 2, 3, 4):
        for k in range(4):
            doc[p].insert_text((72, 80 + 16 * k), LINE, fontsize=11)
    _bars(doc[2], [BLUE, GREY])
    doc[2].insert_text((72, 420), "Figure 1: Staff by office", fontsize=10)
    _bars(doc[3], [BLUE, RED if red else BLUE, GREY])
    if caption == "stacked":
        doc[3].insert_text((72, 440), "FIGURE", fontsize=10)
        doc[3].insert_text((72, 480), str(n), fontsize=30)
        doc[3].insert_text((120, 470), "Revenue by region", fontsize=10)
    elif caption == "spaced":
        x = 72.0
        for ch in f"Figure {n}: Revenue by region":
            doc[3].insert_text((x, 420), ch, fontsize=10)
            x += pymupdf.get_text_length(ch, fontsize=10) + 3
    else:
        doc[3].insert_text((72, 420), f"Exhibit {n}: Revenue by region", fontsize=10)
    return pdfs.save(doc, path)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(2, 9), caption=st.sampled_from(["stacked", "spaced", "exhibit"]), same_line=st.booleans())
def test_a_list_entry_without_leaders_sends_the_check_to_the_figure(tmp_path: Path, n: int, caption: str, same_line: bool) -> None:
    pdf = _report(tmp_path / f"r{n}{caption}{same_line}.pdf", n, caption, same_line, red=True)
    d = pdfs.decide(pdf, f"How many bars are red in Figure {n}?")
    assert d.decision == "keep", d.reason
    assert 4 in {p for r in d.probes for p in r.pages}, d.reason


def test_with_no_red_bar_on_the_figure_page_the_row_widens(tmp_path: Path) -> None:
    pdf = _report(tmp_path / "c.pdf", 3, "stacked", False, red=False)
    d = pdfs.decide(pdf, "How many bars are red in Figure 3?")
    assert d.decision == "widen", d.reason


def test_a_figure_the_list_does_not_name_is_still_missing(tmp_path: Path) -> None:
    pdf = _report(tmp_path / "m.pdf", 3, "stacked", False, red=True)
    d = pdfs.decide(pdf, "How many bars are red in Figure 7?")
    assert d.case == "missing_container", d.reason


def _captions(page: pymupdf.Page):
    return find_captions(lines_from_words(page.get_text("words")), 1)


@given(same_line=st.booleans(), folio=st.integers(1, 400))
@settings(max_examples=20, deadline=None)
def test_an_entry_keeps_its_page_number_after_a_tab(same_line: bool, folio: int) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _entry(page, 110, "Figure 3: Revenue by region", folio, same_line)
    _entry(page, 128, "Table 2: Staff by office", folio + 1, same_line)
    caps = _captions(page)
    assert [(c.number, listed_page(c.text)) for c in caps] == [("3", str(folio)), ("2", str(folio + 1))]
    assert caps[0].text.startswith("Figure 3: Revenue by region")


def test_a_lone_caption_beside_a_stray_number_is_no_list_entry() -> None:
    """One line running on to a number (an axis value on the caption's row) is no list: the caption stays."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 420), "Figure 3: Revenue by region", fontsize=10)
    page.insert_text((520, 420), "40", fontsize=10)
    page.insert_text((72, 440), "The committee noted steady progress.", fontsize=10)
    caps = _captions(page)
    assert [(c.number, listed_page(c.text)) for c in caps] == [("3", None)]


def test_a_caption_and_a_row_of_figures_beside_numbers_are_no_list() -> None:
    """A caption and a line of body or table text both run on to a lone number (a cell, an axis value):
    only one of them is a caption line, so the page is no list of figures and the caption stays a caption."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 420), "Figure 3: Revenue by region", fontsize=10)
    page.insert_text((520, 420), "40", fontsize=10)
    page.insert_text((72, 440), "Total revenue", fontsize=10)
    page.insert_text((520, 440), "12", fontsize=10)
    caps = _captions(page)
    assert [(c.number, listed_page(c.text)) for c in caps] == [("3", None)]
