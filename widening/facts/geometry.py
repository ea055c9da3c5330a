"""Boxes in PDF points (rounding, union, whether a centre lies in a clip) and grouping things that touch."""

from __future__ import annotations

from typing import Generic, Hashable, Iterable, TypeVar

import pymupdf

from widening.models import BBox

T = TypeVar("T", bound=Hashable)


def rect_tuple(r: Iterable[float]) -> BBox:
    """A rectangle as a BBox rounded to 0.01 pt."""
    x0, y0, x1, y1 = (float(v) for v in r)
    return (round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2))


def union(boxes: Iterable[BBox]) -> BBox:
    """The smallest box holding all ``boxes`` (at least one)."""
    bs = list(boxes)
    return (min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs))


def centre_in(bbox: Iterable[float], clip: pymupdf.Rect) -> bool:
    """True when the centre of ``bbox`` lies inside ``clip``: a glyph or line belongs to one region only."""
    x0, y0, x1, y1 = bbox
    return clip.contains(pymupdf.Point((x0 + x1) / 2, (y0 + y1) / 2))


class Groups(Generic[T]):
    """Union-find over hashable items: which items end up joined, directly or through others."""

    def __init__(self, items: Iterable[T]):
        self._parent: dict[T, T] = {i: i for i in items}

    def __contains__(self, item: object) -> bool:
        return item in self._parent

    def find(self, item: T) -> T:
        """The representative of ``item``'s group (path halving keeps the trees flat)."""
        parent = self._parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def join(self, a: T, b: T) -> None:
        self._parent[self.find(a)] = self.find(b)

    def groups(self) -> list[list[T]]:
        """Every group, each in item order; groups ordered by their first item."""
        out: dict[T, list[T]] = {}
        for item in self._parent:
            out.setdefault(self.find(item), []).append(item)
        return list(out.values())
