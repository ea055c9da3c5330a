"""A list of figures whose page numbers stand in one column: an entry whose long title runs close to its
number (a gap narrower than a tab's), or whose title wraps so that its number ends the entry's last line,
is an entry like the others, not a caption on the list's page. Read as a caption, its figure was looked
for on the list's page (and the next), and the red bar on the page the entry names was widened away.
PDFs built here; truth planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.captions import find_captions, listed_page
from widening.facts.lines import lines_from_words

RED, BLUE, GREY = (0.85, 0.1, 0.1), (0.2, 0.3, 0.8), (0.6, 0.6, 0.6)
LINE = "The committee reviewed the annual programme and noted steady progress across all offices."
LONG = "Figure 3: Distribution of respondents by region, age group and income band, 2019 to 2023"
NUMBER_X = 525.0


def _list_page(page: pymupdf.Page, third: list[str], folios: tuple[int, int, int] = (3, 4, 5)) -> None:
    """A list of figures: two short entries, then Figure 3 printed over the ``third`` lines, its number
    at the right margin on the last of them."""
    page.insert_text((72, 72), "List of Figures", fontsize=14)
    y = 110.0
    for title, folio in (("Figure 1: Staff by office", folios[0]), ("Figure 2: Costs", folios[1])):
        page.insert_text((72, y), title, fontsize=11)
        page.insert_text((NUMBER_X, y), str(folio), fontsize=11)
        y += 18
    for k, part in enumerate(third):
        page.insert_text((72 + (18 if k else 0), y), part, fontsize=11)
        y += 14
    page.insert_text((NUMBER_X, y - 14), str(folios[2]), fontsize=11)


def _bars(page: pymupdf.Page, colours: list[tuple[float, float, float]]) -> None:
    for i, c in enumerate(colours):
        page.draw_rect(pymupdf.Rect(100 + 28 * i, 345 - 15 * i, 120 + 28 * i, 400), color=None, fill=c)


def _report(path: Path, third: list[str], red: bool) -> Path:
    """p1 a title page, p2 the list, p3-p4 Figures 1-2, p5 Figure 3 (a red bar if ``red``) captioned
    "FIGURE" over a large "3" (a form the caption reader does not take); a logo on every page, so that the
    list's page shows a picture."""
    doc = pymupdf.open()
    for _ in range(6):
        page = doc.new_page(width=595, height=842)
        pdfs.image(page, (480, 20, 540, 50), colour=(20, 60, 140))
    doc[0].insert_text((72, 300), "Annual Report 2020", fontsize=24)
    _list_page(doc[1], third)
    for p in (2, 3, 4, 5):
        for k in range(4):
            doc[p].insert_text((72, 80 + 16 * k), LINE, fontsize=11)
    _bars(doc[2], [BLUE, GREY])
    doc[2].insert_text((72, 420), "Figure 1: Staff by office", fontsize=10)
    _bars(doc[3], [BLUE, GREY])
    doc[3].insert_text((72, 420), "Figure 2: Costs", fontsize=10)
    _bars(doc[4], [BLUE, RED if red else BLUE, GREY])
    doc[4].insert_text((72, 440), "FIGURE", fontsize=9)
    doc[4].insert_text((72, 475), "3", fontsize=28)
    doc[4].insert_text((110, 470), "Distribution of respondents", fontsize=10)
    for i, page in enumerate(doc):
        page.insert_text((290, 812), str(i + 1), fontsize=9)
    return pdfs.save(doc, path)


FORMS = {"close": [LONG], "wrapped": ["Figure 3: Distribution of respondents by region, age group", "and income band, 2019 to 2023"]}


def test_a_long_or_wrapped_entry_sends_the_check_to_the_figure(tmp_path: Path) -> None:
    for form, third in FORMS.items():
        d = pdfs.decide(_report(tmp_path / f"{form}.pdf", third, red=True), "How many red bars are in Figure 3?")
        assert d.decision == "keep", (form, d.reason)
        assert 5 in {m.page for m in (*d.members, *d.doubts)}, (form, d.reason)


def test_with_no_red_bar_in_the_figure_the_row_widens(tmp_path: Path) -> None:
    d = pdfs.decide(_report(tmp_path / "r.pdf", [LONG], red=False), "How many red bars are in Figure 3?")
    assert d.decision == "widen", d.reason


def _captions(page: pymupdf.Page):
    return find_captions(lines_from_words(page.get_text("words")), 1)


@given(words=st.integers(0, 6), wrapped=st.booleans(), folio=st.integers(1, 400))
@settings(max_examples=25, deadline=None)
def test_every_entry_of_a_column_list_keeps_its_page_number(words: int, wrapped: bool, folio: int) -> None:
    # However close the title runs to its number, and over however many lines it wraps.
    title = "Figure 3: Distribution of respondents" + "".join(f" by {w}" for w in ["region", "age", "income", "sex", "year", "sector"][:words])
    third = [title, "and income band, 2019 to 2023"] if wrapped else [title]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _list_page(page, third, folios=(3, 4, folio))
    caps = _captions(page)
    assert [(c.number, listed_page(c.text)) for c in caps] == [("1", "3"), ("2", "4"), ("3", str(folio))]


def test_a_caption_with_a_number_out_of_the_column_stays_a_caption() -> None:
    # Control: on a list page, a caption line ending in a number that is not in the list's column (a figure
    # shown on the list's page, an axis value beside its caption) keeps no page number of the list.
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _list_page(page, ["Figure 3: Revenue"])
    page.insert_text((72, 400), "Figure 4: Revenue by region", fontsize=10)
    page.insert_text((210, 400), "40", fontsize=10)
    caps = {c.number: listed_page(c.text) for c in _captions(page)}
    assert caps == {"1": "3", "2": "4", "3": "5", "4": None}
