"""The bot's decisions as table commands: which object moves where, step by step, following the decisions.

The planner keeps track of the objects as the commands move them: the dice on each bridge (the rest close the gap
after one is taken), the die in the bot's hand, the cards in their piles (a card taken from a deck; a deck of one
card is that card, as in TTS), the courtiers on each floor, the coins and the markers. Every place is one of the
board's areas where the table's profile lays them (:class:`~engines.whitecastle.table.layout.OnBoard`), so the
commands follow a moved, turned or scaled board.
"""

from __future__ import annotations

from bridge.commands import Command, Move, Position, SetText, Take
from bridge.table import Vec3
from engines.tablekit import CARD_THICKNESS, FACE_DOWN, FACE_UP, PILE_BASE, Containers, RecordingPlanner
from engines.whitecastle import actions
from engines.whitecastle.board import board
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import State
from engines.whitecastle.table import layout, level
from engines.whitecastle.table.read import COLOURS, TableView


class Planner(RecordingPlanner):
    def __init__(self, view: TableView, deck: SoloDeck) -> None:
        super().__init__(view.state)
        self.view, self.deck, self.on_board = view, deck, view.on_board
        self.decks = Containers(
            {guid: view.cards[cid].guid for cid, guid in view.card_guids.items() if view.cards[cid].contents}
        )
        self.bridges = {c: [o.guid for o in view.dice[f"bridge.{c}"]] for c in COLOURS}
        self.held: str | None = None
        self.courtiers = {floor: list(guids) for floor, guids in view.courtiers.items()}

    def commands(self, action: actions.Action, before: State, after: State) -> list[Command]:
        match action:
            case actions.NewDeck(order):
                return [self._to_pile(cid, "bot.deck", i) for i, cid in enumerate(reversed(order))]
            case actions.Reveal(card):
                at = self.on_board.spot("bot.revealed", len(before.revealed), 4)
                return [self._card(card, at, FACE_UP)]
            case actions.DiscardRevealed():
                start = len(before.discard)
                return [self._to_pile(cid, "bot.discard", start + i) for i, cid in enumerate(before.revealed)]
            case actions.TakeDie(bridge, end):
                dice = self.bridges[bridge]
                self.held = dice.pop(0 if end == "low" else -1)
                key = f"bridge.{bridge}"
                out: list[Command] = [
                    Move(guid=self.held, position=Position.of(self.on_board.world(self.on_board.held)))
                ]
                per = board().dice_per_bridge
                return out + [
                    Move(guid=g, position=Position.of(self.on_board.spot(key, i, per))) for i, g in enumerate(dice)
                ]
            case actions.PlaceDie(zone, space):
                assert self.held is not None
                guid, self.held = self.held, None
                if zone == "well":
                    at = self.on_board.grid("well", len(before.well), per_row=4, rows=2, step=1.1)
                else:
                    at = self.on_board.die_slot(f"{zone}.{space}")
                return [Move(guid=guid, position=Position.of(at))]
            case actions.Gain("coins", n):
                supply = self.view.supplies["coin"]
                spots = (
                    self.on_board.grid("bot.coins", before.coins + i, per_row=5, rows=3, step=0.8) for i in range(n)
                )
                return [Take(container=supply, position=Position.of(at)) for at in spots]
            case actions.Gain("influence", _):
                return [self._influence(after)]
            case actions.Gain("clan_points", _):
                return self._clan_points(before, after)
            case actions.SetUp():
                return [self._level(after), self._influence(after), *self._clan_points(before, after)]
            case actions.LevelChange():
                return [self._level(after)]
            case actions.CourtierTo(frm, to):
                guid = self.courtiers[frm].pop()
                at = self.on_board.grid(
                    f"floor.{to}", len(self.courtiers.setdefault(to, [])), per_row=4, rows=2, step=0.9
                )
                self.courtiers[to].append(guid)
                return [Move(guid=guid, position=Position.of(at))]
        return []  # Manual, NoEffect, CannotMove: said in chat, nothing moves

    # --- markers ------------------------------------------------------------------------------------------

    def _influence(self, after: State) -> Command:
        at = self.on_board.spot("time", after.influence, layout.time_spots(self.deck))
        return Move(guid=self.view.markers["influence"].guid, position=Position.of(at))

    def _clan_points(self, before: State, after: State) -> list[Command]:
        """The marker to its space; a lap token for each time round the track (none are taken back: the bot's clan
        points only fall at a set-up, below the track's length)."""
        laps_before = before.clan_points // layout.CP_TRACK
        laps, position = divmod(after.clan_points, layout.CP_TRACK)
        at = self.on_board.spot("cp", position, layout.CP_TRACK)
        out: list[Command] = [Move(guid=self.view.markers["clan_points"].guid, position=Position.of(at))]
        for i in range(laps_before, laps):
            spot = self.on_board.grid("cp.laps", i, per_row=3, rows=1)
            out.append(Take(container=self.view.supplies["lap"], position=Position.of(spot)))
        return out

    def _level(self, after: State) -> Command:
        description, notes = level.record(after)
        return SetText(guid=self.view.markers["influence"].guid, description=description, gm_notes=notes)

    # --- cards ---------------------------------------------------------------------------------------------

    def _to_pile(self, card_id: str, pile: str, index: int) -> Command:
        centre = self.on_board.areas[pile].centre
        at = self.on_board.world(Vec3(centre.x, centre.y + PILE_BASE + CARD_THICKNESS * index, centre.z))
        return self._card(card_id, at, FACE_DOWN)

    def _card(self, card_id: str, at: Vec3, rotation: Position) -> Command:
        return self.decks.move(self.view.card_guids[card_id], at, rotation)
