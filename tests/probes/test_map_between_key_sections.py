"""map_between: a key section named otherwise than the rulebook's categories ("Restaurants", "Cafés", "Food &
Drink", a section of unknown kind) beside a section it knows ("Eating").

Regression: the probe kept only the legend categories whose name matched the category asked; a key with an
"Eating" section and a "Restaurants" (or "Cafes", "Coffee") section had its "Restaurants" marker between the two
streets ignored, so "Name a restaurant between 45th Ave. and 44th Ave." widened while a restaurant sits there."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfs import decide, save
from widening.probes.map_between.vocabulary import legend_reading

ICON = "zadb"  # ZapfDingbats: a pictogram font, as guidebook map-icon fonts are
STREETS = {"46th": 100.0, "45th": 220.0, "44th": 340.0, "43rd": 460.0}  # street centre lines (y)
RESTAURANT = "Name a restaurant between 45th Ave. and 44th Ave."


def build(path: Path, section: str, at_y: float) -> Path:
    """A key page (Eating 2, ``section`` 5, Shopping 7) and a map page of four avenues with marker 5 at ``at_y``,
    marker 2 in the 44th-43rd block and marker 7 in the 46th-45th block."""
    doc = pymupdf.open()
    key = doc.new_page(width=420, height=600)
    y = 60.0
    for glyph, heading, (num, name) in (("a", "Eating", ("2", "Joe's Diner")), ("b", section, ("5", "Blue Bottle")),
                                        ("c", "Shopping", ("7", "Corner Store"))):
        key.insert_text((40, y), glyph, fontname=ICON, fontsize=9)
        key.insert_text((50, y), heading, fontname="hebo", fontsize=10)
        key.insert_text((52, y + 15), num, fontname="hebo", fontsize=9)
        key.insert_text((60, y + 15), f"{name}..........B2", fontname="helv", fontsize=9)
        y += 50
    page = doc.new_page(width=420, height=600)
    for number, sy in STREETS.items():
        page.draw_rect(pymupdf.Rect(20, sy - 3, 400, sy + 3), color=None, fill=(0.75, 0.75, 0.75))
        for x in (40, 250):
            page.insert_text((x, sy - 4), f"{number} Ave", fontname="helv", fontsize=9)
    page.insert_text((340, 30), "Key on p1", fontsize=9)
    for x, my, glyph, num in ((180, at_y, "b", "5"), (180, 400, "a", "2"), (300, 150, "c", "7")):
        page.insert_text((x - 3.5, my + 3.2), glyph, fontname=ICON, fontsize=9)  # glyph box centred on (x, my)
        page.insert_text((x + 8, my + 3.2), num, fontname="hebo", fontsize=8)
    return save(doc, path)


@settings(deadline=None, max_examples=12)
@given(section=st.sampled_from(["Restaurants", "Cafes", "Cafés", "Food & Drink", "Coffee", "Dining", "Local Picks"]),
       y=st.floats(232, 328))
def test_a_marker_of_a_section_that_may_hold_restaurants_is_never_widened(tmp_path_factory, section: str, y: float) -> None:
    d = decide(build(tmp_path_factory.mktemp("k") / "map.pdf", section, y), RESTAURANT)
    assert d.decision == "keep" and d.case in ("short_not_empty", "unverifiable"), (d.case, d.reason)
    assert "Blue Bottle" in d.reason, d.reason


def test_a_restaurants_section_marker_is_a_member() -> None:
    assert legend_reading("Restaurants", ("Eating",)) == "member"
    assert legend_reading("Cafés", ("Eating",)) == "maybe"  # a café may be a bar: a doubt, never a member
    assert legend_reading("Hotels", ("Eating",)) is None
    assert legend_reading("Transport", ("Eating",)) is None
    assert legend_reading("Local Picks", ("Eating",)) == "maybe"  # a section of unknown kind
    assert legend_reading("Hotels", ("Sleeping",)) == "member"


def test_a_hotels_section_answers_a_hotel_question(tmp_path: Path) -> None:
    """A key naming its section "Hotels" (not "Sleeping") is read: the question was not measured at all."""
    d = decide(build(tmp_path / "map.pdf", "Hotels", 280), "Which hotel is between 45th Ave. and 44th Ave.?")
    assert d.case == "short_not_empty" and "Hotels marker 5" in d.reason, d.reason


@settings(deadline=None, max_examples=8)
@given(section=st.sampled_from(["Hotels", "Transport", "Information"]), y=st.floats(232, 328))
def test_control_a_section_that_holds_no_restaurant_still_widens(tmp_path_factory, section: str, y: float) -> None:
    d = decide(build(tmp_path_factory.mktemp("k") / "map.pdf", section, y), RESTAURANT)
    assert d.decision == "widen", d.reason


def test_control_a_restaurants_marker_in_another_block_still_widens(tmp_path: Path) -> None:
    d = decide(build(tmp_path / "map.pdf", "Restaurants", 520), RESTAURANT)
    assert d.decision == "widen", d.reason
