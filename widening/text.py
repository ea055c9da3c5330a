"""The one text normaliser: small steps every comparison of printed or asked text is built from.

Each step does one thing and composes with the others (``fold`` then ``squeeze``...). The
forms a probe compares with are named here too, built from the steps, so a newcomer sees in
one file how "the same text" is decided everywhere. Where two forms differ, the difference is
on purpose and its docstring says why: a probe's members depend on it, so none is merged away.

Pure functions of strings: no rules, no I/O (the vocabularies a form needs are passed in).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import cache

# --------------------------------------------------------------------------- steps


def nfkc(text: str) -> str:
    """Unicode NFKC: ligatures split ("ﬁ" -> "fi"), full-width and compatibility forms plain."""
    return unicodedata.normalize("NFKC", text)


def fold(text: str) -> str:
    """NFKC then casefold: the caseless form of printed text ("Straße" and "STRASSE" agree)."""
    return nfkc(text).casefold()


# A character the text layer puts where it cannot say a glyph: a control code (a font without the
# glyph's Unicode leaves NUL), the replacement character, a private-use code. The page may show
# any character there: a digit, an "@".
UNSAID_CHARS = r"\x00-\x08\x0e-\x1f\ufffd\ue000-\uf8ff"
UNSAID = f"[{UNSAID_CHARS}]"
UNSAID_RX = re.compile(UNSAID)

_QUOTES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'"})


def fold_quotes(text: str) -> str:
    """Every apostrophe-like mark becomes ``'`` ("traveler’s" is "traveler's")."""
    return text.translate(_QUOTES)


# Accents a typesetter prints as characters of their own beside the letter (LaTeX's OT1 fonts:
# "M¨uller", "G¨odel", "Erd˝os", "O´Brien"). NFKC makes most of them a space and a combining mark,
# which splits the name in two; dropped before NFKC they leave the letters together.
_SPACING_ACCENTS = "\u00a8\u00af\u00b4\u00b8\u02c6\u02c7\u02c9\u02ca\u02cb\u02d8\u02d9\u02da\u02db\u02dc\u02dd"
_ACUTE_APOSTROPHE = re.compile(r"(?<=[^\W\d_])\u00b4(?=[^\W\d_])")
_SPACING_ACCENT = re.compile(f"[{_SPACING_ACCENTS}]")


def drop_spacing_accents(text: str) -> str:
    """Spacing accent characters dropped ("M¨uller" -> "Muller"); an acute between letters is an
    apostrophe ("O´Brien" -> "O'Brien"), as typewriter habit prints one. Run it before ``nfkc``."""
    if text.isascii():
        return text
    return _SPACING_ACCENT.sub("", _ACUTE_APOSTROPHE.sub("'", text))


# A word broken at the end of a line ("cus-\ntomer") is one word.
_LINE_HYPHEN = re.compile(r"(?<=[^\W\d_])[-‐‑]\s*\n\s*(?=[^\W\d_])")


def join_broken_words(text: str) -> str:
    """A hyphen at a line end between letters is a break inside one word: it and the break go."""
    return _LINE_HYPHEN.sub("", text)


# Characters that print nothing: every Unicode format character (category Cf: zero-width joiner and
# non-joiner, word joiner, zero-width space, byte-order mark, bidirectional marks, soft hyphen, invisible
# operators, tags) and the combining grapheme joiner U+034F. A converter or typesetter leaves them inside
# a word ("Xylo\u200dphone", "Xylo\u2060phone") and the page shows the word whole; read as a character
# they part it, and a word the page prints is searched for in vain.
FORMAT_CHARS = frozenset(c for c in map(chr, range(0x110000)) if unicodedata.category(c) == "Cf") | {"\u034f"}
_NO_FORMAT = {ord(c): None for c in FORMAT_CHARS}
# A soft hyphen where the line breaks is the hyphen the page prints there ("Xylo\u00ad\nphone").
_SOFT_BREAK = re.compile(r"\u00ad(?=[ \t]*\n)")


def drop_format(text: str) -> str:
    """Format characters (``FORMAT_CHARS``) dropped: "Xylo\\u200dphone" is "Xylophone". A soft hyphen
    before a line break becomes a hyphen, which ``join_broken_words`` then joins across the break."""
    if text.isascii():
        return text
    return _SOFT_BREAK.sub("-", text).translate(_NO_FORMAT)


# Whitespace, every hyphen/dash a line break may insert, and every character that prints nothing.
_DROP = set("-\u2010\u2011\u2012\u2013\u2014\u2212") | FORMAT_CHARS


# Spaces a typesetter puts between the digit groups of one number ("1 000" with a thin, no-break,
# narrow no-break or figure space). NFKC makes each an ordinary space, which would part the number.
_GROUP_SPACES = "\u00a0\u2007\u2009\u202f"
_GROUPED_NUMBER = re.compile(rf"(?<![\d.,])\d{{1,3}}(?:[{_GROUP_SPACES}]\d{{3}})+(?!\d)")
_GROUP_SPACE = re.compile(f"[{_GROUP_SPACES}]")


def join_digit_groups(text: str) -> str:
    """A number's groups of three digits parted by a thin, no-break, narrow or figure space are one
    number ("1\u2009000" -> "1000"). An ordinary space is left: it also parts two table cells ("20 20").
    Run it before ``nfkc``."""
    if text.isascii():
        return text
    return _GROUPED_NUMBER.sub(lambda m: _GROUP_SPACE.sub("", m.group(0)), text)


def ascii_digits(text: str) -> str:
    """Decimal digits of any script as ASCII digits ("٢٠١٨" -> "2018"): a number is its value."""
    if text.isascii():
        return text
    return "".join(str(unicodedata.decimal(c)) if not c.isascii() and c.isdecimal() else c for c in text)


def squeeze(text: str) -> str:
    """Whitespace, hyphens/dashes and format characters dropped: "data-\\nbase", "data base" and "database" agree."""
    return "".join(c for c in text if not c.isspace() and c not in _DROP)


def alnum(text: str) -> str:
    """Letters and digits only (underscore counts as punctuation)."""
    return re.sub(r"[\W_]+", "", text)


def single_spaces(text: str) -> str:
    """Runs of whitespace become one space, ends stripped."""
    return " ".join(text.split())


# --------------------------------------------------------------------------- words

# A name-matching word (match it on ``name_form`` text): digits with decimal/thousand separators ("9.0", "1,000", "v1.2"), or a
# run of letters and digits with inner apostrophes ("traveler's", "o'brien").
WORD = re.compile(r"[^\W_]*\d(?:[.,]\d+)+[^\W_]*|[^\W_]+(?:'[^\W_]+)*")

# A vocabulary-matching token (rulebook's near-spelling search): a run of letters, a run of
# digits, or one punctuation mark. Letters and digits split ("top3" is "top", "3") because a
# vocabulary word is matched letter run by letter run, unlike a name, where "GPT-4o" is one.
VOCAB_TOKEN = re.compile(r"[^\W\d_]+|\d+|[^\w\s]")


def bare_word(word: str) -> str:
    """Possessive dropped ("traveler's" -> "traveler"), other apostrophes removed ("don't" -> "dont")."""
    return re.sub(r"'s$", "", word).replace("'", "")


def ascii_words(text: str) -> list[str]:
    """Lower-case runs of ASCII letters and digits: the plain words of a question or note."""
    return re.findall(r"[a-z0-9]+", text.lower())


# --------------------------------------------------------------------------- the named forms


# Letters whose stroke or bar is part of the letter, so NFKD leaves them whole: a question typed
# without it ("Soren", "Lodz", "Gudmundsson") names what the page prints with it ("Søren", "Łódź", "Guðmundsson").
_STROKED = str.maketrans("øØłŁđĐðÐħĦŧŦƀɨı", "oOlLdDdDhHtTbii")
# Latin small capitals are letters of their own that NFKC leaves as they are: a reader reads "ꜰɪᴀᴛ" as "fiat".
_STROKED.update(str.maketrans("ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ", "abcdefghijklmnoprstuvwyz"))


def strip_accents(text: str) -> str:
    """Combining marks dropped ("México" is "Mexico"), a letter's stroke ("Søren" is "Soren"), a small capital
    its letter ("ꜰɪᴀᴛ" is "fiat"); a dropped mark leaves no gap."""
    if text.isascii():
        return text
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", plain.translate(_STROKED))


def name_form(text: str) -> str:
    """What name matching compares (probe name_mentions): ``drop_format``, ``drop_spacing_accents``,
    ``join_digit_groups``, ``fold``, ``fold_quotes``, ``strip_accents``, ``ascii_digits``, ``join_broken_words``.

    Quotes are folded so a possessive matches however it is typeset; accents are dropped because
    questions are typed without them; broken words are joined because a name printed across a
    line end is still printed; spacing accents and digit-group spaces go before NFKC, which would
    cut the name or the number at them; digits of any script are their value, as questions type it;
    characters that print nothing go first, as the page shows the word whole without them."""
    return join_broken_words(ascii_digits(strip_accents(fold_quotes(fold(join_digit_groups(drop_spacing_accents(drop_format(text))))))))


@cache
def _is_latin(c: str) -> bool:
    return unicodedata.name(c, "").startswith("LATIN ")


def _word_char(c: str) -> bool:
    """A letter, or a mark or a character that prints nothing, which stay inside the word they are in."""
    return c.isalpha() or unicodedata.category(c)[0] == "M" or c in FORMAT_CHARS


def look_alike(text: str, table: Mapping[str, str], everywhere: bool = False) -> str:
    """``text`` with each letter of ``table`` (a letter of another script that looks like a Latin one:
    Cyrillic "Х", "о", Greek "ο") written as that Latin letter, one letter for one (the length stays),
    in each word that mixes it with Latin letters ("Хylоphone" -> "Xylophone"): a word all in one
    script ("Москва") is a word of that script, not a Latin word in disguise. ``everywhere``: in
    every word (the words asked for, compared with a page's mixed words)."""
    keys = table.keys()
    if text.isascii() or keys.isdisjoint(text):
        return text
    if everywhere:
        return "".join(table.get(c, c) for c in text)
    out = list(text)
    i = 0
    while i < len(text):
        if not _word_char(text[i]):
            i += 1
            continue
        j = i
        while j < len(text) and _word_char(text[j]):
            j += 1
        word = text[i:j]
        if not keys.isdisjoint(word) and any(_is_latin(c) for c in word):
            out[i:j] = [table.get(c, c) for c in word]
        i = j
    return "".join(out)


def char_form(text: str) -> str:
    """What substring search compares (probe text_search): ``drop_format``, ``fold``, ``fold_quotes``,
    ``strip_accents``, ``squeeze``.

    Spacing, hyphenation and characters that print nothing are dropped entirely, quotes folded and accents dropped (as for names:
    "McDonald’s" and "México" are searched as typed, "McDonald's", "Mexico"): dropping more can
    only create more matches, which is the conservative side for an absence check."""
    return squeeze(strip_accents(fold_quotes(fold(drop_format(text)))))


def collapse(text: str) -> str:
    """Lower case, letters and digits only (probe mentions): 'You Tube' and 'youtube.com' hold 'youtube'.

    ``str.lower``, not ``fold``: the OCR edit budget counts characters of this form, and
    casefold may lengthen a word ("ß" -> "ss"); kept as the probe has always measured. Ligatures
    are split first (``nfkc``): "ﬁnance" in a text layer is "finance"."""
    return alnum(nfkc(text).lower())


def cell_words(text: str) -> list[str]:
    """Word tokens of a table cell or header (probe table_values): ``fold``ed, split on spaces,
    punctuation stripped inside each, and ``%`` a token of its own ("Share (%)" -> share, %)."""
    text = fold(text).replace("%", " % ")
    return [t for t in (re.sub(r"[^\w%]", "", w) for w in text.split()) if t]


def number_key(text: str) -> str:
    """A caption number compared (probe captions): '1-1', '1.1', '1 – 1', full-width '１-１' agree; case ignored.

    Every hyphen and dash agrees: a "Table 1‐1" printed with U+2010 that read apart from "1-1"
    would be a missing container the page refutes. An appendix's letter takes a dash or none: "A.1", "A-1", "A1" agree.
    A character that prints nothing (``drop_format``) is no part of the number."""
    return re.sub(r"^([a-z]{1,2})-(?=\d)", r"\1", re.sub(r"\s+", "", nfkc(drop_format(str(text)))).lower().translate(_NUMBER_DASHES))


_NUMBER_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u00b7."})


def phrase_key(text: str) -> str:
    """A heading or list line compared (engine lists): ``drop_format``, ``nfkc``, ``single_spaces``, lower case."""
    return single_spaces(nfkc(drop_format(text))).lower()


def value_key(text: str) -> str:
    """Two printings of one value (probe text_pattern): '615-591-2955' and '615.591.2955' agree."""
    return re.sub(r"\W", "", text).lower()


def street_form(text: str, abbreviations: Mapping[str, str]) -> str:
    """A street label compared (probe map_between): lower case, dots are spaces, each word
    spelt out by ``abbreviations`` ("5th Ave." and "5th Avenue" -> "5th avenue")."""
    found = re.findall(r"[\w']+", text.lower().replace(".", " "))
    return " ".join(abbreviations.get(w, w) for w in found)


def letter_words(text: str, stop: frozenset[str] | set[str] = frozenset()) -> frozenset[str]:
    """The set of lower-case ASCII letter runs of ``text`` outside ``stop`` (map legend categories)."""
    return frozenset(t for t in re.findall(r"[a-z]+", text.lower()) if t not in stop)


_ROMAN = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def roman_value(text: str) -> int | None:
    """The value of a well-formed roman numeral (either case, not mixed), else None."""
    if not text or not (text.islower() or text.isupper()):
        return None
    low = text.lower()
    if not _ROMAN.match(low):
        return None
    total = 0
    for a, b in zip(low, low[1:] + " "):
        v = _ROMAN_VALUES[a]
        total += -v if b != " " and _ROMAN_VALUES[b] > v else v
    return total


def to_roman(value: int) -> str:
    """Lower-case roman numeral for 1..3999."""
    if not 1 <= value <= 3999:
        raise ValueError(f"no roman numeral for {value}")
    out = []
    for v, s in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while value >= v:
            out.append(s)
            value -= v
    return "".join(out)
