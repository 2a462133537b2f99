%b = triton.constant 1 : !triton.block<[4], i32>
%c = triton.constant 1.5 : !triton.block<[4], i32>
