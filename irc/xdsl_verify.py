"""Verifying IRDL operations from per-definition tables (imported by irc/xdsl_patches.py).

`OpDef.verify` checks an op against its definition through generic helpers that rebuild, per op, which entries
are variadic, look every operand, result and region up through its named accessor and count linked lists of
blocks: half the verification of a large module. For definitions without segment-size or same-size options and
with at most one variadic entry per kind, the same checks (counts, each entry's constraint on the same tuple of
types in the same order with one constraint context, single-block regions and their entry arguments,
properties and attributes present, defined and satisfying their constraints, the traits) now run from a table
made once per definition. When a check fails, or a definition has another shape, the original runs: every
message and exception is xDSL's.
"""

from xdsl.irdl.constraints import VerificationContext
from xdsl.irdl.operations import (
    OpDef,
    OptionalDef,
    OptPropertyDef,
    SingleBlockRegionDef,
    VariadicDef,
    OptAttributeDef,
    OptSingleBlockRegionDef,
    VarSingleBlockRegionDef,
)
from xdsl.utils.exceptions import VerifyException


class _Mismatch(Exception):
    """A check failed: the original verifier runs and reports it."""


def _layout(defs: list) -> tuple[int, int | None, str] | None:
    """(number of definitions, index of the variadic one or None, count rule), or None for several variadic
    entries (the original handles those)."""
    variadic = [k for k, (_, d) in enumerate(defs) if isinstance(d, VariadicDef)]
    if len(variadic) > 1:
        return None
    if not variadic:
        return len(defs), None, "exact"
    return len(defs), variadic[0], "optional" if isinstance(defs[variadic[0]][1], OptionalDef) else "at_least"


def _groups(items, layout: tuple) -> list:
    """Each definition's entries among `items`, as the op's named accessors slice them."""
    n, v, rule = layout
    length = len(items)
    if rule == "exact" and length != n:
        raise _Mismatch
    if rule == "optional" and length not in (n, n - 1):
        raise _Mismatch
    if rule == "at_least" and length < n - 1:
        raise _Mismatch
    if v is None:
        return [items[k : k + 1] for k in range(n)]
    size = length - (n - 1)
    return [items[k : k + 1] if k < v else items[v : v + size] if k == v else items[k - 1 + size : k + size]
            for k in range(n)]  # fmt: skip


class _Plan:
    __slots__ = ("op_def", "layouts", "operands", "results", "regions", "properties", "attributes", "traits")

    def __init__(self, op_def: OpDef, layouts: tuple):
        self.op_def = op_def
        self.layouts = layouts
        self.operands = tuple(d.constr for _, d in op_def.operands)
        self.results = tuple(d.constr for _, d in op_def.results)
        self.regions = tuple((d.entry_args, isinstance(d, _SINGLE_BLOCK)) for _, d in op_def.regions)
        self.properties = tuple(
            (name, d.constr, isinstance(d, OptPropertyDef)) for name, d in op_def.properties.items()
        )
        self.attributes = tuple(
            (name, d.constr, isinstance(d, OptAttributeDef)) for name, d in op_def.attributes.items()
        )
        self.traits = tuple(op_def.traits)


_SINGLE_BLOCK = (SingleBlockRegionDef, VarSingleBlockRegionDef, OptSingleBlockRegionDef)
_PLANS: dict[int, tuple[OpDef, _Plan | None]] = {}


def _make_plan(op_def: OpDef) -> _Plan | None:
    if op_def.options:
        return None
    layouts = tuple(_layout(defs) for defs in (op_def.operands, op_def.results, op_def.regions, op_def.successors))
    return None if None in layouts else _Plan(op_def, layouts)


def _plan(op_def: OpDef) -> _Plan | None:
    known = _PLANS.get(id(op_def))
    if known is None or known[0] is not op_def:
        known = _PLANS[id(op_def)] = (op_def, _make_plan(op_def))
    return known[1]


def _check_values(items, layout: tuple, constraints: tuple, context: VerificationContext) -> None:
    if layout[1] is None and len(items) == layout[0]:
        for value, constraint in zip(items, constraints):
            constraint.verify((value.type,), context)
        return
    for group, constraint in zip(_groups(items, layout), constraints):
        constraint.verify(tuple(value.type for value in group), context)


def _check_regions(groups: list, regions: tuple, context: VerificationContext) -> None:
    for group, (entry_args, single_block) in zip(groups, regions):
        for region in group:
            entry = region.first_block
            if single_block and (entry is None or entry.next_block is not None):
                raise _Mismatch
            if entry is not None:
                entry_args.verify(entry.arg_types, context)


def _check_named(given: dict, defs: tuple, context: VerificationContext) -> None:
    for name, constraint, optional in defs:
        attr = given.get(name)
        if attr is None:
            if optional and name not in given:
                continue
            raise _Mismatch
        constraint.verify(attr, context)


def _check(plan: _Plan, op) -> None:
    context = VerificationContext()
    operands, results, regions, successors = plan.layouts
    _check_values(op._operands, operands, plan.operands, context)
    _check_values(op.results, results, plan.results, context)
    _check_regions(_groups(op.regions, regions), plan.regions, context)
    _groups(op._successors, successors)
    _check_named(op.properties, plan.properties, context)
    for name in op.properties:
        if name not in plan.op_def.properties:
            raise _Mismatch
    _check_named(op.attributes, plan.attributes, context)
    for trait in plan.traits:
        trait.verify(op)


def _verify_from_table(verify):
    def verify_op(self: OpDef, op) -> None:
        plan = _plan(self)
        if plan is not None:
            try:
                return _check(plan, op)
            except (_Mismatch, VerifyException):
                pass
        verify(self, op)

    verify_op.__wrapped__ = verify
    return verify_op


OpDef.verify = _verify_from_table(OpDef.verify)
