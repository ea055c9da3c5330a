"""text_style: words painted at an opacity below 1 show as a blend of their colour with the ground.

Black words at 40% opacity read grey on white paper; the text layer says #000000, so "the grey words on
page 1" was widened as none. Such a span is a doubt for a colour its blend over the ground may take."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
BODY = "BT /F1 11 Tf 72 760 Td (Ordinary body text on this page, set in a regular upright font.) Tj ET\n"


def _page(tmp: Path, rgb: str, opacity: float | None) -> Path:
    gs = "/GS1 gs " if opacity is not None else ""
    res = f"/ExtGState << /GS1 << /ca {opacity} >> >>" if opacity is not None else ""
    return pdfs.raw_page(tmp / "faded.pdf", BODY + f"q {gs}BT {rgb} rg /F1 14 Tf 72 500 Td (Faded note words) Tj ET Q\n", extra_res=res)


def _probe(path: Path, **params):
    doc = load_doc(path)
    try:
        return run_probe("text_style", doc, Scope((1,)), params)
    finally:
        doc.close()


def test_black_words_at_low_opacity_are_never_a_grey_zero(tmp_path):
    """Regression: black at 40% opacity renders #999999, and "the grey words" was a measured zero."""
    r = _probe(_page(tmp_path, "0 0 0", 0.4), colour="grey")
    assert r.members or any("Faded" in d.what for d in r.doubts), r.note


@settings(max_examples=20, deadline=None)
@given(opacity=st.floats(0.15, 0.7))
def test_any_faded_black_is_grey_or_a_doubt(tmp_path_factory, opacity):
    r = _probe(_page(tmp_path_factory.mktemp("f"), "0 0 0", round(opacity, 3)), colour="grey")
    assert r.members or any("Faded" in d.what for d in r.doubts), (opacity, r.note)


def test_controls_opaque_black_is_no_grey_and_faded_black_is_no_yellow(tmp_path):
    r = _probe(_page(tmp_path, "0 0 0", None), colour="grey")
    assert not r.members and not r.doubts, [d.why for d in r.doubts]
    r = _probe(_page(tmp_path, "0 0 0", 0.4), colour="yellow")
    assert not r.members and not r.doubts, [d.why for d in r.doubts]
