"""The shared types and attributes: construction, canonical printing, parsing, verification."""

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import f16, f32, i1, i64
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

from irc.dialects.types import BufferType, IndexAttr, TensorType, contiguous_strides, element_type, numel
from irc.registry import load_all_dialects


def parse_attr(text: str):
    ctx = Context()
    load_all_dialects(ctx)
    return Parser(ctx, text).parse_attribute()


def test_tensor_type_prints_symbolic_sizes():
    t = TensorType([3, "s0", "s1*2"], f32)
    assert str(t) == '!aten.tensor<[3, s0, "2*s1"], f32>'
    assert str(t.numel()) == "6*s0*s1"


def test_tensor_type_round_trips_with_strides():
    t = TensorType([4, 5], f16, strides=[1, 4])
    assert parse_attr(str(t)) == t


def test_buffer_type_defaults_to_contiguous_and_prints_offset():
    b = BufferType([2, "s0"], f32, offset=3)
    assert str(b) == "!loop.buffer<[2, s0], f32, strides [s0, 1], offset 3>"
    assert parse_attr(str(b)) == b
    assert not b.is_contiguous()
    assert BufferType([2, 3], i64).is_contiguous()


def test_index_attr_is_canonical():
    assert IndexAttr("r0 + 9*i0") == IndexAttr("9*i0+r0")
    assert parse_attr('#loop.index<"r0 + i0*9">') == IndexAttr("9*i0 + r0")


def test_index_attr_rejects_garbage():
    with pytest.raises(ParseError):
        parse_attr('#loop.index<"i0 +* )">')


@pytest.mark.parametrize("bad", ["!aten.tensor<[3], f32, strides [1, 1]>", "!aten.tensor<[-1], f32>"])
def test_tensor_type_verifier(bad):
    with pytest.raises((VerifyException, ParseError)):
        parse_attr(bad)


def test_unsupported_element_type_is_rejected():
    with pytest.raises(VerifyException, match="unsupported element type"):
        TensorType([3], Parser(Context(), "i4").parse_type())


def test_helpers():
    assert contiguous_strides([2, 3, 4]) == [12, 4, 1]
    assert str(contiguous_strides(["s0", 3])[0]) == "3"
    assert numel([2, 3]) == 6
    assert element_type("i1") == i1


def test_attr_number_reads_i1_as_bool():
    from xdsl.dialects.builtin import FloatAttr, IntegerAttr, i8

    from irc.dialects.types import attr_number

    assert IntegerAttr(1, i1).value.data == -1  # xDSL's signed storage, which attr_number must not leak
    assert attr_number(IntegerAttr(1, i1)) is True
    assert attr_number(IntegerAttr(0, i1)) is False
    assert attr_number(IntegerAttr(-3, i64)) == -3
    assert attr_number(IntegerAttr(200, element_type("ui8"))) == 200
    assert attr_number(IntegerAttr(-1, i8)) == -1
    assert attr_number(FloatAttr(2.5, f32)) == 2.5
    with pytest.raises(TypeError):
        attr_number(i1)
