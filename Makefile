# dsim: `make run` installs and runs a real simulation; `make test` installs and tests.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run splendor test bench bench-envs learn install compile browser lint mutate defaults clean

# pip's own notes and the build backend's warnings (setuptools' about editable installs) go to
# $(VENV)/install.log, shown only when the install fails
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "installing dsim and the packages it needs into $(VENV) (a minute or two; pip's output: $(VENV)/install.log) ..."
	@$(BIN)/python -m pip install -q --upgrade pip > $(VENV)/install.log 2>&1 || (cat $(VENV)/install.log; exit 1)
	@$(BIN)/python -m pip install -q -e '.[dev,dask,learn]' >> $(VENV)/install.log 2>&1 || (cat $(VENV)/install.log; exit 1)
	touch $(STAMP)

install: $(STAMP)

# compile the engine once (or load it from the cache), so later commands start at once
compile: $(STAMP)
	$(BIN)/dsim run strategies/big_money.yaml strategies/big_money.yaml -n 10 -j 1 --seed 1 > /dev/null
	$(BIN)/dsim log strategies/big_money.yaml strategies/big_money.yaml --seed 1 > /dev/null
	$(BIN)/dsim run strategies/splendor/greedy.yaml strategies/splendor/greedy.yaml -n 10 -j 1 --seed 1 > /dev/null

run: compile
	$(BIN)/dsim run strategies/smithy_big_money.yaml strategies/big_money_ultimate.yaml \
		-n 100000 --seed 1 --out reports/smithy_vs_bmu

# the second game: two shipped Splendor bots (docs/splendor.md)
splendor: compile
	$(BIN)/dsim run strategies/splendor/cheap_engine.yaml strategies/splendor/greedy.yaml \
		-n 100000 --seed 1 --out reports/splendor

# headless Chromium (Debian's package) for the test that opens the HTML reports; Playwright
# drives it (its own browser download is not needed). Without root it cannot be installed:
# that test is then skipped, except in CI, where it fails.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || \
	  echo "note: could not install Chromium; the report's browser test will be skipped"

# lint, then the suite twice: compiled, and as plain Python (the engine must stay debuggable);
# then the games and the rules once more compiled with numba's bounds checks: the kernels
# index without Python's negative-index wraparound (simulator/kernels/jit.py), so an index out of
# range, a negative one included, is an IndexError there instead of a silent wrong read
BOUNDSCHECKED := tests/dominion/test_fuzz.py tests/splendor/test_splendor_fuzz.py tests/core/test_golden.py \
	tests/dominion/test_cards_simple.py tests/dominion/test_cards_edges.py tests/dominion/test_cards_decisions.py \
	tests/splendor/test_splendor_rules.py tests/dominion/test_game_end.py tests/dominion/test_conditions.py \
	tests/splendor/test_splendor_conditions.py tests/dominion/test_boundaries.py tests/splendor/test_splendor_boundaries.py \
	tests/splendor/test_splendor_selectors.py
# The plain-Python and bounds-checked passes run two test processes at a time (pytest-xdist,
# the machine's two cores: half the time; in the bounds-checked pass, the first to need the
# engine compiles it while the other waits, simulator/kernels/jit.py's cache lock). The compiled pass
# runs alone: it times worker scaling and interrupts runs mid-way, which a second test process
# would disturb.
XDIST := -n 2
test: lint compile browser
	$(BIN)/python -m pytest -q
	NUMBA_DISABLE_JIT=1 $(BIN)/python -m pytest -q $(XDIST)
	NUMBA_BOUNDSCHECK=1 $(BIN)/python -m pytest -q $(XDIST) $(BOUNDSCHECKED)

bench: compile
	$(BIN)/dsim bench

# the learning environments' throughput and their example (docs/learn.md)
bench-envs: compile
	$(BIN)/python bench/envs.py
learn: compile
	$(BIN)/python bench/learn.py --out reports/learn_curve.png

lint: $(STAMP)
	$(BIN)/ruff check simulator tests bench

# break engine rules one at a time and check that the card tests notice (JIT off)
mutate: $(STAMP)
	$(BIN)/python bench/mutate.py

# how strong the card-decision defaults make each card: "Two X" bots against Big Money Ultimate
defaults: compile
	$(BIN)/python bench/defaults.py

clean:
	rm -rf $(VENV) reports/*/ .pytest_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
