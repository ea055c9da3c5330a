"""A class word that says what kind of thing the next noun is ("dog owners", "bus drivers", "bicycle helmets")
does not ask for the class: no dog in the photo says nothing of dog owners in it. Such a question gets no
detector check (a zero of dogs widened "how many dog owners"); a word that places, shows or counts the
thing, or an act or state ("dogs sleeping", "cars parked"), still asks for the class."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.question.parse import parse_question

CLASSES = {"dog": "dog", "bus": "bus", "bicycle": "bicycle", "horse": "horse", "car": "car", "cat": "cat", "boat": "boat"}
NOUNS = ["owners", "drivers", "helmets", "riders", "seats", "ears", "trainers", "racks", "parks", "breeds"]
PLACES = ["in the photo on page 2", "on the cover", "in the picture on page 3", "shown on page 2"]


@settings(max_examples=60, deadline=None)
@given(word=st.sampled_from(sorted(CLASSES)), noun=st.sampled_from(NOUNS), place=st.sampled_from(PLACES),
       form=st.sampled_from(["How many {x} are {p}?", "Are there any {x} {p}?", "Count the {x} {p}.", "how many {x} are {p}"]))
def test_a_class_word_before_a_noun_asks_for_no_class(word, noun, place, form):
    q = form.format(x=f"{word} {noun}", p=place)
    t = parse_question(q).target
    assert t.object_class is None, (q, t.object_class)


@settings(max_examples=40, deadline=None)
@given(word=st.sampled_from(sorted(CLASSES)), place=st.sampled_from(PLACES),
       after=st.sampled_from(["", " sleeping", " parked", " that are red", " and cats", " altogether", " visible"]))
def test_control_the_class_itself_is_still_asked(word, place, after):
    plural = {"bus": "buses"}.get(word, word + "s")
    q = f"How many {plural}{after} are {place}?"
    assert parse_question(q).target.object_class == CLASSES[word], q


def test_dog_owners_in_a_photo_are_never_widened(tmp_path: Path) -> None:
    doc = pymupdf.open()
    for i in range(2):
        page = doc.new_page(width=400, height=400)
        page.insert_text((40, 40), f"Club news, page {i + 1}", fontsize=12)
    doc[1].insert_image(pymupdf.Rect(60, 80, 340, 300), pixmap=pdfs.photo(3))
    doc[1].insert_text((60, 320), "Three dog owners from our club", fontsize=10)
    d = pdfs.decide(pdfs.save(doc, tmp_path / "club.pdf"), "How many dog owners are in the photo on page 2?")
    assert d.decision == "keep", d.reason
