"""absent_entity is never claimed of a name, a date or a year the page prints in another legitimate form, and a
page number or a compared place the question says is looked at as said. Documents built with PyMuPDF.

Each case with its control: the same question shape on a document that does not print the entity is still
absent_entity; a question on a page that exists is still decided on that page."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from pdfs import decide

FILLER = "The season opened with a programme of symphonies and overtures."


def _report(path: Path, line: str, at_page: int = 2) -> Path:
    return pdfs.report_line(path, line, at_page, 3, FILLER)


@pytest.mark.parametrize("question, printed", [
    # printed as written: the apostrophe word is one name, never "Conan O" (a numbered thing)
    ("How many images of Conan O'Brien are on page 2?", "The host, Conan O'Brien, welcomed three guests."),
    ("How many images of Conan O'Brien are on page 2?", "THE HOST, CONAN O'BRIEN, WELCOMED THREE GUESTS."),
    ("How many images of Ludwig van Beethoven are on page 2?", "Symphony No. 9 by Ludwig van Beethoven was first heard in Vienna."),
])
def test_a_name_printed_as_written_is_present(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed), question)
    assert d.case != "absent_entity", d.reason
    assert d.decision == "widen", d.reason  # page 2 holds no image


@pytest.mark.parametrize("question, printed", [
    ("How many images of Conan O'Brien are on page 2?", "The host, Mr. O'Brien, welcomed three guests."),
    ("How many images of Conan O'Brien are on page 2?", "The host, Conan O Brien, welcomed three guests."),
    ("How many images of Mary-Kate O'Neil are on page 2?", "M.-K. O'Neil, Director, tel. 555-0134"),
    ("How many images of Ludwig van Beethoven are on page 2?", "Symphony No. 9 by L. van Beethoven was first heard in Vienna."),
    ("How many images of Ludwig van Beethoven are on page 2?", "Symphony No. 9 by Beethoven was first heard in Vienna."),
    ("How many images of Jean-Luc de la Fontaine are on page 2?", "A fable by J.-L. de La Fontaine opens the chapter."),
    ("Yesterday Biden said how many images are on page 2?", "Joe Biden said taxes would rise for the wealthy."),
])
def test_a_name_printed_in_another_form_is_a_doubt_never_absent(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed), question)
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.doubts and {m.page for m in d.doubts} == {2}, d.reason


@pytest.mark.parametrize("question, printed", [
    ("How many images of Conan O'Brien are on page 2?", "The host, Conan Smith, welcomed three guests."),
    ("How many images of Ludwig van Beethoven are on page 2?", "Symphony No. 9 by Anton Bruckner was first heard in Vienna."),
    ("How many images of Jean-Luc de la Fontaine are on page 2?", "A fable by Aesop opens the chapter."),
    ("Yesterday Biden said how many images are on page 2?", "Joe Carter said taxes would rise for the wealthy."),
])
def test_control_a_name_printed_nowhere_is_absent(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed), question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.sampled_from(["Joran", "Mirela", "Tobiah"]), last=st.sampled_from(["Vasquell", "Brindor", "Halloway"]),
       particle=st.sampled_from(["van", "von", "de", "de la", "van der", "bin"]),
       shape=st.sampled_from(["{p} {last} said the plan works.", "{i}. {p} {last} said the plan works.",
                              "President {last} said the plan works.", "{first} {P} {last} said the plan works."]))
def test_a_person_with_a_particle_printed_by_the_family_name_is_never_absent(tmp_path: Path, first: str, last: str, particle: str,
                                                                             shape: str) -> None:
    printed = shape.format(p=particle, P=particle.title(), last=last, i=first[0], first=first)
    d = decide(_report(tmp_path / "r.pdf", printed), f"How many images of {first} {particle} {last} are on page 2?")
    assert d.case != "absent_entity", d.reason


@pytest.mark.parametrize("question, printed", [
    ("How many images are in the MMXIX annual report?", "Annual report 2019: the board met in spring."),
    ("How many images are in the 2019 annual report?", "Annual report MMXIX: the board met in spring."),
    ("How many images were shown at the meeting of Mar 19th on page 2?", "The board met on March 19, 2019."),
])
def test_a_year_or_a_date_printed_in_another_form_is_not_absent(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed), question)
    assert d.case != "absent_entity", d.reason


@pytest.mark.parametrize("question", ["How many images are in the MMXIX annual report?", "How many images are in the 2019 annual report?"])
def test_control_a_year_printed_in_no_form_is_absent(tmp_path: Path, question: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", "Annual report 2018 (MMXVIII): the board met in spring."), question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


def test_control_a_short_roman_form_is_no_year(tmp_path: Path) -> None:
    # "MM" (2000) is the millimetre's unit as often: a page printing "5 mm" does not print the year 2000
    d = decide(_report(tmp_path / "r.pdf", "Annual report 1999: screws of 5 mm were ordered."), "How many images are in the 2000 annual report?")
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


def _appendix_report(path: Path, pictures_on: tuple[int, ...]) -> Path:
    """Six text pages with folios, page 6 headed "Appendix"; a photograph on each page of ``pictures_on``."""
    doc = pdfs.new_doc(6)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 72), "Appendix: supporting photographs" if i == 6 else f"Chapter {i}", size=18)
        for k in range(6):
            pdfs.text(page, (72, 120 + 16 * k), "The committee reviewed the annual programme and noted progress.")
        pdfs.text(page, (300, 770), str(i))
        if i in pictures_on:
            page.insert_image((150, 300, 450, 500), pixmap=pdfs.photo(i))
    return pdfs.save(doc, path)


@pytest.mark.parametrize("question", ["Are there more pictures on page 3 than in the appendix?",
                                      "How many more pictures are on page 3 than in the appendix?",
                                      "How many pictures are on page 3 compared with the appendix?",
                                      "How many more pictures does the appendix have than page 3?"])
def test_a_page_compared_with_another_place_is_not_widened_on_the_page_alone(tmp_path: Path, question: str) -> None:
    # The appendix (page 6) holds a photograph; page 3 holds none.
    d = decide(_appendix_report(tmp_path / "a.pdf", (6,)), question)
    assert d.decision != "widen", d.reason


def test_control_a_page_joined_to_another_place_is_not_widened(tmp_path: Path) -> None:
    d = decide(_appendix_report(tmp_path / "a.pdf", (6,)), "How many pictures are on page 3 and in the appendix?")
    assert d.decision != "widen", d.reason


def test_a_page_spelt_beyond_the_hundreds_is_that_page(tmp_path: Path) -> None:
    pdf = _appendix_report(tmp_path / "a.pdf", (6,))
    d = decide(pdf, "How many images are on page two thousand?")
    assert (d.decision, d.case) == ("keep", "missing_container"), d.reason
    # control: a page spelt that exists is looked at (page 2 holds no image, page 6 one)
    assert decide(pdf, "How many images are on page two?").decision == "widen"
    assert decide(pdf, "How many images are on page six?").decision == "keep"
