"""A bot turn end to end: snapshot -> read -> decide -> plan -> apply -> reasons in chat.

:func:`plan_turn` is the pure part (no I/O), shared by ``automa decide`` on a save file and by the live
:class:`Session`. Nothing is moved when the table cannot be read, has drifted from its table profile since the last
turn (engines/drift.py), or holds a locked piece the turn would move; the problems go to chat and the panel instead.
A piece found elsewhere than the bot put it once its moves end (a mod's script that moves it back) fails the turn,
named (bridge/verify.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bridge.commands import BOT_COLOR, PERSON_COLOR, BatchFailed, Command, Say, batch_to_json
from bridge.connector import BatchProgress, BatchUnconfirmed, Connector, ConnectorEvent
from bridge.errors import AutomaError, UsageError
from bridge.link import LinkError, RequestTimeout, TTSUnavailable, WorldReset
from bridge.modcheck import board_mismatches
from bridge.table import Table
from bridge.verify import locked_pieces, moved_after
from engines import registry
from engines.base import Decision, Game, Options, PersonMove, ReadError
from engines.drift import Watch, namer
from engines.profile import needs_looks

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PlannedDecision:
    decision: Decision[Any]
    commands: list[Command]


@dataclass(frozen=True)
class Stop:
    """Where a batch stopped: ``applied`` commands were carried out, and why the next one was not."""

    applied: int
    reason: str


@dataclass(frozen=True)
class TurnPlan:
    game: str
    seed: int
    difficulty: str
    steps: list[PlannedDecision] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # why the table could not be read
    stopped: Stop | None = None  # set on a turn whose moves stopped part-way

    @property
    def ok(self) -> bool:
        return not self.problems

    def owned_batch(self) -> list[tuple[int, Command]]:
        """Each decision's moves, then its reason in chat (so the chat never announces a decision that then does
        not happen), each command with the index of its decision."""
        out: list[tuple[int, Command]] = []
        for i, step in enumerate(self.steps):
            out.extend((i, c) for c in step.commands)
            out.append((i, Say(text=f"Bot: {step.decision.reason}", color=BOT_COLOR)))
        return out

    def batch(self) -> list[Command]:
        return [c for _, c in self.owned_batch()]

    def progress(self, applied: int) -> tuple[list[int], list[tuple[int, int, int]], list[int]]:
        """After ``applied`` commands of :meth:`batch`: the decisions carried out, those partly carried out (index,
        moves done, moves in all) and those not carried out at all."""
        done, partly, untouched = [], [], []
        for i, step in enumerate(self.steps):
            first = sum(len(s.commands) + 1 for s in self.steps[:i])
            moves = len(step.commands)
            made = max(0, min(applied - first, moves))
            if made == moves and (moves or applied > first):
                done.append(i)
            elif made:
                partly.append((i, made, moves))
            else:
                untouched.append(i)
        return done, partly, untouched

    def stop_report(self, stop: Stop) -> tuple[str, list[str]]:
        """What the panel and the chat say of a stopped batch: which decisions were carried out and which not."""
        done, partly, untouched = self.progress(stop.applied)

        def listed(indexes: list[int]) -> str:
            return "; ".join(f"{i + 1}. {self.steps[i].decision.reason.text}" for i in indexes)

        lines = [f"Bot: my moves stopped: {stop.reason}."]
        if done:
            lines.append(f"Bot: carried out: {listed(done)}")
        for i, made, moves in partly:
            lines.append(
                f"Bot: only partly carried out ({made} of {moves} moves): {listed([i])}. Set it right by hand."
            )
        if untouched:
            lines.append(f"Bot: not carried out: {listed(untouched)}")
        panel = f"Stopped after {len(done)} of {len(self.steps)} decision(s): {stop.reason}"
        return panel, lines

    def to_json(self) -> dict[str, Any]:
        data = {
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
        if self.stopped is not None:
            done, partly, _ = self.progress(self.stopped.applied)
            data["stopped"] = {
                "reason": self.stopped.reason,
                "carried_out": [i + 1 for i in done],
                "partly": [i + 1 for i, _, _ in partly],
            }
        return data


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
    button: str = "",
) -> TurnPlan:
    """The bot's whole turn for a table, without touching it. ``seed`` fixes every chance draw; ``button``: the
    game's panel button pressed (see :class:`~engines.base.Options`)."""
    return plan_turn_with_state(game, table, seed=seed, difficulty=difficulty, rules=rules, button=button)[0]


def plan_turn_with_state(
    game: Game[Any, Any],
    table: Table,
    *,
    seed: int | None = None,
    difficulty: str = "",
    rules: dict[str, Any] | None = None,
    button: str = "",
) -> tuple[TurnPlan, Any]:
    """:func:`plan_turn`, and what the turn leaves on the table (the game's ``after_turn``; None when the table
    could not be read)."""
    seed = random.randrange(1 << 31) if seed is None else seed
    difficulty = difficulty or game.default_difficulty
    if difficulty not in game.difficulties:
        raise UsageError(f"{game.name} has no difficulty {difficulty!r}; choose from {', '.join(game.difficulties)}")
    try:
        state = registry.read_table(game, table)
    except ReadError as exc:
        return TurnPlan(game.name, seed, difficulty, problems=[str(p) for p in exc.problems]), None
    decisions = game.decide(state, random.Random(seed), Options(difficulty, rules or {}, button))
    steps = [PlannedDecision(d, game.plan(state, d, table)) for d in decisions]
    return TurnPlan(game.name, seed, difficulty, steps), game.after_turn(state, decisions)


def _why_not_shown(exc: Exception, timeout: float) -> str:
    """Why a best-effort word to TTS did not arrive: a timeout's own text is empty (the line once ended ": ")."""
    if isinstance(exc, TimeoutError):
        return f"TTS did not answer within {timeout:g} s"
    return str(exc) or type(exc).__name__


class TurnFailed(AutomaError, RuntimeError):
    """The bot's turn did not happen as planned; it has been reported everywhere already (chat, panel, terminal,
    dashboard)."""


@dataclass
class _Unconfirmed:
    """A turn whose moves TTS stopped reporting on: recorded once TTS says how the batch ended."""

    plan: TurnPlan
    after: Any
    batch: BatchProgress


class Session:
    """Serves bot-turn requests from the mod's panel for one game on one live table.

    Whatever a turn raises is reported where the person looks (the chat, the panel's status line, the terminal and
    the dashboard's log), and the bot stays ready for the next press. A batch that TTS stops reporting on is
    remembered, and settled when TTS tells how it ended, so a turn is never lost or doubled.
    """

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
        connector.looks = needs_looks(game.profile)  # what the game's table profile matches on, the snapshot carries
        self.difficulty = game.default_difficulty
        # where the level in force came from: "table" until one is said in this run (the bot plays the level the
        # table records, if its game keeps one, so a restarted bridge does not change it unasked); "panel" (TTS's
        # dropdown, also sent with each Bot turn); "fixed" (``serve --difficulty`` or the page), which the panel's
        # Bot turn does not override until the person changes that dropdown
        self.difficulty_source: Literal["table", "panel", "fixed"] = "table"
        self.rules: dict[str, Any] = {}  # the bot's named options for every turn (``automa serve --option``)
        self.seeds = random.Random(seed)  # the chance of every bot turn and move of the person's, in order
        self.listeners: list[Callable[[TurnPlan], None]] = [on_turn] if on_turn else []
        # (kind, text): "error", "notice", "check" (a line of Check my turn) or "connection" (see heartbeat)
        self.notice_listeners: list[Callable[[str, str], None]] = []
        self.paused = False  # from the dashboard: bot-turn requests from the table are declined
        self.turns: list[TurnPlan] = []
        # every bot turn of this game as the page lists it (JSON, numbered from 1): kept whole in a saved game
        self.played: list[dict[str, Any]] = []
        # told after each bot turn, move of the person's and new game: what a saved game is written on
        self.change_listeners: list[Callable[[], None]] = []
        self.silent = False  # the heartbeat's last finding
        self.last_after: Any = None  # what the last turn (the bot's, or a move of the person's) left on the table
        self.bot_left: Any = None  # what the bot's last turn left, for "Check my turn"
        self.last_failure: str | None = None
        self.unlisted: str | None = None  # why the person's moves cannot be listed now (a move half made by hand)
        self.unconfirmed: _Unconfirmed | None = None
        self.drift = Watch()  # what the mod's table looked like at the bot's last turn (a table read by a profile)
        self._lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        connector.settled_listeners.append(self._on_settled)

    @property
    def busy(self) -> bool:
        """A turn, or a move of the person's, is being carried out."""
        return self._lock.locked()

    async def replace_game(self, game: Game[Any, Any]) -> None:
        """Swap in new rules between bot turns (never during one)."""
        async with self._lock:
            self.game = game

    async def run(self) -> None:
        """Handle panel events until cancelled, each as it comes: a second press of Bot turn during a turn is
        declined with a notice (a double click must not give the bot two turns), not queued."""
        handlers: set[asyncio.Task[None]] = set()
        try:
            while True:
                event = await self.connector.events.get()
                task = asyncio.ensure_future(self.handle(event))
                handlers.add(task)
                task.add_done_callback(handlers.discard)
                await asyncio.sleep(0)  # let it start (and take the turn's lock) before the next event is read
        finally:
            for task in handlers:
                task.cancel()

    async def handle(self, event: ConnectorEvent) -> None:
        """One event from the table's panel; never raises (a failure is reported and the bot stays ready)."""
        try:
            await self._handle(event)
        except Exception as exc:  # a bug or a fault nobody foresaw must not stop the event loop
            await self._fault(f"'{event.name}' from the table", exc)

    async def _handle(self, event: ConnectorEvent) -> None:
        if event.name == "hello":  # the mod (re)loaded: tell the player the bridge is there
            with contextlib.suppress(LinkError):
                await self._status(f"Bridge connected: {self.game.title}")
        elif event.name == "difficulty" and event.fields.get("difficulty") in self.game.difficulties:
            self.difficulty = str(event.fields["difficulty"])
            self.difficulty_source = "panel"
            await self.difficulty_chosen()
        elif event.name == "check_turn":
            await self.press_check_turn()
        elif event.name == "button":
            if not await self._declined_while_paused():  # a game button ends in a bot turn: paused alike
                await self.press_button(str(event.fields.get("button") or ""))
        elif event.name == "bot_turn":
            wanted = str(event.fields.get("difficulty") or "")
            if wanted in self.game.difficulties and self.difficulty_source != "fixed":
                self.difficulty, self.difficulty_source = wanted, "panel"
            if not await self._declined_while_paused():
                await self.bot_turn()
        elif event.name == "boards":
            await self.check_boards(event.fields.get("boards"))
        elif event.name in self.game.table_events:
            await self.table_event(event.name, event.fields)

    async def difficulty_chosen(self) -> list[str]:
        """What the game says of the difficulty just chosen (what it will change on this table, and what it cannot),
        said where the person looks; the lines. A courtesy: the bot's next turn says it too, so a table TTS does not
        send now is passed over (in the terminal's log)."""
        try:
            table = await self.connector.snapshot()
        except LinkError as exc:
            log.info("the difficulty's effect is not said now: %s", exc)
            return []
        lines = self.game.difficulty_chosen(table, Options(self.difficulty, self.rules))
        for line in lines:
            await self._report(line, kind="notice")
        return lines

    async def check_boards(self, measured: Any) -> list[str]:
        """The connector measured the boards as TTS drew them: any not the size the build assumed is reported where
        the person looks (panel, chat, dashboard, terminal)."""
        warnings = board_mismatches(measured, await self.connector.snapshot())
        for text in warnings:
            await self._report(text, kind="notice")
        return warnings

    async def table_event(self, name: str, fields: dict[str, Any]) -> tuple[bool, list[str]]:
        """An event of the game's own mod script (Heroes' map editor): the game's answer, in the chat (red when the
        game refused it) and the log."""
        table = await self.connector.snapshot()
        ok, lines = self.game.table_event(name, fields, table)
        for line in lines:
            self.notify("notice" if ok else "error", line)
        await self.connector.apply([Say(text=f"Bot: {line}", color=BOT_COLOR if ok else "Red") for line in lines])
        return ok, lines

    async def _declined_while_paused(self) -> bool:
        if self.paused:
            await self._status("The bot is paused (from the dashboard).")
        return self.paused

    async def press_button(self, key: str) -> TurnPlan | None:
        """A press of one of the game's own panel buttons: the person's move it stands for (if any), then the bot's
        turn. Never raises: a move that cannot be made is reported and the bot does not move."""
        first = self.game.button(key)
        if first is None:
            await self._report(f"The panel's button {key!r} means nothing to {self.game.title}.", kind="notice")
            return None
        if first:
            move = next((m for m in await self.person_moves() if m.label == first), None)
            failure = (
                f"'{first}' is not one of your moves now" if move is None else await self.person_move(move.id, first)
            )
            if failure is not None:
                await self._report(f"The button did nothing: {failure}.", kind="notice")
                return None
        return await self.bot_turn(button=key)

    async def bot_turn(self, *, button: str = "") -> TurnPlan | None:
        """A press of Bot turn (on the panel or the dashboard), or of a game's own button (``button``, its key).
        Never raises: None when the turn did not happen, with the reason in :attr:`last_failure` and reported
        everywhere."""
        if self._lock.locked():
            await self._report("The bot is already taking its turn; wait for it to finish.", kind="notice")
            return None
        try:
            plan = await self.take_turn(button=button)
        except TurnFailed as exc:
            self.last_failure = str(exc)
            return None
        except Exception as exc:
            await self._fault("The bot's turn", exc)
            return None
        self.last_failure = None
        return plan

    async def press_check_turn(self) -> bool | None:
        """A press of Check my turn (on the panel or the dashboard); never raises."""
        self.last_failure = None
        try:
            return await self.check_turn()
        except Exception as exc:
            await self._fault("Checking your turn", exc)
            return None

    async def take_turn(self, *, attempts: int = 3, button: str = "") -> TurnPlan:
        """One bot turn. A reload mid-turn restarts it from a fresh snapshot (commands re-planned from the
        table as it now is, so a move already made is not made twice). Raises :class:`TurnFailed` (already
        reported) when the moves stopped or TTS went quiet, and other errors for the caller to report."""
        async with self._lock:
            if self.unconfirmed is not None:
                await self._resolve_unconfirmed(self.unconfirmed)
            for attempt in range(1, attempts + 1):
                try:
                    return await self._turn(button)
                except WorldReset:
                    log.warning("the game reloaded during the bot's turn (attempt %d); starting again", attempt)
            raise LinkError(f"the game kept reloading; the bot's turn was abandoned after {attempts} attempts")

    async def _turn(self, button: str = "") -> TurnPlan:
        await self._status("Reading the table...")
        table = await self.connector.snapshot()
        if self.difficulty_source == "table":
            recorded = self.game.recorded_difficulty(table)
            if recorded in self.game.difficulties:
                self.difficulty = str(recorded)
        seed = self.seeds.randrange(1 << 31)
        drift = self.drift.changes(self.game, table)
        if drift:  # the table left its profile: said as what cannot be read, and nothing is moved
            plan, after = TurnPlan(self.game.name, seed, self.difficulty, problems=drift), None
        else:
            plan, after = plan_turn_with_state(
                self.game, table, seed=seed, difficulty=self.difficulty, rules=self.rules, button=button
            )
        log.debug("bot turn: seed %d, difficulty %s", plan.seed, plan.difficulty)
        locked = locked_pieces(plan.batch(), table, namer(self.game, table)) if plan.ok else []
        if locked:  # moving it would fight the mod (or the person) that keeps it there: no move is made
            plan = replace(
                plan, steps=[], problems=[f"{line}; unlock it, then press Bot turn again" for line in locked]
            )
        if not plan.ok:
            await self._say_problems(plan.problems, "Nothing moved: ", "Bot cannot move" if locked else "")
            self._record(plan, None)
            return plan
        await self._status("Moving...")
        try:
            done = await self.connector.apply(plan.batch())
        except BatchFailed as exc:
            raise TurnFailed(await self._stopped(plan, Stop(exc.applied, exc.reason))) from None
        except BatchUnconfirmed as exc:
            self.unconfirmed = _Unconfirmed(plan, after, exc.progress)
            text = (
                f"{exc}. If the pieces are still moving, wait: the turn counts once TTS reports its end. If TTS "
                "stays silent, restart it."
            )
            await self._report(text)
            raise TurnFailed(text) from None
        await self._moved_after(plan, table, done.results)
        self.drift.played(self.game, table)
        await self._status(f"Done: {len(plan.steps)} decision(s). Your turn.")
        self._record(plan, after)
        return plan

    def _record(self, plan: TurnPlan, after: Any) -> None:
        if plan.ok and plan.stopped is None:
            self.last_after = self.bot_left = after
        self.turns.append(plan)
        self.played.append({"number": len(self.played) + 1, **plan.to_json()})
        for listener in list(self.listeners):
            listener(plan)
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.change_listeners):
            listener()

    async def _stopped(self, plan: TurnPlan, stop: Stop) -> str:
        """A batch that stopped part-way: say which decisions were carried out and which were not (the panel's
        words are returned)."""
        panel, lines = plan.stop_report(stop)
        self._record(replace(plan, stopped=stop), None)
        log.error("%s", " ".join(lines))
        self.last_failure = panel
        self.notify("error", " ".join(lines))
        await self._best_effort(self._status(panel), self.connector.apply([Say(text=t, color="Red") for t in lines]))
        return panel

    async def _moved_after(self, plan: TurnPlan, before: Table, results: list[Any]) -> None:
        """The table read again once the moves ended: a piece something moved after the bot placed it (a mod's
        script that moves pieces back) fails the turn, named where the person looks, and is not counted played. The
        moves are made: a table that cannot be read again now (a reload) leaves them unchecked, never played twice."""
        try:
            after = await self.connector.snapshot()
        except LinkError as exc:
            log.warning("the bot's moves were not checked on the table afterwards: %s", exc)
            return
        moved = moved_after(plan.batch(), results, before, after, namer(self.game, after))
        if moved:
            reason = f"{moved[0]}{f' (and {len(moved) - 1} more)' if len(moved) > 1 else ''}"
            self._record(replace(plan, stopped=Stop(len(plan.batch()), reason)), None)
            lines = [f"Bot: {line}." for line in moved] + ["Bot: set it right by hand, then press Bot turn again."]
            self.last_failure = f"My moves were undone: {reason}"
            log.error("%s", " ".join(lines))
            self.notify("error", " ".join(lines))
            await self._best_effort(
                self._status(self.last_failure[:200]), self.connector.apply([Say(text=t, color="Red") for t in lines])
            )
            raise TurnFailed(self.last_failure)

    # --- a batch TTS stopped reporting on --------------------------------------------------------------

    def _on_settled(self, batch: BatchProgress) -> None:
        pending = self.unconfirmed
        if pending is not None and pending.batch is batch:
            self.unconfirmed = None
            self._spawn(self._settle(pending))

    async def _settle(self, pending: _Unconfirmed) -> None:
        """TTS told, late, how an unconfirmed batch ended: record the turn, or say where it stopped."""
        batch = pending.batch
        if batch.state == "finished":
            self._record(pending.plan, pending.after)
            text = f"The bot's moves finished after all: {len(pending.plan.steps)} decision(s). Your turn."
            await self._report(text, kind="notice", chat=False)
        else:
            await self._stopped(pending.plan, Stop(batch.done, batch.reason or "TTS stopped them"))

    async def _resolve_unconfirmed(self, pending: _Unconfirmed) -> None:
        """Before a new turn: ask TTS how the last unconfirmed batch stands. A new turn starts only on a later
        press, once the person has seen how the last one ended."""
        batch = await self.connector.batch_status(pending.batch, timeout=self._short_timeout())
        if not batch.settled:
            text = (
                f"The bot's last moves are still being carried out ({batch.done} of {batch.total} commands done); "
                "press Bot turn again once they finish."
            )
            await self._report(text, kind="notice")
            raise TurnFailed(text)
        await asyncio.gather(*list(self._tasks))  # the settle report the batch's end has just set off
        text = "The bot's last turn has now ended (see chat); press Bot turn again for a new turn."
        await self._report(text, kind="notice", chat=False)
        raise TurnFailed(text)

    # --- reporting ---------------------------------------------------------------------------------------

    async def _fault(self, what: str, exc: Exception) -> None:
        """Say a failure where the person looks and keep the bot ready. The project's errors (the root,
        :class:`bridge.errors.AutomaError`) are the person's to act on and are said as they are; anything else,
        a plain ``ValueError`` too, is a bug: named with its type, and its traceback logged for the terminal."""
        if isinstance(exc, AutomaError):
            text = f"{what} failed: {exc}"
            log.error("%s", text)
        else:
            text = f"{what} failed with an internal error ({type(exc).__name__}: {exc}); the terminal has details"
            log.exception("%s", text)
        self.last_failure = text
        await self._report(text, log_it=False)

    async def _report(self, text: str, *, kind: str = "error", chat: bool = True, log_it: bool = True) -> None:
        """Say ``text`` where the person looks: the terminal, the dashboard, the panel's status and the chat.
        TTS may be the thing that failed, so its part is tried briefly and may not arrive."""
        text = " ".join(text.split())[:600]
        if log_it:
            (log.error if kind == "error" else log.info)("%s", text)
        self.notify(kind, text)
        jobs: list[Coroutine[Any, Any, Any]] = [self._status(text[:200])]
        if chat:
            jobs.append(self.connector.apply([Say(text=f"Bot: {text}", color="Red" if kind == "error" else BOT_COLOR)]))
        await self._best_effort(*jobs)

    async def _best_effort(self, *jobs: Coroutine[Any, Any, Any]) -> None:
        timeout = self._short_timeout()
        results = await asyncio.gather(*(asyncio.wait_for(job, timeout) for job in jobs), return_exceptions=True)
        for result in results:
            if isinstance(result, Exception):
                log.info("could not show it in TTS as well: %s", _why_not_shown(result, timeout))

    def notify(self, kind: str, text: str) -> None:
        """Tell the page (and whoever listens) ``text``, of ``kind`` (see :attr:`notice_listeners`)."""
        for listener in list(self.notice_listeners):
            listener(kind, text)

    def _short_timeout(self) -> float:
        return min(3.0, self.connector.timeout or self.connector.link.timeout)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- the person's moves, without TTS ---------------------------------------------------------------

    async def person_moves(self, table: Table | None = None) -> list[PersonMove]:
        """The person's legal moves on the table now (games with ``plays_person``); empty when it is not their
        turn or the table cannot be read."""
        self.unlisted = None
        if not self.game.plays_person:
            return []
        table = table or await self.connector.snapshot()
        if table.problems:
            return []
        try:
            return self.game.person_moves(self.last_after, table)
        except (ReadError, ValueError) as exc:  # the table cannot be read, or no longer matches the last move
            log.info("no moves to list for the person: %s", exc)
            self.unlisted = str(exc)  # the page says why its list is empty, not only the log
            return []

    async def person_move(self, move_id: str, label: str) -> str | None:
        """Carry out one of the person's moves (chosen from :meth:`person_moves` by id, checked by its label, as the
        table may have changed since the list was made). Never raises: an error text, or None."""
        if self._lock.locked():
            return "the bot is taking its turn; wait for it to finish"
        async with self._lock:
            try:
                table = await self.connector.snapshot()
                moves = {m.id: m for m in await self.person_moves(table)}
                if moves.get(move_id, PersonMove("", "")).label != label:
                    return f"'{label}' is not one of your moves now (the table changed?): choose again"
                commands, after = self.game.play_person(self.last_after, table, move_id, self.seeds)
                # the person's line first: the game may follow the move with the bot's answers, each said in chat
                await self.connector.apply([Say(text=f"You: {label}", color=PERSON_COLOR), *commands])
                await self._status(f"You: {label}"[:200])  # the panel said "Your turn." since the bot's last turn
            except Exception as exc:
                await self._fault(f"Your move '{label}'", exc)
                return self.last_failure
        self.last_after = after
        self._changed()
        self.notify("move", f"you: {label}")
        for command in commands:
            if isinstance(command, Say) and command.text.startswith("Bot: "):
                self.notify("move", command.text[0].lower() + command.text[1:])
        return None

    async def check_turn(self) -> bool | None:
        """Report in chat whether the person's changes since the bot's turn are one legal turn."""
        if not self.game.checks_turns:
            await self._status(f"{self.game.title} cannot check turns.")
            return None
        if self.bot_left is None:
            await self.connector.apply([Say(text="Bot: no bot turn yet to compare your turn with.", color=BOT_COLOR)])
            return None
        table = await self.connector.snapshot()
        if table.problems:
            await self._say_problems(table.problems)
            return None
        legal, lines = self.game.check_turn(self.bot_left, table)
        for line in lines:
            self.notify("check", line)
        color = BOT_COLOR if legal else "Red"
        await self.connector.apply([Say(text=f"Bot: {line}", color=color) for line in lines])
        # the status says what the chat's first line says (never "checks out" over "nothing has changed")
        first = lines[0] if lines else "Your turn checks out." if legal else "Your turn has a problem."
        await self._status(first[:200] if legal else f"{first[:160]} (see chat)")
        return legal

    async def new_game(self, deal: Callable[[], Awaitable[str]]) -> str:
        """Deal a fresh table (``deal``, which says where) and keep nothing of the last game's turns: one step that no
        turn or move of the person's, from the page or the table's panel, runs beside."""
        async with self._lock:
            where = await deal()
            self._forget_game()
        self._changed()
        return where

    def _forget_game(self) -> None:
        self.drift.forget()
        self.last_after = self.bot_left = None
        self.turns.clear()
        self.played.clear()  # in place: the page's state holds this list
        self.unconfirmed = None
        self.last_failure = None

    async def _say_problems(self, problems: Sequence[str], prefix: str = "", lead: str = "") -> None:
        lead = lead or "Bot cannot read the table"
        await self.connector.apply([Say(text=f"{lead}: {p}", color="Red") for p in problems])
        await self._status(f"{prefix}{len(problems)} problem(s) on the table (see chat)")

    async def _status(self, text: str) -> None:
        await self.connector.status(text)

    async def heartbeat(self, interval: float) -> None:
        """Ping the connector every ``interval`` seconds; say so when TTS goes silent, and when it is back (in the
        terminal, and to the dashboard, whose connection badge turns red)."""
        while True:
            await asyncio.sleep(interval)
            try:
                await self.connector.call("ping", timeout=interval)
            except (RequestTimeout, TTSUnavailable) as exc:
                if not self.silent:
                    text = f"TTS is not answering ({exc}). If it stays silent, restart Tabletop Simulator."
                    log.warning("%s", text)
                    self.silent = True
                    self.notify("connection", text)
            except LinkError:
                continue  # a reload mid-ping: the next ping tells
            else:
                if self.silent:
                    log.warning("TTS answers again.")
                    self.silent = False
                    self.notify("connection", "TTS answers again.")
