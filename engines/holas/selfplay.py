"""``automa selfplay holas``: the Enemy over whole games against a scripted person, who grows armies of their own
on free land, now and then attacks a region of the bot's, answers battles at random, and reaches an X-Objective in
round 6 (a stand-in: the person's own economy is not modelled). The figures that mean something are the bot's:
its score, its actions and its thinking time per action; and the rules run to the end without error."""

from __future__ import annotations

import random
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from tqdm import tqdm

from engines.base import Decision
from engines.holas import rules
from engines.holas.bot import Enemy, Step
from engines.holas.data_model import HolasData
from engines.holas.state import PlayerArmy, State
from engines.selfplay_report import Failures, Row, in_processes, mean_max

MOVERS = ("land_army", "air_vessel", "sea_vessel")
X_OBJECTIVE_ROUND = 6  # the scripted person reaches an X-Objective then: the game ends a round later
MAX_ROUNDS = 20


def _answer(rng: random.Random) -> Any:
    return lambda region, bot_total: (max(0, bot_total + rng.randint(-3, 2)), rng.random() < 0.25)


def _person(state: State, data: HolasData, enemy: Enemy, rng: random.Random) -> None:
    land = [r.id for r in data.map.regions if r.kind == "land" and r.id != state.capital]
    free = [r for r in land if not state.in_region(r)]
    bots = [r for r in land if state.in_region(r)]
    roll = rng.random()
    if roll < 0.6 and free:
        region = rng.choice(free)
        army = state.player.setdefault(region, PlayerArmy(0))
        army.ns += rng.randint(1, 3)
    elif roll < 0.8 and bots:
        enemy.battle(rng.choice(bots), attacker=False)


Watch = Callable[[Decision[Step], State], None]


def play(data: HolasData, seed: int, watch: Watch | None = None) -> tuple[State, list[float], Counter[str]]:
    """One whole game from its seed; ``watch`` sees every step of the Enemy's with the state it left."""
    rng = random.Random(seed)
    state = rules.new_game(data, rules.bot_capital_site(data), rng)
    thinking: list[float] = []
    mix: Counter[str] = Counter()
    while not rules.over(state):
        if state.round > MAX_ROUNDS:
            raise RuntimeError(f"no end after {MAX_ROUNDS} rounds")
        for slot in (1, 2, 3):
            if slot == 3 and state.round == X_OBJECTIVE_ROUND and state.final_round is None:
                state.final_round = state.round + 1  # the person reaches an X-Objective in their last action
            enemy = Enemy(state, data, rng, answer=_answer(rng), on_step=watch)
            start = time.perf_counter()
            decisions = enemy.act(slot)
            thinking.append(time.perf_counter() - start)
            mix.update(d.action.what for d in decisions)
            for d in decisions:
                detail = dict(d.action.detail)
                if detail.get("leg") == 1:  # a mover set off
                    mix[f"mover:{detail['mover']}"] += 1
                if d.action.what == "round_end":
                    mix.update({f"collect:{k}": detail[k] for k in rules.SOURCES})
            if slot < 3:
                _person(state, data, Enemy(state, data, rng, answer=_answer(rng), on_step=watch), rng)
    return state, thinking, mix


def _play(game: tuple[HolasData, int]) -> dict[str, Any]:
    """One game on its own (in a worker process, or here), from its seed alone."""
    data, seed = game
    try:
        state, spent, steps = play(data, seed)
    except Exception:  # a failed game is counted and reported (Failures), not fatal to the run
        return {"seed": seed, "error": traceback.format_exc(limit=4)}
    return {"seed": seed, "score": state.pts, "thinking": spent, "steps": steps, "rounds": state.round - 1}


def run(data: HolasData, *, games: int, seed: int, progress: bool = True, jobs: int = 1) -> dict[str, Any]:
    """``games`` games; game ``i`` uses seed ``seed + i``, spread over ``jobs`` processes (the same results
    whatever their number)."""
    scores, thinking, mix, rounds = [], [], Counter[str](), []
    failures = Failures()
    plan = [(data, seed + i) for i in range(games)]
    with tqdm(total=len(plan), disable=not progress, unit="game") as bar:
        for record in in_processes(_play, plan, jobs):
            bar.update()
            if "error" in record:
                failures.add(record["seed"], record["error"])
                continue
            scores.append(record["score"])
            thinking += record["thinking"]
            mix.update(record["steps"])
            rounds.append(record["rounds"])
    return {
        "game": "holas",
        "games": games,
        "seed": seed,
        "sample": data.sample,
        "bot_score": mean_max(scores),
        "steps": {k: v for k, v in mix.most_common() if ":" not in k},
        "movers": {k: mix[f"mover:{k}"] for k in MOVERS},
        "collection": {k: mix[f"collect:{k}"] for k in rules.SOURCES},
        "ms_per_action": mean_max(thinking, scale=1000, digits=3),
        "rounds": round(statistics.fmean(rounds), 1) if rounds else 0,
        **failures.summary(),
    }


def row(summary: dict[str, Any]) -> Row:
    ms = summary["ms_per_action"]
    steps = ", ".join(f"{k} {v}" for k, v in summary["steps"].items())
    movers = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in summary["movers"].items())
    take = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in summary["collection"].items())
    return Row(
        setting="solo",
        opponent="scripted",
        games=summary["games"],
        bot_wins=None,
        draws=0,
        length=summary["rounds"],
        decision_ms=(ms["mean"], ms["max"]),
        notes=(
            f"bot score: mean {summary['bot_score']['mean']}, max {summary['bot_score']['max']}; moves set off by "
            f"kind of mover: {movers}; resources collected by source: {take}; its steps: {steps}"
        ),
    )
