"""Caption forms the caption reader must not miss (a missing "Figure 7" claimed on a page that prints it):
the number set large on the line below its word, and the number in full-width digits."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.captions import loose_mention_pages
from widening.text import number_key

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
LINE = "The committee reviewed the annual programme and noted steady progress across all offices."


def _figure_doc(path: Path, caption: list[tuple[str, float]], folio: bool = False, font: dict | None = None) -> Path:
    """A picture with ``caption`` lines (text, size) below it, a second plain page; ``folio`` prints
    "1", "2" at the foot of the pages."""
    doc = pymupdf.open()
    for i in (1, 2):
        page = doc.new_page(width=595, height=842)
        for k in range(4):
            page.insert_text((72, 72 + 16 * k), LINE, fontsize=11)
        if folio:
            page.insert_text((290, 812), str(i), fontsize=10)
    page = doc[0]
    page.draw_rect(pymupdf.Rect(72, 150, 372, 350), color=(0, 0, 0), fill=(0.3, 0.5, 0.8))
    y = 370.0
    for text, size in caption:
        y += size * 1.1
        page.insert_text((72, y), text, fontsize=size, **(font or {}))
        y += 4
    return pdfs.save(doc, path)


@pytest.mark.parametrize("folio", [True, False])
def test_figure_word_above_its_large_number_is_no_missing_figure(tmp_path: Path, folio: bool) -> None:
    # "FIGURE" in small type, a large "7" on the line below: the number is a line of its own, yet
    # it sits mid-page, not in the page's margin, so it may be the figure's number. Without folios
    # the caption is the page's last text, which the folio reader's stretched band takes in.
    pdf = _figure_doc(tmp_path / "f.pdf", [("FIGURE", 9), ("7", 28), ("Revenue by region, 2019", 10)], folio=folio)
    d = pdfs.decide(pdf, "What is shown in Figure 7?")
    assert d.case != "missing_container", d.reason


def test_figure_absent_with_a_stacked_caption_of_another_number_is_missing(tmp_path: Path) -> None:
    pdf = _figure_doc(tmp_path / "f.pdf", [("FIGURE", 9), ("3", 28), ("Revenue by region, 2019", 10)], folio=True)
    d = pdfs.decide(pdf, "What is shown in Figure 7?")
    assert d.case == "missing_container", d.reason


def test_a_lone_number_line_is_a_folio_only_in_the_band() -> None:
    # Without positions a lone number line after the word is still a mention; with the page's
    # folio numbers (the band's lone numbers) it is the folio.
    text = "Figure 1: a generated figure\n3"
    assert loose_mention_pages([(1, text)], {"figure"}, "3") == (1,)
    assert loose_mention_pages([(1, text)], {"figure"}, "3", folios={1: {"3"}}) == ()
    assert loose_mention_pages([(1, "FIGURE\n7\nRevenue")], {"figure"}, "7", folios={1: {"3"}}) == (1,)


def _full_width_sevens(path: Path) -> Path:
    """The embedded font's ToUnicode map says U+FF17 for its "7" glyph: a layer of full-width digits."""
    doc = pymupdf.open(path)
    for xref in range(1, doc.xref_length()):
        if doc.xref_is_stream(xref) and b"<0003> <0061> <0020>" in (cmap := doc.xref_stream(xref)):
            doc.update_stream(xref, cmap.replace(b"<0003> <0061> <0020>", b"<0003> <0019> <0020>\n<001a> <001a> <ff17>\n<001b> <0061> <0038>")
                              .replace(b"100 beginbfrange", b"102 beginbfrange", 1))
    doc.save(path.with_suffix(".fw.pdf"))
    return path.with_suffix(".fw.pdf")


def test_a_caption_in_full_width_digits_is_found(tmp_path: Path) -> None:
    pdf = _full_width_sevens(_figure_doc(tmp_path / "f.pdf", [("Figure 7 Revenue by region", 10)], font={"fontname": "dj", "fontfile": DEJAVU}))
    assert "Figure \uff17" in pymupdf.open(pdf)[0].get_text()
    d = pdfs.decide(pdf, "What is shown in Figure 7?")
    assert d.case != "missing_container", d.reason
    control = pdfs.decide(pdf, "What is shown in Figure 8?")
    assert control.case == "missing_container", control.reason


def test_a_caption_number_the_layer_cannot_say_is_no_missing_figure(tmp_path: Path) -> None:
    # A font without the number's glyph: the page shows a box, the layer a NUL. Which figure the
    # caption names is unknown, so no figure number can be claimed missing.
    pdf = _figure_doc(tmp_path / "f.pdf", [("Figure \uff17 Revenue by region", 10)], font={"fontname": "dj", "fontfile": DEJAVU})
    assert "Figure \x00" in pymupdf.open(pdf)[0].get_text()
    d = pdfs.decide(pdf, "What is shown in Figure 7?")
    assert d.case != "missing_container", d.reason


_FULL = {str(i): chr(0xFF10 + i) for i in range(10)}


@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=999), st.data())
def test_any_digit_form_of_a_caption_number_reads_the_same(n: int, data) -> None:
    ascii_form = str(n)
    mixed = "".join(_FULL[c] if data.draw(st.booleans()) else c for c in ascii_form)
    assert number_key(mixed) == number_key(ascii_form)
    assert loose_mention_pages([(1, f"as Figure {mixed} shows")], {"figure"}, ascii_form) == (1,)
    assert loose_mention_pages([(1, f"as Figure {ascii_form} shows")], {"figure"}, mixed) == (1,)


# "Graphic", "Infographic", "Panel", "Plot", "Schematic", "Drawing", "Visual", "Photograph": new questions
# (2026-12-03) found "Graphic 3" and "Infographic 3" beside a "Figure 3" claimed a missing container.
_OTHER_FIGURE_NAMES = ["Graph", "GRAPH", "Diagram", "Plate", "Scheme", "Map", "Illustration", "Abb.", "Abbildung", "Figura",
                       "Graphic", "Infographic", "Panel", "Plot", "Schematic", "Drawing", "Visual", "Photograph", "Image", "Picture"]


@settings(max_examples=60)
@given(n=st.integers(min_value=1, max_value=99), name=st.sampled_from(_OTHER_FIGURE_NAMES + ["Figure", "Fig.", "Chart"]),
       prefix=st.sampled_from(["", "S", "A", "A-", "E."]))
def test_a_figure_numbered_under_another_name_or_prefix_is_a_loose_mention(n: int, name: str, prefix: str) -> None:
    """Property (new questions, 2026-12-03): "Graph 5" or "Figure S5" is what a question may call
    "Figure 5"; only the exact "Figure 5" was read, so "Figure 5" was claimed a missing container."""
    assert loose_mention_pages([(1, f"{name} {prefix}{n}: Distribution of sales")], {"figure", "chart"}, str(n)) == (1,)
    # Controls: another number, and a number of another kind ("Table 5"), say nothing of figure n.
    assert loose_mention_pages([(1, f"{name} {prefix}{n + 1}: Distribution of sales")], {"figure", "chart"}, str(n)) == ()
    assert loose_mention_pages([(1, f"Table {n}: Distribution of sales")], {"figure", "chart"}, str(n)) == ()
    # A label on the line after the word ("... generated figure" over bar labels "C1 C2"): no prefix.
    assert loose_mention_pages([(1, f"Figure {n + 1}: generated figure\nC{n}C{n + 1}")], {"figure", "chart"}, str(n)) == ()


@pytest.mark.parametrize("name", ["Tabelle", "Tabla", "Tableau", "Table S", "Table A-", "TABLE", "Schedule"])
def test_a_table_numbered_under_another_name_or_prefix_is_a_loose_mention(name: str) -> None:
    assert loose_mention_pages([(1, f"{name}{'' if name.endswith(('S', '-')) else ' '}5 Distribution")], {"table"}, "5") == (1,)


def test_a_percentage_after_the_word_figure_is_no_mention_of_a_figure() -> None:
    """Fresh-clone CI (2026-12-03): "generated figure" over a bar's value label "3%" read as a loose
    mention of figure 3; a number followed by "%" is a value, never a figure's number."""
    assert loose_mention_pages([(1, "Figure 1: generated figure\n3%\n")], {"figure", "chart"}, "3") == ()
    assert loose_mention_pages([(1, "as generated figure\n3 shows")], {"figure", "chart"}, "3") == (1,)


# (printed caption, asked container) for number n: a number word between the caption word and its
# number, a supplement's caption asked with the S-prefix and back, an appendix number with a dot or a dash.
_WRITTEN_FORMS = {
    "no": lambda n: (f"Table No. {n}: Store counts by region", f"Table {n}"),
    "hash": lambda n: (f"Table #{n}: Store counts by region", f"Table {n}"),
    "fig_no": lambda n: (f"Fig. No. {n}: Store counts by region", f"Figure {n}"),
    "nr": lambda n: (f"TABLE NR. {n} Store counts by region", f"Table {n}"),
    "number": lambda n: (f"Figure Number {n}: Store counts by region", f"Figure {n}"),
    "supplementary": lambda n: (f"Supplementary Figure {n}: Store counts by region", f"Figure S{n}"),
    "suppl": lambda n: (f"Suppl. Table {n}: Store counts by region", f"Table S{n}"),
    "s_prefix": lambda n: (f"Figure S{n}: Store counts by region", f"Supplementary Figure {n}"),
    "s_prefix_table": lambda n: (f"Table S{n}: Store counts by region", f"Supplementary Table {n}"),
    "appendix_dot": lambda n: (f"Table A{n}: Store counts by region", f"Table A.{n}"),
    "appendix_dash": lambda n: (f"Figure B{n}: Store counts by region", f"Figure B-{n}"),
    "appendix_printed_dot": lambda n: (f"Table C.{n}: Store counts by region", f"Table C{n}"),
}


def _caption_page(path: Path, line: str) -> Path:
    doc = pymupdf.open()
    for i in (1, 2, 3):
        page = doc.new_page(width=595, height=842)
        for k in range(4):
            page.insert_text((72, 72 + 16 * k), LINE, fontsize=11)
        page.insert_text((290, 812), str(i), fontsize=9)
    doc[1].insert_text((72, 300), line, fontsize=10)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("form", sorted(_WRITTEN_FORMS))
@settings(max_examples=3, deadline=None)
@given(n=st.integers(1, 29))
def test_a_caption_written_with_a_number_word_supplement_or_appendix_dot_is_no_missing_container(tmp_path_factory, form: str, n: int) -> None:
    """Regression (hunt F4-F6): "Table No. 4", "Supplementary Figure 3" asked as "Figure S3" (and back),
    "Table A1" asked as "Table A.1" were claimed missing containers."""
    line, asked = _WRITTEN_FORMS[form](n)
    pdf = _caption_page(tmp_path_factory.mktemp("w") / "w.pdf", line)
    d = pdfs.decide(pdf, f"How many rows are in {asked}?")
    assert d.case not in ("missing_container", "absent_entity"), (line, asked, d.reason)
    # Control: the same caption word with a number printed nowhere is still missing.
    far = asked.replace(str(n), str(n + 50))
    d = pdfs.decide(pdf, f"How many rows are in {far}?")
    assert d.case == "missing_container", (line, far, d.reason)


@pytest.mark.parametrize("printed, asked, kinds, found", [
    ("Figure Three: Store counts", "3", {"figure", "chart"}, True),
    ("TABLE TWELVE Store counts", "12", {"table"}, True),
    ("see Supplementary Fig. 3 for details", "S3", {"figure", "chart"}, True),
    ("Table No. 4 below", "4", {"table"}, True),
    ("Figure Four: Store counts", "3", {"figure", "chart"}, False),
    ("a list two items long", "2", {"table"}, False),  # another name of a table, with a number word: no mention
    ("see Fig. 3 for details", "S3", {"figure", "chart"}, False),  # a main figure is no supplement's
])
def test_loose_mentions_in_words_and_of_a_supplement(printed: str, asked: str, kinds: set[str], found: bool) -> None:
    assert loose_mention_pages([(1, printed)], kinds, asked) == ((1,) if found else ())


@pytest.mark.parametrize("heading, claimed", [("Supplementary Material", False), ("Further Results", True)])
def test_a_supplement_numbering_its_figures_plainly_is_a_doubt_for_figure_s(tmp_path: Path, heading: str, claimed: bool) -> None:
    """"Supplementary Figure 3" is read as Figure S3; a supplement whose captions print "Figure 3" under a
    "Supplementary Material" heading may hold it. Control: no supplement anywhere, "Figure S3" is missing."""
    doc = pymupdf.open()
    for i in (1, 2):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 72), heading if i == 2 else LINE, fontsize=14 if i == 2 else 11)
        page.insert_text((72, 300), f"Figure {i + 2}: Store counts by region", fontsize=10)
    pdf = pdfs.save(doc, tmp_path / "s.pdf")
    for asked in ("Supplementary Figure 3", "Figure S3"):
        d = pdfs.decide(pdf, f"How many bars are in {asked}?")
        assert (d.case == "missing_container") is claimed, (heading, asked, d.reason)
