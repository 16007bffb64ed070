"""The person's side on the table: their legal die placements in words, as shortcuts each carried out on the table
as their hands would (the die from its bridge end to a space, the Well or their domain, the others closing the gap,
their coins marker moved by what the die brings or costs), and the round's end (every die rolled again onto its
bridge, the round marker on).

The person plays the rest by hand, in TTS or on the page: what the space's card or their domain gives, their
resources, courtiers and clan points, each a marker or piece of theirs on the table. The table is the truth: each
listing is read from it afresh.
"""

from __future__ import annotations

import random
from typing import Any

from bridge.commands import Command, Move, Position, SetValue
from engines.base import IllegalAction, PersonMove
from engines.whitecastle import actions, rules
from engines.whitecastle.board import board, place_name
from engines.whitecastle.state import Die, State
from engines.whitecastle.table import layout
from engines.whitecastle.table.read import COLOURS, TableView


def label(state: State, move: actions.PersonTurn) -> tuple[str, str]:
    value = rules.die_at(state, move.bridge, move.end) or 0
    die = f"the {move.bridge} {value} ({move.end} end)"
    coins = rules.person_coins(value, move.zone)
    paid = f": +{coins} coins" if coins > 0 else f": pay {-coins} coins" if coins < 0 else ""
    if move.zone == "well":
        return f"{die} to the Well{paid}", "Well"
    if move.zone == "domain":
        return f"{die} to your domain{paid}", "Domain"
    group = "Castle" if move.zone != "outside_walls" else "Outside"
    return f"{die} to {place_name(move.zone, move.space)}{paid}", group


def moves(view: TableView) -> list[PersonMove]:
    state = view.state
    if state.over or state.to_move != "person":
        return []
    return [PersonMove(str(i), *label(state, m)) for i, m in enumerate(rules.person_actions(state))]


def play(view: TableView, move_id: str, rng: random.Random) -> tuple[list[Command], State]:
    state = view.state
    if state.over or state.to_move != "person":
        raise IllegalAction("it is not your turn: press Bot turn")
    listed = list(rules.person_actions(state))
    if not move_id.isdigit() or not 0 <= int(move_id) < len(listed):
        raise IllegalAction(f"no move {move_id!r} now: the table changed; choose again")
    move = listed[int(move_id)]
    after = state.copy()
    rules.apply(after, move, rng)
    last = layout.YOUR_TRACKS["coins"]
    if after.person.tracks["coins"] > last:
        raise IllegalAction(f"your coins would pass the last space ({last}) of your coins track: keep the rest aside")
    return commands(view, move, after), after


def commands(view: TableView, move: actions.PersonTurn, after: State) -> list[Command]:
    """The die's way, the gap closed; at a round's end every die back on its bridge with its new roll."""
    state = view.state
    on_board = view.on_board
    dice = list(view.dice[f"bridge.{move.bridge}"])
    guid = dice.pop(0 if move.end == "low" else -1).guid
    if move.zone == "well":
        at = on_board.grid("well", len(state.well), per_row=4, rows=2, step=1.1)
    elif move.zone == "domain":
        at = on_board.grid("domain", len(view.dice["domain"]), per_row=6, rows=2, step=1.1)
    else:
        at = on_board.die_slot(f"{move.zone}.{move.space}")
    out: list[Command] = [Move(guid=guid, position=Position.of(at))]
    per, key = board().dice_per_bridge, f"bridge.{move.bridge}"
    out += [Move(guid=o.guid, position=Position.of(on_board.spot(key, i, per))) for i, o in enumerate(dice)]
    coins = after.person.tracks["coins"]
    if coins != state.person.tracks["coins"]:
        at = on_board.world(layout.your_spot("coins", coins, on_board.areas))
        out.append(Move(guid=view.markers["person_coins"].guid, position=Position.of(at)))
    if after.round > state.round:
        out += _new_round(view, after)
    return out


def _new_round(view: TableView, after: State) -> list[Command]:
    """Every die of each colour back on its bridge, low to high, turned to its new roll; the round marker on."""
    everywhere = [o for key, objs in view.dice.items() for o in objs]
    out: list[Command] = []
    per = board().dice_per_bridge
    on_board = view.on_board
    for colour in COLOURS:
        mine = [o for o in everywhere if view.colours[o.guid] == colour]
        for i, (obj, value) in enumerate(zip(mine, after.bridges[colour], strict=False)):
            out.append(Move(guid=obj.guid, position=Position.of(on_board.spot(f"bridge.{colour}", i, per))))
            out.append(SetValue(guid=obj.guid, value=value))
    marker = view.markers["round"].guid
    out.append(
        Move(guid=marker, position=Position.of(on_board.world(layout.round_spot(after.round, areas=on_board.areas))))
    )
    return out


def describe(view: TableView) -> dict[str, Any]:
    """What the dashboard draws (a list drawing: the bridges, the spaces and the bot's tracks as read)."""
    s = view.state
    spaces = {
        z: [{"name": place_name(z, i), "tiles": list(sp.tiles), "die": _die(sp.die)} for i, sp in enumerate(v, start=1)]
        for z, v in s.spaces.items()
    }
    return {
        "kind": "castle",
        "round": s.round,
        "to_move": s.to_move,
        "bridges": s.bridges,
        "spaces": spaces,
        "well": [[d.colour, d.value] for d in s.well],
        "person": {  # the person's side as their markers and pieces show it
            "influence": s.person_influence,
            "dice": [_die_of(view, o) for o in view.dice.get("domain", [])],
            "clan_points": s.person.clan_points,
            "tracks": {layout.track_words(k): v for k, v in s.person.tracks.items()},
            "courtiers": s.person.courtiers,
        },
        "bot": {
            "influence": s.influence,
            "clan_points": s.clan_points,
            "coins": s.coins,
            "courtiers": s.courtiers,
            "deck": len(s.deck),
            "discard": len(s.discard),
        },
    }


def _die(die: Die | None) -> list[Any] | None:
    return [die.colour, die.value] if die else None


def _die_of(view: TableView, obj: Any) -> list[Any]:
    """A die in the person's domain as [colour, value], as the drawing shows dice."""
    colour = view.colours.get(obj.guid, "?")
    try:
        return [colour, int(obj.value)]
    except (TypeError, ValueError):
        return [colour, "?"]
