"""map_between, hunt 13: street labels printed otherwise than the question names them.

A map page whose street labels are set letter by letter ("4 5 t h  A v e"), with a raised ordinal
("45" + "th") or spelled out ("Forty-Fifth Avenue") was skipped without a word by the probe's text
pre-filter; with another map page measuring zero, "Name a restaurant between 45th Ave. and 44th
Ave." widened though a restaurant is drawn in that block."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfs import decide, map_key, save
from widening.probes.map_between.vocabulary import may_print_street, normalise_street, street_forms, street_key

ICON = "zadb"  # ZapfDingbats: a pictogram font, as guidebook map-icon fonts are
STREETS = {"46th": 100.0, "45th": 220.0, "44th": 340.0, "43rd": 460.0}  # street centre lines (y)
SPELLED = {"46th": "Forty-Sixth", "45th": "Forty-Fifth", "44th": "Forty-Fourth", "43rd": "Forty-Third"}
QUESTION = "Name a restaurant between 45th Ave. and 44th Ave."


def _label(page: pymupdf.Page, number: str, at: tuple[float, float], style: str, avenue: str) -> None:
    x, y = at
    if style == "plain":
        page.insert_text((x, y), f"{number} {avenue}", fontname="helv", fontsize=9)
    elif style == "spaced":  # letter by letter, as map labels are tracked out
        for i, c in enumerate(f"{number} {avenue}"):
            page.insert_text((x + 9 * i, y), c, fontname="helv", fontsize=9)
    elif style == "raised":  # the ordinal's letters raised and smaller
        digits, suffix = number[:-2], number[-2:]
        w = pymupdf.get_text_length(digits, "helv", 9)
        page.insert_text((x, y), digits, fontname="helv", fontsize=9)
        page.insert_text((x + w, y - 3), suffix, fontname="helv", fontsize=5.5)
        page.insert_text((x + w + pymupdf.get_text_length(suffix, "helv", 5.5) + 2, y), avenue, fontname="helv", fontsize=9)
    else:  # spelled out
        page.insert_text((x, y), f"{SPELLED[number]} {avenue}", fontname="helv", fontsize=9)


def _map_page(doc: pymupdf.Document, style: str, avenue: str, eat_y: float | None) -> None:
    page = doc.new_page(width=420, height=600)
    for number, y in STREETS.items():
        page.draw_rect(pymupdf.Rect(20, y - 3, 400, y + 3), color=None, fill=(0.75, 0.75, 0.75))
        for x in (40, 250):
            _label(page, number, (x, y - 4), style, avenue)
    page.insert_text((340, 30), "Key on p1", fontsize=9)
    if eat_y is not None:
        page.insert_text((176.5, eat_y + 3.2), "a", fontname=ICON, fontsize=9)  # glyph box centred on (180, eat_y)
        page.insert_text((188, eat_y + 3.2), "2", fontname="hebo", fontsize=8)


def build(path: Path, style: str, avenue: str, eat_y: float | None, overview: bool) -> Path:
    """A key page, optionally an overview map (plain labels, its restaurant in the 44th-43rd block),
    and a detail map whose labels are printed in ``style``, with a restaurant at ``eat_y``."""
    doc = pymupdf.open()
    map_key(doc)
    if overview:
        _map_page(doc, "plain", "Ave", 400.0)
    _map_page(doc, style, avenue, eat_y)
    return save(doc, path)


@settings(deadline=None, max_examples=12)
@given(style=st.sampled_from(["spaced", "raised", "spelled"]), avenue=st.sampled_from(["Ave", "Avenue", "Av."]),
       t=st.floats(0.1, 0.9), overview=st.booleans())
def test_a_restaurant_between_labels_printed_otherwise_is_never_widened(tmp_path_factory, style: str, avenue: str, t: float,
                                                                         overview: bool) -> None:
    top, bottom = STREETS["45th"] + 3, STREETS["44th"] - 3
    path = build(tmp_path_factory.mktemp("m") / "map.pdf", style, avenue, top + t * (bottom - top), overview)
    d = decide(path, QUESTION)
    assert d.decision == "keep", (style, avenue, d.reason)
    assert d.case == "short_not_empty" and "Joe's Diner" in d.members[0].what, (style, avenue, d.reason)


@settings(deadline=None, max_examples=8)
@given(style=st.sampled_from(["plain", "spaced", "raised", "spelled"]), overview=st.booleans())
def test_control_a_block_with_no_restaurant_still_widens(tmp_path_factory, style: str, overview: bool) -> None:
    """Control: the same maps with the detail map's restaurant in the 44th-43rd block."""
    d = decide(build(tmp_path_factory.mktemp("c") / "map.pdf", style, "Ave", 400.0, overview), QUESTION)
    assert d.decision == "widen", (style, d.reason, d.doubts)


def test_street_forms_spacing_and_spelling() -> None:
    forms = street_forms("45th Ave.")
    assert {street_key("4 5 t h  A v e"), street_key("45 th Ave"), street_key("Forty-Fifth Avenue"), street_key("45TH AV.")} <= forms
    assert normalise_street("Twenty-First St.") == "21st street" and normalise_street("45th Ave.") == "45th avenue"
    assert street_key("145th Ave") not in forms and street_key("46th Ave") not in forms
    assert may_print_street("Map: 4 5 t h A v e and more", forms)
    assert not may_print_street("145th Avenue, 14th Ave", forms)  # '45th' is not in '145th'


# --------------------------------------------------------------------------- a café's two categories


def _cafe_map(path: Path, drinking_gap: float, cafe_y: float) -> Path:
    """The key with a third section, "Drinking & Nightlife" (its pictogram ``drinking_gap`` pt before its
    word), listing "5 Blue Bottle Cafe"; a detail map with that café's marker at ``cafe_y``."""
    doc = pymupdf.open()
    map_key(doc)
    k = doc[0]
    w = pymupdf.get_text_length("c", ICON, 9)
    k.insert_text((52 - w - drinking_gap, 150), "c", fontname=ICON, fontsize=9)
    k.insert_text((52, 150), "Drinking & Nightlife", fontname="hebo", fontsize=10)
    k.insert_text((52, 165), "5", fontname="hebo", fontsize=9)
    k.insert_text((60, 165), "Blue Bottle Cafe..........B2", fontname="helv", fontsize=9)
    _map_page(doc, "plain", "Ave", None)
    page = doc[-1]
    page.insert_text((176.5, cafe_y + 3.2), "c", fontname=ICON, fontsize=9)
    page.insert_text((188, cafe_y + 3.2), "5", fontname="hebo", fontsize=8)
    return save(doc, path)


@settings(deadline=None, max_examples=10)
@given(gap=st.floats(0.5, 20.0), t=st.floats(0.1, 0.9), venue=st.sampled_from(["a cafe", "a restaurant or cafe", "a bar or a cafe"]))
def test_a_cafe_listed_under_drinking_is_never_widened(tmp_path_factory, gap: float, t: float, venue: str) -> None:
    """"café" is Eating or Drinking & Nightlife (rules/maps.yaml): a café the key lists under Drinking is
    a member when the key's heading is read, and a doubt when it is not (a section the reader cannot
    name is no section of the heading above it)."""
    top, bottom = STREETS["45th"] + 3, STREETS["44th"] - 3
    d = decide(_cafe_map(tmp_path_factory.mktemp("cafe") / "map.pdf", gap, top + t * (bottom - top)),
               f"Name {venue} between 45th Ave. and 44th Ave.")
    assert d.decision == "keep", (gap, d.reason)
    assert any("Blue Bottle" in m.what for m in (*d.members, *d.doubts)), d.reason


def test_control_a_cafe_in_another_block_still_widens(tmp_path: Path) -> None:
    d = decide(_cafe_map(tmp_path / "map.pdf", 2.0, 400.0), "Name a cafe between 45th Ave. and 44th Ave.")
    assert d.decision == "widen", (d.reason, d.doubts)
