"""An object word with another common sense ("train" a model, "the train split") names the
pictured thing only in a noun context (rules/objects.yaml ``noun_context``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.checks import derive
from widening.question.parse import parse_question

DETERMINERS = ["the", "a", "any", "this", "that", "which"]
ADJECTIVES = ["", "red ", "freight ", "blue "]
AFTER = [" on the cover?", " in the picture on page 3?", " shown at the top of page 2?", "?", " near the bridge in the photo?"]
ASKS = ["What color is {np}{after}", "Is there {np}{after}", "What is the colour of {np}{after}"]

# Verb and modifier senses: "train" is not a vehicle here.
OTHER_SENSES = [
    "How long does it take to train the model on page 3?",
    "What is the size of the train set in Table 2?",
    "How many images are in the train split of the dataset?",
    "Which dataset is the model we train on?",
    "What do the authors train?",
    "Which dataset do the authors train on?",
    "On which data does the model train in Section 3?",
    "How many epochs do they train for in Figure 4?",
    "What is the train loss at step 100 in Figure 2?",
]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(ASKS), st.sampled_from(DETERMINERS), st.sampled_from(ADJECTIVES), st.sampled_from(AFTER),
       st.sampled_from(["same", "upper", "lower"]))
def test_train_as_a_noun_is_the_detector_class(ask, det, adj, after, case):
    q = ask.format(np=f"{det} {adj}train", after=after)
    q = q.upper() if case == "upper" else q.lower() if case == "lower" else q
    assert parse_question(q).target.object_class == "train", q


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OTHER_SENSES), st.sampled_from(["same", "upper", "lower"]))
def test_train_in_another_sense_derives_no_object_check(q, case):
    q = q.upper() if case == "upper" else q.lower() if case == "lower" else q
    p = parse_question(q)
    assert p.target.object_class is None, q
    spec = derive(p).spec
    assert spec is None or spec.probe != "objects", q


def test_the_cover_train_question_gets_the_same_check_as_the_bicycle_one():
    # The paper's inconsistency: a photo with no bicycle was widened, a cover with no train was
    # not. One test for both: each derives the objects check on the container it names.
    for q, cls in [("What color is the train on the cover?", "train"), ("What is the color of the bike in the picture on page 2?", "bicycle")]:
        spec = derive(parse_question(q)).spec
        assert spec is not None and spec.probe == "objects" and spec.params["object_class"] == cls, (q, spec)
