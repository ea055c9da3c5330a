"""A pinned or reviewed check against the question's own (hunt of the gate): the pages a numbered place
gives only late, and the params no classification vouches for.

"page 3" of a deck whose slides print their numbers only in their pictures' pixels is PDF page 3 by
index and, read by OCR before a widening, PDF page 4 (the slide printing 3). The question's own check
looks at both. A pin that names the place by another container (a figure captioned on PDF page 3, the
cover for "page 1") or leaves out the printed reading looked at PDF page 3 alone and was accepted."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from widening.engine import pinned
from widening.engine.decide import decide_row
from widening.engine.pinned import check_error, narrower
from widening.facts.extract import load_doc
from widening.models import CheckSpec, Container, ContainerKind, Reading, ReviewedSpec, Row
from widening.probes import REGISTRY, load_all

PARAM_ROLES: dict = getattr(pinned, "PARAM_ROLES", {})  # (absent before the roles were classified)
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
WORD = "Kangaroo"


def _background(w: float, h: float, number: int | None) -> bytes:
    im = Image.new("RGB", (int(2 * w), int(2 * h)), (250, 244, 236))
    draw = ImageDraw.Draw(im)
    draw.rectangle((0, 100, int(2 * w), 150), fill=(20, 60, 120))
    if number is not None:
        draw.text((2 * (w - 40), 2 * (h - 20)), str(number), font=ImageFont.truetype(FONT, 22), fill=(80, 80, 80), anchor="lm")
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def _deck(path: Path, planted: tuple[int, ...]) -> Path:
    """A title slide, then slides printing 1..5 only in their background pictures; ``planted``: PDF pages
    (1-based) carrying the word; a figure caption in the middle of PDF page 3."""
    w, h = 720.0, 405.0
    doc = pymupdf.open()
    for folio in (None, 1, 2, 3, 4, 5):
        page = doc.new_page(width=w, height=h)
        page.insert_image(page.rect, stream=_background(w, h, folio))
        page.insert_text((110, 120), "Quarterly update", fontsize=22)
        page.insert_text((110, 160), "- Revenue grew in all regions", fontsize=14)
    doc[2].insert_text((300, 250), "Figure 1: Revenue by region", fontsize=12)
    for p in planted:
        doc[p - 1].insert_text((110, 330), f"{WORD} counts rose sharply.", fontsize=14)
    doc.save(path)
    doc.close()
    return path


_LOADED: dict[Path, object] = {}


def _decide(path: Path, q: str, **kw):
    """One load per deck (OCR is the cost), decided as the gate decides a document's proposals."""
    if path not in _LOADED:
        _LOADED[path] = load_doc(path, ocr=True)
    return decide_row(Row(doc_id=path.name, question=q, answer="Not answerable"), _LOADED[path], **kw)


def _q(n: int) -> str:
    return f'How many times does the word "{WORD}" appear on page {n}?'


def _pin(container: Container, readings: tuple[Reading, ...] = tuple(Reading)) -> CheckSpec:
    return CheckSpec(probe="text_search", container=container, readings=readings, params={"text": WORD})


PAGE = lambda n: Container(kind=ContainerKind.page, number=str(n), text=f"page {n}")  # noqa: E731
FIGURE1 = Container(kind=ContainerKind.figure, number="1", text="Figure 1")
COVER = Container(kind=ContainerKind.cover, text="the cover")


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("decks")
    # PDF page 4 prints 3, PDF page 2 prints 1: the word is on the printed pages, not on PDF pages 1 and 3.
    yield _deck(d / "planted.pdf", (2, 4)), _deck(d / "control.pdf", ())
    for doc in _LOADED.values():
        doc.close()
    _LOADED.clear()


@pytest.mark.parametrize(("asked", "container", "readings"), [
    (3, FIGURE1, tuple(Reading)),  # another container holding PDF page 3
    (1, COVER, tuple(Reading)),  # "page 1" pinned as the cover
    (3, PAGE(3), (Reading.pdf, Reading.label)),  # the page itself, without the printed reading
    (1, PAGE(1), (Reading.pdf,)),
])
def test_a_pin_that_loses_the_late_printed_reading_is_refused(decks, asked, container, readings):
    planted, _ = decks
    own = _decide(planted, _q(asked))
    assert own.decision == "keep" and any(m.page == asked + 1 for m in own.members + own.doubts), own.reason
    d = _decide(planted, _q(asked), pinned=_pin(container, readings))
    assert d.decision != "widen", d.reason
    assert "Pinned check rejected" in d.reason, d.reason
    # a reviewed spec is held to the same
    r = _decide(planted, _q(asked), reviewed=ReviewedSpec(doc_id=planted.name, question=_q(asked), check=_pin(container, readings)))
    assert r.decision != "widen" and "Reviewed check rejected" in r.reason, r.reason


@pytest.mark.parametrize("asked", [1, 3])
def test_the_pin_of_the_place_itself_under_every_reading_still_widens_a_true_zero(decks, asked):
    planted, control = decks
    assert _decide(control, _q(asked), pinned=_pin(PAGE(asked))).decision == "widen"
    assert _decide(planted, _q(asked), pinned=_pin(PAGE(asked))).decision == "keep"
    # the whole document holds every page: a pin of it is no narrower
    assert _decide(control, _q(asked), pinned=_pin(Container())).decision == "widen"
    assert _decide(planted, _q(asked), pinned=_pin(Container())).decision == "keep"


# --------------------------------------------------------------------------- params: every one classified


def test_every_param_of_every_probe_is_classified():
    load_all()
    for name, info in REGISTRY.items():
        roles = PARAM_ROLES.get(name, {})
        missing = [f for f in info.params.model_fields if f not in roles]
        assert not missing, f"{name}: params {missing} have no role in engine/pinned.py PARAM_ROLES"
        assert set(roles.values()) <= {"narrowing", "neutral"}


def test_an_unclassified_param_is_refused_even_where_its_marker_says_broader(monkeypatch):
    own = CheckSpec(probe="colour_regions", params={"colour": "red", "min_area": 50})
    pin = CheckSpec(probe="colour_regions", params={"colour": "red", "min_area": 10})
    assert narrower(pin, own) is None  # classified: a lower floor finds more
    monkeypatch.setitem(PARAM_ROLES, "colour_regions", {"colour": "narrowing", "shape": "narrowing"})
    assert "not classified" in (narrower(pin, own) or "")
    monkeypatch.delitem(PARAM_ROLES, "colour_regions")
    assert narrower(pin, own) is not None
    assert narrower(own, own) is None  # equal values always cover


@settings(max_examples=60, deadline=None)
@given(probe=st.sampled_from(["graphics", "images", "objects", "vector_blocks", "colour_regions", "table_values", "text_search", "people"]),
       data=st.data())
def test_a_pin_differing_in_any_param_without_a_broader_marker_is_refused(probe, data):
    """Each narrowing param set to another value than the question's own: refused unless the field's marker
    says that value finds more (a lower floor, the widest shape, no restriction)."""
    base = {"graphics": {"kind": "chart"}, "images": {}, "objects": {"object_class": "car"}, "vector_blocks": {},
            "colour_regions": {"colour": "red", "shape": "bar"}, "table_values": {"column": "growth", "op": ">", "value": 10.0},
            "text_search": {"text": "zebra"}, "people": {"attribute": "sunglasses"}}[probe]
    other = {"kind": ["diagram", "logo", "figure", "any"], "min_side": [500.0, 1e9], "object_class": ["truck", "person"],
             "min_score": [0.99, 0.5], "exclude_full_page": [True], "min_w": [1000.0], "min_h": [1000.0], "colour": ["blue", "orange"],
             "min_area": [10**7], "column": ["region", "share"], "op": [">=", "<"], "value": [11.0, 1e6, -1.0], "row_header": ["North"],
             "percent": [True], "sentences": [False], "text": ["zebr", "zebra crossing"], "attribute": [None]}
    field = data.draw(st.sampled_from([f for f in REGISTRY[probe].params.model_fields if f in other]))
    value = data.draw(st.sampled_from(other[field]))
    if probe == "vector_blocks" and field == "kind" and value != "any":
        value = "any"
    pin = CheckSpec(probe=probe, params={**base, field: value})
    own = CheckSpec(probe=probe, params=base)
    if check_error(pin) is not None:
        return
    why = narrower(pin, own)
    broader = (probe, field, value) in {("vector_blocks", "kind", "any")}
    assert (why is None) == broader, (probe, field, value, why)


# --------------------------------------------------------------------------- bad values are bad input


@pytest.mark.parametrize(("spec", "says"), [
    (CheckSpec(probe="graphics", container=Container(kind=ContainerKind.page, number="2", region="middle_of_nowhere"), params={"kind": "chart"}),
     "container.region"),
    (CheckSpec(probe="graphics", params={"kind": "chart", "min_side": math.nan}), "NaN"),
    (CheckSpec(probe="graphics", params={"kind": "chart", "min_side": True}), "yes/no"),
    (CheckSpec(probe="colour_regions", params={"colour": "red", "min_area": False}), "yes/no"),
    (CheckSpec(probe="table_values", params={"column": "x", "value": math.nan}), "NaN"),
])
def test_values_no_check_means_are_errors_not_rejections(spec, says):
    why = check_error(spec)
    assert why is not None and says in why, why


def test_good_values_still_load():
    for spec in (CheckSpec(probe="graphics", container=Container(kind=ContainerKind.page, number="2", region="bottom_right"), params={"kind": "chart"}),
                 CheckSpec(probe="images", params={"exclude_full_page": True, "min_side": 0}),
                 CheckSpec(probe="name_mentions", params={"variants": ["Oslo"], "pictures": True}),
                 CheckSpec(probe="table_values", params={"column": "x", "value": 3, "percent": True})):
        assert check_error(spec) is None, (spec, check_error(spec))
