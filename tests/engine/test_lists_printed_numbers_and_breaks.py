"""Ordinal sub-containers: lists whose count the page refutes in ways the text of one page does not show.

Each PDF is built here with its items known by construction: items printed with numbers that skip in any
written form ("Step 1, Step 2, Step 5", "Q4:", "No. 5", "#5", "e)", "v."), a list that runs over a page break,
FAQ entries opened by "Q1:" (one entry, one item), and a small picture showing items beside typed ones.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
            "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth"]
LONG = "Fix the bracket to the wall with the four screws supplied and check that it is level before you tighten"
decide = pdfs.decide


def count(path: Path, q: str):
    (r,) = pdfs.list_counts(path, q)
    return r


def save(doc: pymupdf.Document, path: Path) -> Path:
    doc.save(path)
    doc.close()
    return path


# --------------------------------------------------------------------------- numbers that skip

ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]
FORMS = {
    "step": lambda n: f"Step {n}:",
    "no": lambda n: f"No. {n}",
    "hash": lambda n: f"#{n}",
    "item": lambda n: f"Item {n}.",
    "letter": lambda n: f"{chr(ord('a') + n - 1)})",
    "roman": lambda n: f"{ROMAN[n - 1]}.",
    "paren": lambda n: f"({n})",
}


def numbered_page(path: Path, form: str, numbers: list[int]) -> Path:
    """Page 1: a heading, then one wrapped item per number, each printed with ``numbers[k]`` in ``form``."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Installation", fontname="hebo", fontsize=14)
    y = 140
    for n in numbers:
        page.insert_text((72, y), f"{FORMS[form](n)} Fix the bracket to the wall with the four screws and check it is level", fontsize=11)
        page.insert_text((72, y + 14), "before you tighten them fully, then go on.", fontsize=11)
        y += 40
    return save(doc, path)


@settings(max_examples=25, deadline=None)
@given(form=st.sampled_from(sorted(FORMS)), numbers=st.lists(st.integers(1, 12), min_size=2, max_size=5, unique=True),
       k=st.integers(1, 14))
def test_an_ordinal_up_to_the_highest_printed_number_is_never_missing(tmp_path_factory, form: str, numbers: list[int], k: int) -> None:
    # "Step 1, Step 2, Step 5": the fifth step is printed, whatever is missing between; "the fifth bullet point on
    # page 1" was claimed missing (3 items counted; only "5." was read as a printed number, not "Step 5").
    numbers = sorted(numbers)
    pdf = numbered_page(tmp_path_factory.mktemp("n") / "n.pdf", form, numbers)
    r = count(pdf, f"What is the {ORDINALS[k - 1]} bullet point on page 1?")
    if k <= max(numbers):
        assert not r.missing, r.explain()
    marks = [FORMS[form](n).rstrip(".)") for n in numbers]
    # "v. x." alone may be letters or numerals: the larger reading holds, so no bound is asserted.
    ambiguous = form in ("roman", "letter") and all(m in ("i", "v", "x", "l", "c") for m in marks)
    if k > max(numbers) + 1 and not ambiguous:  # the heading is a possible item: one more
        assert r.missing, r.explain()


@pytest.mark.parametrize("form", sorted(FORMS))
def test_skipped_numbering_decision_and_control(tmp_path: Path, form: str) -> None:
    pdf = numbered_page(tmp_path / "s.pdf", form, [1, 2, 5])
    assert decide(pdf, "What is the fifth bullet point on page 1?").case != "missing_container"
    assert decide(pdf, "What is the seventh bullet point on page 1?").case == "missing_container"


# --------------------------------------------------------------------------- a list over a page break


def broken_list(path: Path, first: int, second: int, between: str | None = None, indent: bool = True) -> Path:
    """Page 2: a heading over ``first`` wrapped bullets; page 3 goes on with ``second`` more, then a closing line.
    With ``between``, page 2 ends in that paragraph after its list (the list does not run on)."""
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Introduction.", fontsize=11)
    page = doc.new_page()
    page.insert_text((72, 110), "Installation", fontname="hebo", fontsize=14)
    y, k = 140.0, 0

    def item(page: pymupdf.Page, y: float, k: int) -> None:
        page.insert_text((72, y), f"\u2022 {LONG[:80]}", fontsize=11)
        page.insert_text((86 if indent else 72, y + 14), f"{LONG[80:]} them, step {k + 1}.", fontsize=11)

    for _ in range(first):
        item(page, y, k)
        y, k = y + 34, k + 1
    if between:
        page.insert_text((72, y + 20), between, fontsize=11)
    page = doc.new_page()
    y = 110.0
    for _ in range(second):
        item(page, y, k)
        y, k = y + 34, k + 1
    page.insert_text((72, y + 30), "Maintenance is described in the next chapter of this manual, read it.", fontsize=11)
    return save(doc, path)


@settings(max_examples=12, deadline=None)
@given(first=st.integers(2, 7), second=st.integers(1, 5), k=st.integers(1, 14), indent=st.booleans())
def test_a_list_over_a_page_break_is_counted_whole(tmp_path_factory, first: int, second: int, k: int, indent: bool) -> None:
    # Seven bullets on page 2 go on with five on page 3: "the tenth bullet point on page 3" (step 10, printed there)
    # was claimed missing ("5 item(s) on p3").
    pdf = broken_list(tmp_path_factory.mktemp("b") / "b.pdf", first, second, indent=indent)
    r = count(pdf, f"What does the {ORDINALS[k - 1]} bullet point on page 3 say?")
    if k <= first + second:
        assert not r.missing, r.explain()
    assert any(x.count is not None and x.count >= first + second for x in r.readings), r.explain()


def test_a_list_closed_before_the_break_is_not_joined(tmp_path: Path) -> None:
    # Control: page 2's list ends in a paragraph, so page 3's four bullets are a list of their own.
    pdf = broken_list(tmp_path / "c.pdf", 3, 4, between="This ends the installation and the unit is ready for use by you now.")
    r = count(pdf, "What does the sixth bullet point on page 3 say?")
    assert r.missing and len(r.readings) == 1 and r.readings[0].count == 4, r.explain()
    assert decide(pdf, "What does the sixth bullet point on page 3 say?").case == "missing_container"


def test_broken_list_decision(tmp_path: Path) -> None:
    pdf = broken_list(tmp_path / "b.pdf", 7, 5)
    assert decide(pdf, "What does the tenth bullet point on page 3 say?").case != "missing_container"
    assert decide(pdf, "What does the eighth bullet point on page 3 say?").case != "missing_container"
    assert decide(pdf, "What does the fifteenth bullet point on page 3 say?").case == "missing_container"


# --------------------------------------------------------------------------- FAQ entries opened by "Q1:"

QUESTIONS = ["How do I reset the device?", "Can I charge it overnight?", "Where is the serial number?", "Why does it beep?",
             "Is it waterproof?", "What does the warranty cover?"]


def faq(path: Path, labels: list[str]) -> Path:
    """An FAQ section (outline) on page 2: one entry per label, "<label>: <question>" in bold over its answer."""
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Introduction to the product.", fontsize=11)
    page = doc.new_page()
    page.insert_text((72, 100), "Frequently Asked Questions", fontname="hebo", fontsize=14)
    y = 140
    for k, label in enumerate(labels):
        page.insert_text((72, y), f"{label}: {QUESTIONS[k]}", fontname="hebo", fontsize=11)
        page.insert_text((72, y + 16), "The answer is given here in one full sentence.", fontsize=11)
        y += 44
    page = doc.new_page()
    page.insert_text((72, 130), "Specifications", fontname="hebo", fontsize=14)
    page.insert_text((72, 160), "Weight 200 g.", fontsize=11)
    doc.set_toc([[1, "Introduction", 1], [1, "Frequently Asked Questions", 2], [1, "Specifications", 3]])
    return save(doc, path)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_marked_question_is_one_entry(tmp_path: Path, n: int) -> None:
    # "Q1: How do I reset the device?" was counted twice (by its mark and as a question): three entries read as
    # six, and "the fifth FAQ" of three was not found missing.
    pdf = faq(tmp_path / "f.pdf", [f"Q{k + 1}" for k in range(n)])
    r = count(pdf, f"What is the {ORDINALS[n]} FAQ?")
    assert r.readings[0].count == n and r.missing, r.explain()
    assert decide(pdf, f"What is the {ORDINALS[n - 1]} FAQ?").case != "missing_container"


def test_a_skipped_faq_number_is_printed(tmp_path: Path) -> None:
    pdf = faq(tmp_path / "f.pdf", ["Q1", "Q2", "Q4"])
    assert decide(pdf, "What is the fourth FAQ?").case != "missing_container"
    assert decide(pdf, "What is the fifth FAQ?").case == "missing_container"


# --------------------------------------------------------------------------- items shown in a small picture


def pictured_list(path: Path, shown: int) -> Path:
    """Page 1: three typed bullets, then a picture (4% of the page) showing ``shown`` more bullets."""
    src = pymupdf.open()
    sp = src.new_page(width=180, height=110)
    for k in range(shown):
        sp.insert_text((8, 22 + 24 * k), f"\u2022 Keep the filter clean {k + 1}", fontsize=12)
    pix = sp.get_pixmap(dpi=200)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Care tips", fontname="hebo", fontsize=14)
    for k in range(3):
        page.insert_text((72, 130 + 20 * k), f"\u2022 Rinse the jug every week, tip {k + 1}.", fontsize=11)
    page.insert_image(pymupdf.Rect(72, 200, 252, 310), pixmap=pix)
    return save(doc, path)


def test_items_shown_in_a_small_picture_are_possible_items(tmp_path: Path) -> None:
    # A picture under the share that makes a page uncountable showed four more bullets: "the fifth bullet point on
    # page 1" was claimed missing ("3 item(s)"), seven shown.
    pdf = pictured_list(tmp_path / "p.pdf", 4)
    for k in (5, 7):
        r = count(pdf, f"What is the {ORDINALS[k - 1]} bullet point on page 1?")
        assert not r.missing, r.explain()
    assert decide(pdf, "What is the seventh bullet point on page 1?").case != "missing_container"
    assert decide(pdf, "What is the ninth bullet point on page 1?").case == "missing_container"
