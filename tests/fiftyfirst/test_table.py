"""The 51st State table: built from a state and read back as the same state; every problem named."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bridge.table import SaveFile, Table, TableObject
from engines.base import ReadError
from engines.fiftyfirst import actions, rules, selfplay
from engines.fiftyfirst.bot import bot_turn
from engines.fiftyfirst.cards import SAMPLE, load_locations
from engines.fiftyfirst.options import BotOptions
from engines.fiftyfirst.state import Place, State
from engines.fiftyfirst.table import layout
from engines.fiftyfirst.table.build import build_table
from engines.fiftyfirst.table.read import read_table
from tests.fiftyfirst.scenarios import action_phase

CARDS = load_locations(SAMPLE)


def bot_turn_starts(games: int) -> Iterator[State]:
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new_game(CARDS, rng)
        acted, this_round = 0, 1
        while state.phase != "over":
            if state.round != this_round:
                acted, this_round = 0, state.round
            if rules.to_move(state) == "bot":
                yield state.copy()
                bot_turn(state, CARDS, rng)
            else:
                rules.apply(state, selfplay.person_policy(state, CARDS, rng, acted), rng, CARDS, BotOptions())
                acted += state.phase == "action"


def rank(card_id: str) -> int:
    return layout.ROWS.index(layout.row_of(CARDS.card(card_id).cls))


def fields(state: State) -> dict[str, Any]:
    return {
        "deck": state.deck,
        "discard": sorted(state.discard),
        "lookout": sorted(state.lookout),
        "step": state.lookout_step if state.phase == "lookout" else None,
        "connections": state.connections,
        "connections_left": state.connections_left,
        "person": sorted((rank(p.card), p.card, p.ruins, p.activations, p.protected) for p in state.person),
        "bot": sorted((rank(c), c) for c in state.bot),
        "attack": state.attack_pile,
        "attacks": state.attacks,
        "scores": (state.person_pts, state.bot_pts, state.end_triggered),
        "passed": (state.person_passed, state.bot_passed),
        "phase": state.phase,
        "round": state.round,
    }


def test_every_bot_turn_start_of_whole_games_reads_back_as_it_was_built():
    states = list(bot_turn_starts(10))
    short = [s for s in states if s.phase == "lookout" and s.lookout_step and s.lookout_step != 5 - len(s.lookout)]
    assert len(states) > 100 and len(short) < len(states) / 20
    for state in states:
        if state in short:
            continue  # a Lookout dealt short (the deck ran dry): its row alone does not tell the pick (README)
        read = read_table(Table.from_save(build_table(state, CARDS)), CARDS).state
        assert fields(read) == fields(state)


def objects(state: State) -> list[dict[str, Any]]:
    return build_table(state, CARDS).to_dict()["ObjectStates"]


def problems(objs: list[dict[str, Any]]) -> list[str]:
    with pytest.raises(ReadError) as caught:
        read_table(Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "test")), CARDS)
    return [str(p) for p in caught.value.problems]


def a_state_with_locations() -> State:
    return next(s for s in bot_turn_starts(5) if len(s.person) >= 2 and s.bot)


def test_unknown_cards_a_card_in_the_wrong_row_a_stray_card_and_a_lost_marker_are_named():
    state = a_state_with_locations()
    objs = objects(state)
    deck = next(o for o in objs if o.get("Name") == "Deck" and layout.CARD_TAG in o["Tags"])
    deck["ContainedObjects"][0]["GMNotes"] = "base.nowhere"
    row = layout.AREAS[f"person.{layout.row_of(CARDS.card(state.person[0].card).cls)}"]
    mine = next(
        o for o in objs if o.get("GMNotes") == state.person[0].card and abs(o["Transform"]["posZ"] - row.centre.z) < 1
    )
    wrong = next(r for r in layout.ROWS if f"person.{r}" != row.key)
    mine["Transform"]["posZ"] = layout.AREAS[f"person.{wrong}"].centre.z
    stray = next(o for o in objs if o.get("GMNotes") == state.bot[0] and o.get("Name") == "Card")
    stray["Transform"].update(posX=60.0, posZ=60.0)
    objs.remove(next(o for o in objs if layout.tag("marker", "bot") in o.get("Tags", [])))
    found = problems(objs)
    unknown = deck["ContainedObjects"][0]["GUID"]
    assert any("a card whose GM notes name no location of the card data" in p and unknown in p for p in found)
    assert any(f"not in your {wrong} row" in p for p in found)
    assert any("a location card outside every zone" in p and stray["GUID"] in p for p in found)
    assert any("the bot's score marker (role 'marker:bot', tag 'fiftyfirst.marker.bot') is missing" in p for p in found)


def test_ruins_used_actions_and_protection_are_read_from_the_cards():
    state = a_state_with_locations()
    state.person[0].ruins, state.person[1].protected = True, True
    objs = objects(state)
    card = next(o for o in objs if o.get("GMNotes") == state.person[1].card and o.get("Name") == "Card")
    card["Transform"]["rotY"] = 90.0  # turned sideways: used this round
    read = read_table(Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "t")), CARDS).state
    first, second = (
        next(p for p in read.person if p.card == state.person[i].card and p.ruins == (i == 0)) for i in (0, 1)
    )
    assert first.ruins and second.protected and second.activations >= 1


def test_a_missing_zone_is_named_before_anything_else():
    objs = [
        o
        for o in objects(next(bot_turn_starts(1)))
        if not TableObject.from_state(o).has_tag(layout.AREAS["attack"].tag)
    ]
    assert problems(objs) == [
        "the 'attack pile' zone (role 'zone:attack', tag 'fiftyfirst.zone.attack') is missing from the table"
    ]


def test_the_rounds_attacks_are_read_from_their_marker_not_from_the_attack_pile():
    """L36: "You will only be attacked a maximum of three times each round." With ``protected_card="discarded"`` a
    defended attack's card leaves the pile, so after three attacks the pile may be empty: the table keeps the count
    on the attacks marker, and the bot reads it and passes."""
    state = action_phase(Place("sample.scrap_yard"), deck=["sample.smelter"], attacks=3)
    read = read_table(Table.from_save(build_table(state, CARDS)), CARDS).state
    assert read.attacks == 3 and read.attack_pile == []
    decisions = bot_turn(read, CARDS, random.Random(0), BotOptions(protected_card="discarded"))
    assert [d.action for d in decisions] == [actions.Pass()] and "attacked three times" in decisions[0].reason.rule
    for attacks in range(4):
        state.attacks = attacks
        assert read_table(Table.from_save(build_table(state, CARDS)), CARDS).state.attacks == attacks


def test_an_attacks_marker_lost_or_behind_the_attack_pile_is_named():
    state = action_phase(Place("sample.scrap_yard"), attack_pile=["sample.library", "sample.monument"], attacks=2)
    objs = objects(state)
    marker = next(o for o in objs if layout.tag("marker", "attacks") in o.get("Tags", []))
    spot = layout.attacks_spot(1)
    marker["Transform"].update(posX=spot.x, posZ=spot.z)
    assert any(
        "the attack pile holds 2 cards, but the attacks marker counts 1 this round" in p and marker["GUID"] in p
        for p in problems(objs)
    )
    objs.remove(marker)
    assert any(
        "attacks marker (the bot's attacks this round, 0-3) (role 'marker:attacks', tag" in p for p in problems(objs)
    )


def test_the_tie_the_bot_asks_about_is_kept_on_the_table_with_its_options():
    """Step 7, L56: "you can decide which is destroyed". The bot finds the tie with its options (here Ruins are
    targets, D6): the table keeps that tie on the target token (its cards' GUIDs in the GM Notes, the question in
    its description), and your answer is checked against it, not against a tie worked out again with the defaults
    (which would leave the Ruins out and refuse it)."""
    options = BotOptions(final_tie="person", ruins_targets=True)
    state = action_phase(Place("sample.outpost"), Place("sample.outpost", ruins=True), deck=["sample.outpost"])
    assert bot_turn(state, CARDS, random.Random(0), options)[-1].action == actions.AskTarget((0, 1))
    objs = objects(state)
    token = next(o for o in objs if layout.TARGET_TAG in o["Tags"])
    assert "the bot asks which it razes: SAMPLE Outpost or SAMPLE Outpost" in token["Description"]
    assert read_table(Table.from_save(build_table(state, CARDS)), CARDS).state.choosing == (0, 1)
    state.chosen = 1  # the token on the Ruins
    read = read_table(Table.from_save(build_table(state, CARDS)), CARDS).state
    assert (read.choosing, read.chosen) == ((0, 1), 1)
    assert bot_turn(read, CARDS, random.Random(0), options)[0].action == actions.Raze(1)


def test_a_target_token_out_without_a_question_or_naming_lost_cards_is_named():
    state = action_phase(Place("sample.outpost"), Place("sample.outpost"), deck=["sample.outpost"])
    state.choosing = (0, 1)
    objs = objects(state)
    token = next(o for o in objs if layout.TARGET_TAG in o["Tags"])
    token["GMNotes"] = '{"tied": ["abcdef", "123456"]}'
    assert any("the bot asked about cards no longer among your locations (abcdef, 123456)" in p for p in problems(objs))
    token["GMNotes"] = ""
    assert any("its GM Notes name no tie the bot asked about" in p and token["GUID"] in p for p in problems(objs))
