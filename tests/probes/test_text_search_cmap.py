"""A font whose character map names one glyph wrongly: the page prints the word, the text layer
misspells it ("KanJaroo" for "Kangaroo"). text_search must not call that page empty."""

from __future__ import annotations

import re
from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

WORDS = ["Kangaroo", "Platypus", "Wombat", "Echidna", "Cassowary", "Dingoes"]


def _misnamed(path: Path, words: list[str], word: str, at: int, as_letter: str) -> Path:
    """One page printing ``words`` in DejaVu Sans, whose ToUnicode map says ``as_letter`` for the glyph of
    ``word[at]`` (every occurrence of that glyph on the page)."""
    doc = pymupdf.new_doc() if hasattr(pymupdf, "new_doc") else pymupdf.open()
    page = doc.new_page()
    y = 90.0
    for w in words:
        page.insert_text((72, y), f"The {w} crossed the road.", fontsize=14, fontname="dv", fontfile=str(pdfs.DEJAVU_SANS))
        y += 30
    raw = doc.tobytes()
    doc = pymupdf.open("pdf", raw)
    target = ord(word[at])
    for xref in range(1, doc.xref_length()):
        stream = doc.xref_stream(xref) if doc.xref_is_stream(xref) else None
        if not stream or b"beginbfrange" not in stream:
            continue
        text = stream.decode("latin-1")
        m = re.search(r"(\d+) beginbfrange\n(.*?)endbfrange", text, re.S)
        assert m, text[:300]
        out = []
        for a, b, c in re.findall(r"<([0-9a-fA-F]+)> <([0-9a-fA-F]+)> <([0-9a-fA-F]+)>", m.group(2)):
            a, b, c = int(a, 16), int(b, 16), int(c, 16)
            if c <= target <= c + (b - a):
                code = a + target - c
                parts = [(a, code - 1, c), (code, code, ord(as_letter)), (code + 1, b, target + 1)]
                out += [p for p in parts if p[0] <= p[1]]
            else:
                out.append((a, b, c))
        body = "".join(f"<{a:04x}> <{b:04x}> <{c:04x}>\n" for a, b, c in out)
        text = text[: m.start()] + f"{len(out)} beginbfrange\n{body}endbfrange" + text[m.end():]
        doc.update_stream(xref, text.encode("latin-1"))
    doc.save(path)
    return path


def _search(path: Path, text: str):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe("text_search", doc, Scope(pages=(1,)), {"text": text})
    finally:
        doc.close()


@pdfs.needs_dejavu
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.sampled_from(WORDS), data=st.data())
def test_a_word_the_layer_misspells_by_one_glyph_is_a_doubt_never_nothing(tmp_path, word, data):
    at = data.draw(st.integers(0, len(word) - 1), label="glyph")
    letter = data.draw(st.sampled_from([c for c in "JQXZqxz" if c.lower() != word[at].lower()]), label="said as")
    pdf = _misnamed(tmp_path / "p.pdf", [word, "bandicoot"], word, at, letter)
    layer = pymupdf.open(pdf)[0].get_text()
    assert word not in layer  # the layer misspells it
    res = _search(pdf, word)
    assert not res.members
    assert res.doubts and all(d.page == 1 for d in res.doubts), res
    assert any("character map" in (d.why or "") for d in res.doubts)


@pdfs.needs_dejavu
def test_a_word_printed_nowhere_is_still_measured_zero(tmp_path):
    # Control: the misnamed glyph does not make an unrelated absent word doubtful.
    pdf = _misnamed(tmp_path / "p.pdf", ["Kangaroo", "bandicoot"], "Kangaroo", 3, "J")
    res = _search(pdf, "Quokka")
    assert not res.members and not res.doubts
    assert _search(pdf, "bandicoot").members  # and a word the map names right is a member
