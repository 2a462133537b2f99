# irc: `make run` runs the main job, `make test` runs all tests. Both set up .venv on a fresh machine.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.irc-installed
JOBS ?= 2

.PHONY: run test lit pytest wheel-check clean

$(STAMP): pyproject.toml setup.py
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	# the CPU build of torch first: a loose requirement would pull a multi-GB CUDA build
	$(PY) -m pip install -q torch==2.13.0
	# the distribution was called irc before (a name the package index gives an unrelated library)
	$(PY) -m pip uninstall -q -y irc 2>/dev/null || true
	$(PY) -m pip install -q -e '.[test,models]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m irc.demo

test: $(STAMP)
	$(MAKE) wheel-check lit pytest

lit: $(STAMP)
	PATH=$(CURDIR)/$(VENV)/bin:$$PATH $(VENV)/bin/lit -sv -j $(JOBS) test/lit

# every end-to-end compile is also checked: print/parse between passes gives the same code, and every pass
# is interpreted against the previous level (IRC_CHECK_PASSES; test/e2e/conftest.py says which tests not).
# The compile pool's tests in a process of their own: after other tests in the same process, what the pool's
# worker processes compiled is not found there afterwards (test_the_pool_compiles_in_worker_processes; not yet
# understood: Dynamo's shared state was one cause, which the tests now reset)
pytest: $(STAMP)
	$(PY) -m pytest -q -n $(JOBS) --durations=25 test --ignore=test/unit/test_compile_pool.py
	$(PY) -m pytest -q test/unit/test_compile_pool.py

# the wheel installed alone in a fresh environment: every module imports and the demo runs (seconds)
wheel-check: $(STAMP)
	$(PY) test/install/check_wheel.py

clean:
	rm -rf $(VENV) build *.egg-info
