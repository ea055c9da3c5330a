"""The audit summary groups unverifiable rows by the reason decide.py writes, so the remaining gap is visible
by cause: no reason the engine writes today falls into "other"."""

from __future__ import annotations

import pytest

from widening.commands.report import reason_group


@pytest.mark.parametrize("reason, group", [
    ("3 candidates of graphics of any subject, not classified: the check (graphics) does not tell whether any is what the question asks for",
     "the check finds candidates of a broader set"),
    ("2 member(s) found by the check (text_search), none certain: 2 member(s) rest on what OCR read",
     "the check's members rest on OCR or weak detections"),
    ("The engine failed on this PDF (timed out after 900 s); nothing was measured.", "the engine failed on the PDF (a timeout, a crash)"),
    ("A named box is in doubt: the question reads inside 'Green box'", "a box the question names could not be told apart"),
    ("The check (table_values) finds no member but 1 doubt(s) it cannot rule out, first on p3", "the check finds doubts"),
])
def test_each_unverifiable_reason_has_its_group(reason: str, group: str) -> None:
    assert reason_group({"reason": reason, "case": "unverifiable", "decision": "keep"}) == group
