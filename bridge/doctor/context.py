"""What every group of doctor checks shares: the link and connector to TTS, the run's settings, and the one way a
check's verdict and message are made.

A failed check's message always names the fact, what TTS showed, and what it affects, so a person reading the
terminal (or a developer reading someone's report) knows what breaks without looking anything up.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bridge.connector import Connector
from bridge.doctor.record import Check, Group, Target, Verdict
from bridge.link import Link, LinkError
from bridge.protocol import CustomFromTTS, FromTTS

FRAME_BUDGET_MS = 20.0  # issue 38: no frame of the connector's work over 20 ms under MoonSharp
WALL_BUDGET_S = 0.5  # issue 38: a 1,000-object snapshot done within 0.5 s of wall time
PADDING = 1000  # objects of the padded table (issue 38's figure)
DOCTOR_KEY = "automa_doctor"  # the custom messages the doctor's own Lua sends back


@dataclass(frozen=True)
class Fact:
    """An assumption, its source and what depends on it: the fixed half of a check."""

    id: str
    group: Group
    assumption: str
    source: str
    affects: str

    def check(self, verdict: Verdict, expected: Any, observed: Any, message: str = "") -> Check:
        return Check(
            id=self.id,
            group=self.group,
            assumption=self.assumption,
            source=self.source,
            expected=expected,
            observed=observed,
            verdict=verdict,
            affects=self.affects,
            message=message,
        )

    def judge(self, holds: bool, expected: Any, observed: Any, advice: str = "") -> Check:
        """Pass when ``holds``; a failure's message names the fact, what was seen, and what it affects."""
        if holds:
            return self.check("pass", expected, observed)
        return self.check("fail", expected, observed, self.failure(expected, observed, advice))

    def compare(self, expected: Any, observed: Any, advice: str = "") -> Check:
        return self.judge(expected == observed, expected, observed, advice)

    def failure(self, expected: Any, observed: Any, advice: str = "") -> str:
        said = f"'{self.assumption}' does not hold: expected {_short(expected)}, got {_short(observed)}. "
        said += f"Affects: {self.affects}."
        return said + (f" {advice}" if advice else "")

    def broken(self, error: Exception, expected: Any = None) -> Check:
        """The check could not be made: TTS did not answer, or answered with an error."""
        return self.check("fail", expected, f"error: {error}", self.failure(expected, f"an error ({error})"))

    def unconnected(self) -> Check:
        """The check needs the connector, which the loaded table lacks (or which does not answer)."""
        return self.person(
            "the loaded table has no Tabletop Automa connector that answers: load the doctor's table (automa doctor "
            "--write-table FOLDER) or a table automa mod build wrote, then run it again"
        )

    def person(self, instruction: str, expected: Any = None) -> Check:
        return self.check("person", expected, None, f"Needs a person at TTS: {instruction}")


def _short(value: Any, limit: int = 160) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class Context:
    """One doctor run against one TTS (or emulator)."""

    link: Link
    connector: Connector
    target: Target
    timeout: float = 10.0
    idle: float = 5.0  # seconds a connection to TTS is left idle before it is used (wire.idle)
    padding: int = PADDING
    on_doctor_table: bool = False  # the loaded table is the one `automa doctor --write-table` writes
    connected: bool = True  # the loaded table's Global script has the connector, and it answers

    async def execute(self, lua: str) -> Any:
        """Run ``lua`` (constant code of the doctor's own, never table data) in Global and return its value."""
        return await self.link.execute(lua, timeout=self.timeout)

    async def lua_reply(self, lua: str, key: str, timeout: float | None = None) -> dict[str, Any]:
        """Run ``lua``, which answers later (after frames pass) with ``sendExternalMessage({automa_doctor = key,
        ...})``; that message's fields."""
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

        def hear(message: FromTTS) -> None:
            data = message.customMessage if isinstance(message, CustomFromTTS) else None
            if isinstance(data, dict) and data.get(DOCTOR_KEY) == key and not answer.done():
                answer.set_result(data)

        remove = self.link.add_listener(hear)
        try:
            await self.link.execute(lua, timeout=timeout or self.timeout)
            return await asyncio.wait_for(answer, timeout or self.timeout)
        except TimeoutError:
            raise LinkError(f"TTS did not report '{key}' within {timeout or self.timeout:g} s") from None
        finally:
            remove()

    async def until(self, condition: Callable[[], bool]) -> None:
        """Wait until ``condition`` holds, or the timeout has passed (the caller looks again)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        while not condition() and loop.time() < deadline:
            await asyncio.sleep(0.05)

    async def heard(self, match: Callable[[FromTTS], bool], act: Awaitable[Any], timeout: float | None = None) -> bool:
        """Whether a message ``match`` accepts arrives within the timeout of doing ``act``."""
        seen = asyncio.Event()
        remove = self.link.add_listener(lambda m: seen.set() if match(m) else None)
        try:
            await act
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seen.wait(), timeout or self.timeout)
            return seen.is_set()
        finally:
            remove()


CHUNK = re.compile(r"chunk_\d+:(\(?)(\d+)")


def chunk_free(text: str, rows: int = 0) -> str:
    """An error text with its chunk number as chunk_0 (TTS numbers executed code's chunks as it runs them) and its
    rows ``rows`` fewer (the lines a wrapper put above the code)."""
    return CHUNK.sub(lambda m: f"chunk_0:{m.group(1)}{max(1, int(m.group(2)) - rows)}", text)


async def attempt(fact: Fact, make: Callable[[], Awaitable[Check]]) -> Check:
    """The check ``make`` makes, or a failure naming what went wrong when TTS did not answer."""
    try:
        return await make()
    except LinkError as exc:
        return fact.broken(exc)
