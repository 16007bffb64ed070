# Written by another helper of the project from the rule text alone (shared/rules/003_cca8b95f52af0042.txt) and the
# spec's list of ambiguities (games/fiftyfirst.md), without seeing the engine: an independent reference the engine is
# checked against (tests/fiftyfirst/test_oracle.py). Copied from the helper's /work/oracles/fiftyfirst_reference.py
# (interface: fiftyfirst_interface.md beside it) on 2026-11-26, only reformatted to the project's line length; do not
# change its logic to make a test pass: a disagreement is a bug in the engine or a reading to name as an option.

"""Independent reference ("oracle") of the 51st State virtual player's decisions.

Written from the rule text alone (/work/shared/rules/003_cca8b95f52af0042.txt, cited
below as L<n>) and the digest's list of ambiguities; no project code was read.
Every function is pure and deterministic: where the text leaves a choice to chance
or to the player, the full set of admissible answers is returned, never one of them
picked at random. Stdlib only. Run ``python3 fiftyfirst_reference.py`` for the self-check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, NotRequired, TypedDict

MAX_ATTACKS_PER_ROUND = 3  # L36 "a maximum of three times each round"
CONNECTION_POINTS = 2  # L32 "scores them 2 [icon]" (icon lost; read as points)
RAZE_POINTS = 2  # L44 "Give the virtual player two points"
# L62 "gains 1 [icon] instead of a [icon]" (icon lost; read as points)
OPEN_PRODUCTION_POINTS = 1
END_TRIGGER_POINTS = 25  # L5, L72 "reaches 25 points"

KINDS = ("production", "production_open", "production_closed", "feature", "action")
GoodsField = Literal["spoils", "deal"]


class Location(TypedDict):
    """One of the human's locations, as the rule text names its parts."""

    id: str
    kind: str  # one of KINDS: Production (open/closed), Feature or Action (L51-54)
    distance: int  # L50 "The card with the greater Distance"
    types: list[str]  # Location Types (L42)
    spoils: dict[str, int]  # red raze field: goods by kind
    deal: dict[str, int]  # blue Deal field (L44)
    used: NotRequired[bool]  # Action locations only: used this round (L51-52)
    ruins: NotRequired[bool]  # flipped face down (L44); has no Location Types
    protected: NotRequired[bool]  # carries the lost "[icon]" of L58


@dataclass(frozen=True)
class Step:
    """One narrowing step of the target choice: which rule, and who survived it."""

    rule: str
    lines: str
    survivors: tuple[str, ...]


@dataclass(frozen=True)
class TargetChoice:
    """Which location an attack razes.

    ``chosen`` is the single winner, or None when the written tie-breaks run out
    (L56: the player decides, or picks at random) or when nothing matches.
    ``tied`` holds every location still admissible (input order).
    """

    chosen: str | None
    tied: tuple[str, ...]
    steps: tuple[Step, ...] = field(default=())


@dataclass(frozen=True)
class AttackResult:
    """Outcome of one attack (L40-L58) against one chosen target."""

    outcome: Literal["miss", "raze", "blocked", "player_chooses"]
    target: TargetChoice
    bot_points: int  # 2 on a raze (L44), else 0; the bot never gains goods (L64)
    human_gains: dict[str, int]  # the razed location's Deal goods (L44)
    attack_card_discarded_at_once: bool  # L58 "Discard the card drawn for the attack"


class RoundState(TypedDict):
    """What the virtual player's turn depends on (L32-L40)."""

    bot_passed: bool
    human_passed: bool
    attacks_this_round: int  # attacks made so far this round, hits and misses alike
    connections_available: list[str]  # face-up connection cards it may still claim


@dataclass(frozen=True)
class BotTurn:
    """The virtual player's action on one turn of the Action phase."""

    action: Literal["already_passed", "pass", "claim_connection", "attack"]
    reason: str
    lines: str
    options: tuple[str, ...] = ()  # for a claim: every card it may take (L32: random)
    bot_points: int = 0
    discard_attack_pile: bool = False  # L40: when it passes after its third attack


def _keep_best(
    tied: list[Location], key: Callable[[Location], int], rule: str, lines: str
) -> tuple[list[Location], Step]:
    """Keep only the locations with the highest key (all of them if the key ties)."""
    best = max(key(loc) for loc in tied)
    kept = [loc for loc in tied if key(loc) == best]
    return kept, Step(rule, lines, tuple(loc["id"] for loc in kept))


def _keep_if_any(
    tied: list[Location], test: Callable[[Location], bool], rule: str, lines: str
) -> tuple[list[Location], Step]:
    """One entry of the L51-L54 list: prefer the locations that have the trait."""
    kept = [loc for loc in tied if test(loc)] or tied
    return kept, Step(rule, lines, tuple(loc["id"] for loc in kept))


def _is_action(loc: Location) -> bool:
    return loc["kind"] == "action"


def _goods_count(goods_field: GoodsField, good: str) -> Callable[[Location], int]:
    """Key for L55: how many of one good the location's field shows."""
    return lambda loc: loc[goods_field].get(good, 0)


def _check_kind(loc: Location) -> None:
    if loc["kind"] not in KINDS:
        raise ValueError(f"location {loc['id']!r}: kind {loc['kind']!r} is not one of {KINDS}")


def matching_types(loc: Location, attack_types: Sequence[str]) -> int:
    """How many Location Types the location shares with the attack card (L42, L46)."""
    if loc.get("ruins", False):
        return 0  # a Ruins is face down and shows no Location Types (L44)
    return len(set(loc["types"]) & set(attack_types))


def select_raze_target(
    locations: Sequence[Location],
    attack_types: Sequence[str],
    goods_order: Sequence[str],
    goods_field: GoodsField = "spoils",
) -> TargetChoice:
    """Choose the human location an attack razes, applying the tie-breaks in the text's order.

    ``goods_order`` is the goods list of L55 ("goods of the highest order"), highest
    first; its content is not in the surviving text, so the caller supplies it.
    """
    for loc in locations:
        _check_kind(loc)
    tied = [loc for loc in locations if matching_types(loc, attack_types) >= 1]
    steps = [
        Step(
            "matches at least one Location Type",
            "L42-L44",
            tuple(x["id"] for x in tied),
        )
    ]
    if not tied:
        return TargetChoice(None, (), tuple(steps))

    def narrow(result: tuple[list[Location], Step]) -> None:
        nonlocal tied
        tied, step = result
        steps.append(step)

    narrow(
        _keep_best(
            tied,
            lambda x: matching_types(x, attack_types),
            "most matching types",
            "L46",
        )
    )
    if len(tied) > 1:
        narrow(_keep_best(tied, lambda x: x["distance"], "1. greater Distance", "L50"))
    list_2_to_5: list[tuple[str, str, Callable[[Location], bool]]] = [
        (
            "2. Unused Actions",
            "L51",
            lambda x: _is_action(x) and not x.get("used", False),
        ),
        ("3. Used Actions", "L52", lambda x: _is_action(x) and x.get("used", False)),
        ("4. Features", "L53", lambda x: x["kind"] == "feature"),
        ("5. Productions", "L54", lambda x: x["kind"].startswith("production")),
    ]
    for rule, lines, test in list_2_to_5:
        if len(tied) > 1:
            narrow(_keep_if_any(tied, test, rule, lines))
    if len(tied) > 1:
        for loc in tied:
            for good in loc[goods_field]:
                if good not in goods_order:
                    raise ValueError(f"location {loc['id']!r}: {goods_field} good {good!r} is not in goods_order")
        # L55 "Keep checking this list until you break the tie."
        for good in goods_order:
            if len(tied) == 1:
                break
            key = _goods_count(goods_field, good)
            narrow(_keep_best(tied, key, f"6. most {good} gained by razing ({goods_field})", "L55"))
    ids = tuple(loc["id"] for loc in tied)
    if len(ids) > 1:
        steps.append(Step("7. still tied: the player decides or picks at random", "L56", ids))
    return TargetChoice(ids[0] if len(ids) == 1 else None, ids, tuple(steps))


def resolve_attack(
    locations: Sequence[Location],
    attack_types: Sequence[str],
    goods_order: Sequence[str],
    goods_field: GoodsField = "spoils",
) -> AttackResult:
    """One attack: miss, raze, protection spent, or a tie the player must settle."""
    choice = select_raze_target(locations, attack_types, goods_order, goods_field)
    if not choice.tied:
        # L42 "the attack is unsuccessful"
        return AttackResult("miss", choice, 0, {}, False)
    if choice.chosen is None:
        return AttackResult("player_chooses", choice, 0, {}, False)  # L56
    return raze_outcome(choice, {loc["id"]: loc for loc in locations}[choice.chosen])


def raze_outcome(choice: TargetChoice, target: Location) -> AttackResult:
    """What happens to the chosen target (also for a target the player picked from a tie)."""
    if target["id"] not in choice.tied:
        raise ValueError(f"location {target['id']!r} is not among the tied targets {choice.tied}")
    settled = TargetChoice(target["id"], choice.tied, choice.steps)
    if target.get("protected", False):  # L58 "discard the [icon] instead"
        return AttackResult("blocked", settled, 0, {}, True)
    # L44 two points and the Deal goods; L64 the bot itself gains no goods
    return AttackResult("raze", settled, RAZE_POINTS, dict(target["deal"]), False)


def bot_turn(state: RoundState) -> BotTurn:
    """The virtual player's action when its turn comes (L32-L40)."""
    if state["bot_passed"]:
        return BotTurn("already_passed", "it has passed for this round", "L36-L40")
    if state["human_passed"]:
        return BotTurn("pass", "you passed, so it passes on its next action", "L38")
    if state["attacks_this_round"] >= MAX_ATTACKS_PER_ROUND:
        return BotTurn(
            "pass",
            "it has attacked three times this round",
            "L36, L40",
            discard_attack_pile=True,
        )
    if state["connections_available"]:
        return BotTurn(
            "claim_connection",
            "a connection card is available: it takes one at random, free, for 2 points",
            "L32",
            options=tuple(state["connections_available"]),
            bot_points=CONNECTION_POINTS,
        )
    return BotTurn("attack", "no connection card is left, so it attacks", "L34, L40")


def bot_lookout_cards(
    four: Sequence[str],
    human_first: str,
    bot_random: str,
    human_second: str,
    deck_top: str,
) -> tuple[str, str, str]:
    """The three cards the virtual player gains at Lookout (L15-L20), checked for legality.

    The random pick of L17 may be any of the three cards the human left.
    """
    if len(set(four)) != 4:
        raise ValueError(f"lookout needs four distinct cards, got {list(four)}")
    left = [c for c in four if c != human_first]
    if human_first not in four:
        raise ValueError(f"human_first {human_first!r} is not among the four {list(four)}")
    if bot_random not in left:
        raise ValueError(f"bot_random {bot_random!r} is not among the remaining {left}")
    last_two = [c for c in left if c != bot_random]
    if human_second not in last_two:
        raise ValueError(f"human_second {human_second!r} is not among the last two {last_two}")
    last = next(c for c in last_two if c != human_second)
    return (bot_random, last, deck_top)


def end_triggered(human_points: int, bot_points: int) -> bool:
    """L5, L72: the end is triggered when either side reaches 25 points."""
    return max(human_points, bot_points) >= END_TRIGGER_POINTS


def final_result(
    human_points: int,
    bot_points: int,
    human_locations: Sequence[Location],
    bot_location_count: int,
    ruins_count: bool = False,
) -> tuple[int, int, Literal["human", "virtual_player"]]:
    """Final scores and winner (L72-L76); a tie is a loss for the human (L76)."""
    human_count = sum(1 for loc in human_locations if ruins_count or not loc.get("ruins", False))
    human_total = human_points + human_count
    bot_total = bot_points + bot_location_count
    return (
        human_total,
        bot_total,
        "human" if human_total > bot_total else "virtual_player",
    )


def _loc(
    id_: str,
    kind: str,
    distance: int,
    types: list[str],
    spoils: Mapping[str, int] | None = None,
    *,
    used: bool = False,
    ruins: bool = False,
    protected: bool = False,
) -> Location:
    return {
        "id": id_,
        "kind": kind,
        "distance": distance,
        "types": types,
        "spoils": dict(spoils or {}),
        "deal": {"brick": 1},
        "used": used,
        "ruins": ruins,
        "protected": protected,
    }


def _state(attacks: int = 0, connections: Sequence[str] = (), human_passed: bool = False) -> RoundState:
    return {
        "bot_passed": False,
        "human_passed": human_passed,
        "attacks_this_round": attacks,
        "connections_available": list(connections),
    }


def _self_check() -> None:
    """Hand-made positions, one per tie-break (the text gives no worked example)."""
    order = ["vp", "card", "ammo", "brick", "iron", "gun", "fuel", "worker"]
    x, y = (
        _loc("X", "production_open", 2, ["fuel", "iron"]),
        _loc("Y", "feature", 1, ["iron"]),
    )
    assert select_raze_target([x, y], ["iron", "gun"], order).chosen == "X"  # distance
    x1 = _loc("X", "production_open", 1, ["fuel", "iron"])
    y3 = _loc("Y", "feature", 3, ["fuel"])
    # most types beats distance
    assert select_raze_target([x1, y3], ["fuel", "iron"], order).chosen == "X"
    a = _loc("A", "action", 2, ["gun"], used=True)
    b = _loc("B", "action", 2, ["gun"])
    f = _loc("F", "feature", 2, ["gun"])
    p = _loc("P", "production_closed", 2, ["gun"])
    assert select_raze_target([a, b, f, p], ["gun"], order).chosen == "B"
    assert select_raze_target([a, f, p], ["gun"], order).chosen == "A"  # used action
    assert select_raze_target([f, p], ["gun"], order).chosen == "F"
    s1 = _loc("S1", "feature", 1, ["ammo"], {"card": 1, "gun": 3})
    s2 = _loc("S2", "feature", 1, ["ammo"], {"card": 1, "gun": 2, "vp": 0})
    s3 = _loc("S3", "feature", 1, ["ammo"], {"ammo": 5})
    assert select_raze_target([s1, s2, s3], ["ammo"], order).chosen == "S1"
    twin = _loc("S1b", "feature", 1, ["ammo"], {"card": 1, "gun": 3})
    tie = select_raze_target([s1, twin], ["ammo"], order)
    assert tie.chosen is None and tie.tied == ("S1", "S1b")
    assert resolve_attack([s1, twin], ["ammo"], order).outcome == "player_chooses"
    assert resolve_attack([x, y], ["liberty"], order).outcome == "miss"
    ruin = _loc("R", "feature", 3, ["iron"], ruins=True)
    assert select_raze_target([ruin, y], ["iron"], order).chosen == "Y"
    shield = _loc("Z", "feature", 3, ["iron"], protected=True)
    blocked = resolve_attack([shield, y], ["iron"], order)
    assert blocked.outcome == "blocked" and blocked.bot_points == 0
    hit = resolve_attack([x, y], ["iron"], order)
    assert hit.outcome == "raze" and hit.bot_points == 2 and hit.human_gains == {"brick": 1}
    claim = bot_turn(_state(connections=["blue", "red"]))
    assert claim.action == "claim_connection" and claim.options == ("blue", "red")
    assert bot_turn(_state(attacks=2)).action == "attack"
    three = bot_turn(_state(attacks=3))
    assert three.action == "pass" and three.discard_attack_pile
    assert bot_turn(_state(connections=["red"], human_passed=True)).action == "pass"
    assert bot_turn({**_state(), "bot_passed": True}).action == "already_passed"
    assert bot_lookout_cards("ABCD", "A", "C", "D", "E") == ("C", "B", "E")
    assert end_triggered(23, 26) and not end_triggered(24, 24)
    assert final_result(23, 26, [x, y, ruin], 9) == (25, 35, "virtual_player")
    assert final_result(30, 29, [x], 0)[2] == "human"
    assert final_result(30, 30, [], 0)[2] == "virtual_player"


if __name__ == "__main__":
    _self_check()
    print("fiftyfirst_reference: self-check passed")
