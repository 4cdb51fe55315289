"""Premium squares read from their labels, for boards whose premiums may lie anywhere (Wordfeud).

A premium square has light ink (its label: 2L 3L 2W 3W, DL..TW, or French LD LT MD MT) on a
colourful ground. Squares of one colour are one premium; the labels of a few of them vote (so a
misread label is outvoted, and a palette we have not seen is still read right); a group with no
readable label is named by the hue nearest its colour, with less confidence.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from . import templates as T
from .board import LIGHT_INK, Squares, hue_gap
from .board_ink import cut, inside
from .types import UNCERTAIN

if TYPE_CHECKING:
    import numpy as np

# Premium squares by the hue of their ground, in degrees: 3W red, 2W orange, 2L green, 3L blue.
PREMIUM_HUES = {"TW": 0, "DW": 32, "DL": 102, "TL": 215}
HUE_SLACK = 30  # degrees off a premium's hue that still read with full confidence
HUE_ONLY = 0.75  # the confidence of a premium known by its colour alone (its labels unread)
SAME_HUE, SAME_LEVEL = 12, 30  # premium squares this close in hue and grey level look alike

# A premium's label says how many times (2 D 3 T) and what (L B: the letter, W M O P: the word):
# 2L 3L 2W 3W, DL TL DW TW, French LD LT MD MT, and the like in other languages.
LABEL_MEANS = {"2": "D", "D": "D", "3": "T", "T": "T",
               "L": "L", "B": "L", "W": "W", "M": "W", "O": "W", "P": "W"}
LABEL_SHEETS = ("dejavu-sans-bold", "open-sans-bold")  # labels are bold sans
LABEL_HEIGHT = 0.2  # a label's characters are at least this tall (of the square)
LABEL_VOTES = 5  # the labels read in each group of premium squares of one colour
# a match under 0.7 looks like no template at all; a lead of 0.08 over the runner-up is full
# confidence; each hole of difference costs 0.1
SCORING = T.Scoring(poor=0.7, good=0.7, clear=0.08, holes=0.1)


def premium(hue: float) -> tuple[str, float]:
    """Return the premium whose hue is nearest a square's ground hue, and the confidence."""
    distance = {name: hue_gap(hue, at) for name, at in PREMIUM_HUES.items()}
    name = min(distance, key=lambda n: distance[n])
    return name, min(1.0, max(0.0, 2 - distance[name] / HUE_SLACK))


def read_premiums(squares: Squares, which: list[int]) -> dict[int, tuple[str, float]]:
    """Return {square: (premium, confidence)} of these premium squares: what the labels of
    each colour group say."""
    found = {}
    groups = colour_groups(squares, which)
    voters = [group[:LABEL_VOTES] for group in groups]
    labels = iter(read_labels(squares, [i for group in voters for i in group]))
    for group, voting in zip(groups, voters, strict=True):
        votes = Counter(label for label in (next(labels) for _ in voting) if label)
        if votes:
            name, count = votes.most_common(1)[0]
            confidence = count / sum(votes.values())
        else:
            name, confidence = premium(float(squares.hue[group[0]]))
            confidence *= HUE_ONLY
        found.update({i: (name, confidence) for i in group})
    return found


def colour_groups(squares: Squares, which: list[int]) -> list[list[int]]:
    """Return the squares grouped by colour (hue within SAME_HUE, grey within SAME_LEVEL)."""
    groups: list[list[int]] = []
    for i in which:
        group = next((g for g in groups if hue_gap(squares.hue[i], squares.hue[g[0]]) < SAME_HUE
                      and abs(squares.level[i] - squares.level[g[0]]) < SAME_LEVEL), None)
        if group is None:
            groups.append([i])
        else:
            group.append(i)
    return groups


def read_labels(squares: Squares, which: list[int]) -> list[str]:
    """Return the premium each square's label names ('' when it cannot be read)."""
    marks = [label_glyphs(squares.grey[i], squares.level[i]) for i in which]
    matches = iter(T.match([m for ms in marks for m in ms],
                           T.load(LABEL_SHEETS).only(LABEL_MEANS), SCORING))
    return [label_premium([next(matches) for _ in ms]) for ms in marks]


def label_glyphs(grey: np.ndarray, level: float) -> list[np.ndarray]:
    """Return the masks of a premium square's label characters (lighter than its ground)."""
    import cv2
    import numpy as np

    side = grey.shape[0]
    ink = (grey > level + LIGHT_INK * (255 - level)).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = sorted((stats[i][0], i) for i in range(1, count)
                  if stats[i][3] >= LABEL_HEIGHT * side and inside(stats[i][0], stats[i][2], side)
                  and inside(stats[i][1], stats[i][3], side))
    return [cut(labels, stats[i]) == i for _, i in keep]


def label_premium(matches: list[T.Match]) -> str:
    """Return the premium a label's two characters name ('DL'...'TW'), or '' if unsure."""
    if len(matches) != 2 or any(m.confidence < UNCERTAIN for m in matches):
        return ""
    meaning = {LABEL_MEANS[m.symbol] for m in matches}
    times, what = meaning & {"D", "T"}, meaning & {"L", "W"}
    return times.pop() + what.pop() if len(times) == len(what) == 1 else ""
