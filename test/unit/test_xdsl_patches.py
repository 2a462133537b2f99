"""irc/xdsl_patches.py changes how xDSL parses, never what it accepts: the same tokens, scopes and errors."""

import gc
import random
from pathlib import Path

import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

import irc.xdsl_patches as patches
from irc.pipeline import make_context
from irc.xdsl_install import install

install()  # what irc's entry points do before they parse

ROOT = Path(__file__).resolve().parents[2]

EDGE_CASES = [
    "", " ", "// only a comment", "%0 %a.b-c %12abc %$x % ", "#-} {-# #loop.index<\"i0\"> #-x #5", "!a.b ^bb0 ^",
    "-> - -1 ->x {-#x", "0x1F 0xg 0x 00 12. 12.5 12.5e3 1e5 3.e-2 0X1", "\"\" \"a\\\"b\" \"\\n\" \"ok\" \"open",
    "\"tab\\t\" \"x\\41\" \"\\q\"", "...", ". ..", "@f @\"q\" @ @1", "é_x _a$b.c a-b", "abc/def // c\n/x", "|?*+=<>[](),:",
    "\u00b2 \u0661", "\t\r\n%x\v\f", "% \n", "{ }", "a\x00b",
]


def tokens(text: str, lex) -> list:
    lexer = MLIRLexer(Input(text, "t"))
    out = []
    for _ in range(len(text) + 2):
        try:
            token = lex(lexer)
        except ParseError as exc:
            return out + [("error", str(exc))]
        out.append((token.kind, token.span.start, token.span.end, type(token.span).__name__))
        if token.kind == MLIRTokenKind.EOF:
            return out
    raise AssertionError("the lexer did not reach the end")


def corpus() -> list[str]:
    texts = list(EDGE_CASES)
    for path in sorted((ROOT / "test" / "lit").rglob("*.mlir")) + sorted((ROOT / "test" / "fuzz" / "seeds").glob("*")):
        texts.append(path.read_text())
    rng = random.Random(7)
    alphabet = "%#!^@-{}<>()[]:,=+*/?|.\"\\ \n0123456789xeEabc_$é"
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40))) for _ in range(3000)]
    return texts


def test_the_fast_lexer_yields_the_original_tokens():
    original = patches.MLIRLexer.lex.__wrapped__
    for text in corpus():
        assert tokens(text, MLIRLexer.lex) == tokens(text, original), text


def parse(text: str):
    return Parser(make_context(), text).parse_module()


def test_values_of_a_region_stay_inside_it():
    inner = '"test.op"() ({\n  %a = "test.op"() : () -> i32\n}) : () -> ()\n'
    with pytest.raises(ParseError, match="values used but not defined"):
        parse(inner + '"test.op"(%a) : (i32) -> ()\n')
    with pytest.raises(ParseError, match="already defined"):
        parse('%a = "test.op"() : () -> i32\n' + inner)
    nested = '%a = "test.op"() : () -> i32\n"test.op"() ({\n  "test.op"() ({\n    "test.op"(%a) : (i32) -> ()\n  }) : () -> ()\n}) : () -> ()\n'
    assert len(list(parse(nested).walk())) == 5
    siblings = inner + inner.replace("%a", "%b") + inner
    assert len(list(parse(siblings).walk())) == 7


def test_the_collector_runs_again_after_a_parse():
    assert gc.isenabled()
    parse('"test.op"() : () -> ()')
    assert gc.isenabled()
    with pytest.raises(ParseError):
        parse('"test.op"(')
    assert gc.isenabled()
    gc.disable()
    try:
        parse('"test.op"() : () -> ()')
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_parsed_module_counts_as_old_for_the_collector():
    text = "".join(f'%v{k} = "test.op"() : () -> i32\n' for k in range(2000))
    module = parse(text)
    old = gc.get_objects(generation=2)
    assert any(o is module for o in old) and any(o is module.body.block.first_op for o in old)
    assert gc.get_freeze_count() == 0
    frozen = [[] for _ in range(10)]
    gc.freeze()
    try:
        parse(text)
        assert gc.get_freeze_count() >= len(frozen)  # what the program froze stays frozen
    finally:
        gc.unfreeze()


def test_counts_of_operands_results_and_regions_are_verified_as_before():
    from xdsl.irdl import operations
    from xdsl.utils.exceptions import VerifyException

    from irc.registry import load_all_dialects

    original = operations.verify_variadic_size.__wrapped__
    ctx = make_context()
    load_all_dialects(ctx)
    for name in ("arith", "func", "math", "scf"):
        ctx.load_registered_dialect(name)
    checked = 0
    for op_type in [op for dialect in ctx.loaded_dialects for op in dialect.operations]:
        if not hasattr(op_type, "get_irdl_definition"):
            continue
        op_def = op_type.get_irdl_definition()
        for construct, field in [(operations.VarIRConstruct.OPERAND, "operands"),
                                 (operations.VarIRConstruct.RESULT, "results"),
                                 (operations.VarIRConstruct.REGION, "regions")]:  # fmt: skip
            for count in range(4):
                op = op_type.__new__(op_type)
                op.__dict__.update(operands=(), results=(), regions=(), successors=(), properties={}, attributes={})
                op.__dict__[field] = (None,) * count
                outcomes = []
                for verify in (operations.verify_variadic_size, original):
                    try:
                        verify(op, op_def, construct)
                        outcomes.append(None)
                    except (VerifyException, Exception) as exc:
                        outcomes.append(f"{type(exc).__name__}: {exc}")
                assert outcomes[0] == outcomes[1], (op_def.name, construct, count)
                checked += 1
    assert checked > 300


def test_a_use_before_its_definition_in_a_block_is_a_verifier_error():
    from xdsl.utils.exceptions import VerifyException

    def body(ops: str) -> str:
        return f'func.func @f() {{\n{ops}  func.return\n}}\n'

    later = '  "test.op"(%a) : (i32) -> ()\n  %a = "test.op"() : () -> i32\n'
    nested = ('  "test.op"() ({\n    "test.op"(%a) : (i32) -> ()\n    "test.termop"() : () -> ()\n  }) : () -> ()\n'
              '  %a = "test.op"() : () -> i32\n')
    itself = '  %a = "test.op"(%a) : (i32) -> i32\n'
    for ops, user in [(later, "test.op"), (nested, "test.op"), (itself, "test.op")]:
        with pytest.raises(VerifyException, match=f"{user} uses as operand 0 a value that test.op defines after it"):
            parse(body(ops)).verify()
    parse(body('  %a = "test.op"() : () -> i32\n  "test.op"(%a) : (i32) -> ()\n')).verify()
    # a module's body is a graph region: order carries no meaning there
    parse(later).verify()
