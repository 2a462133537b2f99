"""Building IRDL operations without xDSL's generic per-op bookkeeping (imported by irc/xdsl_patches.py).

`irdl_op_init`, which every IRDL op's constructor, builder and declarative-format parse goes through, normalises
each operand, result type and region argument through a chain of generic helpers, checks each against its
definition and only then calls `Operation.__init__`: a quarter of the parse of a large module. For definitions
without segment-size or same-size options, the arguments irc and xDSL pass almost always have one of a few
plain shapes (a value, an operation with one result, a type, a region, a list or tuple of them); those are now
flattened with one per-definition table of which entries are single, optional or variadic, and any other shape
or count goes to the original, which builds (or rejects, with its message) as before. The same op results.

An op's named operand, result, region or successor before any variadic one (`op.lhs`), and its named operands
and results after a variadic one, optional or variadic, are read from the op's tuples directly, without
building a view of all of them first (the same element, None or `SSAValues` slice).

`Operation.__init__` sets the same fields in the same order without its property setters and generators (a
new op has no old uses to remove).

The default properties and attributes that `IRDLOperation.__post_init__` fills in come from a per-definition
table instead of a scan of every definition's entries per op.

An op built from a parse takes the parse's own dictionaries, and its uses and results are made field by field.
"""

from collections.abc import Mapping, Sequence

from xdsl.ir import Attribute, Block, Operation, OpResult, Region, SSAValue
from xdsl.ir.core import SSAValues, Use, _unknown_loc
from xdsl.irdl import operations
from xdsl.irdl.operations import IRDLOperation, OpDef, OptionalDef, VariadicDef

from irc.xdsl_changes import replace, wrap

SINGLE, OPTIONAL, VARIADIC = 0, 1, 2


def _kind(definition) -> int:
    if isinstance(definition, OptionalDef):
        return OPTIONAL
    return VARIADIC if isinstance(definition, VariadicDef) else SINGLE


class _Layout:
    """What `irdl_op_init` reads from a definition, computed once."""

    __slots__ = ("op_def", "operands", "results", "regions", "successors", "defaults")

    def __init__(self, op_def: OpDef):
        self.op_def = op_def
        self.operands = tuple(_kind(d) for _, d in op_def.operands)
        self.results = tuple(_kind(d) for _, d in op_def.results)
        self.regions = tuple(_kind(d) for _, d in op_def.regions)
        self.successors = tuple(_kind(d) for _, d in op_def.successors)
        self.defaults = (
            tuple(_defaults(op_def.properties)),
            tuple(_defaults(op_def.attributes)),
        )


def _defaults(defs: dict) -> list:
    return [(name, d.default_value) for name, d in defs.items()
            if not isinstance(d, OptionalDef) and d.default_value is not None]  # fmt: skip


_LAYOUTS: dict[int, _Layout] = {}


def layout(op_def: OpDef) -> _Layout:
    known = _LAYOUTS.get(id(op_def))
    if known is None or known.op_def is not op_def:
        known = _LAYOUTS[id(op_def)] = _Layout(op_def)
    return known


# type -> how an argument of that type is taken: "seq" (any sequence, as the original iterates it), the class
# it stands for, or "other"
_SHAPES: dict[type, object] = {list: "seq", tuple: "seq", type(None): None}


def _shape(value) -> object:
    t = type(value)
    try:
        return _SHAPES[t]
    except KeyError:
        pass
    shape = "seq" if issubclass(t, Sequence) else "other"
    for base in (SSAValue, Operation, Attribute, Region, Block):
        if shape == "other" and issubclass(t, base):
            shape = base
    _SHAPES[t] = shape
    return shape


class _Fallback(Exception):
    """An argument of a shape the fast path does not take: the original builds the op."""


def _value(arg) -> SSAValue:
    shape = _shape(arg)
    if shape is SSAValue:
        return arg
    if shape is Operation and len(arg.results) == 1:
        return arg.results[0]
    raise _Fallback


def _flat_operands(args: Sequence, kinds: tuple) -> list:
    if len(args) != len(kinds):
        raise _Fallback
    flat = []
    for arg, kind in zip(args, kinds):
        if _shape(arg) == "seq":
            if len(arg) != 1 and (kind == SINGLE or (kind == OPTIONAL and len(arg) > 1)):
                raise _Fallback
            flat.extend([_value(a) for a in arg])
        elif arg is None and kind != SINGLE:
            continue
        else:
            flat.append(_value(arg))
    return flat


def _flat(args: Sequence, kinds: tuple, single: type, absent_ok: tuple) -> list:
    """`absent_ok`: the kinds that may be given None (the original turns None into an empty list for operands
    and regions only: other entries must be optional)."""
    if len(args) != len(kinds):
        raise _Fallback
    flat = []
    for arg, kind in zip(args, kinds):
        shape = _shape(arg)
        if shape is single:
            flat.append(arg)
        elif shape == "seq":
            if len(arg) != 1 and (kind == SINGLE or (kind == OPTIONAL and len(arg) > 1)):
                raise _Fallback
            for a in arg:
                if _shape(a) is not single:
                    raise _Fallback
            flat.extend(arg)
        elif arg is None and kind in absent_ok:
            continue
        else:
            raise _Fallback
    return flat


def _present(attributes) -> dict:
    return {name: attr for name, attr in attributes.items() if attr is not None}


def _fast_op_init(irdl_op_init):
    def op_init(self, op_def, *, operands, result_types, properties, attributes, successors, regions):
        if not op_def.options:
            plan = layout(op_def)
            try:
                flat_operands = _flat_operands(operands, plan.operands)
                flat_results = _flat(result_types, plan.results, Attribute, (OPTIONAL,))
                flat_regions = _flat(regions, plan.regions, Region, (OPTIONAL, VARIADIC))
                flat_successors = _flat(successors, plan.successors, Block, (OPTIONAL,))
            except _Fallback:
                pass
            else:
                Operation.__init__(
                    self,
                    operands=flat_operands,
                    result_types=flat_results,
                    properties=_present(properties),
                    attributes=_present(attributes),
                    successors=flat_successors,
                    regions=flat_regions,
                )
                return
        irdl_op_init(
            self,
            op_def,
            operands=operands,
            result_types=result_types,
            properties=properties,
            attributes=attributes,
            successors=successors,
            regions=regions,
        )

    op_init.__wrapped__ = irdl_op_init
    return op_init


wrap(operations, "irdl_op_init", _fast_op_init)


def _flat_groups(groups, kinds: tuple, absent_ok: tuple) -> list | None:
    """The entries of a parsed op's groups (a sequence or None per definition), or None where a count does not
    fit its definition (the builder then reports it); `absent_ok` as for `_flat`."""
    flat = []
    for group, kind in zip(groups, kinds, strict=True):
        if group is None:
            if kind not in absent_ok:
                return None
            continue
        if len(group) != 1 and (kind == SINGLE or (kind == OPTIONAL and len(group) > 1)):
            return None
        flat.extend(group)
    return flat


def build_parsed(op_type, op_def: OpDef, operands, result_types, state) -> IRDLOperation | None:
    """What `op_type.build(...)` makes of a declarative-format parse of a definition without options, or None
    where the original builder must run."""
    plan = layout(op_def)
    flat_operands = _flat_groups(operands, plan.operands, (OPTIONAL, VARIADIC))
    flat_results = _flat_groups(result_types, plan.results, (OPTIONAL,))
    flat_regions = _flat_groups(state.regions, plan.regions, (OPTIONAL, VARIADIC)) if state.regions else []
    flat_successors = _flat_groups(state.successors, plan.successors, (OPTIONAL,)) if state.successors else []
    if flat_operands is None or flat_results is None or flat_regions is None or flat_successors is None:
        return None
    op = op_type.__new__(op_type)
    properties, attributes = state.properties, state.attributes  # the parse's own dictionaries
    _init_new(op, flat_operands, flat_results, _present(properties) if properties else {},
              _present(attributes) if attributes else {}, flat_successors, flat_regions)  # fmt: skip
    if _DEFAULTS_INLINE.get(op_type) is plan:
        _set_defaults(op, plan.defaults)
    else:
        op.__post_init__()
        if type(op).__post_init__ is _post_init_from_table and op_type.name and type(op_type.name) is str:
            _DEFAULTS_INLINE[op_type] = plan  # the same steps, inline from now on
    return op


_DEFAULTS_INLINE: dict[type, _Layout] = {}


def _init_new(op, operands: list, result_types: list, properties: dict, attributes: dict, successors: list,
              regions: list) -> None:  # fmt: skip
    """`_operation_init` of a new op given fresh dictionaries, its uses and results built field by field."""
    operands = SSAValues(operands)
    uses = []
    for index, operand in enumerate(operands):
        use = _new(Use)
        first = operand.first_use
        _set_attr(use, "__dict__", {"_operation": op, "_index": index, "_prev_use": None, "_next_use": first})
        if first is not None:
            first._prev_use = use
        operand.first_use = use
        uses.append(use)
    op._operands = operands
    op._operand_uses = tuple(uses)
    results = []
    for index, t in enumerate(result_types):
        result = _new(OpResult)
        _set_attr(result, "__dict__", {"_type": t, "op": op, "index": index})
        results.append(result)
    op.results = SSAValues(results)
    op.properties = properties
    op.attributes = attributes
    op.location = _UNKNOWN_LOC[0] if _UNKNOWN_LOC else _unknown_location()
    if successors:
        op.successors = list(successors)
    else:
        op._successors = op._successor_uses = ()
    op.regions = ()
    for region in regions:
        op.add_region(region)


_new = object.__new__
_set_attr = object.__setattr__
_UNKNOWN_LOC: list = []


def _unknown_location():
    _UNKNOWN_LOC.append(_unknown_loc())
    return _UNKNOWN_LOC[0]


def _post_init_from_table(self) -> None:
    _set_defaults(self, (_LAYOUTS_BY_TYPE.get(type(self)) or _type_layout(type(self))).defaults)
    Operation.__post_init__(self)


def _set_defaults(op, defaults: tuple) -> None:
    properties, attributes = defaults
    for name, default in properties:
        if name not in op.properties:
            op.properties[name] = default
    for name, default in attributes:
        if name not in op.attributes:
            op.attributes[name] = default


_LAYOUTS_BY_TYPE: dict[type, _Layout] = {}


def _type_layout(op_type: type) -> _Layout:
    known = _LAYOUTS_BY_TYPE[op_type] = layout(op_type.get_irdl_definition())
    return known


_post_init_from_table.__wrapped__ = IRDLOperation.__post_init__
replace(IRDLOperation, "__post_init__", _post_init_from_table)


def _read_directly(get):
    construct = operations.VarIRConstruct

    def get_single(self, obj, objtype=None):
        if obj is None:
            return get(self, obj, objtype)
        kind = self.construct
        if kind is construct.OPERAND:
            entries = obj._operands
        elif kind is construct.RESULT:
            entries = obj.results
        elif kind is construct.REGION:
            entries = obj.regions
        else:
            entries = obj._successors
        return tuple.__getitem__(entries, self.idx)

    get_single.__wrapped__ = get
    return get_single


wrap(operations.BeforeVariadicSingleAccessor, "__get__", _read_directly)


def _values(obj, kind):
    """The op's operand or result tuple for an accessor of `kind`, else None (the original accessor runs)."""
    if kind is operations.VarIRConstruct.OPERAND:
        return obj._operands
    if kind is operations.VarIRConstruct.RESULT:
        return obj.results
    return None


def _read_values_directly(get, index):
    def get_values(self, obj, objtype=None):
        entries = None if obj is None else _values(obj, self.construct)
        return get(self, obj, objtype) if entries is None else index(self, entries)

    get_values.__wrapped__ = get
    return get_values


def _after_variadic(self, entries):
    return tuple.__getitem__(entries, -self.num_defs + self.idx)


def _optional(self, entries):
    return tuple.__getitem__(entries, self.idx) if len(entries) == self.num_defs else None


def _unique_variadic(self, entries):
    return SSAValues(tuple.__getitem__(entries, slice(self.idx, self.idx + len(entries) - self.num_defs + 1)))


for _accessor, _index in ((operations.AfterVariadicSingleAccessor, _after_variadic),
                          (operations.SameOptionalAccessor, _optional),
                          (operations.UniqueVariadicAccessor, _unique_variadic)):  # fmt: skip
    wrap(_accessor, "__get__", lambda get, index=_index: _read_values_directly(get, index))


def _operation_init(
    self,
    *,
    operands: Sequence[SSAValue] = (),
    result_types: Sequence[Attribute] = (),
    properties: Mapping[str, Attribute] = {},  # noqa: B006 (xDSL's defaults, copied, never changed)
    attributes: Mapping[str, Attribute] = {},  # noqa: B006
    location=None,
    successors: Sequence[Block] = (),
    regions: Sequence[Region] = (),
) -> None:
    if "_operands" in self.__dict__:  # initialised again: the setters drop the old uses
        self.operands = operands
    else:
        operands = SSAValues(operands)
        uses = tuple([Use(self, index) for index in range(len(operands))])
        for operand, use in zip(operands, uses):
            operand.add_use(use)
        self._operands = operands
        self._operand_uses = uses
    self.results = SSAValues([OpResult(t, self, index) for index, t in enumerate(result_types)])
    self.properties = dict(properties)
    self.attributes = dict(attributes)
    self.location = _unknown_loc() if location is None else location
    if successors or "_successors" in self.__dict__:
        self.successors = list(successors)
    else:
        self._successors = self._successor_uses = ()
    self.regions = ()
    for region in regions:
        self.add_region(region)
    self.__post_init__()


_operation_init.__wrapped__ = Operation.__init__
replace(Operation, "__init__", _operation_init)
