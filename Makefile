# dsim: `make run` installs and runs a real simulation; `make test` installs and tests.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench install lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,dask]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/dsim run strategies/smithy_big_money.yaml strategies/big_money_ultimate.yaml \
		-n 100000 --seed 1 --out reports/smithy_vs_bmu

# the suite runs twice: compiled, and as plain Python (the engine must stay debuggable)
test: $(STAMP)
	$(BIN)/python -m pytest -q
	NUMBA_DISABLE_JIT=1 $(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/dsim bench

lint: $(STAMP)
	$(BIN)/python -m pip install -q ruff
	$(BIN)/ruff check simulator tests

clean:
	rm -rf $(VENV) reports/*/ .pytest_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
