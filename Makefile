# `make run` serves the API; `make test` runs lint, types and every test, end to end included.
# Development is interpreted: no build step between an edit and its test (docs/development.md).
# The shipped build is compiled: `make wheel`, checked by `make test-compiled`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
INSTALLED := $(VENV)/.editable

# The compiled build lives in its own environment, never beside the sources.
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed
WHEEL_STAMP := $(CVENV)/.wheel
SOURCES := $(shell find service -name '*.py' -o -name '*.json' -o -name '*.md' -o -name py.typed)

UV_VERSION := 0.13.9

.PHONY: run run-compiled test test-compiled wheel lint types unit contract bench check-lines \
	wrk workers memos load openapi examples lock lock-upgrade lock-check clean browser node \
	instructions best-reading soak fairness mutate sequences versions worked-hands core \
	advice-properties advice-weight messages regen regen-check mutate-sample changelog \
	reaching-hands quoted note

# Installs exactly the hashed pins of requirements-dev.lock, then what a build needs at
# pyproject.toml's pins (mypy is the lock's).
$(STAMP): pyproject.toml requirements-dev.lock
	$(PYTHON) tools/lock.py check
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r requirements-dev.lock
	$(BIN)/pip install --quiet $$($(BIN)/python tools/build_requires.py)
	touch $(STAMP)

# The project itself, editable and interpreted: an edit runs at once.
$(INSTALLED): $(STAMP) setup.py
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $(INSTALLED)

# A lock that no longer matches pyproject.toml fails here, saying what changed.
lock-check:
	$(PYTHON) tools/lock.py check

# Rewrites requirements.lock and requirements-dev.lock from pyproject.toml, keeping the
# current pins where pyproject.toml still allows them; `make lock-upgrade` takes the newest.
lock lock-upgrade:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet uv==$(UV_VERSION)
	$(PYTHON) tools/lock.py compile --uv $(BIN)/uv $(if $(filter lock-upgrade,$@),--upgrade)

# Serves the sources, interpreted.
run: $(INSTALLED)
	$(BIN)/gunicorn -c gunicorn.conf.py

# Serves the compiled wheel, as the image does; from inside its environment, where no
# service/ folder stands before the installed package on gunicorn's path.
run-compiled: $(WHEEL_STAMP)
	cd $(CVENV) && bin/gunicorn -c ../gunicorn.conf.py

# ruff, then the layers and no import cycles (import-linter, pyproject.toml's contracts).
lint: $(INSTALLED)
	$(BIN)/ruff check service tests bench tools gunicorn.conf.py setup.py
	$(BIN)/lint-imports --no-cache

types: $(STAMP)
	$(BIN)/mypy

# pytest-xdist's workers must collect the same tests in the same order, so they share one hash
# seed (sets parametrize some tests): a new one each run, printed to repeat a run with it.
ONE_HASH_SEED = seed=$${PYTHONHASHSEED:-$$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}; \
  echo "PYTHONHASHSEED=$$seed"; PYTHONHASHSEED=$$seed

# The best reading against its reference over 250 hands (50 when pytest runs alone). On every
# core, a test module to a worker: each module's own server starts once (tests/server.py picks
# a free port for each).
unit: $(INSTALLED) browser node
	$(ONE_HASH_SEED) EXAMPLES_SHARE=1 REFERENCE_EXAMPLES=250 $(BIN)/pytest -p no:cacheprovider \
	  -n auto --dist loadfile

# The core's tests (the reading engine, tiles, memos, both rulesets and their settlement):
# in-process, no server, no Flask, the best reading against its reference over 25 hands (make
# test: 250, make best-reading: 5,000). make core runs them with the repository's own checks,
# on every core: the loop after an edit to the core. tests/test_core_loop.py fails when a
# test module that imports no Flask and starts nothing is in neither list nor left out there
# with its reason. make test-compiled runs CORE_TESTS against the compiled build.
CORE_TESTS := tests/test_engine.py tests/test_natural_readings.py tests/test_waits_tables.py \
  tests/test_advice_tables.py tests/test_advice_masks_limits.py tests/test_advice_turns.py \
  tests/test_natural_suits.py tests/test_wild_splits.py tests/test_fast_checks.py \
  tests/test_house_exclusions.py tests/test_house_rules.py \
  tests/test_suit_tables.py tests/test_tiles.py tests/test_memo.py tests/chuzhou tests/yueqing
# Checks of the repository's files (layers, docs' tables, packaging, these lists, the guards):
# nothing compiled to check.
REPO_CHECKS := tests/test_docs_tables.py tests/test_layers.py tests/test_packaging.py \
  tests/test_core_loop.py tests/test_guards.py tests/test_cascade.py
# The core's tests need no contract fuzzer: its plugin's import (a second per process) is left
# out, and pytest's cache with it.
CORE_PLUGINS_OFF := -p no:cacheprovider -p no:schemathesis -p no:anyio
# Each property draws a quarter of its examples here (tests/budget.py); make test and make
# test-compiled draw them all.
CORE_SHARE := 0.25
core: $(INSTALLED)
	$(ONE_HASH_SEED) EXAMPLES_SHARE=$(CORE_SHARE) REFERENCE_EXAMPLES=25 $(BIN)/pytest \
	  $(CORE_PLUGINS_OFF) -n auto \
	  -m "not server and not slow" \
	  $(CORE_TESTS) $(REPO_CHECKS)

# The /docs browser test drives Debian's chromium: installed here when absent and possible
# (root and a package source); otherwise that one test is skipped and says why.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) \
	    >/dev/null 2>&1 || \
	  echo "chromium could not be installed: the /docs browser test will be skipped"; }

# The TypeScript client tests (tests/test_typescript_client.py) run Debian's nodejs and npm:
# installed here when absent and possible (root and a package source); otherwise those tests
# are skipped and say why. Their npm packages (openapi-typescript, openapi-fetch,
# @hey-api/openapi-ts, orval, axios, typescript) are the pins of tests/typescript's lock file.
node:
	@{ command -v node && command -v npm; } >/dev/null 2>&1 || { \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm) \
	    >/dev/null 2>&1 || \
	  echo "nodejs and npm could not be installed: the TypeScript client test will be skipped"; }

# schemathesis against the live gunicorn server, started and stopped by the script.
contract: $(INSTALLED)
	$(BIN)/python tests/run_schemathesis.py

test: lock-check lint types unit contract

# --- the compiled build ------------------------------------------------------------------

# The compiled environment: the same hashed pins (the tests need them), then the wheel.
$(CSTAMP): pyproject.toml requirements-dev.lock
	$(PYTHON) -m venv $(CVENV)
	$(CBIN)/pip install --quiet --upgrade pip
	$(CBIN)/pip install --quiet --require-hashes -r requirements-dev.lock
	$(CBIN)/pip install --quiet $$($(CBIN)/python tools/build_requires.py)
	touch $(CSTAMP)

# The wheel, its scoring core compiled by mypyc (setup.py), built with the environment's own
# pinned mypy and installed into it. Two to three minutes on two cores; rebuilt when a source
# changes. Its intermediate files stay in $(CVENV)/build, the wheel in $(CVENV)/dist.
$(WHEEL_STAMP): $(CSTAMP) setup.py pyproject.toml $(SOURCES)
	rm -rf $(CVENV)/dist
	@echo "compiling the scoring core with mypyc (two to three minutes)..."
	MAHJONG_COMPILE=1 MAHJONG_BUILD_DIR=$(CVENV)/build $(CBIN)/pip wheel --quiet --no-deps \
	  --no-build-isolation --wheel-dir $(CVENV)/dist .
	$(CBIN)/pip install --quiet --no-deps --force-reinstall $(CVENV)/dist/*.whl
	touch $(WHEEL_STAMP)

wheel: $(WHEEL_STAMP)

# The compiled build checked: every listed module loads compiled, the core's tests (make
# core's, the server's aside, the reference at its full length) pass against it (run from a copy of tests/ and bench/, so the wheel is what
# they import), and its answers to 10,000 generated hands are byte for byte the interpreted
# ones (the two builds answer side by side, one on each core).
ANSWERS_HANDS ?= 10000
test-compiled: $(WHEEL_STAMP) $(INSTALLED)
	$(CBIN)/python tools/check_compiled.py
	rm -rf $(CVENV)/check && mkdir -p $(CVENV)/check
	cp -r tests bench pyproject.toml openapi.yaml $(CVENV)/check/
	cd $(CVENV)/check && $(ONE_HASH_SEED) EXAMPLES_SHARE=1 REFERENCE_EXAMPLES=250 ../bin/python -m pytest $(CORE_PLUGINS_OFF) \
	  -n auto -m "not server" $(CORE_TESTS)
	$(BIN)/python tools/answers.py $(ANSWERS_HANDS) > $(CVENV)/answers-interpreted.jsonl & \
	  interpreted=$$!; \
	  (cd $(CVENV) && bin/python ../tools/answers.py $(ANSWERS_HANDS) > answers-compiled.jsonl); \
	  compiled=$$?; wait $$interpreted && test $$compiled = 0
	cmp $(CVENV)/answers-interpreted.jsonl $(CVENV)/answers-compiled.jsonl
	@echo "the compiled build's answers equal the interpreted ones: \
	  $$(wc -l < $(CVENV)/answers-compiled.jsonl) answers"

# --- measurements (of the compiled build) ------------------------------------------------

# The reference riichi scorer lives in its own environment, for the benchmark only.
RIICHI := bench/.venv-riichi
$(RIICHI)/.installed:
	$(PYTHON) -m venv $(RIICHI)
	$(RIICHI)/bin/pip install --quiet 'mahjong==2.1.0'
	touch $@

# wrk, the HTTP load tool, from Debian's packages.
wrk:
	command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)

bench: $(WHEEL_STAMP) $(RIICHI)/.installed wrk
	$(CBIN)/python bench/engine.py
	$(CBIN)/python bench/waits.py
	$(CBIN)/python bench/advice.py
	$(CBIN)/python bench/score.py
	$(CBIN)/python bench/worst.py
	$(CBIN)/python bench/throughput.py
	$(CBIN)/python bench/batch.py
	$(CBIN)/python bench/cli.py

# 10,000 generated hands with expected, through mahjong-score --check and POST /v1/batch.
check-lines: $(INSTALLED)
	CHECK_LINES=10000 $(BIN)/pytest tests/test_batch.py -k identical

# CPU instructions per call under valgrind (Debian's package): score() of each ruleset, warm
# and on hands the memos have not seen, and whole WSGI calls of /healthz and of a score POST.
# Unmoved by a busy machine; about ten minutes. INSTRUCTIONS_KINDS picks some.
instructions: $(WHEEL_STAMP)
	command -v valgrind >/dev/null || (apt-get update -qq && apt-get install -y -qq valgrind)
	$(CBIN)/python bench/instructions.py $(INSTRUCTIONS_KINDS)

# What each memo of the core gains on never-seen hands, each switched off in turn
# (bench/memos.py, docs/performance.md); the sources, interpreted: the compiled memos are
# native classes whose methods cannot be switched off. MEMOS_ROUNDS (default 3), ~5 minutes.
MEMOS_ROUNDS ?= 3
memos: $(INSTALLED)
	$(BIN)/python bench/memos.py $(MEMOS_ROUNDS)

# sync, gthread and gevent workers in turns: wrk throughput and answers under 50 slow clients
# (docs/operations.md). About 5 minutes; WORKERS_ARGS="4 1" (seconds, rounds) for a quick look.
workers: $(WHEEL_STAMP) wrk
	$(CBIN)/python bench/workers.py $(WORKERS_ARGS)

# wrk drives gunicorn, started and stopped by the script, with the mix of bench/load.py for
# LOAD_SECONDS; LOAD_ARGS passes more (--workers 1, --connections 16, ...).
LOAD_SECONDS ?= 20
load: $(WHEEL_STAMP) wrk
	$(CBIN)/python bench/load.py --duration $(LOAD_SECONDS) $(LOAD_ARGS)

# Memory under varied traffic (bench/soak.py): 100,000 distinct hands in one process (RSS
# as it goes, its growth after the first 5,000, every memo), then 120,000 over HTTP to two
# gunicorn workers (each worker's RSS), then 100,000 never-seen hands as single requests to
# one worker (its RSS at 0, 10k, 50k, 100k). About 12 minutes. make test runs short ones.
soak: $(WHEEL_STAMP)
	$(CBIN)/python bench/soak.py process 100000
	$(CBIN)/python bench/soak.py http 120000
	$(CBIN)/python bench/soak.py worker 100000

# /healthz and a plain score's latency while four of the heaviest admitted requests run on
# two workers (bench/fairness.py), in three phases: score batches, advice batches, advice
# under house rules of each item's own; FAIRNESS_SECONDS each (default 30).
FAIRNESS_SECONDS ?= 30
fairness: $(WHEEL_STAMP)
	$(CBIN)/python bench/fairness.py $(FAIRNESS_SECONDS)

# The best reading with 财神 against the plain reference (tests/yueqing/reference.py), far
# longer than make test's 250 hands: REFERENCE_EXAMPLES (default 5,000, about 5 minutes).
REFERENCE_EXAMPLES ?= 5000
best-reading: $(INSTALLED)
	REFERENCE_EXAMPLES=$(REFERENCE_EXAMPLES) $(BIN)/pytest -p no:cacheprovider \
	  tests/yueqing/test_best_reading_reference.py

# The advice (G-9) against its plain reference (tests/advice_reference.py), far longer than
# make test's 25 hands per property: ADVICE_EXAMPLES (default 1,000, about fifteen minutes).
ADVICE_EXAMPLES ?= 1000
advice-properties: $(INSTALLED)
	ADVICE_EXAMPLES=$(ADVICE_EXAMPLES) $(BIN)/pytest -p no:cacheprovider \
	  tests/test_advice_properties.py

# What an advice costs in the units the work bound counts, compiled (service/work.py ADVICE,
# docs/performance.md, Advice): never-seen one-suit advice against bench/heavy.py's heaviest
# hands, in one process; about two minutes.
advice-weight: $(WHEEL_STAMP)
	$(CBIN)/python bench/advice_weight.py

# Random matches threaded through /match and through the single calls, far longer than make
# test's 150: MATCH_SEQUENCES (default 10,000, about a minute and a half).
MATCH_SEQUENCES ?= 10000
sequences: $(INSTALLED)
	MATCH_SEQUENCES=$(MATCH_SEQUENCES) $(BIN)/pytest -p no:cacheprovider \
	  tests/test_match_threading.py

# Mutation testing of the modules where arithmetic decides who pays whom (tools/mutate.py):
# one line per module, then `mutation score N%`; fails below 98% or if a canary survives.
# `make mutate MODULES=flowers` runs only the modules whose path holds a word.
mutate: $(INSTALLED)
	$(BIN)/python tools/mutate.py $(MODULES)

# The mutation testing that gates a landing (.ci/run): a fixed sample, about 30 %, of each
# module's mutants, every canary among them, under the same floor, every property drawing all
# its examples (the gate keeps the tests' whole strength; only the mutants are sampled).
mutate-sample: $(INSTALLED)
	EXAMPLES_SHARE=1 $(BIN)/python tools/mutate.py --sample $(MODULES)

# --- the contract ------------------------------------------------------------------------

# Every regeneration below, in the order tools/regen.py's STEPS says; then a second pass,
# which fails if it moves a file. Whatever a MAJOR rewrites is among them: nothing is
# hand-edited. `make note BASE=main` counts a change's written and regenerated lines apart.
regen: $(INSTALLED)
	$(BIN)/python tools/regen.py

# .ci/run's: one pass on a clean checkout, failing if it moves a committed file.
regen-check: $(INSTALLED)
	$(BIN)/python tools/regen.py --check

openapi: $(INSTALLED)
	$(BIN)/python -m service.openapi > openapi.yaml

# The versions and fingerprints the README and the docs quote, from the service
# (tools/quoted.py): a MAJOR moves the README's pin and every fingerprint.
quoted: $(INSTALLED)
	$(BIN)/python tools/quoted.py

# A change's diff against BASE (default HEAD), its written and regenerated lines apart.
BASE ?= HEAD
note: $(INSTALLED)
	$(BIN)/python tools/note.py $(BASE)

# CHANGELOG.md's per-ruleset lines (its Rulesets: lines and a line per money change), made
# from each ruleset's changes.py, the one source of its version (tools/changelog.py).
changelog: $(INSTALLED)
	$(BIN)/python tools/changelog.py

# After a deliberate change to an answer: rewrite the contract's example answers, then
# `make openapi`; review both diffs.
examples: $(INSTALLED)
	$(BIN)/python -m service.openapi --refresh-examples
	$(BIN)/python tools/problem_examples.py
	$(BIN)/python -m service.openapi > openapi.yaml

# After a deliberate change to a ruleset's answers, its money version bumped as far as they
# moved (MAJOR an amount, MINOR information, PATCH texts) and CHANGELOG.md written: record the
# worked hands' new answers (tools/versions.py refuses a bump short of what moved, and says
# why). Writes only what moved: the hands hold no version and no fingerprint.
versions: $(INSTALLED)
	$(BIN)/python tools/versions.py record

# Requests that reach every parameter (so every pattern and item) and every pair of
# situation flags, refusals included, drawn from the worked hands: tests/reaching_hands.jsonl
# (tools/reach.py). Adds only what is not reached yet, so a change that stops a parameter
# acting is still compared by `make versions` on the lines kept.
reaching-hands: $(INSTALLED)
	$(BIN)/python tools/reach.py

# Re-collect tests/worked_hands.jsonl from the in-process tests (tools/capture_hands.py),
# hands under house rules included (a request under them paid differently is a MAJOR too):
# sorted, and the same hands every run (hypothesis derandomized, one hash seed: some tests
# pick their hands from sets, and the best reading's reference at make test's 250 hands), so
# a clean checkout stays clean.
worked-hands: $(INSTALLED)
	PYTHONHASHSEED=0 REFERENCE_EXAMPLES=250 PYTHONPATH=tools $(BIN)/pytest -q -p no:cacheprovider \
	  -p capture_hands tests/chuzhou \
	  tests/yueqing tests/test_values.py tests/test_api.py tests/test_match.py \
	  tests/test_verify.py tests/test_natural_readings.py tests/test_engine.py \
	  tests/test_house_rules.py tests/test_house_exclusions.py

clean:
	rm -rf $(VENV) $(CVENV) $(RIICHI) .mutate .mypy_cache .pytest_cache .ruff_cache build *.egg-info

# --- the players' language ---------------------------------------------------------------

# Every marked message (service/language.py's KEYWORDS: a Message's template, Phrase, N_, a
# catalogue row's condition) extracted with Babel into a template kept out of the tree, then
# merged into each language's catalog under service/locale/ (tools/messages.py); a translator
# fills in the new entries (msgstr). The service reads the .po itself at start-up: no
# compiled catalog.
messages: $(INSTALLED)
	$(BIN)/python tools/messages.py
