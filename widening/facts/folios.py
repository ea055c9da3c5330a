"""Printed folios: numbers in the top or bottom band of a page, or in a side margin beside the text
column, kept only when they run across pages.

"Page 9" may mean the page with "9" printed on it; a candidate is accepted when nearby
pages continue its run at the same place, so a stray number in a margin is not a folio.
A rejected candidate is still a doubtful reading of its number (engine.containers).
"""

from __future__ import annotations

import re
from typing import Iterable

from widening.facts.geometry import Groups
from widening.facts.lines import Line
from widening.models import FolioCandidate
from widening.text import roman_value, to_roman

FOLIO_BAND = 0.22
# A report may print its folio in the outer side margin at mid-height: a number standing alone
# within SIDE_BAND of the page's width from either edge, and left (right) of every other text at
# mid-height that reaches further in, is a candidate too.
SIDE_BAND = 0.15
RUN_WINDOW = 4
_SAME_Y = 0.04
_SAME_X = 0.12
_LONG_RUN = 5
_NUM = r"(?:\d{1,4}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})"
# The marks a folio is framed by ("- 9 -", "[9]", "· 9 ·", "• 9 •", "| 9 |", "< 9 >", "« 9 »", "#9"): a folio
# framed by one the reader did not know is no candidate, and its page no printed reading of its number.
_OPEN = r"[-–—~\[(·•∙⋅|<«‹#*■▪]"
_CLOSE = r"[-–—~\])·•∙⋅|>»›*■▪]"
_FOLIO_LINE = re.compile(
    rf"^(?P<prefix>(?:page|p\.|pg\.?|slide|seite|página|pagina)\s*)?{_OPEN}?\s*(?P<num>{_NUM})\.?\s*{_CLOSE}?"
    rf"(?:\s*(?:/|of|von|de)\s*\d{{1,4}})?$",
    re.I,
)
_SEPARATORS = {"|", "•", "·", "-", "–", "—", "/", "||", "■", "▪"}
_MAYBE_NUM = re.compile(r"^(?:\d|[ivxlcdm]+$|[IVXLCDM]+$)")
_EDGE_SLACK = 0.04


# A folio padded with zeros has at most this many digits ("0009").
_PADDED_DIGITS = 4


def _folio_value(token: str) -> tuple[int, bool] | None:
    """(value, roman) for a token that can be a folio. A folio may be padded with zeros to three or four digits
    ("009", "0009": a designed report's); such a token may be a code too, and the run test tells the two apart (a
    code does not count up page by page). Five digits or more with a leading zero count the file's frames or
    sheets ("Frm 00009" in a government print, a Bates number): they count up page by page as the PDF index does,
    and are no page a reader names. "0" and "000" alone are no folio."""
    if token.isascii() and token.isdigit():
        if len(token) > 2 and token[0] == "0" and (not int(token) or len(token) > _PADDED_DIGITS):
            return None
        return int(token), False
    r = roman_value(token)
    return (r, True) if r is not None else None


def band_limits(lines_y: Iterable[tuple[float, float]], height: float) -> tuple[float, float]:
    """(top, bottom) y limits of the folio bands: the fixed band, stretched to reach the outermost text.

    A page with deep margins prints its folio below 22% of the height; the first and last
    text on the page are always looked at.
    """
    ys = list(lines_y)
    if not ys:
        return FOLIO_BAND * height, (1 - FOLIO_BAND) * height
    slack = _EDGE_SLACK * height
    top = max(FOLIO_BAND * height, min(y0 for y0, _ in ys) + slack)
    bottom = min((1 - FOLIO_BAND) * height, max(y1 for _, y1 in ys) - slack)
    return top, bottom


def side_limits(spans_x: Iterable[tuple[float, float]], width: float) -> tuple[float, float]:
    """(left, right) x limits of the side margins: SIDE_BAND of the width, narrowed to stop at the text
    column (the mid-height text that reaches past SIDE_BAND), so a column's own words are never in them."""
    left, right = SIDE_BAND * width, (1 - SIDE_BAND) * width
    xs = list(spans_x)
    inner_x0 = [x0 for x0, x1 in xs if x1 > left]
    inner_x1 = [x1 for x0, x1 in xs if x0 < right]
    return min([left, *inner_x0]), max([right, *inner_x1])


def in_side_margin(bbox: tuple[float, float, float, float], sides: tuple[float, float]) -> bool:
    return bbox[2] <= sides[0] or bbox[0] >= sides[1]


def folio_candidates(lines: list[Line], height: float, limits: tuple[float, float] | None = None,
                     width: float | None = None, sides: tuple[float, float] | None = None) -> list[FolioCandidate]:
    """Short numbers standing alone in the top/bottom band, or at either end of a band line; with the
    page ``width`` (or the side ``sides`` limits), numbers standing alone in a side margin at mid-height."""
    top, bottom = limits or band_limits(((l.bbox[1], l.bbox[3]) for l in lines), height)
    if sides is None and width:
        sides = side_limits(((l.bbox[0], l.bbox[2]) for l in lines if top <= (l.bbox[1] + l.bbox[3]) / 2 <= bottom), width)
    out: list[FolioCandidate] = []
    for line in lines:
        x0, y0, x1, y1 = line.bbox
        cy = (y0 + y1) / 2
        if top <= cy <= bottom:
            if sides is not None and in_side_margin(line.bbox, sides):
                out.extend(_side_candidate(line))
            continue
        band = "top" if cy < height / 2 else "bottom"
        text = line.text.strip()
        m = _FOLIO_LINE.match(text)
        if m:
            v = _folio_value(m.group("num"))
            if v is not None:
                out.append(FolioCandidate(text=text[:40], value=v[0], roman=v[1], bbox=line.bbox, band=band, alone=True, explicit=bool(m.group("prefix"))))
            continue
        out.extend(_spaced_candidate(line, band))
        out.extend(_edge_candidates(line, band))
    return out


# A folio set with tracking: the text layer splits letter-spaced digits into words ("1 3" for 13, from a
# letter spacing of a sixth of an em). Digits joined across gaps of at most this many times the line's height.
_SPACED_GAP = 1.0
_SPACED = re.compile(r"\d+(?: \d+)+")


def _spaced_candidate(line: Line, band: str) -> list[FolioCandidate]:
    """The number a line of nothing but digit words close together spells ("1 3" -> 13; with a page word or
    a folio's frame marks at its ends: "Page 1 3", "- 1 3 -"), as one candidate. Its digits are still read one
    by one (_edge_candidates); where the run test keeps the whole, its parts are no folios (accept_folios)."""
    words = list(line.words) or [(line.bbox, t) for t in line.text.split()]
    explicit = bool(words) and _PAGE_WORD_ALONE.fullmatch(words[0][1]) is not None
    if explicit:
        words = words[1:]
    while words and re.fullmatch(_OPEN + "+", words[0][1]):
        words = words[1:]
    while words and re.fullmatch(_CLOSE + "+", words[-1][1]):
        words = words[:-1]
    digits = [t for _, t in words]
    if len(digits) < 2 or not all(t.isascii() and t.isdigit() for t in digits) or not any(len(t) == 1 for t in digits):
        return []
    if line.words:
        h = max(line.bbox[3] - line.bbox[1], 1.0)
        xs = sorted(b for b, _ in words)
        if any(b[0] - a[2] > _SPACED_GAP * h for a, b in zip(xs, xs[1:])):
            return []
        box = (xs[0][0], min(b[1] for b in xs), xs[-1][2], max(b[3] for b in xs))
    else:
        box = line.bbox
    v = _folio_value("".join(digits))
    if v is None or len("".join(digits)) > 4:
        return []
    return [FolioCandidate(text=" ".join(digits), value=v[0], roman=False, bbox=box, band=band, alone=True, explicit=explicit)]


_PAGE_WORD_ALONE = re.compile(r"(?:page|p\.|pg\.?|slide|seite|página|pagina)", re.I)


def _spaced_whole(c: FolioCandidate) -> bool:
    return c.alone and _SPACED.fullmatch(c.text) is not None


def _inside(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """The centre of box ``a`` lies in box ``b``."""
    cx, cy = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
    return b[0] <= cx <= b[2] and b[1] <= cy <= b[3]


def _spaced_parts(cs: list[FolioCandidate]) -> set[int]:
    """Indexes of the candidates of ``cs`` that are digits of a letter-spaced number read whole (``_spaced_candidate``)."""
    wholes = [c for c in cs if _spaced_whole(c)]
    return {i for i, c in enumerate(cs) if not c.alone and any(_inside(c.bbox, w.bbox) for w in wholes)}


def _side_candidate(line: Line) -> list[FolioCandidate]:
    # Only a line that is nothing but the number: a side margin also holds notes and labels.
    text = line.text.strip()
    m = _FOLIO_LINE.match(text)
    v = _folio_value(m.group("num")) if m else None
    if m is None or v is None:
        return []
    return [FolioCandidate(text=text[:40], value=v[0], roman=v[1], bbox=line.bbox, band="side", alone=True, explicit=bool(m.group("prefix")))]


def folio_value(text: str) -> tuple[int, bool] | None:
    """(value, roman) of a line that is nothing but a folio ("15", "- 15 -", "Page 15", "xii"), else None."""
    m = _FOLIO_LINE.match(text.strip())
    return _folio_value(m.group("num")) if m else None


def _edge_candidates(line: Line, band: str) -> list[FolioCandidate]:
    # "Chapter 3  Results      47", "4 Graduate Studies": a number at either end of a running head.
    texts = [t for _, t in line.words]
    if len(texts) < 2:
        return []
    words = [(b, t) for b, t in line.words if t not in _SEPARATORS]
    # "Page 9 | Annual Report", "Annual Report | Page 9 of 20", "Report  9/20": the folio with a page word
    # before it or its count after it, at either end of a running head.
    words = _without_count(_without_page_word(words))
    texts = [t for _, t in words] or texts
    if not (_MAYBE_NUM.match(texts[0]) or _MAYBE_NUM.match(texts[-1]) or line.words[0][1] in _SEPARATORS or line.words[-1][1] in _SEPARATORS):
        return []
    if len(words) < 2:
        return []
    out = []
    for i, j in ((0, 1), (len(words) - 1, len(words) - 2)):
        (b, t), _ = words[i], words[j]
        # "Results  47." : a folio may carry a closing period.
        v = _folio_value(t[:-1] if t.endswith(".") and len(t) > 1 else t)
        # Any gap will do ("4 Graduate Studies"): the run test decides, not the spacing.
        if v is not None:
            out.append(FolioCandidate(text=t, value=v[0], roman=v[1], bbox=b, band=band, alone=False, explicit=False))
    return out


def _without_page_word(words: list[tuple]) -> list[tuple]:
    """``words`` without a page word ("Page", "p.", "Slide") right before a number at the line's start."""
    if len(words) >= 2 and _PAGE_WORD_ALONE.fullmatch(words[0][1]) and _MAYBE_NUM.match(words[1][1]):
        return words[1:]
    return words


_COUNT = re.compile(r"(?P<num>\d{1,4})/\d{1,4}")


def _without_count(words: list[tuple]) -> list[tuple]:
    """``words`` with the page count after a folio at the line's end set aside ("9 of 20", "9 / 20", "9/20" -> "9")."""
    if len(words) >= 3 and words[-2][1].lower() in ("of", "/", "von", "de") and words[-1][1].isdigit() and words[-3][1].isdigit():
        return words[:-2]
    if words and (m := _COUNT.fullmatch(words[-1][1])):
        return [*words[:-1], (words[-1][0], m.group("num"))]
    return words


def accept_folios(cands: dict[int, list[FolioCandidate]], sizes: dict[int, tuple[float, float]]) -> dict[int, list[FolioCandidate]]:
    """Keep candidates whose value advances with the page index (step 1, or 2 for spreads).

    Candidates on nearby pages, of the same kind (arabic / roman), at the same height and
    side of the page (or mirrored), whose values advance with the index are linked; a run
    of at least ``min_run`` pages is a folio sequence. A number recurring on many pages
    (running-head furniture, table years) is rejected unless its run is long.
    "Page N" / "Slide N" is a folio on its own.
    """
    furniture = _furniture(cands, sizes)
    crowded = _crowded(cands, furniture)
    nodes = [(page, i) for page, cs in cands.items() for i in range(len(cs)) if (page, i) not in furniture | crowded]
    runs = Groups(nodes)
    for page, i in nodes:
        c = cands[page][i]
        for other in range(page + 1, page + RUN_WINDOW + 1):
            for j, o in enumerate(cands.get(other, ())):
                if (other, j) in runs and o.roman == c.roman and _advances(c, page, o, other) and _same_place(c, sizes[page], o, sizes[other]):
                    runs.join((page, i), (other, j))
    find = runs.find
    run_pages: dict[tuple[int, int], set[int]] = {}
    for n in nodes:
        run_pages.setdefault(find(n), set()).add(n[0])
    # A run of lines that are nothing but the number ("(II)", "- 3 -") needs only two pages.
    all_alone: dict[tuple[int, int], bool] = {}
    for n in nodes:
        r = find(n)
        all_alone[r] = all_alone.get(r, True) and cands[n[0]][n[1]].alone
    recurring: dict[tuple[int, bool], set[int]] = {}
    for page, i in nodes:
        c = cands[page][i]
        recurring.setdefault((c.value, c.roman), set()).add(page)
    min_run = min(3, max(2, len(cands) // 2))
    out: dict[int, list[FolioCandidate]] = {}
    for page, cs in cands.items():
        kept = []
        for i, c in enumerate(cs):
            if c.explicit:
                kept.append(c.model_copy(update={"accepted": True, "why": "explicit 'page/slide N'"}))
                continue
            if (page, i) in furniture:
                kept.append(c.model_copy(update={"why": "rejected: same number at the same place on 3+ pages (furniture)"}))
                continue
            if (page, i) in crowded:
                kept.append(c.model_copy(update={"why": "rejected: one of many numbers in the band or side margin, not the outermost line"}))
                continue
            root = find((page, i))
            run = run_pages[root]
            recurs = len(recurring[(c.value, c.roman)])
            need = 2 if all_alone[root] else min_run
            if len(run) < need:
                ok, why = False, f"rejected: run of {len(run)} page(s), need {need}"
            elif recurs >= 3 and len(run) < _LONG_RUN:
                ok, why = False, f"rejected: value recurs on {recurs} pages, run only {len(run)} pages"
            else:
                ok, why = True, f"run of {len(run)} pages p{min(run)}-p{max(run)}, offset {c.value - page:+d}"
            kept.append(c.model_copy(update={"accepted": ok, "why": why}))
        out[page] = kept
    return _parts_of_spaced(_fit_offsets(out))


def _parts_of_spaced(out: dict[int, list[FolioCandidate]]) -> dict[int, list[FolioCandidate]]:
    """A digit of a letter-spaced folio the run test kept whole ("1 3" kept as 13) is no folio of its own: its
    "3" is rejected (a doubtful reading of 3 still, engine.containers), so the page is not read as printed "3"."""
    for page, cs in out.items():
        kept = [w for w in cs if w.accepted and _spaced_whole(w)]
        for i in _spaced_parts(cs):
            c = cs[i]
            if c.accepted and (w := next((w for w in kept if _inside(c.bbox, w.bbox)), None)) is not None:
                cs[i] = c.model_copy(update={"accepted": False, "why": f"rejected: a digit of the letter-spaced folio '{w.text}' ({c.why})"})
    return out


def _fit_offsets(out: dict[int, list[FolioCandidate]]) -> dict[int, list[FolioCandidate]]:
    """A lone number that fits the offset of an accepted run (a chapter opening with its folio moved) is a folio too."""
    offsets = {(c.value - page, c.roman) for page, cs in out.items() for c in cs if c.accepted and c.why.startswith("run")}
    for page, cs in out.items():
        for i, c in enumerate(cs):
            if not c.accepted and c.alone and "furniture" not in c.why and (c.value - page, c.roman) in offsets:
                cs[i] = c.model_copy(update={"accepted": True, "why": f"fits run offset {c.value - page:+d} ({c.why})"})
    return out


def _furniture(cands: dict[int, list[FolioCandidate]], sizes: dict[int, tuple[float, float]]) -> set[tuple[int, int]]:
    """Candidates whose number recurs at the same place on 3+ pages: running-head dates, codes."""
    by_value: dict[tuple[int, bool], list[tuple[int, int]]] = {}
    for page, cs in cands.items():
        # The digits of a letter-spaced folio ("1" of "1 3", "1 4", ...) recur at one place: they make no
        # other "1" furniture (the page printing "1" before them).
        parts = _spaced_parts(cs)
        for i, c in enumerate(cs):
            if i in parts:
                continue
            by_value.setdefault((c.value, c.roman), []).append((page, i))
    out: set[tuple[int, int]] = set()
    for group in by_value.values():
        if len({p for p, _ in group}) < 3:
            continue
        for p, i in group:
            c = cands[p][i]
            same = {q for q, j in group if q != p and _same_place(c, sizes[p], cands[q][j], sizes[q])}
            if len(same) >= 2:
                out.add((p, i))
    return out


def _crowded(cands: dict[int, list[FolioCandidate]], furniture: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """In a band holding 3+ candidates (a table row, a year axis), only the outermost line may be a folio;
    side margins holding 3+ (line numbers) have none."""
    out: set[tuple[int, int]] = set()
    for page, cs in cands.items():
        for band in ("top", "bottom", "side"):
            idx = [i for i, c in enumerate(cs) if c.band == band and (page, i) not in furniture]
            if len(idx) < 3:
                continue
            if band == "side":
                out.update((page, i) for i in idx)
                continue
            edge = min(cs[i].bbox[1] for i in idx) if band == "top" else max(cs[i].bbox[3] for i in idx)
            for i in idx:
                b = cs[i].bbox
                outer = abs((b[1] if band == "top" else b[3]) - edge) <= max(b[3] - b[1], 1.0)
                if not outer:
                    out.add((page, i))
    return out


def _advances(c: FolioCandidate, page: int, o: FolioCandidate, other: int) -> bool:
    d = other - page
    return o.value - c.value == d or (d <= 2 and o.value - c.value == 2 * d)


def _same_place(a: FolioCandidate, pa: tuple[float, float], b: FolioCandidate, pb: tuple[float, float]) -> bool:
    """Same band, same height, and same side of the page or its mirror (facing pages)."""
    if a.band != b.band:
        return False
    ax, ay = (a.bbox[0] + a.bbox[2]) / 2 / pa[0], (a.bbox[1] + a.bbox[3]) / 2 / pa[1]
    bx, by = (b.bbox[0] + b.bbox[2]) / 2 / pb[0], (b.bbox[1] + b.bbox[3]) / 2 / pb[1]
    if abs(ay - by) > _SAME_Y:
        return False
    return abs(ax - bx) <= _SAME_X or abs(ax - (1 - bx)) <= _SAME_X


def printed_folios(cs: list[FolioCandidate]) -> tuple[str, ...]:
    out: list[str] = []
    for c in cs:
        if c.accepted:
            s = to_roman(c.value) if c.roman else str(c.value)
            if s not in out:
                out.append(s)
    return tuple(out)
