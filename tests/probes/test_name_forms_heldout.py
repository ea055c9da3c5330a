"""Held-out forms of a printed name that an absent_entity claim must not pass over: a plain letter the
question types where the page writes two ("Koln" asked, "Koeln" printed), a word abbreviated without a dot
("St Louis" for "Saint Louis"), a short name mistyped by a slip of the key ("Adidsa", "Tescco"), a name
hyphenated in a table cell whose line below is stored after the next cell's text.
Each is a doubt (the row stays unverifiable), never absent_entity; controls of the same question shape on a
page without the name are still claimed absent."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
FILLER = ["Annual report of the regional office.", "Revenue grew in every market this year."]


def _pdf(path: Path, line: str | None) -> Path:
    d = pdfs.new_doc(2)
    for k, s in enumerate(FILLER):
        pdfs.text(d[0], (72, 100 + 18 * k), s, size=12)
        pdfs.text(d[1], (72, 100 + 18 * k), s, size=12)
    if line:
        pdfs.text(d[1], (72, 160), line, size=12)
    return pdfs.save(d, path)


def _case(path: Path, question: str) -> str | None:
    return pdfs.decide(path, question).case


# --------------------------------------------------------------------------- a plain letter written as two

_CONSONANTS = "bdfgklmnprtvz"
# A short place name with a plain vowel the page writes as two letters: K-o-l-n / K-oe-l-n.
names = st.builds(lambda c1, v, c2, c3, tail: (c1.upper() + v + c2 + c3 + tail, v),
                  st.sampled_from(_CONSONANTS), st.sampled_from("aou"), st.sampled_from(_CONSONANTS),
                  st.sampled_from(_CONSONANTS), st.sampled_from(["", "a", "en"]))


@SETTINGS
@given(name=names)
@example(name=("Koln", "o"))
def test_a_plain_letter_the_page_writes_as_two_is_no_absence(tmp_path_factory, name):
    asked, vowel = name
    printed = asked.replace(vowel, vowel + {"a": "a", "o": "e", "u": "e"}[vowel], 1)
    tmp = tmp_path_factory.mktemp("plain")
    question = f"How many employees work in the {asked} office?"
    assert _case(_pdf(tmp / "t.pdf", f"Our office in {printed} opened in March."), question) != "absent_entity"
    assert _case(_pdf(tmp / "c.pdf", "Our office in Bergen opened in March."), question) == "absent_entity"


def test_aarhus_for_arhus(tmp_path):
    assert _case(_pdf(tmp_path / "t.pdf", "Our office in Aarhus opened in March."), "How many employees work in the Arhus office?") == "unverifiable"


# --------------------------------------------------------------------------- a word abbreviated without a dot


@pytest.mark.parametrize("printed,asked", [("St Louis", "Saint Louis"), ("Mt Rainier", "Mount Rainier"), ("Ft Worth", "Fort Worth")])
def test_an_undotted_abbreviation_is_no_absence(tmp_path, printed, asked):
    q = f"How many employees work in the {asked} office?"
    assert _case(_pdf(tmp_path / "t.pdf", f"Our office in {printed} opened in March."), q) == "unverifiable"


# "Louis" printed bare could be a person "Saint Louis" named by the last word (engine/cases.py _surname_alone),
# a doubt of its own: the controls print it after another word, so only the abbreviation rule is tested.
@pytest.mark.parametrize("line", ["Our office on Port Louis Street opened in March.", "Our office in Port Louis opened as planned."])
def test_control_no_undotted_abbreviation_beside_the_name(tmp_path, line):
    assert _case(_pdf(tmp_path / "t.pdf", line), "How many employees work in the Saint Louis office?") == "absent_entity"


def test_a_bare_last_word_of_a_person_shaped_name_is_a_doubt(tmp_path):
    assert _case(_pdf(tmp_path / "t.pdf", "Our office in Louis opened as planned."), "How many employees work in the Saint Louis office?") == "unverifiable"


# --------------------------------------------------------------------------- slips of the key in a short name

short_names = st.builds(lambda a, b, c, d, e: (a.upper() + b + c + d + e), st.sampled_from(_CONSONANTS), st.sampled_from("aeiou"),
                        st.sampled_from(_CONSONANTS), st.sampled_from("aeiou"), st.sampled_from(_CONSONANTS + "aeiou"))


@SETTINGS
@given(name=short_names, at=st.integers(1, 3), slip=st.sampled_from(["swap", "double"]))
@example(name="Tesco", at=3, slip="double")
def test_a_short_name_mistyped_by_one_slip_is_no_absence(tmp_path_factory, name, at, slip):
    typed = name[:at] + name[at + 1] + name[at] + name[at + 2:] if slip == "swap" else name[:at + 1] + name[at] + name[at + 1:]
    if typed.lower() == name.lower():
        return  # a swap of two equal letters is no slip
    tmp = tmp_path_factory.mktemp("slip")
    question = f"What revenue did {typed} report?"
    assert _case(_pdf(tmp / "t.pdf", f"Revenue at {name} grew."), question) != "absent_entity"
    assert _case(_pdf(tmp / "c.pdf", "Revenue at Qwxyz grew."), question) == "absent_entity"


# --------------------------------------------------------------------------- a name hyphenated in a table cell


def _cell(path: Path, first: str, second: str) -> Path:
    d = pdfs.new_doc(2)
    pdfs.text(d[0], (72, 100), FILLER[0], size=12)
    p = d[1]
    x0, y0 = 72, 300
    pdfs.text(p, (x0 + 4, y0 + 13), "Company", font="hebo", size=9)
    pdfs.text(p, (x0 + 84, y0 + 13), "Share", font="hebo", size=9)
    # Stored row by row: the first line of each cell, then the second line of each.
    pdfs.text(p, (x0 + 4, y0 + 31), first, size=9)
    pdfs.text(p, (x0 + 84, y0 + 31), "12%", size=9)
    pdfs.text(p, (x0 + 4, y0 + 42), second, size=9)
    pdfs.text(p, (x0 + 84, y0 + 42), "(est.)", size=9)
    for y in (y0, y0 + 18, y0 + 48):
        p.draw_line((x0, y), (x0 + 160, y), width=0.5)
    for x in (x0, x0 + 80, x0 + 160):
        p.draw_line((x, y0), (x, y0 + 48), width=0.5)
    return pdfs.save(d, path)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(2, 6))
@example(cut=3)
def test_a_name_hyphenated_in_a_table_cell_is_no_absence(tmp_path_factory, cut):
    word = "Holdings"
    path = _cell(tmp_path_factory.mktemp("cell") / "t.pdf", f"Brambleton {word[:cut]}-", f"{word[cut:]} Ltd")
    stored = pymupdf.open(path)[1].get_text()
    assert stored.index(f"{word[:cut]}-") < stored.index("12%") < stored.index(f"{word[cut:]} Ltd")  # another cell's text between
    assert _case(path, "What share did Brambleton Holdings have?") == "unverifiable"


def test_control_a_cell_hyphenated_into_another_word(tmp_path):
    path = _cell(tmp_path / "t.pdf", "Brambleton Gar-", "dens Ltd")
    assert _case(path, "What share did Brambleton Holdings have?") == "absent_entity"
