"""text_style: words drawn twice, once in another paint: an invisible layer or a drop shadow drawn first.

Glyphs drawn again at (almost) the same place are dropped as fake bold (pitfall 10). The de-duplication
saw every glyph, so a copy drawn *before* the visible words took their place: an invisible text layer
(render mode 3: an OCR or search layer written under the page's own text) or a grey drop shadow in
another font, half a point off. The yellow italic words a reader sees then vanished and "the yellow
italic text on page 9" was widened. Only a copy in the same font and paint is a duplicate now, and text
that draws nothing is no glyph at all. Controls: a fake bold copy is still one span; invisible text alone
still measures zero.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.models import ProbeStatus


TEXT = "Yellow slanted words here."
YELLOW = (1, 0.85, 0)
AT = (72.0, 400.0)
QUESTION = "What is the yellow color italic text on page 2?"


def _copy_first(p: pymupdf.Page, font: str, dx: float, dy: float, colour, invisible: bool, size: float = 14) -> None:
    """``TEXT`` drawn glyph by glyph in ``font`` at the italic words' glyph origins (shifted by dx, dy), then the words."""
    x = AT[0]
    for ch in TEXT:
        p.insert_text((x + dx, AT[1] + dy), ch, fontsize=size, fontname=font, color=colour, render_mode=3 if invisible else 0)
        x += pymupdf.get_text_length(ch, "tiit", size)
    p.insert_text(AT, TEXT, fontsize=size, fontname="tiit", color=YELLOW)


_pdf = pdfs.drawn_on_second_page


def _probe(path: Path, **params):
    res = pdfs.probe(path, "text_style", params, (2,))
    assert res.status is ProbeStatus.measured, res.note
    return res


def _decide(path: Path):
    return pdfs.decide(path, QUESTION)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(font=st.sampled_from(["helv", "tiro", "cour", "tiit"]), dx=st.sampled_from([0.0, 0.3, 0.6]), dy=st.sampled_from([0.0, 0.5]),
       colour=st.sampled_from([(0.5, 0.5, 0.5), (0, 0, 0), (1, 1, 1)]), invisible=st.booleans())
def test_yellow_italic_words_drawn_after_another_copy_are_members(tmp_path_factory, font, dx, dy, colour, invisible):
    path = _pdf(tmp_path_factory.mktemp("copies") / "copies.pdf", partial(_copy_first, font=font, dx=dx, dy=dy, colour=colour, invisible=invisible))
    res = _probe(path, styles=["italic"], colour="yellow")
    assert any("Yellow" in m.what and "slanted" in m.what for m in res.members), ([m.what for m in res.members], [m.what for m in res.doubts])


def test_hunt_an_invisible_layer_drawn_first_is_not_widened(tmp_path):
    """Regression: render-mode-3 Helvetica at each glyph's origin, then the yellow italic words: widened."""
    d = _decide(_pdf(tmp_path / "layer.pdf", partial(_copy_first, font="helv", dx=0.0, dy=0.0, colour=(0, 0, 0), invisible=True)))
    assert d.decision == "keep" and d.case == "short_not_empty", (d.decision, d.reason)


def test_hunt_a_grey_shadow_drawn_first_is_not_widened(tmp_path):
    """Regression: a grey Helvetica shadow half a point off, drawn first: the yellow words were its duplicates."""
    d = _decide(_pdf(tmp_path / "shadow.pdf", partial(_copy_first, font="helv", dx=0.5, dy=0.5, colour=(0.5, 0.5, 0.5), invisible=False)))
    assert d.decision == "keep" and d.case == "short_not_empty", (d.decision, d.reason)


def _fake_bold(p: pymupdf.Page) -> None:
    for k in range(2):
        p.insert_text((AT[0] + 0.3 * k, AT[1]), TEXT, fontsize=14, fontname="tiit", color=YELLOW)


def _invisible_only(p: pymupdf.Page) -> None:
    p.insert_text(AT, TEXT, fontsize=14, fontname="tiit", color=YELLOW, render_mode=3)


def test_a_fake_bold_copy_is_still_one_span(tmp_path):
    res = _probe(_pdf(tmp_path / "bold.pdf", _fake_bold), styles=["italic"], colour="yellow")
    assert len(res.members) == 1, [m.what for m in res.members]


def test_invisible_yellow_italic_text_alone_still_widens(tmp_path):
    d = _decide(_pdf(tmp_path / "invisible.pdf", _invisible_only))
    assert d.decision == "widen", (d.reason, d.doubts)
