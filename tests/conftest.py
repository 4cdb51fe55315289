"""Shared fixtures: the repo root, ../shared (skip without it; fail in CI), ENABLE, the CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import pytest

from assistant.core.lexicon import Lexicon
from assistant.files import wordlist

REPO = ROOT = Path(__file__).resolve().parents[1]


def find_shared() -> Path | None:
    """Return the shared folder ($ASSISTANT_SHARED, ../shared, ../../shared, or the one beside
    the local repository this one was cloned from), else None."""
    candidates = [os.environ.get("ASSISTANT_SHARED"), REPO.parent / "shared",
                  REPO.parent.parent / "shared", origin_parent() / "shared"]
    return next((Path(c) for c in candidates if c and (Path(c) / "RULES.md").exists()), None)


def origin_parent() -> Path:
    """Return the folder holding the repository this clone came from, when that is a local
    path (a clone made in a temporary folder), else the repository's own folder."""
    found = subprocess.run(["git", "-C", str(REPO), "remote", "get-url", "origin"],
                           capture_output=True, text=True, check=False).stdout.strip()
    origin = Path(found) if found else REPO
    return origin.resolve().parent if origin.is_dir() else REPO.parent


def unavailable(what: str) -> NoReturn:
    """Skip a test that needs what is missing here; fail it when $ASSISTANT_NO_SKIPS is set
    (CI: it has ../shared beside its clone, and `make test` installs the fonts), where a skip
    would check nothing."""
    if os.environ.get("ASSISTANT_NO_SKIPS"):
        pytest.fail(f"{what}, and CI runs every test (ASSISTANT_NO_SKIPS is set)")
    pytest.skip(what)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The shared folder (real screenshots, labels, lexicons); without it the test is
    unavailable (skipped, failed in CI)."""
    found = find_shared()
    if found is None:
        unavailable("../shared is absent (set ASSISTANT_SHARED to run this test)")
    return found


@pytest.fixture(scope="session", autouse=True)
def private_data_dir(tmp_path_factory):
    """Point ASSISTANT_DATA_DIR at a temporary folder for the whole session (child processes
    inherit it), so no test reads or writes the user's own history."""
    saved = os.environ.get("ASSISTANT_DATA_DIR")
    os.environ["ASSISTANT_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))
    yield Path(os.environ["ASSISTANT_DATA_DIR"])
    os.environ.pop("ASSISTANT_DATA_DIR") if saved is None else os.environ.update(
        {"ASSISTANT_DATA_DIR": saved})


@pytest.fixture(autouse=True)
def no_tesseract_answers_kept():
    """Each test starts with no Tesseract answer remembered (some count Tesseract's calls)."""
    ocr = sys.modules.get("assistant.vision.ocr")
    if ocr is not None:
        ocr.ANSWERS.clear()


@pytest.fixture(scope="session")
def enable() -> Lexicon:
    """The bundled ENABLE word list, compiled (and cached) once."""
    return wordlist.load("enable")


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run `python -m assistant ARGS` and return the finished process (text output)."""
    return subprocess.run([sys.executable, "-m", "assistant", *args], capture_output=True,
                          text=True, cwd=REPO, env={**os.environ, **(env or {})}, timeout=120)


@pytest.fixture(scope="session")
def xserver():
    """A bare Xvfb (no window manager) for the session; DISPLAY and XAUTHORITY point at it
    for this process too (pyautogui and python-xlib read them once, at import)."""
    from tests.xserver import XServer

    with XServer() as server:
        saved = {k: os.environ.get(k) for k in ("DISPLAY", "XAUTHORITY")}
        os.environ.update({k: server.env[k] for k in saved})
        yield server
        for key, value in saved.items():
            os.environ.pop(key, None) if value is None else os.environ.update({key: value})


@pytest.fixture(scope="session")
def xserver_wm():
    """An Xvfb with the openbox window manager (frames, _NET_* lists), for child processes."""
    from tests.xserver import XServer

    with XServer(wm=True) as server:
        yield server


T = TypeVar("T")


def spy(real: Callable[..., T], calls: list[Any], note: Callable[[], Any] = lambda: 1
        ) -> Callable[..., T]:
    """Return a function that calls real, first noting each call in calls (note() of it)."""
    def call(*args: Any, **kwargs: Any) -> T:
        calls.append(note())
        return real(*args, **kwargs)
    return call
