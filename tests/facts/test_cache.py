"""The on-disk facts cache: keyed by PDF content and engine version, self-healing, never required."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from widening import ENGINE_VERSION
from widening.facts.cache import Cache, cache_from_options, default_cache_dir, load_doc_cached


def _pdf(path: Path, words: str = "hello", pages: int = 2) -> Path:
    doc = pymupdf.open()
    for i in range(pages):
        doc.new_page().insert_text((72, 72), f"{words} {i + 1}")
    doc.save(path)
    return path


def _entries(cache: Cache) -> list[Path]:
    return sorted(cache.root.rglob("*.json"))


def test_default_dir_follows_env_then_xdg_then_home():
    assert default_cache_dir({"WIDENING_CACHE": "/c", "XDG_CACHE_HOME": "/x"}) == Path("/c")
    assert default_cache_dir({"XDG_CACHE_HOME": "/x"}) == Path("/x/widening")
    assert default_cache_dir({}) == Path.home() / ".cache" / "widening"


def test_options_override_and_disable(tmp_path):
    assert cache_from_options(tmp_path / "c").root == tmp_path / "c"
    assert cache_from_options(tmp_path / "c", no_cache=True) is None


def test_cold_then_warm_reuses_the_stored_facts(tmp_path):
    pdf = _pdf(tmp_path / "a.pdf")
    cache = Cache(tmp_path / "cache")
    cold = load_doc_cached(pdf, cache, ocr=False)
    assert (cache.hits, cache.misses) == (0, 1)
    (entry,) = _entries(cache)
    assert entry.relative_to(cache.root).parts[:2] == (ENGINE_VERSION, "facts")
    warm = load_doc_cached(pdf, cache, ocr=False)
    assert (cache.hits, cache.misses) == (1, 1)
    assert warm.facts == cold.facts and warm.facts.pages[0].text.startswith("hello 1")
    assert (cache.root / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (cache.root / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    cold.close()
    warm.close()


def test_the_key_is_the_content_not_the_name(tmp_path):
    cache = Cache(tmp_path / "cache")
    a = load_doc_cached(_pdf(tmp_path / "a.pdf", "alpha"), cache, ocr=False)
    b = load_doc_cached(_pdf(tmp_path / "a.pdf", "beta"), cache, ocr=False)  # same name, new bytes
    assert cache.misses == 2 and b.facts.pages[0].text.startswith("beta")
    assert a.facts.sha256 != b.facts.sha256


def test_engine_version_and_ocr_switch_are_part_of_the_key(tmp_path):
    pdf = _pdf(tmp_path / "a.pdf")
    load_doc_cached(pdf, Cache(tmp_path / "cache"), ocr=False)
    other = Cache(tmp_path / "cache", engine_version="9.9-other")
    load_doc_cached(pdf, other, ocr=False)
    assert other.misses == 1
    same = Cache(tmp_path / "cache")
    load_doc_cached(pdf, same, ocr=True)
    assert same.misses == 1


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"sha256": "x"}', b"\x00" * 64])
def test_a_corrupt_entry_is_ignored_and_rewritten(tmp_path, damage):
    pdf = _pdf(tmp_path / "a.pdf")
    cache = Cache(tmp_path / "cache")
    good = load_doc_cached(pdf, cache, ocr=False).facts
    (entry,) = _entries(cache)
    entry.write_bytes(damage)
    again = Cache(tmp_path / "cache")
    assert load_doc_cached(pdf, again, ocr=False).facts == good
    assert again.misses == 1
    assert Cache(tmp_path / "cache").get_facts(good.sha256, ocr=False) == good


def test_an_entry_for_other_bytes_is_not_trusted(tmp_path):
    cache = Cache(tmp_path / "cache")
    a = load_doc_cached(_pdf(tmp_path / "a.pdf", "alpha"), cache, ocr=False).facts
    b = load_doc_cached(_pdf(tmp_path / "b.pdf", "beta"), cache, ocr=False).facts
    # Someone copies a's entry over b's: the sha256 inside no longer matches the key.
    cache.path("facts", f"{b.sha256}-noocr").write_bytes(cache.path("facts", f"{a.sha256}-noocr").read_bytes())
    assert Cache(tmp_path / "cache").get_facts(b.sha256, ocr=False) is None


def test_an_unwritable_cache_slows_down_but_never_stops(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    cache = Cache(tmp_path / "file" / "cache")
    doc = load_doc_cached(_pdf(tmp_path / "a.pdf"), cache, ocr=False)
    assert doc.facts.page_count == 2 and cache.write_errors


def test_warm_corpus_document_matches_cold(corpus, tmp_path):
    pdf = Path(corpus) / "documents" / "2023.acl-long.386.pdf"
    if not pdf.is_file():
        pytest.skip(f"{pdf.name} not in this corpus")
    cache = Cache(tmp_path / "cache")
    cold = load_doc_cached(pdf, cache, ocr=False)
    warm = load_doc_cached(pdf, cache, ocr=False)
    assert cache.hits == 1 and warm.facts == cold.facts
    assert warm.facts.pages[4].label == "6985"  # labels survive the round trip (pitfall 1)
