"""map_between, review of 2026-12 (reviewer corpus rv4, mk6): street labels set beside their
streets moved the band off the drawn block, and a restaurant inside the block, just short of
its street, was a near miss, so 'name a restaurant between 45th and 44th Ave' widened."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.models import ProbeResult, ProbeStatus
from widening.probes import Scope, run_probe

ICON = "zadb"  # ZapfDingbats: a pictogram font, as guidebook map-icon fonts are
EAT, SLEEP = "a", "b"
STREETS = {"46th Ave": 100.0, "45th Ave": 220.0, "44th Ave": 340.0, "43rd Ave": 460.0}  # drawn street centre lines (y)
HALF = 3.0  # half the drawn street's width


def _key(doc: pymupdf.Document) -> None:
    page = doc.new_page(width=420, height=600)
    page.insert_text((40, 60), EAT, fontname=ICON, fontsize=9)
    page.insert_text((52, 60), "Eating", fontname="hebo", fontsize=10)
    page.insert_text((52, 75), "2", fontname="hebo", fontsize=9)
    page.insert_text((60, 75), "Joe's Diner..........B2", fontname="helv", fontsize=9)
    page.insert_text((52, 90), "3", fontname="hebo", fontsize=9)
    page.insert_text((60, 90), "Little Pho..........B3", fontname="helv", fontsize=9)
    page.insert_text((40, 110), SLEEP, fontname=ICON, fontsize=9)
    page.insert_text((52, 110), "Sleeping", fontname="hebo", fontsize=10)
    page.insert_text((52, 125), "4", fontname="hebo", fontsize=9)
    page.insert_text((60, 125), "Park Inn..........B3", fontname="helv", fontsize=9)


def build(path: Path, eat_y: float | None, offset: float = 22.0, drawn: str = "fill", sleep_y: float = 420.0) -> Path:
    """A key page and a map page of four avenues (as rv4 mk6): each label's centre ``offset`` pt above
    its street line (below when negative), an Eating marker '2' centred at ``eat_y``. ``drawn``: the
    streets as filled bands ('fill'), stroked lines ('stroke'), a raster picture ('picture') or not at all ('none')."""
    doc = pymupdf.open()
    _key(doc)
    page = doc.new_page(width=420, height=600)
    if drawn == "picture":
        src = pymupdf.open().new_page(width=400, height=500)
        for y in STREETS.values():
            src.draw_rect(pymupdf.Rect(0, y - 60 - HALF, 400, y - 60 + HALF), color=None, fill=(0.75, 0.75, 0.75))
        page.insert_image(pymupdf.Rect(10, 60, 410, 560), pixmap=src.get_pixmap(dpi=72))
    for name, y in STREETS.items():
        if drawn == "fill":
            page.draw_rect(pymupdf.Rect(20, y - HALF, 400, y + HALF), color=None, fill=(0.75, 0.75, 0.75))
        elif drawn == "stroke":
            page.draw_line((20, y), (400, y), color=(0.75, 0.75, 0.75), width=2 * HALF)
        for x in (40, 250):
            # The label's glyph box (9 pt Helvetica, about 12.4 pt tall) centred ``offset`` pt off the street.
            page.insert_text((x, y - offset + 3.2), name, fontname="helv", fontsize=9)
    page.insert_text((340, 30), "Key on p1", fontsize=9)
    for glyph, number, x, y in ((EAT, "2", 180.0, eat_y), (SLEEP, "4", 180.0, sleep_y), (EAT, "3", 340.0, 420.0)):
        if y is not None:
            page.insert_text((x - 3.5, y + 3.2), glyph, fontname=ICON, fontsize=9)  # glyph box centred on (x, y)
            page.insert_text((x + 8, y + 3.2), number, fontname="hebo", fontsize=8)
    doc.save(path)
    return path


def _run(path: Path, a: str = "45th Ave.", b: str = "44th Ave.") -> ProbeResult:
    doc = load_doc(path)
    try:
        return run_probe("map_between", doc, Scope(pages=tuple(range(1, doc.pdf.page_count + 1))), {"category": "restaurant", "a": a, "b": b})
    finally:
        doc.close()


def _kept(r: ProbeResult) -> bool:
    return r.status is ProbeStatus.measured and bool(r.members or r.doubts)


def test_a_restaurant_inside_the_drawn_block_beside_offset_labels_is_kept(tmp_path: Path) -> None:
    """rv4 mp1a: labels set above their streets (centres 22 pt off the line), marker '2' 6 pt north of
    44th Ave's line (inside the 45th-44th block): 16 pt outside the band through the labels' centres,
    more than a label is tall, so a near miss, and the row widened. The drawn street is the band's edge."""
    r = _run(build(tmp_path / "m.pdf", eat_y=STREETS["44th Ave"] - 6))
    assert _kept(r), (r.note, r.best_candidates)
    assert [d.page for d in r.members + r.doubts] == [2] and "Joe's Diner" in (r.members + r.doubts)[0].what


def test_a_restaurant_across_the_drawn_street_still_widens(tmp_path: Path) -> None:
    """Control: the same map with the marker in the next block (12 pt past 44th Ave's far edge) or
    none in the block at all (rv4 mp1c) measures zero, the nearest marker a near miss."""
    for k, y in enumerate([STREETS["44th Ave"] + HALF + 12, None]):
        r = _run(build(tmp_path / f"c{k}.pdf", eat_y=y))
        assert r.measured_zero, (y, r.members, r.doubts)
        assert r.best_candidates, y


def test_without_drawn_streets_a_marker_within_half_a_block_is_a_doubt(tmp_path: Path) -> None:
    """Streets not drawn as vector lines (in a raster picture, or not at all): where a label sits
    beside its street is unknown up to half the label-to-label spacing, so a marker that close
    outside the band is a doubt, and one farther out a near miss (the row can still widen)."""
    for drawn in ("none", "picture"):
        r = _run(build(tmp_path / f"n{drawn}.pdf", eat_y=STREETS["44th Ave"] - 6, drawn=drawn))
        assert r.members == () and [d.page for d in r.doubts] == [2] and "half" in (r.doubts[0].why or ""), (drawn, r.doubts, r.best_candidates)
        far = _run(build(tmp_path / f"f{drawn}.pdf", eat_y=STREETS["44th Ave"] + 50, drawn=drawn))
        assert far.measured_zero and far.best_candidates, (drawn, far.doubts)


@settings(deadline=None, max_examples=25)
@given(offset=st.floats(-30, 30), t=st.floats(0.04, 0.96), drawn=st.sampled_from(["fill", "stroke", "none", "picture"]))
def test_property_a_marker_inside_the_drawn_block_is_never_a_measured_zero(tmp_path_factory, offset: float, t: float, drawn: str) -> None:
    """Labels up to 30 pt above or below their streets (a block is 120 pt), streets drawn or not:
    a restaurant anywhere inside the 45th-44th block is a member or a doubt."""
    top, bottom = STREETS["45th Ave"] + HALF, STREETS["44th Ave"] - HALF
    r = _run(build(tmp_path_factory.mktemp("p") / "m.pdf", eat_y=top + t * (bottom - top), offset=offset, drawn=drawn))
    assert _kept(r), (offset, t, drawn, r.best_candidates)


@settings(deadline=None, max_examples=15)
@given(offset=st.floats(-30, 30), beyond=st.floats(10, 50), drawn=st.sampled_from(["fill", "stroke"]))
def test_property_a_marker_clearly_across_a_drawn_street_leaves_a_zero(tmp_path_factory, offset: float, beyond: float, drawn: str) -> None:
    """Control: with the streets drawn, a restaurant more than a marker's size past 44th Ave's far
    edge, wherever the labels sit, is no doubt: the row widens."""
    # (a label 30 pt outward of its street still bounds the band there, so stay past the label too)
    y = max(STREETS["44th Ave"] + HALF + beyond, STREETS["44th Ave"] - offset + 7 + beyond)
    r = _run(build(tmp_path_factory.mktemp("q") / "m.pdf", eat_y=y, offset=offset, drawn=drawn, sleep_y=500))
    assert r.measured_zero, (offset, beyond, drawn, r.members, r.doubts)
