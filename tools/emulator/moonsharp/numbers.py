"""MoonSharp's numbers as text: ``tonumber`` parses as .NET's ``double.TryParse`` with ``NumberStyles.Any`` and the
invariant culture (the dialect's ``tonumber-strings`` probe: "0x10" is nil, "1,000" is 1000, "(5)" is -5)."""

from __future__ import annotations

import math
import re

# Leading and trailing white space, a sign before or after, parentheses for a negative, the invariant culture's
# currency sign, group separators among the integer digits, a decimal point, an exponent.
_NET_NUMBER = re.compile(
    r"""^\s*
    (?P<open>\()?\s*
    (?P<lead>[-+])?\s*¤?\s*(?P<lead2>[-+])?
    (?P<int>[0-9][0-9,]*)?(?:\.(?P<frac>[0-9]*))?
    (?:[eE](?P<exp>[-+]?[0-9]+))?
    \s*¤?\s*(?P<trail>[-+])?\s*
    (?P<close>\))?\s*$""",
    re.X,
)
_SPECIAL = {"Infinity": float("inf"), "-Infinity": float("-inf"), "NaN": float("nan")}

# The .NET cultures the emulator can write numbers in. MoonSharp's tostring, `..`, `%s` and string.rep write a number
# in the machine's culture (shared/docs/tts-interface.md): the invariant culture's decimal point, or a decimal comma
# as on a German Windows (issue 41). string.format's %e, %f and %g keep the point here: *chosen*, not measured.
DECIMAL_SEPARATORS = {"invariant": ".", "de-DE": ","}


def decimal_separator(culture: str) -> str:
    """The decimal separator MoonSharp writes numbers with under ``culture``; an unknown one is refused by name."""
    try:
        return DECIMAL_SEPARATORS[culture]
    except KeyError:
        known = ", ".join(DECIMAL_SEPARATORS)
        raise ValueError(f"the emulator knows no culture {culture!r} (it knows {known})") from None


def net_parse(text: str) -> float | None:
    """The number .NET reads from ``text`` (invariant culture, ``NumberStyles.Any``), or None."""
    stripped = text.strip()
    if stripped in _SPECIAL:
        return _SPECIAL[stripped]
    m = _NET_NUMBER.match(text)
    if m is None or (m.group("int") is None and not m.group("frac")):
        return None
    if bool(m.group("open")) != bool(m.group("close")):
        return None
    signs = [s for s in (m.group("lead"), m.group("lead2"), m.group("trail")) if s]
    if len(signs) > 1 or (signs and m.group("open")):
        return None
    digits = (m.group("int") or "0").replace(",", "")
    value = float(f"{digits}.{m.group('frac') or '0'}e{m.group('exp') or '0'}")
    if math.isinf(value):
        return None  # beyond the double's range: .NET's parsing fails (issue 41), Python's gives infinity
    negative = bool(m.group("open")) or signs == ["-"]
    return -value if negative else value
