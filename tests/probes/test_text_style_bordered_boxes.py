"""Words inside a box drawn only as a coloured border: "the green word in the box" may be a black word a green
outline encloses (the box's colour), as it may be one set on a green fill. The text-colour check found no green
glyph and widened; words an outline of the asked colour encloses (a stroked rectangle, a rounded box, four
separate lines, a border annotation) are now doubts. Controls: the same outline elsewhere on the page (not
around the words), or around them in another colour, leaves a measured zero."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

WORDS = "Remember to submit forms"
COLOURS = {"green": (0, 0.6, 0), "red": (0.85, 0.1, 0.1), "blue": (0.1, 0.2, 0.8)}
FORMS = ["rect", "rounded", "lines", "annotation", "ellipse", "polygon"]


def _pdf(path: Path, form: str, colour: tuple[float, float, float], around: bool, width: float = 1.5) -> Path:
    """Two pages of black words; on page 2 WORDS, and an outline (``form``) of ``colour`` drawn around
    them (``around``) or in an empty part of the page."""
    doc = pdfs.new_doc(2)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 100), f"Section {i}: quarterly report on the regional sales", size=12)
    page = doc[1]
    pdfs.text(page, (90, 200), WORDS, size=12)
    r = pymupdf.Rect(80, 182, 300, 210) if around else pymupdf.Rect(330, 420, 520, 500)
    if form == "rect":
        page.draw_rect(r, color=colour, width=width)
    elif form == "rounded":
        page.draw_rect(r, color=colour, width=width, radius=0.3)
    elif form == "lines":
        for a, b in [(r.tl, r.tr), (r.tr, r.br), (r.br, r.bl), (r.bl, r.tl)]:
            page.draw_line(a, b, color=colour, width=width)
    elif form == "ellipse":
        page.draw_oval(r + (-20, -12, 20, 12), color=colour, width=width)
    elif form == "polygon":
        page.draw_polyline([r.tl, r.tr, r.br, r.bl], color=colour, width=width, closePath=True)
    else:
        a = page.add_rect_annot(r)
        a.set_colors(stroke=colour)
        a.set_border(width=width)
        a.update()
    return pdfs.save(doc, path)


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.sampled_from(FORMS), name=st.sampled_from(sorted(COLOURS)), width=st.sampled_from([0.5, 1.5, 3.0]))
def test_words_an_outline_of_the_colour_encloses_are_doubts(tmp_path: Path, form: str, name: str, width: float) -> None:
    pdf = _pdf(tmp_path / f"{form}-{name}-{width}.pdf", form, COLOURS[name], True, width)
    got = pdfs.probe(pdf, "text_style", {"styles": [], "colour": name}, pages=(2,))
    assert not got.members and any(WORDS in m.what for m in got.doubts), (form, name, got.doubts)
    d = pdfs.decide(pdf, f"What is the {name} word in the box on page 2?")
    assert d.decision == "keep" and d.case != "short_not_empty", d.reason


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.sampled_from(FORMS), name=st.sampled_from(sorted(COLOURS)))
def test_control_an_outline_elsewhere_leaves_a_measured_zero(tmp_path: Path, form: str, name: str) -> None:
    pdf = _pdf(tmp_path / f"{form}-{name}.pdf", form, COLOURS[name], False)
    got = pdfs.probe(pdf, "text_style", {"styles": [], "colour": name}, pages=(2,))
    # A curved outline alone may read as a drawn letter ("O": vector lettering), a doubt of its own.
    assert not got.members and not any(WORDS in m.what or "outline" in m.why for m in got.doubts), got.doubts
    if form not in ("rounded", "ellipse"):
        assert pdfs.decide(pdf, f"How many {name} words are on page 2?").decision == "widen"


def test_control_an_outline_of_another_colour_is_no_doubt(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path / "red-around.pdf", "rect", COLOURS["red"], True)
    got = pdfs.probe(pdf, "text_style", {"styles": [], "colour": "green"}, pages=(2,))
    assert not got.members and not got.doubts, got.doubts


@given(shape=st.sampled_from(["rules", "open"]))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_control_strokes_that_close_no_box_enclose_nothing(tmp_path: Path, shape: str) -> None:
    """Two green rules above and below (a booktabs table's) and no sides, or an open line round three sides."""
    doc = pdfs.new_doc(2)
    page = doc[1]
    pdfs.text(page, (90, 200), WORDS, size=12)
    if shape == "rules":
        page.draw_line((72, 182), (540, 182), color=COLOURS["green"], width=1)
        page.draw_line((72, 210), (540, 210), color=COLOURS["green"], width=1)
    else:
        page.draw_polyline([(60, 320), (60, 160), (560, 160), (560, 320)], color=COLOURS["green"], width=1.5)
    pdf = pdfs.save(doc, tmp_path / f"{shape}.pdf")
    got = pdfs.probe(pdf, "text_style", {"styles": [], "colour": "green"}, pages=(2,))
    assert not got.members and not got.doubts, got.doubts
