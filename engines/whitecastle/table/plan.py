"""The bot's decisions as table commands: which object moves where, step by step, following the decisions.

The planner keeps track of the objects as the commands move them: the dice on each bridge (the rest close the gap
after one is taken), the die in the bot's hand, the cards in their piles (a card taken from a deck; a deck of one
card is that card, as in TTS), the courtiers on each floor, the coins and the markers.
"""

from __future__ import annotations

from bridge.commands import Command, Move, Position, SetText, Take
from bridge.table import Vec3
from engines.tablekit import CARD_THICKNESS, FACE_DOWN, FACE_UP, PILE_BASE, Containers, RecordingPlanner, grid
from engines.whitecastle import actions as A
from engines.whitecastle.board import board
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import State
from engines.whitecastle.table import layout as L
from engines.whitecastle.table import level
from engines.whitecastle.table.read import COLOURS, TableView


class Planner(RecordingPlanner):
    def __init__(self, view: TableView, deck: SoloDeck) -> None:
        super().__init__(view.state)
        self.view, self.deck = view, deck
        self.decks = Containers(
            {guid: view.cards[cid].guid for cid, guid in view.card_guids.items() if view.cards[cid].contents}
        )
        self.bridges = {c: [o.guid for o in view.dice[f"bridge.{c}"]] for c in COLOURS}
        self.held: str | None = None
        self.courtiers = {floor: list(guids) for floor, guids in view.courtiers.items()}

    def commands(self, action: A.Action, before: State, after: State) -> list[Command]:
        match action:
            case A.NewDeck(order):
                return [self._to_pile(cid, "bot.deck", i) for i, cid in enumerate(reversed(order))]
            case A.Reveal(card):
                at = L.AREAS["bot.revealed"].spot(len(before.revealed), 4)
                return [self._card(card, at, FACE_UP)]
            case A.DiscardRevealed():
                start = len(before.discard)
                return [self._to_pile(cid, "bot.discard", start + i) for i, cid in enumerate(before.revealed)]
            case A.TakeDie(bridge, end):
                dice = self.bridges[bridge]
                self.held = dice.pop(0 if end == "low" else -1)
                area = L.AREAS[f"bridge.{bridge}"]
                out: list[Command] = [Move(guid=self.held, position=Position.of(L.HELD_AT))]
                per = board().dice_per_bridge
                return out + [Move(guid=g, position=Position.of(area.spot(i, per))) for i, g in enumerate(dice)]
            case A.PlaceDie(zone, space):
                assert self.held is not None
                guid, self.held = self.held, None
                if zone == "well":
                    at = grid(L.AREAS["well"].centre, len(before.well), per_row=4, rows=2, step=1.1)
                else:
                    area = L.AREAS[f"{zone}.{space}"]
                    at = Vec3(area.centre.x, L.Y, area.centre.z + L.DIE_SLOT_Z)
                return [Move(guid=guid, position=Position.of(at))]
            case A.Gain("coins", n):
                area = L.AREAS["bot.coins"]
                supply = self.view.supplies["coin"]
                spots = (grid(area.centre, before.coins + i, per_row=5, rows=3, step=0.8) for i in range(n))
                return [Take(container=supply, position=Position.of(at)) for at in spots]
            case A.Gain("influence", _):
                return [self._influence(after)]
            case A.Gain("clan_points", _):
                return self._clan_points(before, after)
            case A.SetUp():
                return [self._level(after), self._influence(after), *self._clan_points(before, after)]
            case A.LevelChange():
                return [self._level(after)]
            case A.CourtierTo(frm, to):
                guid = self.courtiers[frm].pop()
                area = L.AREAS[f"floor.{to}"]
                at = grid(area.centre, len(self.courtiers.setdefault(to, [])), per_row=4, rows=2, step=0.9)
                self.courtiers[to].append(guid)
                return [Move(guid=guid, position=Position.of(at))]
        return []  # Manual, NoEffect, CannotMove: said in chat, nothing moves

    # --- markers ------------------------------------------------------------------------------------------

    def _influence(self, after: State) -> Command:
        at = L.AREAS["time"].spot(after.influence, L.time_spots(self.deck))
        return Move(guid=self.view.markers["influence"].guid, position=Position.of(at))

    def _clan_points(self, before: State, after: State) -> list[Command]:
        """The marker to its space; a lap token for each time round the track (none are taken back: the bot's clan
        points only fall at a set-up, below the track's length)."""
        laps_before = before.clan_points // L.CP_TRACK
        laps, position = divmod(after.clan_points, L.CP_TRACK)
        at = L.AREAS["cp"].spot(position, L.CP_TRACK)
        out: list[Command] = [Move(guid=self.view.markers["clan_points"].guid, position=Position.of(at))]
        area = L.AREAS["cp.laps"]
        for i in range(laps_before, laps):
            spot = grid(area.centre, i, per_row=3, rows=1)
            out.append(Take(container=self.view.supplies["lap"], position=Position.of(spot)))
        return out

    def _level(self, after: State) -> Command:
        description, notes = level.record(after)
        return SetText(guid=self.view.markers["influence"].guid, description=description, gm_notes=notes)

    # --- cards ---------------------------------------------------------------------------------------------

    def _to_pile(self, card_id: str, pile: str, index: int) -> Command:
        area = L.AREAS[pile]
        at = Vec3(area.centre.x, L.Y + PILE_BASE + CARD_THICKNESS * index, area.centre.z)
        return self._card(card_id, at, FACE_DOWN)

    def _card(self, card_id: str, at: Vec3, rotation: Position) -> Command:
        return self.decks.move(self.view.card_guids[card_id], at, rotation)
