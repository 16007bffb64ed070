"""The solo deck's data: the shipped schema, the fictional sample, and the loader's errors for an owner's file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.ownerdata import OwnerDataError
from engines.whitecastle.deck import SAMPLE_DECK, SCHEMA, default_deck_path, find_deck, load_deck, schema


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def sample() -> dict:
    return json.loads(SAMPLE_DECK.read_text(encoding="utf-8"))


def test_the_shipped_schema_is_the_one_the_loader_checks_against():
    shipped = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert shipped == schema(), "the models changed: python -m engines.whitecastle.deck writes the schema again"


def test_the_sample_deck_loads_and_says_it_is_a_sample():
    deck = load_deck(SAMPLE_DECK)
    assert deck.sample and len(deck.cards) == deck.dataset.expected_size and not deck.warnings()
    assert "NOT the real solo deck" in deck.dataset.source


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["cards"][3]["dice"][0].update(bridge="green"),
            "card 'sample.04' (#4), dice[0].bridge: Input should be",
        ),
        (
            lambda d: d["cards"][1].update(space=3),
            "card 'sample.02' (#2): space 3 is not in outside_walls, which has 2",
        ),
        (lambda d: d["cards"][0]["top"].append({"op": "coins"}), "card 'sample.01' (#1), top[1]: op coins needs n"),
        (lambda d: d["cards"][6]["top"][0].pop("text"), "card 'sample.07' (#7), top[0]: op warrior needs text"),
        (lambda d: d["cards"][4].update(id="sample.01"), "card id 'sample.01' is used twice"),
        (lambda d: d["dataset"].update(expected_size=40), "expected_size says 40 cards, the file has 12"),
        (lambda d: d["cards"][2].pop("zone"), "card 'sample.03' (#3), zone: Field required"),
        (lambda d: d["cards"][2].update(colour="red"), "card 'sample.03' (#3), colour: Extra inputs are not permitted"),
    ],
)
def test_an_owners_mistake_is_named_by_card_and_field(tmp_path: Path, change, message):
    data = sample()
    change(data)
    with pytest.raises(OwnerDataError) as caught:
        load_deck(write(tmp_path, data))
    assert str(caught.value).startswith(str(tmp_path / "deck.json")) and message in str(caught.value)


def test_a_file_that_is_not_json_names_its_line(tmp_path: Path):
    path = tmp_path / "deck.json"
    path.write_text('{"dataset": {,}}', encoding="utf-8")
    with pytest.raises(OwnerDataError, match=r"deck.json:1:\d+: not JSON"):
        load_deck(path)


def test_a_space_outside_the_zones_loads_with_a_warning(tmp_path: Path):
    data = sample()
    data["cards"][0]["zone"] = "other"
    assert load_deck(write(tmp_path, data)).warnings() == [
        "card 'sample.01': zone 'other' (a space outside the three zones): the bot treats it as a full zone (W14)"
    ]


def test_the_owners_file_lives_in_the_user_config_folder_and_the_sample_needs_leave(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_deck_path() == tmp_path / "tabletop-automa" / "whitecastle" / "solo_deck.json"
    with pytest.raises(OwnerDataError, match="--allow-sample") as caught:
        find_deck()
    assert str(default_deck_path()) in str(caught.value)
    assert find_deck(allow_sample=True).sample
    owner = sample() | {"dataset": {"kind": "owner", "language": "pl", "source": "my box"}}
    default_deck_path().parent.mkdir(parents=True)
    default_deck_path().write_text(json.dumps(owner), encoding="utf-8")
    assert not find_deck(allow_sample=True).sample  # the owner's file wins
    with pytest.raises(OwnerDataError, match="cannot read"):
        find_deck(tmp_path / "missing.json", allow_sample=True)  # a named file must exist
