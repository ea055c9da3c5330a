"""Text lines of a page, from the text layer's words or from OCR: what folios and captions are read from."""

from __future__ import annotations

from widening.models import BBox, TextLine


class Line:
    """A text line: its box, its block, and its words (word boxes are absent for OCR lines).

    Text and word boxes are built on demand: only band lines and caption-like lines need them.
    """

    __slots__ = ("bbox", "block", "_raw", "_text")

    def __init__(self, bbox: BBox, block: int, raw: list[tuple] | None = None, text: str | None = None):
        self.bbox = bbox
        self.block = block
        self._raw = raw or []
        self._text = text

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = " ".join(w[4] for w in self._raw)
        return self._text

    @property
    def first(self) -> str:
        return self._raw[0][4] if self._raw else self.text.lstrip()[:12]

    @property
    def words(self) -> tuple[tuple[BBox, str], ...]:
        return tuple(((w[0], w[1], w[2], w[3]), w[4]) for w in self._raw)



def lines_from_words(words: list[tuple]) -> list[Line]:
    # One pass with running min/max: this runs over every word of every page.
    acc: dict[tuple[int, int], list] = {}
    for w in words:
        a = acc.get((w[5], w[6]))
        if a is None:
            acc[(w[5], w[6])] = [w[0], w[1], w[2], w[3], [w]]
            continue
        if w[0] < a[0]:
            a[0] = w[0]
        if w[1] < a[1]:
            a[1] = w[1]
        if w[2] > a[2]:
            a[2] = w[2]
        if w[3] > a[3]:
            a[3] = w[3]
        a[4].append(w)
    return [Line((a[0], a[1], a[2], a[3]), key[0], a[4]) for key, a in acc.items()]


def lines_from_ocr(lines: tuple[TextLine, ...]) -> list[Line]:
    return [Line(l.bbox, i, text=l.text) for i, l in enumerate(lines)]
