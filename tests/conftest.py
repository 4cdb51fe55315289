"""Shared fixtures: the repo root, ../shared when present, an isolated lexicon cache, the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def find_shared() -> Path | None:
    """Return the shared folder (ASSISTANT_SHARED, or ../shared beside the repo), if present."""
    candidates = [os.environ.get("ASSISTANT_SHARED"), ROOT.parent / "shared",
                  ROOT.parent.parent / "shared"]
    for candidate in candidates:
        if candidate and (Path(candidate) / "RULES.md").exists():
            return Path(candidate)
    return None


@pytest.fixture
def shared() -> Path:
    """The shared folder; the test is skipped when it is absent (as in a user's clone)."""
    path = find_shared()
    if path is None:
        pytest.skip("../shared is not present")
    return path


@pytest.fixture(scope="session")
def enable():
    """The bundled ENABLE lexicon (compiled once per user, cached)."""
    from assistant import wordlist

    return wordlist.load("enable")


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run `python -m assistant ARGS` and return the finished process (text output)."""
    return subprocess.run([sys.executable, "-m", "assistant", *args], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, **(env or {})}, timeout=120)
