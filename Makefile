# suiri — the two commands of a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/python -m compileall -q solver models cli puzzles  # byte-code up front: some machines set PYTHONDONTWRITEBYTECODE
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/suiri analyze "$$($(BIN)/suiri examples canary-3p --path)"

lint: $(STAMP)
	$(BIN)/ruff check solver models cli puzzles tests bench

typecheck: $(STAMP)
	$(BIN)/mypy solver models cli puzzles

test: $(STAMP) lint typecheck
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python -m compileall -q solver models cli puzzles
	$(BIN)/python bench/run.py --out docs/performance.md

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
