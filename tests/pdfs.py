"""A small fixture factory: PDFs built with PyMuPDF at test time (styled text, rules, images, tables, charts)."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

import pymupdf

RGB = tuple[float, float, float]
BLACK: RGB = (0, 0, 0)


def new_doc(pages: int = 1, width: float = 612, height: float = 792) -> pymupdf.Document:
    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page(width=width, height=height)
    return doc


def save(doc: pymupdf.Document, path: Path) -> Path:
    doc.save(path)
    doc.close()
    return path


def text(page: pymupdf.Page, at: tuple[float, float], s: str, font: str = "helv", size: float = 11, colour: RGB = BLACK, render_mode: int = 0) -> None:
    """Base-14 fonts: helv, hebo (bold), heit (oblique), tiro, tiit (Times-Italic), cour."""
    page.insert_text(at, s, fontname=font, fontsize=size, color=colour, render_mode=render_mode)


def sheared_text(page: pymupdf.Page, at: tuple[float, float], s: str, size: float = 11) -> None:
    """Upright font with a skewed matrix: italic only by geometry (pitfall 3)."""
    page.insert_text(at, s, fontname="helv", fontsize=size, morph=(pymupdf.Point(*at), pymupdf.Matrix(1, 0, -0.3, 1, 0, 0)))


def underline(page: pymupdf.Page, at: tuple[float, float], length: float) -> None:
    """A drawn thin line just under a baseline at ``at``."""
    x, y = at
    page.draw_line((x, y + 1.5), (x + length, y + 1.5), color=BLACK, width=0.7)


def rule(page: pymupdf.Page, y: float, x0: float = 72, x1: float = 540) -> None:
    page.draw_line((x0, y), (x1, y), color=BLACK, width=0.5)


def image(page: pymupdf.Page, rect: Sequence[float], colour: tuple[int, int, int] = (200, 30, 30), px: tuple[int, int] = (40, 30)) -> None:
    """A solid-colour raster image placed at ``rect``."""
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, *px), False)
    pix.set_rect(pix.irect, colour)
    page.insert_image(pymupdf.Rect(*rect), pixmap=pix, keep_proportion=False)


def table(page: pymupdf.Page, origin: tuple[float, float], header: Sequence[str], rows: Iterable[Sequence[str]], col_w: float = 110, row_h: float = 18, ruled: bool = True) -> pymupdf.Rect:
    """A text table with optional rulings; returns its rectangle."""
    x0, y0 = origin
    rows = list(rows)
    for j, h in enumerate(header):
        text(page, (x0 + j * col_w + 4, y0 + row_h - 5), h, font="hebo", size=9)
    for i, row in enumerate(rows, start=1):
        for j, cell in enumerate(row):
            text(page, (x0 + j * col_w + 4, y0 + (i + 1) * row_h - 5), cell, size=9)
    rect = pymupdf.Rect(x0, y0, x0 + len(header) * col_w, y0 + (len(rows) + 1) * row_h)
    if ruled:
        for i in range(len(rows) + 2):
            page.draw_line((rect.x0, y0 + i * row_h), (rect.x1, y0 + i * row_h), width=0.5)
        for j in range(len(header) + 1):
            page.draw_line((x0 + j * col_w, rect.y0), (x0 + j * col_w, rect.y1), width=0.5)
    return rect


def bar_chart(page: pymupdf.Page, origin: tuple[float, float], values: Sequence[float], colours: Sequence[RGB], bar_w: float = 14, scale: float = 2.0) -> pymupdf.Rect:
    """Vertical bars on an axis with a diagonal tick: vector art a reader calls a chart."""
    x0, base = origin
    rect = pymupdf.Rect(x0, base - max(values) * scale - 5, x0 + len(values) * (bar_w + 8) + 10, base)
    page.draw_line((x0, base), (rect.x1, base), width=0.8)
    page.draw_line((x0, base), (x0, rect.y0), width=0.8)
    for i, (v, c) in enumerate(zip(values, colours)):
        bx = x0 + 8 + i * (bar_w + 8)
        page.draw_rect(pymupdf.Rect(bx, base - v * scale, bx + bar_w, base), color=None, fill=c)
    page.draw_line((x0, base), (x0 + 20, base - 20), width=0.5)  # a trend stroke
    return rect


def body_text_pdf(path: Path, yellow_italic_on_2: bool) -> None:
    """Three pages of body text; with ``yellow_italic_on_2``, golden italic words on page 2."""
    doc = pymupdf.open()
    for i in range(3):
        page = doc.new_page(width=300, height=400)
        page.insert_text((40, 60), f"Body text of page {i + 1}.", fontsize=11)
    if yellow_italic_on_2:
        doc[1].insert_text((40, 100), "golden words", fontname="tiit", fontsize=11, color=(1, 0.85, 0))
    doc.save(path)
    doc.close()


def plain_text_pages(pages: int = 3) -> pymupdf.Document:
    """Letter-size pages of plain text, each with its number printed as a folio at the foot."""
    doc = pymupdf.open()
    for n in range(1, pages + 1):
        page = doc.new_page()
        page.insert_text((72, 72), f"Plain text on page {n}.", fontsize=12)
        page.insert_text((300, 800), str(n), fontsize=9)
    return doc


def open_corpus_doc(path: Path, ocr: bool = False):
    """A corpus PDF with its facts and slow readings (OCR of margins and pictures) kept in the run's
    cache, ``$WIDENING_CACHE`` (tests/conftest.py gives each run its own): made once per run."""
    from widening.facts.cache import Cache, default_cache_dir, load_doc_cached

    cache = Cache(default_cache_dir())
    doc = load_doc_cached(path, cache, ocr=ocr)
    doc.store = cache
    return doc


def decide(pdf: Path, question: str, ocr: bool = False, key: str = "Not answerable"):
    """The engine's decision on ``question``, keyed ``key`` (Not answerable), against the built ``pdf``."""
    from widening.engine.decide import decide_row
    from widening.facts.extract import load_doc
    from widening.models import Row

    doc = load_doc(pdf, ocr=ocr)
    try:
        return decide_row(Row(doc_id=pdf.name, question=question, answer=key), doc)
    finally:
        doc.close()


def probe(pdf: Path, name: str, params: dict, pages: tuple[int, ...] = (1,)):
    """Probe ``name`` run with ``params`` on ``pages`` of the built ``pdf`` (no OCR of image-only pages)."""
    from widening.facts.extract import load_doc
    from widening.probes import Scope, run_probe

    doc = load_doc(pdf, ocr=False)
    try:
        return run_probe(name, doc, Scope(pages=pages), params)
    finally:
        doc.close()


def zero_verdict(pdf: Path, question: str, key: str = "0"):
    """(decision, verdict on its key) for ``question`` keyed ``key`` (a zero key) against the built ``pdf``."""
    from widening.engine.zeros import verdict

    d = decide(pdf, question, key=key)
    return d, verdict(d)


def report_line(path: Path, line: str, at_page: int, n: int = 3, filler: str = "The survey was run online in the spring.") -> Path:
    """``n`` small report pages, each with a heading; page ``at_page`` prints ``line``, the others ``filler``."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=420, height=300)
        page.insert_text((30, 50), f"Survey report {i}", fontsize=13)
        page.insert_text((30, 80), line if i == at_page else filler, fontsize=11)
    doc.save(path)
    doc.close()
    return path


def raw_page(path: Path, content: str, fonts: dict[str, str] | None = None, extra_res: str = "", streams: dict | None = None) -> Path:
    """One letter-size page drawn by ``content``, a raw content stream: Type1 base ``fonts`` by
    resource name, ``streams`` (name -> (dictionary, stream)) whose xrefs ``extra_res`` names as {name}."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    refs = []
    for name, base in (fonts or {"F1": "Helvetica"}).items():
        x = doc.get_new_xref()
        doc.update_object(x, f"<< /Type /Font /Subtype /Type1 /BaseFont /{base} /Encoding /WinAnsiEncoding >>")
        refs.append(f"/{name} {x} 0 R")
    made = {}
    for name, (head, body) in (streams or {}).items():
        x = doc.get_new_xref()
        doc.update_object(x, head)
        doc.update_stream(x, body.encode(), new=True)
        made[name] = x
    rx = doc.get_new_xref()
    doc.update_object(rx, f"<< /Font << {' '.join(refs)} >> {extra_res.format(**made)} >>")
    doc.xref_set_key(page.xref, "Resources", f"{rx} 0 R")
    cx = doc.get_new_xref()
    doc.update_object(cx, "<< >>")
    doc.update_stream(cx, content.encode(), new=True)
    doc.xref_set_key(page.xref, "Contents", f"{cx} 0 R")
    return save(doc, path)


def picture_pixels(pdf: Path, xref: int) -> "np.ndarray":
    """The RGB pixels of the picture ``xref`` of ``pdf`` (a corpus photo to build test pages from)."""
    import numpy as np

    src = pymupdf.open(pdf)
    pix = pymupdf.Pixmap(src, xref)
    if pix.n != 3 or pix.alpha:
        pix = pymupdf.Pixmap(pymupdf.csRGB, pix, 0)
    rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3).copy()
    src.close()
    return rgb


DEJAVU_SANS = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def needs_dejavu(test):
    """Skip ``test`` where DejaVuSans (a font with Cyrillic, Greek and format characters) is not installed."""
    import pytest

    return pytest.mark.skipif(not DEJAVU_SANS.exists(), reason="needs DejaVuSans (a font with Cyrillic, Greek and format characters)")(test)


def photo(seed: int) -> pymupdf.Pixmap:
    """A textured photograph (a gradient with noise): no decoration rule can take it for a flat band."""
    import numpy as np

    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:100, 0:150]
    a = np.stack([x * 255 // 150, y * 255 // 100, (x + y) * 127 // 250 + rng.integers(0, 60, (100, 150))], -1)
    return pymupdf.Pixmap(pymupdf.csRGB, 150, 100, a.clip(0, 255).astype(np.uint8).tobytes(), False)


def look_alikes() -> dict[str, list[str]]:
    """Each Latin letter and the letters of other scripts that look like it (rules/mentions.yaml)."""
    from widening import rulebook

    out: dict[str, list[str]] = {}
    for other, latin in rulebook.load("mentions")["names"]["look_alikes"].items():
        out.setdefault(str(latin), []).append(str(other))
    return out


def reversed_text(page: pymupdf.Page, at: tuple[float, float], s: str, size: float = 11) -> None:
    """``s`` drawn glyph by glyph from its last letter to its first, each in its place: right to left in the
    content stream, left to right on the page."""
    x, y = at
    placed = []
    for c in s:
        placed.append((x, c))
        x += pymupdf.get_text_length(c, "helv", size)
    for x, c in reversed(placed):
        text(page, (x, y), c, size=size)


def report_pages(path: Path, n: int, photos: dict[int, str] | Iterable[int] = (), charts: dict[int, tuple] | None = None,
                 styled: dict[int, str] | None = None, chart_y: float = 500) -> Path:
    """``n`` pages of a report (a heading, body text, a folio each); ``photos``: pages with a photograph (or
    page -> "top" / "middle" / "bottom"); ``charts``: page -> (colour, caption), a bar chart at ``chart_y``;
    ``styled``: page -> a Base-14 font the key words of that page are set in."""
    placed = photos if isinstance(photos, dict) else {i: "middle" for i in photos}
    doc = pymupdf.open()
    for i in range(1, n + 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((72, 60), f"Section {i}: programme review", fontsize=16)
        for k in range(5):
            p.insert_text((72, 90 + 14 * k), "The committee reviewed the annual programme and noted steady progress.", fontsize=10)
        if i in placed:
            y = {"top": 40, "middle": 300, "bottom": 600}[placed[i]]
            p.insert_image(pymupdf.Rect(200, y, 420, y + 150), pixmap=photo(i))
        if charts and i in charts:
            colour, caption = charts[i]
            bar_chart(p, (150, chart_y), (60, 40, 50, 25), [colour] * 4, bar_w=30)
            p.insert_text((150, chart_y + 30), caption, fontsize=10)
        if styled and i in styled:
            p.insert_text((72, 400), "Key terms are set in a different face:", fontsize=11)
            p.insert_text((72, 420), "quorum, tender, mandate", fontsize=11, fontname=styled[i])
        p.insert_text((290, 820), str(i), fontsize=9)
    return save(doc, path)


def png_bytes(rgb: "np.ndarray") -> bytes:
    """``rgb`` (height x width x 3, uint8) as PNG bytes, to place as a picture."""
    import numpy as np

    a = np.ascontiguousarray(rgb)
    return pymupdf.Pixmap(pymupdf.csRGB, a.shape[1], a.shape[0], a.tobytes(), False).tobytes("png")


# The corpus street photo (PDF p2 of this document, picture xref 5): three cars, detected at 0.62-0.76 upright.
STREET = "8e7c4cb542ad160f80fb3d795ada35d8.pdf"
STREET_XREF = 5


def two_cars(corpus: Path) -> "np.ndarray":
    """The lower left of the corpus street photo: a parked car whole and a large car, 324 x 156 px."""
    rgb = picture_pixels(corpus / "documents" / STREET, STREET_XREF)
    h, w = rgb.shape[:2]
    return rgb[int(h * 0.62):, : int(w * 0.6)].copy()


def list_counts(pdf: Path, question: str) -> list:
    """How the engine counts the items of each ordinal sub-container ``question`` names ("the fifth FAQ") in ``pdf``."""
    from widening.engine.containers import resolve
    from widening.engine.lists import resolve_list
    from widening.facts.extract import load_doc
    from widening.question.parse import parse_question

    doc = load_doc(pdf, ocr=False)
    try:
        p = parse_question(question)
        parents = [resolve(c, doc) for c in p.containers]
        return [resolve_list(c, doc, parents) for c in p.sub_containers]
    finally:
        doc.close()


def faq_deck(path: Path, faqs: list, after: str = "Registering") -> Path:
    """A slide deck: a title slide, an FAQ divider, one slide per FAQ entry (a question, or its lines), a divider
    ``after`` of the next section and one more slide."""
    doc = pymupdf.open()
    slides = [["Welcome to the course", "Agenda: topics, FAQ, registering"], ["Frequently Asked Questions"]]
    slides += [q if isinstance(q, list) else [q, "The answer is given here in a full sentence."] for q in faqs]
    slides += [[after], ["How do I pass?", "By studying."]]
    for lines in slides:
        page = doc.new_page(width=720, height=540)
        for k, line in enumerate(lines):
            page.insert_text((40, 80 + 60 * k), line, fontsize=18)
    return save(doc, path)


def map_key(doc: pymupdf.Document) -> pymupdf.Page:
    """A guidebook's map key page (pictograms in ZapfDingbats): Eating, with "2 Joe's Diner", then Sleeping."""
    page = doc.new_page(width=420, height=600)
    page.insert_text((40, 60), "a", fontname="zadb", fontsize=9)
    page.insert_text((52, 60), "Eating", fontname="hebo", fontsize=10)
    page.insert_text((52, 75), "2", fontname="hebo", fontsize=9)
    page.insert_text((60, 75), "Joe's Diner..........B2", fontname="helv", fontsize=9)
    page.insert_text((40, 110), "b", fontname="zadb", fontsize=9)
    page.insert_text((52, 110), "Sleeping", fontname="hebo", fontsize=10)
    return page


def _identity_ucs(pairs: dict[int, int]) -> bytes:
    """A ToUnicode CMap naming each two-byte code ``g`` as the character ``pairs[g]``."""
    body = "".join(f"<{g:04x}> <{u:04x}>\n" for g, u in sorted(pairs.items()))
    return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            "/CIDSystemInfo <</Registry(Adobe)/Ordering(UCS)/Supplement 0>> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            f"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n{len(pairs)} beginbfchar\n{body}endbfchar\n"
            "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n").encode()


def recoded_page(path: Path, lines: list[str], code_of) -> Path:
    """Page 2 of three prints ``lines`` in an embedded Helvetica whose ToUnicode map says ``code_of(glyph, char)`` for each
    glyph it uses (a font's map naming its glyphs wrongly); pages 1 and 3 carry ordinary text."""
    helv = pymupdf.Font("helv")
    doc = new_doc(3)
    for k, page in enumerate(doc):
        text(page, (72, 100), f"Annual report body text, section {k + 1}.")
    writer = pymupdf.TextWriter(doc[1].rect)
    for i, line in enumerate(lines):
        writer.append((72, 200 + 30 * i), line, font=helv, fontsize=16)
    writer.write_text(doc[1])
    xref = next(f[0] for f in doc[1].get_fonts(full=True) if f[2] == "Type0")
    stream = int(doc.xref_get_key(xref, "ToUnicode")[1].split()[0])
    chars = {helv.has_glyph(ord(c)): c for line in lines for c in line}
    doc.update_stream(stream, _identity_ucs({g: code_of(g, c) for g, c in chars.items()}))
    return save(doc, path)


def three_bars(folder: Path, rgb: tuple[int, int, int], outline: bool = False) -> Path:
    """A one-page chart of three bars filled with ``rgb`` (0-255), outlined in black when ``outline`` (no lighter
    rim at the edges), with year labels and a title."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i in range(3):
        page.draw_rect(pymupdf.Rect(110 + 90 * i, 442 - 40 * i - 60, 160 + 90 * i, 442), color=(0, 0, 0) if outline else None,
                       fill=tuple(c / 255 for c in rgb), width=1.5)
        page.insert_text((110 + 90 * i, 457), str(2021 + i), fontsize=9)
    page.insert_text((90, 222), "Sales by year", fontsize=12)
    return save(doc, folder / ("bars_%02x%02x%02x%s.pdf" % (*rgb, "_o" if outline else "")))


def drawn_on_second_page(path: Path, draw) -> Path:
    """Three pages of ordinary body text in Helvetica; ``draw(page)`` adds what is asked about on page 2."""
    doc = new_doc(3)
    for n, page in enumerate(doc):
        page.insert_textbox(pymupdf.Rect(72, 72, 520, 300), f"Page {n + 1}. The committee discussed budget plans and agreed on next steps.",
                            fontsize=12, fontname="helv")
        if n == 1:
            draw(page)
    return save(doc, path)


def drawn_field(path: Path, how: str, said: str, title: str, label: str | None = None) -> Path:
    """A form page (``title``, an optional ``label`` line) with a field whose own appearance draws ``said``: ``how`` is
    "signature" (an unsigned signature field), "typeless" (a widget whose field has no /FT) or "text" (a text field
    MuPDF draws as the file gives it). MuPDF draws none of the first two, though a viewer shows the appearance."""
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=300)
    page.insert_text((30, 50), title, fontsize=13)
    if label:
        page.insert_text((30, 120), label, fontsize=11)
    w = pymupdf.Widget()
    w.field_type = pymupdf.PDF_WIDGET_TYPE_SIGNATURE if how == "signature" else pymupdf.PDF_WIDGET_TYPE_TEXT
    w.field_name = "f1"
    w.rect = pymupdf.Rect(180, 100, 400, 140)
    page.add_widget(w)
    doc.save(path)
    doc.close()
    doc = pymupdf.open(path)
    for x, _, _ in doc[0].annot_xrefs():
        ap = int(doc.xref_get_key(x, "AP/N")[1].split()[0])
        font = doc.get_new_xref()
        doc.update_object(font, "<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>")
        doc.xref_set_key(ap, "Resources", f"<</Font<</Hv {font} 0 R>>>>")
        doc.update_stream(ap, f"BT /Hv 10 Tf 0 g 4 15 Td ({said}) Tj ET".encode())
        if how == "typeless":
            doc.xref_set_key(int(doc.xref_get_key(x, "Parent")[1].split()[0]), "FT", "null")
    doc.save(path.with_suffix(".tmp.pdf"))
    doc.close()
    path.with_suffix(".tmp.pdf").replace(path)
    return path


def faceless_font(path: str) -> bytes:
    """The TrueType font file at ``path`` with nothing saying its face: style bits cleared, usWeightClass 400,
    italic angle 0 (a bold or oblique program a PDF names plainly)."""
    import struct

    b = bytearray(Path(path).read_bytes())
    for i in range(struct.unpack(">H", b[4:6])[0]):
        tag, _, off, _ = struct.unpack(">4sIII", b[12 + 16 * i: 28 + 16 * i])
        if tag == b"OS/2":
            fs = struct.unpack(">H", b[off + 62: off + 64])[0]
            b[off + 62: off + 64] = struct.pack(">H", (fs & ~0x221) | 0x40)
            b[off + 4: off + 6] = struct.pack(">H", 400)
        elif tag == b"head":
            b[off + 44: off + 46] = b"\x00\x00"
        elif tag == b"post":
            b[off + 4: off + 8] = b"\x00\x00\x00\x00"
    return bytes(b)


def plain_descriptors(doc: pymupdf.Document, rename: tuple[str, str] | None = None) -> None:
    """Every font descriptor of ``doc`` declaring no style (italic angle 0, flags 32, StemV 80, no FontWeight);
    with ``rename`` (part, name), each BaseFont or FontName holding ``part`` renamed ``name``."""
    for x in range(1, doc.xref_length()):
        if rename is not None:
            for k in ("BaseFont", "FontName"):
                if doc.xref_get_key(x, k)[0] == "name" and rename[0] in doc.xref_get_key(x, k)[1]:
                    doc.xref_set_key(x, k, f"/{rename[1]}")
        if doc.xref_get_key(x, "Type")[1] == "/FontDescriptor":
            for k, v in (("ItalicAngle", "0"), ("Flags", "32"), ("StemV", "80"), ("FontWeight", "null")):
                doc.xref_set_key(x, k, v)


def captioned_chart(path: Path, caption: str, n: int = 3, at_page: int = 2) -> Path:
    """``n`` report pages (a heading, body text, a folio each); page ``at_page`` draws four blue bars with the
    line ``caption`` under them, as printed (a figure's caption in whatever form the test plants)."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((72, 60), f"Section {i}: programme review", fontsize=16)
        for k in range(4):
            p.insert_text((72, 90 + 14 * k), "The committee reviewed the annual programme and noted steady progress.", fontsize=10)
        p.insert_text((290, 820), str(i), fontsize=9)
        if i == at_page:
            bar_chart(p, (150, 500), (60, 40, 50, 25), [(0.1, 0.2, 0.8)] * 4, bar_w=30)
            p.insert_text((150, 530), caption, fontsize=10)
    return save(doc, path)


def spread_sheets(sheets: int, first: int, folios: Sequence[str] = ("left", "right"), corner: bool = False,
                  line: str = "The committee reviewed the annual programme and noted steady progress across offices.") -> pymupdf.Document:
    """A book put in a PDF as spreads: ``sheets`` landscape sheets (two A4 pages side by side), sheet i printing pages
    ``first + 2(i-1)`` (left half) and the next (right half), five lines of ``line`` on each half; the folio of each
    half named in ``folios`` ("left", "right") at its foot, in its outer corner with ``corner``, else mid-half."""
    w, h = 1190, 842
    doc = pymupdf.open()
    for i in range(sheets):
        page = doc.new_page(width=w, height=h)
        for half in (0, w / 2):
            for k in range(5):
                text(page, (half + 72, 100 + 16 * k), line)
        left, right = first + 2 * i, first + 2 * i + 1
        if "left" in folios:
            text(page, (40 if corner else 290, 822), str(left), size=9)
        if "right" in folios:
            text(page, (w - 50 if corner else w / 2 + 290, 822), str(right), size=9)
    return doc


def cell_ruled_table(page: pymupdf.Page, origin: tuple[float, float], header: Sequence[str], rows: Iterable[Sequence[str]],
                     pad: float = 6, size: float = 11) -> list[tuple[float, float, float]]:
    """A table whose header rule is drawn cell by cell (each header cell's bottom border its own line, the pieces
    meeting end to end: one rule under the row to a reader), each column ``pad`` wider than its header each side.
    Returns each piece as (x0, x1, y)."""
    x, y = origin
    pieces = []
    for j, h in enumerate(header):
        w = pymupdf.get_text_length(h, "helv", size) + 2 * pad
        text(page, (x + pad, y), h, size=size)
        page.draw_line((x, y + 4), (x + w, y + 4), width=0.7)
        pieces.append((x, x + w, y + 4))
        for i, row in enumerate(rows if isinstance(rows, list) else list(rows)):
            text(page, (x + pad, y + 18 * (i + 1)), row[j], size=size)
        x += w
    return pieces


DEJAVU_SANS_BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def mottled_ground(w: int, h: int, seed: int) -> "PIL.Image.Image":
    """A mottled colour ground: smooth waves of colour and some grain, as a photograph's background."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([120 + 60 * np.sin(x / 37.0 + seed), 110 + 50 * np.cos(y / 23.0), 90 + 40 * np.sin((x + y) / 51.0)], -1)
    base += rng.normal(0, 18, (h, w, 3))
    return Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))


def jpeg_bytes(img: "PIL.Image.Image", quality: int) -> bytes:
    import io

    out = io.BytesIO()
    img.save(out, "JPEG", quality=quality)
    return out.getvalue()


def lettered_jpeg(words: str, seed: int = 3, quality: int = 5, size: int = 30) -> bytes:
    """``words`` in black DejaVu Sans Bold on a 600 x 240 mottled ground, saved as a JPEG of ``quality``
    (at 5, plain to a reader, and the picture reading reads no word of a phone number on it)."""
    from PIL import ImageDraw, ImageFont

    img = mottled_ground(600, 240, seed)
    draw, font = ImageDraw.Draw(img), ImageFont.truetype(str(DEJAVU_SANS_BOLD), size)
    x0, y0, x1, y1 = draw.textbbox((0, 0), words, font=font)
    draw.text(((600 - (x1 - x0)) // 2, (240 - (y1 - y0)) // 2 - y0), words, fill=(0, 0, 0), font=font)
    return jpeg_bytes(img, quality)


def picture_on_page_2(path: Path, picture: bytes) -> Path:
    """Three 400 x 500 pt pages of one line of body text each; ``picture`` shown 300 x 120 pt on page 2."""
    doc = pymupdf.open()
    for i in range(3):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 60), f"Body text of page {i + 1} about harbours.", fontsize=11)
    doc[1].insert_image(pymupdf.Rect(50, 150, 350, 270), stream=picture)
    return save(doc, path)


def membership_layer(path: Path, policy: str, what: str = "picture") -> Path:
    """Three pages of text; page 2 draws ``what`` ("picture", "chart": four bars, "word") under an optional content
    membership dictionary (OCMD) naming one layer, on by default, with visibility policy ``policy`` ("AllOff",
    "AnyOff": shown only when that layer is switched off; "AnyOn": shown)."""
    doc = new_doc(3)
    for i in range(3):
        text(doc[i], (72, 72), f"Annual overview part {i + 1}", size=16)
        text(doc[i], (72, 100), "The committee reviewed the programme and noted steady progress.")
    layer = doc.add_ocg("Text", on=True)
    oc = doc.set_ocmd(ocgs=[layer], policy=policy)
    page = doc[1]
    if what == "picture":
        page.insert_image(pymupdf.Rect(200, 300, 400, 450), pixmap=photo(2), oc=oc)
    elif what == "chart":
        for k, h in enumerate((120, 80, 150, 60)):
            page.draw_rect(pymupdf.Rect(180 + 50 * k, 500 - h, 215 + 50 * k, 500), color=None, fill=(0.2, 0.4, 0.8), oc=oc)
    else:
        page.insert_text((72, 700), "draft", fontsize=9, oc=oc)
    return save(doc, path)


def headerless_rows(page: pymupdf.Page, origin: tuple[float, float], rows: Iterable[Sequence[str]], col_w: float = 110, row_h: float = 18) -> pymupdf.Rect:
    """A ruled table's rows with no header row, as a table continued from the page before opens a page."""
    x0, y0 = origin
    rows = list(rows)
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            text(page, (x0 + j * col_w + 4, y0 + (i + 1) * row_h - 5), cell, size=9)
    width = max(len(r) for r in rows) * col_w
    for i in range(len(rows) + 1):
        page.draw_line((x0, y0 + i * row_h), (x0 + width, y0 + i * row_h), width=0.5)
    for j in range(max(len(r) for r in rows) + 1):
        page.draw_line((x0 + j * col_w, y0), (x0 + j * col_w, y0 + len(rows) * row_h), width=0.5)
    return pymupdf.Rect(x0, y0, x0 + width, y0 + len(rows) * row_h)


def folioed_report(path: Path, folios: dict[int, str], italic_at: int | None = None, n: int = 12) -> Path:
    """``n`` report pages, each with a heading and body text; PDF page i prints the folio ``folios[i]`` at its
    foot (pages not in ``folios`` print none: "printed = pdf - 2" is ``{i: str(i - 2) for i in range(3, n + 1)}``);
    page ``italic_at`` sets one line in italic ("Key term: quorum"), none does when it is None (the control)."""
    doc = new_doc(0)
    for i in range(1, n + 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((72, 60), f"Section {i}: programme review", fontsize=16)
        for k in range(5):
            p.insert_text((72, 90 + 14 * k), "The committee reviewed the annual programme and noted steady progress.", fontsize=10)
        if i in folios:
            p.insert_text((285, 820), folios[i], fontsize=9)
        if i == italic_at:
            p.insert_text((72, 400), "Key term: quorum", fontsize=11, fontname="Helvetica-Oblique")
    return save(doc, path)
