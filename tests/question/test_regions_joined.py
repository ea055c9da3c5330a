"""Parts of a page joined in one question ("the left and right side", "top right or top left") ask about all of
them: the check looks at the whole page, a wider scope. Reading only the first part looked at one corner and
widened over a photo in the other."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.question.parse import parse_question

JOINED = ["on the left and right side of page 1", "at the top right or top left of page 1", "in the bottom left and top left of page 1",
          "in the top right, or the top left, of page 1", "at the bottom or top of page 1", "on the right or left side of page 1"]


@settings(max_examples=20, deadline=None)
@given(where=st.sampled_from(JOINED), thing=st.sampled_from(["pictures", "photos", "images"]))
def test_joined_parts_look_at_the_whole_page(where, thing):
    p = parse_question(f"How many {thing} are {where}?")
    assert [(c.kind.value, c.number, c.region) for c in p.containers] == [("page", "1", None)]


@pytest.mark.parametrize("where,region", [("in the top left of page 1", "top_left"), ("on the right side of page 1", "right"),
                                          ("at the bottom of page 1", "bottom")])
def test_control_one_part_keeps_its_region(where, region):
    assert parse_question(f"How many pictures are {where}?").containers[0].region == region


def _photo_top_left(path: Path, photo: bool) -> Path:
    doc = pdfs.new_doc()
    pdfs.text(doc[0], (72, 400), "Body text of the page.")
    if photo:
        doc[0].insert_image(pymupdf.Rect(40, 100, 160, 180), pixmap=pdfs.photo(4), keep_proportion=False)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("where", JOINED[:3])
def test_a_photo_in_one_of_the_parts_joined_is_never_widened(tmp_path, where):
    d = pdfs.decide(_photo_top_left(tmp_path / "p.pdf", True), f"How many pictures are {where}?")
    assert d.decision == "keep", d.reason
    assert pdfs.decide(_photo_top_left(tmp_path / "q.pdf", False), f"How many pictures are {where}?").decision == "widen"
