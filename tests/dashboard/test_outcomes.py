"""How each game says its end to the page (``Game.outcome``): nothing on a fresh table, and who won, why and the
score once the state read from the table (or what the last turn left, where the table cannot show it) is over."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.table import Table
from engines import registry
from engines.base import Game, Options


def fresh(name: str) -> tuple[Game[Any, Any], Any]:
    game = registry.load(name)
    if game.data is not None:
        game.use_data(None, True)
    return game, game.read(Table.from_save(game.build_table({}, seed=5)))


@pytest.mark.parametrize("name", ["demo", "warchest", "paxpamir", "fiftyfirst", "whitecastle", "holas"])
def test_a_fresh_table_has_not_ended(name: str) -> None:
    game, view = fresh(name)
    assert game.outcome(view, Options()) is None


def test_war_chest_ends_with_the_sixth_marker() -> None:
    game, view = fresh("warchest")
    s = view.state
    s.sides[s.rules.ai_side].markers_off = 0
    end = game.outcome(view, Options())
    assert end is not None and end.winner == "the bot"
    assert end.why == "the AI has placed all six control markers on locations"
    assert end.score.startswith("locations controlled: you ")


def test_pax_pamir_ends_as_the_last_turn_left_it_or_with_a_four_point_lead() -> None:
    game, view = fresh("paxpamir")
    previous = view.state.copy()
    previous.over, previous.winner = True, 1
    end = game.outcome(view, Options(), previous)
    assert end is not None and end.winner == "White" and end.score.startswith("victory points: ")
    view.state.players[0].vp = 5  # Wakhan leads by 5: only a Dominance Check ending the game leaves that
    end = game.outcome(view, Options())
    assert end is not None and end.winner == "the bot (Wakhan)" and "Wakhan 5" in end.score


def test_the_51st_state_counts_the_final_score() -> None:
    game, view = fresh("fiftyfirst")
    view.state.phase, view.state.person_pts, view.state.bot_pts = "over", 9, 3
    end = game.outcome(view, Options())
    assert end is not None and end.winner == "you" and end.score.startswith("you 9, the bot 3; Achievement Table")


def test_white_castle_says_the_count_to_make_and_heroes_reads_both_scores() -> None:
    game, view = fresh("whitecastle")
    view.state.over = True  # your markers at 0: the bot leads until your gardeners and warriors are on your marker
    end = game.outcome(view, Options())
    assert end is not None and end.winner.startswith("the bot leads ") and "more and you win" in end.winner
    assert not end.decided and end.headline == end.winner  # the page does not call it the winner
    game, view = fresh("holas")  # Heroes reads both score markers: not ahead, your count to make; ahead, the winner
    view.state.final_round, view.state.round = 3, 4
    end = game.outcome(view, Options())
    assert (
        end is not None
        and end.winner.startswith("a tie at 0: add your end-of-game points")
        and end.why == "round 3, the last round, is played"
        and end.to_json()["headline"] == end.winner
    )
    view.state.person.pts = 2
    end = game.outcome(view, Options())
    assert end is not None and end.decided and end.headline == "winner: you"
