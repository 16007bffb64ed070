"""Requests to the connector mod's Lua dispatcher, as JSON in custom messages (never as Lua source).

Request: ``{"automa": {"id", "op", "args"}}`` (message 2). Reply: ``sendExternalMessage`` with
``{"automa_reply": id, "ok": true, "result": "<JSON>"}`` or ``{"automa_reply": id, "ok": false, "error": ...}``
(message 4). Player actions arrive as ``{"automa_event": name, ...}``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bridge.commands import BatchFailed, Command, batch_to_json
from bridge.link import Link, LinkError, RequestTimeout, WorldReset
from bridge.protocol import CustomFromTTS, FromTTS, GameLoaded
from bridge.table import Table


class ConnectorError(LinkError):
    """The connector answered with an error, or is not installed in the loaded game."""


@dataclass(frozen=True)
class ConnectorEvent:
    """Something a player did on the bot panel (``bot_turn``, ``difficulty``) or the mod's ``hello``."""

    name: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class BatchResult:
    applied: int
    results: list[Any]


class Connector:
    def __init__(self, link: Link, *, timeout: float | None = None) -> None:
        self.link = link
        self.timeout = timeout
        self._ids = itertools.count(random.randrange(1, 1 << 20))
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self.events: asyncio.Queue[ConnectorEvent] = asyncio.Queue()
        self._remove = link.add_listener(self._on_message)

    def close(self) -> None:
        self._remove()
        self._fail(LinkError("the connector client was closed"))

    def _on_message(self, message: FromTTS) -> None:
        if isinstance(message, GameLoaded):
            self._fail(WorldReset("the game was reloaded while a connector request was in flight"))
            return
        if not isinstance(message, CustomFromTTS) or not isinstance(message.customMessage, dict):
            return
        data = message.customMessage
        if "automa_reply" in data:
            future = self._pending.pop(_as_id(data["automa_reply"]), None)
            if future is None or future.done():
                self.link.note_dropped(f"connector reply with unknown or late id {data['automa_reply']!r}")
                return
            if data.get("ok"):
                try:
                    future.set_result(json.loads(data.get("result") or "null"))
                except (TypeError, json.JSONDecodeError) as exc:
                    future.set_exception(ConnectorError(f"connector sent a result that is not JSON: {exc}"))
            else:
                future.set_exception(_RemoteError(data.get("error")))
        elif "automa_event" in data:
            name = str(data["automa_event"])
            if name == "hello":  # the mod's onLoad ran: a reload or a rewind, even without message 1
                self._fail(WorldReset("the game was reloaded while a connector request was in flight"))
            self.events.put_nowait(ConnectorEvent(name, {k: v for k, v in data.items() if k != "automa_event"}))

    def _fail(self, error: LinkError) -> None:
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(error)

    async def call(self, op: str, args: dict[str, Any] | None = None, timeout: float | None = None) -> Any:
        request_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        deadline = timeout or self.timeout or self.link.timeout
        try:
            await self.link.send_custom({"automa": {"id": request_id, "op": op, "args": args or {}}})
            return await asyncio.wait_for(future, deadline)
        except TimeoutError:
            raise RequestTimeout(
                f"the connector did not answer '{op}' within {deadline:g} s: is the Tabletop Automa mod loaded "
                "(its Global script must contain the connector)? If TTS stays silent, restart it."
            ) from None
        finally:
            self._pending.pop(request_id, None)

    async def ping(self) -> dict[str, Any]:
        result: dict[str, Any] = await self._checked("ping")
        return result

    async def snapshot(self) -> Table:
        return Table.from_snapshot(await self._checked("snapshot"))

    async def status(self, text: str) -> None:
        await self._checked("status", {"text": text})

    async def apply(self, commands: Sequence[Command], timeout: float | None = None) -> BatchResult:
        """Apply a batch in order; raises :class:`BatchFailed` naming the first command that failed."""
        try:
            result = await self.call("apply", {"commands": batch_to_json(commands)}, timeout)
        except _RemoteError as exc:
            detail = exc.detail
            if isinstance(detail, dict) and "index" in detail:
                raise BatchFailed(
                    int(detail["index"]), str(detail.get("reason")), int(detail.get("applied", 0))
                ) from None
            raise ConnectorError(f"apply failed: {detail}") from None
        results = result.get("results") if isinstance(result, dict) else None
        return BatchResult(int(result.get("applied", 0)), _as_list(results))

    async def _checked(self, op: str, args: dict[str, Any] | None = None) -> Any:
        try:
            return await self.call(op, args)
        except _RemoteError as exc:
            raise ConnectorError(f"connector '{op}' failed: {exc.detail}") from None


class _RemoteError(ConnectorError):
    def __init__(self, detail: Any) -> None:
        super().__init__(str(detail))
        self.detail = detail


def _as_id(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


def _as_list(value: Any) -> list[Any]:
    """Lua tables with holes or no entries come back as dicts keyed "1".. or as []/{}: normalise."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        return [value[k] for k in sorted(value, key=lambda k: int(k))]
    return []
