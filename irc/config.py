"""User-facing switches; environment variables give the defaults."""

import os


def _flag(name: str, default: str = "0") -> bool:
    return os.environ.get(name, default) not in ("", "0", "false", "False")


def _count(name: str, default: int) -> int:
    text = os.environ.get(name, str(default))
    if not text.isdigit():
        raise ValueError(f"{name} must be a whole number, got {text!r}")
    return int(text)


debug = _flag("IRC_DEBUG")  # write the IR after every pass and the output code to a debug folder
debug_dir = os.environ.get("IRC_DEBUG_DIR", "")  # default: ./irc-debug/<timestamp>
cache_dir = os.environ.get("IRC_CACHE_DIR", os.path.join(os.path.expanduser("~"), ".cache", "irc"))
# On an internal compiler error, run the graph eagerly (counted in metrics.graph_fallbacks) instead of raising.
fallback_on_error = _flag("IRC_FALLBACK_ON_ERROR", "1")
# Also compile every graph with a print/parse between every two passes and fail if the code differs.
check_roundtrip = _flag("IRC_CHECK_ROUNDTRIP")
# Verify the IR after every pass of torch.compile's pipeline (IRC_DEBUG runs and the tests always do). Off by
# default: verification costs more than most passes (bench/compile_time.py), and irc-opt verifies what it runs.
verify_passes = _flag("IRC_VERIFY")
# Run the interpreters after every pass on the first call's inputs and fail naming the first diverging pass.
check_passes = _flag("IRC_CHECK_PASSES")
# A warm start finds inference graphs by their Dynamo graph and skips aot_autograd (irc/dynamo_cache.py); 0 keeps
# aot_autograd on every compile (its ATen graph is still found by its FX text), as torch's
# enable_autograd_cache=False does for Inductor.
dynamo_cache = _flag("IRC_DYNAMO_CACHE", "1")
# Matmuls followed by pointwise work as Triton GEMM templates with the work fused as their epilogue
# (kernel-mm-template). "auto" (default): under max-autotune, for CUDA inputs, each template is a kernel.choice
# against cuBLAS and its epilogue kernel, decided by measuring both on the first call; none otherwise. 1: templates without a choice
# (on CPU too); 0: none; "choice": choices on CPU too (where the extern runs). See pipeline_spec.mm_template_mode.
mm_template = os.environ.get("IRC_MM_TEMPLATE", "auto")
# With template choices: also a persistent template loading its operands through tensor descriptors (TMA).
mm_tma = _flag("IRC_MM_TMA")
# With mm_template "auto" and CUDA inputs outside max-autotune: the gate and up projections of gated MLPs as a
# dual-GEMM template beside cuBLAS (kernel-dual-matmul), measured on the first call. See mm_template_mode.
mm_dual = _flag("IRC_MM_DUAL", "0")
# The pass pipeline torch.compile runs (empty: irc.pipeline.DEFAULT_PIPELINE).
pipeline = os.environ.get("IRC_PIPELINE", "")
# Search every kernel's autotune candidates with a longer benchmark (torch.compile's mode="max-autotune" or
# options={"max_autotune": True} do the same for one compile); default: only where the heuristic cannot
# decide.
max_autotune = _flag("IRC_MAX_AUTOTUNE")
# Worker processes compiling a module's Triton kernels before its first CUDA call (0: one per CPU core, at
# most 32, as Inductor's compile_threads; 1: no pool, each kernel compiles on its first launch).
compile_threads = _count("IRC_COMPILE_THREADS", 0)
# Replay each compiled graph from CUDA graphs (torch.compile's options {"triton.cudagraphs": True} or
# {"cudagraphs": True} and mode="reduce-overhead" set it per compile), recording at most this many input
# signatures (sizes, scalar values) per graph; further ones launch normally.
cudagraphs = _flag("IRC_CUDAGRAPHS")
# Random ops run eagerly (ATen's own numbers, as Inductor's fallback_random) instead of as Triton kernels of
# counter-based random numbers (irc/decompositions_random.py, irc/fx_import_random.py).
fallback_random = _flag("IRC_FALLBACK_RANDOM")
cudagraph_limit = _count("IRC_CUDAGRAPH_LIMIT", 8)
# Kernels check the indices of gathers and scatters (x[idx], embedding, gather, index_put, scatter) and stop
# with "index out of range" as eager raises (Inductor's assert_indirect_indexing); 0 skips the checks for speed
# (an index out of range then reads 0 or writes nothing).
assert_indirect_indexing = _flag("IRC_ASSERT_INDIRECT_INDEXING", "1")
