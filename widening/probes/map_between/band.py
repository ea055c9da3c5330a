"""Band geometry: where a point sits across the band between two streets, each the line through
its nearest label along the label's reading direction."""

from __future__ import annotations

import math
from dataclasses import dataclass

from widening.probes.map_between.markers import Label
from widening.probes.map_between.spans import Point
from widening.probes.map_between.vocabulary import rules


@dataclass(frozen=True)
class BandPosition:
    """Where a point sits across the band from street A (t=0) to street B (t=1)."""

    t: float
    width: float
    label_a: Label
    label_b: Label
    normal: Point = (0.0, 1.0)  # unit vector across the streets, from A's side towards B's

    def outside_by(self) -> float:
        """Distance outside the band in points (0 inside)."""
        return max(-self.t, self.t - 1.0, 0.0) * self.width

    def beyond(self) -> tuple[Label, Point]:
        """The label the point lies beyond (A when t < 0, else B) and the unit vector out of the band there."""
        nx, ny = self.normal
        return (self.label_a, (-nx, -ny)) if self.t < 0 else (self.label_b, (nx, ny))


def band_position(p: Point, labels_a: list[Label], labels_b: list[Label]) -> BandPosition | None:
    """Position of ``p`` across the band of the nearest A and B labels; None if they are not parallel."""
    la = min(labels_a, key=lambda lab: math.dist(p, lab.centre))
    lb = min(labels_b, key=lambda lab: math.dist(p, lab.centre))
    da, db = la.direction, lb.direction
    cos = da[0] * db[0] + da[1] * db[1]
    if abs(cos) < math.cos(math.radians(rules()["max_label_angle"])):
        return None
    if cos < 0:
        db = (-db[0], -db[1])
    dx, dy = da[0] + db[0], da[1] + db[1]
    norm = math.hypot(dx, dy)
    nx, ny = -dy / norm, dx / norm  # across the streets
    sa = nx * (p[0] - la.centre[0]) + ny * (p[1] - la.centre[1])
    sb = nx * (p[0] - lb.centre[0]) + ny * (p[1] - lb.centre[1])
    width = abs(sa - sb)
    if width < 1.0:
        return None
    towards_b = 1.0 if sa > sb else -1.0  # sa - sb = n . (B - A)
    return BandPosition(t=sa / (sa - sb), width=width, label_a=la, label_b=lb, normal=(towards_b * nx, towards_b * ny))
