"""The location data: the shipped schema, the fictional sample, the loader's errors, and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.fiftyfirst.cards import SAMPLE, SCHEMA, find_locations, load_locations, schema
from engines.ownerdata import OwnerDataError
from tests.test_cli import automa


def sample() -> dict:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "locations.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_shipped_schema_is_the_one_the_loader_checks_against():
    shipped = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert shipped == schema(), "the models changed: python -m engines.fiftyfirst.cards writes the schema again"


def test_the_sample_covers_every_class_and_distance_and_says_it_is_a_sample():
    cards = load_locations(SAMPLE)
    assert cards.sample and "NOT the real cards" in cards.dataset.source
    assert {c.cls for c in cards.cards} == {"production_open", "production_closed", "feature", "action"}
    assert {c.distance for c in cards.cards} == {1, 2, 3} and any(len(c.types) > 1 for c in cards.cards)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["cards"][2].update({"class": "castle"}), "card 'sample.watchtower' (#3), class: Input should be"),
        (lambda d: d["cards"][0].update(distance=4), "card 'sample.scrap_yard' (#1), distance: Input should be less"),
        (lambda d: d["cards"][1]["types"].append("gun"), "card 'sample.gun_shop' (#2): types lists a type twice"),
        (lambda d: d["cards"][3]["spoils"].update(steel=1), "card 'sample.fuel_depot' (#4), spoils.steel"),
        (lambda d: d["cards"][5].update(id="sample.scrap_yard"), "card id(s) used twice: sample.scrap_yard"),
        (
            lambda d: [c.update(tts_names=["Scrap Yard"]) for c in d["cards"][:2]],
            "tts_names given to more than one card",
        ),
        (
            lambda d: [d["cards"][0].update(set="new_era"), d["cards"][1].update(set="winter")],
            "one expansion at a time",
        ),
    ],
)
def test_an_owners_mistake_is_named_by_card_and_field(tmp_path: Path, change, message):
    data = sample()
    change(data)
    with pytest.raises(OwnerDataError) as caught:
        load_locations(write(tmp_path, data))
    assert message in str(caught.value)


def test_the_owners_file_lives_in_the_user_config_folder_and_the_sample_needs_leave(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    with pytest.raises(OwnerDataError, match="--allow-sample"):
        find_locations()
    assert find_locations(allow_sample=True).sample
    owner = sample() | {"dataset": {"kind": "owner", "edition": "master_set", "source": "my box"}}
    path = tmp_path / "tabletop-automa" / "fiftyfirst" / "locations.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(owner), encoding="utf-8")
    assert not find_locations(allow_sample=True).sample


def test_selfplay_and_data_check_from_the_command_line(tmp_path: Path):
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    assert automa("selfplay", "fiftyfirst", "--games", "2", env=env).returncode == 2
    result = automa("selfplay", "fiftyfirst", "--games", "50", "--allow-sample", "--json", env=env)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and summary["sample"] and summary["ms_per_turn"]["mean"] > 0
    assert {"Attack", "Claim", "Pass", "Cleanup", "BotTake"} <= set(summary["actions"])
    ok = automa("data", "check", "fiftyfirst", str(SAMPLE))
    assert ok.returncode == 0 and "20 locations, 24 cards with copies, SAMPLE DATA" in ok.stdout
    assert automa("mod", "build", "fiftyfirst", "--out", str(tmp_path), env=env).returncode == 2
    built = automa("mod", "build", "fiftyfirst", "--out", str(tmp_path), "--allow-sample", env=env)
    assert built.returncode == 0, built.stderr
    save = str(tmp_path / "TabletopAutoma_fiftyfirst.json")
    decided = automa("decide", "fiftyfirst", save, "--allow-sample", "--format", "json", env=env)
    assert decided.returncode == 0, decided.stderr
    first = json.loads(decided.stdout)["decisions"][:2]
    assert [d["action"]["type"] for d in first] == ["Deal", "LookoutCard"] and "SAMPLE DATA" in first[0]["reason"]


def test_serve_plays_on_the_emulator_with_the_sample_when_allowed(tmp_path: Path):
    from tests.conftest import free_port

    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port())]
    args = ("serve", "fiftyfirst", "--emulator", "--allow-sample", "--fast", "--turns", "1", "--no-dashboard")
    result = automa(*args, *ports, env={"XDG_CONFIG_HOME": str(tmp_path)}, timeout=120)
    assert result.returncode == 0, result.stderr
    chat = [line for line in result.stdout.splitlines() if line.startswith("chat: Bot: ")]
    assert chat[0].startswith("chat: Bot: SAMPLE DATA") and "Lookout row" in chat[-1]
