""""The last slide" / "the final slide" name the deck's last page, as "the last page" does; a question
that names them is measured there, never on the whole deck (whose pictures would be candidates only)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.models import ContainerKind
from widening.question.parse import parse_question


def _deck(path: Path, slides: int, picture_on_last: bool) -> Path:
    doc = pymupdf.open()
    for i in range(1, slides + 1):
        page = doc.new_page(width=720, height=405)
        page.insert_text((40, 60), f"Slide title {i}", fontsize=24)
        if i < slides or picture_on_last:
            pdfs.image(page, (300, 120, 600, 350))
        else:
            page.insert_text((40, 120), "Thank you. Questions?", fontsize=14)
        page.insert_text((680, 390), str(i), fontsize=9)
    return pdfs.save(doc, path)


@settings(max_examples=12, deadline=None)
@given(word=st.sampled_from(["last", "final", "Last", "FINAL"]), slides=st.integers(2, 6), picture=st.booleans())
def test_the_last_slide_is_the_decks_last_page(tmp_path_factory, word, slides, picture):
    q = f"How many pictures are on the {word} slide?"
    [c] = parse_question(q).containers
    assert c.kind == ContainerKind.last_page, q
    d = pdfs.decide(_deck(tmp_path_factory.mktemp("d") / "deck.pdf", slides, picture), q)
    if picture:
        assert d.decision == "keep" and {m.page for m in d.members} == {slides}, d.reason
    else:
        assert d.decision == "widen" and not d.members, d.reason


def test_the_last_slide_of_a_part_is_not_the_decks_last_page():
    # "of section 2" narrows to a part the parser cannot place: the whole deck is looked at instead.
    [c] = parse_question("How many pictures are on the last slide of section 2?").containers
    assert c.kind == ContainerKind.document
