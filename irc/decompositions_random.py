"""PyTorch's random ops as rand, randn and randint (which the importer makes aten.random:
irc/fx_import_random.py) and pointwise math, one row each (as Inductor's decompositions and torch._refs:
ATen's formula family, not its bits). Each samples in the op's compute dtype (float32 for 16-bit floats and
integers) and converts at the end; an op called with a generator of its own stays whole (an extern).
"""

from __future__ import annotations

import math


def _torch():
    import torch

    return torch


def _opmath(dtype):
    """The dtype samples are drawn in: float64 for float64, else float32 (16-bit floats, integers)."""
    torch = _torch()
    return torch.float64 if dtype == torch.float64 else torch.float32


def _shape_permutation(x) -> tuple[list, list[int]]:
    """The shape to sample so that permuting it gives x's layout (`_like` ops keep their input's strides)."""
    from torch._prims_common import compute_elementwise_output_logical_to_physical_perm

    physical, _ = compute_elementwise_output_logical_to_physical_perm(x)
    permutation = [0] * len(physical)
    for position, dim in enumerate(physical):
        permutation[dim] = position
    return [x.shape[d] for d in physical], permutation


def _like(sample, x, dtype=None, device=None, memory_format=None):
    """`sample(shape, dtype, device)` laid out as x (preserve_format), or contiguous in another format."""
    torch = _torch()
    dtype = x.dtype if dtype is None else dtype
    device = x.device if device is None else device
    if memory_format not in (None, torch.preserve_format):
        return sample(list(x.shape), dtype, device).contiguous(memory_format=memory_format)
    shape, permutation = _shape_permutation(x)
    result = sample(shape, dtype, device)
    return result if permutation == list(range(len(permutation))) else result.permute(permutation)


def _uniform(shape, dtype, device):
    return _torch().rand(shape, dtype=_opmath(dtype), device=device)


def _normal(shape, dtype, device):
    return _torch().randn(shape, dtype=_opmath(dtype), device=device)


def _without_generator(function):
    def decomposition(*args, generator=None, **kwargs):
        return NotImplemented if generator is not None else function(*args, **kwargs)

    return decomposition


def _transformed(sample, formula):
    """An in-place-style op on `self` (uniform_, exponential_, ...): formula(sample like self, *params)."""

    def decomposition(self, *params, generator=None):
        if generator is not None:
            return NotImplemented
        return formula(_like(sample, self), *params).to(self.dtype)

    return decomposition


def rand_like(self, *, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None):
    torch = _torch()
    sample = lambda shape, dt, dev: torch.rand(shape, dtype=dt, device=dev)  # noqa: E731
    return _like(sample, self, dtype, device, memory_format)


def randn_like(self, *, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None):
    torch = _torch()
    sample = lambda shape, dt, dev: torch.randn(shape, dtype=dt, device=dev)  # noqa: E731
    return _like(sample, self, dtype, device, memory_format)


def randint_like_low(
    self, low, high, *, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None
):
    torch = _torch()
    if not all(isinstance(b, int) for b in (low, high)):
        return NotImplemented
    sample = lambda shape, dt, dev: torch.randint(low, high, shape, dtype=dt, device=dev)  # noqa: E731
    return _like(sample, self, dtype, device, memory_format)


def randint_like(self, high, **kwargs):
    return randint_like_low(self, 0, high, **kwargs)


def randint(high, size, **kwargs):
    return _torch().ops.aten.randint.low(0, high, size, **kwargs)


def uniform(self, low=0.0, high=1.0, generator=None):
    """low + (high - low) * U, a value rounded up to high becoming low (as ATen's CUDA kernel)."""
    if generator is not None:
        return NotImplemented
    value = (low + (high - low) * _like(_uniform, self)).to(self.dtype)
    return _torch().where(value == high, low, value).to(self.dtype) if high != low else value


def _normal_of(mean, std, shape, dtype, device):
    return (mean + std * _normal(shape, dtype, device)).to(dtype)


@_without_generator
def normal_tensor_tensor(mean, std):
    torch = _torch()
    shape = torch.broadcast_shapes(mean.shape, std.shape)
    return _normal_of(mean, std, shape, torch.result_type(mean, std), mean.device)


@_without_generator
def normal_tensor_float(mean, std=1.0):
    return _normal_of(mean, std, mean.shape, mean.dtype, mean.device)


@_without_generator
def normal_float_tensor(mean, std):
    return _normal_of(mean, std, std.shape, std.dtype, std.device)


@_without_generator
def normal_float_float(mean, std, size, *, dtype=None, layout=None, device=None, pin_memory=None):
    torch = _torch()
    dtype = torch.get_default_dtype() if dtype is None else dtype
    return _normal_of(mean, std, size, dtype, torch.device("cpu") if device is None else device)


@_without_generator
def bernoulli_p(self, p=0.5):
    torch = _torch()
    return (_like(lambda s, _, d: torch.rand(s, dtype=torch.float32, device=d), self) < p).to(self.dtype)


@_without_generator
def bernoulli_tensor(self, p):
    torch = _torch()
    return (torch.rand(self.shape, dtype=torch.float32, device=self.device) < p).to(self.dtype)


def native_dropout(x, p, train):
    """Elements kept with probability 1 - p, scaled by 1 / (1 - p); the mask is the second result."""
    torch = _torch()
    if not train or p == 0:
        return x, torch.ones_like(x, dtype=torch.bool)
    if not x.dtype.is_floating_point:
        return NotImplemented  # eager raises
    if p == 1:
        return torch.zeros_like(x), torch.zeros_like(x, dtype=torch.bool)
    mask = rand_like(x) > p
    return mask * x * float(1.0 / (1.0 - p)), mask


def rrelu_with_noise_functional(self, noise, lower=0.125, upper=1.0 / 3.0, training=False, generator=None):
    """As Inductor: in training, a negative element times a slope drawn from U(lower, upper), kept as noise;
    otherwise leaky_relu with their mean."""
    torch = _torch()
    if generator is not None:
        return NotImplemented
    if not training:
        no_noise = torch.empty(0, dtype=self.dtype, device=self.device)
        return torch.ops.aten.leaky_relu(self, (lower + upper) / 2), no_noise
    slope = uniform(self, lower, upper)
    negative = self <= 0
    return torch.where(negative, self * slope, self), torch.where(negative, slope, 1).to(noise.dtype)


RANDOM_DISTRIBUTIONS = {
    # op: (sampled kind, formula of the sample and the op's parameters)
    "exponential": (_uniform, lambda u, lambd=1.0: -_torch().log1p(-u) / lambd),
    "geometric": (_uniform, lambda u, p: _torch().floor(_torch().log1p(-u) / math.log1p(-p)) + 1),
    "log_normal": (_normal, lambda z, mean=1.0, std=2.0: _torch().exp(mean + std * z)),
    "cauchy": (_uniform, lambda u, median=0.0, sigma=1.0: median + sigma * _torch().tan(math.pi * (u - 0.5))),
    "normal_functional": (_normal, lambda z, mean=0.0, std=1.0: mean + std * z),
}


def random_decompositions(aten) -> dict:
    table = {
        aten.rand_like.default: rand_like,
        aten.randn_like.default: randn_like,
        aten.randint_like.default: randint_like,
        aten.randint_like.low_dtype: randint_like_low,
        aten.randint.default: randint,
        aten.uniform.default: uniform,
        aten.normal.Tensor_Tensor: normal_tensor_tensor,
        aten.normal.Tensor_float: normal_tensor_float,
        aten.normal.float_Tensor: normal_float_tensor,
        aten.normal.float_float: normal_float_float,
        aten.bernoulli.p: bernoulli_p,
        aten.bernoulli.Tensor: bernoulli_tensor,
        aten.native_dropout.default: native_dropout,
        aten.rrelu_with_noise_functional.default: rrelu_with_noise_functional,
    }
    for name, (sample, formula) in RANDOM_DISTRIBUTIONS.items():
        table[getattr(aten, name).default] = _transformed(sample, formula)
    return table
