"""War Chest through the ``automa`` command: self-play, mod build, and decide on a hand-moved save."""

from __future__ import annotations

import json
from pathlib import Path

from bridge.table import SaveFile
from engines.warchest.table import BAG_TAG, LAYOUT, SIDE_TAGS
from tests.test_cli import automa


def test_selfplay_by_default_plays_only_the_quick_baselines_with_a_progress_bar():
    result = automa("selfplay", "warchest", "--games", "3", "--difficulty", "beginner")
    assert result.returncode == 0, result.stderr
    assert "beginner      random" in result.stdout and "beginner      greedy" in result.stdout
    assert "search" not in result.stdout  # neither its row nor its explanation
    # the bar and its estimate of the time left go to stderr: "War Chest self-play: 100%|...| 6/6 [00:00<00:00, ...]"
    assert "War Chest self-play" in result.stderr and "6/6 [" in result.stderr and "<00:00" in result.stderr


def test_the_search_flag_adds_the_search_player_and_says_so_in_help():
    assert "War Chest: the search opponent plays too" in " ".join(automa("selfplay", "--help").stdout.split())
    refused = automa("selfplay", "paxpamir", "--search", "--games", "1")
    assert refused.returncode != 0 and "--search is for War Chest only" in refused.stderr


def test_selfplay_json_summary_with_zero_errors():
    result = automa(
        "selfplay",
        "warchest",
        "--games",
        "8",
        "--seed",
        "1",
        "--playouts",
        "5",
        "--search-games",
        "2",
        "--json",
        "--search",
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0
    assert set(summary["results"]) == {"beginner", "intermediate", "advanced"}
    for by_opponent in summary["results"].values():
        assert set(by_opponent) == {"random", "greedy", "search"}
        for name, r in by_opponent.items():
            games = 2 if name == "search" else 8
            assert r["games"] == games and r["ai_wins"] + r["human_wins"] + r["draws"] == games
            assert r["ai_action_mix"]
        assert by_opponent["search"]["search"]["playouts_per_decision"] == 5


def test_selfplay_text_summary_for_one_setting():
    result = automa(
        "selfplay", "warchest", "--games", "3", "--difficulty", "advanced", "--opponent", "random", "--no-progress"
    )
    assert result.returncode == 0 and "advanced      random" in result.stdout


def test_mod_build_deals_at_random_says_the_seed_and_builds_the_same_table_from_it(tmp_path: Path):
    def build(*seed: str) -> tuple[str, list[dict]]:
        result = automa("mod", "build", "warchest", "--out", str(tmp_path), *seed)
        assert result.returncode == 0, result.stderr
        return result.stdout, SaveFile.load(tmp_path / "TabletopAutoma_warchest.json").to_dict()["ObjectStates"]

    said, first = build()
    seed = said.split("set-up dealt with seed ")[1].split(" ")[0]
    assert f"(--seed {seed} builds this table again)" in said
    again_said, again = build("--seed", seed)
    assert again == first and f"seed {seed}" in again_said
    other = next(str(n) for n in range(3) if str(n) != seed)
    assert build("--seed", other)[1] != first


def test_decide_explains_and_plans_after_hand_made_moves(tmp_path: Path):
    assert automa("mod", "build", "warchest", "--out", str(tmp_path)).returncode == 0
    path = tmp_path / "TabletopAutoma_warchest.json"
    assert (tmp_path / "TabletopAutoma_warchest_assets" / "board.png").is_file()
    raw = SaveFile.load(path).to_dict()
    assert raw["ObjectStates"][0]["CustomImage"]["ImageURL"].startswith("file://")
    # the person takes a coin from their bag and deploys it on B1 (-1, 3)
    bag = next(o for o in raw["ObjectStates"] if BAG_TAG in o.get("Tags", []) and SIDE_TAGS[1] in o["Tags"])
    coin = next(c for c in bag["ContainedObjects"] if c["Nickname"] != "Royal Coin")
    bag["ContainedObjects"].remove(coin)
    spot = LAYOUT.spots["-1,3"]
    coin["Transform"].update(posX=spot.x, posY=1.3, posZ=spot.z)
    raw["ObjectStates"].append(coin)
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(raw), encoding="utf-8")
    result = automa("decide", "warchest", str(moved), "--seed", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    plan = json.loads(result.stdout)
    reveal, *rest = plan["decisions"]
    assert reveal["action"]["type"] == "Reveal" and reveal["rule"].startswith("The AI's Turn")
    assert rest and rest[0]["reason"] and rest[0]["commands"]
    assert rest[0]["commands"][0]["op"] == "take"  # the revealed coin comes out of the AI's bag
