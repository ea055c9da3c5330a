""""Between X and Y" names two streets only where both ends can be street names: "bars between 2010 and 2015
in Figure 2" is a span of a chart's values, and was sent to the map check with the streets "2010" and "2015 in
Figure 2"; a place named after the second street ("on page 3") is no part of its name."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from widening.question.parse import parse_question


@given(st.integers(1900, 2100), st.integers(1, 30), st.sampled_from(["bars", "shops", "hotels", "bar"]),
       st.sampled_from(["", " in Figure 2", " on page 3", " in the chart"]))
def test_numbers_at_either_end_name_no_street(year: int, span: int, thing: str, place: str) -> None:
    target = parse_question(f"How many {thing} are between {year} and {year + span}{place}?").target
    assert target.between is None and target.venue is None, (target.between, target.venue)


@given(st.sampled_from(["on page 3", "in the map on page 12", "on slide 4", "in Figure 2"]))
def test_a_place_after_the_second_street_is_no_part_of_its_name(place: str) -> None:
    target = parse_question(f"How many shops are between Main Street and 2nd Street {place}?").target
    assert target.between == ("Main Street", "2nd Street"), target.between
    assert target.venue == "Shopping"


def test_control_numbered_avenues_are_streets() -> None:
    target = parse_question("Name a restaurant between 45th Ave. and 44th Ave..").target
    assert target.between == ("45th Ave", "44th Ave") and target.venue == "Eating"
