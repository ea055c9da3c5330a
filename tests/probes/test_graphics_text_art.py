"""graphics.text_art: a bar chart or box diagram typeset in plain characters (runs of one repeated mark
stacked from one edge) is a doubt, never a measured zero; dot leaders and a lone separator are not."""

from __future__ import annotations

import pdfs
from hypothesis import given, settings
from hypothesis import strategies as st

BODY = "The survey was run online in the spring and the results are summarised here."


def _page(path, lines: list[str], font: str = "cour"):
    d = pdfs.new_doc()
    for i in range(5):
        pdfs.text(d[0], (72, 80 + 14 * i), BODY, size=10)
    for i, line in enumerate(lines):
        pdfs.text(d[0], (100, 320 + 12 * i), line, font=font, size=10)
    return pdfs.save(d, path)


@settings(max_examples=10, deadline=None)
@given(values=st.lists(st.integers(1, 30), min_size=2, max_size=6).filter(lambda v: len(set(v)) > 1 and max(v) >= 3),
       mark=st.sampled_from("#*=|+~"))
def test_a_bar_chart_of_repeated_marks_is_a_doubt(tmp_path_factory, values, mark):
    """Before: "North |#########  45" rows in Courier, no caption, were letters to every tool, and
    "How many charts are on page 1?" was widened."""
    rows = [f"{'Row' + str(i):<6}:{mark * v} {v}" for i, v in enumerate(values)]
    pdf = _page(tmp_path_factory.mktemp("art") / "bars.pdf", rows)
    res = pdfs.probe(pdf, "graphics", {"kind": "chart"})
    # A run of math signs ("===") may be a glyph-filter doubt already; "#" and "*" runs are letters to it.
    assert not res.members and any("filter" in (d.why or "") for d in res.doubts), rows
    assert pdfs.decide(pdf, "How many charts are on page 1?").decision == "keep"


def test_a_box_diagram_of_characters_is_a_doubt(tmp_path):
    pdf = _page(tmp_path / "boxes.pdf", ["+--------+      +--------+", "| Input  | ---> | Output |", "+--------+      +--------+"])
    res = pdfs.probe(pdf, "graphics", {"kind": "diagram"})
    assert any("edges of a box" in (d.why or "") for d in res.doubts)
    assert pdfs.decide(pdf, "How many diagrams are on page 1?").decision == "keep"


def test_dot_leaders_and_a_lone_separator_still_widen(tmp_path):
    """Control: a contents page's leaders (dots, starting together by chance) and one "-----" rule draw no chart."""
    lines = ["Intro .............. 1", "Data ............... 4", "Results ............ 9", "-------------------------"]
    pdf = _page(tmp_path / "toc.pdf", [lines[0], lines[1].replace("Data ", "Data."), lines[2], lines[3]], font="helv")
    res = pdfs.probe(pdf, "graphics", {"kind": "chart"})
    assert res.measured_zero, [d.why for d in res.doubts]
    assert pdfs.decide(pdf, "How many charts are on page 1?").decision == "widen"
