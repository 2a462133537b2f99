%x = "test.op"() : () -> !loop.buffer<[3], f32, strides [1]>
%b = loop.pointwise ranges [3] {
    %v = loop.load %x[#loop.index<"i0 + r0">] : !loop.buffer<[3], f32, strides [1]>
    loop.yield %v : f32
} : !loop.buffer<[3], f32, strides [1]>
