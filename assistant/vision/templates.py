"""Glyph templates: characters drawn from free fonts once, committed, and matched by every reader.

The games' own fonts are not free (Wordament uses Segoe UI, Wordfeud Droid Sans Mono, Bookworm a
Bookman), so each character is drawn in free fonts of the same kinds; a glyph matches a
character when it looks like that character in one of them. The templates are drawn by our own
code from fonts installed by Debian packages (SHEETS), never cut from screenshots, and
committed as one sheet per font under templates/glyphs/ (each symbol fitted as shapes.fit does,
side by side), so reading needs neither fonts nor Pillow: only the build step draws.

Each reader names the sheets it matches against, the form glyphs are compared in (FORMS) and
how it scores (a Scoring); a match's confidence is how good the best symbol is and how far ahead
of the best other symbol.

API (shared by every game's reader):
  SYMBOLS                      what every sheet holds, in order (lowercase: x-height forms;
                               "Qu": Bookworm's two-letter tile)
  SHEETS                       sheet name -> Sheet(font file, grow): what to draw it from
  FORMS                        form name -> how a glyph mask becomes its matching vector: "fit"
                               (shapes.fit, aspect kept) or "box" (shapes.box_views)
  Templates                    rows of (symbol, sheet), sheet by sheet: matching vectors, holes,
                               aspects, form
    .only(allowed)             the rows of these symbols only
    .kinds                     the symbols of one sheet
    .shape(i)                  row i's outline (for shapes.unlike)
  load(names, form="fit")      the templates of these sheets, cached per process, and per user
                               as one bundle (see BUNDLE) while the sheets are unchanged
  Scoring(poor, good, clear, holes=0, aspect=0)   how a reader scores and trusts a match
  Match(symbol, score, rival, rival_score, confidence)   one glyph's best symbol
  match(masks, templates, scoring)   the Match of each glyph mask (in the templates' form), all
                                     in one product
  draw(symbol, font_file, grow)      a 0/1 mask of one symbol drawn large (needs Pillow)
  render(sheet)                      one sheet: every symbol fitted side by side (uint8)
Run `python -m assistant.vision.templates` to draw templates/glyphs/*.png again.
"""

from __future__ import annotations

import hashlib
import marshal
import string
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from ..files.folders import cache_dir
from ..files.shipped import shipped
from ..files.user import read_cache, write_cache
from . import shapes

GLYPH_DIR = shipped("templates", "glyphs")
LOWERCASE = "acemnorsuvwxz"  # lowercase letters without ascenders or descenders ("Qu")
ACCENTED = "ÅÄÖÆØÜÑ"  # letters of other languages (Wordfeud, Scrabble), after the rest
SYMBOLS = (*string.ascii_uppercase, *string.digits, "/", *LOWERCASE, "?", "Qu", *ACCENTED)
DRAW_SIZE = 128  # px: the font size symbols are drawn at before fitting


class Sheet(NamedTuple):
    """What one sheet is drawn from: a font file, and how many px (at DRAW_SIZE) its strokes
    are thickened by (a heavier weight than the font has)."""

    font: str
    grow: int = 0


_TTF, _OTF = "/usr/share/fonts/truetype", "/usr/share/fonts/opentype"
SHEETS = {  # sheet name -> what it is drawn from (the Debian package that installs the font)
    "open-sans": Sheet(f"{_TTF}/open-sans/OpenSans-Regular.ttf"),  # fonts-open-sans
    "open-sans-semibold": Sheet(f"{_TTF}/open-sans/OpenSans-Semibold.ttf"),
    "open-sans-bold": Sheet(f"{_TTF}/open-sans/OpenSans-Bold.ttf"),
    "carlito": Sheet(f"{_TTF}/crosextra/Carlito-Regular.ttf"),  # fonts-crosextra-carlito
    "carlito-bold": Sheet(f"{_TTF}/crosextra/Carlito-Bold.ttf"),
    "liberation-sans": Sheet(f"{_TTF}/liberation2/LiberationSans-Regular.ttf"),  # fonts-liberation2
    "liberation-sans-bold": Sheet(f"{_TTF}/liberation2/LiberationSans-Bold.ttf"),
    "dejavu-sans": Sheet(f"{_TTF}/dejavu/DejaVuSans.ttf"),  # fonts-dejavu-core
    "dejavu-sans-bold": Sheet(f"{_TTF}/dejavu/DejaVuSans-Bold.ttf"),
    "dejavu-sans-mono": Sheet(f"{_TTF}/dejavu/DejaVuSansMono.ttf"),
    "noto-mono": Sheet(f"{_TTF}/noto/NotoMono-Regular.ttf"),  # fonts-noto-mono
    "nimbus-sans": Sheet(f"{_OTF}/urw-base35/NimbusSans-Regular.otf"),  # fonts-urw-base35
    "nimbus-sans-bold": Sheet(f"{_OTF}/urw-base35/NimbusSans-Bold.otf"),
    "urw-bookman-demi": Sheet(f"{_OTF}/urw-base35/URWBookman-Demi.otf"),  # fonts-urw-base35
    "urw-bookman-demi-heavy": Sheet(f"{_OTF}/urw-base35/URWBookman-Demi.otf", 4),
    "c059-bold": Sheet(f"{_OTF}/urw-base35/C059-Bold.otf"),
    "c059-bold-heavy": Sheet(f"{_OTF}/urw-base35/C059-Bold.otf", 4),
    "p052-bold": Sheet(f"{_OTF}/urw-base35/P052-Bold.otf"),
    "p052-bold-heavy": Sheet(f"{_OTF}/urw-base35/P052-Bold.otf", 4),
    "dejavu-serif-bold": Sheet(f"{_TTF}/dejavu/DejaVuSerif-Bold.ttf"),
    "dejavu-serif-bold-heavy": Sheet(f"{_TTF}/dejavu/DejaVuSerif-Bold.ttf", 4),
}


FORMS: dict[str, Callable[[Sequence[np.ndarray]], np.ndarray]] = {  # masks -> vector rows
    "fit": lambda masks: shapes.vectors([shapes.fit(m) for m in masks]),
    "box": lambda masks: np.stack([shapes.box_views(m) for m in masks]),
}


# --- the store ----------------------------------------------------------------------------------

@cache
def fitted(name: str) -> np.ndarray:
    """Return one committed sheet as its fitted glyphs, (len(SYMBOLS), HEIGHT, WIDTH) 0..1."""
    file = GLYPH_DIR / f"{name}.png"
    strip = cv2.imread(str(file), cv2.IMREAD_GRAYSCALE)
    if strip is None or strip.shape != (shapes.HEIGHT, shapes.WIDTH * len(SYMBOLS)):
        raise FileNotFoundError(f"{file}: glyph templates missing or out of date (run "
                                "python -m assistant.vision.templates)")
    glyphs = strip.reshape(shapes.HEIGHT, len(SYMBOLS), shapes.WIDTH).transpose(1, 0, 2)
    return glyphs.astype(np.float32) / 255


@dataclass(frozen=True, eq=False)
class Templates:
    """Template rows: the symbol and sheet of each, its matching vector (in `form`), holes,
    aspect and outline (skeleton bones and distances to its ink, for shapes.unlike)."""

    symbols: tuple[str, ...]
    sheets: tuple[str, ...]
    vectors: np.ndarray
    holes: np.ndarray
    aspects: np.ndarray
    bones: np.ndarray
    distances: np.ndarray
    form: str = "fit"
    subsets: dict[frozenset[str], Templates] = field(default_factory=dict, repr=False)

    def only(self, allowed: Iterable[str]) -> Templates:
        """Return the rows of the allowed symbols only (each set made once)."""
        key = frozenset(allowed)
        if key not in self.subsets:
            keep = [i for i, s in enumerate(self.symbols) if s in key]
            self.subsets[key] = replace(
                self, symbols=tuple(self.symbols[i] for i in keep),
                sheets=tuple(self.sheets[i] for i in keep), subsets={},
                **{name: getattr(self, name)[keep] for name in ARRAYS})
        return self.subsets[key]

    def shape(self, i: int) -> shapes.Shape:
        """Return row i's outline."""
        return shapes.Shape(self.bones[i], self.distances[i])

    @property
    def kinds(self) -> tuple[str, ...]:
        """Return the symbols of one sheet, in row order (every sheet holds the same ones)."""
        return self.symbols[:len(self.symbols) // max(1, len(set(self.sheets)))]


@lru_cache(maxsize=16)
def load(names: tuple[str, ...], form: str = "fit") -> Templates:
    """Return the templates of the named sheets, in a form of FORMS: from the user's cache while
    the sheets and the code that makes templates are unchanged, else made and cached."""
    stamp = stamps(names)
    cached = bundle_path(names, form, stamp) if stamp else None
    found = from_bundle(read_cache(cached), names, form) if cached else None
    if found is None:
        found = make(names, form)
        if cached:
            write_cache(cached, to_bundle(found))
    return found


def rows(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the symbol and the sheet of each template row of these sheets, sheet by sheet."""
    return SYMBOLS * len(names), tuple(name for name in names for _ in SYMBOLS)


def make(names: tuple[str, ...], form: str = "fit") -> Templates:
    """Return the templates of the named sheets, made from the sheets (each read once)."""
    glyphs = np.concatenate([fitted(name) for name in names])
    outlines = [shapes.Shape.of(g >= 0.5) for g in glyphs]
    return Templates(*rows(names), FORMS[form](list(glyphs)),
                     np.array([shapes.holes(g) for g in glyphs]),
                     np.array([shapes.aspect(g) for g in glyphs]),
                     np.array([o.bones for o in outlines]),
                     np.array([o.distances for o in outlines]), form)


# --- the bundle: made templates cached per user (decoding, fitting and outlining ~20 sheets
# costs ~150 ms)

BUNDLE = 2  # the bundle's format; the code that makes templates is in its key as well
ARRAYS = ("vectors", "holes", "aspects", "bones", "distances")  # a row's arrays, in a bundle
MAKERS = (Path(__file__), Path(shapes.__file__))


def stamps(names: tuple[str, ...]) -> str:
    """Return the path, size and modification time of each named sheet and of the code that
    makes templates, a line each ('' when a file cannot be looked at)."""
    try:
        files = [*(GLYPH_DIR / f"{name}.png" for name in names), *MAKERS]
        return "\n".join(f"{f}\t{f.stat().st_size}\t{f.stat().st_mtime_ns}" for f in files)
    except OSError:
        return ""


def bundle_path(names: tuple[str, ...], form: str, stamp: str) -> Path:
    """Return where the templates of these sheets, in this form, with these stamps are cached."""
    key = hashlib.sha256(f"{BUNDLE}\n{form}\n{names}\n{stamp}".encode()).hexdigest()[:24]
    return cache_dir() / f"templates-{key}.marshal"


def to_bundle(table: Templates) -> bytes:
    """Return the bundle of made templates: each array's type, shape and bytes."""
    return marshal.dumps(tuple((a.dtype.str, a.shape, a.tobytes())
                               for a in (getattr(table, name) for name in ARRAYS)))


def from_bundle(data: bytes | None, names: tuple[str, ...], form: str) -> Templates | None:
    """Return the templates a bundle holds, or None when it is missing, damaged or not theirs."""
    try:
        arrays = [np.frombuffer(raw, np.dtype(kind)).reshape(shape)
                  for kind, shape, raw in marshal.loads(data or b"")]
    except (EOFError, TypeError, ValueError):
        return None
    if len(arrays) != len(ARRAYS) or any(len(a) != len(SYMBOLS) * len(names) for a in arrays):
        return None
    vectors, holes, aspects, bones, distances = arrays
    return Templates(*rows(names), vectors, holes, aspects, bones, distances, form)


# --- matching -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Scoring:
    """How a reader scores a glyph against templates and how sure it is of the best.

    A template's score is the likeness (cosine of the matching vectors, 1 the same shape), less
    `holes` per hole of difference and `aspect` per unit of |log width/height| difference.
    The confidence is 0 at a score of `poor` (or a lead of 0 over the best other symbol),
    rising linearly to 1 at `good` (and a lead of `clear`); poor == good is a step.
    """

    poor: float
    good: float
    clear: float
    holes: float = 0.0
    aspect: float = 0.0

    def strength(self, best: float, rival: float) -> float:
        """Return how far a best score with this rival's reaches towards sure (1; unbounded)."""
        return min((best - self.poor) / max(self.good - self.poor, 1e-9),
                   (best - rival) / self.clear)

    def confidence(self, best: float, rival: float) -> float:
        """Return the confidence in a best score with this rival's score, 0..1."""
        return float(np.clip(self.strength(best, rival), 0.0, 1.0))


@dataclass(frozen=True)
class Match:
    """One glyph's best symbol, its score, the best other symbol's, and the confidence."""

    symbol: str
    score: float
    rival: str
    rival_score: float
    confidence: float


def scores(masks: Sequence[np.ndarray], table: Templates, scoring: Scoring) -> np.ndarray:
    """Return every glyph's score against every template row (glyphs x rows)."""
    vectors = FORMS[table.form](masks)
    # einsum, not @: a product this small is slower on BLAS's threads when the cores are busy
    out = np.einsum("gp,tp->gt", vectors, table.vectors)
    if scoring.holes:
        holes = np.array([shapes.holes(m) for m in masks])
        out -= scoring.holes * np.abs(holes[:, None] - table.holes)
    if scoring.aspect:
        aspects = np.array([shapes.aspect(m) for m in masks])
        out -= scoring.aspect * np.abs(aspects[:, None] - table.aspects)
    return out


def match(masks: Sequence[np.ndarray], table: Templates, scoring: Scoring) -> list[Match]:
    """Return the best symbol of each glyph mask (0/1, or ink 0..1), all in one product."""
    if not masks:
        return []
    kinds = table.kinds  # rows are sheet by sheet: a symbol's best is the best over sheets
    best = scores(masks, table, scoring).reshape(len(masks), -1, len(kinds)).max(axis=1)
    return [best_two(row, kinds, scoring) for row in best]


def best_two(row: np.ndarray, symbols: tuple[str, ...], scoring: Scoring) -> Match:
    """Return the Match of one glyph's score for each symbol: its best symbol and the best
    other one (a lone symbol's rival is "none", scoring -1)."""
    order = np.argsort(-row)[:2].tolist()
    first, second = order[0], (order[1:] or [-1])[0]
    rival, rival_score = (symbols[second], float(row[second])) if second >= 0 else ("none", -1.0)
    best = float(row[first])
    return Match(symbols[first], best, rival, rival_score, scoring.confidence(best, rival_score))


# --- drawing (the build step only: needs Pillow and the fonts) ---------------------------------

def draw(symbol: str, font_file: str, grow: int = 0, size: int = DRAW_SIZE) -> np.ndarray:
    """Return a 0/1 mask of a symbol drawn in a font, its strokes thickened by grow px."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(font_file, size)
    canvas = Image.new("L", (3 * size, 3 * size), 0)
    ImageDraw.Draw(canvas).text((size // 2, size // 2), symbol, fill=255, font=font)
    mask = (np.asarray(canvas) >= 128).astype(np.uint8)
    return cv2.dilate(mask, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8)) if grow else mask


def render(sheet: Sheet) -> np.ndarray:
    """Return one sheet: every symbol of SYMBOLS fitted, side by side (uint8)."""
    return np.hstack([np.round(shapes.fit(draw(s, sheet.font, sheet.grow)) * 255).astype(np.uint8)
                      for s in SYMBOLS])


def main() -> None:
    """Draw every sheet into templates/glyphs/ (a font not installed is reported)."""
    GLYPH_DIR.mkdir(parents=True, exist_ok=True)
    for name, sheet in SHEETS.items():
        if not Path(sheet.font).exists():
            print(f"templates: {sheet.font} is not installed; {name} skipped", file=sys.stderr)
            continue
        cv2.imwrite(str(GLYPH_DIR / f"{name}.png"), render(sheet))
        print(f"templates: {GLYPH_DIR / name}.png", file=sys.stderr)


if __name__ == "__main__":
    main()
