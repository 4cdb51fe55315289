"""The files the program ships and reads at run time (the word lists of lexicons/, the glyph
templates of templates/glyphs/), found through importlib.resources, so it runs from any folder
and any install.

An installed wheel or sdist holds them inside the package (assistant/lexicons/, assistant/
templates/: pyproject.toml maps the repository's top-level folders there at build time). A
checkout, run in place or installed editable, holds them where the repository keeps them, at
its top level beside the package. Nothing else in the program names these folders' places.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path


@cache
def root() -> Path:
    """Return the folder that holds lexicons/ and templates/: the installed package, or the
    checkout it lies in."""
    package = Path(str(files("assistant")))  # a folder: installs are unzipped
    return package if (package / "lexicons").is_dir() else package.parent


def shipped(*parts: str) -> Path:
    """Return the path of a shipped file or folder, e.g. shipped('lexicons', 'enable.txt')."""
    return root().joinpath(*parts)
