"""Page thumbnails: fixed width, bounded height, cached by sha256 + page + width."""

from __future__ import annotations

import io
from pathlib import Path

import pdfs
from PIL import Image

from widening.facts.thumbs import MAX_HEIGHT, THUMB_WIDTH, Thumbnailer


def _pdf(tmp_path: Path) -> Path:
    doc = pdfs.new_doc(pages=2, width=300, height=400)
    doc.new_page(width=300, height=6000)  # a scrolled web page: far taller than wide
    pdfs.image(doc[0], (20, 30, 120, 90))
    return pdfs.save(doc, tmp_path / "t.pdf")


def test_fixed_width_bounded_height_and_the_pictures_on_the_page(tmp_path: Path) -> None:
    path = _pdf(tmp_path)
    t = Thumbnailer(cache_root=None)
    try:
        first = t.get(path, 1)
        tall = t.get(path, 3)
        assert t.get(path, 4) is None  # no such page: nothing to show, never a blank picture
    finally:
        t.close()
    assert first is not None and tall is not None
    assert (first.px_width, first.width, first.height) == (THUMB_WIDTH, 300, 400)
    assert Image.open(io.BytesIO(first.jpeg)).size == (first.px_width, first.px_height)
    assert first.pictures == ((20.0, 30.0, 120.0, 90.0),)
    assert tall.px_height <= MAX_HEIGHT and tall.px_width < THUMB_WIDTH


def test_a_cached_thumbnail_is_not_rendered_again_and_width_is_part_of_the_key(tmp_path: Path) -> None:
    path = _pdf(tmp_path)
    cache = tmp_path / "cache"
    a = Thumbnailer(cache_root=cache)
    img = a.get(path, 1)
    a.close()
    b = Thumbnailer(cache_root=cache)
    again = b.get(path, 1)
    assert (b.rendered, b.cached) == (0, 1) and again == img
    assert not b._open  # served from the cache without opening the PDF
    narrow = Thumbnailer(cache_root=cache, width=200)
    assert narrow.get(path, 1).px_width == 200 and narrow.rendered == 1
    narrow.close()
    assert len(list((cache / "thumbs").rglob("*.jpg"))) == 2
