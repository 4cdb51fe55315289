"""The package's layout holds: no import cycle between folders or between modules, and no folder
imports a folder of a higher layer (every import counts: at the top, inside a function, under
TYPE_CHECKING). `python -m tests.import_graph` prints the graph these check."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.import_graph import (
    PACKAGE,
    ROOT,
    TOP,
    cycles,
    folder_graph,
    module_graph,
    modules,
)

# the layers, lowest first: a folder imports only folders of lower layers. The data flow runs
# up them: screen (adapters) -> locate and read (vision) -> solve (core, through profiles) ->
# gestures (profiles) -> mouse (adapters); the uses sit on top of it, the command line on them.
LAYERS = (
    {ROOT, "core"},  # the version; the game logic, pure: standard library only
    {"files"},  # files the user names, the shipped files, the per-user folders, word lists
    {"vision"},  # locate and read a board in an image
    {"profiles", "adapters"},  # per-game glue (solve, gestures); screen, windows, mouse, overlay
    {"live", "store", "screenshot", "practice"},  # the live game; history; solve IMAGE; practice
    {"wordament", "bookworm"},  # play wordament; overlay bookworm
    {"crossword"},  # overlay wordfeud|scrabble|wwf: the Bookworm overlay's watch, its own parts
    {TOP},  # cli.py, options.py, history.py, wordsearch.py: the command line, the Python API
)


def layer(folder: str) -> int:
    """Return the layer a folder belongs to (KeyError for a folder LAYERS does not place)."""
    return next(number for number, folders in enumerate(LAYERS) if folder in folders)


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Return the imports (folder, imported folder) that do not go to a lower layer."""
    return sorted((home, target) for home, targets in graph.items() for target in targets
                  if layer(target) >= layer(home))


def outside_stdlib(package: Path = PACKAGE) -> list[tuple[str, str]]:
    """Return the imports (core module, imported) of core/ that are not the standard library's
    or core's own."""
    found = []
    for name, source in modules(package).items():
        if not name.startswith(f"{package.name}.core"):
            continue
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            if isinstance(node, ast.Import):
                named = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                named = [node.module or ""]
            else:
                continue
            found += [(name, each) for each in named
                      if each.split(".")[0] not in sys.stdlib_module_names]
    return found + sorted((name, target) for name, targets in module_graph(package).items()
                          if name.startswith(f"{package.name}.core")
                          for target in targets if not target.startswith(f"{package.name}.core"))


def test_every_folder_has_a_layer():
    folders = {*folder_graph(), *(t for ts in folder_graph().values() for t in ts)}
    assert {"core", "live", "wordament", "bookworm", "crossword", TOP} <= folders
    assert folders == set().union(*LAYERS), "place each folder in LAYERS"


def test_no_import_cycle_between_folders():
    assert cycles(folder_graph()) == []


def test_no_import_cycle_between_modules():
    assert len(module_graph()) > 90
    assert cycles(module_graph()) == []


def test_no_folder_imports_a_higher_layer():
    graph = folder_graph()
    assert "core" in graph["vision"] and "live" in graph["wordament"]
    assert upward(graph) == []


def test_core_imports_only_the_standard_library():
    assert outside_stdlib() == []


def write(root: Path, files: dict[str, str]) -> Path:
    """Write a package of source files under root; return the package's folder."""
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root / "assistant"


def test_the_checks_catch_cycles_and_upward_imports(tmp_path):
    package = write(tmp_path, {
        "assistant/__init__.py": "",
        "assistant/cli.py": "from .live import target\n",
        "assistant/core/__init__.py": "",
        "assistant/core/grid.py": "import numpy\n\ndef f():\n    from ..live import target\n",
        "assistant/live/__init__.py": "",
        "assistant/live/target.py": "from typing import TYPE_CHECKING\n"
                                    "if TYPE_CHECKING:\n    from ..core.grid import f\n",
        "assistant/wordament/__init__.py": "",
        "assistant/wordament/player.py": "from . import watcher\nfrom ..live import target\n",
        "assistant/wordament/watcher.py": "import assistant.wordament.player\n",
    })
    graph = folder_graph(package)
    assert graph == {ROOT: set(), TOP: {"live"}, "core": {"live"}, "live": {"core"},
                     "wordament": {"live"}}
    assert cycles(graph) == [["core", "live"]]
    assert cycles(module_graph(package)) == [
        ["assistant.core.grid", "assistant.live.target"],
        ["assistant.wordament.player", "assistant.wordament.watcher"]]
    assert upward(graph) == [("core", "live")]
    assert outside_stdlib(package) == [("assistant.core.grid", "numpy"),
                                       ("assistant.core.grid", "assistant.live.target")]
