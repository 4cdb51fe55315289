"""Glyph templates: letters and digits drawn from free fonts, fitted like glyphs read from a screen.

The games' own fonts are not free (Wordament uses Segoe UI), so each character is drawn in several
free fonts of the same kinds (humanist and grotesque sans, regular and bold); a glyph matches a
character when it looks like that character in any of them. The templates are made by our own
code from fonts installed by Debian packages (see FONTS), never cut from screenshots, and
committed as one PNG strip per font under templates/glyphs/, so reading needs no fonts.

API (shared by every game's reader):
  CHARS                     the characters of every strip, in order (lowercase: x-height forms)
  FONTS                     strip name -> font file (and the Debian package that installs it)
  Templates                 .chars (one per row) and .vectors (rows to dot with shapes.vector)
  load(names=None)          the templates of these strips (default: all), cached
  draw(char, font_file)     a 0/1 mask of one character drawn large (needs Pillow)
  render(font_file)         one font's strip (HEIGHT x WIDTH * len(CHARS), uint8)
Run `python -m assistant.vision.templates` to draw templates/glyphs/*.png again.
"""

from __future__ import annotations

import string
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from . import shapes

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "templates"
GLYPH_DIR = TEMPLATE_DIR / "glyphs"
LOWERCASE = "acemnorsuvwxz"  # lowercase letters without ascenders or descenders ("Qu")
CHARS = string.ascii_uppercase + string.digits + "/" + LOWERCASE

_TTF = "/usr/share/fonts/truetype"
FONTS = {  # strip name -> font file (Debian package)
    "open-sans": f"{_TTF}/open-sans/OpenSans-Regular.ttf",  # fonts-open-sans
    "open-sans-semibold": f"{_TTF}/open-sans/OpenSans-Semibold.ttf",
    "open-sans-bold": f"{_TTF}/open-sans/OpenSans-Bold.ttf",
    "carlito": f"{_TTF}/crosextra/Carlito-Regular.ttf",  # fonts-crosextra-carlito
    "carlito-bold": f"{_TTF}/crosextra/Carlito-Bold.ttf",
    "liberation-sans": f"{_TTF}/liberation2/LiberationSans-Regular.ttf",  # fonts-liberation2
    "liberation-sans-bold": f"{_TTF}/liberation2/LiberationSans-Bold.ttf",
    "dejavu-sans": f"{_TTF}/dejavu/DejaVuSans.ttf",  # fonts-dejavu-core
    "dejavu-sans-bold": f"{_TTF}/dejavu/DejaVuSans-Bold.ttf",
}
DRAW_SIZE = 128  # px: the font size characters are drawn at before fitting


@dataclass(frozen=True)
class Templates:
    """Template vectors, one row per (font, character), the character of each row, and each
    row's shape (for shapes.unlike)."""

    chars: tuple[str, ...]
    vectors: np.ndarray
    shapes: tuple[shapes.Shape, ...]

    def only(self, allowed: str) -> Templates:
        """Return the templates of the allowed characters only."""
        keep = [i for i, c in enumerate(self.chars) if c in allowed]
        return Templates(tuple(self.chars[i] for i in keep), self.vectors[keep],
                         tuple(self.shapes[i] for i in keep))


@lru_cache(maxsize=8)
def load(names: tuple[str, ...] | None = None) -> Templates:
    """Return the templates of the named strips (default: every strip in templates/glyphs)."""
    files = sorted(GLYPH_DIR.glob("*.png")) if names is None else \
        [GLYPH_DIR / f"{name}.png" for name in names]
    chars: list[str] = []
    vectors, outlines = [], []
    for file in files:
        strip = cv2.imread(str(file), cv2.IMREAD_GRAYSCALE)
        if strip is None:
            raise FileNotFoundError(f"{file}: glyph templates missing (run "
                                    "python -m assistant.vision.templates)")
        for k, char in enumerate(CHARS):
            fitted = strip[:, k * shapes.WIDTH:(k + 1) * shapes.WIDTH].astype(np.float32) / 255
            chars.append(char)
            vectors.append(shapes.vector(fitted))
            outlines.append(shapes.Shape.of(fitted >= 0.5))
    return Templates(tuple(chars), np.array(vectors, np.float32), tuple(outlines))


def draw(char: str, font_file: str, size: int = DRAW_SIZE) -> np.ndarray:
    """Return a 0/1 mask of one character drawn in a font (Pillow draws it)."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(font_file, size)
    canvas = Image.new("L", (3 * size, 3 * size), 0)
    ImageDraw.Draw(canvas).text((size, size // 2), char, fill=255, font=font)
    return (np.asarray(canvas) >= 128).astype(np.uint8)


def render(font_file: str) -> np.ndarray:
    """Return one font's strip: every character of CHARS fitted side by side (uint8)."""
    return np.hstack([np.round(shapes.fit(draw(c, font_file)) * 255).astype(np.uint8)
                      for c in CHARS])


def main() -> None:
    """Draw every font's strip into templates/glyphs/ (a font not installed is reported)."""
    GLYPH_DIR.mkdir(parents=True, exist_ok=True)
    for name, font_file in FONTS.items():
        if not Path(font_file).exists():
            print(f"templates: {font_file} is not installed; {name} skipped", file=sys.stderr)
            continue
        cv2.imwrite(str(GLYPH_DIR / f"{name}.png"), render(font_file))
        print(f"templates: {GLYPH_DIR / name}.png", file=sys.stderr)


if __name__ == "__main__":
    main()
