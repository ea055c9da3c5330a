"""glyphs: a text-layer glyph is certainly a letter only when its character and its font both say so."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.glyphs import certainly_letter

_CHARS = st.characters(min_codepoint=0x20, max_codepoint=0x10FFFF, exclude_categories=("Cs",))
_TEXT_FONTS = st.sampled_from(["Helvetica", "ArialMT", "TimesNewRomanPSMT", "DejaVuSans", "CMR10"])
_PICTURE_FONTS = st.sampled_from(["ZapfDingbats", "Wingdings-Regular", "Webdings", "SymbolMT", "FontAwesome", "NotoColorEmoji", "MaterialIcons"])


@settings(max_examples=500, deadline=None)
@given(c=_CHARS, font=_TEXT_FONTS)
def test_symbols_and_pictographs_are_never_certain_letters(c, font):
    """Property: a symbol (So, Sm, Sk, Sc), private-use or pictograph-block character is never a certain letter."""
    cat = unicodedata.category(c)
    if cat[0] in "SC" or 0x2190 <= ord(c) <= 0x2BFF or ord(c) >= 0x1F000:
        assert not certainly_letter(c, font, set())


@settings(max_examples=300, deadline=None)
@given(c=st.characters(categories=("Lu", "Ll", "Nd", "Po", "Pd", "Ps", "Pe", "Zs"), max_codepoint=0x218F), font=_TEXT_FONTS)
def test_letters_digits_and_punctuation_of_a_text_font_stay_text(c, font):
    """Property: a letter, digit, punctuation mark or space of a text font is certainly text."""
    assert certainly_letter(c, font, set())


@settings(max_examples=200, deadline=None)
@given(c=_CHARS, font=_PICTURE_FONTS)
def test_no_glyph_of_a_picture_font_or_a_type3_font_is_a_certain_letter(c, font):
    """Property: an icon or symbol font's "A" may draw a plane; a Type 3 glyph paints a drawing of its own."""
    assert not certainly_letter(c, font, set())
    assert not certainly_letter(c, "T3Font", {"T3Font"}) and not certainly_letter(c, "Type3 (35 0 R)", set())
