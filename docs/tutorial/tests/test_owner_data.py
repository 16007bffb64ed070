"""Step 6, owner data: the rule card is the owner's file, the sample only when allowed, and a wrong file is named
with its entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from lastcoin.game import LastCoin

from engines.ownerdata import OwnerDataError


def test_without_a_card_the_bot_says_where_the_owners_file_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    with pytest.raises(OwnerDataError, match=r"no card data: .* into .*lastcoin/rule-card.json or pass --data FILE"):
        LastCoin().selfplay(games=1, seed=0, progress=False, options={})


def test_the_owners_card_is_read_from_their_config_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "tabletop-automa" / "lastcoin").mkdir(parents=True)
    (tmp_path / "tabletop-automa" / "lastcoin" / "rule-card.json").write_text('{"cards": [{"id": "mine", "most": 2}]}')
    assert LastCoin().selfplay(games=1, seed=0, progress=False, options={})["most"] == 2


def test_a_wrong_card_is_named_with_its_field(tmp_path: Path):
    wrong = tmp_path / "card.json"
    wrong.write_text('{"cards": [{"id": "big", "most": 9}]}')
    with pytest.raises(OwnerDataError, match=r"card 'big' \(#1\), most: Input should be less than or equal to 5"):
        LastCoin().check_data(wrong)
    right = tmp_path / "right.json"
    right.write_text('{"cards": [{"id": "mine", "most": 2}]}')
    assert LastCoin().check_data(right) == [f"{right}: the rule card loads; a turn may take 1 to 2 coin(s)"]
