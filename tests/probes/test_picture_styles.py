"""Pixel tests for the words of a picture (widening/facts/ink.py): planted underlines and colours are never ruled out.

Property (fixtures/picture_styles.py draws the pictures, real PyMuPDF renders them the way OCR
reads them): no planted underlined line is declared certainly not underlined, and no line of a
planted colour is declared certainly not of its family. How often a plain line is cleared is
recorded with hypothesis ``event`` (pytest --hypothesis-show-statistics). The box handed to the
tests is the words' box widened or cut the way a text detector's box may be.
CI runs 120 + 40 fixed-seed pictures without OCR and 4 through the whole probe with OCR; a long run:
HYPOTHESIS_PROFILE=long WIDENING_PICTURE_STYLE_EXAMPLES=2000 WIDENING_PICTURE_STYLE_OCR_EXAMPLES=50.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st
from hypothesis.errors import InvalidArgument

from fixtures.picture_styles import INK_FAMILY, INKS, StyledLineSpec, build, styled_lines
from fixtures.spec import PALETTE
from widening.facts.colours import FAMILIES, family, matches
from widening.facts.extract import load_doc
from widening.facts.ink import family_absent, underline_absent
from widening.facts.ocr import render_clip
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

EXAMPLES = int(os.environ.get("WIDENING_PICTURE_STYLE_EXAMPLES", "0") or 0) or 120


def _measure(spec: StyledLineSpec, pads: tuple[float, float, float, float]):
    """(render, the words' box in render pixels widened by ``pads`` x-heights, the line below's box)."""
    with tempfile.TemporaryDirectory() as tmp:
        rect, drawn = build(spec, Path(tmp) / "p.pdf")
        with pymupdf.open(Path(tmp) / "p.pdf") as pdf:
            pixels = render_clip(pdf[0], rect)
    assert pixels is not None
    k = 72 / spec.dpi  # picture px -> pt

    def to_render(box, pad=(0.0, 0.0, 0.0, 0.0)):
        x0, y0, x1, y1 = (rect.x0 + box[0] * k, rect.y0 + box[1] * k, rect.x0 + box[2] * k, rect.y0 + box[3] * k)
        r = ((x0 - rect.x0) / pixels.sx, (y0 - rect.y0) / pixels.sy, (x1 - rect.x0) / pixels.sx, (y1 - rect.y0) / pixels.sy)
        xh = spec.size
        return (r[0] - pad[0] * xh, r[1] - pad[1] * xh, r[2] + pad[2] * xh, r[3] + pad[3] * xh)

    below = to_render(drawn.below_box, pads) if drawn.below_box else None
    return pixels.rgb, to_render(drawn.words_box, pads), below


_PADS = st.tuples(st.floats(0, 0.5), st.floats(0, 0.6), st.floats(0, 0.5), st.floats(-0.3, 0.6))


def _note(text: str) -> None:
    """hypothesis ``event`` inside a property; nothing in a named regression test."""
    try:
        event(text)
    except InvalidArgument:
        pass


def _check(spec: StyledLineSpec, pads) -> None:
    rgb, box, below = _measure(spec, pads)
    u = underline_absent(rgb, box)
    if spec.underline != "none":
        assert not u.absent, (spec, u.why)
    else:
        _note(f"plain line cleared of underline: {u.absent}")
    if below is not None:
        _note(f"plain line under another cleared of underline: {underline_absent(rgb, below).absent}")
    got = family_absent(rgb, box, family(INK_FAMILY[spec.ink]))
    assert not got.absent, (spec, got.why)
    lacks = [f for f in sorted(FAMILIES) if not matches(FAMILIES[f], INKS[spec.ink])
             and not (spec.underline_ink and matches(FAMILIES[f], INKS[spec.underline_ink]))]
    if lacks:  # one family the line lacks, to record how often the test clears
        _note(f"line cleared of a colour family it lacks: {family_absent(rgb, box, FAMILIES[lacks[sum(map(ord, ''.join(spec.words))) % len(lacks)]]).absent}")


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(spec=styled_lines(), pads=_PADS)
def test_planted_underlines_and_colours_are_never_ruled_out(spec: StyledLineSpec, pads) -> None:
    _check(spec, pads)


@settings(max_examples=max(20, EXAMPLES // 3), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(spec=styled_lines(underline="none"), pads=_PADS)
def test_plain_lines(spec: StyledLineSpec, pads) -> None:
    """No underline planted: colours still never ruled out; how often the line is cleared is recorded."""
    _check(spec, pads)


def test_palette_inks_are_their_family() -> None:
    for name in PALETTE:
        assert family(name).name in (name,) and INKS[name] == PALETTE[name]


# ---------------------------------------------------------------- the probe, with real OCR


def _probe(spec: StyledLineSpec, tmp: Path, **params):
    build(spec, tmp / "p.pdf")
    doc = load_doc(tmp / "p.pdf", ocr=False)
    try:
        return run_probe("text_style", doc, Scope(pages=(1,)), params)
    finally:
        doc.close()


def _cleared(res) -> bool:
    return any("inside raster image" in (b.why or "") for b in res.best_candidates)


LOGO = StyledLineSpec(words=("AVOCATS", "BARRISTERS"), underlined=None, font="helv", size=13, dpi=300, background="white", ink="black")


def test_plain_capitals_in_a_picture_are_cleared_for_a_colour_they_lack_and_kept_for_underline(tmp_path: Path) -> None:
    """Black capitals with E and B feet (a logo's line): cleared for yellow; for underline, the feet
    along the baseline are as long as a two-letter word whose underline would touch it: kept, with
    the measurement in the record. Italic has no pixel test."""
    yellow = _probe(LOGO, tmp_path, styles=["italic"], colour="yellow")
    assert yellow.measured_zero and not yellow.doubts and _cleared(yellow), yellow.note
    assert "colour test" in yellow.best_candidates[0].why
    under = _probe(LOGO, tmp_path, styles=["underline", "italic"])
    assert not _cleared(under) and "underline test: ink run" in (under.note + " ".join(d.why or "" for d in under.doubts)), under
    italic = _probe(LOGO, tmp_path, styles=["italic"])
    assert not _cleared(italic) and (italic.status is ProbeStatus.could_not_measure or italic.doubts)


def test_the_same_capitals_underlined_are_never_cleared(tmp_path: Path) -> None:
    for kind in ("solid", "hairline", "touching"):
        spec = LOGO.model_copy(update={"underlined": (1, 2), "underline": kind, "thickness": 0.6})
        res = _probe(spec, tmp_path, styles=["underline"])
        assert not _cleared(res) and not res.measured_zero, (kind, res.note, res.best_candidates)


def test_yellow_words_are_cleared_for_red_and_never_for_yellow(tmp_path: Path) -> None:
    spec = StyledLineSpec(words=("Strategic", "Planning"), underlined=None, ink="yellow", size=14, dpi=150, jpeg=60)
    assert not _cleared(yellow := _probe(spec, tmp_path, colour="yellow")) and not yellow.measured_zero, yellow.note
    red = _probe(spec, tmp_path, colour="red")
    assert red.measured_zero and _cleared(red), red.note


@settings(max_examples=int(os.environ.get("WIDENING_PICTURE_STYLE_OCR_EXAMPLES", "4")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(spec=styled_lines())
def test_the_probe_never_clears_a_picture_with_a_planted_underline_or_colour(spec: StyledLineSpec) -> None:
    """End to end (render, OCR, pixel tests, probe): what was planted is never a cleared picture."""
    with tempfile.TemporaryDirectory() as tmp:
        build(spec, Path(tmp) / "p.pdf")
        doc = load_doc(Path(tmp) / "p.pdf", ocr=False)
        try:
            under = run_probe("text_style", doc, Scope(pages=(1,)), {"styles": ["underline"]})
            colour = run_probe("text_style", doc, Scope(pages=(1,)), {"colour": INK_FAMILY[spec.ink]})
        finally:
            doc.close()
    # (A picture whose words OCR does not read at all is no candidate, before and after these tests:
    # that limit is OCR's, held by tests/probes/test_name_mentions_pictures.py; recorded, not asserted.)
    event(f"OCR read the words: {not under.measured_zero or _cleared(under)}")
    if spec.underline != "none":
        assert not _cleared(under), (spec, under.note, under.best_candidates)
    else:
        event(f"plain line's picture cleared of underline: {_cleared(under)}")
    # The words' own colour family is never ruled out.
    assert not _cleared(colour), (spec, colour.note, colour.best_candidates)


# ---------------------------------------------------------------- regressions the generator found


def test_regression_skip_ink_clearance_does_not_erase_an_underline_far_from_the_glyphs() -> None:
    """Generator bug, not a rule bug: skip-ink once cleared the underline wherever a glyph came
    within a clearance *above* it, erasing it under every letter of 'the'; browsers clear only
    where a glyph crosses the underline's own rows. Held: the drawn underline is found."""
    spec = StyledLineSpec(words=("the",), underlined=(0, 1), underline="skip_ink", thickness=2.0, depth=0.1875, font="helv",
                          size=9.0, ink="orange", background="dark", dpi=72)
    _check(spec, (0.0, 0.0, 0.0, 0.0))


def test_regression_an_underline_just_under_the_baseline_above_a_descender_foot() -> None:
    """Times italic 'up' underlined 0.05 em under the baseline, JPEG 30: the p's foot serif, heavy in
    the row profile, once made the body end at the descender's bottom, and the underline (broken by
    one pixel where the p crosses it) was judged as a letter's own bottom. The body is now the longest
    stretch of heavy rows, and a gap is bridged where ink continues under it."""
    spec = StyledLineSpec(words=("up",), underlined=(0, 1), underline="solid", thickness=1.0, depth=0.05, skip=True, font="tiit",
                          size=12.0, ink="orange", background="paper", dpi=96, jpeg=30)
    _check(spec, (0.0, 0.0, 0.0, 0.0))


def test_regression_a_touching_underline_under_serif_feet() -> None:
    """Times 'the' on a dark ground, underline touching the baseline: the generator once also cut it
    around every glyph (skip-ink with no offset), leaving 2-3 px dashes between letters that no rule
    tells from serifs; it no longer plants that (a stated limit, widening/facts/ink.py). The touching
    underline itself merges with the serif feet in the row profile and is found along the baseline."""
    spec = StyledLineSpec(words=("the",), underlined=(0, 1), underline="touching", thickness=1.0, depth=0.25, skip=True, font="tiro",
                          size=19.0, ink="cyan", background="dark", dpi=72)
    _check(spec, (0.0, 0.0, 0.0, 0.0))


def test_regression_a_two_letter_word_underlined_along_the_baseline() -> None:
    """Helvetica 'it' at 9 px x-height, underline touching the baseline: once set apart as a letter's
    own foot (runs along the baseline had to exceed 0.85 em, longer than any bar of E, L or Z), while
    a two-letter word is 0.5 em. Along the baseline a run as long as a word keeps the line too."""
    spec = StyledLineSpec(words=("it",), underlined=(0, 1), underline="touching", thickness=1.0, depth=0.25, font="helv",
                          size=9.0, ink="cyan", background="dark", dpi=72)
    _check(spec, (0.0, 0.0, 0.0, 0.0))


def test_regression_a_short_lower_case_word_in_a_line_of_capitals() -> None:
    """'in SHOWS is' with 'is' underlined at 9 px: when the OCR text said "capitals" (a misread
    'IS'), the shortest word was taken as two capitals (0.8 em) and the 0.72 em underline under
    'is' was ruled out. The OCR text is no longer read: the shortest word is two narrow letters."""
    spec = StyledLineSpec(words=("in", "SHOWS", "is"), underlined=(2, 3), underline="solid", thickness=1.0, depth=0.25, font="helv",
                          size=9.0, ink="cyan", background="dark", dpi=72)
    _check(spec, (0.0, 0.0, 0.0, 0.0))


def test_regression_it_underlined_where_the_body_reaches_the_ascenders() -> None:
    """Helvetica 'it' at 13 px: the body in the row profile reached the t's ascender, so the smallest
    em (body / 0.75) was nearly 1 em and 0.6 of it (14 px) exceeded the 13 px underline."""
    spec = StyledLineSpec(words=("it",), underlined=(0, 1), underline="solid", thickness=1.0, depth=0.25, font="helv",
                          size=13.0, ink="cyan", background="dark", dpi=96)
    _check(spec, (0.0, 0.0, 0.0, 0.0))


# A logo's footer ('SENCRL' over 'LLP' at 0.8 em leading) is kept for underline by the P's bowl top
# 3 px under its baseline, and by its own letters' feet along it. Setting the next line's letters
# apart (cut the band at that line's body top; drop its glyphs' connected components; drop ink
# that a steep stroke carries down to its baseline) would have cleared these visible underlines
# that touch the line below: no such rule is certain.


def test_regression_an_underline_touching_the_capitals_of_the_line_below() -> None:
    """'it in it' underlined 0.12 em under its baseline, 'LLP' at 0.85 em leading: the underline
    touches the L and P tops and is one connected component with them; dropping the next line's
    glyph components as 'that line's letters' dropped it too. Held: the line is kept."""
    spec = StyledLineSpec(words=("it", "in", "it"), underlined=(0, 3), underline="solid", thickness=1.0, depth=0.12, font="helv",
                          size=13.0, dpi=96, line_below=True, line_gap=0.85, below_text="LLP")
    _check(spec, (0.0, 0.0, 0.0, 0.0))


def test_regression_an_underline_fused_onto_the_stems_of_a_larger_heavy_line_below() -> None:
    """'it in it' underlined over heavy capitals twice its size ('IIIII', Helvetica Bold) whose tops
    touch the underline: a comb whose bar is the underline. Its pixels over the stems run straight
    down to that line's baseline, the bits over the gaps are shorter than a word and the stems wider
    than a bridged gap: cutting the band at the next line's body, dropping its components, or dropping
    ink a steep stroke carries down, each cleared the line. Held: the line is kept."""
    spec = StyledLineSpec(words=("it", "in", "it"), underlined=(0, 3), underline="solid", thickness=1.0, depth=0.12, font="helv",
                          size=13.0, dpi=96, line_below=True, line_gap=0.9, below_text="IIIII", below_font="hebo", below_scale=2.0)
    _check(spec, (0.0, 0.0, 0.0, 0.0))
