"""Wakhan's decisions as table commands: each decision's state after it is compared with the table as it then
stands, and the cards and pieces that differ are moved (a card out of a deck is taken, the rest move).

One comparison serves every action, so what the engine did (the market sliding with its rupees, a battle's
losses, a dominance check's points) is what the table shows; pieces that change places go straight from one
area to the other, and new ones come from their supply. The commands come in an order a person can follow by hand:
nothing is laid where a card or piece that moves later still lies (:func:`in_hand_order`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from bridge.commands import Command, Move, Position, Take
from bridge.table import Vec3
from engines.base import Decision, TableProblem
from engines.paxpamir.queries import ruler
from engines.paxpamir.state import State
from engines.paxpamir.table import layout
from engines.paxpamir.table.read import TableView

FREE = 0.25  # a piece closer than this to another is on top of it
CARD = (layout.CARD_W / 2, layout.CARD_D / 2)  # a card's half-extents across the table (x, z)
PIECE = (FREE, FREE)  # a piece's, as far as laying another beside it goes
Lying = dict[str, tuple[Vec3, tuple[float, float]]]  # guid -> where it lies and its half-extents


@dataclass
class Planner:
    """Follows a turn decision by decision; ``after`` holds the state each decision leaves."""

    view: TableView
    now: State = field(init=False)
    after: dict[int, State] = field(default_factory=dict)  # id(decision) -> state after it
    moved: set[str] = field(default_factory=set)  # cards the decision being planned moved

    def __post_init__(self) -> None:
        self.now = self.view.state

    def record(self, decision: Decision[Any], state: State) -> None:
        self.after[id(decision)] = state.copy()

    def plan(self, decision: Decision[Any]) -> list[Command]:
        target = self.after.get(id(decision))
        if target is None:
            raise ValueError(f"{decision.reason}: not a decision of this turn")
        lying, held = self._lying()
        commands = self._cards(target) + self._pieces(target) + self._markers(target)
        self.now = target
        return in_hand_order(commands, lying, held)

    def _lying(self) -> tuple[Lying, dict[str, str]]:
        """Where each loose card and piece lies before the decision (a card in a deck lies under no other), and
        the deck each other card is in (card guid -> deck guid)."""
        ph = self.view.physical
        out: Lying = {ph.cards[k]: (at, CARD) for k, at in ph.card_at.items() if k not in ph.containers}
        for areas in ph.pieces.values():
            for here in areas.values():
                out |= {guid: (at, PIECE) for guid, at in here.items()}
        return out, {ph.cards[k]: deck for k, deck in ph.containers.items()}

    # --- cards ----------------------------------------------------------------------------------------------

    def _cards(self, target: State) -> list[Command]:
        ph = self.view.physical
        before, after = layout.card_places(self.now), layout.card_places(target)
        out: list[Command] = []
        self.moved = set()
        remade = any(p.kind == "ai_deck" and before[k].kind != "ai_deck" for k, p in after.items() if k in before)
        for key, place in sorted(after.items(), key=lambda kv: _drawn_first(before.get(kv[0]), kv[1])):
            if _stays(before.get(key), place, remade):
                continue
            at = ph.spots.card(place)
            rotation = Position(x=0, y=0, z=180 if place.face_down else 0)
            container = ph.containers.pop(key, None)
            if container is not None:
                out.append(Take(container=container, guid=ph.cards[key], position=Position.of(at), rotation=rotation))
                left = [k for k, c in ph.containers.items() if c == container]
                if len(left) == 1:  # TTS turns a deck of one card into that card, which keeps its GUID
                    del ph.containers[left[0]]
            else:
                out.append(Move(guid=ph.cards[key], position=Position.of(at), rotation=rotation))
            ph.card_at[key] = at
            self.moved.add(key)
        return out

    # --- pieces ---------------------------------------------------------------------------------------------

    def _pieces(self, target: State) -> list[Command]:
        ph = self.view.physical
        out: list[Command] = []
        for group, wanted in layout.piece_counts(target).items():
            kind, owner = group
            areas = ph.pieces.setdefault(group, {})
            supply = layout.supply_of(kind, owner)
            leaving: list[tuple[str, layout.Area]] = []
            for area, here in areas.items():
                extra = len(here) - wanted.get(area, 0)
                if extra > 0:
                    leaving += [(guid, area) for guid in list(here)[-extra:]]
            leaving.sort(key=lambda item: item[1] == supply)  # pieces in play move first, the supply's last
            for area, count in wanted.items():
                for _ in range(count - len(areas.get(area, {}))):
                    if not leaving:  # only a negative supply count gets here: more in play than the box holds
                        raise TableProblem(f"no {kind} left in {' '.join(supply)} to place on {' '.join(area)}")
                    guid, source = leaving.pop(0)
                    out.append(self._put(group, guid, source, area))
            for guid, source in leaving:
                out.append(self._put(group, guid, source, supply))
            for area, here in areas.items():  # spies ride on court cards that moved
                if area[0] == "card" and f"card:{area[1]}" in self.moved:
                    for guid in list(here):
                        out.append(self._put(group, guid, area, area))
        return out

    def _put(self, group: tuple[str, str], guid: str, source: layout.Area, area: layout.Area) -> Command:
        ph = self.view.physical
        areas = ph.pieces[group]
        del areas[source][guid]
        taken = [p for pieces in (ph.pieces[g].get(area, {}) for g in ph.pieces) for p in pieces.values()]
        places = (ph.spots.piece(area, ph.card_at, o) for o in layout.offsets(area))
        at = next(place for place in places if all((place - p).length() > FREE for p in taken))
        areas.setdefault(area, {})[guid] = at
        return Move(guid=guid, position=Position.of(at))

    # --- markers --------------------------------------------------------------------------------------------

    def _markers(self, target: State) -> list[Command]:
        ph = self.view.physical
        out: list[Command] = []
        for seat, player in enumerate(target.players):
            if player.vp != self.now.players[seat].vp:
                out.append(Move(guid=ph.vp[seat], position=Position.of(ph.spots.vp(seat, player.vp))))
            if player.loyalty != self.now.players[seat].loyalty:
                out.append(Move(guid=ph.loyalty[seat], position=Position.of(ph.spots.loyalty(seat, player.loyalty))))
        if target.favored != self.now.favored:
            out.append(Move(guid=ph.favored, position=Position.of(ph.spots.favored(target.favored))))
        for region, guid in ph.rulers.items():
            now = ruler(target, region)
            if now != ruler(self.now, region):
                out.append(Move(guid=guid, position=Position.of(ph.spots.ruler(region, now))))
        return out


def _stays(old: layout.CardPlace | None, new: layout.CardPlace, remade: bool) -> bool:
    """A card stays put in the same place, unless its order there shows: a court, or an AI deck made again from
    her discard (every card of it is laid down in the new order)."""
    if old is None or (old.kind, old.key) != (new.kind, new.key):
        return False
    if new.kind == "ai_deck":
        return not remade
    return new.kind != "court" or old.index == new.index


def _drawn_first(old: layout.CardPlace | None, new: layout.CardPlace) -> tuple[int, layout.CardPlace]:
    """Cards leaving a face-down pile first, top first, as a person draws them (taken in the order of the places
    they went to, the second came off the top while the first was still on it); then the rest by place."""
    if old is not None and old.face_down and old.kind != new.kind:
        return 0, old
    return 1, new


def in_hand_order(commands: list[Command], lying: Lying, held: dict[str, str]) -> list[Command]:
    """The commands in an order a person can carry out by hand: each after those that move what lies where it goes
    (a card played at the left end of a court went first onto the leftmost card, then the card it covered had to be
    dug out from under it; a player shifts the court first). Where two wait for each other (a card going where a
    rupee lies, the rupee going where the card lies), the piece is first laid aside, as a player lifts it off;
    otherwise, and in a cycle of cards, the planner's order."""
    lying, waiting, out = dict(lying), list(commands), []
    while waiting:
        command = next((c for c in waiting if not _waits(c, waiting, lying, held)), None)
        if command is None:
            command = _aside(waiting, lying) or waiting[0]
        if command in waiting:
            waiting.remove(command)
        out.append(command)
        goes = _goes(command)
        if goes is not None and goes[0] in lying:
            lying[goes[0]] = (goes[1], lying[goes[0]][1])
    return out


def _aside(waiting: list[Command], lying: Lying) -> Command | None:
    """A move of a piece that lies where a waiting command goes, to a free place near it (no footprint there now
    nor any waiting command's target); None when no piece blocks one or no place is free."""
    moves = [m for c in waiting if (m := _goes(c)) is not None]
    targets = [(to, lying[g][1] if g in lying else CARD) for g, to in moves]
    moving = {g for g, _ in moves}
    for to, half in targets:
        for guid, (at, size) in lying.items():
            if size != PIECE or guid not in moving or not _overlap(at, size, to, half):
                continue
            taken = [*targets, *((a, h) for g, (a, h) in lying.items() if g != guid)]
            for reach, k in product((1.2, 1.8, 2.5, 3.5), range(8)):
                spot = at + Vec3(reach * math.cos(k * math.pi / 4), 0, reach * math.sin(k * math.pi / 4))
                if not any(_overlap(spot, PIECE, a, h) for a, h in taken):
                    return Move(guid=guid, position=Position.of(spot))
    return None


def _overlap(a: Vec3, half_a: tuple[float, float], b: Vec3, half_b: tuple[float, float]) -> bool:
    """Whether two footprints across the table overlap."""
    return abs(a.x - b.x) < half_a[0] + half_b[0] and abs(a.z - b.z) < half_a[1] + half_b[1]


def _goes(command: Command) -> tuple[str, Vec3] | None:
    """The object a command moves, and where to (None: it moves nothing)."""
    if isinstance(command, Move | Take) and command.guid is not None:
        p = command.position
        return command.guid, Vec3(p.x, p.y, p.z)
    return None


def _waits(command: Command, waiting: list[Command], lying: Lying, held: dict[str, str]) -> bool:
    """Whether ``command`` must wait: an earlier command moves the same object or takes a card out of the same deck
    (cards come off a deck in order; its last card is moved, not taken, once the one before it has gone), or
    another object that moves later lies (footprints overlapping) where this one goes."""
    goes = _goes(command)
    if goes is None:
        return False
    guid, to = goes
    w, d = lying[guid][1] if guid in lying else CARD if guid in held else PIECE
    deck = command.container if isinstance(command, Take) else held.get(guid)
    earlier = True
    for other in waiting:
        earlier = earlier and other is not command
        moves = _goes(other)
        if other is command or moves is None:
            continue
        if earlier and (moves[0] == guid or (isinstance(other, Take) and other.container == deck)):
            return True
        if moves[0] != guid and moves[0] in lying and _overlap(to, (w, d), *lying[moves[0]]):
            return True
    return False
