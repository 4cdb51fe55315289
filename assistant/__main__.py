"""python -m assistant: the command line."""

from .cli import main

raise SystemExit(main())
