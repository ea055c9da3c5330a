"""A text layer's glyphs, and the readings of a font whose character map names glyphs wrongly.

Shared by the probes that read words glyph by glyph (text_search) and word by word (name_mentions): the
glyphs of a page's layer as stored (``layer_glyphs``, fake bold dropped), their ``char_form`` characters
(``normalised``), and two searches for a word the page prints while its layer spells other characters:
one letter read as another wherever it stands (``misnamed_glyph_hits``), or every character recoded one
to one, all moved by one distance (glyph numbers read as codes: "Kangaroo" reads ",BOHBSPP") or read as
characters that are no ASCII letter or digit (small capitals named by their numbers in another table:
"KĵƿƄĵǡǈǈ") (``recoded_glyph_hits``). Nothing in such words says so (no control or private-use code:
facts.legibility reads the layer as letters), so a hit is a doubt: neither presence nor absence.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import pymupdf

from widening.facts.geometry import centre_in, rect_tuple, union
from widening.models import BBox
from widening.text import FORMAT_CHARS, char_form, nfkc


class DedupChars:
    """Drops a glyph drawn again at (almost) the same place (fake bold, pitfall 10).

    "Almost" is within ``tol`` pt and under half the glyph's width: fake bold shifts a copy by a
    fraction of the glyph, while the second letter of a pair ("ll" in "Tallinn" at 6 pt, 1.3 pt
    further on) starts a whole glyph further, and must stay."""

    def __init__(self, tol: float = 1.5):
        self.tol = tol
        self.grid: dict[tuple[int, int], list[tuple[str, float, float]]] = {}

    def seen(self, c: str, x: float, y: float, width: float | None = None) -> bool:
        # Under half the glyph's width whatever its size: in type a point tall the second "l" of "ll" starts 0.2 pt on,
        # closer than any fixed floor (a glyph with no width, from a broken font, keeps a small one).
        tol = self.tol if width is None else min(self.tol, 0.5 * width if width > 0.05 else 0.3)
        gx, gy = int(x // 4), int(y // 4)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for c2, x2, y2 in self.grid.get((gx + dx, gy + dy), ()):
                    if c2 == c and abs(x2 - x) < tol and abs(y2 - y) < self.tol:
                        return True
        self.grid.setdefault((gx, gy), []).append((c, x, y))
        return False


# (normalised character, its box, whether it begins a word as printed: after a space or a line start)
Char = tuple[str, BBox, bool]
# (a glyph's character as the layer says it, its box, whether a word begins at it); spaces included
Glyph = tuple[str, BBox, bool]

# Stands between two parts of a row the visual reading does not join: no search text holds it.
FENCE = "\x00"


def layer_glyphs(page: pymupdf.Page, clip: pymupdf.Rect) -> list[Glyph]:
    """The text layer's glyphs inside ``clip`` in the order they are stored, de-duplicated (fake bold);
    a glyph starts a word after a space or at a line start."""
    out: list[Glyph] = []
    dedup = DedupChars()
    raw = page.get_text("rawdict", flags=pymupdf.TEXTFLAGS_RAWDICT & ~pymupdf.TEXT_PRESERVE_LIGATURES)
    for block in raw["blocks"]:
        for line in block.get("lines", ()):
            start = True
            for span in line["spans"]:
                for ch in span["chars"]:
                    if ch["c"].isspace():
                        start = True
                    if not centre_in(ch["bbox"], clip):
                        continue
                    x0, y0 = ch["origin"]
                    if dedup.seen(ch["c"], x0, y0, ch["bbox"][2] - ch["bbox"][0]):
                        continue
                    out.append((ch["c"], rect_tuple(ch["bbox"]), start))
                    start = False
    return out


@cache
def _form(c: str) -> str:
    return FENCE if c == FENCE else char_form(c)


# Hyphens and dashes char_form drops: one right after a letter or digit, with the next word after it on
# the next line ("bob-" / "cat", "cat-" / "egory"), joins the two as one word as printed.
_JOINING = frozenset("-\u2010\u2011\u2012\u2013\u2014\u2212\u00ad")


def normalised(glyphs: list[Glyph]) -> list[Char]:
    """Each glyph's ``char_form`` characters with its box; a word's start carries over a dropped glyph (a space).

    A word does not start after a hyphen or dash glued to a letter or digit ("bob-" at a line's end, then
    "cat"): a line break after it is a hyphenation or a compound, whose parts are no words of their own
    as printed, even with spaces between (a trailing space at the line's end)."""
    out: list[Char] = []
    start = False
    joined = False  # a hyphen glued to the last letter or digit kept, and no word since
    spaced = False  # a space since the last character kept
    for c, box, first in glyphs:
        if c in _JOINING and not first and not spaced and out and out[-1][0].isalnum():
            joined = True
        spaced = spaced or c.isspace()
        start = (start or first) and not joined
        for x in _form(c):
            out.append((x, box, start))
            start = joined = spaced = False
    return out


# A hit: its box, why it is only a doubt (None: a member), where it was read
Found = tuple[BBox, str | None, str]


def _overlap(a: BBox, b: BBox) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def _word_edge(chars: list[Char], hay: str, at: int) -> bool:
    """Whether a printed word begins or ends at offset ``at`` of ``hay`` (the characters of ``chars``): the text's
    start or end, a word start, or a character beside it that is no letter or digit."""
    return at == 0 or at >= len(hay) or chars[at][2] or not (hay[at - 1].isalnum() and hay[at].isalnum())


# A font's character map may name a glyph wrongly: every time the page prints that letter, the layer
# says another ("KanJaroo", "KJngJroo" when the glyph is an "a"), past any edit budget when the letter
# recurs. Text of at least MISNAMED_MIN letters and digits is also searched with one of its characters,
# at each place it stands, read as any one other character, the same at each place: a hit is a doubt.
MISNAMED_MIN = 5
_MISNAMED_WHY = ("the text with one letter read as another wherever it stands: a font whose character map names a glyph wrongly"
                 " prints the text while its layer misspells it; neither presence nor absence")


def misnamed_glyph_hits(glyphs: list[Glyph], text: str, where: str, whole_words: bool = False, recurring: bool = False) -> list[Found]:
    """Occurrences of ``text`` in ``glyphs`` with one of its characters, wherever it stands, printed as another
    single letter or digit (the same one each time): doubts (``_MISNAMED_WHY``).

    ``whole_words``: only where the occurrence starts and ends where printed words do (a name is matched as whole
    words). ``recurring``: only a character the text holds twice or more is read so (one letter changed once is one
    edit, which a whole-word search within an edit budget judges by the word's length; a glyph misnamed wherever
    it stands changes the word past that budget only where its letter recurs), and a digit never as another digit
    (a name's numbers match exactly)."""
    needle = char_form(text)
    if sum(c.isalnum() for c in needle) < MISNAMED_MIN:
        return []
    chars = normalised(glyphs)
    hay = "".join(c for c, _, _ in chars)
    out: list[Found] = []
    for t in dict.fromkeys(c for c in needle if c.isalnum() and (not recurring or needle.count(c) >= 2)):
        first = needle.index(t)
        pattern = re.escape(needle[:first]) + r"([^\W_])" + "".join(r"(?:\1)" if c == t else re.escape(c) for c in needle[first + 1:])
        for m in re.finditer(f"(?={pattern})", hay):
            if m.group(1) == t:
                continue  # read as printed: the exact search has it
            if recurring and t.isdigit() and m.group(1).isdigit():
                continue  # a name's digit read as another digit is another number ("2424" is no "2020"): numbers match exactly
            end = m.start() + len(needle)
            if whole_words and not (_word_edge(chars, hay, m.start()) and _word_edge(chars, hay, end)):
                continue
            box = union(b for _, b, _ in chars[m.start():end])
            if not any(_overlap(box, f[0]) for f in out):
                out.append((box, _MISNAMED_WHY, where))
    return out


# A font's character map may name every glyph wrongly, not one letter: a map that gives each glyph its glyph
# number as its code ("Kangaroo" reads ",BOHBSPP": every character the same distance below its letter, glyph
# numbers of the usual order), or the codes of another table (small capitals a typesetter mapped by their glyph
# numbers: "KĵƿƄĵǡǈǈ"). Nothing in the words says so (no control or private-use code: facts.legibility reads the
# layer as letters). Text of at least RECODED_MIN letters and digits is also searched as a printed word recoded
# one to one (``recoded_glyph_hits``): a hit is a doubt.
RECODED_MIN = 4
# A recoding into other characters changes at least this many of the text's characters (one: misnamed_glyph_hits).
RECODED_CHANGED = 2
_RECODED_WHY = ("the text with every character recoded one to one (all moved by one distance, as glyph numbers read as codes, or "
                "read as characters that are no ASCII letter or digit): a font whose character map names its glyphs wrongly prints "
                "the text while its layer spells other characters; neither presence nor absence")


def _case_forms(text: str) -> list[str]:
    """``text`` as asked, in lower, upper and title case, and with its first letter capital: the cases a page may print it in."""
    return list(dict.fromkeys(t for t in (text, text.lower(), text.upper(), text.title(), text[:1].upper() + text[1:]) if t))


def _recoded_words(glyphs: list[Glyph]) -> list[list[tuple[str, BBox]]]:
    """The printed words of ``glyphs`` (parted by spaces, word starts and fences; format characters dropped), each with ASCII
    punctuation stripped from its ends, as (character, box) lists."""
    words: list[list[tuple[str, BBox]]] = []
    for c, box, start in glyphs:
        if c == FENCE or c.isspace():
            words.append([])
            continue
        if c in FORMAT_CHARS or len(c) != 1:
            continue
        if start or not words:
            words.append([])
        words[-1].append((c, box))
    out = []
    for w in words:
        while w and w[0][0].isascii() and not w[0][0].isalnum():
            w = w[1:]
        while w and w[-1][0].isascii() and not w[-1][0].isalnum():
            w = w[:-1]
        if w:
            out.append(w)
    return out


def _shift_hits(glyphs: list[Glyph], text: str) -> list[BBox]:
    """Boxes where the non-space characters of ``text`` (in one of its cases) stand all moved by one same non-zero distance,
    between word edges (a space, a word start, a fence, or a character that is no letter or digit)."""
    chars = [(c, box, start) for c, box, start in glyphs if len(c) == 1 and not c.isspace() and c not in FORMAT_CHARS]
    if not chars:
        return []
    starts = [True] + [False] * (len(chars) - 1)
    spaced = False
    k = 0
    for c, _, start in glyphs:
        if len(c) == 1 and (c.isspace() or c in FORMAT_CHARS):
            spaced = spaced or c.isspace()
            continue
        if len(c) != 1:
            continue
        starts[k] = starts[k] or start or spaced
        spaced = False
        k += 1
    hay = "".join(c for c, _, _ in chars)
    diffs = "".join(chr((ord(b) - ord(a)) % 0x110000) for a, b in zip(hay, hay[1:]))
    out: list[BBox] = []
    for form in ("".join(c for c in f if not c.isspace() and c not in FORMAT_CHARS) for f in _case_forms(nfkc(text))):
        want = "".join(chr((ord(b) - ord(a)) % 0x110000) for a, b in zip(form, form[1:]))
        at = diffs.find(want)
        while at >= 0:
            end = at + len(form)
            window = hay[at:end]
            before = at == 0 or starts[at] or not hay[at - 1].isalnum()
            after = end == len(hay) or starts[end] or not hay[end].isalnum()
            # A digit moved onto another digit is another number, printed as such ("42" over "42" is no "2020"):
            # numbers match exactly, and a map naming glyphs by their numbers moves digits off the digits.
            other_number = any(a.isdigit() and b.isascii() and b.isdigit() for a, b in zip(form, window))
            if char_form(window) != char_form(form) and FENCE not in window and before and after and not other_number:  # not a case change
                box = union(b for _, b, _ in chars[at:end])
                if not any(_overlap(box, o) for o in out):
                    out.append(box)
            at = diffs.find(want, at + 1)
    return out


def _substitution_hits(glyphs: list[Glyph], text: str) -> list[BBox]:
    """Boxes of runs of printed words that read as the words of ``text`` with each character read as one other, the same
    wherever it recurs and different for different characters (a one-to-one recoding), where at least RECODED_CHANGED
    characters differ, each differing one is no ASCII letter or digit, and some character is a Latin letter (a word
    wholly in Cyrillic or Greek is a word of that script, not a recoded one)."""
    words = _recoded_words(glyphs)
    out: list[BBox] = []
    # A capital and its small letter are two glyphs, recoded apart: each case the text may be printed in is tried.
    for form in _case_forms(" ".join(nfkc(text).split())):
        asked = form.split()
        lengths = [len(w) for w in asked]
        flat = "".join(asked)
        for i in range(len(words) - len(asked) + 1):
            run = words[i:i + len(asked)]
            if [len(w) for w in run] != lengths:
                continue
            printed = [c for w in run for c, _ in w]
            there: dict[str, str] = {}
            back: dict[str, str] = {}
            changed = 0
            ok = any("LATIN" in unicodedata.name(c, "") for c in printed)
            for a, b in zip(flat, printed):
                if there.setdefault(a, b) != b or back.setdefault(b, a) != a:
                    ok = False
                if a != b:
                    changed += 1
                    if b.isascii() and b.isalnum():
                        ok = False
                if not ok:
                    break
            where = union(b for w in run for _, b in w)
            if ok and changed >= RECODED_CHANGED and not any(_overlap(where, o) for o in out):
                out.append(where)
    return out


def recoded_glyph_hits(glyphs: list[Glyph], text: str, where: str) -> list[Found]:
    """Occurrences of ``text`` in ``glyphs`` with every character recoded one to one (``_shift_hits``, ``_substitution_hits``):
    doubts (``_RECODED_WHY``). Text of fewer than RECODED_MIN letters and digits is not searched so."""
    if sum(c.isalnum() for c in char_form(text)) < RECODED_MIN:
        return []
    out: list[Found] = []
    for box in _shift_hits(glyphs, text) + _substitution_hits(glyphs, text):
        if not any(_overlap(box, f[0]) for f in out):
            out.append((box, _RECODED_WHY, where))
    return out



_NO_FORMAT = {ord(c): None for c in FORMAT_CHARS}
_SPACES = re.compile(r"\s+")


def _unprinted(text: str) -> str:
    """``text`` without spaces and format characters (the characters ``_shift_hits`` passes over)."""
    return _SPACES.sub("", text).translate(_NO_FORMAT)


# A difference between neighbouring codes outside this range is screened as one that no searched text has.
_SCREEN_DIFF = 126
_ASCII_EDGE = "".join(chr(i) for i in range(0x21, 0x7F) if not chr(i).isalnum())


def _diff_bytes(codes: str, strict: bool = False) -> bytes | None:
    """The differences between neighbouring characters of ``codes``, a byte each: one wider than _SCREEN_DIFF is the
    byte 0x80, which no narrower one gives (``strict``: None instead)."""
    import numpy as np

    if len(codes) < 2:
        return b""
    d = np.diff(np.frombuffer(codes.encode("utf-32-le"), dtype="<u4").astype(np.int64))
    wide = np.abs(d) > _SCREEN_DIFF
    if strict and wide.any():
        return None
    return np.where(wide, 0x80, d & 0xFF).astype(np.uint8).tobytes()


class StoredText:
    """A page's stored text read once, to screen a text cheaply before the page is read glyph by glyph: ``may_hold`` is
    False only where neither ``misnamed_glyph_hits`` (at a recurring character) nor ``recoded_glyph_hits`` can find the
    text in the stored text (its squeezed letters, the differences between its neighbouring characters, the lengths of
    the characters no ASCII letter or digit its words of each length hold)."""

    def __init__(self, text: str):
        self.squeezed = char_form(text)
        self.diffs = _diff_bytes(_unprinted(text)) or b""
        # word length -> the words of that length holding characters that are no ASCII letter or digit
        self.odd: dict[int, set[str]] = {}
        for w in text.split():
            w = w.translate(_NO_FORMAT).strip(_ASCII_EDGE)
            if not (w.isascii() and w.isalnum()):
                self.odd.setdefault(len(w), set()).add(w)

    def _recodable(self, word: str) -> int:
        """The most characters a stored word of ``word``'s length may have recoded from it: its characters that are no
        ASCII letter or digit, where its ASCII letters and digits are ``word``'s at their places (case aside)."""
        best = 0
        for w in self.odd.get(len(word), ()):
            if all(c.lower() == a.lower() for c, a in zip(w, word) if c.isascii() and c.isalnum()):
                best = max(best, sum(not (c.isascii() and c.isalnum()) for c in w))
        return best

    def may_hold(self, text: str) -> bool:
        needle = char_form(text)
        if sum(c.isalnum() for c in needle) >= MISNAMED_MIN:
            for t in dict.fromkeys(c for c in needle if c.isalnum() and needle.count(c) >= 2):
                first = needle.index(t)
                pattern = re.escape(needle[:first]) + r"([^\W_])" + "".join(r"(?:\1)" if c == t else re.escape(c) for c in needle[first + 1:])
                if any(m.group(1) != t for m in re.finditer(f"(?={pattern})", self.squeezed)):
                    return True
        if sum(c.isalnum() for c in needle) < RECODED_MIN:
            return False
        for form in _case_forms(nfkc(text)):
            want = _diff_bytes(_unprinted(form), strict=True)
            if want is None or (want and want in self.diffs):
                return True
        # a recoding into characters that are no ASCII letter or digit changes RECODED_CHANGED of them in the words
        return sum(self._recodable(w) for w in nfkc(text).split()) >= RECODED_CHANGED
