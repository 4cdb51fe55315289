"""Shared test fixtures: where ../shared is (skip when absent) and the bundled lexicon."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from assistant import wordlist
from assistant.core.lexicon import Lexicon

REPO = Path(__file__).resolve().parents[1]


def find_shared() -> Path | None:
    """Return the shared directory: $ASSISTANT_SHARED, ../shared or ../../shared; else None."""
    candidates = [os.environ.get("ASSISTANT_SHARED"), REPO.parent / "shared",
                  REPO.parent.parent / "shared"]
    return next((Path(c) for c in candidates if c and Path(c).is_dir()), None)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The shared directory (real screenshots, labels, lexicons); the test skips without it."""
    found = find_shared()
    if found is None:
        pytest.skip("../shared is absent (set ASSISTANT_SHARED to run this test)")
    return found


@pytest.fixture(scope="session")
def enable() -> Lexicon:
    """The bundled ENABLE word list, compiled (and cached) once."""
    return wordlist.load("enable")
