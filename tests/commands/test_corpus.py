"""Locating the corpus, loading samples files, and the (doc_id, question) index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from widening.commands.corpus import (
    ENV_VAR,
    Corpus,
    RowIndex,
    load_samples,
    locate_corpus,
    normalise_question,
)
from widening.errors import InputError


def _mini_corpus(tmp_path: Path, rows: list[dict]) -> Path:
    (tmp_path / "documents").mkdir()
    (tmp_path / "samples.json").write_text(json.dumps(rows))
    return tmp_path


ROW = {"doc_id": "a.pdf", "question": "How many cats?", "answer": "Not answerable", "doc_type": "Guide"}


def test_locate_prefers_the_argument_over_the_environment(tmp_path):
    (tmp_path / "a").mkdir()
    a = _mini_corpus(tmp_path / "a", [ROW])
    assert locate_corpus(a, env={ENV_VAR: "/nowhere"}).root == a.resolve()


def test_locate_uses_the_environment(tmp_path):
    _mini_corpus(tmp_path, [ROW])
    assert locate_corpus(None, env={ENV_VAR: str(tmp_path)}) == Corpus(tmp_path.resolve())


def test_no_corpus_says_where_it_looked_and_how_to_get_one():
    with pytest.raises(InputError) as err:
        locate_corpus(None, env={})
    msg = str(err.value)
    assert "--corpus" in msg and ENV_VAR in msg and "github.com" in msg


def test_a_corpus_without_samples_is_refused(tmp_path):
    with pytest.raises(InputError, match=r"no samples.json in .* \(from \$WIDENING_CORPUS\)"):
        locate_corpus(None, env={ENV_VAR: str(tmp_path)})
    with pytest.raises(InputError, match="not a folder"):
        locate_corpus(tmp_path / "missing", env={})


def test_rows_get_their_position_in_the_file(tmp_path):
    rows = [dict(ROW, question=f"q{i}") for i in range(3)]
    samples = load_samples(_mini_corpus(tmp_path, rows) / "samples.json")
    assert [r.index for r in samples.rows] == [0, 1, 2]
    assert samples.errors == () and samples.duplicates == ()


def test_normalise_question_collapses_whitespace():
    assert normalise_question("  How many\tcats \n are there? ") == "How many cats are there?"


def test_index_joins_with_whitespace_normalised_and_keeps_repeats(tmp_path):
    rows = [ROW, dict(ROW, question="How  many cats? "), dict(ROW, doc_id="b.pdf")]
    samples = load_samples(_mini_corpus(tmp_path, rows) / "samples.json")
    index = samples.index()
    assert [r.index for r in index.lookup("a.pdf", "How many\ncats?")] == [0, 1]
    assert index.lookup("a.pdf", "How many dogs?") == []
    assert ("b.pdf", "How many cats?") in index and len(index) == 2
    (dup,) = samples.duplicates
    assert dup.loc == (str(tmp_path / "samples.json"), 1, "question") and "row 0" in dup.msg


def test_real_v2_samples_load_clean(corpus):
    samples = load_samples(Path(corpus) / "samples.json")
    assert len(samples.rows) == 1071 and samples.errors == () and samples.duplicates == ()
    assert sum(r.answer.startswith("Not answerable") for r in samples.rows) == 208
    assert all(r.index == i for i, r in enumerate(samples.rows))


def test_real_v1_samples_report_their_one_repeated_key(corpus):
    samples = load_samples(Path(corpus) / "samples_v1.json")
    assert len(samples.rows) == 1082 and samples.errors == ()
    (dup,) = samples.duplicates
    first = int(dup.msg.split("row ")[1].split(" ")[0])
    a, b = samples.rows[first], samples.rows[dup.loc[1]]
    assert a.doc_id == b.doc_id == "PRE_2022.09.29_NSL-politics_REPORT.pdf"
    assert len(RowIndex(samples.rows).lookup(a.doc_id, a.question)) == 2
