"""CPU tensors that pass for CUDA ones in launch-path tests (the launcher itself is faked by each test)."""

import torch


class CudaLike(torch.Tensor):
    """A CPU tensor that says it lives on device 0, with a settable data pointer."""

    ptr = 0

    def get_device(self):
        return 0

    def data_ptr(self):
        return self.ptr


def tensor(ptr: int = 4096, dtype=torch.float32) -> CudaLike:
    t = torch.empty(4, dtype=dtype).as_subclass(CudaLike)
    t.ptr = ptr
    return t
