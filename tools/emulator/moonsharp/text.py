"""MoonSharp's strings are .NET UTF-16 strings; the emulator's are UTF-8. What depends on the difference.

- ``string.upper``/``lower`` map non-ASCII letters as .NET's invariant culture does; ``string.char`` makes one
  character of each code; ``<``, ``<=``, ``>``, ``>=`` and ``table.sort`` order strings by culture (``culture_key``,
  an approximation).
- TTS's ``JSON.encode`` (Berserk-Games' ``JSON.lua``) escapes what its class ``["\\%z\\001-\\031]`` matches; under
  MoonSharp a pattern compares a character's low 8 bits only, and ``string.byte`` of a character above U+00FF is
  63, so every such character is written ``\\u003f`` (``?``) and the other half of a surrogate pair it split is left
  alone (.NET writes a lone surrogate as U+FFFD on the UTF-8 wire).
- TTS's ``JSON.decode`` turns a ``\\uXXXX`` escape into the UTF-8 bytes of its code point with ``string.char``, which
  under MoonSharp makes one character of each byte ("\\u00eb" gives "Ã«"); a lone surrogate gives "?".
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

_JSON_SPECIAL = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_LOW_BYTES_ESCAPED = frozenset([*range(0x00, 0x20), 0x22, 0x5C])  # the class: '"', '\\', %z and \001-\031
_QUESTION = "\\u003f"  # string.format("\\u%04x", c:byte()) for a character above U+00FF
_ESCAPE = re.compile(r"(\\+)u([0-9a-fA-F]{4})(?:\\u([dD][c-fC-F][0-9a-fA-F]{2}))?")


def units(text: str) -> list[int]:
    """The UTF-16 code units of ``text``, as a .NET string holds them."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]


def from_units(codes: list[int]) -> str:
    """Text from UTF-16 code units; a lone surrogate becomes U+FFFD, as .NET's UTF-8 encoder writes it."""
    data = b"".join(c.to_bytes(2, "little") for c in codes)
    return data.decode("utf-16-le", "replace")


def json_lua_string(text: str) -> str:
    """The JSON string literal TTS's ``JSON.encode`` writes for ``text`` under MoonSharp (quotes included)."""
    out: list[str] = []
    pending: list[int] = []  # units kept as they are, turned back into text together (surrogate pairs)
    for code in units(text):
        if (code & 0xFF) not in _LOW_BYTES_ESCAPED:
            pending.append(code)
            continue
        out.append(from_units(pending))
        pending = []
        if code > 0xFF:
            out.append(_QUESTION)
        else:
            char = chr(code)
            out.append(_JSON_SPECIAL.get(char) or f"\\u{code:04x}")
    out.append(from_units(pending))
    return '"' + "".join(out) + '"'


def _utf8_chars(code: int) -> str:
    """JSON.lua's ``unicode_codepoint_as_utf8`` under MoonSharp: one character per UTF-8 byte (a surrogate: "?")."""
    if code < 0x80:
        return chr(code)
    if 0xD800 <= code <= 0xDFFF:
        return "?"
    return chr(code).encode("utf-8").decode("latin-1")


def json_lua_unescape(text: str) -> str:
    """JSON text with each ``\\uXXXX`` escape (a surrogate pair as one) replaced by what TTS's ``JSON.decode``
    makes of it under MoonSharp, so that a standard JSON parser then reads the same strings."""
    if "\\u" not in text:
        return text

    def repl(m: re.Match[str]) -> str:
        slashes = m.group(1)
        if len(slashes) % 2 == 0:  # an escaped backslash, then a plain 'u'
            return m.group(0)
        code = int(m.group(2), 16)
        low = m.group(3)
        tail = ""
        if low is not None:
            if 0xD800 <= code <= 0xDBFF:
                code = 0x10000 + (code - 0xD800) * 0x400 + (int(low, 16) - 0xDC00)
            else:
                tail = _utf8_chars(int(low, 16))
        chars = _utf8_chars(code) + tail
        return slashes[:-1] + json.dumps(chars, ensure_ascii=False)[1:-1]

    return _ESCAPE.sub(repl, text)


def _case(text: str, upper: bool) -> str:
    """.NET's invariant case mapping, character by character (no 'ß' -> 'SS' as Python's would)."""
    out = []
    for c in text:
        mapped = c.upper() if upper else c.lower()
        out.append(mapped if len(mapped) == 1 else c)
    return "".join(out)


def upper(text: str) -> str:
    return _case(text, True)


def lower(text: str) -> str:
    return _case(text, False)


def culture_key(text: str) -> tuple[tuple[Any, ...], ...]:
    """A sort key close to .NET's invariant-culture comparison (MoonSharp's `<` on strings and ``table.sort``):
    letters compare without accents and case first, then by their accents (``a`` before ``ä`` before ``b``), then
    a lower-case letter before its capital; punctuation and symbols before digits before letters (the dialect's
    sort-strings-case probe: ``_ a b B C Z``). An approximation of .NET's collation tables, which weigh many more
    cases."""
    bases = [unicodedata.normalize("NFD", c) for c in text]
    kinds = (0 if not c.isalnum() else 1 if c.isdigit() else 2 for c in text)
    primary = tuple((kind, base[0].casefold()) for kind, base in zip(kinds, bases, strict=True))
    secondary = tuple(base[1:] for base in bases)
    tertiary = tuple(0 if c.islower() or not c.isalpha() else 1 for c in text)
    return (primary, secondary, tertiary)


def culture_collation(text: str) -> str:
    """A text whose byte order is ``culture_key``'s order of ``text`` (then the code points'), for MoonSharp's
    ``<``, ``<=``, ``>`` and ``>=`` on two strings: worked out once per string, compared in Lua. Each character's
    class and base letter without case (UTF-8 keeps code point order), then its accents, then its case, each level
    after a NUL, and the text itself last."""
    primary, secondary, tertiary = culture_key(text)
    return "\0".join(
        (
            "".join(chr(kind + 1) + folded for kind, folded in primary),
            "".join("\1" + accents for accents in secondary),
            "".join(chr(case + 1) for case in tertiary),
            text,
        )
    )


def chars(codes: tuple[object, ...]) -> str:
    """``string.char`` under MoonSharp: each code one UTF-16 code unit, a surrogate pair one character (a lone
    surrogate written as U+FFFD)."""
    out = []
    for code in codes:
        if not isinstance(code, int | float) or not 0 <= code <= 0xFFFF:
            raise ValueError(f"bad argument to 'char' (value out of range: {code})")
        out.append(int(code))
    return from_units(out)
