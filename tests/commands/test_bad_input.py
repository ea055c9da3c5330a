"""Hostile and malformed input, each built by code: one clear line per file/row, and the run goes on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.commands.corpus import doc_path, load_samples
from widening.facts.cache import load_doc_cached
from widening.facts.document import open_pdf
from widening.runtime.atomic import write_json_atomic
from widening.errors import DocumentError, InputError
from widening.facts.limits import oversized_images, render_matrix, render_refusal
from widening.runtime.runner import run_documents

# --------------------------------------------------------------------------- builders


def text_pdf(pages: int = 5) -> bytes:
    doc = pymupdf.open()
    for i in range(pages):
        doc.new_page().insert_text((72, 72), f"page {i + 1}: the quick brown fox " * 3)
    return doc.tobytes()


def handmade_pdf(objects: list[bytes]) -> bytes:
    """A PDF written byte by byte (object 1 is the catalog), for what PyMuPDF refuses to save."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def zero_deflate(n_bytes: int, chunk: int = 1 << 22) -> bytes:
    """A zlib stream of ``n_bytes`` zeros, built without compressing them all: full flushes repeat."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = c.compress(b"\0" * chunk) + c.flush(zlib.Z_FULL_FLUSH)
    full, rest = divmod(n_bytes, chunk)
    tail = c.compress(b"\0" * rest) + c.flush(zlib.Z_FINISH)
    adler = (1 | ((n_bytes % 65521) << 16)).to_bytes(4, "big")  # Adler-32 of zeros: a=1, b=n
    return b"\x78\xda" + block * full + tail + adler


def image_bomb_pdf(side: int = 100_000) -> bytes:
    """One page showing a side x side 1-bit image: ~1 MB on disk, 10 Gpx when decoded."""
    data = zero_deflate((side + 7) // 8 * side)
    content = b"q 612 0 0 792 0 0 cm /Im0 Do Q"
    return handmade_pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>",
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 1"
            b" /Filter /FlateDecode /Length %d >>\nstream\n" % (side, side, len(data)) + data + b"\nendstream",
            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        ]
    )


@pytest.fixture
def bad_pdfs(tmp_path: Path) -> dict[str, Path]:
    docs = tmp_path / "documents"
    docs.mkdir()
    good = text_pdf()
    files = {
        "good": good,
        "truncated": good[: len(good) // 2],
        "truncated_head": good[: len(good) // 4],
        "zero_pages": handmade_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"]),
        "not_a_pdf": b"\x89PNG\r\n\x1a\n" + bytes(200),
        "bomb": image_bomb_pdf(),
    }
    out = {}
    for name, data in files.items():
        (docs / f"{name}.pdf").write_bytes(data)
        out[name] = docs / f"{name}.pdf"
    enc = pymupdf.open(stream=good, filetype="pdf")
    enc.save(docs / "encrypted.pdf", encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="user", owner_pw="owner")
    out["encrypted"] = docs / "encrypted.pdf"
    return out


# --------------------------------------------------------------------------- PDFs


@pytest.mark.parametrize(
    "name, types",
    [
        ("truncated", {"pdf_damaged", "pdf_corrupt"}),
        ("truncated_head", {"pdf_damaged", "pdf_corrupt"}),
        ("encrypted", {"pdf_encrypted"}),
        ("zero_pages", {"pdf_empty"}),
        ("not_a_pdf", {"not_a_pdf"}),
    ],
)
def test_unusable_pdf_is_one_line_naming_the_file(bad_pdfs, name, types):
    with pytest.raises(DocumentError) as err:
        load_doc_cached(bad_pdfs[name], None, ocr=False)
    assert err.value.record.type in types
    line = str(err.value)
    assert "\n" not in line and line.startswith(str(bad_pdfs[name]))


def test_a_truncated_pdf_is_never_read_as_complete(bad_pdfs):
    # MuPDF repairs a file cut in half and opens all 5 pages, 3 of them silently empty:
    # read as complete, they would be "measured zero". Only allow_repaired gets them.
    doc = load_doc_cached(bad_pdfs["truncated"], None, ocr=False, allow_repaired=True)
    assert doc.facts.repaired and doc.facts.page_count == 5
    assert any(not p.text.strip() for p in doc.facts.pages)
    doc.close()


def test_image_bomb_is_not_decoded_by_facts_and_renders_are_refused(bad_pdfs):
    doc = load_doc_cached(bad_pdfs["bomb"], None, ocr=False)
    page = doc.page(1)
    assert doc.facts.pages[0].image_count == 1
    assert [(i["width"], i["height"]) for i in oversized_images(page)] == [(100_000, 100_000)]
    assert "100000 x 100000 px" in (render_refusal(page) or "")
    doc.close()


def test_render_matrix_caps_pixels_on_a_huge_page():
    doc = pymupdf.open()
    page = doc.new_page(width=14_400, height=14_400)  # the largest page PDF allows, 200 inches
    m = render_matrix(page, dpi=300, max_pixels=1_000_000)
    pix = page.get_pixmap(matrix=m)
    assert pix.width * pix.height <= 1_000_000 and pix.width > 900
    small = render_matrix(page, dpi=300, clip=pymupdf.Rect(0, 0, 72, 72), max_pixels=1_000_000)
    assert small.a == pytest.approx(300 / 72)


def facts_summary(path: str) -> list[str]:
    doc = load_doc_cached(Path(path), None, ocr=False)
    try:
        return [f"{Path(path).name}: {doc.facts.page_count} pages"]
    finally:
        doc.close()


def as_error(path: str, reason: str) -> list[str]:
    return [f"ERROR {reason}"]


def test_a_run_over_bad_pdfs_reports_each_and_completes(bad_pdfs):
    names = ["good", "truncated", "encrypted", "zero_pages", "not_a_pdf", "bomb"]
    out = run_documents([str(bad_pdfs[n]) for n in names], facts_summary, as_error, workers=2, timeout_s=60, mem_mb=1024)
    assert out[0] == "good.pdf: 5 pages" and out[5] == "bomb.pdf: 1 pages"
    for name, line in zip(names[1:5], out[1:5]):
        assert line.startswith(f"ERROR {bad_pdfs[name]}:") and "\n" not in line


# --------------------------------------------------------------------------- doc_id paths


@pytest.mark.parametrize("doc_id", ["../x.pdf", "../../etc/passwd", "a/../../x.pdf", "/etc/passwd", "..\\x.pdf", "", "a\x00.pdf"])
def test_doc_id_outside_documents_is_refused_naming_the_row(tmp_path, doc_id):
    (tmp_path / "documents").mkdir()
    with pytest.raises(DocumentError) as err:
        doc_path(tmp_path, doc_id, loc=("samples.json", 17))
    assert err.value.record.type == "doc_id_outside"
    assert str(err.value).startswith("samples.json:17:doc_id: doc_id ") and "\n" not in str(err.value)


def test_symlinks_in_documents_are_the_maintainers_and_are_followed(tmp_path):
    # A hub cache, DVC or git-annex keeps the PDFs elsewhere; only the doc_id string is untrusted.
    docs = tmp_path / "documents"
    docs.mkdir()
    (tmp_path / "blobs").mkdir()
    (tmp_path / "blobs" / "abc123").write_bytes(text_pdf(1))
    (docs / "real.pdf").write_bytes(text_pdf(1))
    (docs / "linked.pdf").symlink_to(tmp_path / "blobs" / "abc123")
    (docs / "alias.pdf").symlink_to(docs / "real.pdf")
    assert doc_path(tmp_path, "linked.pdf") == docs / "linked.pdf"
    assert doc_path(tmp_path, "alias.pdf") == docs / "alias.pdf"
    assert doc_path(tmp_path, "missing.pdf") == docs / "missing.pdf"  # missing is open_pdf's to report
    doc, _repaired = open_pdf(doc_path(tmp_path, "linked.pdf"))
    assert doc.page_count == 1
    doc.close()


@pytest.mark.parametrize("doc_id", ["sub/a.pdf", "..", ".", "C:a.pdf"])
def test_doc_id_that_is_not_a_bare_file_name_is_refused(tmp_path, doc_id):
    with pytest.raises(DocumentError, match="refused"):
        doc_path(tmp_path, doc_id)


@settings(max_examples=200)
@given(st.text(alphabet=st.sampled_from(list("ab./\\:\x00 ")), max_size=8))
def test_a_doc_id_either_names_a_file_directly_in_documents_or_is_refused(doc_id):
    root = Path("/corpus")
    try:
        path = doc_path(root, doc_id)
    except DocumentError:
        return
    assert path.parent == root / "documents" and path.name == doc_id


# --------------------------------------------------------------------------- samples files


def _samples(tmp_path: Path, content: bytes | str) -> Path:
    p = tmp_path / "samples.json"
    p.write_bytes(content.encode() if isinstance(content, str) else content)
    return p


ROW = {"doc_id": "a.pdf", "question": "How many cats?", "answer": "Not answerable"}


@pytest.mark.parametrize(
    "content, type_, words",
    [
        ('[{"doc_id": "a.pdf",', "samples_not_json", "not JSON: Expecting"),
        (b"\xff\xfe\x00garbage", "samples_not_json", "not UTF-8"),
        ("[" * 100_000, "samples_not_json", "not JSON"),
        ('{"rows": []}', "samples_not_list", "expected a JSON list of rows, got object"),
    ],
)
def test_samples_file_unusable_as_a_whole(tmp_path, content, type_, words):
    path = _samples(tmp_path, content)
    with pytest.raises(InputError) as err:
        load_samples(path)
    assert err.value.record.type == type_ and words in str(err.value)
    assert str(err.value).startswith(str(path)) and "\n" not in str(err.value)


def test_missing_samples_file(tmp_path):
    with pytest.raises(InputError, match="samples file not found"):
        load_samples(tmp_path / "nope.json")


def test_bad_rows_are_reported_by_file_row_field_and_the_rest_load(tmp_path):
    rows = [
        ROW,
        {"doc_id": "a.pdf", "answer": "x"},  # no question
        dict(ROW, question="q2", answer={"value": 0}),  # an object where a string belongs
        "just a string",
        dict(ROW, question="q4", doc_id=None),
        dict(ROW, question="q5", extra={"ignored": True}),
    ]
    path = _samples(tmp_path, json.dumps(rows))
    samples = load_samples(path)
    assert [r.index for r in samples.rows] == [0, 5]
    lines = [e.line() for e in samples.errors]
    f = str(path)
    assert lines == [
        f"{f}:1:question: missing field (expected a string)",
        f"{f}:2:answer: wrong type: expected string, got object",
        f"{f}:3: expected a JSON object (a row), got string",
        f"{f}:4:doc_id: wrong type: expected string, got null",
    ]


@pytest.mark.parametrize(("answer", "text"), [(0, "0"), (0.0, "0.0"), ([], "[]"), (["3", "2"], '["3", "2"]'), (12, "12")])
def test_a_key_given_as_a_json_number_or_list_is_read_as_its_text(tmp_path, answer, text):
    """A benchmark that keys "there is none" as the JSON number 0 (or an empty list) has that row checked like "0"."""
    samples = load_samples(_samples(tmp_path, json.dumps([dict(ROW, answer=answer)])))
    assert not samples.errors and [r.answer for r in samples.rows] == [text]


def test_repeated_key_is_reported_and_both_rows_kept(tmp_path):
    path = _samples(tmp_path, json.dumps([ROW, dict(ROW, question=" How many  cats?")]))
    samples = load_samples(path)
    assert len(samples.rows) == 2
    assert [d.line() for d in samples.duplicates] == [
        f"{path}:1:question: repeats the (doc_id, question) of row 0 (whitespace normalised); both rows are kept"
    ]


# --------------------------------------------------------------------------- proposals


def test_malformed_proposal_is_a_located_error(tmp_path):
    from widening.commands.proposal import describe, load_file

    p = tmp_path / "bad.yaml"
    p.write_text("doc_id: a.pdf\nproposed_answer: 0\n")
    loaded = load_file(p)
    assert loaded.proposals == ()
    lines = [describe(e) for e in loaded.errors]
    assert any("question" in line and str(p) in line for line in lines)
    assert all("\n" not in line for line in lines)


# --------------------------------------------------------------------------- atomic output

_WRITER = """
import sys
from widening.runtime.atomic import write_bytes_atomic
print("ready", flush=True)
write_bytes_atomic(sys.argv[1], b"new" * (100 * 2**20))
"""


def test_a_write_killed_midway_leaves_the_old_file_whole(tmp_path):
    target = tmp_path / "audit.json"
    target.write_text('["old"]')
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(target)], stdout=subprocess.PIPE)
    assert proc.stdout.readline().strip() == b"ready"
    time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    data = target.read_bytes()
    assert data == b'["old"]' or data == b"new" * (100 * 2**20)


def test_a_failed_serialisation_leaves_no_file_and_no_temp(tmp_path):
    target = tmp_path / "audit.json"
    write_json_atomic(target, [{"ok": 1}])
    with pytest.raises(TypeError):
        write_json_atomic(target, [{"bad": object()}])
    assert json.loads(target.read_text()) == [{"ok": 1}]
    assert [p.name for p in tmp_path.iterdir()] == ["audit.json"]


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_deeply_nested_proposal_is_a_located_error(tmp_path, suffix):
    from widening.commands.proposal import load_file

    p = tmp_path / f"deep{suffix}"
    p.write_text("[" * 100_000)
    loaded = load_file(p)
    assert loaded.proposals == () and loaded.errors and loaded.errors[0].loc[0] == str(p)


# --------------------------------------------------------------------------- a whole run


def test_an_audit_with_one_truncated_pdf_still_writes_every_row(tmp_path, bad_pdfs):
    from widening.commands import report
    from widening.commands.audit import AuditOptions, audit_rows
    from widening.models import Row

    corpus = bad_pdfs["good"].parent.parent
    qs = ["What is the yellow italic text on page 2?", "What is the italic text on page 9?"]
    rows = [
        Row(doc_id=d, question=q, answer="Not answerable", index=i)
        for i, (d, q) in enumerate((d, q) for d in ("good.pdf", "truncated.pdf", "../outside.pdf") for q in qs)
    ]
    decisions = audit_rows(corpus, rows, AuditOptions(no_cache=True, use_checks=False, ocr=False), workers=1)
    json_path, _ = report.write(decisions, tmp_path / "out")
    records = json.loads(json_path.read_text())
    assert [(r["doc_id"], r["question"]) for r in records] == [(r.doc_id, r.question) for r in rows]
    assert all(r["decision"] == "keep" and r["case"] == "unverifiable" for r in records[2:])
    assert all("damaged" in r["reason"] for r in records[2:4])
    assert all("outside" in r["reason"] or "refused" in r["reason"] for r in records[4:])
    assert not any("damaged" in r["reason"] for r in records[:2])


def test_the_audit_command_names_each_unreadable_pdf_and_its_reason(tmp_path, bad_pdfs, capsys):
    # The summary table only counts "PDF unreadable"; a user must learn from the terminal which file
    # failed and why, while the audit still succeeds and keeps those rows.
    from widening.commands.cli import main

    corpus = bad_pdfs["good"].parent.parent
    rows = [{"doc_id": d, "question": "What is the italic text on page 2?", "answer": "Not answerable"}
            for d in ("good.pdf", "truncated.pdf", "truncated.pdf")]
    (corpus / "samples.json").write_text(json.dumps(rows))
    code = main(["audit", "--corpus", str(corpus), "--auto", "--no-cache", "--out", str(tmp_path / "out"), "-q"])
    err = capsys.readouterr().err
    assert code == 0
    named = [line for line in err.splitlines() if line.startswith("warning truncated.pdf:")]
    assert len(named) == 1 and "damaged" in named[0] and "2 row(s) kept as unverifiable" in named[0], err
    assert "good.pdf" not in err
