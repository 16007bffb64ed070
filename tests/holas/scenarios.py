"""The spec's test scenarios (section e) as tables a button press decides on: each a state on the sample map with
the card on top of the bot's deck, the button pressed, and what the spec expects of the decisions (as
``{"step": ..., **detail}`` with the reason's text). Used in-process and through saves and ``automa decide``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engines.holas import rules
from engines.holas.bot import Enemy
from engines.holas.data_model import SAMPLE, load_folder
from engines.holas.state import PlayerArmy, State

DATA = load_folder(SAMPLE)
Said = list[dict[str, Any]]  # each decision: {"step": ..., detail..., "text": ...}


def fresh() -> State:
    return rules.new_game(DATA, "L7", random.Random(1))


def on_top(s: State, *cards: str) -> None:
    s.deck = [*cards, *[c for c in s.deck if c not in cards]]


def place(s: State, region: str, kind: str, n: int = 1) -> None:
    for unit in [u for u in s.units if u.type == kind and u.where == "supply"][:n]:
        unit.where = region


def steps(said: Said) -> list[str]:
    return [d["step"] for d in said]


def first(said: Said, step: str) -> dict[str, Any]:
    return next(d for d in said if d["step"] == step)


def s2() -> tuple[State, str]:
    """Recruit: "It goes to ... the hero's region, or the Capital if that region already holds 5 bot units."
    Vessels unaffordable, a Warrior affordable, hero 1 in L2 with 4 Serfs."""
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 2}
    s.unit("hero1").where = "L2"
    place(s, "L2", "serf", 4)
    on_top(s, "sample.1")
    return s, "bot_action"


def e2(said: Said) -> None:
    assert first(said, "recruit")["to"] == "L7" and first(said, "recruit")["unit"].startswith("warrior")


def s3() -> tuple[State, str]:
    """ "Recruit with 0 resources: Failed. The hero moves one step per the card's compass; the human may not
    Follow." """
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    s.unit("hero1").where = "L2"
    on_top(s, "sample.1")
    return s, "bot_action"


def e3(said: Said) -> None:
    assert steps(said)[:3] == ["draw", "failed", "move"] and "follow_ask" not in steps(said)


def s4() -> tuple[State, str]:
    """ "if illegal, rotate clockwise through the arcs. Illegal: Sea (unless a ferry edge)": hero 1 in L2 and a
    failed Build, Towers & Vessels (nothing to pay) whose compass E points at the sea S1; the next arc clockwise
    is L4, a mountain with a face-down token: +1 Ore, the token, +1 pt. (The spec's arrow N and L3 are another
    map's; the sample map's L2 meets the sea to the east.)"""
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    s.unit("hero1").where = "L2"
    on_top(s, "sample.6")
    return s, "bot_action"


def e4(said: Said) -> None:
    assert first(said, "move")["to"] == "L4" and first(said, "token")["region"] == "L4"
    assert first(said, "resource")["resource"] == "ore"


def s5() -> tuple[State, str]:
    """ "Hero in the Courtyard. Its army takes up to 5 units including the hero: as many Warriors as possible but
    at least 1 Serf" — 1 Hero + 4 Warriors + 2 Serfs (+ 2 other Heroes); a failed Recruit (nothing to pay)."""
    s = fresh()
    place(s, "courtyard", "warrior", 4)
    place(s, "courtyard", "serf", 2)
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    on_top(s, "sample.1")
    return s, "bot_action"


def e5(said: Said) -> None:
    army = first(said, "leave_courtyard")["units"]
    assert sorted(u.rstrip("0123456789") for u in army) == ["hero", "serf", "warrior", "warrior", "warrior"]


def s6() -> tuple[State, str]:
    """ "An empty bot vessel is in the hero's region. The hero boards it with 1 other unit (a Warrior before a
    Serf) and the vessel moves. The other units stay." Hero 1 in L3 with a Warrior, a Serf and an Air Vessel; a
    failed action (E)."""
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    s.unit("hero1").where = "L3"
    for kind in ("warrior", "serf", "air_vessel"):
        place(s, "L3", kind)
    on_top(s, "sample.6")
    return s, "bot_action"


def e6(said: Said) -> None:
    assert "hero1 and warrior1 board air_vessel1" in first(said, "board")["text"]
    # L4's east arc is the ferry, no air route (L171): the Air Vessel flies over S2, which the ferry crosses, to L6
    assert [d["to"] for d in said if d["step"] == "fly"] == ["L4", "S2", "L6"]


def s7() -> tuple[State, str]:
    """Attack: "T = player armies reachable in <= 2 steps with NS(P) <= Se; t = min NS": bot NS 5 in L2, your
    NS 4 in L1 (1 step) and NS 2 in L3 (2 steps)."""
    s = fresh()
    s.unit("hero1").where = "L2"
    place(s, "L2", "warrior")
    s.player = {"L1": PlayerArmy(4), "L3": PlayerArmy(2)}
    on_top(s, "sample.3")
    return s, "bot_action"


def e7(said: Said) -> None:
    assert first(said, "attack")["target"] == "L3" and first(said, "battle_ask")["region"] == "L3"
    assert "+1 pt" in first(said, "battle_ask")["text"]


def s8() -> tuple[State, str]:
    """H5: "the first met sweeping clockwise, starting at the arrow": from L4 two armies of NS 3, L6 (by the ferry,
    at 90 degrees) and L3 (at 270); the attack card's arrow SE (135): L3 is met first."""
    s = fresh()
    s.unit("hero1").where = "L4"
    place(s, "L4", "warrior")
    s.player = {"L6": PlayerArmy(3), "L3": PlayerArmy(3)}
    on_top(s, "sample.3")
    return s, "bot_action"


def e8(said: Said) -> None:
    assert first(said, "attack")["target"] == "L3"


def s9() -> tuple[State, str]:
    """ "if T empty: return failed" — the only army in range has NS 6 > 5; then the compass move."""
    s = fresh()
    s.unit("hero1").where = "L2"
    place(s, "L2", "warrior")
    s.player = {"L1": PlayerArmy(6)}
    on_top(s, "sample.3")
    return s, "bot_action"


def e9(said: Said) -> None:
    assert steps(said)[:3] == ["draw", "failed", "move"]


def s10() -> tuple[State, str]:
    """Tax: Ore@4, Mana@3, Food@2, Ore 8: "Ore 10 (capped), Mana +3, Food +2. Human Follow prompt" first."""
    s = fresh()
    s.resources = {"ore": 8, "mana": 3, "food": 3}
    on_top(s, "sample.4")
    return s, "bot_action"


def e10(said: Said) -> None:
    assert {k: first(said, "tax")[k] for k in ("ore", "mana", "food")} == {"ore": 2, "mana": 3, "food": 2}
    assert steps(said)[-1] == "follow_ask" and "rotate" not in steps(said)


def s10b() -> tuple[State, str]:
    """ "then rotation (Ore->2, Mana->4, Food->3), then the hero moves": Follow done on scenario 10's table."""
    s, _ = s10()
    Enemy(s, DATA, random.Random(0)).resume("bot_action")
    return s, "follow_done"


def e10b(said: Said) -> None:
    assert steps(said)[:2] == ["rotate", "leave_courtyard"] and {"move", "stay"} & set(steps(said))


def s11() -> tuple[State, str]:
    """Build, CC Track: "next space costs 4 Ore; bot has 3: Failed; compass move"."""
    s = fresh()
    s.cc_space, s.resources["ore"] = 2, 3
    on_top(s, "sample.2")
    return s, "bot_action"


def e11(said: Said) -> None:
    assert steps(said)[:2] == ["draw", "failed"] and "move" in steps(said)


def s11b() -> tuple[State, str]:
    """ "With 4 Ore on the last space: end triggered; final round = current + 1" (the sample's last space costs 7)."""
    s = fresh()
    s.cc_space, s.resources["ore"], s.round = 5, 7, 2
    on_top(s, "sample.2")
    return s, "bot_action"


def e11b(said: Said) -> None:
    assert first(said, "cc_track")["space"] == 6 and "the game ends after round 3" in first(said, "cc_track")["text"]


def s12() -> tuple[State, str]:
    """ "Draw with 1 card left in the deck; 4 in discard; 2 in Hero Slots: a new deck of 5 cards; the slotted cards
    are untouched." The third action of a round; a table holds all eight cards, so the eighth lies in the discard
    too (a new deck of 6)."""
    s = fresh()
    s.deck = ["sample.8"]
    s.discard = ["sample.1", "sample.2", "sample.3", "sample.4", "sample.5"]
    s.slots = ["sample.6", "sample.7", None]
    return s, "bot_action"


def e12(said: Said) -> None:
    assert first(said, "draw")["card"] not in ("sample.6", "sample.7") and first(said, "draw")["slot"] == 3


def s13(button: str) -> Callable[[], tuple[State, str]]:
    def make() -> tuple[State, str]:
        """Bot defends with NS 4 (a Warrior and 2 Serfs in L5); its card +2 (sample.8); you total 6 (a Warrior, NS
        2, and a tactic of 4): "6 vs 6: the defender (bot) wins. If the human's tactic cancels the bot's tactic:
        4 vs 6, the bot loses ceil(4/2) = 2 NS by removing Serfs first." """
        s = fresh()
        place(s, "L5", "warrior")
        place(s, "L5", "serf", 2)
        s.player = {"L5": PlayerArmy(2)}
        s.tactic = 4
        on_top(s, "sample.8")
        Enemy(s, DATA, random.Random(0)).resume("tactic_chosen")
        assert s.pending is not None and s.pending.person_total == 6
        return s, button

    return make


def e13_none(said: Said) -> None:
    assert first(said, "battle")["won"] is True and "6 against 6" in first(said, "battle")["text"]


def e13_cancels(said: Said) -> None:
    assert first(said, "battle")["won"] is False and "4 against 6" in first(said, "battle")["text"]
    assert "loses serf1, serf2 (2 NS of 2 needed)" in first(said, "losses")["text"]


SCENARIOS: dict[str, tuple[Callable[[], tuple[State, str]], Callable[[Said], None]]] = {
    "2 recruit to the Capital": (s2, e2),
    "3 recruit fails": (s3, e3),
    "4 the next arc clockwise": (s4, e4),
    "5 leaving the Courtyard": (s5, e5),
    "6 boarding an Air Vessel": (s6, e6),
    "7 the weakest army": (s7, e7),
    "8 the compass tie-break": (s8, e8),
    "9 no army weak enough": (s9, e9),
    "10 tax, then a Follow": (s10, e10),
    "10 rotation and the move after the Follow": (s10b, e10b),
    "11 the CC Track's Ore": (s11, e11),
    "11 the last CC space": (s11b, e11b),
    "12 a deck of one": (s12, e12),
    "13 the defender wins the tie": (s13("interrupt_none"), e13_none),
    "13 a cancelled card": (s13("tactic_cancels"), e13_cancels),
}


def decided(state: State, button: str) -> Said:
    """The bot's decisions in-process, as the scenario checks read them."""
    out = Enemy(state.copy(), DATA, random.Random(0)).resume(button)
    return [{**d.action.to_json(), "text": d.reason.text} for d in out]
