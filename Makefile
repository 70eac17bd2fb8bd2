# suiri — the two commands of a fresh machine: `make demo` and `make test`.
# `make test` is CI: lint, types (tests/unit/test_typing.py) and every test with the full sweeps, in parallel.
# `make test-fast` is the edit-test loop: a seeded tenth of the sweeps, stop at the first failure.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-fast lint typecheck bench clean

# Quiet but not silent: pip's --quiet still prints its warnings and errors, and make stops
# at the first failing step and names it.  The one message filtered out is setuptools'
# notice that every editable install of a mapped layout gets ("Editable installation. Please
# be careful with folders ..."): it is information, not a problem.
$(STAMP): pyproject.toml
	@echo "Installing suiri and its dependencies into $(VENV) (a minute or two the first time)…"
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/pip install --quiet --upgrade pip
	@PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet -e '.[dev]'
	@$(BIN)/python -m compileall -q solver models puzzles arena cli  # byte-code up front: some machines set PYTHONDONTWRITEBYTECODE
	@touch $(STAMP)
	@echo "Installed: . $(BIN)/activate puts suiri on the PATH."

demo: $(STAMP)
	@echo '$$ suiri analyze "$$(suiri examples canary-3p --path)"'
	@$(BIN)/suiri analyze "$$($(BIN)/suiri examples canary-3p --path)"

lint: $(STAMP)
	$(BIN)/ruff check solver models puzzles arena cli tests bench

# mypy sees the folders as the package `suiri` through links (see [tool.mypy] in pyproject.toml).
typecheck: $(STAMP)
	mkdir -p $(VENV)/typecheck/suiri
	for p in solver models puzzles arena cli; do ln -sfn ../../../$$p $(VENV)/typecheck/suiri/$$p; done
	$(BIN)/mypy -p suiri.solver -p suiri.models -p suiri.puzzles -p suiri.arena -p suiri.cli

# lint runs beside the tests (a failure still fails `make test`); the types are checked by
# tests/unit/test_typing.py, whose mypy run (`--full` only) is `make typecheck`'s check with
# the typed-expression report added, so mypy runs once; --dist worksteal lets an idle worker
# take tests queued on the busy one.
test: $(STAMP)
	@$(MAKE) --no-print-directory lint & checks=$$!; \
	$(BIN)/pytest -n auto --dist worksteal --full; tests=$$?; \
	wait $$checks && exit $$tests

test-fast: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal -x -q

bench: $(STAMP)
	$(BIN)/python -m compileall -q solver models puzzles arena cli
	$(BIN)/python bench/run.py --out docs/performance.md
	$(BIN)/python bench/bots.py --players canary=3 --out docs/bots.md  # the tournament figures (issue 21; Canary at 3 players, which the issue allows)
	$(BIN)/python bench/clue.py --out docs/bots.md  # Clue: suggestions until certain (issue 21)
	$(BIN)/python bench/web.py --out docs/performance.md  # suiri serve: 20 clients at once (issue 22)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
