"""51st State's table profile (issue 40): the built table's profile round-trips through its file; a profile wrong for
51st State (a GUID gone, two roles on one object, a transform that puts the score track's spaces off its board) is
refused by name; ``--profile`` on decide, serve and dev."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge.cli import main
from bridge.table import SaveFile, Table
from engines.base import ReadError
from engines.fiftyfirst.cards import SAMPLE
from engines.fiftyfirst.table import layout
from engines.fiftyfirst.table.build import build_table
from engines.fiftyfirst.table.read import read_table
from engines.fiftyfirst.table.roles import built_profile, spec
from engines.profile import Cast, Profile, ProfileError, dump, load
from tests.conftest import ROOT
from tests.fiftyfirst.test_table import CARDS, a_state_with_locations, fields

SPEC, BUILT = spec(CARDS), built_profile(CARDS)
DATA = ["--data", str(SAMPLE)]


def write(tmp_path: Path, data: object, name: str = "profile.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def save_of(state: Any = None) -> SaveFile:
    return build_table(state or a_state_with_locations(), CARDS)


def guid_of(table: Table, tag: str) -> str:
    return next(o.guid for o in table if o.has_tag(tag))


def test_the_built_profile_round_trips_through_its_file_and_reads_as_without(tmp_path: Path) -> None:
    path = tmp_path / "built.json"
    path.write_text(dump(BUILT), encoding="utf-8")
    assert load(path, SPEC) == BUILT
    table = Table.from_save(save_of())
    assert fields(read_table(table, CARDS, load(path, SPEC)).state) == fields(read_table(table, CARDS).state)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["roles"].update(
                {"marker:bot": {"match": [{"guid": "abc123"}]}, "marker:person": {"match": [{"guid": "abc123"}]}}
            ),
            "roles.marker:bot: GUID 'abc123' plays role 'marker:person' too: one object plays one role",
        ),
        (  # the score track is 40 across: a board 10 across leaves all but its middle spaces off
            lambda d: d.update(boards={"board:score": {"size": [10.0, 2.0]}}),
            "boards.board:score: 38 of the 50 spaces of score land off the board (10 x 2), score:0 at (-19.60, 0.00)",
        ),
        (  # turned a quarter round, the track runs across a board 40 x 2
            lambda d: d.update(boards={"board:score": {"rotation_y": 90.0, "size": [40.0, 2.0]}}),
            "boards.board:score: 48 of the 50 spaces of score land off the board (40 x 2)",
        ),
        (
            lambda d: d.update(boards={"board:score": {"offsets": {"score:50": [0.1, 0.0]}}}),
            "boards.board:score.offsets.score:50: no such space",
        ),
        (lambda d: d["roles"].pop("zone:lookout"), "roles: 'zone:lookout' ('Lookout row' zone) is missing"),
        (lambda d: d["roles"].pop("card:sample.outpost"), "roles: 'card:sample.outpost' (location card"),
        (lambda d: d.update(boards={"board": {}}), "boards.board: not a board of 51st State"),
    ],
)
def test_a_wrong_profile_is_refused_naming_the_entry_and_field(tmp_path: Path, change: Any, message: str) -> None:
    data = BUILT.to_json()
    change(data)
    with pytest.raises(ProfileError) as err:
        load(write(tmp_path, data), SPEC)
    assert message in str(err.value) and str(tmp_path) in str(err.value)


def test_a_guid_the_table_lacks_is_named_and_nothing_is_read() -> None:
    """The profile names the lap chips' bag by GUID; the bag on the table has another (a piece replaced): the read
    names the role and the GUID."""
    table = Table.from_save(save_of())
    data = BUILT.to_json()
    data["roles"]["supply:lap"] = {"match": [{"guid": "0ff0ff"}]}
    with pytest.raises(ReadError) as err:
        read_table(table, CARDS, Profile.model_validate(data))
    assert "(role 'supply:lap', guid '0ff0ff') names GUID '0ff0ff', which no object on the table has" in str(err.value)


def test_one_object_in_two_roles_on_the_table_is_named() -> None:
    """The round marker's match given to the phase marker too: the one object is named in both roles."""
    table = Table.from_save(save_of())
    data = BUILT.to_json()
    data["roles"]["marker:phase"] = data["roles"]["marker:round"]
    with pytest.raises(ReadError) as err:
        read_table(table, CARDS, Profile.model_validate(data))
    round_marker = guid_of(table, layout.tag("marker", "round"))
    assert any(
        "plays roles 'marker:phase' and 'marker:round': one object, one role" in str(p) and round_marker in str(p)
        for p in err.value.problems
    )


def test_a_board_placement_that_puts_the_track_elsewhere_reads_no_marker_on_it() -> None:
    """A placement that moves the score track's layout 5 units off its board (no size given, so the file is taken):
    the markers lie off the track it says, and each is named rather than read as a score."""
    table = Table.from_save(save_of())
    profile = BUILT.model_copy(update={"boards": {"board:score": Profile.model_validate(
        {**BUILT.to_json(), "boards": {"board:score": {"position": [0.0, 0.0, 5.0]}}}
    ).boards["board:score"]}})  # fmt: skip
    with pytest.raises(ReadError) as err:
        read_table(table, CARDS, profile)
    assert sum("lies off the score track: put it on one of its spaces" in str(p) for p in err.value.problems) == 2


def test_decide_with_the_built_profile_as_a_file_decides_as_without(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "table.json"
    save_of().dump(save)
    profile = write(tmp_path, BUILT.to_json())
    assert main(["decide", "fiftyfirst", str(save), "--seed", "3", *DATA]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["decide", "fiftyfirst", str(save), "--seed", "3", *DATA, "--profile", str(profile)]) == 0
    assert json.loads(capsys.readouterr().out) == plain and plain["decisions"]


def test_decide_with_a_wrong_profile_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "table.json"
    save_of().dump(save)
    data = BUILT.to_json()
    data["roles"]["board:score"] = {"match": [{"guid": "0ff0ff"}]}
    profile = write(tmp_path, data)
    assert main(["decide", "fiftyfirst", str(save), *DATA, "--profile", str(profile)]) == 1  # nothing would move
    err = capsys.readouterr().err
    assert "cannot read the table, nothing would move: the score track board (role 'board:score'" in err
    assert "names GUID '0ff0ff', which no object on the table has" in err
    data["roles"].pop("zone:lookout")  # a profile not whole for 51st State is refused before the table is read
    write(tmp_path, data)
    assert main(["decide", "fiftyfirst", str(save), *DATA, "--profile", str(profile)]) == 2
    assert f"{profile}: roles: 'zone:lookout' ('Lookout row' zone) is missing" in capsys.readouterr().err


def test_serve_checks_its_options_on_the_games_own_table_whatever_the_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = BUILT.to_json()
    data["roles"]["board:score"] = {"match": [{"guid": "0ff0ff"}]}  # finds nothing on our own table
    args = ["serve", "fiftyfirst", "--emulator", "--no-dashboard", *DATA, "--profile", str(write(tmp_path, data))]
    assert main([*args, "--option", "nosuch=1"]) == 2
    assert "--option: unknown" in capsys.readouterr().err


def test_rules_reloaded_by_automa_dev_keep_the_profile_in_use(tmp_path: Path) -> None:
    """``automa dev`` builds a fresh game from the edited sources with the same card data; its self-check reads the
    game's own table, then it takes on the running game's profile."""
    from bridge.connector import Connector
    from bridge.dev.loop import DevLoop
    from bridge.link import Link
    from bridge.session import Session
    from engines import registry
    from tests.conftest import free_port

    running = registry.load("fiftyfirst")
    running.use_data(SAMPLE, allow_sample=False)
    data = BUILT.to_json()
    data["roles"]["board:round"] = {"match": [{"guid": "0ff0ff"}]}
    running.use_profile(Profile.model_validate(data))
    link = Link(tts_port=free_port(), editor_port=free_port())
    loop = DevLoop(Session(Connector(link), running), link, rules_dir=ROOT / "engines" / "fiftyfirst", mod_dir=tmp_path)
    fresh = loop._load_and_check()
    assert fresh is not running and fresh.profile == running.profile


def test_the_built_tables_cast_names_nothing_amiss() -> None:
    cast = Cast(BUILT, SPEC, Table.from_save(save_of()))
    assert cast.problems == [] and len(cast.objects("zone:lookout")) == 1


def test_a_card_in_a_deck_of_locations_that_the_profile_names_not_is_named() -> None:
    """A mod's profile that leaves one location out (its match finds nothing): each copy of it in the draw deck is
    named, not dropped from the deck (the bot's draws would be off), and nothing is read."""
    state = a_state_with_locations()
    left_out = state.deck[1]
    table = Table.from_save(save_of(state))
    data = BUILT.to_json()
    data["roles"][f"card:{left_out}"] = {"match": [{"nickname": "a card no mod has"}]}
    del data["strays"]  # a mod's profile: no tag of ours to know a card by
    with pytest.raises(ReadError) as err:
        read_table(table, CARDS, Profile.model_validate(data))
    deck = next(o for o in table if o.type == "Deck" and any(c.gm_notes == left_out for c in o.contents))
    copies = [c.guid for c in deck.contents if c.gm_notes == left_out]
    named = [p for p in err.value.problems if "plays no location of the card data" in p.message]
    assert [p.obj.guid for p in named if p.obj is not None] == copies != []
