"""facts.legibility: a text layer with no Unicode map (Type0, Identity encoding, no ToUnicode) reads
as other letters, so every probe that reads words counts its page as unread, never as "absent"."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from widening.facts.extract import load_doc
from widening.facts.legibility import unreadable_layer
from widening.probes import Scope, run_probe

TEXT = ["Agenda", "<p>Don't blindly follow the data</p><p>youtube.com/watch?v=abc</p><p>Figure 10: Sales by region in Beijing</p>", "End"]

# (probe, scope pages, params): each would find its member on the legible copy.
ASKS = [
    ("text_search", (2,), {"text": "Beijing"}),
    ("name_mentions", (1, 2, 3), {"variants": ["Beijing"]}),
    ("captions", (1, 2, 3), {"kind": "figure", "number": "10"}),
    ("mentions", (1, 2, 3), {"item": "youtube", "topic": ["blindly", "follow", "data"]}),
    ("page_exists", (), {"number": "147"}),
]


def _deck(tmp_path: Path, unicode_map: bool) -> Path:
    """Three slides set in a composite font (a Story's); the folios 146-148 printed in a corner."""
    doc = pymupdf.open()
    for k, words in enumerate(TEXT):
        page = doc.new_page(width=720, height=540)
        page.insert_htmlbox(pymupdf.Rect(40, 40, 680, 200), words)
        page.insert_htmlbox(pymupdf.Rect(340, 510, 400, 530), str(146 + k))
    path = tmp_path / "mapped.pdf"
    doc.save(path)
    if unicode_map:
        return path
    doc = pymupdf.open(path)
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "ToUnicode")[0] != "null":
            doc.xref_set_key(xref, "ToUnicode", "null")
    out = tmp_path / "unmapped.pdf"
    doc.save(out)
    return out


@pytest.mark.parametrize("probe, pages, params", ASKS)
def test_a_layer_with_no_unicode_map_is_unread_not_absent(tmp_path, probe, pages, params):
    """Regression (a review of the probes): the garbled layer ('%HLMLQJ' for 'Beijing') was searched
    and every probe reported a measured zero."""
    legible = load_doc(_deck(tmp_path, unicode_map=True), ocr=False)
    assert unreadable_layer(legible, 2) is None
    found = run_probe(probe, legible, Scope(pages), params)
    assert found.members, (probe, found.note)  # the positive control: the words are there
    garbled = load_doc(_deck(tmp_path, unicode_map=False), ocr=False)
    assert "no Unicode map" in (unreadable_layer(garbled, 2) or "")
    res = run_probe(probe, garbled, Scope(pages), params)
    assert not res.measured_zero and res.status.value == "could_not_measure", (probe, res.note)


def test_a_scan_with_a_stamp_in_its_text_layer_is_unread_when_ocr_did_not_run(tmp_path):
    """Regression: an image-only page whose text layer holds only a court stamp, with OCR off or
    failed, counted as read for captions and folios ('Figure 10' and folio 147 in its pixels)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 60, 80), False)
    pix.set_rect(pix.irect, (240, 240, 240))
    page.insert_image(page.rect, pixmap=pix)
    page.insert_text((40, 20), "Case 1:20-cv-01234 Document 5 Filed 01/02/21 Page 2 of 3", fontsize=7)
    doc.save(tmp_path / "stamp.pdf")
    d = load_doc(tmp_path / "stamp.pdf", ocr=False)
    assert d.facts.page(1).kind.value == "image_only" and d.facts.page(1).ocr_error
    for probe, params in (("captions", {"kind": "figure", "number": "10"}), ("page_exists", {"number": "147"})):
        res = run_probe(probe, d, Scope((1,)), params)
        assert res.status.value == "could_not_measure", (probe, res.note)


def test_a_missing_figure_or_page_is_not_claimed_over_an_unreadable_layer(tmp_path):
    """The engine's own container test (not only the probes): 'Figure 10' and folio 147 printed in an
    unmapped font are not 'missing'; with the map they are found."""
    from widening.engine.containers import resolve
    from widening.models import Container, ContainerKind

    for mapped in (True, False):
        doc = load_doc(_deck(tmp_path, unicode_map=mapped), ocr=False)
        fig = resolve(Container(kind=ContainerKind.figure, number="10", text="Figure 10"), doc)
        page = resolve(Container(kind=ContainerKind.page, number="147", text="page 147"), doc)
        if mapped:
            assert any(t.pages for t in fig.readings) and any(t.pages for t in page.readings)
        else:
            assert not any(t.pages for t in fig.readings) and fig.uncertain
            assert not any(t.pages for t in page.readings) and page.uncertain
