"""The calibration's steps without a live table (engines/calibrate.py): a board's placement from two references
(any turn with one scale; a quarter turn with the x and z scales apart), the third reference's check, a skipped
board, and a role of many whose kind would catch another role's piece."""

from __future__ import annotations

import asyncio

import pytest

from bridge.calibrate import Asker
from bridge.modbuild import build_save
from bridge.table import SaveFile, Table, TableObject, Vec3
from bridge.table.geometry import Transform
from engines import registry
from engines.adopt import propose
from engines.calibrate import BoardStep, Calibration, RoleStep, board_step, fit, placed_world
from engines.holas.table.layout import map_layout
from engines.profile import Board, Cast
from engines.warchest.table import SPEC
from tests.conftest import start_live, stop_live
from tests.engines.test_adopt import SHARED
from tests.reskin import load

BOARD = Transform(Vec3(3.0, 1.0, -2.0), Vec3(0.0, 40.0, 0.0), Vec3(2.0, 1.0, 2.0))


@pytest.mark.parametrize(
    "placement",
    [
        Board(position=(0.4, 0.0, -0.3), rotation_y=30.0, scale=(0.6, 0.6)),  # art turned inside its board
        Board(position=(-0.8, 0.0, 0.25), rotation_y=90.0, scale=(0.55, 0.5)),  # a quarter turn, other proportions
        Board(position=(0.0, 0.0, 0.0), rotation_y=0.0, scale=(0.5, 0.45)),
    ],
)
def test_two_references_give_back_the_placement_they_were_dropped_by(placement: Board) -> None:
    spaces = [Vec3(-3.0, 0.2, -5.0), Vec3(3.0, 0.2, 5.0)]
    drops = [placed_world(BOARD, placement, s) for s in spaces]
    found = fit(BOARD, spaces, drops)
    assert found.rotation_y == pytest.approx(placement.rotation_y)
    assert found.scale == pytest.approx(placement.scale)
    assert found.position == pytest.approx(placement.position)
    third = Vec3(-4.7, 0.2, 1.6)
    assert placed_world(BOARD, found, third).distance_xz(placed_world(BOARD, placement, third)) < 1e-9


def test_two_pieces_on_one_spot_fix_nothing_and_a_mirrored_board_needs_the_third() -> None:
    spot = Vec3(1.0, 0.0, 1.0)
    with pytest.raises(ValueError, match="lie on one spot"):
        fit(BOARD, [Vec3(0.0, 0.0, 0.0), Vec3(1.0, 0.0, 1.0)], [spot, spot])
    mirrored = Board(scale=(-0.5, 0.5))  # two references fit it as a turn: the third is what shows it
    spaces = [Vec3(-3.0, 0.2, -5.0), Vec3(3.0, 0.2, 5.0)]
    found = fit(BOARD, spaces, [placed_world(BOARD, mirrored, s) for s in spaces])
    third = Vec3(-4.7, 0.2, 1.6)
    assert placed_world(BOARD, found, third).distance_xz(placed_world(BOARD, mirrored, third)) > 1.0


def board_table() -> tuple[Table, TableObject]:
    board = TableObject(
        guid="b0a4d1",
        type="Board",
        name="Custom_Board",
        nickname="War Chest board",
        position=BOARD.position,
        rotation=BOARD.rotation,
        scale=BOARD.scale,
    )
    return Table((board,)), board


def at_board_step() -> tuple[Calibration, BoardStep, TableObject]:
    """A table of the board alone: every other role skipped, up to the board's references."""
    table, board = board_table()
    calibration = Calibration(propose(SPEC, table, mod="a board alone"), SPEC, table)
    while isinstance(calibration.step, RoleStep):
        assert calibration.skip().ok
    step = calibration.step
    assert isinstance(step, BoardStep) and "board" not in calibration.unfilled
    return calibration, step, board


def piece_at(at: Vec3) -> TableObject:
    return TableObject(guid="d1e000", type="Dice", name="Die_6", position=at)


def test_the_third_reference_beyond_the_tolerance_is_refused_saying_how_far_and_nothing_is_kept() -> None:
    calibration, step, board = at_board_step()
    truth = Board(position=(0.2, 0.0, 0.1), scale=(0.55, 0.5))
    drops = [placed_world(board.transform, truth, r.at) for r in step.refs]
    for at in drops[:2]:
        assert calibration.dropped(piece_at(at), [board.guid]).ok
    off = drops[2] + Vec3(1.0, 0.0, 0.0)
    reply = calibration.dropped(piece_at(off), [board.guid])
    assert not reply.ok and "the third piece lies 1.00 from where the first two put" in reply.text
    assert calibration.boards == {} and calibration.drops == [] and calibration.step is step  # start again
    for at in drops:
        reply = calibration.dropped(piece_at(at), [board.guid])
    assert reply.ok and calibration.step is None
    assert calibration.profile().boards["board"].scale == pytest.approx((0.55, 0.5))


def test_a_piece_off_the_board_is_refused_and_a_skipped_board_is_said_to_lie_as_built() -> None:
    calibration, _, _ = at_board_step()
    reply = calibration.dropped(piece_at(Vec3(40.0, 1.0, 30.0)), ["e00001"])  # on the second board, say
    assert not reply.ok and "off the board (b0a4d1)" in reply.text and calibration.drops == []
    assert calibration.skip().ok and calibration.step is None
    assert "assumed: the board lies as the project builds it (not calibrated)" in calibration.lines()
    assert "board" not in calibration.profile().boards


def coin(guid: str, nickname: str, tint: tuple[float, float, float] | None = None) -> TableObject:
    return TableObject(guid=guid, type="Tile", name="Custom_Token", nickname=nickname, tint=tint)


def test_a_kind_that_catches_another_roles_piece_is_narrowed_to_guids_and_a_piece_in_a_role_is_refused() -> None:
    """Two roles of many whose pieces share a name and differ by nothing the table shows: the first is learnt by
    its kind, which the second's pick-up shows too wide; both end by GUID. Picking the first's piece again for a
    third role is refused by name."""
    table = Table((coin("aaa001", "Jeton"), coin("aaa002", "Jeton"), coin("aaa003", "Autre")))
    calibration = Calibration(propose(SPEC, table, mod="coins"), SPEC, table)
    asked = []
    while isinstance(step := calibration.step, RoleStep) and len(asked) < 3:
        if step.key.startswith("coin:"):
            asked.append(step.key)
            picked = ("aaa001", "aaa002", "aaa001")[len(asked) - 1]
            reply = calibration.picked_up(next(o for o in table if o.guid == picked))
            if len(asked) < 3:
                assert reply.ok, reply.text
                continue
            assert not reply.ok and f"that is the {SPEC.roles[asked[0]].what} already" in reply.text
            break
        calibration.skip()
    first, second, _ = asked
    assert calibration.roles[first].match[0].guid == "aaa001"
    assert calibration.roles[second].match[0].guid == "aaa002"
    assert "narrowed to its GUID" in calibration.learnt[first]


def test_a_map_placed_by_its_outlines_checks_the_third_reference_within_a_quarter_of_its_nearest_regions() -> None:
    """Heroes' map has no snap (a piece is placed by the regions' outlines): the check's tolerance, half the snap,
    was 0, so no third piece lay close enough (a float's error off) and the map was asked again for ever. It is a
    quarter of the distance between the two nearest region centres: a drop within it is nearer its own region's
    centre than any other's."""
    heroes = load("holas").owned.value
    regions = map_layout(heroes.map)
    step = board_step("board", "map board", {"regions": regions})
    assert regions.snap == 0 and step is not None
    centres = list(regions.spots.values())
    nearest = min(a.distance_xz(b) for i, a in enumerate(centres) for b in centres[i + 1 :])
    assert step.tolerance == pytest.approx(nearest / 4) and nearest > 1.0


def test_a_pile_picked_up_as_a_deck_is_learnt_for_its_single_cards_too() -> None:
    """A role of piles (51st State's connection cards): one pile is a Deck, another down to one card is a Card
    (TTS's own); the Deck picked up teaches a kind that is not its resource name, so the Card is in the role too,
    and a card of another name is not."""
    fifty = load("fiftyfirst").profile_spec()  # the sample's cards
    assert fifty is not None
    pile = TableObject(guid="ddd001", type="Deck", name="Deck", nickname="Connexion")
    single = TableObject(guid="ddd002", type="Card", name="Card", nickname="Connexion")
    other = TableObject(guid="ddd003", type="Card", name="Card", nickname="Lieu")
    table = Table((pile, single, other))
    calibration = Calibration(propose(fifty, table, mod="piles"), fifty, table)
    while isinstance(step := calibration.step, RoleStep) and step.key != "connection":
        calibration.skip()
    assert calibration.picked_up(pile).ok
    found = Cast(calibration.profile(), fifty, table).objects("connection")
    assert {o.guid for o in found} == {"ddd001", "ddd002"}


@pytest.mark.parametrize("game", ["warchest", "paxpamir", "whitecastle", "fiftyfirst", "holas"])
async def test_calibration_on_another_games_real_save_skipped_through_names_every_role_and_moves_nothing(
    game: str,
) -> None:
    """The 323-object layout of a scripted Dune Imperium mod (../shared/data/tts-saves), live in the emulator over
    loopback: each question asked in the chat is answered 'skip' there; calibration ends, every role it asked
    named unfilled, and no object lies elsewhere."""
    if SHARED is None or not (SHARED / "dune-spice-flow-skeleton.json").exists():
        pytest.skip("../shared/data/tts-saves is not beside this checkout")
    save = SaveFile.load(SHARED / "dune-spice-flow-skeleton.json")
    plugin = registry.load(game)
    plugin.use_data(None, True) if plugin.data is not None else None  # the sample cards, where roles come from data
    spec = plugin.profile_spec()
    assert spec is not None
    live = await start_live(build_save(plugin, table=save), timeout=10)
    heard: list[str] = []
    live.emulator.echo.append(lambda kind, text: heard.append(text))
    try:
        live.connector.looks = True
        table = await live.connector.snapshot(full=True)
        calibration = Calibration(propose(spec, table, mod="Dune"), spec, table)
        asked = len(calibration.unfilled)
        task = asyncio.create_task(Asker(live.connector, calibration).run())
        deadline = asyncio.get_running_loop().time() + 120
        while not task.done():
            assert asyncio.get_running_loop().time() < deadline, f"stuck at: {calibration.prompt()}"
            prompt = calibration.prompt() or ""
            if any(prompt in line for line in heard):
                heard.clear()
                live.emulator.chat("skip")
            await asyncio.sleep(0.005)
        profile = await task
        after = {o.guid: o.position for o in await live.connector.snapshot(full=True)}
    finally:
        await stop_live(live)
    assert asked > 20 and len(calibration.unfilled) >= asked
    assert all(key in profile.roles for key in spec.roles)
    assert all(after[o.guid] == o.position for o in table)


def test_an_area_with_no_zone_is_marked_by_two_corners_as_a_box() -> None:
    """A mod whose supply is printed on its mat has no zone there: the first drop is one corner, the second (after
    a pair in a line, refused) the opposite one; the role is that box, which encloses what lies inside it."""
    table, _ = board_table()
    calibration = Calibration(propose(SPEC, table, mod="no zones"), SPEC, table)
    step = calibration.step
    assert isinstance(step, RoleStep) and step.area
    assert "corner" in calibration.dropped(piece_at(Vec3(-6.0, 1.0, -4.0)), []).text
    assert calibration.prompt() == f"Drop a piece at the opposite corner of the {step.what} (or type skip)."
    reply = calibration.dropped(piece_at(Vec3(-6.1, 1.0, 0.0)), [])
    assert not reply.ok and "lie in a line" in reply.text and calibration.step is step
    calibration.dropped(piece_at(Vec3(-6.0, 1.0, -4.0)), [])
    assert calibration.dropped(piece_at(Vec3(-2.0, 1.4, -1.0)), []).ok and calibration.step is not step
    role = calibration.profile().roles[step.key]
    assert role.box is not None and role.box.size == pytest.approx((4.0, 4.0, 3.0))
    assert role.box.centre == pytest.approx((-4.0, 1.2, -2.5))
    zone = Cast(calibration.profile(), SPEC, table).objects(step.key)[0]
    assert zone.encloses(Vec3(-3.0, 1.3, -2.0)) and not zone.encloses(Vec3(-1.5, 1.3, -2.0))
