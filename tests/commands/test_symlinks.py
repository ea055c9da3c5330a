"""A documents folder of symlinks decides exactly as one of copies; an escaping doc_id is refused in one line.

The untrusted part is the doc_id string (samples.json, a proposal), never the maintainer's
folder: PDFs kept in a hub cache, DVC or git-annex are symlinks and must be followed.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from pdfs import body_text_pdf

from widening.commands.cli import main

Q_ITALIC = "What is the yellow color italic texts in page 2?"
Q_RANGE = "How many figures are provided in Pages 400-640?"
Q_IMAGES = "How many images are there on page 3?"
ESCAPING = ("../outside.pdf", "/etc/passwd", "sub/styled.pdf")


def _rows() -> list[dict[str, str]]:
    rows = [{"doc_id": d, "question": q, "answer": "Not answerable"}
            for d in ("plain.pdf", "styled.pdf") for q in (Q_ITALIC, Q_RANGE, Q_IMAGES)]
    rows += [{"doc_id": d, "question": Q_ITALIC, "answer": "Not answerable"} for d in ESCAPING]
    rows.append({"doc_id": "../outside.pdf", "question": Q_IMAGES, "answer": "Not answerable"})  # one line per doc_id
    return rows


@pytest.fixture(scope="module")
def corpora(tmp_path_factory) -> tuple[Path, Path]:
    """(copies, symlinks): the same samples; documents/ holds the PDFs, or symlinks into a blob store beside it."""
    base = tmp_path_factory.mktemp("symlinks")
    blobs = base / "blobs"  # like a hub cache: content-addressed files, named links elsewhere
    blobs.mkdir()
    body_text_pdf(blobs / "a1b2", False)
    body_text_pdf(blobs / "c3d4", True)
    body_text_pdf(base / "outside.pdf", True)  # what "../outside.pdf" would reach: never opened
    copies, links = base / "copies", base / "links"
    for root in (copies, links):
        (root / "documents").mkdir(parents=True)
        (root / "samples.json").write_text(json.dumps(_rows()))
    for name, blob in (("plain.pdf", "a1b2"), ("styled.pdf", "c3d4")):
        shutil.copyfile(blobs / blob, copies / "documents" / name)
        (links / "documents" / name).symlink_to(Path("..", "..", "blobs", blob))  # relative, out of the folder
    return copies, links


def _audit(corpus: Path, out: Path, *extra: str) -> list[dict]:
    assert main(["audit", "--corpus", str(corpus), "--out", str(out), "--auto", "--no-cache", "--jobs", "1", *extra]) == 0
    return json.loads((out / "audit.json").read_text())


def test_a_folder_of_symlinks_decides_as_copies_and_escaping_doc_ids_are_refused_in_one_line(corpora, tmp_path, capsys):
    copies, links = corpora
    by_copy = _audit(copies, tmp_path / "copies", "--quiet")
    quiet = capsys.readouterr().err
    by_link = _audit(links, tmp_path / "links")
    err = capsys.readouterr().err

    assert len(by_copy) == len(by_link) == len(_rows())
    assert by_link == by_copy, "a symlinked PDF is read exactly like a copy"
    decided = {(r["doc_id"], r["question"]): (r["decision"], r["case"]) for r in by_link}
    assert decided[("plain.pdf", Q_ITALIC)] == ("widen", None)
    assert decided[("styled.pdf", Q_ITALIC)] == ("keep", "short_not_empty")
    assert decided[("styled.pdf", Q_RANGE)] == ("keep", "missing_container")
    for doc_id in ESCAPING:
        assert decided[(doc_id, Q_ITALIC)] == ("keep", "unverifiable")
        [line] = [ln for ln in err.splitlines() if f"doc_id {doc_id!r} refused" in ln]
        assert line.startswith("refused ") and "the rest of the run goes on" in line
    assert "its 2 row(s) are kept as unverifiable" in next(ln for ln in err.splitlines() if "'../outside.pdf'" in ln)
    assert sum("refused" in ln for ln in quiet.splitlines()) == len(ESCAPING), "refusals are printed even with --quiet"

    # Progress without a terminal: one line per finished document, none with --quiet.
    progress = [ln for ln in err.splitlines() if re.fullmatch(r"\d+/\d+ documents done, [\d.]+ s elapsed \(.+\)", ln)]
    assert len(progress) == 2 + len(ESCAPING) and progress[-1].startswith(f"{2 + len(ESCAPING)}/{2 + len(ESCAPING)} ")
    assert "documents done" not in quiet


def test_audit_says_where_it_looked_for_reviewed_specs(tmp_path, capsys, monkeypatch):
    corpus = tmp_path / "corpus"
    (corpus / "documents").mkdir(parents=True)
    (corpus / "samples.json").write_text(json.dumps([{"doc_id": "a.pdf", "question": "How many?", "answer": "3"}]))
    bench = tmp_path / "bench"
    (bench / "checks" / "reviewed").mkdir(parents=True)
    monkeypatch.chdir(bench)
    assert main(["audit", "--corpus", str(corpus), "--out", str(tmp_path / "out")]) == 0
    assert f"reviewed specs: 0 from {bench / 'checks' / 'reviewed'}" in capsys.readouterr().err
    empty = tmp_path / "empty"
    assert main(["audit", "--corpus", str(corpus), "--out", str(tmp_path / "out"), "--checks", str(empty)]) == 0
    assert f"reviewed specs: 0 none found; looked in {empty}" in capsys.readouterr().err
    assert main(["audit", "--corpus", str(corpus), "--out", str(tmp_path / "out"), "--auto"]) == 0
    assert "reviewed specs" not in capsys.readouterr().err


def test_an_unreadable_corpus_is_an_error(tmp_path, capsys):
    (tmp_path / "samples.json").write_text("[]")  # no documents/ folder
    assert main(["audit", "--corpus", str(tmp_path), "--out", str(tmp_path / "out")]) == 2
    assert "no documents folder" in capsys.readouterr().err


def test_a_dangling_symlink_or_a_folder_under_a_pdf_name_is_named_for_what_it_is(tmp_path, capsys):
    # Something is in documents/ under the PDF's name but there is no file to read: a link whose
    # target is gone (a pruned hub cache), or a folder. "PDF not found" sent the maintainer looking
    # for a file that is there; the row, the terminal and open_pdf say what is wrong instead.
    from widening.errors import DocumentError
    from widening.facts.document import open_pdf

    corpus = tmp_path / "corpus"
    docs = corpus / "documents"
    docs.mkdir(parents=True)
    body_text_pdf(docs / "plain.pdf", False)
    (docs / "dangling.pdf").symlink_to(Path("..", "blobs", "gone"))
    (docs / "folder.pdf").mkdir()
    ids = ("plain.pdf", "dangling.pdf", "folder.pdf", "absent.pdf")
    (corpus / "samples.json").write_text(json.dumps([{"doc_id": d, "question": Q_ITALIC, "answer": "Not answerable"} for d in ids]))
    records = {r["doc_id"]: r for r in _audit(corpus, tmp_path / "out", "--quiet")}
    err = capsys.readouterr().err

    assert (records["plain.pdf"]["decision"], records["plain.pdf"]["case"]) == ("widen", None)  # control: a real file is read
    dangling = "documents/dangling.pdf is a symbolic link to a missing target: ../blobs/gone"
    folder = "documents/folder.pdf is a folder, not a file"
    for doc_id, says in (("dangling.pdf", dangling), ("folder.pdf", folder)):
        r = records[doc_id]
        assert (r["decision"], r["case"]) == ("keep", "unverifiable")
        assert says in r["reason"] and "not in the corpus" not in r["reason"], r["reason"]
        [line] = [ln for ln in err.splitlines() if ln.startswith(f"warning {doc_id}:")]
        assert says in line
    assert "not in the corpus's documents folder" in records["absent.pdf"]["reason"]  # truly absent: as before
    assert not any(ln.startswith("warning absent.pdf") for ln in err.splitlines())

    with pytest.raises(DocumentError, match="symbolic link to a missing target: ../blobs/gone"):
        open_pdf(docs / "dangling.pdf")
    with pytest.raises(DocumentError, match="folder.pdf is a folder, not a file"):
        open_pdf(docs / "folder.pdf")
    with pytest.raises(DocumentError, match="PDF not found"):
        open_pdf(docs / "absent.pdf")
