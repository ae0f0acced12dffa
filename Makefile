# tapete: `make run` starts the main job, `make test` runs every test.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench report clean setup

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e '.[dev,sim,rl,browser,pg,openspiel]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/tapete serve

# PostgreSQL and Redis on loopback for the multi-process tests (scripts/services.sh; left running).
test: $(STAMP)
	bash scripts/need-debian.sh tmux chromium postgresql redis-server
	$(BIN)/ruff check tapete tests bench
	$(BIN)/mypy
	set -a; eval "$$(bash scripts/services.sh start || true)"; set +a; $(BIN)/pytest -q -x -p no:cacheprovider

bench: $(STAMP)
	$(BIN)/python bench/bench_games.py

report: $(STAMP)
	$(BIN)/tapete report --jobs 2

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
