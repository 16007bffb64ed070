"""MoonSharp's parser takes what Lua 5.2's refuses; the source is rewritten before compiling, row for row.

- ``!=`` for ``~=`` (the dialect's not-equal-bang probe);
- ``|x, y| expr`` lambdas, as ``function(x, y) return expr end`` [lambda];
- ``\\u{XXXX}`` escapes in quoted strings, as the UTF-8 bytes of the character in decimal escapes [escape-u-5.3].

No line break is added or removed, so every error's row is the mod's own; columns are worked out from the mod's
source as written (``luahost.tts_position``), so they stay the mod's too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LONG_OPEN = re.compile(r"\[(=*)\[")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"0[xX][0-9a-fA-F.]+(?:[pP][-+]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SYMBOLS = ("...", "..", "==", "~=", "!=", "<=", ">=", "::", "//")
_U_ESCAPE = re.compile(r"\\u\{([0-9a-fA-F]{1,6})\}")
_BINARY = frozenset(["+", "-", "*", "/", "%", "^", "..", "==", "~=", "!=", "<", ">", "<=", ">=", "and", "or"])
_OPENERS = frozenset(["function", "if", "do", "repeat"])
_CLOSERS = frozenset(["end", "until"])
_LITERALS = frozenset(["nil", "true", "false", "..."])


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


class _Expressions:
    """Where an expression that starts at a token ends (no tree: only its extent)."""

    def __init__(self, toks: list[Token]) -> None:
        self.t = toks

    def text(self, i: int) -> str:
        return self.t[i].text if i < len(self.t) else ""

    def match(self, i: int, open_: str, close: str) -> int:
        depth = 0
        while i < len(self.t):
            if self.t[i].kind == "symbol" and self.t[i].text == open_:
                depth += 1
            elif self.t[i].kind == "symbol" and self.t[i].text == close:
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return i

    def block_end(self, i: int) -> int:
        """From a ``function`` keyword to past its ``end``."""
        depth = 0
        while i < len(self.t):
            tok = self.t[i]
            if tok.kind == "keyword" and tok.text in _OPENERS:
                depth += 1
            elif tok.kind == "keyword" and tok.text in _CLOSERS:
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
        return i

    def expression(self, i: int) -> int:
        i = self.operand(i)
        while i < len(self.t) and self.t[i].text in _BINARY and self.t[i].kind in ("symbol", "keyword"):
            i = self.operand(i + 1)
        return i

    def operand(self, i: int) -> int:
        while self.text(i) in ("-", "not", "#"):
            i += 1
        i = self.simple(i)
        if self.text(i) == "^":
            return self.operand(i + 1)
        return i

    def simple(self, i: int) -> int:
        if i >= len(self.t):
            return i
        tok = self.t[i]
        if tok.kind in ("number", "string") or tok.text in _LITERALS:
            return i + 1
        if tok.text == "{":
            return self.match(i, "{", "}")
        if tok.text == "function":
            return self.block_end(i)
        if tok.text == "|":
            close = next((k for k in range(i + 1, len(self.t)) if self.t[k].text == "|"), len(self.t))
            return self.expression(close + 1)
        if tok.text == "(":
            i = self.match(i, "(", ")")
        elif tok.kind == "name":
            i += 1
        else:
            return i
        return self.suffixes(i)

    def suffixes(self, i: int) -> int:
        while i < len(self.t):
            tok = self.t[i]
            if tok.text in (".", ":") and i + 1 < len(self.t) and self.t[i + 1].kind == "name":
                i += 2
            elif tok.text == "[":
                i = self.match(i, "[", "]")
            elif tok.text == "(":
                i = self.match(i, "(", ")")
            elif tok.text == "{":
                i = self.match(i, "{", "}")
            elif tok.kind == "string":
                i += 1
            else:
                return i
        return i


def rewrite(source: str) -> str:
    """The source as Lua 5.2 compiles what MoonSharp's parser takes (see the module's docstring)."""
    if "!=" not in source and "|" not in source and "\\u" not in source:
        return source
    toks = tokens(source)
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) in the source
    for tok in toks:
        if tok.kind == "symbol" and tok.text == "!=":
            edits.append((tok.start, tok.end, "~="))
        elif tok.kind == "string" and "\\u{" in tok.text and tok.text[0] in "\"'":
            edits.append((tok.start, tok.end, _U_ESCAPE.sub(_utf8_escapes, tok.text)))
    expressions = _Expressions(toks)
    closing: set[int] = set()  # the second bar of each lambda
    for k, tok in enumerate(toks):
        if tok.kind != "symbol" or tok.text != "|" or k in closing:
            continue
        close = next((m for m in range(k + 1, len(toks)) if toks[m].text == "|"), None)
        if close is None or not all(t.kind == "name" or t.text in (",", "...") for t in toks[k + 1 : close]):
            continue
        closing.add(close)
        end = expressions.expression(close + 1)
        if end <= close + 1:
            continue
        edits.append((tok.start, tok.end, "function("))
        spaced = toks[close].end < len(source) and source[toks[close].end].isspace()
        edits.append((toks[close].start, toks[close].end, ") return" if spaced else ") return "))
        edits.append((toks[end - 1].end, toks[end - 1].end, " end"))
    return _apply(source, edits)


def _utf8_escapes(m: re.Match[str]) -> str:
    code = int(m.group(1), 16)
    data = chr(code).encode("utf-8", "surrogatepass") if code <= 0x10FFFF else b"?"
    return "".join(f"\\{b}" for b in data)


def _apply(source: str, edits: list[tuple[int, int, str]]) -> str:
    out, at = [], 0
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < at:
            continue
        out.append(source[at:start])
        out.append(text)
        at = end
    out.append(source[at:])
    return "".join(out)
