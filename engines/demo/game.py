"""Three in a Row: the smallest complete game plugin, as a worked example for bot authors.

Seven slots on a board; the human and the bot take turns placing a token on an empty slot; whoever first holds
three adjacent slots wins. The bot draws its tokens from its bag. Its procedure is a priority list, and every
decision names the step that decided it:

1. Win: take a slot that completes three in a row.
2. Block: take a slot that stops the human completing three in a row.
3. Centre: take the empty slot nearest the centre; a tie is broken at random (chance, from the seeded rng).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridge.commands import Command, Move, Position, Take
from bridge.errors import UsageError
from bridge.table import SaveFile, Table, TableObject, Vec3
from engines.base import Decision, Game, IllegalAction, Options, Outcome, PersonMove, Problem, ReadError, Reason
from engines.demo import table as layout
from engines.tablekit import one_tagged

BOT, HUMAN = "bot", "human"


@dataclass(frozen=True)
class DemoState:
    slots: tuple[str | None, ...]  # owner of each slot, left to right
    bag: str  # the bot bag's guid
    bag_count: int
    board: TableObject

    def winner(self) -> str | None:
        for i in range(len(self.slots) - 2):
            trio = set(self.slots[i : i + 3])
            if len(trio) == 1 and None not in trio:
                return self.slots[i]
        return None


@dataclass(frozen=True)
class Place:
    slot: int  # 0-based, left to right


@dataclass(frozen=True)
class Pass:
    pass


DemoAction = Place | Pass


class DemoGame(Game[DemoState, DemoAction]):
    name = "demo"
    title = "Three in a Row (demo)"
    difficulties = ("normal", "easy")
    plays_person = True

    def read(self, table: Table) -> DemoState:
        problems: list[Problem] = []
        board = one_tagged(table, layout.BOARD_TAG, "board", problems)
        bag = one_tagged(table, layout.BAG_TAG, "bot bag", problems)
        if board is None or bag is None:
            raise ReadError(problems)
        slots: list[str | None] = [None] * len(layout.SLOTS)
        holder: dict[int, TableObject] = {}
        for owner, tag in ((BOT, layout.BOT_TAG), (HUMAN, layout.HUMAN_TAG)):
            for token in table.with_tag(tag):
                try:
                    where = layout.BOARD.locate(board, token.position)
                except ValueError as exc:
                    problems.append(Problem(str(exc), token))
                    continue
                if where.spot is None:
                    continue  # in reserve, off the board
                index = layout.SLOTS.index(where.spot)
                if index in holder:
                    problems.append(Problem(f"shares {where.spot} with {holder[index].describe()}", token))
                    continue
                holder[index] = token
                slots[index] = owner
        if problems:
            raise ReadError(problems)
        return DemoState(tuple(slots), bag.guid, len(bag.contents), board)

    def decide(self, state: DemoState, rng: random.Random, options: Options) -> list[Decision[DemoAction]]:
        if options.rules:  # refused as every bot refuses an unknown one, rather than ignored
            raise UsageError(f"unknown demo option(s): {', '.join(sorted(options.rules))}; the demo game has none")
        if (winner := state.winner()) is not None:
            return [Decision(Pass(), Reason("end of game", f"The game is over: the {winner} has three in a row."))]
        empty = [i for i, owner in enumerate(state.slots) if owner is None]
        if not empty:
            return [Decision(Pass(), Reason("end of game", "Every slot is taken: the game is a draw."))]
        if state.bag_count == 0:
            return [Decision(Pass(), Reason("supply", "The bot's bag is empty, so it passes."))]
        easy = options.difficulty == "easy"
        for owner, step, verb in (
            (BOT, "priority 1 (win)", "completes"),
            (HUMAN, "priority 2 (block)", "blocks"),
        ):
            if easy and owner == HUMAN:
                continue  # the easy bot never blocks
            for i in empty:
                trial = list(state.slots)
                trial[i] = owner
                if DemoState(tuple(trial), state.bag, state.bag_count, state.board).winner() == owner:
                    return [Decision(Place(i), Reason(step, f"Slot {i + 1} {verb} three in a row."))]
        centre = (len(state.slots) - 1) / 2
        nearest = min(abs(i - centre) for i in empty)
        tied = [i for i in empty if abs(i - centre) == nearest]
        choice = rng.choice(tied)
        how = f"chosen at random among slots {', '.join(str(i + 1) for i in tied)}" if len(tied) > 1 else "alone"
        return [
            Decision(
                Place(choice),
                Reason("priority 3 (centre)", f"Slot {choice + 1} is the empty slot nearest the centre ({how})."),
            )
        ]

    def plan(self, state: DemoState, decision: Decision[DemoAction], table: Table) -> list[Command]:
        action = decision.action
        if isinstance(action, Pass):
            return []
        spot = layout.BOARD.world(state.board, layout.SLOTS[action.slot])
        target = Vec3(spot.x, spot.y + layout.TOKEN_LIFT, spot.z)
        return [Take(container=state.bag, position=Position.of(target), rotation=Position.of(state.board.rotation))]

    def person_moves(self, previous: Any, table: Table) -> list[PersonMove]:
        """Any empty slot, with a token of yours off the board, when it is your turn: the bot moves first, so it is
        yours while the bot has more tokens on the board than you."""
        state = self.read(table)
        if state.winner() or not self._reserve(table, state) or state.slots.count(BOT) <= state.slots.count(HUMAN):
            return []
        return [
            PersonMove(str(i), f"place your token on slot {i + 1}", "Place")
            for i, owner in enumerate(state.slots)
            if owner is None
        ]

    def play_person(self, previous: Any, table: Table, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
        if move_id not in {m.id for m in self.person_moves(previous, table)}:
            raise IllegalAction(f"no move {move_id!r} now: choose again")
        state = self.read(table)
        token = self._reserve(table, state)[0]
        spot = layout.BOARD.world(state.board, layout.SLOTS[int(move_id)])
        target = Vec3(spot.x, spot.y + layout.TOKEN_LIFT, spot.z)
        return [Move(guid=token.guid, position=Position.of(target))], previous

    def _reserve(self, table: Table, state: DemoState) -> list[TableObject]:
        """Your tokens off the board."""
        return [
            t for t in table.with_tag(layout.HUMAN_TAG) if layout.BOARD.locate(state.board, t.position).spot is None
        ]

    def describe_table(self, state: DemoState) -> dict[str, Any]:
        return {"kind": "slots", "slots": list(state.slots), "bag": state.bag_count}

    def outcome(self, state: DemoState, options: Options, previous: Any = None) -> Outcome | None:
        winner = state.winner()
        if winner is not None:
            return Outcome("the bot" if winner == BOT else "you", "three in a row")
        if None not in state.slots:
            return Outcome("nobody: a draw", "every slot is taken and nobody has three in a row")
        return None

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        return layout.build_table()  # built-in TTS objects only, no images, and nothing dealt: no seed to use
