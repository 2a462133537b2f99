"""Importing irc, or xDSL loading irc's `xdsl.universe` plugin, leaves xDSL as it is; irc's own entry
points (a context from irc.pipeline.make_context, irc-opt, the compile driver) install irc's parsing,
verification and printing (irc/xdsl_install.py). Each check runs in a fresh process: this one may have
installed them already."""

import subprocess
import sys
import textwrap

SNAPSHOT = """
import sys
import xdsl.ir, xdsl.irdl, xdsl.parser, xdsl.printer, xdsl.traits, xdsl.universe
import xdsl.dialects.builtin, xdsl.irdl.declarative_assembly_format
import xdsl.transforms.common_subexpression_elimination


def xdsl_attributes():
    found = {}
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith("xdsl"):
            continue
        for name, value in list(vars(module).items()):
            found[(module_name, name)] = value
            if isinstance(value, type) and value.__module__ == module_name:
                for attribute, member in list(vars(value).items()):
                    found[(module_name, name, attribute)] = member
    return found


def changed_since(before):
    # attributes of the modules and classes `before` saw that are now other objects, or new
    after = xdsl_attributes()
    seen = {key[:-1] for key in before}
    keys = set(before) | {key for key in after if key[:-1] in seen}
    missing = object()
    return sorted(".".join(key) for key in keys if before.get(key, missing) is not after.get(key, missing))


before = xdsl_attributes()
"""


def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_irc_and_loading_its_xdsl_plugin_change_no_xdsl_attribute():
    out = run_python(SNAPSHOT + """
import irc, irc.universe, irc.registry, irc.pipeline, irc.xdsl_patches, irc.backend
from xdsl.universe import Universe

universe = Universe.get_multiverse()
assert "loop" in universe.all_dialects and "kernel-fuse" in universe.all_passes
print(changed_since(before))
""")
    assert out.strip() == "[]", f"xDSL attributes replaced: {out}"


def test_irc_contexts_install_irc_parsing_verification_and_printing():
    out = run_python(SNAPSHOT + """
from irc.pipeline import make_context
from irc.xdsl_install import changed_attributes, installed

make_context()
assert installed()
owners = {owner.__name__ for owner, _ in changed_attributes()}
assert {"Parser", "Printer", "Block", "Region", "MLIRLexer", "Operation"} <= owners, owners
changed = changed_since(before)
print(len(changed), len(set(changed_attributes())))
""")
    changed, recorded = map(int, out.split())
    assert changed == recorded > 30


def test_the_compile_driver_installs_them():
    out = run_python("""
import torch
from irc.xdsl_install import installed

assert not installed()
torch.compile(lambda x: (x * 2).sum(1), backend="irc")(torch.randn(5, 7))
print(installed())
""")
    assert out.strip() == "True"
