"""What the dashboard shows, kept current from the link and the session, and the controls it offers.

The state is one JSON document; every change bumps its version and wakes the server, which pushes the whole
document to each page (it is small, and a page that reconnects needs all of it anyway).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bridge.dashboard.touch import BadAction, HandTable, Touchable
from bridge.link import Link, LinkError
from bridge.protocol import FromTTS, GameLoaded, LuaError, Printed
from bridge.session import Session, TurnPlan
from engines import registry
from engines.base import Game, Options, PersonMove, ReadError

log = logging.getLogger(__name__)
LOG_LIMIT = 200

Dealer = Callable[[int], Awaitable[str]]  # deals a fresh table with a seed; says where it came from


def emulator_dealer(emulator: Any, game: Game[Any, Any], link: Link, assets: dict[str, str] | None = None) -> Dealer:
    """New game, for the emulator: a fresh set-up loaded as a person loads a save, the bridge's link told of it
    before the page reads the table again (``emulator``: a tools.emulator.Emulator; duck-typed so that the bridge
    does not import the emulator; ``assets``: the images the first table was built with)."""
    from bridge.modbuild import build_save

    async def deal(seed: int) -> str:
        before = link.last_loaded
        path = f"<fresh {game.name} table, seed {seed}>"
        await emulator.load(build_save(game, assets, seed=seed), path)
        for _ in range(500):  # the load's announcement travels the wire like any message (a few ms)
            if link.last_loaded is not before:
                break
            await asyncio.sleep(0.02)
        return path

    return deal


class Dashboard:
    def __init__(self, session: Session, link: Link, *, mode: str) -> None:
        self.session, self.link = session, link
        game = session.game
        self.state: dict[str, Any] = {
            "connection": {
                "mode": mode,
                "game_loaded": link.last_loaded is not None,
                "save_path": (link.last_loaded.savePath or "") if link.last_loaded else "",
                "game": game.name,
                "title": game.title,
                "sample": _on_sample(game),
                "answering": True,  # the heartbeat's finding: the connector answers pings
                "touch": False,  # the page shows the table itself and the person moves its pieces (emulator)
            },
            "bot": {
                "paused": False,
                "busy": False,
                "difficulty": session.difficulty,
                "difficulties": list(game.difficulties),
                "checks_turns": game.checks_turns,
                "buttons": [  # the game's own, with what a press does
                    {"key": key, "label": label, "help": game.button_help.get(key, "")} for key, label in game.buttons
                ],
                "map_editor": "drawing" in game.table_events,  # the page's map editor (Heroes)
                "status": "",  # the table panel's status line (echoed from the emulator)
                "bot_turn_button": game.bot_turn_button,
                # why each press (""; Bot turn, or a game button's key) is not the bot's to take now; absent: it is
                "refused": {},
                "new_game": False,  # New game deals a fresh table (with the emulator)
            },
            "table": None,
            # the person's moves, for play without TTS, and why none are listed when a game cannot list them
            "person": {"plays": game.plays_person, "moves": [], "unlisted": None},
            "end": None,  # how the game ended, as soon as the table shows it
            "last_turn": session.played[-1] if session.played else None,  # a resumed game's too
            "turns": session.played,  # every bot turn of this game, the newest last (the session's own list)
            "calibration": None,  # automa adopt's question, progress and replies (bridge/calibrate.py's state)
            "banners": {},  # what stays wrong until fixed, shown above the page (automa dev's failed rules reload)
            "log": [],
        }
        self.version = 0
        self.changed = asyncio.Event()
        self._remove: Callable[[], None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._reading = asyncio.Lock()
        self._view: Any = None  # the game's reading of the table, for whose turn it is
        self._moves: list[PersonMove] = []
        self._unread: str | None = None  # why the last read of the table failed, said once in the terminal
        self.deal: Dealer | None = None
        self.hands: HandTable | None = None  # the table the person touches (with the emulator)
        self.view_changed = asyncio.Event()  # a hand action was carried out: look at the table at once
        self.asker: Any = None  # automa adopt's calibration, when one runs

    def can_deal(self, deal: Dealer | None) -> None:
        """Offer New game on the page (``deal``: e.g. :func:`emulator_dealer`)."""
        self.deal = deal
        self.state["bot"]["new_game"] = deal is not None

    def can_touch(self, table: Touchable | None) -> None:
        """Show the table itself on the page and let the person move its pieces (``table``: e.g. the emulator)."""
        self.hands = HandTable(table) if table is not None else None
        self.state["connection"]["touch"] = table is not None

    def can_calibrate(self, asker: Any) -> None:
        """Show ``automa adopt``'s calibration on the page, with Skip and Stop (``asker``: a bridge.calibrate.Asker,
        duck-typed: ``state()``, ``listeners``, ``answers``)."""
        self.asker = asker
        self.state["calibration"] = asker.state()
        asker.listeners.append(self._on_calibration)
        self._touch()

    def _on_calibration(self, state: dict[str, Any]) -> None:
        said = self.state["calibration"]
        self.state["calibration"] = state
        if state["said"] and (said is None or said["said"] != state["said"]):
            last = state["said"][-1]
            self.log("calibrate" if last["ok"] else "refused", last["text"])
        self._touch()

    def start(self) -> None:
        self._remove = self.link.add_listener(self._on_message)
        self.session.listeners.append(self._on_turn)
        self.session.notice_listeners.append(self._on_notice)

    def stop(self) -> None:
        if self._remove:
            self._remove()
        if self._on_turn in self.session.listeners:
            self.session.listeners.remove(self._on_turn)
        if self._on_notice in self.session.notice_listeners:
            self.session.notice_listeners.remove(self._on_notice)
        for task in self._tasks:
            task.cancel()

    def document(self) -> dict[str, Any]:
        """The state as pages get it (the difficulty and pause may also change from the TTS panel)."""
        self.state["bot"].update(difficulty=self.session.difficulty, paused=self.session.paused)
        return {"version": self.version, **self.state}

    def _touch(self) -> None:
        self.version += 1
        self.changed.set()

    def log(self, kind: str, text: str) -> None:
        entries = self.state["log"]
        entries.append({"kind": kind, "text": text, "time": time.strftime("%H:%M:%S")})
        del entries[:-LOG_LIMIT]
        self._touch()

    def banner(self, key: str, text: str | None) -> None:
        """Show ``text`` above the page until the same ``key`` is cleared (None): a failure that lasts, such as a
        rules reload that failed, must not scroll away in the log while the old rules play on."""
        banners = self.state["banners"]
        if banners.get(key) == text:  # (None for one not shown)
            return
        if text is None:
            del banners[key]
        else:
            banners[key] = text
        self._touch()

    def on_echo(self, kind: str, text: str) -> None:
        """What players of the emulated game read: chat lines go to the log, the panel's status beside the
        controls."""
        if kind == "panel":
            self.state["bot"]["status"] = text
            self._touch()
        elif not text.startswith(("Bot: ", "You: ")):  # the bot's and the person's lines are logged as such already
            self.log(kind, text)

    def _on_notice(self, kind: str, text: str) -> None:
        if kind == "connection":
            self.state["connection"]["answering"] = not self.session.silent
        self.log(kind, text)

    def _on_message(self, message: FromTTS) -> None:
        if isinstance(message, GameLoaded):
            self.state["connection"].update(game_loaded=True, save_path=message.savePath or "")
            self.log("load", f"game loaded{': ' + message.savePath if message.savePath else ''}")
            self._spawn(self.refresh_table())
        elif isinstance(message, Printed):
            self.log("print", message.message)
        elif isinstance(message, LuaError):
            self.log("error", f"{message.errorMessagePrefix}{message.error}")

    def _on_turn(self, plan: TurnPlan) -> None:
        """The turn for its panel, and one log line per decision (a turn of twenty moves stays readable)."""
        data = self.state["last_turn"] = self.session.played[-1]
        stopped = f", stopped: {plan.stopped.reason}" if plan.stopped else ""
        self.log("turn", f"bot turn (seed {plan.seed}, {plan.difficulty}{stopped})")
        for problem in plan.problems:
            self.log("error", f"cannot read the table: {problem}")
        for number, decision in enumerate(data["decisions"], 1):
            self.log("decision", f"{number}. {decision['reason']} [{decision['rule']}]")
        self._spawn(self.refresh_table())

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def refresh_table(self) -> None:
        """Read the live table as the bot would, for the drawing."""
        async with self._reading:  # one at a time, in the order asked: an older read never lands after a newer one
            before = (self.state["table"], dict(self.state["person"]))
            try:
                # the page's poll reads what TTS's events touched (a person's move and a bot turn read the exact
                # differences)
                table = await self.session.connector.snapshot(changes=True)
                moves = await self.session.person_moves(table)
                self.state["person"]["moves"] = [{"id": m.id, "label": m.label, "group": m.group} for m in moves]
                self.state["person"]["unlisted"] = self.session.unlisted
                game = self.session.game
                view = registry.read_table(game, table)
                self.state["table"] = {"drawing": game.describe_table(view), "problems": []}
                self._view, self._moves = view, moves
                said = self.state["end"]
                self._judge()
                end = self.state["end"]
                if end is not None and (said is None or said["headline"] != end["headline"]):
                    await self._announce_end(end)  # the end, or the winner named once the person's count is made
            except ReadError as exc:
                self.state["table"] = {"drawing": None, "problems": [str(p) for p in exc.problems]}
                self._view, self._moves = None, []
                self.state["end"], self.state["bot"]["refused"] = None, {}
            except LinkError as exc:
                if str(exc) != self._unread:  # once, not at every poll (a broken connector fails each at once)
                    log.info("dashboard could not read the table: %s", exc)
                self._unread = str(exc)
                return
            self._unread = None
            if (self.state["table"], self.state["person"]) != before:  # pages hear of changes only
                self._touch()

    async def _announce_end(self, end: dict[str, Any]) -> None:
        """The end in the log and on the table's panel, whose status still said "Your turn" after the last move."""
        score = f"; {end['score']}" if end["score"] else ""
        self.log("end", f"game over: {end['headline']} ({end['why']}{score})")
        with contextlib.suppress(LinkError):
            await self.session.connector.status(f"Game over · {end['headline']}"[:200])

    def _judge(self) -> None:
        """Whether the game has ended, and which presses are not the bot's to take, from the last reading."""
        game, view = self.session.game, self._view
        end = game.outcome(view, Options(self.session.difficulty, self.session.rules), self.session.last_after)
        self.state["end"] = end.to_json() if end else None
        refused: dict[str, str] = {}
        for key in ["", *(k for k, _ in game.buttons)]:
            if end:
                refused[key] = f"the game is over: {end.winner} ({end.why})"
            elif self.state["connection"]["mode"] == "emulator" and (why := game.refuse_press(view, self._moves, key)):
                # with TTS the person moves by hand, and the listing cannot tell whether their turn is done: the
                # page then leaves the press to them (a double click still plays once)
                refused[key] = why
        self.state["bot"]["refused"] = refused

    async def poll(self, interval: float, watching: Callable[[], bool]) -> None:
        """Read the table every ``interval`` seconds while ``watching()`` (a page is open) and the bot is not
        playing: a piece a person moves by hand in TTS shows without a bot turn."""
        while True:
            await asyncio.sleep(interval)
            if watching() and not self.session.busy and not self.session.silent:
                await self.refresh_table()

    # --- controls -------------------------------------------------------------------------------------------

    async def control(self, message: dict[str, Any]) -> str | None:
        """Carry out a control from a page; an error text, or None."""
        kind = message.get("type")
        bot = self.state["bot"]
        if kind in ("bot_turn", "button"):
            key = str(message.get("key", ""))[:40] if kind == "button" else ""
            if kind == "button" and key not in dict(self.session.game.buttons):
                return f"{self.session.game.title} has no button {key!r}"
            if bot["busy"]:
                return "the bot is already taking a turn: one press, one turn"
            if self.session.paused:
                return "the bot is paused: resume it first"
            bot["busy"] = True
            self._touch()
            try:
                await self.refresh_table()  # whose turn it is now, from the table as it is
                why = bot["refused"].get(key)
                if why:
                    what = "Bot turn" if not key else dict(self.session.game.buttons)[key]
                    self.log("refused", f"{what} refused: {why}")
                    return f"{what} refused: {why}"
                turn = self.session.press_button(key) if key else self.session.bot_turn()
                if await turn is None:  # already reported, in this log too
                    return self.session.last_failure or "the bot's turn did not happen"
                await self.refresh_table()  # the person's moves are fresh by the time the page sees "not busy"
            finally:
                bot["busy"] = False
                self._touch()
        elif kind == "person_move":
            if bot["busy"]:
                return "a turn is being carried out; wait for it to finish, then choose again"
            bot["busy"] = True  # a double click on a move makes it once
            self._touch()
            try:
                label = str(message.get("label", ""))[:300]
                error = await self.session.person_move(str(message.get("id", ""))[:20], label)
                if error is not None and not any(e["text"] == error for e in self.state["log"][-3:]):
                    self.log("error", error)  # a refusal (a faulted move is in the log already)
                await self.refresh_table()
            finally:
                bot["busy"] = False
                self._touch()
            return error
        elif kind == "check_turn":
            if not self.session.game.checks_turns:
                return f"{self.session.game.title} cannot check turns"
            if await self.session.press_check_turn() is None:
                return self.session.last_failure or "there is no bot turn to compare your turn with yet"
        elif kind in ("pause", "resume"):
            self.session.paused = bot["paused"] = kind == "pause"
            self.log("control", "bot paused" if kind == "pause" else "bot resumed")
            with contextlib.suppress(LinkError):
                await self.session.connector.status("Bot paused from the dashboard" if kind == "pause" else "Bot ready")
        elif kind == "difficulty":
            value = str(message.get("value", ""))
            if value not in self.session.game.difficulties:
                return f"unknown difficulty {value!r}"
            self.session.difficulty = bot["difficulty"] = value
            self.session.difficulty_source = "fixed"  # the panel's dropdown no longer overrides it
            self.log("control", f"difficulty set to {value}")
            await self.session.difficulty_chosen()  # what it will change on this table, and what it cannot
        elif kind == "table_event":
            name = str(message.get("name", ""))[:40]
            if name not in self.session.game.table_events:
                return f"{self.session.game.title} takes no {name!r} from the page"
            fields = message.get("fields")
            ok, lines = await self.session.table_event(name, fields if isinstance(fields, dict) else {})
            return None if ok else "; ".join(lines)
        elif kind == "hand":
            return await self._hand(message.get("action"))
        elif kind == "calibrate":
            word = message.get("word")
            if self.asker is None or not (self.state["calibration"] or {}).get("active"):
                return "no calibration is running (automa adopt asks here)"
            if word not in ("skip", "stop"):
                return f"calibrate takes skip or stop, not {str(word)[:20]!r}"
            self.asker.answers.put_nowait(word)
        elif kind == "new_game":
            return await self._new_game()
        elif kind == "refresh":
            await self.refresh_table()
        else:
            return f"unknown control {kind!r}"
        return None

    async def _hand(self, raw: Any) -> str | None:
        """A player's action on the table from the page, as the person's (never the bot's) hands; a refusal names
        the piece and why, in the log and beside the table."""
        if self.hands is None:
            return "nothing to touch: the table is in Tabletop Simulator (move your pieces there)"
        if self.state["bot"]["busy"] or self.session.busy:
            return "the bot is taking its turn: wait until it is done, then move your pieces"
        try:
            action = self.hands.check(raw)
            done = self.hands.table.player_action(self.hands.color, action)
        except BadAction as exc:
            return f"hand action refused: {exc}"
        except Exception as exc:
            if type(exc).__name__ != "HandError":  # the table's refusal (tools.emulator.hands), else a fault
                log.exception("hand action %r failed", raw)
                raise
            self.log("refused", str(exc))
            return str(exc)
        self.log("move", done)  # "White moved ..." in the table's own words
        self.view_changed.set()
        self._spawn(self.refresh_table())  # whose turn it is now, and the game's reading of the table
        return None

    async def _new_game(self) -> str | None:
        """A fresh set-up in the same process, page and token: the old game's turns and moves are dropped."""
        bot = self.state["bot"]
        if self.deal is None:
            return "New game needs the emulator: in TTS, load the game's save again (Games > Save & Load)"
        if bot["busy"] or self.session.busy:  # a turn pressed on the table's panel holds the session, not the page
            return "the bot is taking its turn; wait for it to finish"
        bot["busy"] = True
        self._touch()
        deal, seed = self.deal, random.randrange(10**6)
        try:
            where = await self.session.new_game(lambda: deal(seed))
            self.state.update(last_turn=None, end=None)  # the session's list of turns is empty again
            self.log("control", f"new game: {where}")
            await self.refresh_table()
        finally:
            bot["busy"] = False
            self._touch()
        return None


def _on_sample(game: Game[Any, Any]) -> bool:
    """Whether the game plays on its fictional sample data (the page says so beside its name)."""
    if game.data is None or not game.data.chosen:
        return False
    try:
        return bool(game.data.sample)
    except (ValueError, OSError):  # the data cannot be read: the game says why when it is first used
        return False
