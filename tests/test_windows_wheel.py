"""The wheel a user installs, run by the Windows Python under Wine (`make test-windows`).

The pure-Python wheel is built from this checkout (`python -m build --wheel`), installed with
the Windows pip into a folder of its own (`pip install --no-deps --target`: the cached Windows
Python's site-packages, which the other Wine tests share, is left as it is; numpy, OpenCV and
the rest come from there), and run from an unrelated folder with PYTHONPATH naming only that
folder, so every file of the program comes from the wheel. `solve IMAGE` must print what the
Linux checkout prints for the same screenshot. Tesseract is not installed under Wine: the
example board is read by the templates alone (no tile is left uncertain, so the default reader
never asks Tesseract; asserted on the Linux run). Each Windows process here is started in the
foreground, one at a time, its streams pipes (as tests/windows_setup.py does), so it needs no
Windows driver.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path, PureWindowsPath

import pytest

from tests import windows_setup as harness
from tests.conftest import REPO, run_cli, unavailable
from tests.xserver import XServer

pytestmark = pytest.mark.wine

SHOT = REPO / "templates" / "examples" / "wordament.png"
SOLVE = ["solve", "--game", "wordament", "wordament.png", "--json"]
WHERE = ("import json, sys, assistant; from assistant.files import shipped; "
         "print(json.dumps({'file': assistant.__file__, 'path': sys.path, "
         "'lexicon': str(shipped.shipped('lexicons', 'enable.txt'))}))")


def build_wheel(folder: Path) -> Path:
    """Build the wheel from this checkout into the folder; return it."""
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation",
                            "--outdir", str(folder), str(REPO)], capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = folder.glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def windows(tmp_path_factory) -> dict:
    """Install the wheel into a folder for the Windows Python and run it from another folder;
    return the folders and the finished processes (pip, --version, solve, where it imports)."""
    try:
        harness.set_up()
    except harness.Unavailable as missing:
        unavailable(str(missing))
    top = tmp_path_factory.mktemp("wheel-wine")
    wheel, target, elsewhere = build_wheel(top / "dist"), top / "target", top / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(SHOT, elsewhere / "wordament.png")
    python = str(harness.python_exe())
    with XServer() as server:
        env = harness.wine_env(server.env)
        pip = harness.wine(python, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                           "--no-cache-dir", "--disable-pip-version-check", "--target",
                           harness.windows_path(target), harness.windows_path(wheel),
                           env=env, timeout=300)
        env.update(PYTHONPATH=harness.windows_path(target),  # the wheel's files only
                   ASSISTANT_CACHE_DIR=harness.windows_path(top / "cache"),
                   ASSISTANT_DATA_DIR=harness.windows_path(top / "data"))

        def run(*args: str) -> subprocess.CompletedProcess:
            """Run the Windows Python on ARGS in the foreground, from the unrelated folder."""
            return subprocess.run(["wine", python, *args], env=env, cwd=elsewhere,
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=300)

        ran = {"pip": pip, "version": run("-m", "assistant", "--version"),
               "solve": run("-m", "assistant", *SOLVE), "where": run("-c", WHERE)}
    return {"target": harness.windows_path(target), **ran}


def under(path: str, folder: str) -> bool:
    """True when the Windows path lies in the Windows folder."""
    return PureWindowsPath(folder.lower()) in PureWindowsPath(path.lower()).parents


def test_the_wheel_installs_into_a_folder_of_its_own(windows):
    assert windows["pip"].returncode == 0, windows["pip"].stdout + windows["pip"].stderr


def test_the_program_comes_from_the_wheel_not_the_checkout(windows):
    assert windows["where"].returncode == 0, windows["where"].stderr
    where = json.loads(windows["where"].stdout)
    assert under(where["file"], windows["target"]), where
    assert under(where["lexicon"], windows["target"]), where
    checkout = harness.windows_path(REPO).lower()
    assert not [p for p in where["path"] if p and p.lower().startswith(checkout)], where["path"]


def test_version_under_windows_prints_what_the_checkout_prints(windows):
    version, linux = windows["version"], run_cli("--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout == linux.stdout == "assistant 0.2.0 (the wordgame-assistant package)\n"


def test_solve_image_under_windows_finds_the_words_the_checkout_finds(windows):
    solved = windows["solve"]
    assert solved.returncode == 0, solved.stderr
    linux = run_cli(*SOLVE[:3], str(SHOT), "--json")  # an independent process, on Linux
    assert linux.returncode == 0, linux.stderr
    ours, theirs = json.loads(solved.stdout), json.loads(linux.stdout)
    assert theirs["read"]["uncertain"] == []  # templates alone: Tesseract (missing here) unasked
    assert len(theirs["words"]) > 100
    assert ours["words"] == theirs["words"]
    ours.pop("timings_ms"), theirs.pop("timings_ms")
    assert ours == theirs
