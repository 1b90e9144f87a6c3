# Cuori: `make run` serves the app on http://127.0.0.1:8000, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install migrate bench lint clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

migrate: install
	mkdir -p var
	$(PY) manage.py migrate --noinput

run: migrate
	$(PY) manage.py ensure_admin
	$(PY) manage.py load_demo
	$(PY) manage.py runserver $(HOST):$(PORT)

test: install
	$(PY) -m pytest -q $(PYTEST_ARGS)

bench: install
	$(PY) bench/standings.py

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis
