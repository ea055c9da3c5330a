"""Vector blocks: a drawing is where its clips let it paint, not where its path runs.

Some exporters write each bar of a chart as a page-size fill seen through a bar-shaped clip (or a form whose
BBox is the bar). ``get_drawings`` gives the path's extent, the whole page: each bar was "one rectangle around
the page: a frame or page fill", a certain non-member, and "How many charts are on page 1?" was widened.
``blocks.clipped_drawings`` cuts each drawing to the bound of the clips in force (certain: a clip lets nothing
show outside its path's bound). Controls: a page of body text and one rule stays a measured zero, and a real
page-size fill under the body text stays a page fill.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

BODY = "BT /F1 11 Tf 72 770 Td (Body text of the report, describing the results in plain words.) Tj 0 -14 Td (A second line of body text.) Tj ET\n"
CHART = "How many charts are on page 1?"


def clip_bars(path: Path, heights: list[int], how: str = "clip", rgb: str = "0.9 0.1 0.1", axis: bool = False) -> Path:
    """A bar per height, each a page-size fill seen through the bar: a clip path ("clip") or a form's BBox ("form")."""
    content, names, forms = BODY, [], {}
    if axis:
        content += "0 G 0.8 w 100 300 m 400 300 l S 100 300 m 100 500 l S\n"
    for i, h in enumerate(heights):
        x = 120 + i * 60
        if how == "clip":
            content += f"q {x} 300 40 {h} re W n {rgb} rg 0 0 595 842 re f Q\n"
        else:
            forms[f"f{i}"] = (f"<< /Type /XObject /Subtype /Form /BBox [0 0 40 {h}] /Resources << >> >>", f"{rgb} rg -500 -500 2000 2000 re f")
            names.append(f"/B{i} {{f{i}}} 0 R")
            content += f"q 1 0 0 1 {x} 300 cm /B{i} Do Q\n"
    return pdfs.raw_page(path, content, extra_res=f"/XObject << {' '.join(names)} >>" if names else "", streams=forms)


def _graphics(path: Path, kind: str = "chart", probe: str = "graphics", **extra):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe(probe, doc, Scope((1,)), {"kind": kind, **extra})
    finally:
        doc.close()


def test_bars_seen_through_clips_are_never_a_page_fill(tmp_path):
    path = clip_bars(tmp_path / "c.pdf", [120, 80, 160])
    res = _graphics(path)
    assert not res.measured_zero and len(res.doubts) + len(res.members) == 3, [(m.what, m.why) for m in res.best_candidates]
    assert not any("around the page" in (m.why or "") for m in res.best_candidates)
    assert pdfs.decide(path, CHART).decision == "keep"


def test_bars_cut_by_their_forms_bbox_are_never_a_page_fill(tmp_path):
    res = _graphics(clip_bars(tmp_path / "f.pdf", [120, 80, 160], how="form"))
    assert not res.measured_zero and len(res.doubts) + len(res.members) == 3


def test_clipped_bars_with_an_axis_are_one_chart(tmp_path):
    res = _graphics(clip_bars(tmp_path / "a.pdf", [120, 80, 160], axis=True))
    assert len(res.members) == 1 and res.members[0].bbox[1] < 400, [m.what for m in res.members]


def test_a_red_question_finds_the_clipped_red_bars_a_blue_one_does_not(tmp_path):
    path = clip_bars(tmp_path / "r.pdf", [120, 80, 160], axis=True)
    assert _graphics(path, probe="coloured_graphics", colour="red").members
    assert _graphics(path, probe="coloured_graphics", colour="blue").measured_zero


def test_controls_a_rule_and_a_page_fill_under_text_stay_zero(tmp_path):
    ruled = pdfs.raw_page(tmp_path / "r.pdf", BODY + "0 G 0.5 w 72 700 m 540 700 l S\n")
    assert _graphics(ruled).measured_zero
    assert pdfs.decide(ruled, CHART).decision == "widen"
    filled = pdfs.raw_page(tmp_path / "p.pdf", "0.95 0.95 0.9 rg 0 0 595 842 re f\n" + BODY)
    assert _graphics(filled).measured_zero
    # A page fill seen through a clip as large as the page is still a page fill.
    clipped = pdfs.raw_page(tmp_path / "q.pdf", "q 0 0 595 842 re W n 0.95 0.95 0.9 rg -10 -10 615 862 re f Q\n" + BODY)
    assert _graphics(clipped).measured_zero


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(heights=st.lists(st.integers(6, 300), min_size=1, max_size=6), how=st.sampled_from(["clip", "form"]),
       axis=st.booleans())
def test_clipped_bars_are_never_set_aside_for_sure(tmp_path_factory, heights, how, axis):
    """Property: bars of any number and height, cut from page-size fills by clips or form BBoxes, are found."""
    path = clip_bars(tmp_path_factory.mktemp("bars") / "c.pdf", heights, how=how, axis=axis)
    res = _graphics(path)
    assert not res.measured_zero, [(m.what, m.why) for m in res.best_candidates]
