"""`kernel.matmul`: the matmul of a template kernel (a Triton GEMM whose epilogue is the loop ops after it).

    %c = kernel.matmul %a, %b : (!loop.buffer<[64, 32], f16, strides [32, 1]>,
                                 !loop.buffer<[32, 48], f16, strides [1, 32]>) -> !loop.buffer<[64, 48], f16, ...>

Operands [M, K] x [K, N] -> [M, N], or batched [B, M, K] x [B, K, N] -> [B, M, N], in any layout their types
give (a transposed weight is a strided operand); one element type for both operands, f16, bf16 or f32, and
for the result either the same or f32 (the accumulator itself, for an epilogue that rounds once, as addmm's
bias); the product accumulates in f32 and is rounded once to the result's type. kernel-mm-template makes it from a matmul
extern in the host program; there it is a fusable op whose iteration space is its result's positions, so
kernel-fuse puts it and the pointwise consumers of its result (its epilogue) into one `kernel.kernel ...
template numel B*M*N rnumel 1`; the loop.pointwise computing an operand from one buffer (a cast or scale, a
prologue: dialects/kernel_analysis/prologue.py) may go in before it, run on each operand tile. In a template
kernel the tile sizes are BLOCK_M = `yblock`, BLOCK_N = `xblock`, BLOCK_K = `rblock`, with `group_m`
(programs grouped along M for L2 reuse), `num_warps` and `num_stages`.
With `choice = ["template", ...]` (kernel-mm-template{choice=true}) kernel-fuse makes each named template and
keeps cuBLAS as a further alternative (`persistent`: a template whose programs walk the tiles):

`kernel.choice`: alternatives of one piece of the host program that compute the same buffers, one region each,
of which the runtime runs one: the fastest, measured on the first CUDA call and cached (irc/runtime/choice.py),
or `default` where nothing is measured (the Triton interpreter, IRC_AUTOTUNE=0):

    kernel.choice "fused_gelu_mm_0" ["template", "extern"] default 1 {
      kernel.launch @fused_gelu_mm_0(%x, %w) outs(%out) : (...) -> (...)
      kernel.yield
    }, {
      %p = kernel.extern "aten::mm.default"(%x, %w) {args = [...]} : (...) -> (...)
      kernel.launch @gelu_1(%p) outs(%out) : (...) -> (...)
      kernel.yield
    }

The regions read and write buffers defined before the op; what a region defines lives only in it.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_region_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from irc.dialects.python_names import identifier_error
from irc.dialects.types import BufferType, element_type_name

# attribute of a kernel.matmul whose templates kernel-fuse offers beside cuBLAS in a kernel.choice: the names
# of the template alternatives, each a key of TEMPLATE_VARIANTS
CHOICE = "choice"
# unit attribute of the kernel.matmul of a persistent template (kernel-tile gives it `programs`)
PERSISTENT = "persistent"
# unit attribute of the kernel.matmul of a persistent template whose operand tiles load through tensor
# descriptors (Hopper's TMA)
TMA = "tma"
# the alternatives of such a choice: template variant -> the unit attribute marking its matmul (or None); the
# extern runs unmeasured
TEMPLATE_VARIANTS = {"template": None, "persistent": PERSISTENT, "tma": TMA}
# variants whose kernels read their operands' base pointers through descriptors: only for 16-byte aligned ones
ALIGNED_VARIANTS = ("tma",)
EXTERN = "extern"

# element types a template GEMM takes (Inductor's use_triton_template: f16, bf16, f32)
MATMUL_ELEMENT_TYPES = ("f16", "bf16", "f32")


@irdl_op_definition
class MatmulOp(IRDLOperation):
    """`kernel.matmul %a, %b`: [B,] M x K times [B,] K x N, accumulated in f32."""

    name = "kernel.matmul"

    lhs = operand_def(BufferType)
    rhs = operand_def(BufferType)
    result = result_def(BufferType)

    assembly_format = "$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, lhs, rhs, result_type: BufferType):
        super().__init__(operands=[lhs, rhs], result_types=[result_type])

    @property
    def ranges(self) -> ArrayAttr:
        """The positions it computes (its result's dims), as a loop op's `ranges`."""
        return self.result.type.shape

    @property
    def batched(self) -> bool:
        return self.result.type.rank == 3

    def sizes(self) -> tuple:
        """(B, M, N, K) as dims (B is 1 when not batched)."""
        a, c = self.lhs.type.sizes(), self.result.type.sizes()
        batch = c[0] if self.batched else 1
        return batch, c[-2], c[-1], a[-1]

    @property
    def rhs_operands(self) -> tuple[SSAValue, ...]:
        """The B operands, one per product."""
        return (self.rhs,)

    @property
    def products(self) -> tuple[SSAValue, ...]:
        return (self.result,)

    def verify_(self) -> None:
        verify_product(self.name, self.lhs.type, self.rhs.type, self.result.type)


def verify_product(name: str, a: BufferType, b: BufferType, c: BufferType) -> None:
    """[B,] M x K times [B,] K x N -> [B,] M x N, in one of MATMUL_ELEMENT_TYPES (the result also f32)."""
    if not (a.rank == b.rank == c.rank and c.rank in (2, 3)):
        raise VerifyException(
            f"{name} operands and result must all be of rank 2 or all of rank 3, got {a.rank}, {b.rank} and "
            f"{c.rank}"
        )
    dims = [[d for d in t.shape.data] for t in (a, b, c)]
    (*batch_a, m, k), (*batch_b, k2, n), (*batch_c, m2, n2) = dims
    if k != k2 or m != m2 or n != n2 or batch_a != batch_b or batch_a != batch_c:
        raise VerifyException(f"{name} shapes do not agree: {_shape(a)} x {_shape(b)} -> {_shape(c)}")
    names = {element_type_name(t.element_type) for t in (a, b)}
    result = element_type_name(c.element_type)
    if len(names) != 1 or not names <= set(MATMUL_ELEMENT_TYPES) or result not in (*names, "f32"):
        raise VerifyException(
            f"{name} needs one element type of {', '.join(MATMUL_ELEMENT_TYPES)} for its operands and "
            f"that or f32 for its result, got {a.element_type}, {b.element_type} and {c.element_type}"
        )


@irdl_op_definition
class DualMatmulOp(IRDLOperation):
    """`kernel.dual_matmul %a, %b0, %b1`: two products of one A, A x B0 and A x B1, of one shape and type: a
    template computing both keeps two accumulators and reads each tile of A once (a gated MLP's gate and up
    projections, whose epilogue reads both)."""

    name = "kernel.dual_matmul"

    lhs = operand_def(BufferType)
    rhs = operand_def(BufferType)
    rhs2 = operand_def(BufferType)
    result = result_def(BufferType)
    result2 = result_def(BufferType)

    assembly_format = (
        "$lhs `,` $rhs `,` $rhs2 attr-dict `:` `(` type($lhs) `,` type($rhs) `,` type($rhs2) `)` "
        "`->` `(` type($result) `,` type($result2) `)`"
    )
    traits = traits_def(Pure())

    def __init__(self, lhs, rhs, rhs2, result_type: BufferType):
        super().__init__(operands=[lhs, rhs, rhs2], result_types=[result_type, result_type])

    ranges = MatmulOp.ranges
    batched = MatmulOp.batched
    sizes = MatmulOp.sizes

    @property
    def rhs_operands(self) -> tuple[SSAValue, ...]:
        return (self.rhs, self.rhs2)

    @property
    def products(self) -> tuple[SSAValue, ...]:
        return (self.result, self.result2)

    def verify_(self) -> None:
        if self.rhs.type.shape != self.rhs2.type.shape or self.result.type != self.result2.type:
            raise VerifyException(
                "kernel.dual_matmul needs B operands of one shape and results of one type, got "
                f"{_shape(self.rhs.type)} and {_shape(self.rhs2.type)}, {self.result.type} and {self.result2.type}"
            )
        for b in (self.rhs, self.rhs2):
            verify_product(self.name, self.lhs.type, b.type, self.result.type)


# the ops whose kernels are templates: one of them and its epilogue make a `template` kernel
TEMPLATE_OPS = (MatmulOp, DualMatmulOp)


def _shape(t: BufferType) -> str:
    return "[" + ", ".join(str(d.data) for d in t.shape.data) + "]"


@irdl_op_definition
class ChoiceOp(IRDLOperation):
    """`kernel.choice "site" ["a", "b"] default N {...}, {...}`: run one of equivalent host-program regions."""

    name = "kernel.choice"

    site = prop_def(StringAttr)
    alternatives = prop_def(ArrayAttr)
    default = prop_def(IntAttr)
    bodies = var_region_def("single_block")

    def __init__(self, site: str, alternatives: dict[str, Block], default: int):
        """`alternatives`: name -> its region's block (ending with a kernel.yield)."""
        properties: dict[str, Attribute] = {
            "site": StringAttr(site),
            "alternatives": ArrayAttr([StringAttr(n) for n in alternatives]),
            "default": IntAttr(default),
        }
        super().__init__(properties=properties, regions=[[Region(b) for b in alternatives.values()]])

    @property
    def names(self) -> list[str]:
        return [a.data for a in self.alternatives.data]

    def body(self, name: str) -> Block:
        return self.bodies[self.names.index(name)].block

    def verify_(self) -> None:
        names = self.alternatives.data
        if not all(isinstance(n, StringAttr) for n in names) or len({n.data for n in names}) != len(names):
            raise VerifyException("kernel.choice alternatives must be distinct strings")
        for name in names:  # each names a local function of the emitted call()
            error = identifier_error(name.data, "kernel.choice alternative")
            if error is not None:
                raise VerifyException(error)
        if len(names) < 2 or len(names) != len(self.bodies):
            raise VerifyException(
                f"kernel.choice needs one region per alternative (at least 2), got {len(names)} names and "
                f"{len(self.bodies)} regions"
            )
        if not 0 <= self.default.data < len(names):
            raise VerifyException(f"kernel.choice default {self.default.data} is not an alternative's position")
        for region in self.bodies:
            block = region.block
            last = block.last_op
            if block.args or last is None or last.name != "kernel.yield" or last.operands:
                raise VerifyException("each kernel.choice region is one block without arguments ending in kernel.yield")

    @classmethod
    def parse(cls, parser: Parser) -> ChoiceOp:
        site = parser.parse_str_literal("expected the choice's site name")
        names = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: StringAttr(parser.parse_str_literal())
        )
        parser.parse_keyword("default")
        default = parser.parse_integer(allow_boolean=False, allow_negative=False)
        attributes = parser.parse_optional_attr_dict_with_keyword()
        regions = [parser.parse_region()]
        while parser.parse_optional_punctuation(",") is not None:
            regions.append(parser.parse_region())
        properties = {"site": StringAttr(site), "alternatives": ArrayAttr(names), "default": IntAttr(default)}
        return cls.create(
            properties=properties, attributes=attributes.data if attributes is not None else {}, regions=regions
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.site.data)
        printer.print_string(" [" + ", ".join(f'"{n}"' for n in self.names) + f"] default {self.default.data}")
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_list(self.bodies, printer.print_region)
