# lit configuration for irc's FileCheck tests. Run with: lit test/lit
import os
import shutil
import sys

import lit.formats

config.name = "irc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.excludes = ["lit.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
repo_root = os.path.dirname(os.path.dirname(config.test_source_root))

config.environment["PATH"] = os.pathsep.join([os.path.dirname(sys.executable), config.environment["PATH"]])
config.environment["PYTHONPATH"] = os.pathsep.join([repo_root, os.environ.get("PYTHONPATH", "")])
for name in ("HOME", "IRC_CACHE_DIR", "TRITON_INTERPRET"):
    if name in os.environ:
        config.environment[name] = os.environ[name]

config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("IRC_ROUNDTRIP", "irc-opt %s --print-op-generic --split-input-file | irc-opt --split-input-file | filecheck %s")
)
config.substitutions.append(
    ("IRC_GENERIC_ROUNDTRIP", "irc-opt %s --split-input-file | irc-opt --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC")
)

for tool in ("irc-opt", "filecheck"):
    if shutil.which(tool, path=config.environment["PATH"]) is None:
        lit_config.fatal(f"{tool} not found on PATH; run `make test` (it installs irc into .venv)")
