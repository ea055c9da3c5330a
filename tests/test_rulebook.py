"""rules/ is validated at load: every file against its model; an unknown key names the file and the key."""

import pytest
import yaml
from hypothesis import given, strategies as st

from widening import rulebook


@pytest.mark.parametrize("name", sorted(rulebook.MODELS))
def test_every_rules_file_validates(name):
    assert rulebook.load(name)
    assert (rulebook.RULES_DIR / f"{name}.yaml").is_file()


def test_every_rules_file_has_a_model():
    assert {p.stem for p in rulebook.RULES_DIR.glob("*.yaml")} == set(rulebook.MODELS)


@given(name=st.sampled_from(sorted(rulebook.MODELS)), key=st.from_regex(r"[a-z_]{3,20}", fullmatch=True))
def test_an_unknown_key_is_an_error_naming_file_and_key(name, key):
    data = dict(yaml.safe_load((rulebook.RULES_DIR / f"{name}.yaml").read_text(encoding="utf-8")))
    if key in data:
        return
    data[key] = ["x"]
    with pytest.raises(rulebook.RuleDataError, match=rf"{name}\.yaml: {key}: Extra inputs"):
        rulebook.validate(name, data, rulebook.RULES_DIR / f"{name}.yaml")


def test_a_wrong_type_and_a_bad_pattern_are_errors():
    cases = dict(rulebook.load("cases"))
    with pytest.raises(rulebook.RuleDataError, match="precedence"):
        rulebook.validate("cases", {**cases, "precedence": ["missing_container", "no_such_case"]}, "cases.yaml")
    with pytest.raises(rulebook.RuleDataError, match="cardinality_patterns"):
        rulebook.validate("cases", {**cases, "cardinality_patterns": ["another (?P<n>"]}, "cases.yaml")
    with pytest.raises(rulebook.RuleDataError, match="top level"):
        rulebook.validate("maps", ["not", "a", "mapping"], "maps.yaml")


@given(st.text(max_size=40))
def test_an_alternation_of_no_words_matches_nothing(text):
    # An optional word list left empty in a rules file must not turn a pattern built on it into one
    # that matches at every word boundary.
    import re

    assert re.search(rulebook.alternation([]), text) is None


@given(st.lists(st.text(alphabet="abcxyz -", min_size=1, max_size=8).map(str.strip).filter(bool), min_size=1, max_size=4))
def test_an_alternation_finds_each_of_its_words(words):
    import re

    for w in words:
        assert re.search(rulebook.alternation(words), f"say {w} now") is not None


@given(st.sampled_from(["green", "red", "light blue"]), st.sampled_from(["lime", "non", "dark"]))
def test_a_word_after_a_hyphen_matches_only_when_asked(word, prefix):
    # "non-red" is no red by default; a colour box reads "lime-green" as green (question/boxes.py).
    import re

    said = f"the {prefix}-{word} box"
    assert re.search(rulebook.alternation([word]), said) is None
    m = re.search(rulebook.alternation([word], after_hyphen=True), said)
    assert m is not None and m.group(0) == word
    assert re.search(rulebook.alternation([word], after_hyphen=True), f"the {prefix}{word.replace(' ', '')}x box") is None


def _long_vocabulary_words() -> list[str]:
    v = rulebook.load("vocabulary")
    words = {w for key in ("elements", "styles", "colours", "patterns") for ws in v[key].values() for w in ws}
    return sorted(w for w in words if w.isalpha() and w.islower() and len(w) >= v["fuzzy"]["min_length"])


@given(data=st.data())
def test_two_neighbouring_letters_swapped_are_one_slip(data):
    # "pictrues" for "pictures": a slip of the fingers reads as the word; the first letter is never swapped.
    word = data.draw(st.sampled_from(_long_vocabulary_words()))
    i = data.draw(st.integers(1, len(word) - 2))
    typo = word[:i] + word[i + 1] + word[i] + word[i + 2:]
    assert typo == word or rulebook.near(word, typo), (word, typo)


@given(data=st.data())
def test_a_swap_of_letters_apart_is_no_slip(data):
    word = data.draw(st.sampled_from([w for w in _long_vocabulary_words() if len(set(w[1:])) > 2]))
    i = data.draw(st.integers(1, len(word) - 3))
    j = data.draw(st.integers(i + 2, len(word) - 1))
    chars = list(word)
    chars[i], chars[j] = chars[j], chars[i]
    typo = "".join(chars)
    if typo != word and len({k for k in range(len(word)) if word[k] != typo[k]}) == 2:
        assert not rulebook._swapped(word, typo), (word, typo)
