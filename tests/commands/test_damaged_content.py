"""A page whose content MuPDF could not read whole is never measured: its rows are kept, never widened.

MuPDF goes on past a corrupt stream or a syntax error in a page's content and shows the page without
what came after it; the xref is intact, so nothing is "repaired". The text after the damage is in the
file and a reader's viewer may well show it, so a probe that finds nothing there has measured nothing.
Every PDF here is written byte by byte: three pages, page 2 holds golden italic words after the damage.
"""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.commands.audit import AuditOptions, DocJob, decide_document
from widening.errors import DocumentError
from widening.facts.cache import load_doc_cached
from widening.models import Row

QUESTION = "What is the yellow color italic texts in page 2?"
FONTS = b"/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> /F2 << /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >> >>"
YELLOW = b"BT 1 0.85 0 rg /F2 11 Tf 40 300 Td (golden words) Tj ET\n"


def plain(n: int) -> bytes:
    return b"BT /F1 11 Tf 40 340 Td (Body text of page %d.) Tj ET\n" % n


def stream(data: bytes, filtered: bool = False) -> bytes:
    extra = b" /Filter /FlateDecode" if filtered else b""
    return b"<< /Length %d%s >>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def three_pages(page2: bytes, more: tuple[bytes, ...] = (), xobjects: bytes = b"") -> bytes:
    """Catalog, pages, three pages (page 2's content object is ``page2``), then ``more`` from object 9 on."""
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>"]
    for i in range(3):
        res = FONTS + (xobjects if i == 1 else b"")
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Resources << %s >> /Contents %d 0 R >>" % (res, 6 + i))
    objs += [stream(plain(1)), page2, stream(plain(3)), *more]
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


def corrupt_flate() -> bytes:
    good = zlib.compress(plain(2) + b"q Q\n" * 2000 + YELLOW)
    return three_pages(stream(good[:40] + bytes(b ^ 0x55 for b in good[40:60]) + good[60:], filtered=True))


def cut_flate() -> bytes:
    good = zlib.compress(plain(2) + b"q Q\n" * 2000 + YELLOW)
    return three_pages(stream(good[: len(good) // 2], filtered=True))


def unclosed_string() -> bytes:
    return three_pages(stream(plain(2) + b"<< /A [ ( >> ] } { \n" + YELLOW))


def deep_forms(depth: int = 200) -> bytes:
    """Page 2 draws a chain of ``depth`` nested forms, the innermost holding the words: past MuPDF's nesting limit."""
    chain = []
    for k in range(depth):
        inner, res = (b"/Fx Do\n", b"<< /XObject << /Fx %d 0 R >> >>" % (10 + k)) if k < depth - 1 else (YELLOW, b"<< %s >>" % FONTS)
        chain.append(b"<< /Type /XObject /Subtype /Form /BBox [0 0 300 400] /Resources %s /Length %d >>\nstream\n" % (res, len(inner))
                     + inner + b"\nendstream")
    return three_pages(stream(plain(2) + b"/Fx Do\n"), more=tuple(chain), xobjects=b" /XObject << /Fx 9 0 R >>")


DAMAGED = {"corrupt_flate": corrupt_flate, "cut_flate": cut_flate, "unclosed_string": unclosed_string, "deep_forms": deep_forms}
CONTROLS = {
    "styled": lambda: three_pages(stream(plain(2) + YELLOW)),
    "extra_restores": lambda: three_pages(stream(plain(2) + b"Q Q Q\n" + YELLOW)),  # MuPDF warns, loses nothing
    "plain": lambda: three_pages(stream(plain(2))),
}


def decide(tmp_path: Path, name: str, data: bytes):
    docs = tmp_path / "documents"
    docs.mkdir(exist_ok=True)
    (docs / f"{name}.pdf").write_bytes(data)
    job = DocJob(corpus=str(tmp_path), doc_id=f"{name}.pdf", options=AuditOptions(no_cache=True, use_checks=False, ocr=False),
                 rows=(Row(doc_id=f"{name}.pdf", question=QUESTION, answer="Not answerable", index=0),))
    [d] = decide_document(job)
    return d


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_page_read_only_in_part_is_refused_with_one_line(tmp_path, name):
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(DAMAGED[name]())
    with pytest.raises(DocumentError) as err:
        load_doc_cached(path, None, ocr=False)
    assert err.value.record.type == "pdf_damaged"
    line = str(err.value)
    assert "\n" not in line and line.startswith(str(path)) and "page 2" in line


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_row_on_a_damaged_page_is_kept_unverifiable_never_widened(tmp_path, name):
    d = decide(tmp_path, name, DAMAGED[name]())
    assert (d.decision, d.case) == ("keep", "unverifiable") and d.error and "page 2" in d.error


@pytest.mark.parametrize("name, expected", [("styled", ("keep", "short_not_empty")), ("extra_restores", ("keep", "short_not_empty")),
                                            ("plain", ("widen", None))])
def test_undamaged_controls_are_still_decided(tmp_path, name, expected):
    d = decide(tmp_path, name, CONTROLS[name]())
    assert (d.decision, d.case) == expected and d.error is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(opener=st.sampled_from([b"(", b"[", b"<<", b"<", b"{", b"]", b">>", b"/A ("]), at_end=st.booleans(),
       junk=st.binary(max_size=6).filter(lambda b: b")" not in b))
def test_garbage_before_the_words_either_refuses_the_file_or_keeps_the_words(tmp_path, opener, at_end, junk):
    """Whatever MuPDF makes of an unbalanced token: the words are read, or the file is refused. Never silence."""
    content = plain(2) + (junk + b" " + opener + b"\n" + YELLOW if not at_end else YELLOW + junk + b" " + opener + b"\n")
    path = tmp_path / "g.pdf"
    path.write_bytes(three_pages(stream(content)))
    try:
        doc = load_doc_cached(path, None, ocr=False)
    except DocumentError as exc:
        assert exc.record.type == "pdf_damaged"
        return
    try:
        assert "golden words" in doc.facts.pages[1].text
    finally:
        doc.close()


def test_probe_by_hand_says_a_repaired_pdf_cannot_be_measured(tmp_path, capsys):
    """``widening probe`` on a truncated copy MuPDF repaired said "measured" and listed what survived."""
    import pymupdf

    from widening.commands.cli import main

    doc = pymupdf.open()
    for i in range(5):
        doc.new_page().insert_text((72, 72), f"page {i + 1}: the quick brown fox " * 3)
    doc[3].insert_text((72, 200), "golden words", fontname="tiit", fontsize=11, color=(1, 0.85, 0))
    data = doc.tobytes()
    path = tmp_path / "cut.pdf"
    path.write_bytes(data[: len(data) * 6 // 10])
    assert pymupdf.open(path).is_repaired  # the premise: MuPDF opens it by repairing it
    assert main(["probe", str(path), "--page", "4", "--kind", "text_style"]) == 2
    err = capsys.readouterr().err
    assert "damaged" in err and "measured" not in err
