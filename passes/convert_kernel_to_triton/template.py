"""A template kernel (kernel.matmul and its epilogue) -> a Triton GEMM, for convert-kernel-to-triton.

Inductor's triton_mm: one flat grid of B * cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N) programs, grouped along M
(GROUP_M rows of tiles share B's columns in L2), an f32 accumulator over K tiles, then the epilogue on it:

    pid = tl.program_id(0); batch = pid // tiles; tile = pid % tiles          (batch: bmm only)
    group = tile // (GROUP_M * grid_n); first_m = group * GROUP_M; size_m = min(grid_m - first_m, GROUP_M)
    pid_m = first_m + (tile % (GROUP_M * grid_n)) % size_m; pid_n = (tile % (GROUP_M * grid_n)) // size_m
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M); rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    for k0 in range(0, K, BLOCK_K):                       (rows and columns wrap: rm % M, rn % N)
        a = tl.load(A + (rm % M)[:, None] * sam + (k0 + rk)[None, :] * sak, mask=(k0 + rk)[None, :] < K, other=0)
        b = tl.load(B + (k0 + rk)[:, None] * sbk + (rn % N)[None, :] * sbn, mask=..., other=0)
        acc = tl.dot(a, b, acc)                           (input_precision="ieee" for f32: as eager computes)
    yindex = batch * M + rm[:, None]; xindex = rn[None, :]; tindex = yindex * N + xindex; masks rm < M, rn < N

The product, rounded to the result's type, is the value the epilogue's loads of the matmul result read; the
epilogue's loop ops are then lowered as those of a 2-D tiled pointwise kernel (yindex over the output's rows
B * M, xindex over its N columns; ops whose dims do not split there use the flat position tindex). K masks
are dropped where every BLOCK_K tried divides K.

A persistent template (`programs` in its config: kernel-tile gives one to a matmul marked `persistent`)
launches that many programs (one per SM), each walking tiles in the same grouped order, the GEMM and the
epilogue inside the loop (Triton's persistent matmul tutorial, without TMA):

    for tile_id in tl.range(pid, batches * tiles, programs, flatten=True):  ... the body above, tile_id for pid

(`flatten`: Triton pipelines the K loop across tiles, so the next tile's loads overlap this tile's epilogue.)

A dual matmul (kernel.dual_matmul: A times B0 and A times B1) keeps one accumulator per B in the same K loop,
each A tile loaded once and fed to both dots; the epilogue reads both products of the tile.

An operand computed by a prologue inside the template (a cast or scale of one buffer) is never stored: the K
loop loads its buffer's tiles and runs the prologue's body on them before the dot (template_prologue.py).
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, UnitAttr, f32
from xdsl.ir import Attribute, SSAValue

from irc.dialects import triton
from irc.dialects.sym import FloorDiv
from irc.dialects.types import IndexAttr, dim_attr
from irc.dialects.kernel_template import TMA
from irc.passes.convert_kernel_to_triton.template_prologue import PrologueTile, prologue_tile
from irc.passes.convert_kernel_to_triton.template_tma import accumulate as tma_accumulate
from irc.passes.convert_kernel_to_triton.template_tma import descriptors as tma_descriptors
from irc.passes.convert_kernel_to_triton.builder import TritonBuilder
from irc.passes.convert_kernel_to_triton.context import Config, Scope
from irc.passes.convert_kernel_to_triton.kernel import KernelLowering
from irc.passes.convert_kernel_to_triton.schedule import fail, resolve

# kernel config entry -> the constexpr of the GEMM it sets
TEMPLATE_CONSTEXPRS = {"yblock": "BLOCK_M", "xblock": "BLOCK_N", "rblock": "BLOCK_K", "group_m": "GROUP_M"}


class TemplateLowering(KernelLowering):
    """Builds the triton.func of one template kernel."""

    def _config(self) -> Config:
        k = self.kernel
        missing = [key for key in (*TEMPLATE_CONSTEXPRS, "num_warps") if getattr(k, key) is None]
        if missing:
            raise fail(
                f"@{self.info.name}: the template is not tiled (no {', '.join(missing)}); run kernel-tile before "
                "convert-kernel-to-triton"
            )
        return Config(k.xblock.value.data, k.rblock.value.data, k.num_warps.value.data, k.yblock.value.data)

    def sizes(self) -> tuple[int, int, int, int]:
        batch, m, n, k = self.info.matmul.sizes()
        if not all(isinstance(s, int) for s in (batch, m, n, k)):
            raise fail(f"@{self.info.name}: a template needs static sizes")
        return batch, m, n, k

    # -- launch -------------------------------------------------------------------

    def _launch_constexprs(self) -> dict[str, int]:
        return {name: getattr(self.kernel, key).value.data for key, name in TEMPLATE_CONSTEXPRS.items()}

    @property
    def tma(self) -> bool:
        """Whether the operands' tiles load through tensor descriptors (template_tma.py)."""
        return TMA in self.info.matmul.attributes

    @property
    def programs(self) -> int | None:
        """The programs of a persistent template (each walks tiles), or None: one program per tile."""
        return self.kernel.programs.value.data if self.kernel.programs is not None else None

    def _grid(self, blocks: dict[str, int] | None = None):
        if self.programs is not None:
            import sympy

            return sympy.Integer(self.programs)
        batch, m, n, _ = self.sizes()
        blocks = blocks or self._launch_constexprs()
        block_m, block_n = blocks["BLOCK_M"], blocks["BLOCK_N"]
        return FloorDiv(m + block_m - 1, block_m) * FloorDiv(n + block_n - 1, block_n) * batch

    def _make_func(self) -> triton.FuncOp:
        func = super()._make_func()
        if self.kernel.num_stages is not None:
            func.num_stages = IntegerAttr(self.kernel.num_stages.value.data, 64)
        return func

    def _autotune_options(self) -> list[dict[str, Attribute]]:
        found = []
        default = self._launch_constexprs()
        for c in self.kernel.candidates:
            options = {name: c.get(key, default[name]) for key, name in TEMPLATE_CONSTEXPRS.items()}
            options["num_warps"] = c.get("num_warps", self.config.num_warps)
            if "num_stages" in c:
                options["num_stages"] = c["num_stages"]
            attrs: dict[str, Attribute] = {key: IntegerAttr(value, 64) for key, value in options.items()}
            if self._grid(options) != self._grid():
                attrs["grid"] = ArrayAttr([IndexAttr(self._grid(options))])
            found.append(attrs)
        return found

    @property
    def sample_points(self) -> list[dict]:
        import sympy

        y, x, t = (sympy.Symbol(s) for s in ("yindex", "xindex", "tindex"))
        ynumel, xnumel = int(self.info.ynumel), int(self.info.xnumel)
        rows, cols = range(min(ynumel, 64)), range(min(xnumel, 16))
        return [{y: row, x: col, t: row * xnumel + col} for row in rows for col in cols]

    # -- the GEMM -----------------------------------------------------------------------

    def _prologue(self) -> Scope:
        b, it = self.builder, self.index_type
        batch, m, n, k = self.sizes()
        const = lambda value: b.const(value, it)  # noqa: E731
        block_m, block_n = b.constexpr("BLOCK_M", it), b.constexpr("BLOCK_N", it)
        grid_m = b.binary("trunc_div", b.binary("add", const(m - 1), block_m), block_m, name="grid_m")
        grid_n = b.binary("trunc_div", b.binary("add", const(n - 1), block_n), block_n, name="grid_n")
        pid = b.cast(b.insert(triton.ProgramIdOp("x")), it, name="pid")
        tiles = b.binary("mul", grid_m, grid_n, name="tiles")
        operands = tma_descriptors(self, b, it) if self.tma else None
        if self.programs is not None:
            b, pid = self._tile_loop(b, it, pid, tiles if batch == 1 else b.binary("mul", tiles, const(batch)))
        batch_index = b.binary("trunc_div", pid, tiles, name="batch") if batch > 1 else None
        tile = b.binary("trunc_rem", pid, tiles) if batch > 1 else pid
        pid_m, pid_n = self._grouped(b, it, tile, grid_m, grid_n)
        rm = b.binary("add", b.binary("mul", pid_m, block_m), _arange(b, it, "BLOCK_M"), name="rm")
        rn = b.binary("add", b.binary("mul", pid_n, block_n), _arange(b, it, "BLOCK_N"), name="rn")
        if operands is not None:
            accs = tma_accumulate(self, b, it, pid_m, pid_n, operands)
        else:
            accs = self._accumulate(b, it, rm, rn, batch_index)
        scope = self._epilogue_scope(b, it, rm, rn, batch_index)
        matmul = self.info.matmul
        values = [b.cast(acc, product.type.element_type) for acc, product in zip(accs, matmul.products)]
        self.values[matmul] = values
        self.store_outputs(matmul, values, scope, "yx")
        return scope

    def _tile_loop(self, b: TritonBuilder, it, pid, total) -> tuple[TritonBuilder, SSAValue]:
        """`for tile_id in range(pid, total, programs):` (the body's builder, the tile): the GEMM and the
        epilogue go inside it."""
        loop, body = b.for_loop(pid, total, b.const(self.programs, it), [], "tile_id")
        loop.attributes[triton.FLATTEN] = UnitAttr()
        inner = TritonBuilder(body)
        inner.insert(scf.YieldOp())
        return inner, body.args[0]

    def _grouped(self, b: TritonBuilder, it, tile, grid_m, grid_n) -> tuple[SSAValue, SSAValue]:
        """(pid_m, pid_n) of a tile in GROUP_M-row groups (Triton's matmul tutorial)."""
        group_m = b.constexpr("GROUP_M", it)
        width = b.binary("mul", group_m, grid_n, name="width")
        first_m = b.binary("mul", b.binary("trunc_div", tile, width), group_m, name="first_m")
        left = b.binary("sub", grid_m, first_m)
        size_m = b.where(b.binary("lt", left, group_m), left, group_m, name="size_m")
        local = b.binary("trunc_rem", tile, width)
        pid_m = b.binary("add", first_m, b.binary("trunc_rem", local, size_m), name="pid_m")
        pid_n = b.binary("trunc_div", local, size_m, name="pid_n")
        return pid_m, pid_n

    def _operand(self, value: SSAValue) -> tuple[SSAValue, list[int], int]:
        """(pointer, strides, element offset from the pointer) of a matmul operand."""
        root, delta = resolve(value)
        if not delta.is_Integer:
            raise fail(f"@{self.info.name}: a matmul operand at a symbolic offset")
        return self.ctx.pointer(root), [int(s) for s in value.type.stride_values()], int(delta)

    def _accumulate(self, b: TritonBuilder, it, rm, rn, batch_index) -> list[SSAValue]:
        """The f32 accumulators of the tile, one per B operand, over the K loop."""
        matmul = self.info.matmul
        _, m, n, k = self.sizes()
        scaled = lambda builder, v, s: v if s == 1 else builder.binary("mul", v, builder.const(s, it))  # noqa: E731
        shifted = lambda v, delta: v if delta == 0 else b.binary("add", v, b.const(delta, it))  # noqa: E731
        rows = b.expand_dims(b.binary("trunc_rem", rm, b.const(m, it), name="ram"), 1)
        cols = b.expand_dims(b.binary("trunc_rem", rn, b.const(n, it), name="rbn"), 0)
        # (operand, its M or N offsets, the dim they index, its K dim): A, then each B
        operands = [(matmul.lhs, rows, -2, -1), *((r, cols, -1, -2) for r in matmul.rhs_operands)]
        acc_shape = (triton.shape_of(rows.type)[0], triton.shape_of(cols.type)[1])
        bases = []
        for operand, index, index_dim, k_dim in operands:
            if operand in self.info.prologues:
                block_k = dim_attr("BLOCK_K")
                shape = (acc_shape[0], block_k) if index_dim == -2 else (block_k, acc_shape[1])
                coords = {0: batch_index, index_dim: index} if batch_index is not None else {index_dim: index}
                bases.append(prologue_tile(self, b, it, operand, coords, k_dim, shape))
                continue
            pointer, strides, delta = self._operand(operand)
            base = shifted(scaled(b, index, strides[index_dim]), delta)
            if batch_index is not None:
                base = b.binary("add", base, scaled(b, batch_index, strides[0]))
            bases.append((pointer, base, strides[k_dim]))
        zeros = [b.const(0.0, f32, acc_shape, name="acc") for _ in matmul.rhs_operands]
        loop, body = b.for_loop(b.const(0, it), b.const(k, it), b.constexpr("BLOCK_K", it), zeros, "k0")
        inner = TritonBuilder(body)
        rk = inner.binary("add", body.args[0], _arange(inner, it, "BLOCK_K"), name="rk")
        k_mask = self.ctx.mask(inner, rk, inner.const(k, it), ("rblock", k), triton.shape_of(rk.type), "kmask")
        even_k = isinstance(k_mask.owner, triton.ConstantOp)
        tiles = []
        for entry, dim in zip(bases, (0, *(1 for _ in matmul.rhs_operands))):
            if isinstance(entry, PrologueTile):
                mask = None if even_k else inner.expand_dims(k_mask, dim)
                tiles.append(entry.load(inner, inner.expand_dims(rk, dim), mask, it))
                continue
            pointer, base, k_stride = entry
            offset = inner.binary("add", base, scaled(inner, inner.expand_dims(rk, dim), k_stride))
            mask = None if even_k else inner.expand_dims(k_mask, dim)
            tiles.append(self._load(inner, pointer, offset, mask))
        a, *b_tiles = tiles
        precision = "ieee" if a.type.element_type == f32 else None
        updated = [
            inner.insert(triton.DotOp(a, b_tile, acc, precision), name="acc")
            for b_tile, acc in zip(b_tiles, body.args[1:])
        ]
        inner.insert(scf.YieldOp(*updated))
        return list(loop.results)

    def _load(self, b: TritonBuilder, pointer, offset, mask) -> SSAValue:
        """A masked-off K lane reads 0 (it adds nothing to the dot); no mask where every BLOCK_K divides K."""
        address = b.insert(triton.AddPtrOp(pointer, offset))
        if mask is None:
            return b.insert(triton.LoadOp(address))
        other = b.const(0.0, triton.element_of(address.type).pointee)
        return b.insert(triton.LoadOp(address, mask, other))

    def _epilogue_scope(self, b: TritonBuilder, it, rm, rn, batch_index) -> Scope:
        """yindex (rows of the output, batch included), xindex (columns), tindex and their masks."""
        _, m, n, _ = self.sizes()
        rows, cols = b.expand_dims(rm, 1), b.expand_dims(rn, 0)
        ymask = self.ctx.mask(b, rows, b.const(m, it), ("yblock", m), triton.shape_of(rows.type), "ymask")
        xmask = self.ctx.mask(b, cols, b.const(n, it), ("xblock", n), triton.shape_of(cols.type), "xmask")
        if batch_index is not None:
            rows = b.binary("add", rows, b.binary("mul", batch_index, b.const(m, it)))
        yindex = rows
        yindex.name_hint = "yindex"
        cols.name_hint = "xindex"
        tindex = b.binary("add", b.binary("mul", yindex, b.const(n, it)), cols, name="tindex")
        full = triton.shape_of(tindex.type)
        return Scope(
            b,
            {"yindex": yindex, "xindex": cols, "tindex": tindex},
            {"y": ymask, "x": xmask, "yx": b.binary("logical_and", ymask, xmask, name="mask")},
            {"y": triton.shape_of(rows.type), "x": triton.shape_of(cols.type), "yx": full},
        )


def _arange(b: TritonBuilder, index_type, block: str) -> SSAValue:
    return b.cast(b.insert(triton.ArangeOp(0, block)), index_type)
