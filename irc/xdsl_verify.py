"""Verifying IRDL operations from per-definition tables (imported by irc/xdsl_patches.py).

- `OpDef.verify` checks an op against its definition through generic helpers that rebuild, per op, which
  entries are variadic, look every operand, result and region up through its named accessor and count linked
  lists of blocks: half the verification of a large module. For definitions without segment-size or same-size
  options and with at most one variadic entry per kind, the same checks (counts, each entry's constraint on the
  same types in the same order with one constraint context, single-block regions and their entry arguments,
  properties and attributes present, defined and satisfying their constraints, the traits whose verify does
  something) now run from a table made once per definition; a definition of exactly one entry checks that
  entry's type against its element constraint directly. When a check fails, or a definition has another
  shape, the original runs: every message and exception is xDSL's.
- `Operation.verify` of an op without successors that does not end its block, or ends the single block of a
  region and passes the terminator checks (traits looked up once per class), takes the same steps without
  building views of its operands and successors. Blocks and regions walk their ops and blocks by their links.
- A property or attribute is checked against a pure constraint (xDSL's dataclass constraints without variables,
  more than a class test) once per attribute object: attributes are immutable, and a repeat has the same verdict.
- An op without successors that passed its definition's checks (not its traits') passes them again where its
  definition, operand and result types, properties, attributes (the same objects) and region shapes are the
  same: those checks run once per such key; the traits, which may look around the op, run for every op.
- A VerifyException raised while verifying an op names the innermost such op (`failing_op`), so that a
  diagnostic can show the op and its source location (irc/source_locations.py).
- `IsolatedFromAbove` walked from every operand's owner up to the op; the walk now stops at the first node
  already known to lie inside it. A violation is reported by the original.
"""

import dataclasses
import operator

from xdsl.irdl.constraints import (
    AnyAttr,
    AttrConstraint,
    BaseAttr,
    EqAttrConstraint,
    EqIntConstraint,
    IntConstraint,
    IntTypeVarConstraint,
    IntVarConstraint,
    RangeConstraint,
    RangeLengthConstraint,
    RangeOf,
    RangeVarConstraint,
    TypeVarConstraint,
    VarConstraint,
    VerificationContext,
)
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
from xdsl.ir import Block, ErasedSSAValue, Operation, OpResult, Region
from xdsl.traits import IsolatedFromAbove, IsTerminator, NoTerminator, OpTrait
from xdsl.utils.exceptions import VerifyException

from irc.source_locations import FAILING_OP
from irc.xdsl_changes import wrap


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
    if n == 1 and v == 0 and (rule == "at_least" or length < 2):  # one variadic or optional definition
        return [items]
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


_EMPTY_CONTEXT = VerificationContext().__dict__
# a VerificationContext's fields, where each starts as an empty dictionary (else None: it is built by its class)
_CONTEXT_FIELDS = tuple(_EMPTY_CONTEXT) if all(type(v) is dict and not v for v in _EMPTY_CONTEXT.values()) else None


def new_context() -> VerificationContext:
    """VerificationContext(), its fields set directly."""
    if _CONTEXT_FIELDS is None:
        return VerificationContext()
    context = object.__new__(VerificationContext)
    object.__setattr__(context, "__dict__", {name: {} for name in _CONTEXT_FIELDS})
    return context


class _Plan:
    __slots__ = ("op_def", "layouts", "operands", "results", "singles", "regions", "properties", "attributes",
                 "trait_set", "traits")  # fmt: skip

    def __init__(self, op_def: OpDef, layouts: tuple):
        self.op_def = op_def
        self.layouts = layouts
        self.operands = tuple(d.constr for _, d in op_def.operands)
        self.results = tuple(d.constr for _, d in op_def.results)
        self.singles = tuple(tuple(_element_check(c) for c in defs) for defs in (self.operands, self.results))
        self.regions = tuple((d.entry_args, isinstance(d, _SINGLE_BLOCK)) for _, d in op_def.regions)
        self.properties = tuple(
            (name, d.constr, isinstance(d, OptPropertyDef)) for name, d in op_def.properties.items()
        )
        self.attributes = tuple(
            (name, d.constr, isinstance(d, OptAttributeDef)) for name, d in op_def.attributes.items()
        )
        self.trait_set = None
        self.traits = ()

    def traits_to_verify(self) -> tuple:
        """The traits whose verify does something, in the definition's order (again if a trait was added)."""
        traits = self.op_def.traits.traits
        if traits is not self.trait_set:
            self.trait_set = traits
            self.traits = tuple(t for t in traits if type(t).verify is not OpTrait.verify)
        return self.traits


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


def _element_check(constraint):
    """For a definition of exactly one entry: the constraint on that entry's type alone (None for any type),
    where `constraint` is xDSL's usual "one entry satisfying c"; else `constraint` itself, on the tuple."""
    if isinstance(constraint, RangeLengthConstraint) and constraint.length == EqIntConstraint(1):
        inner = constraint.constraint
        if isinstance(inner, RangeOf):
            return None if isinstance(inner.constr, AnyAttr) else (inner.constr, False)
    return constraint, True


def _check_values(items, layout: tuple, constraints: tuple, singles: tuple, context: VerificationContext) -> None:
    n, v, _ = layout
    if v is None and len(items) == n:
        for value, single in zip(items, singles):
            if single is not None:
                constraint, on_tuple = single
                constraint.verify((value.type,) if on_tuple else value.type, context)
        return
    groups = _groups(items, layout)
    for k, (group, constraint, single) in enumerate(zip(groups, constraints, singles)):
        if k == v or len(group) != 1:
            constraint.verify(tuple(value.type for value in group), context)
        elif single is not None:  # a definition of one entry beside the variadic one
            constraint, on_tuple = single
            constraint.verify((group[0].type,) if on_tuple else group[0].type, context)


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
        verify_once(constraint, attr, context)


# ---------------------------------------------------------------------------
# Constraints that an attribute passed before
# ---------------------------------------------------------------------------

_VARIABLES = (VarConstraint, TypeVarConstraint, RangeVarConstraint, IntVarConstraint, IntTypeVarConstraint)
_CONSTRAINTS = (AttrConstraint, IntConstraint, RangeConstraint)
_CHEAP = (AnyAttr, BaseAttr, EqAttrConstraint)
_PURE: dict[int, tuple[object, bool]] = {}
_PASSED: dict[tuple[int, int], tuple[object, object]] = {}
_MAX_PASSED = 1 << 16


def _pure(constraint) -> bool:
    """Whether a constraint's verdict depends on the attribute alone: it is made, to any depth, of xDSL's
    dataclass constraints and plain values, none of them a constraint variable."""
    if isinstance(constraint, _VARIABLES):
        return False
    if isinstance(constraint, tuple | list | frozenset | set):
        return all(_pure(c) for c in constraint)
    if isinstance(constraint, _CONSTRAINTS):
        return dataclasses.is_dataclass(constraint) and all(
            _pure(getattr(constraint, f.name)) for f in dataclasses.fields(constraint)
        )
    return True


def verify_once(constraint, attr, context: VerificationContext) -> None:
    """constraint.verify(attr, context), once per pair of (immutable) objects where the constraint is pure and
    more than a class test: a repeat has the same verdict, and binds no variable."""
    known = _PURE.get(id(constraint))
    if known is None or known[0] is not constraint:
        known = _PURE[id(constraint)] = (constraint, not isinstance(constraint, _CHEAP) and _pure(constraint))
    if not known[1]:
        return constraint.verify(attr, context)
    key = (id(constraint), id(attr))
    if key in _PASSED:
        return
    constraint.verify(attr, context)
    if len(_PASSED) < _MAX_PASSED:
        _PASSED[key] = (constraint, attr)


def _check(plan: _Plan, op) -> None:
    context = new_context()
    operands, results, regions, successors = plan.layouts
    _check_values(op._operands, operands, plan.operands, plan.singles[0], context)
    _check_values(op.results, results, plan.results, plan.singles[1], context)
    if op.regions or regions[0]:
        _check_regions(_groups(op.regions, regions), plan.regions, context)
    if op._successors or successors[0]:
        _groups(op._successors, successors)
    _check_named(op.properties, plan.properties, context)
    for name in op.properties:
        if name not in plan.op_def.properties:
            raise _Mismatch
    _check_named(op.attributes, plan.attributes, context)
    for trait in plan.traits_to_verify():
        trait.verify(op)


# ---------------------------------------------------------------------------
# Ops like one that passed before
# ---------------------------------------------------------------------------

TYPE = operator.attrgetter("_type")  # SSAValue.type, read directly


def fields_key(op) -> tuple:
    """The identities of an op's operand and result types, its properties and attributes (with their names),
    and its regions' shapes (entry block, a second block, the entry's argument types)."""
    properties, attributes, regions = op.properties, op.attributes, op.regions
    key = (*map(id, map(TYPE, op._operands)), None, *map(id, map(TYPE, op.results)), None, *properties,
           *map(id, properties.values()), None, *attributes, *map(id, attributes.values()))  # fmt: skip
    return (key, *map(_region_key, regions)) if regions else key


def _region_key(region: Region) -> tuple | None:
    entry = region._first_block
    return None if entry is None else (entry._next_block is None, *map(id, map(TYPE, entry._args)))


def fields_objects(op) -> tuple:
    """The objects whose identities `fields_key` takes (kept alive with what is memoized, so that no other object
    takes their id)."""
    return (*map(TYPE, op._operands), *map(TYPE, op.results), *op.properties.values(), *op.attributes.values(),
            *(arg.type for region in op.regions if region._first_block for arg in region._first_block._args))


_PASSED_OPS: dict[tuple, tuple] = {}


def _check_once(plan: _Plan, op) -> None:
    """_check, where the definition's checks run once per plan and `fields_key` (they read nothing else: their
    verdict is the same); the traits' checks, which may look around the op, run every time."""
    if op._successors:
        return _check(plan, op)
    key = (id(plan), fields_key(op))
    if key in _PASSED_OPS:
        for trait in plan.traits_to_verify():
            trait.verify(op)
        return
    _check(plan, op)
    if len(_PASSED_OPS) < _MAX_PASSED:
        _PASSED_OPS[key] = (plan, fields_objects(op))


def _verify_from_table(verify):
    def verify_op(self: OpDef, op) -> None:
        plan = _plan(self)
        if plan is not None:
            try:
                return _check_once(plan, op)
            except (_Mismatch, VerifyException):
                pass
        verify(self, op)

    verify_op.__wrapped__ = verify
    return verify_op


wrap(OpDef, "verify", _verify_from_table)


def _verify_directly(verify):
    """Operation.verify: an op without successors whose terminator checks pass (it does not end its block, or ends
    the single block of a region whose op needs a terminator and is one) takes the same steps without building
    operand and successor views; any other op, and every failing check, goes to the original."""

    def verify_op(self: Operation, verify_nested_ops: bool = True) -> None:
        try:
            block = self.parent
            if self._successors or block is None or (block._last_op is self and not _terminates(self, block)):
                return verify(self, verify_nested_ops)
            for operand in self._operands:
                if isinstance(operand, ErasedSSAValue):
                    raise ValueError("Erased SSA value is used by the operation")
            if verify_nested_ops:
                for region in self.regions:
                    region.verify()
            try:
                self.verify_()
            except VerifyException as err:
                self.emit_error(f"Operation does not verify: {err}", err)
        except VerifyException as err:  # names the innermost op whose verification raised it (failing_op)
            if getattr(err, FAILING_OP, None) is None:
                setattr(err, FAILING_OP, self)
            raise

    verify_op.__wrapped__ = verify
    return verify_op


def _terminates(op: Operation, block) -> bool:
    """The last op of `block` passes the original's terminator checks: its region has one block, and the region's
    op has NoTerminator or `op` is a terminator."""
    region = block.parent
    if region is None or region._first_block is not block or block._next_block is not None:
        return False
    parent = region.parent
    return parent is None or has_trait(type(parent), NoTerminator) or has_trait(type(op), IsTerminator)


wrap(Operation, "verify", _verify_directly)


def _ops_in_order(verify):
    """Block.verify: the same checks, walking the block's ops by their links instead of through views."""

    def verify_block(self) -> None:
        op = self._first_op
        if op is None:
            return verify(self)
        while op is not None:
            if op.parent is not self:
                raise ValueError("Parent pointer of operation does not refer to containing region")
            op.verify()
            op = op._next_op

    verify_block.__wrapped__ = verify
    return verify_block


def _blocks_in_order(verify):
    """Region.verify: the same checks, walking the region's blocks by their links."""

    def verify_region(self) -> None:
        block = self._first_block
        while block is not None:
            block.verify()
            if block.parent is not self:
                raise ValueError("Parent pointer of block does not refer to containing region")
            block = block._next_block

    verify_region.__wrapped__ = verify
    return verify_region


wrap(Block, "verify", _ops_in_order)
wrap(Region, "verify", _blocks_in_order)


def _isolated_with_known_ancestors(verify):
    """IsolatedFromAbove: each operand's owner is looked up among the nodes already known to lie inside the op
    (the blocks and ops visited so far) before walking its parents, and the walk stops at the first known one,
    instead of walking to the op for every operand. The same ops are visited; the original reports a
    violation."""

    def verify_isolated(self: IsolatedFromAbove, op: Operation) -> None:
        inside: set[int] = set()
        regions = list(op.regions)
        while regions:
            block = regions.pop()._first_block
            while block is not None:
                inside.add(id(block))
                child = block._first_op
                while child is not None:
                    for operand in child._operands:
                        owner = operand.op if type(operand) is OpResult else operand.owner
                        if id(owner) not in inside and not _known_inside(owner, op, inside):
                            return verify(self, op)
                    inside.add(id(child))
                    if child.regions and not _isolated(type(child)):
                        regions += child.regions
                    child = child._next_op
                block = block._next_block

    verify_isolated.__wrapped__ = verify
    return verify_isolated


def _known_inside(owner, op: Operation, inside: set) -> bool:
    if owner is op:
        return False
    path = []
    node = owner
    while node is not None and node is not op and id(node) not in inside:
        path.append(node)
        node = node.parent_node
    if node is None:
        return False
    inside.update(id(n) for n in path)
    return True


_TRAITS: dict[tuple[type, type], tuple[frozenset, bool]] = {}


def has_trait(cls: type, trait: type) -> bool:
    """cls.has_trait(trait), again only when the class's traits change."""
    traits = getattr(cls.traits, "traits", None)
    if traits is None:
        return cls.has_trait(trait)
    known = _TRAITS.get((cls, trait))
    if known is None or known[0] is not traits:
        known = _TRAITS[(cls, trait)] = (traits, cls.has_trait(trait))
    return known[1]


def _isolated(cls: type) -> bool:
    return has_trait(cls, IsolatedFromAbove)


wrap(IsolatedFromAbove, "verify", _isolated_with_known_ancestors)
