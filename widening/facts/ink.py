"""Styles of words drawn into pixels that a rule certain by construction can rule out: underline, colour.

Words inside a raster picture carry no font flags or colour in the text layer. Two styles
leave traces in the pixels that can be looked for exhaustively; only their *absence* is
ever concluded, and every doubt (a descender tail, letter feet merged at low resolution,
a rule under the text, a pixel whose blend could come from the asked colour) keeps the word:

- underline: a horizontal stroke beneath the words, spanning at least the shortest plausible
  underlined word. Absent when no row of the band below the line's baseline (one row of
  tilt allowed) holds an ink run that long, gaps around descenders (skip-ink) bridged.
- colour family F: absent when no pixel of the line, and no colour on the ray from a
  background colour through an ink pixel (what an anti-aliased or JPEG-blurred pixel of an
  F stroke over that background would look like at full coverage), falls in F.

The letters of another line in the band (a logo's next line at tight leading: its cap tops, a
bowl's top bar) are not set apart: an underline may touch them and fuse with them into one
stroke, so no rule about that line's glyphs is certain; they keep the line.

Not seen: an underline touching the baseline *and* cut around every glyph (skip-ink with no
offset leaves only dashes between letters), and an underlined single letter (shorter than a word).
Italic and bold have no such test (slant and weight have no exhaustive pixel signature): not decided here.
Evidence: fixtures/picture_styles.py plants underlined and coloured words in pictures of every
size, dpi and JPEG quality; tests/probes/test_picture_styles.py holds the property.

For text-layer words (whose glyph colour the layer gives), ``ground_in`` finds a ground of a colour
family under them: any pixel that is no anti-aliasing of the glyphs, with no share threshold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

from widening.facts.colours import Family, mask, tint_mask
from widening.facts.geometry import Groups


class LetteringOverBudget(RuntimeError):
    """Looking for lettering (``lettering``) ran past the caller's deadline: whether the pixels show lettering is not known."""


class LetteringUnread(RuntimeError):
    """The page shows lines of lettering (``lettering``) OCR read no word of: the page is blind, not measured."""

Box = tuple[float, float, float, float]

# Ink: a channel differs from the background by at least this much (0..255). Low on purpose:
# more ink can only find more (longer runs, more colours); a 0.5 px underline in a light
# colour over white still differs by ~60.
INK_CONTRAST = 28
# Background: the most common colours of the line's area (quantised to 16 levels a channel),
# each covering at least this share; rays are cast from each (text over a tinted bar).
BG_SHARE = 0.08
BG_MAX = 3
# Em, from the body height the ink's row profile shows (x-height, or cap height for capitals):
# the smallest em consistent with it (body = 0.75 em) sizes the shortest word, the largest
# (body = 0.45 em) sizes the gaps bridged and the band's depth: both errors lean towards "maybe".
BODY_EM_MAX, BODY_EM_MIN = 0.75, 0.45
# The shortest plausible underlined word: two narrow letters ("it", "is") span about 0.5 em.
# The body may reach the ascenders' or capitals' height (0.75 em: a short word like "it"), so
# 0.45 of the smallest em is at most 0.45 em whatever the body is (0.6 was not: "it" at 13 px).
MIN_WORD_EM = 0.45
# Gaps bridged in a run: skip-ink clears a descender's stroke by about its own width each side
# (browsers, word processors: 0.05-0.1 em); anti-aliasing breaks a hairline by a pixel.
BRIDGE_EM = 0.18
# An underline sits at most ~0.25 em below the baseline and is at most ~0.1 em thick: the band
# reaches this deep below the baseline (and at least to the bottom of the OCR box).
DEPTH_EM = 0.4
# An underline touching the baseline joins the body in the row profile (the body then seems to
# end at the underline's bottom): the last TOUCH_BODY of the body's height are searched too. A
# letter's own bottom (the bar of E, L, Z, merged feet) lies there and is as long as a two-letter
# word: it keeps the line. A gap is bridged there only where a descender crosses the row (ink
# under the gap that goes on below the body, as skip-ink leaves it).
TOUCH_BODY = 0.3
# A descender crossing an underline that touches the baseline (at most ~0.1 em thick) goes on at
# least ~0.1 em below it (descenders reach 0.2 em and more); a round letter's overshoot, ~0.02 em.
DESCENT_EM = 0.08
# Ray samples (multiples of the ink's distance from the background), up to the RGB cube's edge.
RAY_STEPS = (1.0, 1.15, 1.35, 1.6, 2.0, 2.5, 3.2, 4.0, 5.5, 8.0, 12.0, 20.0, 40.0)


@dataclass(frozen=True)
class Verdict:
    """``absent``: the style is certainly not on the line's words; ``why``: what was measured."""

    absent: bool
    why: str
    detail: str = ""


def _clip_box(box: Box, shape: tuple[int, ...], pad_x: float = 0, below: float = 0, above: float = 0) -> tuple[int, int, int, int]:
    h, w = shape[:2]
    x0, y0, x1, y1 = box
    return (max(0, int(np.floor(x0 - pad_x))), max(0, int(np.floor(y0 - above))),
            min(w, int(np.ceil(x1 + pad_x))), min(h, int(np.ceil(y1 + below))))


def _bins(region: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The region's pixels (n, 3), each one's quantised colour bin (4 bits a channel), and each bin's count."""
    flat = region.reshape(-1, 3).astype(np.int64)
    keys = (flat[:, 0] >> 4) * 256 + (flat[:, 1] >> 4) * 16 + (flat[:, 2] >> 4)
    return flat, keys, np.bincount(keys, minlength=4096)


def backgrounds(region: np.ndarray) -> np.ndarray:
    """The region's most common colours (mean of each quantised bin), most common first; shape (k, 3)."""
    flat, keys, counts = _bins(region)
    order = np.argsort(counts)[::-1][:BG_MAX]
    out = [flat[keys == k].mean(axis=0) for i, k in enumerate(order) if i == 0 or counts[k] >= BG_SHARE * len(flat)]
    return np.array(out, dtype=np.float64)


def ink(region: np.ndarray, bg: np.ndarray) -> np.ndarray:
    """Pixels contrasting with the background colour ``bg`` (dark on light and light on dark alike)."""
    return np.abs(region.astype(np.int16) - bg.astype(np.int16)).max(axis=2) >= INK_CONTRAST


def body_rows(profile: np.ndarray) -> tuple[int, int] | None:
    """(top, bottom) rows of the text body in a row profile of ink counts: the longest stretch of
    rows at least half as inked as the typical inked row (a descender's foot apart from it stays out)."""
    inked = profile[profile > 0]
    if inked.size == 0:
        return None
    heavy = np.concatenate(([False], profile >= 0.5 * float(np.percentile(inked, 70)), [False]))
    edges = np.flatnonzero(np.diff(heavy.astype(np.int8)))
    starts, ends = edges[0::2], edges[1::2]
    i = int(np.argmax(ends - starts))
    return int(starts[i]), int(ends[i] - 1)


def _runs(row: np.ndarray, bridge: int, crossing: np.ndarray | None = None) -> int:
    """The longest run of True in ``row``, gaps up to ``bridge`` px bridged; when ``crossing`` (per
    column: something crosses the row and goes on below the body) is given, only gaps where it does."""
    idx = np.flatnonzero(row)
    if idx.size == 0:
        return 0
    best, start = 1, idx[0]
    for a, b in zip(idx[:-1], idx[1:]):
        gap = b - a - 1
        ok = gap <= bridge and (crossing is None or gap == 0 or bool(crossing[a:b + 1].any()))
        if not ok:
            start = b
        best = max(best, b - start + 1)
    return int(best)


def _descends(band: np.ndarray, row: int, split: int, depth: int) -> np.ndarray:
    """Per column of ``row``: ink under it that goes on, row by row (one column of drift a row), to
    ``depth`` rows below the body (``split``), or to the picture's edge: a descender crossing the row,
    around which skip-ink breaks an underline. A round letter's overshoot (a pixel or two) does not."""
    reach = band[row].copy()
    end = min(band.shape[0], split + depth)
    for r in range(row + 1, end):
        grown = reach.copy()
        grown[1:] |= reach[:-1]
        grown[:-1] |= reach[1:]
        reach = grown & band[r]
        if not reach.any():
            return reach
    # The columns of ``row`` those ink pixels came from lie within the drift allowed.
    for _ in range(end - row):
        reach[1:] |= reach[:-1].copy()
        reach[:-1] |= reach[1:].copy()
    return reach


def underline_absent(rgb: np.ndarray, box: Box) -> Verdict:
    """Is the OCR line in ``box`` (pixels of ``rgb``) certainly not underlined? See the module doc.

    The OCR text is not used: a misread case ("is" as "IS") must not shorten the shortest word."""
    x0, y0, x1, y1 = _clip_box(box, rgb.shape)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return Verdict(False, "line box too small to measure")
    bg = backgrounds(rgb[y0:y1, x0:x1])[0]
    body = body_rows(ink(rgb[y0:y1, x0:x1], bg).sum(axis=1))
    if body is None:
        return Verdict(False, "no ink in the line box")
    height = body[1] - body[0] + 1
    base = y0 + body[1]  # the body's last row, in the picture
    em_hi, em_lo = height / BODY_EM_MIN, height / BODY_EM_MAX
    bridge = max(1, int(np.ceil(BRIDGE_EM * em_hi)))
    need = max(3, int(MIN_WORD_EM * em_lo))
    touch = max(1, int(np.ceil(TOUCH_BODY * height)))
    bx0, _, bx1, _ = _clip_box(box, rgb.shape, pad_x=bridge)
    top = max(0, base - touch + 1)
    bottom = min(rgb.shape[0], max(int(np.ceil(box[3])), base + 1 + int(np.ceil(DEPTH_EM * em_hi))))
    band = ink(rgb[top:bottom, bx0:bx1], bg)
    band = band | np.vstack([band[1:], np.zeros((1, band.shape[1]), bool)])  # a 1-px tilt joins two rows
    split = base + 1 - top  # band rows before this are the body's last rows
    longest = max((_runs(r, bridge) for r in band[split:]), default=0)
    if longest >= need:
        return Verdict(False, f"ink run of {longest}px under the baseline (a word is >= {need}px)")
    depth = max(2, int(np.ceil(DESCENT_EM * em_lo)))
    touching = max((_runs(band[r], bridge, _descends(band, r, split, depth)) for r in range(split)), default=0)
    if touching >= need:
        return Verdict(False, f"ink run of {touching}px along the baseline: a letter's own foot, or an underline touching it (a word is >= {need}px)")
    return Verdict(True, "no ink run under the line", f"longest {longest}px below the baseline, {touching}px along it (a word is >= {need}px), "
                   f"gaps <= {bridge}px bridged")


def _hsv(colours: np.ndarray) -> np.ndarray:
    img = np.clip(np.rint(colours), 0, 255).astype(np.uint8).reshape(-1, 1, 3)
    return cv2.cvtColor(img, cv2.COLOR_RGB2HSV).reshape(-1, 3)


def family_absent(rgb: np.ndarray, box: Box, fam: Family) -> Verdict:
    """Is colour family ``fam`` certainly absent from the OCR line in ``box``? See the module doc."""
    x0, y0, x1, y1 = _clip_box(box, rgb.shape, pad_x=2, below=2, above=2)
    if x1 - x0 < 1 or y1 - y0 < 1:
        return Verdict(False, "line box too small to measure")
    region = rgb[y0:y1, x0:x1].reshape(-1, 3)
    colours = np.unique(region, axis=0).astype(np.float64)
    if mask(fam, _hsv(colours)).any():
        return Verdict(False, f"a pixel of the line is {fam.name}")
    for bg in backgrounds(rgb[y0:y1, x0:x1]):
        delta = colours - bg
        far = np.abs(delta).max(axis=1) >= INK_CONTRAST
        d = delta[far]
        if d.size == 0:
            continue
        # How far each ray may go before a channel leaves 0..255.
        with np.errstate(divide="ignore", invalid="ignore"):
            room = np.where(d > 0, (255 - bg) / d, np.where(d < 0, -bg / d, np.inf)).min(axis=1)
        for t in RAY_STEPS:
            pts = bg + np.minimum(t, room)[:, None] * d
            if mask(fam, _hsv(pts)).any():
                return Verdict(False, f"an ink pixel could be a blend of {fam.name} with the background")
    return Verdict(True, f"no pixel, nor any blend of an ink pixel with the background, is {fam.name}", f"{len(colours)} colours")


def ground_in(region: np.ndarray, ink_rgb: tuple[int, int, int], fam: Family) -> tuple[tuple[int, int, int], float] | None:
    """A colour of ``region`` (the render under a text-layer word or span whose glyphs are ``ink_rgb``)
    in family ``fam`` or a tint of it (``colours.tint_mask``) that is not the glyphs' anti-aliasing, with
    the share of the region it covers; None when there is none.

    The main ground (the most common colour, ``backgrounds``) is tested as it is; any other colour is
    skipped only when it lies, within INK_CONTRAST, on the line from the ink to the main ground (what an
    edge pixel of a glyph is). No share threshold: one pixel of a highlight under one letter is a ground.
    Not seen: a ground that is itself on that line (a grey box under part of a black word on white)."""
    if not region.size:
        return None
    flat, quantised, bins = _bins(region)
    top = int(np.argmax(bins))  # the main ground: the most common bin (as ``backgrounds``), its mean colour
    paper = flat[quantised == top].mean(axis=0)
    colours, counts = np.unique((flat[:, 0] << 16) | (flat[:, 1] << 8) | flat[:, 2], return_counts=True)
    rgb = np.stack([(colours >> 16) & 255, (colours >> 8) & 255, colours & 255], axis=1).astype(np.float64)
    ink_c = np.array(ink_rgb, dtype=np.float64)
    span = paper - ink_c
    t = np.clip((rgb - ink_c) @ span / max(float(span @ span), 1e-9), 0, 1)
    blend = np.abs(ink_c + t[:, None] * span - rgb).max(axis=1) < INK_CONTRAST
    cand = np.vstack([paper[None, :], rgb[~blend]])
    shares = np.concatenate([[bins[top] / len(flat)], counts[~blend] / len(flat)])
    hsv = _hsv(cand)
    hit = mask(fam, hsv) | tint_mask(fam, hsv)
    if not hit.any():
        return None
    i = 0 if hit[0] else int(np.argmax(np.where(hit, shares, -1.0)))
    return tuple(int(round(v)) for v in cand[i]), float(shares[i])  # type: ignore[return-value]



# Text-shaped ink: a page OCR read no word of may still show lines of lettering a reader reads (type too small or
# too stylised for the recogniser, script strokes, lettering on a textured ground). OCR that ran and read nothing
# measured such a page only when its pixels hold no such lines. Glyph-sized marks of either polarity (darker or
# lighter than their neighbourhood by GLYPH_CONTRAST, at two neighbourhood sizes) are chained into lines at each
# angle of ROW_ANGLES (text at any slope lies within 7.5 degrees of one): a mark joins the next one along the line
# when their centres lie within ROW_ALIGN of the smaller mark's size across it and ROW_STEP of the larger's along
# it, at sizes within ROW_SIZE of each other. A chain is a line of lettering when it has at least ROW_GLYPHS marks
# of at least ROW_SHAPES distinct shapes (a dotted or dashed rule repeats one mark); its centres stray at most
# ROW_STRAIGHT of its median size from a straight line through them (foliage or speckle chains every way, and is
# no line); ROW_EVEN of its marks stand within ROW_HEIGHTS of its median height across the line (letters share an
# x-height; crossing stripes, leaves and figures in a photograph do not); its leading is clear: at most
# CLEAR_SHARE as many marks of at least CLEAR_SIZE of its height are centred CLEAR_BAND of its height off its
# middle beside it (lines of text stand apart by their leading; foliage or gravel crowd every band); and its marks
# are strokes: their median mark fills at most ROW_FILL of its box (a letter does; a leaf, a pebble is solid).
# A picture shows lettering when it has two such lines at one angle and of one size (within LINES_SIZE), apart,
# or one of LONG_LINE marks: one short chain is what a photograph's stripes or railings make (the Abbey Road cover
# made one). Tuned: lettering found never makes a member or a word, it only says that a page OCR read nothing from
# was not read (blind): a false find costs a widening, never makes a claim. Seen as lettering though it is none: a
# drawn brick wall's courses (its bricks crowd no band). Not seen: a single short word alone (a sign reading
# "EXIT"), type whose words merge into blobs (under ~4 px), and small type (letters under ~9 px) set at a slope.
GLYPH_CONTRAST = 24
GLYPH_BLOCKS = (31, 91)
GLYPH_MIN_PX, GLYPH_MIN_AREA = 3, 4
GLYPH_MAX_SHARE = 0.2  # of the shorter side of the picture
ROW_ANGLES = tuple(range(0, 180, 15))
ROW_ALIGN, ROW_STEP, ROW_SIZE = 0.35, 1.6, 2.0
ROW_GLYPHS, ROW_SHAPES = 5, 3
ROW_STRAIGHT = 0.25
ROW_EVEN, ROW_HEIGHTS = 0.85, 1.6
CLEAR_BAND, CLEAR_SIZE, CLEAR_SHARE = (0.8, 1.25), 0.5, 0.2
ROW_FILL = 0.7
LINES_SIZE, LONG_LINE = 1.5, 10
# Marks considered at most: a render of more marks is read in those largest first (a page of text has fewer).
MAX_MARKS = 6000


class Row(NamedTuple):
    """A line of text-shaped ink: its pixel box, the angle it runs at, its marks' median height across it, how many."""

    box: Box
    angle: int
    height: float
    marks: int


def _glyph_marks(grey: np.ndarray, block: int, dark: bool) -> np.ndarray:
    """(x centre, y centre, size, w, h, area) of each glyph-sized mark of one polarity."""
    src = grey if dark else 255 - grey
    block = min(block, (min(grey.shape) // 2) * 2 - 1)
    if block < 3:
        return np.zeros((0, 6))
    binary = cv2.adaptiveThreshold(src, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, GLYPH_CONTRAST)
    n, _, stats, centres = cv2.connectedComponentsWithStats(binary, connectivity=8)
    if n <= 1:
        return np.zeros((0, 6))
    w, h, area = stats[1:, cv2.CC_STAT_WIDTH], stats[1:, cv2.CC_STAT_HEIGHT], stats[1:, cv2.CC_STAT_AREA]
    size = np.maximum(w, h).astype(np.float64)
    keep = (size >= GLYPH_MIN_PX) & (area >= GLYPH_MIN_AREA) & (size <= GLYPH_MAX_SHARE * min(grey.shape))
    marks = np.column_stack([centres[1:, 0], centres[1:, 1], size, w, h, area])[keep]
    return marks[np.argsort(marks[:, 5])[::-1][:MAX_MARKS]] if len(marks) > MAX_MARKS else marks


def _bend(along: np.ndarray, across: np.ndarray) -> float:
    """How far the centres stray from the straight line through them (the std of the residuals of a fit): a line
    of text a few degrees off the angle looked at drifts across it, yet is straight."""
    if float(np.ptp(along)) <= 0:
        return float(np.std(across))
    slope, offset = np.polyfit(along, across, 1)
    return float(np.std(across - (slope * along + offset)))


def _rows_at(marks: np.ndarray, angle: int) -> list[Row]:
    """The lines of lettering the marks chain into at ``angle`` degrees (counter-clockwise on the page)."""
    t = np.deg2rad(angle)
    along = marks[:, 0] * np.cos(t) - marks[:, 1] * np.sin(t)  # image y points down
    across = marks[:, 0] * np.sin(t) + marks[:, 1] * np.cos(t)
    tall = np.abs(marks[:, 3] * np.sin(t)) + np.abs(marks[:, 4] * np.cos(t))  # a mark's extent across the line
    size = marks[:, 2]
    order = np.argsort(along, kind="stable")
    along, across, size = along[order], across[order], size[order]
    n = len(order)
    rows = Groups(range(n))
    # Candidate pairs (i, i + d) in order along the line, each mark's reach at most ROW_STEP * ROW_SIZE of its size.
    reach = np.searchsorted(along, along + ROW_STEP * ROW_SIZE * size, side="right")
    first = np.arange(n)
    for d in range(1, int((reach - first).max(initial=1))):
        i = first[: n - d][reach[: n - d] > first[: n - d] + d]
        if i.size == 0:
            break
        j = i + d
        small, large = np.minimum(size[i], size[j]), np.maximum(size[i], size[j])
        ok = ((np.abs(across[j] - across[i]) <= ROW_ALIGN * small) & (along[j] - along[i] <= ROW_STEP * large)
              & (large <= ROW_SIZE * small))
        for a, b in zip(i[ok].tolist(), j[ok].tolist()):
            rows.join(a, b)
    out = []
    for members in rows.groups():
        if len(members) < ROW_GLYPHS:
            continue
        idx = order[members]
        med = float(np.median(size[members]))
        height = float(np.median(tall[idx]))
        even = np.mean((tall[idx] >= height / ROW_HEIGHTS) & (tall[idx] <= height * ROW_HEIGHTS))
        if _bend(along[members], across[members]) > ROW_STRAIGHT * med or even < ROW_EVEN:
            continue
        if float(np.median(marks[idx, 5] / (marks[idx, 3] * marks[idx, 4]))) > ROW_FILL:
            continue
        m = marks[idx]
        if len({tuple(np.round(r / max(1.0, 0.15 * med)).astype(int)) for r in m[:, 3:6]}) < ROW_SHAPES:
            continue
        # The leading: marks the size of letters centred a line's height off its middle, beside it.
        centre, lo, hi = float(np.median(across[members])), float(along[members].min()), float(along[members].max())
        off = np.abs(across - centre)
        crowd = (along >= lo) & (along <= hi) & (size >= CLEAR_SIZE * height) & (off >= CLEAR_BAND[0] * height) & (off <= CLEAR_BAND[1] * height)
        if int(crowd.sum()) > CLEAR_SHARE * len(members):
            continue
        box = (float((m[:, 0] - m[:, 3] / 2).min()), float((m[:, 1] - m[:, 4] / 2).min()),
               float((m[:, 0] + m[:, 3] / 2).max()), float((m[:, 1] + m[:, 4] / 2).max()))
        out.append(Row(box, angle, height, len(m)))
    return out


def text_rows(rgb: np.ndarray, deadline: float | None = None) -> list[Row]:
    """Every line of text-shaped ink in ``rgb``, of either polarity, at every angle (see GLYPH_CONTRAST).

    ``deadline``: a ``time.monotonic()`` past which LetteringOverBudget is raised (checked between angles)."""
    import time

    if rgb.size == 0 or min(rgb.shape[:2]) < 8:
        return []
    grey = cv2.cvtColor(np.ascontiguousarray(rgb[:, :, :3]), cv2.COLOR_RGB2GRAY)
    rows: list[Row] = []
    for dark in (True, False):
        for block in GLYPH_BLOCKS:
            marks = _glyph_marks(grey, block, dark)
            if len(marks) < ROW_GLYPHS:
                continue
            for angle in ROW_ANGLES:
                if deadline is not None and time.monotonic() > deadline:
                    raise LetteringOverBudget("looking for lettering ran out of time")
                rows += _rows_at(marks, angle)
    return rows


def _apart(a: Box, b: Box) -> bool:
    """Boxes that share less than half of the smaller one."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w <= 0 or h <= 0 or w * h < 0.5 * max(small, 1e-6)


def lettering(rgb: np.ndarray, deadline: float | None = None) -> list[Row]:
    """The lines of lettering ``rgb`` shows, when it shows lettering at all (two lines apart at one angle and
    size, or one long line: see GLYPH_CONTRAST); [] when it shows none. ``deadline``: as for ``text_rows``."""
    rows = text_rows(rgb, deadline)
    shown = [r for r in rows if r.marks >= LONG_LINE]
    for i, a in enumerate(rows):
        for b in rows[i + 1:]:
            if (a.angle == b.angle and max(a.height, b.height) <= LINES_SIZE * min(a.height, b.height)
                    and _apart(a.box, b.box)):
                shown += [r for r in (a, b) if r not in shown]
    return shown
