"""What the mouse is asked to do, as plain data: regions of the screen, points, drags and clicks.

Everything here is in screen pixels of the virtual screen (all monitors together; on Windows
and macOS a monitor left of or above the main one has negative coordinates). A profile turns a
move into gestures; an adapter (adapters/mouse.py) performs them; nothing here moves anything.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[int, int]  # x, y in screen pixels


@dataclass(frozen=True)
class Region:
    """A rectangle of the screen: its top-left corner and size, in screen pixels."""

    x: int
    y: int
    w: int
    h: int

    def contains(self, point: Point) -> bool:
        """True when the point lies inside the rectangle."""
        x, y = point
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    def overlap(self, other: Region) -> int:
        """Return the area this rectangle shares with another, in pixels."""
        w = min(self.x + self.w, other.x + other.w) - max(self.x, other.x)
        h = min(self.y + self.h, other.y + other.h) - max(self.y, other.y)
        return max(w, 0) * max(h, 0)

    def moved(self, dx: int, dy: int) -> Region:
        """Return the same rectangle shifted by (dx, dy)."""
        return Region(self.x + dx, self.y + dy, self.w, self.h)

    def __str__(self) -> str:
        """The --region syntax: X,Y,W,H."""
        return f"{self.x},{self.y},{self.w},{self.h}"


@dataclass(frozen=True)
class Drag:
    """Press at the first point, pass through every point in order, release at the last."""

    points: tuple[Point, ...]
    word: str = ""  # what the drag spells, for reports


@dataclass(frozen=True)
class Click:
    """Press and release at one point."""

    point: Point
    label: str = ""  # what is clicked, for reports ("tile 3", "Attack")


Gesture = Drag | Click


def centre(box: tuple[int, int, int, int], origin: Point = (0, 0)) -> Point:
    """Return the centre pixel of a box (x, y, w, h) in a frame, on the screen where the
    frame's top-left pixel is at origin."""
    x, y, w, h = box
    return origin[0] + x + w // 2, origin[1] + y + h // 2


def points(gesture: Gesture) -> tuple[Point, ...]:
    """Return every point a gesture touches."""
    return gesture.points if isinstance(gesture, Drag) else (gesture.point,)


def outside(gestures: list[Gesture], region: Region) -> list[Point]:
    """Return the points of these gestures that fall outside the region (none, to be safe)."""
    return [p for g in gestures for p in points(g) if not region.contains(p)]

