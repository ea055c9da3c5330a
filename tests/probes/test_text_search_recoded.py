"""A font whose character map names every glyph wrongly, not one: the page prints the word, the text
layer spells other characters throughout. Two forms: a map giving each glyph its glyph number as its code
("Kangaroo" reads ",BOHBSPP": every letter the same distance off), and a map into the codes of another table
(small capitals: "KĵƿƄĵǡǈǈ"). No control or private-use code shows it, so the page reads as letters; text_search
must not call it empty (a zero where a reader sees the word is a false widening). Controls: pages of ordinary
text, accented words and words of other scripts without the word still measure zero."""

from __future__ import annotations

import random
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.probes import Scope, run_probe

WORDS = ["Kangaroo", "Tesla", "Acme", "sustainability", "Platypus"]


_recoded = pdfs.recoded_page


def _search(path: Path, text: str, page: int = 2):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe("text_search", doc, Scope(pages=(page,)), {"text": text})
    finally:
        doc.close()


def _layer(path: Path) -> str:
    with pymupdf.open(path) as doc:
        return doc[1].get_text()


def _is_recoded_doubt(result) -> bool:
    # A map that gives every letter its own glyph number says no more than the codes: facts.legibility leaves such
    # a page unread (could_not_measure), which is as safe as the doubt.
    return not result.members and not result.measured_zero and (
        result.status.value == "could_not_measure" or any("recoded one to one" in (d.why or "") for d in result.doubts))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.sampled_from(WORDS), case=st.sampled_from([str, str.upper, str.lower, str.title]), alone=st.booleans())
def test_glyph_numbers_read_as_codes_are_a_doubt(tmp_path, word, case, alone) -> None:
    """A map from each glyph to its own number: the layer reads every letter 29-31 codes off (",BOHBSPP")."""
    printed = case(word)
    path = _recoded(tmp_path / "g.pdf", [printed if alone else f"The {printed} report."], lambda g, c: g if c != " " else 0x20)
    assert word.lower() not in _layer(path).lower()  # the layer does not say it
    assert _is_recoded_doubt(_search(path, word)), _layer(path)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.sampled_from(WORDS), seed=st.integers(0, 10_000))
def test_letters_read_as_codes_of_another_table_are_a_doubt(tmp_path, word, seed) -> None:
    """Each glyph mapped to a distinct letter of Latin Extended-A/B (a small-capital glyph by its number in another table)."""
    pool = random.Random(seed).sample(range(0x100, 0x250), 80)
    codes: dict[int, int] = {}
    path = _recoded(tmp_path / "s.pdf", [f"The {word} report."], lambda g, c: 0x20 if c == " " else codes.setdefault(g, pool[len(codes)]))
    assert word.lower() not in _layer(path).lower()
    assert _is_recoded_doubt(_search(path, word)), _layer(path)


def test_small_capitals_typeset_from_html_are_a_doubt(tmp_path) -> None:
    """MuPDF sets CSS small capitals with glyphs its ToUnicode map names by their numbers in another table: the page shows
    "The Kangaroo lives", the layer says "Tƒŧ KĵƿƄĵǡǈǈ ƯƗ΄ŧǪ"."""
    doc = pdfs.new_doc(3)
    doc[1].insert_htmlbox(pymupdf.Rect(72, 180, 400, 260), "<p style='font-variant:small-caps'>The Kangaroo lives</p>")
    path = pdfs.save(doc, tmp_path / "sc.pdf")
    if "kangaroo" in _layer(path).lower():
        pytest.skip("this MuPDF maps small capitals to their letters")
    assert _is_recoded_doubt(_search(path, "Kangaroo"))
    doc = load_doc(path, ocr=False)
    try:
        row = decide_row(Row(doc_id=path.name, question="How many times is Kangaroo mentioned in the report?", answer="Not answerable"), doc)
    finally:
        doc.close()
    assert row.decision == "keep" and row.case == "unverifiable", row.reason


@pytest.mark.parametrize("word", ["Kangaroo", "Tesla", "Acme", "Moskva", "Athina", "Warsaw"])
def test_ordinary_accented_and_other_script_text_without_the_word_measures_zero(tmp_path, word) -> None:
    doc = pdfs.new_doc(3)
    lines = ["The annual report of the board covers growth in data and models.", "Ærøskøbing, Đường, Þórður, Łódź, Straße",
             "Москва и Санкт-Петербург", "Αθήνα και Θεσσαλονίκη", "Figure 3: GDP growth (percent), IBM, HAL"]
    writer = pymupdf.TextWriter(doc[1].rect)
    for i, line in enumerate(lines):
        writer.append((72, 200 + 30 * i), line, font=pymupdf.Font(fontfile=str(pdfs.DEJAVU_SANS)), fontsize=12)
    writer.write_text(doc[1])
    path = pdfs.save(doc, tmp_path / "c.pdf")
    found = _search(path, word)
    assert found.measured_zero and not found.doubts, [(d.what, d.why) for d in found.doubts]


def test_a_page_printing_the_word_plainly_is_a_member_not_a_recoded_doubt(tmp_path) -> None:
    path = _recoded(tmp_path / "p.pdf", ["The Kangaroo report."], lambda g, c: ord(c))
    found = _search(path, "Kangaroo")
    assert len(found.members) == 1 and not found.doubts
