"""Cards, regions, borders and market slots in a player's words (what the chat and the dashboard say), not the
data's ids: "Money Lenders (#14)", "Kabul", a border by its name, "bottom row, column 1"."""

from __future__ import annotations

from engines.paxpamir.data import game_data


def card(number: int) -> str:
    data = game_data()
    found = data.court.get(number) or data.events.get(number)
    return f"{found.name} (#{number})" if found is not None else f"card #{number}"


def coalition(name: str) -> str:
    return name.capitalize()


def region(region_id: str) -> str:
    return next((r.name for r in game_data().map.regions if r.id == region_id), region_id)


def border(border_id: str) -> str:
    return next((b.name for b in game_data().map.borders if b.id == border_id), border_id.replace("_", " - "))


def slot(row: int, column: int) -> str:
    """A market slot: the row (top or bottom) and the column counted from 1, as a player sees the market."""
    return f"{('top', 'bottom')[row]} row, column {column + 1}"


def ai_line(line: str) -> str:
    """A line of Wakhan's AI card in words: "radicalize if no dominant coalition ...", not the data's id."""
    return line.replace("_", " ")
