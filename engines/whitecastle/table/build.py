"""A White Castle table from any state: the zones, the dice on their bridges and spaces, the die tiles, the bot's
courtiers, cards, coins and markers. The reader (``read.py``) turns it back into the same state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridge.table import SaveFile, Vec3
from engines.tablekit import Builder, grid
from engines.whitecastle.board import FLOORS, ZONES, board
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import Die, State
from engines.whitecastle.table import layout, level
from engines.whitecastle.table.images import cells, op_words
from engines.whitecastle.table.roles import marker_name


class _Builder(Builder):
    def die(self, die: Die, at: Vec3) -> dict[str, Any]:
        obj = self.base(
            "Die_6",
            f"{die.colour} die",
            [layout.DIE_TAG, layout.tag("colour", die.colour)],
            at,
            colour=layout.RGB[die.colour],
        )
        x, y, z = layout.DIE_FACES[die.value]
        obj["Transform"].update(rotX=x, rotY=y, rotZ=z)
        obj["RotationValues"] = [
            {"Value": v, "Rotation": {"x": r[0], "y": r[1], "z": r[2]}} for v, r in layout.DIE_FACES.items()
        ]
        return obj

    def die_tile(self, colour: str, at: Vec3) -> dict[str, Any]:
        return self.base(
            "BlockSquare",
            f"{colour} die tile",
            [layout.TILE_TAG, layout.tag("colour", colour)],
            at,
            scale=Vec3(0.45, 0.15, 0.45),
            colour=layout.RGB[colour],
            gm_notes=colour,
        )

    def marker(self, what: str, at: Vec3, *, colour: str = "bot", notes: tuple[str, str] = ("", "")) -> dict[str, Any]:
        """A track's marker, named as the game's profile spec names its role ("your coins marker")."""
        tags = [layout.MARKER_TAG, layout.tag("marker", what)]
        description, gm_notes = notes
        name = marker_name(what)
        return self.base(
            "Chip_10", name, tags, at, colour=layout.RGB[colour], description=description, gm_notes=gm_notes
        )


def build_table(state: State, deck: SoloDeck, assets: Mapping[str, str] | None = None) -> SaveFile:
    b = _Builder(assets or {})
    snaps = layout.snap_points(layout.time_spots(deck))
    b.add(
        b.board(
            "The White Castle", [layout.BOARD_TAG], layout.BOARD_AT, "board", size=layout.BOARD_SIZE, snap_points=snaps
        )
    )
    for area in layout.AREAS.values():
        b.add(b.zone(area.label, [layout.ZONE_TAG, area.tag], area.centre, area.size))
    _dice(b, state)
    _courtiers(b, state)
    _cards(b, state, deck)
    _chips(b, state)
    _markers(b, state, deck)
    return SaveFile.from_dict(
        {"SaveName": "The White Castle: the Polish solo automa", "ObjectStates": b.objects}, "table"
    )


def _dice(b: _Builder, state: State) -> None:
    """The dice on their bridges, spaces and the Well; each castle space's die tiles."""
    per = board().dice_per_bridge
    for colour, values in state.bridges.items():
        area = layout.AREAS[f"bridge.{colour}"]
        for i, value in enumerate(values):
            b.add(b.die(Die(colour, value), area.spot(i, per)))
    for zone in ZONES:
        for index, space in enumerate(state.spaces[zone], start=1):
            area = layout.AREAS[f"{zone}.{index}"]
            for j, tile in enumerate(space.tiles):
                b.add(b.die_tile(tile, area.spot(j, len(space.tiles), z=layout.TILE_Z)))
            if space.die is not None:
                b.add(b.die(space.die, Vec3(area.centre.x, layout.SURFACE_Y, area.centre.z + layout.DIE_SLOT_Z)))
    well = layout.AREAS["well"]
    for i, die in enumerate(state.well):
        b.add(b.die(die, grid(well.centre, i, per_row=4, rows=2, step=1.1)))


def _courtiers(b: _Builder, state: State) -> None:
    """The bot's and your courtiers, each side on its own floors."""
    for floor in FLOORS:
        for key, counts, name, tag, tint in (
            ("floor", state.courtiers, "bot courtier", layout.COURTIER_TAG, "bot"),
            ("you.floor", state.person.courtiers, "your courtier", layout.YOUR_COURTIER_TAG, "white"),
        ):
            area = layout.AREAS[f"{key}.{floor}"]
            for i in range(counts[floor]):
                at = grid(area.centre, i, per_row=4, rows=2, step=0.9)
                b.add(b.base("PlayerPawn", name, [tag], at, colour=layout.RGB[tint]))


def _cards(b: _Builder, state: State, deck: SoloDeck) -> None:
    """The bot's deck and discard pile face down, its revealed row face up."""
    faces = cells(deck)

    def card(card_id: str, at: Vec3, face_down: bool) -> dict[str, Any]:
        c = deck.card(card_id)
        text = f"upper: {'; '.join(map(op_words, c.top))} | lower: {'; '.join(map(op_words, c.bottom))}"
        return b.card(
            faces[card_id],
            f"bot card {card_id}",
            [layout.CARD_TAG],
            at,
            gm_notes=card_id,
            description=text,
            face_down=face_down,
        )

    for key, ids in (("bot.deck", state.deck), ("bot.discard", state.discard)):
        if ids:
            at = layout.AREAS[key].centre
            b.add(b.deck(layout.AREAS[key].label, [layout.CARD_TAG], at, [card(i, at, True) for i in ids]))
    revealed = layout.AREAS["bot.revealed"]
    for i, card_id in enumerate(state.revealed):
        b.add(card(card_id, revealed.spot(i, 4), False))


def _chips(b: _Builder, state: State) -> None:
    """The bot's coins, both sides' clan-point laps, and the bags they come from."""
    coins = layout.AREAS["bot.coins"]
    for i in range(state.coins):
        b.add(b.base("Chip_10", "bot coin", [layout.COIN_TAG], grid(coins.centre, i, per_row=5, rows=3, step=0.8)))
    for key, points, whose in (
        ("cp.laps", state.clan_points, "bot"),
        ("you.cp.laps", state.person.clan_points, "your"),
    ):
        for i in range(points // layout.CP_TRACK):
            at = grid(layout.AREAS[key].centre, i, per_row=3, rows=1)
            b.add(b.base("Chip_50", f"{whose} clan-point lap", [layout.LAP_TAG], at))
    lap = f"clan-point lap ({layout.CP_TRACK} points, yours or the bot's)"
    for supply_tag, piece_tag, name, (bag_name, piece), at in (
        (layout.COIN_SUPPLY_TAG, layout.COIN_TAG, "Chip_10", ("coins", "bot coin"), layout.COIN_SUPPLY_AT),
        (layout.LAP_SUPPLY_TAG, layout.LAP_TAG, "Chip_50", ("clan-point laps", lap), layout.LAP_SUPPLY_AT),
    ):
        bag = b.base("Infinite_Bag", bag_name, [supply_tag], at)
        bag["ContainedObjects"] = [b.base(name, piece, [piece_tag], at)]
        b.add(bag)


def _markers(b: _Builder, state: State, deck: SoloDeck) -> None:
    """Both Influence and clan-point markers on their shared tracks (yours on the row above), your resource
    tracks' markers, the round marker."""
    time, cp, yours = layout.AREAS["time"], layout.AREAS["cp"], layout.PERSON_MARKER_Z
    b.add(b.marker("influence", time.spot(state.influence, layout.time_spots(deck)), notes=level.record(state)))
    at = time.spot(state.person_influence, layout.time_spots(deck), z=yours)
    b.add(b.marker("person_influence", at, colour="white"))
    b.add(b.marker("clan_points", cp.spot(state.clan_points % layout.CP_TRACK, layout.CP_TRACK)))
    at = cp.spot(state.person.clan_points % layout.CP_TRACK, layout.CP_TRACK, z=yours)
    b.add(b.marker("person_clan_points", at, colour="white"))
    for track, value in state.person.tracks.items():
        b.add(b.marker(f"person_{track}", layout.your_spot(track, value), colour="white"))
    b.add(b.marker("round", layout.round_spot(state.round, state.scored)))
