"""irc's dialects, passes and targets for xDSL's plugin discovery (`xdsl.universe` entry point)."""

from xdsl.universe import Universe

from irc.registry import get_all_dialects, get_all_passes, get_all_targets

IRC_UNIVERSE = Universe(
    all_dialects=get_all_dialects(),
    all_passes=get_all_passes(),
    all_targets=get_all_targets(),
)
