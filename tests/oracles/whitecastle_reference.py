# The White Castle (Polish solo opponent): an independent reference, copied unchanged in its logic from
# /work/oracles/whitecastle_reference.py (its interface: /work/oracles/whitecastle_interface.md).
# It was written by a helper from the rule text alone (shared/rules/001_79b987f101662473.txt, the English
# translation beside it and the spec's list of ambiguities), without seeing the engine (engines/whitecastle).
# tests/whitecastle/test_oracle.py plays both on the same seeded random positions and compares them. Only its
# layout was changed here (ruff format, the project's line length); do not change its logic to make a test pass.
"""Independent reference ("oracle") of the White Castle solo opponent (Polish variant).

Written from the Polish rule text alone (/work/shared/rules/001_79b987f101662473.txt,
cited below as L<n>; the English translation beside it has the same paragraphs) and the
digest's list of ambiguities; no project code was read. Functions are pure and
deterministic: where the text leaves a choice open, every admissible answer is returned.
Stdlib only. Run ``python3 whitecastle_reference.py`` for the self-check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, NotRequired, TypedDict

Difficulty = Literal["easy", "medium", "hard"]
Zone = Literal["first_floor", "second_floor", "outside_walls"]
PairRule = Literal["die_colour", "any_colour"]
FirstFloorPick = Literal["leftmost", "right_of_pictured", "left_of_pictured"]
Branch = Literal["first_floor_pair", "pictured_space", "next_free_to_right", "well"]

# L8-L11 "rozpoczyna ze znacznikiem Wpływu ... ŁATWY 1, ŚREDNI 2, TRUDNY 3"
STARTING_INFLUENCE: dict[Difficulty, int] = {"easy": 1, "medium": 2, "hard": 3}
# L7 and again L40 "Twój przeciwnik jest pierwszy w kolejności tur"
OPPONENT_IS_FIRST = True
POSITIONS = (
    "supply",
    "gate",
    "floor1",
    "floor2",
    "floor3",
)  # supply, Castle Gate, floors


class Die(TypedDict):
    """A die the card indicates: a Bridge colour and which end of it."""

    bridge: str  # "red" | "black" | "white"
    end: str  # "low" | "high"


class Card(TypedDict):
    """One opponent action card (L17): indicated dice, pictured space, two actions."""

    id: str
    dice: list[Die]
    zone: Zone
    space: int  # the pictured space, 1 = leftmost in its zone
    upper: list[dict[str, object]]  # action(s) in the upper part (L35)
    lower: list[dict[str, object]]  # action(s) in the lower part (L35)


class Space(TypedDict):
    """A die space of a zone; First Floor spaces also list their Die tokens' colours."""

    occupied: bool
    tokens: NotRequired[list[str]]


class Board(TypedDict):
    """Bridges hold die values in table order, low end first; zones list spaces left to right."""

    bridges: dict[str, list[int]]
    first_floor: list[Space]
    second_floor: list[Space]
    outside_walls: list[Space]


@dataclass(frozen=True)
class Placement:
    """How one chosen die is placed, and what the opponent gains and carries out."""

    die: Die
    die_value: int
    branch: Branch
    space: tuple[str, int] | None  # (zone, 1-based space), None for the Well
    actions: tuple[tuple[str, str], ...]  # (card id, "upper"/"lower") in the order carried out
    influence: int
    clan_points: int
    extra_card: str | None  # HARD bonus card (L27), if one was revealed
    extra_card_missing: bool  # HARD bonus wanted a card but none was left to reveal
    rule_lines: str
    coins_due: int | None = None  # die minus space value (base game), if values were given


@dataclass(frozen=True)
class Turn:
    """One opponent turn. ``placements`` has one entry per indicated die that is available
    on the last revealed card: the text does not say which to take (each is admissible)."""

    revealed: tuple[str, ...]  # cards revealed to find a die, last = the acting card
    placements: tuple[Placement, ...]
    deck_exhausted: bool  # no card in ``deck`` had an available die
    discarded: tuple[str, ...] = field(default=())  # L42: every revealed card


def starting_influence(difficulty: Difficulty) -> int:
    """Influence marker start on the Passage of Time track (L8-L11)."""
    return STARTING_INFLUENCE[difficulty]


def available_dice(card: Card, bridges: Mapping[str, Sequence[int]]) -> list[tuple[Die, int]]:
    """The card's indicated dice that are on their Bridge now (L19), in printed order."""
    found: list[tuple[Die, int]] = []
    taken: set[tuple[str, int]] = set()
    for die in card["dice"]:
        row = bridges.get(die["bridge"], [])
        if not row:
            continue
        index = 0 if die["end"] == "low" else len(row) - 1
        # a one-die bridge: its low and high ends are the same die
        if (die["bridge"], index) not in taken:
            taken.add((die["bridge"], index))
            found.append((die, row[index]))
    return found


def has_pair(space: Space, colour: str, pair_rule: PairRule) -> bool:
    """L21 "z dwoma żetonami Kości tego samego koloru": two Die tokens of one colour."""
    tokens = space.get("tokens", [])
    if pair_rule == "die_colour":
        return tokens.count(colour) >= 2
    return any(tokens.count(c) >= 2 for c in set(tokens))


def _scan(free: Sequence[bool], start: int, step: int) -> int | None:
    """First free space from ``start`` (0-based) going ``step`` (+1/-1), wrapping around."""
    n = len(free)
    for k in range(n):
        i = (start + step * k) % n
        if free[i]:
            return i
    return None


def first_floor_pair_space(
    rooms: Sequence[Space],
    colour: str,
    pictured: int,
    pair_rule: PairRule,
    pick: FirstFloorPick,
) -> int | None:
    """L21: the free First Floor space with a token pair for the die, 1-based, or None."""
    ok = [not r["occupied"] and has_pair(r, colour, pair_rule) for r in rooms]
    if pick == "leftmost":  # noqa: SIM108 (kept as written)
        found = _scan(ok, 0, 1)
    else:
        found = _scan(ok, pictured - 1, 1 if pick == "right_of_pictured" else -1)
    return None if found is None else found + 1


def _coins(value: int, where: str, space_values: Mapping[str, int] | None) -> int | None:
    """Coins due for a die on a space (a base-game rule: die minus the space's value).

    Positive: the opponent gains that many. The text names only the Well's payout (L30).
    """
    return None if space_values is None else value - space_values[where]


def place_die(
    card: Card,
    die: Die,
    value: int,
    board: Board,
    difficulty: Difficulty,
    round_number: int,
    next_card: Card | None,
    pair_rule: PairRule = "die_colour",
    pick: FirstFloorPick = "leftmost",
    space_values: Mapping[str, int] | None = None,
) -> Placement:
    """Where the die goes and what follows (L21-L36), first matching bullet wins."""
    both: tuple[tuple[str, str], ...] = ((card["id"], "upper"), (card["id"], "lower"))
    zone: Zone = card["zone"]
    spaces = board[zone]
    if not 1 <= card["space"] <= len(spaces):
        raise ValueError(f"card {card['id']!r}: space {card['space']} is not in {zone}")

    def put(branch: Branch, where: tuple[str, int] | None, lines: str) -> Placement:
        coins = _coins(value, where[0] if where else "well", space_values)
        return Placement(die, value, branch, where, both, 0, 0, None, False, lines, coins)

    if zone == "first_floor":
        s = first_floor_pair_space(spaces, die["bridge"], card["space"], pair_rule, pick)
        if s is not None:
            # L23 the last revealed card's actions, then the L25-L27 bonus
            gain = {"easy": 1, "medium": round_number, "hard": 0}[difficulty]
            extra = next_card if difficulty == "hard" else None
            extra_parts = ((extra["id"], "upper"), (extra["id"], "lower")) if extra else ()
            return replace(
                put("first_floor_pair", (zone, s), "L21-L27"),
                actions=both + extra_parts,
                influence=gain,
                clan_points=gain,
                extra_card=extra["id"] if extra else None,
                extra_card_missing=difficulty == "hard" and extra is None,
            )
    free = [not sp["occupied"] for sp in spaces]
    if free[card["space"] - 1]:  # L28 the pictured space is still available
        return put("pictured_space", (zone, card["space"]), "L28")
    # L29 first free space to the right of the pictured one, wrapping to the leftmost
    nxt = _scan(free, card["space"], 1)
    if nxt is not None:
        return put("next_free_to_right", (zone, nxt + 1), "L29")
    # L30 zone full: the Well and its coins; then L34-L36 by difficulty
    part = "upper" if value % 2 == 1 else "lower"
    gain = {"easy": 1, "medium": 1, "hard": round_number}[difficulty]
    well_actions = () if difficulty == "easy" else ((card["id"], part),)
    well = put("well", None, "L30-L36")
    return replace(well, actions=well_actions, influence=gain, clan_points=gain)


def resolve_turn(
    deck: Sequence[Card],
    board: Board,
    difficulty: Difficulty,
    round_number: int,
    pair_rule: PairRule = "die_colour",
    pick: FirstFloorPick = "leftmost",
    space_values: Mapping[str, int] | None = None,
) -> Turn:
    """One opponent turn. ``deck`` is the cards in the order they would be revealed
    (top first; if the deck runs out, the caller appends the reshuffled discard, L42)."""
    revealed: list[str] = []
    for i, card in enumerate(deck):
        revealed.append(card["id"])
        options = available_dice(card, board["bridges"])
        if not options:
            continue  # L19 keep revealing until an indicated die is available
        following = deck[i + 1] if i + 1 < len(deck) else None
        placements = tuple(
            place_die(
                card,
                d,
                v,
                board,
                difficulty,
                round_number,
                following,
                pair_rule,
                pick,
                space_values,
            )
            for d, v in options
        )
        extra = {p.extra_card for p in placements if p.extra_card}
        done = tuple(revealed) + tuple(sorted(extra))
        return Turn(tuple(revealed), placements, False, done)
    return Turn(tuple(revealed), (), True, tuple(revealed))


Courtiers = tuple[int, int, int, int, int]  # counts at POSITIONS


def _move(state: Courtiers, src: int, dst: int) -> Courtiers:
    out = list(state)
    out[src] -= 1
    out[dst] += 1
    return (out[0], out[1], out[2], out[3], out[4])


def _up_moves(state: Courtiers, floors: int) -> set[Courtiers]:
    """Every way to move one placed courtier ``floors`` floors higher (the top is floor3)."""
    return {_move(state, i, i + floors) for i in range(1, 5 - floors) if state[i] > 0}


def courtier_outcomes(state: Courtiers, op: str, floors: int = 1) -> set[Courtiers]:
    """All states one courtier action can lead to, with the fallbacks of L40-L41.

    op "up": move a courtier ``floors`` (1 or 2) floors higher; op "to_gate": put one
    from the supply at the Castle Gate. Several states = the text leaves the courtier open.
    """
    if op == "up":
        moves = _up_moves(state, floors)
        if moves:
            return moves
        # L40: none can move, so place one at the Gate instead (then to floor 1 if 2 floors)
        gate = courtier_outcomes(state, "to_gate")
        if floors == 2 and state[0] > 0:
            return {_move(s, 1, 2) for s in gate}
        return gate
    if op == "to_gate":
        if state[0] > 0:
            return {_move(state, 0, 1)}
        # L41: none in the supply, so move one 1 floor higher instead; if that is
        # impossible too, the text has nothing left to do.
        return _up_moves(state, 1) or {state}
    raise ValueError(f"unknown courtier op {op!r} (expected 'up' or 'to_gate')")


def apply_courtier_ops(state: Courtiers, ops: Sequence[tuple[str, int]]) -> set[Courtiers]:
    """Apply (op, floors) courtier actions in order; returns every reachable end state."""
    states = {state}
    for op, floors in ops:
        states = {s2 for s in states for s2 in courtier_outcomes(s, op, floors)}
    return states


def courtier_ops(placement: Placement, cards: Sequence[Card]) -> list[tuple[str, int]]:
    """The courtier actions among the parts the opponent carries out, in order.

    Card actions are dicts; ``{"op": "courtier_up", "floors": 1|2}`` and
    ``{"op": "courtier_to_gate"}`` are courtier actions, anything else is not.
    """
    by_id = {c["id"]: c for c in cards}
    ops: list[tuple[str, int]] = []
    for card_id, part in placement.actions:
        for action in by_id[card_id]["upper" if part == "upper" else "lower"]:
            if action.get("op") == "courtier_up":
                floors = action.get("floors", 1)
                if floors not in (1, 2):
                    raise ValueError(f"card {card_id!r} {part}: floors {floors!r} is not 1 or 2")
                ops.append(("up", 1 if floors == 1 else 2))
            elif action.get("op") == "courtier_to_gate":
                ops.append(("to_gate", 1))
    return ops


def new_round_deck(deck: Sequence[str], discard: Sequence[str]) -> tuple[list[str], list[str]]:
    """L43: at round start the discard joins the deck (order then random): (cards, discard)."""
    return sorted([*deck, *discard]), []


def _self_check() -> None:
    """Hand-made positions (the text gives no worked example)."""
    assert [starting_influence(d) for d in ("easy", "medium", "hard")] == [1, 2, 3]

    def room(tokens: str, occupied: bool = False) -> Space:
        colours = {"W": "white", "R": "red", "B": "black"}
        return {"occupied": occupied, "tokens": [colours[t] for t in tokens]}

    board: Board = {
        "bridges": {"red": [2, 4, 6], "black": [], "white": [1, 5]},
        "first_floor": [room("WRB"), room("WWB"), room("RRW")],
        "second_floor": [{"occupied": False}, {"occupied": True}],
        "outside_walls": [{"occupied": True}, {"occupied": True}],
    }

    def card(cid: str, dice: list[Die], zone: Zone, space: int) -> Card:
        return {
            "id": cid,
            "dice": dice,
            "zone": zone,
            "space": space,
            "upper": [],
            "lower": [],
        }

    a = card("A", [{"bridge": "black", "end": "high"}], "first_floor", 1)
    b = card("B", [{"bridge": "white", "end": "high"}], "first_floor", 3)
    c = card("C", [{"bridge": "red", "end": "low"}], "outside_walls", 1)
    turn = resolve_turn([a, b, c], board, "hard", 2)
    p = turn.placements[0]
    assert turn.revealed == ("A", "B") and p.die_value == 5 and p.space == ("first_floor", 2)
    assert p.extra_card == "C" and turn.discarded == ("A", "B", "C")
    assert p.actions == (("B", "upper"), ("B", "lower"), ("C", "upper"), ("C", "lower"))
    med = resolve_turn([b], board, "medium", 2).placements[0]
    assert (med.influence, med.clan_points, med.extra_card) == (2, 2, None)
    red = card("R", [{"bridge": "red", "end": "low"}], "first_floor", 1)
    assert resolve_turn([red], board, "easy", 1).placements[0].space == (
        "first_floor",
        3,
    )
    red_right = resolve_turn([red], board, "easy", 1, "any_colour").placements[0]
    assert red_right.space == ("first_floor", 2)  # leftmost room with any pair
    blk = card("K", [{"bridge": "white", "end": "low"}], "first_floor", 1)
    low = resolve_turn([blk], {**board, "first_floor": [room("WRB"), room("RRB")]}, "easy", 1)
    assert low.placements[0].branch == "pictured_space" and low.placements[0].influence == 0
    f2 = card("F", [{"bridge": "red", "end": "high"}], "second_floor", 2)
    assert resolve_turn([f2], board, "easy", 1).placements[0].space == (
        "second_floor",
        1,
    )
    two_dice: list[Die] = [
        {"bridge": "red", "end": "high"},
        {"bridge": "white", "end": "low"},
    ]
    out = card("O", two_dice, "outside_walls", 2)
    both = resolve_turn([out], board, "hard", 3).placements
    assert [(q.branch, q.die_value, q.actions, q.influence) for q in both] == [
        ("well", 6, (("O", "lower"),), 3),
        ("well", 1, (("O", "upper"),), 3),
    ]
    easy = resolve_turn([out], board, "easy", 3, space_values={"well": 1}).placements[0]
    assert easy.actions == () and easy.coins_due == 5 and easy.influence == 1
    assert resolve_turn([a], board, "easy", 1).deck_exhausted
    assert courtier_outcomes((5, 0, 0, 0, 0), "up", 2) == {(4, 0, 1, 0, 0)}
    assert courtier_outcomes((3, 1, 1, 0, 0), "to_gate") == {(2, 2, 1, 0, 0)}
    assert courtier_outcomes((0, 1, 1, 0, 0), "to_gate") == {
        (0, 0, 2, 0, 0),
        (0, 1, 0, 1, 0),
    }
    assert courtier_outcomes((2, 0, 0, 1, 0), "up", 2) == {(1, 0, 1, 1, 0)}
    assert courtier_outcomes((0, 0, 0, 1, 0), "up", 2) == {(0, 0, 0, 0, 1)}
    assert courtier_outcomes((0, 0, 0, 0, 1), "up", 1) == {(0, 0, 0, 0, 1)}
    assert apply_courtier_ops((1, 0, 0, 0, 0), [("to_gate", 1), ("up", 2)]) == {(0, 0, 0, 1, 0)}
    up2: Card = {**b, "upper": [{"op": "courtier_up", "floors": 2}], "lower": [{"op": "x"}]}
    gate: Card = {**c, "upper": [], "lower": [{"op": "courtier_to_gate"}]}
    hard = resolve_turn([a, up2, gate], board, "hard", 1).placements[0]
    assert courtier_ops(hard, [a, up2, gate]) == [("up", 2), ("to_gate", 1)]
    # up 2 falls back to Gate then floor 1; to_gate, with the supply empty, moves it up 1
    assert apply_courtier_ops((1, 0, 0, 0, 0), courtier_ops(hard, [up2, gate])) == {(0, 0, 0, 1, 0)}
    assert new_round_deck(["x", "y"], ["z"]) == (["x", "y", "z"], [])


if __name__ == "__main__":
    _self_check()
    print("whitecastle_reference: self-check passed")
