"""Lua patterns as MoonSharp 2.0 matches them: over UTF-16 code units, each compared by its low 8 bits.

MoonSharp's matcher (``CoreLib/StringLib/KopiLua_StrLib.cs``, a C# port of Lua's ``lstrlib.c``) casts every subject
character to a byte before comparing it with a pattern item: a literal compares the pattern character's low 8 bits,
a class (``%a``, ``%s``...) asks .NET's ``Char`` about that byte, a set compares low bytes and ranges of low bytes. So
``%S+`` stops at "Č" (U+010C, whose low byte is a form feed) and ``[\\001-\\031]`` matches "—" (U+2014). What the
port compares as whole characters stays so: a pattern's special characters, ``%b``'s delimiters, a back-reference
(``%1``) and a plain search. Used by ``ustring.py`` for text that is not ASCII (ASCII text goes to Lua's own).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from tools.emulator.errors import EmulatorError

MAX_CAPTURES = 32
MAX_CALLS = 200  # "pattern too complex" past this depth (Lua's and the port's MAXCCALLS)
UNFINISHED, POSITION = -1, -2
ESC = ord("%")
SPECIALS = frozenset(map(ord, "^$*+?.([%-"))


def _category_set(test: Callable[[str], bool]) -> frozenset[int]:
    return frozenset(c for c in range(256) if test(unicodedata.category(chr(c))))


# .NET's Char predicates over the 256 values a low byte can take (LuaBase_CLib.cs: isalpha is Char.IsLetter...)
_LETTER = _category_set(lambda cat: cat[0] == "L")
_DIGIT = _category_set(lambda cat: cat == "Nd")
_CLASSES: dict[int, frozenset[int]] = {
    ord("a"): _LETTER,
    ord("c"): _category_set(lambda cat: cat == "Cc"),
    ord("d"): _DIGIT,
    ord("l"): _category_set(lambda cat: cat == "Ll"),
    ord("p"): _category_set(lambda cat: cat[0] == "P"),
    ord("s"): frozenset([0x20, *range(0x09, 0x0E)]),
    ord("g"): frozenset(c for c in range(256) if unicodedata.category(chr(c)) != "Cc" and not chr(c).isspace()),
    ord("u"): _category_set(lambda cat: cat == "Lu"),
    ord("w"): _LETTER | _DIGIT,
    ord("x"): frozenset(map(ord, "0123456789ABCDEFabcdef")),
    ord("z"): frozenset([0]),
}


class PatternError(EmulatorError, ValueError):
    """A malformed pattern, worded as MoonSharp's port words it."""


class Match:
    """One match attempt's state: the subject and pattern as code units, and the captures so far."""

    __slots__ = ("calls", "lengths", "level", "pat", "src", "starts")

    def __init__(self, src: list[int], pat: list[int]) -> None:
        self.src = src
        self.pat = pat
        self.level = 0
        self.starts = [0] * MAX_CAPTURES
        self.lengths = [0] * MAX_CAPTURES
        self.calls = MAX_CALLS

    # --- single characters -----------------------------------------------------------------------------

    def class_end(self, p: int) -> int:
        pat, n = self.pat, len(self.pat)
        c = pat[p]
        p += 1
        if c == ESC:
            if p >= n:
                raise PatternError("malformed pattern (ends with '%')")
            return p + 1
        if c == 0x5B:  # [
            if p < n and pat[p] == 0x5E:  # ^
                p += 1
            while True:  # the first character after [ or [^ is part of the set, even a ]
                if p >= n:
                    raise PatternError("malformed pattern (missing ']')")
                c = pat[p]
                p += 1
                if c == ESC and p < n:
                    p += 1
                if p < n and pat[p] == 0x5D:
                    return p + 1

        return p

    def bracket(self, c: int, p: int, end: int) -> bool:
        """Whether the low byte ``c`` is in the set from ``[`` at p to ``]`` at end."""
        pat = self.pat
        matched = True
        if pat[p + 1] == 0x5E:
            matched = False
            p += 1
        p += 1
        while p < end:
            if pat[p] == ESC:
                p += 1
                if match_class(c, pat[p]):
                    return matched
            elif pat[p + 1] == 0x2D and p + 2 < end:  # a range a-z
                if pat[p] & 0xFF <= c <= pat[p + 2] & 0xFF:
                    return matched
                p += 2
            elif pat[p] & 0xFF == c:
                return matched
            p += 1
        return not matched

    def single(self, s: int, p: int, ep: int) -> bool:
        c = self.src[s] & 0xFF
        item = self.pat[p]
        if item == 0x2E:  # .
            return True
        if item == ESC:
            return match_class(c, self.pat[p + 1])
        if item == 0x5B:
            return self.bracket(c, p, ep - 1)
        return item & 0xFF == c

    # --- the matcher -----------------------------------------------------------------------------------

    def match(self, s: int, p: int) -> int | None:
        """The end of a match of pattern[p:] at s, or None."""
        self.calls -= 1
        if self.calls == 0:
            raise PatternError("pattern too complex")
        try:
            return self._match(s, p)
        finally:
            self.calls += 1

    def _match(self, s: int, p: int) -> int | None:
        pat, src, n = self.pat, self.src, len(self.pat)
        while True:
            if p >= n:
                return s
            item = pat[p]
            if item == 0x28:  # (
                if p + 1 < n and pat[p + 1] == 0x29:
                    return self.start_capture(s, p + 2, POSITION)
                return self.start_capture(s, p + 1, UNFINISHED)
            if item == 0x29:  # )
                return self.end_capture(s, p + 1)
            if item == 0x24 and p + 1 == n:  # $ at the end
                return s if s == len(src) else None
            if item == ESC and p + 1 < n:
                kind = pat[p + 1]
                if kind == 0x62:  # %b
                    end = self.balance(s, p + 2)
                    if end is None:
                        return None
                    s, p = end, p + 4
                    continue
                if kind == 0x66:  # %f
                    p += 2
                    if p >= n or pat[p] != 0x5B:
                        raise PatternError("missing '[' after '%f' in pattern")
                    ep = self.class_end(p)
                    before = src[s - 1] & 0xFF if s > 0 else 0
                    here = src[s] & 0xFF if s < len(src) else 0
                    if self.bracket(before, p, ep - 1) or not self.bracket(here, p, ep - 1):
                        return None
                    p = ep
                    continue
                if chr(kind).isdecimal():  # a back-reference %1-%9, compared as whole characters
                    end = self.back_reference(s, kind)
                    if end is None:
                        return None
                    s, p = end, p + 2
                    continue
            ep = self.class_end(p)
            m = s < len(src) and self.single(s, p, ep)
            suffix = pat[ep] if ep < n else 0
            if suffix == 0x3F:  # ?
                if m:
                    res = self.match(s + 1, ep + 1)
                    if res is not None:
                        return res
                p = ep + 1
                continue
            if suffix == 0x2A:  # *
                return self.max_expand(s, p, ep)
            if suffix == 0x2B:  # +
                return self.max_expand(s + 1, p, ep) if m else None
            if suffix == 0x2D:  # -
                return self.min_expand(s, p, ep)
            if not m:
                return None
            s, p = s + 1, ep

    def max_expand(self, s: int, p: int, ep: int) -> int | None:
        i = 0
        while s + i < len(self.src) and self.single(s + i, p, ep):
            i += 1
        while i >= 0:
            res = self.match(s + i, ep + 1)
            if res is not None:
                return res
            i -= 1
        return None

    def min_expand(self, s: int, p: int, ep: int) -> int | None:
        while True:
            res = self.match(s, ep + 1)
            if res is not None:
                return res
            if s < len(self.src) and self.single(s, p, ep):
                s += 1
            else:
                return None

    def balance(self, s: int, p: int) -> int | None:
        if p + 1 >= len(self.pat):
            raise PatternError("unbalanced pattern")
        src = self.src
        if s >= len(src) or src[s] != self.pat[p]:
            return None
        opening, closing, depth = self.pat[p], self.pat[p + 1], 1
        s += 1
        while s < len(src):
            if src[s] == closing:
                depth -= 1
                if depth == 0:
                    return s + 1
            elif src[s] == opening:
                depth += 1
            s += 1
        return None

    def start_capture(self, s: int, p: int, what: int) -> int | None:
        if self.level >= MAX_CAPTURES:
            raise PatternError("too many captures")
        self.starts[self.level] = s
        self.lengths[self.level] = what
        self.level += 1
        res = self.match(s, p)
        if res is None:
            self.level -= 1
        return res

    def end_capture(self, s: int, p: int) -> int | None:
        level = next((k for k in range(self.level - 1, -1, -1) if self.lengths[k] == UNFINISHED), None)
        if level is None:
            raise PatternError("invalid pattern capture")
        self.lengths[level] = s - self.starts[level]
        res = self.match(s, p)
        if res is None:
            self.lengths[level] = UNFINISHED
        return res

    def back_reference(self, s: int, digit: int) -> int | None:
        k = digit - ord("1")
        if k < 0 or k >= self.level or self.lengths[k] == UNFINISHED:
            raise PatternError(f"invalid capture index {k + 1}")
        start, length = self.starts[k], self.lengths[k]
        if len(self.src) - s >= length and self.src[start : start + length] == self.src[s : s + length]:
            return s + length
        return None

    def capture(self, k: int, s: int, e: int) -> list[int] | int:
        """Capture k (from 0) as code units, or a position capture as its 1-based position."""
        if k >= self.level:
            if k == 0:
                return self.src[s:e]
            raise PatternError("invalid capture index")
        length = self.lengths[k]
        if length == UNFINISHED:
            raise PatternError("unfinished capture")
        if length == POSITION:
            return self.starts[k] + 1
        return self.src[self.starts[k] : self.starts[k] + length]

    def captures(self, s: int, e: int, whole: bool) -> list[list[int] | int]:
        """The captures a match gives (the whole match when the pattern has none and ``whole``)."""
        count = 1 if self.level == 0 and whole else self.level
        return [self.capture(k, s, e) for k in range(count)]


def match_class(c: int, cls: int) -> bool:
    """``%x`` for the low byte c: a class letter asks .NET's Char (upper case negates), anything else is literal."""
    lower = cls | 0x20 if 0x41 <= cls <= 0x5A else cls
    members = _CLASSES.get(lower)
    if members is None:
        return cls == c
    return (c in members) == (lower == cls)


def has_specials(pat: list[int]) -> bool:
    return any(c in SPECIALS for c in pat)


def plain_find(src: list[int], pat: list[int], init: int) -> int | None:
    """Where pat first occurs in src from init (whole characters), or None."""
    n = len(pat)
    if n == 0:
        return init
    first = pat[0]
    for i in range(init, len(src) - n + 1):
        if src[i] == first and src[i : i + n] == pat:
            return i
    return None


def search(src: list[int], pat: list[int], init: int, anchored: bool) -> tuple[int, int, Match] | None:
    """The first match from init: (start, end, its state), or None."""
    s, state = init, Match(src, pat)
    while s <= len(src):
        state.level = 0
        end = state.match(s, 0)
        if end is not None:
            return s, end, state
        if anchored:
            return None
        s += 1
    return None
