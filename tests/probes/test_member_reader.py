"""What read a member is a typed field (``Member.reader``), not a word in its description.

Whether a member rests on what OCR read decided whether it may call a zero key wrong, and it was told by
searching the member's description for "OCR". A probe that read OCR's words and described them otherwise
(a phone number or a caption read from an OCR'd page, a scan's invisible OCR layer) made OCR's reading
count as certain. Every text-reading probe now says what read each member: on a page that is one raster
picture with words in its pixels (real OCR), on a text-layer page whose picture holds the words, and on
the same words in a text layer."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pdfs
from widening.engine import zeros
from widening.facts.extract import load_doc
from widening.models import Member, Reader
from widening.probes import Scope, run_probe

LINES = ("Figure 3: Harbour revenue by quarter", "Call the harbour desk on +44 20 7946 0123",
         "or write to desk@harbour-trust.org", "Watch it on youtube.com/watch?v=abc12 harbour revenue")


def _draw(page: pymupdf.Page, lines: tuple[str, ...], x: float = 60, y: float = 120, size: float = 16) -> None:
    for line in lines:
        page.insert_text((x, y), line, fontsize=size, fontname="helv")
        y += 2.5 * size


def _picture(lines: tuple[str, ...], width: float, height: float, size: float = 16) -> pymupdf.Pixmap:
    """``lines`` drawn into the pixels of a picture ``width`` x ``height`` pt, 2 px a point."""
    src = pymupdf.open()
    page = src.new_page(width=width, height=height)
    _draw(page, lines, 20, 30, size)
    pix = page.get_pixmap(matrix=pymupdf.Matrix(2, 2))
    src.close()
    return pix


def build(path: Path, how: str) -> Path:
    """One page holding LINES: as one raster picture of the whole page ("raster", an OCR'd page), as a
    picture on a text-layer page ("picture") or in the text layer ("text")."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    if how == "raster":
        page.insert_image(page.rect, pixmap=_picture(LINES, 595, 842))
    elif how == "picture":
        page.insert_text((60, 60), "Quarterly report of the harbour trust.", fontsize=11)
        page.insert_image(pymupdf.Rect(40, 100, 555, 300), pixmap=_picture(LINES, 515, 200))
    else:
        _draw(page, LINES)
    doc.save(path)
    return path


SPECS = [
    ("text_search", {"text": "harbour revenue"}),
    ("name_mentions", {"variants": ["harbour desk"], "pictures": True}),
    ("text_pattern", {"pattern": "phone"}),
    ("text_pattern", {"pattern": "email"}),
    ("captions", {"kind": "figure", "number": "3"}),
    ("mentions", {"item": "youtube", "topic": ["harbour", "revenue"]}),
]


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory):
    base = tmp_path_factory.mktemp("reader")
    out = {how: load_doc(build(base / f"{how}.pdf", how), ocr=how == "raster") for how in ("raster", "picture", "text")}
    assert out["raster"].facts.page(1).text_source == "ocr" and out["text"].facts.page(1).text_source == "layer"
    yield out
    for d in out.values():
        d.close()


def _found(doc, name: str, params: dict) -> list[Member]:
    r = run_probe(name, doc, Scope(pages=(1,)), params)
    return [*r.members, *r.doubts]


@pytest.mark.parametrize("name,params", SPECS, ids=[f"{n}-{'-'.join(map(str, p.values()))[:20]}" for n, p in SPECS])
def test_what_ocr_read_says_so_and_the_text_layer_says_so(docs, name: str, params: dict) -> None:
    ocr = _found(docs["raster"], name, params)
    layer = _found(docs["text"], name, params)
    assert ocr and layer, (ocr, layer)
    assert all(m.reader is Reader.ocr and zeros.read_by_ocr(m) for m in ocr), [(m.what, m.reader) for m in ocr]
    assert all(m.reader is Reader.text_layer and not zeros.read_by_ocr(m) for m in layer), [(m.what, m.reader) for m in layer]


# Words OCR reads inside a picture of a text-layer page (picture_words); the page's own line holds none of them.
PICTURE_SPECS = [spec for spec in SPECS if spec[0] != "mentions"]


@pytest.mark.parametrize("name,params", PICTURE_SPECS, ids=[f"{n}-{'-'.join(map(str, p.values()))[:20]}" for n, p in PICTURE_SPECS])
def test_words_in_a_picture_of_a_text_layer_page_are_read_by_ocr(docs, name: str, params: dict) -> None:
    found = _found(docs["picture"], name, params)
    assert found, name
    assert all(m.reader is Reader.ocr and zeros.read_by_ocr(m) for m in found), [(m.what, m.reader) for m in found]


def test_a_number_read_inside_a_picture_by_table_values_is_read_by_ocr(tmp_path: Path) -> None:
    """A table in the text layer whose cells do not pass, and a picture of a table whose number does."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    pdfs.table(page, (72, 90), ["Port", "Revenue"], [["North", "12"], ["South", "15"]])
    page.insert_image(pymupdf.Rect(60, 300, 460, 420), pixmap=_picture(("Port  Revenue", "East  4800"), 400, 120, size=20))
    doc.save(tmp_path / "t.pdf")
    r = pdfs.probe(tmp_path / "t.pdf", "table_values", {"column": "Revenue", "op": ">", "value": 100})
    pictured = [m for m in r.doubts if m.bbox[1] >= 295]
    assert not r.members and pictured, r
    assert all(m.reader is Reader.ocr for m in pictured), [(m.what, m.reader) for m in pictured]


_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)


@given(_text, st.sampled_from(list(Reader)))
def test_the_reader_decides_not_the_description(what: str, reader: Reader) -> None:
    """Whatever the description says ("OCR" in it or not), a member's reader says whether OCR read it."""
    m = Member(page=1, bbox=(0, 0, 1, 1), what=what, reader=reader)
    assert zeros.read_by_ocr(m) is (reader is Reader.ocr)
    assert (zeros.certain_members([m]) == []) is (reader is Reader.ocr)
