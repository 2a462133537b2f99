"""`torch.compile(model, backend="irc")`: Dynamo -> aot_autograd (core ATen) -> irc for forward and backward."""

import functools
import logging


def decompositions() -> dict:
    """Core ATen decompositions plus the composite ops irc lowers through their parts (irc/decompositions.py
    adds its own; its random ones unless config.fallback_random)."""
    from irc import config

    return decomposition_table(config.fallback_random)


@functools.cache
def decomposition_table(fallback_random: bool) -> dict:
    import torch
    from torch._decomp import core_aten_decompositions, get_decompositions

    from irc.decompositions import irc_decompositions

    aten = torch.ops.aten
    extra = get_decompositions(
        [
            aten._softmax,
            aten._log_softmax,
            aten._softmax_backward_data,
            aten._log_softmax_backward_data,
            aten.native_layer_norm,
            aten.native_layer_norm_backward,
            aten.gelu_backward,
            aten.silu_backward,
            aten.sigmoid_backward,
            aten.tanh_backward,
            aten.threshold_backward,
            # as Inductor (torch/_inductor/decomposition.py): batch norm in every form becomes its
            # statistics (var_mean) and pointwise ops, which fuse with the activation after them
            aten._native_batch_norm_legit,
            aten._native_batch_norm_legit_functional,
            aten._native_batch_norm_legit_no_training,
            aten._batch_norm_with_update,
            aten._batch_norm_with_update_functional,
            aten._batch_norm_no_update,
            aten.batch_norm_backward,
            aten.native_batch_norm,
            aten.cudnn_batch_norm,
            aten.cudnn_batch_norm_backward,
            aten.native_group_norm,
            aten.hardtanh,  # clamp (ReLU6)
            aten.elu,
            aten.leaky_relu,
            aten.addmv,
            aten.flip,
            aten.index_select,
            aten.linalg_vector_norm,
            aten.dist,  # norms of differences, max pooling in 3-D and grid sampling: reductions and gathers
            aten.max_pool3d_with_indices,
            aten.grid_sampler_2d,
            aten.tril_indices,  # index math over an arange
            aten.triu_indices,
        ]
    )
    own = irc_decompositions(aten, random=not fallback_random)
    table = {**core_aten_decompositions(), **extra, **own}
    for op in kept_whole(aten):
        table.pop(op, None)
    return table


def kept_whole(aten) -> list:
    """Ops that stay single extern calls: ATen (cuBLAS, fused attention) runs them better than their parts, or
    their decomposition is not eager's value."""
    return [
        aten.baddbmm.default,  # bmm with the scaled add: one cuBLAS call into an out= buffer
        # its decomposition returns the attention weights where the backward expects the logsumexp
        aten._scaled_dot_product_flash_attention_for_cpu.default,
        # its decomposition (torch/_decomp) leaves the target positions after a row's -1 end marker in the
        # loss, each as if it named class 0: the forward op has irc's own (irc/decompositions_nn.py)
        aten.multilabel_margin_loss.default,
    ]


@functools.cache
def drop_wrong_python_kernels() -> None:
    """PyTorch runs multilabel_margin_loss_forward's decomposition as its Python Autograd kernel whenever the
    Python dispatcher is on (aot_autograd's tracing), whatever the decomposition table says; that
    decomposition is wrong (kept_whole), so its Python kernel goes and ATen's own autograd kernel runs."""
    import torch

    op = torch.ops.aten.multilabel_margin_loss_forward.default
    op.py_kernels.pop(torch._C.DispatchKey.Autograd, None)
    op._dispatch_cache.clear()


def irc_backend(gm, example_inputs, mode: str | None = None, options: dict | None = None, **kwargs):
    """The `irc` backend of torch.compile, which passes its `mode` and `options` as keyword arguments:
    `mode="max-autotune"` (or "max-autotune-no-cudagraphs") and `options={"max_autotune": True}` make
    kernel-tile search every kernel's autotune candidates; CUDA graphs follow irc/runtime/cudagraphs.py."""
    from irc import dynamo_cache
    from irc.fx_attention_mask import densify_attention_masks
    from irc.fx_namespaces import admit_graph_namespaces
    from irc.fx_overlap import self_overlapping_write
    from irc.runtime.cudagraphs import requested

    check_option_keys(options)
    admit_graph_namespaces(gm)
    overlap = self_overlapping_write(gm)
    if overlap is not None:  # eager raises for it; functionalized, it would give a value
        logging.getLogger("irc").info("irc: a graph runs eagerly: %s writes what it reads elsewhere", overlap)
        return gm
    densify_attention_masks(gm)
    max_autotune, cudagraphs = wants_max_autotune(mode, options), requested(mode, options)
    key = None if cudagraphs or kwargs else dynamo_cache.graph_key(gm, example_inputs, max_autotune)
    compiled = dynamo_cache.lookup(key, example_inputs) if key is not None else None
    if compiled is not None:
        return compiled
    return through_aot_autograd(gm, example_inputs, max_autotune, cudagraphs, key, **kwargs)


def through_aot_autograd(gm, example_inputs, max_autotune: bool, cudagraphs: bool, key: str | None, **kwargs):
    """aot_autograd with irc compiling its forward, backward or inference graph (`key`: the Dynamo-level key
    the inference graph is recorded under where it can be, irc/dynamo_cache.py)."""
    import torch._functorch.config
    from torch._dynamo.backends.common import aot_autograd
    from irc.compile import compile_fx_graph

    drop_wrong_python_kernels()
    compile_graph = functools.partial(compile_fx_graph, max_autotune=max_autotune, cudagraphs=cudagraphs)
    inference = functools.partial(compile_graph, inference=True, role="inference")
    if key is not None:
        inference = recording(inference, key, len(example_inputs))
    backend = aot_autograd(
        fw_compiler=functools.partial(compile_graph, role="forward", user_outputs=user_output_count(gm)),
        bw_compiler=functools.partial(compile_graph, role="backward"),
        inference_compiler=inference,
        decompositions=decompositions(),
        partition_fn=partition_joint,
        keep_inference_input_mutations=True,  # as Inductor: the module writes mutated inputs itself
    )
    # as Inductor: ops with side effects come as with_effects calls on tokens the graph makes itself
    # (prims._make_token), not as extra graph inputs and outputs
    with torch._functorch.config.patch(unlift_effect_tokens=True):
        return backend(gm, example_inputs, **kwargs)


def partition_joint(joint, joint_inputs, **kwargs):
    """As Inductor: the joint graph's no-op nodes go (irc/fx_noops.py), then the min-cut partitioner splits
    it, saving less and recomputing cheap ops; the backward's products move down to their first reader where
    that shortens what is alive (irc/fx_sink.py)."""
    from torch._functorch.partitioners import min_cut_rematerialization_partition

    from irc.fx_noops import remove_noop_nodes
    from irc.fx_sink import sink_products

    if remove_noop_nodes(joint.graph):
        joint.recompile()
    forward, backward = min_cut_rematerialization_partition(joint, joint_inputs, **kwargs)
    if sink_products(backward.graph):
        backward.recompile()
    return forward, backward


def user_output_count(gm) -> int:
    """The Dynamo graph's outputs: the training forward's user-visible results (Inductor's
    num_orig_model_outputs)."""
    import torch.utils._pytree as pytree

    output = next(iter(gm.graph.find_nodes(op="output")))
    return len(pytree.arg_tree_leaves(*output.args))


def recording(compile_graph, key: str, n_inputs: int):
    """`compile_graph` that also records its module under the Dynamo-level `key` where it may be found there."""
    from irc import dynamo_cache

    def compile_and_record(gm, example_inputs):
        runner = compile_graph(gm, example_inputs)
        dynamo_cache.record(key, gm, n_inputs, runner)
        return runner

    return compile_and_record


def check_option_keys(options: dict | None) -> None:
    """As Inductor: an `options=` key irc does not read raises, naming the ones it reads."""
    from irc.runtime.cudagraphs import OPTION_KEYS

    known = ("max_autotune", *OPTION_KEYS)
    unknown = sorted(set(options or {}) - set(known), key=str) if isinstance(options, dict) else []
    if unknown:
        raise ValueError(f"irc: unknown torch.compile option(s) {', '.join(map(repr, unknown))}; "
                         f"irc's options are {', '.join(map(repr, known))}")  # fmt: skip


def wants_max_autotune(mode: str | None, options: dict | None) -> bool:
    """torch.compile's conventions: mode "max-autotune*" or options["max_autotune"] (True or False)."""
    wanted = (options or {}).get("max_autotune", False)
    if not isinstance(wanted, bool):
        raise ValueError(f"irc: option 'max_autotune' must be True or False, got {wanted!r}")
    return wanted or (mode or "").startswith("max-autotune")
