"""A page game survives a restart (issue 37): ``automa serve --emulator`` saves the game as it goes and ``--resume``
carries it on, through the real CLI over loopback; a file that is not a saved game is named and left alone."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bridge import resume
from bridge.session import Session, plan_turn_with_state
from bridge.table import Table
from engines import registry
from tests.conftest import ROOT, Live, free_port
from tests.test_cli import AUTOMA, automa


def serve(game: str, *args: str, file: Path) -> subprocess.CompletedProcess[str]:
    ports = ("--tts-port", str(free_port()), "--editor-port", str(free_port()))
    return automa("serve", game, "--emulator", "--fast", "--no-dashboard", "--game-file", str(file), *ports, *args)


def turns_printed(out: str) -> list[str]:
    """Each bot turn as the terminal prints it: its seed and level, then its decisions."""
    turns: list[str] = []
    for line in out.splitlines():
        if line.startswith("bot turn (seed "):
            turns.append(line)
        elif line.startswith("  - ") and turns:
            turns[-1] += "\n" + line
    return turns


def without_times(saved: dict[str, Any]) -> dict[str, Any]:
    """A saved game without the moments it and its table were written (and the connector's settings read as what
    they are, an object: the order of its keys follows Lua's table order, which differs from one run to another),
    its numbers to 5 decimals: a resumed game's table comes back from a save, which holds transforms as float32 as
    TTS does (issue 41), so a position planned from it may differ from the unbroken game's in the 7th digit."""
    table = {k: v for k, v in saved["table"].items() if k not in ("EpochTime", "Date")}
    table["LuaScriptState"] = json.loads(table["LuaScriptState"])
    return rounded({**{k: v for k, v in saved.items() if k != "saved_at"}, "table": table})


def rounded(value: Any) -> Any:
    """``value`` with every float rounded to 5 decimals (-0.0 as 0.0), lists and objects alike."""
    if isinstance(value, float):
        return round(value, 5) + 0.0
    if isinstance(value, list):
        return [rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    return value


def test_a_seeded_game_stopped_and_resumed_goes_on_as_one_never_stopped(tmp_path: Path):
    straight, stopped = tmp_path / "straight.json", tmp_path / "stopped.json"
    whole = serve("warchest", "--seed", "5", "--turns", "4", file=straight)
    assert whole.returncode == 0, whole.stderr
    first = serve("warchest", "--seed", "5", "--turns", "2", file=stopped)
    assert first.returncode == 0, first.stderr
    assert f"game file: {stopped} (saved as the game goes)" in first.stdout
    after_two = json.loads(stopped.read_text(encoding="utf-8"))
    assert [t["number"] for t in after_two["turns"]] == [1, 2] and after_two["game"] == "warchest"
    assert after_two["last_after"] is not None  # whose turn it is, which War Chest's table does not show
    again = serve("warchest", "--resume", "--turns", "2", file=stopped)
    assert again.returncode == 0, again.stderr
    said = f"loaded (the game saved at {after_two['saved_at']}, 2 bot turn(s) played; shuffles seeded 5)"
    assert said in again.stdout
    assert turns_printed(whole.stdout)[2:] == turns_printed(again.stdout)  # the same next turns, seeds and all
    # the same table (each bag's hidden order too), turn list, draws and whose turn, as if never stopped
    ended, resumed = (json.loads(p.read_text(encoding="utf-8")) for p in (straight, stopped))
    assert without_times(resumed) == without_times(ended)
    assert resumed["turns"][:2] == after_two["turns"] and len(resumed["turns"]) == 4


def test_resume_without_a_saved_game_says_where_it_looked_and_exits_2(tmp_path: Path):
    missing = tmp_path / "none.json"
    result = serve("demo", "--resume", "--turns", "1", file=missing)
    assert result.returncode == 2 and f"automa: {missing}: no saved game of 'demo' there to resume" in result.stderr
    assert "emulator:" not in result.stdout and not missing.exists()
    default = automa("serve", "demo", "--emulator", "--resume", "--no-dashboard", "--tts-port", str(free_port()),
                     env={"XDG_DATA_HOME": str(tmp_path / "data")})  # fmt: skip
    assert f"{tmp_path / 'data' / 'tabletop-automa' / 'games' / 'demo.json'}: no saved game" in default.stderr
    mixed = serve("demo", "--resume", "--seed", "3", file=missing)
    assert mixed.returncode == 2 and "--resume carries on the saved game's own table, seeds and options" in mixed.stderr


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{not json", "not a saved game: it is not JSON"),
        ('{"ObjectStates": []}', 'not a saved game of Tabletop Automa (no "format"'),
        ("broken", "damaged saved game: turns: Input should be a valid list"),
        ("other game", "a saved game of 'warchest', not 'demo'"),
    ],
)
def test_a_corrupt_or_foreign_game_file_is_named_and_never_overwritten(tmp_path: Path, text: str, said: str):
    path = tmp_path / "game.json"
    if text in ("broken", "other game"):  # a real saved game, then spoiled
        assert serve("warchest" if text == "other game" else "demo", "--turns", "1", file=path).returncode == 0
        data = json.loads(path.read_text(encoding="utf-8"))
        if text == "broken":
            data["turns"] = "x"
        text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    resumed = serve("demo", "--resume", "--turns", "1", file=path)
    assert resumed.returncode == 2 and f"automa: {path}" in resumed.stderr and said in resumed.stderr, resumed.stderr
    fresh = serve("demo", "--turns", "1", file=path)  # a new game does not write over it either
    assert fresh.returncode == 2 and str(path) in fresh.stderr and "left as it is" in fresh.stderr, fresh.stderr
    assert "emulator:" not in resumed.stdout + fresh.stdout
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("last_after", {"sides": []}, "damaged saved game: last_after: KeyError: 'rules'"),
        ("difficulty", "hard", "damaged saved game: difficulty 'hard' is not one of War Chest (solo AI)'s"),
        ("bot_random", [3, [1], None], "bot_random: ValueError: not the state of a random generator"),
        ("table_random", "x", "damaged saved game: table_random: Input should be a valid list"),
        ("table", {"ObjectStates": 3}, "its table: not a TTS save: it has no 'ObjectStates' list"),
        ("table", {"ObjectStates": [{"Transform": 1}]}, "its table: ObjectStates > 0 > Transform: Input should be"),
    ],
)
def test_a_saved_game_whose_state_cannot_be_taken_back_is_refused_by_field(tmp_path: Path, field, value, said):
    path = tmp_path / "warchest.json"
    assert serve("warchest", "--turns", "1", file=path).returncode == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data[field] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    result = serve("warchest", "--resume", "--turns", "1", file=path)
    assert result.returncode == 2 and f"automa: {path}" in result.stderr and said in result.stderr, result.stderr
    assert "emulator:" not in result.stdout and json.loads(path.read_text(encoding="utf-8")) == data


def test_a_new_game_says_it_replaces_the_saved_one_once_played_and_not_before(tmp_path: Path):
    path = tmp_path / "demo.json"
    assert serve("demo", "--seed", "1", "--turns", "1", file=path).returncode == 0
    before = path.read_text(encoding="utf-8")
    saved_at = json.loads(before)["saved_at"]
    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port()), "--no-dashboard"]
    proc = subprocess.Popen([*AUTOMA, "serve", "demo", "--emulator", "--fast", "--game-file", str(path), *ports],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        while not (line := proc.stdout.readline()).startswith("game file: "):
            assert line, "the command ended"
        assert f"this new game replaces the one saved there at {saved_at} (--resume carries" in line
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert path.read_text(encoding="utf-8") == before  # stopped unplayed: the saved game is still there


async def play_from_the_page(url: str, controls: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict]]:
    """The page's first state, and the answer to each control sent over its WebSocket."""
    from websockets.asyncio.client import connect

    port, token = url.split(":")[2].split("/")[0], url.split("token=")[1]
    async with connect(f"ws://127.0.0.1:{port}/ws?token={token}", origin=f"http://127.0.0.1:{port}") as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 30))["state"]
        replies = []
        for control in controls:
            await ws.send(json.dumps(control))
            while (reply := json.loads(await asyncio.wait_for(ws.recv(), 30)))["type"] != "ack":
                pass
            replies.append(reply)
        return first, replies


def test_a_resumed_games_page_lists_its_turns_knows_whose_turn_it_is_and_saves_each_move_and_new_game(tmp_path: Path):
    path = tmp_path / "warchest.json"
    assert serve("warchest", "--seed", "8", "--turns", "2", file=path).returncode == 0
    saved = json.loads(path.read_text(encoding="utf-8"))
    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port()), "--dashboard-port", str(free_port())]
    proc = subprocess.Popen([*AUTOMA, "serve", "warchest", "--emulator", "--fast", "--resume", "--game-file",
                             str(path), *ports], cwd=ROOT, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split(" ", 1)[1].strip()
        while "Play War Chest" not in (line := proc.stdout.readline()):
            assert line, "automa serve ended before it was ready"
        draw = {"type": "person_move", "id": "draw", "label": "Draw 3 coins from your bag"}
        first, replies = asyncio.run(play_from_the_page(url, [{"type": "bot_turn"}, draw]))
        assert first["turns"] == saved["turns"] and first["last_turn"] == saved["turns"][-1]
        # the bot's two turns were played: the person's turn, as before the stop
        assert replies[0]["error"].startswith("Bot turn refused: it is your turn")
        assert replies[1] == {"type": "ack", "control": "person_move"}
        for _ in range(200):  # saved once the coins come to rest, while the server runs on
            now = json.loads(path.read_text(encoding="utf-8"))
            if now["last_after"] != saved["last_after"]:
                break
            asyncio.run(asyncio.sleep(0.05))
        assert now["last_after"] != saved["last_after"] and now["turns"] == saved["turns"]
        assert now["table"]["ObjectStates"] != saved["table"]["ObjectStates"]  # the coins drawn, on the table
        _, dealt = asyncio.run(play_from_the_page(url, [{"type": "new_game"}]))
        assert dealt == [{"type": "ack", "control": "new_game"}]
        for _ in range(200):  # a new game is saved too: no turn played yet, a fresh table
            now = json.loads(path.read_text(encoding="utf-8"))
            if not now["turns"]:
                break
            asyncio.run(asyncio.sleep(0.05))
        assert now["turns"] == [] and now["last_after"] is None
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


@pytest.mark.parametrize("name", ["warchest", "paxpamir", "whitecastle", "fiftyfirst", "holas"])
def test_what_a_turn_leaves_comes_back_from_its_json_unchanged(name: str):
    """White Castle's Check my turn compares with it, and the 51st State's lists nothing after your action until
    Bot turn: a resumed game without it would differ from one never stopped."""
    game = registry.load(name)
    if game.data is not None:
        game.use_data(None, allow_sample=True)
    table = Table.from_save(game.build_table({}, seed=4))
    _, after = plan_turn_with_state(game, table, seed=9)
    assert after is not None
    back = game.after_from_json(json.loads(json.dumps(game.after_to_json(after))))
    assert back == after and back is not after


def test_what_a_turn_left_that_cannot_be_taken_back_is_named_by_its_field_in_one_line():
    game = registry.load("whitecastle")
    game.use_data(None, allow_sample=True)
    table = Table.from_save(game.build_table({}, seed=4))
    _, after = plan_turn_with_state(game, table, seed=9)
    data = game.after_to_json(after)
    data["person"]["tracks"]["coins"] = "many"
    with pytest.raises(ValueError, match=r"^person\.tracks\.coins: Input should be a valid integer") as caught:
        game.after_from_json(data)
    assert "\n" not in str(caught.value)


async def turn_under_way(session: Session) -> asyncio.Future[Any]:
    """A bot turn started, and running (the session busy with it)."""
    turn = asyncio.ensure_future(session.bot_turn())
    while not session.busy:
        await asyncio.sleep(0)
    return turn


async def test_a_game_is_saved_whole_turns_only_even_when_stopped_mid_turn(
    demo_live: Live, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A change said while a bot turn is under way (a move of yours still settling when Bot turn is pressed), or a
    stop (Ctrl-C) while the bot moves, is written once the turn is over: a write mid-turn held the bot's chance
    drawn and its pieces moved for a turn the file did not list, so a resumed game played that turn again; and a
    stop during the first turn since the start wrote nothing at all."""
    session = Session(demo_live.connector, registry.load("demo"), seed=1)
    path = tmp_path / "demo.json"
    keeper = resume.Keeper(path, session, demo_live.emulator, 1)
    writes: list[tuple[bool, int]] = []  # (a turn under way, the turns listed), at each write
    real = resume.write
    monkeypatch.setattr(
        resume, "write", lambda to, saved: (writes.append((session.busy, len(saved.turns))), real(to, saved))
    )
    turn = await turn_under_way(session)
    keeper.soon()
    assert await turn is not None, session.last_failure
    turn = await turn_under_way(session)
    await keeper.stop()
    assert await turn is not None, session.last_failure
    assert writes and not any(busy for busy, _ in writes), writes
    assert len(json.loads(path.read_text(encoding="utf-8"))["turns"]) == 2
    first = tmp_path / "first.json"
    unchanged = resume.Keeper(first, session, demo_live.emulator, 1)  # nothing changed since it started
    turn = await turn_under_way(session)
    await unchanged.stop()
    assert await turn is not None, session.last_failure
    assert len(json.loads(first.read_text(encoding="utf-8"))["turns"]) == 3 and not any(b for b, _ in writes)


def test_a_random_generators_state_goes_through_json_and_a_wrong_one_is_refused():
    rng = random.Random(3)
    rng.random()
    state = json.loads(json.dumps(resume.random_state(rng)))
    other = random.Random()
    resume.set_random_state(other, state)
    assert other.random() == rng.random()
    with pytest.raises(ValueError, match="not the state of a random generator"):
        resume.set_random_state(other, [3, [1, 2], None])


def test_a_game_that_cannot_be_saved_says_so_at_the_start_or_on_the_page(tmp_path: Path):
    blocked = tmp_path / "a file"
    blocked.write_text("", encoding="utf-8")
    result = serve("demo", "--turns", "1", file=blocked / "demo.json")
    assert result.returncode == 2
    assert f"automa: {blocked / 'demo.json'}: the game cannot be saved there" in result.stderr
    path = tmp_path / "demo.json"
    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port()), "--dashboard-port", str(free_port())]
    proc = subprocess.Popen([*AUTOMA, "serve", "demo", "--emulator", "--fast", "--game-file", str(path), *ports],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split(" ", 1)[1].strip()
        while "Play Three in a Row" not in (line := proc.stdout.readline()):
            assert line, "automa serve ended before it was ready"
        path.mkdir()  # where the game goes is taken from under it: a write there fails
        asyncio.run(play_from_the_page(url, [{"type": "bot_turn"}]))
        for _ in range(100):
            first, _ = asyncio.run(play_from_the_page(url, []))
            said = [e["text"] for e in first["log"] if e["kind"] == "error"]
            if said:
                break
            asyncio.run(asyncio.sleep(0.05))
        assert said and said[0].startswith(f"the game could not be saved to {path}: "), first["log"]
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.stderr is not None and f"the game could not be saved to {path}" in proc.stderr.read()
