"""The difficulty a table is played at, kept on the bot's Influence marker: its GM Notes hold it as JSON (read back
with the table), its description says it to the person. A table built before this record reads as MEDIUM, the one
level such tables were set up at."""

from __future__ import annotations

import json
from typing import get_args

from engines.whitecastle.board import Difficulty
from engines.whitecastle.state import State

LEVELS: tuple[Difficulty, ...] = get_args(Difficulty)
UNRECORDED: Difficulty = "medium"


def record(state: State) -> tuple[str, str]:
    """The marker's description and GM Notes for ``state``'s level and start."""
    now, start = state.difficulty, state.start_level
    set_up = "" if start == now else f"; its start was set for {start.upper()}"
    description = f"The bot's Influence. The bot plays {now.upper()}{set_up}."
    return description, json.dumps({"difficulty": now, "set_up_for": start})


def parse(gm_notes: str) -> tuple[Difficulty, Difficulty]:
    """(the level in force, the level of the start) from the marker's GM Notes; raises ValueError saying what is
    wrong with them."""
    if not gm_notes.strip():
        return UNRECORDED, UNRECORDED
    try:
        data = json.loads(gm_notes)
    except json.JSONDecodeError as exc:
        raise ValueError(f"its GM Notes are not the bot's level as JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise ValueError("its GM Notes are not the bot's level as JSON (an object with 'difficulty', 'set_up_for')")
    out: list[Difficulty] = []
    for key in ("difficulty", "set_up_for"):
        value = data.get(key)
        level = next((lv for lv in LEVELS if lv == value), None)
        if level is None:
            raise ValueError(f"its GM Notes' {key!r} is {value!r}, not one of {', '.join(LEVELS)}")
        out.append(level)
    return out[0], out[1]
