"""facts/paint.py: a word is painted over only by an opaque fill or picture drawn after it, over most of its box."""

from __future__ import annotations

import pdfs
import pymupdf
from hypothesis import given, settings, strategies as st

from widening.facts.paint import PaintOrder

WORD_AT = (100.0, 200.0)


def _word_box(page: pymupdf.Page) -> tuple[float, float, float, float]:
    return tuple(page.search_for("harvest")[0])


@settings(max_examples=20, deadline=None)
@given(after=st.booleans(), opacity=st.sampled_from([0.2, 1.0]), dx=st.floats(-60, 60), kind=st.sampled_from(["fill", "photo"]))
def test_only_a_later_opaque_cover_over_most_of_the_word_hides_it(after, opacity, dx, kind):
    doc = pdfs.new_doc()
    page = doc[0]
    cover = pymupdf.Rect(90 + dx, 185, 160 + dx, 210)

    def paint() -> None:
        if kind == "fill":
            page.draw_rect(cover, color=None, fill=(1, 1, 1), fill_opacity=opacity)
        else:
            page.insert_image(cover, pixmap=pdfs.photo(1), keep_proportion=False)

    if not after:
        paint()
    pdfs.text(page, WORD_AT, "harvest", size=14)
    if after:
        paint()
    box = pymupdf.Rect(_word_box(page))
    share = abs(box & cover) / abs(box)
    opaque = kind == "photo" or opacity >= 0.5
    hidden = PaintOrder(page).painted_over(tuple(box))
    if after and opaque and share >= 0.6:
        assert hidden
    if not after or not opaque or share <= 0.4:
        assert not hidden
