"""The record of irc's changes to xDSL: modules that change xDSL call `wrap` or `replace` when imported, and
irc/xdsl_install.py's `install()` applies what they recorded."""

from collections.abc import Callable
from typing import Any

CHANGES: list[tuple[Any, str, Callable[[Any], Any]]] = []


def wrap(owner: Any, name: str, wrapper: Callable[[Any], Any]) -> None:
    """Records `owner.name = wrapper(owner.name)`, the attribute read when the change is installed."""
    CHANGES.append((owner, name, wrapper))


def replace(owner: Any, name: str, value: Any) -> None:
    """Records `owner.name = value`."""
    CHANGES.append((owner, name, lambda _xdsl_value: value))
