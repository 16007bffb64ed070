"""A bot turn end to end: snapshot -> read -> decide -> plan -> apply -> reasons in chat.

:func:`plan_turn` is the pure part (no I/O), shared by ``automa decide`` on a save file and by the live
:class:`Session`. Nothing is moved when the table cannot be read; the problems go to chat and the panel instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bridge.commands import BatchFailed, Command, Say, batch_to_json
from bridge.connector import Connector, ConnectorEvent
from bridge.link import LinkError, RequestTimeout, TTSUnavailable, WorldReset
from bridge.table import Table
from engines.base import Decision, Game, Options, ReadError

log = logging.getLogger(__name__)
BOT_COLOR = "Purple"


@dataclass(frozen=True)
class PlannedDecision:
    decision: Decision[Any]
    commands: list[Command]


@dataclass(frozen=True)
class TurnPlan:
    game: str
    seed: int
    difficulty: str
    steps: list[PlannedDecision] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # why the table could not be read

    @property
    def ok(self) -> bool:
        return not self.problems

    def batch(self) -> list[Command]:
        """Each decision's reason in chat, then its moves."""
        out: list[Command] = []
        for step in self.steps:
            out.append(Say(text=f"Bot: {step.decision.reason}", color=BOT_COLOR))
            out.extend(step.commands)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "ok": self.ok,
            "problems": self.problems,
            "decisions": [
                {
                    "action": _describe_action(s.decision.action),
                    "rule": s.decision.reason.rule,
                    "reason": s.decision.reason.text,
                    "commands": batch_to_json(s.commands),
                }
                for s in self.steps
            ],
        }


def _describe_action(action: Any) -> dict[str, Any]:
    if hasattr(action, "to_json"):
        described: dict[str, Any] = action.to_json()
        return described
    fields = getattr(action, "__dataclass_fields__", None)
    if fields is None:
        return {"type": type(action).__name__, "value": repr(action)}
    return {"type": type(action).__name__, **{name: _plain(getattr(action, name)) for name in fields}}


def _plain(value: Any) -> Any:
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, tuple | list | frozenset | set):
        return [_plain(v) for v in value]
    return repr(value)


def plan_turn(
    game: Game[Any, Any],
    table: Table,
    *,
    seed: int | None = None,
    difficulty: str = "",
    rules: dict[str, Any] | None = None,
) -> TurnPlan:
    """The bot's whole turn for a table, without touching it. ``seed`` fixes every chance draw."""
    return plan_turn_with_state(game, table, seed=seed, difficulty=difficulty, rules=rules)[0]


def plan_turn_with_state(
    game: Game[Any, Any],
    table: Table,
    *,
    seed: int | None = None,
    difficulty: str = "",
    rules: dict[str, Any] | None = None,
) -> tuple[TurnPlan, Any]:
    """:func:`plan_turn`, and what the turn leaves on the table (the game's ``after_turn``; None when the table
    could not be read)."""
    seed = random.randrange(1 << 31) if seed is None else seed
    difficulty = difficulty or game.default_difficulty
    if difficulty not in game.difficulties:
        raise ValueError(f"{game.name} has no difficulty {difficulty!r}; choose from {', '.join(game.difficulties)}")
    try:
        state = game.read(table)
    except ReadError as exc:
        return TurnPlan(game.name, seed, difficulty, problems=[str(p) for p in exc.problems]), None
    decisions = game.decide(state, random.Random(seed), Options(difficulty, rules or {}))
    steps = [PlannedDecision(d, game.plan(state, d, table)) for d in decisions]
    return TurnPlan(game.name, seed, difficulty, steps), game.after_turn(state, decisions)


class Session:
    """Serves bot-turn requests from the mod's panel for one game on one live table."""

    def __init__(
        self,
        connector: Connector,
        game: Game[Any, Any],
        *,
        seed: int | None = None,
        on_turn: Callable[[TurnPlan], None] | None = None,
    ) -> None:
        self.connector = connector
        self.game = game
        self.difficulty = game.default_difficulty
        self._seeds = random.Random(seed)
        self.listeners: list[Callable[[TurnPlan], None]] = [on_turn] if on_turn else []
        self.paused = False  # from the dashboard: bot-turn requests from the table are declined
        self.turns: list[TurnPlan] = []
        self.silent = False  # the heartbeat's last finding
        self.last_after: Any = None  # what the bot's last turn left, for "Check my turn"
        self._lock = asyncio.Lock()

    async def replace_game(self, game: Game[Any, Any]) -> None:
        """Swap in new rules between bot turns (never during one)."""
        async with self._lock:
            self.game = game

    async def run(self) -> None:
        """Handle panel events until cancelled."""
        while True:
            event = await self.connector.events.get()
            await self.handle(event)

    async def handle(self, event: ConnectorEvent) -> None:
        if event.name == "hello":  # the mod (re)loaded: tell the player the bridge is there
            with contextlib.suppress(LinkError):
                await self._status(f"Bridge connected: {self.game.title}")
        elif event.name == "difficulty" and event.fields.get("difficulty") in self.game.difficulties:
            self.difficulty = str(event.fields["difficulty"])
        elif event.name == "check_turn":
            await self.check_turn()
        elif event.name == "bot_turn":
            wanted = str(event.fields.get("difficulty") or "")
            if wanted in self.game.difficulties:
                self.difficulty = wanted
            if self.paused:
                await self._status("The bot is paused (from the dashboard).")
                return
            await self.take_turn()

    async def take_turn(self, *, attempts: int = 3) -> TurnPlan:
        """One bot turn. A reload mid-turn restarts it from a fresh snapshot (commands re-planned from the
        table as it now is, so a move already made is not made twice)."""
        async with self._lock:
            for attempt in range(1, attempts + 1):
                try:
                    return await self._turn()
                except WorldReset:
                    log.warning("the game reloaded during the bot's turn (attempt %d); starting again", attempt)
            raise LinkError(f"the game kept reloading; the bot's turn was abandoned after {attempts} attempts")

    async def _turn(self) -> TurnPlan:
        await self._status("Reading the table...")
        table = await self.connector.snapshot()
        plan, after = plan_turn_with_state(
            self.game, table, seed=self._seeds.randrange(1 << 31), difficulty=self.difficulty
        )
        log.debug("bot turn: seed %d, difficulty %s", plan.seed, plan.difficulty)
        if not plan.ok:
            lines = [Say(text=f"Bot cannot read the table: {p}", color="Red") for p in plan.problems]
            await self.connector.apply(lines)
            await self._status(f"Nothing moved: {len(plan.problems)} problem(s) on the table (see chat)")
        else:
            await self._status("Moving...")
            try:
                await self.connector.apply(plan.batch())
            except BatchFailed as exc:
                await self._status(f"Stopped: {exc.reason}")
                raise
            await self._status(f"Done: {len(plan.steps)} decision(s). Your turn.")
            self.last_after = after
        self.turns.append(plan)
        for listener in list(self.listeners):
            listener(plan)
        return plan

    async def check_turn(self) -> bool | None:
        """Report in chat whether the person's changes since the bot's turn are one legal turn."""
        if not self.game.checks_turns:
            await self._status(f"{self.game.title} cannot check turns.")
            return None
        if self.last_after is None:
            await self.connector.apply([Say(text="Bot: no bot turn yet to compare your turn with.", color=BOT_COLOR)])
            return None
        legal, lines = self.game.check_turn(self.last_after, await self.connector.snapshot())
        color = BOT_COLOR if legal else "Red"
        await self.connector.apply([Say(text=f"Bot: {line}", color=color) for line in lines])
        await self._status("Your turn checks out." if legal else "Your turn has a problem (see chat).")
        return legal

    async def _status(self, text: str) -> None:
        await self.connector.status(text)

    async def heartbeat(self, interval: float) -> None:
        """Ping the connector every ``interval`` seconds; say so when TTS goes silent, and when it is back."""
        silent = False
        while True:
            await asyncio.sleep(interval)
            try:
                await self.connector.call("ping", timeout=interval)
            except (RequestTimeout, TTSUnavailable) as exc:
                if not silent:
                    log.warning("TTS is not answering (%s). If it stays silent, restart Tabletop Simulator.", exc)
                silent = True
            except LinkError:
                continue  # a reload mid-ping: the next ping tells
            else:
                if silent:
                    log.warning("TTS answers again.")
                silent = False
            self.silent = silent
