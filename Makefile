# Two commands do all set-up on a fresh machine:
#   make demo   - create .venv, install tablehallu with its embedding stack (no dev tools), score
#                 the demo data
#   make test   - the same .venv plus the dev tools (ruff, mypy, pytest...), then run them all
# torch is pinned to the CPU 2.13.0 wheel from pip's local find-links when it is there (no CUDA
# wheels are downloaded); elsewhere it comes from the PyTorch CPU index.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
TORCH_VERSION ?= 2.13.0
TORCH_CPU_INDEX ?= https://download.pytorch.org/whl/cpu
# runtime: tablehallu, torch and the embedding model; dev: the runtime plus the dev tools
RUNTIME_STAMP := $(VENV)/.tablehallu-runtime
DEV_STAMP := $(VENV)/.tablehallu-dev
# an editable install writes no bytecode for the package, and where PYTHONDONTWRITEBYTECODE is
# set (as on the CI machine) every command would compile it again (~0.6 s per start): write it once
COMPILE = $(BIN)/python -m compileall -q tablehallu

.PHONY: demo test bench accuracy clean venv

venv: $(DEV_STAMP)

$(RUNTIME_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	if $(BIN)/python -m pip download --quiet --no-index --no-deps -d $(VENV)/wheels "torch==$(TORCH_VERSION)"; \
	then $(BIN)/python -m pip install --quiet $(VENV)/wheels/torch-*.whl && rm -rf $(VENV)/wheels; \
	else $(BIN)/python -m pip install --quiet "torch==$(TORCH_VERSION)" --index-url $(TORCH_CPU_INDEX); fi
	$(BIN)/python -m pip install --quiet -e ".[embed,speed]"
	$(COMPILE)
	touch $(RUNTIME_STAMP)

$(DEV_STAMP): $(RUNTIME_STAMP)
	$(BIN)/python -m pip install --quiet -e ".[embed,speed,parquet,dev]"
	touch $(DEV_STAMP)

demo: $(RUNTIME_STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/tablehallu score fixtures/demo/preds.jsonl --output-dir $(VENV)/demo-results
	@echo "report: $(VENV)/demo-results/report.html (activate the environment: source $(VENV)/bin/activate)"

test: $(DEV_STAMP)
	$(BIN)/ruff check tablehallu tests benchmarks
	$(BIN)/ruff format --check tablehallu tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest

accuracy: $(DEV_STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/accuracy.py --seed 0
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/real_accuracy.py --matcher lexical --matcher embedding
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/referenceless.py
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/tabxbench.py
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/style_robustness.py

bench: $(DEV_STAMP)
	$(COMPILE)
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/make_run.py
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/bench_score.py
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/bench_detect.py
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/bench_check.py
	HF_HUB_OFFLINE=1 $(BIN)/python benchmarks/hostile.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
