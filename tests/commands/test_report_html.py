"""The HTML evidence report, opened in a real browser (headless Chromium driven by Playwright).

The corpus is built by code: a widening, a member found (short_not_empty), a region
question with an image member, a missing container, an absent name, a row without a PDF,
and a v1 file so the V2 comparison has all three kinds of row. The browser tests skip
with a message when Playwright or a Chromium binary is missing.
"""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pdfs
from widening.commands.cli import main
from widening.commands.report_html import highlight, row_anchor

Q_ITALIC = "What is the yellow color italic texts in page 2?"
Q_RANGE = "How many figures are provided in Pages 400-640?"
Q_NAME = "What did Zanzibar Quux say about the body text on page 2?"
Q_IMAGE = "How many images are at the top left of page 2?"
YELLOW = (1, 0.85, 0)
IMAGE_RECT = (30, 40, 130, 120)
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _doc(path: Path, yellow_italic: bool = False, image: bool = False) -> None:
    doc = pdfs.new_doc(pages=3, width=300, height=400)
    for i, page in enumerate(doc):
        pdfs.text(page, (40, 200), f"Body text of page {i + 1}.")
    if yellow_italic:
        pdfs.text(doc[1], (40, 100), "golden words", font="tiit", size=20, colour=YELLOW)
    if image:
        pdfs.image(doc[1], IMAGE_RECT, colour=(20, 160, 40))
    pdfs.save(doc, path)


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A corpus built by code, audited once; returns the output folder (audit.json, audit.html)."""
    root = tmp_path_factory.mktemp("report") / "corpus"
    (root / "documents").mkdir(parents=True)
    _doc(root / "documents" / "plain.pdf")
    _doc(root / "documents" / "styled.pdf", yellow_italic=True)
    _doc(root / "documents" / "pics.pdf", image=True)
    rows = [
        ("plain.pdf", Q_ITALIC, "Not answerable or 0 or none"),  # V2 widened, engine widens: agreed
        ("styled.pdf", Q_ITALIC, "Not answerable or 0 or none"),  # V2 widened, engine keeps: missed
        ("pics.pdf", Q_ITALIC, "Not answerable"),  # engine widens, V2 did not: beyond V2
        ("pics.pdf", Q_IMAGE, "Not answerable"),
        ("plain.pdf", Q_RANGE, "Not answerable"),
        ("plain.pdf", Q_NAME, "Not answerable"),
        ("gone.pdf", Q_ITALIC, "Not answerable"),
        ("plain.pdf", "How many pages does <b>this</b> & that have?", "3"),
    ]
    v2 = [{"doc_id": d, "question": q, "answer": a} for d, q, a in rows]
    v1 = [{"doc_id": d, "question": q, "answer": "3" if a == "3" else "Not answerable"} for d, q, a in rows]
    (root / "samples.json").write_text(json.dumps(v2))
    (root / "samples_v1.json").write_text(json.dumps(v1))
    out = root.parent / "out"
    assert main(["audit", "--corpus", str(root), "--out", str(out), "--auto", "--no-cache", "--jobs", "1", "--no-progress"]) == 0
    return out


def _records(out: Path) -> list[dict]:
    return json.loads((out / "audit.json").read_text())


# --------------------------------------------------------------------------- without a browser


def test_audit_writes_a_self_contained_html_with_every_row(audited: Path) -> None:
    html = (audited / "audit.html").read_text()
    records = _records(audited)
    assert len(records) == 7
    for r in records:
        assert f'id="{row_anchor(r["doc_id"], r["question"])}"' in html
    assert "http://" not in html and "https://" not in html  # nothing to fetch: no CDN, no font, no script
    assert "<script src" not in html and "<link" not in html
    assert "data:image/jpeg;base64," in html  # a small report carries its pages inline
    assert not (audited / "audit-pages").exists()


def test_rows_carry_the_case_specific_evidence(audited: Path) -> None:
    html = (audited / "audit.html").read_text()
    assert "page count" in html and "search terms" in html and "&#39;Zanzibar Quux&#39;" in html
    assert "documents/gone.pdf is not in the corpus" in html
    assert "beyond V2" in html and "V2 widened, engine keeps" in html


def test_report_command_renders_the_same_rows_from_the_json_alone(audited: Path, tmp_path: Path) -> None:
    out = tmp_path / "again.html"
    corpus = audited.parent / "corpus"
    assert main(["report", str(audited / "audit.json"), "--html", str(out), "--corpus", str(corpus), "--no-cache"]) == 0
    assert out.read_text() == (audited / "audit.html").read_text()


def test_large_reports_put_pages_in_a_folder_beside_the_html(audited: Path, tmp_path: Path) -> None:
    from widening.commands.report_html import write_html

    out = tmp_path / "big" / "audit.html"
    w = write_html(_records(audited), out, audited.parent / "corpus", cache_dir=tmp_path / "cache", inline_cap=0)
    assert not w.inline and w.images >= 3
    files = sorted((tmp_path / "big" / "audit-pages").glob("*.jpg"))
    assert len(files) == w.images
    html = out.read_text()
    assert all(f'src="audit-pages/{f.name}"' in html for f in files)
    again = write_html(_records(audited), out, audited.parent / "corpus", cache_dir=tmp_path / "cache", inline_cap=0)
    assert again.rendered == 0  # every page came from the thumbnail cache


def test_question_text_is_escaped_and_parts_are_marked() -> None:
    from widening.question.parse import parse_question

    q = "How many <script>alert(1)</script> images are at the top left of page 2?"
    out = str(highlight(q, parse_question(q).model_dump(mode="json")))
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert '<mark class="q-container" title="page 2 region top_left">page 2</mark>' in out
    assert '<mark class="q-container" title="region: top_left">top left</mark>' in out
    assert 'class="q-target"' in out


def test_anchors_are_stable_and_ignore_whitespace() -> None:
    assert row_anchor("a.pdf", "How  many pages?") == row_anchor(" a.pdf", "How many pages? ")
    assert row_anchor("a.pdf", "How many pages?") != row_anchor("b.pdf", "How many pages?")


# --------------------------------------------------------------------------- in the browser


def _chromium() -> str:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("browser test skipped: Playwright for Python is not installed (pip install playwright)")
    for candidate in (os.environ.get("WIDENING_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if candidate and (path := shutil.which(candidate)):
            return path
    pytest.skip("browser test skipped: no Chromium found (apt-get install chromium, or set WIDENING_CHROMIUM)")


@pytest.fixture(scope="module")
def page(audited: Path):
    from playwright.sync_api import sync_playwright

    exe = _chromium()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=BROWSER_ARGS)
        pg = browser.new_page(viewport={"width": 1280, "height": 900})
        requests: list[str] = []
        pg.on("request", lambda r: requests.append(r.url))
        pg.goto((audited / "audit.html").as_uri())
        pg.requests = requests  # type: ignore[attr-defined]
        yield pg
        browser.close()


def _visible_anchors(page) -> set[str]:
    return set(page.eval_on_selector_all("article.row:not([hidden])", "els => els.map(e => e.id)"))


def test_every_row_is_present_and_nothing_is_fetched(page, audited: Path) -> None:
    records = _records(audited)
    assert _visible_anchors(page) == {row_anchor(r["doc_id"], r["question"]) for r in records}
    assert page.locator("#count").inner_text() == f"{len(records)} of {len(records)} rows"
    assert all(u.startswith(("file:", "data:")) for u in page.requests), page.requests


def test_filters_hide_the_right_rows(page, audited: Path) -> None:
    records = _records(audited)

    def anchors(pred) -> set[str]:
        return {row_anchor(r["doc_id"], r["question"]) for r in records if pred(r)}

    page.select_option("select[name=case]", "short_not_empty")
    assert _visible_anchors(page) == anchors(lambda r: r["case"] == "short_not_empty") and len(_visible_anchors(page)) == 2
    page.select_option("select[name=doc]", "pics.pdf")
    assert _visible_anchors(page) == anchors(lambda r: r["case"] == "short_not_empty" and r["doc_id"] == "pics.pdf")
    page.select_option("select[name=case]", "")
    page.select_option("select[name=doc]", "")
    page.fill("input[name=q]", "zanzibar")
    assert _visible_anchors(page) == anchors(lambda r: "Zanzibar" in r["question"])
    page.fill("input[name=q]", "")
    page.select_option("select[name=v2]", "engine_only")
    assert _visible_anchors(page) == {row_anchor("pics.pdf", Q_ITALIC)}
    page.select_option("select[name=v2]", "")
    page.select_option("select[name=decision]", "widen")
    assert _visible_anchors(page) == anchors(lambda r: r["decision"] == "widen")
    page.select_option("select[name=decision]", "")
    assert len(_visible_anchors(page)) == len(records)


def _box_matches(page, rect_sel: str, bbox: list[float]) -> None:
    """The rendered box is bbox x (shown width / page width), offset by the shown page's corner.

    The browser's box includes the stroke (drawn centred on the edge), so half of it is taken off each side.
    """
    box = page.locator(rect_sel).first
    pagebox = page.locator(rect_sel + " >> xpath=ancestor::button[contains(@class,'pagebox')]").first
    img = pagebox.locator("img")
    shown = img.bounding_box()
    scale = shown["width"] / float(pagebox.get_attribute("data-w"))
    got = box.bounding_box()
    half = float(box.evaluate("e => parseFloat(getComputedStyle(e).strokeWidth)")) / 2
    got = {"x": got["x"] + half, "y": got["y"] + half, "width": got["width"] - 2 * half, "height": got["height"] - 2 * half}
    want = {"x": shown["x"] + bbox[0] * scale, "y": shown["y"] + bbox[1] * scale,
            "width": (bbox[2] - bbox[0]) * scale, "height": (bbox[3] - bbox[1]) * scale}
    for k in want:
        assert abs(got[k] - want[k]) <= 1.0, (k, got, want)


def _wait_for_pages(page, row: str) -> None:
    """The row's page images are lazy: wait until each has loaded and decoded."""
    page.wait_for_function("sel => Array.from(document.querySelectorAll(sel)).every(i => i.complete && i.naturalWidth > 0)",
                           arg=f"{row} img")


def _pixels_inside(page, bbox_px: dict) -> list[tuple[int, int, int]]:
    from PIL import Image

    shot = page.screenshot(clip=bbox_px)
    raw = Image.open(io.BytesIO(shot)).convert("RGB").tobytes()
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]  # type: ignore[misc]


def test_member_boxes_lie_over_the_members_on_the_thumbnail(page, audited: Path, tmp_path: Path) -> None:
    records = _records(audited)
    styled = next(r for r in records if r["doc_id"] == "styled.pdf")
    member = styled["members"][0]
    # The engine's bbox is where PyMuPDF finds the words on the page.
    with pymupdf.open(audited.parent / "corpus" / "documents" / "styled.pdf") as doc:
        hit = doc[1].search_for("golden words")[0]
    assert abs(member["bbox"][0] - hit.x0) < 2 and abs(member["bbox"][1] - hit.y0) < 3

    sel = f"#{row_anchor('styled.pdf', Q_ITALIC)} rect.box.member"
    page.locator(sel).first.scroll_into_view_if_needed()
    _wait_for_pages(page, f"#{row_anchor('styled.pdf', Q_ITALIC)}")
    assert page.locator(sel).first.get_attribute("data-bbox") == ",".join(str(v) for v in member["bbox"])
    _box_matches(page, sel, member["bbox"])
    # What the box frames on screen is the yellow text, not blank paper.
    yellow = [p for p in _pixels_inside(page, page.locator(sel).first.bounding_box()) if p[0] > 200 and p[1] > 160 and p[0] - p[2] > 60]
    assert len(yellow) >= 5

    pics = next(r for r in records if r["question"] == Q_IMAGE)
    assert pics["case"] == "short_not_empty" and pics["members"]
    sel = f"#{row_anchor('pics.pdf', Q_IMAGE)} rect.box.member"
    page.locator(sel).first.scroll_into_view_if_needed()
    _wait_for_pages(page, f"#{row_anchor('pics.pdf', Q_IMAGE)}")
    _box_matches(page, sel, pics["members"][0]["bbox"])
    green = [p for p in _pixels_inside(page, page.locator(sel).first.bounding_box()) if p[1] > 120 and p[0] < 80 and p[2] < 100]
    assert len(green) > 100
    region = f"#{row_anchor('pics.pdf', Q_IMAGE)} rect.box.region"
    _box_matches(page, region, [0, 0, 0.6 * 300, 0.6 * 400])

    # Click to enlarge: the same boxes, scaled with the page.
    page.locator(f"#{row_anchor('pics.pdf', Q_IMAGE)} .pagebox").first.click()
    assert page.locator("#lightbox").is_visible()
    big = page.locator("#lightbox rect.box.member")
    assert big.bounding_box()["width"] > 2 * page.locator(sel).first.bounding_box()["width"]
    _box_matches(page, "#lightbox rect.box.member", pics["members"][0]["bbox"])
    page.keyboard.press("Escape")
    assert not page.locator("#lightbox").is_visible()

    shot = tmp_path / "report.png"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    if os.environ.get("WIDENING_SCREENSHOTS"):  # CI can keep it as an artifact
        shutil.copy(shot, Path(os.environ["WIDENING_SCREENSHOTS"]) / "report.png")


def test_gate_writes_the_report_of_its_run(audited: Path, tmp_path: Path) -> None:
    corpus = audited.parent / "corpus"
    proposals = tmp_path / "proposals.yaml"
    proposals.write_text(json.dumps([{"doc_id": "pics.pdf", "question": Q_ITALIC}, {"doc_id": "styled.pdf", "question": Q_ITALIC},
                                     {"doc_id": "plain.pdf", "question": "Not a question of this corpus?"}]))
    out = tmp_path / "gate.html"
    code = main(["gate", str(proposals), "--corpus", str(corpus), "--no-cache", "--jobs", "1", "--html", str(out)])
    assert code == 1
    html = out.read_text()
    assert html.count('<article class="row"') == 3
    assert 'data-decision="accept"' in html and 'data-case="short_not_empty"' in html and 'data-case="row_not_found"' in html
    assert f'id="{row_anchor("styled.pdf", Q_ITALIC)}"' in html and "rect class=\"box member\"" in html


_WORDS = ["page", "2", "top left", "of", "the", "red", "italic", "logos", "images", "in", "picture", "Figure 3",
          "not", "except", "another", "two", "Acme Corp", "2019", "level-6", '"quoted term"', "<b>", "&", "'", "?"]


@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=14))
def test_highlighting_keeps_the_question_text_exactly_and_marks_do_not_nest(words: list[str]) -> None:
    import html as stdlib_html
    import re

    from widening.question.parse import parse_question

    q = " ".join(words)
    parsed = parse_question(q).model_dump(mode="json")
    out = str(highlight(q, parsed))
    assert "<b>" not in out  # every piece of the question is escaped
    marks = re.findall(r"<mark [^>]*>(.*?)</mark>", out)
    assert all("<mark" not in m for m in marks)
    assert stdlib_html.unescape(re.sub(r"</?mark[^>]*>", "", out)) == parsed["text"]


def test_report_refuses_a_file_that_is_not_an_audit(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "audit.json"
    bad.write_text('{"not": "a list"}')
    assert main(["report", str(bad), "--html", str(tmp_path / "a.html"), "--no-cache"]) == 2
    assert "audit.json" in capsys.readouterr().err and not (tmp_path / "a.html").exists()
