"""The rules the Enemy needs: set-up, drawing its solo cards, the Tax Track, paying, the CC Track, collection and
the end trigger (the map's geometry and movement are in ``movement.py``)."""

from __future__ import annotations

import random

from engines.holas.data_model import HolasData
from engines.holas.state import RESOURCES, State, Unit

COMPASS = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}
MAX_UNITS = 5  # per faction per region, except the Capital region


def new_game(data: HolasData, capital: str, rng: random.Random) -> State:
    """Set-up 2-3: three Heroes in the Courtyard, no Serfs or Warriors, 3 of each resource, the token on Start, the
    eight solo cards shuffled. ``capital``: the region the person picked for the bot's Capital."""
    units = [Unit(f"hero{i}", "hero", "courtyard") for i in (1, 2, 3)]
    for kind in ("warrior", "serf", "air_vessel", "sea_vessel"):
        units += [Unit(f"{kind}{n}", kind) for n in range(1, data.faction.units[kind].supply + 1)]
    deck = [c.id for c in data.cards.cards]
    rng.shuffle(deck)
    state = State(units=units, capital=capital, deck=deck)
    state.tokens = {
        r.id: r.exploration_tokens
        for r in data.map.regions
        if r.terrain != "capital" and r.id != capital and r.exploration_tokens
    }
    return state


def bot_capital_site(data: HolasData) -> str:
    """A fresh table's Capital site for the bot: the map's last (the person moves it to choose, L24)."""
    return [r.id for r in data.map.regions if r.capital_site][-1]


def person_capital_site(data: HolasData, bot_capital: str) -> str | None:
    """A fresh table's Capital site for the person: the first on a continent next to the bot's (L24), if any."""
    of = {r.id: r.continent for r in data.map.regions}
    theirs = of[bot_capital]
    sites = [r for r in data.map.regions if r.capital_site and theirs and r.continent not in (None, theirs)]
    return next((r.id for r in sites if continents_adjacent(data, str(r.continent), str(theirs))), None)


def draw_solo(state: State, rng: random.Random) -> str:
    """ "If the deck holds exactly 1 card (or none), shuffle it with the discard pile (Hero Slots excluded) into a
    new deck, then draw." """
    if len(state.deck) <= 1:
        state.deck += state.discard
        state.discard = []
        rng.shuffle(state.deck)
    return state.deck.pop(0)


def rotate_tax(state: State) -> None:
    """The tokens move 2 -> 3, 3 -> 4, 4 -> 2."""
    turn = {4: 2, 3: 4, 2: 3}
    state.tax = {r: turn[v] for r, v in state.tax.items()}


def afford(state: State, cost: dict[str, int]) -> bool:
    return all(state.resources[r] >= cost.get(r, 0) for r in RESOURCES)


def pay(state: State, cost: dict[str, int]) -> None:
    for r in RESOURCES:
        state.resources[r] -= cost.get(r, 0)


def gain(state: State, resource: str, n: int) -> int:
    """Adds ``n`` of ``resource`` up to 10; what it really added."""
    before = state.resources[resource]
    state.resources[resource] = min(10, before + n)
    return state.resources[resource] - before


def terrain_resource(terrain: str) -> str | None:
    return {"mountain": "ore", "forest": "mana", "plains": "food"}.get(terrain)


def check_end(state: State, data: HolasData) -> None:
    """The CC Track's last space sets the final round (one more round after this one)."""
    if state.final_round is None and state.cc_space == len(data.faction.cc_track) - 1:
        state.final_round = state.round + 1


def x_objectives(state: State, data: HolasData) -> list[str]:
    """The X-Objectives the Enemy has reached (the rulebook's): eXplore, every land Exploration Token revealed;
    eXpand, all its Serfs and Warriors in play; eXploit, all its Towers in play. (eXterminate, a Capital destroyed,
    ends the game at once: :attr:`State.destroyed`.)"""
    reached = ["eXplore"] if explored(state, data) else []
    if not any(u.where == "supply" for u in state.units if u.type in ("warrior", "serf")):
        reached.append("eXpand")
    towers = data.faction.units["tower"].supply if "tower" in data.faction.units else None
    if towers and len(state.towers) >= towers:
        reached.append("eXploit")
    return reached


def person_x_objectives(state: State, data: HolasData) -> list[str]:
    """The X-Objectives the person has reached, as their supply on the table shows them: eXpand (no Serf or Warrior
    left in it), eXploit (no Tower left in it, where the faction has Towers). eXplore (every land Exploration Token
    revealed) is the map's, checked with the Enemy's. None when their supply was not read from a table."""
    supply = state.person.supply
    if supply is None:
        return []
    reached = []
    if supply.get("warrior", 0) + supply.get("serf", 0) == 0:
        reached.append("eXpand")
    if "tower" in data.faction.units and supply.get("tower", 0) == 0:
        reached.append("eXploit")
    return reached


def explored(state: State, data: HolasData) -> bool:
    land = {r.id for r in data.map.regions if r.kind == "land"}
    return not state.tokens.keys() & land


def tower_cost(data: HolasData, away: int | None) -> dict[str, int]:
    """A tower's price: the faction's ``towers.cost``, and with ``ore_per_region`` (the rulebook's, issue 33 item 9;
    not in the solo text) 1 Ore for each step ``away`` from the builder's Capital City."""
    cost = data.faction.towers.cost.model_dump()
    if data.faction.towers.cost_rule == "ore_per_region" and away is not None:
        cost["ore"] += away
    return cost


def unit_cost(data: HolasData, kind: str) -> dict[str, int]:
    """A unit's price by resource, from the faction file (none for a kind it does not list)."""
    unit = next((u for k, u in data.faction.units.items() if k == kind), None)
    return unit.cost.model_dump() if unit is not None else {}


def continents_adjacent(data: HolasData, one: str, other: str) -> bool:
    """Whether two continents are adjacent (*chosen*: a land or Ferry link joins them, or a sea region borders
    both), for L24 "choose the Enemy's Capital City Region on an adjacent Continent"."""
    of = {r.id: r.continent for r in data.map.regions}
    shores: dict[str, set[str | None]] = {}
    for e in data.map.edges:
        if e.kind in ("land", "ferry") and {of[e.a], of[e.b]} == {one, other}:
            return True
        if e.kind == "shore":
            sea, land = (e.a, e.b) if of[e.a] is None else (e.b, e.a)
            shores.setdefault(sea, set()).add(of[land])
    return any({one, other} <= found for found in shores.values())


SOURCES = ("regions", "worker_spaces", "towers")


def end_round(state: State, data: HolasData, *, worker_spaces: bool = True) -> dict[str, dict[str, int]]:
    """Collection "just like a normal player" (L56): 1 of the resource of each resource region the bot holds, 1
    more where a bot Serf fills its worker space (H9), and a tower's more in a resource region (the faction's
    ``towers.collect``, the rulebook's 2); then the slotted cards to the discard pile face up and the next round.
    What each source gave, by resource (after the cap of 10)."""
    held = {u.where for u in state.units if u.where not in ("courtyard", "supply")} | set(state.towers)
    take = {source: dict.fromkeys(RESOURCES, 0) for source in SOURCES}
    for region in data.map.regions:
        resource = terrain_resource(region.terrain)
        if region.id not in held or not resource:
            continue
        take["regions"][resource] += gain(state, resource, 1)
        serf = any(u.type == "serf" and u.where == region.id for u in state.units)
        if serf and region.worker_space and worker_spaces:  # H9: a bot Serf fills its worker space
            take["worker_spaces"][resource] += gain(state, resource, 1)
        if region.id in state.towers:
            take["towers"][resource] += gain(state, resource, data.faction.towers.collect)
    state.discard += [c for c in state.slots if c]
    state.slots = [None, None, None]
    state.round += 1
    return take


def over(state: State) -> bool:
    """The last round is played, or a Capital City is destroyed (L208: "the game is automatically over")."""
    return bool(state.destroyed) or (state.final_round is not None and state.round > state.final_round)
