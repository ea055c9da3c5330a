"""`text_pattern`: things a text pattern enumerates (phone numbers, e-mail addresses).

Searches the text layer, the OCR text of image-only pages, and the words OCR reads inside
every picture of a text-layer page (picture_words: logos and footer bands too).

Members: a phone number that looks like one (international, area code, 3-3-4, trunk 0, an area
code set off by a slash "089/1234567"; "+81-3-1234-5678", "+49 30 1234567", "03-1234-5678", "01 23 45 67 89",
in any script's digits, "０３-１２３４-５６７８"; not groups of three set apart after the first, "+12 345 678", an
amount's shape as much, unless a cue labels it) or that a cue right before it labels ("Tel:", "call us on"; a cue
elsewhere in the line, "Tel Aviv University, 2018-2019", labels none), any dash or minus
between its groups read as a hyphen ("615–591–2955"); a vanity number, letters standing for keypad digits in the
usual layouts ("1-800-FLOWERS", "0800 GO KODE", "+1 (888) MY-BANK-1"), when a cue labels it or
its lead and keypad digits make a whole number; a number a telephone mark labels ("☎ 7946 0958": a cue
with no letter in rules/labels.yaml phone_cues); a complete e-mail address, its "@" also written
full-width ("name＠host.com") or bracketed ("post [at] kode.no", "name (at) host dot no"); the
target of a link on the page ("mailto:", "tel:"), which says what it is by its scheme.
Doubts: what only a tuned rule would set aside: a run of 7 or more digits with no phone format
and no cue right before it ("555-1234", "Tel Aviv University, 2018-2019"), or broken by any other spaces and punctuation (a
format we do not know: never nothing), a number read only with the letters that look like digits
inside a group of digits read as them ("O2O 7946 O958", OCR's misreading), a run of 3 or more digits
that a cue (a word or a mark: "☎ 111", "ring 999") labels in its line,
its column header or its label cell ("ext. 4521", "T 116 000", "116 123" under "Telephone"; 2
right after the cue, "dial 99"; not an amount with a currency or percent sign; a header nearest across
that the column's cells do not overlap, a label centred on a cell of several lines, an icon glyph before a
number alone, "\uf095 111"), a short number a cue names across a line break ("please call" / "999 at any
hour"), digit groups set apart on a row that take a phone's shape together ("(020)   7946   0958"), six digits in
three groups ("13 11 14"), an extension after an "x" ("x4521"), a number whose digits the layer cannot
say (codes in their places: a font whose /ToUnicode leaves digits unmapped or in private use), any other vanity number ("1-800-GO-KODE" uncued), an address spelt with a bare, dashed or underscored "at"
before a domain ("name at host.com", "NAME AT HOST DOT COM", "name -at- host -dot- com",
"name_at_host.com", "name(a)host.de"; "available at www.site.org" is a web site), an "@" or bracketed "at" outside
a complete address, an address whose "@" the layer cannot say ("name\x00host.com": a font with no
Unicode for the glyph).
Letter-spaced text ("6 1 5 - 5 9 1 - 2 9 5 5", tracking) is read squeezed too, its runs of
single characters joined. Characters that print nothing (format characters: a zero-width joiner,
a soft hyphen) are dropped from every line.
The text layer is also read in rows rebuilt from where its glyphs stand (text_search.seen_order:
rows top to bottom, each left to right, a row parted where a gap is wider than a letter height):
a number or address drawn out of order ("-2955 on weekdays." drawn before a coloured "(615) 591",
an address drawn right to left) is printed only there, and what only that reading finds is a
doubt, with its row's box. So is what is read only across a line break ("ring 615-591-" / "2955";
for a phone, only what takes a phone's shape there) or only with one-character lines side by side
joined (a number printed a digit a box).

Example: "which contacts on page 42 give a phone number" enumerates the phone numbers there.
Cannot see: a number in a picture or in vector lettering (picture_words reads both) that OCR does not read.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, partial
from typing import Annotated, Any, NamedTuple
from urllib.parse import unquote

from widening import rulebook
from widening.facts.document import Doc
from widening.models import Member, ProbeResult, Reader, text_reader
from widening.probes import Params, Scope, one_of, picture_words, probe
from widening.facts.legibility import page_text_status
from widening.probes.pagewise import finish, measurable
from widening.text import UNSAID, UNSAID_RX, drop_format, value_key

PATTERNS: dict[str, re.Pattern[str]] = {
    # An international number first, its country code set off by a space, a hyphen or an area code in
    # parentheses: a one-digit area code, a local part of up to 8 digits ("+81-3-1234-5678", "+49 30
    # 1234567"; "+0.1234567" is a signed number). Then 7+ digits in groups, optionally with a country code or parentheses.
    "phone": re.compile(r"(?<![\w.,+])\+\d{1,3}(?:[\s-]?\(\d{1,5}\)[\s-]?|[\s-])\d{1,8}(?:[\s.-]\d{1,8}){0,5}(?![\w])"
                        r"|(?<![\w.,])(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,6}(?:[\s.-]\d{2,6}){1,4}(?![\w])|(?<![\w.,])\+?\d{8,15}(?![\w])"),
    "email": re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
}


_PHONE_FORMATS = (
    re.compile(r"\+\d[\d\s().-]{6,}"),  # +1-615-591-2955, +44 20 7946 0123
    # (020) 7946 0123, +1 (888) 555 0100: an area code in parentheses opens the number, after a country
    # code or a trunk 1 at most; a year there is a citation's ("Smith J (2019) 123-145"), and digits
    # glued before it a volume and its issue ("Nature 45(12) 345-356").
    re.compile(r"(?:\+\d{1,3}[\s.-]?|[01][\s.-]?)?\((?!(?:19|20)\d\d\))\d{2,5}\).*"),
    re.compile(r"(?:1[.-])?\d{3}[.-]\d{3}[.-]\d{4}"),  # 615.591.2955, 1-800-273-8255
    re.compile(r"0\d{2,4}[\s.-]?\d{3,4}[\s.-]?\d{3,4}"),  # 01983 873655 (trunk prefix 0)
    # A trunk 0 and ten digits: in pairs ("01 23 45 67 89", France), or a short area code and hyphens
    # ("03-1234-5678", "045-123-4567", Japan). A date ("01.02.2019", "05-12-2019") has eight.
    re.compile(r"0\d(?:[\s.]\d\d){4}"),
    re.compile(r"(?=(?:\D*\d){10}$)0\d{1,4}-\d{1,4}-\d{3,4}"),
)


def _ascii_digits(s: str) -> str:
    """Any script's decimal digits ("０３", "٠٢٠") as ASCII ones, for the shapes above."""
    return "".join(c if c.isascii() or unicodedata.decimal(c, None) is None else str(unicodedata.decimal(c)) for c in s)


_PHONE_CUE = re.compile(r"\b(?:tel|telephone|phone|fax|call|mobile|cell|hotline|contact)\b|(?<![\w])[tpf]\s*[:.]\s*\+?\d", re.I)


def _is_phone(s: str, line: str, at: int | None = None) -> bool:
    """A phone number looks like one (international, area code, 3-3-4, trunk 0) or is labelled as one.

    Bare digit runs are not enough: slide art of binary digits, IDs and counts would count. ``at``:
    where ``s`` stands in ``line`` (default: its first occurrence).
    """
    at = line.find(s) if at is None else at
    if at >= 0:
        at += len(s) - len(s.lstrip())
    s = _ascii_digits(s.strip())
    digits = re.sub(r"\D", "", s)
    if not 7 <= len(digits) <= 15 or set(digits) <= {"0", "1"}:
        return False
    if _GROUPED_AMOUNT.fullmatch(s):
        # "+12 345 678" is a phone's shape and a signed amount's with thousands set apart ("Change: +12 345
        # 678"): only a cue makes it a phone; else the caller keeps it as a doubt.
        return _cue_labels(line, at)
    return any(f.fullmatch(s) for f in _PHONE_FORMATS) or _cue_labels(line, at)


# A number whose groups after the first are all of three digits set apart by spaces: an amount with its
# thousands set apart as much as a phone number ("+420 123 456 789").
_GROUPED_AMOUNT = re.compile(r"[+\-\u2212]?\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+")


# What joins a label to its number: punctuation, other numbers, a short bracketed note ("(24h)",
# "(office)"), "number"/"no." and the short lower-case words of a phrase ("us", "on", "at", "or", "the",
# "is"), in any order. A longer or capitalised word is a word of its own ("Tel Aviv", "Call for papers",
# "Phone sales"), and the cue labels what it names, not the number.
# (A bracket is tried first and the repetition never gives back: what a bracket holds the other
# alternatives would take too, so no split is lost, and no run of brackets backtracks.)
_CUE_LINKS = re.compile(r"(?:\([^()]{0,30}\)|[\W\d_]|\b(?:[Nn]umbers?|[Nn]os?|[Nn]r|[Nn]um|[a-z]{1,3})\b)*+")

# Or whom to call, a name, then "at"/"on" right before the number: "call LifeLine NUS at 6516 7777",
# "contact the Harbour Office on 2345 6789" (up to four capitalised words and short ones between; "Call
# for papers on 2020-2021", "Phone sales at 2015-2019" name no one).
_CUE_NAMED = re.compile(r"(?=.*[A-Z])(?:\s+(?:[A-Z][\w'&.-]*|[a-z]{1,3})){1,4}\s+(?:at|on)\s*:?\s*")


def _cue_labels(line: str, at: int) -> bool:
    """Whether a cue in ``line`` labels the number at ``line[at:]``: the last cue before it is followed
    only by what joins a label to its number (``_CUE_LINKS``: "Tel. (24h): ", "Call us on ", "Phone
    numbers: 2345 6789 or "). A cue elsewhere in the line says
    nothing of this number ("Tel Aviv University, 2018-2019", "Mobile phone subscriptions reached 12 345
    678", "Call for papers 2020-2021"): such a number is a doubt, not a member."""
    if at < 0:
        return False
    # A telephone mark names the number after it as a telephone word does ("☎ 020 7946 0958").
    mark = _label_patterns().mark
    cues = sorted([m for m in _PHONE_CUE.finditer(line) if m.start() < at] + ([m for m in mark.finditer(line) if m.start() < at] if mark else []),
                  key=lambda m: m.end())
    glue = line[min(cues[-1].end(), at) : at] if cues else ""
    return bool(cues) and (_CUE_LINKS.fullmatch(glue) is not None or _CUE_NAMED.fullmatch(glue) is not None)


def _labelled_right_before(line: str, at: int) -> bool:
    """Whether a cue word or mark (this module's or rules/labels.yaml phone_cues) labels the number at
    ``line[at:]``: only what joins a label to its number stands between them ("ring us on 4521")."""
    if at < 0:
        return False
    if _cue_labels(line, at):
        return True
    ends = [m.end() for m in _label_patterns().cue.finditer(line) if m.end() <= at]
    return bool(ends) and (_CUE_LINKS.fullmatch(line[ends[-1]:at]) is not None or _CUE_NAMED.fullmatch(line[ends[-1]:at]) is not None)


# Words that label a phone number (rules/labels.yaml phone_cues: "Telephone", "ext. 4521",
# "Hotline"), and the one capital a business card prints before one ("T 116 000", "F: 0123", "M
# 07700"): a lone capital labels only digits that follow it after a space, colon or dot ("F1",
# "FLAN-T5" are names). A short service number right after a cue ("dial 911", "Tel. 112") has too
# few digits for the phone shapes above, and is still a phone number to a reader. Labels of codes
# that take a phone number's shape (labels.yaml other_codes), right before a number with "no.",
# "#" or ":", say it may be no phone number.
class _Labels(NamedTuple):
    cue: re.Pattern[str]
    cued_short: re.Pattern[str]
    other_code: re.Pattern[str]
    mark: re.Pattern[str] | None


@cache
def _label_patterns() -> _Labels:
    """The label patterns, built from rules/labels.yaml on first use (never at import: a broken install must
    still let the CLI say so).

    A cue with no word character in it is a mark ("☎", "✆", "℡": a telephone printed as a symbol): it
    stands between spaces or right before the digits, so it is matched as it is, with no word boundary
    around it (a "\\b" beside a symbol needs a letter there, and the cue would never match)."""
    rules = rulebook.load("labels")
    words = [c for c in rules["phone_cues"] if re.search(r"\w", c)]
    marks = [c for c in rules["phone_cues"] if not re.search(r"\w", c)]
    cues = rf"\b(?:{'|'.join(words)})\b" + (rf"|(?:{'|'.join(marks)})" if marks else "")
    codes = "|".join(rules["other_codes"])
    return _Labels(
        cue=re.compile(rf"(?i:{cues})|(?<![\w.-])[TFM](?=(?:\s+|\s*[:.]\s*)[+(]?\d)"),
        cued_short=re.compile(rf"(?:{cues})\W{{0,3}}(\d{{2,6}})(?![\d])", re.I),
        other_code=re.compile(rf"(?i:\b(?:{codes})\b\.?(?:\s*(?:no|nr|num|number|nos|#|id|code)\b\.?)?\s*[:#=.]?\s*(?:\+?\s*)?)$"),
        mark=re.compile('|'.join(marks)) if marks else None,
    )


# Six digits in three or more groups ("13 11 14"): the shape of a short national number, which
# no count, year, price or thousands grouping ("100 000") takes.
_GROUPED_SHORT = re.compile(r"\d{2,4}(?: \d{2,4}){2,}")
# A short run with a currency or percent sign at it or in it is an amount, not a number to dial.
_CURRENCY = "".join(c for c in map(chr, range(0x110000)) if unicodedata.category(c) == "Sc")
_MONEY = re.compile(f"[%{re.escape(_CURRENCY)}]")


# Every dash and minus a typesetter may print between digit groups ("615–591–2955" with an en
# dash, U+2010, U+2011, U+2212): the shapes above are written with "-".
_DASHES = str.maketrans({c: "-" for c in map(chr, range(0x110000)) if unicodedata.category(c) == "Pd"} | {"\u2212": "-"})

# Digit groups broken only by spaces and punctuation, whatever the format: what no phone shape
# takes here may still be a number in a format we do not know ("089/1234567"). A comma is no
# phone separator but a thousands mark ("1,234,567") or a list; a line break parts numbers; digits
# glued to a word or a path ("journal_a_00123/4567890" in a URL) are a name, not a number of their own.
_DIGIT_RUN = re.compile(r"(?<![\w/])\+?\d+(?:(?:[^\w,\n]|_){1,3}\d+)*(?![\w/])")


def _phones(line: str, cued: bool = False) -> tuple[list[str], list[str]]:
    """Phone numbers in ``line`` (its dashes read as "-"), and the digit runs that may be one (doubts).

    Beside the phone shapes, every run of 7 or more digits broken only by spaces and punctuation
    that they did not take is read: a member when it has a slash and, that read as a hyphen, a phone
    format ("089/1234567", an area code set off by a slash), else a doubt ("13(10):500", a volume and
    its pages, only looks like one). A format we do not know is then a doubt, never nothing. So is
    six digits in three groups, and every run of 3 or more digits when a cue labels the line (in
    it, or ``cued``: in its column header or label, found by the caller).
    """
    line = line.translate(_DASHES)
    cued = cued or bool(_label_patterns().cue.search(line)) or _icons().number.fullmatch(line) is not None
    out, unsure = _shaped_phones(line)
    # A number a label right before it names as another kind of code ("SKU 615-591-2955", "ISBN
    # 1-234-567-8901", "pp. 123-456-7890"): its shape is a phone's, its label says it may be none.
    other = [x for x in out if _labelled_otherwise(line, x)]
    out = [x for x in out if x not in other]
    unsure += other
    taken = [0] * len(line)
    for found in out + unsure:
        at = line.find(found)
        if at >= 0:
            taken[at : at + len(found)] = [1] * len(found)
    for m in _DIGIT_RUN.finditer(line):
        free = sum(1 for i in range(m.start(), m.end()) if line[i].isdigit() and not taken[i])
        run = m.group(0).strip()
        if free < 7:
            # The length is a tuned rule: it only decides member or doubt for what a cue labels.
            if free >= 3 and not _amount(line, m.start(), m.end()) \
                    and (cued or free >= 6 and _GROUPED_SHORT.fullmatch(run)) and not any(run in x for x in out + unsure):
                unsure.append(run)
            continue
        shaped = re.sub(r"\s*/\s*", "-", run)
        digits = len(re.sub(r"\D", "", run))
        if "/" in run and 7 <= digits <= 15 and any(f.fullmatch(shaped) for f in _PHONE_FORMATS):
            out.append(run)
        else:
            unsure.append(run)
    unsure += [m.group(1) for m in _label_patterns().cued_short.finditer(line) if not any(m.group(1) in x for x in out + unsure)]
    unsure += [m.group(0) for m in _EXTENSION.finditer(line) if not any(m.group(1) in x for x in out + unsure)]
    return out, unsure


# An extension written with an "x" ("Help desk x4521", "x 4521"), as "ext. 4521" is: no number or
# word before it ("1920 x 1080" is a size), 3 to 6 digits after it; a capital is a model's ("X5000").
_EXTENSION = re.compile(r"(?<![\w.'\u2019])(?<!\d )x\.?\s?(\d{3,6})(?![\w.,]?\d|\s*[xX\u00d7]\s*\d)")


def _labelled_otherwise(line: str, found: str) -> bool:
    """Whether a label right before ``found`` in ``line`` names another kind of code (labels.yaml other_codes)
    and no phone cue stands between it and the number; or ``found`` is the tail of a longer chain of
    digit groups ("978-1-234-567-8901": an ISBN's last groups take a phone's shape)."""
    at = line.find(found)
    if at < 0:
        return False
    before = line[:at]
    if re.search(r"\d\s?[-./]\s?$", before):
        return True
    m = _label_patterns().other_code.search(before)
    return m is not None and not _label_patterns().cue.search(before[m.start():])


def _amount(line: str, start: int, end: int) -> bool:
    """Whether the digits at ``line[start:end]`` belong to an amount: a currency or percent sign at or
    in the number they end ("$4,250", "12.5%")."""
    while start > 0 and (line[start - 1].isdigit() or line[start - 1] in ",."):
        start -= 1
    return bool(_MONEY.search(line[max(0, start - 1) : end + 1]))


def _shaped_phones(line: str) -> tuple[list[str], list[str]]:
    """Phone numbers in ``line`` by the phone shapes, and the digit runs that may be one (doubts).

    Two numbers separated by a space match as one run of too many digits; such a run is cut at
    its longest leading phone and the rest is searched again. A run of 7 or more digits that neither
    looks like a phone nor has a cue is only unlike one by our shapes: it is a doubt, not dropped.
    """
    rx = PATTERNS["phone"]
    vanities = _vanities(line)
    out = [v for _, _, v, sure in vanities if sure]
    unsure = [v for _, _, v, sure in vanities if not sure]
    # The digits of a vanity number are read once, as part of it ("1-800-273-TALK" is one number).
    for a, b, _, _ in vanities:
        line = line[:a] + " " * (b - a) + line[b:]
    pos = 0
    while (m := rx.search(line, pos)) is not None:
        run = m.group(0)
        if _is_phone(run, line, m.start()):
            out.append(run)
            pos = m.end()
            continue
        cuts = [i for i in range(1, len(run)) if run[i] in " .-" and _is_phone(run[:i], line, m.start())]
        # Prefer the cut after which a phone number starts; else the longest leading phone.
        cut = next((i for i in cuts if _starts_phone(line, m.start() + i)), cuts[-1] if cuts else None)
        if cut is not None:
            out.append(run[:cut])
            pos = m.start() + cut
        else:
            # No phone leads the run: one may start inside it ("555-1000 615-591-1000"); what
            # comes before it, or the whole run, is a doubt when it has a phone's digits.
            starts = [i for i in range(1, len(run)) if run[i - 1] in " .-" and run[i].isdigit() and _starts_phone(line, m.start() + i)]
            head = run[: starts[0]].rstrip(" .-") if starts else run
            if len(re.sub(r"\D", "", head)) >= 7:
                unsure.append(head)
            pos = m.start() + starts[0] if starts else m.end()
    return out, unsure


_KEYPAD = str.maketrans({c: d for d, cs in {"2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV", "9": "WXYZ"}.items()
                         for c in cs + cs.lower()})


def _keypad(s: str) -> str:
    """Letters as the digits of a phone keypad: "1-800-FLOWERS" dials 1-800-3569377."""
    return s.translate(_KEYPAD)


# Digit groups, then groups with letters, in the usual phone layouts ("1-800-FLOWERS", "0800 GO
# KODE", "+1 (888) MY-BANK-1", "1-877-Kars-4-Kids"). Capitals join by space, hyphen or dot; other
# letter groups only by hyphens, since words joined by spaces are prose. A letter group starts with
# a letter ("240V", "11W" are units and room codes), a dot joins only with no space after it
# ("321. PMLR" ends a sentence), and the number ends before a hyphenated word goes on ("KODE
# E-mail": a lone capital there is the word's first letter). A number right after a dash or "§"
# is the end of a range or a section, not the start of a phone number.
_VANITY = re.compile(
    r"(?<![\w+.,/\-–—§])(?:\+\d{1,3}|\(\d{1,5}\)|\d{1,5})(?:(?:\s?-\s?|\.|\s|(?<=\)))(?:\(\d{1,5}\)|\d{1,5}))*"
    r"(?:(?:(?:\s?-\s?|\.|\s)[A-Z][A-Z\d]*|[-.]\d{1,5})+|(?:-(?:[A-Z][A-Za-z\d]*|\d{1,5}))+)(?![\w@]|-[a-z])"
)
_GROUP = re.compile(r"\+?\(?[A-Za-z\d]+\)?")
# What a phone number opens with before the part spelt in letters: a year, a count or a quantity
# ("2019 ANNUAL", "12.5 MILLION", "1999 REPORT") fits none of these.
_VANITY_LEAD = re.compile(
    r"\+\d{1,3}(?:[\s.-]*\(?\d{1,5}\)?){0,3}"  # international: +1 (888), +44 800, +49 (0)800 12
    r"|(?:1[\s.-]*)?\(\d{2,5}\)(?:[\s.-]*\d{3,4})?"  # an area code in parentheses: (888), (615) 555
    r"|1[\s.-]+\d{3}(?:[\s.-]+\d{3})?"  # trunk 1 and an area code: 1-800, 1 615 555
    r"|0\d{2,4}(?:[\s.-]+\d{1,4})?"  # trunk 0: 0800, 020 7946
    r"|\d{3}(?:[\s.-]+\d{3})?"  # an area code, an exchange: 800-, 615-555-
)
_TOLL_FREE = re.compile(r"8(?:00|33|44|55|66|77|88)")
_NANP_LEAD = re.compile(r"(\+?1[\s.-]*)?(\()?([2-9]\d\d)\)?(?:[\s.-]*(\d{3}))?")


def _vanity_number(run: str) -> tuple[str, str] | None:
    """(the number, its lead digits) in a run of digit and letter groups, or None when it is none.

    The lead is every digit group before the letters, or the groups after a space that ends a
    whole number of its own ("615 591 2955 1-800-FLOWERS"): a lead taken from inside a longer
    number ("0800 123 456 FREE") would count that number's tail as a second one. A lead that is
    a whole number itself is followed by a word, not by more of it ("+44 20 7946 0123 FAX").
    """
    groups = list(_GROUP.finditer(run))
    first = next((k for k, g in enumerate(groups) if re.search("[A-Za-z]", g.group(0))), 0)
    if first == 0:
        return None
    ends = _number_ends(run)
    start = None
    for i in range(max(0, first - 4), first):  # no lead shape has more than four groups
        after_number = i > 0 and run[groups[i - 1].end() : groups[i].start()].isspace() and groups[i - 1].end() in ends
        lead = run[groups[i].start() : groups[first - 1].end()]
        if (i == 0 or after_number) and _VANITY_LEAD.fullmatch(lead) and not _is_phone(lead, ""):
            start = i
            break
    if start is None:
        return None
    lead = run[groups[start].start() : groups[first - 1].end()]
    sep = run[groups[first - 1].end() : groups[first].start()]
    if re.fullmatch(r"\d{3}", lead) and not _TOLL_FREE.fullmatch(lead) and not re.search("[-.]", sep):
        return None  # "100 WAYS", "300 PAGES": a count before words, unless joined like a number
    count = 0
    end = start
    for g in groups[start:]:
        count += len(re.sub(r"\D", "", _keypad(g.group(0))))
        if count > 15:
            break
        end += 1
    number = run[groups[start].start() : groups[end - 1].end()]
    if end <= first or len(re.sub(r"\D", "", _keypad(number))) < 7:
        return None  # no letters left within 15 digits, or too few digits for a phone number
    return number, lead


def _number_ends(run: str) -> set[int]:
    """Where a phone-shaped run of 7 or more digits ends in ``run`` (none runs on past it)."""
    return {m.end() for m in PATTERNS["phone"].finditer(run) if len(re.sub(r"\D", "", m.group(0))) >= 7}


def _vanity_sure(number: str, lead: str, line: str, at: int) -> bool:
    """A vanity number is certain when a cue labels it, or its lead and keypad digits make a whole
    number: North American (a trunk 1, parentheses, a toll-free code or an exchange, then 10 digits),
    a trunk 0 (9-12 digits), an international code (8 or more)."""
    if _cue_labels(line, at):
        return True
    digits = re.sub(r"\D", "", _keypad(number))
    m = _NANP_LEAD.fullmatch(lead)
    if m and (m.group(1) or m.group(2) or m.group(4) or _TOLL_FREE.fullmatch(m.group(3))):
        return len(digits) - (1 if m.group(1) else 0) >= 10
    if re.fullmatch(r"0\d{3,4}", lead):
        return 9 <= len(digits) <= 12
    return lead.startswith("+") and len(digits) >= 8


def _vanities(line: str) -> list[tuple[int, int, str, bool]]:
    """(start, end, number, certain?) for each phone number spelt partly in letters."""
    out = []
    for m in _VANITY.finditer(line):
        got = _vanity_number(m.group(0))
        if got is not None:
            number, lead = got
            start = m.start() + m.group(0).index(number)
            out.append((start, start + len(number), number, _vanity_sure(number, lead, line, start)))
    return out


# An address written so that harvesters miss it: "name [at] host.tld", "name (at) host dot tld",
# "name at host.com", "name -at- host -dot- com", "name_at_host.com", "name(a)host.de". A bracketed
# "at" says so plainly: an address. A bare, dashed or underscored "at", or a bracketed "a" (also an
# item's letter: "option (a) host.com"), may be a word of prose or of a name ("value_at_risk.py"): a
# doubt, whatever the case, when a domain follows (a real "." or a spelt "dot"), never nothing. Only a bare "at" before a "www." host is prose that points to a web site
# ("available at www.pewresearch.org"): a mail host is no web server's name.
_AT_MARK = r"\s*[\[({<]\s*at\s*[\])}>]\s*"
_AT_WORD = r"\s+at\s+|\s*-at-\s*|_at_|\s*[\[({<]\s*a\s*[\])}>]\s*"
_DOT_MARK = r"\s*[\[({<]\s*dot\s*[\])}>]\s*|\s+dot\s+|\s*-dot-\s*|_dot_"
# A host name's label: letters and digits, inner hyphens, no underscore (no host name has one), never
# a spelt "-dot-": a label that could hold a dot mark makes the match try every split (exponential).
_LABEL = r"[^\W_]+(?:-+(?!dot-)[^\W_]+)*"
_SPELT = re.compile(
    rf"(?<![\w.+-])[\w.+-]+?(?:(?P<mark>{_AT_MARK})|(?P<word>{_AT_WORD}))"
    rf"(?P<host>{_LABEL}(?:(?:\.|{_DOT_MARK}){_LABEL})*(?:\.|{_DOT_MARK})[^\W\d_]{{2,}})(?![\w-])",
    re.I)
_SPELT_LOOSE = re.compile(rf"(?<![\w.+-])[\w.+-]+{_AT_MARK}[\w.-]*", re.I)
# An address whose "@" the text layer cannot say (a font with no Unicode for it leaves NUL or a
# private-use code): the page shows an address the pattern cannot read.
_UNSAID_AT = re.compile(rf"(?<![\w.+-])[\w.+-]+{UNSAID}+{_LABEL}(?:\.{_LABEL})*\.[^\W\d_]{{2,}}(?![\w-])")


def _plain_address(s: str) -> str:
    """The address a spelt-out one stands for: "post [at] kode dot no" is post@kode.no."""
    if "@" in s:
        return s
    s = re.sub(rf"{_AT_MARK}|{_AT_WORD}", "@", s, count=1, flags=re.I)
    return re.sub(_DOT_MARK, ".", s, flags=re.I)


def _mailbox(line: str, m: re.Match[str]) -> bool:
    """Whether the address ``m`` found in ``line`` names a mailbox: its host ends in a name, not a number
    (no top-level domain is all digits: "lodash@4.17.21", "3@12.50", "python@3.11" are a version and a
    price), and it is no part of a web or remote address ("https://user@host.org/", "git@host.com:org/x").
    One that is not is a doubt, as every "@" outside an address is."""
    if m.group(0).rsplit(".", 1)[-1].isdigit():
        return False
    return not line[: m.start()].endswith("//") and not re.match(r":[\w~.-]*/", line[m.end() :])


def _emails(line: str) -> tuple[list[str], list[str]]:
    """Complete e-mail addresses in ``line``, and the words with an "@" outside them (doubts:
    a split or obfuscated address, an OCR slip).

    A full-width or small "@" ("name＠host.com") is an "@" (NFKC). A spelt-out address with a
    bracketed "at" is an address; with a bare, dashed or underscored "at" and a domain it is a
    doubt (but "at www." points to a web site), and so is a bracketed "at" without a complete host,
    and an address whose "@" is a character the layer cannot say.
    """
    line = unicodedata.normalize("NFKC", line)
    found = [m for m in PATTERNS["email"].finditer(line) if _mailbox(line, m)]
    spelt = [m for m in _SPELT.finditer(line) if not (m.group("word") and m.group("word").strip().lower() == "at"
                                                       and re.match(r"www\.[\w-]+\.", m.group("host"), re.I))]
    loose = [m.group(0).strip() for m in _SPELT_LOOSE.finditer(line) if not any(s.start() <= m.start() < s.end() for s in spelt)]
    sure = [m.group(0) for m in found] + [m.group(0) for m in spelt if m.group("mark")]
    unsure = [m.group(0) for m in spelt if not m.group("mark")] + loose + [m.group(0) for m in _UNSAID_AT.finditer(line)]
    for at in re.finditer("@", line):
        if not any(m.start() <= at.start() < m.end() for m in found):
            before = re.search(r"\S*$", line[: at.start()])
            after = re.match(r"\S*", line[at.end() :])
            unsure.append(f"{before.group(0) if before else ''}@{after.group(0) if after else ''}")
    return sure, unsure


def _starts_phone(line: str, at: int) -> bool:
    """Whether a phone number starts at ``line[at:]`` (after separators)."""
    while at < len(line) and line[at] in " .-":
        at += 1
    m = PATTERNS["phone"].match(line[at:])
    return m is not None and _is_phone(m.group(0), line, at)


def _rows(lines: list[tuple[str, tuple[float, float, float, float]]]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Join OCR lines that sit on one row: OCR often splits '0207 946 0123' into pieces."""
    rows: list[list[tuple[str, tuple[float, float, float, float]]]] = []
    for text, box in sorted(lines, key=lambda t: (t[1][1], t[1][0])):
        cy, h = (box[1] + box[3]) / 2, box[3] - box[1]
        for row in rows:
            rb = row[-1][1]
            if abs((rb[1] + rb[3]) / 2 - cy) < max(h, rb[3] - rb[1]) / 2:
                row.append((text, box))
                break
        else:
            rows.append([(text, box)])
    out = []
    for row in rows:
        row.sort(key=lambda t: t[1][0])
        box = (min(b[0] for _, b in row), min(b[1] for _, b in row), max(b[2] for _, b in row), max(b[3] for _, b in row))
        out.append((" ".join(t for t, _ in row), box))
    return out


def _lines(doc: Doc, index: int, over: int | None) -> tuple[list[tuple[str, tuple[float, float, float, float]]] | None, str, list[Reader]]:
    """The page's lines (text layer, OCR of an image-only page, OCR of its pictures), or None and why not,
    and what read each line (its ``Reader``).

    ``over``: the distinct pictures of the searched pages when more than the budget allows (then unread)."""
    page = doc.facts.page(index)
    status = page_text_status(page)
    if status == "blind":
        return None, page.ocr_error or "image-only page without OCR text", []
    out = _rows([(l.text, l.bbox) for l in page.ocr_lines])
    readers = [Reader.ocr] * len(out)
    layer = text_reader(page, layer=True)
    for block in doc.page(index).get_text("dict")["blocks"]:  # an image-only page may carry a stamp's text layer
        for line in block.get("lines", []):
            out.append(("".join(s["text"] for s in line["spans"]), tuple(line["bbox"])))
            readers.append(layer)
    if not picture_words.picture_pages(doc, (index,)):
        return out, "", readers
    # A number printed inside a picture (a scanned card, a slide screenshot, a footer logo) is still a number.
    if over:
        return None, f"pictures not read ({over} distinct pictures, more than {picture_words.max_pictures()})", []
    try:
        pictured = _rows([(l.text, l.bbox) for l in picture_words.picture_lines(doc, index)])
    except Exception as exc:  # noqa: BLE001  a picture that cannot be read may hold a number
        return None, f"pictures could not be read ({type(exc).__name__})", []
    return out + pictured, "", readers + [Reader.ocr] * len(pictured)


def _lettering_doubts(doc: Doc, index: int, name: str, read: set[str]) -> list[Member]:
    """Doubts for the wordless raster pictures of a text-layer page that show lettering (picture_words.lettering):
    a value read only when such a picture was read again, and each line of lettering no reading read. ``read``: the
    values already found on the page (updated)."""
    if not picture_words.picture_pages(doc, (index,)):  # a text-layer page's pictures only
        return []
    try:
        got = picture_words.lettering(doc, index)
    except Exception as exc:  # noqa: BLE001  looking for lettering failed: the pictures may hold a number
        return [Member(page=index, bbox=box, what="a picture OCR read no word of", reader=Reader.pixels,
                       why=f"whether it shows lettering could not be measured ({type(exc).__name__}): may hold a {name}")
                for box in picture_words.picture_pages(doc, (index,))[index]]
    out: list[Member] = []
    for line in got.lines:
        sure, unsure = _found(name, line.text)
        for found in sure + unsure:
            if (value := _key(name, found)) not in read:
                read.add(value)
                out.append(Member(page=index, bbox=line.bbox, what=f"{found.strip()!r} in {line.text.strip()[:60]!r}", reader=Reader.ocr,
                                  why=f"may be a {name}, read only when a picture OCR read no word of was read again whole or enlarged"))
    out += [Member(page=index, bbox=u.bbox, what="lettering in a picture", reader=Reader.pixels, why=u.why) for u in got.unread]
    return out


Box = tuple[float, float, float, float]

# A label or column header is a short cell ("Telephone", "Tel. (24h)", "Phone number"), and so is
# the cell it labels ("116 123", "116 123 (24 hours)"): neither is prose.
_LABEL_WORDS = 5


# A cell that is one capital ("T", "F:"), the telephone label of a business card's row.
_LONE_LETTER = re.compile(r"\s*[TFM]\s*[:.]?\s*")
# Pictographs, dingbats and technical symbols (Unicode "So" in U+2300-23FF, U+2600-27BF, U+1F000-1FAFF: "☎",
# "📠", "⌨"; not "©", "™", "№", arrows or the geometric shapes bullets are) and glyphs the layer cannot say
# (an icon font's private-use codes: "\uf095" is Font Awesome's telephone): one or two of them may be a
# telephone icon, labelling a number that is all of its line or cell.
_NUMBER_ONLY = r"\W{0,3}[+(]?\d[\d\s().\-/]*"


class _Icons(NamedTuple):
    alone: re.Pattern[str]  # a cell that is an icon only
    number: re.Pattern[str]  # a line that is an icon and a number only ("\uf095 111", "\U0001f4e0 4521")


@cache
def _icons() -> _Icons:
    """The icon patterns, built on first use (listing the symbols reads the blocks' code points)."""
    blocks = (range(0x2300, 0x2400), range(0x2600, 0x27C0), range(0x1F000, 0x1FB00))
    symbols = re.escape("".join(chr(c) for block in blocks for c in block if unicodedata.category(chr(c)) == "So"))
    glyphs = rf"(?:{UNSAID}|[{symbols}]){{1,2}}"
    return _Icons(alone=re.compile(rf"\s*{glyphs}\s*[:.]?\s*"), number=re.compile(rf"\s*{glyphs}{_NUMBER_ONLY}"))


# How far across (in the header's letter heights) a column's cells may stand from a header they do not
# overlap (right-aligned or offset under a short "Tel" header), and how far up or down (in line heights)
# a label left of a cell of several lines may stand from each of them (a label centred on a tall cell).
_COLUMN_GAP = 6.0
_CELL_LINES = 1.5


def _cued_lines(lines: list[tuple[str, Box]]) -> set[int]:
    """Indices of the lines with digits that a phone cue labels from another line: a short cue cell
    above a short line in its column (a table's header, a label line over a number; the header
    nearest across in its row when none overlaps the line), or to its left in the same row ("T |
    116 000"; a cue word also beside a cell of several lines, "Telephone | 4521 (day) / 4522 (night)")."""
    labels = [j for j, (text, _) in enumerate(lines)
              if len(text.split()) <= _LABEL_WORDS and (_label_patterns().cue.search(text) or _LONE_LETTER.fullmatch(text)
                                                          or _icons().alone.fullmatch(text))]
    rows = {j: _row_of(lines, j) for j in labels}
    return {i for i, line in enumerate(lines)
            if len(re.findall(r"\d", line[0])) >= 3 and any(_labels(lines[j], line) or _heads_column(lines[j], rows[j], line) for j in labels if j != i)}


def _row_of(lines: list[tuple[str, Box]], j: int) -> list[Box]:
    """The boxes of the lines in the row of ``lines[j]`` (their middles within half a height of its own)."""
    _, (_, b0, _, b1) = lines[j]
    lh = max(b1 - b0, 1.0)
    return [box for _, box in lines if abs((box[1] + box[3]) / 2 - (b0 + b1) / 2) < max(lh, box[3] - box[1]) / 2]


def _labels(label: tuple[str, Box], line: tuple[str, Box]) -> bool:
    """Whether the short cue cell ``label`` labels ``line``: it is left of it in its row, or above it
    in its column while the line is a short cell too, not prose under a "Contact us" title."""
    (cue, (a0, b0, a1, b1)), (text, (x0, y0, x1, y1)) = label, line
    h = max(y1 - y0, 1.0)
    dy = abs((b0 + b1) / 2 - (y0 + y1) / 2)
    if dy < max(h, b1 - b0) / 2:
        # an icon labels a number alone in its cell (a bullet glyph before a line of prose labels nothing)
        return a1 <= x0 + 2 and (not _icons().alone.fullmatch(cue) or re.fullmatch(_NUMBER_ONLY, text.strip()) is not None)
    mark = _LONE_LETTER.fullmatch(cue) or _icons().alone.fullmatch(cue)
    if a1 <= x0 + 2 and dy <= _CELL_LINES * max(h, b1 - b0):
        # a word cue centred on a cell of several short lines labels each of them
        return not mark and len(re.findall(r"[^\W\d_]{2,}", text)) <= _LABEL_WORDS
    # a lone capital or an icon labels only what follows it in its row ("T" over a column may be anything)
    return (not mark and b1 <= y0 + h / 4 and min(x1, a1) > max(x0, a0)
            and len(re.findall(r"[^\W\d_]{2,}", text)) <= _LABEL_WORDS)


def _heads_column(label: tuple[str, Box], row: list[Box], line: tuple[str, Box]) -> bool:
    """Whether the short cue cell ``label`` heads the column of the short cell ``line`` though their
    extents do not overlap (digits right-aligned or set off under a "Tel" header): it stands above the
    line, and of the cells of its own ``row`` it is the nearest across, within ``_COLUMN_GAP`` letter heights."""
    cue, (a0, b0, a1, b1) = label
    text, (x0, y0, x1, y1) = line
    h, lh = max(y1 - y0, 1.0), max(b1 - b0, 1.0)
    if (_LONE_LETTER.fullmatch(cue) or _icons().alone.fullmatch(cue) or b1 > y0 + h / 4
            or len(re.findall(r"[^\W\d_]{2,}", text)) > _LABEL_WORDS):
        return False

    def gap(box: Box) -> float:
        return max(box[0] - x1, x0 - box[2], 0.0)

    own = gap((a0, b0, a1, b1))
    return own <= _COLUMN_GAP * lh and all(gap(box) >= own for box in row)


def _link_targets(doc: Doc, index: int, name: str) -> tuple[list[tuple[str, Box, str]], list[tuple[str, Box, str]]]:
    """(value, bbox, uri) of the addresses ("mailto:") or numbers ("tel:", "callto:", "sms:") the page's
    links point to, sure when complete, else doubts: a link says what it is by its scheme."""
    schemes = ("mailto:",) if name == "email" else ("tel:", "callto:", "sms:")
    sure: list[tuple[str, Box, str]] = []
    unsure: list[tuple[str, Box, str]] = []
    for link in doc.page(index).get_links():
        uri = str(link.get("uri") or "")
        scheme = next((s for s in schemes if uri.lower().startswith(s)), None)
        if scheme is None:
            continue
        box = tuple(link["from"])
        for value in unquote(uri[len(scheme):]).split("?")[0].split(";")[0].split(","):
            value = value.strip().strip("/")
            complete = PATTERNS["email"].fullmatch(value) if name == "email" else len(re.findall(r"\d", value)) >= 3
            (sure if complete else unsure).append((value or uri, box, uri))
    return sure, unsure


_UNSURE = {
    "phone": ("digits with no phone format and no cue, digits broken by other punctuation, a short number a cue labels"
              " (in its line, column header or label) or six digits in three groups, a number spelt partly in letters"
              " with neither, a number whose digits the text layer cannot say, or a link target that is no complete number"),
    "email": ("an '@' outside a complete address, an address spelt out with a bare, dashed or underscored 'at',"
              " or a link target that is no complete address"),
}


class TextPatternParams(Params):
    """``pattern``: a pattern name from the vocabulary (phone, email)."""

    pattern: Annotated[str, one_of(*PATTERNS, what="pattern")]


# Letter-spacing (tracking) makes MuPDF put a space between every glyph ("6 1 5 - 5 9 1 - 2 9 5 5").
_SPACED = re.compile(r"(?<!\S)\S(?: \S){2,}(?!\S)")


def squeezed(line: str) -> str:
    """``line`` with each run of three or more single-character tokens joined: "T e l 6 1 5 - 5 9 1"
    is "Tel 615-591". Where letters meet digits in a run a space stays, as a cue is a word of its own."""

    def join(m: re.Match[str]) -> str:
        chars = m.group(0).split(" ")
        return "".join((" " if i and a.isalpha() and b.isdigit() or a.isdigit() and b.isalpha() else "") + b
                       for i, (a, b) in enumerate(zip([""] + chars, chars)))

    return _SPACED.sub(join, line)


def _found(name: str, line: str, cued: bool = False) -> tuple[list[str], list[str]]:
    """Members and doubts in ``line`` as printed and, when tracking spread it out, in its squeezed form.

    ``cued``: a phone cue labels the line from its column header or label. A doubt with the same
    value as a member is that member read another way, not a second finding."""
    read = partial(_phones, cued=cued) if name == "phone" else _emails
    line = drop_format(line)  # "615\u200d-591-2955" prints the number whole
    sure, unsure = read(line)
    if (tight := squeezed(line)) != line:
        more_sure, more_unsure = read(tight)
        sure += more_sure
        unsure += more_unsure
    if name == "phone":
        unsure += _unsaid_digits(line, cued) + _look_alike_digits(line, cued)
    key = partial(_key, name)
    sure = list(dict((key(s), s) for s in reversed(sure)).values())[::-1]
    have = {key(s) for s in sure}
    unsure = list(dict((key(s), s) for s in reversed(unsure) if key(s) not in have).values())[::-1]
    return sure, unsure


# Codes the layer cannot say that a number read with them as digits must hold: fewer are an icon or a
# bullet beside digits ("\uf095 206-555-0100"), while a number whose digits a font leaves unmapped
# (or maps to private use, as old-style figures often are) has one code for each of its digits.
_MIN_UNSAID_DIGITS = 3


# Letters that OCR (and a careless typist) put for digits inside a group of digits: "O2O 7946 O958" is
# 020 7946 0958 misread. Only a token with a digit in it and no other letter is read so ("O2" stays a name
# of its own: no 7 digits; "Olympia" has no digit).
_LOOK_ALIKE = str.maketrans("OoIl", "0011")
_MIXED_DIGITS = re.compile(r"(?<![^\W\d_])[\dOoIl]*\d[\dOoIl]*(?![^\W\d_])")


def _look_alike_digits(line: str, cued: bool) -> list[str]:
    """What ``line`` reads as a phone number or a digit run with each letter that looks like a digit inside a
    group of digits read as that digit ("O2O 7946 O958"), as printed: doubts (a reader sees a number there)."""
    filled = _MIXED_DIGITS.sub(lambda m: m.group(0).translate(_LOOK_ALIKE), line)
    if filled == line:
        return []
    sure, unsure = _phones(filled, cued)
    out = []
    for found in sure + unsure:
        at = filled.find(found)
        if at >= 0 and line[at : at + len(found)] != found:
            out.append(line[at : at + len(found)])
    return out


def _unsaid_digits(line: str, cued: bool) -> list[str]:
    """What ``line`` reads as a phone number or a digit run with each code the text layer cannot say
    ("\\ue002\\ue000\\ue006-...", "\\x15\\x13\\x19 ...") read as a digit, as printed: doubts."""
    if not UNSAID_RX.search(line):
        return []
    line = line.translate(_DASHES)
    filled = UNSAID_RX.sub("5", line)
    sure, unsure = _phones(filled, cued)
    out = []
    for found in sure + unsure:
        at = filled.find(found)
        if at >= 0 and len(UNSAID_RX.findall(line[at : at + len(found)])) >= _MIN_UNSAID_DIGITS:
            out.append(line[at : at + len(found)])
    return out


def _key(name: str, found: str) -> str:
    """The value a phone number or an address found stands for, however printed ("1-800-FLOWERS" dials 18003569377)."""
    return value_key(_keypad(found)) if name == "phone" else value_key(_plain_address(found))


def _wrapped(lines: list[tuple[str, Box]]) -> list[list[int]]:
    """[k, k + 1] for each line k whose next one in reading order is the next row of the same column:
    below it, within a line's height, overlapping it across (a paragraph's wrap)."""
    out = []
    for k, ((_, (ax0, ay0, ax1, ay1)), (_, (bx0, by0, bx1, by1))) in enumerate(zip(lines, lines[1:])):
        h = max(ay1 - ay0, by1 - by0, 1.0)
        if by0 > (ay0 + ay1) / 2 and by0 - ay1 < h and min(ax1, bx1) > max(ax0, bx0):
            out.append([k, k + 1])
    return out


# How far apart (in letter heights) the characters of one value may stand when each is a line of its own.
_SPACED_GAP = 2.5


def _spaced_rows(lines: list[tuple[str, Box]], part: re.Pattern[str] | None = None, least: int = 3) -> list[list[int]]:
    """Runs (indices, left to right) of ``least`` or more lines side by side on a row, each one character
    (or a ``part``), each within ``_SPACED_GAP`` letter heights of the last: read joined with spaces ("6 1 5 5 9 1
    2 9 5 5", which ``squeezed`` reads whole; "(020)   7946   0958", digit groups set apart)."""
    single = sorted((k for k, (t, _) in enumerate(lines) if (part.fullmatch(t) if part else len(t.strip()) == 1)),
                    key=lambda k: ((lines[k][1][1] + lines[k][1][3]) / 2, lines[k][1][0]))
    runs: list[list[int]] = []
    for k in single:
        box = lines[k][1]
        if runs:
            last = lines[runs[-1][-1]][1]
            h = max(box[3] - box[1], last[3] - last[1], 1.0)
            if abs((box[1] + box[3]) / 2 - (last[1] + last[3]) / 2) < h / 2 and 0 <= box[0] - last[2] < _SPACED_GAP * h:
                runs[-1].append(k)
                continue
        runs.append([k])
    return [run for run in runs if len(run) >= least]


# A line that is one group of a phone number's digits ("(020)", "7946", "+44", "615-"): groups set apart
# on a row (tabbed, in boxes) are read joined, and only what takes a phone's shape there is a doubt ("2015
# 2016 2017", a table's row of numbers, takes none).
_DIGIT_GROUP = re.compile(r"\s*(?:\+\d{1,3}|\(\d{1,5}\)|\d{1,5}[-.]?)\s*")


def _seen_lines(doc: Doc, index: int) -> list[tuple[str, Box]]:
    """The text layer's rows as they are seen (text_search.seen_order), each part of a row with its box:
    glyphs joined left to right, a space where the layer has one or the glyphs stand apart."""
    from widening.facts.geometry import union
    from widening.probes.glyph_maps import FENCE, layer_glyphs
    from widening.probes.text_search import seen_order

    page = doc.page(index)
    out: list[tuple[str, Box]] = []
    text: list[str] = []
    boxes: list[Box] = []
    for c, box, start in [*seen_order(layer_glyphs(page, page.rect)), (FENCE, (0.0, 0.0, 0.0, 0.0), True)]:
        if c == FENCE:
            if "".join(text).strip():
                out.append((" ".join("".join(text).split()), union(boxes)))
            text, boxes = [], []
            continue
        if start and text and not text[-1].isspace() and not c.isspace():
            text.append(" ")
        text.append(c)
        boxes.append(box)
    return out


@probe("text_pattern", params=TextPatternParams)
def text_pattern(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Members: each match of the named pattern (``params['pattern']``: phone or email)."""
    from widening.facts.geometry import union

    name = str(params.get("pattern", ""))
    rx = PATTERNS[name]  # the params model refuses an unknown name
    whole = Scope(scope.pages)  # lines are read on whole pages whatever the region: the result says so
    unmeasured, pages = measurable(doc, whole, reads_text=True)
    members: list[Member] = []
    repeats: list[Member] = []
    seen: set[str] = set()
    doubts: list[Member] = []
    over = picture_words.pictures_over_budget(doc, sorted(picture_words.picture_pages(doc, tuple(pages))))
    for index in pages:
        # A link's target is on the page too ("e-mail the harbour master" -> mailto:), read or not.
        linked, linked_unsure = _link_targets(doc, index, name)
        for found, bbox, uri in linked:
            value = value_key(_keypad(found) if name == "phone" else found)
            (repeats if value in seen else members).append(Member(page=index, bbox=bbox, what=f"{name} {found!r} in link target {uri[:60]!r}",
                                                                  reader=Reader.structure))
            seen.add(value)
        doubts += [Member(page=index, bbox=bbox, what=f"{found!r} in link target {uri[:60]!r}", why=f"may be a {name} (" + _UNSURE[name] + ")",
                          reader=Reader.structure)
                   for found, bbox, uri in linked_unsure]
        lines, why, readers = _lines(doc, index, over)
        if lines is None:
            unmeasured[index] = why
            continue
        cued = _cued_lines(lines) if name == "phone" else set()
        read: set[str] = set()  # the values read on this page, sure or not
        for k, (text, bbox) in enumerate(lines):
            sure, unsure = _found(name, text, k in cued)
            for found in sure:
                member = Member(page=index, bbox=bbox, what=f"{name} {found.strip()!r} in line {text.strip()[:60]!r}", reader=readers[k])
                value = _key(name, found)
                # One number printed on two slides is one contact, not two.
                (repeats if value in seen else members).append(member)
                seen.add(value)
            doubts += [Member(page=index, bbox=bbox, what=f"{found.strip()!r} in line {text.strip()[:60]!r}", reader=readers[k],
                              why=f"may be a {name} our {name} shapes do not take (" + _UNSURE[name] + ")") for found in unsure]
            read |= {_key(name, f) for f in sure + unsure}
        # A picture the picture reading read no word of may show lettering a reader reads (a coarse JPEG's number):
        # what reading it again finds is a doubt, and so is lettering no reading reads (picture_words.lettering).
        doubts += _lettering_doubts(doc, index, name, read)
        # A value the line breaks in two ("ring 615-591-" / "2955 on weekdays", "jane at" / "example dot
        # com") is on the page: read across each break, what only that reading finds is a doubt (for a
        # phone, only what takes a phone's shape or a cue's label there: a heading's year over a line that
        # opens with a count, "Annual report 1998" / "697 staff", is no number). So is a value whose
        # characters stand so far apart that each is a line of its own (a comb of boxes, wide tracking:
        # "6", "1", "5", ... on one row).
        # Lines are joined with no space after a hyphen, an "@" or an opening parenthesis ("615-591-" / "2955").
        def joined(ks: list[int], apart: bool) -> str:
            if apart:
                return " ".join(lines[k][0].strip() for k in ks)
            a, b = lines[ks[0]][0].rstrip(), lines[ks[1]][0].lstrip()
            return a + ("" if re.search(r"[-@(]$", a) else " ") + b

        groups = _spaced_rows(lines, _DIGIT_GROUP, 2) if name == "phone" else []
        joins = [(ks, False, False) for ks in _wrapped(lines)] + [(ks, True, False) for ks in _spaced_rows(lines)] + [(ks, True, True) for ks in groups]
        for ks, apart, grouped in joins:
            text = joined(ks, apart)
            sure, unsure = _found(name, text)
            reader = next((readers[k] for k in ks if readers[k] is Reader.ocr), readers[ks[0]])
            how = ("its digit groups printed apart, read only with them joined" if grouped else "its characters printed apart, read only with them joined"
                   if apart else "broken over two lines, read only with the lines joined")
            # A short number a cue names across the break ("please call" / "999 at any hour") is read as
            # the cue's line would read it: the number need not span the break, the label does.
            cued_across = [f for f in unsure if name == "phone" and not apart and _labelled_right_before(text, text.find(f.strip()))]
            if grouped:
                unsure = []  # digit groups apart: only a phone's shape
            for found in sure + (unsure if apart or name != "phone" else cued_across):
                value = _key(name, found)
                if value not in read and (apart or found in cued_across or not any(value in _key(name, lines[k][0]) for k in ks)):
                    read.add(value)
                    doubts.append(Member(page=index, bbox=union([lines[k][1] for k in ks]), what=f"{found.strip()!r} in {text.strip()[:60]!r}",
                                         reader=reader, why=f"may be a {name} {how}"))
        # Glyphs drawn out of order ("-2955 on weekdays." before a coloured "(615) 591"; a word drawn right
        # to left) print a value only in the rows as seen: what that reading alone finds is a doubt.
        seen_rows = _seen_lines(doc, index)
        seen_cued = _cued_lines(seen_rows) if name == "phone" else set()
        for k, (text, bbox) in enumerate(seen_rows):
            sure, unsure = _found(name, text, k in seen_cued)
            for found in sure + unsure:
                if (value := _key(name, found)) not in read:
                    read.add(value)
                    doubts.append(Member(page=index, bbox=bbox, what=f"{found.strip()!r} in the row as seen {text.strip()[:60]!r}",
                                         reader=text_reader(doc.facts.page(index), layer=True),
                                         why=f"may be a {name}, read only in the order the glyphs are seen (rows top to bottom, each"
                                             " left to right), not in the order the text layer stores them"))
    note = f"{len(repeats)} repeated value(s) listed as candidates" if repeats else ""
    return finish("text_pattern", whole, params, members, unmeasured, repeats, note=note, doubts=doubts)
