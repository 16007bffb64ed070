"""The wire: TTS's External Editor API as shared/docs/tts-interface.md §1-§3 gives it (the official External
Editor API page, the Atom plugin, the clients named there), message by message."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re

from bridge.doctor.context import Context, Fact, attempt, chunk_free
from bridge.doctor.record import Check
from bridge.link import LOOPBACK, LinkError, new_request_id
from bridge.protocol import (
    GLOBAL_GUID,
    ExecuteLua,
    FromTTS,
    GameLoaded,
    GetScripts,
    LuaError,
    ObjectCreated,
    Printed,
    SaveAndPlay,
    ScriptState,
    encode,
)

log = logging.getLogger(__name__)
DOC = "shared/docs/tts-interface.md"
BRIDGE = "every request of the bridge (automa serve, dev, lua, the dashboard)"
LARGE = 1 << 20  # a reply of 1 MB (the figure; message 1 of a big mod runs to several MB, §1)
ERROR_FORMAT = re.compile(r"^chunk_\d+:\(\d+,\d+-\d+\): ")

PORTS = Fact(
    "wire.ports",
    "wire",
    "TTS listens on 127.0.0.1:39999 once a game is loaded and sends every message to 127.0.0.1:39998",
    f"{DOC} §1 (External Editor API page)",
    BRIDGE,
)
GET_SCRIPTS = Fact(
    "wire.get_scripts",
    "wire",
    "message 0 (Get Lua Scripts) is answered with message 1, Global (guid -1) listed first",
    f"{DOC} §2",
    "automa dev (it reads the scripts in TTS before sending changes) and Save & Play",
)
EXECUTE = Fact(
    "wire.return_id",
    "wire",
    "message 3 (Execute Lua Code) is answered with message 5 carrying the value and our returnID",
    f"{DOC} §2-§3 (returnID: the Atom plugin and the Rust client rely on it)",
    "automa lua and every executed check of the doctor",
)
PRINT = Fact(
    "wire.print",
    "wire",
    "Lua print() reaches the editor as message 2",
    f"{DOC} §2",
    "the terminal's echo of the game's chat (automa lua prints, dev's log)",
)
ERROR = Fact(
    "wire.error",
    "wire",
    "a Lua error reaches the editor as message 3, 'chunk_N:(row,col-col): text' with an errorMessagePrefix",
    f"{DOC} §2 (error example)",
    "how the bridge words a script's error with its row (automa lua, dev, the connector's load error)",
)
CUSTOM = Fact(
    "wire.custom",
    "wire",
    "message 2 (Custom Message) calls Global onExternalMessage, and sendExternalMessage comes back as message 4",
    f"{DOC} §2",
    "the connector: every snapshot, batch and panel event of the bot",
)
LARGE_REPLY = Fact(
    "wire.large_reply",
    "wire",
    "a reply of 1 MB arrives whole (one message per connection, read to its end)",
    f"{DOC} §1 (large messages: VS Code ext issue #49)",
    "snapshots of large tables (a 1,000-object table's full snapshot runs to megabytes)",
)
SAVE_AND_PLAY = Fact(
    "wire.save_and_play",
    "wire",
    "message 1 (Save & Play) reloads the game and answers with message 1; a listed object's absent 'ui' is deleted",
    f"{DOC} §2 (Atom plugin #94, #131)",
    "automa dev's sending of Lua and XML (it resends every part so that nothing is deleted)",
)
CREATED = Fact(
    "wire.object_created",
    "wire",
    "a spawned object is announced as message 7 with its GUID",
    f"{DOC} §2",
    "nothing of the bridge today (it ignores message 7); the doctor's padding announces 1,000 of them",
)
PUSHED = Fact(
    "wire.push_object",
    "wire",
    "opening the script editor on an unscripted object sends message 0 (Pushing New Object) to the editor",
    f"{DOC} §2",
    "nothing of the bridge today (it ignores message 0); an editor plugin would open the object's script",
)
IDLE = Fact(
    "wire.idle",
    "wire",
    "a connection to TTS may stay open and idle before its message is written (TTS does not need it at once)",
    f"{DOC} §1 (the Atom plugin left its socket open until its next command)",
    "nothing of the bridge today (it writes at once); an editor that keeps a socket open",
)


async def checks(ctx: Context, *, everything: bool = True) -> list[Check]:
    """Every wire check but Save & Play (:func:`reload`, which reloads the game: run it last); without
    ``everything``, only whether TTS answers at all."""
    ports = {"tts": ctx.link.tts_port, "editor": ctx.link.editor_port}
    try:
        await ctx.link.get_scripts(ctx.timeout)  # raises, naming the port, when either way is shut
        found = [PORTS.check("pass", ports, ports)]
    except LinkError as exc:
        found = [PORTS.broken(exc, ports)]
    if found[0].verdict == "fail" or not everything:
        return found  # nothing else can be asked
    for fact, make in (
        (GET_SCRIPTS, _get_scripts),
        (EXECUTE, _execute),
        (PRINT, _print),
        (ERROR, _error),
        (CUSTOM, _custom),
        (LARGE_REPLY, _large_reply),
        (CREATED, _created),
        (IDLE, _idle),
    ):
        found.append(await attempt(fact, lambda make=make: make(ctx)))  # type: ignore[misc]
    return found


async def _get_scripts(ctx: Context) -> Check:
    loaded = await ctx.link.get_scripts(ctx.timeout)
    first = loaded.scriptStates[0].guid if loaded.scriptStates else None
    return GET_SCRIPTS.compare({"message": 1, "first": GLOBAL_GUID}, {"message": 1, "first": first})


async def _execute(ctx: Context) -> Check:
    value = await ctx.execute("return 'automa doctor'")
    return EXECUTE.compare("automa doctor", value, "If TTS stays silent, restart it (tts-interface.md §1).")


async def _print(ctx: Context) -> Check:
    text = f"automa doctor {new_request_id(())}"
    seen = await ctx.heard(lambda m: isinstance(m, Printed) and m.message == text, ctx.execute(f"print('{text}')"))
    return PRINT.compare(text, text if seen else None)


async def _error(ctx: Context) -> Check:
    errors: list[LuaError] = []

    def hear(message: FromTTS) -> None:
        if isinstance(message, LuaError) and "automa doctor error" in message.error:
            errors.append(message)

    remove = ctx.link.add_listener(hear)
    try:  # sent as it is, without the link's pcall: the error is TTS's own report
        script = "local t = 1\nerror('automa doctor error')"
        await ctx.link.send(ExecuteLua(guid=GLOBAL_GUID, script=script, returnID=new_request_id(())))
        await ctx.until(lambda: bool(errors))
    finally:
        remove()
    expected = {"format": "chunk_N:(row,col-col): text", "row": 2, "prefix": True}
    if not errors:
        return ERROR.judge(False, expected, None)
    said = errors[0]
    row = re.match(r"^chunk_\d+:\((\d+),", said.error)
    observed = {"error": chunk_free(said.error), "prefix": said.errorMessagePrefix}
    holds = bool(ERROR_FORMAT.match(said.error)) and row is not None and int(row.group(1)) == 2
    return ERROR.judge(holds and bool(said.errorMessagePrefix), expected, observed)


async def _custom(ctx: Context) -> Check:
    answer = await ctx.connector.ping()
    return CUSTOM.compare(1, answer.get("protocol"), "Is the Tabletop Automa mod (its connector) loaded?")


async def _created(ctx: Context) -> Check:
    """One block spawned (and destroyed again): message 7 should name it."""
    created: list[str] = []
    remove = ctx.link.add_listener(lambda m: created.append(m.guid) if isinstance(m, ObjectCreated) else None)
    try:
        guid = await ctx.lua_reply(
            "local o = spawnObject({type = 'BlockSquare', position = {0, 5, 12}}) "
            "Wait.condition(function() local g = o.getGUID() o.destruct() "
            "sendExternalMessage({automa_doctor = 'spawned', guid = g}) end, function() return not o.spawning end, 10)",
            "spawned",
        )
        await ctx.until(lambda: guid.get("guid") in created)
    finally:
        remove()
    heard = guid.get("guid") if guid.get("guid") in created else created[-1] if created else None
    return CREATED.compare(guid.get("guid"), heard)


async def _large_reply(ctx: Context) -> Check:
    value = await ctx.execute(f"return string.rep('abcdefgh', {LARGE // 8})")
    whole = isinstance(value, str) and value == "abcdefgh" * (LARGE // 8)
    return LARGE_REPLY.judge(whole, LARGE, len(value) if isinstance(value, str) else value)


async def _idle(ctx: Context) -> Check:
    """One connection opened, left idle, then given message 0: TTS should answer it with message 1."""
    loaded = asyncio.Event()
    remove = ctx.link.add_listener(lambda m: loaded.set() if isinstance(m, GameLoaded) else None)
    try:
        _, writer = await asyncio.open_connection(LOOPBACK, ctx.link.tts_port)
        try:
            await asyncio.sleep(ctx.idle)
            writer.write(encode(GetScripts()))
            await writer.drain()
            writer.write_eof()
        except OSError:  # TTS closed it while it was idle: no answer will come
            log.info("TTS closed a connection left idle for %g s", ctx.idle)
        finally:
            writer.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(loaded.wait(), ctx.timeout)
    finally:
        remove()
    expected = {"idle_seconds": ctx.idle, "answered": True}
    return IDLE.compare(expected, {"idle_seconds": ctx.idle, "answered": loaded.is_set()})


def pushed(heard: list[str]) -> Check:
    """Message 0 from TTS, if the person opened the script editor on an unscripted object while the doctor ran."""
    if heard:
        return PUSHED.compare(True, True)
    return PUSHED.person(
        "while automa doctor runs, right-click an object without a script and open Scripting > Scripting Editor: "
        "the doctor records TTS's message 0 when it comes (if TTS opens its own editor instead, it sent nothing)."
    )


async def reload(ctx: Context) -> Check:
    return await attempt(SAVE_AND_PLAY, lambda: _save_and_play(ctx))


async def _save_and_play(ctx: Context) -> Check:
    """Global sent with its script and UI keeps both; sent without 'ui' loses its XML; then put back as it was."""
    before = await ctx.link.get_scripts(ctx.timeout)
    old = next((s for s in before.scriptStates if s.guid == GLOBAL_GUID), None)
    if old is None or not (old.ui or "").strip():
        return SAVE_AND_PLAY.person("load a table with a Global UI (the bot panel): automa doctor --write-table")
    kept = await ctx.link.save_and_play([ScriptState(name="Global", guid=GLOBAL_GUID)], ctx.timeout)
    bare = SaveAndPlay(scriptStates=[ScriptState(name="Global", guid=GLOBAL_GUID, script=old.script)])
    lost = await ctx.link.expect_load(bare, ctx.timeout)
    restored = await ctx.link.save_and_play([ScriptState(name="Global", guid=GLOBAL_GUID, ui=old.ui)], ctx.timeout)

    def ui_of(load: GameLoaded) -> bool:
        return any(s.guid == GLOBAL_GUID and (s.ui or "").strip() for s in load.scriptStates)

    expected = {"ui_kept_when_sent": True, "ui_deleted_when_absent": True, "restored": True}
    observed = {
        "ui_kept_when_sent": ui_of(kept),
        "ui_deleted_when_absent": not ui_of(lost),
        "restored": ui_of(restored),
    }
    return SAVE_AND_PLAY.compare(expected, observed)
