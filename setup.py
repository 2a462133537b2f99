"""The package list, found rather than written out: irc/ is `irc`, and dialects/, passes/ and tools/ are
mapped into it (pyproject.toml holds everything else). Any non-Python file in a package goes into the wheel
too; test/install/check_wheel.py checks the wheel."""

from setuptools import find_packages, setup

PACKAGE_DIR = {"irc": "irc", "irc.dialects": "dialects", "irc.passes": "passes", "irc.tools": "tools"}


def packages() -> list[str]:
    found = []
    for package, folder in PACKAGE_DIR.items():
        found += [package] + [f"{package}.{sub}" for sub in find_packages(folder)]
    return found


setup(
    packages=packages(),
    package_dir=PACKAGE_DIR,
    package_data={"": ["*"]},
    exclude_package_data={"": ["*.pyc", "*.pyo"]},
)
