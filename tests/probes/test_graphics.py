"""graphics: content raster images plus vector diagram/chart blocks; icons, logos and borders as doubts or non-members."""

from __future__ import annotations

import pdfs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from functools import partial

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

# OCR of image-only fixture pages is slow and not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


def _build(tmp_path, build, pages: int = 1):
    d = pdfs.new_doc(pages)
    build(d)
    return load_doc(pdfs.save(d, tmp_path / "v.pdf"))


def _not_dropped(res) -> bool:
    """members ∪ doubts is not empty: the candidate survived as one or the other."""
    return bool(res.members or res.doubts)


def test_graphics_logo_keeps_small_images_chart_does_not(tmp_path):
    def build(d):
        pdfs.image(d[0], (500, 20, 540, 60))
        pdfs.text(d[0], (72, 100), "body text")

    doc = _build(tmp_path, build)
    assert len(run_probe("graphics", doc, Scope((1,)), {"kind": "logo"}).members) == 1
    chart = run_probe("graphics", doc, Scope((1,)), {"kind": "chart"})
    # Regression (issue 10): the decoration rule dropped the header image; a small chart could be one.
    assert not chart.members and [d.why for d in chart.doubts] == ["decoration filter: a small image in the header/footer band"]


def test_graphics_on_image_only_page_cannot_measure(tmp_path):
    doc = _build(tmp_path, lambda d: pdfs.image(d[0], (0, 0, 612, 792)))
    assert run_probe("graphics", doc, Scope((1,)), {"kind": "chart"}).status is ProbeStatus.could_not_measure


def test_corpus_7c3f_no_chart_but_three_small_images(corpus_doc):
    """No vector chart anywhere (underlines of citations are certain non-members); the three small
    images on p1 (publisher logo, seal, icon) only a decoration/size filter sets aside: doubts."""
    doc = corpus_doc("7c3f6204b3241f142f0f8eb8e1fefe7a.pdf")
    res = run_probe("graphics", doc, Scope(tuple(range(1, 16))), {"kind": "chart"})
    assert not res.members and {d.page for d in res.doubts} == {1} and len(res.doubts) == 3
    assert all("raster image" in d.what for d in res.doubts)
    assert len(run_probe("graphics", doc, Scope((1,)), {"kind": "logo"}).members) == 3


def test_corpus_positive_control_timer_chart(corpus_doc):
    doc = corpus_doc("User_Manual_1500S_Classic_EN.pdf")
    res = run_probe("graphics", doc, Scope((50,)), {"kind": "chart"})
    assert any("vector block" in m.what for m in res.members)


def test_corpus_raster_slide_cannot_measure(corpus_doc):
    doc = corpus_doc("earthlinkweb-150213112111-conversion-gate02_95.pdf")
    res = run_probe("graphics", doc, Scope((42,)), {"kind": "chart"})
    assert res.status is ProbeStatus.could_not_measure and "p42" in res.note


def test_page_sized_line_chart_is_not_a_page_border(tmp_path):
    """Regression: a few unfilled strokes covering the page were a 'page_border' whatever they drew."""
    def build(d):
        d[0].draw_polyline([(30, 760), (200, 300), (400, 500), (580, 30)], width=1)
        d[0].draw_polyline([(30, 700), (300, 100), (580, 400)], width=1)

    doc = _build(tmp_path, build)
    assert _not_dropped(run_probe("graphics", doc, Scope((1,)), {"kind": "chart"}))


def test_hairline_bars_are_never_certain_rules(tmp_path):
    """Hairline horizontal bars (0.8 pt) of different lengths: thin, but not underlines of any text."""
    def build(d):
        for i, v in enumerate((120, 60, 200, 30)):
            d[0].draw_rect((100, 300 + 8 * i, 100 + v, 300.8 + 8 * i), color=None, fill=(0.8, 0.1, 0.1))

    doc = _build(tmp_path, build)
    assert _not_dropped(run_probe("graphics", doc, Scope((1,)), {"kind": "chart"}))


def test_a_chart_whose_bars_are_one_path_is_never_a_ruled_grid(tmp_path):
    """Regression (review of the probes): gridlines, value labels, and every bar in one filled path
    ("re re re f"): the path's box spans the block, so it counted as a table band and the chart was
    certified a ruled grid of text, a measured zero for "chart"."""
    vals = [60, 95, 130, 110, 170]
    grid = "0.85 G 0.5 w " + "".join(f"72 {400 + i * 40} m 372 {400 + i * 40} l S " for i in range(6))
    bars = "0.27 0.45 0.77 rg " + "".join(f"{87 + i * 60} 400 30 {v} re " for i, v in enumerate(vals)) + "f\n"
    labels = "0 g BT /F1 8 Tf " + "".join(f"1 0 0 1 {95 + i * 60} {404 + v} Tm ({v / 10:.1f}) Tj " for i, v in enumerate(vals)) + "ET\n"
    years = "0 g BT /F1 8 Tf " + "".join(f"1 0 0 1 {90 + i * 60} 388 Tm ({2019 + i}) Tj " for i in range(5)) + "ET\n"
    d = load_doc(pdfs.raw_page(tmp_path / "c.pdf", grid + bars + labels + years))
    r = run_probe("graphics", d, Scope((1,)), {"kind": "chart"})
    assert not r.measured_zero and (r.members or r.doubts), (r.note, [m.why for m in r.best_candidates])


_WORDS = st.text(alphabet=st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"), min_size=2, max_size=9)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(_WORDS, min_size=1, max_size=4), font=st.sampled_from(["hebo", "tiro", "cour", "helv"]),
       size=st.floats(16, 48), at=st.tuples(st.floats(40, 380), st.floats(60, 780)))
def test_a_wordmark_set_apart_from_the_body_is_never_a_zero_for_logos(tmp_path, words, font, size, at):
    """Property (new questions, 2026-12-03): a logo may be lettering alone. A name of one to four
    words typeset apart from the body (another font or size) on a page with no picture or drawing
    was a measured zero for "how many logos"."""
    def build(d):
        for k in range(4):
            pdfs.text(d[0], (40, 40 + 14 * k) if at[1] > 120 else (40, 700 + 14 * k), "Body text of the report, set in the running font.")
        pdfs.text(d[0], at, " ".join(words), font=font, size=size)
    r = run_probe("graphics", _build(tmp_path, build), Scope((1,)), {"kind": "logo"})
    assert not r.measured_zero and any("text line" in m.what for m in r.doubts), r.note


def test_body_text_alone_is_a_zero_for_logos_and_wordmarks_only_concern_logos(tmp_path):
    """Controls: running text in the body font is no logo; a wordmark is no chart."""
    def body(d):
        for k in range(6):
            pdfs.text(d[0], (40, 60 + 14 * k), "Body text of the report, set in the running font.")
    assert run_probe("graphics", _build(tmp_path, body), Scope((1,)), {"kind": "logo"}).measured_zero

    def mark(d):
        body(d)
        pdfs.text(d[0], (60, 300), "QORVANE", font="hebo", size=40)
    assert run_probe("graphics", _build(tmp_path, mark), Scope((1,)), {"kind": "chart"}).measured_zero
