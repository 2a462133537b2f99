"""convert-aten-to-loop: lowers the aten dialect (value semantics) to the loop dialect (buffers + bodies).

Every compute op becomes a `loop.pointwise` / `loop.reduction` producing a contiguous buffer; views become
`loop.reinterpret` of the same storage; `aten.fallback` becomes `kernel.extern`; function arguments and
results become `!loop.buffer`s with the tensors' strides (contiguous when the type has none).

    func.func @forward(%x: !aten.tensor<[3, 9], f32, strides [9, 1]>) -> !aten.tensor<[3], f32> {
      %e = aten.exp %x : (!aten.tensor<[3, 9], f32, strides [9, 1]>) -> !aten.tensor<[3, 9], f32>
      %s = aten.sum %e dims = [1] : (!aten.tensor<[3, 9], f32>) -> !aten.tensor<[3], f32>
      func.return %s : !aten.tensor<[3], f32>
    }
  becomes
    func.func @forward(%x: !loop.buffer<[3, 9], f32, strides [9, 1]>) -> !loop.buffer<[3], f32, strides [1]> {
      %e = loop.pointwise ranges [3, 9] {
        %0 = loop.load %x[#loop.index<"9*i0 + i1">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
        %1 = math.exp %0 : f32
        loop.yield %1 : f32
      } : !loop.buffer<[3, 9], f32, strides [9, 1]>
      %s = loop.reduction sum ranges [3] reduce [9] {
        %2 = loop.load %e[#loop.index<"9*i0 + r0">] : !loop.buffer<[3, 9], f32, strides [9, 1]>
        loop.yield %2 : f32
      } : !loop.buffer<[3], f32, strides [1]>
      func.return %s : !loop.buffer<[3], f32, strides [1]>
    }

The per-family rules live in elementwise.py, views.py and reductions.py (tables; elementwise bodies come from
dialects/elementwise.py) and body.py (index math, broadcasting, casts); dtypes.py holds PyTorch's type promotion.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, FunctionType, ModuleOp
from xdsl.ir import Attribute, OpResult, Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter
from xdsl.utils.exceptions import PassFailedException

from irc.dialects import aten, kernel, loop
from irc.dialects.aten import NONE_RESULTS
from irc.dialects.random_kinds import SEEDS_ATTR
from irc.dialects.model_source import copy_sources
from irc.dialects.types import BufferType, TensorType, contiguous_strides, dim_value, element_type_name
from irc.options import CheckedOptions

from .body import Lowered, buffer_operand, declared_layout
from .cat import CAT_LOWERINGS
from .elementwise import ELEMENTWISE_LOWERINGS
from .division_checks import DIVIDING, check_divisors, drop_checks
from .gather import FALLBACK_LOWERINGS
from .grid_sample import GRID_SAMPLE_LOWERINGS
from .index_maps import INDEX_MAP_LOWERINGS
from .index_put import INDEX_PUT_LOWERINGS
from .masked_scatter import MASKED_SCATTER_LOWERINGS
from .pool import POOL_LOWERINGS
from .random import RANDOM_LOWERINGS
from .scan import SCAN_LOWERINGS
from .sort import SORT_LOWERINGS
from .sort_select import SELECT_LOWERINGS
from .scatter import SCATTER_LOWERINGS
from .scatter_reduce import REDUCE_SCATTERS
from .scatter_stores import GENERAL_SCATTERS
from .reductions import REDUCTION_LOWERINGS
from .views import VIEW_LOWERINGS

# ---------------------------------------------------------------------------
# Types and the fallback
# ---------------------------------------------------------------------------


def buffer_type_of(t: Attribute) -> Attribute:
    """A tensor type's buffer: the tensor's strides, contiguous when it has none. Scalars stay."""
    if not isinstance(t, TensorType):
        return t
    return BufferType(t.sizes(), t.element_type, t.stride_values())


def extern_argument(arg: Attribute) -> Attribute:
    """A fallback argument with `#aten.operand<N>` turned into `#kernel.operand<N>`, at any depth."""
    if isinstance(arg, aten.OperandRefAttr):
        return kernel.OperandRefAttr(arg.index.data)
    if isinstance(arg, ArrayAttr):
        return ArrayAttr([extern_argument(a) for a in arg.data])
    if isinstance(arg, DictionaryAttr):
        return DictionaryAttr({key: extern_argument(a) for key, a in arg.data.items()})
    return arg


def extern_result_types(op: aten.FallbackOp) -> list[Attribute]:
    """The extern's result buffers, with the strides ATen gives for the operands' layouts here.

    The importer's types carry the strides of the traced graph, whose values may have had other layouts than
    irc gives them (a channels_last activation that irc's kernel writes contiguous): an op such as max_pool2d
    follows its input's layout. Where every operand is a static buffer, the overload runs on meta tensors of
    those layouts and its result strides are declared; elsewhere the traced ones stay. Either way the emitted
    wrapper checks each extern result and copies it into the declared layout where the real one differs.
    The meta run uses fake CPU tensors: the IR names no device, and the fake CPU convolution keeps its
    input's memory format as cuDNN does (the plain meta function does not).
    """
    types = [buffer_type_of(t) for t in op.result_types]
    outputs = meta_layouts(op)
    if outputs is None or len(outputs) != len(types):
        return types
    predicted = []
    for t, output in zip(types, outputs):
        same_sizes = output is not None and output[0] == t.sizes()
        if isinstance(t, BufferType) and t.is_static() and same_sizes:
            t = BufferType(t.sizes(), t.element_type, list(output[1]))
        predicted.append(t)
    return predicted


def meta_layouts(op: aten.FallbackOp) -> list | None:
    """The (sizes, strides) of the overload's tensor results (None for others) on fake tensors laid out as the
    operands; None where it cannot tell."""
    if any(not isinstance(v.type, BufferType) or not v.type.is_static() for v in op.inputs):
        return None
    layouts = tuple((v.type.sizes(), tuple(v.type.stride_values()), v.type.offset_value()) for v in op.inputs)
    if not all(isinstance(d, int) for _, strides, offset in layouts for d in (*strides, offset)):
        return None
    element_types = tuple(v.type.element_type for v in op.inputs)
    found = _meta_layouts(op.overload.data, element_types, layouts, op.args, op.kwargs)
    return None if found is None else list(found)


@functools.lru_cache(maxsize=4096)
def _meta_layouts(overload: str, element_types: tuple, layouts: tuple, args, kwargs) -> tuple | None:
    """meta_layouts of one overload at operand layouts: the same for every layer of a model, so run once."""
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    from irc.interp.extern_torch import argument, torch_dtype, torch_op

    try:
        with FakeTensorMode():
            operands = [
                torch.empty(max(1, _extent(*layout)), dtype=torch_dtype(element)).as_strided(*layout)
                for element, layout in zip(element_types, layouts)
            ]
            outputs = torch_op(overload)(*argument(args, operands), **argument(kwargs, operands))
    except Exception:  # noqa: BLE001 - no fake implementation, or one needing data: the traced strides stay
        return None
    outputs = list(outputs) if isinstance(outputs, tuple | list) else [outputs]
    layouts = [(tuple(o.shape), tuple(o.stride())) if isinstance(o, torch.Tensor) else None for o in outputs]
    return tuple(layout for layout, o in zip(layouts, outputs) if o is not None)


def _extent(sizes, strides, offset: int) -> int:
    return offset + 1 + sum((n - 1) * s for n, s in zip(sizes, strides))


def lower_fallback(op: aten.FallbackOp) -> Lowered:
    """kernel.extern with the same overload and arguments; results with the eager strides when known.

    A few overloads have a loop-level form after all (FALLBACK_LOWERINGS of gather.py, SCATTER_LOWERINGS of
    scatter.py, CAT_LOWERINGS of cat.py, POOL_LOWERINGS of pool.py, INDEX_MAP_LOWERINGS of index_maps.py,
    SCAN_LOWERINGS of scan.py, SORT_LOWERINGS of sort.py, SELECT_LOWERINGS of sort_select.py,
    INDEX_PUT_LOWERINGS of index_put.py,
    GRID_SAMPLE_LOWERINGS of grid_sample.py).
    """
    decomposition = FALLBACK_DECOMPOSITIONS.get(op.overload.data)
    if not kernel_element_types(op):  # complex or wide unsigned values: only an extern computes on them
        decomposition = None
    lowered = decomposition(op) if decomposition is not None else None
    for general in (GENERAL_SCATTERS, REDUCE_SCATTERS) if kernel_element_types(op) else ():
        lowering = general.get(op.overload.data)
        if lowered is None and lowering is not None:  # several values per row, where one per row did not apply
            lowered = lowering(op)
    if lowered is not None:
        return lowered
    for value in op.inputs:
        if isinstance(value.type, TensorType):
            buffer_operand(op, value)
    extern = kernel.ExternOp(
        op.overload.data,
        list(op.inputs),
        extern_result_types(op),
        extern_argument(op.args).data,
        extern_argument(op.kwargs).data,
    )
    for name in (NONE_RESULTS, SEEDS_ATTR):
        if name in op.attributes:
            extern.attributes[name] = op.attributes[name]
    return Lowered([extern], list(extern.results))


def kernel_element_types(op: Operation) -> bool:
    """Whether every tensor the op reads or writes has an element type kernels compute on."""
    types = [v.type for v in (*op.operands, *op.results)]
    shaped = [t for t in types if isinstance(t, TensorType | BufferType)]
    return all(element_type_name(t.element_type) is not None for t in shaped)


FALLBACK_DECOMPOSITIONS = (
    FALLBACK_LOWERINGS | SCATTER_LOWERINGS | CAT_LOWERINGS | POOL_LOWERINGS | INDEX_MAP_LOWERINGS | SCAN_LOWERINGS
    | INDEX_PUT_LOWERINGS | MASKED_SCATTER_LOWERINGS | GRID_SAMPLE_LOWERINGS | SORT_LOWERINGS
    | SELECT_LOWERINGS
)

LOWERINGS: dict[type[Operation], Callable[[Operation], Lowered]] = {
    **ELEMENTWISE_LOWERINGS,
    **REDUCTION_LOWERINGS,
    **VIEW_LOWERINGS,
    **RANDOM_LOWERINGS,
    aten.FallbackOp: lower_fallback,
}

# ---------------------------------------------------------------------------
# Functions
# ---------------------------------------------------------------------------


def lower_op(op: Operation) -> None:
    """Replaces one aten op by its loop-level ops (no-op for other dialects)."""
    lowering = LOWERINGS.get(type(op))
    if lowering is None:
        if op.dialect_name() == "aten":
            raise PassFailedException(f"convert-aten-to-loop: no lowering for {op.name}")
        return
    try:
        lowered = lowering(op)
    except ValueError as exc:  # e.g. a constant that does not fit the dtype PyTorch reads it in
        raise PassFailedException(f"convert-aten-to-loop: {op.name}: {exc}") from exc
    if op.name in DIVIDING:
        check_divisors(lowered.ops)
    lowered = with_declared_layout(op, lowered)
    copy_sources(op, [o for o in lowered.ops if o.dialect_name() in SOURCE_CARRIERS])
    Rewriter.replace_op(op, lowered.ops, lowered.values)


SOURCE_CARRIERS = ("loop", "kernel")  # the ops an aten op lowers to that keep its irc.source (not constants)


def with_declared_layout(op: Operation, lowered: Lowered) -> Lowered:
    """`lowered`, with its result written in the dense layout `op`'s result type declares (eager's layout, such
    as channels_last; see declared_layout) where it is a new contiguous loop.pointwise."""
    declared = op.results[0].type if len(op.results) == 1 else None
    strides = declared_layout(declared) if isinstance(declared, TensorType) else None
    if strides is None or len(lowered.values) != 1 or not isinstance(lowered.values[0], OpResult):
        return lowered
    pointwise, t = lowered.values[0].owner, lowered.values[0].type
    if not isinstance(pointwise, loop.PointwiseOp) or pointwise not in lowered.ops or pointwise.result.uses:
        return lowered
    current = list(t.stride_values())
    if t.sizes() != declared.sizes() or current != contiguous_strides(t.sizes()) or strides == current:
        return lowered
    relaid = loop.PointwiseOp(
        [dim_value(d) for d in pointwise.ranges.data],
        pointwise.detach_region(pointwise.body),
        BufferType(t.sizes(), t.element_type, strides),
    )
    pointwise.erase()
    return Lowered([relaid if o is pointwise else o for o in lowered.ops], [relaid.result])


def lower_arguments(function: func.FuncOp) -> None:
    """Tensor arguments become buffers with the tensors' strides."""
    if not function.body.blocks:
        return
    inputs = [buffer_type_of(t) for t in function.function_type.inputs.data]
    for arg, t in zip(function.body.blocks[0].args, inputs):
        if arg.type != t:
            Rewriter.replace_value_with_new_type(arg, t)


def update_function_type(function: func.FuncOp) -> None:
    """The function type follows the (lowered) arguments and what func.return returns."""
    inputs = [buffer_type_of(t) for t in function.function_type.inputs.data]
    outputs = [buffer_type_of(t) for t in function.function_type.outputs.data]
    returns = [op for op in function.walk() if isinstance(op, func.ReturnOp)]
    if returns:
        outputs = [v.type for v in returns[0].arguments]
    function.function_type = FunctionType.from_lists(inputs, outputs)


def lower_function(function: func.FuncOp) -> None:
    """Lowers every aten op of `function` in program order, so each sees its operands already as buffers."""
    lower_arguments(function)
    for op in list(function.walk()):
        if op is not function:
            lower_op(op)
    update_function_type(function)


@dataclass(frozen=True)
class ConvertAtenToLoopPass(CheckedOptions, ModulePass):
    """Lowers aten to loop (see the module docstring for an example). The gather loads and scatter stores of
    user indexing (gather, embedding, x[idx], index_put, scatters) are `checked`, and a one-per-row scatter's
    index is `loop.in_range`: an index out of range stops the program as eager raises;
    `check_indices=false` (IRC_ASSERT_INDIRECT_INDEXING=0) leaves them unchecked. Integer divisions by zero
    stop the program as ATen's CPU kernels raise (division_checks.py); `check_division=false` (compiles for
    CUDA, whose kernels do not raise) drops the checks."""

    name = "convert-aten-to-loop"
    check_indices: bool = True
    check_division: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            lower_function(function)
        if not self.check_division:
            drop_checks(op, loop.NonzeroOp)
        if not self.check_indices:
            drop_checks(op, loop.InRangeOp)
            for access in op.walk():
                if isinstance(access, loop.LoadOp | loop.StoreOp):
                    access.checked = None
