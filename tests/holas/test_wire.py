"""Whole games on the emulated table, through the bridge: every press of a button (Bot action, Follow done,
Interrupt/none, Tactic chosen, Tactic cancels?) a step of the Enemy's from Session; a scripted person who sends
Serfs into their Courtyard, paid for on their food track, and moves them onto the map (now and then into a region
of the bot's: an attack), sets their tactic's
strength on its track and answers the bot's questions; the table read back after every press equal to the
engine's state."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.commands import Move, Position
from bridge.modbuild import build_save
from bridge.session import Session
from engines import registry
from engines.holas.state import State
from engines.holas.table import layout
from engines.holas.table.build import spots
from tests.conftest import Live, differences, start_live, stop_live
from tests.holas.test_table import fields

ANSWER = {"follow": ["follow_done"], "interrupt": ["interrupt_none"], "tactic": ["tactic_chosen"]}
ANSWER["cancels"] = ["tactic_cancels", "interrupt_none"]


async def person(live: Live, game: Any, state: State, rng: random.Random, attacked: bool) -> str:
    """One action of the scripted person's on the table: with no Warrior or Serf in their Courtyard, a Serf recruited
    into it and paid for on their food track; else the Courtyard's mini onto free land or into a region of the
    bot's (an attack: the next press is Tactic chosen); the tactic's strength set at random."""
    table = await live.connector.snapshot()
    view = game.read(table)
    data = game.owned.value
    yard = sorted(g for g, (k, at) in view.person.items() if at == "player.courtyard" and k in ("warrior", "serf"))
    land = [r.id for r in data.map.regions if r.kind == "land" and r.id != state.capital]
    bots = sorted({u.where for u in state.units if u.where in land and u.type != "hero"} - set(state.player))
    free = [r for r in land if not state.in_region(r) and r not in state.towers]
    attack = bool(bots) and bool(yard) and (not attacked or rng.random() < 0.3)  # the first chance is always taken
    commands = []
    if yard:
        target = rng.choice(bots if attack else free or land)
        at = layout.board_frame(table.with_tag(layout.BOARD_TAG)[0]).to_world(spots(data, target, 8))  # map units
        commands.append(Move(guid=yard[0], position=Position(x=at.x, y=layout.SURFACE_Y + 0.5, z=at.z)))
    else:
        serfs = sorted(g for g, (k, at) in view.person.items() if at == "player.supply" and k == "serf")
        food = state.person.resources["food"]
        if serfs and food >= 1:  # a Serf costs 1 food (the sample faction)
            commands.append(Move(guid=serfs[0], position=Position.of(layout.AREAS["player.courtyard"].centre)))
            spot = layout.AREAS["you.res.food"].spot(food - 1, layout.RESOURCE_SPOTS)
            commands.append(Move(guid=view.markers["you.food"], position=Position.of(spot)))
    tactic = layout.AREAS["tactic"].spot(rng.randint(0, 4), layout.TACTIC_SPOTS)
    commands.append(Move(guid=view.markers["tactic"], position=Position.of(tactic)))
    await live.connector.apply(commands, timeout=60)
    return "tactic_chosen" if attack else "bot_action"


async def retreat(live: Live, game: Any, region: str) -> None:
    table = await live.connector.snapshot()
    board = layout.board_frame(table.with_tag(layout.BOARD_TAG)[0])  # map units
    data = game.owned.value
    theirs = [
        o
        for o in table.with_tag(layout.PLAYER_TAG)
        if layout.region_at(data.map, layout.to_map(data.map, board, o.position)) == region
    ]
    supply = layout.AREAS["player.supply"]
    await live.connector.apply(
        [Move(guid=o.guid, position=Position.of(supply.spot(i, len(theirs), lift=0.3))) for i, o in enumerate(theirs)]
    )


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "real_time"), [(1, False), (2, True), (3, False), (4, False)])
async def test_a_whole_game_through_the_wire(seed: int, real_time: bool):
    """One of the games at TTS's pace (60 frames a second, smooth moves that take half a second: about a minute)."""
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    live = await start_live(build_save(game), timeout=30, real_time=real_time)
    rng = random.Random(seed)
    try:
        session = Session(live.connector, game, seed=seed)
        presses, actions, battles = 0, 0, 0
        press = "bot_action"
        while True:
            plan = await session.take_turn(button=press)
            assert plan.ok, plan.problems
            presses += 1
            state = game.read(await live.connector.snapshot()).state
            assert not differences(fields(state), fields(session.last_after)), f"after press {presses} ({press})"
            said = [str(s.decision.reason) for s in plan.steps]
            assert said and "SAMPLE DATA" in said[0]  # said on every press
            if any(s.decision.action.what == "over" for s in plan.steps):
                break
            actions += sum(s.decision.action.what == "draw" for s in plan.steps)
            won = [dict(s.decision.action.detail) for s in plan.steps if s.decision.action.what == "battle"]
            battles += len(won)
            for battle in won:
                if battle["won"]:  # "take your losses off and move the rest to your Courtyard": all to the supply
                    await retreat(live, game, battle["region"])
                    state = game.read(await live.connector.snapshot()).state
            if state.pending is not None:
                press = rng.choice(ANSWER[state.pending.ask])
            elif state.round == 3 and state.final_round is None:  # the person reaches an X-Objective
                final = (await live.connector.snapshot()).with_tag(layout.tag("marker", "final"))[0].guid
                at = layout.AREAS["round"].spot(3, layout.ROUND_SPOTS, z=0.6)
                await live.connector.apply([Move(guid=final, position=Position.of(at))])
                press = "bot_action"
            else:
                press = await person(live, game, state, rng, attacked=battles > 0)
            assert presses < 200
        print(f"seed {seed}: {presses} presses, {actions} actions, {battles} battles")
        assert battles >= 1
        assert actions == 12  # rounds 1-4: the X-Objective in round 3 (the final marker on 4), then one more
        chat = [text for text, _ in live.emulator.require_world().chat]
        assert sum("SAMPLE DATA" in line for line in chat) == presses
    finally:
        await stop_live(live)
