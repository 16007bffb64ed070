"""Requests to the connector mod's Lua dispatcher, as JSON in custom messages (never as Lua source).

Request: ``{"automa": {"id", "op", "args"}}`` (message 2). Reply: ``sendExternalMessage`` with
``{"automa_reply": id, "ok": true, "result": "<JSON>"}`` or ``{"automa_reply": id, "ok": false, "error": ...}``
(message 4). Player actions arrive as ``{"automa_event": name, ...}``.

A command batch reports progress as it goes (``{"automa_progress": id, "done": k, "total": n}`` after each
command), so its deadline follows its work: the bridge waits as long as progress keeps coming, however long the
moves take at TTS's pace. Every batch is tracked (:class:`BatchProgress`) until TTS says how it ended; a reply
that arrives after the bridge stopped waiting settles the batch instead of being dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bridge.commands import BatchFailed, Command, batch_to_json
from bridge.link import Link, LinkError, RequestTimeout, WorldReset, new_request_id
from bridge.protocol import GLOBAL_GUID, CustomFromTTS, FromTTS, GameLoaded, LuaError
from bridge.table import Table

_log = logging.getLogger(__name__)


class ConnectorError(LinkError):
    """The connector answered with an error, or is not installed in the loaded game."""


class ConnectorBroken(ConnectorError):
    """The Global script reported an error and the connector has not answered since (its script failed to load):
    a request fails at once, naming the error, instead of after its whole deadline."""


@dataclass(frozen=True)
class ConnectorEvent:
    """Something a player did on the bot panel (``bot_turn``, ``difficulty``) or the mod's ``hello``."""

    name: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class BatchResult:
    applied: int
    results: list[Any]


BatchState = Literal["sent", "running", "finished", "failed", "lost"]
PROGRESS_GRACE = 2.0  # seconds beyond the per-command deadline before a batch that reports nothing is given up
PROBE = 1.0  # seconds a connector whose Global script reported an error has to show it still answers


@dataclass
class BatchProgress:
    """What the bridge knows of one batch: how many commands TTS has confirmed, and how it ended.

    ``sent``: no word yet; ``running``: checked and under way; ``finished``/``failed``: TTS said so (``failed``
    names the command that stopped it); ``lost``: the game reloaded before TTS said, so the rest will never run.
    """

    id: int
    total: int
    done: int = 0
    state: BatchState = "sent"
    reason: str = ""
    failed_index: int | None = None
    results: list[Any] = field(default_factory=list)
    heard: float = 0.0  # event-loop time of the last word from TTS on it

    @property
    def settled(self) -> bool:
        return self.state in ("finished", "failed", "lost")


class BatchUnconfirmed(RequestTimeout):
    """TTS stopped reporting progress on a batch before saying it ended; ``progress`` keeps being updated."""

    def __init__(self, message: str, progress: BatchProgress) -> None:
        super().__init__(message)
        self.progress = progress


class Connector:
    def __init__(self, link: Link, *, timeout: float | None = None) -> None:
        self.link = link
        self.timeout = timeout
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self.events: asyncio.Queue[ConnectorEvent] = asyncio.Queue()
        self.batches: dict[int, BatchProgress] = {}  # every batch not yet settled, and the last few settled
        self.settled_listeners: list[Callable[[BatchProgress], None]] = []  # a batch's end, however late
        self.load_error: str | None = None  # a Global script error the connector has not been heard since
        self.broken = False  # and a probe since the last load went unanswered: requests fail at once
        # a Global script error in words (``automa dev`` reads its chunk row as file:line)
        self.explain: Callable[[str], str] = lambda error: error
        self._last: tuple[Table, str, int] | None = None  # the last snapshot, its epoch and version (for changes)
        self.looks = False  # lean records with images, tints and CardIDs: a table profile matches on them
        self._last_looks = False
        self._remove = link.add_listener(self._on_message)

    def close(self) -> None:
        self._remove()
        self._fail(LinkError("the connector client was closed"))

    def _on_message(self, message: FromTTS) -> None:
        if isinstance(message, GameLoaded):
            self._reset()
            self.broken = False  # a new script: probed afresh should it have reported an error
            return
        if isinstance(message, LuaError) and message.guid == GLOBAL_GUID:
            self.load_error = self.explain(message.error)[:400]  # until the connector is heard again
            return
        if not isinstance(message, CustomFromTTS) or not isinstance(message.customMessage, dict):
            return
        data = message.customMessage
        self.load_error = None
        if "automa_progress" in data:
            self._on_progress(data)
        elif "automa_reply" in data:
            request_id = _as_id(data["automa_reply"])
            batch = self.batches.get(request_id)
            if batch is not None and not batch.settled:
                self._settle(batch, data)
            future = self._pending.pop(request_id, None)
            if future is None or future.done():
                if batch is None:
                    late = f"connector reply with unknown or late id {str(data['automa_reply'])[:40]!r}"
                    self.link.note_dropped(late, level=logging.DEBUG)
                return
            if data.get("ok"):
                try:
                    future.set_result(json.loads(data.get("result") or "null"))
                except (TypeError, ValueError) as exc:
                    future.set_exception(ConnectorError(f"connector sent a result that is not JSON: {exc}"))
                except RecursionError:
                    future.set_exception(ConnectorError("connector sent a result nested too deeply to read"))
            else:
                future.set_exception(_RemoteError(data.get("error")))
        elif "automa_event" in data:
            name = str(data["automa_event"])[:100]
            if name == "hello":  # the mod's onLoad ran: a reload or a rewind, even without message 1
                self._reset()
            self.events.put_nowait(ConnectorEvent(name, {k: v for k, v in data.items() if k != "automa_event"}))

    def _on_progress(self, data: dict[str, Any]) -> None:
        batch = self.batches.get(_as_id(data["automa_progress"]))
        done = data.get("done")
        if batch is None or batch.settled or type(done) not in (int, float):
            return
        batch.state = "running"
        batch.done = max(batch.done, min(_as_int(done), batch.total))
        batch.heard = asyncio.get_running_loop().time()

    def _settle(self, batch: BatchProgress, reply: dict[str, Any]) -> None:
        if reply.get("ok"):
            try:
                result = json.loads(reply.get("result") or "null")
            except (TypeError, ValueError, RecursionError):
                result = None
            if isinstance(result, dict):
                batch.results = _as_list(result.get("results"))
            batch.state, batch.done = "finished", batch.total
        else:
            detail = reply.get("error")
            batch.state = "failed"
            if isinstance(detail, dict) and "index" in detail:
                batch.failed_index = _as_int(detail.get("index"))
                batch.done = _as_int(detail.get("applied"))
                batch.reason = str(detail.get("reason"))[:500]
            else:
                batch.reason = str(detail)[:500]
        self._notify_settled(batch)

    def _notify_settled(self, batch: BatchProgress) -> None:
        for listener in list(self.settled_listeners):
            listener(batch)
        settled = [b for b in self.batches.values() if b.settled]
        for old in settled[:-8]:  # keep the last few settled batches for inspection
            self.batches.pop(old.id, None)

    def _reset(self) -> None:
        """The game (re)loaded: requests in flight will never be answered, and batches under way stopped."""
        self._fail(WorldReset("the game was reloaded while a connector request was in flight"))
        for batch in list(self.batches.values()):
            if not batch.settled:
                batch.state = "lost"
                batch.reason = "the game reloaded before TTS said the batch had ended"
                self._notify_settled(batch)

    def _fail(self, error: LinkError) -> None:
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(error)

    async def call(self, op: str, args: dict[str, Any] | None = None, timeout: float | None = None) -> Any:
        await self._unless_broken(op)
        return await self._call(op, args, timeout)

    async def _unless_broken(self, op: str) -> None:
        """After a Global script error, the connector may be gone (a script that failed to load) or well (a mod's
        own error later on): one short ping tells, once per load, and while it stays unanswered every request
        fails at once with the error, not after its whole deadline (each page move took 23 s to fail)."""
        if self.load_error is None:
            return
        if not self.broken:
            with contextlib.suppress(RequestTimeout):
                await self._call("ping", None, PROBE)
            self.broken = self.load_error is not None  # an answer clears the error (any word from the connector)
        if self.broken and self.load_error is not None:
            raise ConnectorBroken(
                f"the connector cannot answer '{op}': the Global script reported an error and has not answered "
                f"since ({self.load_error}): fix the script and save it (automa dev sends it again), or load a "
                "save whose script works"
            )

    async def _call(self, op: str, args: dict[str, Any] | None, timeout: float | None) -> Any:
        request_id = new_request_id(self._pending)
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
                + self.link.silence_hint()
            ) from None
        finally:
            self._pending.pop(request_id, None)

    async def ping(self) -> dict[str, Any]:
        result: dict[str, Any] = await self._checked("ping")
        return result

    async def snapshot(self, *, full: bool = False, changes: bool = False, fresh: bool = False) -> Table:
        """The table as the connector reads it: lean records of what the bots read (issue 18), or with ``full``
        every object's whole ``getData()`` (the same objects, several times the bytes).

        Once this client holds a table, the connector answers only what differs from it, merged here: by comparing
        every object with what it last sent (nothing missed, the default), or with ``changes`` only what TTS's
        events and the bridge's own batches touched since (quicker in TTS, for a page polling the table; a piece
        another script moved, or one knocked by another, waits for the next exact answer). ``fresh``: every
        object's record, whatever this client holds."""
        args: dict[str, Any] = {"full": full}
        if self.looks:
            args["looks"] = True
        fresh = fresh or self._last_looks != self.looks  # records with and without looks are not merged
        self._last_looks = self.looks
        if not full and not fresh and self._last is not None:
            args["since"] = {"epoch": self._last[1], "version": self._last[2]}
            args["exact"] = not changes
        answer = await self._checked("snapshot", args)
        if isinstance(answer, dict) and answer.get("unsettled"):
            _log.warning(
                "objects kept changing while the table was read: %s (read several times over frames; their records "
                "may be of a later moment than the rest's)",
                ", ".join(str(g) for g in _as_list(answer["unsettled"])[:20]),
            )
        if isinstance(answer, dict) and answer.get("delta") and self._last is not None:
            table = self._last[0].with_changes(answer.get("lean"), answer.get("gone"))
        else:
            table = Table.from_snapshot(answer)
        if isinstance(answer, dict) and isinstance(answer.get("version"), int):
            self._last = (table, str(answer.get("epoch")), answer["version"])
        return table

    async def status(self, text: str) -> None:
        await self._checked("status", {"text": text})

    async def apply(
        self,
        commands: Sequence[Command],
        timeout: float | None = None,
        *,
        on_start: Callable[[BatchProgress], None] | None = None,
    ) -> BatchResult:
        """Apply a batch in order, waiting as long as TTS reports progress and at most ``timeout`` seconds (the
        link's by default) beyond each command's own deadline without word. Raises :class:`BatchFailed` naming the
        first command that failed, or :class:`BatchUnconfirmed` when TTS went quiet (the batch stays tracked in
        :attr:`batches`, and its end, when TTS reports it, reaches :attr:`settled_listeners`)."""
        await self._unless_broken("apply")  # nothing is sent to a connector known to be gone
        deadline = timeout or self.timeout or self.link.timeout
        request_id = new_request_id(self._pending)
        batch = self.batches[request_id] = BatchProgress(request_id, len(commands))
        if on_start is not None:
            on_start(batch)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        loop = asyncio.get_running_loop()
        limit = deadline + PROGRESS_GRACE
        batch.heard = loop.time()
        args = {"commands": batch_to_json(commands), "progress": True, "rest_timeout": deadline}
        try:
            await self.link.send_custom({"automa": {"id": request_id, "op": "apply", "args": args}})
            while not future.done():
                remaining = batch.heard + limit - loop.time()  # progress moves ``heard`` on
                if remaining <= 0:
                    raise BatchUnconfirmed(
                        f"TTS reported nothing on the bot's moves for {limit:g} s "
                        f"({batch.done} of {batch.total} commands confirmed)",
                        batch,
                    )
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(future), remaining)
            result = future.result()
        except _RemoteError as exc:
            detail = exc.detail
            if isinstance(detail, dict) and "index" in detail:
                raise BatchFailed(
                    _as_int(detail.get("index")), str(detail.get("reason"))[:500], _as_int(detail.get("applied"))
                ) from None
            raise ConnectorError(f"apply failed: {str(detail)[:500]}") from None
        finally:
            self._pending.pop(request_id, None)
        results = result.get("results") if isinstance(result, dict) else None
        return BatchResult(_as_int(result.get("applied") if isinstance(result, dict) else 0), _as_list(results))

    async def batch_status(self, batch: BatchProgress, timeout: float | None = None) -> BatchProgress:
        """Ask TTS how a batch stands (when its end was never reported); ``batch`` is updated and returned."""
        if batch.settled:
            return batch
        status = await self._checked("batch_status", {"id": batch.id}, timeout)
        state = status.get("state") if isinstance(status, dict) else None
        if state == "running":
            batch.state, batch.done = "running", min(_as_int(status.get("done")), batch.total)
        elif state in ("finished", "failed") and not batch.settled:
            reply: dict[str, Any] = {"ok": state == "finished", "result": json.dumps({"results": []})}
            if state == "failed":
                reply["error"] = status.get("error")
            self._settle(batch, reply)
        elif state == "unknown":  # the Lua that ran it is gone (a reload the bridge did not hear of)
            batch.state, batch.reason = "lost", "TTS no longer knows the batch (the game was reloaded)"
            self._notify_settled(batch)
        return batch

    async def _checked(self, op: str, args: dict[str, Any] | None = None, timeout: float | None = None) -> Any:
        try:
            return await self.call(op, args, timeout)
        except _RemoteError as exc:
            raise ConnectorError(f"connector '{op}' failed: {exc.detail}") from None


class _RemoteError(ConnectorError):
    def __init__(self, detail: Any) -> None:
        super().__init__(str(detail))
        self.detail = detail


def _as_id(value: Any) -> int:
    """Our ids are integers; anything else (``true``, ``"5"``, ``5.5``) matches no request."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)  # Lua numbers are doubles; a JSON encoder may write 5 as 5.0
    return -1


def _as_int(value: Any) -> int:
    return value if type(value) is int else int(value) if type(value) is float and value.is_integer() else 0


def _as_list(value: Any) -> list[Any]:
    """Lua tables with holes or no entries come back as dicts keyed "1".. or as []/{}: normalise."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        return [value[k] for k in sorted(value, key=lambda k: int(k))]
    return []
