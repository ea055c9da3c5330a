""""FAQ 5", "step 3", "item 7": a numbered item whose head names a list's entries may be the fifth FAQ of
entries printed without numbers. Not printed as written, it is not absent: the entry is there, unlabelled
(an absent_entity claim the page refutes). A head that labels its things in print ("Wave 5", "error 388")
stays absent when neither the item nor its head word is printed."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ENTRIES = ["How do I reset my password?", "Where can I find my invoice?", "Can I change my plan?", "How do I cancel?",
           "Is my data safe?", "Who do I call for help?"]


def _faq(path: Path, n: int) -> Path:
    """Unnumbered FAQ entries and unnumbered checklist bullets: no entry is printed with its number."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 60), "Frequently Asked Questions", fontsize=16)
    for k, q in enumerate(ENTRIES[:n]):
        page.insert_text((72, 100 + 50 * k), q, fontsize=12)
        page.insert_text((72, 116 + 50 * k), "The answer is given here in a full sentence.", fontsize=10)
    page = doc.new_page()
    page.insert_text((72, 60), "Checklist", fontsize=16)
    for k in range(n):
        page.insert_text((80, 100 + 18 * k), f"\u2022 Check the setting {chr(65 + k)} carefully.", fontsize=11)
    return pdfs.save(doc, path)


@settings(max_examples=12, deadline=None)
@given(n=st.integers(5, 6), form=st.sampled_from(["What is FAQ {k}?", "What is FAQ #{k}?", "What does item {k} of the checklist say?",
                                                  "What does step {k} say?", "What is tip {k}?", "What does question {k} ask?"]),
       k=st.integers(1, 5))
def test_a_place_in_an_unnumbered_list_is_never_claimed_absent(tmp_path_factory, n, form, k):
    q = form.format(k=k)
    d = pdfs.decide(_faq(tmp_path_factory.mktemp("f") / "faq.pdf", n), q)
    assert d.case != "absent_entity", (q, d.reason)


@pytest.mark.parametrize("q", ["What does Wave 5 show?", "What does error 388 mean?"])
def test_control_a_head_that_labels_its_things_in_print_is_still_absent(tmp_path: Path, q: str) -> None:
    assert pdfs.decide(_faq(tmp_path / "faq.pdf", 5), q).case == "absent_entity"
