"""The ``automa`` command as a user runs it: real processes, real files, real sockets."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bridge.table import SaveFile
from engines.demo import table as layout
from tests.conftest import ROOT, free_port, real_save, until_listening

AUTOMA = [sys.executable, "-m", "bridge.cli"]


def automa(*args: str, timeout: float = 60, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``automa ARGS`` in a fresh process; ``env`` adds to this process's environment."""
    return subprocess.run(
        [*AUTOMA, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env={**os.environ, **(env or {})}
    )


def test_version_and_help_everywhere():
    assert automa("--version").stdout.startswith("automa ")
    for args in (
        ["--help"],
        ["serve", "--help"],
        ["emulate", "--help"],
        ["mod", "build", "--help"],
        ["mod", "check", "--help"],
        ["decide", "--help"],
        ["games", "--help"],
        ["data", "check", "--help"],
        ["dev", "--help"],
        ["new", "--help"],
        ["selfplay", "--help"],
    ):
        result = automa(*args)
        assert result.returncode == 0 and "usage: automa" in result.stdout, args


def test_games_lists_the_demo():
    assert "demo" in automa("games").stdout


def test_unknown_game_and_missing_save_are_clear_errors(tmp_path: Path):
    result = automa("decide", "chess", str(tmp_path / "x.json"))
    assert result.returncode == 2 and "unknown game 'chess'; available: demo" in result.stderr
    result = automa("decide", "demo", str(tmp_path / "x.json"))
    assert result.returncode == 2 and "x.json: cannot read the save file" in result.stderr


def test_mod_build_then_decide_after_hand_made_moves(tmp_path: Path):
    assert automa("mod", "build", "demo", "--out", str(tmp_path)).returncode == 0
    path = tmp_path / "TabletopAutoma_demo.json"
    save = SaveFile.load(path)
    assert "onExternalMessage" in save.LuaScript and "automa_bot_turn" in save.XmlUI
    # a person places two tokens by hand and saves
    raw = save.to_dict()
    board = next(o for o in raw["ObjectStates"] if layout.BOARD_TAG in o["Tags"])
    frame = SaveFile.from_dict({"ObjectStates": [board]}).ObjectStates[0].Transform.geometry()
    humans = [o for o in raw["ObjectStates"] if layout.HUMAN_TAG in o["Tags"]]
    for token, slot in zip(humans, ("slot 3", "slot 4"), strict=False):
        p = frame.to_world(layout.BOARD.spots[slot])
        token["Transform"].update(posX=p.x, posY=p.y, posZ=p.z)
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(raw), encoding="utf-8")
    result = automa("decide", "demo", str(moved), "--seed", "7")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["ok"] and out["seed"] == 7
    [decision] = out["decisions"]
    assert decision["rule"] == "priority 2 (block)"
    assert decision["action"]["type"] == "Place" and decision["action"]["slot"] in (1, 4)
    assert decision["commands"][0]["op"] == "take"


def test_decide_on_an_unreadable_table_exits_1_and_names_the_problem(tmp_path: Path):
    result = automa("decide", "demo", str(real_save("stardust-sample.json")))
    assert result.returncode == 1
    assert "the board (tag 'demo.board') is not on the table" in json.loads(result.stdout)["problems"][0]


def test_decide_on_another_games_save_says_which_game_it_holds(tmp_path: Path):
    assert automa("mod", "build", "demo", "--out", str(tmp_path)).returncode == 0
    result = automa("decide", "warchest", str(tmp_path / "TabletopAutoma_demo.json"))
    assert result.returncode == 1
    [problem] = json.loads(result.stdout)["problems"]
    assert problem.startswith("this table holds Three in a Row (demo), not War Chest (solo AI)")
    assert "use the game 'demo'" in result.stderr


def test_decide_as_text_numbers_the_decisions_for_a_person(tmp_path: Path):
    assert automa("mod", "build", "demo", "--out", str(tmp_path)).returncode == 0
    result = automa("decide", "demo", str(tmp_path / "TabletopAutoma_demo.json"), "--seed", "7", "--format", "text")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Three in a Row (demo): the bot's turn (difficulty normal, seed 7)",
        "  1. Slot 4 is the empty slot nearest the centre (alone).  [priority 3 (centre)]  (1 move(s) on the table)",
    ]


def _recv_until(listener: socket.socket, wanted: set[int], timeout: float = 10) -> dict[int, dict]:
    """Accept one connection per message, read to EOF, parse; until one message of each wanted id came."""
    got: dict[int, dict] = {}
    listener.settimeout(timeout)
    while not wanted <= set(got):
        conn, _ = listener.accept()
        with conn:
            data = b""
            while chunk := conn.recv(65536):
                data += chunk
        message = json.loads(data)
        got.setdefault(message["messageID"], message)
    return got


def test_emulate_answers_a_raw_tcp_client():
    """The issue's check: an unquoted-key message 0 gets message 1 on the editor port, and an Execute Lua with a
    returnID gets message 5 with the same returnID."""
    tts_port, editor_port = free_port(), free_port()
    listener = socket.socket()
    listener.bind(("127.0.0.1", editor_port))
    listener.listen()
    save = real_save("coinche-cardgame.json")
    proc = subprocess.Popen(
        [*AUTOMA, "emulate", str(save), "--tts-port", str(tts_port), "--editor-port", str(editor_port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert "listening on 127.0.0.1:" in until_listening(proc)
        _recv_until(listener, {1})  # the load announcement
        for payload in (
            b"{ messageID: 0 }",
            b'{"messageID": 3, "guid": "-1", "script": "return 40 + 2", "returnID": 314}',
        ):
            with socket.create_connection(("127.0.0.1", tts_port)) as client:
                client.sendall(payload)
            time.sleep(0.05)
        got = _recv_until(listener, {1, 5})
        loaded, returned = got[1], got[5]
        assert loaded["messageID"] == 1
        assert loaded["savePath"] == str(save.resolve())
        global_state = next(s for s in loaded["scriptStates"] if s["guid"] == "-1")
        assert global_state["name"] == "Global" and len(global_state["script"]) > 10_000
        assert returned == {"messageID": 5, "returnValue": 42, "returnID": 314}
    finally:
        proc.terminate()
        proc.wait(10)
        listener.close()


def test_the_same_port_for_both_directions_is_refused():
    """The emulator would read its own messages back (a "loaded" message taken for Save & Play, forever)."""
    from tools.emulator import Ports

    result = automa("emulate", str(real_save("stardust-sample.json")), "--tts-port", "40123", "--editor-port", "40123")
    assert result.returncode == 2 and "--tts-port and --editor-port must differ (both are 40123)" in result.stderr
    with pytest.raises(ValueError, match="must differ"):
        Ports(40123, 40123)


def test_emulate_writes_the_table_back_on_exit(tmp_path: Path):
    out = tmp_path / "after.json"
    proc = subprocess.Popen(
        [
            *AUTOMA,
            "emulate",
            str(real_save("stardust-sample.json")),
            "--tts-port",
            str(free_port()),
            "--editor-port",
            str(free_port()),
            "--save-to",
            str(out),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        # Started with SIGINT ignored, as a shell's background jobs are: Ctrl-C must still stop it cleanly, even
        # when it comes the moment the emulator says it is listening.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    assert "listening" in until_listening(proc)
    proc.send_signal(signal.SIGINT)
    proc.wait(10)
    before = json.loads(real_save("stardust-sample.json").read_text(encoding="utf-8"))
    after = json.loads(out.read_text(encoding="utf-8"))
    assert [o["GUID"] for o in after["ObjectStates"]] == [o["GUID"] for o in before["ObjectStates"]]
    assert after["ObjectStates"][1]["ContainedObjects"] == before["ObjectStates"][1]["ContainedObjects"]


def test_serve_with_the_emulator_plays_bot_turns():
    result = automa(
        "serve",
        "demo",
        "--emulator",
        "--turns",
        "3",
        "--seed",
        "4",
        "--tts-port",
        str(free_port()),
        "--editor-port",
        str(free_port()),
    )
    assert result.returncode == 0, result.stderr
    assert "emulator: Three in a Row (demo) loaded (a fresh table dealt with seed 4), listening on" in result.stdout
    turns = [line for line in result.stdout.splitlines() if line.startswith("  - ")]
    assert len(turns) == 3
    assert "[priority 1 (win)]" in turns[2]
    # the emulated game's chat is echoed: there is no TTS window to read it in
    chat = [line for line in result.stdout.splitlines() if line.startswith("chat: Bot: ")]
    assert len(chat) == 3 and chat[2].endswith("[priority 1 (win)]")
    assert "panel: Done: 1 decision(s). Your turn." in result.stdout.splitlines()  # the panel's status too
    assert "websockets" not in result.stderr  # quiet by default: the dashboard's server lines only with -v
    # the dashboard's first read waits for the emulator (it once said "nothing listens" while it was starting)
    assert "could not read the table" not in result.stdout + result.stderr
    ports = ("--tts-port", str(free_port()), "--editor-port", str(free_port()))
    refused = automa("serve", "warchest", "--emulator", "--fast", "--turns", "1", "--option", "colour=red", *ports)
    assert refused.returncode == 2 and "automa: --option: unknown War Chest option(s): colour" in refused.stderr
    assert "emulator:" not in refused.stdout  # refused at start, before the table is dealt or a turn is taken


def test_serve_with_the_emulator_builds_its_table_with_the_games_images_in_the_cache_folder(tmp_path):
    """The page draws the table from its images: written to $XDG_CACHE_HOME/tabletop-automa/GAME/images, never
    into the repository, and the table the bot plays on points at them."""
    ports = ("--tts-port", str(free_port()), "--editor-port", str(free_port()))
    result = automa(
        "serve", "warchest", "--emulator", "--fast", "--turns", "1", *ports, env={"XDG_CACHE_HOME": str(tmp_path)}
    )
    assert result.returncode == 0, result.stderr
    images = tmp_path / "tabletop-automa" / "warchest" / "images"
    assert (images / "board.png").read_bytes().startswith(b"\x89PNG")
    assert "$XDG_CACHE_HOME/tabletop-automa/GAME/images" in "".join(automa("serve", "--help").stdout.split())


def test_serve_takes_the_game_as_an_argument_or_with_game_and_asks_for_it():
    from bridge.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["serve", "demo"]).game == "demo"
    assert parser.parse_args(["serve", "--game", "demo"]).game == "demo"  # the older spelling still works
    result = automa("serve")
    assert result.returncode == 2 and "name the game: automa serve GAME" in result.stderr


def test_turns_without_the_emulator_is_refused():
    for flag in (["--turns", "1"], ["--resume"], ["--game-file", "g.json"]):
        result = automa("serve", "--game", "demo", *flag)
        assert result.returncode == 2
        assert "--turns, --save, --fast, --resume and --game-file need --emulator" in result.stderr


def test_emulate_and_serve_explain_a_busy_tts_port(tmp_path: Path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        save = str(real_save("coinche-cardgame.json"))
        emulate = automa("emulate", save, "--tts-port", port, "--editor-port", str(free_port()))
        editor = str(free_port())
        serve = automa("serve", "demo", "--emulator", "--turns", "1", "--tts-port", port, "--editor-port", editor)
    for result in (emulate, serve):
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert f"automa: port {port} is already in use: Tabletop Simulator itself" in result.stderr


@pytest.mark.parametrize("port_flag", ["--editor-port"])
def test_serve_explains_a_busy_editor_port(port_flag: str):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = automa("serve", "--game", "demo", port_flag, str(port), "--timeout", "1")
    assert result.returncode == 2 and "already in use" in result.stderr


def test_the_main_command_starts_a_war_chest_game_one_can_play(tmp_path: Path):
    """The README's first command (with free ports and --fast): the dashboard's address comes first, the process
    stays up, a page can play a bot turn and a move of the person's, and Ctrl-C stops it cleanly."""
    import asyncio

    from websockets.asyncio.client import connect

    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port()), "--dashboard-port", str(free_port())]
    proc = subprocess.Popen(
        [*AUTOMA, "serve", "warchest", "--emulator", "--fast", *ports], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("dashboard: http://127.0.0.1:")
        url = first.split(" ", 1)[1].strip()
        said = []
        while "Play War Chest" not in (line := proc.stdout.readline()):
            assert line, "the command ended"
            said.append(line)
        # each run deals a new set-up (units, bags), and says how to deal it again
        (loaded,) = [line for line in said if line.startswith("emulator: War Chest (solo AI) loaded (a fresh table")]
        seed = loaded.split("seed ")[1].split(";")[0]
        assert f"--seed {seed} deals it again" in loaded

        async def play() -> list[dict]:
            port = url.split(":")[2].split("/")[0]
            token = url.split("token=")[1]
            async with connect(f"ws://127.0.0.1:{port}/ws?token={token}", origin=f"http://127.0.0.1:{port}") as ws:
                replies = []
                draw = {"type": "person_move", "id": "draw", "label": "Draw 3 coins from your bag"}
                for control in ({"type": "bot_turn"}, draw):
                    await ws.send(json.dumps(control))
                    while (reply := json.loads(await asyncio.wait_for(ws.recv(), 30)))["type"] != "ack":
                        pass
                    replies.append(reply)
                return replies

        assert asyncio.run(play()) == [
            {"type": "ack", "control": "bot_turn"},
            {"type": "ack", "control": "person_move"},
        ]
        assert proc.poll() is None  # still up, waiting for the next move
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_automa_lua_runs_code_in_the_emulated_game_and_prints_what_comes_back(tmp_path: Path):
    tts, editor = free_port(), free_port()
    save = str(real_save("coinche-cardgame.json"))
    emulator = subprocess.Popen(
        [*AUTOMA, "emulate", save, "--tts-port", str(tts), "--editor-port", str(editor)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        until_listening(emulator)
        ports = ["--tts-port", str(tts), "--editor-port", str(editor)]
        result = automa("lua", "print('objects: ' .. #getObjects()) return {n = 1 + 1}", *ports)
        assert result.returncode == 0, result.stderr
        printed, value = result.stdout.splitlines()
        assert printed.startswith("objects: ") and json.loads(value) == {"n": 2}
        script = tmp_path / "boom.lua"
        script.write_text("local x = nil\nreturn x.field\n", encoding="utf-8")
        failed = automa("lua", "-f", str(script), *ports)
        assert failed.returncode == 1 and "the Lua failed: chunk_" in failed.stderr
        assert re.search(r"chunk_\d+:\(2,", failed.stderr), failed.stderr  # row 2, in MoonSharp's (row,cols) form
        assert automa("lua", *ports).returncode == 2  # neither code nor a file
        # an unfinished line is the person's own, not an 'end' the bridge's wrapper adds, and it is said once
        for code in ("return 1 +", "return 1 +\n", "local x = 1\nlocal y = (x"):
            unfinished = automa("lua", code, *ports)
            last = len(code.rstrip("\n").split("\n"))
            assert unfinished.returncode == 1 and "'end'" not in unfinished.stderr, unfinished.stderr
            assert f"line {last}, your last: the code ends before it is complete" in unfinished.stderr
            assert len(unfinished.stderr.strip().splitlines()) == 1, unfinished.stderr
        missing = automa("lua", "--guid", "zzzzzz", "return 1", *ports)
        assert missing.returncode == 2 and "Object reference" not in missing.stderr
        assert "automa: no object with GUID zzzzzz on the loaded table" in missing.stderr
    finally:
        emulator.send_signal(signal.SIGINT)
        emulator.wait(20)


@pytest.mark.slow
def test_self_play_reads_the_same_for_every_game():
    """One layout, a unit on every figure, the terms explained: War Chest's AI and Pax Pamir's Wakhan alike."""
    from engines import registry

    reports = {}
    for name, options in (("warchest", {"difficulties": ["beginner"]}), ("paxpamir", {"wakhan": True, "players": 1})):
        game = registry.load(name)
        summary = game.selfplay(games=2, seed=1, progress=False, options={"opponents": ["random"], **options})
        reports[name] = game.format_selfplay(summary).splitlines()
    header = "setting       opponent     games  bot wins  draws   length        decision"
    for name, lines in reports.items():
        assert lines[1] == "seed 1 (game i uses seed 1 + i); 0 game(s) failed with an error", name
        assert lines[3] == header, name
        assert any(line.startswith("length: actions per game") for line in lines), name
        assert "random: a baseline player that plays a legal action chosen at random." in lines, name
    row = reports["warchest"][4].split()
    assert row[:3] == ["beginner", "random", "2"] and row[3].endswith("%") and row[-1] == "—"  # not timed
    assert reports["paxpamir"][4].startswith("1 person      random") and reports["paxpamir"][4].endswith(" ms")


def test_mod_inject_writes_a_joined_copy_and_says_where_the_panel_went(tmp_path: Path):
    out = tmp_path / "joined.json"
    result = automa("mod", "inject", str(real_save("coinche-cardgame.json")), "--game", "demo", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == f"wrote {out}"
    assert "panel at UpperLeft" in result.stdout and "nothing here was checked in real TTS" in result.stdout
    again = automa("mod", "inject", str(out))
    assert again.returncode == 2 and "the connector is already joined to this save" in again.stderr
    unlisted = automa("mod", "inject", str(real_save("coinche-cardgame.json")), "--out", str(tmp_path / "joined"))
    assert unlisted.returncode == 2 and "nor a file name ending in .json" in unlisted.stderr
    assert not (tmp_path / "joined").exists()


def test_selfplay_over_processes_gives_what_one_process_gives():
    """Issue 18: "`automa selfplay GAME --jobs N` spreads games over N processes (default: all cores), identical
    results for a given seed whatever N"."""
    runs = [
        automa("selfplay", "fiftyfirst", "--allow-sample", "--games", "4", "--seed", "5", "--jobs", str(n), "--json")
        for n in (1, 2)
    ]
    one, two = (json.loads(r.stdout) for r in runs)
    assert one.pop("ms_per_turn") and two.pop("ms_per_turn") and one == two and one["games"] == 4
    result = automa("selfplay", "warchest", "--games", "1", "--jobs", "0", "--no-progress")
    assert result.returncode == 2 and "--jobs must be at least 1" in result.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="Linux refuses the bind while the closed port waits (TIME_WAIT)")
def test_a_port_held_by_a_connection_that_just_closed_is_explained():
    """On Linux the editor and TTS ports lie in the range outgoing connections are given, and a closed one holds
    its port for about a minute: the message says so instead of blaming only another editor."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        client = socket.socket()
        client.bind(("127.0.0.1", 0))
        port = client.getsockname()[1]
        client.connect(server.getsockname())
        accepted, _ = server.accept()
        client.close()  # the side that closes first keeps its port (TIME_WAIT)
        accepted.close()
    result = automa("serve", "--game", "demo", "--editor-port", str(port), "--timeout", "1")
    assert result.returncode == 2 and f"port {port} is already in use" in result.stderr
    assert "a connection that closed moments ago may still hold the port" in result.stderr


def test_each_mistyped_command_names_what_is_wrong_and_what_to_do(tmp_path: Path):
    """No traceback, exit status 2, and words that name the flag, the value and the way out; nothing written."""
    port = automa("serve", "demo", "--dashboard-port", "99999")
    assert port.returncode == 2 and "Traceback" not in port.stderr
    assert "--dashboard-port: 99999 is not a port: give one from 1 to 65535" in port.stderr
    assert "--tts-port: 'x' is not a port number" in automa("serve", "demo", "--tts-port", "x").stderr
    option = automa("serve", "warchest", "--emulator", "--no-dashboard", "--option", "nosuch=1", timeout=60)
    assert option.returncode == 2 and "Traceback" not in option.stderr
    assert "--option: unknown War Chest option(s): nosuch; known: ai_bag," in option.stderr
    assert "emulator:" not in option.stdout  # refused at start, before the table is dealt
    demo = automa("serve", "demo", "--emulator", "--no-dashboard", "--option", "nosuch=1", timeout=60)
    assert demo.returncode == 2 and "--option: unknown demo option(s): nosuch; the demo game has none" in demo.stderr
    value = automa("serve", "paxpamir", "--no-dashboard", "--option", "cheapest=x")
    assert value.returncode == 2 and "--option: option cheapest takes real_cost, column, not 'x'" in value.stderr
    out = tmp_path / "nonexistent" / "dir" / "x.json"
    build = automa("mod", "build", "demo", "--out", str(out))
    assert build.returncode == 2 and f"the folder {str(out.parent)!r} does not exist: create it first" in build.stderr
    assert not out.parent.parent.exists()  # no folder made behind the person's back
    level = automa("serve", "warchest", "--difficulty", "hard")
    assert level.returncode == 2
    assert "--difficulty 'hard': warchest has no such difficulty; choose one of beginner" in level.stderr


def test_serve_difficulty_sets_the_bots_difficulty_from_the_first_turn():
    result = automa("serve", "warchest", "--emulator", "--fast", "--turns", "1", "--no-dashboard",
                    "--difficulty", "advanced", "--seed", "3", "--tts-port", str(free_port()),
                    "--editor-port", str(free_port()))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "bot turn (seed" in result.stdout and ", advanced):" in result.stdout


def test_serve_without_a_games_card_data_stops_before_printing_a_dashboard_address(tmp_path):
    """The address is where a person goes to play: it is printed only once the table can be dealt (it was printed,
    then the process stopped for want of card data, and the page it named never answered)."""
    ports = ("--tts-port", str(free_port()), "--editor-port", str(free_port()), "--dashboard-port", str(free_port()))
    env = {"XDG_CONFIG_HOME": str(tmp_path)}  # no owner's data there
    refused = automa("serve", "fiftyfirst", "--emulator", "--fast", *ports, env=env)
    assert refused.returncode != 0 and "--allow-sample" in refused.stderr, refused.stderr
    assert "dashboard:" not in refused.stdout


def test_a_timeout_or_a_count_of_turns_that_cannot_work_is_refused_by_name():
    """Issue 41, item 15: ``--timeout 0`` failed every request at once and blamed the ports; ``--turns 0`` exited 0
    having done nothing."""
    for flag, value in (("--timeout", "0"), ("--timeout", "-3"), ("--heartbeat", "0"), ("--timeout", "nan")):
        result = automa("serve", "demo", "--emulator", flag, value, "--tts-port", str(free_port()))
        assert result.returncode == 2 and "already in use" not in result.stderr, (flag, value, result.stderr)
        assert f"argument {flag}: {value} seconds: give a time of more than 0 seconds" in result.stderr
    for value in ("0", "-1"):
        result = automa("serve", "demo", "--emulator", "--turns", value, "--tts-port", str(free_port()))
        assert result.returncode == 2 and f"argument --turns: {value}: give 1 or more" in result.stderr
        assert "emulator:" not in result.stdout
    lua = automa("lua", "return 1", "--timeout", "0")
    assert lua.returncode == 2 and "argument --timeout: 0 seconds" in lua.stderr


def test_decide_on_json_that_is_not_a_tts_save_says_so_and_names_the_file(tmp_path: Path):
    """Issue 41, item 17: a file holding ``{}`` was read as an empty table with 11 problems."""
    for name, text, keys in (("empty.json", "{}", "nothing"), ("other.json", '{"name": "x", "items": []}', "'name'")):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = automa("decide", "warchest", str(path))
        assert result.returncode == 2 and result.stdout == "", result.stderr
        assert f"automa: {path}: not a TTS save: it has no 'ObjectStates' list" in result.stderr
        assert f"its keys: {keys}" in result.stderr


def test_serve_names_every_busy_port_before_it_prints_a_dashboard_address():
    """Issue 41, item 16: the second serve named the editor port only, and once that was moved, failed on the TTS
    port after printing the address of a dashboard that then went away."""
    with socket.socket() as editor, socket.socket() as tts, socket.socket() as page:
        for held in (editor, tts, page):
            held.bind(("127.0.0.1", 0))
            held.listen()
        ports = [str(s.getsockname()[1]) for s in (editor, tts, page)]
        flags = ("--editor-port", ports[0], "--tts-port", ports[1], "--dashboard-port", ports[2])
        every = automa("serve", "demo", "--emulator", *flags)
        tts_only = automa("serve", "demo", "--emulator", "--tts-port", ports[1], "--editor-port", str(free_port()),
                          "--dashboard-port", str(free_port()))  # fmt: skip
        page_only = automa("serve", "demo", "--emulator", "--dashboard-port", ports[2], "--tts-port",
                           str(free_port()), "--editor-port", str(free_port()))  # fmt: skip
    assert every.returncode == 2 and "Traceback" not in every.stderr
    holders = ("another editor", "Tabletop Simulator itself", "another program")
    for port, who, flag in zip(ports, holders, flags[::2], strict=True):
        assert f"port {port} is already in use: {who}" in every.stderr and f"another port with {flag}" in every.stderr
    for result, port in ((tts_only, ports[1]), (page_only, ports[2])):
        assert result.returncode == 2 and f"port {port} is already in use" in result.stderr, result.stderr
        assert result.stderr.count("already in use") == 1
    for result in (every, tts_only, page_only):
        assert "dashboard:" not in result.stdout and "emulator:" not in result.stdout, result.stdout


def test_dev_with_a_broken_connector_fails_each_page_move_at_once_naming_the_line_and_bans_a_bad_rules_reload(
    tmp_path: Path,
):
    """Issue 41 item 18, through ``automa dev`` with the emulator and its page: a rules reload that fails shows a
    banner on the page (not a log line only) until a reload passes; once the connector script is broken, a page
    move fails naming the script's file:line (it waited out the deadline, then blamed "chunk_0"), and what could
    not be shown in TTS says why (the log ended ": "); the script fixed, the page plays again."""
    import asyncio
    import shutil

    from websockets.asyncio.client import connect

    from bridge.modsource import default_root

    rules, mod = tmp_path / "demo", tmp_path / "tts_mod"
    shutil.copytree(ROOT / "engines" / "demo", rules, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(default_root(), mod, ignore=shutil.ignore_patterns("__pycache__"))
    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port()), "--dashboard-port", str(free_port())]
    flags = ["--rules", str(rules), "--mod", str(mod), "--debounce", "0.2"]
    proc = subprocess.Popen(
        [*AUTOMA, "dev", "demo", "--emulator", "--fast", *ports, *flags],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    game_py, lua = rules / "game.py", mod / "demo" / "global.lua"

    async def page(url: str) -> tuple[str, str]:
        port, token = url.split(":")[2].split("/")[0], url.split("token=")[1]
        async with connect(f"ws://127.0.0.1:{port}/ws?token={token}", origin=f"http://127.0.0.1:{port}") as ws:

            async def state_where(check: Any) -> dict[str, Any]:
                async def wait() -> dict[str, Any]:
                    while True:
                        message = json.loads(await ws.recv())
                        if message["type"] == "state" and check(message["state"]):
                            return message["state"]

                return await asyncio.wait_for(wait(), 60)

            async def press(**control: str) -> dict[str, Any]:
                await ws.send(json.dumps(control))
                while (reply := json.loads(await asyncio.wait_for(ws.recv(), 60)))["type"] != "ack":
                    pass
                return reply

            game_py.write_text(game_py.read_text().replace("def decide(", "def decide(:"), encoding="utf-8")
            banned = await state_where(lambda s: "rules" in s["banners"])
            game_py.write_text(game_py.read_text().replace("def decide(:", "def decide("), encoding="utf-8")
            await state_where(lambda s: s["banners"] == {})
            lua.parent.mkdir(exist_ok=True)
            lua.write_text("-- demo extras\nlocal ok = 1\nlocal broken = = 2\n", encoding="utf-8")
            await state_where(lambda s: any("dev: TTS error:" in e["text"] for e in s["log"]))
            failed = (await press(type="person_move", id="4", label="a slot"))["error"]
            await asyncio.sleep(4.5)  # the page's polls of the table meanwhile (every 2 s) fail too
            lua.write_text("-- demo extras\nlocal ok = 1\n", encoding="utf-8")
            await state_where(lambda s: sum("Global script and UI sent" in e["text"] for e in s["log"]) == 2)
            assert await press(type="bot_turn") == {"type": "ack", "control": "bot_turn"}
            return banned["banners"]["rules"], failed

    try:
        assert proc.stdout is not None and proc.stderr is not None
        url = proc.stdout.readline().split(" ", 1)[1].strip()
        while "dev: watching" not in (line := proc.stdout.readline()):
            assert line, "automa dev ended"
        banner, failed = asyncio.run(page(url))
        line = next(n for n, text in enumerate(game_py.read_text().splitlines(), 1) if "def decide(" in text)
        assert banner.startswith(f"Rules reload failed: {game_py}:{line}: SyntaxError")
        assert "the connector cannot answer 'snapshot'" in failed and f"{lua}:3: chunk_0:(" in failed, failed
        assert "restart" not in failed
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    shown = [e for e in err.splitlines() if "could not show it in TTS as well: " in e]
    assert shown and all(e.split("as well: ", 1)[1].strip() for e in shown), shown
    assert any(f"{lua}:3" in e for e in shown), shown
    unread = [e for e in err.splitlines() if "dashboard could not read the table" in e]
    assert len(unread) == len(set(unread)), unread  # said once, not at each of the page's polls
