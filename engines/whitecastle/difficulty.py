"""The difficulty chosen on a table (the TTS panel, the page, ``--difficulty``): before the bot's first turn it sets
the bot's start; after it, it changes the level's bonuses from then on, and never the start.

A table is built at one level (MEDIUM) and the person chooses theirs afterwards, so the start cannot be fixed when
the table is made: the text sets it before the first turn (L8-L11, "Your opponent starts with its Influence marker
on the following position ... EASY 1, MEDIUM 2, HARD 3"), and so does the bot, as its first turn's first step.
"""

from __future__ import annotations

from engines.whitecastle import actions, rules
from engines.whitecastle.board import Difficulty
from engines.whitecastle.options import BotOptions
from engines.whitecastle.state import State

SET_UP = (
    'text L8-L11: "Your opponent starts with its Influence marker on the following position of the Passage of Time'
    ' track: EASY 1, MEDIUM 2, HARD 3"; W7 (start_clan_points)'
)
LEVEL_CHANGE = (
    "the level's bonuses (text L25-L27 after a First Floor match, L34-L36 at the Well) apply from now on; "
    "the start (text L8-L11) is set once, before the first turn"
)
BONUS_WORDS = {
    "easy": "after a First Floor match +1 Influence and +1 clan point; at the Well the same, and no card action",
    "medium": (
        "after a First Floor match Influence and clan points equal to the round; at the Well +1 and +1, then the "
        "card's upper part on an odd die, its lower part on an even one"
    ),
    "hard": (
        "after a First Floor match another card's actions; at the Well Influence and clan points equal to the round, "
        "then the card's upper part on an odd die, its lower part on an even one"
    ),
}


def before_first_turn(state: State) -> bool:
    """Nothing played yet: round 1 with every die on its bridge."""
    return state.round == 1 and state.turns_taken == 0


def set_up(state: State, level: Difficulty, options: BotOptions) -> tuple[actions.SetUp, str] | None:
    """Before the first turn: the set-up for ``level`` and what it moves (None when the table is set up so)."""
    influence, points = rules.start(level, options)
    if (state.influence, state.clan_points, state.start_level, state.difficulty) == (influence, points, level, level):
        return None
    words = f"Influence {_moved(state.influence, influence)} on the Passage of Time, clan points "
    return actions.SetUp(level, influence, points), words + _moved(state.clan_points, points)


def change(state: State, level: Difficulty, options: BotOptions) -> tuple[actions.LevelChange, str] | None:
    """After the first turn: the change to ``level``, what it changes and what it cannot (None: no change)."""
    if level == state.difficulty:
        return None
    start = state.start_level
    influence, points = rules.start(start, options)
    words = (
        f"its bonuses become {level.upper()}'s ({BONUS_WORDS[level]}); what it cannot change: its start, set before "
        f"its first turn for {start.upper()} (Influence {influence}, clan points {points}), and what it has gained "
        "since (for another start, set up a new game)"
    )
    return actions.LevelChange(state.difficulty, level), words


def steps(state: State, level: Difficulty, options: BotOptions) -> list[tuple[actions.Action, str, str]]:
    """The bot's first steps of a turn on a table for the chosen ``level``: (action, rule, words), if any."""
    if before_first_turn(state):
        found = set_up(state, level, options)
        return [] if found is None else [(found[0], SET_UP, f"sets up for {level.upper()}: {found[1]}")]
    changed = change(state, level, options)
    if changed is None:
        return []
    action, words = changed
    return [(action, LEVEL_CHANGE, f"plays {level.upper()} from now on (was {action.frm.upper()}): {words}")]


def note(state: State, level: Difficulty, options: BotOptions) -> str:
    """What choosing ``level`` will do, said when it is chosen (the bot's next turn does it)."""
    if before_first_turn(state):
        found = set_up(state, level, options)
        if found is None:
            return f"{level.upper()} chosen: the table is set up for it"
        return f"{level.upper()} chosen: the bot sets up for it at its first turn ({found[1]})"
    changed = change(state, level, options)
    if changed is None:
        return f"{level.upper()} chosen: the bot already plays it"
    return f"{level.upper()} chosen: from the bot's next turn, {changed[1]}"


def _moved(before: int, after: int) -> str:
    return f"{before} -> {after}" if before != after else f"{after} (already there)"
