"""War Chest on the TTS table: where things are, building a fresh table, reading it, and the bot's moves.

The reader (:mod:`engines.warchest.read`) finds everything through a table profile (:mod:`engines.profile`): this
module's :data:`SPEC` names the roles it asks for, and :func:`built_profile` says how the table built here plays them
(by tags, ``warchest.*``, never by GUID, so a person may rebuild or rearrange the table); a Workshop mod's profile
plays them with its own objects. Hexes come from the board's own transform, so a moved or rotated board reads the
same. The AI plays side A (the far side), the person side B.

Areas are scripting zones: each side's supply, discard (face-up and face-down coins by their rotation) and marker
reserve, and one zone for coins removed from play. The person's hand is a TTS hand zone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bridge.table import SaveFile, Vec3
from bridge.table.geometry import Transform
from bridge.table.ttsfacts import RANDOM_BAG_TAG, scale_for_depth
from engines.layout import BoardLayout
from engines.profile import Match, Profile, ProfileSpec, Role, RoleSpec, Stray, tagged
from engines.tablekit import Builder, grid
from engines.warchest.ai import AiOptions
from engines.warchest.board import HEXES, Hex
from engines.warchest.images import BOARD_PIXELS, HEX_PIXELS
from engines.warchest.solo import setup_solo
from engines.warchest.state import MARKERS, State
from engines.warchest.units import CARDS, ROYAL

TAG_PREFIX = "warchest"
BOARD_TAG, COIN_TAG, MARKER_TAG, CARD_TAG, BAG_TAG = (
    f"{TAG_PREFIX}.board",
    f"{TAG_PREFIX}.coin",
    f"{TAG_PREFIX}.marker",
    f"{TAG_PREFIX}.card",
    f"{TAG_PREFIX}.bag",
)
SUPPLY, DISCARD, RESERVE, REMOVED, ROYALS = "supply", "discard", "reserve", "removed", "royals"
SIDE_TAGS = (f"{TAG_PREFIX}.side.A", f"{TAG_PREFIX}.side.B")
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
        tags = [f"{TAG_PREFIX}.{kind}"] + ([SIDE_TAGS[side]] if side is not None else [])
        label = (
            f"{'AB'[side]} {kind}"
            if side is not None
            else {"removed": "removed from play", "royals": "spare Royal Coins"}[kind]
        )
        return self.zone(label, tags, at, size)


def hand_slot(hand_at: Vec3, index: int) -> Vec3:
    """The ``index``-th coin's place in the person's hand zone (at ``hand_at``)."""
    return hand_at + Vec3(-3 + 1.5 * index, -1.5, 0)


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
                b.objects.append(b.coin(coin, hand_slot(HAND_AT, i)))
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


# --- which object is what: the roles the reader asks for, and the built table's profile ------------------------

SIDES = "AB"


def zone_role(kind: str, side: int | None) -> str:
    """The role of an area's zone: ``zone:supply:A``, ``zone:removed``."""
    return f"zone:{kind}" if side is None else f"zone:{kind}:{SIDES[side]}"


def _zone_words(kind: str, side: int | None) -> str:
    if side is None:
        return {"removed": "removed-from-play zone", "royals": "spare Royal Coins zone"}[kind]
    return f"side {SIDES[side]}'s {kind} zone"


SPEC = ProfileSpec(
    game=TAG_PREFIX,
    title="War Chest",
    roles={
        "board": RoleSpec("board"),
        **{zone_role(kind, side): RoleSpec(_zone_words(kind, side), area=True) for kind, side in ZONES},
        "hand": RoleSpec("person's hand zone", many=True, area=True),
        **{f"bag:{s}": RoleSpec(f"side {s}'s bag") for s in SIDES},
        **{f"card:{s}:{unit}": RoleSpec(f"side {s}'s {unit} card", many=True) for s in SIDES for unit in CARDS},
        **{f"coin:{unit}": RoleSpec(f"{unit} coin", many=True) for unit in (*CARDS, ROYAL)},
        **{f"marker:{s}": RoleSpec(f"side {s}'s control marker", many=True) for s in SIDES},
    },
    boards={"board": {"hexes": LAYOUT}},
    names={  # what the game's own components are called (unit cards, which side's, cannot be told by name)
        "board": ("War Chest board", "War Chest", "Board"),
        **{f"coin:{unit}": (unit, f"{unit} coin") for unit in CARDS},
        f"coin:{ROYAL}": (ROYAL_NAME, "Royal"),
    },
)


def built_profile() -> Profile:
    """How the table :func:`build_table` lays plays each role: by the tags and names the build gives."""

    roles = {
        "board": tagged(BOARD_TAG),
        **{
            zone_role(kind, side): tagged(f"{TAG_PREFIX}.{kind}", *([] if side is None else [SIDE_TAGS[side]]))
            for kind, side in ZONES
        },
        "hand": Role(match=(Match(type="Hand"),)),
        **{f"bag:{s}": tagged(BAG_TAG, SIDE_TAGS[i]) for i, s in enumerate(SIDES)},
        **{
            f"card:{s}:{unit}": tagged(CARD_TAG, SIDE_TAGS[i], nickname=unit)
            for i, s in enumerate(SIDES)
            for unit in CARDS
        },
        **{f"coin:{unit}": tagged(COIN_TAG, nickname=unit) for unit in CARDS},
        f"coin:{ROYAL}": tagged(COIN_TAG, nickname=ROYAL_NAME),
        **{f"marker:{s}": tagged(MARKER_TAG, SIDE_TAGS[i]) for i, s in enumerate(SIDES)},
    }
    hints = {
        COIN_TAG: "a coin not named after a unit",
        CARD_TAG: "a unit card must be named after a unit and tagged with its side",
        MARKER_TAG: "a control marker without a side's tag",
        BAG_TAG: "a bag without a side's tag",
    }
    strays = tuple(Stray(match=Match(tags=(tag,)), hint=hint) for tag, hint in hints.items())
    return Profile(game=TAG_PREFIX, mod="the War Chest table automa builds", roles=roles, strays=strays)


BUILT = built_profile()


# --- what the reader found, for the planner ------------------------------------------------------------------


@dataclass
class Physical:
    """Which table objects carry each part of the game state; updated as a turn's commands are planned."""

    frame: Transform  # the board's frame in board units (the profile's placement)
    hexes: BoardLayout  # the hexes in board units (with the profile's per-space offsets)
    hand_at: Vec3 = HAND_AT  # where the person's hand zone lies
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
        p = self.frame.to_world(self.hexes.spots[hex_key(h)])
        return Vec3(p.x, p.y + 0.1 + height * COIN_HEIGHT, p.z)


@dataclass
class TableView:
    state: State
    physical: Physical
    planner: Any = field(default=None, repr=False)  # the turn planner (engines.warchest.turn), made on first use
