# suiri — the two commands of a fresh machine: `make demo` and `make test`.
# `make test` is CI: lint, types and every test with the full sweeps, in parallel.
# `make test-fast` is the edit-test loop: a seeded tenth of the sweeps, stop at the first failure.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-fast lint typecheck bench clean

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

# mypy sees the folders as the package `suiri` through links (see [tool.mypy] in pyproject.toml).
typecheck: $(STAMP)
	mkdir -p $(VENV)/typecheck/suiri
	for p in solver models cli puzzles; do ln -sfn ../../../$$p $(VENV)/typecheck/suiri/$$p; done
	$(BIN)/mypy -p suiri.solver -p suiri.models -p suiri.puzzles -p suiri.cli

test: $(STAMP) lint typecheck
	$(BIN)/pytest -n auto --full

test-fast: $(STAMP)
	$(BIN)/pytest -n auto -x -q

bench: $(STAMP)
	$(BIN)/python -m compileall -q solver models cli puzzles
	$(BIN)/python bench/run.py --out docs/performance.md

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
