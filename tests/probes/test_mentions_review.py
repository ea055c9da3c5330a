"""mentions, review of 2026-12 (reviewer corpus rv4, mk4): a quote in a picture, a quote attributed
with a hyphen, a bare web address under a top-level domain outside a fixed list, and a film with
a running time were all read as 'the deck uses none', and the question widened."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.models import ProbeResult, ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes.mentions import item_rule

SERIF_ITALIC = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf"
QUOTE = "\u201cCulture eats strategy for breakfast.\u201d\n\u2014 Peter Drucker"


def _deck(path: Path, slide2) -> Path:
    """Three 16:9 slides, the second drawn by ``slide2`` (as the reviewer's decks)."""
    doc = pymupdf.open()
    page = doc.new_page(width=720, height=405)
    page.insert_text((40, 60), "Working better together", fontsize=28)
    slide2(doc.new_page(width=720, height=405))
    doc.new_page(width=720, height=405).insert_text((40, 60), "Questions?", fontsize=28)
    doc.save(path)
    return path


def _run(path: Path, item: str, topic: list[str], ocr: bool = True) -> ProbeResult:
    doc = load_doc(path, ocr=ocr)
    try:
        return run_probe("mentions", doc, Scope(pages=tuple(range(1, doc.pdf.page_count + 1))), {"item": item, "topic": topic})
    finally:
        doc.close()


def _kept(r: ProbeResult) -> bool:
    return r.status is ProbeStatus.measured and bool(r.members or r.doubts)


def _raster(width: float, height: float, draw) -> pymupdf.Pixmap:
    page = pymupdf.open().new_page(width=width, height=height)
    draw(page)
    return page.get_pixmap(dpi=150)


# --------------------------------------------------------------------------- F7: a quote in pixels


def _quote_card(page: pymupdf.Page) -> None:
    page.draw_rect(page.rect, color=None, fill=(0.95, 0.93, 0.85))
    page.insert_textbox(pymupdf.Rect(20, 20, 460, 120), QUOTE, fontsize=20, fontname="dvsi", fontfile=SERIF_ITALIC, align=1)


def _landscape(page: pymupdf.Page) -> None:
    page.draw_rect(page.rect, color=None, fill=(0.55, 0.75, 0.95))
    page.draw_rect(pymupdf.Rect(0, 80, page.rect.width, page.rect.height), color=None, fill=(0.3, 0.6, 0.3))
    page.draw_circle((400, 35), 20, color=None, fill=(1, 0.9, 0.3))


def _pictured(path: Path, draw) -> Path:
    def slide(page: pymupdf.Page) -> None:
        page.insert_text((40, 50), "Leadership starts with culture", fontsize=24)
        page.insert_image(pymupdf.Rect(120, 120, 600, 250), pixmap=_raster(480, 130, draw))
    return _deck(path, slide)


def test_a_quote_shown_only_as_a_picture_is_read_in_its_pixels(tmp_path: Path) -> None:
    """F7 (rv4 m2a): only items marked ``screenshots`` had their pictures read, so a quote card
    in pixels beside 'Leadership starts with culture' left 'which quote ... leadership' a zero."""
    r = _run(_pictured(tmp_path / "q.pdf", _quote_card), "quote", ["leadership"])
    assert _kept(r), (r.status, r.note)
    assert [m.page for m in r.members] == [2] and "Drucker" in r.members[0].what, (r.members, r.doubts)


def test_a_picture_with_no_words_leaves_a_quote_question_a_zero(tmp_path: Path) -> None:
    """Control: a wordless photo beside the same title is read and holds no quote: the row widens."""
    r = _run(_pictured(tmp_path / "p.pdf", _landscape), "quote", ["leadership"])
    assert r.measured_zero, (r.note, r.members, r.doubts)


# --------------------------------------------------------------------------- F8: attribution forms

NAMES = ["Peter Drucker", "Seneca", "W. Edwards Deming", "Peter F. Drucker", "Ludwig van Beethoven", "Maya Angelou"]
DASHES = ["\u2014", "\u2013", "\u2015", "-", "--", "~"]


def test_a_quote_attributed_with_a_hyphen_is_a_quote(tmp_path: Path) -> None:
    """F8 (rv4 m3a): no quotation marks and '- Peter Drucker' with a hyphen-minus: the attribution
    pattern took only the long dashes, so the quote was never a reference."""
    def slide(page: pymupdf.Page) -> None:
        page.insert_text((40, 50), "Leadership starts with culture", fontsize=24)
        page.insert_textbox(pymupdf.Rect(120, 130, 600, 250), "Culture eats strategy for breakfast.\n- Peter Drucker",
                            fontsize=20, fontname="dvsi", fontfile=SERIF_ITALIC, align=1)
    r = _run(_deck(tmp_path / "h.pdf", slide), "quote", ["leadership"], ocr=False)
    assert _kept(r) and [m.page for m in r.members + r.doubts] == [2], (r.note, r.members, r.doubts)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(NAMES), dash=st.sampled_from(DASHES), gap=st.sampled_from(["", " ", "  "]),
       same_line=st.booleans(), end=st.sampled_from([".", "!", "?", ".\u201d", "\u2026"]))
def test_property_every_attribution_form_is_a_reference(name: str, dash: str, gap: str, same_line: bool, end: str) -> None:
    """An attribution dash of any form, starting its line or after the quote's end, names a quote
    (a member with a long dash, at least a doubt with a hyphen or tilde, which also start bullets)."""
    from widening.probes.mentions import reference

    rule = item_rule("quote")
    assert rule is not None
    quote = f"Culture eats strategy for breakfast{end}"
    lines = [f"{quote} {dash}{gap}{name}"] if same_line else [quote, f"{dash}{gap}{name}"]
    found = [reference(line, rule) for line in lines]
    assert any(found), lines
    if dash in "\u2014\u2013\u2015":
        assert "member" in found, (lines, found)


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(["revenue", "growth", "budget", "market", "state-of-the-art", "year-on-year", "3 - 5", "q3"]),
                      min_size=2, max_size=6), bullet=st.sampled_from(["", "- ", "-- ", "~ "]))
def test_property_hyphens_inside_plain_lines_are_no_quote(words: list[str], bullet: str) -> None:
    """A hyphen inside a sentence, a range or a lower-case bullet item is no attribution (a bullet
    of capitalised words is a doubt: it reads as a name)."""
    from widening.probes.mentions import reference

    rule = item_rule("quote")
    assert rule is not None
    line = bullet + " ".join(words)
    assert reference(line, rule) is None, line


# --------------------------------------------------------------------------- F9: bare web addresses

# Top-level domains the fixed list of the old pattern left out (rv4 m4a .eu, m4c .dev).
OUTSIDE_OLD_LIST = ["eu", "dev", "ch", "nl", "it", "es", "ai", "app", "se", "nz", "museum"]


def _url_slide(address: str):
    def slide(page: pymupdf.Page) -> None:
        page.insert_text((40, 50), "Air quality in European cities", fontsize=24)
        page.insert_text((40, 100), "Nitrogen dioxide fell in most capitals between 2019 and 2023.", fontsize=14)
        page.insert_text((40, 360), f"Interactive map: {address}", fontsize=12)
    return slide


def test_a_bare_address_under_any_country_or_generic_domain_is_a_url(tmp_path: Path) -> None:
    """F9 (rv4 m4a, m4c): 'airindex.eea.europa.eu' and 'maps.airquality.dev/eu' were no URL, as the
    pattern listed a few endings and neither .eu nor .dev."""
    for k, address in enumerate(["airindex.eea.europa.eu", "maps.airquality.dev/eu"]):
        r = _run(_deck(tmp_path / f"u{k}.pdf", _url_slide(address)), "url", ["air", "quality"], ocr=False)
        assert [m.page for m in r.members] == [2], (address, r.note, r.doubts)


def test_a_host_under_an_unlisted_ending_is_a_doubt_and_a_slide_without_one_a_zero(tmp_path: Path) -> None:
    """A dotted host under an ending no list knows is at least a doubt; control: the same slide
    with no address at all still measures zero."""
    r = _run(_deck(tmp_path / "x.pdf", _url_slide("maps.airquality.qqzx/eu")), "url", ["air", "quality"], ocr=False)
    assert r.members == () and [d.page for d in r.doubts] == [2], (r.note, r.doubts)
    none = _run(_deck(tmp_path / "n.pdf", _url_slide("see the annex, p. 4 (e.g. Fig. 3.2, U.S. data)")), "url", ["air", "quality"], ocr=False)
    assert none.measured_zero, (none.members, none.doubts)


def test_a_link_annotation_is_a_url_whatever_its_words(tmp_path: Path) -> None:
    """A URI link behind words that print no address ('the interactive map') is a web address on the page."""
    def slide(page: pymupdf.Page) -> None:
        _url_slide("the interactive map")(page)
        page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(40, 345, 260, 365), "uri": "https://airindex.eea.europa.eu/"})
    r = _run(_deck(tmp_path / "l.pdf", slide), "url", ["air", "quality"], ocr=False)
    assert [m.page for m in r.members] == [2] and "airindex" in r.members[0].what, (r.note, r.doubts)


LABEL = st.from_regex(re.compile(r"[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?", re.I), fullmatch=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(labels=st.lists(LABEL, min_size=1, max_size=3), tld=st.from_regex(re.compile(r"[a-z]{2,12}", re.I), fullmatch=True),
       path=st.sampled_from(["", "/", "/eu", "/policy/open-data", "/watch?v=abc"]), lead=st.sampled_from(["", "Map: ", "(", "see "]),
       tail=st.sampled_from(["", ".", ")", ","]))
def test_property_every_host_shaped_address_is_a_reference(labels: list[str], tld: str, path: str, lead: str, tail: str) -> None:
    """Any dotted host (labels of letters, digits and hyphens, a last label of 2+ letters) is a url
    reference: a member under a known top-level domain, a doubt under any other ending."""
    from widening.probes.mentions import reference

    rule = item_rule("url")
    assert rule is not None
    line = f"{lead}{'.'.join(labels)}.{tld}{path}{tail}"
    found = reference(line, rule)
    assert found is not None, line
    if tld.lower() in ("eu", "dev", "com", "org", "uk", "de", "ch", "app", "io", "ai"):
        assert found == "member", line


@settings(max_examples=100, deadline=None)
@given(text=st.sampled_from(["e.g.", "i.e.", "U.S.", "a.m.", "Fig. 3.2", "3.5 mm", "p. 4", "No. 12", "v1.2.3", "etc.)", "Ph.D."]))
def test_property_abbreviations_and_numbers_are_no_address(text: str) -> None:
    from widening.probes.mentions import reference

    rule = item_rule("url")
    assert rule is not None and reference(f"Results {text} were good", rule) is None


# --------------------------------------------------------------------------- a film, not called a video


def _film_slide(line: str):
    def slide(page: pymupdf.Page) -> None:
        page.insert_text((40, 50), "Teamwork: lessons from nature", fontsize=24)
        page.insert_text((40, 110), line, fontsize=16)
    return slide


def test_a_film_with_a_running_time_is_a_video_doubt(tmp_path: Path) -> None:
    """rv4 m6a: 'Watch the film: How geese fly together (3 min)' named no video word (youtube,
    vimeo, video, clip), so 'which video ... teamwork' widened. Film words and a running time in
    brackets may name a video: a doubt."""
    for k, line in enumerate(["Watch the film: \u2018How geese fly together\u2019 (3 min)", "How geese fly together (2:07)",
                              "A short movie on how geese fly together", "Screencast: how geese fly together"]):
        r = _run(_deck(tmp_path / f"f{k}.pdf", _film_slide(line)), "video", ["teamwork"], ocr=False)
        # (OCR tolerance may already read "movie on" as "video": a member then, kept either way)
        assert [m.page for m in r.members + r.doubts] == [2], (line, r.note)
        assert r.doubts or "movie" in line, (line, r.members)


def test_a_slide_with_no_film_words_still_widens_a_video_question(tmp_path: Path) -> None:
    """Control (rv4 m6c): geese and formations, no film, no running time: a measured zero."""
    r = _run(_deck(tmp_path / "c.pdf", _film_slide("Geese take turns at the front of the formation (10 birds).")), "video", ["teamwork"], ocr=False)
    assert r.measured_zero, (r.note, r.doubts)
