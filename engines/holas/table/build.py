"""A table from any state: the board (the map), zones, the bot's units where they stand (aboard a vessel on top of
it), the person's armies as minis by type, the Exploration Tokens, the bot's cards and its tracks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridge.table import SaveFile, Vec3
from bridge.table.geometry import Transform
from engines.holas.data_model import HolasData
from engines.holas.state import RESOURCES, Ledger, State
from engines.holas.table import layout
from engines.tablekit import Builder, SheetCard, grid

PIECE = {"hero": "PlayerPawn", "warrior": "PlayerPawn", "serf": "Chip_10", "air_vessel": "BlockRectangle",
         "sea_vessel": "BlockRectangle", "tower": "BlockSquare", "capital": "BlockSquare"}  # fmt: skip
PERSON_KINDS = ("warrior", "serf", "tower", "air_vessel", "sea_vessel")  # the person's minis that start in supply
BOT_RGB, PLAYER_RGB, ROUND_RGB = (0.75, 0.15, 0.15), (0.15, 0.35, 0.8), (0.9, 0.9, 0.85)
SCORED_HOW = (
    "once the game is over, add your end-of-game points to your score marker, then move this to its right-hand "
    "space, 'done' (L208: points are totalled as normal); the bot then names the winner from both score markers"
)
MARKER_RGB = {"ore": (0.45, 0.45, 0.5), "mana": (0.5, 0.2, 0.75), "food": (0.85, 0.7, 0.2)}


def person_supply(state: State, data: HolasData) -> dict[str, int]:
    """The person's minis in their supply by kind: as read from the table, else their faction's supply less the
    Warriors and Serfs their armies on the map stand for (*chosen*: the person's faction's counts are not in the
    data; the Enemy's faction's stand in for them)."""
    if state.person.supply is not None:
        return dict(state.person.supply)
    on_map = {
        "warrior": sum(a.ns // 2 for a in state.player.values()),
        "serf": sum(a.ns % 2 for a in state.player.values()),
    }
    units = data.faction.units
    return {k: max(0, units[k].supply - on_map.get(k, 0)) for k in PERSON_KINDS if k in units}


def ledger(state: State, supply: list[str]) -> str:
    """The ledger marker's GM Notes at a press: the person's supply and resources as the bot saw them."""
    return Ledger(sorted(supply), dict(state.person.resources)).to_json()


def prompt(state: State) -> tuple[str, str]:
    """The prompt marker's description (the question, for the person) and GM Notes (the pending step, as JSON)."""
    from engines.holas.bot import waiting

    return waiting(state), state.pending.to_json() if state.pending is not None else ""


def spots(data: HolasData, region: str, index: int) -> Vec3:
    """The index-th place in a region: around its centre, in the board's frame (:func:`layout.map_spot`)."""
    return layout.map_spot(data.map, region, index)


def build_table(state: State, data: HolasData, assets: Mapping[str, str] | None = None) -> SaveFile:
    b = Builder(assets or {})
    board = b.board("Heroes of Land, Air & Sea", [layout.BOARD_TAG], layout.BOARD_AT, "board", size=layout.BOARD_SIZE)
    b.add(board)
    frame = Transform(layout.BOARD_AT, Vec3(0, 0, 0), Vec3(1, 1, 1))  # in map units (the board as built)

    def world(local: Vec3) -> Vec3:
        return frame.to_world(local) + Vec3(0, layout.SURFACE_Y - layout.BOARD_AT.y, 0)

    for a in layout.AREAS.values():
        b.add(b.zone(a.label, [a.tag], a.centre, a.size))
    counts: dict[str, int] = {}
    placed: dict[str, Vec3] = {}

    def piece(kind: str, owner: str, at: Vec3, notes: str) -> dict[str, Any]:
        rgb = BOT_RGB if owner == "bot" else PLAYER_RGB
        tags = [layout.BOT_TAG if owner == "bot" else layout.PLAYER_TAG, layout.tag(owner, kind)]
        scale = Vec3(0.5, 0.3, 0.9) if "vessel" in kind else Vec3(1, 1, 1)
        name = f"{'bot' if owner == 'bot' else 'your'} {kind.replace('_', ' ')}"
        return b.base(PIECE[kind], name, tags, at, colour=rgb, gm_notes=notes, scale=scale)

    def at_of(where: str) -> Vec3:
        n = counts.get(where, 0)
        counts[where] = n + 1
        if where in layout.AREAS:
            return grid(layout.AREAS[where].centre, n, per_row=5, rows=3, step=1.1)
        return world(spots(data, where, n))

    for unit in sorted(state.units, key=lambda u: u.aboard is not None):  # vessels first, then who is aboard
        at = placed[unit.aboard] + Vec3(0, 0.6, 0) if unit.aboard else at_of(unit.where)
        placed[unit.id] = at
        b.add(piece(unit.type, "bot", at, unit.id))
    b.add(piece("capital", "bot", at_of("destroyed" if state.destroyed == "bot" else state.capital), "capital"))
    if state.destroyed == "you":
        b.add(piece("capital", "player", at_of("destroyed"), "capital"))
    for region in state.towers:
        b.add(piece("tower", "bot", at_of(region), "tower"))
    for _ in range(data.faction.units["tower"].supply - len(state.towers) if "tower" in data.faction.units else 0):
        b.add(piece("tower", "bot", at_of("supply"), "tower"))
    for region, army in state.player.items():
        kinds = (
            ["warrior"] * (army.ns // 2)
            + ["serf"] * (army.ns % 2)
            + (["capital" if army.capital else "tower"] if army.structure else [])
        )
        for kind in kinds:
            b.add(piece(kind, "player", at_of(region), kind))
    if state.player_sea:
        b.add(piece("sea_vessel", "player", at_of(state.player_sea), "sea_vessel"))
    supply = [
        b.add(piece(kind, "player", at_of("player.supply"), kind))["GUID"]
        for kind, n in person_supply(state, data).items()
        for _ in range(n)
    ]
    for i in (1, 2, 3):
        b.add(piece("hero", "player", at_of("player.courtyard"), f"hero{i}"))
    for _ in range(state.person.tokens):
        b.add(b.base("Chip_100", "Exploration Token", [layout.TOKEN_TAG], at_of("player.tokens")))
    for region in sorted(r for r, n in state.tokens.items() for _ in range(n)):
        b.add(b.base("Chip_100", "Exploration Token", [layout.TOKEN_TAG], at_of(region)))
    for _ in range(state.collected):
        b.add(b.base("Chip_100", "Exploration Token", [layout.TOKEN_TAG], at_of("tokens")))
    faces = {c.id: SheetCard("cards", i, "card_back") for i, c in enumerate(data.cards.cards)}

    def card(card_id: str, at: Vec3, face_down: bool) -> dict[str, Any]:
        return b.card(
            faces[card_id], f"solo card {card_id}", [layout.CARD_TAG], at, gm_notes=card_id, face_down=face_down
        )

    if state.pending is not None and state.pending.card:
        b.add(card(state.pending.card, layout.AREAS["battle"].centre, False))
    for key, ids in (("deck", state.deck), ("discard", state.discard)):
        if ids:
            centre = layout.AREAS[key].centre
            name = f"{layout.AREAS[key].label}: its cards"  # not its zone's name: adopt finds each by its own
            b.add(b.deck(name, [layout.CARD_TAG], centre, [card(i, centre, True) for i in ids]))
    for i, card_id in enumerate(state.slots, start=1):
        if card_id:
            b.add(card(card_id, layout.AREAS[f"slot{i}"].centre, False))
    for resource in RESOURCES:
        spot = layout.AREAS[f"res.{resource}"].spot(state.resources[resource], layout.RESOURCE_SPOTS)
        b.add(b.base("Chip_10", f"bot {resource}", [layout.tag("marker", resource)], spot))
    for resource, value in state.tax.items():
        b.add(
            b.base(
                "Chip_50",
                f"tax {resource}",
                [layout.TAX_TAG, layout.tag("tax", resource)],
                layout.AREAS[f"tax.{value}"].centre,
            )
        )
    for key, value, what in (("round", state.round - 1, "round"), ("score", state.pts, "bot score"),
                             ("you.score", state.person.pts, "your score")):  # fmt: skip
        at, lap = layout.lapped(key, value)
        rgb = {"round": ROUND_RGB, "score": BOT_RGB, "you.score": PLAYER_RGB}[key]
        b.add(b.base("Chip_10", what, [layout.tag("marker", key)], at, colour=rgb))
        b.add(b.base("Chip_10", f"{what}: laps", [layout.tag("marker", key, "lap")], lap, colour=rgb))
    for resource in RESOURCES:
        spot = layout.AREAS[f"you.res.{resource}"].spot(state.person.resources[resource], layout.RESOURCE_SPOTS)
        b.add(
            b.base(
                "Chip_10",
                f"your {resource}",
                [layout.tag("marker", "you", resource)],
                spot,
                colour=MARKER_RGB[resource],
            )
        )
    b.add(b.base("Chip_10", "the bot's note of your supply and resources", [layout.tag("marker", "ledger")],
                 layout.AREAS["spare"].centre, gm_notes=ledger(state, supply), colour=ROUND_RGB))  # fmt: skip
    cc = layout.AREAS["cc"].spot(state.cc_space, len(data.faction.cc_track))
    b.add(b.base("Chip_10", "CC Track token", [layout.tag("marker", "cc")], cc))
    final = (
        layout.AREAS["round"].spot((state.final_round - 1) % layout.ROUND_SPOTS, layout.ROUND_SPOTS, z=0.6)
        if state.final_round
        else layout.AREAS["spare"].centre
    )
    b.add(b.base("Chip_10", "final round", [layout.tag("marker", "final")], final))
    scored = layout.AREAS["scored"].spot(int(state.scored), layout.SCORED_SPOTS)
    b.add(b.base("Chip_10", "your final scoring (not yet / done)", [layout.tag("marker", "scored")], scored,
                 colour=PLAYER_RGB, description=SCORED_HOW))  # fmt: skip
    tactic = layout.AREAS["tactic"].spot(state.tactic, layout.TACTIC_SPOTS)
    b.add(b.base("Chip_10", "your tactic's strength", [layout.tag("marker", "tactic")], tactic))
    question, notes = prompt(state)
    b.add(b.base("Chip_50", "the bot waits for", [layout.tag("marker", "prompt")], layout.AREAS["prompt"].centre,
                 description=question, gm_notes=notes))  # fmt: skip
    snaps = [{"Position": {"x": v.x, "y": v.y, "z": v.z}} for v in layout.snap_points(len(data.faction.cc_track))]
    save = {"SaveName": "Heroes of Land, Air & Sea: the solo Enemy", "ObjectStates": b.objects, "SnapPoints": snaps}
    return SaveFile.from_dict(save, "t")
