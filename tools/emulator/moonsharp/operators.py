"""Operators whose MoonSharp meaning the Lua 5.2 VM cannot be told, rewritten into calls before compiling.

``a % b``, ``a .. b``, ``a >= b`` and ``#v`` become ``__moonsharp_mod(a, b)``, ``__moonsharp_concat(a, b)``,
``__moonsharp_ge(a, b)`` and ``__moonsharp_len(v)`` (``dialect.lua``: MoonSharp's sign rule for ``%``, numbers
written with 15 digits by ``..``, ``>=`` through ``__lt``, ``#`` counting to the first nil and a string's UTF-16
code units), and ``<``, ``<=``, ``>`` calls too (two strings in .NET's culture order); ``+ - * / ^`` and a unary
minus (but before a number literal) become ``__moonsharp_add`` and its siblings (a string operand read as MoonSharp
reads it: ``'0x10' + 0`` is an error); ``|x| expr`` lambdas become functions; a table constructor ``{…}`` becomes
``__moonsharp_setmetatable({…}, …)`` with that constructor's metatable, so that ``pairs`` keeps MoonSharp's
order (``dialect.lua``). Expressions
are found by a precedence parser over the tokens (``lexer.tokens``); only text is inserted or replaced within rows,
never a line break, so every error keeps the mod's row.
"""

from __future__ import annotations

import itertools

from tools.emulator.moonsharp.lexer import Token

_LEFT = {"or": 1, "and": 2, "<": 3, ">": 3, "<=": 3, ">=": 3, "~=": 3, "!=": 3, "==": 3}
_LEFT |= {"..": 5, "+": 6, "-": 6, "*": 7, "/": 7, "%": 7, "^": 10}
_RIGHT = {**_LEFT, "..": 4, "^": 9}
_UNARY = 8
CALLS = {"%": "__moonsharp_mod", "..": "__moonsharp_concat", ">=": "__moonsharp_ge", "<": "__moonsharp_lt"}
CALLS |= {"<=": "__moonsharp_le", ">": "__moonsharp_gt"}
ORDER = frozenset(["<", "<=", ">", ">="])  # with a number literal on one side: left to Lua
CALLS |= {"+": "__moonsharp_add", "-": "__moonsharp_sub", "*": "__moonsharp_mul", "/": "__moonsharp_div"}
CALLS |= {"^": "__moonsharp_pow"}
ARITHMETIC = frozenset("+-*/^")  # with a number literal on one side: __moonsharp_add_k(a, 1), __moonsharp_k_sub(1, b)
LEN = "__moonsharp_len"
TABLE = "__moonsharp_table"  # a constructor's metatable, which keeps its keys' order (dialect.lua)
_SITES = itertools.count(1)  # constructors with named fields, numbered across every script of the process
UNARY = {"#": LEN, "-": "__moonsharp_unm"}  # a minus before a number literal is left alone
# tokens after which an expression starts (a statement's own start is a name or keyword, never rewritten alone)
_CONTEXT = frozenset(["=", "(", ",", "[", "{", ";", "return", "if", "elseif", "while", "until", "in", "local"])
_LITERAL = frozenset(["nil", "true", "false", "..."])

Edit = tuple[int, int, int, int, str]  # (position, end, phase, order, text)


class Rewriter:
    """Collects the edits for every expression of a token list."""

    def __init__(self, toks: list[Token]) -> None:
        self.t = toks
        self.edits: list[Edit] = []
        self.serial = 0

    # --- edits -----------------------------------------------------------------------------------------------

    def _node(self, depth: int) -> int:
        """How outer a node is: a deeper node is inner; of two at one depth, the later one (a left-associative
        chain) encloses the earlier."""
        self.serial += 1
        return -depth * 100_000 + self.serial

    def wrap(self, start: int, end: int, opener: str, outer: int, closer: str = "))") -> None:
        """``opener`` before the token ``start``, ``closer`` after the token ``end - 1``. The call is in parentheses:
        never a tail call, so an error it raises is positioned at the mod's line."""
        self.edits.append((self.t[start].start, self.t[start].start, 1, -outer, opener))
        at = self.t[end - 1].end
        self.edits.append((at, at, 0, outer, closer))

    def replace(self, i: int, text: str) -> None:
        self.edits.append((self.t[i].start, self.t[i].end, 2, 0, text))

    # --- parsing -------------------------------------------------------------------------------------------

    def text(self, i: int) -> str:
        return self.t[i].text if i < len(self.t) and self.t[i].kind in ("symbol", "keyword") else ""

    def scan(self, i: int, j: int) -> None:
        """Every expression between tokens i and j (a chunk, or a function's body)."""
        k = i
        while k < j:
            if k > i and self.text(k - 1) in _CONTEXT and self.starts(k):
                k = max(self.subexpr(k, 0, 0), k + 1)
            else:
                k += 1

    def starts(self, i: int) -> bool:
        tok = self.t[i]
        return (
            tok.kind in ("name", "number", "string")
            or tok.text in ("(", "{", "-", "not", "#", "|", "function")
            or (tok.text in _LITERAL)
        )

    def subexpr(self, i: int, limit: int, depth: int) -> int:
        start = i
        if self.text(i) in ("not", "-", "#"):
            unary = i
            i = self.subexpr(i + 1, _UNARY, depth + 1)
            literal = i == unary + 2 and self.t[unary + 1].kind == "number"
            if self.text(unary) in UNARY and i > unary + 1 and not literal:
                self.wrap(unary, i, "(" + UNARY[self.text(unary)] + "(", self._node(depth))
                self.replace(unary, "")
        else:
            i = self.simple(i, depth + 1)
        while i < len(self.t) and self.text(i) in _LEFT and _LEFT[self.text(i)] > limit:
            op = self.text(i)
            if op == "..":  # a chain a .. b .. c is one call with every operand (right-associative, one pass)
                ops, end = [], i
                while self.text(end) == ".." and end + 1 < len(self.t):
                    ops.append(end)
                    end = self.subexpr(end + 1, _LEFT[".."], depth + 1)
                self.wrap(start, end, "(" + CALLS[op] + "(", self._node(depth))
                for k in ops:
                    self.replace(k, ",")
                i = end
                continue
            end = self.subexpr(i + 1, _RIGHT[op], depth + 1)
            helper = self.helper(op, start, i, end)
            if helper and end > i + 1:
                self.wrap(start, end, "(" + helper + "(", self._node(depth))
                self.replace(i, ",")
            i = end
        return i

    def helper(self, op: str, start: int, at: int, end: int) -> str:
        """The call for ``op`` with operands at tokens [start, at) and [at + 1, end): for arithmetic, one that reads
        only the operand that is no number literal (a number is checked once, not twice), none for two."""
        helper = CALLS.get(op, "")
        if op in ORDER and (self.number(start, at) or self.number(at + 1, end)):
            return ""  # a number can only compare with a number (or fail): Lua's own operator, at its speed
        if op not in ARITHMETIC:
            return helper
        left, right = self.number(start, at), self.number(at + 1, end)
        if left and right:
            return ""
        return helper + "_k" if right else "__moonsharp_k" + helper.removeprefix("__moonsharp") if left else helper

    def number(self, start: int, end: int) -> bool:
        """Tokens [start, end) are a number literal (after a minus too, for a comparison's operand)."""
        if end == start + 2 and self.text(start) == "-":
            start += 1
        return end == start + 1 and self.t[start].kind == "number"

    def simple(self, i: int, depth: int) -> int:
        if i >= len(self.t):
            return i
        tok = self.t[i]
        if tok.kind in ("number", "string") or self.text(i) in _LITERAL:
            return i + 1
        if self.text(i) == "{":
            return self.constructor(i, depth)
        if self.text(i) == "function":
            return self.function(i)
        if self.text(i) == "|":
            return self.lambda_(i, depth)
        if self.text(i) == "(":
            i = self.enclosed(i, ")", depth)
        elif tok.kind == "name":
            i += 1
        else:
            return i
        return self.suffixes(i, depth)

    def enclosed(self, i: int, close: str, depth: int) -> int:
        """``(`` or ``[`` then expressions separated by commas up to ``close``; past it."""
        i += 1
        while i < len(self.t) and self.text(i) != close:
            if self.starts(i):
                i = max(self.subexpr(i, 0, depth), i + 1)
            else:
                i += 1
        return i + 1

    def constructor(self, i: int, depth: int) -> int:
        """A table constructor, handed to ``__moonsharp_table`` with its fields' names in the order written (so
        that ``pairs`` gives them first, in that order, as MoonSharp does; new keys are recorded as they come). A
        list (``{x, y, z}``, ``{...}``) is left as it is: Lua gives its items in order, and a call for every vector
        a script makes would cost more than the rare key added to a list later (which keeps Lua's order)."""
        start, names, keyed = i, [], False
        i += 1
        while i < len(self.t) and self.text(i) != "}":
            if self.text(i) == "[":
                keyed = True
                i = self.enclosed(i, "]", depth)
            elif self.t[i].kind == "name" and self.text(i + 1) == "=":
                names.append(self.t[i].text)
                i += 2
            elif self.text(i) in (",", ";", "="):
                i += 1
            elif self.starts(i):
                i = max(self.subexpr(i, 0, depth), i + 1)
            else:
                i += 1
        if i < len(self.t) and (names or keyed or i == start + 1):
            closer = ", __moonsharp_plain))"
            if names:  # the constructor's metatable (one for all its tables, holding its names), made at first use
                site = next(_SITES)
                quoted = "".join(f', "{name}"' for name in names)
                closer = f", __moonsharp_sites[{site}] or {TABLE}({site}{quoted})))"
            self.wrap(start, i + 1, "(__moonsharp_setmetatable(", self._node(depth), closer)
        return i + 1

    def function(self, i: int) -> int:
        """A function expression: its body's expressions are found as a chunk's are."""
        depth, k = 0, i
        while k < len(self.t):
            word = self.text(k)
            if word in ("function", "if", "do", "repeat"):
                depth += 1
            elif word in ("end", "until"):
                depth -= 1
                if depth == 0:
                    break
            k += 1
        self.scan(i + 1, k)
        return k + 1

    def lambda_(self, i: int, depth: int) -> int:
        close = next((m for m in range(i + 1, len(self.t)) if self.t[m].text == "|"), None)
        if close is None or not all(t.kind == "name" or t.text in (",", "...") for t in self.t[i + 1 : close]):
            return i + 1
        end = self.subexpr(close + 1, 0, depth + 1)
        if end <= close + 1:
            return end
        outer = self._node(depth)
        self.replace(i, "function(")
        self.replace(close, ") return ")
        at = self.t[end - 1].end
        self.edits.append((at, at, 0, outer, " end"))
        return end

    def suffixes(self, i: int, depth: int) -> int:
        while i < len(self.t):
            tok = self.t[i]
            if self.text(i) in (".", ":") and i + 1 < len(self.t) and self.t[i + 1].kind == "name":
                i += 2
            elif self.text(i) == "[":
                i = self.enclosed(i, "]", depth)
            elif self.text(i) == "(":
                i = self.enclosed(i, ")", depth)
            elif self.text(i) == "{":
                i = self.constructor(i, depth)
            elif tok.kind == "string":
                i += 1
            else:
                return i
        return i


def operator_edits(toks: list[Token]) -> list[Edit]:
    rewriter = Rewriter(toks)
    rewriter.scan(0, len(toks))
    return rewriter.edits
