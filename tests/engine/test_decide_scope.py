"""The scope of a check built from the containers a question names (review rv6, items 18 and 20-22):
every named container is looked at, whatever its kind, and setting a figure or table aside never
sets its page aside: what is found there may or may not be that figure, so it is a doubt."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs

LINE = "The committee reviewed the annual programme and noted steady progress across all offices."
RED, BLUE = (0.85, 0.1, 0.1), (0.15, 0.3, 0.8)
# A picture in the top or bottom half of an A4 page, below the body text.
TOP, BOTTOM = (150, 230, 450, 400), (150, 560, 450, 730)


def _photo(seed: int) -> pymupdf.Pixmap:
    """A photograph-like picture (gradients and noise): content the graphics probe counts."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:100, 0:150]
    a = np.stack([x * 255 // 150, y * 255 // 100, (x + y) * 127 // 250 + rng.integers(0, 60, (100, 150))], -1)
    return pymupdf.Pixmap(pymupdf.csRGB, 150, 100, a.clip(0, 255).astype(np.uint8).tobytes(), False)


def _pages(n: int) -> pymupdf.Document:
    """``n`` A4 pages of body text at the top, each with its folio at the foot."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=595, height=842)
        for k in range(4):
            pdfs.text(page, (72, 70 + 16 * k), LINE)
        pdfs.text(page, (290, 822), str(i), size=9)
    return doc


def _picture(doc: pymupdf.Document, page: int, rect: tuple[float, float, float, float], seed: int) -> None:
    doc[page - 1].insert_image(pymupdf.Rect(*rect), pixmap=_photo(seed))


def _caption(doc: pymupdf.Document, page: int, y: float, text: str) -> None:
    pdfs.text(doc[page - 1], (150, y), text, size=10)


def _chart(doc: pymupdf.Document, page: int, colour: tuple[float, float, float], caption: str) -> None:
    pdfs.bar_chart(doc[page - 1], (150, 500), [80, 50, 65, 30], [colour] * 4, bar_w=40)
    _caption(doc, page, 530, caption)


def _found_on(d) -> set[int]:
    return {m.page for m in d.members} | {m.page for m in d.doubts}


# --- 18: a page and a figure named together ---------------------------------------------------

@pytest.mark.parametrize("q", [
    "How many red bars are on page 4 and in Figure 2?",
    "How many red bars are in Figure 2 and on page 4?",
])
def test_a_figure_named_beside_a_page_is_looked_at_too(tmp_path: Path, q: str) -> None:
    """rv6 f2a: red bars in Figure 2 (page 2); only page 4 was looked at, and it holds none."""
    doc = _pages(5)
    _chart(doc, 2, RED, "Figure 2. Sales by quarter, north region")
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), q)
    assert d.decision != "widen", d.reason
    assert 2 in _found_on(d), d.reason


def test_a_figure_and_a_page_named_together_without_the_asked_thing_still_widen(tmp_path: Path) -> None:
    doc = _pages(5)
    _chart(doc, 2, BLUE, "Figure 2. Sales by quarter, north region")
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), "How many red bars are on page 4 and in Figure 2?")
    assert d.decision == "widen", d.reason
    assert "Figure 2" in d.check["also_checked"], d.check


# --- 20-22: a figure set aside is not its page -------------------------------------------------

def test_setting_a_figure_aside_keeps_the_other_figure_on_its_page(tmp_path: Path) -> None:
    """rv6 k1a: Figures 1 and 2 both on page 2; the whole page was set aside, Figure 2 with it."""
    doc = _pages(4)
    _picture(doc, 2, TOP, 1)
    _caption(doc, 2, 415, "Figure 1. Harbour entrance")
    _picture(doc, 2, BOTTOM, 2)
    _caption(doc, 2, 745, "Figure 2. Quay wall")
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), "Apart from Figure 1, how many figures are in the document?")
    assert d.decision != "widen", d.reason
    assert not d.check.get("excluded_pages") and 2 in _found_on(d), d.check


def test_the_page_beside_a_set_aside_figures_caption_is_not_set_aside(tmp_path: Path) -> None:
    """rv6 k1b: an uncaptioned photo at the foot of page 1, Figure 1's caption at the top of page 2
    (so page 1 may hold Figure 1): pages 1 and 2 were both set aside, the photo with them."""
    doc = _pages(4)
    _picture(doc, 1, BOTTOM, 1)
    _caption(doc, 2, 120, "Figure 1. Harbour entrance")
    _picture(doc, 2, (150, 130, 450, 300), 2)
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), "Apart from Figure 1, how many images are in the document?")
    assert d.decision != "widen", d.reason
    assert not d.check.get("excluded_pages") and 1 in _found_on(d), d.check


def test_a_figure_set_aside_from_named_pages_keeps_its_page(tmp_path: Path) -> None:
    """rv6 k2a: Figures 2 and 3 on page 3; only page 5 was looked at."""
    doc = _pages(5)
    _picture(doc, 3, TOP, 1)
    _caption(doc, 3, 415, "Figure 2. Harbour entrance")
    _picture(doc, 3, BOTTOM, 2)
    _caption(doc, 3, 745, "Figure 3. Quay wall")
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), "How many figures are there in pages 3 and 5 except Figure 2?")
    assert d.decision != "widen", d.reason
    assert 3 in _found_on(d), d.reason


def test_the_set_aside_figure_itself_is_a_doubt_not_a_zero(tmp_path: Path) -> None:
    """rv6 k1c: only Figure 1 exists, and it is set aside. No rule tells for certain that the picture
    above the caption is Figure 1 (Figure 1 may be a drawing the probe does not count, the picture
    another one), so it is a doubt on Figure 1's page, and the row is kept."""
    doc = _pages(4)
    _picture(doc, 2, TOP, 1)
    _caption(doc, 2, 415, "Figure 1. Harbour entrance")
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), "Apart from Figure 1, how many images are in the document?")
    assert d.decision == "keep" and not d.members and [m.page for m in d.doubts] == [2], d.reason
    assert "Figure 1" in d.doubts[0].why, d.doubts[0].why


def _table_1_on_page_2(doc: pymupdf.Document) -> None:
    _caption(doc, 2, 300, "Table 1. Budget by office")
    pdfs.table(doc[1], (100, 320), ["Office", "Budget"], [["North", "120"], ["South", "95"]], ruled=False)


def _figure_1_at_the_foot_of_page_2(doc: pymupdf.Document) -> None:
    _picture(doc, 2, BOTTOM, 1)
    _caption(doc, 2, 745, "Figure 1. Harbour entrance")  # at the foot: page 3 may hold Figure 1


def _figures_2_and_3_on_page_3(doc: pymupdf.Document) -> None:
    _picture(doc, 3, TOP, 1)
    _caption(doc, 3, 415, "Figure 2. Harbour entrance")
    _picture(doc, 3, BOTTOM, 2)
    _caption(doc, 3, 745, "Figure 3. Quay wall")


@pytest.mark.parametrize("q, draw", [
    ("Apart from Table 1, how many figures are in the document?", _table_1_on_page_2),
    ("Except for Figure 1, how many images are on pages 3 and 4?", _figure_1_at_the_foot_of_page_2),
    ("How many figures are there in pages 4 and 5 except Figure 2?", _figures_2_and_3_on_page_3),
])
def test_setting_a_captioned_thing_aside_still_widens_where_nothing_is(tmp_path: Path, q: str, draw) -> None:
    """Controls: the set-aside thing's page, and the neighbouring page its caption may point to, are
    looked at when the question names them, and hold nothing the probe counts; nor does the rest."""
    doc = _pages(5)
    draw(doc)
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), q)
    assert d.decision == "widen", d.reason
    assert d.check.get("set_aside_pages") and not d.check.get("excluded_pages"), d.check


# --- the property: wherever the set-aside figure and another picture sit ------------------------

PHRASES = ["Apart from Figure 1, how many images are in the document?",
           "Apart from Figure 1, how many figures are in the document?",
           "Besides Figure 1, how many pictures are there in this document?",
           "How many images are there in the document except Figure 1?"]


@settings(max_examples=25, deadline=None)
@given(pages=st.integers(3, 6), data=st.data())
def test_another_picture_is_never_set_aside_with_a_figure(tmp_path_factory, pages: int, data) -> None:
    """Figure 1 (with its caption below it, above it, or on the facing page) and an uncaptioned
    picture on the same page, the page before or the page after: the picture is a member or a doubt."""
    fig = data.draw(st.integers(2, pages - 1), label="Figure 1 on")
    layout = data.draw(st.sampled_from(["caption below", "caption above", "caption on the next page", "caption on the page before"]), label="layout")
    other = data.draw(st.sampled_from([fig - 1, fig, fig + 1]), label="other picture on")
    doc = _pages(pages)
    if layout == "caption below":
        at = data.draw(st.sampled_from([TOP, BOTTOM]), label="figure at")
        _caption(doc, fig, at[3] + 15, "Figure 1. Harbour entrance")
    elif layout == "caption above":
        at = data.draw(st.sampled_from([TOP, BOTTOM]), label="figure at")
        _caption(doc, fig, at[1] - 8, "Figure 1. Harbour entrance")
    elif layout == "caption on the next page":  # a full-page figure, its caption at the top of the facing page
        at = BOTTOM
        _caption(doc, fig + 1, 140, "Figure 1. Harbour entrance")
    else:
        at = TOP
        _caption(doc, fig - 1, 800, "Figure 1. Harbour entrance")
    _picture(doc, fig, at, 1)
    free = BOTTOM if at == TOP else TOP
    _picture(doc, other, free if other == fig else data.draw(st.sampled_from([TOP, BOTTOM]), label="other at"), 2)
    q = data.draw(st.sampled_from(PHRASES), label="question")
    d = pdfs.decide(pdfs.save(doc, tmp_path_factory.mktemp("aside") / "d.pdf"), q)
    assert d.decision != "widen", d.reason
    assert other in _found_on(d), (d.reason, d.check)


# --- a table whose rows run on past its caption's page -------------------------------------------

TABLE_PHRASES = ["How many red words are in Table 1?", "List the red text in Table 1.", "What are the red words in Table 1?"]
HEADER = ["Office", "Budget", "Change"]


def _table_run_on(doc: pymupdf.Document, k: int, caption_above: bool, red: str | None) -> int:
    """Table 1 on page ``k`` with its rows running on to the next page (caption above the table) or begun
    on the page before (caption below it), under a repeated header and no caption; ``red``: one cell
    printed red on that other page. Returns the other page."""
    rows = [[f"Office {i}", f"{100 + i}", f"{i}%"] for i in range(18)]
    if caption_above:
        _caption(doc, k, 400, "Table 1. Budget by office")
        pdfs.table(doc[k - 1], (72, 410), HEADER, rows)
        other, top = k + 1, 140.0
    else:
        pdfs.table(doc[k - 1], (72, 140), HEADER, rows)
        _caption(doc, k, 140 + 19 * 18 + 16, "Table 1. Budget by office")
        other, top = k - 1, 450.0
    more = [[f"Office {i}", f"{100 + i}", "" if i == 20 else f"{i}%"] for i in range(18, 24)]
    pdfs.table(doc[other - 1], (72, top), HEADER, more)
    if red is not None:  # the empty cell of row "Office 20", printed in red
        pdfs.text(doc[other - 1], (72 + 2 * 110 + 4, top + 4 * 18 - 5), red, size=9, colour=RED)
    return other


@settings(max_examples=12, deadline=None)
@given(pages=st.integers(3, 5), data=st.data())
def test_a_tables_rows_on_the_page_beside_its_caption_are_looked_at(tmp_path_factory, pages: int, data) -> None:
    """Held out (a long table in a product description, its rows continued on the next page under a
    repeated header): the check looked at the caption's page only and widened "red words in Table 1"
    over a red cell on the next page. The page beside the caption's is a doubtful reading: what is
    found there keeps the row, as a doubt (it may be another table's), never as a member."""
    k = data.draw(st.integers(2, pages - 1), label="caption on")
    above = data.draw(st.booleans(), label="caption above the table")
    doc = _pages(pages)
    other = _table_run_on(doc, k, above, red=data.draw(st.sampled_from(["-20%", "n/a", "falling"]), label="red cell"))
    d = pdfs.decide(pdfs.save(doc, tmp_path_factory.mktemp("runon") / "d.pdf"), data.draw(st.sampled_from(TABLE_PHRASES), label="q"))
    assert d.decision != "widen", d.reason
    assert d.case != "short_not_empty", d.reason
    assert other in {m.page for m in d.doubts}, (d.reason, d.check)
    assert not d.members, d.members


def test_a_table_without_the_asked_colour_still_widens_with_its_neighbours_looked_at(tmp_path: Path) -> None:
    """Control: the same long table with no red anywhere widens, and the pages beside the caption's were searched."""
    doc = _pages(4)
    _table_run_on(doc, 2, True, red=None)
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), "How many red words are in Table 1?")
    assert d.decision == "widen", d.reason
    assert {1, 2, 3} <= {p for t in d.readings for p in t.pages}, d.readings
    assert "run on to the page before or after" in d.check["scope_note"], d.check


# --- a region of a page: generous for a zero, strict for a member ----------------------------------

@settings(max_examples=15, deadline=None)
@given(frac=st.floats(0.05, 0.95), data=st.data())
def test_a_find_in_the_middle_band_is_no_ground_for_short_not_empty(tmp_path_factory, frac: float, data) -> None:
    """The regions are generous (the top is the top 60%), so a zero holds wherever a reader may draw the
    line; but a red word just below the middle was then a member of "the top" and of "the bottom" at once,
    and each row was kept as short_not_empty. In the band two regions share it is a doubt; in a region's
    own part a member; outside the generous region nothing."""
    region, words = data.draw(st.sampled_from([("top", "at the top of"), ("bottom", "in the bottom half of")]), label="region")
    doc = _pages(2)
    y = frac * 842
    pdfs.text(doc[0], (100, y), "alert words", colour=RED)
    d = pdfs.decide(pdfs.save(doc, tmp_path_factory.mktemp("band") / "d.pdf"), f"How many red words are {words} page 1?")
    centre = (y - 5) / 842  # the span's middle: about half its height above the baseline
    inside = centre < 0.6 if region == "top" else centre > 0.4
    core = centre < 0.4 if region == "top" else centre > 0.6
    if abs(centre - 0.4) < 0.02 or abs(centre - 0.6) < 0.02:
        return  # the line itself: which side a span's middle falls is a matter of its font metrics
    if core:
        assert d.case == "short_not_empty" and [m.page for m in d.members] == [1], d.reason
    elif inside:
        assert d.case != "short_not_empty" and not d.members and d.decision != "widen", d.reason
        assert any("middle band" in (m.why or "") for m in d.doubts), d.reason
    else:
        assert d.decision == "widen", d.reason


# --- a part of a page no region delimits -----------------------------------------------------------

@pytest.mark.parametrize("red_in", ["left column", "right column", None])
def test_finds_in_a_column_the_check_cannot_delimit_are_candidates(tmp_path: Path, red_in: str | None) -> None:
    """"How many red words are in the left column of page 1?" on a two-column page: the check looks at
    the whole page, so a red word anywhere on it is a candidate (the row is kept, unverifiable), never
    the ground of short_not_empty; none anywhere is still none in the column."""
    doc = _pages(2)
    page = doc[0]
    for k in range(12):
        pdfs.text(page, (60, 300 + 16 * k), "Left column words here.")
        pdfs.text(page, (330, 300 + 16 * k), "Right column words here.")
    if red_in is not None:
        pdfs.text(page, (60 if red_in == "left column" else 330, 520), "alert words", colour=RED)
    d = pdfs.decide(pdfs.save(doc, tmp_path / "d.pdf"), "How many red words are in the left column of page 1?")
    if red_in is None:
        assert d.decision == "widen", d.reason
    else:
        assert d.decision != "widen" and d.case == "unverifiable", d.reason
        assert "candidates" in d.reason and 1 in _found_on(d), d.reason
