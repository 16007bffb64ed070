"""A person's hands for ``automa adopt``'s calibration on the emulator (issue 40): they read what is asked and
answer as a person at the table would, from what they know of the game (the original table the re-skin came
from): pick up a piece of the role asked, drop a die inside the zone asked, put a die on each board space named
(where the mod's art shows it: the re-skin's warp of where ours lies), type skip for what the table lacks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bridge.calibrate import Asker
from bridge.modbuild import build_save
from bridge.table import SaveFile, Table, TableObject, Vec3
from engines.adopt import propose
from engines.calibrate import BoardStep, Calibration, RoleStep
from engines.profile import Cast, Profile, ProfileSpec, checked
from tests.conftest import Live, start_live, stop_live
from tests.reskin import MOD_SCALE, Rename, Reskinned, Warp, load, reskinned
from tools.emulator import Faults

Hook = Callable[["Person", RoleStep | BoardStep], bool]  # a mistake made before the right answer; True: made one


@dataclass
class Person:
    """Answers each step of ``asker`` on ``live``'s table; ``skip_boards``: boards left as built."""

    live: Live
    spec: ProfileSpec
    original: Table
    built: Cast  # the original table read through the game's own profile: which piece plays which role
    skin: Reskinned
    skip_boards: tuple[str, ...] = ()
    mistakes: list[Hook] = field(default_factory=list)
    answered: int = 0
    touched: set[str] = field(default_factory=set)  # every piece the person's hands moved
    task: asyncio.Task[Profile] = field(init=False, repr=False)

    @property
    def die(self) -> str:
        """A die among the mod's extras, carried about as the person's marker."""
        states = self.skin.save.to_dict()["ObjectStates"]
        return str(next(s["GUID"] for s in states if s.get("Name") == "Die_6"))

    async def play(self, asker: Asker) -> Profile:
        """Run the calibration with this person answering; the profile it writes."""
        heard: list[str] = []
        self.live.emulator.echo.append(lambda kind, text: heard.append(text))
        task = self.task = asyncio.create_task(asker.run())
        calibration = asker.calibration
        try:
            while not task.done():
                step, drops = calibration.step, len(calibration.drops)
                if step is None:
                    break
                if self.answered > 3 * calibration.progress()[1] + 10:  # a step that never takes its answer
                    raise AssertionError(f"asked again and again: {calibration.prompt()}")
                await self.hear(task, heard, calibration.prompt() or "")
                for hook in list(self.mistakes):
                    if hook(self, step):
                        self.mistakes.remove(hook)
                        await self.settled(asker, step, drops, wrong=True)
                        await self.hear(task, heard, calibration.prompt() or "")
                self.answer(step, drops)
                await self.settled(asker, step, drops)
            return await task
        finally:
            if not task.done():
                task.cancel()

    @staticmethod
    async def hear(task: asyncio.Task[Profile], heard: list[str], prompt: str) -> None:
        """Wait until ``prompt`` is said in the chat (a person answers what they were asked), and take it as read."""
        for _ in range(4000):
            if any(prompt in line for line in heard) or task.done():
                heard.clear()
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"never asked in the chat: {prompt}")

    async def settled(self, asker: Asker, step: Any, drops: int, *, wrong: bool = False) -> None:
        """Wait until the bridge has taken the answer (the step moved on, or a reply was said)."""
        said = len(asker.said)
        for _ in range(6000):  # a TTS gone quiet is found out within the connector's timeout (10 s)
            calibration = asker.calibration
            moved = calibration.step is not step or len(calibration.drops) != drops
            if (wrong and len(asker.said) > said) or (not wrong and moved) or self.task.done():
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"the bridge did not take the answer to {step}")

    def answer(self, step: RoleStep | BoardStep, drops: int) -> None:
        """The answer to ``step`` (``drops``: the references of a board step already taken)."""
        self.answered += 1
        if isinstance(step, BoardStep):
            if step.key in self.skip_boards:
                return self.live.emulator.chat("skip")
            ref = step.refs[drops]
            return self.drop_at(self.on_mod_board(step.key, ref.layout, ref.space))
        pieces = self.built.objects(step.key)
        if step.area:
            if not pieces:
                return self.live.emulator.chat("skip")
            return self.drop_at(self.skinned(pieces[0]).position)
        if pieces:
            return self.pick_up(self.skin.guids[pieces[0].guid])
        inside = self.inside(step.key)
        if inside is None:
            return self.live.emulator.chat("skip")
        box, entry = inside
        at = self.skinned(box).position
        container = self.skin.guids[box.guid]
        take = {"do": "take", "guid": container, "entry": entry, "x": at.x, "z": at.z}
        self.touched |= {container, entry}
        self.live.emulator.player_action("White", take)
        return None

    def skinned(self, obj: TableObject) -> TableObject:
        return Table.from_save(self.skin.save)[self.skin.guids[obj.guid]]

    def inside(self, key: str) -> tuple[TableObject, str] | None:
        """A container of the original holding a piece of ``key``, and that piece's re-skinned GUID."""
        for top in self.original:
            for inner in top.contents:
                if self.built.role(inner) == key:
                    return top, self.skin.guids[inner.guid]
        return None

    def on_mod_board(self, key: str, layout: str, space: str) -> Vec3:
        """Where the mod's art shows ``space``: where ours lies, carried by the re-skin's warp."""
        board = self.built.objects(key)[0]
        return self.skin.warp.point(self.spec.boards[key][layout].world(board, space))

    def pick_up(self, guid: str) -> None:
        """Picked up and put back where it lay."""
        self.touched.add(guid)
        self.live.emulator.hold(guid)
        self.live.emulator.release(guid)

    def drop_at(self, at: Vec3, guid: str | None = None) -> None:
        """The die (or ``guid``) picked up, carried over ``at`` and let go there."""
        guid = guid or self.die
        self.touched.add(guid)
        emulator = self.live.emulator
        emulator.hold(guid)
        emulator.require_world().get(guid).set_position(Vec3(at.x, at.y + 0.5, at.z))
        emulator.release(guid)


@dataclass(frozen=True)
class Adopted:
    original: Table
    skin: Reskinned
    profile: Profile
    moved: set[str]  # the objects that lie elsewhere on the emulated table than on the re-skin when it ends
    asker: Asker
    person: Person


def mod_board(size: tuple[float, float]) -> Faults:
    """The mod's board image is not on this computer: TTS's rule would size it square at its scale (2 x 2). A
    square board as large as the art (``size``, our board's, and the margins; its base depth at scale 1 is an
    emulator setting, unverified), so a piece on a space lies over it."""
    return Faults(board_base=max(size) * 1.3 / MOD_SCALE)


async def adopt(
    game: str,
    built: Profile,
    save: SaveFile,
    board_tag: str,
    warp: Warp,
    rename: Rename,
    *mistakes: Hook,
    quiet: float = 30.0,
    skip_boards: tuple[str, ...] = (),
    seed: int = 7,
    size: tuple[float, float],
) -> Adopted:
    """``save`` re-skinned, loaded in the emulator, read by the connector, proposed by names and calibrated with
    the person answering (making ``mistakes`` first)."""
    spec = load(game).profile_spec()  # with the sample data, for the games whose roles come from the owner's
    assert spec is not None
    original, skin = reskinned(save, board_tag, warp, rename, seed=seed)
    live = await start_live(build_save(load(game), table=skin.save), mod_board(size), timeout=10)
    try:
        live.connector.looks = True
        table = await live.connector.snapshot(full=True)
        proposal = propose(spec, table, mod=f"a re-skinned {spec.title}")
        asker = Asker(live.connector, Calibration(proposal, spec, table), quiet=quiet)
        cast = Cast(built, spec, original)
        person = Person(live, spec, original, cast, skin, skip_boards=skip_boards, mistakes=list(mistakes))
        profile = await person.play(asker)
        now = {o.guid: o for o in await live.connector.snapshot(full=True)}
        before = Table.from_save(skin.save)
        moved = {o.guid for o in before if o.guid not in now or now[o.guid].position.distance_xz(o.position) > 1e-6}
        return Adopted(original, skin, checked(profile, spec), moved, asker, person)
    finally:
        await stop_live(live)
