"""python -m assistant: the command line."""

from .cli import run

if __name__ == "__main__":  # not when a spawned worker (Windows, macOS) imports it as __mp_main__
    run()
