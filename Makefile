# Every target creates the virtual environment on first use and reinstalls when
# pyproject.toml changes, so a fresh machine needs only Python 3.11 and make.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
RAY_STAMP := $(VENV)/.installed-ray-stamp
JOBS   ?= auto

.PHONY: play test test-ray check bench soak clean install

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit("cardtable needs Python >= 3.11") if sys.version_info < (3, 11) else None'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The Ray extra is large and only the tests marked ray need it: make test-ray.
$(RAY_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(RAY_STAMP)

install: $(STAMP)

play: $(STAMP)
	$(BIN)/cardtable play clash

test: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) -m "not soak and not ray"

test-ray: $(RAY_STAMP)
	$(BIN)/python -m pytest -m ray

check: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	for g in clash epic bluemoon boss; do $(BIN)/cardtable bench $$g --lang en || exit 1; done

soak: $(STAMP)
	CARDTABLE_SOAK_GAMES=50000 $(BIN)/python -m pytest -n $(JOBS) -m soak

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
