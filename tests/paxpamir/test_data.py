"""Pax Pamir's data loads, and a broken file is named with the card that breaks it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engines.paxpamir.data import DataError, game_data, load

DATA = Path(__file__).resolve().parents[2] / "engines" / "paxpamir" / "data"


def test_the_shipped_data_loads_with_its_licence_note():
    data = game_data()
    assert len(data.court) == 100 and len(data.events) == 16 and len(data.ai_cards) == 24
    assert data.court[1].name == "Mohan Lal" and data.court[1].special_ability == "indispensable_advisors"
    assert [e.number for e in data.events.values() if e.is_dominance_check] == [101, 102, 103, 104]
    assert data.border("kabul", "herat") == "herat_kabul"
    assert sum(1 for c in data.court.values() if c.special_ability) == 22
    assert "CC BY-NC-SA 4.0" in (DATA / "README.md").read_text(encoding="utf-8")


def broken(tmp_path: Path, name: str, change) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    raw = json.loads((folder / name).read_text(encoding="utf-8"))
    change(raw)
    (folder / name).write_text(json.dumps(raw), encoding="utf-8")
    return folder


def test_an_unknown_icon_names_the_card(tmp_path: Path):
    folder = broken(tmp_path, "court_cards.json", lambda cards: cards[6]["impact_icons"].append("dragon"))
    with pytest.raises(DataError, match=r"court_cards.json: card #7 \(.*\): impact_icons.\d+: Input should be"):
        load(folder)


def test_a_card_in_the_wrong_region_is_named(tmp_path: Path):
    folder = broken(tmp_path, "court_cards.json", lambda cards: cards[0].update(region="punjab"))
    with pytest.raises(DataError, match=r"card #1 \(Mohan Lal\) is punjab, but map.json gives punjab the cards 18-38"):
        load(folder)


def test_a_missing_card_is_reported(tmp_path: Path):
    folder = broken(tmp_path, "court_cards.json", lambda cards: cards.pop(42))
    with pytest.raises(DataError, match="numbered 1-100"):
        load(folder)


def test_an_ai_card_whose_priority_repeats_a_region(tmp_path: Path):
    def repeat(cards):
        cards[4]["region_priority"][0] = cards[4]["region_priority"][1]

    with pytest.raises(DataError, match="AI card #5: region priority must list each region once"):
        load(broken(tmp_path, "wakhan_ai_cards.json", repeat))


def test_an_unknown_ability_and_a_bad_last_line(tmp_path: Path):
    with pytest.raises(DataError, match=r"card #5 .*unknown special ability 'teleport'"):
        load(broken(tmp_path, "court_cards.json", lambda cards: cards[4].update(special_ability="teleport")))
    with pytest.raises(DataError, match=r"AI card #1: .*always 'radicalize'"):
        load(broken(tmp_path / "b", "wakhan_ai_cards.json", lambda cards: cards[0]["actions"].reverse()))


def test_a_one_way_border(tmp_path: Path):
    with pytest.raises(DataError, match="adjacent one way only"):
        load(broken(tmp_path, "map.json", lambda m: m["adjacency"]["punjab"].remove("kabul")))
