"""A table profile that is wrong for The White Castle is refused by name (issue 40): a GUID no object has, one object
in two roles, a placement that puts the board's spaces off it, an offset for a space the layout lacks; and the built
profile and spec agree with the build."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge.table import Table
from engines.base import ReadError
from engines.profile import Cast, Profile, ProfileError, dump, load
from engines.whitecastle.table import layout
from engines.whitecastle.table.read import read_table
from engines.whitecastle.table.roles import built_profile, spec
from tests.whitecastle.test_reskin import POSITIONS, table_of
from tests.whitecastle.test_table import DECK


def written(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_built_profile_round_trips_and_finds_every_role_of_the_built_table(tmp_path: Path) -> None:
    path = tmp_path / "built.json"
    path.write_text(dump(built_profile(DECK)), encoding="utf-8")
    assert load(path, spec(DECK)) == built_profile(DECK)
    original, _, _ = table_of(POSITIONS[0])
    cast = Cast(built_profile(DECK), spec(DECK), original)
    assert cast.problems == []
    empty = [key for key in spec(DECK).roles if not cast.objects(key) and not key.startswith("card:")]
    assert POSITIONS[0].coins == 0 and empty == ["coin", "lap"]  # every card inside the deck; no coin, no lap yet


def test_a_guid_gone_is_named_with_its_role_and_nothing_is_read() -> None:
    _, skin, profile = table_of(POSITIONS[0])
    data = profile.to_json()
    data["roles"]["marker:round"] = {"match": [{"guid": "0ff0ff"}]}
    gone = Profile.model_validate(data)
    with pytest.raises(ReadError) as caught:
        read_table(Table.from_save(skin.save), DECK, profile=gone)
    said = str(caught.value)
    assert "the round marker (role 'marker:round', guid '0ff0ff') names GUID '0ff0ff'" in said
    assert "which no object on the table has" in said


def test_two_roles_on_one_object_are_refused_by_name(tmp_path: Path) -> None:
    """By GUID, the file is refused as it loads; by what two matches share, the read names the object."""
    _, skin, profile = table_of(POSITIONS[0])
    data = profile.to_json()
    data["roles"]["marker:clan_points"] = data["roles"]["marker:influence"]
    with pytest.raises(ProfileError, match=r"roles.marker:clan_points: GUID '[0-9a-f]+' plays role 'marker:influence'"):
        load(written(tmp_path, data), spec(DECK))
    data = profile.to_json()
    data["roles"]["die:black"] = data["roles"]["die:red"]  # both by the name 'Dé rouge'
    with pytest.raises(ReadError, match="plays roles 'die:red' and 'die:black': one object, one role"):
        read_table(Table.from_save(skin.save), DECK, profile=Profile.model_validate(data))


def test_a_placement_that_puts_the_spaces_off_the_board_is_refused_by_name(tmp_path: Path) -> None:
    _, _, profile = table_of(POSITIONS[0])
    data = profile.to_json()
    data["boards"]["board"]["position"] = [30.0, 0.0, 0.0]  # our layout beside the mod's board, not on it
    with pytest.raises(ProfileError) as caught:
        load(written(tmp_path, data), spec(DECK))
    said = str(caught.value)
    assert (
        "boards.board: " in said and "spaces of areas land off the board" in said and "the transform is wrong" in said
    )
    data = profile.to_json()
    data["boards"]["board"]["offsets"] = {"areas:first_floor.9": [0.0, 1.0]}
    with pytest.raises(ProfileError, match=r"boards.board.offsets.areas:first_floor.9: no such space"):
        load(written(tmp_path, data), spec(DECK))


def test_a_profile_for_another_deck_is_refused_by_its_card_roles(tmp_path: Path) -> None:
    """The card roles are the deck's: a profile written for other cards names each card it lacks or has too many."""
    data = built_profile(DECK).to_json()
    data["roles"]["card:other.01"] = data["roles"].pop("card:sample.01")
    with pytest.raises(ProfileError) as caught:
        load(written(tmp_path, data), spec(DECK))
    said = str(caught.value)
    assert "roles: 'card:sample.01' (bot card sample.01) is missing" in said
    assert "roles.card:other.01: not a role of The White Castle" in said


def test_every_space_of_the_layout_lies_on_the_built_board() -> None:
    half_w, half_d = layout.BOARD_SIZE[0] / 2, layout.BOARD_SIZE[1] / 2
    off = [k for k, at in layout.LAYOUT.spots.items() if abs(at.x) > half_w or abs(at.z) > half_d]
    assert off == [] and set(layout.AREAS) < set(layout.LAYOUT.spots)
