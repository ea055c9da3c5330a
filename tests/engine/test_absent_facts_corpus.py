"""Fact rows of the real corpus that issue 11 turned into absent_entity, each claim checked on the
page independently of the engine (skipped cleanly when the corpus is absent)."""

from __future__ import annotations

import os
import re

import pytest

# These manuals have 64 and 147 pictured pages: a cold cache OCRs each picture once (minutes).
SLOW = pytest.mark.skipif(not os.environ.get("WIDENING_SLOW_TESTS"), reason="OCR of a manual's pictures on a cold cache (~1-4 CPU-min): set WIDENING_SLOW_TESTS=1")

from widening.engine.decide import decide_row
from widening.models import Row
from widening.probes import Scope, run_probe


def _text_pages(doc, pattern: str) -> list[int]:
    """Independent of the engine: PDF pages whose PyMuPDF text matches ``pattern`` (case-insensitive)."""
    rx = re.compile(pattern, re.I)
    return [i for i, p in enumerate(doc.pdf, 1) if rx.search(p.get_text())]


def test_a_company_another_filing_never_names(corpus_doc) -> None:
    doc = corpus_doc("BESTBUY_2023_10K.pdf")
    d = decide_row(Row(doc_id="BESTBUY_2023_10K.pdf", answer="Not answerable",
                       question="what is interest coverage ratio for AMCOR'FY 2020? round your answer to three decimal?"), doc)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    assert "'AMCOR'" in d.reason and "0 exact hits" in d.reason
    assert _text_pages(doc, r"amcor") == []
    assert len(_text_pages(doc, r"\b2020\b")) > 5  # the year is there: the company is what is absent


@SLOW
def test_error_numbers_the_error_list_does_not_hold(corpus_doc) -> None:
    """The manual's error list (PDF p88-p89) numbers its errors 88, 89, 161 ... 9517: no 288, no 388."""
    doc = corpus_doc("User_Manual_1500S_Classic_EN.pdf")
    listed = {int(x) for i in (88, 89) for x in re.findall(r"(?m)^\s*(\d{2,4})\s*$", doc.pdf[i - 1].get_text())}
    assert {161, 188, 9517} <= listed and not {288, 388} & listed
    everywhere = Scope(pages=tuple(range(1, doc.facts.page_count + 1)))
    for number in ("288", "388"):
        res = run_probe("name_mentions", doc, everywhere, {"variants": [number]})
        assert res.measured_zero, res.note  # text layer of every page, as whole numbers ("2885" is not 288)
        assert _text_pages(doc, rf"(?<![\d.,]){number}(?![\d]|[.,]\d)") == []


@SLOW
def test_a_windows_version_the_manual_does_not_cover(corpus_doc) -> None:
    doc = corpus_doc("stereo_headset.pdf")
    everywhere = Scope(pages=tuple(range(1, doc.facts.page_count + 1)))
    assert run_probe("name_mentions", doc, everywhere, {"variants": ["9.0"]}).measured_zero
    assert _text_pages(doc, r"windows\s*9") == [] and _text_pages(doc, r"windows 10")  # it covers Windows 10 and 8.1
