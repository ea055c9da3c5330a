"""Items a reader sees but the list counter did not recognise: drawn bullets at a wide tab stop, dashes drawn as
strokes, bullets in a symbol font of unknown name, and FAQ entries headed by statements set like the answers.
Each must keep "the Nth item" from being claimed missing while the page shows it; a list of certain count still is."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"]
count = pdfs.list_counts


def bullets_page(path: Path, texts: int, drawn: int, mark, indent: float = 100.0) -> Path:
    """A page: ``texts`` items opened by a "•" in the text layer, then ``drawn`` two-line items opened by
    ``mark(page, y)`` (a graphic or a glyph) with their text at x = ``indent``."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Product overview", fontsize=14)
    y = 100.0
    for k in range(texts):
        page.insert_text((60, y), f"\u2022 First list item number {k + 1}.", fontsize=10)
        y += 20
    y += 20
    for k in range(drawn):
        mark(page, y)
        page.insert_text((indent, y), f"Item number {k + 1} runs on across the whole measure of the text column", fontsize=10)
        page.insert_text((indent, y + 13), "and continues on a second line to the right margin of the column.", fontsize=10)
        y += 36
    doc.save(path)
    doc.close()
    return path


def disc(page: pymupdf.Page, y: float) -> None:
    page.draw_circle((62, y - 3.5), 2.2, color=(0, 0, 0), fill=(0, 0, 0))


def dash(page: pymupdf.Page, y: float) -> None:
    page.draw_line((62, y - 3.5), (70, y - 3.5), color=(0, 0, 0), width=1)


def sorts(page: pymupdf.Page, y: float) -> None:
    page.insert_text((62, y), "n", fontname="zadb", fontsize=9)


def rename_font(path: Path, old: str, new: str) -> Path:
    """The same PDF with font ``old`` named ``new`` (a symbol font whose name says nothing: Monotype Sorts)."""
    doc = pymupdf.open(path)
    for x in range(1, doc.xref_length()):
        if doc.xref_get_key(x, "BaseFont")[1] == f"/{old}":
            doc.xref_set_key(x, "BaseFont", f"/{new}")
    out = path.with_name("renamed-" + path.name)
    doc.save(out)
    doc.close()
    return out


def test_a_drawn_bullet_at_a_wide_tab_stop_keeps_its_item(tmp_path: Path) -> None:
    # Seven bullets on the page (two typed, five drawn 36 pt left of their text): the fifth is there.
    (r,) = count(bullets_page(tmp_path / "p.pdf", 2, 5, disc), "What does the fifth bullet point on page 1 say?")
    assert not r.missing and r.in_doubt and r.readings[0].most == 7
    assert all("wide indent" in d.why for d in r.readings[0].doubts)
    # Control: past every bullet the page may hold, the item is missing.
    (r,) = count(bullets_page(tmp_path / "q.pdf", 2, 5, disc), "What does the eighth bullet point on page 1 say?")
    assert r.missing


def test_a_dash_drawn_as_a_stroke_is_a_bullet(tmp_path: Path) -> None:
    pdf = bullets_page(tmp_path / "p.pdf", 2, 5, dash, indent=80)
    (r,) = count(pdf, "What does the sixth bullet point on page 1 say?")
    assert r.readings[0].count == 7 and not r.missing
    (r,) = count(pdf, "What does the eighth bullet point on page 1 say?")
    assert r.missing


def test_a_bullet_glyph_of_a_symbol_font_not_known_by_name_keeps_its_item(tmp_path: Path) -> None:
    pdf = rename_font(bullets_page(tmp_path / "p.pdf", 2, 5, sorts, indent=80), "ZapfDingbats", "MonotypeSorts")
    (r,) = count(pdf, "What does the sixth bullet point on page 1 say?")
    assert not r.missing and r.readings[0].most == 7
    (r,) = count(pdf, "What does the eighth bullet point on page 1 say?")
    assert r.missing


@settings(max_examples=8, deadline=None)
@given(texts=st.integers(1, 3), drawn=st.integers(2, 5), form=st.sampled_from(["wide disc", "dash", "sorts"]), k=st.integers(1, 9))
def test_an_item_the_page_shows_is_never_missing(tmp_path_factory, texts: int, drawn: int, form: str, k: int) -> None:
    path = tmp_path_factory.mktemp("l") / "p.pdf"
    if form == "wide disc":
        pdf = bullets_page(path, texts, drawn, disc)
    elif form == "dash":
        pdf = bullets_page(path, texts, drawn, dash, indent=80)
    else:
        pdf = rename_font(bullets_page(path, texts, drawn, sorts, indent=80), "ZapfDingbats", "MonotypeSorts")
    (r,) = count(pdf, f"What does the {ORDINALS[k - 1]} bullet point on page 1 say?")
    assert r.missing == (k > texts + drawn)


def faq_manual(path: Path, entries: list[tuple[str, str]], gap: bool = False) -> Path:
    """A manual whose FAQ section (in the outline) sets each entry as a heading line over its answer line, in one
    font and size (``gap``: the answer as a paragraph of its own), then a Warranty section on the next page."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 120), "1 Frequently Asked Questions", fontname="hebo", fontsize=14)
    y = 160.0
    for q, a in entries:
        page.insert_text((50, y), q, fontsize=10)
        page.insert_text((50, y + (26 if gap else 13)), a, fontsize=10)
        y += 60 if gap else 40
    nxt = doc.new_page(width=595, height=842)
    nxt.insert_text((50, 120), "2 Warranty", fontname="hebo", fontsize=14)
    nxt.insert_text((50, 150), "The warranty lasts two years.", fontsize=10)
    doc.set_toc([[1, "1 Frequently Asked Questions", 1], [1, "2 Warranty", 2]])
    doc.save(path)
    doc.close()
    return path


ENTRIES = [("How do I reset the unit?", "Hold the power button for ten seconds."),
           ("Why is the light red?", "The battery is low; charge it."),
           ("Can I use it outdoors?", "Yes, it is rated IP54."),
           ("Cleaning the lens", "Wipe it with a dry cloth only."),
           ("Battery disposal", "Take it to a recycling point.")]


@pytest.mark.parametrize("numbered", [False, True])
def test_faq_entries_headed_by_statements_set_like_the_answers_keep_their_items(tmp_path: Path, numbered: bool) -> None:
    entries = [(f"Q{i} {q}", f"A{i} {a}") for i, (q, a) in enumerate(ENTRIES, 1)] if numbered else ENTRIES
    pdf = faq_manual(tmp_path / "f.pdf", entries)
    for ordinal in ("fourth", "fifth"):
        d = pdfs.decide(pdf, f"What is the {ordinal} FAQ?")
        assert d.case != "missing_container", d.reason
    (r,) = count(pdf, "What is the sixth FAQ?")
    assert r.missing  # control: past the three questions and both statements


def test_faq_of_questions_alone_is_still_counted(tmp_path: Path) -> None:
    # Control: every entry a question over its answer, as its own paragraph or in one: the count is certain.
    for gap in (False, True):
        pdf = faq_manual(tmp_path / f"f{gap}.pdf", ENTRIES[:3], gap=gap)
        (r,) = count(pdf, "What is the fourth FAQ?")
        assert r.missing and r.readings[0].count == 3 and not r.readings[0].doubts


@settings(max_examples=8, deadline=None)
@given(kinds=st.lists(st.booleans(), min_size=2, max_size=6).filter(any), gap=st.booleans(), k=st.integers(1, 8))
def test_an_faq_entry_in_any_form_is_never_missing(tmp_path_factory, kinds: list[bool], gap: bool, k: int) -> None:
    # kinds[i]: entry i is a question (True) or a statement set like the answers (False).
    entries = [(f"How do I handle case {i}?" if q else f"Handling case {i}", f"Answer number {i} is given here.") for i, q in enumerate(kinds, 1)]
    pdf = faq_manual(tmp_path_factory.mktemp("f") / "f.pdf", entries, gap=gap)
    (r,) = count(pdf, f"What is the {ORDINALS[k - 1]} FAQ?")
    if k <= len(kinds):
        assert not r.missing


def figure_page(path: Path, panels: int, first_line: str, second_line: str) -> Path:
    """``panels`` drawn panels over a caption whose second line stands apart from its first (its own block)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i in range(panels):
        page.draw_rect(pymupdf.Rect(50 + i * 100, 100, 130 + i * 100, 180), color=(0, 0, 1), fill=(0.8, 0.8, 1))
    page.insert_text((50, 210), first_line, fontsize=9)
    if second_line:
        page.insert_text((50, 240), second_line, fontsize=9)
    page.insert_text((50, 300), "1 Introduction body text continues here for the paper.", fontsize=10)
    doc.save(path)
    doc.close()
    return path


def test_subfigure_labels_on_a_caption_line_read_apart_keep_their_panels(tmp_path: Path) -> None:
    pdf = figure_page(tmp_path / "f.pdf", 5, "Figure 1: Results. (a) CIFAR-10, (b) SVHN, (c) ImageNet on the left three panels;",
                      "the last two panels show ablations: removing the prior in (d) and the decoder in (e).")
    (r,) = count(pdf, "What is shown in the fifth subfigure of Figure 1?")
    assert not r.missing and r.readings[0].most == 5
    (r,) = count(pdf, "What is shown in the sixth subfigure of Figure 1?")
    assert r.missing  # control: no sixth label anywhere


def test_subfigures_named_only_in_the_caption_are_still_counted(tmp_path: Path) -> None:
    pdf = figure_page(tmp_path / "f.pdf", 3, "Figure 1: Results on (a) CIFAR-10, (b) SVHN and (c) ImageNet.", "")
    (r,) = count(pdf, "What is shown in the fourth subfigure of Figure 1?")
    assert r.missing and r.readings[0].count == 3 and not r.readings[0].doubts


def slide_faq(path: Path, entries: list[tuple[list[str], str]]) -> Path:
    """A deck: a title slide "Frequently Asked Questions", then one slide per entry, its question set as a paragraph
    of the given lines (all but the last in italics) over one answer paragraph."""
    doc = pymupdf.open()
    page = doc.new_page(width=768, height=576)
    page.insert_text((60, 280), "Frequently Asked Questions", fontname="hebo", fontsize=28)
    for lines, answer in entries:
        page = doc.new_page(width=768, height=576)
        y = 80.0
        for k, ln in enumerate(lines):  # a line of context before the question in another face
            page.insert_text((60, y), ln, fontsize=16, fontname="heit" if k < len(lines) - 1 else "helv")
            y += 20
        page.insert_text((60, y + 40), answer, fontsize=14)
    doc.save(path)
    doc.close()
    return path


def test_a_question_paragraph_opening_with_context_awaits_its_answer(tmp_path: Path) -> None:
    """Control, as FAQ slides set it: a question paragraph opened by words of context ("... the need for" over
    "Search, will there ...?", "Not all teams use job slots." over "Why ...?"): it ends in the question, so the
    answer paragraph after it is that entry's answer, no entry of its own. The fifth of three is missing."""
    entries = [(["Next-Gen tools seem to remove the need for", "Search, will there still be questions about this?"], "Yes. The skill remains."),
               (["Not all teams use job slots.", "Why are questions about them on the exam?"], "They are part of the trade."),
               (["What happens to my certification?"], "It stays valid for two years.")]
    pdf = slide_faq(tmp_path / "deck.pdf", entries)
    (r,) = count(pdf, "What is the fifth FAQ shown in this slides?")
    assert r.missing, r
