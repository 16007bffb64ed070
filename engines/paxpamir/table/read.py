"""Reading a Pax Pamir table into the engine's state, as it stands when Wakhan's turn begins.

Cards are known by their GM notes (the card's number) and tag; court order is left to right; piles are read top
first (a deck's contents in order, loose cards by height). Pieces are placed by where they lie: regions and
borders by the board's frame, spies on the court card under them, gifts on a dial's spaces, the rest by the zone
around them. Every object that cannot be placed is named in the :class:`~engines.base.ReadError`, and nothing
is moved.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bridge.table import Table, TableObject, Vec3
from engines.base import Problem, ReadError
from engines.layout import BetweenSpots
from engines.paxpamir.data import COALITIONS, REGIONS, SUITS, Coalition, Region, Suit, game_data
from engines.paxpamir.rules import refresh_pragmatic_loyalty
from engines.paxpamir.setup import COLUMNS, ROWS, Market
from engines.paxpamir.state import BLOCKS, CYLINDERS, Player, State
from engines.paxpamir.table import layout
from engines.paxpamir.table.roles import BUILT, SEATS, SPEC
from engines.profile import Cast, Profile

Places = dict[str, list[tuple[tuple[float, float], str]]]  # "kind:key" -> (order, card key)


@dataclass
class Physical:
    """Which objects carry each part of the state, and where; the planner keeps it up to date."""

    spots: layout.Spots
    cards: dict[str, str] = field(default_factory=dict)  # card key -> guid
    card_at: dict[str, Vec3] = field(default_factory=dict)  # card key -> where it lies
    containers: dict[str, str] = field(default_factory=dict)  # card key -> guid of the deck it is in
    pieces: dict[tuple[str, str], dict[layout.Area, dict[str, Vec3]]] = field(default_factory=dict)
    vp: dict[int, str] = field(default_factory=dict)  # seat -> marker guid
    loyalty: dict[int, str] = field(default_factory=dict)  # seat -> loyalty token guid
    rulers: dict[Region, str] = field(default_factory=dict)  # region -> ruler token guid
    favored: str = ""


@dataclass
class TableView:
    state: State
    physical: Physical
    planner: Any = field(default=None, repr=False)


class _Reader:
    def __init__(self, cast: Cast) -> None:
        self.cast = cast
        self.table = cast.table
        self.problems: list[Problem] = cast.problems

    def fail(self, message: str, obj: TableObject | None = None) -> None:
        self.problems.append(Problem(message, obj))

    # --- zones and fixtures -------------------------------------------------------------------------------

    def zones(self) -> tuple[dict[tuple[str, str], TableObject], list[int], int | None]:
        courts = {s: self.cast.objects(f"zone:court:{s}") for s in SEATS}
        seats = [s for s, found in courts.items() if found]
        if seats != list(range(len(seats))) or not 2 <= len(seats) <= 3:
            self.fail(
                f"the table needs court zones for seats 0 to 1 or 0 to 2 (roles 'zone:court:N'); it has seats {seats}"
            )
        marked = self.cast.objects("wakhan")
        wakhan = [s for s in seats if any(zone in marked for zone in courts[s])]
        if len(wakhan) != 1:
            self.fail(f"exactly one court zone must be Wakhan's (role 'wakhan'); found {len(wakhan)}")
        found: dict[tuple[str, str], TableObject] = {}

        def pick(role: str, key: tuple[str, str]) -> None:
            zone = self.cast.one(role)
            if zone is not None:
                found[key] = zone

        for seat in seats:
            for kind in layout.SEAT_ZONES:
                pick(f"zone:{kind}:{seat}", (kind, str(seat)))
        for kind in layout.SHARED_ZONES:
            pick(f"zone:{kind}", (kind, ""))
        for coalition in COALITIONS:
            pick(f"zone:blocks:{coalition}", ("blocks", coalition))
        return found, seats, wakhan[0] if len(wakhan) == 1 else None

    def zone_of(self, zones: dict[tuple[str, str], TableObject], obj: TableObject) -> tuple[str, str] | None:
        return next((key for key, zone in zones.items() if zone.encloses(obj.position)), None)


def _card_key(cast: Cast, item: TableObject) -> str | None:
    """``card:N`` or ``ai:N`` for a card the profile names, else None."""
    role = cast.role(item)
    return role if role is not None and role.startswith(("card:", "ai:")) else None


def read_table(table: Table, profile: Profile | None = None) -> TableView:
    """The state ``table`` shows, its objects found by ``profile`` (the built table's by default); raises
    :class:`ReadError` naming each object or role that cannot be read."""
    r = _Reader(Cast(profile or BUILT, SPEC, table))
    found = len(r.problems)  # what the profile found amiss (a stray, a GUID gone) is named with the rest
    board = r.cast.one("board")
    zones, seats, wakhan = r.zones()
    dials = {seat: dial for seat in seats if (dial := r.cast.one(f"dial:{seat}")) is not None}
    if len(r.problems) > found or board is None or wakhan is None:  # no fixtures, nothing to read by
        raise ReadError(r.problems)

    spots = layout.Spots(
        r.cast.frame("board", layout.MAP, board),
        {key: z.position for key, z in zones.items()},
        {s: r.cast.frame(f"dial:{s}", layout.LOYALTY, d) for s, d in dials.items()},
        {name: r.cast.layout("board", name) for name in layout.BOARD_LAYOUTS}
        | {f"{name}:{s}": r.cast.layout(f"dial:{s}", name) for s in dials for name in layout.DIAL_LAYOUTS},
    )
    phys = Physical(spots)
    places, seen = _read_cards(r, zones, phys)

    def cards_in(where: str) -> list[int]:
        return [int(k.partition(":")[2]) for _, k in sorted(places.get(where, []))]

    market = Market()
    for row in range(ROWS):
        for col in range(COLUMNS):
            here = cards_in(f"market:{row},{col}")
            if len(here) > 1:
                r.fail(f"market slot row {row + 1}, column {col} holds {len(here)} cards")
            market.cards[row][col] = here[0] if here else None

    pieces = _read_pieces(r, zones, phys, seats, places)
    players = []
    for seat in seats:
        s = str(seat)
        loyalty = _read_loyalty(r, phys, seat, wakhan)
        gifts = sorted(int(a[2]) for a in pieces[("cylinder", s)] if a[0] == "gift")
        players.append(
            Player(
                loyalty,
                rupees=len(pieces[("rupee", "")].get(("rupees", s), {})),
                hand=cards_in(f"hand:{s}"),
                court=cards_in(f"court:{s}"),
                prizes=cards_in(f"prizes:{s}"),
                gifts=gifts,
                vp=_read_vp(r, phys, seat),
                wakhan=seat == wakhan,
            )
        )
    deck = cards_in("deck:")
    lasting: dict[str, int] = {}
    discard = cards_in("discard:")
    events = game_data().events
    for seat in seats:
        for number in cards_in(f"events:{seat}"):
            if number not in events:
                r.fail(f"card {number} in seat {seat}'s events area is not an event")
                continue
            lasting[events[number].if_purchased.id] = seat
            discard.append(number)
    for number in cards_in("lasting:"):
        if number not in events or events[number].if_discarded.duration != "until_next_dominance_check":
            r.fail(f"card {number} in the lasting-effects area is not an event whose discarded effect lasts")
            continue
        lasting[events[number].if_discarded.id] = wakhan
        discard.append(number)
    favored = _read_favored(r, phys)
    for region in REGIONS:  # shown for people, not read: rule comes from the pieces
        token = r.cast.one(f"ruler:{region}")
        if token is not None:
            phys.rulers[region] = token.guid
    ai_cards = {int(k.partition(":")[2]) for k in seen if k.startswith("ai:")}
    missing = sorted(set(game_data().ai_cards) - ai_cards)
    if missing:
        r.fail(f"Wakhan's AI cards {', '.join(map(str, missing))} are in neither her AI deck nor its discard")
    if r.problems:
        raise ReadError(r.problems)

    tribes: dict[Region, list[int]] = {region: [] for region in REGIONS}
    armies: dict[Region, dict[Coalition, int]] = {region: {} for region in REGIONS}
    roads: dict[str, dict[Coalition, int]] = {}
    spies: dict[int, list[int]] = {}
    for (kind, owner), areas in pieces.items():
        for area, guids in areas.items():
            n = len(guids)
            if kind == "cylinder" and area[0] == "region":
                tribes[layout.region_of(area[1])] += [int(owner)] * n
            elif kind == "cylinder" and area[0] == "card":
                spies.setdefault(int(area[1]), []).extend([int(owner)] * n)
            elif kind == "block" and area[0] == "region":
                armies[layout.region_of(area[1])][layout.coalition_of(owner)] = n
            elif kind == "block" and area[0] == "border":
                roads.setdefault(area[1], {})[layout.coalition_of(owner)] = n
            elif kind == "rupee" and area[0] == "slot":
                row, col = (int(x) for x in area[1].split(","))
                market.rupees[row][col] = n
    data = game_data()
    on_table = {int(k.partition(":")[2]) for k in seen if k.startswith("card:")}
    state = State(
        players=players,
        deck=deck,
        market=market,
        favored=favored,
        discard=discard,
        tribes=tribes,
        armies=armies,
        roads=roads,
        spies=spies,
        current=wakhan,
        lasting=lasting,
        out_of_game=sorted(n for n in (*data.court, *data.events) if n not in on_table),
        ai_deck=cards_in("ai_deck:"),
        ai_discard=cards_in("ai_discard:"),
    )
    refresh_pragmatic_loyalty(state)
    return TableView(state, phys)


def _read_cards(
    r: _Reader, zones: dict[tuple[str, str], TableObject], phys: Physical
) -> tuple[Places, dict[str, TableObject]]:
    """Where every card lies, in order within its place; each card key's object, for the checks after."""
    places: Places = {}  # "kind:key" -> (order, card key)
    seen: dict[str, TableObject] = {}

    def place_card(
        key: str | None, obj: TableObject, container: TableObject | None, where: str, order: tuple[float, float]
    ) -> None:
        if key is None:
            return
        if key in seen:
            r.fail(f"{key.replace(':', ' ')} is on the table twice (also {seen[key].describe()})", obj)
            return
        seen[key] = obj
        phys.cards[key] = obj.guid
        phys.card_at[key] = (container or obj).position
        if container is not None:
            phys.containers[key] = container.guid
        places.setdefault(where, []).append((order, key))

    for obj in r.table:
        items: Iterable[TableObject] = obj.contents if obj.type == "Deck" else [obj]
        keyed = [(it, _card_key(r.cast, it)) for it in items]
        if not any(k for _, k in keyed):
            continue
        where = _card_area(r, zones, phys.spots, obj)
        if where is None:
            continue
        kind = where.partition(":")[0]
        top_first = kind in layout.FACE_DOWN_PILES
        for i, (item, key) in enumerate(keyed):
            if key is not None and key.startswith("ai:") != kind.startswith("ai_"):
                r.fail(
                    f"{'a Wakhan AI card' if key.startswith('ai:') else 'a court or event card'} "
                    f"in the {kind.replace('_', ' ')}",
                    obj,
                )
                continue
            if kind in ("court", "hand"):
                order: tuple[float, float] = (obj.position.x, i)
            elif top_first:  # a deck's contents are top first; loose cards: the highest on top
                order = (-obj.position.y, i)
            else:  # face-up piles, bottom first
                order = (obj.position.y, len(keyed) - i)
            place_card(key, item if obj.type == "Deck" else obj, obj if obj.type == "Deck" else None, where, order)

    return places, seen


def _card_area(
    r: _Reader, zones: dict[tuple[str, str], TableObject], spots: layout.Spots, obj: TableObject
) -> str | None:
    """Where a card (or a deck of them) lies: ``market:r,c`` or ``<zone kind>:<seat>``; None (with a problem)."""
    try:
        slot = spots.locate("market", obj.position).spot
    except BetweenSpots as exc:
        r.fail(f"a card {exc}", obj)
        return None
    if slot is not None:
        return f"market:{slot}"
    zone = r.zone_of(zones, obj)
    if zone is None or zone[0] in ("cylinders", "rupees", "bank", "blocks"):
        r.fail("a card outside the market and every card area (court, hand, prizes, events, piles)", obj)
        return None
    return f"{zone[0]}:{zone[1]}"


def _read_pieces(
    r: _Reader,
    zones: dict[tuple[str, str], TableObject],
    phys: Physical,
    seats: list[int],
    places: Places,
) -> dict[tuple[str, str], dict[layout.Area, dict[str, Vec3]]]:
    out: dict[tuple[str, str], dict[layout.Area, dict[str, Vec3]]] = {("cylinder", str(s)): {} for s in seats}
    out |= {("block", c): {} for c in COALITIONS}
    out[("rupee", "")] = {}
    court_cards = {seat: [(phys.card_at[k].x, k) for _, k in places.get(f"court:{seat}", [])] for seat in seats}
    for role, obj in (*r.cast.playing("cylinder:"), *r.cast.playing("block:"), *r.cast.playing("rupee")):
        kind, _, owner = role.partition(":")
        if kind == "cylinder" and int(owner) not in seats:
            r.fail(f"a cylinder of seat {owner}, which is not at the table", obj)
            continue
        area = _piece_area(r, zones, phys.spots, court_cards, obj, kind, owner)
        if area is not None:
            out[(kind, owner)].setdefault(area, {})[obj.guid] = obj.position
    for (kind, owner), areas in out.items():
        total = sum(len(g) for g in areas.values())
        expected = {"cylinder": CYLINDERS, "block": BLOCKS, "rupee": layout.RUPEES}[kind]
        label = {"cylinder": f"seat {owner} cylinders", "block": f"{owner} blocks", "rupee": "rupees"}[kind]
        if total != expected:
            r.fail(f"the game has {expected} {label} (besides victory-point markers); the table shows {total}")
        for area, guids in areas.items():
            if area[0] == "gift" and len(guids) > 1:
                r.fail(f"seat {area[1]}'s gift space {area[2]} holds {len(guids)} cylinders")
    phys.pieces = out
    return out


def _piece_area(
    r: _Reader,
    zones: dict[tuple[str, str], TableObject],
    spots: layout.Spots,
    court_cards: dict[int, list[tuple[float, str]]],
    obj: TableObject,
    kind: str,
    owner: str,
) -> layout.Area | None:
    what = {"cylinder": "a cylinder", "block": "a block", "rupee": "a rupee"}[kind]
    try:
        spot = spots.locate("map", obj.position).spot
        slot = spots.locate("market", obj.position).spot
    except BetweenSpots as exc:
        r.fail(f"{what} {exc}", obj)
        return None
    if spot is not None:
        place, name = spot.split(":")
        if kind == "rupee" or (kind == "cylinder" and place == "border"):
            r.fail(f"{what} on the {place} {name}, where none may be", obj)
            return None
        return (place, name)
    if slot is not None:
        if kind != "rupee":
            r.fail(f"{what} on a market card", obj)
            return None
        return ("slot", slot)
    if kind == "cylinder":
        for seat in spots.dials:
            try:
                gift = spots.locate_on_dial(seat, "gifts", obj.position).spot
            except BetweenSpots as exc:
                r.fail(f"a cylinder on seat {seat}'s dial {exc} (gift spaces)", obj)
                return None
            if gift is not None:
                if str(seat) != owner:
                    r.fail(f"a cylinder on seat {seat}'s gift space, not its owner's", obj)
                    return None
                return ("gift", owner, gift)
    zone = r.zone_of(zones, obj)
    if zone is not None and zone[0] == "court" and kind == "cylinder":
        on = [k for x, k in court_cards[int(zone[1])] if abs(x - obj.position.x) <= layout.CARD_W / 2 + 0.2]
        if not on:
            r.fail("a cylinder in a court but on no card (a spy lies on a court card)", obj)
            return None
        return ("card", on[0].partition(":")[2])
    if zone is not None:
        area = layout.area_of(zone)
        if area == layout.supply_of(kind, owner) or (kind == "rupee" and area[0] == "rupees"):
            return area
    r.fail(f"{what} outside the map, the market and its own areas", obj)
    return None


def _read_loyalty(r: _Reader, phys: Physical, seat: int, wakhan: int) -> Coalition | None:
    """A person's loyalty: the coalition space of their dial their token lies on. Wakhan's token only shows her
    pragmatic loyalty, which comes from her AI card."""
    token = r.cast.one(f"loyalty:{seat}")
    if token is None:
        return None
    phys.loyalty[seat] = token.guid
    if seat == wakhan:
        return None
    try:
        spot = phys.spots.locate_on_dial(seat, "loyalty", token.position).spot
    except BetweenSpots as exc:
        r.fail(f"a loyalty token {exc}", token)
        return None
    if spot is None:
        r.fail("a person's loyalty token must lie on a coalition space of their dial", token)
        return None
    return layout.coalition_of(spot)


def _read_vp(r: _Reader, phys: Physical, seat: int) -> int:
    marker = r.cast.one(f"vp:{seat}")
    if marker is None:
        return 0
    phys.vp[seat] = marker.guid
    try:
        spot = phys.spots.locate("vp", marker.position).spot
    except BetweenSpots as exc:
        r.fail(f"a victory-point marker {exc}", marker)
        return 0
    if spot is None:
        r.fail("a victory-point marker off the track", marker)
        return 0
    return int(spot.partition(":")[2])


def _read_favored(r: _Reader, phys: Physical) -> Suit:
    marker = r.cast.one("favored")
    if marker is None:
        return "political"
    phys.favored = marker.guid
    try:
        spot = phys.spots.locate("favored", marker.position).spot
    except BetweenSpots as exc:
        r.fail(f"the favored-suit marker {exc}", marker)
        return "political"
    if spot is None:
        r.fail("the favored-suit marker is on no suit's space", marker)
        return "political"
    return next(s for s in SUITS if s == spot)
