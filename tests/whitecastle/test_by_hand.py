"""A whole game on the emulated table over loopback with the person's side played BY HAND (issue 37): each of their
turns is a player's drag in the emulator (picked up, carried, dropped: onObjectPickUp/onObjectDrop in White), never a
bot command nor a move-list shortcut; the bot's turns are Bot turn presses read from that table. At each round's end
the person rolls the dice back onto their bridges and moves the round marker; at the game's end the table gives the
score, the count to make, and the winner once the person's final scoring is on their marker."""

from __future__ import annotations

import random

import pytest

from bridge.modbuild import build_save
from bridge.session import Session
from bridge.table import Vec3
from engines import registry
from engines.base import Options
from engines.whitecastle import rules
from engines.whitecastle.board import ZONES, board
from engines.whitecastle.table import layout
from engines.whitecastle.table.read import COLOURS, TableView
from tests.conftest import Live, start_live, stop_live


def drag(live: Live, guid: str, to: Vec3, rotation: tuple[float, float, float] | None = None) -> None:
    """A player's hand: pick the piece up, carry it (turning it, as a roll would), put it down."""
    emulator = live.emulator
    obj = emulator.require_world().get(guid)
    emulator.hold(guid, "White")
    obj.set_position(to)
    if rotation is not None:
        obj.set_rotation(Vec3(*rotation))
    emulator.release(guid)


def place_die(live: Live, view: TableView, rng: random.Random, *, coins_too: bool = True) -> int:
    """Your turn by hand: a die from a bridge end onto a free space you can pay for (or the Well, or your domain),
    and (``coins_too``) your coins marker moved by what it brings or costs. Returns the coins it brought (negative:
    paid)."""
    state = view.state
    move = rng.choice([m for m in rules.person_actions(state) if m.zone != "well"])  # the Well brings no coins
    dice = view.dice[f"bridge.{move.bridge}"]
    die = dice[0] if move.end == "low" else dice[-1]
    if move.zone in ZONES:
        area = layout.AREAS[f"{move.zone}.{move.space}"]
        to = Vec3(area.centre.x, layout.SURFACE_Y, area.centre.z + layout.DIE_SLOT_Z)
    else:  # the Well or your domain: anywhere in it, beside what is there
        area = layout.AREAS[move.zone]
        to = Vec3(area.centre.x - 2 + 1.1 * len(view.dice[move.zone]), layout.SURFACE_Y, area.centre.z)
    drag(live, die.guid, to)
    coins = rules.person_coins(int(die.value), move.zone)
    if coins_too:
        move_coins(live, view, coins)
    return coins


def move_coins(live: Live, view: TableView, coins: int) -> None:
    after = view.state.person.tracks["coins"] + coins
    drag(live, view.markers["person_coins"].guid, layout.your_spot("coins", after))


def chat(live: Live) -> list[tuple[str, object]]:
    return list(live.emulator.require_world().chat)


def score_by_hand(live: Live, view: TableView, points: int) -> None:
    """What the space's card gave you, carried out by hand: your clan-point marker on by ``points``."""
    to = view.state.person.clan_points + points
    drag(
        live,
        view.markers["person_clan_points"].guid,
        layout.AREAS["cp"].spot(to, layout.CP_TRACK, z=layout.PERSON_MARKER_Z),
    )


def new_round_by_hand(live: Live, view: TableView, rng: random.Random) -> None:
    """Every die rolled back onto its bridge, low to high; the round marker on."""
    per = board().dice_per_bridge
    for colour in COLOURS:
        mine = [o for objs in view.dice.values() for o in objs if o.has_tag(layout.tag("colour", colour))]
        rolls = sorted(rng.randint(1, 6) for _ in mine)
        for i, (obj, value) in enumerate(zip(mine, rolls, strict=True)):
            drag(live, obj.guid, layout.AREAS[f"bridge.{colour}"].spot(i, per), layout.DIE_FACES[value])
    drag(live, view.markers["round"].guid, layout.round_spot(view.state.round + 1))


@pytest.mark.slow
async def test_a_whole_game_with_your_side_moved_by_hand_ends_with_the_winner_read_from_your_marker():
    game = registry.load("whitecastle")
    game.use_data(None, allow_sample=True)
    live = await start_live(build_save(game), timeout=30)
    rng = random.Random(4)
    try:
        session = Session(live.connector, game, seed=4)

        async def read() -> TableView:
            return game.read(await live.connector.snapshot())

        bot_turns = person_turns = coins = 0
        view = await read()
        while not view.state.over:
            if view.state.to_move == "bot":
                plan = await session.take_turn()
                assert plan.ok, plan.problems
                bot_turns += 1
            else:
                before = view.state.person.tracks["coins"]
                if person_turns == 0:  # your coins forgotten: Check my turn says what the marker should read
                    coins = place_die(live, view, rng, coins_too=False)
                    assert coins and await session.check_turn() is False
                    assert any("your coins marker should read" in t for t, _ in chat(live))
                    move_coins(live, view, coins)
                else:
                    coins = place_die(live, view, rng)
                score_by_hand(live, view, 2)
                assert await session.check_turn() is True, chat(live)[-2:]
                person_turns += 1
                if view.state.turns_taken == 5 and view.state.round < 3:  # the round's last turn: roll for the next
                    new_round_by_hand(live, view, rng)
                after = await read()  # the table as your hands left it: your die taken, your coins moved
                assert after.state.person.tracks["coins"] == before + coins
            view = await read()
            assert bot_turns + person_turns <= 18
        assert (bot_turns, person_turns) == (9, 9)
        assert view.state.person.clan_points == 18  # 2 a turn, moved by hand, read back
        end = game.outcome(view, Options())
        bot = rules.bot_score(view.state, game.deck)["total"]
        you = rules.person_score(view.state, game.deck)["total"]
        assert end is not None and not end.decided and bot >= you
        assert f"the bot leads {bot} to {you}" in end.winner and f"({bot - you + 1} more and you win)" in end.winner
        final = await session.take_turn()  # Bot turn on a finished game says the same, and nothing moves
        assert final.ok and "the bot leads" in str(final.steps[0].decision.reason)
        score_by_hand(live, view, bot - you + 1)  # your gardeners and warriors, counted by you
        drag(live, view.markers["round"].guid, layout.round_spot(3, scored=True))
        end = game.outcome(await read(), Options())
        assert end is not None and end.decided and end.winner == "you" and "final scoring is done" in end.why
        assert f"you {bot + 1} (clan points {18 + bot - you + 1}" in end.score
    finally:
        await stop_live(live)
