"""Document facts: page kinds, labels, printed folios (run detection), captions; real corpus truths."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.models import DocumentFacts, PageKind
from widening.text import to_roman


def build_pdf(
    path: Path,
    n: int,
    folio=lambda i: None,
    at: str = "bottom",
    header: str | None = None,
    body=lambda i: f"Body text of page {i}. Some words here.",
    spread=None,
) -> Path:
    """n pages (i is 1-based); folio(i) printed alone at the top or bottom; an optional constant running header."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 300), body(i), fontsize=11)
        if header:
            page.insert_text((72, 40), header, fontsize=9)
        f = folio(i)
        if f is not None:
            y = 60 if at == "top" else 810
            x = 290 if not spread else 60
            page.insert_text((x, y), str(f), fontsize=9)
        if spread and spread(i) is not None:
            page.insert_text((520, 810), str(spread(i)), fontsize=9)
    doc.save(path)
    doc.close()
    return path


def facts_of(path: Path, **kw) -> DocumentFacts:
    doc = load_doc(path, ocr=False, **kw)
    try:
        return doc.facts
    finally:
        doc.close()


def test_offset_folios_detected(tmp_path: Path) -> None:
    f = facts_of(build_pdf(tmp_path / "a.pdf", 12, folio=lambda i: i - 3 if i > 3 else None))
    assert [p.printed for p in f.pages] == [()] * 3 + [(str(i - 3),) for i in range(4, 13)]


def test_constant_header_numbers_are_furniture(tmp_path: Path) -> None:
    f = facts_of(build_pdf(tmp_path / "a.pdf", 10, folio=lambda i: i, header="VerDate Oct 09 2002   Jkt 000000   2004"))
    assert [p.printed for p in f.pages] == [(str(i),) for i in range(1, 11)]
    rejected = {c.text for p in f.pages for c in p.folio_candidates if not c.accepted}
    assert "2004" in rejected  # "2002" sits mid-line: never even a candidate


def test_no_folios_means_no_printed_reading(tmp_path: Path) -> None:
    f = facts_of(build_pdf(tmp_path / "a.pdf", 6, header="Annual report 2021"))
    assert all(p.printed == () for p in f.pages)


def test_roman_front_matter_then_arabic(tmp_path: Path) -> None:
    folio = lambda i: to_roman(i) if i <= 4 else i - 4  # noqa: E731
    f = facts_of(build_pdf(tmp_path / "a.pdf", 12, folio=folio, at="top"))
    assert f.page(2).printed == ("ii",)
    assert f.page(12).printed == ("8",)


def test_two_page_spread_carries_two_folios(tmp_path: Path) -> None:
    f = facts_of(build_pdf(tmp_path / "a.pdf", 8, folio=lambda i: 2 * i - 2 if i > 1 else None, spread=lambda i: 2 * i - 1 if i > 1 else None))
    assert set(f.page(4).printed) == {"6", "7"}


def test_page_labels(tmp_path: Path) -> None:
    path = build_pdf(tmp_path / "a.pdf", 6)
    doc = pymupdf.open(path)
    doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1}, {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 1}])
    doc.save(tmp_path / "b.pdf")
    f = facts_of(tmp_path / "b.pdf")
    assert [p.label for p in f.pages] == ["i", "ii", "1", "2", "3", "4"]


def test_captions_found_with_kind_and_number(tmp_path: Path) -> None:
    lines = {1: "Figure 10: A diagram.", 2: "Table1-1 Budget", 3: "TABLE A Land use", 4: "Fig. 4 Map", 5: "Chart 3: sales"}
    f = facts_of(build_pdf(tmp_path / "a.pdf", 5, body=lambda i: lines[i]))
    got = {(c.page, c.kind, c.number) for c in f.captions}
    assert got == {(1, "figure", "10"), (2, "table", "1-1"), (3, "table", "A"), (4, "figure", "4"), (5, "chart", "3")}
    assert all(c.bbox[2] > c.bbox[0] for c in f.captions)


def test_kinds_empty_image_only_and_ocr_switched_off(tmp_path: Path) -> None:
    doc = pymupdf.open()
    doc.new_page()  # blank
    page = doc.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 40), False)
    pix.set_rect(pix.irect, (200, 30, 30))
    page.insert_image(page.rect, pixmap=pix)
    doc.save(tmp_path / "k.pdf")
    f = facts_of(tmp_path / "k.pdf")
    assert f.page(1).kind is PageKind.empty
    p2 = f.page(2)
    assert p2.kind is PageKind.image_only and p2.image_count == 1
    # Not measured must not look like measured-empty: the page says why it has no text.
    assert p2.text_source == "none" and p2.ocr_error


def test_facts_json_round_trip(tmp_path: Path) -> None:
    f = facts_of(build_pdf(tmp_path / "a.pdf", 5, folio=lambda i: i))
    again = DocumentFacts.model_validate(json.loads(f.model_dump_json()))
    assert again == f


@settings(deadline=None, max_examples=15)
@given(
    n=st.integers(4, 14),
    offset=st.integers(-3, 40),
    at=st.sampled_from(["top", "bottom"]),
    noise=st.integers(1, 3000),
)
def test_folio_run_detection_property(tmp_path_factory, n: int, offset: int, at: str, noise: int) -> None:
    """Folios value = index + offset are found on every page that prints one; a constant number never is."""
    path = tmp_path_factory.mktemp("f") / "p.pdf"
    folio = lambda i: i + offset if i + offset >= 1 else None  # noqa: E731
    f = facts_of(build_pdf(path, n, folio=folio, at=at, header=f"Volume {noise}"))
    expect = [(str(folio(i)),) if folio(i) is not None else () for i in range(1, n + 1)]
    if sum(1 for e in expect if e) < 2:
        return
    assert [p.printed for p in f.pages] == expect


# --------------------------------------------------------------------------- real corpus


def _corpus_facts(corpus: Path, name: str) -> DocumentFacts:
    path = corpus / "documents" / name
    if not path.is_file():
        pytest.skip(f"{name} not in the corpus")
    return facts_of(path)


def test_hearing_prints_9_on_pdf_page_13(corpus: Path) -> None:
    f = _corpus_facts(corpus, "e639029d16094ea71d964e2fb953952b.pdf")
    assert "9" in f.page(13).printed
    assert [p.index for p in f.pages if "9" in p.printed] == [13]
    assert not any("2002" in p.printed or "2004" in p.printed for p in f.pages)
    top9 = [c for c in f.page(13).folio_candidates if c.accepted and c.value == 9]
    assert top9 and top9[0].band == "top"


def test_report_folios_offset_3(corpus: Path) -> None:
    f = _corpus_facts(corpus, "e79deb02a0c0e87511080836c5d4347b.pdf")
    assert f.page(10).printed == ("7",) and f.page(14).printed == ("11",)


def test_manual_page_50(corpus: Path) -> None:
    f = _corpus_facts(corpus, "User_Manual_1500S_Classic_EN.pdf")
    assert "50" in f.page(50).printed


def test_acl_labels_start_at_6981(corpus: Path) -> None:
    f = _corpus_facts(corpus, "2023.acl-long.386.pdf")
    assert f.page(1).label == "6981" and f.page(5).label == "6985"


def test_obs_roman_front_matter(corpus: Path) -> None:
    f = _corpus_facts(corpus, "obs-productdesc-en.pdf")
    assert f.page(12).label == "8" and f.page(2).label == "i"
    assert f.page(12).printed == ("8",)


def test_brochure_spread_carries_4_and_5(corpus: Path) -> None:
    f = _corpus_facts(corpus, "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf")
    assert {"4", "5"} <= set(f.page(4).printed)


def test_scanned_pages_classified(corpus: Path) -> None:
    f = _corpus_facts(corpus, "fd76bbefe469561966e5387aa709c482.pdf")
    # Every page is a scan: its text layer is OCR (one page carries so little that it is read as image only).
    assert all(p.kind in (PageKind.scanned_ocr, PageKind.image_only) for p in f.pages)
    assert sum(p.kind is PageKind.scanned_ocr for p in f.pages) >= 15


def test_raster_slide_is_image_only(corpus: Path) -> None:
    f = _corpus_facts(corpus, "earthlinkweb-150213112111-conversion-gate02_95.pdf")
    assert f.page(42).kind is PageKind.image_only
