"""The frame budget (issue 38): how much Lua work one frame may hold, counted in the emulator's Lua instructions.

TTS runs Lua on its main thread, so a frame that runs 20 ms of a script stands still 20 ms longer. The emulator
cannot time MoonSharp; it counts instructions instead (``LuaHost.count_instructions``: a count hook) and turns them
into MoonSharp time with one factor, measured, not documented by anyone (see ``tools/emulator/README.md``,
"Frame budget", for how it was derived and why it must be measured again in real TTS).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tools.emulator.world import World

# Instructions the emulator counts per millisecond of MoonSharp's time on the connector's own work: issue 38's
# MoonSharp 2.0 timings of the connector's requests (lean and exact snapshots of 100, 1,000 and 5,000 objects, the
# getters stubbed in Lua) against their count with the MoonSharp layer's C#-standing Lua at its factors and the
# getters in full, as timed (5,560 to 9,540 counted instructions per ms), at their slow end, rounded down. *Measured
# off TTS*: re-measure in TTS.
INSTRUCTIONS_PER_MOONSHARP_MS = 5500
FRAME_BUDGET_MS = 20.0  # issue 38: no frame of the connector's work over 20 ms under MoonSharp
FRAME_BUDGET = int(FRAME_BUDGET_MS * INSTRUCTIONS_PER_MOONSHARP_MS)  # the same in counted instructions
FRAME_SECONDS = 1 / 60  # a frame's own time at TTS's 60 frames a second, the connector's work on top
WALL_GOAL_SECONDS = 0.5  # issue 38: a 1,000-object snapshot done within half a second of wall time
MAX_FRAMES = 10_000  # a request still unanswered after this many frames is reported as such


def moonsharp_ms(instructions: int) -> float:
    """The MoonSharp time the factor gives for a count of the emulator's instructions."""
    return instructions / INSTRUCTIONS_PER_MOONSHARP_MS


@dataclass(frozen=True)
class FrameCounts:
    """One connector request: the instructions each frame ran from the frame it arrived in to its answer's."""

    frames: list[int]
    answer: Any  # the request's result, decoded

    @property
    def most(self) -> int:
        return max(self.frames)

    @property
    def total(self) -> int:
        return sum(self.frames)

    @property
    def wall_seconds(self) -> float:
        """Wall time at TTS's pace: each frame its 1/60 s plus the connector's work in it (as MoonSharp's)."""
        return len(self.frames) * FRAME_SECONDS + moonsharp_ms(self.total) / 1000

    @property
    def within_budget(self) -> bool:
        return self.most <= FRAME_BUDGET


def count_request(world: World, op: str, args: dict[str, Any], request_id: int = 1) -> FrameCounts:
    """Send the connector one request and step frames until it answers, counting each frame's instructions (all of
    the world's Lua: the connector's, and any other script's work in those frames). Raises when it never answers."""
    replies: list[dict[str, Any]] = []
    send = world.send

    def listen(message: dict[str, Any]) -> None:
        data = message.get("customMessage")
        if isinstance(data, dict) and data.get("automa_reply") == request_id:
            replies.append(data)
        send(message)

    world.lua.count_instructions()
    world.send = listen
    try:
        before = world.lua.instructions
        world.external_message({"automa": {"id": request_id, "op": op, "args": args}})
        frames = [world.lua.instructions - before]
        while not replies:
            if len(frames) > MAX_FRAMES or not world.busy:
                raise RuntimeError(f"the connector did not answer '{op}' within {len(frames)} frames")
            before = world.lua.instructions
            world.step()
            frames.append(world.lua.instructions - before)
    finally:
        world.send = send
    reply = replies[0]
    if not reply.get("ok"):
        raise RuntimeError(f"the connector's '{op}' failed: {reply.get('error')}")
    return FrameCounts(frames, json.loads(reply["result"]))


def since(answer: dict[str, Any]) -> dict[str, Any]:
    """The ``since`` argument for the differences from a lean answer."""
    return {"epoch": answer.get("epoch"), "version": answer.get("version")}
