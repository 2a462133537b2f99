"""irc/xdsl_build.py, xdsl_verify.py, xdsl_parse.py and xdsl_print.py make xDSL faster, never different: each
fast path gives the op, the verdict, the text and the error that xDSL's own code gives, on the lit inputs, the
fuzz seeds and seeded mutations of them."""

import inspect
import io
import random
from pathlib import Path

from xdsl.ir import Block, Region
from xdsl.irdl import operations
from xdsl.irdl.declarative_assembly_format import AttrDictDirective
from xdsl.parser import Parser
from xdsl.printer import Printer

import irc.xdsl_patches  # noqa: F401
from irc import xdsl_parse, xdsl_parse_lines, xdsl_parse_ops, xdsl_print, xdsl_verify
from irc.pipeline import make_context
from irc.registry import load_all_dialects
from irc.xdsl_install import install

install()  # what irc's entry points do before they parse

ROOT = Path(__file__).resolve().parents[2]


def corpus(mutations: int = 600) -> list[str]:
    paths = sorted((ROOT / "test" / "lit").rglob("*.mlir"))
    paths += sorted((ROOT / "test" / "fuzz" / "seeds").glob("*"))
    texts = [chunk for path in paths for chunk in path.read_text().split("// -----")]
    rng = random.Random(11)
    for _ in range(mutations):
        text = rng.choice(texts)
        if not text:
            continue
        at = rng.randrange(len(text))
        cut = rng.randrange(1, 12)
        inserted = rng.choice("%#!^{}<>()[]:,=\"09 \nai-")
        copied = text[rng.randrange(len(text)) :][:cut]
        texts.append(rng.choice([text[:at] + text[at + cut :], text[:at] + inserted + text[at:],
                                 text[:at] + copied + text[at:]]))  # fmt: skip
    return texts


def outcome(text: str, verify=True) -> str:
    """What parsing, verifying and printing (custom and generic) `text` gives, errors included."""
    try:
        module = Parser(make_context(), text, "t").parse_module()
    except Exception as exc:  # noqa: BLE001 (the outcome compared)
        return f"parse: {type(exc).__name__}: {exc}"
    parts = []
    if verify:
        try:
            module.verify()
            parts.append("ok")
        except Exception as exc:  # noqa: BLE001
            parts.append(f"verify: {type(exc).__name__}: {exc}")
    for generic in (False, True):
        out = io.StringIO()
        try:
            Printer(stream=out, print_generic_format=generic).print_op(module)
        except Exception as exc:  # noqa: BLE001 (invalid IR need not print)
            parts.append(f"print: {type(exc).__name__}: {exc}")
        parts.append(out.getvalue())
    return "\n".join(parts)


def restored(monkeypatch, owner, name: str, wrapper) -> None:
    monkeypatch.setattr(owner, name, wrapper.__wrapped__)


TUPLES = '%a:2 = "test.op"() : () -> (i32, i32)\n'
BUF = "!loop.buffer<[3], f32, strides [1]>"
LOOP = (f"func.func @f(%x: {BUF}) -> {BUF} {{\n  %b = loop.pointwise ranges [3] {{\n"
        f'    %a = loop.load %x[#loop.index<"i0">] : {BUF}\n    loop.yield %a : f32\n  }} : {BUF}\n'
        f"  func.return %b : {BUF}\n}}")  # fmt: skip
EDGES = [  # terminators, locations, names bound twice or used before their definition, spaced type texts
    "func.func @f() {\n  %a = arith.constant 1 : i32\n}",
    "func.func @f() {\n  %a = arith.constant 1 : i32 loc(unknown)\n  func.return\n}",
    '"test.op"() ({\n  "test.op"() : () -> ()\n^bb1:\n  "test.op"() : () -> ()\n}) : () -> ()',
    "%a = arith.constant 1 : i32\n%a = arith.constant 2 : i32",
    "%b = arith.addi %a, %a : i32\n%a = arith.constant 1 : i32",
    "%b = arith.addi %a, %a : i32\n%a = arith.constant 1 : i64",
    LOOP, LOOP.replace("loop.buffer<", "loop.buffer <", 1), LOOP.replace("loop.index<", "loop.index <"),
    LOOP.replace('"i0"', '"i0 + 1"'), LOOP.replace(", strides [1]>", ", strides [1] >", 1),
    LOOP.replace("loop.yield %a : f32\n", "loop.yield %a : f32\n    loop.yield %a : f32\n"),
    LOOP.replace("    loop.yield %a : f32\n", ""),
    # like ops whose operands are the same value or not, in either order; a like op outside its parent
    "%a = arith.constant 1 : i32\n%b = arith.addi %a, %a : i32\n%c = arith.addi %a, %b : i32\n"
    "%d = arith.addi %b, %a : i32\n%e = arith.addi %b, %b : i32\n%f = arith.addi %e, %e : i32",
    LOOP.replace("  func.return", f"  %c = loop.load %x[#loop.index<\"i0\">] : {BUF}\n  func.return"),
    # lines that repeat but for their names: undefined or mistyped names, a line continued on the next, a
    # token after the line that the first one was not followed by, tuple indices, forward references
    "%a = arith.constant 1 : i32\n%x = arith.constant 1 : i64\n%b = arith.addi %a, %a : i32\n"
    "%c = arith.addi %b, %a : i32\n%d = arith.addi %x, %a : i32",
    "%a = arith.constant 1 : i32\n%b = arith.addi %a, %a : i32\n%c = arith.addi %q, %a : i32",
    "%b = arith.addi %a, %a : i32\n%c = arith.addi %b, %a : i32\n%a = arith.constant 1 : i32",
    "%a = arith.constant 1 : i32\n%b = arith.addi %a, %a : i32\n%c = arith.addi %b, %a\n  : i32\n"
    "%d = arith.addi %b, %a : i32 loc(unknown)\n%e = arith.addi %d, %a : i32 // c\n%f = arith.addi %e, %a : i32",
    TUPLES + "%b = arith.addi %a#0, %a#1 : i32\n%c = arith.addi %a#1, %a#0 : i32\n%d = arith.addi %a#1, %a#2 : i32",
    "func.func @f() -> i32 {\n  %a = arith.constant 1 : i32\n  func.return %a : i32\n}\n"
    "func.func @g() -> i32 {\n  %a = arith.constant 1 : i32\n  func.return %a : i32 }\n"
    "func.func @h() -> i32 {\n  %a = arith.constant 1 : i32\n  func.return\n  %a : i32\n}",
]
TEXTS = corpus() + [TUPLES + '"test.op"(%a#1) : (i32) -> ()\n%b = arith.addi %a#0, %a#1 : i32',
                    TUPLES + "%b = arith.addi %a#x, %a#1 : i32", TUPLES + "%b = arith.addi %a#5, %a#1 : i32",
                    "%b = arith.addi %a, : i32"] + EDGES  # fmt: skip


def test_format_parse_and_its_steps_match_xdsl(monkeypatch):
    replayed = []

    def replay(*args):
        op = xdsl_parse_lines._replay.__wrapped__(*args)
        replayed.append(op is not None)
        return op

    replay.__wrapped__ = xdsl_parse_lines._replay
    monkeypatch.setattr(xdsl_parse_lines, "_replay", replay)
    fast = [outcome(text, verify=False) for text in TEXTS]
    from xdsl.irdl.declarative_assembly_format import FormatProgram
    from xdsl.parser.core import Parser as CoreParser

    from xdsl.ir import Operation

    monkeypatch.setattr(FormatProgram, "parse", inspect.unwrap(FormatProgram.parse))  # under lines and tables
    restored(monkeypatch, AttrDictDirective, "parse", AttrDictDirective.parse)
    from xdsl.irdl.declarative_assembly_format import OptionalGroupDirective

    restored(monkeypatch, OptionalGroupDirective, "parse", OptionalGroupDirective.parse)
    restored(monkeypatch, CoreParser, "_parse_op_result_list", CoreParser._parse_op_result_list)
    restored(monkeypatch, CoreParser, "parse_optional_region", CoreParser.parse_optional_region)
    restored(monkeypatch, operations, "irdl_op_init", operations.irdl_op_init)
    restored(monkeypatch, Operation, "__init__", Operation.__init__)
    restored(monkeypatch, operations.IRDLOperation, "__post_init__", operations.IRDLOperation.__post_init__)
    from xdsl.parser import AttrParser

    restored(monkeypatch, AttrParser, "_parse_optional_builtin_type", AttrParser._parse_optional_builtin_type)
    restored(monkeypatch, CoreParser, "parse_unresolved_operand", CoreParser.parse_unresolved_operand)
    restored(monkeypatch, CoreParser, "parse_operation", CoreParser.parse_operation)
    restored(monkeypatch, CoreParser, "_parse_block_body", CoreParser._parse_block_body)
    restored(monkeypatch, AttrParser, "_parse_extended_type_or_attribute",
             AttrParser._parse_extended_type_or_attribute)  # fmt: skip
    restored(monkeypatch, AttrParser, "parse_optional_type", AttrParser.parse_optional_type)
    restored(monkeypatch, AttrParser, "parse_optional_attribute", AttrParser.parse_optional_attribute)
    for owner, name, replacement in xdsl_parse.TOKEN_TESTS:
        function = replacement.fget if isinstance(replacement, property) else replacement
        monkeypatch.setattr(owner, name, function.__wrapped__)
    assert [outcome(text, verify=False) for text in TEXTS] == fast
    assert xdsl_parse_ops._WHOLE, "repeated attribute and type texts were memoized"
    assert xdsl_parse._CHECKED, "the constraint checks of like ops were memoized"
    assert True in replayed and False in replayed, "lines that repeat were parsed once (unless followed otherwise)"


def test_verification_matches_xdsl(monkeypatch):
    from xdsl.ir import Operation
    from xdsl.traits import IsolatedFromAbove

    fast = [outcome(text) for text in TEXTS]
    restored(monkeypatch, operations.OpDef, "verify", operations.OpDef.verify)
    restored(monkeypatch, Operation, "verify", Operation.verify)
    restored(monkeypatch, IsolatedFromAbove, "verify", IsolatedFromAbove.verify)
    restored(monkeypatch, Region, "verify", Region.verify)
    dominance = irc.xdsl_patches._dominance_checked
    monkeypatch.setattr(Block, "verify", dominance(Block.verify.__wrapped__.__wrapped__))
    assert [outcome(text) for text in TEXTS] == fast
    assert xdsl_verify._PASSED_OPS, "the checks of like ops were memoized"


def test_printing_matches_xdsl(monkeypatch):
    from xdsl.utils.base_printer import BasePrinter

    fast = [outcome(text, verify=False) for text in TEXTS]
    restored(monkeypatch, BasePrinter, "print_string", BasePrinter.print_string)
    restored(monkeypatch, Printer, "print_attribute", Printer.print_attribute)
    restored(monkeypatch, AttrDictDirective, "print", AttrDictDirective.print)
    restored(monkeypatch, Printer, "print_ssa_value", Printer.print_ssa_value)
    restored(monkeypatch, Printer, "_print_results", Printer._print_results)
    restored(monkeypatch, Printer, "print_op", Printer.print_op)
    from xdsl.irdl.declarative_assembly_format import FormatProgram

    restored(monkeypatch, FormatProgram, "print", FormatProgram.print)
    restored(monkeypatch, BasePrinter, "_print_new_line", BasePrinter._print_new_line)
    from xdsl.irdl.declarative_assembly_format import PunctuationDirective

    restored(monkeypatch, PunctuationDirective, "print", PunctuationDirective.print)
    assert [outcome(text, verify=False) for text in TEXTS] == fast
    assert xdsl_print._PRINTED, "the attribute texts were memoized"
    assert xdsl_print._TEXTS, "the texts of like ops were memoized"


def shapes_of(defs, single, rng: random.Random) -> list:
    """Arguments of every shape the builder takes (and some it rejects) for `defs`."""
    out = []
    for _, d in defs:
        options = [single(), [single()], (single(),), None, [], [single(), single()]]
        if isinstance(d, operations.VariadicDef):
            options.append([single() for _ in range(3)])
        out.append(rng.choice(options))
    if rng.random() < 0.1:
        out.append(single())
    return out


def test_ops_are_built_as_xdsl_builds_them():
    from xdsl.dialects.builtin import IntAttr, StringAttr, f32, i64
    from xdsl.dialects.test import TestOp

    ctx = make_context()
    load_all_dialects(ctx)
    for name in ("arith", "func", "math", "scf"):
        ctx.load_registered_dialect(name)
    rng = random.Random(5)
    values = TestOp(result_types=[f32, i64, f32]).results
    original = operations.irdl_op_init.__wrapped__
    checked = 0
    for op_type in [op for dialect in ctx.loaded_dialects for op in dialect.operations]:
        if not hasattr(op_type, "get_irdl_definition"):
            continue
        op_def = op_type.get_irdl_definition()
        for _ in range(6):
            args = dict(
                operands=shapes_of(op_def.operands, lambda: rng.choice(values), rng),
                result_types=shapes_of(op_def.results, lambda: rng.choice([f32, i64]), rng),
                regions=shapes_of(op_def.regions, lambda: Region(Block()), rng),
                successors=shapes_of(op_def.successors, Block, rng),
                properties={n: rng.choice([None, IntAttr(1), StringAttr("s")]) for n in op_def.properties},
                attributes={},
            )
            built = []
            for init in (operations.irdl_op_init, original):
                op = op_type.__new__(op_type)
                fresh = {k: list(v) if isinstance(v, list) else dict(v) for k, v in args.items()}
                for k in ("regions", "successors"):  # a region or block is owned once: new ones per try
                    fresh[k] = [_fresh(a) for a in fresh[k]]
                try:
                    init(op, op_def, **fresh)
                    counts = (len(op.regions), len(op._successors))
                    built.append((op._operands, [r.type for r in op.results], counts, op.properties, op.attributes))
                except Exception as exc:  # noqa: BLE001 (the outcome compared)
                    built.append(f"{type(exc).__name__}: {exc}")
            assert built[0] == built[1], (op_def.name, args)
            checked += 1
    assert checked > 300


def _fresh(arg):
    if isinstance(arg, Region):
        return Region(Block())
    if isinstance(arg, Block):
        return Block()
    if isinstance(arg, list | tuple):
        return type(arg)(_fresh(a) for a in arg)
    return arg


def test_region_names_leave_with_their_region():
    text = '"test.op"() ({\n  %a = "test.op"() : () -> i32\n  "test.op"(%a) : (i32) -> ()\n}) : () -> ()'
    parser = Parser(make_context(), text + "\n" + text.replace("%a", "%b"))
    parser.parse_module()
    assert type(parser.ssa_values) is xdsl_parse._ScopedNames and not parser.ssa_values


def test_values_from_above_an_isolated_op_are_reported_as_xdsl_reports_them(monkeypatch):
    from xdsl.traits import IsolatedFromAbove

    texts = [
        '%a = "test.op"() : () -> i32\nfunc.func @f() {\n  "test.op"(%a) : (i32) -> ()\n  func.return\n}',
        'func.func @f() {\n  %a = "test.op"() : () -> i32\n  "test.op"() ({\n    "test.op"(%a) : (i32) -> ()\n'
        '  }) : () -> ()\n  func.return\n}',
        'func.func @f() {\n  "test.op"() ({\n  ^bb0(%x: i32):\n    func.func @g() {\n      "test.op"(%x) : (i32) -> ()\n'
        '      func.return\n    }\n    "test.termop"() : () -> ()\n  }) : () -> ()\n  func.return\n}',
    ]
    fast = [outcome(text) for text in texts]
    assert [text.startswith("verify: VerifyException: Operation using value defined out of its IsolatedFromAbove")
            for text in fast] == [True, False, True]  # fmt: skip
    restored(monkeypatch, IsolatedFromAbove, "verify", IsolatedFromAbove.verify)
    assert [outcome(text) for text in texts] == fast


def test_named_entries_are_read_as_xdsl_reads_them():
    accessors = (operations.BeforeVariadicSingleAccessor, operations.AfterVariadicSingleAccessor,
                 operations.SameOptionalAccessor, operations.UniqueVariadicAccessor)  # fmt: skip
    checked = 0
    for text in TEXTS[:400]:
        try:
            module = Parser(make_context(), text, "t").parse_module()
        except Exception:  # noqa: BLE001, S112 (only what parses has entries to read)
            continue
        for op in module.walk():
            for name, accessor in vars(type(op)).items():
                if isinstance(accessor, accessors):
                    fast = accessor.__get__(op, type(op))
                    original = type(accessor).__get__.__wrapped__(accessor, op, type(op))
                    assert fast == original and type(fast) is type(original), (op.name, name)
                    checked += 1
    assert checked > 1000


def test_like_op_tables_when_full(monkeypatch):
    expected = [outcome(text) for text in EDGES]
    for module, table, bound in ((xdsl_print, "_TEXTS", "_MAX_TEXTS"), (xdsl_verify, "_PASSED_OPS", "_MAX_PASSED"),
                                 (xdsl_parse, "_CHECKED", "_MAX_CHECKED"), (xdsl_parse_lines, None, "_MAX_LINES")):
        if table:
            monkeypatch.setattr(module, table, {})
        monkeypatch.setattr(module, bound, 0)
    assert [outcome(text) for text in EDGES] == expected
    assert not xdsl_print._TEXTS and not xdsl_verify._PASSED_OPS and not xdsl_parse._CHECKED
