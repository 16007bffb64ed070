"""Where everything of Pax Pamir lies on the TTS table, and where each part of the game state belongs.

The map board carries the market's twelve slots, the six regions, the nine borders, the favored-suit spaces and
the victory-point track, all in the board's own frame (a moved board reads the same). Each seat has an area of
scripting zones (court, cylinders, rupees, prizes, events in effect, hand) and a loyalty dial (a token on one of
three coalition spaces, and the three gift spaces); the draw deck, the discard, Wakhan's AI deck and discard, the
bank and the block supplies have zones of their own. Everything is found by tag (``paxpamir.*``), never by GUID.

:func:`card_places` and :func:`piece_counts` say where a :class:`~engines.paxpamir.state.State` puts each card and
how many pieces lie in each area; building, reading and planning all go through them, so the three agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import count

from bridge.table import Vec3
from bridge.table.geometry import ONE, ZERO, Transform
from bridge.table.ttsfacts import scale_for_depth
from engines.layout import BoardLayout, Located
from engines.paxpamir.data import COALITIONS, REGIONS, SUITS, Coalition, Region, game_data
from engines.paxpamir.setup import COLUMNS, ROWS
from engines.paxpamir.state import BLOCKS, CYLINDERS, GIFT_PRICES, State
from engines.tablekit import grid

TAG_PREFIX = "paxpamir"
BOARD_TAG, CARD_TAG, AI_CARD_TAG = f"{TAG_PREFIX}.board", f"{TAG_PREFIX}.card", f"{TAG_PREFIX}.aicard"
CYLINDER_TAG, BLOCK_TAG, RUPEE_TAG = f"{TAG_PREFIX}.cylinder", f"{TAG_PREFIX}.block", f"{TAG_PREFIX}.rupee"
VP_TAG, FAVORED_TAG, DIAL_TAG, WAKHAN_TAG = (
    f"{TAG_PREFIX}.vp",
    f"{TAG_PREFIX}.favored",
    f"{TAG_PREFIX}.dial",
    f"{TAG_PREFIX}.wakhan",
)
LOYALTY_TAG, RULER_TAG = f"{TAG_PREFIX}.loyalty", f"{TAG_PREFIX}.ruler"
SEAT_ZONES = ("court", "cylinders", "rupees", "prizes", "events", "hand")
SHARED_ZONES = ("deck", "discard", "ai_deck", "ai_discard", "bank", "lasting")
WAKHAN_COLOUR, PEOPLE_COLOURS = "Purple", ("White", "Red")  # TTS player colours, people in seat order
RGB = {
    "Purple": (0.63, 0.13, 0.94),
    "White": (1.0, 1.0, 1.0),
    "Red": (0.86, 0.1, 0.09),
    "afghan": (0.15, 0.15, 0.15),
    "british": (0.75, 0.12, 0.12),
    "russian": (0.85, 0.85, 0.85),
}
RUPEES = 72  # the bank's rupees with the players' and the market's: more than a game ever holds
BOARD_AT = Vec3(0, 1.0, 6)
# The board's extent in its own frame (board units), centred on its origin as TTS draws it: 35 x 32 world units.
BOARD_HALF_W, BOARD_TOP, BOARD_BOTTOM = 17.5, 16.0, -16.0
BOARD_SIZE = (2 * BOARD_HALF_W, BOARD_TOP - BOARD_BOTTOM)
BOARD_SCALE = scale_for_depth(BOARD_SIZE[1])  # TTS's one rule for a custom board (bridge/table/ttsfacts.py)
CARD_W, CARD_D, CARD_STEP = 2.2, 3.0, 2.4  # a card's width and depth; court cards side by side


def seat_tag(seat: int) -> str:
    return f"{TAG_PREFIX}.seat.{seat}"


def coalition_tag(coalition: str) -> str:
    return f"{TAG_PREFIX}.coalition.{coalition}"


def region_tag(region: str) -> str:
    return f"{TAG_PREFIX}.region.{region}"


# --- the board's frame ---------------------------------------------------------------------------------------

_REGION_AT = {
    "transcaspia": Vec3(-3, 0.2, 0.5),
    "persia": Vec3(-13, 0.2, -4),
    "herat": Vec3(-6, 0.2, -7),
    "kabul": Vec3(4, 0.2, -4),
    "kandahar": Vec3(1, 0.2, -10.5),
    "punjab": Vec3(12, 0.2, -8),
}


def _border_at(border: str) -> Vec3:
    a, b = (_REGION_AT[r] for r in border.split("_"))
    return Vec3((a.x + b.x) / 2, 0.2, (a.z + b.z) / 2)


BORDERS = tuple(b.id for b in game_data().map.borders)
MAP = BoardLayout(
    spots={**{f"region:{r}": _REGION_AT[r] for r in REGIONS}, **{f"border:{b}": _border_at(b) for b in BORDERS}},
    snap=1.8,  # region pieces lie within 1.5 of the centre, roads within 0.6 of the border's middle
    extent=3.0,
    scale=BOARD_SCALE,
)
MARKET = BoardLayout(
    spots={f"{r},{c}": Vec3(-8 + 3.2 * c, 0.2, 9.5 - 3.8 * r) for r in range(ROWS) for c in range(COLUMNS)},
    snap=1.5,
    extent=1.6,
    scale=BOARD_SCALE,
)
FAVORED = BoardLayout(
    spots={suit: Vec3(13.5, 0.2, 10.5 - 2 * i) for i, suit in enumerate(SUITS)},
    snap=0.9,
    extent=1.0,
    scale=BOARD_SCALE,
)
VP_MAX = 35
VP_TRACK = BoardLayout(
    spots={
        f"{row}:{vp}": Vec3(-15 + 0.85 * vp, 0.2, -13.6 - 0.45 * row) for row in range(3) for vp in range(VP_MAX + 1)
    },
    snap=0.4,
    extent=0.5,
    scale=BOARD_SCALE,
)
# A loyalty dial's spaces, in the dial's frame (a tile of scale DIAL_SCALE): coalitions above, gifts below; a
# loyalty token off the coalition spaces (Wakhan's before her first draw) lies at NO_LOYALTY.
DIAL_SCALE = 1.6
LOYALTY = BoardLayout(
    spots={c: Vec3(-0.6 + 0.6 * i, 0.1, 0.4) for i, c in enumerate(COALITIONS)},
    snap=0.45,
    extent=0.5,
)
NO_LOYALTY = Vec3(1.3, 0.1, 0.4)
GIFTS = BoardLayout(
    spots={str(p): Vec3(-0.6 + 0.6 * i, 0.1, -0.4) for i, p in enumerate(GIFT_PRICES)}, snap=0.45, extent=1.8
)
BOARD_LAYOUTS = {"map": MAP, "market": MARKET, "favored": FAVORED, "vp": VP_TRACK}  # by their names in a profile
DIAL_LAYOUTS = {"loyalty": LOYALTY, "gifts": GIFTS}


def built_layouts(seats: Iterable[int]) -> dict[str, BoardLayout]:
    """The layouts as built: the board's by name, each seat's dial's as "loyalty:N" and "gifts:N"."""
    return BOARD_LAYOUTS | {f"{name}:{s}": layout for s in seats for name, layout in DIAL_LAYOUTS.items()}


# --- areas beside the board (world coordinates of a fresh table) ---------------------------------------------

SEAT_X = (-28.0, 0.0, 28.0)
SEAT_Z = -17.0
SEAT_AREA: dict[str, tuple[Vec3, Vec3]] = {  # kind -> (offset from the seat's centre, size)
    "court": (Vec3(0, 0.5, 2.5), Vec3(26, 3, 3.6)),
    "cylinders": (Vec3(-4.5, 0.5, -1.5), Vec3(6, 3, 2.6)),
    "rupees": (Vec3(1.5, 0.5, -1.5), Vec3(6, 3, 2.6)),
    "prizes": (Vec3(7.5, 0.5, -1.5), Vec3(4, 3, 3.2)),
    "events": (Vec3(11.5, 0.5, -1.5), Vec3(3, 3, 3.2)),
    "hand": (Vec3(0, 2.0, -6), Vec3(16, 4, 4)),
}
DIAL_OFFSET = Vec3(-10, 0.0, -1.5)
PILE_STEP, PILE_DEPTH = 0.02, 120  # a card's thickness in a pile; more cards than any pile holds
SHARED_AREA: dict[str, tuple[Vec3, Vec3]] = {
    "deck": (Vec3(-22, 1.5, 12), Vec3(4, 8, 4.5)),
    "discard": (Vec3(-22, 1.5, 7), Vec3(4, 8, 4.5)),
    "lasting": (Vec3(-22, 1.5, 2), Vec3(4, 8, 4.5)),
    "ai_deck": (Vec3(-22, 1.5, -3), Vec3(4, 8, 4.5)),
    "ai_discard": (Vec3(-17.5, 1.5, -3), Vec3(4, 8, 4.5)),
    "bank": (Vec3(23, 1.5, 12), Vec3(8, 3, 6)),
}
BLOCK_AREA = {c: (Vec3(22, 1.5, 6 - 4 * i), Vec3(8, 3, 3.4)) for i, c in enumerate(COALITIONS)}


def seat_centre(seat: int) -> Vec3:
    return Vec3(SEAT_X[seat], 1.0, SEAT_Z)


# --- where the state puts things ---------------------------------------------------------------------------


FACE_DOWN_PILES = ("deck", "ai_deck")  # read and laid top first; every other place shows faces


@dataclass(frozen=True, order=True)
class CardPlace:
    """``kind``: market (key ``r,c``), court / hand / prizes / events (key = seat), deck, discard, lasting,
    ai_deck, ai_discard (no key); ``index`` orders cards in a place (deck piles: top first; discards: bottom
    first)."""

    kind: str
    key: str = ""
    index: int = 0

    @property
    def face_down(self) -> bool:
        return self.kind in FACE_DOWN_PILES


def card_places(state: State) -> dict[str, CardPlace]:
    """Every card on the table: ``"card:N"`` (court and event cards) and ``"ai:N"`` (Wakhan's) -> its place."""
    out: dict[str, CardPlace] = {}
    for r in range(ROWS):
        for c in range(COLUMNS):
            number = state.market.cards[r][c]
            if number is not None:
                out[f"card:{number}"] = CardPlace("market", f"{r},{c}")
    for seat, player in enumerate(state.players):
        for kind, cards in (("court", player.court), ("hand", player.hand), ("prizes", player.prizes)):
            for i, number in enumerate(cards):
                out[f"card:{number}"] = CardPlace(kind, str(seat), i)
    for i, number in enumerate(state.deck):
        out[f"card:{number}"] = CardPlace("deck", "", i)
    held = _lasting_cards(state)
    shown: dict[str, int] = {}
    for number in state.discard:
        place = held.get(number)
        if place is None:
            out[f"card:{number}"] = CardPlace("discard", "", shown.setdefault("discard", 0))
            shown["discard"] += 1
        else:
            kind, key = place
            out[f"card:{number}"] = CardPlace(kind, key, shown.setdefault(f"{kind}:{key}", 0))
            shown[f"{kind}:{key}"] += 1
    for i, number in enumerate(state.ai_deck):
        out[f"ai:{number}"] = CardPlace("ai_deck", "", i)
    for i, number in enumerate(state.ai_discard):
        out[f"ai:{number}"] = CardPlace("ai_discard", "", i)
    return out


def _lasting_cards(state: State) -> dict[int, tuple[str, str]]:
    """Discarded events whose effect lasts: the purchased side in its holder's events area, the discarded side
    (which holds for everyone) in the shared ``lasting`` area."""
    events = game_data().events
    out: dict[int, tuple[str, str]] = {}
    for number in state.discard:
        event = events.get(number)
        if event is None:
            continue
        holder = state.lasting.get(event.if_purchased.id)
        if holder is not None and holder >= 0:
            out[number] = ("events", str(holder))
        elif event.if_discarded.id in state.lasting:
            out[number] = ("lasting", "")
    return out


Area = tuple[str, ...]  # where pieces physically lie: ("region", r), ("card", "12"), ("slot", "r,c"), ...


def piece_counts(state: State) -> dict[tuple[str, str], dict[Area, int]]:
    """For each kind of piece (``("cylinder", seat)``, ``("block", coalition)``, ``("rupee", "")``), how many lie in
    each area; what is not in play lies in its supply area."""
    out: dict[tuple[str, str], dict[Area, int]] = {}
    for seat, player in enumerate(state.players):
        areas: dict[Area, int] = {}
        for region, tribes in state.tribes.items():
            if tribes.count(seat):
                areas[("region", region)] = tribes.count(seat)
        for card, spies in state.spies.items():
            if spies.count(seat):
                areas[("card", str(card))] = spies.count(seat)
        for gift in player.gifts:
            areas[("gift", str(seat), str(gift))] = 1
        areas[("cylinders", str(seat))] = CYLINDERS - sum(areas.values())
        out[("cylinder", str(seat))] = areas
    for coalition in COALITIONS:
        areas = {}
        for region, armies in state.armies.items():
            if armies.get(coalition):
                areas[("region", region)] = armies[coalition]
        for border, roads in state.roads.items():
            if roads.get(coalition):
                areas[("border", border)] = roads[coalition]
        areas[("blocks", coalition)] = BLOCKS - sum(areas.values())
        out[("block", coalition)] = areas
    rupees: dict[Area, int] = {}
    for seat, player in enumerate(state.players):
        rupees[("rupees", str(seat))] = player.rupees
    for r in range(ROWS):
        for c in range(COLUMNS):
            if state.market.rupees[r][c]:
                rupees[("slot", f"{r},{c}")] = state.market.rupees[r][c]
    rupees[("bank",)] = RUPEES - sum(rupees.values())
    out[("rupee", "")] = rupees
    return out


def supply_of(kind: str, owner: str) -> Area:
    return {"cylinder": ("cylinders", owner), "block": ("blocks", owner), "rupee": ("bank",)}[kind]


def offsets(area: Area) -> Iterator[Vec3]:
    """The places for pieces in an area, nearest the centre first, then a layer on top (endless)."""
    kind = area[0]
    per_row, rows, step = {
        "region": (5, 4, 0.6),
        "border": (3, 2, 0.5),
        "card": (2, 3, 1.0),  # spies a pawn apart: a hand lays each beside the last, not on it
        "slot": (3, 3, 0.55),
        "gift": (1, 1, 0.0),
        "cylinders": (5, 2, 0.9),
        "blocks": (6, 2, 1.0),
        "rupees": (6, 2, 0.9),
        "bank": (8, 6, 0.9),
    }[kind]
    for i in count():
        yield grid(Vec3(0, 0.15, 0), i, per_row=per_row, rows=rows, step=step, layer=0.3)


def coalition_of(value: str) -> Coalition:
    """A coalition's id as its type (ids come from tags and area keys)."""
    return next(c for c in COALITIONS if c == value)


def region_of(value: str) -> Region:
    return next(r for r in REGIONS if r == value)


def area_of(zone: tuple[str, str]) -> Area:
    """A supply zone's key as a piece area: ``("rupees", "1")``, ``("bank",)``."""
    return zone if zone[1] else zone[:1]


# --- world positions ---------------------------------------------------------------------------------------


@dataclass
class Spots:
    """World positions on one table: the board's and the dials' frames and each zone's centre (a fresh table's,
    or those read from a live one)."""

    board: Transform  # the board's frame in board units (engines.layout.board_units, or a table profile's)
    zones: dict[tuple[str, str], Vec3]  # (kind, seat or coalition or "") -> centre
    dials: dict[int, Transform]
    layouts: dict[str, BoardLayout]  # the board's by name, each dial's as "loyalty:N", "gifts:N" (profile offsets)

    @classmethod
    def fresh(cls, seats: int) -> Spots:
        zones = {(kind, str(s)): seat_centre(s) + off for s in range(seats) for kind, (off, _) in SEAT_AREA.items()}
        zones |= {(kind, ""): at for kind, (at, _) in SHARED_AREA.items()}
        zones |= {("blocks", c): at for c, (at, _) in BLOCK_AREA.items()}
        dials = {
            s: Transform(seat_centre(s) + DIAL_OFFSET, ZERO, Vec3(DIAL_SCALE, 1, DIAL_SCALE)) for s in range(seats)
        }
        return cls(Transform(BOARD_AT, ZERO, ONE), zones, dials, built_layouts(range(seats)))

    def locate(self, name: str, position: Vec3) -> Located:
        """The space of the board's layout ``name`` at ``position``; raises BetweenSpots."""
        return self.layouts[name].locate_in(self.board, position)

    def locate_on_dial(self, seat: int, name: str, position: Vec3) -> Located:
        return self.layouts[f"{name}:{seat}"].locate_in(self.dials[seat], position)

    def card(self, place: CardPlace) -> Vec3:
        """Where a card lies (its centre; piles rise card by card)."""
        if place.kind == "market":
            return self.board.to_world(self.layouts["market"].spots[place.key]) + Vec3(0, 0.05, 0)
        centre = self.zones[(place.kind, place.key)]
        i = place.index
        if place.kind == "court":
            width = SEAT_AREA["court"][1].x
            return Vec3(centre.x - width / 2 + 1.4 + CARD_STEP * i, centre.y, centre.z)
        if place.kind == "hand":
            return Vec3(centre.x - 6 + 1.5 * (i % 9), centre.y, centre.z)
        if place.kind in ("prizes", "events"):
            return Vec3(centre.x - 0.6 + 0.4 * (i % 4), centre.y + PILE_STEP * i, centre.z)
        base = centre.y - 0.4
        if place.kind in ("deck", "ai_deck"):
            return Vec3(centre.x, base + PILE_STEP * (PILE_DEPTH - i), centre.z)  # the top card highest
        return Vec3(centre.x, base + PILE_STEP * i, centre.z)  # face-up piles: the last one on top

    def area(self, area: Area, cards: dict[str, Vec3]) -> Vec3:
        """The centre of a piece area (:meth:`piece` at no offset)."""
        return self.piece(area, cards, ZERO)

    def piece(self, area: Area, cards: dict[str, Vec3], offset: Vec3) -> Vec3:
        """A place ``offset`` from an area's centre (:func:`offsets`); on the board, in the board's frame, so the
        pieces on a turned or scaled board lie as they would on ours; a card's pieces ride on the card where it now
        lies (``cards``)."""
        on_board = self._on_board(area)
        if on_board is not None:
            return self.board.to_world(on_board + offset)
        kind = area[0]
        if kind == "card":
            return cards[f"card:{area[1]}"] + Vec3(0, 0.1, 0) + offset
        if kind == "gift":
            return self.dials[int(area[1])].to_world(self.layouts[f"gifts:{area[1]}"].spots[area[2]]) + offset
        if kind in ("cylinders", "rupees", "blocks"):
            return self.zones[(kind, area[1])] + offset
        return self.zones[("bank", "")] + offset

    def _on_board(self, area: Area) -> Vec3 | None:
        """An area's centre in board units, for the areas on the board (regions, borders, market slots)."""
        if area[0] in ("region", "border"):
            return self.layouts["map"].spots[f"{area[0]}:{area[1]}"]
        if area[0] == "slot":
            return self.layouts["market"].spots[area[1]] + Vec3(0, 0.1, 0)
        return None

    def loyalty(self, seat: int, coalition: str | None) -> Vec3:
        local = self.layouts[f"loyalty:{seat}"].spots[coalition] if coalition else NO_LOYALTY
        return self.dials[seat].to_world(local) + Vec3(0, 0.1, 0)

    def vp(self, seat: int, vp: int) -> Vec3:
        return self.board.to_world(self.layouts["vp"].spots[f"{seat % 3}:{min(vp, VP_MAX)}"]) + Vec3(0, 0.2, 0)

    def favored(self, suit: str) -> Vec3:
        return self.board.to_world(self.layouts["favored"].spots[suit]) + Vec3(0, 0.1, 0)

    def ruler(self, region: str, seat: int | None) -> Vec3:
        """A region's ruler token: in front of its ruler's dial (a place for each region), else on the region's
        upper edge."""
        if seat is None:
            return self.board.to_world(self.layouts["map"].spots[f"region:{region}"] + Vec3(0, 0.1, 1.6))
        return self.dials[seat].position + Vec3(-2.0 + 0.8 * [str(r) for r in REGIONS].index(region), 0.1, -2.4)
