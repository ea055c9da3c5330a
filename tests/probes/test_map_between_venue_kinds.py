"""map_between: a venue word of one kind ("bakery", "diner", "museum", "hostel", "bar": rules/maps.yaml ``venue_kinds``)
names only part of its key section.

Regression: "Which bakery is between 45th Ave. and 44th Ave.?" (and diner, museum, hostel...) counted every marker of
the word's whole section, so a steakhouse in the Eating section made the row short_not_empty though no bakery is
there. Such a marker is now a member only where its key name, or its section's name alone, says the word (or one of
the same meaning, and not in a phrase naming another kind: a "Sushi Bar" is no bar); else a doubt. A section naming
two kinds ("Cafés & Bars") no longer makes every marker a café. On the question side "Name a bar / a bakery /
a coffee shop between ..." now gets the map check (bar had none; "coffee shop" was read as Shopping)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfs import decide
from tests.probes.test_map_between_venue_senses import _in_band, build
from widening.question.parse import parse_question

BETWEEN = "between 45th Ave. and 44th Ave.?"
# (question opening, the key section its word means, a marker of that section that is not of the kind asked)
NARROW = [("Which bakery is", "Eating", "Joe's Steakhouse"), ("Which diner is", "Eating", "Golden Dragon"),
          ("Name a bistro", "Eating", "Joe's Steakhouse"), ("Name a pizzeria", "Eating", "Golden Dragon"),
          ("Which museum is", "Sights", "City Hall"), ("Name a gallery", "Sights", "Coit Tower"),
          ("Name a hostel", "Sleeping", "Grand Hotel"), ("Which cinema is", "Entertainment", "Fillmore Auditorium"),
          ("Name a bar", "Drinking & Nightlife", "The Royal Oak"), ("Name a pub", "Drinking & Nightlife", "Club Deluxe")]


@settings(deadline=None, max_examples=14)
@given(case=st.sampled_from(NARROW), t=st.floats(0.1, 0.9))
def test_a_marker_of_the_section_not_of_the_kind_is_no_member(tmp_path_factory, case: tuple[str, str, str], t: float) -> None:
    venue, section, name = case
    d = decide(build(tmp_path_factory.mktemp("k") / "map.pdf", section, name, _in_band(t)), f"{venue} {BETWEEN}")
    assert d.decision == "keep" and d.case == "unverifiable" and d.members == () and d.doubts, (venue, d.case, d.reason)


@settings(deadline=None, max_examples=10)
@given(case=st.sampled_from([("Which bakery is", "Eating", "Tartine Bakery"), ("Name a bar", "Drinking & Nightlife", "Joe's Bar & Grill"),
                             ("Which museum is", "Sights", "De Young Museum"), ("Name a hostel", "Sleeping", "Green Tortoise Hostel"),
                             ("Name a bar", "Bars", "The Royal Oak"), ("Which museum is", "Museums", "City Hall")]),
       t=st.floats(0.1, 0.9))
def test_a_marker_named_or_sectioned_as_the_kind_is_a_member(tmp_path_factory, case: tuple[str, str, str], t: float) -> None:
    venue, section, name = case
    d = decide(build(tmp_path_factory.mktemp("k") / "map.pdf", section, name, _in_band(t)), f"{venue} {BETWEEN}")
    assert d.case == "short_not_empty" and name in d.members[0].what, (venue, d.case, d.reason)


def test_a_phrase_naming_another_kind_is_no_member(tmp_path: Path) -> None:
    d = decide(build(tmp_path / "map.pdf", "Drinking & Nightlife", "Kaze Sushi Bar", _in_band(0.5)), f"Name a bar {BETWEEN}")
    assert d.case == "unverifiable" and d.members == () and d.doubts, (d.case, d.reason)


def test_a_section_naming_two_kinds_is_not_all_of_one(tmp_path: Path) -> None:
    for section, venue in (("Cafés & Bars", "Which café is"), ("Bars & Pubs", "Name a bar")):
        d = decide(build(tmp_path / f"{len(venue)}.pdf", section, "The Royal Oak", _in_band(0.5)), f"{venue} {BETWEEN}")
        assert d.case == "unverifiable" and d.members == () and d.doubts, (section, d.case, d.reason)


def test_control_a_restaurant_is_any_eating_marker(tmp_path: Path) -> None:
    pdf = build(tmp_path / "map.pdf", "Eating", "Joe's Steakhouse", _in_band(0.5))
    for q in (f"Name a restaurant {BETWEEN}", f"Name a restaurant or bakery {BETWEEN}"):
        d = decide(pdf, q)
        assert d.case == "short_not_empty" and "Joe's Steakhouse" in d.members[0].what, (q, d.case, d.reason)


@settings(deadline=None, max_examples=8)
@given(case=st.sampled_from(NARROW + [("Name a coffee shop", "Eating", "Joe's Steakhouse")]))
def test_control_no_marker_in_the_block_still_widens(tmp_path_factory, case: tuple[str, str, str]) -> None:
    venue, section, name = case
    d = decide(build(tmp_path_factory.mktemp("k") / "map.pdf", section, name, 400.0), f"{venue} {BETWEEN}")
    assert d.decision == "widen", (venue, d.reason, d.doubts)


def test_the_question_names_the_venue_for_the_map_check() -> None:
    for venue, category in (("a bar", "Drinking & Nightlife"), ("a bakery", "Eating"), ("a coffee shop", "Eating"),
                            ("a gallery", "Sights"), ("a cinema", "Entertainment")):
        t = parse_question(f"Name {venue} {BETWEEN}").target
        assert t is not None and t.venue == category and t.between, (venue, t)
