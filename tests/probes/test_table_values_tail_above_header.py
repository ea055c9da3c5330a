"""table_values: a page that opens with the headerless rows of a table continued from the page before, and
then prints a new table under the same column header. The opening rows are no rows of the new table, yet
they are rows of the column: a qualifying one is never a zero (a doubt), whether the page before is in the
scope or not. Controls: the same pages with every value on the wrong side stay a measured zero and widen."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pytest

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

HEADER = ["Country", "Growth (%)", "Share"]
GROWTH = {"column": "growth", "op": ">", "value": 5, "percent": True}
LOW = [["France", "2.1", "30"], ["Spain", "3.4", "40"], ["Italy", "1.2", "20"]]


def _tail_then_table(path: Path, tail_growth: str, continued: bool = False) -> Path:
    """Page 1: Table 1 whose rows run to the page's foot. Page 2: Table 1's last rows, headerless (under
    "Table 1 (continued)" when ``continued``), then Table 2 under the same header, every value low."""
    doc = pdfs.new_doc(3)
    for i, page in enumerate(doc):
        pdfs.text(page, (72, 60), f"Annual review, section {i + 1}.")
        pdfs.text(page, (300, 770), str(i + 1), size=9)
    pdfs.text(doc[0], (72, 100), "Table 1: Results for 2022")
    pdfs.table(doc[0], (72, 110), HEADER, [[f"Region {k}", "2.0", "10"] for k in range(33)])
    if continued:
        pdfs.text(doc[1], (72, 75), "Table 1 (continued)")
    pdfs.headerless_rows(doc[1], (72, 85), [["Norway", "2.1", "30"], ["Chile", tail_growth, "40"], ["Peru", "1.2", "20"]])
    pdfs.text(doc[1], (72, 250), "Table 2: Results for 2023")
    pdfs.table(doc[1], (72, 260), HEADER, LOW)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("scope", [(2,), (1, 2)])
@pytest.mark.parametrize("continued", [False, True])
@pytest.mark.parametrize("v", ["7.4", "12.0", "5.1"])
def test_a_qualifying_row_continued_above_a_new_header_is_never_a_zero(tmp_path, scope, continued, v):
    res = run_probe("table_values", load_doc(_tail_then_table(tmp_path / "plant.pdf", v, continued)), Scope(scope), GROWTH)
    assert res.status is ProbeStatus.measured, res.note
    assert any(d.page == 2 and v in d.what for d in res.doubts) or any(m.page == 2 and v in m.what for m in res.members), \
        (res.members, res.doubts)
    control = run_probe("table_values", load_doc(_tail_then_table(tmp_path / "ctl.pdf", "3.9", continued)), Scope(scope), GROWTH)
    assert control.measured_zero, (control.note, control.members, control.doubts)


def test_the_engine_keeps_a_page_opening_with_a_continued_qualifying_row_and_widens_its_control(tmp_path):
    q = "How many countries on page 2 have more than 5% growth?"
    plant = pdfs.decide(_tail_then_table(tmp_path / "plant.pdf", "7.4"), q)
    assert plant.decision == "keep", plant.reason
    control = pdfs.decide(_tail_then_table(tmp_path / "ctl.pdf", "3.9"), q)
    assert control.decision == "widen", control.reason
