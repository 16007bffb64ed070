"""The solo AI decides exactly as before issue 18's speed-up: its decisions on fixed seeds, recorded before the
change (tests/warchest/data/recorded_decisions.json), replayed."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from engines.warchest import rules
from engines.warchest.ai import SoloAI
from engines.warchest.solo import random_policy, setup_solo

RECORDED = json.loads((Path(__file__).parent / "data" / "recorded_decisions.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("seed", [int(k) for k in RECORDED if not k.startswith("_")])
def test_the_ai_makes_the_recorded_decisions(seed: int):
    ai, rng = SoloAI(), random.Random(seed)
    state = setup_solo(rng)
    seq = []
    while not state.over:
        if state.to_act() == state.rules.ai_side:
            decision = ai.decide(state, rng)
            seq.append(f"{decision.action!r}|{decision.reason.rule}|{decision.reason.text}")
            rules.apply(state, decision.action, rng, check=False)
        else:
            rules.apply(state, random_policy(state, rng), rng, check=False)
    recorded = RECORDED[str(seed)]
    assert len(seq) == recorded["decisions"]
    assert hashlib.sha256("\n".join(seq).encode()).hexdigest() == recorded["sha256"]


def test_self_play_gives_the_same_results_whatever_the_number_of_processes():
    """Issue 18: "`automa selfplay GAME --jobs N` spreads games over N processes …, identical results for a given
    seed whatever N" (the search opponent's timings aside)."""
    from engines.warchest import selfplay

    def results(jobs: int) -> dict[str, object]:
        summary = selfplay.run(
            games=6,
            seed=4,
            difficulties=["beginner"],
            policies=["random", "search"],
            progress=False,
            playouts=20,
            search_count=2,
            jobs=jobs,
        )
        search = summary["results"]["beginner"]["search"].pop("search")
        return {**summary, "search_decisions": search["decisions"]}

    one = results(1)
    assert one == results(3) and one["results"]["beginner"]["random"]["games"] == 6
