"""The virtual player's decisions as table commands, following the objects as they move: the cards in the piles
(taken from a deck, or moved when loose; a deck of one card is that card), the Lookout row, both sides' rows, the
attack pile, the connection cards, the tokens and the markers (the phase, the round's attacks, the score). Every
place is worked out from the zones and track boards the reader found (``view.zones``, ``view.rows``), so a table laid
out otherwise (a mod's, through its profile) is played where its own zones and boards lie."""

from __future__ import annotations

from bridge.commands import Command, Flip, Move, Position, Rotate, SetText, Take
from bridge.table import Vec3
from engines.base import TableProblem
from engines.fiftyfirst import actions
from engines.fiftyfirst.cards import Locations
from engines.fiftyfirst.state import State
from engines.fiftyfirst.table import layout
from engines.fiftyfirst.table.read import TableView
from engines.tablekit import CARD_THICKNESS, FACE_DOWN, FACE_UP, PILE_BASE, Containers, RecordingPlanner, grid

Card = tuple[str, str]  # (data id, GUID)


class Planner(RecordingPlanner):
    def __init__(self, view: TableView, cards: Locations) -> None:
        super().__init__(view.state)
        self.view, self.cards = view, cards
        s = view.state
        self.decks = Containers(view.contained)
        self.deck: list[Card] = list(zip(s.deck, view.piles["deck"], strict=True))
        self.discard: list[Card] = list(zip(s.discard, view.piles["discard"], strict=True))
        self.lookout: list[Card] = [(c, view.card_guids[("lookout", i)]) for i, c in enumerate(s.lookout)]
        self.attack: list[Card] = [(c, view.card_guids[("attack", i)]) for i, c in enumerate(s.attack_pile)]
        self.bot: list[Card] = [(c, view.card_guids[("bot", i)]) for i, c in enumerate(s.bot)]
        self.person = [view.card_guids[("person", i)] for i in range(len(s.person))]
        self.connections = dict(view.connections)
        self.loose = {"deck": 0, "discard": 0}
        self.conn_discarded = 0
        self.spent = 0
        self.zones, self.rows = view.zones, view.rows

    def commands(self, action: actions.Action, before: State, after: State) -> list[Command]:
        out = self._commands(action, before, after) + self._markers(before, after)
        if before.chosen is not None and after.chosen is None:  # the chosen location razed: the token goes back
            spare = grid(self.zones["tokens"].position, 2, per_row=2, rows=2, step=1.5)
            token = self.view.markers["target"].guid
            out += [Move(guid=token, position=Position.of(spare)), SetText(guid=token, description="", gm_notes="")]
        return out

    def _commands(self, action: actions.Action, before: State, after: State) -> list[Command]:
        match action:
            case actions.Deal():
                return [c for p in ("blue", "red") if after.connections[p] for c in self._reveal(p)]
            case actions.LookoutCard(card):
                return [self._card(self._top(card), self._place("lookout", len(self.lookout)), FACE_UP, self.lookout)]
            case actions.Reshuffle(order):
                out = []
                for i, card_id in enumerate(reversed(order)):
                    found = next(c for c in self.discard if c[0] == card_id)
                    self.discard.remove(found)
                    at = self._pile_at("deck", i)
                    out.append(self._card(found, at, FACE_DOWN, None))
                return out
            case actions.BotTake(card, source):
                taken = self._top(card) if source == "deck" else self._from(self.lookout, card)
                row = f"bot.{layout.row_of(self.cards.card(card).cls)}"
                slot = sum(1 for c, _ in self.bot if layout.row_of(self.cards.card(c).cls) == row.removeprefix("bot."))
                return [self._card(taken, self._place(row, slot), FACE_UP, self.bot)]
            case actions.Claim(pile):
                return self._connection_out(pile) + (self._reveal(pile) if after.connections[pile] else [])
            case actions.Attack(card):
                return [self._card(self._top(card), self._place("attack", len(self.attack)), FACE_UP, self.attack)]
            case actions.AskTarget(places):
                token = self.view.markers["target"].guid
                names = [self.cards.card(before.person[i].card).name for i in places]
                question, notes = layout.asked([self.person[i] for i in places], names)
                return [
                    Move(guid=token, position=Position.of(self.zones["choose"].position)),
                    SetText(guid=token, description=question, gm_notes=notes),
                ]
            case actions.Blocked(place):
                guard = self.view.protections.pop(place)
                at = grid(self.zones["tokens"].position, 3 + place, per_row=4, rows=2, step=0.8)
                out = [Move(guid=guard, position=Position.of(at))]
                if len(after.attack_pile) < len(before.attack_pile):  # D4 "discarded"
                    out.append(self._to_discard(self.attack.pop()))
                return out
            case actions.Raze(place):
                return [Flip(guid=self.person[place])]
            case actions.Fee():
                out = [self._spend(worker) for worker in self.view.bot_workers]
                self.view.bot_workers = []
                return out
            case actions.Pass():
                out = [self._token("bot", True)]
                if len(after.attack_pile) < len(before.attack_pile):
                    out += [self._to_discard(c) for c in self.attack]
                    self.attack = []
                return out
            case actions.Cleanup():
                out = [self._to_discard(c) for c in self.attack]
                self.attack = []
                for shown in list(self.connections):
                    out += self._connection_out(shown)  # "Revealed connection cards are discarded"
                for i, location in enumerate(before.person):
                    out += [self._spend(worker) for worker in self.view.workers.pop(i, [])]
                    if location.activations and not location.ruins:
                        out.append(Rotate(guid=self.person[i], rotation=FACE_UP))  # straightened for the new round
                return [*out, self._token("person", False), self._token("bot", False)]
        return []  # Miss: nothing moves

    def _markers(self, before: State, after: State) -> list[Command]:
        out: list[Command] = []
        if after.phase != before.phase:
            spot = self.rows["phase"].at(layout.PHASES.index(after.phase))
            out.append(Move(guid=self.view.markers["phase"].guid, position=Position.of(spot)))
        if after.attacks != before.attacks:
            at = self.rows["attacks"].at(min(max(after.attacks, 0), layout.ATTACKS - 1))
            out.append(Move(guid=self.view.markers["attacks"].guid, position=Position.of(at)))
        for key, was, now in (("bot", before.bot_pts, after.bot_pts), ("round", before.round, after.round)):
            if now != was:
                track = layout.TRACKS[key]
                (laps, space), first = divmod(now - track.first, track.length), (was - track.first) // track.length
                at = self.rows[track.area].at(space, lift=0.2)
                out.append(Move(guid=self.view.markers[key].guid, position=Position.of(at)))
                for i in range(first, laps):  # once round the track: a lap chip, never a wrap to 0
                    spot = grid(self.zones[track.laps].position, i, per_row=3, rows=1)
                    out.append(Take(container=self.view.lap_supply, position=Position.of(spot)))
        return out

    # --- cards ---------------------------------------------------------------------------------------------

    def _top(self, card_id: str) -> Card:
        top = self.deck.pop(0) if self.deck else None
        if top is None or top[0] != card_id:
            raise TableProblem(f"the deck's top card on the table is not {card_id}")
        return top

    def _place(self, zone: str, index: int) -> Vec3:
        return layout.card_place(self.zones[zone], index)

    def _from(self, row: list[Card], card_id: str) -> Card:
        found = next(c for c in row if c[0] == card_id)
        row.remove(found)
        return found

    def _pile_at(self, pile: str, index: int) -> Vec3:
        return layout.zone_point(self.zones[pile], lift=PILE_BASE + CARD_THICKNESS * index)

    def _to_discard(self, card: Card) -> Command:
        at = self._pile_at("discard", self.loose["discard"])
        self.loose["discard"] += 1
        return self._card(card, at, FACE_UP, self.discard)

    def _card(self, card: Card, at: Vec3, rotation: Position, into: list[Card] | None) -> Command:
        guid = card[1]
        if into is not None:
            into.append(card)
        else:
            self.deck.insert(0, card)  # a reshuffled deck is laid bottom first: the last laid is the top
        return self.decks.move(guid, at, rotation)

    def _reveal(self, pile: str) -> list[Command]:
        """The pile's next face-down card turned face up on top of it (taken from its deck, or the last one moved)."""
        guid = self.view.connection_stock[pile].pop(0)
        self.connections[pile] = guid
        return [self.decks.move(guid, layout.zone_point(self.zones[f"conn.{pile}"], lift=0.6), FACE_UP)]

    def _connection_out(self, pile: str) -> list[Command]:
        guid = self.connections.pop(pile, "")
        at = grid(self.zones["conn.discard"].position, self.conn_discarded, per_row=6, rows=2, step=1.0)
        self.conn_discarded += 1
        return [Move(guid=guid, position=Position.of(at))] if guid else []

    def _spend(self, worker: str) -> Command:
        """A worker back to the supply, beside its bag."""
        self.spent += 1
        column = layout.zone_point(self.zones["supply"], 1.5)  # the supply's free column, beside the bags
        return Move(guid=worker, position=Position.of(grid(column, self.spent - 1, per_row=2, rows=8, step=0.8)))

    def _token(self, seat: str, passed: bool) -> Command:
        zone = self.zones["passed" if passed else "tokens"]
        at = grid(zone.position, 0 if seat == "person" else 1, per_row=2, rows=1, step=1.5)
        return Move(guid=self.view.markers[f"pass.{seat}"].guid, position=Position.of(at))
