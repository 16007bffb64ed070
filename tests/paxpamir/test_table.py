"""Pax Pamir on the table: the built save reads back as the state it was built from, unreadable tables are named
object by object, and Wakhan's turns through the emulator leave the table exactly as the engine says."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.modbuild import build_save
from bridge.session import Session
from bridge.table import SaveFile, Table, TableObject
from engines import registry
from engines.base import Decision, Options, ReadError, Reason
from engines.paxpamir import rules
from engines.paxpamir.baselines import random_policy
from engines.paxpamir.queries import ruler
from engines.paxpamir.selfplay import wakhan_turn_starts
from engines.paxpamir.state import State
from engines.paxpamir.table import layout
from engines.paxpamir.table.build import build_table, fresh_state
from engines.paxpamir.table.person import apply_before_her_draw
from engines.paxpamir.table.plan import Planner
from engines.paxpamir.table.read import read_table
from engines.paxpamir.wakhan.turn import Wakhan, play_turn
from tests.conftest import start_live, stop_live
from tests.paxpamir.games import persons_moves
from tests.paxpamir.tablecheck import table_fields

GAME = registry.load("paxpamir")


def objects(save: SaveFile) -> list[dict[str, Any]]:
    return list(save.to_dict()["ObjectStates"])


def table_of(objs: list[dict[str, Any]]) -> Table:
    return Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "test table"))


def problems(objs: list[dict[str, Any]]) -> list[str]:
    with pytest.raises(ReadError) as caught:
        read_table(table_of(objs))
    return [str(p) for p in caught.value.problems]


def positions_in_play(games: int) -> list[State]:
    """States at the start of some of Wakhan's turns, from games against one or two random players."""
    return [s for s in wakhan_turn_starts(games, 0) if s.turn % 4 == 2]


def test_a_fresh_table_reads_back_as_the_set_up_before_her_first_draw():
    for humans in (1, 2):
        state = fresh_state(humans, seed=humans)
        read = read_table(Table.from_save(build_table(state=state))).state
        assert table_fields(read) == table_fields(state)
        assert read.current == 0 and read.players[0].wakhan and not read.ai_discard
        assert len(read.ai_deck) == 24 and len(read.players) == humans + 1


def test_positions_from_whole_games_read_back_as_they_were_built():
    states = positions_in_play(6)
    assert len(states) > 10
    for state in states:
        assert table_fields(read_table(Table.from_save(build_table(state=state))).state) == table_fields(state)


def test_a_board_moved_with_everything_on_it_reads_the_same():
    state = positions_in_play(1)[-1]
    objs = objects(build_table(state=state))
    board = next(o for o in objs if layout.BOARD_TAG in o["Tags"])
    centre = layout.Spots.fresh(len(state.players)).board.position
    for o in objs:
        t = o["Transform"]
        if o is board or (
            abs(t["posX"] - centre.x) <= 17 and abs(t["posZ"] - centre.z) <= 15 and o["Name"] != "ScriptingTrigger"
        ):
            t["posX"] += 3.0
            t["posZ"] -= 2.0
    assert table_fields(read_table(table_of(objs)).state) == table_fields(state)


def test_unreadable_objects_are_named_and_nothing_is_guessed():
    objs = objects(build_table(state=fresh_state(1)))
    cylinder = next(o for o in objs if layout.CYLINDER_TAG in o["Tags"])
    cylinder["Transform"]["posX"], cylinder["Transform"]["posZ"] = 40.0, 40.0  # off every area
    market_card = next(o for o in objs if o["Name"] == "Card" and o["Transform"]["posZ"] > 10)
    market_card["GMNotes"] = "no number"
    found = problems(objs)
    assert any(f"guid {cylinder['GUID']}" in p and "outside the map" in p for p in found), found
    assert any(f"guid {market_card['GUID']}" in p and "GM notes" in p for p in found), found


def test_missing_fixtures_are_named():
    objs = [o for o in objects(build_table(state=fresh_state(1))) if layout.FAVORED_TAG not in o["Tags"]]
    objs = [o for o in objs if not TableObject.from_state(o).has_tag(f"{layout.TAG_PREFIX}.bank")]
    found = problems(objs)
    assert any("the bank zone" in p and "missing" in p for p in found), found


def test_a_piece_between_two_regions_is_named():
    objs = objects(build_table(state=fresh_state(1)))
    spots = layout.Spots.fresh(2)
    block = next(o for o in objs if layout.BLOCK_TAG in o["Tags"])
    a, b = spots.area(("region", "kabul"), {}), spots.area(("border", "kabul_punjab"), {})
    block["Transform"]["posX"], block["Transform"]["posZ"] = (a.x + b.x) / 2, (a.z + b.z) / 2
    found = problems(objs)
    assert any("lies between" in p and block["GUID"] in p for p in found), found


def test_a_cylinder_on_a_court_card_is_a_spy_and_off_the_cards_is_a_problem():
    state = next(s for s in positions_in_play(2) if 1 <= len(s.players[0].court) < 10)
    card = state.players[0].court[0]
    objs = objects(build_table(state=state))
    spots = layout.Spots.fresh(len(state.players))
    supply = spots.zones[("cylinders", "1")]
    own = next(
        o
        for o in objs
        if layout.CYLINDER_TAG in o["Tags"]
        and layout.seat_tag(1) in o["Tags"]
        and abs(o["Transform"]["posX"] - supply.x) < 3
        and abs(o["Transform"]["posZ"] - supply.z) < 1.3
    )
    on_card = spots.card(layout.CardPlace("court", "0", 0))
    own["Transform"]["posX"], own["Transform"]["posZ"] = on_card.x + 0.4, on_card.z
    read = read_table(table_of(objs)).state
    assert read.spies.get(card, []).count(1) == state.spies.get(card, []).count(1) + 1
    court = spots.zones[("court", "0")]
    own["Transform"]["posX"] = court.x + 12.9  # in her court zone, right of every card she has
    assert any("on no card" in p and own["GUID"] in p for p in problems(objs))


# --- through the wire ----------------------------------------------------------------------------------------


def person_commands(view_state: State, table: Table, rng: random.Random) -> tuple[list[Any], State]:
    """The people's turns until Wakhan's, played by random legal moves (and her answers in between by the
    engine), carried onto the table by the planner: the commands, and the state they should leave (her AI card
    not yet drawn, as the page leaves it)."""
    view = read_table(table)
    view.state = view_state
    planner = Planner(view)
    state = view_state.copy()
    bot = Wakhan()
    commands = []
    while not state.over and not (state.current == 0 and not state.pending):
        action = bot.next(state).action if bot.to_move(state) else random_policy(state, rng)  # type: ignore[union-attr]
        apply_before_her_draw(state, action, rng)  # as from the page: her Bot turn draws her card
        decision: Decision[Any] = Decision(action, Reason("test", "a person's move"))
        planner.record(decision, state)
        commands += planner.plan(decision)
    return commands, state


@pytest.mark.slow
@pytest.mark.parametrize(("humans", "seed"), [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)])
async def test_a_whole_game_through_the_wire(humans: int, seed: int):
    """Wakhan plays through the bridge against random people whose moves the test carries onto the emulated
    table; after every turn the table reads back as the engine says, to the end of the game."""
    save = build_save(GAME, table=build_table(state=fresh_state(humans, seed=seed)))
    live = await start_live(save, timeout=60)
    rng = random.Random(seed)
    try:
        session = Session(live.connector, GAME, seed=seed)
        for _ in range(80):
            plan = await session.take_turn()
            assert plan.ok, plan.problems
            expected: State = session.last_after
            table = await live.connector.snapshot()
            assert table_fields(read_table(table).state) == table_fields(expected)
            if expected.over:
                break
            commands, expected = person_commands(expected, table, rng)
            await live.connector.apply(commands, timeout=120)
            assert table_fields(read_table(await live.connector.snapshot()).state) == table_fields(expected)
            if expected.over:
                break
        else:
            pytest.fail("the game did not end in 80 rounds")
        assert expected.winner is not None and len(session.turns) >= 3
        final = read_table(await live.connector.snapshot()).state
        assert [p.vp for p in final.players] == [p.vp for p in expected.players]
        chat = [text for text, _ in live.emulator.require_world().chat]
        assert sum(text.startswith("Bot: draws AI card") for text in chat) == len(session.turns)
    finally:
        await stop_live(live)


@pytest.mark.slow
async def test_her_turn_empties_the_draw_deck_and_makes_her_ai_deck_again():
    """The piles' edge cases on the emulated table: a draw deck of two (TTS turns the deck into its last card
    after the first is taken) and an AI deck of one (her draw empties it and the deck is made again from all 24
    cards, laid face down in the new order)."""
    state = positions_in_play(1)[0]
    state.out_of_game += state.deck[2:]
    state.deck = state.deck[:2]
    state.ai_discard = state.ai_deck[1:] + state.ai_discard
    state.ai_deck = state.ai_deck[:1]
    save = build_save(GAME, table=build_table(state=state))
    live = await start_live(save, timeout=60)
    try:
        session = Session(live.connector, GAME, seed=3)
        plan = await session.take_turn()
        assert plan.ok, plan.problems
        predicted: State = session.last_after
        assert len(predicted.ai_deck) == 23 and len(predicted.ai_discard) == 1
        assert len(predicted.deck) < 2
        table = read_table(await live.connector.snapshot()).state
        assert table_fields(table) == table_fields(predicted)
    finally:
        await stop_live(live)


def test_a_missing_ai_card_is_named_and_an_empty_ai_deck_is_made_again():
    state = fresh_state(1)
    objs = objects(build_table(state=state))
    deck = next(o for o in objs if o.get("Nickname") == "Wakhan's AI deck")
    lost = deck["ContainedObjects"].pop()
    deck["DeckIDs"].pop()
    assert any(f"AI cards {lost['GMNotes']} are in neither" in p for p in problems(objs))

    state.ai_discard, state.ai_deck = state.ai_deck, []
    view = read_table(Table.from_save(build_table(state=state)))
    decisions = GAME.decide(view, random.Random(0), Options())
    after = view.planner.after[id(decisions[0])]
    assert len(after.ai_deck) == 23 and after.ai_discard == [decisions[0].action.card]
    moved = GAME.plan(view, decisions[0], Table.from_save(build_table(state=state)))
    assert len(moved) >= 24  # every AI card laid down again, the drawn one face up


def test_a_loyalty_token_off_its_spaces_and_two_cards_in_one_slot_are_named():
    objs = objects(build_table(state=fresh_state(1)))
    token = next(o for o in objs if layout.LOYALTY_TAG in o["Tags"] and layout.seat_tag(1) in o["Tags"])
    token["Transform"]["posZ"] -= 1.3  # down onto the gift spaces' row, off the coalition spaces
    slot = layout.Spots.fresh(2).card(layout.CardPlace("market", "0,3"))
    card = next(o for o in objs if o["Name"] == "Card" and abs(o["Transform"]["posX"] - slot.x) > 1)
    card["Transform"]["posX"], card["Transform"]["posZ"] = slot.x + 0.2, slot.z
    found = problems(objs)
    assert any("loyalty token must lie on a coalition space" in p and token["GUID"] in p for p in found), found
    assert any("market slot row 1, column 3 holds 2 cards" in p for p in found), found


def test_ruler_tokens_lie_before_their_rulers_and_are_required():
    state = next(s for s in positions_in_play(3) if any(ruler(s, r) is not None for r in s.tribes))
    objs = objects(build_table(state=state))
    spots = layout.Spots.fresh(len(state.players))
    for region in state.tribes:
        token = next(o for o in objs if layout.region_tag(region) in o["Tags"])
        expected = spots.ruler(region, ruler(state, region))
        assert (token["Transform"]["posX"], token["Transform"]["posZ"]) == pytest.approx((expected.x, expected.z))
    objs.remove(token)
    assert any(f"the ruler token of {region.title()}" in p for p in problems(objs))


def test_more_rupees_in_play_than_the_bank_holds_is_a_clear_error():
    view = read_table(Table.from_save(build_table(state=fresh_state(1))))
    planner = Planner(view)
    rich = view.state.copy()
    rich.players[1].rupees = layout.RUPEES + 1
    decision: Decision[Any] = Decision(None, Reason("test", "a windfall"))
    planner.record(decision, rich)
    with pytest.raises(ValueError, match="no rupee left in bank to place on rupees 1"):
        planner.plan(decision)


def test_a_cylinder_on_a_dial_but_off_its_gift_spaces_is_named():
    objs = objects(build_table(state=fresh_state(1)))
    cylinder = next(o for o in objs if layout.CYLINDER_TAG in o["Tags"] and layout.seat_tag(1) in o["Tags"])
    on_dial = layout.Spots.fresh(2).loyalty(1, "afghan")  # the coalition spaces' row, above the gift spaces
    cylinder["Transform"]["posX"], cylinder["Transform"]["posZ"] = on_dial.x, on_dial.z
    assert any("lies between 2 and 4" in p and cylinder["GUID"] in p for p in problems(objs))


def test_cards_a_person_swaps_into_her_hand_are_played_at_once_from_the_page():
    """Spec B10: "Cards she receives are played at once in §B4 order (bribe paid, or else discarded)." A person
    buys Other Persuasive Methods (#114) from the page and swaps hands with her: her answer comes with the move,
    said in chat after it, and the person's turn goes on (no bot turn in between)."""
    from engines.paxpamir.table import person

    rng = random.Random(3)
    state = rules.new_game([None, "british"], rng, wakhan=0)
    play_turn(state, rng)  # her first turn, in-process, up to the person's
    assert state.current == 1 and not state.pending
    where = state.deck if 114 in state.deck else state.out_of_game
    where[where.index(114)], state.market.cards[0][0] = state.market.cards[0][0], 114  # type: ignore[call-overload]
    card = next(c for c in state.deck if c <= 100)
    state.deck.remove(card)
    state.players[1].hand.append(card)
    view = read_table(Table.from_save(build_table(state=state)))
    labels = {m.label: m.id for m in person.moves(state, view)}
    buy = next(i for label, i in labels.items() if "Other Persuasive Methods" in label)
    commands, after = person.play(state, view, buy, rng)
    assert after.pending[-1].kind == "seat" and after.players[0].hand == []
    view = read_table(Table.from_save(build_table(state=after)))
    swap = next(m for m in person.moves(after, view) if "Wakhan" in m.label)
    commands, after = person.play(after, view, swap.id, rng)
    said = [c.text for c in commands if c.op == "say"]
    assert said and said[0].startswith("Bot: ") and ("a card she received" in said[0] or "discards" in said[0])
    assert after.players[0].hand == [] and after.players[1].hand == []
    assert card in after.players[0].court or card in after.discard
    assert after.current == 1 and not after.pending and after.actions_used == 1


# --- one AI card a turn, whichever path starts her turn (issue 31, item 6) ----------------------------------------

# the rule text (000_a9c813969303d7fb.txt), line 33
HER_DRAW = "On Wakhan's turn, draw an AI card and place it face up to the immediate right of the AI card draw deck"


async def test_a_person_ending_their_turn_from_the_page_leaves_her_one_draw_to_her_bot_turn():
    """HER_DRAW: one card a turn. The person ends their turn from the page (as the dashboard does, through the
    session); her AI card stays on top of her deck until her Bot turn, which draws exactly that card, shows it face
    up and plays by it."""
    from engines.paxpamir.table.turn import DrawAiCard

    live = await start_live(build_save(GAME, table=build_table(state=fresh_state(1, seed=4))), timeout=60)
    try:
        session = Session(live.connector, GAME, seed=4)
        assert (await session.take_turn()).ok  # her first turn
        first = read_table(await live.connector.snapshot()).state
        assert len(first.ai_deck) == 23 and len(first.ai_discard) == 1
        end = next(m for m in await session.person_moves() if m.group == "End")
        assert await session.person_move(end.id, end.label) is None
        ended = read_table(await live.connector.snapshot()).state
        assert (ended.ai_deck, ended.ai_discard) == (first.ai_deck, first.ai_discard)  # nothing drawn for her yet
        assert GAME.describe_table(read_table(await live.connector.snapshot()))["ai"]["face"] == first.ai_face
        plan = await session.take_turn()
        assert plan.ok, plan.problems
        draws = [s.decision.action for s in plan.steps if isinstance(s.decision.action, DrawAiCard)]
        assert draws == [DrawAiCard(first.ai_deck[0])]  # the card that lay on top of her deck
        after = read_table(await live.connector.snapshot()).state
        assert after.ai_deck == first.ai_deck[1:] and after.ai_discard == [*first.ai_discard, first.ai_deck[0]]
        assert after.ai_face == first.ai_deck[0] == session.last_after.ai_face  # shown, and what she played by
        chat = [text for text, _ in live.emulator.require_world().chat]
        assert sum(text.startswith("Bot: draws AI card") for text in chat) == 2
    finally:
        await stop_live(live)


@pytest.mark.parametrize(("humans", "seed"), [(1, 5), (2, 6)])
def test_over_whole_games_from_the_page_her_deck_goes_down_by_one_a_turn_of_hers(humans: int, seed: int):
    """HER_DRAW, over whole seeded games played from the page (the people by random legal moves, through the
    same functions the page calls, each on a table built as the last move left it): her AI deck loses exactly one
    card in each turn of hers, none in the people's, and is made again (23 after the draw) only when her draw
    empties it. Her deck starts at two cards, so that it is made again within the game."""
    from engines.paxpamir.table import person

    rng = random.Random(seed)
    previous: State | None = None
    start = fresh_state(humans, seed=seed)
    start.ai_deck, start.ai_discard = start.ai_deck[:2], start.ai_deck[2:]
    table = Table.from_save(build_table(state=start))
    her_turns = remade = 0
    for _ in range(400):
        before = read_table(table).state
        if previous is None or person._person_to_act(previous) is None:  # her Bot turn
            view = read_table(table)
            decisions = GAME.decide(view, rng, Options())
            for decision in decisions:  # planned one by one, as the session does
                GAME.plan(view, decision, table)
            previous = GAME.after_turn(view, decisions)
            assert previous is not None
            her_turns += 1
            n = len(before.ai_deck)
            card = decisions[0].action.card
            assert previous.ai_discard[-1] == previous.ai_face == card  # what the table shows, and she plays by
            if n > 1:
                assert card == before.ai_deck[0] and previous.ai_deck == before.ai_deck[1:], her_turns
            else:  # her draw emptied it: all 24 shuffled into a new deck, and she draws again from it
                assert previous.ai_discard == [card] and len(previous.ai_deck) == 23, her_turns
                remade += 1
        else:  # a person's move from the page
            action = random_policy(previous, rng)
            move = str(list(rules.legal_actions(previous)).index(action))
            _, previous = person.play(previous, read_table(table), move, rng)
            assert (previous.ai_deck, previous.ai_discard) == (before.ai_deck, before.ai_discard), action
        if previous.over:
            break
        table = Table.from_save(build_table(state=previous))
    assert previous is not None and previous.over and her_turns >= 3 and remade == 1


def test_her_answer_that_ends_a_persons_turn_from_the_page_leaves_her_draw_to_her_bot_turn_too():
    """HER_DRAW again, when it is her answer (a bribe asked, a card she received played) that finishes the person's
    last action and so begins her turn: her AI card still waits for her Bot turn. The first such move in seeded
    games against a random person."""
    from engines.paxpamir.table import person

    for state, action in persons_moves(60):
        trial = state.copy()
        rules.apply(trial, action, random.Random(0))
        if trial.pending and trial.pending[-1].seat == 0 and trial.current != 0:  # she must answer first
            view = read_table(Table.from_save(build_table(state=state)))
            move = str(list(rules.legal_actions(state)).index(action))
            commands, after = person.play(state, view, move, random.Random(0))
            if after.current == 0 and after.turn != state.turn:
                assert next(c.text for c in commands if c.op == "say").startswith("Bot: ")  # her answer
                assert (after.ai_deck, after.ai_discard) == (state.ai_deck, state.ai_discard)
                assert after.players[0].loyalty == state.players[0].loyalty
                return
    pytest.fail("no answer of hers ended a person's turn in 60 seeded games")


def test_in_self_play_the_rules_engine_draws_her_one_card_a_turn():
    """HER_DRAW on the third path: self-play (no table) plays her turns with the rules engine, which draws as each
    of her turns begins; her deck loses one card a turn of hers and nothing between."""
    for seed in (1, 2):
        rng = random.Random(seed)
        state = rules.new_game([None, "british", "russian"], rng, wakhan=0)
        bot, turns = Wakhan(), 0
        deck, turn = len(state.ai_deck), state.turn
        while not state.over:
            action = bot.next(state).action if bot.to_move(state) else random_policy(state, rng)  # type: ignore[union-attr]
            rules.apply(state, action, rng)
            if state.turn != turn and state.current == 0:
                turns += 1
                assert len(state.ai_deck) == (deck - 1 if deck > 1 else 23) and state.ai_face == state.ai_discard[-1]
            else:  # within a turn, or into a person's
                assert len(state.ai_deck) == deck
            deck, turn = len(state.ai_deck), state.turn
        assert turns >= 3


def test_the_page_says_what_a_card_costs_doubled_while_military_is_favored():
    """The market's costs and a person's buy moves say the price paid: the column, doubled while military is the
    favored suit (the page once offered "2 rupee(s)" and took 4)."""
    from engines.paxpamir import actions
    from engines.paxpamir.table import person
    from engines.paxpamir.table.describe import describe

    state = fresh_state(1, seed=3)
    state.current = 1  # the person's turn
    for favored, costs in (("political", [0, 1, 2, 3, 4, 5]), ("military", [0, 2, 4, 6, 8, 10])):
        state.favored = favored
        drawing = describe(state)
        assert drawing["costs"] == costs
        assert [slot["cost"] for slot in drawing["market"][0]] == costs
        assert person.describe(state, actions.Purchase(0, 3))[0].endswith(f"(top row, column 4: {costs[3]} rupee(s))")


def test_the_choices_a_person_is_asked_say_what_they_answer():
    """After a person plays a card, the page heads the choices it lists with the card and the icon being placed."""
    from engines.paxpamir import actions
    from engines.paxpamir.table import person

    state = fresh_state(1, seed=3)
    state.current = 1
    assert person.asked(state) == "Choices"
    state.players[1].hand = [30]
    rules.apply(state, actions.Play(30, "left"), random.Random(1), check=False)
    assert (
        person.asked(state) == "Sikh Merchants in Lahore (#30), just played: where its road goes (then: spy, leverage)"
    )


def test_a_card_actions_later_steps_name_the_card_the_place_and_a_free_block():
    """Issue 41 item 13: each step of a build, move or battle is headed with the card that acts (it was "card #0"),
    a battle with where it is fought, and the free block of Nation Building or Infrastructure as free."""
    from dataclasses import replace

    from engines.paxpamir import names
    from engines.paxpamir.state import Pending
    from engines.paxpamir.table import person

    card, target = 9, 30
    build = Pending("build", 1, card=card, remaining=3)
    assert person.step_asked(build) == (
        f"{names.card(card)}'s build: place a block for 2 rupees (up to 3 left, or stop here)"
    )
    assert person.step_asked(replace(build, remaining=1, reason="nation_building")) == (
        f"{names.card(card)}'s build: place Nation Building's free block (or stop here)"
    )
    battle = Pending("battle", 1, card=card, region="kabul", remaining=2)
    assert (
        person.step_asked(battle)
        == f"{names.card(card)}'s battle at Kabul: remove a piece (up to 2 left, or stop here)"
    )
    on_card = replace(battle, region=None, target=target)
    assert person.step_asked(on_card) == (
        f"{names.card(card)}'s battle on {names.card(target)}: remove a spy (up to 2 left, or stop here)"
    )
