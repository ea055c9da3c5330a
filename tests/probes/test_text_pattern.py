"""text_pattern: phone numbers and e-mail addresses, on the per-page skeleton (members, repeats as
non-members, a page it cannot read as could-not-measure)."""

from __future__ import annotations

from functools import partial

import pdfs
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

# Image-only fixture pages must stay unread: OCR is not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


def _doc(tmp_path, pages: list[list[str]], image_pages: tuple[int, ...] = ()):
    d = pdfs.new_doc(len(pages))
    for i, lines in enumerate(pages):
        for j, line in enumerate(lines):
            pdfs.text(d[i], (72, 100 + 20 * j), line)
        if i + 1 in image_pages:
            pdfs.image(d[i], (0, 0, 612, 792))
    return load_doc(pdfs.save(d, tmp_path / "t.pdf"))


def test_a_number_printed_twice_is_one_member_and_one_repeat(tmp_path):
    doc = _doc(tmp_path, [["Tel: 615-591-2955", "mail: desk@example.org"], ["Call 615.591.2955"]])
    res = run_probe("text_pattern", doc, Scope((1, 2)), {"pattern": "phone"})
    assert res.status is ProbeStatus.measured and len(res.members) == 1 and res.members[0].page == 1
    assert [m.page for m in res.best_candidates] == [2] and res.note == "1 repeated value(s) listed as candidates"
    mail = run_probe("text_pattern", doc, Scope((1, 2)), {"pattern": "email"})
    assert ["desk@example.org" in m.what for m in mail.members] == [True]


def test_a_page_it_cannot_read_blocks_a_zero_but_not_a_member(tmp_path):
    doc = _doc(tmp_path, [["Tel: 615-591-2955"], []], image_pages=(2,))
    blind = run_probe("text_pattern", doc, Scope((2,)), {"pattern": "phone"})
    assert blind.status is ProbeStatus.could_not_measure and "p2: image-only page without OCR text" in blind.note
    both = run_probe("text_pattern", doc, Scope((1, 2)), {"pattern": "phone"})
    assert both.status is ProbeStatus.measured and len(both.members) == 1 and "could not measure p2" in both.note


def test_whole_pages_are_read_and_the_result_says_so(tmp_path):
    doc = _doc(tmp_path, [["Tel: 615-591-2955"]])
    res = run_probe("text_pattern", doc, Scope((1,), region="bottom_right"), {"pattern": "phone"})
    assert len(res.members) == 1 and res.region is None
    outside = run_probe("text_pattern", doc, Scope((3,)), {"pattern": "phone"})
    assert outside.status is ProbeStatus.could_not_measure and "page outside" in outside.note


@settings(max_examples=6, deadline=None)
@given(st.lists(st.integers(200_000_0000, 999_999_9999), min_size=1, max_size=5, unique=True))
def test_every_printed_number_is_a_member(tmp_path_factory, numbers):
    lines = [f"Phone {str(n)[:3]}-{str(n)[3:6]}-{str(n)[6:]}" for n in numbers]
    doc = _doc(tmp_path_factory.mktemp("tp"), [lines])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert sorted(m.what.split("'")[1] for m in res.members) == sorted(line.split(" ")[1] for line in lines)
