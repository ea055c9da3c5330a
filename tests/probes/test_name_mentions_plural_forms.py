"""A plural's singular is a form of the name, but only a singular English can form: "-es" makes a plural after a
hiss or an "o" ("boxes", "churches", "heroes"), elsewhere it is an "e" and an "s" ("notes" is "note"). Read as a
plural ending anywhere, it made a name an exact hit on a common word the page prints ("Andes" on "and", "Jones" on
"Jon", "Hades" on "had", "Ames" on "am"): the absent name passed for printed and the row went on to widen.
Controls: true plurals still match their singular."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.probes.name_mentions import matches

FILLER = ["Annual overview of the regional market.", "Sales and costs rose. Jon Smith had a plan, as I am told."]


def _pdf(path: Path, line: str | None = None) -> Path:
    d = pdfs.new_doc(1)
    for k, s in enumerate(FILLER + ([line] if line else [])):
        pdfs.text(d[0], (72, 100 + 18 * k), s, size=12)
    return pdfs.save(d, path)


@pytest.mark.parametrize("name,printed", [("Andes", "and"), ("Jones", "Jon"), ("Hades", "had"), ("Notes", "not"),
                                          ("James", "jam"), ("Ames", "am"), ("Uses", "us"), ("Jon", "Jones"), ("Sal", "Sales")])
def test_es_after_no_hiss_is_no_plural(name, printed):
    assert matches(name, f"The {printed} was here.") == []


@pytest.mark.parametrize("name,printed", [("Boxes", "box"), ("Buses", "bus"), ("Churches", "church"), ("Wishes", "wish"),
                                          ("Heroes", "hero"), ("Taxes", "tax"), ("Waves", "wave"), ("Notes", "note"),
                                          ("Companies", "company"), ("box", "boxes"), ("wave", "waves")])
def test_control_true_plurals_still_match(name, printed):
    assert [exact for _, exact in matches(name, f"The {printed} was here.")] == [True]


# Three-letter stems that end in no hiss and no "o": "<stem>es" is never their plural.
stems = st.builds(lambda a, b, c: a + b + c, st.sampled_from("bcdfgjklmnprtvw"), st.sampled_from("aeiu"), st.sampled_from("bdgklmnprtw"))


@settings(max_examples=40, deadline=None)
@given(stem=stems)
def test_a_word_is_no_singular_of_itself_plus_es(stem):
    assert matches(stem.capitalize() + "es", f"We {stem} it.") == []
    assert matches(stem, f"The {stem.capitalize()}es report.") == []


def test_an_absent_name_ending_in_es_is_absent_on_a_page_of_common_words(tmp_path):
    """The page prints "and", "had", never "Andes" nor "Hades": no widening, the name is absent."""
    pdf = _pdf(tmp_path / "t.pdf")
    for q in ("How many photos of the Andes are on page 1?", "How many pictures of Hades are in the document?"):
        d = pdfs.decide(pdf, q)
        assert (d.decision, d.case) == ("keep", "absent_entity"), (q, d.reason)


def test_control_the_printed_name_is_no_absence(tmp_path):
    pdf = _pdf(tmp_path / "t.pdf", "A trek across the Andes is planned.")
    assert pdfs.decide(pdf, "How many photos of the Andes are on page 1?").case != "absent_entity"
