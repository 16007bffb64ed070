"""The Enemy's steps as table commands. Each step is planned from the state before it and the state after it: minis
moved one region at a time (a vessel first, then those aboard on top of it), towers from the bot's supply,
Exploration Tokens onto its pile, cards between the deck, the Hero Slots, the battle area and the discard pile (a
reshuffled deck laid in its new order), the tracks, and the prompt marker that says what the bot waits for."""

from __future__ import annotations

from collections import Counter

from bridge.commands import Command, Move, Position, SetText
from bridge.table import Vec3
from engines.holas.bot import Step
from engines.holas.data_model import HolasData
from engines.holas.state import RESOURCES, State
from engines.holas.table import layout
from engines.holas.table.build import ledger, prompt
from engines.holas.table.read import TableView
from engines.tablekit import CARD_THICKNESS, FACE_DOWN, FACE_UP, PILE_BASE, Containers, RecordingPlanner, grid

LIFT = 0.6  # a mini aboard stands this much above its vessel
SPOTS = 9  # places per region; more pieces stand on a layer above


class Planner(RecordingPlanner):
    def __init__(self, view: TableView, data: HolasData) -> None:
        super().__init__(view.state)
        self.view, self.data = view, data
        self.decks = Containers(view.contained)
        self.crowd = Counter(view.crowd)
        self.areas = view.areas  # each zone as the table lays it
        self.filled = Counter(u.where for u in view.state.units if u.where in self.areas)
        self.at = dict(view.positions)
        self.tokens = {r: list(g) for r, g in view.tokens.items()}
        self.collected = view.state.collected
        self.spare_towers = list(view.spare_towers)
        self.towers = {r: list(g) for r, g in view.towers.items()}
        self.laid = Counter[str]()  # loose cards laid on each pile, for their height
        self.noted = False  # the ledger marker written this press

    def commands(self, action: Step, before: State, after: State) -> list[Command]:
        return [
            *self._units(before, after),
            *self._towers(before, after),
            *self._capitals(before, after),
            *self._tokens(before, after),
            *self._cards(before, after),
            *self._markers(before, after),
        ]

    # --- minis ---------------------------------------------------------------------------------------------

    def _place(self, where: str) -> Vec3:
        if where in self.areas:
            n = self.filled[where]
            self.filled[where] += 1
            return grid(self.areas[where].centre, n, per_row=5, rows=3, step=1.1)
        n = self.crowd[where]
        self.crowd[where] += 1
        local = layout.map_spot(self.view.map, where, n % SPOTS) + Vec3(0, 0.5 * (n // SPOTS), 0)
        return self.view.board.to_world(local) + Vec3(0, layout.SURFACE_Y - self.view.board.position.y, 0)

    def _units(self, before: State, after: State) -> list[Command]:
        was = {u.id: (u.where, u.aboard) for u in before.units}
        moved = [u for u in after.units if was.get(u.id) != (u.where, u.aboard)]
        moved.sort(key=lambda u: u.aboard is not None)  # a vessel before those aboard it
        out: list[Command] = []
        for unit in moved:
            if unit.aboard is not None:
                vessel = self.at[unit.aboard]
                at = Vec3(vessel.x, vessel.y + LIFT, vessel.z)
            else:
                at = self._place(unit.where)
            self.at[unit.id] = at
            out.append(Move(guid=self.view.units[unit.id], position=Position.of(at)))
        return out

    def _capitals(self, before: State, after: State) -> list[Command]:
        """A Capital City destroyed (L208) goes to the destroyed Capitals' place, where the table says so."""
        if after.destroyed == before.destroyed:
            return []
        guid = self.view.markers["capital.bot" if after.destroyed == "bot" else "capital.you"]
        return [Move(guid=guid, position=Position.of(self._place("destroyed")))]

    def _towers(self, before: State, after: State) -> list[Command]:
        built, lost = Counter(after.towers) - Counter(before.towers), Counter(before.towers) - Counter(after.towers)
        out: list[Command] = []
        for region in lost.elements():  # H12: lost in a battle, back to the bot's supply
            guid = self.towers[region].pop()
            self.spare_towers.append(guid)
            out.append(Move(guid=guid, position=Position.of(self._place("supply"))))
        for region in built.elements():
            guid = self.spare_towers.pop(0)
            self.towers.setdefault(region, []).append(guid)
            out.append(Move(guid=guid, position=Position.of(self._place(region))))
        return out

    def _tokens(self, before: State, after: State) -> list[Command]:
        out: list[Command] = []
        for region in sorted(before.tokens.keys() - after.tokens.keys()):
            for guid in self.tokens.pop(region, []):
                at = grid(self.areas["tokens"].centre, self.collected, per_row=6, rows=3, step=1.0)
                self.collected += 1
                out.append(Move(guid=guid, position=Position.of(at)))
        return out

    # --- cards ---------------------------------------------------------------------------------------------

    def _cards(self, before: State, after: State) -> list[Command]:
        out: list[Command] = []
        if after.deck and after.deck != before.deck[len(before.deck) - len(after.deck) :]:  # a new deck
            self.laid["deck"] = 0
            out += [self._to_pile(card, "deck", FACE_DOWN) for card in reversed(after.deck)]
        for i, card in enumerate(after.slots, start=1):
            if card is not None and before.slots[i - 1] != card:
                out.append(self._card(card, self.areas[f"slot{i}"].centre + Vec3(0, 0.3, 0), FACE_UP))
        card = after.pending.card if after.pending is not None else ""
        if card and (before.pending is None or before.pending.card != card):
            out.append(self._card(card, self.areas["battle"].centre + Vec3(0, 0.3, 0), FACE_UP))
        out += [self._to_pile(c, "discard", FACE_UP) for c in after.discard if c not in before.discard]
        return out

    def _to_pile(self, card: str, pile: str, rotation: Position) -> Command:
        area = self.areas[pile]
        at = Vec3(area.centre.x, layout.SURFACE_Y + PILE_BASE + CARD_THICKNESS * self.laid[pile], area.centre.z)
        self.laid[pile] += 1
        return self._card(card, at, rotation)

    def _card(self, card: str, at: Vec3, rotation: Position) -> Command:
        return self.decks.move(self.view.cards[card], at, rotation)

    # --- tracks and the prompt -----------------------------------------------------------------------------

    def _markers(self, before: State, after: State) -> list[Command]:
        marks = self.view.markers
        out: list[Command] = []

        def put(key: str, at: Vec3) -> None:
            out.append(Move(guid=marks[key], position=Position.of(at)))

        for r in RESOURCES:
            if after.resources[r] != before.resources[r]:
                put(r, self.areas[f"res.{r}"].spot(after.resources[r], layout.RESOURCE_SPOTS))
        if after.tax != before.tax:
            for i, (r, value) in enumerate(after.tax.items()):
                put(f"tax.{r}", self.areas[f"tax.{value}"].centre + Vec3(0, 0.4 * i, 0))
        for key, value, was in (("score", after.pts, before.pts), ("round", after.round - 1, before.round - 1)):
            if value != was:
                at, lap = layout.lapped(key, value, self.areas)
                put(key, at)
                if divmod(value, layout.LAPPED[key][1])[0] != divmod(was, layout.LAPPED[key][1])[0]:
                    put(f"{key}.lap", lap)
        if after.cc_space != before.cc_space:
            put("cc", self.areas["cc"].spot(after.cc_space, len(self.data.faction.cc_track)))
        if after.final_round != before.final_round and after.final_round is not None:
            put(
                "final",
                self.areas["round"].spot((after.final_round - 1) % layout.ROUND_SPOTS, layout.ROUND_SPOTS, z=0.6),
            )
        if not self.noted:  # once a press: what the bot saw of your supply and resources (read.py's _unpaid)
            self.noted = True
            supply = [g for g, (_, place) in self.view.person.items() if place == "player.supply"]
            out.append(SetText(guid=marks["ledger"], gm_notes=ledger(after, supply)))
        if after.pending != before.pending:
            question, notes = prompt(after)
            out.append(SetText(guid=marks["prompt"], description=question, gm_notes=notes))
        return out
