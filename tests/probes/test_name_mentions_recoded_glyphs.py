"""name_mentions and a font whose character map names its glyphs wrongly: the page prints the name, the text layer
spells other characters. Three forms: a map giving each glyph its glyph number as its code ("Kangaroo" reads
",BOHBSPP"), a map into the codes of another table (CSS small capitals set by MuPDF: "KĵƿƄĵǡǈǈ"), and one glyph named
as another letter wherever it stands ("KJngJroo"). Each is a doubt (glyph_maps), so absent_entity is never claimed on
it: the name is printed. Controls: pages of ordinary, accented and other-script text without the name, and a word one
letter off a short name ("Tessa" for "Tesla"), still measure zero; a page printing the name plainly is a member."""

from __future__ import annotations

import random
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.probes import Scope, glyph_maps, run_probe

WORDS = ["Kangaroo", "Platypus", "Wallaby Creek", "Quillfeather", "Mississippi"]
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
ASKS = ["Which page mentions the word '{w}'?", "How many paragraphs mention {w} on page 2?"]


_recoded = pdfs.recoded_page


def _layer(path: Path) -> str:
    with pymupdf.open(path) as doc:
        return doc[1].get_text()


def _names(path: Path, name: str):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe("name_mentions", doc, Scope(pages=(1, 2, 3)), {"variants": [name]})
    finally:
        doc.close()


def _not_absent(path: Path, name: str) -> None:
    """Neither present nor absent: a doubt on page 2 where the layer reads as letters, else page 2 unread (its words
    read as codes: facts.legibility)."""
    found = _names(path, name)
    assert not found.members and not found.measured_zero, found.note
    if found.status.value != "could_not_measure":
        assert any("recoded one to one" in (d.why or "") for d in found.doubts), [(d.what, d.why) for d in found.doubts]
        assert all(d.page == 2 for d in found.doubts)
    for ask in ASKS:
        row = pdfs.decide(path, ask.format(w=name))
        assert row.case != "absent_entity" and row.decision == "keep", (ask, row.case, row.reason)


@SETTINGS
@given(word=st.sampled_from(WORDS), case=st.sampled_from([str, str.upper, str.title]), alone=st.booleans(), spaces=st.booleans())
def test_glyph_numbers_read_as_codes_are_no_absence(tmp_path, word, case, alone, spaces) -> None:
    """Each glyph mapped to its own number: the layer reads every letter 29-31 codes off (",BOHBSPP"); the space's glyph
    number too (a control code between the words) or a space."""
    printed = case(word)
    path = _recoded(tmp_path / "g.pdf", [printed if alone else f"The {printed} report."], lambda g, c: g if spaces or c != " " else 0x20)
    assert word.lower() not in _layer(path).lower()
    _not_absent(path, word)


@SETTINGS
@given(word=st.sampled_from(WORDS), seed=st.integers(0, 10_000))
def test_letters_read_as_codes_of_another_table_are_no_absence(tmp_path, word, seed) -> None:
    """Each glyph mapped to a distinct letter of Latin Extended-A/B (a small-capital glyph by its number in another table)."""
    pool = random.Random(seed).sample(range(0x100, 0x250), 80)
    codes: dict[int, int] = {}
    path = _recoded(tmp_path / "s.pdf", [f"The {word} report."], lambda g, c: 0x20 if c == " " else codes.setdefault(g, pool[len(codes)]))
    assert word.lower() not in _layer(path).lower()
    _not_absent(path, word)


def test_small_capitals_typeset_from_html_are_no_absence(tmp_path) -> None:
    """MuPDF sets CSS small capitals with glyphs its ToUnicode map names by their numbers in another table: the page shows
    "The Kangaroo lives", the layer says "Tƒŧ KĵƿƄĵǡǈǈ ..."; the question was answered absent_entity."""
    doc = pdfs.new_doc(3)
    for k, page in enumerate(doc):
        pdfs.text(page, (72, 100), f"Annual report body text, section {k + 1}.")
    doc[1].insert_htmlbox(pymupdf.Rect(72, 180, 400, 260), '<p>The <span style="font-variant:small-caps">Kangaroo</span> lives</p>')
    path = pdfs.save(doc, tmp_path / "sc.pdf")
    if "kangaroo" in _layer(path).lower():
        pytest.skip("this MuPDF maps small capitals to their letters")
    _not_absent(path, "Kangaroo")


@pytest.mark.parametrize("word, letter, read", [("Kangaroo", "a", "J"), ("Mississippi", "s", "f"), ("Platypus", "p", "q")])
def test_a_recurring_letter_named_as_another_is_no_absence(tmp_path, word, letter, read) -> None:
    """One glyph named as another letter wherever it stands ("KJngJroo"): two edits or more, past the edit budget."""
    path = _recoded(tmp_path / "m.pdf", [f"The {word} report."], lambda g, c: ord(read) if c == letter else ord(c))
    assert word.lower() not in _layer(path).lower()
    found = _names(path, word)
    assert not found.members and not found.measured_zero and found.doubts, found.note
    row = pdfs.decide(path, ASKS[0].format(w=word))
    assert row.case != "absent_entity", row.reason


@pdfs.needs_dejavu
@pytest.mark.parametrize("name", ["Kangaroo", "Tesla", "Platypus", "Moskva", "Level 6", "Wallaby Creek"])
def test_ordinary_accented_and_other_script_text_without_the_name_measures_zero(tmp_path, name) -> None:
    doc = pdfs.new_doc(3)
    lines = ["The annual report of the board covers growth in data and models.", "Ærøskøbing, Đường, Þórður, Łódź, Straße",
             "Москва и Санкт-Петербург", "Αθήνα και Θεσσαλονίκη", "Figure 3: GDP growth (percent), IBM, HAL, Tessa's U.S. sales",
             "Level 5 — “quoted” café naïve résumé, e.g. 10–12%", "Mississauga, Kanazawa, Wallis"]
    writer = pymupdf.TextWriter(doc[1].rect)
    for i, line in enumerate(lines):
        writer.append((72, 200 + 30 * i), line, font=pymupdf.Font(fontfile=str(pdfs.DEJAVU_SANS)), fontsize=12)
    writer.write_text(doc[1])
    path = pdfs.save(doc, tmp_path / "c.pdf")
    found = _names(path, name)
    assert found.measured_zero and not found.doubts, [(d.what, d.why) for d in found.doubts]
    row = pdfs.decide(path, ASKS[0].format(w=name))
    assert row.case == "absent_entity", row.reason


def test_a_page_printing_the_name_plainly_is_a_member(tmp_path) -> None:
    path = _recoded(tmp_path / "p.pdf", ["The Kangaroo report."], lambda g, c: ord(c))
    found = _names(path, "Kangaroo")
    assert [m.page for m in found.members] == [2] and not found.doubts


@given(text=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60),
       name=st.sampled_from(["Level 6", "Kangaroo", "Mississippi 2", "a1a1a", "Tesla"]))
def test_the_stored_text_screen_never_hides_a_hit(text, name) -> None:
    """``StoredText.may_hold`` is a screen: wherever the searches find the name in the stored text, it says so (a
    character recurring before a digit, "Level 6", once made the misnamed search's pattern a wrong group reference)."""
    glyphs = []
    start = True
    for c in text:
        glyphs.append((c, (0.0, 0.0, 0.0, 0.0), start or c.isspace()))
        start = c.isspace()
    hits = glyph_maps.misnamed_glyph_hits(glyphs, name, "t", whole_words=True, recurring=True) + glyph_maps.recoded_glyph_hits(glyphs, name, "t")
    if hits:
        assert glyph_maps.StoredText(text).may_hold(name)


@pytest.mark.parametrize(("year", "printed"), [("2020", ["42", "42"]), ("2020", ["4242"]), ("2020", ["2424"]), ("1919", ["0808"]), ("2022", ["4244"])])
def test_another_number_printed_is_no_recoded_year(tmp_path, year, printed) -> None:
    """Numbers match exactly: two chart labels "42" stacked (read glyph by glyph as "4242"), or another number
    whose digits stand as the year's moved by one distance, are other numbers, never a doubt of the year."""
    doc = pdfs.new_doc(3)
    doc[1].insert_text((72, 100), "The survey of adults covers trust in government.", fontsize=11)
    for i, label in enumerate(printed):
        doc[1].insert_text((483, 360 + 16 * i), label, fontsize=11)
    path = pdfs.save(doc, tmp_path / "n.pdf")
    found = _names(path, year)
    assert found.measured_zero and not found.doubts, [(d.what, d.why) for d in found.doubts]
