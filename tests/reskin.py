"""Re-skinned tables: a table the project built, made as unlike ours as a Workshop mod's (issue 40).

Every object gets a new GUID; our tags, GM notes and descriptions go; a game's ``rename`` gives pieces other names
and resource names (coins as Custom_Token); the board is moved, turned, scaled and drawn at other proportions
(``Warp``), the pieces on it going with it, and one space of the mod's art is off our layout's (an offset); extra
objects lie about (a rulebook, dice, a second board). The same warp carries the original table's commands to where
the re-skinned table's should be, so a test compares the bot's moves on both.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bridge.commands import Command, Position
from bridge.modbuild import build_save
from bridge.table import SaveFile, Table, Vec3
from bridge.table.geometry import Transform, normalize_angle
from engines import registry
from engines.base import Game, Options, ReadError
from engines.profile import Profile
from tests.conftest import Live, start_live

Rename = Callable[[dict[str, Any]], dict[str, Any]]  # an ObjectState -> the fields to change (Nickname, Name...)


@dataclass(frozen=True)
class Warp:
    """How the board and everything on it moves: about the board's centre ``centre`` (world), points within
    ``half`` (x, z) of it are scaled by ``scale`` (x, z), turned by ``turn`` degrees about y, and moved by ``shift``;
    ``nudged`` maps a space's offset from the centre (world units, as built) to a further offset of that space's
    pieces in board units (the mod's art puts that space elsewhere)."""

    centre: Vec3
    half: tuple[float, float]
    scale: tuple[float, float] = (1.2, 1.1)
    turn: float = 30.0
    shift: Vec3 = Vec3(3.0, 0.0, -2.0)  # noqa: RUF009 (a named tuple: immutable)
    nudged: dict[tuple[float, float], tuple[float, float]] = field(default_factory=dict)
    near: float = 0.5  # a piece this close to a nudged space lies on it

    def holds(self, p: Vec3) -> bool:
        return abs(p.x - self.centre.x) <= self.half[0] and abs(p.z - self.centre.z) <= self.half[1]

    def frame(self) -> Transform:
        """The board's layout frame after the warp: board-unit offsets from the centre -> world."""
        return Transform(self.centre + self.shift, Vec3(0.0, self.turn, 0.0), Vec3(self.scale[0], 1.0, self.scale[1]))

    def point(self, p: Vec3) -> Vec3:
        """Where a point on the board lies after the warp (points off the board stay)."""
        if not self.holds(p):
            return p
        local = p - self.centre
        for (dx, dz), (ox, oz) in self.nudged.items():
            if abs(local.x - dx) <= self.near and abs(local.z - dz) <= self.near:
                local = Vec3(local.x + ox, local.y, local.z + oz)
        return self.frame().to_world(local)


@dataclass
class Reskinned:
    save: SaveFile
    guids: dict[str, str]  # original GUID -> the re-skinned one
    states: dict[str, dict[str, Any]]  # re-skinned GUID -> its ObjectState (contents included)
    warp: Warp

    def command(self, command: Command) -> dict[str, Any]:
        """An original table's command as it should read on the re-skinned table."""
        data: dict[str, Any] = command.model_dump(mode="json")
        for key in ("guid", "container"):
            if data.get(key) is not None:
                data[key] = self.guids[data[key]]
        if data.get("gm_notes"):
            data["gm_notes"] = _note(renamed_guids(data["gm_notes"], self.guids))
        if data.get("position") is not None:
            moved = self.warp.point(Vec3(**data["position"]))
            data["position"] = Position.of(moved).model_dump(mode="json")
        return _rounded(data)


def renamed_guids(text: str, guids: dict[str, str]) -> str:
    """``text`` (a note the bot writes, such as JSON listing objects) with each quoted GUID of ``guids`` renamed."""
    return re.sub(r'"([0-9a-f]{6})"', lambda m: f'"{guids.get(m.group(1), m.group(1))}"', text)


def _note(text: str) -> str:
    """A note the bot writes, its lists in order (a list of GUIDs it sorts comes out in another order once renamed)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return text
    if not isinstance(data, dict):
        return text
    return json.dumps({k: sorted(v) if isinstance(v, list) else v for k, v in data.items()}, sort_keys=True)


def _rounded(data: dict[str, Any]) -> dict[str, Any]:
    if data.get("gm_notes"):
        data = {**data, "gm_notes": _note(data["gm_notes"])}
    return {k: ({a: round(b, 4) for a, b in v.items()} if isinstance(v, dict) else v) for k, v in data.items()}


def commands(found: list[Command]) -> list[dict[str, Any]]:
    """A re-skinned table's commands, rounded as :meth:`Reskinned.command` rounds."""
    return [_rounded(c.model_dump(mode="json")) for c in found]


def reskin(save: SaveFile, board_guid: str, warp: Warp, rename: Rename, *, seed: int = 7) -> Reskinned:
    """``save`` re-skinned; ``board_guid``: the board the warp moves (turned and rescaled as a mod's board lies)."""
    data = copy.deepcopy(save.to_dict())
    rng = random.Random(seed)
    guids: dict[str, str] = {}
    states: dict[str, dict[str, Any]] = {}
    for state in _every(data["ObjectStates"]):
        old = str(state.get("GUID", ""))
        new = guids.setdefault(old, _fresh_guid(rng, set(guids.values())))
        changes = rename(state)  # from what the state carries as built
        state["GUID"] = new
        states[new] = state
        for key in ("Tags", "GMNotes", "Description"):
            state.pop(key, None)
        state.update(changes)
    for state in states.values():  # notes a rename kept (the bot's own) name objects by their new GUIDs
        if state.get("GMNotes"):
            state["GMNotes"] = renamed_guids(state["GMNotes"], guids)
    for state in data["ObjectStates"]:
        if state["GUID"] == guids[board_guid]:
            _move_board(state, warp)
        else:
            _move_on_board(state, warp)
    data["ObjectStates"] += _extras(rng)
    return Reskinned(SaveFile.from_dict(data, "re-skinned table"), guids, states, warp)


def _every(states: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for state in states:
        yield state
        yield from _every(state.get("ContainedObjects") or [])


def _fresh_guid(rng: random.Random, taken: set[str]) -> str:
    while (guid := f"{rng.getrandbits(24):06x}") in taken:
        pass
    return guid


def _move_on_board(state: dict[str, Any], warp: Warp) -> None:
    t = state["Transform"]
    at = Vec3(t["posX"], t["posY"], t["posZ"])
    if not warp.holds(at):
        return
    moved = warp.point(at)
    t.update(posX=moved.x, posY=moved.y, posZ=moved.z, rotY=normalize_angle(t.get("rotY", 0.0) + warp.turn))


def _move_board(state: dict[str, Any], warp: Warp) -> None:
    """The board object itself: its centre off the layout's origin by (1.5, 0.5) board units (the art's margin),
    at a scale of its own (2.0) and turned with the warp; :func:`board_placement` says how the layout lies on it."""
    centre = warp.frame().to_world(Vec3(*ART_OFFSET))
    t = state["Transform"]
    t.update(posX=centre.x, posY=centre.y, posZ=centre.z, rotY=normalize_angle(t.get("rotY", 0.0) + warp.turn))
    t.update(scaleX=MOD_SCALE, scaleZ=MOD_SCALE)
    state.pop("AttachedSnapPoints", None)
    state["CustomImage"] = {"ImageURL": "https://example.invalid/mod-board.jpg", "ImageSecondaryURL": ""}


ART_OFFSET = (1.5, 0.0, 0.5)  # where the mod's board centre lies, in the warped layout's board units
MOD_SCALE = 2.0


def board_placement(warp: Warp, size: tuple[float, float], offsets: dict[str, tuple[float, float]]) -> dict[str, Any]:
    """The profile's ``boards`` entry for the warped board: layout point v lies at frame(v) in the world and at
    ``(frame(v) - board) / MOD_SCALE`` turned back in the board's frame, i.e. ``scale * v - ART_OFFSET * scale``
    over MOD_SCALE."""
    sx, sz = warp.scale
    width, depth = size[0] + 2 * abs(ART_OFFSET[0]), size[1] + 2 * abs(ART_OFFSET[2])  # the art's margins
    return {
        "position": [-ART_OFFSET[0] * sx / MOD_SCALE, 0.0, -ART_OFFSET[2] * sz / MOD_SCALE],
        "scale": [sx / MOD_SCALE, sz / MOD_SCALE],
        "size": [width * sx / MOD_SCALE, depth * sz / MOD_SCALE],
        "offsets": {k: list(v) for k, v in offsets.items()},
    }


def _extras(rng: random.Random) -> list[dict[str, Any]]:
    """What a real mod carries besides the game's pieces: a rulebook, dice, a second board, far from the play."""

    def obj(name: str, nickname: str, x: float, z: float, **more: Any) -> dict[str, Any]:
        t = {"posX": x, "posY": 1.2, "posZ": z, "rotX": 0, "rotY": 0, "rotZ": 0, "scaleX": 1, "scaleY": 1, "scaleZ": 1}
        return {"GUID": f"e{rng.getrandbits(20):05x}", "Name": name, "Nickname": nickname, "Transform": t, **more}

    return [
        obj("Custom_PDF", "Rulebook", -40.0, 30.0),
        obj("Die_6", "", -38.0, 26.0),
        obj("Die_6", "", -37.0, 26.0),
        obj("Custom_Board", "Scenario board", 45.0, 30.0, CustomImage={"ImageURL": "https://example.invalid/b2.jpg"}),
    ]


def load(game_name: str) -> Game[Any, Any]:
    """The game, playing the project's sample data where it takes the owner's (Heroes of Land, Air & Sea; The White
    Castle's cards)."""
    game = registry.load(game_name)
    if game.data is not None:
        game.use_data(None, allow_sample=True)
    return game


def turn(game_name: str, table: Table, profile: Profile | None, seed: int) -> tuple[list[Any], list[list[Command]]]:
    """The bot's turn on ``table`` read through ``profile``: each decision (action and reason) and its commands."""
    game = load(game_name)
    game.use_profile(profile)
    view = game.read_table(table)
    decisions = game.decide(view, random.Random(seed), Options(game.default_difficulty))
    planned = [game.plan(view, d, table) for d in decisions]
    return [(repr(d.action), str(d.reason)) for d in decisions], planned


def assert_plays_alike(game_name: str, original: Table, skin: Reskinned, profile: Profile, seed: int) -> None:
    """The bot decides on the re-skinned table as on the original, and its moves are the original's carried over by
    the warp (GUIDs renamed, places on the board moved with it); a turn that moved nothing would prove nothing; and
    without the profile the re-skinned table is not ours."""
    decisions, moves = turn(game_name, original, None, seed)
    skin_decisions, skin_moves = turn(game_name, Table.from_save(skin.save), profile, seed)
    assert skin_decisions == decisions
    assert [commands(m) for m in skin_moves] == [[skin.command(c) for c in m] for m in moves]
    assert any(moves), "the turn moved nothing: the test would not see a wrong move"
    with pytest.raises(ReadError, match="missing from the table"):  # the built table's profile finds nothing there
        load(game_name).read_table(Table.from_save(skin.save))


def reskinned(save: SaveFile, board_tag: str, warp: Warp, rename: Rename, *, seed: int = 7) -> tuple[Table, Reskinned]:
    """The original table and its re-skin, the board (the one object tagged ``board_tag``) moved by ``warp``."""
    original = Table.from_save(save)
    board = next(o for o in original if o.has_tag(board_tag))
    return original, reskin(save, board.guid, warp, rename, seed=seed)


async def start_reskinned(
    game_name: str, skin: Reskinned, profile: Profile, timeout: float
) -> tuple[Live, Game[Any, Any]]:
    """The re-skinned table on the emulator, the connector joined as to any mod, and the game reading through
    ``profile`` (its session then asks the connector for what the profile matches on)."""
    game = load(game_name)
    game.use_profile(profile)
    return await start_live(build_save(game, table=skin.save), timeout=timeout), game
