"""One kernel.kernel -> one triton.func (Inductor-style code), for convert-kernel-to-triton.

    xoffset = program_id(0) * XBLOCK; xindex = xoffset + arange(0, XBLOCK)[:, None]; xmask = xindex < xnumel
    rindex = arange(0, RBLOCK)[None, :] (+ roffset in an r loop); rmask = rindex < rnumel
    xrmask = xmask & rmask

Loop ops are evaluated per scope (the straight-line kernel body, or one r loop): bodies become elementwise
ops on blocks, loads of kernel inputs become masked tl.load at the flat index (shaped [XBLOCK, 1],
[1, RBLOCK] or [XBLOCK, RBLOCK] by what the index depends on; loop-invariant ones are hoisted out of r loops),
loads of buffers produced inside the kernel reuse the producer's value (checked to read exactly the element
produced at the same position), and kernel outputs are stored at their layout's offset.
"""

from __future__ import annotations

import functools

import sympy
from xdsl.dialects import scf
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, IntegerType
from xdsl.ir import Attribute, Operation, SSAValue

from irc.dialects import loop, triton
from irc.dialects.kernel import KernelOp, SizeOp, triton_name
from irc.dialects.model_source import copy_sources
from irc.dialects.sym import INT32_MAX, as_expr, largest_bounds
from irc.dialects.triton import PointerType
from irc.dialects.types import BufferType, IndexAttr
from irc.passes.convert_kernel_to_triton.body import lower_body, lower_op, lower_value
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder, scalar_type
from irc.passes.convert_kernel_to_triton.cache_hints import (
    Reread,
    set_eviction_policies,
    set_persistent_eviction_policies,
)
from irc.passes.convert_kernel_to_triton.context import Config, LoweringContext, Scope
from irc.passes.convert_kernel_to_triton.gather import gather_load, scatter_store
from irc.passes.convert_kernel_to_triton.index import bound, flat_index, same_index, storage_offset
from irc.dialects.loop_analysis.online_softmax import OnlinePair
from irc.passes.convert_kernel_to_triton.online import OnlineSoftmax
from irc.passes.convert_kernel_to_triton.reduce import Lanes, Reduction, reduction_for
from irc.passes.convert_kernel_to_triton.schedule import KernelAnalysis, Phase, fail, resolve
from irc.passes.convert_kernel_to_triton.store_order import sink_stores
from irc.passes.convert_kernel_to_triton.index_lowering import IndexLowering
from irc.passes.convert_kernel_to_triton.tiles import program_index, tiled_grid, tiled_prologue


class KernelLowering:
    """Builds the triton.func of one kernel.kernel."""

    def __init__(self, kernel: KernelOp, index_bits: int = 0, online_softmax: bool = True,
                 reread: Reread = Reread(), symbolic_bits: int = 64):
        self.kernel = kernel
        self.symbolic_bits = symbolic_bits
        self.index_limits: list[sympy.Expr] = []
        self.reread = reread
        self.info = KernelAnalysis(kernel, online_softmax)
        self.persistent = kernel.kind.data == "persistent_reduction"
        self.tiled = self.info.ynumel is not None
        self.full_class = "yx" if self.tiled else "x"
        self.config = self._config()
        self.index_type = IntegerType(index_bits or self._index_bits())
        self.ctx = LoweringContext(self.info, self.config, kernel.candidates, self.index_type)
        self.values: dict[Operation, list[SSAValue]] = {}
        self.arg_values: dict[SSAValue, SSAValue] = {}
        self.pointers = self.ctx.pointers
        self.out_pointers: list[SSAValue] = []
        self.symbols = self.ctx.symbols

    # -- configuration ------------------------------------------------------------

    def _config(self) -> Config:
        """The launch config kernel-tile chose; a kernel that did not go through kernel-tile is an error (the
        lowering has no defaults of its own)."""
        k, info = self.kernel, self.info
        needed = {"xblock": k.xblock, "num_warps": k.num_warps}
        if info.is_reduction:
            needed["rblock"] = k.rblock
        if self.tiled:
            needed["yblock"] = k.yblock
        missing = [key for key, attr in needed.items() if attr is None]
        if missing:
            raise fail(
                f"@{info.name}: the kernel is not tiled (no {', '.join(missing)}); run kernel-tile before "
                "convert-kernel-to-triton"
            )
        rnumel, rblock = bound(info.rnumel), k.rblock.value.data if k.rblock else 1
        if self.persistent and (rnumel is None or rblock < rnumel):
            sizes = f"({info.rnumel}, {rblock})"
            raise fail(f"@{info.name}: a persistent reduction needs a static rnumel <= rblock {sizes}")
        xblock, warps = k.xblock.value.data, k.num_warps.value.data
        if self.tiled:
            return Config(xblock, 1, warps, k.yblock.value.data)
        return Config(xblock, rblock if info.is_reduction else 1, warps)

    def _index_bits(self) -> int:
        """32 unless an offset or position may not fit in int32. A symbolic one fits where the host function
        says its sizes do (`symbolic_bits`, from aten.INDEX_BITS): the kernel's symbolic extents and sizes
        become its `index_limits`, which the host program checks."""
        types = [a.type for a in self.kernel.body.block.args] + list(self.kernel.function_type.outputs.data)
        extents = [_extent(t) for t in types if isinstance(t, BufferType)]
        info, xblock, yblock = self.info, self.largest("xblock"), self.largest("yblock")
        positions = [info.numel + xblock, info.rnumel + self.largest("rblock")]
        if self.tiled:
            positions.append((info.ynumel + yblock) * (info.xnumel + xblock))
        symbolic = [as_expr(v) for v in extents + [info.numel, info.rnumel] if bound(v) is None]
        for value in extents + positions:
            limit = bound(value)
            if (limit is None and self.symbolic_bits != 32) or (limit is not None and limit > INT32_MAX):
                return 64
        self.index_limits = largest_bounds(symbolic)
        return 32

    def largest(self, key: str) -> int:
        """The largest block size (`xblock`, `yblock`, `rblock`) of the config and the autotune candidates."""
        default = getattr(self.config, key) or 1
        return max([default] + [c[key] for c in self.kernel.candidates if key in c])

    # -- the function ---------------------------------------------------------------

    def lower(self) -> triton.FuncOp:
        func = self._make_func()
        self.builder = TritonBuilder(func.body.block)
        self.builder.insert(triton.ReturnOp())
        self.outer = self._prologue()
        for op in self.info.other_ops:
            self._lower_kernel_level_op(op)
        prelude, phases = self.info.schedule() if self.info.is_reduction else (self.info.loop_ops, [])
        self._emit_x_ops(prelude)
        for phase in phases:
            self._emit_phase(phase)
            self._emit_x_ops(phase.x_after)
        if self.persistent:
            set_persistent_eviction_policies(func, self.reread)
        elif self.info.is_reduction:
            set_eviction_policies(func, self.reread)
        else:
            sink_stores(func)
        return func

    def _make_func(self) -> triton.FuncOp:
        info, index_type = self.info, self.index_type
        params: list[tuple[str, Attribute]] = []
        values: dict[str, IndexAttr] = {}
        buffers = scalars = 0
        for arg in self.kernel.body.block.args:
            if isinstance(arg.type, BufferType):
                params.append((f"in_ptr{buffers}", PointerType(arg.type.element_type)))
                buffers += 1
            else:
                params.append((f"scalar{scalars}", scalar_type(arg.type)))
                scalars += 1
        for k, t in enumerate(self.kernel.function_type.outputs.data):
            params.append((f"out_ptr{k}", PointerType(t.element_type)))
        for name in info.size_symbols():
            params.append((name, index_type))
            values[name] = IndexAttr(name)
        sizes = (("xnumel", info.numel), ("rnumel", info.rnumel if info.is_reduction else 1))
        if self.tiled:
            sizes = (("ynumel", info.ynumel), ("xnumel", info.xnumel))
        for name, size in sizes:
            if bound(size) is None:
                params.append((name, index_type))
                values[name] = IndexAttr(size)
        func = triton.FuncOp(
            triton_name(info.kernel.kind.data, info.name),
            params,
            constexprs=list(self._launch_constexprs()),
            launch=self._launch_constexprs(),
            num_warps=self.config.num_warps,
            grid=[IndexAttr(self._grid())],
        )
        if values:
            func.attributes[triton.ARG_VALUES] = DictionaryAttr(values)
        if self.index_limits and self.index_type.width.data == 32:
            func.attributes[triton.INDEX_LIMITS] = ArrayAttr([IndexAttr(e) for e in self.index_limits])
        copy_sources(self.kernel, [func])
        tuned = self._autotune_options()
        if tuned:  # one candidate too: the runtime's autotune.launch keeps the compiled kernel for later calls
            func.attributes[triton.AUTOTUNE] = ArrayAttr([DictionaryAttr(options) for options in tuned])
        self._bind_params(func, params)
        return func

    def _autotune_options(self) -> list[dict[str, Attribute]]:
        """The kernel's autotune candidates as launch options, each with its own `grid` where its block sizes
        give another number of programs."""
        found = []
        for c in self.kernel.candidates:
            blocks = self._candidate_blocks(c)
            options = dict(blocks)
            if self.info.is_reduction:
                options["RBLOCK"] = c.get("rblock", self.config.rblock)
            options["num_warps"] = c.get("num_warps", self.config.num_warps)
            if "num_stages" in c:
                options["num_stages"] = c["num_stages"]
            attrs: dict[str, Attribute] = {key: IntegerAttr(value, 64) for key, value in options.items()}
            if blocks != self._candidate_blocks({}):
                attrs["grid"] = ArrayAttr([IndexAttr(self._grid(blocks))])
            found.append(attrs)
        return found

    def _candidate_blocks(self, candidate: dict[str, int]) -> dict[str, int]:
        """The grid-shaping block sizes of a candidate: XBLOCK, and YBLOCK of 2-D tiles."""
        blocks = {"XBLOCK": candidate.get("xblock", self.config.xblock)}
        if self.tiled:
            blocks = {"YBLOCK": candidate.get("yblock", self.config.yblock), **blocks}
        return blocks

    def _launch_constexprs(self) -> dict[str, int]:
        if self.info.is_reduction:
            return {"XBLOCK": self.config.xblock, "RBLOCK": self.config.rblock}
        if self.tiled:
            return {"YBLOCK": self.config.yblock, "XBLOCK": self.config.xblock}
        return {"XBLOCK": self.config.xblock}

    def _grid(self, blocks: dict[str, int] | None = None) -> sympy.Expr:
        """The number of programs: of the config, or of a candidate's block sizes."""
        from irc.dialects.sym import FloorDiv

        xblock = (blocks or {}).get("XBLOCK", self.config.xblock)
        if self.tiled:
            yblock = (blocks or {}).get("YBLOCK", self.config.yblock)
            return tiled_grid(self.info.ynumel, self.info.xnumel, yblock, xblock)
        return FloorDiv(self.info.numel + xblock - 1, xblock)

    def _bind_params(self, func: triton.FuncOp, params: list[tuple[str, Attribute]]) -> None:
        args = list(func.body.block.args)
        inputs = list(self.kernel.body.block.args)
        for kernel_arg, func_arg in zip(inputs, args):
            table = self.pointers if isinstance(kernel_arg.type, BufferType) else self.arg_values
            table[kernel_arg] = func_arg
        outputs = len(self.kernel.function_type.outputs.data)
        self.out_pointers = args[len(inputs) : len(inputs) + outputs]
        for (name, _), arg in zip(params[len(inputs) + outputs :], args[len(inputs) + outputs :]):
            self.symbols[name] = arg

    # -- prologue -----------------------------------------------------------------

    def _prologue(self) -> Scope:
        if self.tiled:
            return tiled_prologue(self.ctx, self.builder)
        b, it, info = self.builder, self.index_type, self.info
        pid = program_index(b, it, self.kernel.reverse_programs is not None)
        xoffset = b.binary("mul", pid, b.constexpr("XBLOCK", it), name="xoffset")
        xbase = b.insert(triton.ArangeOp(0, "XBLOCK"))
        if info.is_reduction:
            xbase = b.expand_dims(xbase, 1)
        xindex = b.binary("add", xoffset, b.cast(xbase, it), name="xindex")
        xnumel = self.symbols.get("xnumel") or b.const(int(info.numel), it, name="xnumel")
        x_shape = triton.shape_of(xindex.type)
        xmask = self.ctx.mask(b, xindex, xnumel, ("xblock", info.numel), x_shape, "xmask")
        self.symbols["xnumel"] = xnumel
        outer = Scope(b, {"xindex": xindex}, {"x": xmask}, {"x": x_shape})
        if info.is_reduction:
            self.rnumel = self.symbols.get("rnumel") or b.const(int(info.rnumel), it, name="rnumel")
            self.symbols["rnumel"] = self.rnumel
            rbase = b.cast(b.expand_dims(b.insert(triton.ArangeOp(0, "RBLOCK")), 0), it)
            rbase.name_hint = "rindex" if self.persistent else "rbase"
            self.rbase = rbase
            self.full_shape = (x_shape[0], triton.shape_of(rbase.type)[1])
            if self.persistent:
                self.r_scope = self._r_scope(b, rbase, outer)
                self.r_scope.hoisted = outer  # x-only values are shared with the x-shaped ops
        return outer

    def _r_scope(self, b: TritonBuilder, rindex: SSAValue, outer: Scope) -> Scope:
        r_shape = triton.shape_of(self.rbase.type)
        rmask = self.ctx.mask(b, rindex, self.rnumel, ("rblock", self.info.rnumel), r_shape, "rmask")
        xrmask = b.binary("logical_and", outer.masks["x"], rmask, name="xrmask")
        return Scope(
            b,
            {"xindex": outer.index["xindex"], "rindex": rindex},
            {"x": outer.masks["x"], "r": rmask, "xr": xrmask},
            {"x": outer.shapes["x"], "r": r_shape, "xr": self.full_shape},
        )

    def _lower_kernel_level_op(self, op: Operation) -> None:
        """Scalar ops outside loop ops (e.g. constants a body uses) are computed once, up front; a kernel.size
        from the size symbols the kernel takes."""
        if isinstance(op, SizeOp):
            size = self.index_value(op.value(), self.outer)
            self.arg_values[op.result] = self.outer.builder.cast(size, op.result.type)
            return
        context = BodyEmitter(self, None, self.outer)
        operands = [self.arg_values[v] for v in op.operands]
        result = lower_op(context, op, operands)
        if op.results:
            self.arg_values[op.results[0]] = result

    # -- x ops and phases --------------------------------------------------------------

    def _emit_x_ops(self, ops: list[Operation]) -> None:
        for op in ops:
            self.values[op] = self.evaluate(op, self.outer)
            self.store_outputs(op, self.values[op], self.outer, self.full_class)

    def _emit_phase(self, phase: Phase) -> None:
        if self.persistent:
            self._emit_persistent_phase(phase)
        else:
            self._emit_looped_phase(phase)

    def _emit_persistent_phase(self, phase: Phase) -> None:
        scope = self.r_scope
        for op in phase.reductions:
            strategy = self._strategy(op)
            (value,) = self.evaluate(op, scope)
            self.values[op] = strategy.persistent(scope.builder, value, self._lanes(scope))
            self.store_outputs(op, self.values[op], self.outer, "x")
        for op in phase.xr_runs:
            self.store_outputs(op, self.xr_values(op, scope), scope, "xr")

    def _emit_looped_phase(self, phase: Phase) -> None:
        b, it = self.builder, self.index_type
        lanes = Lanes(self.full_shape, it)
        groups = self._reduction_groups(phase)
        inits = [s.init(b, self._yield_type(ops[0]), lanes) for ops, s in groups]
        zero = b.const(0, it)
        for_op, body = b.for_loop(zero, self.rnumel, b.constexpr("RBLOCK", it), sum(inits, []), "roffset")
        inner = TritonBuilder(body)
        rindex = inner.binary("add", body.args[0], self.rbase, name="rindex")
        scope = self._r_scope(inner, rindex, self.outer)
        scope.hoisted = self._before(for_op)
        updated = []
        accs = list(body.args[1:])
        for (ops, strategy), init in zip(groups, inits):
            mine, accs = accs[: len(init)], accs[len(init) :]
            (value,) = self.evaluate(ops[0], scope)
            updated += strategy.step(inner, mine, value, self._lanes(scope))
        for op in phase.xr_runs:
            self.store_outputs(op, self.xr_values(op, scope), scope, "xr")
        inner.insert(scf.YieldOp(*updated))
        results = list(for_op.results)
        for (ops, strategy), init in zip(groups, inits):
            mine, results = results[: len(init)], results[len(init) :]
            finished = strategy.finish(b, mine, lanes)
            for op, values in _split_results(ops, finished):
                self.values[op] = values
                self.store_outputs(op, values, self.outer, "x")

    def _reduction_groups(self, phase: Phase) -> list[tuple[tuple[Operation, ...], Reduction]]:
        """The reductions of a looped phase with their strategies; an online-softmax pair is one group
        (the max, then the sum) whose strategy accumulates both."""
        online = {pair.max_op: pair for pair in self.info.online.values()}
        groups = []
        for op in phase.reductions:
            if op in self.info.online:
                continue
            if op in online:
                pair = online[op]
                shift = lambda b, x, pair=pair: self.shift_value(pair, b, x)
                groups.append(((op, pair.sum_op), OnlineSoftmax(shift)))
            else:
                groups.append(((op,), self._strategy(op)))
        return groups

    def shift_value(self, pair: OnlinePair, b: TritonBuilder, running_max: SSAValue) -> SSAValue:
        """The sum's shift g(max) with the max replaced by `running_max`, emitted by `b`."""
        scope = Scope(b, self.outer.index, self.outer.masks, self.outer.shapes)
        outer = {**self.arg_values, pair.max_load.results[0]: running_max}
        return lower_value(BodyEmitter(self, pair.sum_op, scope), pair.shift_ops, outer, pair.shift)

    def _before(self, for_op: scf.ForOp) -> Scope:
        """The outer scope, emitting before an r loop: where its loop-invariant values go."""
        outer = self.outer
        builder = TritonBuilder(self.builder.block, for_op)
        return Scope(builder, outer.index, outer.masks, outer.shapes, outer.exprs, outer.loads)

    def _strategy(self, op: Operation) -> Reduction:
        return reduction_for(op.kind.data, self._yield_type(op))

    def _yield_type(self, op: Operation) -> Attribute:
        return scalar_type(op.body.block.last_op.operands[0].type)

    def _lanes(self, scope: Scope) -> Lanes:
        return Lanes(self.full_shape, self.index_type, scope.masks["xr"], scope.index["rindex"], self.rnumel)

    # -- values ---------------------------------------------------------------------

    def evaluate(self, op: Operation, scope: Scope) -> list[SSAValue]:
        """The triton values of the body's loop.yield operands, computed in `scope`."""
        return lower_body(BodyEmitter(self, op, scope), list(op.body.block.ops), dict(self.arg_values))

    def xr_values(self, op: Operation, scope: Scope) -> list[SSAValue]:
        if op not in scope.values:
            scope.values[op] = self.evaluate(op, scope)
            if isinstance(op, loop.ScanOp):  # the body's values over the whole row, then scanned along r
                (value,) = scope.values[op]
                full = scope.builder.broadcast_to(value, scope.shapes["xr"])
                length = self.rnumel if op.kind.data in loop.SORT_KINDS else None
                scope.values[op] = [scope.builder.insert(triton.ScanOp(op.kind.data, full, 1, length))]
        return scope.values[op]

    def produced_value(self, result: SSAValue, scope: Scope) -> SSAValue:
        producer = self.info.producers[result]
        k = list(producer.results).index(result)
        if self.info.roles[producer] == "xr":
            return self.xr_values(producer, scope)[k]
        if producer not in self.values:
            raise fail(f"@{self.info.name}: a loop op reads a buffer before the kernel computes it")
        return self.values[producer][k]

    # -- index expressions, loads and stores ----------------------------------------------

    def index_value(self, expr: sympy.Expr, scope: Scope) -> SSAValue:
        return IndexLowering(self.ctx, scope).lower(expr)

    def address(self, flat: sympy.Expr, scope: Scope, shape_class: str | None = None):
        """The offset block (in the expression's shape class) and the mask that goes with it."""
        shape_class = shape_class or self.ctx.shape_class(flat)
        offset = scope.builder.broadcast_to(self.index_value(flat, scope), scope.shapes[shape_class])
        return offset, scope.masks[shape_class]

    def store_outputs(self, op: Operation, values: list[SSAValue], scope: Scope, shape_class: str) -> None:
        for result, value in zip(op.results, values):
            if result not in self.info.outputs:
                continue
            flat = self.result_position(op, result)
            offset = scope.builder.broadcast_to(self.index_value(flat, scope), scope.shapes[shape_class])
            pointer = self.out_pointers[self.info.outputs[result]]
            scope.builder.store(pointer, offset, value, scope.masks[shape_class])

    def result_position(self, op: Operation, result: SSAValue) -> sympy.Expr:
        """Where the op writes the element of `result` at each position, as a flat-index expression."""
        t = result.type
        names = [f"i{k}" for k in range(t.rank)]
        offset = storage_offset(names, t.stride_values(), t.offset_value())
        return flat_index(offset, self.info.result_parts(op))

    def check_internal_read(self, consumer: Operation, load: Operation, result: SSAValue) -> None:
        producer = self.info.producers[result]
        read = flat_index(load.index.value(), self.info.parts(consumer))
        written = self.result_position(producer, result)
        if self.info.roles[producer] == "xr" and self.info.roles[consumer] == "x":
            raise fail(f"@{self.info.name}: an x-shaped op reads an xr-shaped buffer")
        if not same_index(read, written, lambda: self.sample_points):
            raise fail(
                f"@{self.info.name}: loop.load {load.index.expr.data} of an internal buffer does not read "
                f"the element its producer writes at the same position ({read} != {written})"
            )

    @functools.cached_property
    def sample_points(self) -> list[dict]:
        """Points (flat indices within numel/rnumel, small sizes) at which two positions must agree."""
        points = []
        outer, inner = (sympy.Symbol(s) for s in (("yindex", "xindex") if self.tiled else ("xindex", "rindex")))
        info = self.info
        outer_numel, inner_numel = (info.ynumel, info.xnumel) if self.tiled else (info.numel, 1)
        if self.info.is_reduction:
            inner_numel = self.info.rnumel
        for size in (3, 5):
            symbols = {sympy.Symbol(s): size for s in self.info.size_symbols()}
            numel = int(as_expr(outer_numel).xreplace(symbols))
            rnumel = int(as_expr(inner_numel).xreplace(symbols))
            for x in range(min(numel, 64)):
                for r in range(min(rnumel, 16)):
                    points.append({**symbols, outer: x, inner: r})
        return points

    def load(self, consumer: Operation, op: Operation, scope: Scope) -> SSAValue:
        root, delta = resolve(op.buffer)
        if root in self.info.producers:
            if delta != 0:
                raise fail(f"@{self.info.name}: a view of an internal buffer is read")
            self.check_internal_read(consumer, op, root)
            return self.produced_value(root, scope)
        flat = flat_index(op.index.value() + delta, self.info.parts(consumer))
        key, scope = (root, flat), scope.for_expr(flat)
        if key not in scope.loads:
            offset, mask = self.address(flat, scope)
            scope.loads[key] = scope.builder.load(self.ctx.pointer(root), offset, mask)
        return scope.loads[key]

    def store(self, consumer: Operation, op: Operation, value: SSAValue, scope: Scope) -> None:
        root, delta = resolve(op.buffer)
        flat = flat_index(op.index.value() + delta, self.info.parts(consumer))
        in_r_loop = "xr" in scope.masks and self.info.roles[consumer] != "x"
        offset, mask = self.address(flat, scope, "xr" if in_r_loop else self.full_class)
        scope.builder.store(self.ctx.pointer(root), offset, value, mask)

    def loop_index_value(self, consumer: Operation, op: Operation, scope: Scope) -> SSAValue:
        flat = flat_index(op.index.value(), self.info.parts(consumer))
        return scope.builder.cast(self.index_value(flat, scope), scalar_type(op.result.type))


class BodyEmitter:
    """The BodyContext of one loop op's body evaluated in one scope."""

    def __init__(self, lowering: KernelLowering, op: Operation | None, scope: Scope):
        self.lowering, self.op, self.scope = lowering, op, scope
        self.builder = scope.builder

    def load(self, op: Operation, gather: list[SSAValue]) -> SSAValue:
        if gather:
            return gather_load(self.lowering.ctx, self.op, op, self.scope, gather)
        return self.lowering.load(self.op, op, self.scope)

    def store(self, op: Operation, value: SSAValue, scatter: list[SSAValue]) -> None:
        if scatter:
            return scatter_store(self.lowering.ctx, self.op, op, self.scope, scatter, value)
        self.lowering.store(self.op, op, value, self.scope)

    def index_value(self, op: Operation) -> SSAValue:
        return self.lowering.loop_index_value(self.op, op, self.scope)

    def lane_masks(self) -> list[SSAValue]:
        return list(self.scope.masks.values())


def _split_results(ops: tuple[Operation, ...], values: list[SSAValue]):
    """The finished values of a group, op by op (each op takes as many as it has results)."""
    for op in ops:
        yield op, values[: len(op.results)]
        values = values[len(op.results) :]


def _extent(t: BufferType) -> sympy.Expr:
    """One past the largest element offset a layout reaches (offset included)."""
    sizes = [as_expr(s) for s in t.sizes()]
    strides = [as_expr(s) for s in t.stride_values()]
    reach = sum(((s - 1) * st for s, st in zip(sizes, strides)), sympy.Integer(1))
    return as_expr(t.offset_value()) + reach

