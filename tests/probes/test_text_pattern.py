"""text_pattern: phone numbers and e-mail addresses, on the per-page skeleton (members, repeats as
non-members, a page it cannot read as could-not-measure)."""

from __future__ import annotations

import unicodedata
from functools import partial

import pdfs
import pymupdf
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

# Image-only fixture pages must stay unread: OCR is not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


def _doc(tmp_path, pages: list[list[str]], image_pages: tuple[int, ...] = ()):
    d = pdfs.new_doc(len(pages))
    for i, lines in enumerate(pages):
        for j, line in enumerate(lines):
            pdfs.text(d[i], (72, 100 + 20 * j), line)
        if i + 1 in image_pages:
            pdfs.image(d[i], (0, 0, 612, 792))
    return load_doc(pdfs.save(d, tmp_path / "t.pdf"))


def test_a_number_printed_twice_is_one_member_and_one_repeat(tmp_path):
    doc = _doc(tmp_path, [["Tel: 615-591-2955", "mail: desk@example.org"], ["Call 615.591.2955"]])
    res = run_probe("text_pattern", doc, Scope((1, 2)), {"pattern": "phone"})
    assert res.status is ProbeStatus.measured and len(res.members) == 1 and res.members[0].page == 1
    assert [m.page for m in res.best_candidates] == [2] and res.note == "1 repeated value(s) listed as candidates"
    mail = run_probe("text_pattern", doc, Scope((1, 2)), {"pattern": "email"})
    assert ["desk@example.org" in m.what for m in mail.members] == [True]


def test_a_page_it_cannot_read_blocks_a_zero_but_not_a_member(tmp_path):
    doc = _doc(tmp_path, [["Tel: 615-591-2955"], []], image_pages=(2,))
    blind = run_probe("text_pattern", doc, Scope((2,)), {"pattern": "phone"})
    assert blind.status is ProbeStatus.could_not_measure and "p2: OCR switched off" in blind.note
    both = run_probe("text_pattern", doc, Scope((1, 2)), {"pattern": "phone"})
    assert both.status is ProbeStatus.measured and len(both.members) == 1 and "could not measure p2" in both.note


def test_whole_pages_are_read_and_the_result_says_so(tmp_path):
    doc = _doc(tmp_path, [["Tel: 615-591-2955"]])
    res = run_probe("text_pattern", doc, Scope((1,), region="bottom_right"), {"pattern": "phone"})
    assert len(res.members) == 1 and res.region is None
    outside = run_probe("text_pattern", doc, Scope((3,)), {"pattern": "phone"})
    assert outside.status is ProbeStatus.could_not_measure and "page outside" in outside.note


@settings(max_examples=6, deadline=None)
@given(st.lists(st.integers(200_000_0000, 999_999_9999), min_size=1, max_size=5, unique=True))
def test_every_printed_number_is_a_member(tmp_path_factory, numbers):
    lines = [f"Phone {str(n)[:3]}-{str(n)[3:6]}-{str(n)[6:]}" for n in numbers]
    doc = _doc(tmp_path_factory.mktemp("tp"), [lines])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert sorted(m.what.split("'")[1] for m in res.members) == sorted(line.split(" ")[1] for line in lines)


def test_numbers_no_phone_shape_takes_are_doubts_not_dropped(tmp_path):
    """Regression: a toll-free number, a local 3-4 number, space-separated groups and a service number
    after "dial" were dropped by the phone shapes, so a page listing them read as a measured zero."""
    doc = _doc(tmp_path, [["Lifeline 1-800-273-8255", "Front desk 555-1234", "In an emergency dial 911", "Office 615 591 2955"]])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert not res.measured_zero
    assert [m.what.split("'")[1] for m in res.members] == ["1-800-273-8255"]  # a North American shape: sure
    assert sorted(m.what.split("'")[1] for m in res.doubts) == ["555-1234", "615 591 2955", "911"]
    assert all(m.why and m.page == 1 for m in res.doubts)


def test_an_at_sign_outside_a_complete_address_is_an_email_doubt(tmp_path):
    doc = _doc(tmp_path, [["Write to desk @ example.org or @helpdesk", "mail:desk@example.org"]])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "email"})
    assert [m.what.split("'")[1] for m in res.members] == ["desk@example.org"]
    assert sorted(m.what.split("'")[1] for m in res.doubts) == ["@", "@helpdesk"]


_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def test_an_address_whose_at_the_layer_cannot_say_is_a_doubt(tmp_path):
    """New questions (2026-12-03): a font with no Unicode for its "@" (here DejaVu, which has no
    full-width "＠", leaves NUL in the layer) printed "jane.roe\x00quorvane.com": no address shape
    took it, and "what is the email address on page 1" widened."""
    d = pdfs.new_doc()
    for k in range(3):
        pdfs.text(d[0], (72, 100 + 16 * k), "Body text of the page, nothing else to see.")
    d[0].insert_text((72, 200), "Contact: jane.roe\uff20quorvane.com", fontname="dv", fontfile=_DEJAVU, fontsize=11)
    doc = load_doc(pdfs.save(d, tmp_path / "t.pdf"))
    assert "\x00" in doc.page(1).get_text()
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "email"})
    assert not res.measured_zero and any("quorvane.com" in m.what for m in res.doubts), res.note


@settings(max_examples=80)
@given(local=st.from_regex(r"[a-z][a-z0-9.]{0,10}[a-z0-9]", fullmatch=True), host=st.from_regex(r"[a-z][a-z0-9-]{0,8}[a-z]", fullmatch=True),
       tld=st.sampled_from(["com", "org", "co.uk", "de", "info"]), unsaid=st.sampled_from(["\x00", "\ufffd", "\ue040", "\uf0a7"]))
def test_any_unsayable_at_between_an_address_parts_is_an_email_doubt(local, host, tld, unsaid):
    from widening.probes.text_pattern import _emails

    sure, unsure = _emails(f"Write to {local}{unsaid}{host}.{tld} today")
    assert not sure and f"{local}{unsaid}{host}.{tld}" in unsure
    # Control: an unsayable mark between words of prose is no address.
    assert _emails(f"Write to {local} {unsaid} today.") == ([], [])


def test_a_phone_number_in_a_footer_logo_is_read(tmp_path):
    """Regression: pictures classed as decorations (a small image in the footer band) were not read,
    so a number printed only there was missed. Every picture is read now (picture_words)."""
    from fixtures.pictures import PictureNameSpec, picture_png
    from widening.probes.images import placed_images

    d = pdfs.new_doc(1)
    pdfs.text(d[0], (72, 100), "Our offices")
    png = picture_png(PictureNameSpec(px=(300, 40), dpi=144, font="helv", size=20, name="Tel +44 20 7946 0123", at=(0.1, 0.5)))
    d[0].insert_image((200, 750, 350, 770), stream=png)
    doc = _load_doc(pdfs.save(d, tmp_path / "f.pdf"))
    assert [p.klass for p in placed_images(doc.page(1), 1)] == ["decoration"]
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert [m.page for m in res.members] == [1], (res.note, res.doubts)


def test_an_image_page_ocr_read_and_found_no_words_is_measured(tmp_path):
    """OCR that ran and read nothing has measured the page: a zero, not could-not-measure."""
    d = pdfs.new_doc(1)
    pdfs.image(d[0], (0, 0, 612, 792))
    doc = _load_doc(pdfs.save(d, tmp_path / "blank.pdf"))
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert res.measured_zero, res.note


@settings(max_examples=25, deadline=None)
@given(groups=st.lists(st.integers(2, 5), min_size=2, max_size=4).filter(lambda g: 7 <= sum(g) <= 15),
       sep=st.sampled_from([" ", "-", "."]), label=st.sampled_from(["", "Office ", "Desk: ", "Lifeline "]),
       seed=st.integers(0, 10**6))
def test_every_digit_run_of_phone_length_is_a_member_or_a_doubt(tmp_path_factory, groups, sep, label, seed):
    """Property: whatever the grouping, separators or label, a run of 7-15 digits is never dropped."""
    import random

    rnd = random.Random(seed)
    number = sep.join("".join(rnd.choice("0123456789") for _ in range(n)) for n in groups)
    doc = _doc(tmp_path_factory.mktemp("tp"), [[f"{label}{number}"]])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert not res.measured_zero, (number, res.note)


# --------------------------------------------------------------------------- vanity numbers

_KEYS = {c: d for d, cs in {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV", "9": "WXYZ"}.items() for c in cs}


def _found(res) -> tuple[list[str], list[str]]:
    return [m.what.split("'")[1] for m in res.members], [m.what.split("'")[1] for m in res.doubts]


def test_a_vanity_number_is_a_member_or_a_doubt_never_a_zero(tmp_path):
    """Regression: "call 1-800-GO-KODE" was a measured zero for phone numbers (a phone needed 7 digits)."""
    doc = _doc(tmp_path, [["Customer care: call 1-800-GO-KODE"], ["Order at 1-800-FLOWERS", "Bank line +1 (888) MY-BANK-1"],
                          ["Freephone 0800 GO KODE", "Lost? 1-800-GO-KODE"]])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert _found(res) == (["1-800-GO-KODE"], []), res.note  # a cue labels it
    whole = run_probe("text_pattern", doc, Scope((2, 3)), {"pattern": "phone"})
    # a toll-free or trunk lead and a whole number of keypad digits: sure; else a doubt
    assert _found(whole) == (["1-800-FLOWERS", "+1 (888) MY-BANK-1", "0800 GO KODE"], ["1-800-GO-KODE"]), whole.note
    assert all(m.page == 3 and "letters" in (m.why or "") for m in whole.doubts)


def test_a_vanity_number_and_its_digits_are_one_number(tmp_path):
    doc = _doc(tmp_path, [["Call 1-800-FLOWERS"], ["Call 1-800-356-9377", "Lifeline 1-800-273-TALK"]])
    res = run_probe("text_pattern", doc, Scope((1, 2)), {"pattern": "phone"})
    assert _found(res)[0] == ["1-800-FLOWERS", "1-800-273-TALK"] and len(res.best_candidates) == 1, (res.note, _found(res))


def test_counts_years_and_words_after_a_number_are_no_vanity_numbers(tmp_path):
    """A vanity number's lead is no count or year, and no whole number followed by a word."""
    lines = ["2019 ANNUAL REPORT", "100 WAYS TO WIN", "$12.5 MILLION RAISED", "2019-20 ANNUAL REVIEW", "COVID-19 PANDEMIC",
             "Room 101 NORTH WING", "pages 312-321. PMLR", "Operate on 100-240V AC", "Tel: 0800 123 456 FREE",
             "Tel: 615-591-2955 FAX 615-591-2956", "+44 20 7946 0123 FAX"]
    res = run_probe("text_pattern", _doc(tmp_path, [lines]), Scope((1,)), {"pattern": "phone"})
    assert _found(res) == (["0800 123 456", "615-591-2955", "615-591-2956", "+44 20 7946 0123"], []), _found(res)


@settings(max_examples=40, deadline=None)
@given(lead=st.sampled_from(["1-800-", "1 888 ", "(877) ", "+1 (866) ", "0800 ", "0808-", "+44 800 ", "800-", "1.855."]),
       words=st.lists(st.text(alphabet="ABCDEFGHIJKLMNOPRSTUVWY", min_size=2, max_size=7), min_size=1, max_size=3),
       sep=st.sampled_from(["-", " ", "."]), tail=st.sampled_from(["", "-1", "-24"]),
       label=st.sampled_from(["", "Order line ", "Call ", "Phone: "]))
def test_every_vanity_number_is_a_member_or_a_doubt(tmp_path_factory, lead, words, sep, tail, label):
    """Property: a number spelt partly in letters, in the usual layouts, with 7-15 keypad digits is
    found whole (a member when sure, else a doubt), never dropped."""
    number = lead + sep.join(words) + tail
    digits = "".join(_KEYS.get(c, c) for c in number if c.isalnum())
    if not 7 <= len(digits) <= 15:
        return
    doc = _doc(tmp_path_factory.mktemp("tp"), [[f"{label}{number}"]])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    sure, unsure = _found(res)
    assert number.strip() in sure + unsure, (number, sure, unsure)
    if label.strip() in ("Call", "Phone:"):  # a cue labels it
        assert number.strip() in sure, (number, unsure)


# --------------------------------------------------------------------------- spelt-out addresses


def test_a_spelt_out_address_is_found(tmp_path):
    """Regression: "E-mail: post [at] kodebergen.no" was a measured zero for e-mail addresses."""
    doc = _doc(tmp_path, [["E-mail: post [at] kodebergen.no", "Press: presse (at) kode dot no", "or write to jane at kode dot com",
                           "Desk: post [at] kodebergen", "Visit us at www.kode.no or meet at 10.30 today."]])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "email"})
    assert not res.measured_zero
    assert _found(res) == (["post [at] kodebergen.no", "presse (at) kode dot no"], ["jane at kode dot com", "post [at] kodebergen"])
    assert all(m.why and m.page == 1 for m in res.doubts)


def test_a_full_width_at_sign_is_an_at_sign(tmp_path):
    d = pdfs.new_doc(1)
    for j, line in enumerate(["Mail: desk\uff20example.org", "Contact: name\uff20host"]):
        d[0].insert_text((72, 100 + 20 * j), line, fontname="china-s", fontsize=11)
    doc = load_doc(pdfs.save(d, tmp_path / "w.pdf"))
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "email"})
    assert _found(res) == (["desk@example.org"], ["name@host"])


def test_a_spelt_out_address_and_its_plain_form_are_one_address(tmp_path):
    doc = _doc(tmp_path, [["post [at] kodebergen.no"], ["post@kodebergen.no"]])
    res = run_probe("text_pattern", doc, Scope((1, 2)), {"pattern": "email"})
    assert len(res.members) == 1 and [m.page for m in res.best_candidates] == [2]


@settings(max_examples=40, deadline=None)
@given(local=st.from_regex(r"[a-z][a-z0-9.]{0,8}[a-z0-9]", fullmatch=True), host=st.from_regex(r"[a-z][a-z0-9-]{1,10}[a-z]", fullmatch=True),
       tld=st.sampled_from(["no", "com", "org", "co.uk"]), at=st.sampled_from([" [at] ", "(at)", " (AT) ", " {at} ", " <at> ", " at "]),
       dot=st.sampled_from([".", " dot ", " [dot] ", "(dot)"]), label=st.sampled_from(["", "E-mail: ", "Write to "]))
def test_every_spelt_out_address_is_a_member_or_a_doubt(tmp_path_factory, local, host, tld, at, dot, label):
    """Property: an address with its "@" and dots spelt out in any of the usual ways is never dropped."""
    assume(not (at == " at " and host.startswith("www")))  # "at www.kode.no" points to a web site (rv4 review test)
    address = f"{local}{at}{host}{dot}{tld.replace('.', dot)}"
    doc = _doc(tmp_path_factory.mktemp("tp"), [[f"{label}{address}"]])
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "email"})
    sure, unsure = _found(res)
    assert address.strip() in sure + unsure, (address, sure, unsure)


# --------------------------------------------------------------------------- separators and tracking


_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
# Every dash and the minus sign, as far as the test font can print them.
_PRINTABLE_DASHES = sorted(c for c in map(chr, range(0x10000)) if (unicodedata.category(c) == "Pd" or c == "\u2212")
                           and pymupdf.Font(fontfile=_DEJAVU).has_glyph(ord(c)))


@settings(max_examples=20, deadline=None)
@given(dash=st.sampled_from(_PRINTABLE_DASHES),
       n=st.integers(200_000_0000, 999_999_9999))
def test_a_number_with_unicode_dashes_is_a_phone(tmp_path_factory, dash, n):
    """Regression: "615–591–2955" printed with an en dash, U+2010, U+2011 or U+2212 (its cue only in a
    column header) was a measured zero: the shapes knew only "-"."""
    d = str(n)
    page = pdfs.new_doc(1)
    page[0].insert_font(fontname="dv", fontfile=_DEJAVU)
    page[0].insert_text((72, 100), "Phone", fontname="dv", fontsize=11)
    page[0].insert_text((72, 118), f"{d[:3]}{dash}{d[3:6]}{dash}{d[6:]}", fontname="dv", fontsize=11)
    doc = load_doc(pdfs.save(page, tmp_path_factory.mktemp("tp") / "d.pdf"))
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert [m.page for m in res.members] == [1], (dash, res.note, res.doubts)


def test_an_area_code_set_off_by_a_slash_is_a_phone(tmp_path):
    """Regression: "089/1234567" with no cue word (a phone icon labels it) was a measured zero."""
    res = run_probe("text_pattern", _doc(tmp_path, [["Dr. Anna Huber", "089/1234567"]]), Scope((1,)), {"pattern": "phone"})
    assert _found(res) == (["089/1234567"], []), res.note


@settings(max_examples=40, deadline=None)
@given(groups=st.lists(st.integers(1, 5), min_size=2, max_size=5).filter(lambda g: 7 <= sum(g) <= 15),
       seps=st.lists(st.sampled_from(["/", " / ", ":", "·", "|", "_", "(", ")", "–", "\u2212", "  ", "."]), min_size=4, max_size=4),
       seed=st.integers(0, 10**6))
def test_digits_broken_by_any_punctuation_are_never_dropped(tmp_path_factory, groups, seps, seed):
    """Property: a run of 7-15 digits broken only by spaces and punctuation, in a format no phone shape
    takes, is a member or a doubt: an unknown format is never nothing."""
    import random

    rnd = random.Random(seed)
    number = "".join(("" if i == 0 else seps[i - 1]) + "".join(rnd.choice("123456789") for _ in range(n)) for i, n in enumerate(groups))
    d = pdfs.new_doc(1)
    d[0].insert_font(fontname="dv", fontfile=_DEJAVU)
    d[0].insert_text((72, 100), f"Desk {number}", fontname="dv", fontsize=11)
    doc = load_doc(pdfs.save(d, tmp_path_factory.mktemp("tp") / "p.pdf"))
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert not res.measured_zero, (number, res.note)


@pytest.mark.parametrize("tracking", [2, 3, 6])
def test_a_letter_spaced_phone_number_is_read_squeezed(tmp_path, tracking):
    """Regression: tracking (Tc) makes MuPDF extract "T e l 6 1 5 - 5 9 1 - 2 9 5 5": a measured zero."""
    from pdfs import raw_page

    doc = load_doc(raw_page(tmp_path / "tc.pdf", f"BT /F1 12 Tf {tracking} Tc 72 700 Td (Tel 615-591-2955) Tj ET"))
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": "phone"})
    assert _found(res) == (["615-591-2955"], []), (doc.facts.page(1).text, res.doubts)


def test_squeezed_joins_runs_of_single_characters_only():
    from widening.probes.text_pattern import squeezed

    assert squeezed("T e l 6 1 5 - 5 9 1 - 2 9 5 5") == "Tel 615-591-2955"
    assert squeezed("Call 615 591 2955 or a b") == "Call 615 591 2955 or a b"  # no run of three single characters
