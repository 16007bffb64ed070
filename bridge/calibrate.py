"""``automa adopt GAME`` on a live table: the calibration's questions asked in TTS's chat (broadcast to the person),
on the panel's status line and on the page, and the person's pick-ups, drops and "skip" fed back to
:class:`engines.calibrate.Calibration`.

The connector forwards a player's pick-ups and drops only while the op ``calibrate`` has it on, so play pays
nothing for them. Nothing here moves a piece: the only requests are the switch, the prompts and the replies, and
pings when the table goes quiet. A TTS that stops answering, a "stop" typed in the chat or Ctrl-C end the
calibration with :class:`CalibrationStopped`, before anything is written.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from bridge.commands import BOT_COLOR, Say
from bridge.connector import Connector, ConnectorEvent
from bridge.errors import AutomaError
from bridge.link import LinkError, WorldReset
from bridge.table import TableObject
from bridge.table.model import TableError
from engines.calibrate import Calibration, Reply
from engines.profile import Profile

log = logging.getLogger(__name__)
QUIET = 30.0  # seconds without an event before TTS is asked whether it is still there


class CalibrationStopped(AutomaError):
    """Calibration ended before its last step (TTS went quiet, the person typed stop or pressed Ctrl-C); nothing
    was written."""


class Asker:
    """One calibration on one live table: asks each step, waits for the person's answer, tells what it learnt."""

    def __init__(self, connector: Connector, calibration: Calibration, *, quiet: float = QUIET) -> None:
        self.connector, self.calibration, self.quiet = connector, calibration, quiet
        self.answers: asyncio.Queue[str] = asyncio.Queue()  # "skip" or "stop" from the page
        self.listeners: list[Callable[[dict[str, Any]], None]] = []  # the page's view of the calibration
        self.said: list[dict[str, Any]] = []  # every reply, the newest last
        # what was picked up since the question was asked: a drop of a piece picked up before it (the last
        # question's pick-up, let go after) answers nothing
        self.held: set[str] = set()

    def state(self, *, finished: bool = False, stopped: str = "") -> dict[str, Any]:
        """What the page shows: the question, the progress, the replies so far, and what is still unfilled."""
        done, total = self.calibration.progress()
        return {
            "active": not finished and not stopped,
            "prompt": "" if finished or stopped else (self.calibration.prompt() or ""),
            "done": done,
            "total": total,
            "said": self.said[-8:],
            "unfilled": sorted(self.calibration.unfilled),
            "stopped": stopped,
        }

    def _show(self, **how: Any) -> None:
        state = self.state(**how)
        for listener in list(self.listeners):
            listener(state)

    async def run(self) -> Profile:
        """Every step asked and answered; the profile. Raises CalibrationStopped (nothing written)."""
        try:
            while (prompt := self.calibration.prompt()) is not None:
                try:
                    await self._ask(prompt)
                    reply = await self._answer()
                    if reply.text:
                        await self._tell(reply)
                except WorldReset:  # the mod reloaded mid-question: switched on and asked (or the next) again
                    log.warning("the game reloaded during calibration; asking again")
        except CalibrationStopped as exc:
            self._show(stopped=str(exc))
            raise
        except LinkError as exc:
            self._show(stopped=str(exc))
            raise _quiet(exc) from None
        finally:
            with contextlib.suppress(LinkError, TimeoutError):
                await asyncio.wait_for(self.connector.call("calibrate", {"on": False}), 2.0)
        self._show(finished=True)
        return self.calibration.profile()

    async def _ask(self, prompt: str) -> None:
        done, total = self.calibration.progress()
        self.held.clear()  # (switching on again too: a reloaded mod starts with it off)
        text = f"Bot ({done + 1}/{total}): {prompt}"
        log.info("%s", text)
        self._show()
        await self.connector.call("calibrate", {"on": True, "say": text, "color": BOT_COLOR})
        await self.connector.status(prompt[:200])

    async def _tell(self, reply: Reply) -> None:
        self.said.append({"ok": reply.ok, "text": reply.text})
        (log.info if reply.ok else log.warning)("%s", reply.text)
        self._show()
        await self.connector.apply([Say(text=f"Bot: {reply.text}", color=BOT_COLOR if reply.ok else "Red")])

    async def _answer(self) -> Reply:
        """The next event that answers (a pick-up, a drop, a skip), or a stop; quiet spells are pinged through."""
        while True:
            event = await self._next_event()
            if event.name in ("chat", "page"):
                word = str(event.fields.get("word", ""))
                if word == "stop":
                    who = event.fields.get("color") or "the page"
                    raise CalibrationStopped(f"calibration stopped by {who}: nothing was written")
                return self.calibration.skip()
            if event.name == "hello":  # the mod reloaded: its switch is off again
                await self.connector.call("calibrate", {"on": True})
                continue
            if event.name not in ("pickup", "drop"):
                continue
            try:
                obj = TableObject.from_lean(event.fields.get("record") or {})
            except (TableError, TypeError, ValueError) as exc:
                return Reply(False, f"the {event.name} could not be read ({exc}): try again")
            if event.name == "pickup":
                self.held.add(obj.guid)
                reply = self.calibration.picked_up(obj)
            elif obj.guid not in self.held:
                continue
            else:
                under = event.fields.get("under")
                reply = self.calibration.dropped(obj, [str(g) for g in under] if isinstance(under, list) else [])
            if reply.ok or reply.text:
                return reply

    async def _next_event(self) -> ConnectorEvent:
        events = asyncio.ensure_future(self.connector.events.get())
        answers = asyncio.ensure_future(self.answers.get())
        try:
            while True:
                done, _ = await asyncio.wait({events, answers}, timeout=self.quiet, return_when="FIRST_COMPLETED")
                if answers in done:
                    if not events.done():
                        events.cancel()
                    else:  # both at once: the table's event goes back for the next question
                        self.connector.events.put_nowait(events.result())
                    return ConnectorEvent("page", {"word": answers.result()})
                if events in done:
                    answers.cancel()
                    return events.result()
                await self._still_there()
        finally:
            for task in (events, answers):
                if not task.done():
                    task.cancel()

    async def _still_there(self) -> None:
        try:
            await self.connector.call("ping", timeout=min(self.quiet, 5.0))
        except LinkError as exc:
            raise _quiet(exc) from None


def _quiet(exc: LinkError) -> CalibrationStopped:
    """TTS went quiet: what the person is told, wherever calibration finds it out."""
    return CalibrationStopped(
        f"TTS stopped answering mid-calibration ({exc}): nothing was written; restart TTS and adopt again"
    )
