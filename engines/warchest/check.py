"""\"Check my turn\": is the table now one legal turn of the person's away from where the bot's turn left it?

The person's moves are not forced on the table; this only reports. Every coin the person could have played (any
coin in their bag or hand, which the bot cannot see) and every legal action with it, follow-ups included, is
tried against what the table shows publicly: the board, control markers, supplies, coins out of play, face-up
discards, and how many coins lie face down or hidden.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engines.warchest import rules
from engines.warchest.actions import Action, describe
from engines.warchest.board import name
from engines.warchest.state import State

HUMAN = 1
MAX_FOLLOW_UPS = 6


def _public(state: State) -> tuple[object, ...]:
    h, a = state.sides[HUMAN], state.sides[1 - HUMAN]
    return (
        sorted(state.board.items()),
        sorted(state.control.items()),
        sorted(h.supply.items()),
        sorted(h.eliminated.items()),
        sorted(h.discard_up.items()),
        sum(h.discard_down.values()),
        sum(h.bag.values()) + len(h.hand),
        h.markers_off,
        sorted(a.supply.items()),
        sorted(a.eliminated.items()),
        a.markers_off,
    )


def _turns(
    state: State, path: tuple[Action, ...], played: bool = False, depth: int = 0
) -> Iterator[tuple[State, tuple[Action, ...]]]:
    """Every state the person's turn can end in, with the actions that lead there. ``played``: their coin is
    already played (what remains are follow-ups)."""
    if state.over or state.to_act() != HUMAN or depth > MAX_FOLLOW_UPS:
        yield state, path
        return
    if not state.pending:
        if played:
            yield state, path
            return
        side = state.sides[HUMAN]
        pool = Counter(side.bag) + Counter(side.hand)
        for coin in sorted(pool):
            trial = state.copy()
            rest = pool.copy()
            rest[coin] -= 1
            trial.sides[HUMAN].bag = {u: n for u, n in rest.items() if n}
            trial.sides[HUMAN].hand = [coin]
            yield from _apply_each(trial, path, True, depth)
        return
    yield from _apply_each(state, path, played, depth)


def _apply_each(
    state: State, path: tuple[Action, ...], played: bool, depth: int
) -> Iterator[tuple[State, tuple[Action, ...]]]:
    for action in list(rules.legal_actions(state)):
        after = state.copy()
        rules.apply(after, action, random.Random(0), check=False)
        yield from _turns(after, (*path, action), played, depth + 1)


def check_turn(previous: State, now: State) -> tuple[bool, list[str]]:
    """(legal, lines for the chat). ``previous`` is the engine state the bot's turn ended in; ``now`` the table
    read afterwards."""
    target = _public(now)
    if target == _public(previous):
        return True, ["Nothing has changed since the bot's turn."]
    for end, path in _turns(previous.copy(), ()):
        if _public(end) == target:
            return True, ["Your turn checks out: " + "; ".join(describe(a) for a in path) + "."]
    lines = ["Your turn is not one legal action from where the bot left the table.", *_differences(previous, now)]
    return False, lines


def _differences(before: State, after: State) -> list[str]:
    lines = []
    for h in sorted(set(before.board) | set(after.board)):
        b, a = before.board.get(h), after.board.get(h)
        if b != a:
            was = f"{b.unit} x{b.coins}" if b else "empty"
            now = f"{a.unit} x{a.coins}" if a else "empty"
            lines.append(f"{name(h)}: was {was}, now {now}")
    for h in sorted(set(before.control) | set(after.control)):
        if before.control.get(h) != after.control.get(h):
            owner = after.control.get(h)
            lines.append(f"{name(h)}: control changed to {'AB'[owner] if owner is not None else 'nobody'}")
    for label, pile in (("supply", "supply"), ("removed from play", "eliminated"), ("face-up discard", "discard_up")):
        for i in (0, 1):
            b, a = getattr(before.sides[i], pile), getattr(after.sides[i], pile)
            if b != a:
                lines.append(f"side {'AB'[i]}'s {label}: was {dict(sorted(b.items()))}, now {dict(sorted(a.items()))}")
    return lines[:8]
