"""text_pattern: a cue makes a phone number only of the number it labels, and a value the layout
breaks up is never a zero.

A cue word elsewhere in the line ("Tel Aviv University, 2018-2019", "Call for papers 2020-2021",
"Mobile phone subscriptions reached 12 345 678") labels no number: the digits are a doubt, never a member
(a member there made "another two companies' phone numbers" short_not_empty on a page with none), and
neither a year nor a volume in parentheses is an area code. A number or address a line break cuts in two
("ring 615-591-" / "2955 on weekdays"), or whose characters stand apart each as a line of its own (a comb
of boxes), or an address with a bracketed "a" for its "@" ("name(a)host.de"), is a doubt, never nothing
(each was a widening). Controls: labelled numbers stay members, and pages without one stay a zero."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _page(path: Path, lines: list[str], draw=None) -> Path:
    doc = pdfs.new_doc(1)
    for j, line in enumerate(lines):
        pdfs.text(doc[0], (72, 100 + 14 * j), line)
    if draw:
        draw(doc[0])
    return pdfs.save(doc, path)


def _found(path: Path, name: str = "phone"):
    res = pdfs.probe(path, "text_pattern", {"pattern": name})
    return [m.what for m in res.members], [m.what for m in res.doubts]


@pytest.mark.parametrize("line", [
    "Tel Aviv University, 2018-2019 annual report",
    "Call for papers 2020-2021",
    "Mobile phone subscriptions reached 12 345 678 in 2019",
    "Call volume rose to 1.234.567 last year",
    "Contact tracing in 2020 2021",
    "Phone sales 2015-2019 grew by 12%",
    "Cell lines 1234-5678 were used",
    "Call for papers on 2020-2021",
    "Phone sales at 2015-2019 grew",
])
def test_a_cue_elsewhere_in_the_line_makes_no_member(tmp_path, line):
    members, doubts = _found(_page(tmp_path / "p.pdf", [line]))
    assert members == [] and doubts, (members, doubts)


@pytest.mark.parametrize(("line", "n"), [
    ("Tel: 2345 6789", 1), ("Tel. (24h): 2345 6789", 1), ("Call us on 2345 6789 today", 1),
    ("Our phone number is 2345 6789.", 1), ("Phone numbers: 2345 6789 or 2345 6790", 2),
    ("Tel 2345 6789, Fax 2345 6790", 2), ("TEL. 2345 6789", 1), ("Call 1-800-GO-KODE", 1),
    ("Students can call LifeLine NUS at 6516 7777 for", 1), ("Contact the Harbour Office on 2345 6789", 1),
])
def test_a_cue_right_before_a_number_still_makes_it_a_member(tmp_path, line, n):
    members, _ = _found(_page(tmp_path / "p.pdf", [line]))
    assert len(members) == n, members


@pytest.mark.parametrize("line", ["Smith J (2019) 123-145", "Nature 45(12) 345-356", "see [12] (2019) 345-678"])
def test_a_year_or_an_issue_in_parentheses_is_no_area_code(tmp_path, line):
    members, doubts = _found(_page(tmp_path / "p.pdf", [line]))
    assert members == [] and doubts, (members, doubts)


@pytest.mark.parametrize("line", ["(615) 591-2955", "+1 (888) 555-0100", "1 (888) 555-0100", "Office (0161) 496 0000"])
def test_an_area_code_in_parentheses_still_makes_a_member(tmp_path, line):
    members, _ = _found(_page(tmp_path / "p.pdf", [line]))
    assert len(members) == 1, members


QUESTION = "What is the contact phone number of another two companies on page 1?"


def test_a_year_range_beside_a_cue_does_not_make_the_set_short(tmp_path):
    d = pdfs.decide(_page(tmp_path / "p.pdf", ["Harbour news", "Tel Aviv University, 2018-2019 annual report"]), QUESTION)
    assert d.case != "short_not_empty" and d.decision == "keep", (d.case, d.reason)
    control = _page(tmp_path / "c.pdf", ["Harbour news", "Acme Ltd  Tel: 01983 873655"])
    assert len(_found(control)[0]) == 1 and pdfs.decide(control, QUESTION).decision == "keep"


NUMBERS = ["615-591-2955", "(615) 591-2955", "020 7946 0958", "+44 20 7946 0958"]


@SETTINGS
@given(number=st.sampled_from(NUMBERS), data=st.data())
@example(number="615-591-2955", data=None)
def test_a_number_a_line_break_cuts_is_never_a_zero(tmp_path_factory, number, data):
    cuts = [i + 1 for i, c in enumerate(number) if c in " -" and i + 1 < len(number)]
    cut = cuts[-1] if data is None else data.draw(st.sampled_from(cuts))
    head, tail = number[:cut].rstrip(), number[cut:].lstrip()
    path = _page(tmp_path_factory.mktemp("wrap") / "p.pdf", ["Harbour office", f"For appointments ring {head}", f"{tail} on weekdays."])
    members, doubts = _found(path)
    assert members or doubts, (head, tail)


def test_a_number_a_line_break_cuts_is_not_widened(tmp_path):
    path = _page(tmp_path / "p.pdf", ["Harbour office", "For appointments ring 615-591-", "2955 on weekdays."])
    d = pdfs.decide(path, "What is the phone number of the harbour office on page 1?")
    assert d.decision == "keep", d.reason
    control = pdfs.decide(_page(tmp_path / "c.pdf", ["Harbour office", "For appointments ring the", "office on weekdays."]),
                          "What is the phone number of the harbour office on page 1?")
    assert control.decision == "widen", control.reason


def test_lines_of_numbers_apart_are_not_joined_into_one(tmp_path):
    # control: prose whose lines end and start with numbers that make no number together
    members, doubts = _found(_page(tmp_path / "p.pdf", ["Harbour office", "The harbour had 615", "moorings in 2019, and", "48 berths."]))
    assert members == [] and doubts == [], (members, doubts)


def test_an_address_a_line_break_cuts_after_a_spelt_at_is_never_a_zero(tmp_path):
    members, doubts = _found(_page(tmp_path / "p.pdf", ["Write to the harbour master, jane at", "example dot com, for a berth."]), "email")
    assert members or doubts


def _comb(digits: str, pitch: float):
    def draw(page: pymupdf.Page) -> None:
        x = 72.0
        for ch in digits:
            page.draw_rect(pymupdf.Rect(x - 3, 290, x + 17, 310))
            page.insert_text((x + 2, 305), ch, fontsize=12)
            x += pitch
    return draw


def test_a_number_printed_one_character_a_box_is_never_a_zero(tmp_path):
    members, doubts = _found(_page(tmp_path / "p.pdf", ["Phone"], _comb("6155912955", 24)))
    assert members or doubts
    d = pdfs.decide(_page(tmp_path / "q.pdf", ["Harbour office"], _comb("6155912955", 24)),
                    "What is the phone number of the harbour office on page 1?")
    assert d.decision == "keep", d.reason


def test_single_digits_far_apart_are_not_read_as_one_number(tmp_path):
    # control: one-digit cells of a table's row, columns far apart (a calendar, a rating scale)
    members, doubts = _found(_page(tmp_path / "p.pdf", ["Ratings"], _comb("1234567", 70)))
    assert members == [] and doubts == [], (members, doubts)


def test_an_address_with_a_bracketed_a_for_its_at_is_a_doubt(tmp_path):
    members, doubts = _found(_page(tmp_path / "p.pdf", ["Write to jane(a)example.com for a berth."]), "email")
    assert members == [] and doubts, (members, doubts)
    members, doubts = _found(_page(tmp_path / "c.pdf", ["See item (a) below for a berth."]), "email")
    assert members == [] and doubts == [], (members, doubts)


@pytest.mark.parametrize("line", ["Install lodash@4.17.21 first", "Buy 3@12.50 each", "python@3.11 and node@18.2",
                                  "Clone git@github.com:acme/repo.git", "ftp://anon@ftp.example.com/pub"])
def test_a_version_a_price_or_a_remote_with_an_at_is_no_address(tmp_path, line):
    # no top-level domain is all digits; a user at a host before a path is a remote, not a mailbox: doubts
    members, doubts = _found(_page(tmp_path / "p.pdf", [line]), "email")
    assert members == [] and doubts, (members, doubts)


@pytest.mark.parametrize(("line", "n"), [("E-mail:jane@example.com", 1), ("mailto:jane@example.com", 1), ("Write to jane@example.com.", 1),
                                         ("jane@example.com/john@example.com", 2), ("Mail jane@example.com: reply soon", 1)])
def test_an_address_beside_colons_and_slashes_is_still_a_member(tmp_path, line, n):
    members, _ = _found(_page(tmp_path / "p.pdf", [line]), "email")
    assert len(members) == n, members


def test_a_version_with_an_at_does_not_make_the_set_short(tmp_path):
    question = "What are the email addresses of another two contacts on page 1?"
    d = pdfs.decide(_page(tmp_path / "p.pdf", ["Release notes", "Install lodash@4.17.21 first."]), question)
    assert d.case != "short_not_empty", (d.case, d.reason)
    control = _page(tmp_path / "c.pdf", ["Release notes", "Write to desk@harbour.co.uk first."])
    assert len(_found(control, "email")[0]) == 1 and pdfs.decide(control, question).decision == "keep"
