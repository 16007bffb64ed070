"""Step 4, planning moves: a take puts the rightmost coins into the bot's bowl; carried out on the table model,
the board reads as the take left it."""

from __future__ import annotations

from lastcoin import table as layout
from lastcoin.game import LastCoin
from lastcoin.planner import plan
from lastcoin.state import Pass, TakeCoins
from tables import bowl, coins, fresh_objects, table_of

from bridge.commands import Put
from engines.base import Decision, Reason


def test_a_take_puts_the_rightmost_coins_into_the_bots_bowl() -> None:
    data = fresh_objects()
    game = LastCoin()
    state = game.read(table_of(data))
    commands = game.plan(state, Decision(TakeCoins(2), Reason("test", "two")), table_of(data))
    bot_bowl = bowl(data, layout.BOT_BOWL_TAG)["GUID"]
    right = [coin["GUID"] for coin in coins(data)][-2:]
    assert commands == [Put(guid=right[1], container=bot_bowl), Put(guid=right[0], container=bot_bowl)]
    for command in commands:  # what the connector does with a Put, on the save's objects
        assert isinstance(command, Put)
        coin = next(o for o in data["ObjectStates"] if o["GUID"] == command.guid)
        data["ObjectStates"].remove(coin)
        bowl(data, layout.BOT_BOWL_TAG).setdefault("ContainedObjects", []).append(coin)
    assert game.read(table_of(data)).left == 8


def test_a_pass_moves_nothing() -> None:
    state = LastCoin().read(table_of(fresh_objects()))
    assert plan(state, Pass()) == []
