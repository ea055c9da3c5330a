"""text_pattern review rv4: short numbers cued by a column header, a label or an extension, obfuscated
addresses with a real dot, and link targets. Each finding widened a row whose number was printed;
the controls still measure zero."""

from __future__ import annotations

import random
from functools import partial

import pdfs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

_PROSE = ["The committee reviewed the annual programme and noted steady progress across all regional",
          "offices. Members discussed staffing, budgets and the schedule for the coming year in some"]


def _page(tmp_path, lines: list[str], name: str = "t.pdf", table: tuple[list[str], list[list[str]]] | None = None,
          link: tuple[str, str] | None = None):
    """One page: a title, two lines of prose, ``lines``, then an optional table and a link on a phrase."""
    d = pdfs.new_doc(1)
    pdfs.text(d[0], (72, 72), "Useful contacts for visitors", size=16)
    for j, line in enumerate(_PROSE + lines):
        pdfs.text(d[0], (72, 110 + 18 * j), line)
    if table:
        pdfs.table(d[0], (72, 110 + 18 * len(_PROSE + lines) + 10), table[0], table[1], col_w=200)
    if link:
        d[0].insert_link({"kind": 2, "from": d[0].search_for(link[0])[0], "uri": link[1]})
    return load_doc(pdfs.save(d, tmp_path / name))


def _run(doc, pattern: str):
    res = run_probe("text_pattern", doc, Scope((1,)), {"pattern": pattern})
    return res, [m.what.split("'")[1] for m in res.members], [m.what.split("'")[1] for m in res.doubts]


# --------------------------------------------------------------------------- findings


def test_f3_a_short_number_under_a_telephone_column_header_is_a_doubt(tmp_path):
    """rv4 F3: "Samaritans | 116 123" under the header "Service | Telephone" was a measured zero: a
    short number needed its cue on its own line."""
    rows = [["Police (non-emergency)", "101"], ["Samaritans", "116 123"], ["Harbour Office", "see notice board"]]
    res, sure, unsure = _run(_page(tmp_path, [], table=(["Service", "Telephone"], rows)), "phone")
    assert not res.measured_zero and "116 123" in sure + unsure, res.note
    assert all(m.page == 1 and m.bbox and m.why for m in res.doubts)


def test_f4_a_six_digit_number_in_three_groups_is_a_doubt(tmp_path):
    """rv4 F4: "Lifeline: 13 11 14" (a real six-digit line) was a measured zero, with or without the
    sentence "call Lifeline" above it."""
    for name, lines in [("a.pdf", ["In a crisis, call Lifeline.", "Lifeline: 13 11 14"]), ("b.pdf", ["Lifeline: 13 11 14"])]:
        res, sure, unsure = _run(_page(tmp_path, lines, name), "phone")
        assert "13 11 14" in sure + unsure, (lines, res.note)


@pytest.mark.parametrize("line", ["Harbour Office: T 116 000 (missing children hotline shares the desk).", "Harbour Office: T 116 000",
                                  "Harbour Office T: 116 000"])
def test_f5_a_short_number_after_a_one_letter_t_label_is_a_doubt(tmp_path, line):
    """rv4 F5: "T 116 000" ("T" the usual telephone label, or "hotline" later in the line) was a measured zero."""
    res, sure, unsure = _run(_page(tmp_path, [line]), "phone")
    assert "116 000" in sure + unsure, res.note


@pytest.mark.parametrize("line, address", [
    ("Harbour Office: write to harbour at portsea.org for moorings.", "harbour at portsea.org"),
    ("Harbour Office: HARBOUR AT PORTSEA.ORG", "HARBOUR AT PORTSEA.ORG"),
    ("Harbour Office: harbour -at- portsea -dot- org", "harbour -at- portsea -dot- org"),
    ("Harbour Office: harbour_at_portsea.org", "harbour_at_portsea.org"),
])
def test_f6_an_obfuscated_address_with_a_real_dot_is_a_doubt(tmp_path, line, address):
    """rv4 F6: a bare "at" with a real "." (any case), "-at-" and "_at_" were a measured zero."""
    res, sure, unsure = _run(_page(tmp_path, [line]), "email")
    assert address in sure + unsure, (res.note, sure, unsure)


def test_p3a_an_extension_is_a_phone_doubt(tmp_path):
    """rv4 p3a: "ext. 4521" is the number a reader gives for Dr. Ward; it was a measured zero."""
    res, sure, unsure = _run(_page(tmp_path, ["Dr. Helen Ward, Ward 7 reception, ext. 4521"]), "phone")
    assert "4521" in sure + unsure and "7" not in sure + unsure, res.note


def test_p5a_a_mailto_or_tel_link_target_is_a_member(tmp_path):
    """rv4 p5a: "e-mail the harbour master" linking to mailto:harbour@portsea.org was a measured zero:
    link targets were not read."""
    doc = _page(tmp_path, ["Harbour Office: e-mail the harbour master for moorings."],
                link=("e-mail the harbour master", "mailto:harbour@portsea.org?subject=Moorings"))
    res, sure, unsure = _run(doc, "email")
    assert sure == ["harbour@portsea.org"] and res.members[0].page == 1 and res.members[0].bbox[0] > 72, res.note
    doc = _page(tmp_path, ["Harbour Office: ring the harbour master for moorings."], "tel.pdf",
                link=("ring the harbour master", "tel:+44-23-9282-1234"))
    res, sure, unsure = _run(doc, "phone")
    assert sure == ["+44-23-9282-1234"], res.note


# --------------------------------------------------------------------------- controls


_CONTROL = ["Annual report 2019", "Revenue rose 12.5% to $4,250 million in 2021, up from $3,980 million.",
            "Table 3 shows 250 staff across 14 offices, founded in 1998.", "See p. 123 and Figure 7 on page 45.",
            "Page 12 of 40", "Write to us at the quay for moorings.", "Dr. Helen Ward, Ward 7 reception, ground floor"]


def test_control_years_prices_percentages_and_page_numbers_still_measure_zero(tmp_path):
    """A page of years, prices, percentages, counts and page numbers, with no phone cue and no address,
    is still a measured zero for both patterns: the engine can still widen it."""
    doc = _page(tmp_path, _CONTROL)
    for pattern in ("phone", "email"):
        res, sure, unsure = _run(doc, pattern)
        assert res.measured_zero, (pattern, sure, unsure)


def test_control_short_numbers_under_a_header_that_is_no_phone_cue_still_measure_zero(tmp_path):
    """Numbers under "Year | Visitors" and a "Telephone" column that lists no number stay a zero."""
    rows = [["2019", "116 123"], ["2020", "98 450"]]
    res, sure, unsure = _run(_page(tmp_path, [], table=(["Year", "Visitors"], rows)), "phone")
    assert res.measured_zero, (sure, unsure)
    rows = [["Samaritans", "not listed"], ["Harbour Office", "see notice board"]]
    res, sure, unsure = _run(_page(tmp_path, ["Opened in 2019 with 250 berths."], "b.pdf", table=(["Service", "Telephone"], rows)), "phone")
    assert res.measured_zero, (sure, unsure)


def test_control_a_bare_at_before_a_www_host_is_a_web_site_not_an_address(tmp_path):
    """Prose pointing to a web site ("available at www.pewresearch.org", on 19 of 1,295 corpus pages
    scanned) is no address; a bare "at" before any other domain stays a doubt."""
    doc = _page(tmp_path, ["The full report is available at www.pewresearch.org and at WWW.APPLE.COM."])
    assert _run(doc, "email")[0].measured_zero
    res, sure, unsure = _run(_page(tmp_path, ["The desk is at investors.portsea.org and at www.org"], "b.pdf"), "email")
    assert not sure and unsure == ["is at investors.portsea.org", "and at www.org"], unsure


def test_control_a_link_to_a_web_page_is_no_member(tmp_path):
    doc = _page(tmp_path, ["Harbour Office: see the harbour website for moorings."], link=("harbour website", "https://portsea.org/moorings"))
    for pattern in ("phone", "email"):
        assert _run(doc, pattern)[0].measured_zero


@settings(max_examples=30, deadline=None)
@given(lines=st.lists(st.sampled_from([
    "Annual report {y}", "Revenue rose {p}% to ${n},{m} million in {y}.", "Page {d} of {d2}", "See p. {n} and Figure {d}.",
    "{n} staff across {d} offices, founded in {y}.", "Costs fell by {p}.{d}% between {y} and {y2}.", "Table {d}: results for {y}",
]), min_size=1, max_size=6), seed=st.integers(0, 10**6))
def test_control_pages_of_years_prices_and_percentages_measure_zero(tmp_path_factory, lines, seed):
    """Property: whatever years, prices, percentages and page numbers a page with no phone cue prints,
    no phone doubt is made of them."""
    rnd = random.Random(seed)
    text = [t.format(y=rnd.randint(1900, 2030), y2=rnd.randint(1900, 2030), p=rnd.randint(1, 99), n=rnd.randint(100, 999),
                     m=rnd.randint(100, 999), d=rnd.randint(1, 99), d2=rnd.randint(1, 99)) for t in lines]
    res, sure, unsure = _run(_page(tmp_path_factory.mktemp("tp"), text), "phone")
    assert res.measured_zero, (text, sure, unsure)


# --------------------------------------------------------------------------- properties


_CUES = ["Tel", "Tel.", "Telephone", "Phone", "phone", "Call", "call", "Dial", "Hotline", "Helpline", "Fax", "Mobile", "ext.", "Ext",
         "extension", "T", "T:", "Contact"]


def _short_number(rnd: random.Random, groups: list[int], sep: str) -> str:
    return sep.join("".join(rnd.choice("0123456789") for _ in range(n)) for n in groups)


@settings(max_examples=60, deadline=None)
@given(groups=st.lists(st.integers(1, 4), min_size=1, max_size=3).filter(lambda g: 3 <= sum(g) <= 6 and g[0] >= 2),
       sep=st.sampled_from([" ", "-", "."]), cue=st.sampled_from(_CUES),
       where=st.sampled_from(["before", "after", "header", "label", "above"]), seed=st.integers(0, 10**6))
def test_every_short_number_near_a_phone_cue_is_a_member_or_a_doubt(tmp_path_factory, groups, sep, cue, where, seed):
    """Property: a number of 3-6 digits (grouped by spaces, dots or dashes) cued in its line, by its
    column header, by a label cell to its left or by a label line above is never dropped."""
    number = _short_number(random.Random(seed), groups, sep)
    tmp = tmp_path_factory.mktemp("tp")
    if where == "header" and cue not in ("T", "T:"):
        doc = _page(tmp, [], table=(["Service", cue], [["Samaritans", number], ["Harbour Office", "see notice board"]]))
    elif where == "label":
        doc = _page(tmp, [], table=(["Service", "Desk"], [[cue, number]]))
    elif where == "above" and cue not in ("T", "T:"):  # a lone letter labels only what follows it
        doc = _page(tmp, [f"Harbour Office {cue}", number])
    elif cue in ("T", "T:"):
        doc = _page(tmp, [f"Harbour Office: {cue} {number}"])
    else:
        doc = _page(tmp, [f"{cue} {number} for the harbour office" if where == "before" else f"Harbour office {number} ({cue})"])
    res, sure, unsure = _run(doc, "phone")
    assert not res.measured_zero and any(number in s for s in sure + unsure), (number, cue, where, sure, unsure)


@settings(max_examples=60, deadline=None)
@given(local=st.from_regex(r"[a-z][a-z0-9.]{0,8}[a-z0-9]", fullmatch=True), host=st.from_regex(r"[a-z][a-z0-9-]{1,10}[a-z]", fullmatch=True),
       tld=st.sampled_from(["no", "com", "org", "co.uk"]),
       at=st.sampled_from([" at ", " AT ", " -at- ", "-at-", "_at_", " [at] ", "(at)", " (AT) ", " {at} ", " <at> "]),
       dot=st.sampled_from([".", " dot ", " -dot- ", "_dot_", " [dot] ", "(dot)"]), upper=st.booleans(),
       label=st.sampled_from(["", "E-mail: ", "Write to ", "Harbour Office: "]))
def test_every_obfuscated_address_with_a_domain_is_a_member_or_a_doubt(tmp_path_factory, local, host, tld, at, dot, upper, label):
    """Property: an address whose "@" is a bare, dashed, underscored or bracketed "at" and whose dots are
    real or spelt out, in any case, is never dropped."""
    assume(not (at.strip().lower() == "at" and host.startswith("www")))  # "at www.x.org" points to a web site (control below)
    address = f"{local}{at}{host}{dot}{tld.replace('.', dot)}"
    address = address.upper() if upper else address
    res, sure, unsure = _run(_page(tmp_path_factory.mktemp("tp"), [f"{label}{address} for moorings"]), "email")
    assert address.strip() in sure + unsure, (address, sure, unsure)
