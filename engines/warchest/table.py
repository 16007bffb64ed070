"""War Chest on the TTS table: where things are, building a fresh table, reading it, and the bot's moves.

Everything is found by tags (``warchest.*``), never by GUID, so a person may rebuild or rearrange the table.
Hexes come from the board's own transform, so a moved or rotated board reads the same. The AI plays side A (the
far side), the person side B.

Areas are scripting zones: each side's supply, discard (face-up and face-down coins by their rotation) and marker
reserve, and one zone for coins removed from play. The person's hand is a TTS hand zone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bridge.table import SaveFile, Table, TableObject, Vec3
from bridge.table.geometry import Transform
from bridge.table.ttsfacts import RANDOM_BAG_TAG, scale_for_depth
from engines.base import Problem, ReadError
from engines.layout import BetweenSpots, BoardLayout
from engines.tablekit import Builder, grid, one_tagged
from engines.warchest.ai import AiOptions
from engines.warchest.board import HEXES, LOCATION_SET, Hex, name
from engines.warchest.images import BOARD_PIXELS, HEX_PIXELS
from engines.warchest.solo import setup_solo
from engines.warchest.state import MARKERS, Piece, Rules, Side, State
from engines.warchest.units import CARDS, ROYAL

T = "warchest"
BOARD_TAG, COIN_TAG, MARKER_TAG, CARD_TAG, BAG_TAG = f"{T}.board", f"{T}.coin", f"{T}.marker", f"{T}.card", f"{T}.bag"
SUPPLY, DISCARD, RESERVE, REMOVED, ROYALS = "supply", "discard", "reserve", "removed", "royals"
SIDE_TAGS = (f"{T}.side.A", f"{T}.side.B")
AI, HUMAN = 0, 1
ROYAL_NAME = "Royal Coin"

HEX_SIZE = 1.1  # board-local units from a hex's centre to a corner (pointy-top)
COIN_HEIGHT = 0.2
COIN_SCALE = 0.42
BOARD_SIZE = BOARD_PIXELS / HEX_PIXELS * HEX_SIZE  # world units across the square board image
LAYOUT = BoardLayout(
    spots={f"{q},{r}": Vec3(HEX_SIZE * math.sqrt(3) * (q + r / 2), 0.2, -HEX_SIZE * 1.5 * r) for q, r in HEXES},
    snap=0.6,
    extent=HEX_SIZE,  # further than this from every hex centre: off the board
    scale=scale_for_depth(BOARD_SIZE),
)
# Where each area sits when the table is built (world coordinates; A is the far side, +z).
ZONES: dict[tuple[str, int | None], tuple[Vec3, Vec3]] = {
    (SUPPLY, AI): (Vec3(-11, 1.5, 6), Vec3(6, 3, 5)),
    (SUPPLY, HUMAN): (Vec3(-11, 1.5, -6), Vec3(6, 3, 5)),
    (DISCARD, AI): (Vec3(11, 1.5, 4), Vec3(6, 3, 4)),
    (DISCARD, HUMAN): (Vec3(11, 1.5, -4), Vec3(6, 3, 4)),
    (RESERVE, AI): (Vec3(-4, 1.5, 10.5), Vec3(8, 3, 2.5)),
    (RESERVE, HUMAN): (Vec3(-4, 1.5, -10.5), Vec3(8, 3, 2.5)),
    (REMOVED, None): (Vec3(18, 1.5, 0), Vec3(4, 3, 10)),
    (ROYALS, None): (Vec3(16, 1.5, 10), Vec3(5, 3, 3)),
}
EXTRA_ROYALS = 10  # Royal Coins are unlimited for the AI's reloads; ten spares are plenty for one game
BAG_AT = (Vec3(11, 1.5, 9), Vec3(11, 1.5, -9))
CARDS_AT = (Vec3(-12, 1.1, 11), Vec3(-12, 1.1, -11))  # first card; the others follow along +x
HAND_AT = Vec3(0, 3.0, -17)


def hex_key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def key_hex(key: str) -> Hex:
    q, r = key.split(",")
    return int(q), int(r)


# --- building a fresh table ----------------------------------------------------------------------------------


class _Builder(Builder):
    def coin(self, unit: str, at: Vec3, *, face_down: bool = False) -> dict[str, Any]:
        nickname = ROYAL_NAME if unit == ROYAL else unit
        return self.tile(
            nickname,
            [COIN_TAG],
            at,
            f"coin_{unit}",
            "coin_back",
            scale=COIN_SCALE,
            thickness=COIN_HEIGHT,
            face_down=face_down,
            hands=True,  # a player draws three coins into their hand
        )

    def area(self, kind: str, side: int | None) -> dict[str, Any]:
        at, size = ZONES[(kind, side)]
        tags = [f"{T}.{kind}"] + ([SIDE_TAGS[side]] if side is not None else [])
        label = (
            f"{'AB'[side]} {kind}"
            if side is not None
            else {"removed": "removed from play", "royals": "spare Royal Coins"}[kind]
        )
        return self.zone(label, tags, at, size)


def zone_spot(center: Vec3, index: int, per_row: int = 5, rows: int = 4) -> Vec3:
    """The index-th place in an area: rows of coins, left to right; a full area takes a second layer on top."""
    return grid(Vec3(center.x, 1.3, center.z), index, per_row=per_row, rows=rows)


def build_table(assets: Mapping[str, str] | None = None, *, seed: int = 0, state: State | None = None) -> SaveFile:
    """The table for ``state`` (default: a fresh solo game set up by the rules, the AI's cards drawn with
    ``seed``), at the moment before the AI reveals a coin: the AI's hand goes back into its bag."""
    state = state or setup_solo(random.Random(seed), AiOptions())
    b = _Builder(assets or {})
    shuffler = random.Random(seed)
    board_transform = Transform(Vec3(0, 1.0, 0), Vec3(0, 0, 0), Vec3(LAYOUT.scale, 1, LAYOUT.scale))
    b.add(
        b.board(
            "War Chest board",
            [BOARD_TAG],
            board_transform.position,
            "board",
            size=(BOARD_SIZE, BOARD_SIZE),
            snap_points=LAYOUT.spots.values(),
        )
    )
    for kind, zone_side in ZONES:
        b.add(b.area(kind, zone_side))
    for side_index, side in enumerate(state.sides):
        tags = [SIDE_TAGS[side_index]]
        for i, unit in enumerate(side.units):
            at = CARDS_AT[side_index] + Vec3(3.2 * i, 0, 0)
            b.objects.append(
                b.tile(
                    unit,
                    [CARD_TAG, *tags],
                    at,
                    f"card_{unit}",
                    f"card_{unit}",
                    circle=False,
                    scale=1.3,
                    thickness=COIN_HEIGHT,
                    description=_card_text(unit),
                )
            )
        in_bag = dict(side.bag)
        if side_index == AI:
            for coin in side.hand:  # the table shows the moment before the AI reveals its coin
                in_bag[coin] = in_bag.get(coin, 0) + 1
        else:
            for i, coin in enumerate(side.hand):
                b.objects.append(b.coin(coin, HAND_AT + Vec3(-3 + 1.5 * i, -1.5, 0)))
        # drawn from at random (spec: "Reveal a random coin"): never grouped by unit, and shuffled again on load
        bag_coins = [b.coin(u, BAG_AT[side_index]) for u in sorted(in_bag) for _ in range(in_bag[u])]
        shuffler.shuffle(bag_coins)
        bag = b.base("Bag", f"{'AB'[side_index]} bag", [BAG_TAG, RANDOM_BAG_TAG, *tags], BAG_AT[side_index])
        b.add(dict(bag, ContainedObjects=bag_coins))
        center = ZONES[(SUPPLY, side_index)][0]
        index = 0
        for unit in side.units:
            for _ in range(side.supply.get(unit, 0)):
                b.objects.append(b.coin(unit, zone_spot(center, index)))
                index += 1
        discard = ZONES[(DISCARD, side_index)][0]
        faces = [(u, False) for u in sorted(side.discard_up) for _ in range(side.discard_up[u])]
        faces += [(u, True) for u in sorted(side.discard_down) for _ in range(side.discard_down[u])]
        for i, (unit, down) in enumerate(faces):
            b.objects.append(b.coin(unit, zone_spot(discard, i), face_down=down))
        removed = ZONES[(REMOVED, None)][0]
        for i, unit in enumerate(u for u in sorted(side.eliminated) for _ in range(side.eliminated[u])):
            b.objects.append(b.coin(unit, zone_spot(removed, i + side_index * 12, per_row=3)))
        reserve = ZONES[(RESERVE, side_index)][0]
        on_board = [h for h, owner in state.control.items() if owner == side_index]
        for i in range(MARKERS):
            at = (
                LAYOUT.world(board_transform, hex_key(on_board[i]))
                if i < len(on_board)
                else zone_spot(reserve, i - len(on_board), per_row=6, rows=1)
            )
            b.objects.append(
                b.tile(
                    f"{'AB'[side_index]} marker",
                    [MARKER_TAG, *tags],
                    at,
                    f"marker_{'AB'[side_index]}",
                    f"marker_{'AB'[side_index]}",
                    scale=COIN_SCALE,
                    thickness=COIN_HEIGHT,
                )
            )
    for h, piece in sorted(state.board.items()):
        spot = LAYOUT.world(board_transform, hex_key(h))
        for level in range(piece.coins):
            b.objects.append(b.coin(piece.unit, Vec3(spot.x, spot.y + 0.1 + level * COIN_HEIGHT, spot.z)))
    spares = ZONES[(ROYALS, None)][0]
    for i in range(EXTRA_ROYALS):
        b.objects.append(b.coin(ROYAL, zone_spot(spares, i)))
    b.add(b.zone("", [], HAND_AT, Vec3(12, 4, 3), hand="White"))
    return SaveFile.from_dict({"SaveName": "War Chest", "ObjectStates": b.objects}, "War Chest table")


def _card_text(unit: str) -> str:
    card = CARDS[unit]
    return f"{unit}: {card.coins} coins" + ("; tactic" if card.tactic else "")


# --- reading the table ---------------------------------------------------------------------------------------


@dataclass
class Physical:
    """Which table objects carry each part of the game state; updated as a turn's commands are planned."""

    board: Transform
    stacks: dict[Hex, list[str]] = field(default_factory=dict)  # coin guids, bottom first
    inside: dict[str, list[str]] = field(default_factory=dict)  # a merged stack's guid -> contained coin guids
    bag: dict[int, str] = field(default_factory=dict)
    bag_coins: dict[int, dict[str, list[str]]] = field(default_factory=lambda: {0: {}, 1: {}})
    supply: dict[int, dict[str, list[str]]] = field(default_factory=lambda: {0: {}, 1: {}})
    discard: dict[int, list[tuple[str, str]]] = field(default_factory=lambda: {0: [], 1: []})  # (unit, guid)
    removed: list[str] = field(default_factory=list)
    markers_on: dict[Hex, str] = field(default_factory=dict)
    reserve: dict[int, list[str]] = field(default_factory=lambda: {0: [], 1: []})
    zones: dict[tuple[str, int | None], Vec3] = field(default_factory=dict)
    royals: list[str] = field(default_factory=list)  # spare Royal Coins for the AI's reloads
    hand: list[tuple[str, str]] = field(default_factory=list)  # (unit, guid) in the person's hand zone

    def hex_at(self, h: Hex, height: int) -> Vec3:
        p = LAYOUT.world(self.board, hex_key(h))
        return Vec3(p.x, p.y + 0.1 + height * COIN_HEIGHT, p.z)


@dataclass
class TableView:
    state: State
    physical: Physical
    planner: Any = field(default=None, repr=False)  # the turn planner (engines.warchest.turn), made on first use


def _zone_of(
    table: Table, obj: TableObject, zones: dict[tuple[str, int | None], TableObject]
) -> tuple[str, int | None] | None:
    return next((key for key, zone in zones.items() if zone.encloses(obj.position)), None)


def read_table(table: Table) -> TableView:
    problems: list[Problem] = []

    board = one_tagged(table, BOARD_TAG, "board", problems)
    zones: dict[tuple[str, int | None], TableObject] = {}
    for kind, side in ZONES:
        tag = f"{T}.{kind}"
        found = [z for z in table.with_tag(tag) if side is None or z.has_tag(SIDE_TAGS[side])]
        if len(found) != 1:
            label = f"side {'AB'[side]}'s {kind} zone" if side is not None else "the removed-from-play zone"
            problems.append(
                Problem(
                    f"{label} (tags '{tag}'{'' if side is None else ', ' + SIDE_TAGS[side]}) "
                    f"{'is missing' if not found else 'is there twice'}"
                )
            )
        else:
            zones[(kind, side)] = found[0]
    hands = [o for o in table if o.type == "Hand"]
    bags = {s: [b for b in table.with_tag(BAG_TAG) if b.has_tag(SIDE_TAGS[s])] for s in (AI, HUMAN)}
    for s, found in bags.items():
        if len(found) != 1:
            problems.append(
                Problem(
                    f"side {'AB'[s]}'s bag (tags '{BAG_TAG}', {SIDE_TAGS[s]}) "
                    f"{'is missing' if not found else 'is there twice'}"
                )
            )
    units: dict[int, list[tuple[float, str]]] = {AI: [], HUMAN: []}
    for card in table.with_tag(CARD_TAG):
        owner = AI if card.has_tag(SIDE_TAGS[AI]) else HUMAN if card.has_tag(SIDE_TAGS[HUMAN]) else None
        if card.nickname not in CARDS or owner is None:
            problems.append(Problem("a unit card must be named after a unit and tagged with its side", card))
            continue
        units[owner].append((card.position.x, card.nickname))
    if problems or board is None:
        raise ReadError(problems)

    side_units = {s: tuple(u for _, u in sorted(units[s])) for s in (AI, HUMAN)}
    owner_of = {u: s for s, us in side_units.items() for u in us}
    phys = Physical(board.transform, zones={k: z.position for k, z in zones.items()})
    counts: dict[int, dict[str, dict[str, int]]] = {s: {} for s in (AI, HUMAN)}
    stacks: dict[Hex, list[tuple[float, str, TableObject]]] = {}
    hand: dict[str, int] = {}

    def coin_units(obj: TableObject) -> list[tuple[str, str]]:
        """(unit, guid) of a coin, or of every coin in a merged stack."""
        items = [obj] if obj.type != "Stack" else list(obj.contents)
        out = []
        for item in items:
            unit = ROYAL if item.nickname == ROYAL_NAME else item.nickname
            if unit != ROYAL and unit not in owner_of:
                problems.append(Problem(f"a coin of {unit or 'no unit'}, which neither side has", obj))
                continue
            out.append((unit, item.guid))
        return out

    def tally(side: int, pile: str, unit: str) -> None:
        counts[side].setdefault(pile, {})
        counts[side][pile][unit] = counts[side][pile].get(unit, 0) + 1

    for s, found in bags.items():
        phys.bag[s] = found[0].guid
        for item in found[0].contents:
            for unit, guid in coin_units(item):
                tally(s, "bag", unit)
                phys.bag_coins[s].setdefault(unit, []).append(guid)

    coins = [
        o for o in table if o.has_tag(COIN_TAG) or (o.type == "Stack" and any(c.has_tag(COIN_TAG) for c in o.contents))
    ]
    for obj in coins:
        try:
            where = LAYOUT.locate(board, obj.position)
        except BetweenSpots as exc:
            problems.append(Problem(f"a coin {exc}", obj))
            continue
        coin_list = coin_units(obj)
        if where.spot is not None:
            h = key_hex(where.spot)
            stacks.setdefault(h, []).append((obj.position.y, obj.guid, obj))
            continue
        zone = _zone_of(table, obj, zones)
        in_hand = any(h_.encloses(obj.position) for h_ in hands)
        for unit, guid in coin_list:
            if zone is not None and zone[0] == SUPPLY:
                tally(zone[1] or 0, "supply", unit)
                phys.supply[zone[1] or 0].setdefault(unit, []).append(guid)
            elif zone is not None and zone[0] == DISCARD:
                tally(zone[1] or 0, "down" if obj.face_down else "up", unit)
                phys.discard[zone[1] or 0].append((unit, guid))
            elif zone is not None and zone[0] == ROYALS and unit == ROYAL:
                phys.royals.append(guid)
            elif zone is not None and zone[0] == REMOVED:
                if unit == ROYAL:
                    problems.append(Problem("a Royal Coin cannot be removed from play", obj))
                else:
                    tally(owner_of[unit], "eliminated", unit)
                    phys.removed.append(guid)
            elif in_hand:
                hand[unit] = hand.get(unit, 0) + 1
                phys.hand.append((unit, guid))
            else:
                problems.append(Problem("a coin lies outside the board and every area", obj))

    board_pieces: dict[Hex, Piece] = {}
    for h, items in stacks.items():
        items.sort()
        guids: list[str] = []
        unit_names: set[str] = set()
        for _, guid, obj in items:
            unit_names.update(unit for unit, _ in coin_units(obj))
            guids.append(guid)
            if obj.type == "Stack":
                phys.inside[guid] = [c.guid for c in obj.contents]
        if len(unit_names) != 1 or ROYAL in unit_names:
            problems.append(
                Problem(f"the coins on {name(h)} are not one unit: {', '.join(sorted(unit_names))}", items[0][2])
            )
            continue
        unit = unit_names.pop()
        height = sum(len(phys.inside.get(g, [g])) for g in guids)
        board_pieces[h] = Piece(owner_of[unit], unit, height)
        phys.stacks[h] = guids

    control: dict[Hex, int] = {}
    for marker in table.with_tag(MARKER_TAG):
        side_of = AI if marker.has_tag(SIDE_TAGS[AI]) else HUMAN
        try:
            where = LAYOUT.locate(board, marker.position)
        except BetweenSpots as exc:
            problems.append(Problem(f"a control marker {exc}", marker))
            continue
        if where.spot is not None:
            h = key_hex(where.spot)
            if h not in LOCATION_SET:
                problems.append(Problem(f"a control marker on {name(h)}, which is not a location", marker))
            elif h in control:
                problems.append(Problem(f"two control markers on {name(h)}", marker))
            else:
                control[h] = side_of
                phys.markers_on[h] = marker.guid
        elif _zone_of(table, marker, zones) == (RESERVE, side_of):
            phys.reserve[side_of].append(marker.guid)
        else:
            problems.append(
                Problem(f"side {'AB'[side_of]}'s control marker is neither on a location nor in its reserve", marker)
            )
    for s in (AI, HUMAN):
        placed = sum(1 for o in control.values() if o == s)
        if placed + len(phys.reserve[s]) != MARKERS:
            problems.append(
                Problem(
                    f"side {'AB'[s]} should have {MARKERS} control markers; the table shows "
                    f"{placed + len(phys.reserve[s])}"
                )
            )

    sides: list[Side] = []
    for s in (AI, HUMAN):
        c = counts[s]
        built = Side(
            side_units[s],
            dict(c.get("bag", {})),
            [u for u, n in hand.items() for _ in range(n)] if s == HUMAN else [],
            dict(c.get("up", {})),
            dict(c.get("down", {})),
            dict(c.get("supply", {})),
            dict(c.get("eliminated", {})),
            MARKERS - sum(1 for o in control.values() if o == s),
        )
        sides.append(built)
        piles = (built.bag, built.discard_up, built.discard_down, built.supply, built.eliminated)
        royals = sum(pile.get(ROYAL, 0) for pile in piles) + built.hand.count(ROYAL)
        if s == HUMAN and royals != 1:
            problems.append(
                Problem(f"side B should have 1 Royal Coin in its bag, hand or discard; the table shows {royals}")
            )
        for unit in built.units:
            total = sum(pile.get(unit, 0) for pile in piles)
            total += sum(p.coins for p in board_pieces.values() if p.unit == unit) + built.hand.count(unit)
            if total != CARDS[unit].coins:
                problems.append(
                    Problem(f"side {'AB'[s]} should have {CARDS[unit].coins} {unit} coins; the table shows {total}")
                )
            if len([p for p in board_pieces.values() if p.unit == unit]) > CARDS[unit].max_units:
                problems.append(Problem(f"{unit} stands on the board more than once"))
    if problems:
        raise ReadError(problems)
    state = State(Rules(solo=True), sides, board_pieces, control, current=AI)
    return TableView(state, phys)
