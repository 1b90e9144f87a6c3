# Cuori: `make run` serves the app on http://127.0.0.1:8000 for development, `make serve` runs it in
# production (gunicorn, DJANGO_DEBUG=false, see the README's "Production"), `make test` runs the suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve test install migrate bench lint messages clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py tournaments/_seating_core.c | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lint]'
	touch $(STAMP)

install: $(STAMP)

migrate: install
	mkdir -p var
	$(PY) manage.py migrate --noinput

run: migrate
	$(PY) manage.py ensure_admin
	$(PY) manage.py load_demo
	$(PY) manage.py runserver $(HOST):$(PORT)

# Production: the same settings as CI's deploy check (DJANGO_DEBUG=false unless set otherwise,
# so DJANGO_SECRET_KEY is required). Static files are collected for whitenoise; gunicorn serves
# in the foreground, with a Celery worker beside it when a broker is configured (stopped when
# gunicorn stops). WEB_CONCURRENCY worker processes (cores + 1, at most 8, unless set) of
# GUNICORN_THREADS threads each (4 unless set; 1 = gunicorn's plain sync workers).
serve: export DJANGO_DEBUG ?= false
serve: migrate
	$(PY) manage.py collectstatic --noinput --verbosity 0
	@set -u; \
	broker=$$(DJANGO_SETTINGS_MODULE=config.settings $(PY) -c 'from django.conf import settings; print(settings.CELERY_BROKER_URL)' ) || exit 1; \
	queue=$$(DJANGO_SETTINGS_MODULE=config.settings $(PY) -c 'from django.conf import settings; print(settings.CELERY_TASK_DEFAULT_QUEUE)') || exit 1; \
	cores=$$(nproc 2>/dev/null || echo 1); workers=$$((cores + 1)); [ "$$workers" -le 8 ] || workers=8; \
	workers=$${WEB_CONCURRENCY:-$$workers}; threads=$${GUNICORN_THREADS:-4}; \
	worker_pid=""; \
	if [ -n "$$broker" ]; then \
	  echo "Celery worker on queue $$queue"; \
	  $(VENV)/bin/celery -A config worker --loglevel "$${CELERY_LOG_LEVEL:-info}" --queues "$$queue" & worker_pid=$$!; \
	fi; \
	echo "gunicorn on http://$(HOST):$(PORT) with $$workers workers of $$threads threads"; \
	$(VENV)/bin/gunicorn config.wsgi:application --bind "$(HOST):$(PORT)" --workers "$$workers" --threads "$$threads" \
	  --timeout "$${GUNICORN_TIMEOUT:-60}" --graceful-timeout "$${GUNICORN_GRACEFUL_TIMEOUT:-30}" \
	  --keep-alive "$${GUNICORN_KEEPALIVE:-5}" --access-logfile - --no-control-socket & web_pid=$$!; \
	trap 'kill -TERM $$web_pid 2>/dev/null' INT TERM; \
	wait $$web_pid; status=$$?; \
	while kill -0 $$web_pid 2>/dev/null; do wait $$web_pid; status=$$?; done; \
	if [ -n "$$worker_pid" ]; then kill -TERM $$worker_pid 2>/dev/null; wait $$worker_pid; fi; \
	exit $$status

# The whole suite: the tests that need no browser in parallel (pytest-xdist, one process per core; each has
# its own test database), then the browser tests one at a time (Chromium and a live server each). With
# PYTEST_ARGS, just `pytest PYTEST_ARGS` (e.g. PYTEST_ARGS="-m celery_worker", which CI runs on its own).
test: install
ifeq ($(strip $(PYTEST_ARGS)),)
	$(PY) -m pytest -q -n auto -m "not browser"
	$(PY) -m pytest -q -m browser
else
	$(PY) -m pytest -q $(PYTEST_ARGS)
endif

# ruff (the rules in pyproject.toml, 100 columns, formatting) and mypy, strict on engine/.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# The Italian catalogue: new and changed strings of the code and templates (not var/ or bench/), then
# compiled. Translate the entries left empty or fuzzy in locale/it/LC_MESSAGES/django.po in between.
messages: install
	$(PY) manage.py makemessages -l it --no-obsolete --ignore 'var/*' --ignore 'bench/*'
	$(PY) manage.py compilemessages -l it --ignore '.venv/*' --ignore 'var/*'

bench: install
	$(PY) bench/standings.py

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis build tournaments/_seating_core.*.so
