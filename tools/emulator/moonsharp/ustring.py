"""MoonSharp's string library on UTF-16 code units, for text that is not ASCII.

MoonSharp's strings are .NET strings: ``#'Łódź'`` is 4, an emoji is 2 (a surrogate pair), ``sub``, ``find`` and the
rest count code units. The emulator's strings stay UTF-8 (the wire and the API need it), so ``dialect.lua`` sends
every string that is not ASCII here: each function takes the Lua string (as Python text, or as hex digits of its
bytes when they are not UTF-8) and answers in code units, its text in UTF-8. A lone surrogate (half of an emoji,
cut by ``sub``) is written U+FFFD at once, as .NET writes it on TTS's UTF-8 wire (Python, which gets every string a
script hands the API, takes no lone surrogate); MoonSharp keeps it until then, so two halves joined by ``..`` make
the emoji again there and not here. ``gsub`` with a function or a table is the exception: a pattern matches a low
surrogate alone where its low byte is a control character (the connector's JSON escaping does), so the halves it
hands out are kept (Python's ``surrogatepass`` form) and joined again in its result. Patterns: ``patterns.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tools.emulator.moonsharp.patterns import ESC, Match, has_specials, plain_find, search

Units = list[int]
_cache: dict[str, Units] = {}
_CACHE_SIZE = 32


def decode(text: str | bytes) -> str:
    """Text from a Lua string's bytes: UTF-8 (lone surrogates too), any other byte as the character of its value."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    try:
        return data.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        out: list[str] = []
        i = 0
        while i < len(data):  # the longest valid sequence at i, else the byte alone
            for size in (4, 3, 2, 1):
                try:
                    out.append(data[i : i + size].decode("utf-8", "surrogatepass"))
                except UnicodeDecodeError:
                    continue
                i += size
                break
            else:
                out.append(chr(data[i]))
                i += 1
        return "".join(out)


def units(text: str, hexed: bool = False) -> Units:
    """The UTF-16 code units of a Lua string (``hexed``: its bytes given as hex digits)."""
    key = "\x00hex:" + text if hexed else text
    found = _cache.get(key)
    if found is not None:
        return found
    decoded = decode(bytes.fromhex(text)) if hexed else text
    data = decoded.encode("utf-16-le", "surrogatepass")
    result = [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]
    if len(_cache) >= _CACHE_SIZE:
        _cache.clear()
    _cache[key] = result
    return result


def text(codes: Sequence[int], halves: bool = False) -> bytes:
    """A Lua string's bytes for code units: pairs joined into one character, a lone surrogate as U+FFFD (kept with
    ``halves``)."""
    data = b"".join(c.to_bytes(2, "little") for c in codes)
    if halves:
        return data.decode("utf-16-le", "surrogatepass").encode("utf-8", "surrogatepass")
    return data.decode("utf-16-le", "replace").encode("utf-8")


def join(hexed: bool, s: str) -> bytes:
    """gsub's result: halves of a surrogate pair that stand next to each other one character again, the others
    U+FFFD."""
    return text(units(s, hexed))


def _range(n: int, i: float | None, j: float | None, j_default: int) -> tuple[int, int]:
    """Lua's string positions (negative from the end) clamped to 1..n, as 0-based [start, end)."""
    first = 1 if i is None else int(i)
    last = j_default if j is None else int(j)
    if first < 0:
        first = max(n + first + 1, 1)
    if last < 0:
        last = n + last + 1
    first = max(first, 1)
    last = min(last, n)
    return first - 1, max(last, first - 1)


def length(hexed: bool, s: str) -> int:
    return len(units(s, hexed))


def sub(hexed: bool, s: str, i: float | None, j: float | None) -> bytes:
    u = units(s, hexed)
    start, end = _range(len(u), i, j, -1)
    return text(u[start:end])


def byte_values(hexed: bool, s: str, i: float | None, j: float | None, unicode: bool) -> tuple[int, ...]:
    """``string.byte`` (a code above 255 is 63, '?') or MoonSharp's ``string.unicode`` (the code unit)."""
    u = units(s, hexed)
    first = 1 if i is None else i
    start, end = _range(len(u), first, first if j is None else j, 0)
    return tuple(c if unicode or c <= 0xFF else 63 for c in u[start:end])


def reverse(hexed: bool, s: str) -> bytes:
    return text(units(s, hexed)[::-1])


def _pattern(p: str, hexed: bool) -> Units:
    """MoonSharp writes a NUL in a pattern as %z."""
    u = units(p, hexed)
    if 0 not in u:
        return u
    out: Units = []
    for c in u:
        out.extend((ESC, ord("z")) if c == 0 else (c,))
    return out


def _start(n: int, init: float | None) -> int:
    """The 0-based start of a search: negative from the end, clamped to 0..n (past the end is the end)."""
    k = 1 if init is None else int(init)
    if k < 0:
        k += n + 1
    return min(max(k - 1, 0), n)


def _captures(state: Match, s: int, e: int, whole: bool, halves: bool = False) -> list[bytes | int]:
    return [c if isinstance(c, int) else text(c, halves) for c in state.captures(s, e, whole)]


def find(hexed: bool, s: str, p: str, init: float | None, plain: bool, is_find: bool) -> tuple[Any, ...] | None:
    """``string.find`` (is_find) or ``string.match``: positions and captures in code units."""
    src, pat = units(s, hexed), _pattern(p, hexed)
    start = _start(len(src), init)
    if is_find and (plain or not has_specials(pat)):
        at = plain_find(src, pat, start)
        return None if at is None else (at + 1, at + len(pat))
    anchored = bool(pat) and pat[0] == ord("^")
    found = search(src, pat[1:] if anchored else pat, start, anchored)
    if found is None:
        return None
    first, end, state = found
    if is_find:
        return (first + 1, end, *_captures(state, first, end, False))
    return tuple(_captures(state, first, end, True))


def gmatch_next(hexed: bool, s: str, p: str, pos: float) -> tuple[Any, ...] | None:
    """The next match of ``string.gmatch`` from the 0-based pos: (where the next search starts, captures...)."""
    src, pat = units(s, hexed), _pattern(p, hexed)
    state = Match(src, pat)
    for at in range(int(pos), len(src) + 1):
        state.level = 0
        end = state.match(at, 0)
        if end is not None:
            return (end + 1 if end == at else end, *_captures(state, at, end, True))
    return None


def _matches(src: Units, pat: Units, limit: int | None) -> list[tuple[int, int, Match]]:
    """gsub's matches as (start, end, state), as MoonSharp's str_gsub finds them."""
    anchored = bool(pat) and pat[0] == ord("^")
    if anchored:
        pat = pat[1:]
    limit = len(src) + 1 if limit is None else int(limit)
    found: list[tuple[int, int, Match]] = []
    at = 0
    while len(found) < limit:
        state = Match(src, pat)
        end = state.match(at, 0)
        if end is not None:
            found.append((at, end, state))
        if end is not None and end > at:
            at = end
        elif at < len(src):
            at += 1
        else:
            break
        if anchored:
            break
    return found


def _replacement(repl: Units, src: Units, start: int, end: int, state: Match) -> Units:
    """A replacement string with %0-%9 and %% worked out (MoonSharp's add_s)."""
    out: Units = []
    i = 0
    while i < len(repl):
        c = repl[i]
        i += 1
        if c != ESC:
            out.append(c)
            continue
        d = repl[i] if i < len(repl) else 0
        i += 1
        if not 0x30 <= d <= 0x39:
            if d != ESC:
                raise ValueError("invalid use of '%' in replacement string")
            out.append(ESC)
        elif d == 0x30:
            out.extend(src[start:end])
        else:
            value = state.capture(d - 0x31, start, end)
            out.extend(units(str(value)) if isinstance(value, int) else value)
    return out


def gsub(hexed: bool, s: str, p: str, repl: str, limit: float | None) -> tuple[bytes, int]:
    """``string.gsub`` with a replacement string."""
    src, pat, rep = units(s, hexed), _pattern(p, hexed), units(repl, hexed)
    found = _matches(src, pat, None if limit is None else int(limit))
    out: Units = []
    at = 0
    for start, end, state in found:
        out.extend(src[at:start])
        out.extend(_replacement(rep, src, start, end, state))
        at = end
    out.extend(src[at:])
    return text(out), len(found)


def gsub_matches(hexed: bool, s: str, p: str, limit: float | None) -> list[Any]:
    """``string.gsub``'s matches for a function or table replacement, worked by ``dialect.lua``: the count, then for
    each match the text before it, the match, the number of its captures and the captures; then the text after."""
    src, pat = units(s, hexed), _pattern(p, hexed)
    found = _matches(src, pat, None if limit is None else int(limit))
    out: list[Any] = [len(found)]
    at = 0
    for start, end, state in found:
        captures = _captures(state, start, end, True, halves=True)
        out.extend((text(src[at:start], True), text(src[start:end], True), len(captures), *captures))
        at = end
    out.append(text(src[at:], True))
    return out


def host_functions(table_of: Callable[[list[Any]], object]) -> dict[str, Callable[..., Any]]:
    """The functions ``dialect.lua`` calls (each takes ``hexed`` first)."""
    return {
        "u_len": length,
        "u_sub": sub,
        "u_byte": lambda hexed, s, i, j: byte_values(hexed, s, i, j, False),
        "u_unicode": lambda hexed, s, i, j: byte_values(hexed, s, i, j, True),
        "u_reverse": reverse,
        "u_join": join,
        "u_find": lambda hexed, s, p, init, plain: find(hexed, s, p, init, bool(plain), True),
        "u_match": lambda hexed, s, p, init: find(hexed, s, p, init, False, False),
        "u_gmatch": gmatch_next,
        "u_gsub": gsub,
        "u_gsub_matches": lambda hexed, s, p, limit: table_of(gsub_matches(hexed, s, p, limit)),
    }
