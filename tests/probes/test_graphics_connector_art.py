"""graphics: a diagram typeset in plain characters whose edges are connector marks ("/", "\\", "|") is a doubt.

A Courier diamond of nodes ("A", "B   C", "D") joined by " / \\ " and " \\ / " lines has no run of one repeated
mark (``text_art``), no symbol glyph (``glyph_pictures``) and no caption: "How many diagrams are on page 1?" was a
measured zero. The corpus holds such a diagram (a docstring's "/-> cls", "\\-> reg" in a library's manual).
Controls: body text with "a/b" and "x = y", a lone "* * *" section break, a table column of "-" for empty cells
and a list of ">" bullets stay measured zeros.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

DIAMOND = ["  A  ", " / \\ ", "B   C", " \\ / ", "  D  "]
BRANCHES = ["      /-> cls", "roi ->", "      \\-> reg"]
TREE = ["project", "|-- src", "|   `-- main.py", "`-- tests"]


def page(path: Path, art: list[str], size: float = 11, gap: float = 12, extra: list[str] = ()) -> Path:
    d = pdfs.new_doc()
    p = d[0]
    lines = ["Body text of the report: the ratio a/b and x = y + z are given below.", *extra]
    for i, line in enumerate(lines):
        pdfs.text(p, (72, 72 + 14 * i), line)
    for i, line in enumerate(art):
        pdfs.text(p, (200, 300 + gap * i), line, font="cour", size=size)
    return pdfs.save(d, path)


def _run(path: Path, kind: str = "diagram"):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe("graphics", doc, Scope((1,)), {"kind": kind})
    finally:
        doc.close()


def test_a_diamond_of_slashes_is_a_doubt(tmp_path):
    path = page(tmp_path / "d.pdf", DIAMOND)
    res = _run(path)
    assert not res.measured_zero and any("connector" in m.what for m in res.doubts), [m.what for m in res.doubts]
    assert pdfs.decide(path, "How many diagrams are on page 1?").decision == "keep"


def test_branches_and_a_tree_are_doubts(tmp_path):
    assert not _run(page(tmp_path / "b.pdf", BRANCHES), "figure").measured_zero
    assert not _run(page(tmp_path / "t.pdf", TREE)).measured_zero


def test_controls_stay_zero(tmp_path):
    extra = ["* * *", "The next section opens here with body text."]
    assert _run(page(tmp_path / "none.pdf", [], extra=extra)).measured_zero
    column = ["Revenue   1,200", "Returns       -", "Other         -", "Total     1,200"]
    assert _run(page(tmp_path / "col.pdf", column)).measured_zero
    bullets = [">", ">", ">"]
    assert _run(page(tmp_path / "bul.pdf", bullets)).measured_zero


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(art=st.sampled_from([DIAMOND, BRANCHES, TREE]), size=st.floats(7, 14), gap=st.floats(1.0, 1.6))
def test_connector_diagrams_are_never_a_measured_zero(tmp_path_factory, art, size, gap):
    """Property: at any font size and line spacing (1 to 1.6 lines), the diagram is a doubt."""
    path = page(tmp_path_factory.mktemp("art") / "a.pdf", art, size=size, gap=gap * size)
    assert not _run(path).measured_zero
