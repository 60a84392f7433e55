# cyclades_widgets: two commands to start.
#   make demo   set up .venv and open JupyterLab on the first tutorial
#   make test   set up .venv and run the suite (lint, rules, notebooks, browser), all but
#               the long tests marked slow, which `make reliability` runs (docs/reliability.md)
#
# The environment lives in .venv. Each set of extras has a stamp file in .venv;
# it is rebuilt only when pyproject.toml is newer than the stamp.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python

# JupyterLab refuses to start as root unless told.
ALLOW_ROOT := $(shell [ "$$(id -u)" = "0" ] && echo --allow-root)

# The first tutorial, else just the Lab home. The tutorials live in notebooks/<lang>/
# (en, fr, zh), generated from tools/notebooks/<lang>/: `make demo DEMO_LANG=zh` opens the
# Chinese track (each track sets its own language in its first cell).
DEMO_LANG ?= en
DEMO_NB := $(firstword $(wildcard notebooks/$(DEMO_LANG)/01-first-look.ipynb))

# nbmake executes every tutorial of every language folder.
NB_DIR := $(if $(wildcard notebooks/*/*.ipynb),notebooks,)

# The board's front end (js/): its packages, when npm is there (tests/test_frontend.py
# skips without them, except in CI).
JS_DEPS := $(if $(shell command -v npm),js/node_modules/.package-lock.json,)

# The Pyodide runtime in lite/node_modules (npm ci in lite/), for tests/test_lite.py, which
# plays a cycle under the JupyterLite kernel's Python (skipped without it, except in CI).
LITE_DEPS := $(if $(shell command -v npm),lite/node_modules/.package-lock.json,)

.DEFAULT_GOAL := help

# The release files (python -m build: the sdist, then the wheel built from it), made once and
# reused by every packaging check, the Lite site and the fresh-venv tests (CYCLADES_DIST).
DIST := dist
# The documentation site (Sphinx + MyST-NB; docs/site.md).
DOCS_OUT := _build/docs
SPHINX   = $(BIN)/sphinx-build -j auto -b html -c docs . $(DOCS_OUT)

.PHONY: help demo test lint format typecheck bench bench-quick reliability lite lite-test env env-test clean js dist docs

help:
	@echo "make demo         set up .venv and open JupyterLab on the first tutorial"
	@echo "make test         set up .venv and run the suite: ruff, mypy, doctests, docs, pytest (rules,"
	@echo "                  notebooks, browser, the short reliability run); leaves out what is marked slow"
	@echo "make lint         ruff check + ruff format --check"
	@echo "make format       ruff format + ruff check --fix"
	@echo "make typecheck    mypy --strict on the whole package"
	@echo "make bench        benchmarks (python benchmarks/run.py)"
	@echo "make bench-quick  a short benchmark run"
	@echo "make reliability  the long run: the tests marked slow (what make test leaves out) and the"
	@echo "                  reliability suite at full size (CYCLADES_LONG=1: 10,000 games; about 35 min)"
	@echo "make lite         build a JupyterLite site into _output/ (docs/launching.md)"
	@echo "make lite-test    build the JupyterLite site and check it (tests/test_lite.py)"
	@echo "make js           rebuild the board's front-end bundle (js/src -> cyclades_widgets/static)"
	@echo "make dist         build the sdist and the wheel into dist/ and run twine check"
	@echo "make docs         build the documentation site into _build/docs (docs/site.md)"
	@echo "make clean        remove .venv, build outputs and caches"

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.stamp-%: pyproject.toml | $(PY)
	$(PY) -m pip install -e '.[$*]'
	@touch $@

env: $(VENV)/.stamp-widgets
env-test: $(VENV)/.stamp-test

demo: $(VENV)/.stamp-widgets
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 $(ALLOW_ROOT) $(DEMO_NB)

# `npm install` (not `npm ci`) because npm 11's `ci` refuses this lock file: vite lists an
# optional Windows-only dependency that the lock cannot record. `install` follows the lock
# and leaves it unchanged.
js/node_modules/.package-lock.json: js/package-lock.json
	cd js && npm install --no-audit --no-fund

js: js/node_modules/.package-lock.json
	cd js && npm run build

# The suite: lint, rules, notebooks, the board in JupyterLab + Chromium, the release
# files (built once, then installed in a fresh venv by the tests), the documentation site
# (warnings are errors) and the JupyterLite site (built first, so their checks run too
# instead of skipping). Tests marked slow are left out (each keeps a short version here);
# `make reliability` runs them. CI (.ci/run) calls this target. The tests that need no
# browser run on both cores (pytest-xdist, a test module's tests on one core, so a
# notebook a module runs several times is run once there); the browser tests share one
# JupyterLab, one at a time.
SITES := CYCLADES_LITE_SITE=$(CURDIR)/_output CYCLADES_DIST=$(CURDIR)/$(DIST) \
	CYCLADES_DOCS_SITE=$(CURDIR)/$(DOCS_OUT)
test: $(VENV)/.stamp-test $(JS_DEPS) $(LITE_DEPS) dist lite
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest --doctest-modules cyclades_widgets -q
	$(SPHINX) -W --keep-going -q
	$(SITES) $(BIN)/pytest tests $(NB_DIR) --nbmake --nbmake-timeout=600 -n 2 --dist loadscope \
		--ignore=tests/browser -m "not slow"
	$(SITES) $(BIN)/pytest tests/browser -m "not slow"

dist: $(VENV)/.stamp-test
	rm -rf $(DIST)
	$(PY) -m build --outdir $(DIST) .
	$(BIN)/twine check --strict $(DIST)/*

# Re-running only re-executes the tutorials that changed (jupyter-cache in _build/).
docs: $(VENV)/.stamp-docs
	$(SPHINX)
	@echo "open $(DOCS_OUT)/docs/index.html"

lint: $(VENV)/.stamp-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.stamp-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

typecheck: $(VENV)/.stamp-test
	$(BIN)/mypy

bench: $(VENV)/.stamp-bench
	$(PY) benchmarks/run.py

bench-quick: $(VENV)/.stamp-bench
	$(PY) benchmarks/run.py --quick

# The long run: every test marked slow, and the reliability suite (tests/reliability and
# the fuzzers marked reliability) at its long size. By hand, before a release.
reliability: $(VENV)/.stamp-test
	CYCLADES_LONG=1 $(BIN)/pytest tests -m "slow or reliability"

# JupyterLite: a static site with the tutorials and a Pyodide kernel, served from _output/
# (try it with: python -m http.server -d _output). See docs/launching.md.
# build/lite/ stages what goes in: our wheel (from make dist) and the pure-Python wheels of lite/wheels.txt
# (the site's piplite index), and copies of the notebooks with an install cell
# (lite/prepare_contents.py). The lab extensions (ipywidgets, anywidget, ipycanvas) come from
# the packages installed in .venv. lite/jupyter_lite_config.json names the same folders.
LITE_STAGE  := build/lite
# The Lite kernel's Python (Pyodide 314.0.6, pinned in lite/package.json to match it).
LITE_PYTHON := 3.14

lite/node_modules/.package-lock.json: lite/package-lock.json
	cd lite && npm ci

lite: $(VENV)/.stamp-test $(VENV)/.stamp-lite dist
	rm -rf $(LITE_STAGE) _output
	mkdir -p $(LITE_STAGE)/wheels && cp $(DIST)/*.whl $(LITE_STAGE)/wheels/
	$(PY) -m pip download --quiet --no-deps --only-binary=:all: --implementation py \
		--platform any --python-version $(LITE_PYTHON) -r lite/wheels.txt -d $(LITE_STAGE)/wheels
	$(PY) lite/prepare_contents.py notebooks $(LITE_STAGE)/contents
	$(BIN)/jupyter lite build --lite-dir lite --output-dir _output

# Build the site, then check it with CYCLADES_LITE_SITE set: tests/test_lite.py (contents,
# wheels, extensions, the Pyodide version, a cycle played under Pyodide in Node) and
# tests/browser/test_lite_pyodide.py (the site in Chromium, its kernel on a local Pyodide:
# installs our wheel, plays a cycle, draws the Board).
lite-test: lite $(LITE_DEPS)
	CYCLADES_LITE_SITE=$(CURDIR)/_output $(BIN)/pytest tests/test_lite.py tests/browser/test_lite_pyodide.py

clean:
	rm -rf $(VENV) _output _build dist build .cache .jupyterlite.doit.db test-results .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
