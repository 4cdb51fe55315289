"""`assistant eval DIR`: run the screenshot readers on labelled images and count every miss.

DIR/labels.json lists images and what they show (the format of ../shared/real-screens):
  {"file", "game", "tiles", "values"?, "tile_status"?, "blanks"?, "rack"?, ...}
"tiles" is 16 tile texts (Wordament, Bookworm, Boggle) or 15 rows of 15 squares ('.' empty) for
a crossword board; "tile_status" holds Bookworm states; "blanks" lists the [row, col] of played
blanks; "rack" is the rack's letters ('?' a blank).

Each cell counts as right, wrong, or uncertain (the reader said it was unsure: counted apart,
never as right or wrong), separately for tiles (and rack tiles), values and states. An image
the reader cannot read at all is a failure. A game whose reader does not exist yet is listed
and skipped. The exit status is 1 when anything is wrong or failed, else 0.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.numbers import shown
from ..core.types import BadInput
from ..files.user import read_file
from ..vision.timing import Clock
from ..vision.types import Cell, Reading

KINDS = ("tiles", "values", "states")
MAX_LABELS_BYTES = 16 << 20
EMPTY = {"", ".", "#", "_"}


@dataclass
class Expected:
    """What one labelled image shows, cell by cell (None: not labelled, not compared)."""

    tiles: list[str]
    values: list[int | None]
    states: list[str | None]
    rack: list[str] = field(default_factory=list)


def expected(entry: dict[str, Any]) -> Expected:
    """Return a label's cells: tile texts, values and states, and its rack."""
    tiles = entry["tiles"]
    if len(tiles) == 15 and all(len(row) == 15 for row in tiles):  # a crossword board
        squares = [c for row in tiles for c in row]
        blanks = {r * 15 + c for r, c in entry.get("blanks") or []}
        states = [None if c in EMPTY else "blank" if i in blanks else "normal"
                  for i, c in enumerate(squares)]
        return Expected([text(c) for c in squares], [None] * 225, states,
                        list(entry.get("rack") or ""))
    count = len(tiles)
    return Expected([text(t) for t in tiles], entry.get("values") or [None] * count,
                    entry.get("tile_status") or [None] * count)


def text(tile: str | None) -> str:
    """Return a tile text in the form compared: upper case, '' for an empty square."""
    tile = (tile or "").strip()
    return "" if tile in EMPTY else tile.upper()


def state(cell_state: str | None, cell_text: str, crossword: bool) -> str:
    """Return a read state in the form compared (crossword squares: blank or normal)."""
    if crossword:
        return "blank" if cell_state == "blank" or cell_text.islower() else "normal"
    return cell_state or "normal"


def compare(want: Expected, reading: Reading) -> tuple[dict[str, list[int]], list[str],
                                                       list[str]]:
    """Return counts {kind: [right, wrong, uncertain]}, the wrong cells and the uncertain ones."""
    counts = {kind: [0, 0, 0] for kind in KINDS}
    found: tuple[list[str], list[str], list[str]] = ([], [], [])  # right, wrong, uncertain
    wants = [*zip(want.tiles, want.values, want.states, strict=True),
             *((t if t == "?" else text(t), None, None) for t in want.rack)]
    for i, (truths, cell) in enumerate(zip(wants, reading.cells + reading.rack, strict=True)):
        for kind, truth in zip(KINDS, truths, strict=True):
            if truth is not None:
                verdict, line = judge(reading, i, cell, kind, truth)
                counts[kind][verdict] += 1
                found[verdict].append(line)
    return counts, found[1], found[2]


def judge(reading: Reading, i: int, cell: Cell, kind: str, truth: Any) -> tuple[int, str]:
    """Return (0 right, 1 wrong or 2 uncertain) for one kind of one cell, and a line on it."""
    got = {"tiles": text(cell.text) if cell.text != "?" else "?", "values": cell.value,
           "states": state(cell.state, cell.text, reading.rows == 15)}[kind]
    name = f"{cell_name(reading, i)} {kind[:-1]}"
    if cell.uncertain or (kind == "values" and cell.value_uncertain):
        return 2, f"{name}: {got!r}? {cell.confidence:.2f} (label {truth!r}; {cell.note})"
    if got == truth:
        return 0, ""
    return 1, f"{name}: read {got!r}, label {truth!r} ({cell.note})"


def cell_name(reading: Reading, i: int) -> str:
    """Return a cell's name: r2c3 (from 1), or rack4."""
    if i >= len(reading.cells):
        return f"rack{i - len(reading.cells) + 1}"
    return f"r{i // reading.cols + 1}c{i % reading.cols + 1}"


def read_image(directory: Path, entry: dict[str, Any], reader: str) -> dict[str, Any]:
    """Return one image's outcome: counts, wrong and uncertain cells, time to read."""
    from .. import vision
    from ..vision.image import load_image

    outcome: dict[str, Any] = {"file": entry["file"], "game": entry["game"]}
    want = expected(entry)
    try:
        frame = load_image(directory / entry["file"])
        clock = Clock()
        reading = vision.read_board(entry["game"], frame, reader, language_of(entry))
        outcome["ms"] = clock.total()
    except BadInput as err:
        return {**outcome, "status": "failed", "error": str(err)}
    if len(reading.cells) != len(want.tiles) or len(reading.rack) != len(want.rack):
        return {**outcome, "status": "failed", "error": f"read {reading.rows}x{reading.cols} "
                f"cells and a rack of {len(reading.rack)}; the label has {len(want.tiles)} "
                f"cells and a rack of {len(want.rack)}"}
    counts, wrong, doubts = compare(want, reading)
    return {**outcome, "status": "read", "counts": counts, "wrong": wrong, "uncertain": doubts}


def language_of(entry: dict[str, Any]) -> str:
    """Return the code of the language a label names (its game read as a player of it would,
    with --language), English when it names none or its game's reader reads English only."""
    from ..core.rules.languages import LANGUAGES
    from ..vision.games import reader

    codes = [code for code, tongue in LANGUAGES.items() if tongue.name == entry.get("language")]
    in_languages = getattr(reader(entry["game"]), "IN_LANGUAGES", False)
    return codes[0] if codes and in_languages else "en"


def labels(directory: Path) -> list[dict[str, Any]]:
    """Return the entries of DIR/labels.json, or raise BadInput saying what is wrong."""
    path = directory / "labels.json"
    data = read_file(path, "a labels file", MAX_LABELS_BYTES, missing=" (eval needs a labels.json)")
    try:
        entries = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as err:
        raise BadInput(f"{path}: not a readable JSON list of labels ({err})") from None
    if not isinstance(entries, list) or not all(
            isinstance(e, dict) and {"file", "game", "tiles"} <= set(e)
            and isinstance(e["file"], str) and isinstance(e["game"], str) for e in entries):
        raise BadInput(f"{path}: expected a list of {{file, game, tiles, ...}} objects")
    return entries


def run(directory: str, reader: str = "auto", games: Sequence[str] | None = None) -> dict:
    """Return the evaluation report of every labelled image in a directory."""
    from .. import vision

    folder = Path(directory)
    entries = chosen(labels(folder), games, folder / "labels.json")
    known = [e for e in entries if e["game"] in vision.READERS]
    images = [read_image(folder, e, reader) for e in known]
    missing = sorted({e["game"] for e in entries} - {e["game"] for e in known})
    return {"directory": str(folder), "reader": reader, "images": images,
            "games": {g: summary([i for i in images if i["game"] == g])
                      for g in sorted({e["game"] for e in known})},
            "missing_readers": {g: sum(e["game"] == g for e in entries) for g in missing},
            "wrong": sum(sum(c[1] for c in i["counts"].values()) for i in images
                         if i["status"] == "read"),
            "failed": sum(i["status"] == "failed" for i in images)}


def chosen(entries: list[dict[str, Any]], games: Sequence[str] | None,
           where: Path) -> list[dict[str, Any]]:
    """Return the labelled images of these games (a game by the project's name, as in --game,
    or the labels' own: bookworm takes bookworm_adventures, boggle both boggle_*); BadInput
    for a game no reader knows, or when none is labelled."""
    from ..vision import READERS

    if not games:
        return entries
    for game in games:
        if game not in READERS:
            raise BadInput(f"eval --game {shown(game)}: not a game (known: "
                           f"{', '.join(sorted(set(READERS.values())))})")
    picked = [e for e in entries if any(
        e["game"] == g or g == READERS[g] == READERS.get(e["game"]) for g in games)]
    if not picked:
        raise BadInput(f"{where}: no images labelled {' or '.join(games)} (it labels "
                       f"{', '.join(sorted({str(e['game']) for e in entries})) or 'none'})")
    return picked


def summary(images: list[dict[str, Any]]) -> dict[str, Any]:
    """Return one game's totals: right/wrong/uncertain per kind, accuracy, time per image."""
    read = [i for i in images if i["status"] == "read"]
    out: dict[str, Any] = {"images": len(images), "failed": len(images) - len(read)}
    for kind in KINDS:
        right, wrong, unsure = (sum(i["counts"][kind][k] for i in read) for k in range(3))
        total = right + wrong + unsure
        out[kind] = {"right": right, "wrong": wrong, "uncertain": unsure, "total": total,
                     "accuracy": round(right / total, 4) if total else None}
    times = [i["ms"] for i in images if "ms" in i]
    out["ms_median"] = round(statistics.median(times), 1) if times else None
    return out


def status(report: dict[str, Any]) -> int:
    """Return the exit status: 1 when any cell was wrong or any image failed, else 0."""
    return 1 if report["wrong"] or report["failed"] else 0


def render(report: dict[str, Any]) -> str:
    """Return the readable report: a line per game, then every miss and every doubt."""
    lines = [f"reader {report['reader']} on {report['directory']}"]
    for game, s in report["games"].items():
        parts = [f"{kind} " + fraction(s[kind]) for kind in KINDS if s[kind]["total"]]
        lines.append(f"  {game}: {s['images']} images ({s['failed']} failed), "
                     + "; ".join(parts) + f"; median {s['ms_median']} ms per image")
    for image in report["images"]:
        head = f"  {image['file']}: " + (f"{image['ms']} ms" if "ms" in image else "")
        if image["status"] == "failed":
            lines.append(f"{head} FAILED: {image['error']}")
            continue
        lines.append(head)
        lines += [f"    WRONG {w}" for w in image["wrong"]]
        lines += [f"    uncertain {u}" for u in image["uncertain"]]
    for game, count in report["missing_readers"].items():
        lines.append(f"  {game}: no reader yet ({count} images not read)")
    lines.append(f"{report['wrong']} wrong, {report['failed']} failed")
    return "\n".join(lines)


def fraction(counts: dict[str, Any]) -> str:
    """Return 'right/total right (accuracy), wrong, uncertain' for one kind."""
    accuracy = f"{100 * counts['accuracy']:.1f}%" if counts["accuracy"] is not None else "-"
    return (f"{counts['right']}/{counts['total']} right ({accuracy}), {counts['wrong']} wrong, "
            f"{counts['uncertain']} uncertain")
