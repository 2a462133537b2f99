"""The operator libraries a graph torch.compile hands irc calls, admitted as extern namespaces.

A program's own torch.library ops (transformers' grouped_mm_fallback in MoE layers) then run as externs, as
Inductor runs them, instead of their whole graph eagerly. Only operator objects the graph holds count, never
a name read from IR or a cache entry (dialects/python_names.py). No xDSL here: the warm start imports it.
"""


def admit_graph_namespaces(gm) -> None:
    import torch

    from irc.dialects.python_names import admit_namespaces

    targets = [node.target for node in gm.graph.nodes if node.op == "call_function"]
    overloads = [t for t in targets if isinstance(t, torch._ops.OpOverload)]
    packets = [t for t in targets if isinstance(t, torch._ops.OpOverloadPacket)]
    admit_namespaces([t.namespace for t in overloads])
    admit_namespaces([t._qualified_op_name.partition("::")[0] for t in packets])
