"""MoonSharp's parser takes what Lua 5.2's refuses, and its operators mean other things; the source is rewritten
before compiling, row for row.

- ``!=`` for ``~=`` (the dialect's not-equal-bang probe);
- ``|x, y| expr`` lambdas, as ``function(x, y) return expr end`` [lambda];
- ``\\u{XXXX}`` escapes in quoted strings, as the UTF-8 bytes of the character in decimal escapes [escape-u-5.3];
- a stray ``)`` right after a function's parameter list of one parameter or more (``function f(a, b))``), which
  MoonSharp's parser reads past (issue 41: a real public mod's scripts have it; ``tts-interface.md`` §5), and a
  trailing comma in a parameter list (``function f(a, b,)``), which it reads as the list's end (MoonSharp's source:
  its parameter loop skips a comma, then stops at the ``)``), left out;
- ``%``, ``..``, ``>=``, ``#``, ``+ - * / ^`` and a unary minus as calls of MoonSharp's meaning, and table
  constructors handed to the helper that keeps their keys' order for ``pairs`` (``operators.py``).

No line break is added or removed, so every error's row is the mod's own; columns are worked out from the mod's
source as written (``luahost.tts_position``), so they stay the mod's too.
"""

from __future__ import annotations

import functools
import re

from tools.emulator.moonsharp.lexer import Token, tokens
from tools.emulator.moonsharp.operators import operator_edits

_U_ESCAPE = re.compile(r"\\u\{([0-9a-fA-F]{1,6})\}")


@functools.lru_cache(maxsize=64)
def rewrite(source: str) -> str:
    """The source as Lua 5.2 compiles what MoonSharp's parser takes and means (the module's docstring, and
    ``operators.py`` for ``%``, ``..``, ``>=``, ``#`` and lambdas)."""
    toks = tokens(source)
    stray = _lenient_parameter_lists(toks)
    edits = operator_edits([tok for i, tok in enumerate(toks) if i not in stray])
    edits += [(toks[i].start, toks[i].end, 2, 0, " ") for i in stray]
    for tok in toks:
        if tok.kind == "symbol" and tok.text == "!=":
            edits.append((tok.start, tok.end, 2, 0, "~="))
        elif tok.kind == "string" and "\\u{" in tok.text and tok.text[0] in "\"'":
            edits.append((tok.start, tok.end, 2, 0, _U_ESCAPE.sub(_utf8_escapes, tok.text)))
    return _apply(source, edits)


def _lenient_parameter_lists(toks: list[Token]) -> set[int]:
    """The indexes of the tokens MoonSharp's parser lets a parameter list have and Lua 5.2 refuses: a comma right
    before the closing ``)`` of a list that names a parameter (its loop skips a comma, then stops at the ``)``), or
    else a second ``)`` after a list of one parameter or more (it closes the list, then skips one more ``)`` if there
    is one; an empty list has no second chance)."""
    lenient: set[int] = set()
    for i, tok in enumerate(toks):
        if tok.kind != "keyword" or tok.text != "function":
            continue
        k = i + 1
        while k < len(toks) and (toks[k].kind == "name" or toks[k].text in (".", ":")):
            k += 1  # the function's name: a, a.b, a.b:c
        if k >= len(toks) or toks[k].text != "(":
            continue
        close = k + 1
        while close < len(toks) and (toks[close].kind == "name" or toks[close].text in (",", "...")):
            close += 1
        if close <= k + 1 or close >= len(toks) or toks[close].text != ")":
            continue
        if toks[close - 1].text == ",":
            if close - 2 > k and (toks[close - 2].kind == "name" or toks[close - 2].text == "..."):
                lenient.add(close - 1)
        elif close + 1 < len(toks) and toks[close + 1].text == ")":
            lenient.add(close + 1)
    return lenient


def _utf8_escapes(m: re.Match[str]) -> str:
    code = int(m.group(1), 16)
    data = chr(code).encode("utf-8", "surrogatepass") if code <= 0x10FFFF else b"?"
    return "".join(f"\\{b}" for b in data)


def _apply(source: str, edits: list[tuple[int, int, int, int, str]]) -> str:
    """Edits as (position, end, phase, order, text): at one position, closing text first (inner before outer),
    then opening text (outer before inner), then what replaces a token."""
    out, at = [], 0
    for start, end, _phase, _order, text in sorted(edits, key=lambda e: (e[0], e[2], e[3], e[1])):
        if start < at:
            continue
        out.append(source[at:start])
        out.append(text)
        at = end
    out.append(source[at:])
    return "".join(out)
