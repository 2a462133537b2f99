%r = triton.arange 0, 4 : !triton.block<[4], i32>
%s = triton.arange 4, 12 : !triton.block<[16], i32>
