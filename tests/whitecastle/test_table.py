"""The White Castle table: built from a state and read back as the same state; every problem named."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bridge.table import SaveFile, Table, TableObject
from engines.base import ReadError
from engines.whitecastle import rules
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.deck import SAMPLE_DECK, load_deck
from engines.whitecastle.state import State
from engines.whitecastle.table import layout
from engines.whitecastle.table.build import build_table
from engines.whitecastle.table.read import read_table

DECK = load_deck(SAMPLE_DECK)


def bot_turn_starts(games: int) -> Iterator[State]:
    """The state at the start of every bot turn of whole self-play games, each difficulty in turn."""
    for seed in range(games):
        level = ("easy", "medium", "hard")[seed % 3]
        rng = random.Random(seed)
        state = rules.new_game(DECK, level, rng)  # type: ignore[arg-type]
        while not state.over:
            if state.to_move == "bot":
                yield state.copy()
                bot_turn(state, DECK, rng)
            else:
                rules.apply(state, rng.choice(list(rules.person_actions(state))), rng)


def fields(state: State) -> dict[str, Any]:
    return {
        "bridges": state.bridges,
        "spaces": {z: [(s.tiles, s.die) for s in spaces] for z, spaces in state.spaces.items()},
        "well": sorted(state.well, key=lambda d: (d.colour, d.value)),
        "courtiers": state.courtiers,
        "deck": state.deck,
        "discard": sorted(state.discard),
        "revealed": state.revealed,
        "tracks": (
            state.influence,
            state.person_influence,
            state.clan_points,
            state.coins,
            state.round,
            state.turns_taken,
        ),
        "level": (state.difficulty, state.start_level),
        "yours": (state.person.clan_points, state.person.tracks, state.person.courtiers, state.scored),
    }


def test_every_bot_turn_start_of_whole_games_reads_back_as_it_was_built():
    states = list(bot_turn_starts(12))
    assert len(states) == 12 * 9
    for state in states:
        table = Table.from_save(build_table(state, DECK))
        assert fields(read_table(table, DECK, state.difficulty).state) == fields(state)


def test_clan_points_past_the_end_of_the_track_are_kept_by_lap_tokens_and_your_influence_is_read():
    state = next(bot_turn_starts(1))
    state.clan_points, state.coins, state.person_influence = 123, 7, 5
    read = read_table(Table.from_save(build_table(state, DECK)), DECK, "easy").state
    assert (read.clan_points, read.coins, read.person_influence) == (123, 7, 5)


def objects(state: State) -> list[dict[str, Any]]:
    return build_table(state, DECK).to_dict()["ObjectStates"]


def problems(objs: list[dict[str, Any]]) -> list[str]:
    with pytest.raises(ReadError) as caught:
        read_table(Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "test")), DECK, "medium")
    return [str(p) for p in caught.value.problems]


def tagged(objs: list[dict[str, Any]], tag: str) -> list[dict[str, Any]]:
    return [o for o in objs if tag in o.get("Tags", [])]


def test_a_missing_tile_two_dice_on_a_room_and_a_stray_die_are_named():
    state = next(bot_turn_starts(1))
    objs = objects(state)
    room = layout.AREAS["first_floor.2"]
    tiles = [
        o
        for o in tagged(objs, layout.TILE_TAG)
        if abs(o["Transform"]["posX"] - room.centre.x) < 2.5 and abs(o["Transform"]["posZ"] - room.centre.z) < 1.75
    ]
    objs.remove(tiles[0])
    dice = tagged(objs, layout.DIE_TAG)
    dice[0]["Transform"].update(posX=room.centre.x - 1, posZ=room.centre.z + 0.9)
    dice[1]["Transform"].update(posX=room.centre.x + 1, posZ=room.centre.z + 0.9)
    dice[2]["Transform"].update(posX=40.0, posZ=40.0)
    found = problems(objs)
    assert any("First Floor space 2 has 2 die tile(s); it needs 3" in p for p in found)
    assert any("two dice on First Floor space 2" in p for p in found)
    assert any("a die outside every zone" in p and dice[2]["GUID"] in p for p in found)


def test_a_bridge_out_of_order_a_lost_marker_and_an_unknown_card_are_named():
    state = next(bot_turn_starts(1))
    state.bridges["red"] = [2, 5]
    objs = objects(state)
    on_red = layout.AREAS["bridge.red"]
    red = sorted(
        (
            o
            for o in tagged(objs, layout.DIE_TAG)
            if abs(o["Transform"]["posZ"] - on_red.centre.z) < 1 and abs(o["Transform"]["posX"] - on_red.centre.x) < 3
        ),
        key=lambda o: o["Transform"]["posX"],
    )
    red[0]["Transform"]["posX"], red[1]["Transform"]["posX"] = red[1]["Transform"]["posX"], red[0]["Transform"]["posX"]
    marker = tagged(objs, layout.tag("marker", "influence"))[0]
    marker["Transform"]["posX"] += layout.AREAS["time"].size.x / 80  # a little off its space is still on it
    objs.remove(tagged(objs, layout.tag("marker", "round"))[0])
    deck = next(o for o in objs if o.get("Name") == "Deck")
    deck["ContainedObjects"][0]["GMNotes"] = "pl.99"
    bridge = layout.AREAS["bridge.white"]
    white = next(
        o
        for o in tagged(objs, layout.tag("colour", "white"))
        if abs(o["Transform"]["posZ"] - bridge.centre.z) < 1 and abs(o["Transform"]["posX"] - bridge.centre.x) < 3
    )
    white["Transform"]["posX"] += 1.0  # halfway to the next space
    found = problems(objs)
    assert any("a die between the spaces of the white bridge" in p and white["GUID"] in p for p in found)
    assert any("the red bridge's dice are not low to high from the left: [5, 2]" in p for p in found)
    assert any("round marker" in p and "is missing" in p for p in found)
    unknown = deck["ContainedObjects"][0]["GUID"]  # found by the built table's profile: its id in its GM notes
    assert any("a card in the bot deck names no card of the solo deck data" in p and unknown in p for p in found)
    assert not any("influence marker" in p for p in found)


def test_a_missing_board_is_named_before_anything_else():
    """Every area lies on the board (its zones show them in TTS, the board places them): no board, nothing to read."""
    state = next(bot_turn_starts(1))
    objs = [o for o in objects(state) if not TableObject.from_state(o).has_tag(layout.BOARD_TAG)]
    assert problems(objs) == [
        "the castle board (role 'board', tag 'whitecastle.board') is missing from the table",
    ]


def test_the_zones_are_not_what_the_table_is_read_by():
    """A zone gone (a person deleted it in TTS) changes nothing: the areas are the board's."""
    state = next(bot_turn_starts(1))
    objs = [o for o in objects(state) if not TableObject.from_state(o).has_tag(layout.AREAS["well"].tag)]
    table = Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "test"))
    assert fields(read_table(table, DECK, state.difficulty).state) == fields(state)


def test_pieces_lie_on_the_tables_surface_with_tags_tts_reads():
    for obj in objects(next(bot_turn_starts(1))):
        tags = TableObject.from_state(obj).project_tags  # zones carry theirs in the GM notes (TTS tags would filter)
        assert tags and all(t.startswith("whitecastle.") for t in tags)
        assert 1.0 <= obj["Transform"]["posY"] <= 2.0, obj["Nickname"]


def test_card_faces_are_drawn_from_the_deck_data(tmp_path):
    from PIL import Image

    from engines.whitecastle.table.images import CELL_H, CELL_W, write_all

    urls = write_all(tmp_path, DECK)
    assert set(urls) == {"cards_0", "card_back", "board"}
    sheet = Image.open(tmp_path / "cards_0.png")
    assert sheet.size == (CELL_W * 10, CELL_H * 7)
    save = build_table(next(bot_turn_starts(1)), DECK, urls).to_dict()["ObjectStates"]
    deck = next(o for o in save if o.get("Name") == "Deck")
    assert {d["FaceURL"] for d in deck["CustomDeck"].values()} == {urls["cards_0"]}


@pytest.mark.parametrize("shown", [1, 2, 4])
def test_cards_revealed_mid_turn_read_back_in_their_row(shown: int):
    """The first revealed card lay inside First Floor space 3's zone (the boxes overlapped), so a table read mid-turn
    lost it ("bot cards not in its deck, revealed row or discard")."""
    state = next(bot_turn_starts(1))
    state.revealed, state.deck = state.deck[:shown], state.deck[shown:]
    assert read_table(Table.from_save(build_table(state, DECK)), DECK).state.revealed == state.revealed


def test_no_two_zones_overlap():
    """A piece belongs to the first zone whose box holds its centre: where two boxes overlap, a piece in the one
    could be read as in the other (the revealed row and First Floor space 3 did)."""
    areas = list(layout.AREAS.items())
    overlaps = [
        (k, k2)
        for i, (k, a) in enumerate(areas)
        for k2, b in areas[i + 1 :]
        if abs(a.centre.x - b.centre.x) < (a.size.x + b.size.x) / 2
        and abs(a.centre.z - b.centre.z) < (a.size.z + b.size.z) / 2
    ]
    assert overlaps == []


def test_a_piece_resting_on_the_board_or_on_another_piece_is_still_in_its_zone():
    """Pieces let go by hand rest on the board under the zones, or on what lies there (a die dropped onto a die):
    the zones reach above them, so a second die on a space is named as such, not as lying outside every zone."""
    state = next(bot_turn_starts(1))
    objs = objects(state)
    room = layout.AREAS["first_floor.2"]
    dice = tagged(objs, layout.DIE_TAG)
    for die, height in ((dice[0], 2.0), (dice[1], 3.0)):  # on the board; on top of that die
        die["Transform"].update(posX=room.centre.x, posY=height, posZ=room.centre.z + layout.DIE_SLOT_Z)
    found = problems(objs)
    assert any("two dice on First Floor space 2" in p for p in found)
    assert not any("outside every zone" in p for p in found)
