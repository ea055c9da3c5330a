"""Zero keys, hunt 13: a map row keyed 0 / none with a restaurant drawn between the two streets.

"How many restaurants are between 45th Ave. and 44th Ave.?" keyed 0, with an Eating marker in that
block, was only unverifiable: the word 'between' (and 'name' in "Name a restaurant ...") counted as a
word that may restrict the set, so a key the page plainly refutes was never flagged as contradicted.
And a venue word the map vocabulary gives two legend categories ("café": Eating or Drinking &
Nightlife) was taken to mean every Eating marker: a diner contradicted "no café"."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from tests.pdfs import map_key, save
from widening.engine.decide import decide_row
from widening.engine.zeros import verdict
from widening.facts.extract import load_doc
from widening.models import Row

ICON = "zadb"
STREETS = {"46th Ave": 100.0, "45th Ave": 220.0, "44th Ave": 340.0, "43rd Ave": 460.0}


def build(path: Path, eat_y: float) -> Path:
    """A key page (Eating: 2 Joe's Diner) and a map of four avenues with Eating marker 2 at ``eat_y``."""
    doc = pymupdf.open()
    map_key(doc)
    page = doc.new_page(width=420, height=600)
    for name, y in STREETS.items():
        page.draw_rect(pymupdf.Rect(20, y - 3, 400, y + 3), color=None, fill=(0.75, 0.75, 0.75))
        for x in (40, 250):
            page.insert_text((x, y - 4), name, fontname="helv", fontsize=9)
    page.insert_text((340, 30), "Key on p1", fontsize=9)
    page.insert_text((176.5, eat_y + 3.2), "a", fontname=ICON, fontsize=9)
    page.insert_text((188, eat_y + 3.2), "2", fontname="hebo", fontsize=8)
    return save(doc, path)


def _verdict(path: Path, question: str, key: str):
    doc = load_doc(path, ocr=False)
    try:
        return verdict(decide_row(Row(doc_id=path.name, question=question, answer=key), doc))
    finally:
        doc.close()


@pytest.mark.parametrize("question,key", [("How many restaurants are between 45th Ave. and 44th Ave.?", "0"),
                                          ("Name a restaurant between 45th Ave. and 44th Ave.", "none")])
def test_a_zero_key_refuted_by_a_restaurant_in_the_block_is_contradicted(tmp_path: Path, question: str, key: str) -> None:
    v = _verdict(build(tmp_path / "m.pdf", eat_y=280.0), question, key)
    assert v.verdict == "contradicted" and "Joe's Diner" in v.reason, v.reason


@pytest.mark.parametrize("question,key", [("How many restaurants are between 45th Ave. and 44th Ave.?", "0"),
                                          ("Name a restaurant between 45th Ave. and 44th Ave.", "none"),
                                          ("Name a cafe between 45th Ave. and 44th Ave.", "none")])
def test_control_the_key_is_confirmed_when_the_block_is_empty(tmp_path: Path, question: str, key: str) -> None:
    v = _verdict(build(tmp_path / "m.pdf", eat_y=400.0), question, key)
    assert v.verdict == "confirmed", v.reason


def test_a_diner_does_not_contradict_no_cafe(tmp_path: Path) -> None:
    """'café' may mean Eating or Drinking & Nightlife (rules/maps.yaml): an Eating marker is a candidate, not a café."""
    v = _verdict(build(tmp_path / "m.pdf", eat_y=280.0), "Name a cafe between 45th Ave. and 44th Ave.", "none")
    # The diner is a doubt of a section holding more than cafés, named in the reason.
    assert v.verdict == "unverifiable" and "Joe's Diner" in v.reason and "caf" in v.reason, v.reason
