"""The White Castle from the command line: self-play on the sample only when asked, and the owner's data check."""

from __future__ import annotations

import json
from pathlib import Path

from engines.whitecastle.deck import SAMPLE_DECK
from tests.test_cli import automa


def test_selfplay_needs_the_owners_deck_or_leave_to_play_the_sample(tmp_path: Path):
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    refused = automa("selfplay", "whitecastle", "--games", "2", env=env)
    assert refused.returncode == 2 and "--allow-sample" in refused.stderr and str(tmp_path) in refused.stderr
    result = automa("selfplay", "whitecastle", "--games", "20", "--allow-sample", "--json", env=env)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and summary["sample"] and set(summary["results"]) == {"easy", "medium", "hard"}
    for level in summary["results"].values():
        assert level["games"] == 20 and sum(level["placements"].values()) == 20 * 9  # three turns in three rounds
        assert 0 < level["ms_per_turn"]["mean"] <= level["ms_per_turn"]["max"]
    text = automa("selfplay", "whitecastle", "--games", "3", "--allow-sample", "--no-progress", env=env).stdout
    assert "SAMPLE DATA" in text and "bot score: mean" in text and "its dice:" in text


def test_selfplay_plays_the_owners_file_from_data(tmp_path: Path):
    owner = json.loads(SAMPLE_DECK.read_text(encoding="utf-8"))
    owner["dataset"] = {"kind": "owner", "language": "pl", "source": "my own box"}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(owner), encoding="utf-8")
    result = automa("selfplay", "whitecastle", "--games", "2", "--data", str(path), "--no-progress")
    assert result.returncode == 0 and "SAMPLE DATA" not in result.stdout


def test_data_check_names_the_card_and_field(tmp_path: Path):
    ok = automa("data", "check", "whitecastle", str(SAMPLE_DECK))
    assert ok.returncode == 0 and "12 cards, SAMPLE DATA" in ok.stdout
    bad = json.loads(SAMPLE_DECK.read_text(encoding="utf-8"))
    bad["cards"][4]["space"] = 0
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    result = automa("data", "check", "whitecastle", str(path))
    assert (
        result.returncode == 2
        and "card 'sample.05' (#5), space: Input should be greater than or equal to 1" in result.stderr
    )
    other = automa("data", "check", "warchest", str(path))
    assert other.returncode == 2 and "takes no owner data" in other.stderr


def test_the_table_needs_the_owners_deck_or_leave_to_use_the_sample(tmp_path: Path):
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    refused = automa("mod", "build", "whitecastle", "--out", str(tmp_path), env=env)
    assert refused.returncode == 2 and "--allow-sample" in refused.stderr
    built = automa("mod", "build", "whitecastle", "--out", str(tmp_path), "--allow-sample", env=env)
    assert built.returncode == 0, built.stderr
    save = tmp_path / "TabletopAutoma_whitecastle.json"
    result = automa("decide", "whitecastle", str(save), "--allow-sample", "--difficulty", "hard", "--format", "json")
    assert result.returncode == 0, result.stderr
    plan = json.loads(result.stdout)
    setup, first = plan["decisions"][:2]  # a table is built at MEDIUM: the first turn sets up for HARD
    assert setup["reason"].startswith("SAMPLE DATA") and first["action"]["type"] == "Reveal"
    assert setup["action"] == {"type": "SetUp", "level": "hard", "influence": 3, "clan_points": 8}
    assert any(d["action"]["type"] == "PlaceDie" and d["commands"] for d in plan["decisions"])
    other = automa("decide", "warchest", str(save), "--allow-sample")
    assert other.returncode == 2 and "takes no owner data" in other.stderr


def test_rules_reloaded_by_automa_dev_keep_the_data_in_use(tmp_path: Path, monkeypatch):
    """``automa dev`` builds a fresh game from the edited sources; it takes on the running game's --data /
    --allow-sample, so the self-check and the next turn play the same deck."""
    from bridge.dev import rulepack
    from engines import registry

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # no owner's file here
    running = registry.load("whitecastle")
    running.use_data(None, allow_sample=True)
    fresh = rulepack.load("whitecastle", Path(__file__).parents[2] / "engines" / "whitecastle")
    fresh.use_data(*running.data_settings())
    fresh.self_check()  # plays whole games and a turn on a fresh table: it needs the deck
    assert fresh.deck.sample


def test_serve_plays_on_the_emulator_with_the_sample_when_allowed(tmp_path: Path):
    from tests.conftest import free_port

    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port())]
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    refused = automa("serve", "whitecastle", "--emulator", "--fast", "--turns", "1", "--no-dashboard", *ports, env=env)
    assert refused.returncode == 2 and "--allow-sample" in refused.stderr
    args = ("serve", "whitecastle", "--emulator", "--allow-sample", "--fast", "--turns", "1", "--no-dashboard")
    result = automa(*args, *ports, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    chat = [line for line in result.stdout.splitlines() if line.startswith("chat: Bot: ")]
    assert chat[0].startswith("chat: Bot: SAMPLE DATA") and "discards the revealed cards" in chat[-1]
