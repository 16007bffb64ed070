"""``automa adopt warchest`` calibrated where the mod is live (issue 40), over the emulator and real loopback: a
re-skinned War Chest (new GUIDs, no tags or notes of ours, French names, coins as Custom_Token, the board moved,
turned and scaled at other proportions) read by the connector, proposed by names, then every role left taught by
the person's pick-ups and drops and the board's placement by three pieces put on named hexes. The profile it
writes plays as the table it came from: the bot's decisions and moves on the re-skinned table equal those on the
original for the same state, over seeded positions. Mistakes are refused by name and nothing is half-learnt."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from bridge.calibrate import CalibrationStopped
from bridge.cli import main
from bridge.modbuild import build_save
from bridge.table import SaveFile, Vec3
from engines import registry
from engines.calibrate import BoardStep, RoleStep
from engines.profile import dump, load
from engines.warchest.table import BOARD_SIZE, BUILT, SPEC, build_table
from tests.calibration import Adopted, Hook, Person, adopt
from tests.conftest import ROOT, free_port
from tests.reskin import Warp, assert_plays_alike, reskinned
from tests.test_cli import AUTOMA, automa
from tests.warchest.test_reskin import rename, seeded_position


def warp() -> Warp:
    """The board moved, turned 30 degrees and scaled 1.1 by 1.0 (art at other proportions); no hex of the art off
    our layout (two references cannot see one: the hand-written profile's offsets say it)."""
    half = BOARD_SIZE / 2
    return Warp(Vec3(0.0, 1.0, 0.0), (half, half), scale=(1.1, 1.0), turn=30.0, shift=Vec3(0.5, 0.0, 0.4))


async def calibrated(seed: int, plies: int, *mistakes: Hook, quiet: float = 30.0) -> Adopted:
    save = build_table(state=seeded_position(seed, plies), seed=seed)
    return await adopt(
        "warchest", BUILT, save, "warchest.board", warp(), rename, *mistakes, quiet=quiet, size=(BOARD_SIZE, BOARD_SIZE)
    )


@pytest.mark.parametrize(("seed", "plies"), [(1, 0), (3, 17)])
async def test_a_calibrated_profile_plays_as_the_table_it_came_from(seed: int, plies: int) -> None:
    done = await calibrated(seed, plies)
    assert done.person.answered > 20 and "board" in done.profile.boards  # the roles were asked, the board too
    assert done.profile.boards["board"].scale == pytest.approx((0.55, 0.5))  # 1.1 x 1.0 over the mod's 2.0
    assert done.moved and done.moved <= done.person.touched  # the bot moved nothing; only the person's hands did
    assert_plays_alike("warchest", done.original, done.skin, done.profile, seed)


def pick_the_board_for_a_coin(person: Person, step: RoleStep | BoardStep) -> bool:
    """Pick up the board (filled by its name already) when a coin is asked."""
    if not (isinstance(step, RoleStep) and step.key.startswith("coin:") and person.built.objects(step.key)):
        return False
    board = person.built.objects("board")[0]
    person.pick_up(person.skin.guids[board.guid])
    return True


def drop_off_the_board(person: Person, step: RoleStep | BoardStep) -> bool:
    if not isinstance(step, BoardStep):
        return False
    person.drop_at(Vec3(-30.0, 1.0, 20.0))  # on the table, far from the board
    return True


async def test_a_piece_of_another_role_and_a_drop_off_the_board_are_refused_by_name() -> None:
    done = await calibrated(1, 0, pick_the_board_for_a_coin, drop_off_the_board)
    refused = [s["text"] for s in done.asker.said if not s["ok"]]
    assert any("that is the board already" in t and "pick up a" in t for t in refused), refused
    assert any("off the board" in t and "put it on the hexes space" in t for t in refused), refused
    assert_plays_alike("warchest", done.original, done.skin, done.profile, 1)  # the mistakes left nothing half-learnt


async def test_a_tts_that_goes_quiet_mid_calibration_stops_it_with_nothing_learnt_kept() -> None:
    def silence(person: Person, step: RoleStep | BoardStep) -> bool:
        if isinstance(step, RoleStep) and step.key.startswith("coin:"):
            person.live.emulator.faults.silent = True  # TTS stops answering
        return False

    with pytest.raises(CalibrationStopped, match=r"TTS stopped answering mid-calibration.*nothing was written"):
        await calibrated(1, 0, silence, quiet=0.3)


async def test_stop_typed_in_the_chat_leaves_the_calibration() -> None:
    def stop(person: Person, step: RoleStep | BoardStep) -> bool:
        person.live.emulator.chat("stop")
        return False

    with pytest.raises(CalibrationStopped, match="stopped by White: nothing was written"):
        await calibrated(1, 0, stop)


async def test_decide_with_the_written_profile_plays_the_reskinned_save_as_the_original(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``automa decide --profile`` reads the profile calibration wrote as the original table is read; ``automa
    serve --profile`` plays a bot turn on the re-skinned table with it (the emulator, a real process)."""
    done = await calibrated(3, 17)
    profile_file, skin_file, original_file = tmp_path / "p.json", tmp_path / "skin.json", tmp_path / "ours.json"
    profile_file.write_text(dump(done.profile), encoding="utf-8")
    done.skin.save.dump(skin_file)
    build_table(state=seeded_position(3, 17), seed=3).dump(original_file)
    decided = []
    for args in ([str(skin_file), "--profile", str(profile_file)], [str(original_file)]):
        assert main(["decide", "warchest", *args, "--seed", "5"]) == 0
        decided.append([(d["action"], d["reason"]) for d in json.loads(capsys.readouterr().out)["decisions"]])
    assert decided[0] == decided[1] != []
    build_save(registry.load("warchest"), table=done.skin.save).dump(skin_file)  # the bot's panel joined to it
    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port())]
    served = automa(
        "serve",
        "warchest",
        "--emulator",
        "--fast",
        "--no-dashboard",
        "--save",
        str(skin_file),
        *ports,
        "--profile",
        str(profile_file),
        "--turns",
        "1",
        "--seed",
        "5",
        "--game-file",
        str(tmp_path / "game.json"),
    )
    assert served.returncode == 0, served.stderr
    assert "bot turn (seed" in served.stdout and "cannot read the table" not in served.stdout


def test_ctrl_c_during_a_live_adopt_writes_nothing(tmp_path: Path) -> None:
    """``automa adopt warchest --emulator``: the proposal is printed, the first question asked in the chat; Ctrl-C
    then ends it with exit status 2, saying nothing was written, and no profile is there."""
    out = tmp_path / "profile.json"
    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port())]
    args = ["adopt", "warchest", "--emulator", "--fast", "--no-dashboard", *ports, "--out", str(out)]
    proc = subprocess.Popen([*AUTOMA, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        seen = []
        for line in proc.stdout:
            seen.append(line)
            if "Bot (1/" in line:
                break
        assert any("roles filled by name" in line for line in seen), seen
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 2, err
    assert "adopt was stopped before the end (Ctrl-C): nothing was written" in err
    assert not out.exists() and not list(tmp_path.iterdir())


async def test_a_live_adopt_skipped_through_from_the_page_writes_the_profile_naming_every_role_unfilled(
    tmp_path: Path,
) -> None:
    """``automa adopt warchest --emulator --save SKIN`` in a real process; the page's Skip pressed (over its
    WebSocket, with the run's token and origin) for every question: the profile is written whole, every role the
    proposal did not fill named as unfilled in the terminal, the mod's own script warned of, and it loads."""
    _, skin = reskinned(build_table(seed=2), "warchest.board", warp(), rename)
    skin_file, out = tmp_path / "skin.json", tmp_path / "profiles" / "skin.json"
    data = skin.save.to_dict()  # the mod's rulebook carries a script of its own
    next(s for s in data["ObjectStates"] if s["Name"] == "Custom_PDF")["LuaScript"] = "function onLoad() end"
    SaveFile.from_dict(data).dump(skin_file)
    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port()), "--dashboard-port", str(free_port())]
    args = ["adopt", "warchest", "--emulator", "--fast", "--save", str(skin_file), *ports, "--out", str(out)]
    proc = subprocess.Popen([*AUTOMA, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        url = next(line.split()[-1] for line in proc.stdout if line.startswith("dashboard: "))
        port, token = url.split(":")[2].split("/")[0], url.split("token=")[1]
        async with connect(f"ws://127.0.0.1:{port}/ws?token={token}", origin=f"http://127.0.0.1:{port}") as page:
            skipped = 0
            async for raw in page:
                message = json.loads(raw)
                calibration = (message.get("state") or {}).get("calibration") if message["type"] == "state" else None
                if calibration and calibration["active"] and calibration["done"] == skipped:
                    await page.send(json.dumps({"type": "calibrate", "word": "skip"}))
                    skipped += 1
                if calibration and not calibration["active"]:
                    break
        printed, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert f"wrote {out}" in printed and "nothing on the table was moved by the bot" in printed
    profile = load(out, SPEC)
    unfilled = [k for k, r in profile.roles.items() if (r.match[0].nickname or "").startswith("(unfilled)")]
    assert len(unfilled) == skipped - 1  # the board's references were skipped too
    assert all(f"unfilled: {key} (skipped during calibration" in printed for key in unfilled)
    assert "assumed: the board lies as the project builds it (not calibrated)" in printed
    assert "warning: objects with a script of their own (it may move or lock pieces): 'Rulebook'" in printed
    assert "Global script" not in printed  # the connector joined to it for the emulator is ours, not the mod's
    assert not list(out.parent.glob(".*.part"))  # written whole, the temporary file gone


async def test_a_mod_reloaded_mid_calibration_is_switched_on_and_asked_again() -> None:
    """The person loads the table again (as TTS's rewind or a Save & Play does) at the first coin: the connector's
    forwarding is off after a reload, so the bridge switches it on again and asks again; the profile still plays
    as the original."""

    def reload(person: Person, step: RoleStep | BoardStep) -> bool:
        if loading or not (isinstance(step, RoleStep) and step.key.startswith("coin:")):
            return False
        emulator = person.live.emulator
        loading.append(asyncio.get_running_loop().create_task(emulator.load(emulator.require_world().save, "again")))
        return False  # then answers as asked: the steps after it need the forwarding switched on again

    loading: list[asyncio.Task[None]] = []
    done = await calibrated(1, 0, reload)
    assert loading and loading[0].done() and done.person.live.emulator.save_path == "again"
    assert_plays_alike("warchest", done.original, done.skin, done.profile, 1)
