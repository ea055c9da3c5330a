"""map_between: a venue of the kind asked that the map draws as a shape (a disc beside its name, a key
swatch) is a doubt or leaves the page unmeasured, never a widened zero; a map without one still widens."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from tests.pdfs import decide
from tests.probes.test_map_between import ICON, ORD, STREET_X, _label, _legend_page

Q = "How many hotels are between 2nd Ave and 3rd Ave?"


def _map(path: Path, plant) -> Path:
    doc = pymupdf.open()
    _legend_page(doc)
    doc[0].insert_text((40, 140), "c", fontname=ICON, fontsize=7)
    doc[0].insert_text((47, 140), "Sleeping", fontname="hebo", fontsize=8)
    page = doc.new_page(width=400, height=500)
    for x, n in zip(STREET_X, ORD):
        page.draw_line((x, 40), (x, 480), color=(0.8, 0.8, 0.8), width=3)
        _label(page, f"{n} Ave", x, 140)
        _label(page, f"{n} Ave", x, 440)
    page.insert_text((257.5, 303), "a", fontname=ICON, fontsize=7)  # an Eating pictogram on 5th Ave
    plant(page)
    doc.save(path)
    return path


def _disc(page, x=160, y=250):
    page.draw_circle((x, y), 4, color=(0, 0, 0.7), fill=(0.2, 0.3, 0.9))


def name_beside(page):
    _disc(page)
    page.insert_text((166, 253), "Hotel Luna", fontname="helv", fontsize=6)


def name_above(page):
    _disc(page)
    page.insert_text((148, 240), "Hotel Luna", fontname="helv", fontsize=6)


def swatch_key(page):
    _disc(page)
    _disc(page, 300, 470)
    page.insert_text((308, 473), "Hotel", fontname="helv", fontsize=7)


@pytest.mark.parametrize("plant", [name_beside, name_above, swatch_key])
def test_a_hotel_drawn_as_a_shape_between_the_streets_is_not_widened(tmp_path: Path, plant) -> None:
    d = decide(_map(tmp_path / "m.pdf", plant), Q)
    assert d.decision == "keep" and "unverifiable" in str(d.case), (d.case, d.reason)


def test_a_label_naming_a_hotel_in_the_band_is_a_doubt(tmp_path: Path) -> None:
    d = decide(_map(tmp_path / "m.pdf", name_above), Q)
    assert any("Hotel Luna" in m.what for m in d.doubts), d.reason


@pytest.mark.parametrize("plant", [lambda page: None,
                                   lambda page: page.insert_text((230, 253), "Hotel Luna", fontname="helv", fontsize=6)])  # 4th-5th
def test_a_map_with_no_hotel_between_the_streets_still_widens(tmp_path: Path, plant) -> None:
    d = decide(_map(tmp_path / "m.pdf", plant), Q)
    assert d.decision == "widen", d.reason
