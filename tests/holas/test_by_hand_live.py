"""A whole Heroes game on the emulated table over loopback, the person's side played by hand: every piece of theirs
is moved by a player's hand (``Emulator.player_action``: it lands as TTS lands it, onto a snap point within reach,
and TTS's onObjectPickUp and onObjectDrop fire with the player's colour), never by a bot command; the person presses
the table's buttons. From a fresh table to
the end seen from the table (their eXpand read from their supply): the count to make, then a winner read from both
score markers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.modbuild import build_save
from bridge.session import Session
from bridge.table import Vec3
from engines import registry
from engines.base import Options, ReadError
from engines.holas import rules
from engines.holas.state import PlayerArmy
from engines.holas.table import layout
from engines.holas.table.build import build_table, spots
from engines.holas.table.read import TableView
from tests.conftest import Live, start_live, stop_live

ANSWER = {
    "follow": "follow_done",
    "interrupt": "interrupt_none",
    "tactic": "tactic_chosen",
    "cancels": "interrupt_none",
}
COLOR = "Blue"


def drop(live: Live, guid: str, at: Vec3) -> None:
    """A player's hand moves the piece over ``at`` and lets go: it lands as TTS lands it (on what is there, onto a
    snap point within reach: the emulator's ``player_action``), with onObjectPickUp and onObjectDrop in their colour."""
    live.emulator.player_action(COLOR, {"do": "move", "guid": guid, "x": at.x, "z": at.z})


def mine(view: TableView, place: str, *kinds: str) -> list[str]:
    return sorted(g for g, (k, at) in view.person.items() if at == place and k in kinds)


async def look(live: Live, game: Any) -> TableView:
    view: TableView = game.read(await live.connector.snapshot())
    return view


async def recruit(live: Live, game: Any) -> int:
    """Your Recruit: as many Warriors (2 food), else Serfs (1 food), as your food pays, into your Courtyard; the
    food marker moved down by the price."""
    view = await look(live, game)
    food, n = view.state.person.resources["food"], 0
    yard = layout.AREAS["player.courtyard"]
    for kind, price in (("warrior", 2), ("serf", 1)):
        for guid in mine(view, "player.supply", kind):
            if food < price or n == 5:
                break
            drop(live, guid, yard.spot(n, 5))
            food, n = food - price, n + 1
    drop(live, view.markers["you.food"], layout.AREAS["you.res.food"].spot(food, layout.RESOURCE_SPOTS))
    return n


async def march(live: Live, game: Any) -> None:
    """Your Move: the Courtyard's Warriors and Serfs into your Capital City's region."""
    view = await look(live, game)
    capital = view.state.person_capital()
    assert capital is not None
    board = view.board
    for i, guid in enumerate(mine(view, "player.courtyard", "warrior", "serf")):
        at = board.to_world(spots(game.owned.value, capital, (view.state.player.get(capital) is not None) + i % 8))
        drop(live, guid, at)


async def collect(live: Live, game: Any) -> None:
    """Your Collection at the round's end (yours to count): the food marker to 10."""
    view = await look(live, game)
    drop(live, view.markers["you.food"], layout.AREAS["you.res.food"].spot(10, layout.RESOURCE_SPOTS))


@pytest.mark.slow
async def test_a_whole_game_played_by_hand_to_its_end():
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    live = await start_live(build_save(game), timeout=30)
    rng = random.Random(5)
    try:
        session = Session(live.connector, game, seed=5)
        press, presses, said = "bot_action", 0, []
        while presses < 150:
            plan = await session.take_turn(button=press)
            assert plan.ok, plan.problems
            presses += 1
            steps = [s.decision.action.what for s in plan.steps]
            said += [s.decision.reason.text for s in plan.steps]
            view = await look(live, game)
            s = view.state
            if game.outcome(view, Options()) is not None:
                break
            if s.pending is not None:
                press = (
                    ANSWER[s.pending.ask]
                    if s.pending.ask != "cancels"
                    else rng.choice(["tactic_cancels", "interrupt_none"])
                )
                continue
            for region in s.contested():  # a battle lost there: your losses off, all back to your supply
                for i, guid in enumerate(g for g, (_, at) in view.person.items() if at == region):
                    drop(live, guid, layout.AREAS["player.supply"].spot(i, 8))
            if "round_end" in steps:
                await collect(live, game)
            elif "done" in steps:
                await (recruit(live, game) if s.slots.count(None) == 2 else march(live, game))
            press = "bot_action"
        view = await look(live, game)
        end = game.outcome(view, Options())
        assert end is not None, said[-5:]
        assert any("you reach eXpand" in t for t in said) or view.state.destroyed, [
            t for t in said if "X" in t or "over" in t
        ]
        you, bot = view.state.person.pts, view.state.pts
        # L208 "Victory Points are then totalled as normal": not ahead, you are told the count to make, not a winner
        assert not end.decided and f"{bot - you + 1} more and you win" in end.winner, end
        # your points totalled: set on your score marker by hand; ahead now, you win (adding cannot lower you)
        score, _ = layout.lapped("you.score", bot + 3)
        drop(live, view.markers["you.score"], score)
        end = game.outcome(await look(live, game), Options())
        assert end is not None and end.decided and end.winner == "you", end
        print(f"{presses} presses; {end.headline}: {end.why}; {end.score}")
    finally:
        await stop_live(live)


@pytest.mark.slow
async def test_the_enemy_destroys_your_capital_on_the_table_and_the_game_is_over():
    """L208 "(if a Capital City is destroyed then the game is automatically over)" on the emulated table: hero 1 and
    two Warriors in L2 attack (sample.3) your Capital City in L1 and win; the bot moves your Capital to the destroyed
    Capitals' place, the table reads the game as over in round 1, and the end says your count to make (L208: points
    totalled as normal) until your final-scoring marker, dropped by hand, is on 'done': then the bot has won."""
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    s = rules.new_game(game.owned.value, "L7", random.Random(1))
    s.player["L1"] = PlayerArmy(0, structure=True, capital=True)
    for unit in ("hero1", "warrior1", "warrior2"):
        s.unit(unit).where = "L2"
    s.deck = ["sample.3", *[c for c in s.deck if c != "sample.3"]]
    live = await start_live(build_save(game, table=build_table(s, game.owned.value)), timeout=30)
    try:
        session = Session(live.connector, game, seed=1)
        for press in ("bot_action", "tactic_chosen", "interrupt_none"):
            plan = await session.take_turn(button=press)
            assert plan.ok, plan.problems
        view = await look(live, game)
        assert view.state.destroyed == "you" and view.state.round == 1
        assert (
            layout.AREAS["destroyed"].centre.distance_xz(
                live.emulator.require_world().get(view.markers["capital.you"]).position
            )
            < 3
        )
        end = game.outcome(view, Options())
        assert end is not None and not end.decided and "your Capital City is destroyed" in end.why
        assert end.winner.startswith(f"the bot leads {view.state.pts} to 0"), end
        # your end-of-game points (none here) are counted: your final-scoring marker dropped by hand on 'done'
        drop(live, view.markers["scored"], layout.AREAS["scored"].spot(1, layout.SCORED_SPOTS))
        end = game.outcome(await look(live, game), Options())
        assert end is not None and end.decided and end.winner == "the bot" and "final scoring is done" in end.why
        plan = await session.take_turn(button="bot_action")
        assert [st.decision.action.what for st in plan.steps] == ["over"]
    finally:
        await stop_live(live)


async def test_a_marker_dropped_near_a_space_lands_on_it_and_one_between_two_is_named():
    """The table's snap points on the emulator: your food marker let go 0.4 from space 5 lands on it and reads 5;
    let go halfway between 5 and 6, beyond a snap point's reach, it stays there and the read names it. (Without the
    snap, 0.4 off is already between two spaces: the first read proves the snap.)"""
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    live = await start_live(build_save(game), timeout=30)
    try:
        view = await look(live, game)
        track = layout.AREAS["you.res.food"]
        five, six = track.spot(5, layout.RESOURCE_SPOTS), track.spot(6, layout.RESOURCE_SPOTS)
        drop(live, view.markers["you.food"], Vec3(five.x + 0.4, five.y, five.z))
        assert (await look(live, game)).state.person.resources["food"] == 5
        drop(live, view.markers["you.food"], Vec3((five.x + six.x) / 2, five.y, five.z))
        with pytest.raises(ReadError) as caught:
            await look(live, game)
        assert any("between two spaces of your food" in str(p) for p in caught.value.problems)
    finally:
        await stop_live(live)
