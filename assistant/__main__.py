"""python -m assistant: the command line."""

from .cli import run

run()
