"""Wakhan's decisions as table commands: each decision's state after it is compared with the table as it then
stands, and the cards and pieces that differ are moved (a card out of a deck is taken, the rest move).

One comparison serves every action, so what the engine did (the market sliding with its rupees, a battle's
losses, a dominance check's points) is what the table shows; pieces that change places go straight from one
area to the other, and new ones come from their supply.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bridge.commands import Command, Move, Position, Take
from engines.base import Decision, TableProblem
from engines.paxpamir.queries import ruler
from engines.paxpamir.state import State
from engines.paxpamir.table import layout as L
from engines.paxpamir.table.read import TableView

FREE = 0.25  # a piece closer than this to another is on top of it


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
        commands = self._cards(target) + self._pieces(target) + self._markers(target)
        self.now = target
        return commands

    # --- cards ----------------------------------------------------------------------------------------------

    def _cards(self, target: State) -> list[Command]:
        ph = self.view.physical
        before, after = L.card_places(self.now), L.card_places(target)
        out: list[Command] = []
        self.moved = set()
        remade = any(p.kind == "ai_deck" and before[k].kind != "ai_deck" for k, p in after.items() if k in before)
        for key, place in sorted(after.items(), key=lambda kv: kv[1]):
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
        for group, wanted in L.piece_counts(target).items():
            kind, owner = group
            areas = ph.pieces.setdefault(group, {})
            supply = L.supply_of(kind, owner)
            leaving: list[tuple[str, L.Area]] = []
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

    def _put(self, group: tuple[str, str], guid: str, source: L.Area, area: L.Area) -> Command:
        ph = self.view.physical
        areas = ph.pieces[group]
        del areas[source][guid]
        taken = [p for pieces in (ph.pieces[g].get(area, {}) for g in ph.pieces) for p in pieces.values()]
        places = (ph.spots.piece(area, ph.card_at, o) for o in L.offsets(area))
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


def _stays(old: L.CardPlace | None, new: L.CardPlace, remade: bool) -> bool:
    """A card stays put in the same place, unless its order there shows: a court, or an AI deck made again from
    her discard (every card of it is laid down in the new order)."""
    if old is None or (old.kind, old.key) != (new.kind, new.key):
        return False
    if new.kind == "ai_deck":
        return not remade
    return new.kind != "court" or old.index == new.index
