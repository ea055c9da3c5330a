"""mentions: a clip a deck cites without its words (a talk, a short link, a link's target, a QR code) is a
doubt or a member, never a widened zero; a deck citing only documents still widens."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfs import decide, png_bytes

Q = "Which {item} does the deck use to show data ethics?"
SLIDES = [["Agenda", "Why data matters"], ["Data ethics", "Consent, privacy and fairness"]]


def _deck(path: Path, line: str, extra=None) -> Path:
    doc = pymupdf.open()
    for i, lines in enumerate(SLIDES + [[line], ["Thank you"]], 1):
        page = doc.new_page(width=720, height=540)
        for k, t in enumerate(lines):
            page.insert_text((40, 60 + 30 * k), t, fontsize=18)
        if extra and i == 3:
            extra(page)
    doc.save(path)
    return path


def _link(uri: str):
    return lambda page: page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(40, 40, 400, 70), "uri": uri})


def _qr(payload: str):
    code = cv2.QRCodeEncoder.create().encode(payload)
    code = cv2.resize(code, (code.shape[1] * 8, code.shape[0] * 8), interpolation=cv2.INTER_NEAREST)
    rgb = np.stack([code] * 3, -1).astype(np.uint8)
    return lambda page: page.insert_image(pymupdf.Rect(560, 380, 650, 470), stream=png_bytes(rgb))  # ~2% of the slide


CITED = {
    "talk series": ("TED Talk: The ethics of data, by Jane Doe", None),
    "further viewing": ("Further viewing: Big data, big ethics (Jane Doe, 2019)", None),
    "webinar": ("Webinar: Ethics of AI at scale", None),
    "short link printed": ("Recommended: bit.ly/data-ethics-talk", None),
    "talk page as a link's target": ("Recommended: The ethics of data", _link("https://www.ted.com/talks/jane_doe_data_ethics")),
    "short link as a link's target": ("Recommended: The ethics of data", _link("https://bit.ly/3xYzAbc")),
    "QR code of a clip": ("Data ethics: hear it from the experts", _qr("https://youtu.be/dQw4w9WgXcQ")),
}


@settings(deadline=None, max_examples=10)
@given(form=st.sampled_from(sorted(CITED)), item=st.sampled_from(["video", "clip"]))
def test_a_clip_cited_without_its_words_is_never_widened(tmp_path_factory, form, item) -> None:
    line, extra = CITED[form]
    path = _deck(tmp_path_factory.mktemp("m") / "deck.pdf", line, extra)
    d = decide(path, Q.format(item=item))
    assert d.decision == "keep" and (d.members or d.doubts), (form, d.reason)


def test_a_qr_code_is_read_as_the_link_it_encodes(tmp_path: Path) -> None:
    d = decide(_deck(tmp_path / "qr.pdf", "Data ethics: hear it from the experts", _qr("https://youtu.be/dQw4w9WgXcQ")), Q.format(item="video"))
    assert d.decision == "keep" and d.members and "youtu.be" in d.members[0].what, d.reason


@pytest.mark.parametrize("line, extra", [
    ("Further reading: Data ethics report (2019)", None),
    ("Source: nucleusresearch.com/research/single/data-ethics-report", None),
    ("Report: The ethics of data", _link("https://example.org/reports/data-ethics.pdf")),
    ("Illustration: brianmooredraws.com", None),
])
def test_a_deck_citing_only_documents_still_widens(tmp_path: Path, line, extra) -> None:
    d = decide(_deck(tmp_path / "doc.pdf", line, extra), Q.format(item="video"))
    assert d.decision == "widen", d.reason
