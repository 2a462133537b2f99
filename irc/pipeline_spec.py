"""The pipeline torch.compile runs, as text: imported on a warm start, which must not import xDSL."""

DEFAULT_PASSES = [
    "aten-layout",  # channels_last activations where the graph's convolutions gain by it
    "aten-unfuse-conv-bias",  # a convolution's bias as an add that fuses into the kernel reading its result
    "aten-pad-mm",  # matmuls with misaligned output rows compute into a padded buffer (cuBLAS's fast kernels)
    "convert-aten-to-loop",  # aten -> loop: type promotion, broadcasting, decompositions, index math
    "loop-inline",  # compose cheap pointwise producers into their consumers; fold loads through views
    "loop-peephole",  # exact algebraic rewrites of body math: 1 + tanh(y) -> 2 sigmoid(2y)
    "cse",
    "dce",
    "loop-simplify",  # drop size-1 dims, order dims by stride, merge dims contiguous in every access
    # matmul externs -> Triton GEMM templates: for CUDA inputs beside cuBLAS in a measured kernel.choice
    # (IRC_MM_TEMPLATE, mm_template_mode)
    "kernel-mm-template{enabled=false}",
    "kernel-dual-matmul",  # two matmuls of one A read by one pointwise (a gated MLP): one dual-GEMM template
    "kernel-fuse",  # loop -> kernel: fusion groups (future kernels) and the host program
    "kernel-split-reduction",  # few long rows: a partial-reduction kernel, then a combining one
    # block sizes, persistent vs looped reductions, num_warps; autotune candidates where the heuristic
    # cannot decide
    "kernel-tile{autotune=true max_autotune=false}",
    "kernel-overlap-comm",  # collectives start early, their waits come late: independent kernels run between
    "kernel-plan-memory",  # host program: externs into out= buffers, buffer reuse, frees after last use
    "kernel-dedup",  # kernels equal up to their name: one kept, launched for all (identical layers)
    "convert-kernel-to-triton",  # kernel -> triton: masks, offsets, reductions, loads and stores
    "cse",
    "dce",
]

DEFAULT_PIPELINE = ",".join(DEFAULT_PASSES)


# kernel-mm-template's entry per mode: no templates; templates wherever they qualify; templates beside cuBLAS,
# the runtime running the faster (kernel.choice)
MM_TEMPLATE_PASSES = {
    "off": "kernel-mm-template{enabled=false}",
    "template": "kernel-mm-template",
    "choice": "kernel-mm-template{choice=true}",
    "choice+tma": "kernel-mm-template{choice=true tma=true}",
    # only the gate and up projections of gated MLPs (kernel-dual-matmul), beside cuBLAS; the persistent
    # templates only (fewer kernels to compile and measure)
    "dual": "kernel-mm-template{choice=true tma=true grouped=false dual_only=true}",
}
MM_TEMPLATE_VALUES = {"1": "template", "true": "template", "template": "template", "0": "off", "false": "off",
                      "off": "off", "choice": "choice", "auto": "auto", "": "auto"}  # fmt: skip


def mm_template_mode(cuda: bool, max_autotune: bool = False) -> str:
    """`config.mm_template` (IRC_MM_TEMPLATE) as a mode of MM_TEMPLATE_PASSES: "auto" (the default) is, as in
    Inductor, cuBLAS alone by default and under max-autotune a choice (templates, the TMA one included, measured
    against cuBLAS) for CUDA inputs; off on CPU (the Triton interpreter measures nothing). A choice of the
    persistent template alone by default was tried: it made the zoo's compiles slower (whisper_encoder cold
    11 -> 24 s) and gpt2 no faster. IRC_MM_DUAL=1 gives CUDA inputs, outside max-autotune too, the choice for
    the gate and up projections of gated MLPs ("dual"): one dual-GEMM template saves both products' round trips
    through memory and a kernel. Off by default: on an H100 its best form (TMA) took 0.343 ms where cuBLAS twice
    and the gating kernel took 0.313 (Llama's MLP, 4096 x 2048 -> 5632), and the measurement added 6 s of
    compile. 1 forces templates, 0
    turns them off, "choice" makes choices always, on CPU too (the extern runs there); IRC_MM_TMA=1 adds the
    template reading its operands through tensor descriptors (Hopper's TMA) to each choice."""
    from irc import config

    value = config.mm_template
    mode = MM_TEMPLATE_VALUES.get(str(value).lower())
    if mode is None:
        raise ValueError(f"IRC_MM_TEMPLATE must be one of {', '.join(sorted(set(MM_TEMPLATE_VALUES)))}, got {value!r}")
    if mode == "auto":
        if not cuda:
            return "off"
        return "choice+tma" if max_autotune else "dual" if config.mm_dual else "off"
    return "choice+tma" if mode == "choice" and config.mm_tma else mode


def configured_pipeline(max_autotune: bool = False, cuda: bool = False) -> str:
    """The pipeline torch.compile runs: `config.pipeline` (IRC_PIPELINE) or the default; with `max_autotune`
    (or IRC_MAX_AUTOTUNE=1) kernel-tile gives every kernel its full list of autotune candidates; kernel-mm-template
    as mm_template_mode says for inputs on CUDA (`cuda`) or not, and for max-autotune or not."""
    from irc import config

    spec = config.pipeline or DEFAULT_PIPELINE
    if not config.pipeline:
        spec = with_mm_template(spec, mm_template_mode(cuda, max_autotune or config.max_autotune))
    checks = ["check_indices=false"] * (not config.assert_indirect_indexing) + ["check_division=false"] * cuda
    if checks:  # eager's CUDA kernels do not raise for an integer division by zero; its CPU kernels do
        spec = spec.replace("convert-aten-to-loop", "convert-aten-to-loop{" + " ".join(checks) + "}", 1)
    return with_max_autotune(spec) if max_autotune or config.max_autotune else spec


def with_max_autotune(spec: str) -> str:
    """`spec` with every kernel-tile searching all its candidates (kernel-tile{autotune=true max_autotune=true})."""
    passes = []
    for entry in spec.split(","):
        name, _, options = entry.partition("{")
        if name.strip() == "kernel-tile":
            kept = [o for o in options.rstrip("}").split() if o.split("=")[0] not in ("autotune", "max_autotune")]
            entry = "kernel-tile{" + " ".join([*kept, "autotune=true", "max_autotune=true"]) + "}"
        passes.append(entry)
    return ",".join(passes)


def with_mm_template(spec: str, mode: str = "template") -> str:
    """`spec` with kernel-mm-template in `mode` (MM_TEMPLATE_PASSES)."""
    entry = MM_TEMPLATE_PASSES[mode]
    return ",".join(entry if name.startswith("kernel-mm-template") else name for name in spec.split(","))


def makes_mm_choices(spec: str) -> bool:
    """Whether kernel-mm-template in `spec` makes template/cuBLAS choices: a compile of such a pipeline that
    fails runs again with cuBLAS only (with_mm_template(spec, "off"))."""
    return any(entry.startswith(MM_TEMPLATE_PASSES["choice"][:-1]) for entry in spec.split(","))


def with_fusion_report(spec: str, prefix: str) -> str:
    """`spec` with kernel-fuse writing its report to prefix.txt/.dot/.svg (kernel-fuse{report=...})."""
    option = f'kernel-fuse{{report="{prefix}"}}'
    return ",".join(option if name == "kernel-fuse" else name for name in spec.split(","))
