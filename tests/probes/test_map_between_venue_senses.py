"""map_between: a venue word of several meanings ("café": Eating or Drinking & Nightlife, rules/maps.yaml) names
only part of each key section.

Regression: "Which café is between 45th Ave. and 44th Ave.?" counted the Eating marker "2 Joe's Diner" in that
block as a member, so the row was kept as short_not_empty though no café is there. A marker of such a section is
now a member only where its key name (or its section's name) says the word or one of the same meaning; else a
doubt. A word of one meaning ("restaurant": Eating) still asks its section whole."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfs import decide, save

ICON = "zadb"  # ZapfDingbats: a pictogram font, as guidebook map-icon fonts are
STREETS = {"46th": 100.0, "45th": 220.0, "44th": 340.0, "43rd": 460.0}  # street centre lines (y)


def build(path: Path, section: str, name: str, at_y: float) -> Path:
    """Key on p1 (``section``: "5 <name>"; Shopping: 7 Corner Store) and a map on p2 ("Key on p1") with pictogram
    marker 5 at ``at_y`` and Shopping marker 7 in the 46th-45th block."""
    doc = pymupdf.open()
    key = doc.new_page(width=420, height=600)
    for y, (glyph, heading, num, entry) in zip((60.0, 110.0), (("a", section, "5", name), ("c", "Shopping", "7", "Corner Store"))):
        key.insert_text((40, y), glyph, fontname=ICON, fontsize=9)
        key.insert_text((50, y), heading, fontname="hebo", fontsize=10)
        key.insert_text((52, y + 15), num, fontname="hebo", fontsize=9)
        key.insert_text((60, y + 15), f"{entry}..........B2", fontname="helv", fontsize=9)
    page = doc.new_page(width=420, height=600)
    for number, sy in STREETS.items():
        page.draw_rect(pymupdf.Rect(20, sy - 3, 400, sy + 3), color=None, fill=(0.75, 0.75, 0.75))
        for x in (40, 250):
            page.insert_text((x, sy - 4), f"{number} Ave", fontname="helv", fontsize=9)
    page.insert_text((340, 30), "Key on p1", fontsize=9)
    for x, my, glyph, num in ((180, at_y, "a", "5"), (300, 150, "c", "7")):
        page.insert_text((x - 3.5, my + 3.2), glyph, fontname=ICON, fontsize=9)  # glyph box centred on (x, my)
        page.insert_text((x + 8, my + 3.2), num, fontname="hebo", fontsize=8)
    return save(doc, path)


def _in_band(t: float) -> float:
    top, bottom = STREETS["45th"] + 3, STREETS["44th"] - 3
    return top + t * (bottom - top)


@settings(deadline=None, max_examples=12)
@given(venue=st.sampled_from(["Which café is", "Which cafe is", "Name a cafe", "Name a nightclub"]),
       section=st.sampled_from(["Eating", "Drinking & Nightlife", "Entertainment"]),
       name=st.sampled_from(["Joe's Diner", "The Royal Oak", "Castro Theatre"]), t=st.floats(0.1, 0.9))
def test_a_marker_whose_name_does_not_say_the_venue_is_no_member(tmp_path_factory, venue: str, section: str, name: str, t: float) -> None:
    d = decide(build(tmp_path_factory.mktemp("v") / "map.pdf", section, name, _in_band(t)), f"{venue} between 45th Ave. and 44th Ave.?")
    assert d.decision == "keep" and d.case != "short_not_empty" and d.members == (), (d.case, d.reason)


@settings(deadline=None, max_examples=8)
@given(name=st.sampled_from(["Blue Bottle Café", "Sightglass Coffee", "Cafe Flore", "Le Petit Cafés"]),
       section=st.sampled_from(["Eating", "Drinking & Nightlife"]), t=st.floats(0.1, 0.9))
def test_a_marker_named_a_cafe_is_a_member(tmp_path_factory, name: str, section: str, t: float) -> None:
    d = decide(build(tmp_path_factory.mktemp("v") / "map.pdf", section, name, _in_band(t)), "Which café is between 45th Ave. and 44th Ave.?")
    assert d.case == "short_not_empty" and name in d.members[0].what, (d.case, d.reason)


def test_a_cafes_section_holds_cafes(tmp_path: Path) -> None:
    d = decide(build(tmp_path / "map.pdf", "Cafés", "Blue Bottle", _in_band(0.5)), "Which café is between 45th Ave. and 44th Ave.?")
    assert d.case == "short_not_empty", (d.case, d.reason)


def test_control_a_restaurant_is_any_eating_marker(tmp_path: Path) -> None:
    pdf = build(tmp_path / "map.pdf", "Eating", "Joe's Diner", _in_band(0.5))
    for q in ("Name a restaurant between 45th Ave. and 44th Ave.", "Name a restaurant or cafe between 45th Ave. and 44th Ave."):
        d = decide(pdf, q)
        assert d.case == "short_not_empty" and "Joe's Diner" in d.members[0].what, (q, d.case, d.reason)


def test_control_no_cafe_marker_in_the_block_still_widens(tmp_path: Path) -> None:
    d = decide(build(tmp_path / "map.pdf", "Eating", "Joe's Diner", 400.0), "Which café is between 45th Ave. and 44th Ave.?")
    assert d.decision == "widen", (d.reason, d.doubts)
