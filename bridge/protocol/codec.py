"""Bytes in, JSON objects out: the framing of the External Editor API, without sockets.

The protocol has no length prefix and no delimiter: one JSON object per TCP connection. TTS parses as soon as
the bytes form a complete object (the Atom plugin never closed its socket), while the reply side closes after
writing. :class:`Decoder` therefore finishes on whichever comes first, a complete top-level value or EOF.

Completion is found by an incremental scanner that tracks nesting outside strings and comments; each byte is
looked at once, and string bodies are skipped by a regular expression, so multi-MB messages stay linear.
Multi-byte UTF-8 sequences never contain ASCII bytes, so scanning bytes is safe when a chunk splits a character.
Decoding tries strict JSON first (fast) and falls back to JSON5 for the lax input TTS tolerates
(``{ messageID: 0 }``). JSON5 is pure Python and slow (about 12 µs a byte), so lax JSON is accepted only up to
:data:`LAX_LIMIT` bytes: real lax messages are a few bytes long, and a big one could stall whoever parses it.
Nesting is capped too (:data:`MAX_DEPTH`): both parsers recurse, and a hostile message must be refused with a
:class:`ProtocolError`, never crash the caller with a RecursionError.
After the value only spaces and comments may come, as JSON5 allows; the scan refuses anything else for what it
is, and only nesting is ever reported as depth.

Where to parse is the caller's choice: :meth:`Decoder.scan` only finds the end of the message, and
:meth:`Decoder.message` parses it, so an asyncio layer can parse a large message in a thread.
"""

from __future__ import annotations

import json
import re
from typing import Any

import json5

from bridge.protocol.errors import ProtocolError

DEFAULT_MAX_SIZE = 256 * 1024 * 1024
LAX_LIMIT = 16 * 1024  # bytes of lax (non-strict) JSON accepted; anything longer must be strict JSON
MAX_DEPTH = 256  # nested objects and arrays; real messages nest fewer than ten deep

# Outside strings, only these bytes change the scanner's state.
_SPECIAL = re.compile(rb"[{}\[\]\"'/]")
# The rest of a string body, up to (not including) its closing quote or a trailing lone backslash.
_STRING_BODY = {
    ord('"'): re.compile(rb'(?:[^"\\]++|\\.)*+', re.S),
    ord("'"): re.compile(rb"(?:[^'\\]++|\\.)*+", re.S),
}
_OPEN = frozenset(b"{[")
_CLOSE = frozenset(b"}]")
_BLANK = re.compile(rb"[ \t\r\n\x0b\x0c]*+")  # what may follow the message, with comments (JSON5's ASCII spaces)
_EXTRA = "extra data after a complete message (one message per connection)"


class _TooDeep(ProtocolError):
    """The scan's refusal for nesting alone (which :func:`too_deep_at` reports; other refusals keep their reason)."""


class Decoder:
    """Decodes the single JSON object carried by one connection.

    Call :meth:`feed` with each chunk; it returns the object once complete (and ``None`` before). Call
    :meth:`feed_eof` when the peer closes; it returns the object or raises :class:`ProtocolError`. With
    ``eager=False`` (for peers that always close, as TTS does when it sends) nothing is scanned and
    :meth:`feed` always returns ``None``.
    """

    def __init__(self, max_size: int = DEFAULT_MAX_SIZE, *, eager: bool = True, max_depth: int = MAX_DEPTH) -> None:
        self._buf = bytearray()
        self._pos = 0
        self._depth = 0
        self._started = False
        self._quote: int | None = None  # inside a string opened by this byte
        self._comment: bytes | None = None  # b"//" or b"/*" while inside a comment
        self._max_size = max_size
        self._result: dict[str, Any] | None = None
        self._end = 0
        self._eager = eager  # False: the peer always closes, so skip the scan and parse at EOF (cheaper)
        self._max_depth = max_depth
        self._complete = False

    @property
    def done(self) -> bool:
        return self._result is not None

    @property
    def complete(self) -> bool:
        """Whether the scan has seen the whole message (it may not be parsed yet)."""
        return self._complete

    @property
    def buffered(self) -> int:
        return len(self._buf)

    @property
    def position(self) -> int:
        """How far the scan has got (the byte it stopped at, after an error)."""
        return self._pos

    def feed(self, data: bytes) -> dict[str, Any] | None:
        """Take a chunk; the message once it is complete (parsed here), else None."""
        if self.scan(data) and self._result is None:
            return self.message()
        return None

    def scan(self, data: bytes) -> bool:
        """Take a chunk without parsing; True once the message is complete (then call :meth:`message`)."""
        if len(self._buf) + len(data) > self._max_size:
            raise ProtocolError(f"message larger than the {self._max_size} byte limit")
        self._buf += data
        if self._complete:
            self._scan_tail()
        elif self._eager and self._scan():
            self._complete = True
            self._scan_tail()
        return self._complete

    def message(self) -> dict[str, Any]:
        """Parse the complete message (or, after EOF, whatever arrived); may be called from another thread."""
        if self._result is None:
            if not self._buf.strip():
                raise ProtocolError("connection closed without sending a message")
            # EOF may complete a value the scanner could not (e.g. an unterminated comment); let the parser judge.
            self._result = _loads(bytes(self._buf[: self._end] if self._complete else self._buf))
        return self._result

    def feed_eof(self) -> dict[str, Any]:
        return self.message()

    def _scan(self) -> bool:
        """Advance over new bytes; True once a complete top-level value has been seen."""
        buf, pos, end = self._buf, self._pos, len(self._buf)
        while pos < end:
            if self._quote is not None:
                m = _STRING_BODY[self._quote].match(buf, pos)
                assert m is not None  # the pattern matches the empty string
                pos = m.end()
                if pos >= end:
                    break
                if buf[pos] == self._quote:
                    self._quote = None
                    pos += 1
                    continue
                break  # a lone backslash at the end of the chunk: wait for the escaped byte
            if self._comment is not None:
                pos = self._skip_comment(pos)
                if self._comment is not None:
                    break
                continue
            if not self._started:
                while pos < end and buf[pos] in b" \t\r\n\x0b\x0c\xef\xbb\xbf":  # JSON5's ASCII spaces, a BOM
                    pos += 1
                if pos >= end:
                    break
                if buf[pos] not in _OPEN and buf[pos] != ord("/"):
                    raise ProtocolError(
                        f"a message must be a JSON object; it starts with {bytes(buf[pos : pos + 1])!r}"
                    )
            m2 = _SPECIAL.search(buf, pos)
            if m2 is None:
                pos = end
                break
            pos = m2.start()
            ch = buf[pos]
            if ch == ord("/"):
                if pos + 1 >= end:
                    break  # wait: "/" alone could start a comment
                self._comment = _comment_opened(buf[pos + 1])
                pos += 2 if self._comment else 1
                continue
            pos += 1
            if ch in _OPEN:
                self._started = True
                self._depth += 1
                if self._depth > self._max_depth:
                    self._pos = pos
                    raise _TooDeep(f"message nested more than {self._max_depth} levels deep")
            elif ch in _CLOSE:
                self._depth -= 1
                if self._depth == 0:  # the scan stops here, so depth never goes below zero
                    self._pos = self._end = pos
                    return True
            else:
                self._quote = ch
        self._pos = pos
        return False

    def _skip_comment(self, pos: int) -> int:
        """Past the end of the comment the scan is in; if it does not end in the buffer, where to resume."""
        closer = b"\n" if self._comment == b"//" else b"*/"
        i = self._buf.find(closer, pos)
        if i < 0:
            return max(pos, len(self._buf) - 1)  # keep a possible half of "*/"
        self._comment = None
        return i + len(closer)

    def _scan_tail(self) -> None:
        """After the message only spaces and comments may come (JSON5 allows both); anything else is refused."""
        buf, pos, end = self._buf, self._pos, len(self._buf)
        while pos < end:
            if self._comment is not None:
                pos = self._skip_comment(pos)
                if self._comment is not None:
                    break
                continue
            m = _BLANK.match(buf, pos)
            assert m is not None  # the pattern matches the empty string
            pos = m.end()
            if pos >= end or (buf[pos] == ord("/") and pos + 1 >= end):
                break  # all read, or a "/" that may start a comment
            if buf[pos] != ord("/") or not (comment := _comment_opened(buf[pos + 1])):
                self._pos = pos
                raise ProtocolError(_EXTRA)
            self._comment = comment
            pos += 2
        self._pos = pos


def _comment_opened(byte: int) -> bytes | None:
    """The comment that a "/" followed by ``byte`` opens, if any."""
    return b"//" if byte == ord("/") else b"/*" if byte == ord("*") else None


def _loads(raw: bytes) -> dict[str, Any]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ProtocolError(f"message is not valid UTF-8 (byte {exc.start})") from None
    try:
        value = json.loads(text)
    except RecursionError:
        raise ProtocolError("message nested too deeply to parse") from None
    except json.JSONDecodeError as strict_error:
        invalid = (
            f"message is not valid JSON: {strict_error.msg} at line {strict_error.lineno} column {strict_error.colno}"
        )
        if len(raw) > LAX_LIMIT:
            raise ProtocolError(f"{invalid} (lax JSON is accepted only up to {LAX_LIMIT} bytes)") from None
        # JSON5 recurses in Python: scan first, so that too deep a message is refused before it can run out of
        # stack, and anything else the scan refuses (not an object, data after it) is refused for that reason
        Decoder(len(raw) + 1).scan(raw)
        try:
            value = json5.loads(text)
        except RecursionError:
            raise ProtocolError("message nested too deeply to parse") from None
        except ValueError:
            raise ProtocolError(invalid) from None
    if not isinstance(value, dict):
        raise ProtocolError(f"a message must be a JSON object, got {type(value).__name__}")
    return value


def decode(raw: bytes) -> dict[str, Any]:
    """Decode one whole message (convenience for tests and tools)."""
    dec = Decoder()
    return dec.feed(raw) or dec.feed_eof()


def too_deep_at(raw: bytes, max_depth: int = MAX_DEPTH) -> int | None:
    """The byte offset where ``raw`` first nests deeper than ``max_depth`` (for naming what is there), or None.

    None too when the scan stops at another fault first (data after the message, say): that is not depth.
    """
    decoder = Decoder(len(raw) + 1, max_depth=max_depth)
    try:
        decoder.scan(raw)
    except _TooDeep:
        return decoder.position
    except ProtocolError:
        pass  # another fault came first
    return None


def encode(message: object) -> bytes:
    """Strict JSON bytes for a protocol model or a plain dict; absent (None) fields are left out."""
    from pydantic import BaseModel

    if isinstance(message, BaseModel):
        payload: Any = message.model_dump(mode="json", exclude_none=True)
    else:
        payload = message
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
