"""skeleton's bot on real tables: the fresh table its game builds, read back through the bridge's table model.

Run with ``pytest`` in this folder once it is installed (``pip install -e .``).
"""

from __future__ import annotations

import random

import pytest
from skeleton import table as layout
from skeleton.game import SkeletonGame
from skeleton.state import BOT, PERSON, Pass, Place

from bridge.commands import Take
from bridge.table import SaveFile, Table, Vec3
from engines.base import Options, ReadError
from engines.registry import load


def fresh() -> SaveFile:
    save: SaveFile = SkeletonGame().build_table({})
    return save


def with_tokens_on(save: SaveFile, bot: list[int], person: list[int]) -> Table:
    """The fresh table with tokens moved onto spaces (0-based): a bot token out of its bag for each of ``bot``."""
    data = save.to_dict()
    objects = data["ObjectStates"]
    board = next(o for o in objects if layout.BOARD_TAG in o["Tags"])
    bag = next(o for o in objects if layout.BAG_TAG in o["Tags"])
    mine = [o for o in objects if layout.PERSON_TAG in o["Tags"]]
    table = Table.from_save(SaveFile.from_dict(data, "test table"))
    points = [layout.BOARD.world(table[board["GUID"]], name) for name in layout.SPACES]
    for space in bot:
        token = bag["ContainedObjects"].pop()
        objects.append(dict(token, Transform=dict(token["Transform"], posX=points[space].x, posZ=points[space].z)))
    for token, space in zip(mine, person, strict=False):
        token["Transform"].update(posX=points[space].x, posZ=points[space].z)
    return Table.from_save(SaveFile.from_dict(data, "test table"))


def test_the_entry_point_finds_the_game() -> None:
    assert isinstance(load("skeleton"), SkeletonGame)


def test_a_fresh_table_reads_as_an_empty_board_and_a_full_bag() -> None:
    state = SkeletonGame().read(Table.from_save(fresh()))
    assert state.spaces == (None,) * 5
    assert state.tokens_left == layout.TOKENS_EACH


def test_tokens_on_spaces_are_read_as_their_holders() -> None:
    state = SkeletonGame().read(with_tokens_on(fresh(), bot=[0], person=[3]))
    assert state.spaces == (BOT, None, None, PERSON, None)
    assert state.tokens_left == layout.TOKENS_EACH - 1


def test_a_missing_board_is_named() -> None:
    data = fresh().to_dict()
    data["ObjectStates"] = [o for o in data["ObjectStates"] if layout.BOARD_TAG not in o["Tags"]]
    with pytest.raises(ReadError, match=r"the board \(tag 'skeleton.board'\) is not on the table"):
        SkeletonGame().read(Table.from_save(SaveFile.from_dict(data, "no board")))


def test_on_an_empty_board_the_bot_takes_the_centre_for_priority_2() -> None:
    game = SkeletonGame()
    state = game.read(Table.from_save(fresh()))
    [decision] = game.decide(state, random.Random(0), Options())
    assert decision.action == Place(2)
    assert decision.reason.rule == "priority 2 (nearest the centre)"


def test_beside_its_own_token_comes_first() -> None:
    game = SkeletonGame()
    state = game.read(with_tokens_on(fresh(), bot=[0], person=[2]))
    [decision] = game.decide(state, random.Random(0), Options())
    assert decision.action == Place(1) and decision.reason.rule == "priority 1 (next to a bot token)"


def test_a_tie_is_broken_as_the_tie_break_option_says() -> None:
    game = SkeletonGame()
    state = game.read(with_tokens_on(fresh(), bot=[2], person=[]))
    [decision] = game.decide(state, random.Random(0), Options(rules={"tie_break": "canonical"}))
    assert decision.action == Place(1) and "canonical" in decision.reason.rule
    with pytest.raises(ValueError, match="unknown skeleton option"):
        game.decide(state, random.Random(0), Options(rules={"colour": "red"}))


def test_a_full_board_is_a_pass_that_says_the_game_is_over() -> None:
    game = SkeletonGame()
    state = game.read(with_tokens_on(fresh(), bot=[0, 2, 4], person=[1, 3]))
    [decision] = game.decide(state, random.Random(0), Options())
    assert decision.action == Pass() and decision.reason.rule == "end of game"
    outcome = game.outcome(state, Options())
    assert outcome is not None and outcome.winner == "the bot"


def test_the_plan_takes_a_token_from_the_bag_onto_the_chosen_space() -> None:
    game = SkeletonGame()
    table = Table.from_save(fresh())
    state = game.read(table)
    [decision] = game.decide(state, random.Random(0), Options())
    [command] = game.plan(state, decision, table)
    assert isinstance(command, Take) and command.container == state.bag
    target = Vec3(command.position.x, command.position.y, command.position.z)
    assert layout.BOARD.locate(state.board, target).spot == "space 3"
