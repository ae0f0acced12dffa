# tapete: `make run` starts the main job, `make test` runs every test.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-rl lint bench report clean setup

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install -q -e '.[dev,sim,rl,browser,pg,ray,openspiel,notify]'
	touch $(STAMP)

# The training example (examples/train_sb3.py) needs PyTorch: its CPU build, pinned first so that
# Stable-Baselines3 never pulls a CUDA build of several GB. Measured on a fresh target folder here
# (loaded machine): about 2 minutes and 958 MB (torch alone 754 MB), so it has its own target;
# `make test` checks the example's environment wiring without PyTorch (tests/envs/test_train_wiring.py).
RL_STAMP := $(VENV)/.installed-rl
$(RL_STAMP): $(STAMP)
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[train]'
	touch $(RL_STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/tapete serve

# PostgreSQL and Redis on loopback for the multi-process tests (scripts/services.sh; left running).
# The tests run in TEST_WORKERS processes (pytest-xdist): much of the suite waits on browsers,
# terminals and servers rather than computing, so the waits overlap. Work-stealing keeps each
# worker on a run of neighbouring tests (module fixtures are set up few times). `-x` still stops
# the whole run at the first failure. `pytest -q tests/DIR` alone runs in one process, as before.
TEST_WORKERS ?= 2
test: $(STAMP)
	bash scripts/need-debian.sh tmux chromium postgresql redis-server
	$(BIN)/ruff check tapete tests bench
	$(BIN)/ruff format --check tapete tests bench
	$(BIN)/mypy
	set -a; eval "$$(bash scripts/services.sh start || true)"; set +a; \
	TAPETE_REQUIRE_RAY=1 $(BIN)/pytest -q -x -p no:cacheprovider -n $(TEST_WORKERS) --dist worksteal --durations=25

# A short MaskablePPO training of the example, end to end (about 35 s once installed), and
# `tapete train boon` for six minutes on two processes: checkpoint, resume, beats random play.
test-rl: $(RL_STAMP)
	TAPETE_REQUIRE_RL=1 $(BIN)/pytest -q -x -p no:cacheprovider tests/envs/test_train_example.py tests/train/test_train_command.py

bench: $(STAMP)
	$(BIN)/python bench/bench_games.py

report: $(STAMP)
	$(BIN)/tapete report --jobs 2 --out docs/balance.md

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
