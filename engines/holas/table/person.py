"""Shortcuts for your side on the table, each leaving it as the same move by hand would: a recruit from your supply
into your Courtyard (its price taken off your resource tracks), your Courtyard's minis out onto the map, an army
moved to a neighbouring region (into the bot's: an attack, then Tactic chosen), minis taken back (losses, a
retreat), your tactic's strength, an X-Objective reached, and your final scoring done once the game is over. And
the dashboard's drawing of the map and both sides."""

from __future__ import annotations

import random
from typing import Any

from bridge.commands import Command, Move, Position
from bridge.table import Vec3
from engines.base import IllegalAction, PersonMove
from engines.holas import rules
from engines.holas.bot import waiting
from engines.holas.data_model import HolasData
from engines.holas.movement import Geometry
from engines.holas.state import RESOURCES, State
from engines.holas.table import layout
from engines.holas.table.read import TableView
from engines.tablekit import grid


def _listed(view: TableView, data: HolasData) -> list[tuple[str, str, str, str]]:
    """(kind, from, to, label) of each move, in the page's order."""
    s = view.state
    out: list[tuple[str, str, str, str]] = []
    if rules.over(s):
        if not s.scored:  # L208: your points totalled as normal, on your score marker, before the winner is named
            out.append(("scored", "", "", "my end-of-game points are on my score marker: my final scoring is done"))
        return out
    land = [r.id for r in data.map.regions if r.kind == "land"]
    supply = {kind for kind, _ in _supply(view)}
    for kind in ("warrior", "serf"):
        cost = rules.unit_cost(data, kind)
        if kind in supply and all(s.person.resources[r] >= cost.get(r, 0) for r in RESOURCES):
            paid = ", ".join(f"{n} {r}" for r, n in cost.items() if n) or "nothing"
            out.append(("send", kind, "", f"recruit a {kind} into your Courtyard for {paid}"))
    geo = Geometry(data.map)
    capital = s.person_capital()
    if capital and _yard(view):
        for near in [capital, *(d for _, d in geo.clockwise_from(capital, 0) if d in land)]:
            what = "attack the bot in " if near in _bots(s) else "move your Courtyard's minis to "
            out.append(("out", "", near, f"{what}{near} from your Courtyard"))
    for region in sorted(_mine(view)):
        for _, near in geo.clockwise_from(region, 0):
            if near in land:
                what = "attack the bot in " if near in _bots(s) else "move your army to "
                out.append(("move", region, near, f"{what}{near} from {region}"))
        out.append(("back", region, "", f"take your minis in {region} back to your supply (losses, a retreat)"))
    out += [("tactic", "", str(n), f"your tactic's strength: {n}") for n in range(layout.TACTIC_SPOTS) if n != s.tactic]
    if s.final_round is None:
        out.append(("x", "", "", "you reached an X-Objective: the game ends after the next round"))
    return out


def _group(kind: str) -> str:
    groups = {"send": "Your minis", "out": "Your minis", "move": "Your minis", "back": "Your minis", "tactic": "Battle"}
    return groups.get(kind, "The game")


def moves(view: TableView, data: HolasData) -> list[PersonMove]:
    return [PersonMove(str(i), label, _group(kind)) for i, (kind, _, _, label) in enumerate(_listed(view, data))]


def play(view: TableView, data: HolasData, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
    listed = _listed(view, data)
    if not move_id.isdigit() or not 0 <= int(move_id) < len(listed):
        raise IllegalAction(f"no move {move_id!r} now: the table changed; choose again")
    kind, frm, to, _ = listed[int(move_id)]
    board, areas = view.board, view.areas
    crowd = dict(view.crowd)

    def at(region: str, n: int) -> Position:
        local = layout.map_spot(view.map, region, (crowd.get(region, 0) + n) % 9)
        world = board.to_world(local)
        return Position.of(Vec3(world.x, layout.SURFACE_Y + 0.5, world.z))

    out: list[Command] = []
    if kind == "send":
        guid = next(g for k, g in _supply(view) if k == frm)
        yard = areas["player.courtyard"]
        out.append(
            Move(guid=guid, position=Position.of(grid(yard.centre, len(_yard(view)), per_row=5, rows=3, step=1.1)))
        )
        for r, n in rules.unit_cost(data, frm).items():
            if n:  # the price paid on your resource track
                spot = areas[f"you.res.{r}"].spot(view.state.person.resources[r] - n, layout.RESOURCE_SPOTS)
                out.append(Move(guid=view.markers[f"you.{r}"], position=Position.of(spot)))
    elif kind == "out":
        out += [Move(guid=g, position=at(to, i)) for i, g in enumerate(_yard(view))]
    elif kind == "move":
        out += [Move(guid=g, position=at(to, i)) for i, g in enumerate(_mine(view)[frm])]
    elif kind == "back":
        area = areas["player.supply"]
        out += [Move(guid=g, position=Position.of(area.spot(i, 8, lift=0.5))) for i, g in enumerate(_mine(view)[frm])]
    elif kind == "tactic":
        spot = areas["tactic"].spot(int(to), layout.TACTIC_SPOTS)
        out.append(Move(guid=view.markers["tactic"], position=Position.of(spot)))
    elif kind == "scored":
        spot = areas["scored"].spot(1, layout.SCORED_SPOTS)
        out.append(Move(guid=view.markers["scored"], position=Position.of(spot)))
    else:
        spot = areas["round"].spot(
            view.state.round % layout.ROUND_SPOTS, layout.ROUND_SPOTS, z=0.6
        )  # the next round: final
        out.append(Move(guid=view.markers["final"], position=Position.of(spot)))
    return out, None


def _yard(view: TableView) -> list[str]:
    """The GUIDs of your minis in your Courtyard."""
    return sorted(g for g, (kind, place) in view.person.items() if place == "player.courtyard" and kind != "capital")


def _supply(view: TableView) -> list[tuple[str, str]]:
    """(kind, GUID) of your Warriors and Serfs in your supply zone."""
    return [
        (kind, g)
        for g, (kind, place) in view.person.items()
        if place == "player.supply" and kind in ("warrior", "serf")
    ]


def _mine(view: TableView) -> dict[str, list[str]]:
    """Your movable minis on the map, by region."""
    out: dict[str, list[str]] = {}
    for guid, (kind, place) in view.person.items():
        if kind in ("hero", "warrior", "serf") and place not in view.areas:
            out.setdefault(place, []).append(guid)
    return out


def _bots(s: State) -> set[str]:
    return {u.where for u in s.units if u.where not in ("courtyard", "supply")} | set(s.towers) | {s.capital}


def describe(view: TableView, data: HolasData) -> dict[str, Any]:
    """The map with both sides' pieces per region, and the bot's board, as the dashboard draws them."""
    s = view.state
    cards = {c.id: c for c in data.cards.cards}
    regions = []
    for r in data.map.regions:
        lines = []
        bots = sorted(u.id for u in s.units if u.where == r.id)
        if r.id == s.capital:
            lines.append("bot Capital")
        if bots:
            lines.append("bot: " + ", ".join(bots))
        if r.id in s.towers:
            lines.append("bot tower")
        if r.id in s.player:
            army = s.player[r.id]
            if army.capital:
                lines.append("your Capital")
            lines.append(f"you: NS {army.ns}" + (" + tower" if army.structure and not army.capital else ""))
        if r.id == s.player_sea:
            lines.append("your Sea Vessel")
        regions.append(
            {
                "id": r.id,
                "kind": r.kind,
                "terrain": r.terrain,
                "polygon": [list(p) for p in r.polygon],
                "center": list(r.center),
                "token": r.id in s.tokens,
                "lines": lines,
            }
        )

    def slot(card: str | None) -> str:
        return f"{card}: {cards[card].action.replace('_', ' ')} ({cards[card].compass})" if card else "—"

    return {
        "kind": "holas",
        "regions": regions,
        "bot": {
            "resources": {r: s.resources[r] for r in RESOURCES},
            "pts": s.pts,
            "cc_space": s.cc_space,
            "tax": s.tax,
            "slots": [slot(c) for c in s.slots],
            "slot_cards": list(s.slots),  # each Hero Slot's card id (None: empty), for the page to outline
            "deck": len(s.deck),
            "discard": len(s.discard),
            "courtyard": sorted(u.id for u in s.units if u.where == "courtyard"),
            "tokens": s.collected,
        },
        "person": {  # your side as the table shows it: your armies on the map, your markers, your supply
            "resources": {r: s.person.resources[r] for r in RESOURCES},
            "pts": s.person.pts,
            "supply": dict(sorted((s.person.supply or {}).items())),
            "tokens": s.person.tokens,
            "capital": s.person_capital(),
            "army": [
                f"{region}: NS {army.ns}" + (" + structure" if army.structure else "")
                for region, army in sorted(s.player.items())
            ],
            "sea": s.player_sea,
        },
        "round": s.round,
        "final_round": s.final_round,
        "tactic": s.tactic,
        "waits": waiting(s),
        "sample": data.sample,
    }
