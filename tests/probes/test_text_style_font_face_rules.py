"""What a font's name says of its face (italic, bold, a face named, none) is read from rules/vocabulary.yaml
``font_faces``, validated at load and built into patterns on first use: a word added there is read."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, strategies as st

from widening import rulebook
from widening.probes import text_style
from widening.probes.text_style import is_anonymous_name, is_bold_name, is_italic_name, maybe_italic_name, names_face

FACES = rulebook.load("vocabulary")["font_faces"]
PLAIN = [w for key in ("tex_italics", "tex_bolds") for w in FACES[key]]  # plain words, no pattern syntax


def _vocabulary_with(key: str, value: list[str]) -> dict:
    data = copy.deepcopy(dict(rulebook.load("vocabulary")))
    data["font_faces"] = {**data["font_faces"], key: value}
    return data


@pytest.mark.parametrize("key", sorted(FACES))
def test_a_bad_pattern_or_an_empty_list_is_an_error_naming_the_key(key):
    with pytest.raises(rulebook.RuleDataError, match=rf"font_faces\.{key}: .*not a regular expression"):
        rulebook.validate("vocabulary", _vocabulary_with(key, ["(unclosed"]), "vocabulary.yaml")
    with pytest.raises(rulebook.RuleDataError, match=rf"font_faces\.{key}: .*empty"):
        rulebook.validate("vocabulary", _vocabulary_with(key, []), "vocabulary.yaml")


def test_a_word_added_to_the_rules_is_read(monkeypatch):
    data = _vocabulary_with("italic_words", [*FACES["italic_words"], "pendente"])
    data["font_faces"]["bold"] = [*FACES["bold"], "grassa"]
    assert not is_italic_name("Acme-Pendente") and not is_bold_name("Acme-Grassa")
    load = rulebook.load
    monkeypatch.setattr(rulebook, "load", lambda name: data if name == "vocabulary" else load(name))
    text_style._font_names.cache_clear()
    try:
        assert is_italic_name("ABCDEF+Acme-Pendente") and is_bold_name("Acme-Grassa") and names_face("Acme-Grassa")
    finally:
        monkeypatch.undo()
        text_style._font_names.cache_clear()
    assert not is_italic_name("Acme-Pendente")


@given(word=st.sampled_from(FACES["tex_italics"]), size=st.sampled_from(["", "10", "1000"]))
def test_a_tex_italic_name_is_italic_whatever_its_case(word, size):
    for name in (word + size, (word + size).upper()):
        assert is_italic_name(name) and not maybe_italic_name(name) and names_face(name)


@given(word=st.sampled_from(FACES["tex_bolds"]), size=st.sampled_from(["5", "10", "1000"]))
def test_a_tex_bold_name_is_bold_only_with_its_design_size(word, size):
    assert is_bold_name((word + size).upper()) and names_face(word + size)
    assert not is_bold_name(f"X{word}{size}")  # a TeX name is the whole name


@given(suffix=st.sampled_from(FACES["italic_hyphen_suffixes"]), stem=st.sampled_from(["Minion", "ScalaSansPro", "Acme"]))
def test_a_hyphen_suffix_is_italic_in_any_case_and_a_camel_suffix_only_as_spelt(suffix, stem):
    assert is_italic_name(f"{stem}-{suffix}") and is_italic_name(f"{stem}-{suffix.upper()}")
    camel = suffix.capitalize()
    if camel in FACES["italic_camel_suffixes"]:
        assert is_italic_name(f"{stem}{camel}") and not is_italic_name(f"{stem}{camel.upper()}")


@given(word=st.sampled_from([w for w in FACES["face_parts"] if w.isalpha()]), tail=st.sampled_from(["", *FACES["vendor_tails"]]))
def test_a_face_word_in_the_style_part_names_a_face(word, tail):
    assert names_face(f"Acme-{word}{tail}") and names_face(f"Acme,{word.upper()}{tail.lower()}")


@given(prefix=st.sampled_from(["F", "TT", "C", "font", "Font", ""]), n=st.integers(0, 999), more=st.sampled_from(["", "_0", "-12"]))
def test_a_resource_label_names_no_face(prefix, n, more):
    assert is_anonymous_name(f"ABCDEF+{prefix}{n}{more}")
    assert not is_anonymous_name(f"Acme{prefix}{n}")
