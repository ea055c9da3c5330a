"""absent_entity never claims a name the page prints in another form: the same word with another ending
("European" for "Europe", "Chinese" for "China"), a shortened word beside a number ("Gen Z" printed
"Generation Z"), initials joined by an ampersand spelt out ("P&G" printed "Procter & Gamble"). Each
with a control the page does not print, which is still claimed absent. Documents built with PyMuPDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening import rulebook
from widening.probes.name_mentions import derived
import pdfs
from pdfs import decide

FILLER = "The survey was run online in the spring."


def _report(path: Path, line: str, at_page: int, n: int = 3) -> Path:
    return pdfs.report_line(path, line, at_page, n, FILLER)


# Stems no English word in the filler or the headings starts with, so only the planted word can match.
STEMS = ["Zorvan", "Quillet", "Brexund", "Valdor", "Kestrim"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stem=st.sampled_from(STEMS), asked=st.sampled_from(["", "a", "ia", "y"]), printed=st.sampled_from(["an", "ian", "ese", "ic", "ism"]),
       page=st.integers(1, 3))
def test_a_name_printed_with_another_ending_is_a_doubt_never_absent(tmp_path: Path, stem: str, asked: str, printed: str, page: int) -> None:
    endings = set(rulebook.load("mentions")["names"]["derived"]["endings"])
    if asked not in endings:
        asked = ""
    pdf = _report(tmp_path / "r.pdf", f"Most {stem}{printed} respondents were optimistic.", page)
    d = decide(pdf, f"What share of respondents in {stem}{asked} were optimistic?")
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.doubts and {m.page for m in d.doubts} == {page}, d.reason
    assert all(m.bbox[2] - m.bbox[0] < 200 for m in d.doubts), "each doubt is boxed on its word, not the whole page"


@pytest.mark.parametrize("question, printed", [
    ("What share of respondents in Europe were optimistic?", "Respondents in European markets were optimistic."),
    ("What did the Chinese respondents say?", "Respondents in China were optimistic."),
    ("How many pages does the Methods section have?", "METHODOLOGY. The survey was run online."),
    ("How many Democratic senators voted?", "The Democrats won the state."),
    ("What percentage of Gen Z prefer text?", "Generation Z respondents prefer video."),
    ("How many users run Win 10 on desktops?", "Most users run Windows 10 on laptops."),
    ("What is the revenue of P&G?", "Procter & Gamble leads the category."),
    ("What is the revenue of P&G?", "Procter and Gamble leads the category."),
])
def test_the_name_in_another_form_keeps_the_row(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed, 2), question)
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.doubts and all(m.page == 2 for m in d.doubts), d.reason


@pytest.mark.parametrize("question, printed", [
    # A word that only starts another is no other ending of it.
    ("How many offices does Newspaper Direct have?", "The news desk is on the second floor."),
    ("What is on the left side of the Thinkpad's camera?", "Think of the camera as a second eye."),
    ("What did Shopee sell?", "The shop's sales rose."),
    # A capitalised name is not the lower-case word of a sentence ("Europe" in "european" typed in prose is kept, below).
    ("What did Technic Partners report?", "The technical staff reported twice."),
    ("What is the revenue of P&G?", "Pricing and growth were strong."),
    ("What percentage of Gen Z prefer text?", "General trends favour video."),
])
def test_control_a_name_not_printed_in_any_form_is_still_absent(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed, 2), question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


@given(word=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12))
def test_derived_is_symmetric_and_never_the_same_word(word: str) -> None:
    for ending in ("an", "ese", "ology"):
        assert derived(word, word + ending) == derived(word + ending, word)
    assert not derived(word, word)
    assert not derived(word, word + "s")  # a plural is the same word (an exact match), not another ending


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stem=st.sampled_from(STEMS), number=st.integers(2, 99), other=st.integers(100, 200), joined=st.sampled_from(["-", " ", ""]),
       numbered_elsewhere=st.booleans())
def test_the_word_of_a_word_and_number_name_printed_alone_is_a_doubt(tmp_path: Path, stem: str, number: int, other: int,
                                                                      joined: str, numbered_elsewhere: bool) -> None:
    """'COVID-19' where the page prints only 'Covid': a doubt. Where the word is printed with another number
    ('Covid-200'), the word names numbered things and the asked one is absent: still claimed."""
    line = f"Cases of {stem.lower()} rose." + (f" See {stem}{joined}{other} too." if numbered_elsewhere else "")
    d = decide(_report(tmp_path / "r.pdf", line, 2), f"What did {stem.upper()}-{number} do to sales?")
    if numbered_elsewhere:
        assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    else:
        assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
        assert d.doubts and {m.page for m in d.doubts} == {2}, d.reason
