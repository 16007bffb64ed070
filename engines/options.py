"""A bot's named options from text (``automa decide --option tie_break=canonical``), checked against their types.

Every bot keeps its interpretation options in a frozen dataclass whose field types say which values are allowed
(``Literal`` choices, ``bool``, ``int``, or a ``frozenset`` of choices written ``a+b``). One converter serves all
bots, so an unknown option or a value outside its choices is refused the same way, with the accepted values.
"""

from __future__ import annotations

import typing
from collections.abc import Collection, Mapping
from typing import Any

from bridge.errors import UsageError

__all__ = [
    "option_value",
    "options_from_text",
]


def options_from_text(
    cls: type[Any],
    hints: Mapping[str, Any],
    given: Mapping[str, Any],
    *,
    what: str,
    skip: Collection[str] = (),
    fixed: Mapping[str, Any] | None = None,
) -> Any:
    """``cls`` built from ``given`` (text or typed values); ``hints`` are its field types, resolved by the caller
    (a module that ``automa dev`` reloads is not in ``sys.modules``). Keys in ``skip`` are accepted but handled
    elsewhere; ``fixed`` values (set by other means, such as the difficulty) are no options."""
    fixed = fixed or {}
    known = set(hints) - set(skip) - set(fixed)
    unknown = set(given) - known - set(skip)
    if unknown:
        accepted = ", ".join(sorted(known | set(skip)))
        raise UsageError(f"unknown {what} option(s): {', '.join(sorted(unknown))}; known: {accepted}")
    values = {name: option_value(name, hints[name], raw) for name, raw in given.items() if name in known}
    return cls(**values, **fixed)


def option_value(name: str, hint: Any, raw: Any) -> Any:
    """One option's value from its text; a ValueError names the option and lists what it takes."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        for choice in typing.get_args(hint):
            if str(choice) == str(raw):
                return choice
        raise UsageError(f"option {name} takes {', '.join(map(str, typing.get_args(hint)))}, not {raw!r}")
    if origin is frozenset:
        (member,) = typing.get_args(hint)
        parts = raw if isinstance(raw, frozenset | set | list | tuple) else str(raw).split("+")
        try:
            return frozenset(option_value(name, member, part) for part in parts)
        except ValueError:
            choices = ", ".join(map(str, typing.get_args(member)))
            raise UsageError(f"option {name} takes one or more of {choices} joined by +, not {raw!r}") from None
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        if str(raw).lower() not in ("true", "false"):
            raise UsageError(f"option {name} takes true or false, not {raw!r}")
        return str(raw).lower() == "true"
    if hint is int:
        try:
            return int(raw)
        except ValueError:
            raise UsageError(f"option {name} takes a whole number, not {raw!r}") from None
    return raw
