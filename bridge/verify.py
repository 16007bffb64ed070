"""What a mod's own script does to the bot's moves: a piece it keeps locked, a piece it moves back.

A Workshop mod scripts its table: it locks pieces, re-lays them on load, moves them back where it wants them. The
connector applies a batch as planned and reports each command done once the piece rests; it cannot know that a
script moved the piece again afterwards. So the bridge looks twice: before a batch, at the table it just read, for a
piece the batch would move that is locked (the bot moves no locked piece: the mod keeps it there); after the batch,
at a fresh read, for a piece not where the batch put it. Each is named, so a turn is never left half-applied in
silence.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from bridge.commands import Command, Flip, Lock, Move, Put, Rotate, SetValue, Take
from bridge.table import Table, Vec3

NEAR = 0.75  # world units (x, z): this close to where the bot put it, a piece is there (TTS may nudge a piece landing
# on others; a script that moves it away moves it further: half a War Chest hex is 0.95)
LISTED = 5  # locked pieces named one by one
Namer = Callable[[str], str]  # a GUID -> how a message names the piece ("the Knight coin 'Chevalier' (guid ...)")


def locked_pieces(batch: Sequence[Command], table: Table, name: Namer) -> list[str]:
    """The pieces ``batch`` would move, turn or put away that lie locked on ``table`` (a Lock command before them in
    the batch that unlocks them aside), each named once."""
    unlocked: set[str] = set()
    said: list[str] = []
    for command in batch:
        if isinstance(command, Lock):
            (unlocked.add if not command.locked else unlocked.discard)(command.guid)
        elif isinstance(command, Move | Rotate | Flip | SetValue | Put) and command.guid not in unlocked:
            obj = table.get(command.guid)
            if obj is None or not obj.locked:
                continue
            line = f"{name(command.guid)} is locked, by the mod's script or a player: the bot moves no locked piece"
            if line not in said:
                said.append(line)
    if len(said) > LISTED:  # a mod that locks every piece: the chat names a few, and counts the rest
        said[LISTED:] = [f"{len(said) - LISTED} more pieces the bot would move are locked too"]
    return said


def placed(batch: Sequence[Command], results: Sequence[Any]) -> dict[str, Vec3]:
    """Where ``batch`` leaves each piece it moved or took out on the table (its last such command; a piece put into
    a container after is left out), by GUID; ``results``: the connector's answer for each command."""
    at: dict[str, Vec3] = {}
    for i, command in enumerate(batch):
        if isinstance(command, Move):
            at[command.guid] = Vec3(command.position.x, command.position.y, command.position.z)
        elif isinstance(command, Take):
            result = results[i] if i < len(results) and isinstance(results[i], dict) else {}
            guid = command.guid or str(result.get("guid") or "")
            if guid:
                at[guid] = Vec3(command.position.x, command.position.y, command.position.z)
        elif isinstance(command, Put):
            at.pop(command.guid, None)
    return at


def moved_after(
    batch: Sequence[Command], results: Sequence[Any], before: Table, after: Table, name: Namer
) -> list[str]:
    """The pieces that lie on ``after`` (the table read once the batch ended) away from where the batch put them,
    each saying where it is, where the bot put it, and whether that is where it lay before the turn (``before``)."""
    said = []
    hands = [obj for obj in after if obj.type == "Hand"]
    for guid, meant in placed(batch, results).items():
        now = after.get(guid)
        if now is None or _apart(now.position, meant) <= NEAR or any(h.encloses(meant) for h in hands):
            continue  # gone into a stack or a deck TTS made, or into a hand TTS lays out its own way
        was = before.get(guid)
        back = was is not None and _apart(now.position, was.position) <= NEAR
        whom = "the mod's script (or a player)"
        what = (
            f"moved {name(guid)} back after the bot placed it"
            if back
            else f"moved {name(guid)} after the bot placed it"
        )
        said.append(f"{whom} {what}: it lies at {_at(now.position)}, the bot put it at {_at(meant)}")
    return said


def _apart(a: Vec3, b: Vec3) -> float:
    return math.hypot(a.x - b.x, a.z - b.z)


def _at(p: Vec3) -> str:
    return f"({p.x:.2f}, {p.z:.2f})"
