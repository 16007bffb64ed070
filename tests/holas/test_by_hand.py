"""Issue 37 for Heroes: the person's side on the table, played by hand, and the end seen from it. Tables built by the
game's own builder, read back by its reader; the sample data. Each test names the defect it pins down."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.table import Table, Vec3
from engines import registry
from engines.base import Options, ReadError
from engines.holas import rules
from engines.holas.bot import Enemy
from engines.holas.game import Holas
from engines.holas.state import PlayerArmy
from engines.holas.table import layout
from engines.holas.table.build import build_table, spots
from engines.holas.table.person import describe
from engines.holas.table.read import TableView, read_table


@pytest.fixture(scope="module")
def game() -> Holas:
    loaded = registry.load("holas")
    loaded.use_data(None, allow_sample=True)
    assert isinstance(loaded, Holas)
    return loaded


def fresh(game: Holas) -> Table:
    return Table.from_save(game.build_table({}))


def put(table: Table, guid: str, at: Vec3) -> Table:
    """The table with a piece set down where a person's hand leaves it."""
    assert table.get(guid) is not None
    return Table(tuple(o._replace(position=at) if o.guid == guid else o for o in table.objects), table.source)


def on_map(game: Holas, table: Table, region: str, n: int = 0) -> Vec3:
    world = layout.board_frame(table.with_tag(layout.BOARD_TAG)[0]).to_world(spots(game.owned.value, region, n))
    return Vec3(world.x, layout.SURFACE_Y, world.z)


def mine(view: TableView, kind: str, place: str) -> list[str]:
    return sorted(g for g, (k, at) in view.person.items() if k == kind and at == place)


def problems(game: Holas, table: Table) -> list[str]:
    with pytest.raises(ReadError) as caught:
        game.read(table)
    return [str(p) for p in caught.value.problems]


def test_a_game_past_round_20_reads_its_round_and_ends(game: Holas):
    """The round track had 20 spaces, so round 21 read as 20 and an end after round 21 never came. Now its lap
    marker adds 20 a lap: round 21 with the final round 21 reads so, and round 22 is over."""
    data = game.owned.value
    s = rules.new_game(data, "L7", random.Random(1))
    s.round, s.final_round, s.pts = 21, 21, 75
    read = read_table(Table.from_save(build_table(s, data)), data).state
    assert (read.round, read.final_round, read.pts) == (21, 21, 75)
    assert not rules.over(read)
    s.round = 22
    assert rules.over(read_table(Table.from_save(build_table(s, data)), data).state)
    s.person.pts = 64  # your score marker laps as the bot's does
    assert read_table(Table.from_save(build_table(s, data)), data).state.person.pts == 64


def test_the_enemys_capital_on_your_own_continent_is_refused(game: Holas):
    """L24 "After you have placed your own Capital City, choose the Enemy's Capital City Region on an adjacent
    Continent": a fresh table has yours in L1 (continent A) and the bot's in L7 (B); moved to L3 (A), it is named."""
    table = fresh(game)
    view = game.read(table)
    assert view.state.capital == "L7" and view.state.person_capital() == "L1"
    table = put(table, view.markers["capital.bot"], on_map(game, table, "L3"))
    said = problems(game, table)
    assert any("L3 is on your own continent" in p and "L24" in p for p in said), said


def test_a_mini_from_your_supply_must_be_paid_for_and_go_to_your_courtyard(game: Holas):
    """Minis went from the supply to any region at no cost. A Warrior (2 food in the sample) taken into your
    Courtyard without moving your food marker is refused, naming the price; paid (food 3 -> 1), it is read. One
    taken straight into L5 is named: a recruit goes to your Courtyard or your Capital's region."""
    table = fresh(game)
    view = game.read(table)
    warrior = mine(view, "warrior", "player.supply")[0]
    table = put(table, warrior, layout.AREAS["player.courtyard"].centre)
    said = problems(game, table)
    assert any("cost 2 food" in p and "pay 2 food more" in p for p in said), said
    table = put(table, view.markers["you.food"], layout.AREAS["you.res.food"].spot(1, layout.RESOURCE_SPOTS))
    assert game.read(table).state.person.resources["food"] == 1
    table = put(table, warrior, on_map(game, table, "L5"))
    said = problems(game, table)
    assert any("your warrior taken from your supply into L5" in p for p in said), said


def test_a_tower_from_your_supply_costs_its_ore_by_the_steps_from_your_capital(game: Holas):
    """A Tower's price, as the Enemy pays it (``towers.cost_rule``: 1 Ore a step from the Capital City): yours taken
    into L2, a step from your Capital in L1, costs 1 Ore; unpaid, it is named."""
    table = fresh(game)
    view = game.read(table)
    table = put(table, mine(view, "tower", "player.supply")[0], on_map(game, table, "L2"))
    said = problems(game, table)
    assert any("1 tower from your supply" in p and "cost 1 ore" in p for p in said), said
    table = put(table, view.markers["you.ore"], layout.AREAS["you.res.ore"].spot(2, layout.RESOURCE_SPOTS))
    assert game.read(table).state.player["L2"].structure


def test_your_army_in_the_bots_region_is_said_as_the_tactic_it_waits_for(game: Holas):
    """The page said "the bot waits for nothing: press Bot action" while every press asked for Tactic chosen. With
    your army moved into a region the bot holds, the page, the prompt and the refused Bot action all say it."""
    data = game.owned.value
    s = rules.new_game(data, "L7", random.Random(1))
    s.unit("hero1").where = "L6"
    s.player["L6"] = PlayerArmy(2)
    view = read_table(Table.from_save(build_table(s, data)), data)
    assert "press Tactic chosen" in describe(view, data)["waits"]
    refused = game.refuse_press(view, [], "bot_action")
    assert refused is not None and "L6 holds your army and the bot's" in refused
    assert game.refuse_press(view, [], "tactic_chosen") is None


def test_your_x_objective_is_read_from_your_supply(game: Holas):
    """The end "when either you or the Enemy has achieved one of the 4 X-Objectives" (L206): no Warrior or Serf
    left in your supply is your eXpand; the bot's next press sets the final round to the next one."""
    table = fresh(game)
    view = game.read(table)
    for i, guid in enumerate(mine(view, "warrior", "player.supply") + mine(view, "serf", "player.supply")):
        table = put(table, guid, on_map(game, table, "L1", i % 9))
    ledger = view.markers["ledger"]  # recruited over earlier rounds, paid then: the bot's note is of none of them
    table = Table(tuple(o._replace(gm_notes="") if o.guid == ledger else o for o in table.objects), table.source)
    view = game.read(table)
    enemy = Enemy(view.state.copy(), game.owned.value, random.Random(0))
    enemy.resume("bot_action")
    said = [d.reason.text for d in enemy.decisions if d.action.what == "x_objective"]
    assert said and said[0].startswith("you reach eXpand") and enemy.state.final_round == 2


def ended(game: Holas, you: int, bot: int, **fields: Any) -> Table:
    """A table whose last round (3) is played: your score marker on ``you``, the bot's on ``bot``."""
    data = game.owned.value
    s = rules.new_game(data, "L7", random.Random(1))
    s.round, s.final_round, s.pts, s.person.pts = 4, 3, bot, you
    for key, value in fields.items():
        setattr(s, key, value)
    return Table.from_save(build_table(s, data))


def scored(table: Table, done: bool = True) -> Table:
    """The table with your final-scoring marker moved by hand to 'done' (or back to 'not yet')."""
    marker = table.with_tag(layout.tag("marker", "scored"))[0].guid
    return put(table, marker, layout.AREAS["scored"].spot(int(done), layout.SCORED_SPOTS))


def test_a_trailing_person_is_told_the_count_to_make_not_that_the_bot_won(game: Holas):
    """L208 "Victory Points are then totalled as normal": your end-of-game points are not on your marker when the
    last round ends, yet the end named the bot the winner from the markers alone (18 to 23). Now it says the count to
    make (6 more and you win) and how to say it is made, and names no winner until your final-scoring marker is on
    'done'; then the markers decide."""
    table = ended(game, you=18, bot=23)
    end = game.outcome(game.read(table), Options())
    assert end is not None and not end.decided and end.headline == end.winner
    assert end.winner.startswith("the bot leads 23 to 18: add your end-of-game points to your score marker")
    assert "6 more and you win" in end.winner and "final-scoring marker" in end.winner and "'done'" in end.winner
    assert end.why == "round 3, the last round, is played" and "you 18, the bot 23" in end.score
    table = put(
        table, game.read(table).markers["you.score"], layout.lapped("you.score", 21)[0]
    )  # added 3: still behind
    table = scored(table)
    end = game.outcome(game.read(table), Options())
    assert end is not None and end.decided and end.winner == "the bot" and "your final scoring is done" in end.why
    assert "you 21, the bot 23" in end.score


def test_a_person_who_leads_wins_at_once_and_a_tie_waits_for_the_count(game: Holas):
    """L208: what you add only raises your score, so a lead of yours is the win before you count (23 to 18); a tie
    on the markers says the count (1 more and you win), and a tie still after your final scoring is the rulebook's
    tie-breaker, which the table does not show."""
    end = game.outcome(game.read(ended(game, you=23, bot=18)), Options())
    assert end is not None and end.decided and end.winner == "you" and "you 23, the bot 18" in end.score
    assert "only add to your score" in end.why
    table = ended(game, you=18, bot=18)
    end = game.outcome(game.read(table), Options())
    assert end is not None and not end.decided and end.winner.startswith("a tie at 18: add your end-of-game points")
    assert "1 more and you win" in end.winner
    end = game.outcome(game.read(scored(table)), Options())
    assert end is not None and not end.decided and "tie-breaker" in end.winner


def test_a_destroyed_capital_ends_the_game_and_the_points_still_decide(game: Holas):
    """L208 "(if a Capital City is destroyed then the game is automatically over)", then points totalled as normal:
    your Capital destroyed with you behind (5 to the bot's 9) waits for your count; the bot's destroyed with you
    ahead names you at once."""
    table = ended(game, you=5, bot=9, round=2, final_round=None, destroyed="you", player={})
    end = game.outcome(game.read(table), Options())
    assert end is not None and not end.decided and "your Capital City is destroyed" in end.why
    assert end.winner.startswith("the bot leads 9 to 5") and "5 more and you win" in end.winner
    end = game.outcome(game.read(scored(table)), Options())
    assert end is not None and end.decided and end.winner == "the bot"
    table = ended(game, you=30, bot=9, round=2, final_round=None, destroyed="bot")
    end = game.outcome(game.read(table), Options())
    assert end is not None and end.decided and end.winner == "you" and "the bot's Capital City is destroyed" in end.why


def test_final_scoring_marked_done_before_the_end_is_named(game: Holas):
    """Your final-scoring marker on 'done' while the game goes on would name a winner too early: the read names it
    (round 1, no final round yet) and reads nothing until it is back on 'not yet'."""
    table = scored(fresh(game))
    said = problems(game, table)
    assert any("final-scoring marker is on 'done', yet the game is not over (round 1)" in p for p in said), said
    assert not game.read(scored(table, done=False)).state.scored


def test_your_marker_between_two_spaces_is_named(game: Holas):
    """A marker the person leaves between two spaces of a track is named, and nothing is read from the table until
    it is put on one: your food marker halfway between 2 and 3; then on 3."""
    table = fresh(game)
    view = game.read(table)
    track = layout.AREAS["you.res.food"]
    two, three = track.spot(2, layout.RESOURCE_SPOTS), track.spot(3, layout.RESOURCE_SPOTS)
    table = put(table, view.markers["you.food"], Vec3((two.x + three.x) / 2, two.y, two.z))
    said = problems(game, table)
    assert any("your food" in p and "between two spaces of your food (0-10)" in p for p in said), said
    table = put(table, view.markers["you.food"], three)
    assert game.read(table).state.person.resources["food"] == 3


def test_your_marker_off_its_track_is_named_not_read_by_its_x_alone(game: Holas):
    """Your food marker knocked 4 units off its track's row, still above its space 3: it lies on no space (it read
    as 3, from its x alone), and is named; nothing is read until it is put back."""
    table = fresh(game)
    view = game.read(table)
    three = layout.AREAS["you.res.food"].spot(3, layout.RESOURCE_SPOTS)
    table = put(table, view.markers["you.food"], Vec3(three.x, three.y, three.z + 4.0))
    said = problems(game, table)
    assert any("a marker off your food (0-10): put it on one of its spaces" in p for p in said), said


def test_the_x_objective_shortcut_in_round_20_sets_round_21_as_the_last(game: Holas):
    """The shortcut "you reached an X-Objective" put the final-round marker past the track's end in round 20. It
    leaves the table as the same move by hand: the marker on the next round's space, read as round 21."""
    data = game.owned.value
    s = rules.new_game(data, "L7", random.Random(1))
    s.round = 20
    table = shortcut(game, Table.from_save(build_table(s, data)), X_SHORTCUT)
    read = game.read(table).state
    assert (read.round, read.final_round) == (20, 21)


def shortcut(game: Holas, table: Table, label: str) -> Table:
    """The table after the dashboard's shortcut ``label``: its moves set down as a hand would."""
    listed = {m.label: m.id for m in game.person_moves(None, table)}
    commands, _ = game.play_person(None, table, listed[label], random.Random(0))
    for command in commands:
        position = getattr(command, "position", None)
        assert position is not None
        table = put(table, command.guid, Vec3(position.x, position.y, position.z))
    return table


X_SHORTCUT = "you reached an X-Objective: the game ends after the next round"
SCORED_SHORTCUT = "my end-of-game points are on my score marker: my final scoring is done"


def test_the_final_scoring_shortcut_is_listed_once_the_game_is_over_and_moves_the_marker_to_done(game: Holas):
    """L208 "Victory Points are then totalled as normal": on the dashboard, once the game is over (and only then),
    a shortcut says your count is on your marker; it leaves the table as your hand would (the marker on 'done'),
    and the end then names the winner (the bot, 23 to 18)."""
    assert SCORED_SHORTCUT not in {m.label for m in game.person_moves(None, fresh(game))}
    table = shortcut(game, ended(game, you=18, bot=23), SCORED_SHORTCUT)
    view = game.read(table)
    assert view.state.scored and game.person_moves(None, table) == []
    end = game.outcome(view, Options())
    assert end is not None and end.decided and end.winner == "the bot"


def test_a_ledger_whose_notes_say_nothing_the_bot_knows_is_named(game: Holas):
    """The bot's note of your side is read from its marker's GM Notes (JSON): notes that are not such a thing are
    named with the field, and nothing moves."""
    table = fresh(game)
    ledger = game.read(table).markers["ledger"]
    table = Table(tuple(o._replace(gm_notes='{"supply": 5}') if o.guid == ledger else o for o in table.objects))
    said = problems(game, table)
    assert any("its GM Notes are not the bot's note of your side (supply: " in p for p in said), said


def test_the_table_has_a_snap_point_on_every_space_of_your_tracks(game: Holas):
    """Where a marker dropped by hand lands in TTS: the save's SnapPoints (world coordinates,
    shared/docs/tts-interface.md) hold every space of your resource tracks, both score rows and your final scoring's
    two spaces, and the mod built for TTS keeps them; the mod checker finds nothing wrong with the table."""
    from bridge import modcheck
    from bridge.modbuild import build_save

    save = build_save(game).to_dict()
    at = {(round(p["Position"]["x"], 3), round(p["Position"]["z"], 3)) for p in save["SnapPoints"]}
    for key in ("you.res.food", "res.ore"):
        track = [layout.AREAS[key].spot(i, layout.RESOURCE_SPOTS) for i in range(layout.RESOURCE_SPOTS)]
        assert all((round(s.x, 3), round(s.z, 3)) in at for s in track)
    for key in ("score", "you.score"):
        assert all(
            (round(s.x, 3), round(s.z, 3)) in at for s in (layout.lapped(key, v)[0] for v in range(layout.SCORE_SPOTS))
        )
    final = [
        layout.AREAS["scored"].spot(i, layout.SCORED_SPOTS) for i in range(layout.SCORED_SPOTS)
    ]  # your final scoring's two
    assert all((round(s.x, 3), round(s.z, 3)) in at for s in final)
    assert modcheck.check(save) == []
