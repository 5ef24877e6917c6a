# The two commands: `make dev` and `make test`. Both install what they need themselves.
SHELL := /bin/bash
# uv is installed into the machine's Python (never the project's venv, which uv builds).
PYTHON := $(shell command -v python3)
UV := $(PYTHON) -m uv
export UV_LINK_MODE := copy

.PHONY: dev test lane-pytest lane-web setup python-deps node-deps web chromium faketime pooler-deps pgbouncer-1.24 lint typecheck pytest fuzz clock pooler many-tenants vitest e2e bench clean

dev: setup web
	$(UV) run merit dev

# pytest (two worker processes) runs beside the clock runs, the pooler run, the fuzzer, vitest
# and the web build: most tests wait on Postgres or on a server they started, so three
# processes keep two cores busy. The browser tests come last, alone, because Lighthouse's
# performance score needs a quiet machine.
test: setup chromium faketime pooler-deps lint typecheck
	@$(MAKE) --no-print-directory -j2 --output-sync=target lane-pytest lane-web
	@$(MAKE) --no-print-directory e2e

lane-pytest:
	@$(MAKE) --no-print-directory pytest

lane-web:
	@$(MAKE) --no-print-directory -j1 clock pooler many-tenants fuzz vitest web

setup: python-deps node-deps

python-deps:
	@$(UV) --version >/dev/null 2>&1 || $(PYTHON) -m pip install --quiet --disable-pip-version-check uv
	$(UV) sync --frozen

node-deps:
	@if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

web:
	npm run build

chromium:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# Debian's libfaketime shifts the clock of the clock runs (tests/clock/run.py says why).
faketime:
	@command -v faketime >/dev/null 2>&1 || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null; }

# Debian's PgBouncer (1.18 on Debian 12) and Postgres 15 for the pooler run.
pooler-deps:
	@[ -x /usr/sbin/pgbouncer ] && [ -x /usr/lib/postgresql/15/bin/initdb ] || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer postgresql-15 >/dev/null; }

# PgBouncer 1.24 (protocol-level prepared statements) for the pooler run, built once from
# Debian 13's source package into .merit/pgbouncer-1.24/; nothing to do once it is there.
pgbouncer-1.24:
	@bash tests/pooler/build-pgbouncer.sh

lint:
	$(UV) run ruff check .
	$(UV) run ruff format --check .
	$(UV) run lint-imports
	npm run lint

typecheck:
	$(UV) run mypy
	npm run typecheck
	npm run api-types:check

# Each pytest-xdist worker starts its own embedded Postgres and Redis (tests/conftest.py), and
# a test file stays on one worker. A database given by DATABASE_URL is shared: one process then.
PYTEST_WORKERS ?= $(if $(DATABASE_URL),0,2)
pytest:
	$(UV) run pytest -n $(PYTEST_WORKERS) --dist loadfile --ignore=tests/fuzz

# Schemathesis against the OpenAPI document, in a pytest of its own: its tests share one id,
# which pytest-xdist would run once.
fuzz: python-deps
	$(UV) run pytest tests/fuzz

# The date_sensitive tests again at a quarter boundary, month ends and across midnight (2-3 min).
clock: python-deps faketime
	$(UV) run python tests/clock/run.py

# Merit behind a real PgBouncer in transaction mode, Debian 12's 1.18 and 1.24 with
# max_prepared_statements: tenant isolation, 2,000 concurrent requests over two organisations
# (through 1.24 a second time with named statements), the CLI, the worker's jobs and backups
# (tests/pooler/run.py).
pooler: python-deps pooler-deps pgbouncer-1.24
	$(UV) run python tests/pooler/run.py

# The many-organisations benchmark in its smoke form (300 organisations, about a minute): the
# same reads spread over all of them and concentrated on 50, every request answered.
many-tenants: python-deps
	$(UV) run python tests/bench/many_tenants.py --smoke

vitest:
	npm test

e2e:
	bash tests/e2e/run.sh

bench:
	$(UV) run python tests/bench/tenants.py

clean:
	rm -rf .venv node_modules web/dist .merit
