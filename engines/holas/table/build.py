"""A table from any state: the board (the map), zones, the bot's units where they stand (aboard a vessel on top of
it), the person's armies as minis by type, the Exploration Tokens, the bot's cards and its tracks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridge.table import SaveFile, Vec3
from bridge.table.geometry import Transform
from engines.holas.data_model import HolasData
from engines.holas.state import RESOURCES, State
from engines.holas.table import layout as L
from engines.tablekit import Builder, SheetCard, grid

PIECE = {"hero": "PlayerPawn", "warrior": "PlayerPawn", "serf": "Chip_10", "air_vessel": "BlockRectangle",
         "sea_vessel": "BlockRectangle", "tower": "BlockSquare", "capital": "BlockSquare"}  # fmt: skip
PLAYER_SUPPLY = {"warrior": 8, "serf": 4}  # stand-ins for the person's minis; their board is theirs to lay out
BOT_RGB, PLAYER_RGB = (0.75, 0.15, 0.15), (0.15, 0.35, 0.8)


def prompt(state: State) -> tuple[str, str]:
    """The prompt marker's description (the question, for the person) and GM Notes (the pending step, as JSON)."""
    from engines.holas.bot import WAITS

    if state.pending is None:
        return "nothing: press Bot action for the bot's next action", ""
    where = f" (battle in {state.pending.region})" if state.pending.region else ""
    return f"{WAITS[state.pending.ask]}{where}", state.pending.to_json()


def spots(data: HolasData, region: str, index: int) -> Vec3:
    """The index-th place in a region: around its centre, in the board's frame."""
    centre = next(r.center for r in data.map.regions if r.id == region)
    dx, dz = ((index % 3) - 1) * 1.2, (index // 3 - 0.5) * 1.2
    return L.to_board(data.map, (centre[0] + dx, centre[1] + dz))


def build_table(state: State, data: HolasData, assets: Mapping[str, str] | None = None) -> SaveFile:
    b = Builder(assets or {})
    board = b.board("Heroes of Land, Air & Sea", [L.BOARD_TAG], L.BOARD_AT, "board", size=L.BOARD_SIZE)
    b.add(board)
    frame = Transform(L.BOARD_AT, Vec3(0, 0, 0), Vec3(1, 1, 1))  # in map units (the board as built)

    def world(local: Vec3) -> Vec3:
        return frame.to_world(local) + Vec3(0, L.Y - L.BOARD_AT.y, 0)

    for a in L.AREAS.values():
        b.add(b.zone(a.label, [a.tag], a.centre, a.size))
    counts: dict[str, int] = {}
    placed: dict[str, Vec3] = {}

    def piece(kind: str, owner: str, at: Vec3, notes: str) -> dict[str, Any]:
        rgb = BOT_RGB if owner == "bot" else PLAYER_RGB
        tags = [L.BOT_TAG if owner == "bot" else L.PLAYER_TAG, L.tag(owner, kind)]
        scale = Vec3(0.5, 0.3, 0.9) if "vessel" in kind else Vec3(1, 1, 1)
        return b.base(
            PIECE[kind], f"{owner} {kind.replace('_', ' ')}", tags, at, colour=rgb, gm_notes=notes, scale=scale
        )

    def at_of(where: str) -> Vec3:
        n = counts.get(where, 0)
        counts[where] = n + 1
        if where in L.AREAS:
            return grid(L.AREAS[where].centre, n, per_row=5, rows=3, step=1.1)
        return world(spots(data, where, n))

    for unit in sorted(state.units, key=lambda u: u.aboard is not None):  # vessels first, then who is aboard
        at = placed[unit.aboard] + Vec3(0, 0.6, 0) if unit.aboard else at_of(unit.where)
        placed[unit.id] = at
        b.add(piece(unit.type, "bot", at, unit.id))
    b.add(piece("capital", "bot", at_of(state.capital), "capital"))
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
    for kind, n in PLAYER_SUPPLY.items():
        for _ in range(n):
            b.add(piece(kind, "player", at_of("player.supply"), kind))
    for region in sorted(r for r, n in state.tokens.items() for _ in range(n)):
        b.add(b.base("Chip_100", "Exploration Token", [L.TOKEN_TAG], at_of(region)))
    for _ in range(state.collected):
        b.add(b.base("Chip_100", "Exploration Token", [L.TOKEN_TAG], at_of("tokens")))
    faces = {c.id: SheetCard("cards", i, "card_back") for i, c in enumerate(data.cards.cards)}

    def card(card_id: str, at: Vec3, face_down: bool) -> dict[str, Any]:
        return b.card(faces[card_id], f"solo card {card_id}", [L.CARD_TAG], at, gm_notes=card_id, face_down=face_down)

    if state.pending is not None and state.pending.card:
        b.add(card(state.pending.card, L.AREAS["battle"].centre, False))
    for key, ids in (("deck", state.deck), ("discard", state.discard)):
        if ids:
            centre = L.AREAS[key].centre
            b.add(b.deck(L.AREAS[key].label, [L.CARD_TAG], centre, [card(i, centre, True) for i in ids]))
    for i, card_id in enumerate(state.slots, start=1):
        if card_id:
            b.add(card(card_id, L.AREAS[f"slot{i}"].centre, False))
    for resource in RESOURCES:
        spot = L.AREAS[f"res.{resource}"].spot(state.resources[resource], L.RESOURCE_SPOTS)
        b.add(b.base("Chip_10", f"bot {resource}", [L.tag("marker", resource)], spot))
    for resource, value in state.tax.items():
        b.add(b.base("Chip_50", f"tax {resource}", [L.TAX_TAG, L.tag("tax", resource)], L.AREAS[f"tax.{value}"].centre))
    b.add(b.base("Chip_10", "bot score", [L.tag("marker", "score")], L.AREAS["score"].spot(state.pts, L.SCORE_SPOTS)))
    cc = L.AREAS["cc"].spot(state.cc_space, len(data.faction.cc_track))
    b.add(b.base("Chip_10", "CC Track token", [L.tag("marker", "cc")], cc))
    b.add(b.base("Chip_10", "round", [L.tag("marker", "round")], L.AREAS["round"].spot(state.round - 1, L.ROUND_SPOTS)))
    final = (
        L.AREAS["round"].spot(state.final_round - 1, L.ROUND_SPOTS, z=0.6)
        if state.final_round
        else L.AREAS["spare"].centre
    )
    b.add(b.base("Chip_10", "final round", [L.tag("marker", "final")], final))
    tactic = L.AREAS["tactic"].spot(state.tactic, L.TACTIC_SPOTS)
    b.add(b.base("Chip_10", "your tactic's strength", [L.tag("marker", "tactic")], tactic))
    question, notes = prompt(state)
    b.add(b.base("Chip_50", "the bot waits for", [L.tag("marker", "prompt")], L.AREAS["prompt"].centre,
                 description=question, gm_notes=notes))  # fmt: skip
    return SaveFile.from_dict({"SaveName": "Heroes of Land, Air & Sea: the solo Enemy", "ObjectStates": b.objects}, "t")
