# `make run` serves the API; `make test` runs lint, types and every test, end to end included.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

UV_VERSION := 0.13.9

.PHONY: compile run test lint types unit contract e2e bench check-lines wrk workers load openapi \
	readers examples lock lock-upgrade lock-check clean browser instructions best-reading soak fairness

# Installs exactly the hashed pins of requirements-dev.lock, then what setup.py needs at
# pyproject.toml's pins (mypy is the lock's); `compile` installs the project itself.
$(STAMP): pyproject.toml requirements-dev.lock
	$(PYTHON) tools/lock.py check
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r requirements-dev.lock
	$(BIN)/pip install --quiet $$($(BIN)/python tools/build_requires.py)
	touch $(STAMP)

# The project, installed editable with its scoring core compiled by mypyc into extension
# modules next to the sources (setup.py lists them; no build isolation: the environment's own
# mypy). Rebuilt when a compiled source or setup.py changes; the build writes $(RECORD) last,
# and `import service` refuses a build older than its sources. MAHJONG_INTERPRETED=1 make ...
# installs it uncompiled instead (the same code, slower) and removes an earlier build.
RECORD := service/_compiled.json
COMPILED := $(shell $(PYTHON) -c 'import runpy; print(*runpy.run_path("setup.py")["COMPILED"])')
$(RECORD): $(STAMP) setup.py $(COMPILED)
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .

compile: $(RECORD)

# A lock that no longer matches pyproject.toml fails here, saying what changed.
lock-check:
	$(PYTHON) tools/lock.py check

# Rewrites requirements.lock and requirements-dev.lock from pyproject.toml, keeping the
# current pins where pyproject.toml still allows them; `make lock-upgrade` takes the newest.
lock lock-upgrade:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet uv==$(UV_VERSION)
	$(PYTHON) tools/lock.py compile --uv $(BIN)/uv $(if $(filter lock-upgrade,$@),--upgrade)

run: $(RECORD)
	$(BIN)/gunicorn -c gunicorn.conf.py

lint: $(STAMP)
	$(BIN)/ruff check service tests bench tools gunicorn.conf.py setup.py

types: $(STAMP)
	$(BIN)/mypy

unit: $(RECORD) browser
	$(BIN)/pytest

# The /docs browser test drives Debian's chromium: installed here when absent and possible
# (root and a package source); otherwise that one test is skipped and says why.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
	    >/dev/null 2>&1 || \
	  echo "chromium could not be installed: the /docs browser test will be skipped"; }

# schemathesis against the live gunicorn server, started and stopped by the script.
contract: $(RECORD)
	$(BIN)/python tests/run_schemathesis.py

test: lock-check lint types unit contract

# The reference riichi scorer lives in its own environment, for the benchmark only.
RIICHI := bench/.venv-riichi
$(RIICHI)/.installed:
	$(PYTHON) -m venv $(RIICHI)
	$(RIICHI)/bin/pip install --quiet 'mahjong==2.1.0'
	touch $@

# wrk, the HTTP load tool, from Debian's packages.
wrk:
	command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)

bench: $(RECORD) $(RIICHI)/.installed wrk
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/waits.py
	$(BIN)/python bench/score.py
	$(BIN)/python bench/worst.py
	$(BIN)/python bench/throughput.py
	$(BIN)/python bench/batch.py

# Memory under varied traffic (bench/soak.py): 100,000 distinct hands in one process (RSS
# as it goes, its growth after the first 5,000, every memo), then 120,000 over HTTP to two
# gunicorn workers (each worker's RSS). About 10 minutes. make test runs a short one.
soak: $(RECORD)
	$(BIN)/python bench/soak.py process 100000
	$(BIN)/python bench/soak.py http 120000

# /healthz and a plain score's latency while four of the heaviest admitted requests run on
# two workers (bench/fairness.py); FAIRNESS_SECONDS (default 30).
FAIRNESS_SECONDS ?= 30
fairness: $(RECORD)
	$(BIN)/python bench/fairness.py $(FAIRNESS_SECONDS)

# The best reading with 财神 against the plain reference (tests/yueqing/reference.py), far
# longer than make test's 250 hands: REFERENCE_EXAMPLES (default 5,000, about 5 minutes).
REFERENCE_EXAMPLES ?= 5000
best-reading: $(RECORD)
	REFERENCE_EXAMPLES=$(REFERENCE_EXAMPLES) $(BIN)/pytest -p no:cacheprovider \
	  tests/yueqing/test_best_reading_reference.py

# 10,000 generated hands with expected, through mahjong-score --check and POST /v1/batch.
check-lines: $(RECORD)
	CHECK_LINES=10000 $(BIN)/pytest tests/test_batch.py -k identical

# CPU instructions per call under valgrind (Debian's package): score() of each ruleset, and
# whole WSGI calls of /healthz and of a score POST. Unmoved by a busy machine; a few minutes.
instructions: $(RECORD)
	command -v valgrind >/dev/null || (apt-get update -qq && apt-get install -y -qq valgrind)
	$(BIN)/python bench/instructions.py

# sync, gthread and gevent workers in turns: wrk throughput and answers under 50 slow clients
# (docs/operations.md). About 5 minutes; WORKERS_ARGS="4 1" (seconds, rounds) for a quick look.
workers: $(RECORD) wrk
	$(BIN)/python bench/workers.py $(WORKERS_ARGS)

# wrk drives gunicorn, started and stopped by the script, with the mix of bench/load.py for
# LOAD_SECONDS; LOAD_ARGS passes more (--workers 1, --connections 16, ...).
LOAD_SECONDS ?= 20
load: $(RECORD) wrk
	$(BIN)/python bench/load.py --duration $(LOAD_SECONDS) $(LOAD_ARGS)

openapi: $(RECORD)
	$(BIN)/python -m service.openapi > openapi.yaml

# After changing a request schema: rewrite service/readers.py, the loaders the build compiles
# (tests/test_loader.py fails until it is current; the next target that runs the service
# compiles it).
readers: $(STAMP)
	$(BIN)/python tools/readers.py

# After a deliberate change to an answer: rewrite the contract's example answers, then
# `make openapi`; review both diffs.
examples: $(RECORD)
	$(BIN)/python -m service.openapi --refresh-examples

clean:
	rm -rf $(VENV) $(RIICHI) .mypy_cache .pytest_cache .ruff_cache build $(RECORD)
	find service -name '*.so' -delete
	rm -f service_core__mypyc.*
