"""The spec's scenarios (section e) as states, one builder each, shared by the in-process tests and the saves."""

from __future__ import annotations

from collections.abc import Callable

from engines.fiftyfirst.state import Place, State


def action_phase(*places: Place, deck: list[str] | None = None, **fields: object) -> State:
    """The bot's turn in the action phase: the person has acted, no connection card is up unless given."""
    state = State(deck=list(deck if deck is not None else ["sample.library", "sample.monument", "sample.outpost"]))
    state.phase, state.turn, state.person = "action", "bot", list(places)
    for key, value in fields.items():
        setattr(state, key, value)
    return state


LOOKOUT = ("sample.library", "sample.monument", "sample.armory", "sample.outpost", "sample.quarry")

SCENARIOS: dict[str, Callable[[], State]] = {
    "1": lambda: State(deck=list(LOOKOUT)),
    "2": lambda: action_phase(connections={"blue": True, "red": True}),
    "3": lambda: action_phase(Place("sample.refinery"), Place("sample.scrap_yard"), deck=["sample.smelter"]),
    "4": lambda: action_phase(Place("sample.smelter"), Place("sample.refinery"), deck=["sample.refinery"]),
    "5": lambda: action_phase(
        Place("sample.gun_shop", activations=1), Place("sample.barracks"), deck=["sample.armory"]
    ),
    "6": lambda: action_phase(Place("sample.scrap_yard"), Place("sample.outpost"), deck=["sample.watchtower"]),
    "7": lambda: action_phase(Place("sample.scrap_yard"), deck=["sample.liberty_hall"]),
    "8": lambda: action_phase(
        attack_pile=["sample.library", "sample.monument", "sample.outpost"], attacks=3, bot=["sample.scrap_yard"]
    ),
    "9": lambda: action_phase(connections={"blue": True, "red": False}, person_passed=True),
    "10": lambda: action_phase(Place("sample.scrap_yard", protected=True), deck=["sample.smelter"]),
    "12": lambda: action_phase(
        *[Place("sample.outpost") for _ in range(9)],
        Place("sample.smelter", ruins=True),
        deck=["sample.outpost"],
        bot=["sample.library"] * 9,
        person_pts=23,
        bot_pts=24,
    ),
    "reshuffle": lambda: action_phase(
        Place("sample.scrap_yard"), deck=[], discard=["sample.smelter", "sample.library"]
    ),
}
