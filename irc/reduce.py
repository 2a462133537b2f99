"""A delta-debugging minifier for IR: shrink a module while a failure (the predicate) still holds.

Reductions, repeated until none helps:
1. ops of the host functions, by ddmin over the set of ops kept: a removed op's results are replaced by new
   function inputs (tensors, buffers) or constants (scalars); kept results nobody uses any more become
   function results, so what they compute stays observable; unused inputs are dropped;
2. function results, by ddmin over the results kept (ops left dead are dropped);
3. sizes (aten level): every dim equal to N becomes 1, 2 or N // 2 in every tensor type.
Candidates that do not verify are not interesting. Each predicate answer is cached by the module's text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import Parser

from irc.dialects.aten import NONE_RESULTS, WRITTEN_ARGS
from irc.dialects.types import TensorType, contiguous_strides, is_bool, is_float

Predicate = Callable[[ModuleOp], bool]


def host_functions(module: ModuleOp) -> list[func.FuncOp]:
    return [op for op in module.ops if isinstance(op, func.FuncOp) and op.body.blocks]


def removable_ops(module: ModuleOp) -> list[Operation]:
    """The ops of the host functions' bodies, terminators excepted, in order."""
    return [op for f in host_functions(module) for op in f.body.block.ops if not isinstance(op, func.ReturnOp)]


def count_ops(module: ModuleOp) -> int:
    """Ops inside functions and kernels (nested bodies included), the module itself excepted."""
    return sum(1 for op in module.walk() if op is not module and not isinstance(op, func.FuncOp)) - sum(
        1 for op in module.ops if op.name == "kernel.kernel"
    )


# ---------------------------------------------------------------------------
# Module edits
# ---------------------------------------------------------------------------


def input_type(t: Attribute) -> Attribute:
    """The type of a function input standing for a value of type `t` (graph inputs carry strides)."""
    if isinstance(t, TensorType) and t.stride_values() is None:
        return TensorType(t.sizes(), t.element_type, contiguous_strides(t.sizes()))
    return t


def scalar_constant(t: Attribute) -> Operation | None:
    if is_bool(t):
        return arith.ConstantOp(IntegerAttr(1, t))
    if is_float(t) and not isinstance(t, TensorType):
        return arith.ConstantOp(FloatAttr(1.0, t))
    if getattr(t, "name", "") == "integer_type":
        return arith.ConstantOp(IntegerAttr(1, t))
    return None


def replace_by_input(function: func.FuncOp, value: SSAValue) -> None:
    """Every use of `value` reads a new constant (scalars) or a new function input instead."""
    block = function.body.block
    constant = scalar_constant(value.type)
    if constant is not None:
        block.insert_op_before(constant, block.first_op)
        value.replace_all_uses_with(constant.results[0])
        return
    arg = block.insert_arg(input_type(value.type), len(block.args))
    if arg.type != value.type:
        for use in list(value.uses):
            use.operation.operands[use.index] = arg
    else:
        value.replace_all_uses_with(arg)


def is_dead(op: Operation) -> bool:
    return bool(op.results) and all(not r.uses for r in op.results)


def erase_dead_ops(function: func.FuncOp) -> None:
    block = function.body.block
    changed = True
    while changed:
        changed = False
        for op in reversed(list(block.ops)):
            if is_dead(op):
                block.erase_op(op)
                changed = True


def expose_unused(function: func.FuncOp) -> None:
    """Unused results become function results, so what a kept op computes stays observable."""
    ret = function.body.block.last_op
    unused = [r for op in function.body.block.ops if op is not ret for r in op.results if not r.uses]
    if unused:
        ret.operands = [*ret.operands, *unused]
        drop_result_marks(function)


def drop_result_marks(function: func.FuncOp) -> None:
    """The marks that name result positions (None results, results written into arguments) go once the
    results change: a written argument's value stays a plain result."""
    function.attributes.pop(NONE_RESULTS, None)
    function.attributes.pop(WRITTEN_ARGS, None)


def clean_up(module: ModuleOp) -> None:
    """Drops unused inputs and kernels nobody launches, and updates function types."""
    for function in host_functions(module):
        block = function.body.block
        for arg in reversed(list(block.args)):
            if not arg.uses:
                block.erase_arg(arg)
                function.attributes.pop(WRITTEN_ARGS, None)  # it named arguments by position
        update_function_type(function)
    launched = {op.callee.string_value() for op in module.walk() if op.name == "kernel.launch"}
    for op in list(module.ops):
        if op.name in ("kernel.kernel", "triton.func") and op.sym_name.data not in launched:
            module.body.block.erase_op(op)


def update_function_type(function: func.FuncOp) -> None:
    """The function's type after its arguments changed; their attributes (irc.static marks, which only spare
    the wrapper per-call checks) go, since they no longer line up with the arguments."""
    block = function.body.block
    results = block.last_op.operand_types if isinstance(block.last_op, func.ReturnOp) else ()
    function.function_type = func.FunctionType.from_lists([a.type for a in block.args], list(results))
    function.arg_attrs = None


def without_ops(module: ModuleOp, keep: set[int]) -> ModuleOp:
    """A copy of the module keeping only the removable ops whose index is in `keep`."""
    module = module.clone()
    ops = removable_ops(module)
    for index in reversed(range(len(ops))):
        if index in keep:
            continue
        op = ops[index]
        function = op.parent_op()
        for result in op.results:
            if result.uses:
                replace_by_input(function, result)
        op.parent_block().erase_op(op)
    for function in host_functions(module):
        expose_unused(function)
    clean_up(module)
    return module


def with_results(module: ModuleOp, keep: set[int]) -> ModuleOp:
    """A copy of the module whose (first) host function returns only the results whose index is in `keep`."""
    module = module.clone()
    function = host_functions(module)[0]
    ret = function.body.block.last_op
    kept = [v for k, v in enumerate(ret.operands) if k in keep]
    ret.operands = kept
    drop_result_marks(function)
    erase_dead_ops(function)
    clean_up(module)
    return module


TENSOR = re.compile(r"!aten\.tensor<\[([^\]]*)\], ([A-Za-z0-9]+)(, strides \[[^\]]*\])?>")


def with_size(text: str, old: int, new: int) -> str:
    """Every tensor dim equal to `old` becomes `new`; strides of strided types become contiguous again."""

    def resize(match: re.Match) -> str:
        dims = [d.strip() for d in match.group(1).split(",") if d.strip()]
        dims = [str(new) if d == str(old) else d for d in dims]
        strides = ""
        if match.group(3):
            if not all(d.isdigit() for d in dims):
                return match.group(0)
            strides = f", strides [{', '.join(str(s) for s in contiguous_strides([int(d) for d in dims]))}]"
        return f"!aten.tensor<[{', '.join(dims)}], {match.group(2)}{strides}>"

    return TENSOR.sub(resize, text)


def static_sizes(text: str) -> list[int]:
    sizes = {int(d) for m in TENSOR.finditer(text) for d in m.group(1).split(",") if d.strip().isdigit()}
    return sorted((s for s in sizes if s > 1), reverse=True)


# ---------------------------------------------------------------------------
# Delta debugging
# ---------------------------------------------------------------------------


def ddmin(items: Sequence[int], interesting: Callable[[set[int]], bool]) -> list[int]:
    """A small subset of `items` that is still interesting (Zeller's ddmin, trying complements)."""
    items = list(items)
    chunks = 2
    while len(items) >= 2:
        size = -(-len(items) // chunks)
        parts = [items[k : k + size] for k in range(0, len(items), size)]
        for part in parts:
            rest = [i for i in items if i not in part]
            if interesting(set(rest)):
                items, chunks = rest, max(chunks - 1, 2)
                break
        else:
            if chunks >= len(items):
                break
            chunks = min(len(items), chunks * 2)
    if len(items) == 1 and interesting(set()):
        return []
    return items


class Reducer:
    """Shrinks `module` while `predicate` holds; `log` reports progress."""

    def __init__(self, ctx, predicate: Predicate, log: Callable[[str], None] = lambda _: None):
        self.ctx = ctx
        self.predicate = predicate
        self.log = log
        self.answers: dict[str, bool] = {}
        self.tests = 0

    def interesting(self, module: ModuleOp) -> bool:
        text = str(module)
        if text not in self.answers:
            self.tests += 1
            try:
                module.verify()
            except Exception:
                self.answers[text] = False
            else:
                self.answers[text] = bool(self.predicate(Parser(self.ctx, text).parse_module()))
        return self.answers[text]

    def reduce(self, module: ModuleOp) -> ModuleOp:
        if not self.interesting(module):
            raise ValueError("the input does not fail: nothing to reduce")
        while True:
            before = str(module)
            module = self.reduce_ops(module)
            module = self.reduce_results(module)
            module = self.reduce_sizes(module)
            if str(module) == before:
                return module

    def reduce_ops(self, module: ModuleOp) -> ModuleOp:
        count = len(removable_ops(module))
        keep = ddmin(range(count), lambda kept: self.interesting(without_ops(module, kept)))
        reduced = without_ops(module, set(keep))
        self.log(f"ops: {count} -> {len(removable_ops(reduced))} ({self.tests} tests)")
        return reduced

    def reduce_results(self, module: ModuleOp) -> ModuleOp:
        functions = host_functions(module)
        if not functions:
            return module
        count = len(functions[0].body.block.last_op.operands)
        keep = ddmin(range(count), lambda kept: self.interesting(with_results(module, kept)))
        return with_results(module, set(keep)) if len(keep) < count else module

    def reduce_sizes(self, module: ModuleOp) -> ModuleOp:
        text = str(module)
        for size in static_sizes(text):
            for smaller in dict.fromkeys((1, 2, size // 2)):
                if smaller >= size:
                    continue
                try:
                    candidate = Parser(self.ctx, with_size(text, size, smaller)).parse_module()
                except Exception:
                    continue
                if self.interesting(candidate):
                    text = str(candidate)
                    self.log(f"size {size} -> {smaller}")
                    break
        return Parser(self.ctx, text).parse_module()
