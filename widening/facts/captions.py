"""Figure, table and chart captions ("Figure 10", "Fig. 4", "Table1-1", "TABLE A") found in text lines."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cache, cached_property

from widening import rulebook
from widening.facts.folios import FOLIO_BAND
from widening.facts.geometry import union
from widening.facts.lines import Line
from widening.models import BBox, Caption, FolioCandidate, PageFacts
from widening.text import UNSAID, nfkc, number_key, roman_value, to_roman

# Every hyphen and dash a caption number is printed with ("Table 1‐1", "Figure 2—1"), and the
# middle dot of British books ("Fig. 2·1").
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u00b7"
# A supplement's caption ("Supplementary Figure 3") is the "Figure S3" a question names (rules/vocabulary.yaml).
SUPPLEMENT = rulebook.alternation(rulebook.load("vocabulary")["supplement_words"])
# The number word some captions print between the caption word and its number ("Table No. 4", "Fig. #3").
NUMBER_WORD = r"(?i:(?:no|nr|number)\b\.?\s*|\#\s*)"


def _broken(word: str) -> str:
    """``word`` with one space inside it, anywhere: a text layer that set a gap in the word ("Fig ure 3", two
    spans apart, or a justified line's stretched letter spacing) reads as one the reader sees whole."""
    return "|".join(re.escape(word[:k]) + " " + re.escape(word[k:]) for k in range(1, len(word)))


# The caption words broken by a space (``_broken``), and the starts a line of one opens with.
_BROKEN = "|".join(_broken(w) for w in ("figure", "fig", "table", "chart"))
_START = r"f ?i ?g|t ?a ?b|c ?h ?a ?r ?t"
@cache
def _foreign() -> dict[str, str]:
    """Caption word of another language, lower case -> the kind it captions ("abb." -> figure, "表" -> table;
    rules/vocabulary.yaml ``caption_words``)."""
    return {w.lower(): kind for kind, words in (rulebook.load("vocabulary").get("caption_words") or {}).items() for w in words}


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) or "(?!)"


@cache
def _caption_rx() -> re.Pattern[str]:
    """A line opening with a caption word and its number (built on first use: it reads the vocabulary)."""
    return re.compile(
        rf"^\s*(?:(?P<supp>{SUPPLEMENT})\s*)?(?P<kind>fig(?:ure)?s?\.?|table|tab\.|chart|(?:{_BROKEN})s?\.?|{_alternation(_foreign())})\s*{NUMBER_WORD}?"
        # A dot and a space end the number: "Figure 3. 12-month revenue" is Figure 3 ("2.3" is printed solid).
        rf"(?P<num>(?:[A-Z]{{1,2}}[{DASHES}.]?)?\d+(?:\s?[{DASHES}]\s?\d+|\s?\.\d+)*[a-z]?|[IVXLC]+\b|[A-Z]\b)",
        re.I,
    )


class _Lazy:
    """A regular expression compiled on first use (it reads the vocabulary, which is never read at import)."""

    def __init__(self, build: Callable[[], re.Pattern[str]]) -> None:
        self._build = build

    @cached_property
    def rx(self) -> re.Pattern[str]:
        return self._build()

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        return self.rx.match(text, *args)

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        return self.rx.search(text, *args)


_SUPPLEMENT_BEFORE = re.compile(rf"{SUPPLEMENT}\s*$", re.I)
# A line that may open with a caption word, in any language the vocabulary knows ("Abb.", "图").
_CAPTION_START = _Lazy(lambda: re.compile(rf"\s*(?:{_START}|{SUPPLEMENT}|{_alternation(_foreign())})", re.I))
CAPTION_LIKE = _Lazy(lambda: re.compile(rf"^\s*(?:{_START}|{SUPPLEMENT}|{_alternation(_foreign())})", re.I | re.M))


# A caption is stored cut to this many characters (a list counter reads the page for the rest).
CAPTION_TEXT_CHARS = 200


# A second caption on the same line, as side-by-side figures print them ("Figure 2: ... Figure 3: ..."):
# a capitalised label after a space whose number a colon follows. Body text says "in Figure 3," or "Figure 3
# shows", hardly ever "Figure 3:" (generator: two small figures side by side, their captions on one line).
_LATER_CAPTION = re.compile(rf"(?<=\s)(?=(?:(?i:{SUPPLEMENT})\s*)?(?:Fig(?:ure)?s?\.?|Table|Chart)\s*{NUMBER_WORD}?(?:[A-Z]{{1,2}}[{DASHES}.]?)?\d+(?:[{DASHES}.]\d+)*[a-z]?\s*:)")


# A list of figures or tables set without leaders puts each entry's page number at a tab stop, apart from
# its title ("Figure 3: Sales" .......... "4" with no dots): a gap wider than this many times the line's
# height, where a justified line stretches a word space to an em at most.
TAB_GAP = 2.0
# What an entry's page number is: digits or a roman folio, alone.
_PAGE_WORD = re.compile(r"(?:\d{1,4}|[ivxlcdm]{1,7})", re.I)


def _tabbed_numbers(lines: list[Line]) -> dict[int, tuple[str, int | None]]:
    """Line position -> (the page number that line runs on to across a tab-stop gap (``TAB_GAP``), the
    position of the line printing it: None for its own last word, else another line on its row, the lone
    number nearest to its right. Only where two or more
    caption lines of the page do so (a list of figures or tables); a single such line may be a caption beside
    a stray number (an axis value, a cell)."""
    rows = [(i, l) for i, l in enumerate(lines) if l.words]
    out: dict[int, tuple[str, int | None]] = {}
    for i, line in rows:
        words = line.words
        height = line.bbox[3] - line.bbox[1]
        if height <= 0:
            continue
        if len(words) >= 2 and _PAGE_WORD.fullmatch(words[-1][1]) and words[-1][0][0] - words[-2][0][2] > TAB_GAP * height:
            out[i] = (words[-1][1], None)
            continue
        mid = (line.bbox[1] + line.bbox[3]) / 2
        right = [(j, l) for j, l in rows if j != i and l.bbox[1] < mid < l.bbox[3] and l.bbox[0] >= line.bbox[2]]
        if right:
            j, nearest = min(right, key=lambda x: x[1].bbox[0])
            if (len(nearest.words) == 1 and _PAGE_WORD.fullmatch(nearest.words[0][1])
                    and nearest.bbox[0] - line.bbox[2] > TAB_GAP * height):
                out[i] = (nearest.words[0][1], j)
    # A list is of captions: two lines of the page opening with a caption word run on to a number.
    if sum(bool(_CAPTION_START.match(nfkc(lines[i].first))) for i in out) < 2:
        return {}
    _aligned_numbers(lines, rows, out)
    return out


# Two page numbers of a list stand in one column when their right (left) edges are this close (pt): a
# typesetter aligns a list's numbers on a tab stop exactly; a stray number on a caption's row rarely is.
ALIGN = 1.0
# How many lines on an entry's title may wrap over before the line its page number ends.
_WRAP = 3


def _aligned_numbers(lines: list[Line], rows: list[tuple[int, Line]], out: dict[int, tuple[str, int | None]]) -> None:
    """On a list page (``out`` holds two or more entries found by their tab gaps), the other caption lines
    whose page number stands in the list's column at any gap: a long title running close to its number
    ("Figure 3: Distribution of respondents by region and age, 2019 to 2023  5"), or a title wrapping over
    lines, its number ending the last ("Figure 3: Distribution of ...", "by region, 2019 to 2023  5"). Without
    its number such an entry read as the caption of a figure on the list's page, and the figure on the page it
    names was never looked at. ``out`` is extended in place."""
    def number_box(i: int, j: int | None) -> BBox:
        return lines[i].words[-1][0] if j is None else lines[j].words[0][0]

    edges = [number_box(i, j) for i, (_, j) in out.items()]
    rights, lefts = [b[2] for b in edges], [b[0] for b in edges]

    def in_column(box: BBox) -> bool:
        return any(abs(box[2] - x) <= ALIGN for x in rights) or any(abs(box[0] - x) <= ALIGN for x in lefts)

    def number_of(k: int) -> tuple[str, int | None] | None:
        """The page number in the column that line ``k`` ends on: its own last word, or a lone number on its row."""
        line = lines[k]
        words = line.words
        if len(words) >= 2 and _PAGE_WORD.fullmatch(words[-1][1]) and in_column(words[-1][0]) and words[-1][0][0] > words[-2][0][2]:
            return words[-1][1], None
        mid = (line.bbox[1] + line.bbox[3]) / 2
        for j, other in rows:
            if (j != k and len(other.words) == 1 and _PAGE_WORD.fullmatch(other.words[0][1]) and other.bbox[1] < mid < other.bbox[3]
                    and other.bbox[0] >= line.bbox[2] and in_column(other.words[0][0])):
                return other.words[0][1], j
        return None

    position = {i: n for n, (i, _) in enumerate(rows)}
    for i, line in rows:
        if i in out or not _CAPTION_START.match(nfkc(line.first)):
            continue
        n = position[i]
        for k, later in [(i, line)] + rows[n + 1 : n + 1 + _WRAP]:
            if k != i and _CAPTION_START.match(nfkc(later.first)):
                break  # the next entry: this one printed no number in the column
            if (found := number_of(k)) is None:
                continue
            word, j = found
            # The number on the entry's own line is its last word (None); on a wrapped line, that line.
            out[i] = (word, j if k == i else (k if j is None else j))
            break


def find_captions(lines: list[Line], index: int) -> list[Caption]:
    """Lines opening with Figure/Fig./Table/Chart and a number ("Table1-1", "TABLE A", "Fig. 4"), and a
    further "Figure N:" later on such a line (side-by-side figures).

    An entry of a list of figures (tables) set without leaders keeps its page number after a tab
    ("Figure 3: Sales\t4"), which ``listed_page`` reads as it reads leaders."""
    out: list[Caption] = []
    tabbed: dict[int, tuple[str, int | None]] | None = None
    for i, line in enumerate(lines):
        # The first word, or the line's start where a gap broke the caption word ("F igure 3").
        if not _CAPTION_START.match(nfkc(line.first)) and not (len(line.first) < 4 and _CAPTION_START.match(nfkc(line.text[:12]))):
            continue
        # Full-width and other compatibility forms ("Figure ７") read as their plain characters.
        text = nfkc(line.text)
        if tabbed is None:
            tabbed = _tabbed_numbers(lines)
        number_line = None
        if i in tabbed:
            # The number is the line's last word, or another line's on its row (then no part of its tail).
            page_word, number_line = tabbed[i]
            text = nfkc(" ".join(w for _, w in line.words[:-1]) if number_line is None else line.text) + "\t" + nfkc(page_word)
        if not _caption_rx().match(text):
            continue
        # The caption box runs on through the following lines of the same block.
        tail = [l for j, l in enumerate(lines[i + 1 : i + 4], i + 1) if l.block == line.block and line.words and j != number_line]
        box = union([line.bbox] + [l.bbox for l in tail])
        # "Figure 4:" after "Supplementary" is one caption with it, read from the supplement word on.
        starts = [0] + [m.start() for m in _LATER_CAPTION.finditer(text) if not _SUPPLEMENT_BEFORE.search(text, 0, m.start())]
        for a, b in zip(starts, starts[1:] + [len(text)]):
            m = _caption_rx().match(text[a:b])
            if not m:
                continue
            word = re.sub(r"\s", "", m.group("kind").lower())
            kind = _foreign().get(word) or ("figure" if word.startswith("fig") else ("chart" if word == "chart" else "table"))
            number = re.sub(rf"[{DASHES}]", "-", re.sub(r"\s+", "", m.group("num")))
            if m.group("supp") and number[0].isdigit():
                number = "S" + number
            said = " ".join([text[a:b]] + ([l.text for l in tail] if b == len(text) else []))
            out.append(Caption(kind=kind, number=number, page=index, bbox=box, text=said.strip()[:CAPTION_TEXT_CHARS]))
    return out


# A caption number's dash spaced apart from a number of three or more digits ("Figure 3 - 2019 sales",
# "Table 2 – 100 largest firms"): the tail may be the title's first word, as no chapter numbers a hundred
# figures. The number before it is a reading (beside the number as read, "3-2019").
_TITLE_TAIL = re.compile(rf"^(?P<head>.*?\d)(?:\s[{DASHES}]\s?|\s?[{DASHES}]\s)\d{{3,}}$")
# A panel's letter after its figure's number ("Fig. 3b", "Figure 3.2a"): a part of that figure.
_PANEL = re.compile(r"^(?P<head>.*\d)[a-z]$")
# Roman numerals a caption is numbered by in I, V and X alone (1 to 39): "Table C" or "Table D" is a letter.
_IVX = re.compile(r"[ivx]+")


def lettered(captions: Iterable[Caption], kind: str) -> bool:
    """Whether the document numbers some of its ``kind`` captions by a letter no roman numeral is ("Table A",
    "Table B"): there a single "I", "V" or "X" is a letter too, not 1, 5 or 10."""
    return any(c.kind == kind and len(k := number_key(c.number)) == 1 and k.isalpha() and not _IVX.fullmatch(k) for c in captions)


def caption_keys(c: Caption, letters: bool = False, panels: bool = True) -> frozenset[str]:
    """Every number (``number_key``) a question may name caption ``c`` by: as read ("3-2019", "iv", "3b"); the
    number before a dash spaced apart from a title's number (``_TITLE_TAIL``: "Figure 3 - 2019 sales" is
    Figure 3); with ``panels``, the figure a panel's caption is part of ("Fig. 3b" is in Figure 3); a roman
    numeral's value and an arabic number's numeral ("TABLE IV" is Table 4, "Table 4" is Table IV), a single
    letter not where ``letters`` (``lettered``) says the document numbers by letters. Each is a reading."""
    key = number_key(c.number)
    keys = {key}
    m = _caption_rx().match(nfkc(c.text))
    if m and (t := _TITLE_TAIL.match(re.sub(r"\s+", " ", m.group("num").strip()))):
        keys.add(number_key(t.group("head")))
    if panels and (p := _PANEL.match(key)):
        keys.add(p.group("head"))
    for k in list(keys):
        if _IVX.fullmatch(k) and (v := roman_value(k)) and v < 40 and not (letters and len(k) == 1):
            keys.add(str(v))
        elif k.isdigit() and 1 <= int(k) < 40 and not (letters and len(to_roman(int(k))) == 1):
            keys.add(to_roman(int(k)))
    return frozenset(keys)


def named_captions(captions: Iterable[Caption], kinds: Collection[str], number: str) -> tuple[list[Caption], list[Caption]]:
    """(The captions of ``kinds`` that a question's ``number`` ("3", "1-1", "IV") names under some reading of
    their printed number (``caption_keys``); the panels' captions ("Fig. 3b") that name it only as their
    figure's number, where a caption names it itself: there "Figure 3b" may be a figure of its own, a doubtful
    reading. Where none does, the panels are the figure.)"""
    captions = list(captions)
    want = number_key(number)
    letters = {k: lettered(captions, k) for k in kinds}
    mine = [c for c in captions if c.kind in kinds]
    taken = [c for c in mine if want in caption_keys(c, letters[c.kind], panels=False)]
    panels = [c for c in mine if c not in taken and want in caption_keys(c, letters[c.kind])]
    return (taken, panels) if taken else (panels, [])


# The words a figure or table is named by, letter-spaced or not ("F I G U R E 7"); an
# "Exhibit" may be a figure, a chart or a table. A loose mention also takes the other names a
# document numbers its figures or tables by ("Graph 5", "Plate 5", "Abb. 5", "Tabelle 5"): a
# question may call any of them "Figure 5" or "Table 5".
_KIND_WORDS = {"figure": ("fig", "figure", "figs", "figures"), "chart": ("chart", "charts"), "table": ("tab", "table", "tables")}
_ANY_KIND = ("exhibit", "exhibits")
_OTHER_NAMES = {"figure": ("graph", "graphs", "diagram", "diagrams", "illustration", "illustrations", "plate", "plates",
                           "scheme", "schemes", "map", "maps", "photo", "photos", "photograph", "photographs", "image",
                           "images", "picture", "pictures", "graphic", "graphics", "infographic", "infographics", "panel",
                           "panels", "plot", "plots", "schematic", "schematics", "drawing", "drawings", "visual", "visuals",
                           "abbildung", "abb", "figura", "grafico", "gráfico", "graphique"),
                "chart": ("graph", "graphs", "diagram", "diagrams", "plot", "plots", "graphic", "graphics", "infographic",
                          "infographics", "visual", "visuals"),
                "table": ("tabelle", "tab", "tabla", "tableau", "tabella", "list", "schedule", "schedules")}




# What follows a caption's number on a line that a caption sets: a colon, a bar or a dash ("Figure 10:",
# "Table 3 | Sales", "Fig. 4 – Map"), or nothing. Anything else ("Figure 10, which", "Figure 10 shows",
# "Fig. 10. The next") may be a sentence of body text wrapped so that its reference opens a line.
_CAPTION_CLOSE = re.compile(rf"\s*(?:$|[:|{DASHES}])")


def reads_as_reference(text: str) -> bool:
    """A caption line (``Caption.text``) that may be body text referring to the figure or table, not its
    caption: the number is not closed as a caption closes it (``_CAPTION_CLOSE``). Where every caption
    read for a number may be one, the figure's own caption may be one the reader did not take."""
    t = nfkc(text)
    m = _caption_rx().match(t)
    return m is None or _CAPTION_CLOSE.match(t, m.end()) is None


# A list of figures or tables prints each caption again, run on by leaders to the page it is on
# ("Figure 3: Sales ........ 4", "Table 2 . . . . 17", "Fig. 5 ……… iv"). The entry reads as a caption,
# yet its figure is on the page it names, not on the list's page.
# An entry set without leaders has its page number after a tab (``find_captions``: "Figure 3: Sales\t4").
_LEADERS_TO_PAGE = re.compile(r"(?:(?:[.\u00b7\u2024\u2026_]\s*){3,}\s*|\t)(?P<page>\d{1,4}|[ivxlcdm]{1,7})\b", re.I)


def listed_page(text: str) -> str | None:
    """The page number a list-of-figures (tables) entry runs on to by leaders ("Figure 3: Sales ..... 4"
    -> "4"), or None when the caption text (``Caption.text``) has no leaders to a number."""
    m = _LEADERS_TO_PAGE.search(nfkc(text))
    return m.group("page") if m else None


def _unspaced(word: str) -> bool:
    """A word of a script written without spaces (Chinese, Japanese): it may touch the words beside it."""
    return unicodedata.east_asian_width(word[0]) in "WF"


def _spaced(word: str) -> str:
    # Set solid, letter-spaced throughout, or split by one space anywhere: after its capital by small caps'
    # kerning (IEEE's "T ABLE V", "F IG . 3"), or by a gap between two spans ("Fig ure 3", ``_broken``).
    # "Figure S2" is not "Figures 2".
    # Only a caption word's own forms break anywhere ("Plate", "Map" split so are other words' ends).
    own = any(word in ws for ws in _KIND_WORDS.values()) or word in _ANY_KIND
    split = _broken(word) if own and len(word) >= 5 else re.escape(word[0]) + r" " + re.escape(word[1:])
    return "|".join((re.escape(word), r"\s".join(re.escape(ch) for ch in word), split))


def band_numbers(pages: Iterable[PageFacts]) -> dict[int, set[str]]:
    """Page index -> the numbers standing alone on a line in its top or bottom margin (FOLIO_BAND of its
    height). Not the folio reader's band, which stretches to the page's last text (a caption's number)."""
    def in_margin(c: FolioCandidate, height: float) -> bool:
        centre = (c.bbox[1] + c.bbox[3]) / 2
        return centre <= FOLIO_BAND * height or centre >= (1 - FOLIO_BAND) * height

    return {p.index: {str(c.value) for c in p.folio_candidates if c.alone and not c.roman and in_margin(c, p.height)} for p in pages}


def loose_mention_pages(pages: Iterable[tuple[int, str]], kinds: set[str], number: str,
                        folios: Mapping[int, set[str]] | None = None) -> tuple[int, ...]:
    """Pages whose text mentions the numbered figure or table in any spacing, dash, numeral or digit form
    ("FIG . 2 .", "Table1 – 1", "Figs. 1, 2, 3", "TABLE IV" for 4, "F I G U R E 7", "Exhibit 8", "Figure ７",
    "Graph 5", "Figure S5", "Abb. 5");
    for a range "1-4" its first number too (a range of figures, or figure 1-4). ``pages`` are (index, text)
    pairs; ``folios`` (``band_numbers``) tells a page's folio below a line ending in the word from a number."""
    number = nfkc(number)
    parts = re.findall(r"[A-Za-z]+|\d+", number)
    if not parts:
        return ()
    # Each part's characters may be letter-spaced, as a tracked caption prints them ("F i g u r e  1 0":
    # every glyph its own word): "1 0" may be the 10 asked about.
    numbers = [rf"\s*[{DASHES}.]?\s*".join(r"[ \t]?".join(re.escape(ch) for ch in x) for x in parts)]
    if len(parts) == 2 and all(x.isdigit() for x in parts) and int(parts[0]) < int(parts[1]):
        numbers.append(re.escape(parts[0]))
    if len(parts) == 1:
        # Arabic for a roman numeral and back: "TABLE IV" may be the table a question calls "Table 4".
        x = parts[0]
        other = to_roman(int(x)) if x.isdigit() and 1 <= int(x) <= 3999 else (str(v) if (v := roman_value(x)) else None)
        if other:
            numbers.append(re.escape(other) + r"\b")
    # A number glyph the layer cannot say (a font without it leaves NUL; U+FFFD; a private-use code)
    # may be any number: "Figure \x00" may be the figure asked about.
    numbers.append(UNSAID)
    words = sorted({w for k in kinds for w in (*_KIND_WORDS.get(k, ()), *_OTHER_NAMES.get(k, ()))} | set(_ANY_KIND), key=len, reverse=True)
    head = "|".join(_spaced(w) for w in words)
    # Another language's caption word ("Abb.", "Tabla"); one in a script without spaces ("如图3所示") needs no word boundary.
    foreign = [w for w, k in _foreign().items() if k in kinds]
    head += "".join("|" + _spaced(w) for w in foreign if not _unspaced(w))
    glued = _alternation(w for w in foreign if _unspaced(w))
    # A letter or two before the number, on the word's line: a supplement's or an appendix's figure
    # ("Figure S5", "Table A-5"); not a label on the next line ("... generated figure" over "C1").
    prefix = rf"[ \t]*\.?[ \t]*[A-Z]{{1,2}}[{DASHES}.]?"
    # A mark may stand between the word and its number ("Figure-5", "Fig.–5", "Figure: 5", "Figure (5)", "Figure_5").
    plain = rf"\s*\.?\s*(?:[{DASHES}:_(\[][ \t]*)?{NUMBER_WORD}?(?:[\dA-Za-z]+\s*(?:,|and|&)\s*)*"
    rxs = [re.compile(rf"(?:\b(?:{head})|{glued})(?:{plain}|{prefix})0*(?:{'|'.join(numbers)})(?![\d%])", re.I)]  # "3%" is a value
    if len(parts) == 2 and parts[0].lower() == "s" and parts[1].isdigit():
        # "Figure S3" is a question writer's "Supplementary Figure 3" (and "Suppl. Fig. 3").
        rxs.append(re.compile(rf"{SUPPLEMENT}\s*(?:{head}){plain}0*{parts[1]}(?![\d%])", re.I))
    if len(parts) == 1 and parts[0].isdigit() and (said := [w for w, v in _number_words().items() if v == int(parts[0])]):
        # "Figure Three": the caption word and the number in words, the caption word's own forms only.
        kind_head = "|".join(_spaced(w) for w in sorted({w for k in kinds for w in _KIND_WORDS.get(k, ())} | set(_ANY_KIND), key=len, reverse=True))
        rxs.append(re.compile(rf"\b(?:{kind_head})\s*\.?\s*{NUMBER_WORD}?(?:{'|'.join(said)})\b", re.I))
    # A range of figures that holds the number ("Figures 4-6", "Figs. 3–6", "Tables 2 to 4", "Figure 4 through 6"):
    # after a plural word any dash or word of range, after a singular one a word only ("Figure 4-6" is a chapter's).
    spans = []
    if len(parts) == 1 and parts[0].isdigit():
        plural = "|".join(_spaced(w) for w in words if w.endswith("s"))
        to = r"(?:to|through|thru|till|until)"
        spans.append(re.compile(rf"(?:\b(?:{plural}){plain}0*(?P<lo>\d+)\s*(?:[{DASHES}]|{to}\b)\s*0*(?P<hi>\d+)"
                                rf"|\b(?:{head}){plain}0*(?P<lo2>\d+)[ \t]+{to}[ \t]+0*(?P<hi2>\d+))(?![\d%])", re.I))
    want = int(parts[0]) if spans else 0

    def holds(m: re.Match[str]) -> bool:
        lo, hi = (int(m.group("lo") or m.group("lo2")), int(m.group("hi") or m.group("hi2")))
        return lo < hi and lo <= want <= hi

    out = []
    for index, text in pages:
        text = nfkc(text)
        # A word hyphenated at a line's end ("Fig-" over "ure 3") is read joined too, beside the text as printed.
        texts = dict.fromkeys((text, _HYPHEN_BREAK.sub("", text)))
        found = [m for t in texts for rx in rxs for m in rx.finditer(t)]
        found += [m for t in texts for rx in spans for m in rx.finditer(t) if holds(m)]
        if any(not _folio_after_word(m.string, m, (folios or {}).get(index, set())) for m in found):
            out.append(index)
    return tuple(out)


# A hyphen (or soft hyphen) ending a line inside a word, the word going on in lower case on the next line.
_HYPHEN_BREAK = re.compile(r"(?<=[A-Za-z])[-\u00ad\u2010]\s*\n\s*(?=[a-z])")


# A figure or table continued on another page says so beside its number, in either order and with any
# caption word ("(Figure 3 continued)", "Continued: Exhibit 3", "Continuation of Table 2", "Fig. 3, cont'd"),
# which the caption reader (a line opening with the caption word) does not all take; or a note by its first
# part sends the reader on ("continued on next page", "continued overleaf", "(continued)"), or back.
_CONTINUED = r"(?:continued|continues|continuation|cont(?:['’]?d)?\.?)(?![a-z])"
_ON = re.compile(r"\b(?:continued|continues|cont(?:['’]?d)?\.?)\s+(?:on\s+(?:the\s+)?(?:next|following)\s+page|overleaf|over)\b"
                 r"|\bsee\s+(?:the\s+)?(?:next|following)\s+page\b|\bturn\s+over\b|\bpto\b|\bp\.\s*t\.\s*o\.", re.I)
_BACK = re.compile(r"\b(?:continued|cont(?:['’]?d)?\.?)\s+from\s+(?:the\s+)?(?:previous|preceding|last)\s+page\b", re.I)
_ALONE = re.compile(rf"^\W*{_CONTINUED}\W*$", re.I)


def continued_pages(pages: Iterable[tuple[int, str]], kinds: set[str], number: str, caption_pages: Iterable[int],
                    page_count: int) -> tuple[int, ...]:
    """Pages a numbered figure or table may run on to beyond its captions' pages: a page whose line names it
    with a continuation word (``_CONTINUED``) in any order, and the page after (before) a caption page that
    prints a note sending the reader on (back). ``pages`` are (index, text) pairs. A superset: a wrong page
    here is only looked at more."""
    parts = re.findall(r"[A-Za-z]+|\d+", nfkc(number))
    if not parts:
        return ()
    words = sorted({w for k in kinds for w in _KIND_WORDS.get(k, ())} | set(_ANY_KIND), key=len, reverse=True)
    head = "|".join(_spaced(w) for w in words)
    digits = rf"[ \t]*[{DASHES}.]?[ \t]*".join(map(re.escape, parts))
    named = rf"\b(?:{head})\s*\.?\s*{NUMBER_WORD}?0*{digits}(?![\dA-Za-z])"
    # Beside the number ("Figure 3 (continued)", "Continuation of Figure 3"), or closing the caption line after
    # its title ("(Table 2. Sample characteristics, continued)"); not a sentence that runs on past it.
    gap = r"[\s,.:;()\[\]|\u2013\u2014-]*"
    label = re.compile(rf"{named}{gap}{_CONTINUED}|\b{_CONTINUED}{gap}(?:(?:of|from)\s+)?(?:the\s+)?{named}"
                       rf"|{named}[^\n]{{0,100}}?[\s,(\[\u2013\u2014-]{_CONTINUED}\W*$", re.I)
    texts = {index: nfkc(text) for index, text in pages}
    out: set[int] = {index for index, text in texts.items() if any(label.search(line) for line in text.splitlines())}
    for c in set(caption_pages):
        text = texts.get(c, "")
        lines = text.splitlines()
        if _ON.search(text) or any(_ALONE.match(line) for line in lines):
            out.add(c + 1)
        if _BACK.search(text) or any(_ALONE.match(line) for line in lines):
            out.add(c - 1)
    return tuple(sorted(p for p in out if 1 <= p <= page_count))


def _number_words() -> dict[str, int]:
    return dict(rulebook.load("vocabulary")["number_words"])


def _folio_after_word(text: str, m: re.Match[str], folios: set[str]) -> bool:
    """The kind word ends a line and the number is a line of its own that the page's folio band holds
    ("... generated figure" then the folio "3"): two lines, not a mention of figure 3. A lone number
    outside the band ("FIGURE" over a large "7" mid-page) may be the figure's number: it stays."""
    if "\n" not in m.group(0):
        return False
    line_start = text.rfind("\n", 0, m.end()) + 1
    line_end = text.find("\n", m.end())
    line = text[line_start:(len(text) if line_end < 0 else line_end)].strip()
    return line.isdecimal() and str(int(line)) in folios
