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
from engines.paxpamir.table import layout as L
from engines.tablekit import one_tagged

Places = dict[str, list[tuple[tuple[float, float], str]]]  # "kind:key" -> (order, card key)


@dataclass
class Physical:
    """Which objects carry each part of the state, and where; the planner keeps it up to date."""

    spots: L.Spots
    cards: dict[str, str] = field(default_factory=dict)  # card key -> guid
    card_at: dict[str, Vec3] = field(default_factory=dict)  # card key -> where it lies
    containers: dict[str, str] = field(default_factory=dict)  # card key -> guid of the deck it is in
    pieces: dict[tuple[str, str], dict[L.Area, dict[str, Vec3]]] = field(default_factory=dict)
    vp: dict[int, str] = field(default_factory=dict)  # seat -> marker guid
    loyalty: dict[int, str] = field(default_factory=dict)  # seat -> loyalty token guid
    rulers: dict[Region, str] = field(default_factory=dict)  # region -> ruler token guid
    favored: str = ""


@dataclass
class TableView:
    state: State
    physical: Physical
    planner: Any = field(default=None, repr=False)


def _seat_of(obj: TableObject) -> int | None:
    for tag in obj.project_tags:
        prefix, _, n = tag.lower().rpartition(".")
        if prefix == f"{L.T}.seat" and n.isdigit():
            return int(n)
    return None


def _coalition_of(obj: TableObject) -> Coalition | None:
    return next((c for c in COALITIONS if obj.has_tag(L.coalition_tag(c))), None)


class _Reader:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.problems: list[Problem] = []

    def fail(self, message: str, obj: TableObject | None = None) -> None:
        self.problems.append(Problem(message, obj))

    # --- zones and fixtures -------------------------------------------------------------------------------

    def zones(self) -> tuple[dict[tuple[str, str], TableObject], list[int], int | None]:
        courts = self.table.with_tag(f"{L.T}.court")
        seats = sorted({s for z in courts if (s := _seat_of(z)) is not None})
        if seats != list(range(len(seats))) or not 2 <= len(seats) <= 3:
            self.fail(
                f"the table needs court zones for seats 0 to 1 or 0 to 2 (tags '{L.T}.court', '{L.T}.seat.N'); "
                f"it has seats {seats}"
            )
        wakhan = [s for z in courts if z.has_tag(L.WAKHAN_TAG) and (s := _seat_of(z)) is not None]
        if len(wakhan) != 1:
            self.fail(f"exactly one court zone must be Wakhan's (tag '{L.WAKHAN_TAG}'); found {len(wakhan)}")
        found: dict[tuple[str, str], TableObject] = {}

        def pick(kind: str, key: str, extra: str | None, label: str) -> None:
            tag = f"{L.T}.{kind}"
            matches = [z for z in self.table.with_tag(tag) if extra is None or z.has_tag(extra)]
            if len(matches) != 1:
                what = "is missing" if not matches else "is there twice"
                self.fail(f"{label} (tag '{tag}'{', ' + extra if extra else ''}) {what}")
            else:
                found[(kind, key)] = matches[0]

        for seat in seats:
            for kind in L.SEAT_ZONES:
                pick(kind, str(seat), L.seat_tag(seat), f"seat {seat}'s {kind} zone")
        for kind in L.SHARED_ZONES:
            pick(kind, "", None, f"the {kind.replace('_', ' ')} zone")
        for coalition in COALITIONS:
            pick("blocks", coalition, L.coalition_tag(coalition), f"the {coalition} block supply zone")
        return found, seats, wakhan[0] if len(wakhan) == 1 else None

    def seat_piece(self, tag: str, seat: int, what: str) -> TableObject | None:
        """The one object with ``tag`` of ``seat`` (its dial, loyalty token, VP marker)."""
        found = [o for o in self.table.with_tag(tag) if _seat_of(o) == seat]
        if len(found) != 1:
            self.fail(
                f"seat {seat}'s {what} (tags '{tag}', '{L.seat_tag(seat)}') "
                f"{'is missing' if not found else 'is there twice'}"
            )
            return None
        return found[0]

    def zone_of(self, zones: dict[tuple[str, str], TableObject], obj: TableObject) -> tuple[str, str] | None:
        return next((key for key, zone in zones.items() if zone.encloses(obj.position)), None)


def _card_key(item: TableObject) -> str | None:
    kind = "ai" if item.has_tag(L.AI_CARD_TAG) else "card" if item.has_tag(L.CARD_TAG) else None
    if kind is None:
        return None
    data = game_data()
    notes = item.gm_notes.strip()
    number = int(notes) if notes.isdigit() else 0
    known = number in data.ai_cards if kind == "ai" else number in data.court or number in data.events
    return f"{kind}:{notes}" if known else f"{kind}:?"


def read_table(table: Table) -> TableView:
    r = _Reader(table)
    board = one_tagged(table, L.BOARD_TAG, "map board", r.problems)
    zones, seats, wakhan = r.zones()
    dials = {seat: dial for seat in seats if (dial := r.seat_piece(L.DIAL_TAG, seat, "loyalty dial")) is not None}
    if r.problems or board is None or wakhan is None:
        raise ReadError(r.problems)

    spots = L.Spots(
        L.MAP.frame(board),
        {key: z.position for key, z in zones.items()},
        {s: d.transform for s, d in dials.items()},
    )
    phys = Physical(spots)
    places, seen = _read_cards(r, board, zones, phys)

    def cards_in(where: str) -> list[int]:
        return [int(k.partition(":")[2]) for _, k in sorted(places.get(where, []))]

    market = Market()
    for row in range(ROWS):
        for col in range(COLUMNS):
            here = cards_in(f"market:{row},{col}")
            if len(here) > 1:
                r.fail(f"market slot row {row + 1}, column {col} holds {len(here)} cards")
            market.cards[row][col] = here[0] if here else None

    pieces = _read_pieces(r, board, zones, dials, phys, seats, places)
    players = []
    for seat in seats:
        s = str(seat)
        loyalty = _read_loyalty(r, dials[seat], phys, seat, wakhan)
        gifts = sorted(int(a[2]) for a in pieces[("cylinder", s)] if a[0] == "gift")
        players.append(
            Player(
                loyalty,
                rupees=len(pieces[("rupee", "")].get(("rupees", s), {})),
                hand=cards_in(f"hand:{s}"),
                court=cards_in(f"court:{s}"),
                prizes=cards_in(f"prizes:{s}"),
                gifts=gifts,
                vp=_read_vp(r, board, phys, seat),
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
    favored = _read_favored(r, table, board, phys)
    for region in REGIONS:  # shown for people, not read: rule comes from the pieces
        token = one_tagged(table, L.region_tag(region), f"ruler token of {region.title()}", r.problems)
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
                tribes[L.region_of(area[1])] += [int(owner)] * n
            elif kind == "cylinder" and area[0] == "card":
                spies.setdefault(int(area[1]), []).extend([int(owner)] * n)
            elif kind == "block" and area[0] == "region":
                armies[L.region_of(area[1])][L.coalition_of(owner)] = n
            elif kind == "block" and area[0] == "border":
                roads.setdefault(area[1], {})[L.coalition_of(owner)] = n
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
    r: _Reader, board: TableObject, zones: dict[tuple[str, str], TableObject], phys: Physical
) -> tuple[Places, dict[str, TableObject]]:
    """Where every card lies, in order within its place; each card key's object, for the checks after."""
    places: Places = {}  # "kind:key" -> (order, card key)
    seen: dict[str, TableObject] = {}

    def place_card(
        key: str | None, obj: TableObject, container: TableObject | None, where: str, order: tuple[float, float]
    ) -> None:
        if key is None:
            return
        if key.endswith(":?"):
            r.fail("a Pax Pamir card whose GM notes do not give a card number", obj)
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
        keyed = [(it, _card_key(it)) for it in items]
        if not any(k for _, k in keyed):
            continue
        where = _card_area(r, board, zones, obj)
        if where is None:
            continue
        kind = where.partition(":")[0]
        top_first = kind in L.FACE_DOWN_PILES
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
    r: _Reader, board: TableObject, zones: dict[tuple[str, str], TableObject], obj: TableObject
) -> str | None:
    """Where a card (or a deck of them) lies: ``market:r,c`` or ``<zone kind>:<seat>``; None (with a problem)."""
    try:
        slot = L.MARKET.locate(board, obj.position).spot
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
    board: TableObject,
    zones: dict[tuple[str, str], TableObject],
    dials: dict[int, TableObject],
    phys: Physical,
    seats: list[int],
    places: Places,
) -> dict[tuple[str, str], dict[L.Area, dict[str, Vec3]]]:
    out: dict[tuple[str, str], dict[L.Area, dict[str, Vec3]]] = {("cylinder", str(s)): {} for s in seats}
    out |= {("block", c): {} for c in COALITIONS}
    out[("rupee", "")] = {}
    court_cards = {seat: [(phys.card_at[k].x, k) for _, k in places.get(f"court:{seat}", [])] for seat in seats}
    for obj in r.table:
        if obj.has_tag(L.CYLINDER_TAG):
            seat = _seat_of(obj)
            if seat not in seats:
                r.fail("a cylinder without a seat's tag", obj)
                continue
            kind, owner = "cylinder", str(seat)
        elif obj.has_tag(L.BLOCK_TAG):
            coalition = _coalition_of(obj)
            if coalition is None:
                r.fail("a block without a coalition's tag", obj)
                continue
            kind, owner = "block", coalition
        elif obj.has_tag(L.RUPEE_TAG):
            kind, owner = "rupee", ""
        else:
            continue
        area = _piece_area(r, board, zones, dials, court_cards, obj, kind, owner)
        if area is not None:
            out[(kind, owner)].setdefault(area, {})[obj.guid] = obj.position
    for (kind, owner), areas in out.items():
        total = sum(len(g) for g in areas.values())
        expected = {"cylinder": CYLINDERS, "block": BLOCKS, "rupee": L.RUPEES}[kind]
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
    board: TableObject,
    zones: dict[tuple[str, str], TableObject],
    dials: dict[int, TableObject],
    court_cards: dict[int, list[tuple[float, str]]],
    obj: TableObject,
    kind: str,
    owner: str,
) -> L.Area | None:
    what = {"cylinder": "a cylinder", "block": "a block", "rupee": "a rupee"}[kind]
    try:
        spot = L.MAP.locate(board, obj.position).spot
        slot = L.MARKET.locate(board, obj.position).spot
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
        for seat, dial in dials.items():
            try:
                gift = L.GIFTS.locate(dial, obj.position).spot
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
        on = [k for x, k in court_cards[int(zone[1])] if abs(x - obj.position.x) <= L.CARD_W / 2 + 0.2]
        if not on:
            r.fail("a cylinder in a court but on no card (a spy lies on a court card)", obj)
            return None
        return ("card", on[0].partition(":")[2])
    if zone is not None:
        area = L.area_of(zone)
        if area == L.supply_of(kind, owner) or (kind == "rupee" and area[0] == "rupees"):
            return area
    r.fail(f"{what} outside the map, the market and its own areas", obj)
    return None


def _read_loyalty(r: _Reader, dial: TableObject, phys: Physical, seat: int, wakhan: int) -> Coalition | None:
    """A person's loyalty: the coalition space of their dial their token lies on. Wakhan's token only shows her
    pragmatic loyalty, which comes from her AI card."""
    token = r.seat_piece(L.LOYALTY_TAG, seat, "loyalty token")
    if token is None:
        return None
    phys.loyalty[seat] = token.guid
    if seat == wakhan:
        return None
    try:
        spot = L.LOYALTY.locate(dial, token.position).spot
    except BetweenSpots as exc:
        r.fail(f"a loyalty token {exc}", token)
        return None
    if spot is None:
        r.fail("a person's loyalty token must lie on a coalition space of their dial", token)
        return None
    return L.coalition_of(spot)


def _read_vp(r: _Reader, board: TableObject, phys: Physical, seat: int) -> int:
    marker = r.seat_piece(L.VP_TAG, seat, "victory-point marker")
    if marker is None:
        return 0
    phys.vp[seat] = marker.guid
    try:
        spot = L.VP_TRACK.locate(board, marker.position).spot
    except BetweenSpots as exc:
        r.fail(f"a victory-point marker {exc}", marker)
        return 0
    if spot is None:
        r.fail("a victory-point marker off the track", marker)
        return 0
    return int(spot.partition(":")[2])


def _read_favored(r: _Reader, table: Table, board: TableObject, phys: Physical) -> Suit:
    marker = one_tagged(table, L.FAVORED_TAG, "favored-suit marker", r.problems)
    if marker is None:
        return "political"
    phys.favored = marker.guid
    try:
        spot = L.FAVORED.locate(board, marker.position).spot
    except BetweenSpots as exc:
        r.fail(f"the favored-suit marker {exc}", marker)
        return "political"
    if spot is None:
        r.fail("the favored-suit marker is on no suit's space", marker)
        return "political"
    return next(s for s in SUITS if s == spot)
