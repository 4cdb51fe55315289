"""The package as a user installs it: the sdist and the wheel built (`python -m build`, the
wheel from the sdist), the wheel installed into a fresh venv outside the checkout, and the
commands run from an unrelated folder print what they print from the checkout, and from the
editable install run in that folder. Run by `make package-check` (marked `package`, so `make
test` leaves it out); the fast checks of the package's configuration run in `make test`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
import tomllib

from assistant import DISTRIBUTION, __version__
from assistant.files import shipped as resources
from assistant.vision.templates import SHEETS
from tests.conftest import REPO, run_cli

BOARD = "EECA/ALEP/HNBO/QTTY"
TILES = "P A O R/A:locked E P S/M:emerald S M U/X V:crystal E U"
SHOT = REPO / "templates" / "examples" / "wordament.png"
MAX_WHEEL_BYTES = 2_000_000  # the lexicon (450 kB packed) and the sheets (460 kB) are most of it
COMMANDS = {  # what a user runs -> its arguments ({shot}: the screenshot copied out)
    "version": ["--version"],
    "solve board": ["solve", "--game", "boggle", "--board", BOARD, "--top", "10"],
    "solve image": ["solve", "--game", "wordament", "{shot}", "--top", "10"],
    "solve bookworm": ["solve", "--game", "bookworm", "--tiles", TILES, "--top", "5"],
    "lexicon info": ["lexicon", "info", "enable"],
    "practice help": ["practice", "wordament", "--help"],
}


# --- the configuration (fast: `make test`) ------------------------------------------------------

def config() -> dict:
    """Return pyproject.toml's setuptools table."""
    return tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_the_package_list_names_every_package_of_the_tree():
    tree = {".".join(p.parent.relative_to(REPO).parts) for p in REPO.glob("assistant/**/*.py")
            if p.name == "__init__.py"}
    mapped = set(config()["package-dir"])
    assert set(config()["packages"]) == tree | mapped
    assert {config()["package-dir"][name] for name in mapped} == {"lexicons", "templates/glyphs"}


def test_the_package_data_is_every_file_the_program_reads():
    data = config()["package-data"]
    assert data["assistant.lexicons"] == ["enable.txt", "README-enable.txt"]
    assert data["assistant.templates.glyphs"] == ["*.png"]
    glyphs = resources.shipped("templates", "glyphs")
    assert sorted(p.stem for p in glyphs.glob("*.png")) == sorted(SHEETS)
    assert resources.shipped("lexicons", "enable.txt").is_file()


def test_version_names_the_package_it_is_installed_by():
    done = run_cli("--version")
    assert (done.returncode, done.stdout, done.stderr) == (
        0, "assistant 0.2.0 (the wordgame-assistant package)\n", "")
    assert __version__ == "0.2.0" and DISTRIBUTION == "wordgame-assistant"


def test_a_checkout_finds_its_files_at_the_top_level():
    assert resources.root() == REPO  # no copy inside the package: the client's top level
    assert not (REPO / "assistant" / "lexicons").exists()


# --- the built package, installed (slow: `make package-check`) ----------------------------------

@dataclass(frozen=True)
class Installed:
    """The built sdist and wheel, the venv the wheel is installed in, an unrelated folder to
    run from, and the environment (fresh user folders) the commands run in."""

    sdist: Path
    wheel: Path
    venv: Path
    elsewhere: Path
    env: dict[str, str]

    @property
    def command(self) -> Path:
        """The console script the wheel installed."""
        return self.venv / ("Scripts/assistant.exe" if os.name == "nt" else "bin/assistant")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    """Build the sdist and the wheel (once), install the wheel into a fresh venv."""
    top = tmp_path_factory.mktemp("package")
    built = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                            str(top / "dist"), str(REPO)], capture_output=True, text=True,
                           timeout=300)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (sdist,), (wheel,) = (top / "dist").glob("*.tar.gz"), (top / "dist").glob("*.whl")
    venv = top / "venv"
    # a venv without pip of its own (ensurepip takes seconds), installed into by this one's pip
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                           str(wheel)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    elsewhere = top / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(SHOT, elsewhere / "wordament.png")
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "ASSISTANT_CACHE_DIR", "ASSISTANT_DATA_DIR")}
    env.update(XDG_CACHE_HOME=str(top / "cache"), XDG_DATA_HOME=str(top / "data"),
               COLUMNS="100", HOME=str(top / "home"))
    return Installed(sdist, wheel, venv, elsewhere, env)


def run(installed: Installed, how: str, args: list[str],
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run the command line as installed from the wheel ('wheel'), as installed editable from
    this checkout ('editable'), or in the checkout ('checkout'), from an unrelated folder (the
    first two) or the checkout's own (the last)."""
    command = ([str(installed.command)] if how == "wheel"
               else [sys.executable, "-m", "assistant"])
    args = [a.format(shot=installed.elsewhere / "wordament.png") for a in args]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=300,
                          cwd=REPO if how == "checkout" else installed.elsewhere,
                          env=env or installed.env)



@pytest.mark.package
def test_the_wheel_is_pure_python_named_for_the_tool_and_small(installed):
    assert installed.wheel.name == (f"{DISTRIBUTION.replace('-', '_')}-{__version__}"
                                    "-py3-none-any.whl")
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = wheel.namelist()
    assert {n.split("/")[0] for n in names} == {
        "assistant", f"{DISTRIBUTION.replace('-', '_')}-{__version__}.dist-info"}
    data = {n for n in names if not n.endswith(".py") and ".dist-info/" not in n}
    assert data == {"assistant/lexicons/enable.txt", "assistant/lexicons/README-enable.txt",
                    *(f"assistant/templates/glyphs/{name}.png" for name in SHEETS)}
    assert not [n for n in names if "__pycache__" in n or "tests/" in n or "examples" in n]
    assert installed.wheel.stat().st_size < MAX_WHEEL_BYTES


@pytest.mark.package
def test_the_sdist_builds_the_wheel_and_holds_no_tests_or_caches(installed):
    with tarfile.open(installed.sdist) as sdist:
        names = sdist.getnames()
    root = f"{DISTRIBUTION.replace('-', '_')}-{__version__}"
    assert f"{root}/lexicons/enable.txt" in names and f"{root}/pyproject.toml" in names
    assert f"{root}/templates/glyphs/open-sans.png" in names
    assert not [n for n in names if n.startswith((f"{root}/tests", f"{root}/.venv"))
                or "__pycache__" in n or "examples" in n]


@pytest.mark.package
@pytest.mark.parametrize("name", COMMANDS)
def test_the_installed_wheel_prints_what_the_checkout_prints(installed, name):
    wheel, editable, checkout = (run(installed, how, COMMANDS[name])
                                 for how in ("wheel", "editable", "checkout"))
    assert wheel.returncode == 0, wheel.stderr
    if name == "lexicon info":  # it names the file: inside the installed package
        shipped = installed.venv.glob("lib/python*/site-packages/assistant/lexicons/enable.txt")
        assert wheel.stdout.startswith(f"{next(shipped)}: 172820 words; 0 entries skipped")
        wheel.stdout = wheel.stdout.replace(wheel.stdout.split(":")[0],
                                            str(REPO / "lexicons" / "enable.txt"))
    assert wheel.stdout == editable.stdout == checkout.stdout != ""


@pytest.mark.package
def test_the_caches_go_to_the_user_folder_named_for_the_tool(installed):
    run(installed, "wheel", COMMANDS["solve image"])
    cache = Path(installed.env["XDG_CACHE_HOME"]) / DISTRIBUTION
    assert list(cache.glob("lexicon-*.marshal")) and list(cache.glob("templates-*.marshal"))
    package = next(installed.venv.glob("lib/python*/site-packages/assistant"))
    assert not [p for p in package.rglob("*") if p.suffix in (".marshal", ".lexc")]


@pytest.mark.package
@pytest.mark.display
def test_the_installed_wheel_plays_a_dry_run_on_a_practice_window(installed, xserver):
    env = {**installed.env, **{k: xserver.env[k] for k in ("DISPLAY", "XAUTHORITY")}}
    game = subprocess.Popen([str(installed.command), "practice", "wordament", "--board", BOARD,
                             "--seconds", "300"], cwd=installed.elsewhere, env=env)
    try:
        xserver.wait_window("Wordament")
        time.sleep(0.5)  # the first board drawn
        args = ["play", "wordament", "--dry-run", "--json", "--wait", "20"]
        wheel, editable = (run(installed, how, args, env) for how in ("wheel", "editable"))
        assert wheel.returncode == 0, wheel.stderr
        assert '"board": "E E C A/A L E P/H N B O/Q T T Y"' in wheel.stdout
        assert wheel.stdout == editable.stdout
    finally:
        game.terminate()
        game.wait(10)
