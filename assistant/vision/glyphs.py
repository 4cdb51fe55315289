"""Read glyphs (letters, digits) by matching them with templates we render from an installed font.

Generic, not Wordfeud-specific. A glyph is a mask of ink pixels; it is normalised (cropped to its
ink, scaled to a fixed height keeping its shape, centred, blurred a little so that strokes of
slightly different weight still overlap) into a unit vector, and compared with every template by
one matrix product. The score is the cosine similarity (1 = the same shape); the confidence comes
from the margin between the best character and the best other character, so a glyph that looks
like two characters (O or D, P or R) or like none is reported as uncertain, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.types import BadInput

if TYPE_CHECKING:
    import numpy as np

HEIGHT, WIDTH = 32, 32  # a normalised glyph, in pixels
BLUR = 1.2  # Gaussian sigma applied to a normalised glyph, in pixels
RENDER_SIZE = 96  # font size the templates are drawn at
MIN_SCORE = 0.7  # a best match under this looks like no template at all
FULL_MARGIN = 0.08  # a lead over the runner-up of this much (or more) is full confidence
HOLE_PENALTY = 0.1  # score lost per hole of difference (8 has two, 3 none, O and D one)
MIN_HOLE = 0.015  # a hole smaller than this fraction of the glyph's box is a speck

# Wordfeud draws its letters in Droid Sans Mono (Noto Mono is its open successor, Debian
# fonts-noto-mono) and its values in Droid Sans (Open Sans is its successor, fonts-open-sans).
# Every installed font of the list is drawn: DejaVu Sans Mono adds other shapes of some letters
# (an M whose middle stops short), for versions of a game drawn in a related font.
FONTS = ("NotoMono-Regular.ttf", "DroidSansMono.ttf", "DejaVuSansMono.ttf",
         "OpenSans-Regular.ttf", "DroidSans.ttf")

@dataclass(frozen=True)
class Templates:
    """Normalised glyphs: row i of `vectors` is a drawing of the character chars[i]."""

    chars: str  # a character may repeat (drawn in several fonts)
    vectors: np.ndarray
    holes: np.ndarray  # the number of holes of each drawing


@dataclass(frozen=True)
class Match:
    """The best template for one glyph, its score, and the best other character's score."""

    char: str
    score: float
    runner_up: str
    runner_up_score: float

    @property
    def confidence(self) -> float:
        """Return 0..1: 0 under MIN_SCORE, else the lead over the runner-up over FULL_MARGIN."""
        if self.score < MIN_SCORE:
            return 0.0
        return min(1.0, max(0.0, (self.score - self.runner_up_score) / FULL_MARGIN))


def normalise(mask: np.ndarray) -> np.ndarray:
    """Return a glyph's ink mask as a zero-mean unit vector of HEIGHT x WIDTH pixels."""
    import cv2
    import numpy as np

    ys, xs = np.nonzero(mask)
    if len(ys) == 0:
        return np.zeros(HEIGHT * WIDTH, np.float32)
    ink = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    height, width = ink.shape
    scaled_width = max(1, min(WIDTH, round(width * HEIGHT / height)))
    glyph = np.zeros((HEIGHT, WIDTH), np.float32)
    left = (WIDTH - scaled_width) // 2
    glyph[:, left:left + scaled_width] = cv2.resize(ink, (scaled_width, HEIGHT),
                                                    interpolation=cv2.INTER_AREA)
    vector = cv2.GaussianBlur(glyph, (0, 0), BLUR).ravel()
    vector -= vector.mean()
    norm = np.linalg.norm(vector)
    return vector / norm if norm else vector


def holes(mask: np.ndarray) -> int:
    """Return the number of holes in a glyph's ink (background regions it encloses)."""
    import cv2
    import numpy as np

    ys, xs = np.nonzero(mask)
    if len(ys) == 0:
        return 0
    ink = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.uint8)
    ground = cv2.copyMakeBorder(1 - ink, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=1)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ground, connectivity=4)
    return int((stats[2:count, 4] >= MIN_HOLE * ground.size).sum())  # 1 is the outside


def installed(names: tuple[str, ...], size: int = RENDER_SIZE) -> list:  # of FreeTypeFont
    """Return the fonts of names that are installed (Pillow searches the system font folders)."""
    from PIL import ImageFont

    faces = []
    for name in names:
        try:
            faces.append(ImageFont.truetype(name, size))
        except OSError:
            continue
    if not faces:
        raise BadInput(f"no template font installed: need one of {', '.join(names)} "
                       "(Debian: apt-get install fonts-noto-mono fonts-open-sans)")
    return faces


def render(char: str, face) -> np.ndarray:  # face: ImageFont.FreeTypeFont
    """Return the ink mask of one character drawn in a font."""
    import numpy as np
    from PIL import Image, ImageDraw

    image = Image.new("L", (3 * RENDER_SIZE, 2 * RENDER_SIZE), 0)
    ImageDraw.Draw(image).text((RENDER_SIZE // 2, RENDER_SIZE // 4), char, font=face, fill=255)
    return np.asarray(image) > 127


@lru_cache(maxsize=16)
def templates(chars: str, fonts: tuple[str, ...] = FONTS) -> Templates:
    """Return the templates of each character in chars, drawn in every installed font of fonts."""
    import numpy as np

    drawn = [(c, render(c, face)) for face in installed(fonts) for c in chars]
    return Templates("".join(c for c, _ in drawn), np.stack([normalise(m) for _, m in drawn]),
                     np.array([holes(m) for _, m in drawn]))


def match(masks: list[np.ndarray], table: Templates) -> list[Match]:
    """Return the best-matching template of each glyph mask (all compared in one product)."""
    import numpy as np

    if not masks:
        return []
    # einsum, not @: a product this small is slower on BLAS's threads when the cores are busy
    scores = np.einsum("gp,tp->gt", np.stack([normalise(m) for m in masks]), table.vectors)
    scores -= HOLE_PENALTY * np.abs(np.array([holes(m) for m in masks])[:, None] - table.holes)
    return [best_two(row, table.chars) for row in scores]


def best_two(scores: np.ndarray, chars: str) -> Match:
    """Return the Match of one glyph's row of scores against templates of chars."""
    order = scores.argsort()[::-1]
    best = int(order[0])
    other = next((int(i) for i in order if chars[i] != chars[best]), best)
    return Match(chars[best], float(scores[best]), chars[other], float(scores[other]))
