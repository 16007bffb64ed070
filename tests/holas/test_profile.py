"""Heroes of Land, Air & Sea's table profile (engines/holas/table/roles.py): a profile that is wrong for the game is
refused by name (a GUID gone, two roles on one object, a transform that puts the map's regions off the board, a
region or unit the data lacks), from a file, on a table, and through ``automa decide``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge.cli import main
from bridge.table import Table
from engines.base import ReadError
from engines.holas.table import layout
from engines.holas.table.read import read_table
from engines.holas.table.roles import built_profile, spec
from engines.profile import Cast, Profile, ProfileError, dump, load
from tests.reskin import load as load_game

GAME = load_game(layout.TAG_PREFIX)
DATA = GAME.owned.value
REGIONS = len(DATA.map.regions)


def built() -> dict[str, Any]:
    return built_profile(DATA).to_json()


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def table() -> Table:
    return Table.from_save(GAME.build_table({}, seed=3))


def test_the_built_profile_round_trips_through_its_file_and_reads_the_built_table(tmp_path: Path) -> None:
    path = tmp_path / "built.json"
    path.write_text(dump(built_profile(DATA)), encoding="utf-8")
    assert load(path, spec(DATA)) == built_profile(DATA)
    assert read_table(table(), DATA, load(path, spec(DATA))).state == read_table(table(), DATA).state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["roles"].pop("marker:cc"), "roles: 'marker:cc' (CC Track token) is missing"),
        (lambda d: d["roles"].update({"unit:hero4": d["roles"]["unit:hero1"]}), "roles.unit:hero4: not a role of"),
        (
            lambda d: d["roles"].update(
                {"marker:ore": {"match": [{"guid": "abc123"}]}, "marker:cc": {"match": [{"guid": "abc123"}]}}
            ),
            "roles.marker:cc: GUID 'abc123' plays role 'marker:ore' too: one object plays one role",
        ),
        (  # the sample map's 4 x 3 regions have centres at x = -15, -5, 5, 15 and z = 10, 0, -10 (board units):
            # scaled by 2, on a 24 x 20 board only the middle row's two middle ones (x = +-10, z = 0) stay on
            lambda d: d.update(boards={"board": {"scale": [2.0, 2.0], "size": [24.0, 20.0]}}),
            f"boards.board: 10 of the {REGIONS} spaces of regions land off the board (24 x 20), regions:L1 at",
        ),
        (  # moved 30 to the right: x = 15, 25, 35, 45; on a 44-wide board only the first column (15) stays on
            lambda d: d.update(boards={"board": {"position": [30.0, 0.0, 0.0], "size": [44.0, 34.0]}}),
            f"boards.board: 9 of the {REGIONS} spaces of regions land off the board (44 x 34)",
        ),
        (
            lambda d: d.update(boards={"board": {"offsets": {"regions:Z9": [0.5, 0.0]}}}),
            "boards.board.offsets.regions:Z9: no such space",
        ),
        (lambda d: d.update(game="warchest"), "game: 'warchest' is not 'holas'"),
    ],
)
def test_a_wrong_profile_is_refused_naming_the_entry_and_field(tmp_path: Path, change: Any, message: str) -> None:
    data = built()
    change(data)
    with pytest.raises(ProfileError) as err:
        load(write(tmp_path, data), spec(DATA))
    assert message in str(err.value) and str(tmp_path) in str(err.value)


def test_a_guid_the_table_lacks_is_named_and_nothing_is_read() -> None:
    data = built()
    data["roles"]["marker:cc"] = {"match": [{"guid": "0ff0ff"}]}
    with pytest.raises(ReadError) as err:
        read_table(table(), DATA, Profile.model_validate(data))
    said = "the CC Track token (role 'marker:cc', guid '0ff0ff') names GUID '0ff0ff', which no object on the table has"
    assert said in str(err.value)


def test_a_bot_mini_replaced_during_play_is_named_at_the_next_read() -> None:
    """A profile names hero 1 by GUID; a person swaps the mini for another (a new GUID): the next read names it."""
    save = GAME.build_table({}, seed=3).to_dict()
    hero = next(o for o in save["ObjectStates"] if o.get("GMNotes") == "hero1")
    data = built()
    data["roles"]["unit:hero1"] = {"match": [{"guid": hero["GUID"]}]}
    profile = Profile.model_validate(data)
    assert read_table(Table.from_states(save["ObjectStates"]), DATA, profile).units["hero1"] == hero["GUID"]
    hero["GUID"] = "beef01"
    with pytest.raises(ReadError, match=r"role 'unit:hero1'.* names GUID .*which no object on the table has"):
        read_table(Table.from_states(save["ObjectStates"]), DATA, profile)


def test_one_object_in_two_roles_on_the_table_is_named() -> None:
    """The CC token given the ore marker's match: the ore marker plays both roles, and the CC token none."""
    data = built()
    data["roles"]["marker:cc"] = data["roles"]["marker:ore"]
    on = table()
    cast = Cast(Profile.model_validate(data), spec(DATA), on)
    ore = next(o for o in on if o.nickname == "bot ore")
    assert [str(p) for p in cast.problems] == [
        f"{ore.describe()}: plays roles 'marker:ore' and 'marker:cc': one object, one role"
    ]
    with pytest.raises(ReadError, match="plays roles 'marker:ore' and 'marker:cc'"):
        read_table(on, DATA, Profile.model_validate(data))


def test_a_mini_like_ours_that_plays_no_role_is_named() -> None:
    save = GAME.build_table({}, seed=3).to_dict()
    hero = next(o for o in save["ObjectStates"] if o.get("GMNotes") == "hero1")
    hero["GMNotes"] = "hero9"
    with pytest.raises(ReadError, match=r"looks like a piece of Heroes of Land, Air & Sea but plays no role \(a bot"):
        read_table(Table.from_states(save["ObjectStates"]), DATA)


def test_decide_with_a_wrong_profile_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "table.json"
    GAME.build_table({}, seed=2).dump(save)
    data = built()
    data["boards"] = {"board": {"scale": [2.0, 2.0], "size": [24.0, 20.0]}}
    profile = write(tmp_path, data)
    assert main(["decide", layout.TAG_PREFIX, str(save), "--allow-sample", "--profile", str(profile)]) == 2
    assert f"{profile}: boards.board: 10 of the {REGIONS} spaces of regions land off" in capsys.readouterr().err
