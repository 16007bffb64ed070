"""``automa selfplay paxpamir``: random legal players (and Wakhan in seat 0 with ``--wakhan``), in-process, with a
summary."""

from __future__ import annotations

import random
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from engines.paxpamir import rules
from engines.paxpamir.baselines import POLICIES
from engines.paxpamir.data import COALITIONS, Coalition
from engines.paxpamir.search import PLAYOUT_DEPTH, PaxSearch
from engines.paxpamir.state import State
from engines.paxpamir.wakhan.turn import Wakhan
from engines.search import PLAYOUTS, SEARCH, Budget, IsMcts
from engines.selfplay_report import Failures, Row, in_processes, search_note


def run(
    *,
    players: int,
    games: int,
    seed: int,
    progress: bool = True,
    wakhan: bool = False,
    opponent: str = "random",
    playouts: int = PLAYOUTS,
    jobs: int = 1,
) -> dict[str, Any]:
    """``players`` baseline players (``opponent``: random, greedy or search, with ``playouts`` per decision); with
    ``wakhan``, Wakhan sits in seat 0 before them. Game ``i`` uses seed ``seed + i``, spread over ``jobs``
    processes (the same results whatever their number; the search's timings aside)."""
    wins: Counter[int] = Counter()
    lengths: list[int] = []
    checks: list[int] = []
    thinking: list[float] = []  # seconds per Wakhan turn
    capped = 0
    failures = Failures()
    budget = Budget() if opponent == SEARCH else None
    seats = players + wakhan
    plan = [_Game(seed + i, players, wakhan, opponent, playouts) for i in range(games)]
    with tqdm(total=len(plan), disable=not progress, unit="game") as bar:
        for record in in_processes(_play, plan, jobs):
            bar.update()
            thinking.extend(record["thinking"])
            if budget is not None:
                budget.add(record["budget"])
            if "error" in record:
                failures.add(record["seed"], record["error"])
                continue
            wins[record["winner"]] += 1
            capped += record["ply"] >= rules.MAX_PLIES
            lengths.append(record["ply"])
            checks.append(record["checks"])
    return {
        "game": "paxpamir",
        "players": players,
        "opponent": opponent,
        "wakhan": wakhan,
        "games": games,
        "seed": seed,
        "capped": capped,
        "wins_by_seat": {str(seat): wins[seat] for seat in range(seats)},
        **(
            {
                "wakhan_win_rate": round(wins[0] / max(1, games - failures.count), 3),
                "wakhan_ms_per_turn": {
                    "mean": round(1000 * statistics.fmean(thinking), 3) if thinking else 0,
                    "max": round(1000 * max(thinking, default=0), 3),
                },
            }
            if wakhan
            else {}
        ),
        "length": {
            "mean": round(statistics.fmean(lengths), 1) if lengths else 0,
            "median": statistics.median(lengths) if lengths else 0,
            "max": max(lengths, default=0),
        },
        "dominance_checks": {
            "mean": round(statistics.fmean(checks), 2) if checks else 0,
            "max": max(checks, default=0),
        },
        **({"search": budget.to_json(playouts)} if budget else {}),
        **failures.summary(),
    }


@dataclass(frozen=True)
class _Game:
    seed: int
    players: int
    wakhan: bool
    opponent: str
    playouts: int


def _play(game: _Game) -> dict[str, Any]:
    """One game on its own (in a worker process, or here), from its seed alone."""
    rng = random.Random(game.seed)
    searcher = IsMcts(PaxSearch(), playouts=game.playouts, depth=PLAYOUT_DEPTH) if game.opponent == SEARCH else None
    policy = searcher or POLICIES[game.opponent]
    record: dict[str, Any] = {"seed": game.seed, "thinking": [], "budget": searcher.budget if searcher else None}
    try:
        loyalties: list[Coalition | None] = [rng.choice(COALITIONS) for _ in range(game.players)]
        state = rules.new_game([None, *loyalties], rng, wakhan=0) if game.wakhan else rules.new_game(loyalties, rng)
        bot = Wakhan()
        turn, spent = -1, 0.0
        while not state.over:
            if game.wakhan and bot.to_move(state):
                if state.turn != turn and state.current == 0:
                    if turn >= 0:
                        record["thinking"].append(spent)
                    turn, spent = state.turn, 0.0
                start = time.perf_counter()
                decision = bot.next(state)
                spent += time.perf_counter() - start
                assert decision is not None
                rules.apply(state, decision.action, rng)
            else:
                rules.apply(state, policy(state, rng), rng, check=False)
        assert state.winner is not None
    except Exception:  # a failed game is counted and reported (Failures), not fatal to the run
        record["error"] = traceback.format_exc(limit=4)
        return record
    record.update(winner=state.winner, ply=state.ply, checks=state.dominance_checks_resolved)
    return record


def wakhan_turn_starts(games: int, seed: int, *, people: tuple[int, ...] = (1, 2)) -> Iterator[State]:
    """A copy of the state at the start of each of Wakhan's turns (her AI card drawn), from games of hers in seat 0
    against random players; game ``i`` seats ``people[i % len(people)]`` of them (British, then Russian)."""
    for i in range(games):
        rng = random.Random(seed + i)
        humans = people[i % len(people)]
        state = rules.new_game([None, *(["british", "russian"][:humans])], rng, wakhan=0)  # type: ignore[list-item]
        bot = Wakhan()
        while not state.over:
            if state.current == 0 and not state.pending and state.actions_used == 0:
                yield state.copy()
            if bot.to_move(state):
                decision = bot.next(state)
                assert decision is not None
                rules.apply(state, decision.action, rng)
            else:
                rules.apply(state, POLICIES["random"](state, rng), rng, check=False)


def capped_note(capped: int) -> str:
    """Games that reached the engine's action cap (nobody bought, so the deck never ran out) end on points."""
    return f"; {capped} game(s) stopped at the {rules.MAX_PLIES}-action cap, won on points" if capped else ""


def summary_row(summary: dict[str, Any]) -> Row:
    """One run's figures for :func:`engines.selfplay_report.report`."""
    wakhan, length, checks = summary["wakhan"], summary["length"], summary["dominance_checks"]
    players = summary["players"]
    seats = ", ".join(f"seat {seat} {n}" for seat, n in summary["wins_by_seat"].items())
    thinking = summary.get("wakhan_ms_per_turn")
    return Row(
        setting=f"{players} {'person' if players == 1 else 'people'}" if wakhan else f"{players} players",
        opponent=str(summary["opponent"]),
        games=summary["games"],
        bot_wins=summary["wins_by_seat"].get("0", 0) if wakhan else None,
        draws=0,  # every game of Pax Pamir ends with a winner
        length=length["mean"],
        decision_ms=(thinking["mean"], thinking["max"]) if thinking else None,
        notes=f"games won by seat: {seats}; length median {length['median']}, max {length['max']} actions; "
        f"dominance checks per game: mean {checks['mean']}, max {checks['max']}"
        + capped_note(summary.get("capped", 0))
        + search_note(summary),
    )
