"""Probe ``table_values``: the cells of a named table column that satisfy a numeric predicate.

Example (corpus): a city rezoning report's Table A, column
"% land area rezoned": 18.4 13.9 5.3 19.0 22.9 17.7, so "> 23" has no member.
Trap: extracted cells can read "184%" when the decimal point is a separate object; the
numbers are read again from glyph positions (PyMuPDF characters in the cell band).

A cell is a member only when its plain reading qualifies (a censored "<0.5" or ">23" when its whole
range does) and every scale its header or itself states keeps it qualifying ("1.5" under "('000 ha)" is no
member of "below 1,000"). Lakh grouping ("1,23,456") is a plain number.
Doubts, never dropped: another printed convention that qualifies ("23·4", "1.250",
"0,235", "—0.4", "23½"), a scale the header or cell states ("('000)", "(lakh ha)", "(Rs. crore)", "($m)", "(x 1,000)", "1.2k", "1.2 million",
"2 lakh", "1,5 Mio."), per mille or basis points under a question in % ("45\u2030", "450 bps"), a fraction of one
under a question in % (x100), a censored range reaching into the asked one, a cell in words (also several,
"two thousand five hundred", across the column's edge) or with no number, a member under a header naming no percentage when the question asks one, or
under one of several differently named matching headers; a cell with characters the text layer
cannot say (a font with no Unicode for a digit), even with no digit it can (every digit unmapped or in
private use; MuPDF's word list drops control codes, so such numbers are rebuilt from the glyphs); a
letter-spaced number whose first digits stand outside the column's band ("2 4 . 1 %"); E notation and
letters OCR reads for digits ("2.41E1%", "3O.5%"); and the rows of the page after the scope when the
table runs to its last page's foot.

Also doubts: "(24.1%)" read unsigned as well as negative; a sentence of running text holding every
word of the column (any order) and a qualifying number, when the container is a page or the
document (``sentences``; under a question in %, a year or a sum of money is no percentage); a cell
under a header that nearly names the column (a close spelling, a plural, all words but one of three
or more), or under the header phrase's other words ("Share (%) of total land area rezoned"); a
number in the drawing a header with no value under it titles or captions (a chart's data label), or
the drawing itself when it prints no number; the rows of a table continued without its header (also those opening a page above a new header of the
column, when the page before's rows run to its foot or the page says the table continues), read
past placeholders ("n/a", "—"), label-only group rows and a running head, to a line of words, a
wide gap or the ruled table's end; a transposed row whose cells carry units, marks or placeholders
("4.2 %", "4.2%*", "4,2", "n/a"); a bound said after the number that reaches into the asked range ("23+",
"23% or more", "40% max."); a sign, bound mark or whole number set a word space left of the cell's band
("\u2013 24.1%", "\u2265 23%", "23 \u00bd%"), read with the cell; the rows of a page saying it continues a table ("Table 3 (continued)")
after a page of something else; a number under the header of a table printed sideways or upside down,
read in its text's own frame; a sign printed as a mark ("\u25bc3.4", "\u25b33.4", "3.4-") read negative; a number times a power
of ten ("2.3 \u00d7 10\u2076", "2.3 x 10^6", an exponent set as raised glyphs); a cell whose number wraps onto the line
below with no hyphen ("1,234," over "567", "12." over "5%"), read whole and in pieces (no rule between the lines). Headers match with hyphens as word breaks ("Land-area") and
words broken at a line end joined ("Re-" / "zoned").
"""

from __future__ import annotations

import math
import operator
import re
import unicodedata
from dataclasses import dataclass, replace
from functools import cache
from statistics import median
from typing import Annotated, Any, Callable

import pdfplumber
import pymupdf

from widening import rulebook
from widening.facts.document import Doc
from widening.facts.geometry import Groups, centre_in, rect_tuple, union
from widening.models import BBox, Member, PageKind, ProbeResult, Reader, text_reader
from widening.probes import Scope, Params, one_of, probe
from widening.probes.pagewise import finish, grouped, measurable
from widening.probes.glyph_maps import DedupChars
from widening.text import UNSAID, UNSAID_RX, cell_words, join_broken_words, number_key

OPS: dict[str, Callable[[float, float], bool]] = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le}
_PURE_NUM = re.compile(r"[-\u2212(]?[\d.,]+%?\)?")
# A number; a leading point only where no letter stands before it ("ca.24" and "No.5" read 24 and 5).
_NUM = re.compile(r"[-\u2212(]?\d[\d,]*(?:\.\d+)?|[-\u2212(]?(?<![^\W\d_])\.\d+")


# Typeset minus signs: the minus sign, en dash and figure dash, small and full-width hyphen-minus,
# the hyphen and non-breaking hyphen (layout programs extract a minus set as a hyphen that way).
_MINUS = str.maketrans({c: "-" for c in "\u2212\u2013\u2012\ufe63\uff0d\u2010\u2011"})
# Spaces inside a number: the ordinary, no-break, thin and narrow no-break space after a digit, after a
# digit's point or comma, or after a sign or bracket that opens the text or follows a space ("1 234",
# "2 4 . 1 %", "\u2013 24.1"), before a digit, point, comma or percent sign; and an apostrophe between
# digit groups ("1'234", Swiss style). Not after an abbreviation's point: "max. 40" is 40, never .40.
_GROUP = re.compile(r"(?:(?<=\d)|(?<=\d[.,])|(?<=^[-+(])|(?<=\s[-+(]))[ \u00a0\u2009\u202f]+(?=[\d.,%])|(?<=\d)['\u2019](?=\d{3})")
# A comma followed by one or two digits and no more cannot group thousands: a decimal comma ("30,5");
# unless another comma and digits follow: Indian lakh grouping ("1,23,456" is 123456, never 1.23).
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d{1,2}(?!\d))(?!\d{1,2},\d)")


def _ungroup(text: str) -> str:
    """``text`` with the spaces inside its numbers taken out, until none is left ("2 4 . 1 %": "24.1%")."""
    while (t := _GROUP.sub("", text)) != text:
        text = t
    return text


def _plain(text: str) -> str:
    """``text`` with its minus signs, digit-group spaces and decimal commas written the one way _NUM reads."""
    t = _ungroup(text.translate(_MINUS))
    # A point between digits makes commas thousands marks; an abbreviation's point ("ca. 1,5", "1,5 Mio.") does not.
    return t if re.search(r"\d\.\d", t) else _DECIMAL_COMMA.sub(".", t)


def parse_number(text: str) -> float | None:
    """The first number in ``text`` ("1,606,000,000", "1 234", "18.4%", "(2.3)", "−1.2", "–5", "30,5"); None when there is none."""
    m = _NUM.search(_plain(text))
    if not m:
        return None
    raw = m.group(0)
    neg = raw.startswith(("-", "("))
    try:
        val = float(raw.lstrip("-(").replace(",", ""))
    except ValueError:
        return None
    return -val if neg else val


# A number no convention reads two ways: digits, comma-grouped thousands (a first group without a
# leading zero) or lakhs ("1,23,456": pairs of digits before the last three), a point decimal, a sign or
# parentheses, a currency mark, a percent sign.
_STRICT = re.compile(r"[-(]?[$\u20ac\u00a3\u00a5\u20b9]?(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d?(?:,\d\d)+,\d{3}|\d+)(?:\.\d+)?%?\)?")
# Commas grouping lakhs and crores: pairs of digits before the last three ("1,23,456", "12,34,56,789").
_LAKHS = re.compile(r"(?<![\d,])(?<!\d\.)[1-9]\d?(?:,\d\d)+,\d{3}(?![\d,])")
# Points that may group thousands ("1.250", "2.410.500"): a plain number by _STRICT, yet read two ways.
_POINT_GROUPS = re.compile(r"(?<![\d.,])[1-9]\d{0,2}(?:\.\d{3})+(?![\d.])")
# Marks that may stand for a minus in a cell (soft hyphen, em dash) but are no minus by rule.
_MAYBE_MINUS = str.maketrans({c: "-" for c in "\u00ad\u2014"})
_FRACTIONS = {c: unicodedata.numeric(c) for c in "\u00bc\u00bd\u00be\u2150\u2151\u2152\u2153\u2154\u2155\u2156\u2157\u2158\u2159\u215a\u215b\u215c\u215d\u215e"}


# Letters a scan's OCR layer reads for digits inside a number ("3O.5%", "l24"), in a word of
# nothing but digits, these letters and number marks.
_OCR_SLIPS = str.maketrans({"O": "0", "o": "0", "l": "1", "I": "1", "|": "1"})
_SLIPPED = re.compile(r"[-+(]?(?=.*\d)[\dOolI|.,]+%?\)?")
# A number in E notation ("2.41E1", "1.5e+03").
_E_NOTATION = re.compile(r"[-+]?(\d+(?:\.\d+)?[eE][-+]?\d{1,3})%?")
# A number times a power of ten ("2.3 \u00d7 10\u2076", "2.3 x 10^6", "5\u00b710\u207b\u00b3", "1,5 \u00d7 10^-3"; raised
# exponent glyphs come as "^6", see column_cells): the mantissa, then the exponent after a caret or in superscripts.
_SCIENTIFIC = re.compile(r"([-+]?\d+(?:[.,]\d+)?)\s*[x\u00d7*\u00b7\u2219\u22c5]\s*10\s*"
                         r"(?:\^\s*\(?\s*([-+\u2212\u2013]?\s*\d{1,3})\s*\)?|([\u207a\u207b]?[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]{1,3}))", re.I)
_SUPERSCRIPT_SIGNS = str.maketrans("\u207a\u207b\u2212\u2013", "+---")


def scientific(text: str) -> list[float]:
    """The values of the numbers ``text`` prints times a power of ten ("2.3 \u00d7 10\u2076" is 2300000), [] when none."""
    out = []
    for m in _SCIENTIFIC.finditer(text):
        exp = (m.group(2) or m.group(3)).translate(_SUPERSCRIPT).translate(_SUPERSCRIPT_SIGNS).replace(" ", "")
        try:
            out.append(float(m.group(1).replace(",", ".")) * 10.0 ** int(exp))
        except (ValueError, OverflowError):
            continue
    return out


# Marks that print a number's sign beside it rather than as a minus: a falling triangle or arrow for a
# decline ("\u25bc3.4"), the white or black up triangle of Japanese accounts for a negative ("\u25b33.4",
# "\u25b23.4"; elsewhere the black one marks a rise), a minus set after the number ("3.4-", as ledgers
# and ERP exports print it). A cell so printed may read negative as well as unsigned.
_SIGN_MARKS = re.compile(r"[\u25bc\u25bd\u25be\u25bf\u2193\u21e3\u21e9\u2b07\u2198\u25b2\u25b3\u25b4\u25b5\u2bc6\U0001f53b]|(?<=[\d%])\s*-\s*$")


def readings(text: str) -> list[float]:
    """The numbers ``text`` may stand for, ``parse_number``'s reading first: one for a plain number;
    for any other form also a middle dot as decimal point, points grouping thousands, a comma as
    decimal point, a soft hyphen or em dash as minus, a vulgar fraction added, letters OCR reads
    for digits as those digits, E notation, a sign printed as a mark beside it (``_SIGN_MARKS``)."""
    first = parse_number(text)
    t = _ungroup(text.translate(_MINUS)).strip()
    if first is None and not any(c.isdigit() or c in _FRACTIONS for c in t):
        return []
    # "(24.1%)": accounting's negative, or the value set in parentheses (a share printed so): both.
    bracketed = bool(re.fullmatch(r"\(.*\)", t))
    if _STRICT.fullmatch(t) and not _POINT_GROUPS.search(t):
        return ([first] + ([abs(first)] if bracketed and first < 0 else [])) if first is not None else []
    t = t.translate(_MAYBE_MINUS)
    forms = {t, re.sub(r"[\u00b7\u2219\u22c5]", ".", t)}
    no_points = _POINT_GROUPS.sub(lambda m: m.group(0).replace(".", ""), t)
    # Commas in lakh groups ("Rs. 1,23,456") are no decimal commas.
    forms |= {no_points, no_points.replace(",", ".")} if "," in no_points and not _LAKHS.search(no_points) else {no_points}
    if t.count(",") == 1:
        forms.add(t.replace(".", "").replace(",", "."))
    if _SLIPPED.fullmatch(t):
        forms.add(t.translate(_OCR_SLIPS))
    out = [first] if first is not None else []
    if first is not None and _SIGN_MARKS.search(t):
        out.append(-abs(first))
    if (e := _E_NOTATION.fullmatch(t)) is not None:
        out.append(float(e.group(1)) * (-1 if t.startswith("-") else 1))
    out += scientific(t)
    for f in forms:
        if (v := parse_number(f)) is None:
            continue
        frac = next((_FRACTIONS[c] for c in f if c in _FRACTIONS), 0.0)
        out += [v, v + frac if v >= 0 else v - frac] if frac else [v]
    if first is None and (frac := next((_FRACTIONS[c] for c in t if c in _FRACTIONS), None)) is not None:
        out.append(frac)
    return list(dict.fromkeys(out + ([abs(v) for v in out if v < 0] if bracketed else [])))


Interval = tuple[float, bool, float, bool]  # low, low included, high, high included
_INF = float("inf")


def interval(op: str, value: float) -> Interval:
    """The values ``op value`` admits."""
    return {">": (value, False, _INF, False), ">=": (value, True, _INF, False),
            "<": (-_INF, False, value, False), "<=": (-_INF, False, value, True)}[op]


def censored(text: str) -> Interval | None:
    """A cell printed as a bound ("<0.5", ">23", "more than 23", "\u226523", "23+", "40% max."): the interval it states; None for any other cell."""
    rules = _number_rules()
    if (m := rules.censored.fullmatch(text)) is not None:
        bound, number = rules.bounds_before[m.group(1).lower()], m.group(2)
    elif (m := rules.censored_after.fullmatch(text)) is not None:
        bound, number = rules.bounds_after[m.group(2).lower()], m.group(1)
    else:
        return None
    v = parse_number(number)
    return interval(bound, v) if v is not None and _NUM.fullmatch(_plain(number).rstrip("%")) else None


def inside(a: Interval, b: Interval) -> bool:
    """Every value of ``a`` is in ``b``."""
    low = a[0] > b[0] or (a[0] == b[0] and (b[1] or not a[1]))
    high = a[2] < b[2] or (a[2] == b[2] and (b[3] or not a[3]))
    return low and high


def overlaps(a: Interval, b: Interval) -> bool:
    """Some value is in both ``a`` and ``b``."""
    lo, lo_in = max((a[0], a[1]), (b[0], b[1]), key=lambda e: (e[0], not e[1]))
    hi, hi_in = min((a[2], a[3]), (b[2], b[3]), key=lambda e: (e[0], e[1]))
    return lo < hi or (lo == hi and lo_in and hi_in)


# A word with no letter and a code the text layer cannot say (a font whose /ToUnicode leaves its
# digits unmapped, or maps old-style figures to private use: "\ue002\ue004.\ue001%" prints "24.1%").
_LETTER = re.compile(r"[^\W\d_]")


def unsaid_fills(text: str) -> list[float]:
    """The extremes a word of digits and codes the layer cannot say may print, each code read as a
    digit (all 9s, all 0s) or its first as a minus; [] for a word with letters or no such code."""
    t = text.strip()
    if not UNSAID_RX.search(t) or _LETTER.search(t):
        return []
    first = re.sub(UNSAID, "-", t, count=1)
    fills = [re.sub(UNSAID, "9", t), re.sub(UNSAID, "0", t), re.sub(UNSAID, "9", first), re.sub(UNSAID, "0", first)]
    return list(dict.fromkeys(v for f in fills for v in readings(f)))


def every_number(text: str) -> list[float]:
    """Every number in ``text``, each as read and unsigned ("12-25" holds 12, -25 and 25; "(25)" -25 and 25)."""
    out: list[float] = []
    for raw in _NUM.findall(_plain(text)):
        if (v := parse_number(raw)) is not None:
            out += [v, abs(v)]
    return out


def numbers_in(text: str) -> int:
    """How many numbers ``text`` holds, read as ``parse_number`` reads them ("615-591-1432" holds 3)."""
    return len(_NUM.findall(_plain(text)))


@dataclass
class Cell:
    page: int
    bbox: BBox
    text: str
    value: float | None
    row: str
    raised_value: float | None = None  # the number read with raised small glyphs (footnote marks) kept
    cut: str = ""  # words of the line that cross the column's edge: the line may be running text, not a row
    words: str = ""  # the cell's words as the text layer spaces them ("12,345 56,789" under a spanning header)
    elsewhere: str = ""  # why the cell may belong to another table below ours ("" when nothing says so)
    spread: str = ""  # the cell's words with the digits glued to it outside the band, left to right ("2 4 . 1 %": tracking)
    powered: str = ""  # the cell's glyphs with a caret before each raised run ("2.3\u00d710^6": an exponent set raised)
    joined: str = ""  # the cell read with the line it may wrap onto, or from ("1,234," over "567": "1,234,567")


def _raised(glyphs: list[tuple[str, tuple]]) -> set[int]:
    """Indices of glyphs smaller than and raised above the row's others: superscript footnote marks."""
    if len(glyphs) < 2:
        return set()
    heights = sorted(g[1][3] - g[1][1] for g in glyphs)
    bottoms = sorted(g[1][3] for g in glyphs)
    h, base = heights[len(heights) // 2], bottoms[len(bottoms) // 2]
    return {i for i, g in enumerate(glyphs) if g[1][3] - g[1][1] < 0.8 * h and g[1][3] < base - 0.2 * h}


def _layer(doc: Doc, index: int) -> Reader:
    """What read page ``index``'s words (``_words``): its text layer, a scan's invisible OCR layer being OCR's."""
    return text_reader(doc.facts.page(index), layer=True)


def _words(page: pymupdf.Page, clip: pymupdf.Rect) -> list[tuple]:
    dedup = DedupChars()
    return [w for w in _with_control_codes(page, page.get_text("words")) if centre_in(w[:4], clip) and not dedup.seen(w[4], w[0], w[1])]


# Control codes a font's glyph numbers come out as, where its /ToUnicode leaves digits unmapped; a
# word of them, digits and number marks only (no letters, no dot leader "\x08....." of a contents page).
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f]")
_CONTROL_NUMBER = re.compile(r"(?!.*\.\.)[\x00-\x08\x0e-\x1f\d.,%()+\-\u2212]+")


def _with_control_codes(page: pymupdf.Page, words: list[tuple]) -> list[tuple]:
    """``words`` with the numbers that hold control codes whole: MuPDF's word list parts words at them
    and drops them ("24.1%" set in digits the layer cannot say reads "." and "%", "24" nothing).
    Words with letters ("\\x07Dynamic", a bullet) stay as MuPDF parts them."""
    if not _CONTROL.search(page.get_text("text")):
        return words
    whole: list[tuple] = []
    for b in page.get_text("rawdict")["blocks"]:
        for line in b.get("lines", ()):
            run: list[dict] = []
            for c in [c for s in line["spans"] for c in s["chars"]] + [{"c": " "}]:
                if not c["c"].isspace() or _CONTROL.match(c["c"]):
                    run.append(c)
                    continue
                text = "".join(g["c"] for g in run)
                # A lone code is a producer's tab or bullet as often as a one-digit number: left out.
                if _CONTROL.search(text) and _CONTROL_NUMBER.fullmatch(text) and len(text) > 1:
                    box = pymupdf.Rect(union(tuple(g["bbox"]) for g in run))
                    # The parts MuPDF kept name the block and line the whole word belongs to.
                    part = next((w for w in words if centre_in(w[:4], box)), None)
                    whole.append((*box, text, *(part[5:8] if part else (b["number"], 0, 0))))
                run = []
    return [w for w in words if not any(centre_in(w[:4], pymupdf.Rect(v[:4])) for v in whole)] + whole


_HYPHENS = re.compile(r"[-\u00ad\u2010\u2011\u2012\u2013\u2014]")


def header_tokens(text: str) -> list[str]:
    """``cell_words`` of ``text`` with hyphens and dashes as word breaks ("Land-area" holds land, area)."""
    return cell_words(_HYPHENS.sub(" ", text))


def _broken_words(words: list[tuple]) -> dict[int, set[str]]:
    """Tokens of words a header breaks at a line end ("Re-" over "zoned"): index -> the whole word's
    tokens, for the hyphenated word and for the word that ends it on the next line (text.join_broken_words
    joins them in running text; a header's lines are no text, so the two words are paired by place)."""
    out: dict[int, set[str]] = {}
    for i, a in enumerate(words):
        if not re.search(r"[^\W\d_][-\u00ad\u2010\u2011]$", a[4]):
            continue
        h = a[3] - a[1]
        below = [(j, b) for j, b in enumerate(words) if a[3] - 0.3 * h <= (b[1] + b[3]) / 2 <= a[3] + 1.2 * h
                 and a[0] - 12 * h <= b[0] <= a[2] and b[4][:1].islower()]
        if below:
            j, b = max(below, key=lambda e: e[1][0])
            whole = set(cell_words(join_broken_words(a[4] + "\n" + b[4])))
            out.setdefault(i, set()).update(whole)
            out.setdefault(j, set()).update(whole)
    return out


def _close(token: str, have: set[str]) -> bool:
    """``token`` is in ``have`` as written, in the plural or singular, or one letter off (a misprint)."""
    if token in have:
        return True
    for t in have:
        if len(token) >= 4 and len(t) >= 4 and (t.rstrip("s") == token.rstrip("s") or _one_edit(t, token)):
            return True
    return False


def _one_edit(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return a == b
    if len(a) > len(b):
        a, b = b, a
    i = next((k for k in range(len(a)) if a[k] != b[k]), len(a))
    return a[i + (len(a) == len(b)):] == b[i + 1:]


def _header_groups(words: list[tuple], want: list[str], match: Callable[[str, set[str]], bool]) -> list[tuple[list[int], set[str]]]:
    """Groups of words, close together, each sharing a token with ``want`` under ``match``: (word indices, tokens held)."""
    numeric_header = any(ch.isdigit() for ch in "".join(want))
    joined = _broken_words(words)
    toks = [set(header_tokens(w[4])) | joined.get(i, set()) for i, w in enumerate(words)]
    # Value cells like "18.4%" share the '%' token with the header: they are not header words.
    cands = [i for i, w in enumerate(words) if any(match(t, toks[i]) for t in want) and (numeric_header or parse_number(w[4]) is None)]
    near = Groups(range(len(cands)))
    for n, i in enumerate(cands):
        ra = pymupdf.Rect(words[i][:4])
        grow = (-12, -0.8 * ra.height, 12, 0.8 * ra.height)
        for m in range(n):
            if (ra + grow).intersects(pymupdf.Rect(words[cands[m]][:4])):
                near.join(n, m)
    return [([cands[n] for n in g], set().union(*(toks[cands[n]] for n in g))) for g in near.groups()]


def find_headers(words: list[tuple], column: str) -> list[pymupdf.Rect]:
    """Boxes of word groups, close together, that hold every token of ``column`` (headers may wrap;
    a hyphen parts words, "Land-area"; a word broken at a line end, "Re-" over "zoned", is whole)."""
    want = header_tokens(column)
    joined = _broken_words(words)
    out = []
    for g, have in _header_groups(words, want, lambda t, h: t in h):
        if set(want) <= have:
            # The header is the group's words from the top until every token is held: a word below that
            # repeats a token (a row's "%" set apart from its number) is a row's, and the box grown over
            # it swallowed that row (new questions: "10.\x00%" read as "10." and "%").
            got: set[str] = set()
            r = None
            for i in sorted(g, key=lambda i: (round(words[i][1]), words[i][0])):
                w = words[i]
                if set(want) <= got and w[1] >= r.y1 - 1:
                    break
                got |= set(header_tokens(w[4])) | joined.get(i, set())
                r = pymupdf.Rect(w[:4]) if r is None else r | w[:4]
            out.append(r)
    return out


def near_headers(words: list[tuple], column: str) -> list[tuple[pymupdf.Rect, str]]:
    """Word groups that hold the column's words only nearly: each token in a close spelling (plural,
    one letter off), or all but one of three or more. (box, what is missing or misspelt)."""
    want = header_tokens(column)
    out = []
    for g, have in _header_groups(words, want, _close):
        if set(want) <= have:
            continue  # a header of the column itself
        held = [t for t in want if _close(t, have)]
        if len(held) == len(want) or (len(want) >= 3 and len(held) == len(want) - 1):
            r = pymupdf.Rect(words[g[0]][:4])
            for i in g[1:]:
                r |= words[i][:4]
            missing = [t for t in want if t not in held]
            out.append((r, f"lacks {', '.join(missing)!r}" if missing else "spells the column's words otherwise"))
    return out


def _table_bottoms(doc: Doc, index: int) -> list[pymupdf.Rect]:
    """Ruled tables pdfplumber finds on PDF page ``index`` (1-based; pdfplumber pages are 0-based in the list)."""
    out = []
    with pdfplumber.open(doc.path) as pdf:
        pg = pdf.pages[index - 1]
        assert pg.page_number == index, "pdfplumber page numbering drifted"
        area = float(pg.width * pg.height) or 1.0
        for t in pg.find_tables():
            x0, top, x1, bottom = t.bbox
            if (x1 - x0) * (bottom - top) < 0.85 * area:
                out.append(pymupdf.Rect(x0, top, x1, bottom))
    return out


def column_cells(doc: Doc, index: int, clip: pymupdf.Rect, header: pymupdf.Rect, bounds: list[pymupdf.Rect],
                 aside: list[tuple[tuple, str]] | None = None) -> list[Cell]:
    """Cells under ``header``, row by row, until the table ends (ruled extent, or a large vertical gap).

    Words under the header that a tuned rule leaves out (past the ruled extent or a wide gap, too
    tall, rotated, barely in the column) are appended to ``aside`` as (word, which rule)."""
    aside = aside if aside is not None else []
    page = doc.page(index)
    x0, x1 = header.x0 - 4, header.x1 + 4

    def in_band(w: tuple) -> bool:
        return min(w[2], x1) > max(w[0], x0)

    # A row is below the header when its words' centres are: set solid (10 pt on 11 pt), the first
    # row's boxes (~1.4 em tall) overlap the header's. A word beside the header on its line(s),
    # inside the band but apart from the header's words, is no row by any sure rule: set aside.
    everything = _words(page, clip)
    words = [w for w in everything if (w[1] + w[3]) / 2 > header.y1]
    aside += [(w, "on the header's line, inside the column's band") for w in everything
              if header.y0 <= (w[1] + w[3]) / 2 <= header.y1 and not pymupdf.Rect(w[:4]).intersects(header)
              and min(w[2], x1) - max(w[0], x0) >= 0.4 * (w[2] - w[0])]

    table = next((b for b in bounds if b.contains(header.tl + (1, 1)) or b.intersects(header)), None)
    if table is not None:
        aside += [(w, "past the ruled table's extent") for w in words if w[3] > table.y1 + 2 and in_band(w)]
        words = [w for w in words if w[3] <= table.y1 + 2]
    heights = [w[3] - w[1] for w in words] or [10.0]
    lh = median(heights)
    # Rotated text (a vertical running title in the margin) is not part of any row.
    rotated = _rotated_lines(page)
    for w in words:
        if in_band(w) and w[3] - w[1] > 1.6 * lh:
            aside.append((w, f"taller than 1.6 line heights ({w[3] - w[1]:.0f}pt)"))
        elif in_band(w) and any(centre_in(w[:4], r) for r in rotated):
            aside.append((w, "rotated text"))
    words = [w for w in words if w[3] - w[1] <= 1.6 * lh and not any(centre_in(w[:4], r) for r in rotated)]
    lines: list[list[tuple]] = []
    for w in sorted(words, key=lambda w: (w[1] + w[3]) / 2):
        yc = (w[1] + w[3]) / 2
        if lines and abs(yc - (lines[-1][0][1] + lines[-1][0][3]) / 2) <= 0.5 * lh:
            lines[-1].append(w)
        else:
            lines.append([w])
    chars = _chars(page, clip)
    cells: list[Cell] = []
    last_y = header.y1
    # An unruled table's row label said again ("North" under "North") starts, most likely, another
    # table stacked below (or a group of a grouped table): from there on, cells are doubts.
    labels_seen: set[str] = set()
    elsewhere = ""
    # The words of the header's own row ("Item Turnout Growth Revenue"): a later row label saying one
    # of them again ("Item Revenue Share Budget") is, most likely, another table's header row.
    header_row = {t for w in everything if header.y0 <= (w[1] + w[3]) / 2 <= header.y1
                  for t in cell_words(w[4]) if sum(c.isalpha() for c in t) >= 3}
    for n, line in enumerate(lines):
        top = min(w[1] for w in line)
        bottom = max(w[3] for w in line)
        if table is None and any(b.contains(pymupdf.Rect(w[:4]).tl + (1, 1)) for b in bounds for w in line):
            # Certain: a ruled table that does not hold the header is another table; ours ended above it.
            aside += [(w, "inside another, ruled table below") for ln in lines[n:] for w in ln if in_band(w)]
            break
        if table is None and top - last_y > 2.5 * lh:
            # A wide gap ends an unruled table (tuned): what lies below in the column is set aside, not dropped.
            aside += [(w, f"below a gap of {top - last_y:.0f}pt that ends an unruled table") for ln in lines[n:] for w in ln if in_band(w)]
            break
        col = [w for w in line if min(w[2], x1) - max(w[0], x0) >= 0.4 * (w[2] - w[0])]
        cut = [w for w in line if in_band(w) and w not in col]
        # A word that only grazes the band counts here too: another table's header beside ours
        # ("Share" under "Revenue") ends it just as one squarely under it does.
        ending = col or cut
        if table is None and cells and ending and not any(_NUM.search(w[4]) for w in ending):
            # Words without a number under numeric cells end an unruled table (another table's
            # header, a paragraph): what lies below in the column is set aside, not dropped.
            aside += [(w, f"below the words {' '.join(w[4] for w in ending)!r} that end an unruled table") for ln in lines[n:] for w in ln if in_band(w)]
            break
        aside += [(w, "under 40% inside the column's band") for w in cut]
        if not col:
            continue
        label_words = _leading_label(sorted((w for w in line if w[2] <= x0), key=lambda w: w[0]))
        # A line with no row label (or a number left open: "1,234," or "12." above, ",567" or "5%" below) set
        # close under the last cell, no rule between: the cell's text wrapped, one number over two lines (tuned).
        wraps = bool(cells) and cells[-1].page == index and top - cells[-1].bbox[3] < _WRAP_GAP * lh and \
            _may_wrap(cells[-1].text, " ".join(w[4] for w in col), bool(label_words)) and \
            not _rule_between(page, x0, x1, cells[-1].bbox[3], top)
        if table is None and not wraps and not label_words and len(line) == len(col) and any(c.row for c in cells):
            # A lone number with no row label under labelled rows of an unruled table (tuned): a
            # page's folio or a note below it may be that. Set aside with what follows, not dropped.
            aside += [(w, "a lone number with no row label below an unruled table's labelled rows (a folio?)") for ln in lines[n:] for w in ln if in_band(w)]
            break
        last_y = bottom
        # Re-read the cell from glyphs in a band around the row, so a decimal point drawn as
        # its own object (or on its own baseline) is not lost ("184%" vs "18.4%").
        # The band spans the header and the cell's own words: a right-aligned number wider than
        # its header keeps its leading glyphs (sign, digits).
        band = pymupdf.Rect(min([x0] + [w[0] - 1 for w in col]), min(w[1] for w in col), max([x1] + [w[2] + 1 for w in col]), max(w[3] for w in col))
        glyphs = sorted((c for c in chars if centre_in(c[1], band)), key=lambda c: c[1][0])
        raised = _raised(glyphs)
        with_marks = "".join(c[0] for c in glyphs).strip()
        text = "".join(c[0] for i, c in enumerate(glyphs) if i not in raised).strip() or " ".join(w[4] for w in col)
        label = " ".join(label_words)
        bbox = pymupdf.Rect(col[0][:4])
        for w in col[1:]:
            bbox |= w[:4]
        # Words a word space from the cell, outside the band: running text through the column
        # ("... call +1 615 591 1000 ..."), whose number under the header is no cell's value.
        glued = [w for w in line if w not in col and w not in cut
                 and any(0 <= w[0] - c[2] < 0.5 * lh or 0 <= c[0] - w[2] < 0.5 * lh for c in col)]
        # Digits or a sign a word space from the cell, outside the band or astride its edge, word by word:
        # a letter-spaced number ("2 4 . 1 %"), a sign set apart ("\u2013 24.1"), a whole before its
        # fraction ("23 \u00bd"), whose first glyphs stand left of a header set further right; read whole,
        # the number is another.
        apart = _number_parts(line, col, lh)
        spread = " ".join(w[4] for w in sorted(col + apart, key=lambda w: w[0])) if apart else ""
        # Its words without digits: a cell read into the label ("North 0a", a footnote-marked zero) is no name.
        key = " ".join(w for w in cell_words(label) if not any(c.isdigit() for c in w))
        if table is None and key and key in labels_seen and not elsewhere:
            elsewhere = f"row filter: the row label {label!r} repeats an earlier row's (another table stacked below, or a group of a grouped table?)"
        said = header_row & set(cell_words(label))
        if table is None and said and not elsewhere:
            elsewhere = f"row filter: the row {label!r} says {', '.join(sorted(said))!r} of the header's row again (another table's header row?)"
        wordy = [w[4] for w in col if sum(c.isalpha() for c in w[4]) >= 3]
        if table is None and cells and wordy and not elsewhere:
            # A word under numeric cells ("Budget 2024"): another table's header row, with a number in it.
            elsewhere = f"row filter: the words {' '.join(wordy)!r} under numeric cells (another table's header row?)"
        labels_seen.add(key)
        powered = "".join(("^" if i in raised and i - 1 not in raised else "") + c[0] for i, c in enumerate(glyphs)).strip() if raised else ""
        cells.append(Cell(index, rect_tuple(bbox), text, parse_number(text), label, parse_number(with_marks) if raised else None,
                          " ".join(w[4] for w in cut + glued), " ".join(w[4] for w in col), elsewhere, spread, powered))
        if wraps:
            whole = cells[-2].text + text
            cells[-2].joined = cells[-1].joined = whole
    return cells


# How close under a cell (in line heights, box to box) a line may stand to be its text wrapped.
_WRAP_GAP = 0.35
# A number left open at a line's end ("1,234,", "12.", "3 \u00d7", "10\u2013") or taken up at the next's start (",567", "5%"); a
# sign opening the next line starts a row's number as often ("\u20135.0"): no sign of a wrap.
_OPEN_END = re.compile(r"\d[.,\u00b7'\u2019]$|\d\s*[-\u2013\u2212\u00d7^/]$")
_OPEN_START = re.compile(r"^[.,%\u2030\u00b7^\u00d7]")


def _may_wrap(above: str, below: str, labelled: bool) -> bool:
    """``below`` may carry on the number ``above`` ends with: both hold a digit and the line below has no row
    label of its own, or the number is left open at the end above or taken up at the start below."""
    above, below = above.strip(), below.strip()
    if not any(c.isdigit() for c in above) or not any(c.isdigit() or c in "%\u2030" for c in below):
        return False
    return not labelled or bool(_OPEN_END.search(above)) or bool(_OPEN_START.search(below))


def _rule_between(page: pymupdf.Page, x0: float, x1: float, y0: float, y1: float) -> bool:
    """A drawn horizontal edge (a rule, a cell's border or shading) crosses the band ``x0``..``x1`` between
    heights ``y0`` and ``y1``: two lines apart so are two cells, certain by construction."""
    mid = (x0 + x1) / 2
    for d in page.get_drawings():
        r = d["rect"]  # a rule's rect has no height: compared by its coordinates, not Rect.intersects
        if r.x1 < x0 or r.x0 > x1 or r.y1 < y0 - 2 or r.y0 > y1 + 2:
            continue
        for item in d["items"]:
            if item[0] == "l":
                a, b = item[1], item[2]
                ys = [a.y] if abs(a.y - b.y) < 1 and min(a.x, b.x) <= mid <= max(a.x, b.x) else []
            elif item[0] == "re":
                r = item[1]
                ys = [r.y0, r.y1] if r.x0 <= mid <= r.x1 else []
            elif item[0] == "qu":
                r = item[1].rect
                ys = [r.y0, r.y1] if r.x0 <= mid <= r.x1 else []
            else:
                ys = []
            if any(y0 - 1 <= y <= y1 + 1 for y in ys):
                return True
    return False


# A word of digits and number marks only ("2", "4", ".", "1%"): a piece of a number, no word of text.
_DIGIT_BITS = re.compile(r"[\d.,%()+\-\u2212]*\d[\d.,%()+\-\u2212]*")
# A word that is a sign or bound alone: a plus, plus-minus, any minus or dash _MINUS reads, a sign mark
# (_SIGN_MARKS), a bound or approximation mark ("\u2265 23%", "~ 24").
_SIGN_WORD = re.compile(r"[<>\u2264\u2265\u2a7d\u2a7e~\u2248+-\u00b1\u2212\u2013\u2012\ufe63\uff0d\u2010\u2011\u2014\u25bc\u25bd\u25be\u25bf\u2193\u21e3\u21e9\u2b07\u2198\u25b2\u25b3\u25b4\u25b5\u2bc6\U0001f53b]")


def _number_parts(line: list[tuple], col: list[tuple], lh: float) -> list[tuple]:
    """The words of ``line`` outside ``col`` that carry on its number a word space apart, chained word by
    word to either side: pieces of digits ("2", "4", "23" before "\u00bd%") or a sign or bound alone ("\u2013"
    or "\u2265" before "24.1%"). A word of text breaks the chain."""
    out: list[tuple] = []
    have = list(col)
    grew = True
    while grew:
        grew = False
        for w in line:
            if w in have or not (_DIGIT_BITS.fullmatch(w[4]) or _SIGN_WORD.fullmatch(w[4])):
                continue
            if any(0 <= w[0] - c[2] < 0.5 * lh or 0 <= c[0] - w[2] < 0.5 * lh for c in have):
                have.append(w)
                out.append(w)
                grew = True
    return out


def _leading_label(words: list[tuple]) -> list[str]:
    """Words of a row before its first purely numeric cell: the row's label."""
    out = []
    for w in words:
        if _PURE_NUM.fullmatch(w[4]):
            break
        out.append(w[4])
    return out


def _turned_words(page: pymupdf.Page, words: list[tuple]) -> dict[tuple[float, float], list[tuple[tuple, tuple]]]:
    """The words of lines not set left to right (a landscape table turned 90 or 270 degrees on a portrait
    page, text upside down), by their lines' direction: each as (the word in its line's own frame, X along
    the line and Y down across it; the word as on the page)."""
    lines = []
    for b in page.get_text("dict")["blocks"]:
        for line in b.get("lines", ()):
            dx, dy = line["dir"]
            if abs(dy) > 0.1 or dx < 0:
                lines.append((pymupdf.Rect(line["bbox"]), (round(dx, 3), round(dy, 3))))
    out: dict[tuple[float, float], list[tuple[tuple, tuple]]] = {}
    if not lines:
        return out
    for w in words:
        d = next((d for r, d in lines if centre_in(w[:4], r)), None)
        if d is None:
            continue
        dx, dy = d
        corners = [(x, y) for x in (w[0], w[2]) for y in (w[1], w[3])]
        xs = [x * dx + y * dy for x, y in corners]
        ys = [y * dx - x * dy for x, y in corners]
        out.setdefault(d, []).append(((min(xs), min(ys), max(xs), max(ys), *w[4:]), w))
    return out


def _turned_tables(doc: Doc, index: int, words: list[tuple], column: str, op: str, value: float) -> list[Member]:
    """Numbers under the column's header in a table whose text is turned on the page (a landscape table
    printed sideways on a portrait page, rows running up or down it): read in the text's own frame, each
    word below the header inside the column's x-range there that qualifies (any printed convention, any of
    its numbers, a number in words) is a doubt. The rows' end is not delimited there (a note below counts)."""
    want = set(header_tokens(column))
    if not want or not want <= {t for w in words for t in header_tokens(w[4])}:
        return []  # the page does not print the column's words at all
    out = []
    for (dx, dy), pairs in _turned_words(doc.page(index), words).items():
        turned = [t for t, _ in pairs]
        frame = pymupdf.Rect(union(t[:4] for t in turned))
        angle = round(math.degrees(math.atan2(-dy, dx))) % 360
        for header in find_headers(turned, column):
            lo, hi = column_extent(turned, header, frame)
            for t, w in pairs:
                if (t[1] + t[3]) / 2 <= header.y1 or not lo <= (t[0] + t[2]) / 2 <= hi:
                    continue
                v = _qualifying(t, op, value)
                if v is None:
                    v = next((x for x in every_number(t[4]) if OPS[op](x, value)), None)
                if v is None and (n := _number_in_words(t[4])) is not None and OPS[op](n, value):
                    v = float(n)
                if v is not None:
                    out.append(Member(page=index, bbox=rect_tuple(w[:4]), what=f"number {w[4]!r} = {v:g} under the column's header in text turned {angle} degrees",
                                      reader=_layer(doc, index),
                                      why="turned-table filter: a table printed sideways, read in its text's own frame; its rows' end is not delimited"))
    return out


def _rotated_lines(page: pymupdf.Page) -> list[pymupdf.Rect]:
    return [
        pymupdf.Rect(line["bbox"])
        for b in page.get_text("dict")["blocks"]
        for line in b.get("lines", ())
        if abs(line["dir"][1]) > 0.1
    ]


def _chars(page: pymupdf.Page, clip: pymupdf.Rect) -> list[tuple[str, tuple]]:
    out = []
    dedup = DedupChars()
    for b in page.get_text("rawdict")["blocks"]:
        for line in b.get("lines", ()):
            for s in line["spans"]:
                for c in s["chars"]:
                    if centre_in(c["bbox"], clip) and not dedup.seen(c["c"], *c["origin"], c["bbox"][2] - c["bbox"][0]):
                        out.append((c["c"], tuple(c["bbox"])))
    return out


class TableValuesParams(Params):
    """Cells of ``column`` (and ``row_header``) with ``value`` ``op`` the given value; ``percent``: the question asks in %
    (False: it asks an amount, so a column of shares measures nothing; None: it does not say); ``sentences``: the container is a page or the document, so running text stating the column's value is read too."""

    column: str = ""
    op: Annotated[str, one_of(*OPS, what="comparison")] = ">"
    value: float
    row_header: str | None = None
    percent: bool | None = None
    sentences: bool = True


@dataclass(frozen=True)
class _NumberRules:
    """rules/numbers.yaml, compiled: the bounds, scales and rate units tables print beside their numbers."""

    bounds_before: dict[str, str]
    bounds_after: dict[str, str]
    censored: re.Pattern[str]  # "<0.5", "more than 23": the bound word, then the number
    censored_after: re.Pattern[str]  # "23+", "40% max.": the number, then the bound word
    header_scales: tuple[tuple[re.Pattern[str], float], ...]
    cell_scale: re.Pattern[str]  # "1.2k", "3 bn": the scale word after the cell's number
    cell_factors: dict[str, float]
    rate_units: tuple[tuple[re.Pattern[str], float, str], ...]
    percent_mark: re.Pattern[str]
    fraction_header: re.Pattern[str]
    big_number_words: dict[str, int]


def _either(words: Any) -> str:
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


@cache
def _number_rules() -> _NumberRules:
    r = rulebook.load("numbers")
    money = rf"(?:[{''.join(map(re.escape, r['money_symbols']))}]|\b(?:{_either(r['money_codes'])})\s?)"
    scales = []
    for s in r["header_scales"]:
        parts = [rf"\b(?:{_either(s['words'])})\b"] if s.get("words") else []
        parts += [rf"{money}(?:{_either(s['after_money'])})\b"] if s.get("after_money") else []
        scales.append((re.compile("|".join(parts + s.get("patterns", [])), re.I), float(s["factor"])))
    return _NumberRules(
        bounds_before={k.lower(): v for k, v in r["bounds_before"].items()},
        bounds_after={k.lower(): v for k, v in r["bounds_after"].items()},
        censored=re.compile(rf"\s*({_either(r['bounds_before'])})\s*(\S+?)\s*%?\s*", re.I),
        censored_after=re.compile(rf"\s*(\S+?)\s*%?\s*({_either(r['bounds_after'])})\s*%?\s*", re.I),
        header_scales=tuple(scales),
        cell_scale=re.compile(rf"\d\s*({_either(r['cell_scales'])})\.?\s*$", re.I),
        cell_factors={k.lower(): float(v) for k, v in r["cell_scales"].items()},
        rate_units=tuple((re.compile("|".join(u["patterns"]), re.I), float(u["factor"]), u["name"]) for u in r["rate_units"]),
        percent_mark=re.compile("|".join(r["percent_marks"]), re.I),
        fraction_header=re.compile("|".join(r["fraction_headers"]), re.I),
        big_number_words=dict(r["big_number_words"]))


# A multiplier a header states: "x 1,000", "\u00d7 1 000 000", "x10^3", "10\u00b3", "\u00d710\u2076".
_MULTIPLIER = re.compile(r"(?:(?<![\w.,])[x\u00d7*]\s*(1(?:[,.\s\u2009\u202f]?000)+)(?![\d.,]))"
                         r"|(?:(?<![\w.,])(?:[x\u00d7*]\s*)?10\s*(?:\^\s*(\d{1,2})|([\u00b9\u00b2\u00b3\u2070-\u2079]{1,2})))", re.I)
_SUPERSCRIPT = str.maketrans("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079", "0123456789")


def _header_scales(phrase: str) -> list[float]:
    """The scales ``phrase`` states for its column's numbers: scale words, a multiplier."""
    out = [f for rx, f in _number_rules().header_scales if rx.search(phrase)]
    for m in _MULTIPLIER.finditer(phrase):
        if m.group(1):
            out.append(float(re.sub(r"\D", "", m.group(1))))
        else:
            out.append(10.0 ** int(m.group(2) or m.group(3).translate(_SUPERSCRIPT)))
    return [f for f in dict.fromkeys(out) if f != 1.0]


# Cells that stand for no value: dashes and dots, "n/a", "n.a.", "nd", "x", "not available".
_PLACEHOLDER = re.compile(r"\W*|n\.?\s?/?\s?[ads]\.?|x|not (?:available|applicable)", re.I)
# Footnote marks after a value ("4.2%*", "4.2\u00b9").
_MARKS = re.compile(r"[*\u2020\u2021\u00a7\u00b9\u00b2\u00b3\u2070-\u2079]+$")


def _value_word(text: str) -> bool:
    """``text`` is one printed value: a number with its sign, grouping, decimal comma or point, percent
    sign and footnote marks ("4.2%*", "4,2", "(24.1%)"); not a range or a label ("2002-2013", "Q3")."""
    return bool(_PURE_NUM.fullmatch(_MARKS.sub("", text.strip()))) or bool(unsaid_fills(text))


# A word beside a number that says no other value: a unit or mark, a placeholder, a footnote letter.
_NOT_A_WORD = re.compile(r"\W*|n\.?\s?/?\s?[ads]\.?|x|[a-e]\)?|per|cent|pct\.?|pp\.?|p\.?p\.?", re.I)


@probe("table_values", params=TableValuesParams)
def table_values(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Cells of the column headed ``column`` whose number satisfies ``op value`` (optionally in row ``row_header``)."""
    column = str(params.get("column", ""))
    op = str(params.get("op", ">"))
    if not cell_words(column) or op not in OPS:
        return ProbeResult.cannot("table_values", f"need a column name and op in {list(OPS)}", pages=scope.pages, params=params)
    try:
        value = float(params["value"])
    except (KeyError, TypeError, ValueError):
        return ProbeResult.cannot("table_values", "need a numeric 'value'", pages=scope.pages, params=params)
    percent = bool(params.get("percent"))
    row_want = cell_words(str(params.get("row_header") or ""))
    members: list[Member] = []
    best: list[Member] = []
    doubts: list[Member] = []
    unmeasured, pages = measurable(doc, scope, reads_text=True)
    # A scanned page has no words to read: its table, if any, is in pixels.
    unmeasured.update({p: "an image-only page: table cells in pixels are not read" for p in pages if doc.facts.page(p).kind is PageKind.image_only})
    pages = [p for p in pages if p not in unmeasured]
    unparsed: list[str] = []
    extents: dict[int, list[tuple[float, float]]] = {}  # page -> x-ranges of the column's found headers
    columns: list[tuple[int, str, list[Cell]]] = []  # page, the header's words, its cells
    beyond: list[int] = []  # pages past the scope, read because the table reached the foot of the page before
    footed: set[int] = set()  # pages whose column's rows run to their foot
    queue = list(pages)
    while queue:
        index = queue.pop(0)
        clip = doc.page(index).rect if index in beyond else doc.region_rect(index, scope.region)
        words = _words(doc.page(index), clip)
        rd = _layer(doc, index)
        headers = find_headers(words, column)
        low: float | None = None  # the foot of the column's rows on this page
        if not headers and (before := extents.get(index - 1) or _continued_from(doc, index, words, extents)):
            cont, low = _continued_rows(doc, index, words, before, op, value)
            doubts += cont
            if low is not None:
                extents[index] = before
        elif headers:
            # A header of the column lower on the page does not make the page's opening rows its own: they
            # may be the rows of a table continued, headerless, from the page before (whose header is the
            # column's), above a new table headed the same way. Read like a headerless page's, as doubts.
            top = min(h.y0 for h in headers)
            # A caption there ("Table 3: ...", "Table 2 (continued)") is no row of either table.
            captions = [pymupdf.Rect(c.bbox) for c in doc.facts.captions if c.page == index]
            above = [w for w in words if (w[1] + w[3]) / 2 < top and not any(centre_in(w[:4], c) for c in captions)]
            # Linked by a continuation caption or line on this page, or by the column's rows on the page before
            # running to its foot (read there when it lies outside the scope).
            if above and (before := _continued_from(doc, index, words, extents) or (extents.get(index - 1, []) if index - 1 in footed
                          else [] if index - 1 in pages or index - 1 in beyond else _headed_before(doc, index, column))):
                doubts += _continued_rows(doc, index, above, before, op, value)[0]
        near = [(r, why) for r, why in near_headers(words, column) if not any(r.intersects(h) for h in headers)]
        bounds = _table_bottoms(doc, index) if headers or near else []
        claimed: list[pymupdf.Rect] = []  # the found columns' headers, cells and ruled tables: no running text
        for header in headers:
            aside: list[tuple[tuple, str]] = []
            cells = column_cells(doc, index, clip, header, bounds, aside)
            extent = column_extent(words, header, clip)
            extents.setdefault(index, []).append(extent)
            columns.append((index, header_phrase(words, header, extent), cells))
            doubts += _beside_the_band(index, words, header, extent, cells, aside, op, value, rd)
            doubts += _along_the_row(index, words, header, op, value, rd)
            # The whole header phrase may head the column, not only its matched words: values set flush
            # left under "Share (%) of total land area rezoned" sit under "Share". Whether the phrase is
            # one header or runs into its neighbour's ("Region Change" set a word space apart) is a reading.
            phrase = _phrase_rect(words, header)
            wider = column_cells(doc, index, clip, phrase, bounds) if phrase.width > header.width + 1 else []
            wider = [c for c in wider if not any(pymupdf.Rect(c.bbox).intersects(d.bbox) for d in cells)]
            for cell in wider:
                vals = [v for v in _running_values(cell.words or cell.text, "", percent) or [] if OPS[op](v, value)] if not cell.cut else []
                if vals:
                    doubts.append(Member(page=index, bbox=cell.bbox, what=f"cell {cell.text!r} = {vals[0]:g} in row {cell.row!r}", reader=rd,
                                         why=f"column filter: under the header phrase {header_phrase(words, phrase, (phrase.x0, phrase.x1))!r}, outside its matched words"))
            claimed.append(_table_region(words, phrase, cells + wider, bounds))
            if not any(c.value is not None and not c.cut for c in cells + wider) or _in_figure_caption(doc, index, header):
                # A header with no value under it (a chart's title, a figure's caption): numbers in the
                # drawing next to it are its values, or it draws them unprinted.
                doubts += _figure_numbers(doc, index, words, header, [pymupdf.Rect(c.bbox) for c in cells + wider], op, value, percent)
            for w, rule in aside:
                if (v := _qualifying(w, op, value)) is not None:
                    doubts.append(Member(page=index, bbox=rect_tuple(w[:4]), what=f"number {w[4]!r} = {v:g} under the column header", reader=rd,
                                         why=f"table-extent filter: {rule}"))
            ruled = [t.y1 for t in bounds if t.contains(header.tl + (1, 1)) or t.intersects(header)]
            low = max([low or 0.0] + [c.bbox[3] for c in cells] + ruled)
        for header, lack in near:
            # Nearly the column's header ("Land area (%)" for "land area rezoned", "Rezonned"): its
            # table's values are doubts, never certified absent by the column found elsewhere.
            for cell in column_cells(doc, index, clip, _phrase_rect(words, header), bounds):
                # Only a cell that is a value ("31.2", "31.2 %", "n/a"): words near each other in running
                # text ("rezoned areas" over "the City ($65,489 ...).") head no column.
                parts = (cell.words or cell.text).split()
                if cell.cut or not parts or not all(_value_word(t) or _NOT_A_WORD.fullmatch(t) for t in parts):
                    continue
                vals = [v for v in _running_values(cell.text, "", percent) or [] if OPS[op](v, value)]
                if vals:
                    doubts.append(Member(page=index, bbox=cell.bbox, what=f"cell {cell.text!r} = {vals[0]:g} in row {cell.row!r}", reader=rd,
                                         why=f"header filter: the header {header_phrase(words, header, (header.x0, header.x1))!r} nearly names {column!r} ({lack})"))
        doubts += _turned_tables(doc, index, words, column, op, value)
        if index not in beyond and params.get("sentences", True):
            doubts += _sentence_numbers(doc, index, clip, column, op, value, percent, claimed)
        # "Table 1" or "page 3" scopes a page; a table that runs to its foot may go on overleaf (under a
        # repeated header or none): the next page is read too, and whatever qualifies there is a doubt.
        if low is not None and _reaches_foot(words, low, doc.page(index).rect):
            footed.add(index)
        if not queue and index in footed and index < doc.facts.page_count:
            nxt = index + 1
            blind, _ = measurable(doc, Scope((nxt,)), reads_text=True)
            if doc.facts.page(nxt).kind is PageKind.image_only:
                blind[nxt] = "an image-only page: table cells in pixels are not read"
            unmeasured.update({p: f"the table may continue here: {why}" for p, why in blind.items()})
            if not blind and nxt not in pages:
                beyond.append(nxt)
                queue.append(nxt)
    keys = {_key(phrase) for _, phrase, _ in columns}
    marked = {k for k in keys if _number_rules().percent_mark.search(k)}
    found_column = False
    for index, phrase, cells in columns:
        factors = _factors(phrase, cells, percent)
        for cell in cells:
            if row_want and not set(row_want) <= set(cell_words(cell.row)):
                continue
            if cell.value is not None:
                found_column = True
            not_member = _not_member(phrase, cell, keys, marked, percent, column) or cell.elsewhere \
                or _other_quantity(phrase, column) or _aggregate_row(cell.row, row_want)
            kind, why = _judge(cell, column, op, value, factors, not_member, percent)
            shown = f"{cell.value:g}" if cell.value is not None else "no number"
            m = Member(page=index, bbox=cell.bbox, what=f"cell {cell.text!r} = {shown} in row {cell.row!r}", reader=_layer(doc, index))
            if params.get("percent") is False and (share := _share_for_amount(phrase, cell, column)) and cell.value is not None:
                # Whatever the share, the amount it is a share of may pass the threshold: no cell is measured.
                kind, why = "doubt", share
            if kind == "member" and index in beyond:
                kind, why = "doubt", f"continuation filter: p{index} follows the scope's last page, whose table runs to its foot"
            if kind == "member":
                members.append(m)
            elif kind == "doubt":
                doubts.append(m.model_copy(update={"why": why}))
            elif kind == "best":
                best.append(m)
            else:
                unparsed.append(f"p{index} {cell.text!r}")
    if found_column and not members:
        doubts += _numbers_in_pictures(doc, pages, op, value, unmeasured)
    first: dict[tuple, Member] = {}
    for m in doubts:  # two headers over one table see one number: its first reading, with its reason, stays
        first.setdefault((m.page, m.bbox), m)
    doubts = list(first.values())
    note = f"cells without a number: {', '.join(unparsed[:10])}" if unparsed else ""
    if beyond:
        note = "; ".join(filter(None, [note, f"read on past the scope: p{', p'.join(map(str, beyond))} (the table reached the foot of the page before)"]))
    if not found_column and not members:
        why = f"no table column headed {column!r} with numeric cells on pages {list(scope.pages)}"
        return ProbeResult.cannot("table_values", why, pages=scope.pages, region=scope.region, params=params, best_candidates=tuple(best), doubts=tuple(grouped(doubts, "numbers set aside under the column")))
    return finish("table_values", scope, params, members, unmeasured, best, note, doubts=grouped(doubts, "numbers set aside under the column"))


def header_phrase(words: list[tuple], header: pymupdf.Rect, extent: tuple[float, float]) -> str:
    """The header cell's words: on the header's lines, inside the column's x-range ("Land area rezoned (ha)")."""
    cell = [w for w in words if header.y0 <= (w[1] + w[3]) / 2 <= header.y1 and extent[0] <= (w[0] + w[2]) / 2 <= extent[1]]
    return " ".join(w[4] for w in sorted(cell, key=lambda w: (round((w[1] + w[3]) / 2 / max(w[3] - w[1], 1)), w[0])))


def _key(phrase: str) -> str:
    return " ".join(re.sub(r"[^\w%'\u2019]+", " ", phrase.lower()).split())


def _not_member(phrase: str, cell: Cell, keys: set[str], marked: set[str], percent: bool, column: str) -> str:
    """Why a qualifying ``cell`` is no certain member (its column's unit or name is in doubt); "" when it is one."""
    is_marked = bool(_number_rules().percent_mark.search(phrase) or "%" in cell.text)
    if percent and not is_marked:
        return f"unit filter: the question asks a percentage; the header {phrase!r} and the cell name none (another unit?)"
    if len(keys) > 1 and not (percent and is_marked and len(marked) == 1):
        return f"column filter: {len(keys)} headers match {column!r} ({'; '.join(sorted(keys))}): which one the question means is a reading"
    return ""


def _share_for_amount(phrase: str, cell: Cell, column: str) -> str:
    """Why a cell that is a percentage says nothing of the amount a question in no percent asks ("more than
    2,000 residents" over a column of "24.5%"); "" when the question's column names a share or the cell is none."""
    if _number_rules().percent_mark.search(column) or not (_number_rules().percent_mark.search(phrase) or "%" in cell.text):
        return ""
    return (f"unit filter: the question asks an amount, not a percentage; the header {phrase!r} or the cell states a share, "
            "whatever the amount it is a share of")


@cache
def aggregate_rows() -> frozenset[str]:
    """Row labels of a row that sums up the others ("Total", "Citywide"; rules/labels.yaml aggregate_rows)."""
    return frozenset(rulebook.load("labels")["aggregate_rows"])


@cache
def other_quantity() -> frozenset[str]:
    """Header words that make a column another quantity ("Change in %", a rank; rules/labels.yaml other_quantity)."""
    return frozenset(rulebook.load("labels")["other_quantity"])


def _aggregate_row(row: str, row_want: list[str]) -> str:
    """Why a qualifying cell's row is no certain instance of the things the rows list ("" when nothing says so)."""
    said = sorted((set(cell_words(row)) & aggregate_rows()) - set(row_want))
    return f"row filter: the row {row!r} sums up the others ({', '.join(said)}), not one of the things asked" if said else ""


def _other_quantity(phrase: str, column: str) -> str:
    """Why the column headed ``phrase`` may hold another quantity than ``column`` names ("" when nothing says so)."""
    said = sorted((set(header_tokens(phrase)) & other_quantity()) - set(header_tokens(column)))
    return (f"column filter: the header {phrase!r} says {', '.join(map(repr, said))}, which the question does not: a change, rank"
            " or projection of the quantity asked, not the quantity") if said else ""


def _factors(phrase: str, cells: list[Cell], percent: bool) -> list[tuple[float, str, bool]]:
    """Scales the column's numbers may be read at besides 1, each (factor, how, stated): its header's scale
    words and multipliers, per mille or basis points under a question in % (stated: the header says so),
    x100 for fractions of one when the question asks a percentage (inferred)."""
    out = [(1.0, "another printed convention", False)]
    out += [(f, f"the header {phrase!r} states a scale of {f:g}", True) for f in _header_scales(phrase)]
    if percent:
        out += [(f, f"the header {phrase!r} states {unit}", True) for rx, f, unit in _number_rules().rate_units if rx.search(phrase)]
    values = [c.value for c in cells if c.value is not None]
    # "Share (%)" states its unit: a share in percent, not a fraction of one.
    fraction = _number_rules().fraction_header.search(phrase) and not re.search(r"%|\bper\s?cent|\bpct\b", phrase, re.I)
    if percent and (fraction or (values and all(abs(v) <= 1 for v in values))):
        out.append((100.0, "a fraction of one, where the question asks a percentage", False))
    return out


def _judge(cell: Cell, column: str, op: str, value: float, factors: list[tuple[float, str, bool]], not_member: str,
           percent: bool = False) -> tuple[str, str]:
    """Where ``cell`` stands to ``op value``: ("member" | "doubt" | "best" | "unparsed", why it is a doubt).
    A plain reading that qualifies is a member only when every scale the header or the cell states
    ("('000)", "1.2 million", "45\u2030" under a question in %) keeps it qualifying."""
    q = OPS[op]
    if cell.joined:
        # One number wrapped over two lines, or two cells: read either way, a qualifying reading is a doubt.
        own = _judge(replace(cell, joined=""), column, op, value, factors, not_member, percent)
        whole = _judge(replace(cell, joined="", text=cell.joined, words=cell.joined, value=parse_number(cell.joined), raised_value=None,
                               spread="", powered=""), column, op, value, factors, not_member, percent)
        if "member" in (own[0], whole[0]) or "doubt" in (own[0], whole[0]):
            return "doubt", "; ".join(filter(None, [f"wrap filter: the cell may be one number wrapped over two lines, {cell.joined!r}, or two",
                                                    own[1], whole[1]]))
        return own
    heading = set(cell_words(column))
    if heading and heading <= set(cell_words(cell.row)) and cell.value is not None and q(cell.value, value):
        # The row names the asked column again ("Item Revenue Share Budget 2024" under "Revenue"):
        # another table's header row, or this one's repeated; its number ("2024") may be a heading's.
        return "doubt", f"row filter: the row {cell.row!r} repeats the column's name (a header row of another table?)"
    if cell.spread and censored(cell.words or cell.text) is None and (bound := censored(cell.spread)) is not None:
        # A bound read with a sign or digits outside the band ("\u2265" left of "23%"): a reading, never a member.
        if overlaps(bound, interval(op, value)):
            return "doubt", f"censored-value filter: read with the words beside it, {cell.spread!r} states a range reaching into the asked one"
    if (bound := censored(cell.words or cell.text)) is not None:
        # "<0.5", ">23": a range, not a value. Inside the asked one it is a member; across its edge, a doubt.
        if inside(bound, interval(op, value)):
            return ("doubt", not_member) if not_member else ("member", "")
        if overlaps(bound, interval(op, value)):
            return "doubt", f"censored-value filter: {cell.text!r} states a range reaching into the asked one"
        return "best", ""
    if cell.value is None:
        if (v := next((v for v in unsaid_fills(cell.words or cell.text) + unsaid_fills(cell.text) if q(v, value)), None)) is not None:
            # No digit the layer can say, yet codes stand where digits print ("\ue002\ue004%"): no placeholder.
            return "doubt", f"cell filter: {cell.text!r} holds characters the text layer cannot say (digits? it may read {v:g})"
        # A number in words, also one whose last words cross the column's edge ("two thousand | five hundred").
        spelt = [v for t in dict.fromkeys(([f"{cell.words} {cell.cut}", f"{cell.cut} {cell.words}"] if cell.cut else []) + [cell.words or cell.text])
                 if (v := _number_in_words(t)) is not None]
        if spelt:
            v = next((v for v in spelt if q(v, value)), spelt[0])
            return ("doubt", f"number-in-words filter: {cell.text!r} reads {v:g}") if q(v, value) else ("best", "")
        # A placeholder, a line of running text across the column's edge, or the column's own
        # name (the real header under a title that also names it): no value stands there.
        if _PLACEHOLDER.fullmatch(cell.text.strip()) or cell.cut or set(cell_words(cell.words or cell.text)) & set(cell_words(column)):
            return "unparsed", ""
        return "doubt", f"cell filter: no number read in {cell.text!r} (a value in words? a note?)"
    many = max(numbers_in(cell.text), sum(numbers_in(w) for w in cell.words.split()))
    suffix = _number_rules().cell_scale.search(cell.text)
    stated = [(f, how) for f, how, said in factors if said] + ([(_number_rules().cell_factors[suffix.group(1).lower()], f"the suffix {suffix.group(1)!r}")] if suffix else [])
    if percent:
        stated += [(f, f"the cell states {unit}") for rx, f, unit in _number_rules().rate_units if rx.search(cell.words or cell.text)]
    scales = [(f, how) for f, how, _ in factors] + stated
    if q(cell.value, value):
        if many > 1 or cell.cut:
            # A phone number, range or date under the column, or a line whose words run across
            # the column's edge (running text below an unruled table): the value is not certain.
            why = "; ".join(([f"{many} numbers in {cell.text!r}, not one value"] if many > 1 else [])
                            + ([f"the line's words {cell.cut!r} cross or touch the column's edge"] if cell.cut else []))
            return "doubt", f"cell filter: {why}"
        if (off := next(((f, how) for f, how in stated if not q(cell.value * f, value)), None)) is not None:
            return "doubt", f"reading filter: {cell.text!r} at the scale stated reads {cell.value * off[0]:g} ({off[1]}), which does not qualify"
        return ("doubt", not_member) if not_member else ("member", "")
    if cell.raised_value is not None and q(cell.raised_value, value):
        # Which glyphs are raised marks is a tuned test: read with them, the cell qualifies.
        return "doubt", f"superscript filter: read with its raised glyphs it is {cell.raised_value:g}"
    if (power := next((v for v in scientific(cell.powered) if q(v, value)), None)) is not None:
        # "2.3 \u00d7 10" with a raised "6": a power of ten, or a footnote mark after a product.
        return "doubt", f"superscript filter: read with its raised glyphs as an exponent, {cell.powered!r} is {power:g}"
    if (many > 1 or cell.cut) and (other := next((v for v in every_number(cell.text) + [v for w in cell.words.split() for v in every_number(w)]
                                                  + (readings(cell.spread) if cell.spread else []) if q(v, value)), None)) is not None:
        # "12-25", "12 (25)", two sub-columns under one spanning header (their glyphs read
        # as one "12,34556"): which number is the column's value is a reading; one qualifies.
        return "doubt", f"cell filter: the cell reads {cell.text!r}, its words {cell.words!r}; {other:g} among them qualifies"
    if UNSAID_RX.search(cell.text + cell.words):
        # "2\x00.9": a font with no Unicode for a digit; the page may print any digit there.
        return "doubt", f"cell filter: {cell.text!r} holds characters the text layer cannot say (a digit?)"
    for v in readings(cell.text):
        for f, how in scales:
            if q(v * f, value) and (f, v) != (1.0, cell.value):
                return "doubt", f"reading filter: {cell.text!r} may read {v * f:g} ({how})"
    return "best", ""


def _number_in_words(text: str) -> int | None:
    """A number written in words ("twenty-six", "seven", "two thousand five hundred", "one hundred and
    five", "three lakh"), from the vocabulary's number words; None for anything else (an unknown word,
    a unit after a unit, scales out of order)."""
    v = rulebook.load("vocabulary")
    units, tens = v["number_words"], v["tens_words"]
    scales = {**{k: int(n) for k, n in v.get("scale_words", {}).items()}, **_number_rules().big_number_words}
    toks = [t for t in re.split(r"[\s\-\u2010\u2011]+", re.sub(r"\s*%\s*$", "", text.lower().strip())) if t]
    if not toks or toks[0] == "and" or toks[-1] == "and":
        return None
    total, group, top = 0, 0, math.inf
    has_unit = has_tens = has_hundred = False
    for t in toks:
        if t == "and":
            continue
        if t not in scales and t.endswith("s") and t[:-1] in scales:
            t = t[:-1]  # "two lakhs", "3 crores"
        n = units.get(t, tens.get(t))
        if n is not None and n < 20:
            if has_unit or (has_tens and n >= 10):
                return None
            group, has_unit = group + n, True
        elif n is not None:
            if has_tens or has_unit:
                return None
            group, has_tens = group + n, True
        elif scales.get(t) == 100:
            if not group or has_hundred or group >= 100:
                return None
            group, has_hundred, has_unit, has_tens = group * 100, True, False, False
        elif t in scales:
            if not group or scales[t] >= top:
                return None
            total, group, top = total + group * scales[t], 0, scales[t]
            has_unit = has_tens = has_hundred = False
        else:
            return None
    return total + group if total + group else None


def _reaches_foot(words: list[tuple], low: float, page: pymupdf.Rect) -> bool:
    """The column's rows end in the page's lower third, or nothing but its foot band lies below them."""
    foot = page.y1 - 0.12 * page.height
    return low >= page.y0 + 0.7 * page.height or not any(w[1] > low + 1 and (w[1] + w[3]) / 2 < foot for w in words)


def column_extent(words: list[tuple], header: pymupdf.Rect, clip: pymupdf.Rect) -> tuple[float, float]:
    """The x-range a column's cells may take: halfway to the nearest header-line word on either side
    (to the clip's edge where there is none). A right-aligned number sits right of its header."""
    line = sorted((w for w in words if min(w[3], header.y1) - max(w[1], header.y0) > 0), key=lambda w: w[0])
    # The header's own phrase runs on through words a word space apart ("Share (%)").
    gap = 0.5 * (header.y1 - header.y0)
    x0, x1 = header.x0, header.x1
    for w in line:
        if x1 <= w[0] <= x1 + gap:
            x1 = max(x1, w[2])
    for w in reversed(line):
        if x0 - gap <= w[2] <= x0:
            x0 = min(x0, w[0])
    left = max((w[2] for w in line if w[2] < x0), default=None)
    right = min((w[0] for w in line if w[0] > x1), default=None)
    return ((left + x0) / 2 if left is not None else clip.x0, (x1 + right) / 2 if right is not None else clip.x1)


def _qualifying(w: tuple, op: str, value: float) -> float | None:
    """The first reading of word ``w`` that satisfies ``op value`` (any printed convention, or digits the layer cannot say)."""
    return next((v for v in readings(w[4]) + unsaid_fills(w[4]) if OPS[op](v, value)), None)


def _beside_the_band(index: int, words: list[tuple], header: pymupdf.Rect, extent: tuple[float, float], cells: list[Cell],
                     aside: list[tuple[tuple, str]], op: str, value: float, reader: Reader) -> list[Member]:
    """Numbers in the rows of the column's table, nearer its header than any other, that no cell
    holds: a right-aligned cell wider than its header's band, or the second half of a table wrapped
    side by side. Which column they belong to is a tuned reading: each is a doubt."""
    if not cells:
        return []
    bottom = max(c.bbox[3] for c in cells) + max(c.bbox[3] - c.bbox[1] for c in cells)
    zone = pymupdf.Rect(extent[0], header.y1, extent[1], bottom)
    claimed = [pymupdf.Rect(c.bbox) for c in cells] + [pymupdf.Rect(w[:4]) for w, _ in aside] + [header]
    out = []
    for w in words:
        if centre_in(w[:4], zone) and not any(pymupdf.Rect(w[:4]).intersects(r) for r in claimed) and (v := _qualifying(w, op, value)) is not None:
            out.append(Member(page=index, bbox=rect_tuple(w[:4]), what=f"number {w[4]!r} = {v:g} in the table's rows, nearest this column's header", reader=reader,
                              why="column filter: outside the header's band (a right-aligned cell, or a table wrapped into halves side by side?)"))
    return out


# Lines above a continued table's first row that may carry no row ("Table 2 (continued)", a running head).
_LEAD_LINES = 3
# A short line saying a table goes on from an earlier page ("Table 3 (continued)", "(cont'd)", "Cont.").
_CONTINUED = re.compile(r"\bcontinued\b|\bcont['\u2019]?d\b|\bcontd\b|\bcont\.", re.I)
_CONTINUED_LINE_WORDS = 8


def _continued_from(doc: Doc, index: int, words: list[tuple], extents: dict[int, list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """The column's x-ranges on the latest earlier page where it was found, when page ``index`` (not the
    next page after it: a full-page figure or a landscape page may stand between) says it continues a
    table: a table caption whose number a caption on that page carries ("Table 3 (continued)"), or a short
    line with a continuation word ("(cont'd)"). [] when nothing links them."""
    earlier = [p for p in extents if p < index and extents[p]]
    if not earlier:
        return []
    last = max(earlier)
    mine = {number_key(c.number) for c in doc.facts.captions if c.page == index and c.kind == "table"}
    theirs = {number_key(c.number) for c in doc.facts.captions if c.page in earlier and c.kind == "table"}
    lines: dict[tuple[int, int], list[str]] = {}
    for w in words:
        lines.setdefault((w[5], w[6]), []).append(w[4])
    said = any(len(ws) <= _CONTINUED_LINE_WORDS and _CONTINUED.search(" ".join(ws)) for ws in lines.values())
    if mine & theirs:
        last = max(p for p in earlier if any(c.page == p and c.kind == "table" and number_key(c.number) in mine for c in doc.facts.captions))
    elif not said:
        return []
    return extents[last]


def _headed_before(doc: Doc, index: int, column: str) -> list[tuple[float, float]]:
    """The x-ranges of the column's headers on the page before ``index`` (outside the scope) when the column's
    rows there run to its foot: its table may go on at the top of page ``index`` without its header row.
    [] when that page prints no such header, or its rows end above its foot."""
    if index <= 1:
        return []
    rect = doc.page(index - 1).rect
    words = _words(doc.page(index - 1), rect)
    headers = find_headers(words, column)
    if not headers:
        return []
    bounds = _table_bottoms(doc, index - 1)
    low = max([h.y1 for h in headers] + [c.bbox[3] for h in headers for c in column_cells(doc, index - 1, rect, h, bounds)]
              + [t.y1 for t in bounds for h in headers if t.contains(h.tl + (1, 1)) or t.intersects(h)])
    return [column_extent(words, h, rect) for h in headers] if _reaches_foot(words, low, rect) else []


def _continued_rows(doc: Doc, index: int, words: list[tuple], extents: list[tuple[float, float]], op: str, value: float) -> tuple[list[Member], float | None]:
    """Numbers under the column's x-range in the rows that open a page following one where the column
    was found, with no header of their own: a table continued without its header row. Also the foot
    of those rows (None when there are none).

    A row's words under the column are values, units, marks or placeholders ("n/a", "\u2014"); a line
    with none there is a row label or group heading ("Queens") and the rows go on past it. Before the
    first row, lines of words are a caption or running head ("Table A (continued)", "Report, Part 3").
    The rows end only at a line of words under the column with no number, or three or more (a new
    header, text; "24.1 (prelim.)" is a row with a note), or at a gap wider than 2.5 lines; the rows
    of a ruled table go on to its last rule."""
    folios = [pymupdf.Rect(c.bbox) for c in doc.facts.page(index).folio_candidates if c.accepted]
    body = [w for w in words if not any(pymupdf.Rect(w[:4]).intersects(f) for f in folios)]
    if not body:
        return [], None
    lh = median(w[3] - w[1] for w in body)
    lines: list[list[tuple]] = []
    for w in sorted(body, key=lambda w: (w[1] + w[3]) / 2):
        if lines and abs((w[1] + w[3]) / 2 - (lines[-1][0][1] + lines[-1][0][3]) / 2) <= 0.5 * lh:
            lines[-1].append(w)
        else:
            lines.append([w])

    def under(w: tuple) -> bool:
        return any(lo <= (w[0] + w[2]) / 2 <= hi for lo, hi in extents)

    ruled: list[pymupdf.Rect] | None = None
    out: list[Member] = []
    lead, low = 0, None
    for line in lines:
        cells = [w for w in line if under(w)]
        top = min(w[1] for w in line)
        if low is not None and top - low > 2.5 * lh and not (ruled and any(r.contains(pymupdf.Rect(line[0][:4]).tl + (1, 1)) for r in ruled)):
            break  # a wide gap below the rows ends the table
        numbers = [w for w in cells if _NUM.search(_plain(w[4])) or unsaid_fills(w[4])]
        if not cells:
            continue  # a row label or group heading alone ("Queens"): the rows go on
        if not numbers and all(_PLACEHOLDER.fullmatch(w[4].strip()) for w in cells):
            continue  # a row with no value ("n/a", "\u2014")
        wordy = [w for w in cells if w not in numbers and not _NOT_A_WORD.fullmatch(w[4].strip())]
        if wordy and (not numbers or len(wordy) >= 3):
            # Words under the column ("24.1 (prelim.)" is a row with a note): before the rows, a caption
            # or running head; after them, the end (a new header, text).
            inside = ruled and any(r.contains(pymupdf.Rect(w[:4]).tl + (1, 1)) for r in ruled for w in cells)
            if low is None:
                lead += 1
                if lead > _LEAD_LINES:
                    break
                continue
            if not inside:
                break
        if low is None:
            ruled = _table_bottoms(doc, index)
        low = max([low or 0.0] + [w[3] for w in cells])
        for w in numbers:
            if (v := _qualifying(w, op, value)) is not None:
                out.append(Member(page=index, bbox=rect_tuple(w[:4]), what=f"number {w[4]!r} = {v:g} opening the page under the column's x-range",
                                  reader=_layer(doc, index),
                                  why="continuation filter: a table continued from a page before without its header row?"))
    return out, low


def _numbers_in_pictures(doc: Doc, pages: list[int], op: str, value: float, unmeasured: dict[int, str]) -> list[Member]:
    """Numbers OCR reads inside the scope's pictures that satisfy the predicate: a table pasted in as
    an image is in no text layer. Too many pictures to read: those pages are unmeasured."""
    from widening.probes import picture_words

    read, unread = picture_words.read_pictures(doc, pages)
    unmeasured.update(unread)
    out = []
    for index, lines in read.items():
        for line in lines:
            for token in line.text.split():
                if (v := parse_number(token)) is not None and OPS[op](v, value):
                    out.append(Member(page=index, bbox=line.bbox, what=f"number {token!r} = {v:g} OCR read inside a picture ({line.text[:60]!r})", reader=Reader.ocr,
                                      why="read in a picture, where no column header is matched (a table pasted in as an image?)"))
    return out


def _along_the_row(index: int, words: list[tuple], header: pymupdf.Rect, op: str, value: float, reader: Reader) -> list[Member]:
    """Numbers on the header's own line, to its right, when nothing but numbers is there: the words
    may label a row, not a column (a table printed transposed, indicators as rows)."""
    line = sorted((w for w in words if min(w[3], header.y1) - max(w[1], header.y0) > 0.5 * (w[3] - w[1])), key=lambda w: w[0])
    x1 = header.x1
    for w in line:  # the header's own phrase runs on through words a word space apart ("Unemployment (%)")
        if x1 <= w[0] <= x1 + 0.5 * (header.y1 - header.y0) and parse_number(w[4]) is None:
            x1 = max(x1, w[2])
    right = [w for w in line if w[0] > x1]
    # A row of values: most words hold a number ("4.2", "4,2", "4.2%*"), the rest are units, marks or
    # placeholders ("%", "*", "n/a", "\u2014"). Other headers beside it ("Capacity (1998-2007)") are words.
    numbers = [w for w in right if _NUM.search(_plain(w[4])) or unsaid_fills(w[4])]
    if not right or 2 * len(numbers) <= len(right) or not all(_value_word(w[4]) if w in numbers else _NOT_A_WORD.fullmatch(w[4].strip()) for w in right):
        return []  # a header row ("2002-2013", "Capacity (1998-2007)"), not a row of values
    out = []
    for w in numbers:
        if (v := _qualifying(w, op, value)) is not None:
            out.append(Member(page=index, bbox=rect_tuple(w[:4]), what=f"number {w[4]!r} = {v:g} on the header's own line", reader=reader,
                              why="row filter: the header may label a row of a transposed table"))
    return out


def _phrase_rect(words: list[tuple], header: pymupdf.Rect) -> pymupdf.Rect:
    """``header`` grown along its line(s) through the words a word space apart that are no numbers:
    the whole header phrase ("Share (%) of total land area rezoned" around "land area rezoned")."""
    line = sorted((w for w in words if min(w[3], header.y1) - max(w[1], header.y0) > 0.5 * (w[3] - w[1])), key=lambda w: w[0])
    x0, x1 = header.x0, header.x1
    for w in line:
        if x1 <= w[0] <= x1 + 0.5 * (w[3] - w[1]) and parse_number(w[4]) is None:
            x1 = max(x1, w[2])
    for w in reversed(line):
        if x0 - 0.5 * (w[3] - w[1]) <= w[2] <= x0 and parse_number(w[4]) is None:
            x0 = min(x0, w[0])
    return pymupdf.Rect(x0, header.y0, x1, header.y1)


def _table_region(words: list[tuple], header: pymupdf.Rect, cells: list[Cell], bounds: list[pymupdf.Rect]) -> pymupdf.Rect:
    """The found column's table: its ruled extent, or from its header's line(s) to its last cell, across
    the words on those lines. Its words are read as the table, not as running text."""
    ruled = [b for b in bounds if b.intersects(header)]
    if ruled:
        return ruled[0]
    bottom = max([header.y1] + [c.bbox[3] for c in cells])
    rows = [pymupdf.Rect(c.bbox) for c in cells] + [header]
    on = [w for w in words if any(min(w[3], r.y1) - max(w[1], r.y0) > 0.5 * (w[3] - w[1]) for r in rows)]
    return pymupdf.Rect(min([header.x0] + [w[0] for w in on]), header.y0, max([header.x1] + [w[2] for w in on]), bottom)


def _in_figure_caption(doc: Doc, index: int, header: pymupdf.Rect) -> bool:
    """``header`` is (in) a figure's or chart's caption on page ``index``."""
    return any(c.page == index and c.kind in ("figure", "chart") and pymupdf.Rect(c.bbox).intersects(header) for c in doc.facts.captions)


# How far from a header a drawing may start (above or below it), in its line heights, to be the
# drawing it titles or captions, when a caption or paragraph lies between them.
_FIGURE_REACH = 6


def _figure_numbers(doc: Doc, index: int, words: list[tuple], header: pymupdf.Rect, cells: list[pymupdf.Rect],
                    op: str, value: float, percent: bool) -> list[Member]:
    """Numbers in the drawings a header with no value under it titles or captions (a vector chart's
    data labels, "31.2%" over its bar): doubts. A drawing with no number in it draws its values
    unprinted: one doubt for the drawing."""
    page = doc.page(index)
    h = header.y1 - header.y0 if header.y1 > header.y0 else 10.0
    lh = median([w[3] - w[1] for w in words] or [h])
    try:
        clusters = [pymupdf.Rect(r) for r in page.cluster_drawings()]
    except Exception as e:  # noqa: BLE001 - a page whose drawings cannot be grouped is no zero
        return [Member(page=index, bbox=rect_tuple(header), what="the drawings near a header naming the column", reader=Reader.vectors,
                       why=f"figure filter: the page's drawings could not be read ({type(e).__name__})")]
    # The figure lies between the header and the next caption or paragraph, below it (a title) or
    # above it (a caption set under its figure); bars may start far from the title.
    lines: dict[tuple[int, int], list[tuple]] = {}
    for w in words:
        lines.setdefault((w[5], w[6]), []).append(w)
    long = [ws for ws in lines.values() if len(ws) >= 6]
    prose = {}
    for ws in long:
        prose.setdefault(ws[0][5], []).append(pymupdf.Rect(ws[0][:4]) | ws[-1][:4])
    stops = [union(rect_tuple(r) for r in rs) for rs in prose.values() if len(rs) >= 2]
    stops += [c.bbox for c in doc.facts.captions if c.page == index and not pymupdf.Rect(c.bbox).intersects(header)]
    below = min([s[1] for s in stops if s[1] >= header.y1] + [page.rect.y1])
    above = max([s[3] for s in stops if s[3] <= header.y0] + [page.rect.y0])
    near = [r for r in clusters if r.width > 2 * lh and r.height > lh
            and (header.y1 - 2 <= r.y0 <= min(below, header.y1 + _FIGURE_REACH * lh) or (header.y1 - 2 <= r.y0 and r.y1 <= below)
                 or max(above, header.y0 - _FIGURE_REACH * lh) <= r.y1 <= header.y0 + 2 or (r.y0 >= above and r.y1 <= header.y0 + 2)
                 or (r.y0 <= header.y0 and r.y1 >= header.y1))]
    out = []
    numbered = False
    for r in near:
        zone = r + (-2 * lh, -2 * lh, 2 * lh, 2 * lh)
        inside = [w for w in words if centre_in(w[:4], zone) and not pymupdf.Rect(w[:4]).intersects(header)
                  and not any(pymupdf.Rect(w[:4]).intersects(c) for c in cells)]
        numbered = numbered or any(centre_in(w[:4], zone) and _NUM.search(_plain(w[4])) for w in words)
        for k, w in enumerate(inside):
            vals = _running_values(w[4], inside[k + 1][4] if k + 1 < len(inside) else "", percent)
            if vals and (v := next((v for v in vals if OPS[op](v, value)), None)) is not None:
                out.append(Member(page=index, bbox=rect_tuple(w[:4]), what=f"number {w[4]!r} = {v:g} in the drawing by a header naming the column",
                                  reader=_layer(doc, index),
                                  why="figure filter: a chart's data label? (the header has no value under it)"))
    if near and not numbered:
        out.append(Member(page=index, bbox=rect_tuple(union(rect_tuple(r) for r in near)), what="drawings with no printed number by a header naming the column",
                          reader=Reader.vectors,
                          why="figure filter: a chart that draws its values without printing them?"))
    return out


_YEAR = re.compile(r"[(\-]?(1[89]\d\d|20\d\d)\)?")
_CURRENCY = re.compile(r"[$\u20ac\u00a3\u00a5]")


def _running_values(text: str, after: str, percent: bool) -> list[float] | None:
    """The numbers a word of running text may state (None: it holds none). Under a question in %,
    none a percentage cannot be: a year (an integer 1800-2099 with no percent mark) or a sum of money."""
    core = text.strip("\"'\u201c\u201d\u2018\u2019[].,;:!?")
    if core.startswith("(") != core.endswith(")"):
        core = core.strip("()")
    raws = _NUM.findall(_plain(core))
    if not raws:
        return unsaid_fills(core) or None
    if re.search(r"[^\W\d_]\d|\d[^\W\d_]", core):
        return []  # a label or ordinal ("D24", "Q3", "24th", "1990s"): no value stands there
    if percent:
        marked = "%" in core or re.match(r"per\s?cent|pct|percent", after.lower()) is not None
        if _CURRENCY.search(core) or (not marked and all(_YEAR.fullmatch(r) for r in raws)):
            return []
    return readings(core) if len(raws) == 1 else every_number(core)


def _sentence_numbers(doc: Doc, index: int, clip: pymupdf.Rect, column: str, op: str, value: float, percent: bool,
                      claimed: list[pymupdf.Rect]) -> list[Member]:
    """Numbers in sentences of running text that hold every word of ``column`` (any order) and a
    number that qualifies ("North Shore rezoned 31.2% of its land area"): doubts. A table's own words
    (its found headers, cells, ruled extent) are read as the table, not here."""
    want = set(header_tokens(column))
    folios = [pymupdf.Rect(c.bbox) for c in doc.facts.page(index).folio_candidates if c.accepted]
    blocks: dict[int, list[tuple]] = {}
    for w in _words(doc.page(index), clip):
        # A found table's words (its header row, its rows) are read as the table.
        if not any(pymupdf.Rect(w[:4]).intersects(f) for f in folios) and not any(centre_in(w[:4], c) for c in claimed):
            blocks.setdefault(w[5], []).append(w)
    out = []
    for ws in blocks.values():
        ws.sort(key=lambda w: (w[6], w[7]))
        # Words broken at a line end ("re-" / "zoned") joined, each with the box of its parts.
        joined: list[tuple[str, pymupdf.Rect]] = []
        for w in ws:
            if joined and joined[-1][0][-1:] in "-\u00ad\u2010\u2011" and (j := join_broken_words(joined[-1][0] + "\n" + w[4])) != joined[-1][0] + "\n" + w[4]:
                joined[-1] = (j, joined[-1][1] | w[:4])
            else:
                joined.append((w[4], pymupdf.Rect(w[:4])))
        sentence: list[tuple[str, pymupdf.Rect]] = []
        for k, (text, rect) in enumerate(joined):
            sentence.append((text, rect))
            nxt = joined[k + 1][0] if k + 1 < len(joined) else ""
            if nxt and not (re.search(r"[.!?][\"'\u201d\u2019)\]]*$", text) and re.match(r"[\"'\u201c\u2018(\[]*[A-Z0-9]", nxt)):
                continue
            if want <= {t for t, _ in sentence for t in header_tokens(t)}:
                said = " ".join(t for t, _ in sentence)
                for n, (t, r) in enumerate(sentence):
                    vals = _running_values(t, sentence[n + 1][0] if n + 1 < len(sentence) else "", percent)
                    if vals and (v := next((v for v in vals if OPS[op](v, value)), None)) is not None:
                        out.append(Member(page=index, bbox=rect_tuple(r), what=f"number {t!r} = {v:g} in a sentence holding the column's words: {said[:120]!r}",
                                          reader=_layer(doc, index),
                                          why=f"running-text filter: the sentence names {column!r} and states this number; whether it is the column's value is a reading"))
            sentence = []
    return out
