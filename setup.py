"""The package list, found rather than written out: irc/ is `irc`, and dialects/, passes/ and tools/ are
mapped into it (pyproject.toml holds everything else). Any non-Python file in a package goes into the wheel
too; test/install/check_wheel.py checks the wheel."""

import shutil

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

PACKAGE_DIR = {"irc": "irc", "irc.dialects": "dialects", "irc.passes": "passes", "irc.tools": "tools"}


def packages() -> list[str]:
    found = []
    for package, folder in PACKAGE_DIR.items():
        found += [package] + [f"{package}.{sub}" for sub in find_packages(folder)]
    return found


class FreshBuildPy(build_py):
    """Copies the packages into an emptied build/lib, so that a module removed from the tree never stays in a
    wheel built in place (`pip wheel .`)."""

    def run(self):
        if not self.editable_mode:
            shutil.rmtree(self.build_lib, ignore_errors=True)
        super().run()


setup(
    cmdclass={"build_py": FreshBuildPy},
    packages=packages(),
    package_dir=PACKAGE_DIR,
    package_data={"": ["*"]},
    exclude_package_data={"": ["*.pyc", "*.pyo"]},
)
