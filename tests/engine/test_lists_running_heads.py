"""Ordinal list items, held out: a section's last items run onto the page where the next section opens,
and that page's running head names the next section in its outline (short) title, which the body
heading does not print as such. The running head is no heading: the section is not cut there, and
"the sixth bullet point" of a six-item section is no missing container."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest

RULES = [f"Keep the unit dry, rule {k}." for k in range(1, 8)]


def _manual(path: Path, head: str | None, head_y: float = 30, head_size: float = 8, n_after: int = 2) -> Path:
    """'2 Cleaning' holds 4 bullets on p2 and ``n_after`` more on p3 above '3 Safety instructions for everyday
    use'; the outline calls section 3 'Safety'; p3 prints ``head`` (a running head) at ``head_y``."""
    d = pymupdf.open()
    p1 = d.new_page(width=400, height=600)
    p1.insert_text((40, 60), "1 Introduction", fontname="hebo", fontsize=13)
    p1.insert_textbox(pymupdf.Rect(40, 80, 360, 200), "This manual describes the unit.", fontsize=10)
    p2 = d.new_page(width=400, height=600)
    p2.insert_text((40, 60), "2 Cleaning", fontname="hebo", fontsize=13)
    for k in range(4):
        p2.insert_text((44, 100 + 22 * k), f"\u2022 {RULES[k]}", fontsize=10)
    p2.insert_textbox(pymupdf.Rect(40, 200, 360, 560), "Clean the unit regularly with a soft cloth. " * 30, fontsize=10)
    p3 = d.new_page(width=400, height=600)
    if head:
        p3.insert_text((40, head_y), head, fontname="heit", fontsize=head_size)
    for k in range(4, 4 + n_after):
        p3.insert_text((44, 90 + 22 * (k - 4)), f"\u2022 {RULES[k]}", fontsize=10)
    p3.insert_text((40, 170), "3 Safety instructions for everyday use", fontname="hebo", fontsize=13)
    p3.insert_textbox(pymupdf.Rect(40, 190, 360, 320), "Read all instructions before use. " * 6, fontsize=10)
    for i, page in enumerate(d, 1):
        page.insert_text((200, 585), str(i), fontsize=8)
    d.set_toc([[1, "1 Introduction", 1], [1, "2 Cleaning", 2], [1, "3 Safety", 3]])
    return pdfs.save(d, path)


@pytest.mark.parametrize("head, y, size", [("SAFETY", 30, 8), ("Safety", 575, 8), ("3 Safety", 75, 8)])
def test_a_running_head_naming_the_next_section_does_not_cut_the_section(tmp_path: Path, head: str, y: float, size: float) -> None:
    """Claimed missing before: the count stopped at the running head above bullets 5 and 6."""
    pdf = _manual(tmp_path / "rh.pdf", head, y, size)
    for ordinal in ("fifth", "sixth"):
        dec = pdfs.decide(pdf, f"What is the {ordinal} bullet point for cleaning?")
        assert dec.case != "missing_container", (head, ordinal, dec.reason)
    (r,) = pdfs.list_counts(pdf, "What is the sixth bullet point for cleaning?")
    assert not r.missing, r.explain()


def test_without_a_running_head_the_section_ends_at_its_heading(tmp_path: Path) -> None:
    pdf = _manual(tmp_path / "plain.pdf", None)
    assert pdfs.decide(pdf, "What is the sixth bullet point for cleaning?").case != "missing_container"
    assert pdfs.decide(pdf, "What is the seventh bullet point for cleaning?").case == "missing_container"


def test_a_heading_in_the_body_still_ends_the_section(tmp_path: Path) -> None:
    # Bullets of section 3 under its heading are not counted for section 2: the heading line ends it.
    pdf = _manual(tmp_path / "short.pdf", None, n_after=0)
    (r,) = pdfs.list_counts(pdf, "What is the fifth bullet point for cleaning?")
    assert r.missing, r.explain()
