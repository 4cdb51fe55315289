"""Numbers the user writes (option values, printed tile values): the one place they are
checked, so that every number is finite, whole where it must be, and within its range, or is
refused with one line (BadInput) naming it: never NaN, infinity, 1e308 or a 5,000-digit integer
reaching the code that uses it."""

from __future__ import annotations

import math
import re

from .types import BadInput

WHOLE = re.compile(r"[+]?[0-9]{1,18}")  # 18 digits: any larger number is out of every range
DECIMAL = re.compile(r"[+]?([0-9]{1,18}(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")

MAX_COUNT = 1_000_000  # --top, --rounds, --attacks, --limit: far more than any game needs
MAX_SECONDS = 86_400.0  # --wait, --seconds, --settle: a day
MAX_DRAG_MS = 10_000.0  # --drag-ms: ten seconds from one tile to the next
MAX_HEARTS = 1_000.0  # --health, --enemy-hearts (Lex has at most a few dozen)
MAX_TILE_VALUE = 99  # a printed tile value (Wordament's run from 1 to about 20)


def whole(text: str, what: str, low: int = 1, high: int = MAX_COUNT) -> int:
    """Return the whole number written, from low to high, or raise BadInput naming `what`."""
    text = str(text).strip()
    if not WHOLE.fullmatch(text) or not low <= int(text) <= high:
        raise BadInput(f"{what}: {shown(text)} is not a whole number from {low:,} to {high:,}")
    return int(text)


def number(text: str, what: str, high: float, low: float = 0.0) -> float:
    """Return the decimal number written, over low and at most high (finite), or raise
    BadInput naming `what`."""
    text = str(text).strip()
    value = float(text) if DECIMAL.fullmatch(text) else math.nan
    if not low < value <= high:
        raise BadInput(f"{what}: {shown(text)} is not a number over {low:g} and at most {high:g}")
    return value


def shown(text: str) -> str:
    """Return user text quoted for a message, cut short when it is long."""
    return repr(text if len(text) <= 24 else text[:20] + "...")
