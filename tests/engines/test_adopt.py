"""``automa adopt``: a profile proposed from what a table carries, every unfilled role named, nothing moved; and the
profile played with ``--profile``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from bridge.cli import main
from bridge.table import Table
from engines import registry
from engines.adopt import propose
from engines.fiftyfirst.cards import SAMPLE, load_locations
from engines.fiftyfirst.table import build as fiftyfirst_build
from engines.fiftyfirst.table import roles as fiftyfirst_roles
from engines.holas.table.read import read_table as read_holas
from engines.holas.table.roles import UNIT_KINDS, unit_ids
from engines.holas.table.roles import built_profile as holas_built
from engines.holas.table.roles import spec as holas_spec
from engines.profile import Cast, Match, ProfileError, Role, dump, load
from engines.warchest.table import BUILT, SPEC, build_table
from tests.conftest import ROOT, SAVES
from tests.holas.test_table import fields as holas_fields
from tests.reskin import load as load_game

# real TTS saves of other games: the two kept here, and the shared ones beside the repository when present (among
# them the 323-object layout of a scripted Dune Imperium mod; ../shared/data/tts-saves/README.md)
SHARED = next((p / "shared/data/tts-saves" for p in ROOT.parents if (p / "shared/data/tts-saves").is_dir()), None)
REAL = [SAVES / "stardust-sample.json", SAVES / "coinche-cardgame.json"]
REAL += sorted(p for p in (SHARED.glob("*.json") if SHARED else ()) if p.name not in {q.name for q in REAL})
FIFTYFIRST_CARDS = load_locations(SAMPLE)  # 51st State's roles name the cards of the owner's data: the sample's here
SPECS = {"fiftyfirst": fiftyfirst_roles.spec(FIFTYFIRST_CARDS)}
DATA = {"fiftyfirst": ["--data", str(SAMPLE)]}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("game", ["warchest", "paxpamir", "holas", "fiftyfirst"])
@pytest.mark.parametrize("save", REAL, ids=lambda p: p.stem)
def test_adopt_on_real_saves_of_other_games_names_the_unfilled_roles_and_moves_nothing(
    game: str, save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = digest(save)
    out = tmp_path / "profile.json"
    assert main(["adopt", game, str(save), "--out", str(out), *DATA.get(game, [])]) == 0
    printed = capsys.readouterr().out
    assert digest(save) == before and "nothing on the table was moved" in printed
    assert "unfilled, the game's data gives no name to look for" in printed and "zone:" in printed
    spec = SPECS.get(game) or registry.load(game).profile_spec()  # Heroes: the data a self-check takes (the sample)
    assert spec is not None
    proposed = load(out, spec)  # a whole profile, its unfilled roles matching nothing
    unfilled = [k for k, r in proposed.roles.items() if r.match[0].nickname and r.match[0].nickname.startswith("(")]
    assert unfilled and all(key in printed for key in unfilled)


def test_a_table_with_the_games_own_names_fills_those_roles_as_the_built_profile_does() -> None:
    """Our table without its tags: the board and the Royal Coins found by name as the built profile finds them; a
    drafted unit's coins and its card share a name and a resource name (Custom_Tile), so those are left unfilled,
    naming the two sizes, and so are the roles the game's data gives no name."""
    data = build_table(seed=4).to_dict()
    for obj in data["ObjectStates"]:
        obj.pop("Tags", None)
    bare = Table.from_states(data["ObjectStates"])
    proposal = propose(SPEC, bare, mod="bare")
    built = Cast(BUILT, SPEC, Table.from_save(build_table(seed=4)))
    by_name = Cast(proposal.profile, SPEC, bare)
    for key in ("board", "coin:Royal"):
        assert [o.guid for o in by_name.objects(key)] == [o.guid for o in built.objects(key)] != [], key
    drafted = [key.rpartition(":")[2] for key in SPEC.roles if key.startswith("card:A:") and built.objects(key)]
    for unit in drafted:
        assert f"'{unit}' Custom_Tile at scale 0.42" in proposal.unfilled[f"coin:{unit}"], unit
        assert "at scale 1.3" in proposal.unfilled[f"coin:{unit}"], unit
    assert {"bag:A", "zone:supply:A", "card:A:Knight"} <= set(proposal.unfilled)
    assert proposal.assumed == [
        "the board lies as the project builds it (not calibrated: give its placement under 'boards')"
    ]


def playing(cast: Cast) -> dict[str, list[str]]:
    """Role -> the GUIDs of the objects playing it, on the table and inside its containers."""
    found: dict[str, list[str]] = {}
    for obj in (o for top in cast.table for o in (top, *top.contents)):
        role = cast.role(obj)
        if role is not None:
            found.setdefault(role, []).append(obj.guid)
    return found


def test_adopt_on_the_built_51st_state_table_fills_every_named_role_as_the_built_profile_does() -> None:
    """Our 51st State table without its tags and GM notes (a location card is then known by its name alone): every
    role the game's data names (the track boards, the markers and tokens, the workers, the lap chips, each location
    card by its name in the card data) is filled with the objects the built profile finds; the zones and connection
    cards, which the data names not, are left unfilled, and the two track boards are assumed to lie as built."""
    from tests.fiftyfirst.test_table import bot_turn_starts

    state = next(s for s in bot_turn_starts(1) if s.phase == "action" and s.person and s.bot)
    save = fiftyfirst_build.build_table(state, FIFTYFIRST_CARDS)
    data = save.to_dict()
    for obj in (o for top in data["ObjectStates"] for o in (top, *top.get("ContainedObjects", []))):
        obj.pop("Tags", None)
        obj.pop("GMNotes", None)
    bare = Table.from_states(data["ObjectStates"])
    spec = SPECS["fiftyfirst"]
    proposal = propose(spec, bare, mod="bare")
    built = playing(Cast(fiftyfirst_roles.built_profile(FIFTYFIRST_CARDS), spec, Table.from_save(save)))
    by_name = playing(Cast(proposal.profile, spec, bare))
    on_table = [key for key in spec.names if key in built]
    assert set(on_table) <= set(proposal.filled) and len(on_table) > 20
    for key in on_table:
        assert by_name.get(key) == built[key], key
    assert set(proposal.unfilled) == {key for key in spec.roles if key not in proposal.filled}
    assert {key for key in proposal.unfilled if not key.startswith("zone:")} <= {"connection"} | {
        key for key in spec.names if key not in built
    }
    assert len(proposal.assumed) == 2 and all("lies as the project builds it" in a for a in proposal.assumed)


def test_adopt_for_a_game_without_profiles_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["adopt", "demo", str(REAL[0]), "--out", str(tmp_path / "p.json")]) == 2
    assert "reads only the table it builds (no table profiles yet)" in capsys.readouterr().err


def test_decide_with_the_built_profile_as_a_file_decides_as_without(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "table.json"
    build_table(seed=2).dump(save)
    profile = tmp_path / "profile.json"
    profile.write_text(dump(BUILT), encoding="utf-8")
    assert main(["decide", "warchest", str(save), "--seed", "3"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["decide", "warchest", str(save), "--seed", "3", "--profile", str(profile)]) == 0
    assert json.loads(capsys.readouterr().out) == plain and plain["decisions"]


def test_decide_with_a_wrong_profile_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "table.json"
    save.write_text(json.dumps(build_table(seed=2).to_dict()), encoding="utf-8")
    profile = tmp_path / "profile.json"
    data = BUILT.to_json()
    del data["roles"]["bag:B"]
    profile.write_text(json.dumps(data), encoding="utf-8")
    assert main(["decide", "warchest", str(save), "--profile", str(profile)]) == 2
    assert f"{profile}: roles: 'bag:B' (side B's bag) is missing" in capsys.readouterr().err
    with pytest.raises(ProfileError):
        load(profile, SPEC)


def mod_profile(tmp_path: Path) -> Path:
    """A profile that finds nothing on our own table: its board is named by a GUID no built table has."""
    data = BUILT.to_json()
    data["roles"]["board"] = {"match": [{"guid": "0ff0ff"}]}
    path = tmp_path / "mod.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_serve_checks_its_options_on_the_games_own_table_whatever_the_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["serve", "warchest", "--emulator", "--no-dashboard", "--profile", str(mod_profile(tmp_path))]
    assert main([*args, "--option", "nosuch=1"]) == 2
    assert "--option: unknown War Chest option(s): nosuch" in capsys.readouterr().err


def test_rules_reloaded_by_automa_dev_keep_the_profile_in_use(tmp_path: Path) -> None:
    """``automa dev`` builds a fresh game from the edited sources: its self-check reads the game's own table, then it
    takes on the running game's profile."""
    from bridge.connector import Connector
    from bridge.dev.loop import DevLoop
    from bridge.link import Link
    from bridge.session import Session
    from engines import registry
    from engines.profile import Profile
    from tests.conftest import free_port

    running = registry.load("warchest")
    running.use_profile(Profile.model_validate_json(mod_profile(tmp_path).read_text(encoding="utf-8")))
    link = Link(tts_port=free_port(), editor_port=free_port())
    loop = DevLoop(Session(Connector(link), running), link, rules_dir=ROOT / "engines" / "warchest", mod_dir=tmp_path)
    fresh = loop._load_and_check()
    assert fresh is not running and fresh.profile == running.profile


def test_adopt_on_the_heroes_table_without_its_tags_fills_every_role_its_names_give_and_reads_as_built() -> None:
    """Our Heroes table without its tags: every role the build names (the board, each zone by its label, each marker,
    each card, tokens, your pieces, the bot's towers and Capital) is filled by name with the objects the built
    profile finds; the bot's minis share a name per kind, so their roles (one per unit id) are left unfilled, the
    game's data giving them none; those filled by GUID, as a person would, the table reads as the built one."""
    game = load_game("holas")
    data = game.owned.value
    save = game.build_table({}, seed=3)
    states = save.to_dict()["ObjectStates"]
    for obj in _all(states):
        obj.pop("Tags", None)
    bare, table = Table.from_states(states), Table.from_save(save)
    proposal = propose(holas_spec(data), bare, mod="bare")
    built = Cast(holas_built(data), holas_spec(data), table)
    by_name = Cast(proposal.profile, holas_spec(data), bare)
    for key in proposal.filled:
        assert _played(by_name, bare, key) == _played(built, table, key) != [], key
    units = {f"unit:{uid}" for uid in unit_ids(data)}
    assert set(proposal.unfilled) == units and len(units) >= len(UNIT_KINDS)
    assert proposal.assumed == [
        "the board lies as the project builds it (not calibrated: give its placement under 'boards')"
    ]
    by_guid = {key: Role(match=(Match(guid=g),)) for key in units for g in _played(built, table, key)}
    profile = proposal.profile.model_copy(update={"roles": {**proposal.profile.roles, **by_guid}})
    assert holas_fields(read_holas(bare, data, profile).state) == holas_fields(read_holas(table, data).state)


def _all(states: list[dict[str, object]]) -> list[dict[str, object]]:
    out = []
    for state in states:
        out += [state, *_all(state.get("ContainedObjects") or [])]  # type: ignore[arg-type]
    return out


def _played(cast: Cast, table: Table, key: str) -> list[str]:
    """The GUIDs of the objects playing ``key``, in decks too (cards lie in the solo deck)."""
    every = [o for top in table for o in (top, *top.contents)]
    return sorted(o.guid for o in every if cast.role(o) == key)


def test_heroes_decides_with_its_built_profile_as_a_file_as_without(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = load_game("holas")
    save = tmp_path / "table.json"
    game.build_table({}, seed=2).dump(save)
    profile = tmp_path / "profile.json"
    profile.write_text(dump(holas_built(game.owned.value)), encoding="utf-8")
    args = ["decide", "holas", str(save), "--seed", "3", "--allow-sample", "--button", "bot_action"]
    assert main(args) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*args, "--profile", str(profile)]) == 0
    assert json.loads(capsys.readouterr().out) == plain and plain["decisions"]


def test_serve_and_dev_take_a_heroes_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``serve`` loads and checks the profile (then refuses the bad option, before anything starts); ``automa dev``'s
    reloaded rules keep it."""
    from bridge.connector import Connector
    from bridge.dev.loop import DevLoop
    from bridge.link import Link
    from bridge.session import Session
    from engines.profile import Profile
    from tests.conftest import free_port

    running = load_game("holas")
    data = holas_built(running.owned.value).to_json()
    data["roles"]["board"] = {"match": [{"guid": "0ff0ff"}]}  # a mod's board: our own table has no such GUID
    path = tmp_path / "mod.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    args = ["serve", "holas", "--emulator", "--no-dashboard", "--allow-sample", "--profile", str(path)]
    assert main([*args, "--option", "nosuch=1"]) == 2
    assert "--option: unknown Enemy option(s): nosuch" in capsys.readouterr().err
    running.use_profile(Profile.model_validate(data))
    link = Link(tts_port=free_port(), editor_port=free_port())
    loop = DevLoop(Session(Connector(link), running), link, rules_dir=ROOT / "engines" / "holas", mod_dir=tmp_path)
    fresh = loop._load_and_check()
    assert fresh is not running and fresh.profile == running.profile
    assert fresh.data_settings() == running.data_settings()


# --- The White Castle: its card roles are the owner's deck's, so adopt takes --data / --allow-sample -----------------


@pytest.mark.parametrize("save", REAL, ids=lambda p: p.stem)
def test_adopt_for_the_white_castle_on_real_saves_names_the_unfilled_roles_and_moves_nothing(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engines.whitecastle.table.roles import spec
    from tests.whitecastle.test_table import DECK

    before = digest(save)
    out = tmp_path / "profile.json"
    assert main(["adopt", "whitecastle", str(save), "--allow-sample", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert digest(save) == before and "nothing on the table was moved" in printed
    proposed = load(out, spec(DECK))  # a whole profile for the sample deck's cards, its unfilled roles matching nothing
    unfilled = [k for k, r in proposed.roles.items() if r.match[0].nickname and r.match[0].nickname.startswith("(")]
    assert {"board", "die:red", "marker:round", "card:sample.01", "lap"} <= set(unfilled)
    assert all(key in printed for key in unfilled)


def test_adopt_for_the_white_castle_without_card_data_says_how_to_give_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # no owner's deck in the config folder
    assert main(["adopt", "whitecastle", str(REAL[0]), "--out", str(tmp_path / "p.json")]) == 2
    assert "--allow-sample" in capsys.readouterr().err and not (tmp_path / "p.json").exists()


def test_adopt_fills_the_white_castles_roles_on_its_own_table_without_tags_and_reads_it_alike() -> None:
    """Our table without its tags: every role the game's data names is filled by name with the objects the built
    profile finds (the laps, the bot's and yours one kind of token, are left unfilled and named), and the table read
    through the proposal is the table read through the built profile."""
    from engines.whitecastle.table.build import build_table as build_castle
    from engines.whitecastle.table.read import read_table
    from engines.whitecastle.table.roles import built_profile, spec
    from tests.whitecastle.test_table import DECK, bot_turn_starts, fields

    state = next(bot_turn_starts(1))
    data = build_castle(state, DECK).to_dict()
    for obj in data["ObjectStates"]:
        for inner in (obj, *obj.get("ContainedObjects", [])):
            inner.pop("Tags", None)
    bare = Table.from_states(data["ObjectStates"])
    proposal = propose(spec(DECK), bare, mod="bare")
    built = Cast(built_profile(DECK), spec(DECK), Table.from_save(build_castle(state, DECK)))
    by_name = Cast(proposal.profile, spec(DECK), bare)
    assert set(proposal.unfilled) == {"lap"} and proposal.assumed
    for key in proposal.filled:
        assert [o.guid for o in by_name.objects(key)] == [o.guid for o in built.objects(key)], key
    assert fields(read_table(bare, DECK, profile=proposal.profile).state) == fields(state)


def test_decide_serve_and_dev_take_a_white_castle_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--profile with The White Castle: the built profile as a file decides as without; a profile naming a GUID no
    object has is refused at the read, by name; serve checks its options on the game's own table whatever the
    profile; and dev's reloaded game keeps it."""
    from engines.whitecastle.table.build import build_table as build_castle
    from engines.whitecastle.table.roles import built_profile
    from tests.whitecastle.test_table import DECK, bot_turn_starts

    save = tmp_path / "table.json"
    build_castle(next(bot_turn_starts(1)), DECK).dump(save)
    built = tmp_path / "built.json"
    built.write_text(dump(built_profile(DECK)), encoding="utf-8")
    decide = ["decide", "whitecastle", str(save), "--allow-sample", "--seed", "3", "--format", "json"]
    assert main(decide) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*decide, "--profile", str(built)]) == 0
    assert json.loads(capsys.readouterr().out) == plain and plain["decisions"]
    data = built_profile(DECK).to_json()
    data["roles"]["board"] = {"match": [{"guid": "0ff0ff"}]}
    mod = tmp_path / "mod.json"
    mod.write_text(json.dumps(data), encoding="utf-8")
    assert main([*decide, "--profile", str(mod)]) != 0
    assert "names GUID '0ff0ff', which no object on the table has" in capsys.readouterr().err
    serve = ["serve", "whitecastle", "--allow-sample", "--emulator", "--no-dashboard", "--profile", str(mod)]
    assert main([*serve, "--option", "nosuch=1"]) == 2
    assert "--option: unknown White Castle bot option(s): nosuch" in capsys.readouterr().err


def test_rules_reloaded_by_automa_dev_keep_a_white_castle_profile(tmp_path: Path) -> None:
    """``automa dev`` on The White Castle: the fresh game self-checks on its own table with the running game's
    sample deck, then reads through the running game's profile."""
    from bridge.connector import Connector
    from bridge.dev.loop import DevLoop
    from bridge.link import Link
    from bridge.session import Session
    from engines import registry
    from engines.profile import Profile
    from engines.whitecastle.table.roles import built_profile
    from tests.conftest import free_port
    from tests.whitecastle.test_table import DECK

    running = registry.load("whitecastle")
    running.use_data(None, allow_sample=True)
    data = built_profile(DECK).to_json()
    data["roles"]["board"] = {"match": [{"image": "https://example.invalid/castle.jpg"}]}
    running.use_profile(Profile.model_validate(data))
    link = Link(tts_port=free_port(), editor_port=free_port())
    rules = ROOT / "engines" / "whitecastle"
    loop = DevLoop(Session(Connector(link), running), link, rules_dir=rules, mod_dir=tmp_path)
    fresh = loop._load_and_check()
    assert fresh is not running and fresh.profile == running.profile and fresh.deck.sample


def test_adopt_warns_of_locked_pieces_and_the_mods_own_scripts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Our table without its tags, as a scripted mod: a Royal Coin (found by name) locked, a script on another, and
    a Global script with handlers that may move pieces; the locked board is no warning (the bot never moves it)."""
    data = build_table(seed=4).to_dict()
    for obj in data["ObjectStates"]:
        obj.pop("Tags", None)
    royals = [o for o in data["ObjectStates"] if o.get("Nickname") == "Royal Coin"]
    royals[0]["Locked"] = True
    royals[1]["LuaScript"] = "function onDrop() end"
    data["LuaScript"] = "function onLoad() end\nonObjectDrop = function(color, obj) end\nfunction helper() end"
    save = tmp_path / "mod.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    assert main(["adopt", "warchest", str(save), "--out", str(tmp_path / "profile.json")]) == 0
    warnings = [line.strip() for line in capsys.readouterr().out.splitlines() if line.strip().startswith("warning:")]
    r0, r1 = royals[0]["GUID"], royals[1]["GUID"]
    assert warnings[0].startswith(
        f"warning: locked in the save, so the bot will not move them: Royal coin 'Royal Coin' (guid {r0}, Tile) at"
    )
    assert "board" not in warnings[0]
    assert warnings[1:] == [
        f"warning: objects with a script of their own (it may move or lock pieces): 'Royal Coin' (guid {r1})",
        "warning: the mod's Global script defines onLoad, onObjectDrop: it may re-lay pieces on load or move them "
        "back; the bot names any piece it finds moved after its turn",
    ]


def test_adopt_on_a_real_scripted_save_warns_of_its_global_handlers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = SAVES / "coinche-cardgame.json"  # a real TTS save whose Global script defines onLoad and onObjectDrop
    assert main(["adopt", "paxpamir", str(save), "--out", str(tmp_path / "profile.json")]) == 0
    assert "warning: the mod's Global script defines onLoad, onObjectDrop" in capsys.readouterr().out
