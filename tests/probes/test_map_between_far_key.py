"""map_between: a map page keyed pages away (no "Key on pN" line, no key within two pages).

Regression: a guidebook printing its map key on PDF p1, some text pages, then the map. The key lists
"2 Joe's Diner" under Eating; on the map, marker 2 is a red disc (or a small picture, or the bare number)
with the number beside it, between 45th Ave and 44th Ave, and a Shopping pictogram lies elsewhere. The
probe looked for the key only within two pages: with none found, the number was no marker at all, the
Shopping pictogram made the page measured, and "Name a restaurant between 45th Ave. and 44th Ave."
widened. Now every key page of the document is looked up; a number found there is a doubt (numbers repeat
from key to key, so such a key never makes a member)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfs import decide, save

ICON = "zadb"  # ZapfDingbats: a pictogram font, as guidebook map-icon fonts are
STREETS = {"46th": 100.0, "45th": 220.0, "44th": 340.0, "43rd": 460.0}  # street centre lines (y)
QUESTION = "Name a restaurant between 45th Ave. and 44th Ave."


def build(path: Path, gap_pages: int, shape: str, disc_y: float, second_key: bool = False) -> Path:
    """Key (Eating: 2 Joe's Diner; Shopping: 7 Corner Store) on p1, ``gap_pages`` text pages, the map; marker 2
    drawn as ``shape`` (a disc, a picture, nothing) with its number at ``disc_y``; Shopping pictogram 7 elsewhere.
    ``second_key``: a further key page after the map lists 2 under Shopping (numbers repeat between keys)."""
    doc = pymupdf.open()

    def key(sections: list[tuple[str, str, str, str]]) -> None:
        page = doc.new_page(width=420, height=600)
        y = 60.0
        for glyph, heading, num, name in sections:
            page.insert_text((40, y), glyph, fontname=ICON, fontsize=9)
            page.insert_text((50, y), heading, fontname="hebo", fontsize=10)
            page.insert_text((52, y + 15), num, fontname="hebo", fontsize=9)
            page.insert_text((60, y + 15), f"{name}..........B2", fontname="helv", fontsize=9)
            y += 50

    key([("a", "Eating", "2", "Joe's Diner"), ("c", "Shopping", "7", "Corner Store")])
    for i in range(gap_pages):
        doc.new_page(width=420, height=600).insert_text((50, 80), f"Neighbourhood walk, part {i + 1}.", fontsize=11)
    page = doc.new_page(width=420, height=600)
    for number, y in STREETS.items():
        page.draw_rect(pymupdf.Rect(20, y - 3, 400, y + 3), color=None, fill=(0.75, 0.75, 0.75))
        for x in (40, 250):
            page.insert_text((x, y - 4), f"{number} Ave", fontname="helv", fontsize=9)
    page.insert_text((296.5, 153.2), "c", fontname=ICON, fontsize=9)  # Shopping 7, 46th-45th block
    page.insert_text((308, 153.2), "7", fontname="hebo", fontsize=8)
    if shape == "disc":
        page.draw_circle((180, disc_y), 4, color=None, fill=(0.8, 0.1, 0.1))
    elif shape == "picture":
        pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 16, 16), False)
        pix.set_rect(pix.irect, (200, 30, 30))
        page.insert_image(pymupdf.Rect(176, disc_y - 4, 184, disc_y + 4), pixmap=pix)
    page.insert_text((188, disc_y + 3.2), "2", fontname="hebo", fontsize=8)
    if second_key:
        for _ in range(3):
            doc.new_page(width=420, height=600).insert_text((50, 80), "More text.", fontsize=11)
        key([("c", "Shopping", "2", "Record Shop")])
    return save(doc, path)


@settings(deadline=None, max_examples=10)
@given(gap=st.integers(2, 6), shape=st.sampled_from(["disc", "picture", "none"]), t=st.floats(0.1, 0.9),
       second_key=st.booleans())
def test_a_number_keyed_pages_away_is_never_widened(tmp_path_factory, gap: int, shape: str, t: float, second_key: bool) -> None:
    top, bottom = STREETS["45th"] + 3, STREETS["44th"] - 3
    d = decide(build(tmp_path_factory.mktemp("far") / "map.pdf", gap, shape, top + t * (bottom - top), second_key), QUESTION)
    assert d.decision == "keep" and d.members == (), (d.case, d.reason)
    assert any("Joe's Diner" in m.what for m in d.doubts), d.reason


def test_control_a_number_keyed_pages_away_in_another_block_still_widens(tmp_path: Path) -> None:
    d = decide(build(tmp_path / "map.pdf", 3, "disc", 400.0), QUESTION)
    assert d.decision == "widen", (d.reason, d.doubts)
