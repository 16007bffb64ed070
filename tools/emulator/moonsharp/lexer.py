"""Lua tokens, as MoonSharp's and Lua 5.2's lexers read them (what ``source.py`` and ``operators.py`` rewrite)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_LONG_OPEN = re.compile(r"\[(=*)\[")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"0[xX][0-9a-fA-F.]+(?:[pP][-+]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SYMBOLS = ("...", "..", "==", "~=", "!=", "<=", ">=", "::", "//")


@dataclass(frozen=True)
class Token:
    kind: str  # "name", "keyword", "number", "string", "symbol"
    text: str
    start: int
    end: int


KEYWORDS = frozenset(
    {"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local"}
    | {"nil", "not", "or", "repeat", "return", "then", "true", "until", "while"}
)


def tokens(source: str) -> list[Token]:
    """Lua tokens outside comments; a string literal is one token (its text as written, quotes included)."""
    out: list[Token] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if c.isspace():
            i += 1
        elif source.startswith("--", i):
            long = _LONG_OPEN.match(source, i + 2)
            if long:
                end = source.find(f"]{long.group(1)}]", long.end())
                i = n if end < 0 else end + len(long.group(1)) + 2
            else:
                end = source.find("\n", i)
                i = n if end < 0 else end
        elif c in "\"'":
            j = i + 1
            while j < n and source[j] != c and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append(Token("string", source[i : j + 1], i, min(j + 1, n)))
            i = j + 1
        elif c == "[" and _LONG_OPEN.match(source, i):
            long = _LONG_OPEN.match(source, i)
            assert long is not None
            end = source.find(f"]{long.group(1)}]", long.end())
            stop = n if end < 0 else end + len(long.group(1)) + 2
            out.append(Token("string", source[i:stop], i, stop))
            i = stop
        elif c.isdigit() or (c == "." and i + 1 < n and source[i + 1].isdigit()):
            m = _NUMBER.match(source, i)
            stop = m.end() if m else i + 1
            out.append(Token("number", source[i:stop], i, stop))
            i = stop
        elif _NAME.match(source, i):
            m = _NAME.match(source, i)
            assert m is not None
            word = m.group(0)
            out.append(Token("keyword" if word in KEYWORDS else "name", word, i, m.end()))
            i = m.end()
        else:
            symbol = next((s for s in _SYMBOLS if source.startswith(s, i)), c)
            out.append(Token("symbol", symbol, i, i + len(symbol)))
            i += len(symbol)
    return out
