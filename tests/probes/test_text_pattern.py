"""text_pattern: phone numbers and e-mail addresses, on the per-page skeleton (members, repeats as
non-members, a page it cannot read as could-not-measure)."""

from __future__ import annotations

from functools import partial

import pdfs
from hypothesis import given, settings
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
