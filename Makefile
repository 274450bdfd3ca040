# Every target creates the virtual environment on first use and reinstalls when
# pyproject.toml changes, so a fresh machine needs only Python 3.11 and make. The base
# install has the test extra; make check adds the linters, make test-ray the Ray extra.
# The installs go through uv (from PyPI, installed into the environment by pip first):
# it fetches and unpacks in parallel, which takes about half of pip's time off every
# fresh set-up. The training extra stays with pip, which finds the machine's own CPU
# build of PyTorch. Nothing writes bytecode at install time: the runs below let Python
# cache the compiled modules they import (PYTHONDONTWRITEBYTECODE emptied for them), so
# only what is used is compiled, once, and the suite's processes share it. pip says only
# errors (-qq): its warnings are about the machine's own package indexes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
TOOLS_STAMP := $(VENV)/.installed-tools-stamp
STAMP  := $(VENV)/.installed-stamp
DEV_STAMP := $(VENV)/.installed-dev-stamp
RAY_STAMP := $(VENV)/.installed-ray-stamp
TRAIN_STAMP := $(VENV)/.installed-train-stamp
PIP    := $(BIN)/python -m pip install -qq --no-compile
UV     := $(BIN)/python -m uv pip install -q --python $(BIN)/python
RUN    := PYTHONDONTWRITEBYTECODE=
JOBS   ?= auto

.PHONY: play test test-ray train-demo check bench bench-server soak clean install native compiled

# The environment, uv and the compiler (mypy, pinned as the test extra pins it): all the
# compiled build needs, so the engine compiles while uv installs the rest (native).
$(TOOLS_STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit("cardtable needs Python >= 3.11") if sys.version_info < (3, 11) else None'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) 'uv>=0.9,<1'
	$(UV) "$$($(BIN)/python tools/compile.py --requirement)"
	touch $(TOOLS_STAMP)

$(STAMP): $(TOOLS_STAMP)
	$(UV) -e '.[test]'
	touch $(STAMP)

$(DEV_STAMP): $(STAMP)
	$(UV) -e '.[dev]'
	touch $(DEV_STAMP)

# The Ray extra is large and only the tests marked ray need it: make test-ray.
$(RAY_STAMP): $(STAMP)
	$(UV) -e '.[test,ray]'
	touch $(RAY_STAMP)

# The training example's extra (Stable-Baselines3, sb3-contrib, PyTorch's CPU build).
$(TRAIN_STAMP): $(STAMP)
	$(PIP) -e '.[test,train]'
	touch $(TRAIN_STAMP)

install: $(STAMP)

# The compiled hot path (mypyc; tools/compile.py): rebuilt only when a compiled module
# changed; without a C compiler it says so and the engine runs interpreted. On a fresh
# machine gcc's minute runs while uv installs the project (both must succeed).
compiled: $(TOOLS_STAMP)
	@$(RUN) $(BIN)/python tools/compile.py

native: $(TOOLS_STAMP)
	@$(MAKE) --no-print-directory compiled & built=$$!; \
		$(MAKE) --no-print-directory install; installed=$$?; \
		wait $$built && exit $$installed

play: native
	$(RUN) $(BIN)/cardtable serve --table clash

# The services' Debian packages install in the background while uv installs the
# project and the engine compiles (the build tools, if missing, come first).
test:
	@sh tools/system-packages.sh build
	@sh tools/system-packages.sh services & apt=$$!; \
		$(MAKE) --no-print-directory native; built=$$?; wait $$apt; exit $$built
	$(RUN) $(BIN)/python -m pytest -n $(JOBS) -m "not soak and not ray"

test-ray: $(RAY_STAMP)
	$(RUN) $(BIN)/python -m pytest -m ray

# A Clash of Decks policy trained from scratch with MaskablePPO (examples/train_clash.py),
# a few minutes on two cores: its learning curve and measured strength go to docs/rl/.
train-demo: $(TRAIN_STAMP) native
	$(RUN) $(BIN)/python examples/train_clash.py --backend sb3 --steps 100000 --seed 0 --out docs/rl

check: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples
	$(BIN)/mypy

bench: native
	for g in clash:4000 epic:1000 bluemoon:1000 boss:1000; do \
		$(RUN) $(BIN)/cardtable bench $${g%%:*} --games $${g##*:} --builds both --jobs 2 --lang en || exit 1; done

# A bounded load test of the web table on loopback: prints latencies and memory.
bench-server: $(STAMP)
	$(RUN) $(BIN)/python benchmarks/bench_server.py --tables 100 --actions 20 --think 1

soak: native
	$(RUN) CARDTABLE_SOAK_GAMES=50000 $(BIN)/python -m pytest -n $(JOBS) -m soak

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	find src -name '*.so' -delete
