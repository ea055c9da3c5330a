"""map_between: a map that labels its streets without their type ("45th", "Valencia") beside one that does not.

Regression: a guidebook with an overview map (labels "45th Ave", its restaurant in another block) and a detail
map labelling the same avenues "45th", "44th", with restaurant 2 drawn between them. The probe's text
pre-filter looked only for "45th Ave"/"45th Avenue"..., skipped the detail map without a word, and the overview's
zero widened "Name a restaurant between 45th Ave. and 44th Ave.". Such a page is now not measured (which streets
typeless labels name is not read: a city may have a 45th St and a 45th Ave)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfs import decide, map_key, save

ICON = "zadb"  # ZapfDingbats: a pictogram font, as guidebook map-icon fonts are
STREETS = {"46th": 100.0, "45th": 220.0, "44th": 340.0, "43rd": 460.0}  # street centre lines (y)
NAMED = {"46th": "Guerrero", "45th": "Valencia", "44th": "Mission", "43rd": "Howard"}
QUESTION = {"numbered": "Name a restaurant between 45th Ave. and 44th Ave.",
            "named": "Name a restaurant between Valencia St and Mission St."}


def _map(doc: pymupdf.Document, names: str, typed: bool, eat_y: float | None, upper: bool = False) -> None:
    page = doc.new_page(width=420, height=600)
    for number, y in STREETS.items():
        page.draw_rect(pymupdf.Rect(20, y - 3, 400, y + 3), color=None, fill=(0.75, 0.75, 0.75))
        label = number if names == "numbered" else NAMED[number]
        label = f"{label} {'Ave' if names == 'numbered' else 'St'}" if typed else label
        for x in (40, 250):
            page.insert_text((x, y - 4), label.upper() if upper else label, fontname="helv", fontsize=9)
    page.insert_text((340, 30), "Key on p1", fontsize=9)
    if eat_y is not None:
        page.insert_text((176.5, eat_y + 3.2), "a", fontname=ICON, fontsize=9)  # glyph box centred on (180, eat_y)
        page.insert_text((188, eat_y + 3.2), "2", fontname="hebo", fontsize=8)


def build(path: Path, names: str, eat_y: float | None, upper: bool = False, text_only: bool = False) -> Path:
    """Key (p1), an overview map with typed labels, its restaurant in another block (p2), and a detail map labelling its streets
    without their type, restaurant 2 at ``eat_y`` (p3); ``text_only``: p3 is body text naming the two numbers."""
    doc = pymupdf.open()
    map_key(doc)
    _map(doc, names, True, 400.0)  # its restaurant in the 44th-43rd block
    if text_only:
        a, b = ("45th", "44th") if names == "numbered" else ("Valencia", "Mission")
        doc.new_page(width=420, height=600).insert_text((50, 80), f"The {a} festival and the {b} fair.", fontsize=11)
    else:
        _map(doc, names, False, eat_y, upper)
    return save(doc, path)


@settings(deadline=None, max_examples=10)
@given(names=st.sampled_from(["numbered", "named"]), upper=st.booleans(), t=st.floats(0.1, 0.9))
def test_a_restaurant_between_typeless_labels_is_never_widened(tmp_path_factory, names: str, upper: bool, t: float) -> None:
    top, bottom = STREETS["45th"] + 3, STREETS["44th"] - 3
    d = decide(build(tmp_path_factory.mktemp("tl") / "map.pdf", names, top + t * (bottom - top), upper), QUESTION[names])
    assert d.decision == "keep", (names, d.reason)


def test_control_a_page_naming_the_numbers_in_running_text_still_widens(tmp_path: Path) -> None:
    for names in ("numbered", "named"):
        d = decide(build(tmp_path / f"{names}.pdf", names, None, text_only=True), QUESTION[names])
        assert d.decision == "widen", (names, d.reason)
