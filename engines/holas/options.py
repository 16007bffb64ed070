"""Every reading the spec leaves open (H1-H14), as a named option with the spec's default
(``automa decide holas ... --option attack_reach=graph``). Five alternatives need data that no file holds yet (the
tactic cards' points, the cards' printed Tax amounts, the base game's vessel requirement, sea-range attacks, which
sea is the centre one): those options take only their default for now, and say why."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class BotOptions:
    token_pts: int = 1
    """H1: points per Exploration Token the bot collects, towers' tokens too (the icon is lost; the rulebook's
    printed value is the alternative)."""

    battle_pts: Literal["card"] = "card"
    """H2: the bot gains the ``battle.pts`` printed on its card, never the tactic's own pts. The alternative (the
    tactic's pts too) needs the tactic cards' points, which no data file holds yet."""

    vessel_end_rules: Literal["last_step", "second_step"] = "last_step"
    """H3: a vessel moves 3 and the rules on not ending at sea and on docking apply to its last step; or literally
    "after a second movement": the vessel stops after its second step and those rules apply there."""

    attack_reach: Literal["land_ferry", "graph"] = "land_ferry"
    """H4: "within 2 Regions" by land and ferry edges, not into the bot's Capital or another bot Hero's region, the
    step between free of player units; or plain graph distance, ignoring blockers."""

    attack_tie: Literal["target_bearing", "first_step"] = "target_bearing"
    """H5: Attack's compass tie-break by the bearing from the hero's region to the target; or to the path's first
    step."""

    player_army: Literal["units_and_structure", "units"] = "units_and_structure"
    """H6: a player army is all the person's units and their structure (tower or capital) in one region; or their
    units only (a region holding only a structure is no army)."""

    tax: Literal["slot_values"] = "slot_values"
    """H7: Tax gives each resource its Tax Track slot's value (4/3/2), capped at 10. The alternative (amounts
    printed on the card) needs those amounts, which the card schema does not hold yet."""

    crowded: Literal["illegal", "leave_excess"] = "illegal"
    """H8: a move that would put over 5 bot units in a region is illegal (the compass turns clockwise); or the army
    moves and leaves the excess behind (the hero goes first)."""

    worker_spaces: bool = True
    """H9: at Collection a bot Serf in a resource region fills its free worker space; false: the bot never uses
    worker spaces."""

    vessel_unlocks: Literal["cc_track"] = "cc_track"
    """H10: vessels need the CC Track's ``unlocks`` (nothing if none is defined). The base game's building
    requirement is not in the data yet."""

    battle_card: Literal["discard", "deck_bottom"] = "discard"
    """H11: the battle card goes to the discard pile after the battle; or to the bottom of the deck."""

    losses: Literal["structures_first", "units_only"] = "structures_first"
    """H12: a losing bot loses its structure in the region first (as in the base game), then units weakest first;
    or units only."""

    sea_attack: Literal["fails"] = "fails"
    """H13: Attack with the hero aboard a Sea Vessel at sea fails, so the vessel moves; so does one by a hero aboard
    any vessel (a vessel does not march with a land army, L166). The alternative (a sea-range attack on the
    person's vessels) is not modelled."""

    air_crossing: Literal["any_sea"] = "any_sea"
    """H14: an Air Vessel may cross any Sea region as long as it does not end there. The alternative (only the
    centre Sea region) needs the map to say which that is."""

    capital_falls: Literal["lost_battle", "never"] = "lost_battle"
    """L208 "if a Capital City is destroyed then the game is automatically over", read from the spec's facts: a
    Capital counts in its side's army (H6) and a loser's structure goes first (H12, "as in the base game"), so the
    side that loses a battle in its Capital City's region loses its Capital (eXterminate) and the game is over at
    once (the bot's own Capital only with ``losses=structures_first``); or ``never``: no battle destroys a Capital
    (the person reports one, and moves it to the destroyed Capitals' place)."""

    empty_vessel: Literal["board", "board_if_it_moves"] = "board"
    """L146 "If an empty Vessel is present in the Hero's region, the Hero boards that Vessel and then moves": the Hero
    boards it with 1 other unit even when it cannot move at all (a Sea Vessel in an inland Capital, or with no sea
    beside it that it may enter), and they stay aboard; or it boards only a Vessel that can move, else its land army
    moves. Not one of the spec's H1-H14: the independent reference (tests/oracles) read the line as written."""


OPTION_TYPES: dict[str, Any] = typing.get_type_hints(BotOptions, globalns=globals())
