"""irc.kernel_bytes: bytes per launch and the minimum, from a host program's IR, over size symbols."""

from xdsl.dialects import func
from xdsl.parser import Parser

from irc.kernel_bytes import evaluate, host_launch_bytes, minimum_bytes
from irc.pipeline import make_context, run_pipeline

LOOP_IR = """
func.func @f(%x: !loop.buffer<[s0, 9], f32, strides [9, 1]>, %b: !loop.buffer<[9], f16, strides [1]>) -> (!loop.buffer<[s0], f32, strides [1]>, !loop.buffer<[9, s0], f32, strides [1, 9]>) {
  %s = loop.reduction sum ranges [s0] reduce [9] {
    %a = loop.load %x[#loop.index<"9*i0 + r0">] : !loop.buffer<[s0, 9], f32, strides [9, 1]>
    %c = loop.load %b[#loop.index<"r0">] : !loop.buffer<[9], f16, strides [1]>
    %d = loop.cast %c : f16 to f32
    %e = arith.addf %a, %d : f32
    loop.yield %e : f32
  } : !loop.buffer<[s0], f32, strides [1]>
  %t = loop.reinterpret %x : !loop.buffer<[s0, 9], f32, strides [9, 1]> to !loop.buffer<[9, s0], f32, strides [1, 9]>
  func.return %s, %t : !loop.buffer<[s0], f32, strides [1]>, !loop.buffer<[9, s0], f32, strides [1, 9]>
}
"""


def test_launch_bytes_and_minimum():
    ctx = make_context()
    module = run_pipeline(Parser(ctx, LOOP_IR).parse_module(), ctx, "kernel-fuse")
    (host,) = [op for op in module.body.block.ops if isinstance(op, func.FuncOp)]
    (launch,) = host_launch_bytes(host)
    assert evaluate(str(launch.read), {"s0": 5}) == 5 * 9 * 4 + 9 * 2
    assert evaluate(str(launch.written), {"s0": 5}) == 5 * 4
    # inputs once; the returned view of an input is not written
    assert evaluate(str(minimum_bytes(host)), {"s0": 5}) == 5 * 9 * 4 + 9 * 2 + 5 * 4
