"""The tiling config group of `kernel.kernel`: `{xblock = 64, rblock = 16, configs = [{...}, ...]}`.

A template kernel reads yblock, xblock and rblock as its BLOCK_M, BLOCK_N and BLOCK_K, and group_m as GROUP_M;
`programs` makes it persistent: that many programs walk its tiles (one per SM).

Verification of each entry (positive; block sizes powers of two), parsing and printing of the group and of
its autotune candidates.
"""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr
from xdsl.ir import Attribute
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

# tiling config entry -> whether it must be a power of two
CONFIG_FIELDS = {
    "xblock": True, "yblock": True, "rblock": True, "num_warps": True, "num_stages": False, "group_m": False,
    "programs": False,
}  # fmt: skip


def verify_config_value(key: str, value: int, where: str = "") -> None:
    if value <= 0:
        raise VerifyException(f"{where}{key} must be positive, got {value}")
    if CONFIG_FIELDS[key] and value & (value - 1):
        raise VerifyException(f"{where}{key} must be a power of two, got {value}")


def verify_candidate(number: int, candidate: Attribute) -> None:
    where = f"autotune config {number}: "
    if not isinstance(candidate, DictionaryAttr):
        raise VerifyException(f"{where}expected a dictionary, got {candidate}")
    for key, value in candidate.data.items():
        if key not in CONFIG_FIELDS:
            raise VerifyException(f"{where}unknown entry '{key}'; expected one of {', '.join(CONFIG_FIELDS)}")
        if not isinstance(value, IntegerAttr):
            raise VerifyException(f"{where}{key} must be an integer, got {value}")
        verify_config_value(key, value.value.data, where)


def candidate_attr(candidate: Mapping[str, int]) -> DictionaryAttr:
    return DictionaryAttr({key: IntegerAttr(value, 64) for key, value in candidate.items()})


def _parse_config_entry(parser: Parser, seen: set[str], allow_configs: bool) -> tuple[str, Attribute]:
    pos = parser.pos
    key = parser.parse_identifier("expected a tiling config name")
    if key in seen:
        parser.raise_error(f"duplicate tiling config entry '{key}'", pos)
    seen.add(key)
    if key not in CONFIG_FIELDS and not (allow_configs and key == "configs"):
        parser.raise_error(f"unknown tiling config entry '{key}'; expected one of {', '.join(CONFIG_FIELDS)}", pos)
    parser.parse_punctuation("=")
    if key == "configs":
        return key, ArrayAttr(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: _parse_dict(parser)))
    return key, IntegerAttr(parser.parse_integer(allow_boolean=False), 64)


def _parse_dict(parser: Parser, allow_configs: bool = False) -> DictionaryAttr:
    seen: set[str] = set()
    entries = parser.parse_comma_separated_list(
        parser.Delimiter.BRACES, lambda: _parse_config_entry(parser, seen, allow_configs)
    )
    return DictionaryAttr(dict(entries))


def parse_config_group(parser: Parser) -> dict[str, Attribute]:
    """`{xblock = 1, rblock = 16, configs = [{xblock = 1}, ...]}` -> the kernel's config properties."""
    return dict(_parse_dict(parser, allow_configs=True).data)


def at_config_group(parser: Parser) -> bool:
    """Whether the next `{` opens a config group (`{name = ...`) rather than the kernel body."""
    pos = parser.pos
    if parser.parse_optional_punctuation("{") is None:
        return False
    is_config = parser.parse_optional_identifier() is not None and parser.parse_optional_punctuation("=") is not None
    parser._resume_from(pos)  # noqa: SLF001 (two-token lookahead; xDSL's own parsers backtrack the same way)
    return is_config


def _print_int_entries(printer: Printer, entries: Mapping[str, IntegerAttr]) -> None:
    printer.print_list(entries.items(), lambda kv: printer.print_string(f"{kv[0]} = {kv[1].value.data}"))


def print_config_group(printer: Printer, config: Mapping[str, IntegerAttr], configs: ArrayAttr | None) -> None:
    printer.print_string(" {")
    _print_int_entries(printer, config)
    if configs is not None:
        printer.print_string(", " if config else "")
        printer.print_string("configs = [")
        printer.print_list(configs.data, lambda c: _print_candidate(printer, c))
        printer.print_string("]")
    printer.print_string("}")


def _print_candidate(printer: Printer, candidate: DictionaryAttr) -> None:
    printer.print_string("{")
    _print_int_entries(printer, candidate.data)
    printer.print_string("}")
