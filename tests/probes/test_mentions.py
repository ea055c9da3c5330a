"""mentions: item references (a YouTube clip) on or next to pages that carry a topic."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.cache import Cache, default_cache_dir
from widening.facts.document import sha256_file
from widening.facts.extract import load_doc
from widening.models import PageKind, ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes.mentions import fuzzy_in, stem, topic_words
from widening.text import collapse

DECK = "ddoseattle-150627210357-lva1-app6891_95.pdf"
FILLER = ["revenue", "growth", "customers", "quarterly", "strategy", "pipeline", "market", "budget"]
TOPIC = ["blindly", "following", "directions", "mentoring", "leadership", "literacy", "hoarding", "complacent"]


# --------------------------------------------------------------------------- fixtures built by code


def build_deck(path: Path, slides: list[list[str]]) -> Path:
    """One born-digital slide per entry, each line of text written below the previous."""
    doc = pymupdf.open()
    for lines in slides:
        page = doc.new_page(width=720, height=540)
        for k, text in enumerate(lines):
            page.insert_text((40, 60 + 30 * k), text, fontsize=18)
    doc.save(path)
    return path


def _run(path: Path, item: str, topic, ocr: bool = True):
    doc = load_doc(path, ocr=ocr)
    try:
        return run_probe("mentions", doc, Scope(pages=tuple(range(1, doc.pdf.page_count + 1))), {"item": item, "topic": topic})
    finally:
        doc.close()


def test_words_stems_and_ocr_tolerance() -> None:
    assert topic_words("the consequence of having a weak data leadership") == ("weak", "data", "leadership")
    assert stem("leadership") == "leader" and stem("following") == "follow" and stem("data") == "data"
    assert fuzzy_in("youtube", collapse("https://www.You Tuhe.com/watch"))  # one OCR error
    assert not fuzzy_in("weak", collapse("strong data leadership"))


@settings(deadline=None, max_examples=12)
@given(
    topic=st.lists(st.sampled_from(TOPIC), min_size=1, max_size=3, unique=True),
    filler=st.lists(st.sampled_from(FILLER), min_size=0, max_size=3),
    offset=st.sampled_from([-1, 0, 1]),
    upper=st.booleans(),
)
def test_item_with_its_topic_on_the_same_or_next_page_is_a_member(tmp_path_factory, topic, filler, offset, upper) -> None:
    slides = [[" ".join(filler) or "Agenda"] for _ in range(5)]
    words = " ".join(topic)
    slides[2 + offset].insert(0, words.upper() if upper else words)
    slides[2].append("https://www.youtube.com/watch?v=abc")
    r = _run(build_deck(tmp_path_factory.mktemp("d") / "deck.pdf", slides), "youtube", topic)
    assert r.status is ProbeStatus.measured
    assert [m.page for m in r.members] == [3]


def test_item_two_pages_away_from_its_topic_is_a_doubt(tmp_path: Path) -> None:
    """Regression (a review of the probes): a clip two slides after its topic was a certain
    non-member, so the deck read as using no clip for the topic. The page window and the words
    as printed are a tuned test: what the clip shows is not in its page's words."""
    slides = [["Being data-driven means strong data leadership"], ["Agenda"], ["Agenda"], ["Watch on YouTube"]]
    r = _run(build_deck(tmp_path / "deck.pdf", slides), "youtube", ["weak", "data", "leadership"])
    assert not r.measured_zero and r.members == ()
    (cand,) = r.doubts
    assert cand.page == 4 and "weak" in cand.what and "'Agenda'" in cand.what and cand.why


def test_no_item_anywhere_is_a_measured_zero(tmp_path: Path) -> None:
    r = _run(build_deck(tmp_path / "deck.pdf", [["weak data leadership"], ["more text"]]), "youtube", ["weak", "data", "leadership"])
    assert r.measured_zero and r.best_candidates == ()


def _image_slide(path: Path, text: str) -> Path:
    """A raster-only slide: the text exists only as pixels."""
    src = pymupdf.open()
    page = src.new_page(width=720, height=540)
    page.insert_text((60, 200), text, fontsize=40)
    pix = page.get_pixmap(dpi=96)
    doc = pymupdf.open()
    doc.new_page(width=720, height=540).insert_image(pymupdf.Rect(0, 0, 720, 540), pixmap=pix)
    doc.save(path)
    return path


def test_image_only_page_without_ocr_is_could_not_measure(tmp_path: Path) -> None:
    r = _run(_image_slide(tmp_path / "deck.pdf", "YouTube: weak data leadership"), "youtube", ["weak", "data", "leadership"], ocr=False)
    assert r.status is ProbeStatus.could_not_measure and "OCR" in r.note


def test_image_only_page_is_read_through_ocr(tmp_path: Path) -> None:
    path = _image_slide(tmp_path / "deck.pdf", "YouTube: weak data leadership")
    doc = load_doc(path)
    try:
        assert doc.facts.page(1).kind is PageKind.image_only
        r = run_probe("mentions", doc, Scope(pages=(1,)), {"item": "youtube", "topic": ["weak", "data", "leadership"]})
    finally:
        doc.close()
    assert r.status is ProbeStatus.measured and [m.page for m in r.members] == [1], r


def test_unread_picture_on_a_born_digital_slide_is_could_not_measure(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=720, height=540)
    page.insert_text((40, 60), "weak data leadership", fontsize=18)
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 200, 120), False)
    pix.clear_with(128)
    page.insert_image(pymupdf.Rect(100, 100, 500, 340), pixmap=pix)
    doc.save(tmp_path / "deck.pdf")
    r = _run(tmp_path / "deck.pdf", "youtube", ["weak", "data", "leadership"])
    assert r.status is ProbeStatus.could_not_measure and "pictures" in r.note


# --------------------------------------------------------------------------- the real deck


def _deck_path(corpus: Path) -> Path:
    path = corpus / "documents" / DECK
    if not path.is_file():
        pytest.skip(f"{DECK} not in the corpus")
    return path


@pytest.fixture(scope="module")
def deck_around_clips(corpus: Path):
    """The deck with real OCR on the slides around its two YouTube references (15 and 50) and their neighbours."""
    from widening.facts.ocr import ocr_page

    doc = load_doc(_deck_path(corpus), ocr=False)
    pages = list(doc.facts.pages)
    for i in (14, 15, 16, 49, 50, 51):
        got = ocr_page(doc.page(i))
        pages[i - 1] = pages[i - 1].model_copy(
            update={"ocr_lines": got, "text": "\n".join(l.text for l in got), "text_source": "ocr", "ocr_error": None}
        )
    doc.facts = doc.facts.model_copy(update={"pages": tuple(pages)})
    yield doc
    doc.close()


def test_deck_clip_for_blindly_following_data(deck_around_clips) -> None:
    scope = Scope(pages=(14, 15, 16, 49, 50, 51))
    r = run_probe("mentions", deck_around_clips, scope, {"item": "youtube", "topic": ["blindly", "following", "data"]})
    assert [m.page for m in r.members] == [50] and "Lake" in r.members[0].what, r


def test_deck_no_clip_for_weak_data_leadership_around_the_clips(deck_around_clips) -> None:
    scope = Scope(pages=(14, 15, 16, 49, 50, 51))
    r = run_probe("mentions", deck_around_clips, scope, {"item": "youtube", "topic": ["weak", "data", "leadership"]})
    assert r.members == () and not r.measured_zero, r.members  # V2 widened this by eye; the clips are doubts
    assert sorted(c.page for c in r.doubts) == [15, 50]


def test_deck_scope_outside_the_ocr_is_could_not_measure(deck_around_clips) -> None:
    r = run_probe("mentions", deck_around_clips, Scope(pages=(1, 2)), {"item": "youtube", "topic": ["data"]})
    assert r.status is ProbeStatus.could_not_measure


def test_deck_whole_document_from_cached_facts(corpus: Path) -> None:
    """Whole-deck truth, when the facts cache already holds the deck with OCR (a full OCR pass takes minutes)."""
    from widening.facts.cache import load_doc_cached

    path = _deck_path(corpus)
    cache = Cache(default_cache_dir())
    facts = cache.get_facts(sha256_file(path))
    if facts is None or any(p.kind is PageKind.image_only and p.text_source != "ocr" for p in facts.pages):
        pytest.skip("no cached OCR facts for the deck; run `widening audit` once to fill the cache")
    doc = load_doc_cached(path, cache)
    try:
        scope = Scope(pages=tuple(range(1, doc.pdf.page_count + 1)))
        weak = run_probe("mentions", doc, scope, {"item": "youtube", "topic": ["weak", "data", "leadership"]})
        blind = run_probe("mentions", doc, scope, {"item": "youtube", "topic": ["blindly", "following", "data"]})
    finally:
        doc.close()
    assert weak.members == () and sorted(d.page for d in weak.doubts) == [15, 50], weak.members
    assert 50 in [m.page for m in blind.members]


# --------------------------------------------------------------------------- items shown, not named

SHOWN = ["shapes", "shape", "colours", "icons", "photos", "animals", "symbols", "arrows", "logos"]


@settings(deadline=None, max_examples=10)
@given(item=st.sampled_from(SHOWN), named=st.booleans())
def test_an_item_a_deck_shows_without_naming_is_never_a_measured_zero(tmp_path_factory, item, named) -> None:
    """Held-out regression (an answerable gestalt deck: 'which shapes does the slide use to illustrate
    closure' -- a circle and a rectangle, drawn, never named): no words can say a deck uses none."""
    path = tmp_path_factory.mktemp("d") / "deck.pdf"
    doc = pymupdf.open()
    page = doc.new_page(width=720, height=540)
    page.insert_text((40, 60), "Closure: we perceive a whole where parts are missing", fontsize=18)
    page.draw_circle((200, 300), 80, color=(0, 0, 0), dashes="[20 10] 0")
    page.draw_rect(pymupdf.Rect(400, 220, 600, 380), color=(0, 0, 0), dashes="[20 10] 0")
    if named:
        page.insert_text((40, 500), f"The {item} above", fontsize=12)
    doc.save(path)
    r = _run(path, item, ["closure"])
    assert not r.measured_zero and r.status is ProbeStatus.could_not_measure, r.note
    assert "without being named" in r.note


@pytest.mark.parametrize("item", ["youtube", "videos", "clips", "quote"])
def test_items_named_in_words_are_still_measured(tmp_path: Path, item: str) -> None:
    r = _run(build_deck(tmp_path / "deck.pdf", [["weak data leadership"], ["more text"]]), item, ["weak", "data", "leadership"])
    assert r.measured_zero, r.note


# --------------------------------------------------------------------------- references beyond the words
# Regression (review of the probes): a clip shown only as a small player thumbnail, a clip linked
# from "Watch the talk", a quote set in guillemets, single marks or with an attribution dash, a
# web address printed bare, and a topic word with a ligature in the layer were all missed.

def _writer_deck(path: Path, slides: list[list[str]], extra=None) -> Path:
    doc = pymupdf.open()
    for i, lines in enumerate(slides, start=1):
        page = doc.new_page(width=720, height=540)
        writer = pymupdf.TextWriter(page.rect)
        for k, text in enumerate(lines):
            writer.append((40, 60 + 30 * k), text, font=pymupdf.Font("cjk"), fontsize=12)  # guillemets, dashes, ligatures
        writer.write_text(page)
        if extra:
            extra(i, page)
    doc.save(path)
    return path


def test_a_clip_shown_as_a_small_player_thumbnail_is_read_in_its_pixels(tmp_path: Path) -> None:
    def thumb(i, page):
        if i == 2:
            src = pymupdf.open().new_page(width=160, height=90)
            src.draw_rect(src.rect, fill=(0.1, 0.1, 0.1))
            src.insert_text((10, 50), "YouTube", fontsize=28, color=(1, 0, 0))
            page.insert_image(pymupdf.Rect(500, 200, 640, 279), pixmap=src.get_pixmap(dpi=144))  # 3% of the slide

    r = _run(_writer_deck(tmp_path / "t.pdf", [["Agenda"], ["Don't blindly follow the data"], ["Thank you"]], thumb), "youtube", ["blindly", "following", "data"])
    assert [m.page for m in r.members] == [2], (r.note, r.doubts)


def test_a_clip_referenced_only_by_a_link_is_found(tmp_path: Path) -> None:
    def link(i, page):
        if i == 2:
            page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(40, 100, 220, 125), "uri": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"})

    path = _writer_deck(tmp_path / "l.pdf", [["Agenda"], ["Don't blindly follow the data", "Watch the talk"], ["Thank you"]], link)
    r = _run(path, "youtube", ["blindly", "following", "data"])
    assert [m.page for m in r.members] == [2] and "youtube.com/watch" in r.members[0].what


@settings(deadline=None, max_examples=10)
@given(marks=st.sampled_from([("\u201c", "\u201d"), ("\u2018", "\u2019"), ("\u00ab", "\u00bb"), ("", " \u2014 W. Edwards Deming")]),
       words=st.lists(st.sampled_from(FILLER), min_size=3, max_size=6))
def test_a_quote_in_any_marks_is_a_quote(tmp_path_factory, marks, words) -> None:
    text = f"{marks[0]}In God we trust; all others must bring {' '.join(words)}.{marks[1]}"
    r = _run(_writer_deck(tmp_path_factory.mktemp("q") / "q.pdf", [[text]]), "quote", ["trust"], ocr=False)
    assert [m.page for m in r.members] == [1], (text, r.note)


def test_a_web_address_printed_bare_is_a_url_and_ligatures_are_letters(tmp_path: Path) -> None:
    r = _run(_writer_deck(tmp_path / "u.pdf", [["Read the full data policy at", "data.gov.uk/policy/open-data"]]), "url", ["data", "policy"], ocr=False)
    assert [m.page for m in r.members] == [1], r.note
    lig = _writer_deck(tmp_path / "f.pdf", [["Agenda"], ["Non-pro\ufb01t \ufb01nance basics", "youtube.com/watch?v=xyz"], ["End"]])
    assert [m.page for m in _run(lig, "youtube", ["nonprofit", "finance"], ocr=False).members] == [2]
