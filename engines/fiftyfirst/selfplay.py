"""``automa selfplay fiftyfirst``: the virtual player over whole games against a scripted person, who picks Lookout
cards at random and, in the action phase, builds, uses, scores a point by their own means, razes or uses the bot's
locations, claims connection cards, and passes after a few actions. Their economy is not modelled: the figures that
mean something are the bot's (its score, its actions, its thinking time), and the rules run to the end without
error."""

from __future__ import annotations

import random
import statistics
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from engines.fiftyfirst import actions as fiftyfirst_actions
from engines.fiftyfirst import rules
from engines.fiftyfirst.bot import bot_turn
from engines.fiftyfirst.cards import Locations
from engines.fiftyfirst.options import BotOptions
from engines.selfplay_report import Failures, Row, in_processes, mean_max

WEIGHTS = {"build": 4, "use": 2, "score": 3, "raze_bot": 1, "use_bot": 1, "claim": 1, "raze_hand": 2}
MAX_ROUNDS = 40  # a game still running after this many rounds is an error
WORKERS = 2  # the scripted person's workers each round (a stand-in for their faction's production)


def person_policy(state: Any, cards: Locations, rng: random.Random, acted: int) -> fiftyfirst_actions.Action:
    options = list(rules.person_actions(state, cards))
    if state.phase == "lookout":
        return rng.choice(options)
    if acted >= rng.randint(3, 8):
        return fiftyfirst_actions.PersonAction("pass")
    weighted = [(a, WEIGHTS.get(a.kind, 0)) for a in options if isinstance(a, fiftyfirst_actions.PersonAction)]
    choices = [a for a, w in weighted if w]
    return rng.choices(choices, weights=[w for _, w in weighted if w])[0]


def run(
    cards: Locations,
    *,
    games: int,
    seed: int,
    options: BotOptions | None = None,
    progress: bool = True,
    jobs: int = 1,
) -> dict[str, Any]:
    """``games`` games; game ``i`` uses seed ``seed + i``, spread over ``jobs`` processes (the same results
    whatever their number)."""
    options = options or BotOptions()
    plan = [_Game(cards, seed + i, options) for i in range(games)]
    wins, scores, thinking, lengths, mix = 0, [], [], [], Counter[str]()
    failures = Failures()
    with tqdm(total=len(plan), disable=not progress, unit="game") as bar:
        for record in in_processes(_play, plan, jobs):
            bar.update()
            thinking.extend(record["thinking"])
            mix.update(record["mix"])  # a failed game's decisions before it failed count too
            if "error" in record:
                failures.add(record["seed"], record["error"])
                continue
            wins += record["win"]
            scores.append(record["score"])
            lengths.append(record["steps"])
    return {
        "game": "fiftyfirst",
        "games": games,
        "seed": seed,
        "sample": cards.sample,
        "bot_wins": wins,
        "bot_score": mean_max(scores),
        "actions": dict(mix.most_common()),
        "ms_per_turn": mean_max(thinking, scale=1000, digits=3),
        "length": round(statistics.fmean(lengths), 1) if lengths else 0,
        **failures.summary(),
    }


@dataclass(frozen=True)
class _Game:
    cards: Locations
    seed: int
    options: BotOptions


def _play(game: _Game) -> dict[str, Any]:
    """One game on its own (in a worker process, or here), from its seed alone."""
    rng, cards = random.Random(game.seed), game.cards
    record: dict[str, Any] = {"seed": game.seed, "thinking": [], "mix": Counter()}
    try:
        state = rules.new_game(cards, rng)
        acted, steps, this_round, state.workers = 0, 0, state.round, WORKERS
        while state.phase != "over":
            if state.round != this_round:  # the person's count of actions and their workers start again each round
                acted, this_round, state.workers = 0, state.round, WORKERS
            if state.round > MAX_ROUNDS:
                raise RuntimeError(f"no end after {MAX_ROUNDS} rounds")
            if rules.to_move(state) == "bot":
                start = time.perf_counter()
                decisions = bot_turn(state, cards, rng, game.options)
                record["thinking"].append(time.perf_counter() - start)
                record["mix"].update(type(d.action).__name__ for d in decisions)
                steps += len(decisions)
            else:
                action = person_policy(state, cards, rng, acted)
                rules.apply(state, action, rng, cards, game.options)
                acted += state.phase == "action"
                steps += 1
    except Exception:  # a failed game is counted and reported (Failures), not fatal to the run
        record["error"] = traceback.format_exc(limit=4)
        return record
    # "If you have the same or fewer points you lose"
    record.update(win=state.final["bot"] >= state.final["person"], score=state.final["bot"], steps=steps)
    return record


def row(summary: dict[str, Any]) -> Row:
    ms = summary["ms_per_turn"]
    actions = ", ".join(f"{k} {v}" for k, v in summary["actions"].items())
    return Row(
        setting="solo",
        opponent="scripted",
        games=summary["games"],
        bot_wins=summary["bot_wins"],
        draws=0,
        length=summary["length"],
        decision_ms=(ms["mean"], ms["max"]),
        notes=f"bot score: mean {summary['bot_score']['mean']}, max {summary['bot_score']['max']}; "
        f"its steps: {actions}",
    )
