""""Page N" of a deck printed as a handout (several slides to a sheet) may be its slide N, printed "N" on
the slide or counted in order: a doubtful reading beside PDF page N, which stays certain
(engine/containers.py). Without it, "page 3" of a six-up handout was widened on PDF page 3 (slides 13-14)
while the slide printed "3" showed a red bar, and "page 9" of a three-sheet handout was claimed missing
while the slide printed "9" is on its second sheet."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs

RED = (0.9, 0.05, 0.05)


def handout(path: Path, slides: int, red_on: int | None, numbered: bool = True, labels: list[int] | None = None) -> Path:
    """``slides`` framed slides six to a portrait page (two columns, three rows), each numbered in its corner
    (the n-th slide ``labels[n - 1]``, or n); a red bar on the ``red_on``-th slide."""
    doc = pymupdf.open()
    w, h = 251.5, 251.5 * 9 / 16
    for n in range(1, slides + 1):
        k = (n - 1) % 6
        if k == 0:
            page = doc.new_page(width=595, height=842)
        r = pymupdf.Rect(30 + (k % 2) * 267.5, 30 + (k // 2) * 260.7, 30 + (k % 2) * 267.5 + w, 30 + (k // 2) * 260.7 + h)
        page.draw_rect(r, color=(0, 0, 0), width=0.8)
        page.insert_text((r.x0 + 10, r.y0 + 24), f"Topic {n}: market overview", fontsize=10)
        if numbered:
            page.insert_text((r.x1 - 16, r.y1 - 7), str(labels[n - 1] if labels else n), fontsize=6)
        if n == red_on:
            page.draw_rect(pymupdf.Rect(r.x0 + 146, r.y0 + 68, r.x0 + 230, r.y0 + 84), color=None, fill=RED)
    return pdfs.save(doc, path)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.sampled_from([3, 4, 5, 6]), numbered=st.booleans())
def test_a_red_bar_on_the_slide_a_page_number_names_keeps_the_row(tmp_path_factory, n, numbered):
    """Regression: PDF page n prints slides 6n-5.., the red bar is on slide n (PDF page 1): widened."""
    path = handout(tmp_path_factory.mktemp("h") / "h.pdf", 14 if n < 6 else 36, red_on=n, numbered=numbered)
    d = pdfs.decide(path, f"How many red bars are on page {n}?")
    assert d.decision != "widen", d.reason


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(4, 14), numbered=st.booleans())
def test_a_page_number_past_the_sheets_but_within_the_slides_is_no_missing_container(tmp_path_factory, n, numbered):
    """Regression: "page 9" of a 14-slide handout (three sheets) was claimed missing."""
    d = pdfs.decide(handout(tmp_path_factory.mktemp("h") / "h.pdf", 14, red_on=None, numbered=numbered), f"How many red bars are on page {n}?")
    assert d.case != "missing_container", d.reason


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=st.sampled_from([3, 4]), asked=st.integers(7, 10))
def test_a_slide_number_printed_out_of_order_is_read_where_it_is_printed(tmp_path_factory, position, asked):
    """Regression: hidden slides skipped (printed 1, 2, 3, 7, 8, ...) put printed "7" on the 4th slide, in the
    middle of PDF page 1 (no folio band); "page 7" was looked for on PDF page 7 and on the 7th slide in order
    (PDF page 2), and a red bar on the slide printed "7" was widened away."""
    labels = list(range(1, position)) + list(range(asked, asked + 80))
    path = handout(tmp_path_factory.mktemp("h") / "h.pdf", 60, red_on=position, labels=labels)
    d = pdfs.decide(path, f"How many red bars are on page {asked}?")
    assert d.decision != "widen", d.reason


def test_control_a_page_number_past_the_slides_is_missing(tmp_path):
    d = pdfs.decide(handout(tmp_path / "h.pdf", 14, red_on=2), "How many red bars are on page 20?")
    assert d.case == "missing_container", d.reason


def test_control_pages_of_a_handout_empty_under_both_readings_widen(tmp_path):
    """PDF page 2 (slides 7-12) and slide 2's sheet (PDF page 1) show no red: widened, as before."""
    d = pdfs.decide(handout(tmp_path / "h.pdf", 14, red_on=14), "How many red bars are on page 2?")
    assert d.decision == "widen", d.reason


def test_control_a_deck_one_slide_a_page_reads_page_n_as_before(tmp_path):
    doc = pdfs.new_doc(6, 960, 540)
    for i, page in enumerate(doc, start=1):
        page.insert_text((40, 90), f"Topic {i}: market overview", fontsize=40)
        page.insert_text((900, 515), str(i), fontsize=18)
    doc[4].draw_rect(pymupdf.Rect(560, 260, 880, 320), color=None, fill=RED)
    path = pdfs.save(doc, tmp_path / "deck.pdf")
    assert pdfs.decide(path, "How many red bars are on page 3?").decision == "widen"
    assert pdfs.decide(path, "How many red bars are on page 5?").decision != "widen"
