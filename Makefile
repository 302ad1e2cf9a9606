# `make run` serves the API; `make test` runs lint, types and every test, end to end included.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint types unit contract e2e bench wrk workers openapi examples clean browser \
	instructions

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/gunicorn -c gunicorn.conf.py

lint: $(STAMP)
	$(BIN)/ruff check service tests bench gunicorn.conf.py

types: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) browser
	$(BIN)/pytest

# The /docs browser test drives Debian's chromium: installed here when absent and possible
# (root and a package source); otherwise that one test is skipped and says why.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
	    >/dev/null 2>&1 || \
	  echo "chromium could not be installed: the /docs browser test will be skipped"; }

# schemathesis against the live gunicorn server, started and stopped by the script.
contract: $(STAMP)
	$(BIN)/python tests/run_schemathesis.py

test: lint types unit contract

# The reference riichi scorer lives in its own environment, for the benchmark only.
RIICHI := bench/.venv-riichi
$(RIICHI)/.installed:
	$(PYTHON) -m venv $(RIICHI)
	$(RIICHI)/bin/pip install --quiet 'mahjong==2.1.0'
	touch $@

# wrk, the HTTP load tool, from Debian's packages.
wrk:
	command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)

bench: $(STAMP) $(RIICHI)/.installed wrk
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/score.py
	$(BIN)/python bench/worst.py
	$(BIN)/python bench/throughput.py

# CPU instructions per call under valgrind (Debian's package): score() of each ruleset, and
# whole WSGI calls of /healthz and of a score POST. Unmoved by a busy machine; a few minutes.
instructions: $(STAMP)
	command -v valgrind >/dev/null || (apt-get update -qq && apt-get install -y -qq valgrind)
	$(BIN)/python bench/instructions.py

# sync, gthread and gevent workers in turns: wrk throughput and answers under 50 slow clients
# (docs/operations.md). About 5 minutes; WORKERS_ARGS="4 1" (seconds, rounds) for a quick look.
workers: $(STAMP) wrk
	$(BIN)/python bench/workers.py $(WORKERS_ARGS)

openapi: $(STAMP)
	$(BIN)/python -m service.openapi > openapi.yaml

# After a deliberate change to an answer: rewrite the contract's example answers, then
# `make openapi`; review both diffs.
examples: $(STAMP)
	$(BIN)/python -m service.openapi --refresh-examples

clean:
	rm -rf $(VENV) $(RIICHI) .mypy_cache .pytest_cache .ruff_cache
