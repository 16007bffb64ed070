"""A tiny game for fault tests: its bot moves each marked chip one step right, one decision per chip.

It is a real game plugin (read, decide, plan, a table of its own), so a turn goes through the real session,
connector Lua and emulator; its only point is a turn of as many separate moves as a test needs.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping
from typing import Any

from bridge.commands import Command, Move, Position
from bridge.modbuild import build_save
from bridge.session import Session
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options, Problem, ReadError, Reason
from tests.conftest import Live

TAG = "fault.chip"
STEP = 2.0


class Mover(Game[tuple[tuple[str, float], ...], str]):
    name = "mover"
    title = "Mover (fault tests)"

    def __init__(self, chips: int = 2) -> None:
        self.chips = chips

    def read(self, table: Table) -> tuple[tuple[str, float], ...]:
        chips = sorted(table.with_tag(TAG), key=lambda o: o.guid)
        if not chips:
            raise ReadError([Problem("no chip on the table")])
        return tuple((o.guid, o.position.x) for o in chips)

    def decide(self, state: tuple[tuple[str, float], ...], rng: random.Random, options: Options) -> list[Decision[str]]:
        return [Decision(g, Reason(f"step {i + 1}", f"Chip {g} steps right")) for i, (g, _) in enumerate(state)]

    def plan(self, state: tuple[tuple[str, float], ...], decision: Decision[str], table: Table) -> list[Command]:
        chip = table[decision.action]
        p = chip.position
        return [Move(guid=chip.guid, position=Position(x=p.x + STEP, y=p.y, z=p.z))]

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        chips = [
            {
                "GUID": f"c{i:05d}",
                "Name": "Chip_10",
                "Nickname": f"chip {i}",
                "Tags": [TAG],
                "Transform": {"posX": -10.0 + i, "posY": 1.0, "posZ": -4.0 + (i % 3) * 2},
            }
            for i in range(self.chips)
        ]
        return SaveFile.from_dict({"SaveName": "Mover", "ObjectStates": chips})


def mover_save(chips: int) -> SaveFile:
    return build_save(Mover(chips))


async def until(check: Callable[[], Any], seconds: float = 20.0, what: str = "condition") -> Any:
    """Poll ``check`` until it is truthy (the emulator runs in this event loop, so the loop must keep turning)."""
    async with asyncio.timeout(seconds):
        while not (value := check()):
            await asyncio.sleep(0.005)
    return value


def chat(live: Live) -> list[str]:
    return [text for text, _ in live.emulator.require_world().chat]


def status(live: Live) -> str:
    return live.emulator.require_world().global_ui.text_of("automa_status") or ""


def press_bot_turn(live: Live) -> None:
    """A person's click on the panel's Bot turn (a running :meth:`Session.run` serves it)."""
    live.emulator.ui_event("automa_bot_turn", color="White")


def running_session(live: Live, game: Game[Any, Any]) -> tuple[Session, asyncio.Task[None]]:
    session = Session(live.connector, game, seed=1)
    return session, asyncio.ensure_future(session.run())
