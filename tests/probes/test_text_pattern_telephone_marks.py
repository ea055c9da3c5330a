"""A short number labelled by a telephone printed as a symbol ("☎ 111", "✆ 45 67 89") or by a cue word
the vocabulary lacked ("ring 999", "Freefone 4521", "Tél. 4521", "Ph: 4521", an "Extensions" column)
was no candidate at all: the page showed a number to call and the phone pattern measured zero, a
false widening of "what is the telephone no for X". Each is now a doubt (a number of a phone's
shape after a mark a member). The controls, a number after a word that only looks like a cue ("Ring
binder, 999 sheets", "Ph.D. 2019", "a mob of 300"), and a page of years, prices and page numbers,
still measure zero."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

MARKS = ["\u260e", "\u260f", "\u2706", "\u2121"]  # ☎ ☏ ✆ ℡, all in DejaVuSans


def _page(path: Path, lines: list[str]) -> Path:
    """Three pages, a title on each; ``lines`` on page 2 in DejaVuSans (it has the telephone symbols)."""
    doc = pdfs.new_doc(3)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 60), f"Section {i}: partner directory", size=14)
    page = doc[1]
    page.insert_font(fontname="dj", fontfile=str(pdfs.DEJAVU_SANS))
    for k, line in enumerate(lines):
        page.insert_text((72, 140 + 18 * k), line, fontname="dj", fontsize=11)
    return pdfs.save(doc, path)


def _run(pdf: Path):
    doc = load_doc(pdf)
    try:
        res = run_probe("text_pattern", doc, Scope((2,)), {"pattern": "phone"})
    finally:
        doc.close()
    return res, [m.what.split("'")[1] for m in res.members], [m.what.split("'")[1] for m in res.doubts]


@pdfs.needs_dejavu
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mark=st.sampled_from(MARKS), number=st.sampled_from(["111", "999", "4521", "116 123", "45 67 89"]),
       gap=st.sampled_from([" ", "  ", ": "]))
def test_a_short_number_after_a_telephone_mark_is_a_doubt(tmp_path_factory, mark: str, number: str, gap: str) -> None:
    pdf = _page(tmp_path_factory.mktemp("m") / "m.pdf", ["Care Agency", f"{mark}{gap}{number}"])
    res, sure, unsure = _run(pdf)
    assert not res.measured_zero and number in sure + unsure, (mark, number, res.note)


@pdfs.needs_dejavu
@pytest.mark.parametrize("mark", MARKS)
def test_a_number_after_a_telephone_mark_is_a_member(tmp_path: Path, mark: str) -> None:
    res, sure, _ = _run(_page(tmp_path / "m.pdf", [f"Care Agency  {mark} 7946 0958"]))
    assert "7946 0958" in sure, res


@pdfs.needs_dejavu
@pytest.mark.parametrize(("line", "number"), [
    ("In an emergency ring 999.", "999"),
    ("Ring us on 111 at any hour.", "111"),
    ("Freefone 4521", "4521"),
    ("Freecall: 4521", "4521"),
    ("Tél. 4521", "4521"),
    ("Ph: 4521", "4521"),
    ("Textphone 18001", "18001"),
])
def test_a_short_number_after_a_cue_word_is_a_doubt(tmp_path: Path, line: str, number: str) -> None:
    res, sure, unsure = _run(_page(tmp_path / "w.pdf", ["Care Agency", line]))
    assert not res.measured_zero and number in sure + unsure, (line, res.note)


@pdfs.needs_dejavu
def test_short_numbers_under_an_extensions_header_are_doubts(tmp_path: Path) -> None:
    res, sure, unsure = _run(_page(tmp_path / "x.pdf", ["Extensions", "Reception      4521", "Care Agency     4522"]))
    assert {"4521", "4522"} <= set(sure + unsure), res.note


@pdfs.needs_dejavu
@pytest.mark.parametrize("lines", [
    ["Ring binder, 999 sheets, delivered in 2019."],
    ["Ph.D. 2019 cohort: 412 students."],
    ["A mob of 300 gathered; pH 7.4 at 250 ppm."],
    ["Founded in 1998, 2,450 staff, revenue $12,500,000 in 2019.", "See page 14 and pages 20-22.", "Price: 450 EUR."],
])
def test_control_numbers_after_look_alike_words_measure_zero(tmp_path: Path, lines: list[str]) -> None:
    res, sure, unsure = _run(_page(tmp_path / "c.pdf", lines))
    assert res.measured_zero and not sure and not unsure, (res.members, res.doubts)


@pdfs.needs_dejavu
def test_the_telephone_question_is_kept_on_a_page_with_a_marked_short_number(tmp_path: Path) -> None:
    question = "What is the telephone no for the Housing Office?"
    kept = pdfs.decide(_page(tmp_path / "k.pdf", ["Housing Office", "\u260e 111"]), question)
    assert (kept.decision, kept.case) == ("keep", "unverifiable") and kept.doubts, kept.reason
    empty = pdfs.decide(_page(tmp_path / "e.pdf", ["Housing Office", "Open daily from 9 to 5 since 1998."]), question)
    assert empty.decision == "widen", empty.reason


# --------------------------------------------------------------------------- digits misread as letters


@pdfs.needs_dejavu
@pytest.mark.parametrize("line", ["Care Agency O2O 7946 O958", "Care Agency 0l23 456 789O", "Care Agency: 6I5-59I-2955"])
def test_a_number_with_letters_for_look_alike_digits_is_a_doubt(tmp_path: Path, line: str) -> None:
    """OCR reads "020 7946 0958" as "O2O 7946 O958": the page shows a number, the layer no digit run long
    enough for one. Read with each look-alike letter inside a group of digits as that digit, it is a doubt."""
    res, sure, unsure = _run(_page(tmp_path / "o.pdf", ["Contacts", line]))
    assert not res.measured_zero and unsure, (line, res.note)


@pdfs.needs_dejavu
def test_control_names_with_look_alike_letters_measure_zero(tmp_path: Path) -> None:
    res, sure, unsure = _run(_page(tmp_path / "n.pdf", ["The O2 Arena hosted Olympia 2012; Il Duomo dates from 1296.",
                                                        "COVID-19 reached block O3 in 2020."]))
    assert res.measured_zero and not sure and not unsure, (res.members, res.doubts)
