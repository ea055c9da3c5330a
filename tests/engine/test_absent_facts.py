"""absent_entity for fact questions on filings built with PyMuPDF (truth known by construction):
a company the filing never names, and the absent combination of a name and a year, each with
the negative that must not be claimed. Every claim is checked against the page text."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Decision, Row
from widening.probes import Scope, run_probe

FILLER = "Notes to the consolidated statements."


def _filing(path: Path, pages: dict[int, list[str]], n: int = 8) -> Path:
    """An ``n``-page text-layer filing; ``pages`` maps a page number to its lines, other pages hold filler."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=420, height=300)
        for k, line in enumerate(pages.get(i, [FILLER])):
            page.insert_text((30, 50 + 22 * k), line, fontsize=11)
    doc.save(path)
    doc.close()
    return path


BASE = {
    1: ["Annual report of Best Widgets Inc."],
    2: ["Interest expense in 2020 was 12; operating income in 2020 was 96."],
    3: ["Selected financial data for 2019."],
    6: ["Results of the Northwind segment."],
}


def _decide(pdf: Path, question: str) -> Decision:
    doc = load_doc(pdf, ocr=False)
    try:
        return decide_row(Row(doc_id=pdf.name, question=question, answer="Not answerable"), doc)
    finally:
        doc.close()

def _a_doubt_on_page_1_not_a_claim(pdf: Path, question: str, control: str) -> None:
    """``question`` keeps its row for a doubt on page 1; ``control`` (a form the page never prints) is still claimed,
    unless its head names a list's entries ("step 7": the seventh of steps printed without numbers; never claimed)."""
    d = _decide(pdf, question)
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.doubts and {m.page for m in d.doubts} == {1}, d.reason
    d = _decide(pdf, control)
    if control.split()[2] == "step":
        assert (d.decision, d.case) == ("keep", "unverifiable") and "a place in a list" in d.reason, d.reason
    else:
        assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason



def _pages_with(pdf: Path, word: str) -> list[int]:
    """Independent of the engine: pages whose PyMuPDF text holds ``word`` (case-folded substring)."""
    with pymupdf.open(pdf) as doc:
        return [i for i, p in enumerate(doc, 1) if word.casefold() in p.get_text().casefold()]


@pytest.mark.parametrize("question", [
    "what is interest coverage ratio for AMCOR'FY 2020? round your answer to three decimal?",
    "What is the interest coverage ratio for AMCOR in FY20?",
    "Tell me the interest coverage ratio of AMCOR for 2020.",
])
def test_a_company_the_filing_never_names_is_absent(tmp_path: Path, question: str) -> None:
    pdf = _filing(tmp_path / "filing.pdf", BASE)
    d = _decide(pdf, question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    assert "'AMCOR'" in d.reason and "0 exact hits" in d.reason and "8 page(s)" in d.reason
    assert _pages_with(pdf, "amcor") == []  # the claim holds on the page


def test_a_company_the_filing_names_is_not_absent(tmp_path: Path) -> None:
    pdf = _filing(tmp_path / "filing.pdf", {**BASE, 2: BASE[2] + ["Peer group: AMCOR plc and others."]})
    d = _decide(pdf, "what is interest coverage ratio for AMCOR'FY 2020?")
    assert d.case != "absent_entity", d.reason
    assert d.decision == "keep"


def test_a_name_and_a_year_that_never_share_a_page(tmp_path: Path) -> None:
    pdf = _filing(tmp_path / "filing.pdf", BASE)
    d = _decide(pdf, "What was the revenue of the Northwind segment in FY2019?")
    # The rule reports, it does not claim (rules/cases.yaml combination.claim): the row is kept as a doubt.
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert "never together" in d.reason and "'Northwind' on pages [6]" in d.reason and "[3]" in d.reason
    # the claim holds on the page: the name's page does not print the year, nor do its neighbours
    assert _pages_with(pdf, "northwind") == [6] and _pages_with(pdf, "2019") == [3]


@pytest.mark.parametrize("where", [6, 7], ids=["same page", "next page (a table over a page break)"])
def test_a_name_and_a_year_on_one_page_or_neighbours_are_not_claimed(tmp_path: Path, where: int) -> None:
    pages = {**BASE, where: BASE.get(where, []) + ["Segment figures, fiscal 2019."]}
    pdf = _filing(tmp_path / "filing.pdf", pages)
    d = _decide(pdf, "What was the revenue of the Northwind segment in FY2019?")
    assert d.case != "absent_entity" and "never together" not in d.reason, d.reason


def test_two_names_are_never_combined(tmp_path: Path) -> None:
    """A label listed in an appendix and the method it belongs to are each on their own page."""
    pdf = _filing(tmp_path / "paper.pdf", {**BASE, 3: ["Appendix: the template for label Contact.Meet."]})
    d = _decide(pdf, "Tell me the prompt template used for label 'Contact.Meet' in the Northwind method.")
    assert d.case != "absent_entity", d.reason


@pytest.mark.parametrize("legend, claimed", [("20192020P", False), ("20172018P", True)])
def test_years_run_together_count_as_the_year(tmp_path: Path, legend: str, claimed: bool) -> None:
    """OCR reads a legend "2019 2020P" as one number: the year may be printed there, so no claim."""
    pdf = _filing(tmp_path / "deck.pdf", {**BASE, 6: BASE[6] + [f"Legend {legend}"]})
    d = _decide(pdf, "What was the revenue of the Northwind segment in 2019?")
    assert ("never together" in d.reason) is claimed and d.case != "absent_entity", d.reason
    doc = load_doc(pdf, ocr=False)
    try:
        res = run_probe("name_mentions", doc, Scope(pages=tuple(range(1, 9))), {"variants": ["2019"], "year": "2019"})
    finally:
        doc.close()
    assert [m.page for m in res.members] == [3]
    assert [m.page for m in res.doubts] == ([] if claimed else [6])


SURVEY_FILLER = "Opinions of Americans on the economy, the response and the year ahead."
CHART = ["Disapproval of the job the president is doing, by group", "Total 59", "Men 57", "Women 61",
         "White 50", "Black 88", "Hispanic 68", "Ages 18-29 73", "Ages 30-49 63", "Ages 50-64 51",
         "Postgrad 73", "College grad 65", "Some college 56", "HS or less 53", "Note: survey of adults."]


def _survey(path: Path, chart_page: int = 4, subject_pages: tuple[int, ...] = (1, 2, 3, 5, 6, 7, 8)) -> Path:
    """A survey report about Americans whose chart labels its rows 'White', 'Black', ... far from the word."""
    pages = {i: [SURVEY_FILLER] for i in subject_pages}
    pages[chart_page] = CHART
    return _filing(path, {i: pages.get(i, [FILLER]) for i in range(1, 9)})


QUESTION = "How many percent of White Americans disapprove of the way the president handles his job?"


def test_a_row_label_of_a_survey_about_americans_stands_for_white_americans(tmp_path: Path) -> None:
    """Held-out regression (an answerable survey row): 'White' labels a chart row, 'Americans' is what the
    report is about; neither the words' distance nor their pages can say the group is absent."""
    pdf = _survey(tmp_path / "survey.pdf")
    d = _decide(pdf, QUESTION)
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert "what the whole document is about" in d.reason and "'White'" in d.reason, d.reason
    assert [m.page for m in d.doubts] == [4]  # the reviewer is pointed at the row label
    assert _pages_with(pdf, "white") == [4]


def test_a_name_whose_last_word_is_not_the_documents_subject_is_still_claimed(tmp_path: Path) -> None:
    """'Americans' on one inner page only: the report is not about them, and the words never meet."""
    pdf = _survey(tmp_path / "survey.pdf", subject_pages=(7,))
    d = _decide(pdf, QUESTION)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    assert "never occur within 25 words" in d.reason
    assert _pages_with(pdf, "americans") == [7] and _pages_with(pdf, "white") == [4]


def test_a_group_the_survey_never_labels_is_absent_whatever_the_subject(tmp_path: Path) -> None:
    pdf = _survey(tmp_path / "survey.pdf")
    d = _decide(pdf, QUESTION.replace("White", "Amish"))
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    assert "'Amish' occurs nowhere" in d.reason and _pages_with(pdf, "amish") == []


GROUPS = ["Americans", "Canadians", "Voters", "Adults", "Residents", "Germans", "Respondents"]
LABELS = ["White", "Black", "Hispanic", "Rural", "Urban", "Catholic", "Protestant", "Veterans"]


@settings(max_examples=12)
@given(group=st.sampled_from(GROUPS), label=st.sampled_from(LABELS), chart_page=st.integers(2, 8),
       extra=st.sets(st.integers(2, 8), max_size=4))
def test_a_printed_label_under_the_documents_subject_is_never_claimed_absent(tmp_path_factory, group, label, chart_page, extra):
    """Whatever the group the report is about and wherever its chart is: a printed row label of that
    report is never called absent as '<label> <group>', and the doubt points at the label."""
    lines = [f"Opinions of {group} on the year ahead."]
    pages = {i: lines for i in {1, *extra} - {chart_page}}
    pages[chart_page] = [r.replace("White", label) for r in CHART]
    pdf = _filing(tmp_path_factory.mktemp("g") / "survey.pdf", pages)
    d = _decide(pdf, f"How many percent of {label} {group} disapprove of the way the president handles his job?")
    assert d.case != "absent_entity", d.reason
    assert chart_page in {m.page for m in d.doubts}, d.reason


# --------------------------------------------------------------------------- numbered items printed without their head word

HEADLESS = [
    ("What does step 3 ask the user to do?", ["To install the printer:", "1. Unpack the printer.", "2. Connect the power cable.",
                                               "3. Insert the paper tray.", "4. Press the power button."], "What does step 7 ask the user to do?"),
    ("What does Section 3.4 report?", ["3.3 Methods", "We surveyed 400 staff.", "3.4 Results", "Most staff rated it good."], "What does Section 5.2 report?"),
    ("What is Chapter 4 about?", ["3  Methods", "We surveyed 400 staff.", "4  Results", "Most staff rated it good."], "What is Chapter 9 about?"),
    ("What does version 2.1 add?", ["Release v2.1 adds offline mode."], "What does version 4.6 add?"),
    ("What is error 388 about?", ["ERR388: the paper tray is empty."], "What is error 512 about?"),
    ("What is error 388 about?", ["Code 388 means the paper tray is empty."], "What is error 512 about?"),
    ("What does Windows 9.0 add?", ["Windows 9 adds a new start menu."], "What does Windows 7.0 add?"),
    ("How many respondents in Wave 4 said yes?", ["In the fourth wave, 63% said yes."], "How many respondents in Wave 8 said yes?"),
]


@pytest.mark.parametrize("question, lines, control", HEADLESS, ids=[h[1][0][:12] for h in HEADLESS])
def test_a_numbered_item_printed_without_its_head_word_is_a_doubt(tmp_path: Path, question: str, lines: list[str], control: str) -> None:
    """A list mark "3.", a heading "3.4", a glued "ERR388" or "v2.1", another head word ("Code 388"), "9" for
    "9.0", an ordinal word beside the head ("the fourth wave"): the item may be printed without its head word."""
    pdf = _filing(tmp_path / "f.pdf", {1: lines}, n=2)
    _a_doubt_on_page_1_not_a_claim(pdf, question, control)


# --------------------------------------------------------------------------- years printed in other forms

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SHORT_YEARS = [
    ("What was the revenue in 2019?", "Revenue in 2018-19 was 4.2 million.", "What was the revenue in 2023?"),
    ("What was the revenue in 2019?", "Revenue in 2018/19 was 4.2 million.", "What was the revenue in 2023?"),
    ("What was the revenue in 2019?", "Revenue for fiscal year 2018 to 19 was 4.2 million.", "What was the revenue in 2023?"),
    ("What was the revenue in 2019?", "Revenue for FY 2018\u2013\u201919 was 4.2 million.", "What was the revenue in 2023?"),
    ("What were the sales in Q3 2019?", "Sales by quarter: Q1 \u201919 4.1, Q3 \u201919 4.6.", "What were the sales in Q3 2021?"),
    ("What were the sales in Q3 2019?", "Sales by quarter: 1Q19 4.1, 3Q19 4.6.", "What were the sales in Q3 2021?"),
    ("What was agreed on 1 May 2022?", "The agreement was signed on 01.05.22 in Geneva.", "What was agreed on 1 May 2024?"),
    ("What were the sales in May 2022?", "Monthly sales: Apr-22 3.9, May-22 4.2.", "What were the sales in May 2024?"),
]


@pytest.mark.parametrize("question, line, control", SHORT_YEARS, ids=[s[1][:24] for s in SHORT_YEARS])
def test_a_year_printed_in_a_short_form_is_a_doubt(tmp_path: Path, question: str, line: str, control: str) -> None:
    """The end of an abbreviated range ("2018-19", "2018/19", "2018 to 19", "2018–’19") and two-digit
    years ("Q3 ’19", "3Q19", "01.05.22", "May-22") may stand for the year: doubts, never an absence."""
    pdf = tmp_path / "f.pdf"
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=300)
    page.insert_text((30, 50), line, fontsize=10, fontname="dj", fontfile=DEJAVU)
    doc.new_page(width=420, height=300).insert_text((30, 50), FILLER, fontsize=11)
    doc.save(pdf)
    _a_doubt_on_page_1_not_a_claim(pdf, question, control)


PERIODS = ["between 2010 and 2015", "from 2010 up to 2015", "2010~2015", "2010\u20122015", "2010\u22122015", "FY2010\u2013FY2015",
           "2010/11 - 2015/16", "2010\u2013present", "2010 to date", "since 2010", "in the 2010s", "2010 \uff5e 2015"]


@pytest.mark.parametrize("period", PERIODS)
def test_a_year_inside_a_printed_period_is_a_doubt(tmp_path: Path, period: str) -> None:
    """A period printed with a word, a pair, a tilde, a figure dash or minus, fiscal years, an open end or a
    decade covers 2013 without printing it: a doubt, never an absence; 2008, before it, is still claimed.
    DejaVu has no full-width tilde: the layer says NUL between the years, which may be any dash."""
    pdf = tmp_path / "f.pdf"
    doc = pymupdf.open()
    doc.new_page(width=420, height=300).insert_text((30, 50), f"Stores opened {period} are listed.", fontsize=10, fontname="dj", fontfile=DEJAVU)
    # Dated 2015: an open period ("since 2010") runs to the document's present, the year after the latest it prints.
    doc.new_page(width=420, height=300).insert_text((30, 50), FILLER + " Annual report, March 2015.", fontsize=11)
    doc.save(pdf)
    _a_doubt_on_page_1_not_a_claim(pdf, "How many stores opened in 2013?", "How many stores opened in 2008?")


# --------------------------------------------------------------------------- other forms of the same name

OTHER_FORMS = [
    ("What was the revenue of Brambleton Corp?", "Brambleton Corporation reported revenue of 4.2 million.", "What was the revenue of Zorblax Corp?"),
    ("What profit did Brambleton Intl report?", "Brambleton International reported a profit.", "What profit did Zorblax Intl report?"),
    ("How many projects did the Dept of Energy fund?", "The Department of Energy funded 12 projects.", "How many projects did the Dept of Zorblax fund?"),
    ("Who hosted the summit in Saint Petersburg?", "St. Petersburg hosted the summit.", "Who hosted the summit in Saint Zorblax?"),
    ("How many staff climbed Mount Kilimanjaro?", "Mt. Kilimanjaro was climbed by 40 staff.", "How many staff climbed Mount Zorblax?"),
    ("What profit did United States Steel report?", "U.S. Steel reported a profit of 4.2 million.", "What profit did United Zorblax Steel report?"),
    ("What share of sales came from the United States of America?", "The USA gave 40% of sales.", "What share of sales came from the United Zorblax of America?"),
    ("What share of sales came from New York City?", "NYC gave 40% of sales.", "What share of sales came from New Zorblax City?"),
    # A version's dotted number wherever it is printed, its trailing zero parts dropped; a number's parts
    # with another mark between them (found on documents the engine was not tuned on).
    ("What changed in version 2.18.0?", "Install mmdet 2.18 now.", "What changed in version 3.7.0?"),
    ("What changed in Release 4.1.0?", "Zorblax 4.1 notes follow.", "What changed in Release 4.2.0?"),
    ("Who uses room 2-04?", "Room 2.04 is used by the staff.", "Who uses room 3-05?"),
]


@pytest.mark.parametrize("question, line, control", OTHER_FORMS, ids=[o[1][:16] for o in OTHER_FORMS])
def test_an_abbreviated_or_expanded_name_is_a_doubt(tmp_path: Path, question: str, line: str, control: str) -> None:
    """"Corp" for "Corporation", "St." for "Saint", "U.S." or "USA" or "NYC" for the words they abbreviate:
    the name is printed in another form, a doubt, never an absence."""
    pdf = _filing(tmp_path / "f.pdf", {1: [line]}, n=2)
    _a_doubt_on_page_1_not_a_claim(pdf, question, control)


@settings(max_examples=10, deadline=None)
@given(words=st.lists(st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=5, max_size=8), min_size=2, max_size=4, unique_by=lambda w: w[0]),
       dots=st.booleans())
def test_a_name_printed_only_as_its_initials_is_never_claimed_absent(tmp_path_factory, words: list[str], dots: bool) -> None:
    """Any name of several words printed only as its initials ("N.Y.C.", or "NYC" of three letters or more)."""
    name = " ".join(w.capitalize() for w in words)
    dots = dots or len(words) == 2
    initials = "".join(w[0].upper() + ("." if dots else "") for w in words)
    pdf = _filing(tmp_path_factory.mktemp("i") / "f.pdf", {1: [f"The {initials} office gave 40% of sales."]}, n=2)
    d = _decide(pdf, f"What share of sales came from the {name} office?")
    assert d.case != "absent_entity", d.reason


def test_a_middle_initial_dropped_or_a_first_name_as_an_initial_is_a_doubt(tmp_path: Path) -> None:
    """"John F. Kennedy" printed "John Kennedy" or "J. F. Kennedy": a doubt; a surname never printed is absent."""
    for line in ("John Kennedy was elected in 1960.", "J. F. Kennedy was elected in 1960."):
        pdf = _filing(tmp_path / "f.pdf", {1: [line]}, n=2)
        d = _decide(pdf, "When was John F. Kennedy elected?")
        assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
        assert "numbered" not in d.reason
        d = _decide(pdf, "When was John F. Zorblax elected?")
        assert (d.decision, d.case) == ("keep", "absent_entity") and "numbered" not in d.reason, d.reason


ABBREVIATED_WITH_PERIOD = [
    ("How many offices are in Ft. Lauderdale?", "Offices in Fort Lauderdale grew.", "How many offices are in Ft. Zorblax?"),
    ("How many students are at Univ. of Bergen?", "The University of Bergen grew.", "How many students are at Univ. of Zorblax?"),
    ("How many staff work at the Dept. of Energy?", "The Department of Energy grew.", "How many staff work at the Dept. of Zorblax?"),
    ("How many stations are on Mt. Everest?", "Stations at Mount Everest.", "How many stations are on Mt. Zorblax?"),
]


@pytest.mark.parametrize("question, line, control", ABBREVIATED_WITH_PERIOD, ids=[a[1][:20] for a in ABBREVIATED_WITH_PERIOD])
def test_an_abbreviation_with_its_period_is_read_with_the_name_it_opens(tmp_path: Path, question: str, line: str, control: str) -> None:
    """"Ft. Lauderdale" asked, "Fort Lauderdale" printed: one name in another form, a doubt; never the name "Ft" absent."""
    pdf = _filing(tmp_path / "f.pdf", {1: [line]}, n=2)
    _a_doubt_on_page_1_not_a_claim(pdf, question, control)


@settings(max_examples=8, deadline=None)
@given(word=st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=6, max_size=9), name=st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=6, max_size=9),
       cut=st.sampled_from(["prefix2", "prefix3", "prefix4", "skeleton"]))
def test_any_shortening_with_a_period_beside_a_printed_word_is_never_claimed_absent(tmp_path_factory, word: str, name: str, cut: str) -> None:
    """A word shortened to its start or to its first and last letters, with a period, before a name printed as asked."""
    short = word[0] + word[-1] if cut == "skeleton" else word[:int(cut[-1])]
    pdf = _filing(tmp_path_factory.mktemp("s") / "f.pdf", {1: [f"Offices in {word.capitalize()} {name.capitalize()} grew."]}, n=2)
    d = _decide(pdf, f"How many offices are in {short.capitalize()}. {name.capitalize()}?")
    assert d.case != "absent_entity", d.reason


FIRST_INITIALS = [
    ("How many papers did John Smith write?", "Paper by J. Smith and K. Lee.", "How many papers did John Zorblax write?"),
    ("How many papers did John Smith write?", "References: Smith, J. and Lee, K. (2019).", "How many papers did John Zorblax write?"),
    ("How many papers did John Smith write?", "Paper by J Smith and K Lee.", "How many papers did Zorblax Smith write?"),
    ("How many offices are in South Africa?", "Offices in S. Africa grew.", "How many offices are in South Zorblax?"),
    ("How many papers did Mary Ann Smith write?", "Paper by M. A. Smith.", "How many papers did Mary Ann Zorblax write?"),
]


@pytest.mark.parametrize("question, line, control", FIRST_INITIALS, ids=[f[1][:20] for f in FIRST_INITIALS])
def test_a_first_word_printed_as_its_initial_is_a_doubt(tmp_path: Path, question: str, line: str, control: str) -> None:
    """"J. Smith", "Smith, J." or "S. Africa" printed for "John Smith" or "South Africa": a doubt, never 'John' absent;
    a last word never printed is absent, and so is a first word printed with another initial."""
    pdf = _filing(tmp_path / "f.pdf", {1: [line]}, n=2)
    _a_doubt_on_page_1_not_a_claim(pdf, question, control)


JOINED_BY_AND = [
    ("How many firms did the Securities and Exchange Commission fine?", "The SEC fined firms in 2019.",
     "How many firms did the Zorblax and Quandle Commission fine?"),
    ("How many rules did the Department of Health and Human Services issue?", "The HHS issued rules.",
     "How many rules did the Department of Zorblax and Quandle Services issue?"),
    ("How many schools did the Department for Education open?", "The DfE opened schools.",
     "How many schools did the Department for Zorblax open?"),
]


@pytest.mark.parametrize("question, line, control", JOINED_BY_AND, ids=[j[1][:12] for j in JOINED_BY_AND])
def test_a_name_joined_by_and_is_read_whole_before_a_part_is_claimed(tmp_path: Path, question: str, line: str, control: str) -> None:
    """"SEC" printed, "Securities and Exchange Commission" asked: read as one name its initials are printed, so
    "Securities" alone is never claimed absent; a name whose initials and words are printed nowhere still is."""
    pdf = _filing(tmp_path / "f.pdf", {1: [line]}, n=2)
    _a_doubt_on_page_1_not_a_claim(pdf, question, control)


def test_two_names_joined_by_and_stay_two_names(tmp_path: Path) -> None:
    """"Google and Amazon": each printed on its own page is no claim; one printed nowhere is still absent."""
    pdf = _filing(tmp_path / "f.pdf", {1: ["Google opened offices."], 5: ["Amazon opened offices."]}, n=8)
    d = _decide(pdf, "How many offices do Google and Amazon have?")
    assert d.case != "absent_entity", d.reason
    pdf = _filing(tmp_path / "g.pdf", {1: ["Google opened offices."]}, n=8)
    d = _decide(pdf, "How many offices do Google and Zorblax have?")
    assert d.case == "absent_entity" and "Zorblax" in d.reason, d.reason


def test_a_name_only_in_metadata_or_a_bookmark_is_claimed_on_no_page(tmp_path: Path) -> None:
    """The claim's scope is the pages: a title in the metadata or a bookmark is no mention on a page."""
    pdf = tmp_path / "f.pdf"
    doc = pymupdf.open()
    doc.new_page(width=420, height=300).insert_text((30, 50), FILLER, fontsize=11)
    doc.set_metadata({"title": "Zorblax annual figures"})
    doc.set_toc([[1, "Zorblax", 1]])
    doc.save(pdf)
    d = _decide(pdf, "What profit did Zorblax report?")
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    assert "on no page" in d.reason and "nowhere in the document" not in d.reason, d.reason


@pytest.mark.parametrize("section, sub", [(2, 1), (3, 2), (4, 3), (5, 2)])
def test_a_section_numbered_in_roman_numerals_and_letters_is_a_doubt(tmp_path: Path, section: int, sub: int) -> None:
    """IEEE numbers sections "III. RESULTS" and their subsections "B. Failure modes": "Section 3.2" is printed
    there without its number as asked. A doubt, never absent; a section past the last one is still claimed."""
    from widening.text import to_roman

    pdf = tmp_path / "s.pdf"
    doc = pymupdf.open()
    page = doc.new_page()
    y = 60
    for n in range(1, section + 1):
        page.insert_text((72, y), f"{to_roman(n)}. PART {n} OF THE STUDY", fontsize=11)
        y += 18
        for k in range(sub):
            page.insert_text((72, y), f"{chr(65 + k)}. Topic {k + 1} of part {n}", fontsize=10)
            page.insert_text((72, y + 14), "We describe the rig and the samples in turn.", fontsize=10)
            y += 34
    doc.save(pdf)
    _a_doubt_on_page_1_not_a_claim(pdf, f"What is reported in Section {section}.{sub}?", f"What is reported in Section {section + 6}.{sub}?")
