"""Reading a War Chest table into the engine's state, through a table profile.

Which object is what comes from the profile (:class:`~engines.profile.Cast`: the board, each area's zone, the bags,
the unit cards, each unit's coins, the control markers); this module only reads the game from them: coins stacked on
hexes of the board's frame, coins in each area by the zone around them (discards face up or down by their rotation),
markers on locations or in their reserve, and the counts every side must show. Every object that cannot be read is
named in the :class:`~engines.base.ReadError`, and nothing is moved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridge.table import Table, TableObject
from engines.base import Problem, ReadError
from engines.layout import BetweenSpots
from engines.profile import Cast, Profile
from engines.warchest.board import LOCATION_SET, Hex, name
from engines.warchest.state import MARKERS, Piece, Rules, Side, State
from engines.warchest.table import (
    AI,
    BUILT,
    DISCARD,
    HAND_AT,
    HUMAN,
    LAYOUT,
    REMOVED,
    RESERVE,
    ROYALS,
    SIDES,
    SPEC,
    SUPPLY,
    ZONES,
    Physical,
    TableView,
    key_hex,
    zone_role,
)
from engines.warchest.units import CARDS, ROYAL

Zones = dict[tuple[str, int | None], TableObject]


@dataclass
class _Counts:
    """What the reader tallied, side by side: pile -> unit -> coins; coins on hexes; the person's hand."""

    piles: dict[int, dict[str, dict[str, int]]] = field(default_factory=lambda: {AI: {}, HUMAN: {}})
    stacks: dict[Hex, list[tuple[float, str, TableObject]]] = field(default_factory=dict)
    hand: dict[str, int] = field(default_factory=dict)

    def add(self, side: int, pile: str, unit: str) -> None:
        units = self.piles[side].setdefault(pile, {})
        units[unit] = units.get(unit, 0) + 1


def read_table(table: Table, profile: Profile | None = None) -> TableView:
    """The state ``table`` shows, its objects found by ``profile`` (the built table's by default); raises
    :class:`ReadError` naming each object or role that cannot be read."""
    cast = Cast(profile or BUILT, SPEC, table)
    found = len(cast.problems)  # what the profile found amiss (a stray, a GUID gone) is named with the rest
    board = cast.one("board")
    zones = {key: zone for key in ZONES if (zone := cast.one(zone_role(*key))) is not None}
    bags = {side: bag for side in (AI, HUMAN) if (bag := cast.one(f"bag:{SIDES[side]}")) is not None}
    units = _unit_cards(cast)
    if len(cast.problems) > found or board is None:  # no fixtures, nothing to read by
        raise ReadError(cast.problems)
    hands = cast.objects("hand")
    phys = Physical(
        cast.frame("board", LAYOUT, board),
        cast.layout("board", "hexes"),
        hands[0].position if hands else HAND_AT,
        zones={key: zone.position for key, zone in zones.items()},
    )
    reader = _Reader(cast, phys, {unit: side for side, names in units.items() for unit in names})
    for side, bag in bags.items():
        reader.bag(side, bag)
    for obj in reader.coins():
        reader.coin(obj, zones, hands)
    board_pieces = reader.board_pieces()
    control = reader.markers(zones)
    sides = [reader.side(side, units[side], board_pieces, control) for side in (AI, HUMAN)]
    if cast.problems:
        raise ReadError(cast.problems)
    return TableView(State(Rules(solo=True), sides, board_pieces, control, current=AI), phys)


def _unit_cards(cast: Cast) -> dict[int, tuple[str, ...]]:
    """Each side's units, from its unit cards left to right."""
    found: dict[int, list[tuple[float, str]]] = {AI: [], HUMAN: []}
    for role, card in cast.playing("card:"):
        _, side, unit = role.split(":", 2)
        found[SIDES.index(side)].append((card.position.x, unit))
    return {side: tuple(unit for _, unit in sorted(cards)) for side, cards in found.items()}


class _Reader:
    def __init__(self, cast: Cast, phys: Physical, owner_of: dict[str, int]) -> None:
        self.cast, self.phys, self.owner_of = cast, phys, owner_of
        self.problems = cast.problems
        self.counts = _Counts()

    def units_of(self, obj: TableObject) -> list[tuple[str, str]]:
        """(unit, guid) of a coin, or of every coin in a merged stack."""
        out = []
        for item in [obj] if obj.type != "Stack" else list(obj.contents):
            role = self.cast.role(item) or ""
            unit = role.partition(":")[2] if role.startswith("coin:") else ""
            if unit != ROYAL and unit not in self.owner_of:
                self.problems.append(Problem(f"a coin of {unit or 'no unit'}, which neither side has", obj))
                continue
            out.append((unit, item.guid))
        return out

    def coins(self) -> list[TableObject]:
        """The coins lying on the table, and stacks of them."""
        loose = [obj for _, obj in self.cast.playing("coin:")]
        stacks = [o for o in self.cast.table if o.type == "Stack" and any(self.cast.role(c) for c in o.contents)]
        return loose + stacks

    def bag(self, side: int, bag: TableObject) -> None:
        self.phys.bag[side] = bag.guid
        for item in bag.contents:
            for unit, guid in self.units_of(item):
                self.counts.add(side, "bag", unit)
                self.phys.bag_coins[side].setdefault(unit, []).append(guid)

    def coin(self, obj: TableObject, zones: Zones, hands: list[TableObject]) -> None:
        """One coin (or stack) on the table: on a hex, in an area, or in the person's hand."""
        try:
            where = self.phys.hexes.locate_in(self.phys.frame, obj.position)
        except BetweenSpots as exc:
            self.problems.append(Problem(f"a coin {exc}", obj))
            return
        coins = self.units_of(obj)
        if where.spot is not None:
            self.counts.stacks.setdefault(key_hex(where.spot), []).append((obj.position.y, obj.guid, obj))
            return
        zone = _zone_of(obj, zones)
        in_hand = any(hand.encloses(obj.position) for hand in hands)
        for unit, guid in coins:
            self._in_area(obj, unit, guid, zone, in_hand)

    def _in_area(
        self, obj: TableObject, unit: str, guid: str, zone: tuple[str, int | None] | None, in_hand: bool
    ) -> None:
        phys, counts = self.phys, self.counts
        kind, side = zone if zone is not None else ("", None)
        if kind == SUPPLY:
            counts.add(side or 0, "supply", unit)
            phys.supply[side or 0].setdefault(unit, []).append(guid)
        elif kind == DISCARD:
            counts.add(side or 0, "down" if obj.face_down else "up", unit)
            phys.discard[side or 0].append((unit, guid))
        elif kind == ROYALS and unit == ROYAL:
            phys.royals.append(guid)
        elif kind == REMOVED and unit == ROYAL:
            self.problems.append(Problem("a Royal Coin cannot be removed from play", obj))
        elif kind == REMOVED:
            counts.add(self.owner_of[unit], "eliminated", unit)
            phys.removed.append(guid)
        elif in_hand:
            counts.hand[unit] = counts.hand.get(unit, 0) + 1
            phys.hand.append((unit, guid))
        else:
            self.problems.append(Problem("a coin lies outside the board and every area", obj))

    def board_pieces(self) -> dict[Hex, Piece]:
        """The units on the board: each hex's coins, one unit high as many as they are."""
        pieces: dict[Hex, Piece] = {}
        for h, items in self.counts.stacks.items():
            items.sort()
            guids: list[str] = []
            unit_names: set[str] = set()
            for _, guid, obj in items:
                unit_names.update(unit for unit, _ in self.units_of(obj))
                guids.append(guid)
                if obj.type == "Stack":
                    self.phys.inside[guid] = [c.guid for c in obj.contents]
            if len(unit_names) != 1 or ROYAL in unit_names:
                units = ", ".join(sorted(unit_names))
                self.problems.append(Problem(f"the coins on {name(h)} are not one unit: {units}", items[0][2]))
                continue
            unit = unit_names.pop()
            height = sum(len(self.phys.inside.get(g, [g])) for g in guids)
            pieces[h] = Piece(self.owner_of[unit], unit, height)
            self.phys.stacks[h] = guids
        return pieces

    def markers(self, zones: Zones) -> dict[Hex, int]:
        """Who controls each location: control markers on locations; the others must lie in their reserve."""
        control: dict[Hex, int] = {}
        for role, marker in self.cast.playing("marker:"):
            side = SIDES.index(role.partition(":")[2])
            try:
                where = self.phys.hexes.locate_in(self.phys.frame, marker.position)
            except BetweenSpots as exc:
                self.problems.append(Problem(f"a control marker {exc}", marker))
                continue
            h = key_hex(where.spot) if where.spot is not None else None
            if h is not None and h not in LOCATION_SET:
                self.problems.append(Problem(f"a control marker on {name(h)}, which is not a location", marker))
            elif h is not None and h in control:
                self.problems.append(Problem(f"two control markers on {name(h)}", marker))
            elif h is not None:
                control[h] = side
                self.phys.markers_on[h] = marker.guid
            elif _zone_of(marker, zones) == (RESERVE, side):
                self.phys.reserve[side].append(marker.guid)
            else:
                what = f"side {SIDES[side]}'s control marker"
                self.problems.append(Problem(f"{what} is neither on a location nor in its reserve", marker))
        for side in (AI, HUMAN):
            shown = sum(1 for owner in control.values() if owner == side) + len(self.phys.reserve[side])
            if shown != MARKERS:
                self.problems.append(
                    Problem(f"side {SIDES[side]} should have {MARKERS} control markers; the table shows {shown}")
                )
        return control

    def side(self, s: int, units: tuple[str, ...], board: dict[Hex, Piece], control: dict[Hex, int]) -> Side:
        """One side's coins, pile by pile; a count the game does not allow is a problem."""
        c = self.counts.piles[s]
        hand = [u for u, n in self.counts.hand.items() for _ in range(n)] if s == HUMAN else []
        built = Side(
            units,
            dict(c.get("bag", {})),
            hand,
            dict(c.get("up", {})),
            dict(c.get("down", {})),
            dict(c.get("supply", {})),
            dict(c.get("eliminated", {})),
            MARKERS - sum(1 for o in control.values() if o == s),
        )
        piles = (built.bag, built.discard_up, built.discard_down, built.supply, built.eliminated)
        royals = sum(pile.get(ROYAL, 0) for pile in piles) + built.hand.count(ROYAL)
        if s == HUMAN and royals != 1:
            self.problems.append(
                Problem(f"side B should have 1 Royal Coin in its bag, hand or discard; the table shows {royals}")
            )
        for unit in built.units:
            total = sum(pile.get(unit, 0) for pile in piles)
            total += sum(p.coins for p in board.values() if p.unit == unit) + built.hand.count(unit)
            if total != CARDS[unit].coins:
                self.problems.append(
                    Problem(f"side {SIDES[s]} should have {CARDS[unit].coins} {unit} coins; the table shows {total}")
                )
            if len([p for p in board.values() if p.unit == unit]) > CARDS[unit].max_units:
                self.problems.append(Problem(f"{unit} stands on the board more than once"))
        return built


def _zone_of(obj: TableObject, zones: Zones) -> tuple[str, int | None] | None:
    return next((key for key, zone in zones.items() if zone.encloses(obj.position)), None)
