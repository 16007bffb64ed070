"""Table profiles (engines/profile.py): the shipped schema, the built tables' profiles, and a wrong profile refused by
name (a GUID gone, two roles on one object, a transform that puts spaces off the board, a role the game lacks)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge.table import Table
from engines.base import ReadError
from engines.paxpamir.table import layout as PAX_LAYOUT
from engines.paxpamir.table.build import build_table as pax_build
from engines.paxpamir.table.read import read_table as pax_read
from engines.paxpamir.table.roles import SPEC as PAX_SPEC
from engines.profile import SCHEMA, Cast, Profile, ProfileError, dump, load, schema
from engines.warchest.read import read_table
from engines.warchest.table import BUILT, SPEC, build_table
from engines.warchest.units import CARDS
from tests.paxpamir.test_reskin import profile_for as pax_profile_for
from tests.paxpamir.test_reskin import rename as pax_rename
from tests.paxpamir.test_reskin import warp as pax_warp
from tests.reskin import reskinned


def built() -> dict[str, Any]:
    return BUILT.to_json()


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def guid_profile(table: Table) -> dict[str, Any]:
    """The built profile with the board and side A's bag named by GUID, as a mod's profile names them."""
    data = built()
    board = next(o for o in table if o.has_tag("warchest.board"))
    bag = next(o for o in table if o.has_tag("warchest.bag") and o.has_tag("warchest.side.A"))
    data["roles"]["board"] = {"match": [{"guid": board.guid}]}
    data["roles"]["bag:A"] = {"match": [{"guid": bag.guid}]}
    return data


def test_the_shipped_schema_is_the_one_the_loader_checks_against() -> None:
    shipped = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert shipped == schema(), "the models changed: python -m engines.profile writes the schema again"


def test_the_built_profile_round_trips_through_its_file(tmp_path: Path) -> None:
    path = tmp_path / "built.json"
    path.write_text(dump(BUILT), encoding="utf-8")
    assert load(path, SPEC) == BUILT


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["roles"].pop("bag:A"), "roles: 'bag:A' (side A's bag) is missing"),
        (lambda d: d["roles"].update({"bag:C": d["roles"]["bag:A"]}), "roles.bag:C: not a role of War Chest"),
        (lambda d: d["roles"]["board"].update(match=[{}]), "roles.board.match[0]: a match names nothing"),
        (
            lambda d: d["roles"]["coin:Knight"]["match"][0].update(card_id="twelve"),
            "roles.coin:Knight.match[0].card_id: Input should be a valid integer",
        ),
        (
            lambda d: d["roles"].update(
                {"bag:A": {"match": [{"guid": "abc123"}]}, "bag:B": {"match": [{"guid": "abc123"}]}}
            ),
            "roles.bag:B: GUID 'abc123' plays role 'bag:A' too: one object plays one role",
        ),
        (  # off an 8 x 8 board: the rows r = +-3 (z = 4.95, 4 hexes each) and x = +-1.1 * sqrt(3) * 2.5 = +-4.76
            # (q + r/2 = +-2.5: two hexes in each of the rows r = -1, 0, 1): 8 + 6
            lambda d: d.update(boards={"board": {"size": [8.0, 8.0]}}),
            "boards.board: 14 of the 37 spaces of hexes land off the board (8 x 8), hexes:",
        ),
        (
            lambda d: d.update(boards={"board": {"offsets": {"hexes:9,9": [0.1, 0.0]}}}),
            "boards.board.offsets.hexes:9,9: no such space",
        ),
        (lambda d: d.update(boards={"map": {}}), "boards.map: not a board of War Chest"),
        (lambda d: d.update(game="paxpamir"), "game: 'paxpamir' is not 'warchest'"),
    ],
)
def test_a_wrong_profile_is_refused_naming_the_entry_and_field(tmp_path: Path, change: Any, message: str) -> None:
    data = built()
    change(data)
    with pytest.raises(ProfileError) as err:
        load(write(tmp_path, data), SPEC)
    assert message in str(err.value) and str(tmp_path) in str(err.value)


def test_a_guid_the_table_lacks_is_named_and_nothing_is_read() -> None:
    table = Table.from_save(build_table(seed=3))
    data = guid_profile(table)
    data["roles"]["bag:A"] = {"match": [{"guid": "0ff0ff"}]}
    with pytest.raises(ReadError) as err:
        read_table(table, Profile.model_validate(data))
    assert (
        "the side A's bag (role 'bag:A', guid '0ff0ff') names GUID '0ff0ff', which no object on the table has"
        in str(err.value)
    )


def test_a_piece_replaced_during_play_is_named_at_the_next_read() -> None:
    """The profile names the bag by GUID; a person swaps it for a new bag (a new GUID): the next read names it."""
    save = build_table(seed=3)
    table = Table.from_save(save)
    profile = Profile.model_validate(guid_profile(table))
    assert read_table(table, profile).physical.bag[0] == profile.roles["bag:A"].match[0].guid
    data = save.to_dict()
    bag = next(o for o in data["ObjectStates"] if o["GUID"] == profile.roles["bag:A"].match[0].guid)
    bag["GUID"] = "beef01"
    with pytest.raises(ReadError, match=r"role .bag:A.* names GUID .*which no object on the table has"):
        read_table(Table.from_states(data["ObjectStates"]), profile)


def test_one_object_in_two_roles_on_the_table_is_named() -> None:
    """A unit no side drafted given the match of one drafted: every coin of that unit is named in both roles."""
    table = Table.from_save(build_table(seed=3))
    drafted = sorted({o.nickname for o in table if o.has_tag("warchest.card")})
    other = next(unit for unit in CARDS if unit not in drafted)
    data = built()
    data["roles"][f"coin:{other}"] = data["roles"][f"coin:{drafted[0]}"]
    cast = Cast(Profile.model_validate(data), SPEC, table)
    first, second = sorted([f"coin:{drafted[0]}", f"coin:{other}"], key=list(SPEC.roles).index)
    assert len(cast.problems) == CARDS[drafted[0]].coins
    assert all(f"plays roles '{first}' and '{second}': one object, one role" in str(p) for p in cast.problems)


def test_an_object_like_ours_that_plays_no_role_is_named() -> None:
    data = build_table(seed=3).to_dict()
    coin = next(o for o in data["ObjectStates"] if "warchest.coin" in (o.get("Tags") or []))
    coin["Nickname"] = "Dragon"
    with pytest.raises(ReadError, match=r"'Dragon'.*looks like a piece of War Chest but plays no role"):
        read_table(Table.from_states(data["ObjectStates"]))


def test_an_area_the_mod_marks_with_no_object_is_a_box_in_the_profile() -> None:
    """The removed-from-play zone taken off the table, and the profile's box where it was: the table reads the same."""
    save = build_table(seed=3)
    table = Table.from_save(save)
    zone = next(o for o in table if o.has_tag("warchest.removed"))
    data = built()
    data["roles"]["zone:removed"] = {"box": {"centre": list(zone.position), "size": list(zone.scale)}}
    without = Table(tuple(o for o in table if o.guid != zone.guid))
    assert read_table(without, Profile.model_validate(data)).state.sides == read_table(table).state.sides
    with pytest.raises(ReadError, match="removed-from-play zone"):
        read_table(without)


def test_a_match_on_what_the_snapshot_does_not_carry_is_named_once() -> None:
    """A table whose objects carry no image URLs (a snapshot taken without looks, say): a profile naming the board by
    its image says so, once, rather than naming it missing."""
    data = build_table(seed=3).to_dict()
    for obj in data["ObjectStates"]:
        obj.pop("CustomImage", None)
    profile = BUILT.to_json()
    profile["roles"]["board"] = {"match": [{"image": "https://example.invalid/board.png"}]}
    with pytest.raises(ReadError) as err:
        read_table(Table.from_states(data["ObjectStates"], "live table"), Profile.model_validate(profile))
    said = [str(p) for p in err.value.problems if "carries" in str(p)]
    assert said == ["the table profile matches board by image, which no object on this live table carries"]


# --- Pax Pamir: the same refusals, on its profile (roles by seat, coalition and card; a board with four layouts) ----


def pax_profile() -> tuple[Table, dict[str, Any]]:
    """A re-skinned Pax Pamir table and the profile a person writes for it (tests/paxpamir/test_reskin.py): the
    zones, the favored-suit marker and the rulers by GUID, the board by image with its placement and size."""
    original, skin = reskinned(pax_build(seed=2), PAX_LAYOUT.BOARD_TAG, pax_warp(), pax_rename)
    return Table.from_save(skin.save), pax_profile_for(original, skin).to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (  # two roles on one object: the favored-suit marker's GUID given to a ruler token
            lambda d: d["roles"]["ruler:kabul"].update(match=d["roles"]["favored"]["match"]),
            "plays role 'favored' too: one object plays one role",
        ),
        (  # the map's size halved: the regions, the market's cards and the tracks fall off its edges
            lambda d: d["boards"]["board"].update(size=[s / 2 for s in d["boards"]["board"]["size"]]),
            "land off the board",
        ),
        (  # the layout moved 6 units right on the board: the market's, the tracks' right ends fall off its edge
            lambda d: d["boards"]["board"].update(position=[6.0, 0.0, 0.0]),
            "land off the board",
        ),
        (lambda d: d["boards"].update({"dial:0": {"offsets": {"loyalty:nowhere": [1.0, 0.0]}}}), "no such space"),
        (lambda d: d["roles"].pop("zone:bank"), "roles: 'zone:bank' (bank zone) is missing"),
    ],
)
def test_a_wrong_pax_pamir_profile_is_refused_naming_the_entry_and_field(
    tmp_path: Path, change: Any, message: str
) -> None:
    _, data = pax_profile()
    change(data)
    with pytest.raises(ProfileError) as err:
        load(write(tmp_path, data), PAX_SPEC)
    assert message in str(err.value) and str(tmp_path) in str(err.value)


def test_a_pax_pamir_guid_the_table_lacks_is_named_and_nothing_is_read() -> None:
    table, data = pax_profile()
    data["roles"]["favored"] = {"match": [{"guid": "0ff0ff"}]}
    with pytest.raises(ReadError) as err:
        pax_read(table, Profile.model_validate(data))
    assert "(role 'favored', guid '0ff0ff') names GUID '0ff0ff', which no object on the table has" in str(err.value)
