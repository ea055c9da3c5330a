"""A proposal's question in another Unicode form than the samples file's ("é" as one character, or as "e" and a
combining accent, as some editors save it) is the same question: the gate finds its row, never reports it as
missing while printing text a reader cannot tell from the row's. A question that differs in a letter is still
another question."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.commands.corpus import parse_samples
from widening.commands.gate import Code, GateExit, SampleSource, gate_files, lookup

ACCENTED = "éèüöñçåÅÉØ"
words = st.lists(st.text(alphabet="abcdefgh" + ACCENTED, min_size=1, max_size=8), min_size=1, max_size=6).map(" ".join)


def _source(rows: list[dict]) -> SampleSource:
    path = Path("samples.json")
    return SampleSource(path, parse_samples(json.dumps(rows, ensure_ascii=False), path).index())


@settings(max_examples=60, deadline=None)
@given(q=words, stored=st.sampled_from(["NFC", "NFD"]), stored_doc=st.sampled_from(["NFC", "NFD"]), asked=st.sampled_from(["NFC", "NFD"]))
def test_a_question_in_either_unicode_form_finds_its_row(q, stored, stored_doc, asked):
    src = _source([{"doc_id": unicodedata.normalize(stored_doc, "café.pdf"), "question": unicodedata.normalize(stored, q), "answer": "Not answerable"}])
    look = lookup([src], unicodedata.normalize(asked, "café.pdf"), unicodedata.normalize(asked, q))
    assert look.reject is None and look.row is not None, look.reject
    assert look.row.question == unicodedata.normalize(stored, q)  # the row as the samples file spells it is decided


@settings(max_examples=30, deadline=None)
@given(q=words.filter(lambda s: any(c in ACCENTED for c in s)))
def test_another_letter_is_still_another_question(q):
    src = _source([{"doc_id": "a.pdf", "question": q, "answer": "Not answerable"}])
    other = unicodedata.normalize("NFD", q).encode("ascii", "ignore").decode()  # the accents dropped
    look = lookup([src], "a.pdf", other)
    assert look.reject is not None and look.reject[0] is Code.row_not_found


def test_the_gate_decides_a_decomposed_question_on_its_row(tmp_path):
    q = "What is the yellow color italic texts in page 3 of the café report?"
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    doc = pymupdf.open()
    for i in range(1, 5):
        doc.new_page(width=400, height=500).insert_text((50, 100), f"Body text of page {i}.", fontname="helv", fontsize=11)
    doc.save(root / "documents" / "a.pdf")
    doc.close()
    (root / "samples.json").write_text(json.dumps([{"doc_id": "a.pdf", "question": q, "answer": "Not answerable"}]))
    f = tmp_path / "p.json"
    f.write_text(json.dumps({"doc_id": "a.pdf", "question": unicodedata.normalize("NFD", q)}))
    report = gate_files([str(f)], str(root), no_cache=True, workers=1)
    [item] = report.items
    assert (item.verdict, item.code) == ("accept", Code.accepted), item.reason
    assert report.exit_code == GateExit.ACCEPTED


@settings(max_examples=40, deadline=None)
@given(q=words.filter(lambda s: sum(c in ACCENTED for c in s) >= 2), data=st.data())
def test_a_question_mixing_both_forms_finds_its_row(q, data):
    # Each accented letter in either form, chosen one by one: still the row's question.
    mixed = "".join(unicodedata.normalize(data.draw(st.sampled_from(["NFC", "NFD"])), c) for c in q)
    src = _source([{"doc_id": "a.pdf", "question": q, "answer": "Not answerable"}])
    look = lookup([src], "a.pdf", mixed)
    assert look.reject is None and look.row is not None, look.reject
