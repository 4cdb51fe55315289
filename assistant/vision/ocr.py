"""Read lines of glyphs as text: template matching, the real Tesseract, or both, behind one call.

A Line is what one tile shows in one place (its letters, or its printed value): glyphs cut from
an ink mask, and the characters that may appear there. Every reader returns, for each line, the
text and a confidence in 0..1; below vision.types.UNCERTAIN a read is reported, never trusted.

- "template": each glyph is matched against the sans sheets of templates/glyphs (SHEETS; see
  templates.py), scored as SCORING says. A hyphen is
  told by its shape (short, wide, at mid-height); a shorter glyph whose top sits well below the
  cap line is matched against lowercase forms ("Qu"); any other short glyph is a fragment, and
  doubted. Confidence comes from how well the best character matches, how far ahead of the
  next character it is, and how close the glyph's skeleton keeps to that character's ink in
  some font and back (a partial Hausdorff distance, blind to stroke weight), so a stroke the
  character does not have (a Q's tail read as an O) is noticed; and a line under SHARP pixels
  tall in the screenshot loses confidence.
- "tesseract": every line of the board is drawn, normalised black on white, into ONE montage
  and read by one Tesseract process (pytesseract.image_to_data); its word confidences are used,
  and a line must read as one character per glyph cut. Any reader may put its own ink images
  in such a montage (`tesseract`: Bookworm's close calls do).
- "auto": templates; lines they leave uncertain go to Tesseract (one call for all of them), and
  a line both readers read the same is trusted as both agreeing: 1 - (1 - c1)(1 - c2).

API (shared by every game's reader):
  Line(glyphs, alphabet, scale) glyphs left to right, the characters allowed ('-' for hyphens,
                                lowercase for x-height forms), glyph px per screenshot px
  Read(text, confidence, note)  what was read, how sure, and the runner-up for reports
  read_lines(lines, reader)     one Read per line; reader in READERS
  line_of(glyphs, alphabet, scale)  a Line, its glyphs sorted
  LETTERS, DIGITS               the usual alphabets
  tesseract(images, allowed)    the words (left, text, confidence) on each ink image (0..1), all
                                read by ONE Tesseract process; None if Tesseract is not installed
  ink_line(image, height)       an ink image scaled to the height the montage wants
"""

from __future__ import annotations

import hashlib
import string
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from . import shapes as G
from . import templates as T
from .types import UNCERTAIN

READERS = ("auto", "template", "tesseract")
LETTERS = string.ascii_uppercase
DIGITS = string.digits

# the template sheets: free fonts of the kinds the games use (humanist and grotesque sans)
SHEETS = ("open-sans", "open-sans-semibold", "open-sans-bold", "carlito", "carlito-bold",
          "liberation-sans", "liberation-sans-bold", "dejavu-sans", "dejavu-sans-bold")
# a best match of 0.85 or better that leads the next character by 0.10 or more is sure (1.0);
# the confidence falls linearly to 0 at a match of 0.65 or a lead of 0
SCORING = T.Scoring(poor=0.65, good=0.85, clear=0.10)
NEAR, FAR = 2.0, 3.0  # px in the fitted box: a glyph's shape this close to its character's is
# sure, this far or further is not (fonts differ by about 1 px; a stroke too many by more)
BLUR_NEAR, BLUR_FAR = 1.2, 2.0  # px in the screenshot: a small glyph, scaled down and compressed,
# strays from its shape by a source pixel or two, whatever that is in the fitted box
DASH_HEIGHT = 0.35  # a hyphen is at most this share of the cap height, and wider than tall
LOWER_HEIGHT = 0.82  # a lowercase x-height glyph is at most this share of the cap height
SHARP, BLURRED = 9, 5  # px in the source image: glyphs this tall are read fully, this short not
MONTAGE_CAP = 40  # px: the cap height lines are drawn at for Tesseract
TESSERACT_UNSURE, TESSERACT_SURE = 0.80, 0.95  # Tesseract's word confidence: none .. full


@dataclass(frozen=True)
class Line:
    """The glyphs of one place on a tile, left to right, and the characters allowed there."""

    glyphs: tuple[G.Glyph, ...]
    alphabet: str
    scale: float = 1.0  # glyph pixels per source image pixel (crops are read at one size)

    @property
    def top(self) -> int:
        """Return the line's cap line: the highest glyph top."""
        return min((g.y for g in self.glyphs), default=0)

    @property
    def cap(self) -> int:
        """Return the line's cap height: the median height of the glyphs that reach the cap
        line (a Q's tail or a tall slash does not stretch it, a lowercase u does not shrink it)."""
        tallest = max((g.h for g in self.glyphs), default=0)
        capitals = sorted(g.h for g in self.glyphs if g.y <= self.top + 0.12 * tallest)
        return capitals[(len(capitals) - 1) // 2] if capitals else 0

    @property
    def baseline(self) -> int:
        """Return the row below the line's lowest glyph."""
        return max((g.bottom for g in self.glyphs), default=0)


@dataclass(frozen=True)
class Read:
    """A line's text, the reader's confidence in it (0..1), and a note on the closest rival."""

    text: str
    confidence: float
    note: str = ""

    @property
    def uncertain(self) -> bool:
        """True when the read is below the confidence threshold."""
        return self.confidence < UNCERTAIN


def line_of(glyphs: Sequence[G.Glyph], alphabet: str, scale: float = 1.0) -> Line:
    """Return a Line of these glyphs, sorted left to right."""
    return Line(tuple(sorted(glyphs, key=lambda g: g.x)), alphabet, scale)


# --- template matching --------------------------------------------------------------------------

def is_dash(glyph: G.Glyph, line: Line) -> bool:
    """True when a glyph is a hyphen: short, wider than tall, in the middle of the line."""
    return (glyph.h <= DASH_HEIGHT * line.cap and glyph.w > 1.5 * glyph.h
            and line.top + 0.25 * line.cap < glyph.middle < line.top + 0.8 * line.cap)


def is_lowercase(glyph: G.Glyph, line: Line) -> bool:
    """True when a glyph is shorter than the capitals and starts well below the cap line
    (measured down to its own foot: a Q's tail below the line does not lift the cap line)."""
    return (DASH_HEIGHT * line.cap < glyph.h <= LOWER_HEIGHT * line.cap
            and glyph.y >= line.top + 0.15 * (glyph.bottom - line.top))


def match(mask: np.ndarray, templates: T.Templates, source: float = 0.0) -> Read:
    """Return one glyph's best character by template matching, and how sure that is: the
    likeness must be high, ahead of every other character, and the shape must not stray from
    the character's in any font (a Q whose tail is too small for a Q is not an O) by more than
    fonts differ, or, for a glyph `source` px tall in the screenshot (SHARP or more), than
    blur moves it (at most half as much again; letters only: a digit that lost a stroke is a
    1, and a value unread has a fallback, its letter's usual value)."""
    found = T.match([mask], templates, SCORING)[0]
    stray = shape_gap(G.fit(mask) >= 0.5, found.symbol, templates)
    k = G.HEIGHT / source if source >= SHARP else 0.0  # fitted px per source px
    near, far = (min(max(limit, blur * k), 1.5 * limit)
                 for limit, blur in ((NEAR, BLUR_NEAR), (FAR, BLUR_FAR)))
    sure = min(found.confidence, float(np.clip((far - stray) / (far - near), 0, 1)))
    return Read(found.symbol, sure, f"{found.symbol} {found.score:.2f}, {found.rival} "
                f"{found.rival_score:.2f}, off by {stray:.1f} px")


def shape_gap(ink: np.ndarray, char: str, templates: T.Templates) -> float:
    """Return how far a glyph's shape strays from the closest template of a character."""
    shape = G.Shape.of(ink)
    return min(G.unlike(shape, templates.shape(i))
               for i, c in enumerate(templates.symbols) if c == char)


def template_glyph(glyph: G.Glyph, line: Line, templates: T.Templates) -> Read:
    """Return what one glyph of a line reads as, by template matching."""
    if "-" in line.alphabet and is_dash(glyph, line):
        return Read("-", 1.0)
    lowers = "".join(c for c in line.alphabet if c.islower())
    if lowers and is_lowercase(glyph, line):
        read = match(glyph.mask, templates.only(T.LOWERCASE))
        if read.text not in lowers:
            return Read("?", 0.0, f"lowercase {read.text}, not allowed here")
        return replace(read, text=read.text.upper())
    if glyph.h < LOWER_HEIGHT * line.cap:
        return Read("?", 0.0, f"a fragment {glyph.h}/{line.cap} of the line's height")
    blurred = 0.0 if any(c.isdigit() for c in line.alphabet) else glyph.h / line.scale
    return match(glyph.mask, templates.only(line.alphabet.replace(lowers, "")), blurred)


def template_line(line: Line, templates: T.Templates) -> Read:
    """Return a line read glyph by glyph; its confidence is its least sure glyph's."""
    if not line.glyphs:
        return Read("", 0.0, "no ink")
    reads = q_before_u(line, [template_glyph(g, line, templates) for g in line.glyphs],
                       templates)
    weakest = min(reads, key=lambda r: r.confidence)
    sure = min(weakest.confidence, sharpness(line))
    note = weakest.note if sure == weakest.confidence else \
        f"only {line.cap / line.scale:.0f} px tall"
    return Read("".join(r.text for r in reads), sure, note)


def q_before_u(line: Line, reads: list[Read], templates: T.Templates) -> list[Read]:
    """Return the reads with a round capital before a sure lowercase u read as Q: on a tile only
    a Q stands there ("Qu"), and a Q's small tail, blurred into its bowl (a photo), leaves an O.
    The glyph must still be round: it is matched without Q, and must come out an O, surely."""
    if (len(reads) != 2 or reads[0].text == "Q" or "Q" not in line.alphabet
            or reads[1].text != "U" or reads[1].uncertain
            or not is_lowercase(line.glyphs[1], line)):
        return reads
    capitals = "".join(c for c in line.alphabet if c.isupper() and c != "Q")
    found = T.match([line.glyphs[0].mask], templates.only(capitals), SCORING)[0]
    if found.symbol != "O":
        return reads
    note = f"Q before u: O {found.score:.2f}, {found.rival} {found.rival_score:.2f}"
    return [Read("Q", found.confidence, note), reads[1]]


def sharpness(line: Line) -> float:
    """Return 1 for a line at least SHARP source pixels tall, falling to 0 at BLURRED."""
    return float(np.clip((line.cap / line.scale - BLURRED) / (SHARP - BLURRED), 0.0, 1.0))


def template_read(lines: Sequence[Line]) -> list[Read]:
    """Return every line read by template matching."""
    templates = T.load(SHEETS)
    return [template_line(line, templates) for line in lines]


# --- Tesseract ----------------------------------------------------------------------------------

Word = tuple[int, str, float]  # a word Tesseract read: its left edge, text, confidence 0..1


def montage(images: Sequence[np.ndarray]) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """Return ink images (0..1) drawn black on white, one under another, and the rows (top,
    bottom) each one occupies."""
    pad, gap = 30, 28
    width = max((image.shape[1] for image in images), default=1) + 2 * pad
    page = np.full((sum(image.shape[0] + gap for image in images) + 2 * pad, width), 255,
                   np.uint8)
    rows, top = [], pad
    for image in images:
        height, wide = image.shape
        page[top:top + height, pad:pad + wide] = np.round(255 * (1 - np.clip(image, 0, 1)))
        rows.append((top - gap // 2, top + height + gap // 2))
        top += height + gap
    return page, rows


def tesseract(images: Sequence[np.ndarray], allowed: str) -> list[list[Word]] | None:
    """Return the words Tesseract reads on each ink image (0..1, letters about MONTAGE_CAP px
    tall), all drawn into one montage and read by ONE process; None if Tesseract is missing.
    When every image was read before (a live board read again, its tiles unchanged), the
    answers it gave then are returned and no process is started (ANSWERS)."""
    import pytesseract

    keys = [answer_key(image, allowed) for image in images]
    if keys and all(key in ANSWERS for key in keys):
        return [list(ANSWERS[key]) for key in keys]
    page, rows = montage(images)
    config = (f"--psm 6 -c tessedit_char_whitelist={''.join(sorted(set(allowed)))}"
              " -c load_system_dawg=0 -c load_freq_dawg=0")  # no words here: no dictionaries
    try:
        data = pytesseract.image_to_data(page, config=config,
                                         output_type=pytesseract.Output.DICT)
    except pytesseract.TesseractNotFoundError:
        return None
    found = by_row(data, rows)
    remember(keys, found)
    return found


ANSWERS: OrderedDict[bytes, list[Word]] = OrderedDict()  # Tesseract's answers, by image
KEPT = 256  # answers kept (the oldest go first)


def answer_key(image: np.ndarray, allowed: str) -> bytes:
    """Return a key for an image read with these characters allowed: a hash of both."""
    digest = hashlib.blake2b(image.tobytes(), digest_size=16)
    digest.update(f"{image.shape}{image.dtype}{allowed}".encode())
    return digest.digest()


def remember(keys: Sequence[bytes], found: Sequence[list[Word]]) -> None:
    """Keep Tesseract's answer for each image, forgetting the oldest beyond KEPT."""
    for key, words in zip(keys, found, strict=True):
        ANSWERS[key] = list(words)
        ANSWERS.move_to_end(key)
    while len(ANSWERS) > KEPT:
        ANSWERS.popitem(last=False)


def ink_line(image: np.ndarray, height: int = MONTAGE_CAP) -> np.ndarray:
    """Return an ink image (0..1) scaled to this height, its aspect kept (for the montage)."""
    width = max(1, round(image.shape[1] * height / image.shape[0]))
    return cv2.resize(image.astype(np.float32), (width, height), interpolation=cv2.INTER_AREA)


def draw_line(line: Line) -> np.ndarray:
    """Return a line's glyphs as one 0/1 image scaled to MONTAGE_CAP, spacing kept."""
    if not line.glyphs:
        return np.zeros((MONTAGE_CAP, MONTAGE_CAP), np.uint8)
    k = MONTAGE_CAP / line.cap
    x0, y0 = line.glyphs[0].x, min(g.y for g in line.glyphs)
    width = max(g.x + g.w for g in line.glyphs) - x0
    out = np.zeros((round((line.baseline - y0) * k) + 2, round(width * k) + 2), np.uint8)
    for g in line.glyphs:
        size = (max(1, round(g.w * k)), max(1, round(g.h * k)))
        big = cv2.resize(g.mask * 255, size, interpolation=cv2.INTER_LINEAR) >= 128
        x, y = round((g.x - x0) * k), round((g.y - y0) * k)
        out[y:y + size[1], x:x + size[0]] |= big.astype(np.uint8)
    return out


def tesseract_read(lines: Sequence[Line]) -> list[Read]:
    """Return every line read by one Tesseract process over a montage of them all."""
    if not lines:
        return []
    allowed = "".join(c.upper() for line in lines for c in line.alphabet)
    found = tesseract([draw_line(line) for line in lines], allowed)
    if found is None:
        return [Read("", 0.0, "tesseract is not installed") for _ in lines]
    return [tesseract_words(line, words) for line, words in zip(lines, found, strict=True)]


def by_row(data: dict[str, list], rows: list[tuple[int, int]]) -> list[list[Word]]:
    """Return, for each montage row, the (left, text, confidence 0..1) of the words on it."""
    words: list[list[Word]] = [[] for _ in rows]
    for text, conf, left, top, height in zip(data["text"], data["conf"], data["left"],
                                              data["top"], data["height"], strict=True):
        row = next((i for i, (start, stop) in enumerate(rows)
                    if start <= top + height / 2 < stop), None)
        if text.strip() and float(conf) >= 0 and row is not None:
            words[row].append((left, text.strip(), float(conf) / 100))
    return words


def tesseract_words(line: Line, found: list[Word]) -> Read:
    """Return a line's Read from the Tesseract words found on its row: sure only when Tesseract
    is (its confidence mapped from TESSERACT_UNSURE..TESSERACT_SURE to 0..1), every character
    is allowed there, and there is one character for each glyph cut (Tesseract drops a lone
    1 or I, or splits a glyph in two, now and then)."""
    if not found:
        return Read("", 0.0, "tesseract read nothing")
    text = "".join(word for _, word, _ in sorted(found))
    conf = min(conf for _, _, conf in found)
    sure = min(float(np.clip((conf - TESSERACT_UNSURE) / (TESSERACT_SURE - TESSERACT_UNSURE),
                             0, 1)), sharpness(line))
    if any(c not in line.alphabet.upper() for c in text) or len(text) != len(line.glyphs):
        sure = 0.0
    return Read(text, sure, f"tesseract {text} {conf:.2f}")


# --- both ---------------------------------------------------------------------------------------

def auto_read(lines: Sequence[Line]) -> list[Read]:
    """Return template reads, with uncertain lines checked by one Tesseract call."""
    reads = template_read(lines)
    doubtful = [i for i, r in enumerate(reads) if r.uncertain and lines[i].glyphs]
    for i, second in zip(doubtful, tesseract_read([lines[i] for i in doubtful]), strict=True):
        if second.text == reads[i].text:
            both = 1 - (1 - reads[i].confidence) * (1 - second.confidence)
            reads[i] = replace(reads[i], confidence=both, note=reads[i].note + "; tesseract agrees")
        else:
            reads[i] = replace(reads[i], note=f"{reads[i].note}; {second.note or 'tesseract'}")
    return reads


READ: dict[str, Callable[[Sequence[Line]], list[Read]]] = {
    "auto": auto_read, "template": template_read, "tesseract": tesseract_read}


def read_lines(lines: Sequence[Line], reader: str = "auto") -> list[Read]:
    """Return one Read per line, by the named reader (see READERS)."""
    return READ[reader](lines)
