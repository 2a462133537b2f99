"""Checked options of passes and targets: one mechanism for every `name{key=value}` irc accepts.

A pass (or target) dataclass derives from `CheckedOptions` and declares each option with its rule:

    @dataclass(frozen=True)
    class LoopInlinePass(CheckedOptions, ModulePass):
        max_reads: int = option(4, low=0)
        report: str = option("", path=True)

On construction (`from_pass_spec`, or a plain call), every field is checked against its annotation (a bool
is `true`/`false`, an int is no bool, a str is text) and its rule (`low`/`high` bounds, `choices`,
`power_of_two` with an optional `zero` meaning "choose for me", `path` whose folder must exist); the first
violation raises OptionError (a ValueError) naming the pass, the option, the value and what it must be.
"""

from __future__ import annotations

import dataclasses
import os
import types
import typing
from dataclasses import dataclass
from typing import Any


class OptionError(ValueError):
    """A pass or target option out of its type or range."""


@dataclass(frozen=True)
class Rule:
    low: int | None = None
    high: int | None = None
    choices: tuple | None = None
    power_of_two: bool = False
    zero: bool = False
    """With power_of_two: 0 is allowed too (it means a heuristic choice)."""
    path: bool = False
    """A file path prefix: its folder must exist."""


def option(
    default: Any,
    *,
    low: int | None = None,
    high: int | None = None,
    choices: tuple | None = None,
    power_of_two: bool = False,
    zero: bool = False,
    path: bool = False,
) -> Any:
    """A dataclass field with a default and the rule its values must follow."""
    rule = Rule(low, high, tuple(choices) if choices is not None else None, power_of_two, zero, path)
    return dataclasses.field(default=default, metadata={"irc_option": rule})


class CheckedOptions:
    """Mixin for pass/target dataclasses: checks every option when constructed."""

    def __post_init__(self) -> None:
        check_options(self)

    @classmethod
    def from_spec(cls, spec):
        """xDSL's conversion, after a type check of each given value that names the pass and the option."""
        hints = typing.get_type_hints(cls)
        for key, values in spec.normalize_parameter_names().parameters.items():
            if key in hints and len(values) == 1:
                problem = _type_problem(values[0], hints[key])
                if problem:
                    raise OptionError(f"{cls.name}: {key}={_spell(values[0])} {problem}")
        return super().from_spec(spec)


def check_options(obj: Any) -> None:
    owner = getattr(obj, "name", type(obj).__name__)
    hints = typing.get_type_hints(type(obj))
    for field in dataclasses.fields(obj):
        if field.name == "name" or not field.init:
            continue
        value = getattr(obj, field.name)
        problem = _type_problem(value, hints.get(field.name)) or _rule_problem(value, field.metadata.get("irc_option"))
        if problem:
            raise OptionError(f"{owner}: {field.name}={_spell(value)} {problem}")


def _spell(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _type_problem(value: Any, hint: Any) -> str | None:
    if hint is None:
        return None
    allowed = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    if value is None and type(None) in allowed:
        return None
    for t in allowed:
        if t is bool and isinstance(value, bool):
            return None
        if t is int and isinstance(value, int) and not isinstance(value, bool):
            return None
        if t is float and isinstance(value, int | float) and not isinstance(value, bool):
            return None
        if t is str and isinstance(value, str):
            return None
        if typing.get_origin(t) is tuple and isinstance(value, tuple):
            return None
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    return "must be " + " or ".join(names.get(t, getattr(t, "__name__", str(t))) for t in allowed)


def _rule_problem(value: Any, rule: Rule | None) -> str | None:
    if rule is None or value is None:
        return None
    if rule.choices is not None and value not in rule.choices:
        return "must be one of " + ", ".join(_spell(c) for c in rule.choices)
    if isinstance(value, int) and not isinstance(value, bool):
        if rule.power_of_two and not (value > 0 and value & (value - 1) == 0) and not (rule.zero and value == 0):
            return "must be " + ("0 (heuristic) or " if rule.zero else "") + "a power of two"
        if rule.low is not None and value < rule.low:
            return "must be non-negative" if rule.low == 0 else f"must be at least {rule.low}"
        if rule.high is not None and value > rule.high:
            return f"must be at most {rule.high}"
    if rule.path and isinstance(value, str) and value:
        folder = os.path.dirname(value) or "."
        if not os.path.isdir(folder):
            return f"names a folder that does not exist ({folder})"
    return None
