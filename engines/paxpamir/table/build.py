"""A Pax Pamir table for a save file: the board, every seat's area, the cards where the state puts them, and the
pieces counted out by :func:`~engines.paxpamir.table.layout.piece_counts`.

A fresh table shows the moment before Wakhan's first turn: her AI deck shuffled and none drawn yet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bridge.errors import UsageError
from bridge.table import SaveFile, Vec3
from engines.paxpamir.data import Coalition, game_data
from engines.paxpamir.images import ai_cells, deck_cells
from engines.paxpamir.queries import ruler
from engines.paxpamir.rules import new_game, refresh_pragmatic_loyalty
from engines.paxpamir.state import State
from engines.paxpamir.table import layout
from engines.tablekit import Builder, SheetCard


def fresh_state(humans: int = 1, *, seed: int = 0, loyalties: tuple[Coalition, ...] = ("british", "russian")) -> State:
    """A new game with Wakhan in seat 0 and ``humans`` people after her, before she draws her first AI card."""
    if humans not in (1, 2):
        raise UsageError(f"Wakhan plays against 1 or 2 people, not {humans}")
    return before_her_draw(new_game([None, *loyalties[:humans]], random.Random(seed), wakhan=0))


def before_her_draw(state: State) -> State:
    """A copy of ``state`` at the start of her turn with her face card back on top of her AI deck: the table as
    the bot finds it when her turn begins (the engine draws for her at the start of each of her turns)."""
    before = state.copy()
    before.ai_deck.insert(0, before.ai_discard.pop())
    refresh_pragmatic_loyalty(before)
    return before


def seat_colour(state: State, seat: int) -> str:
    humans = [s for s, p in enumerate(state.players) if not p.wakhan]
    if state.players[seat].wakhan:
        return layout.WAKHAN_COLOUR
    return layout.PEOPLE_COLOURS[humans.index(seat)]


def seat_name(state: State, seat: int) -> str:
    return "Wakhan" if state.players[seat].wakhan else seat_colour(state, seat)


class _Builder(Builder):
    def __init__(self, assets: Mapping[str, str]) -> None:
        super().__init__(assets)
        self._deck = deck_cells()
        self._ai = ai_cells()

    def pax_card(self, key: str, at: Vec3, face_down: bool) -> dict[str, Any]:
        kind, _, n = key.partition(":")
        number = int(n)
        data = game_data()
        if kind == "ai":
            cell = self._ai[number]
            face = SheetCard(cell.sheet, cell.index, cell.sheet.replace("front", "back"), unique_back=True)
            return self.card(
                face, f"Wakhan AI card {number}", [layout.AI_CARD_TAG], at, gm_notes=n, face_down=face_down
            )
        cell = self._deck[number]
        if number in data.court:
            c = data.court[number]
            name, text = c.name, f"{c.region.title()}, {c.suit}, rank {c.rank}; actions: {', '.join(c.actions) or '-'}"
        else:
            e = data.events[number]
            name, text = e.name, f"if discarded: {e.if_discarded.title}; if purchased: {e.if_purchased.title}"
        face = SheetCard(cell.sheet, cell.index, "card_back")
        return self.card(face, name, [layout.CARD_TAG], at, gm_notes=n, description=text, face_down=face_down)

    def piece(self, kind: str, owner: str, at: Vec3, colour: str) -> dict[str, Any]:
        if kind == "rupee":
            return self.tile("Rupee", [layout.RUPEE_TAG], at, "rupee", "rupee", scale=0.3, stackable=False)
        if kind == "cylinder":
            return self.base(
                "PlayerPawn",
                f"{colour} cylinder",
                [layout.CYLINDER_TAG, layout.seat_tag(int(owner))],
                at,
                colour=layout.RGB[colour],
            )
        return self.base(
            "BlockSquare",
            f"{owner.title()} block",
            [layout.BLOCK_TAG, layout.coalition_tag(owner)],
            at,
            scale=Vec3(0.35, 0.35, 0.35),
            colour=layout.RGB[owner],
        )


def build_table(
    assets: Mapping[str, str] | None = None, *, state: State | None = None, humans: int = 1, seed: int = 0
) -> SaveFile:
    state = state or fresh_state(humans, seed=seed)
    b = _Builder(assets or {})
    seats = len(state.players)
    spots = layout.Spots.fresh(seats)
    snaps = [*layout.MAP.spots.values(), *layout.MARKET.spots.values(), *layout.FAVORED.spots.values()]
    b.add(
        b.board(
            "Pax Pamir map and market",
            [layout.BOARD_TAG],
            layout.BOARD_AT,
            "board",
            size=layout.BOARD_SIZE,
            snap_points=snaps,
        )
    )
    for seat in range(seats):
        colour, name = seat_colour(state, seat), seat_name(state, seat)
        extra = [layout.WAKHAN_TAG] if state.players[seat].wakhan else []
        for kind, (offset, size) in layout.SEAT_AREA.items():
            hand = colour if kind == "hand" and not state.players[seat].wakhan else None
            tags = [f"{layout.TAG_PREFIX}.{kind}", layout.seat_tag(seat), *extra]
            b.add(b.zone(f"{name}'s {kind}", tags, layout.seat_centre(seat) + offset, size, hand=hand))
        dial = spots.dials[seat].position
        # Wakhan takes no loyalty dial: her gifts go on her aid card, which shows her pragmatic loyalty too.
        label, image = ("aid card", "aid_card") if state.players[seat].wakhan else ("loyalty dial", "dial")
        tags = [layout.DIAL_TAG, layout.seat_tag(seat)]
        b.add(b.tile(f"{name}'s {label}", tags, dial, image, image, circle=False, scale=layout.DIAL_SCALE))
        loyalty = state.players[seat].loyalty
        token = b.tile(
            f"{name}'s loyalty",
            [layout.LOYALTY_TAG, layout.seat_tag(seat)],
            spots.loyalty(seat, loyalty),
            "loyalty",
            "loyalty",
            scale=0.4,
        )
        b.add(
            token
            | {"ColorDiffuse": {"r": layout.RGB[colour][0], "g": layout.RGB[colour][1], "b": layout.RGB[colour][2]}}
        )
        b.add(
            b.piece("cylinder", str(seat), spots.vp(seat, state.players[seat].vp), colour)
            | {
                "Nickname": f"{name}'s victory points",
                "Tags": [layout.VP_TAG, layout.seat_tag(seat)],
            }
        )
    for kind, (at, size) in layout.SHARED_AREA.items():
        b.add(b.zone(kind.replace("_", " "), [f"{layout.TAG_PREFIX}.{kind}"], at, size))
    for coalition, (at, size) in layout.BLOCK_AREA.items():
        b.add(b.zone(f"{coalition} blocks", [f"{layout.TAG_PREFIX}.blocks", layout.coalition_tag(coalition)], at, size))
    b.add(b.tile("Favored suit", [layout.FAVORED_TAG], spots.favored(state.favored), "favored", "favored", scale=0.5))
    for region in game_data().map.regions:
        at = spots.ruler(region.id, ruler(state, region.id))
        tags = [layout.RULER_TAG, layout.region_tag(region.id)]
        b.add(b.tile(f"Ruler of {region.name}", tags, at, f"ruler_{region.id}", f"ruler_{region.id}", scale=0.35))

    places = layout.card_places(state)
    piles: dict[str, list[tuple[int, str]]] = {"deck": [], "ai_deck": []}
    positions: dict[str, Vec3] = {}
    for key, place in places.items():
        positions[key] = spots.card(place)
        if place.kind in piles:
            piles[place.kind].append((place.index, key))
        else:
            b.add(b.pax_card(key, positions[key], place.face_down))
    for kind, cards in piles.items():
        at = spots.zones[(kind, "")]
        made = [b.pax_card(key, at, True) for _, key in sorted(cards)]
        if made:
            b.add(b.deck("Draw deck" if kind == "deck" else "Wakhan's AI deck", [], at, made))
    for (kind, owner), areas in layout.piece_counts(state).items():
        colour = seat_colour(state, int(owner)) if kind == "cylinder" else owner
        for area, count in areas.items():
            if count < 0:
                raise ValueError(f"the state puts more {kind}s in play than the game has ({area})")
            for _, offset in zip(range(count), layout.offsets(area), strict=False):
                b.add(b.piece(kind, owner, spots.piece(area, positions, offset), colour))
    return SaveFile.from_dict({"SaveName": "Pax Pamir", "ObjectStates": b.objects}, "Pax Pamir table")
