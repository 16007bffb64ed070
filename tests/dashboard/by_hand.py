"""A person's hands on the page's table, with the real mouse in Chromium (issue 37): the shared driver of the
whole-game browser tests. It finds a piece's element by its GUID in the SVG, presses where the piece is on top,
carries it to the screen point of the table point it should reach (the SVG's current transform) and lets go;
F, Q and E over a piece, and a click on a deck or bag for its menu (draw into the hand, take the top one, shuffle).
The page sends each as the person's hand action; the driver waits for the table's answer and for the page to show
the table as the emulator holds it before the next step.

``carry_out`` does by hand what a move from the move list would do: each of the game's table commands becomes
the drag, key or menu click a person makes for it (a command names a piece and its target; nothing is sent to the
table but the page's own hand actions).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

import pytest

from bridge.commands import Command, Flip, Move, Position, Put, Rotate, Shuffle, Take
from bridge.table.geometry import Transform, Vec3, is_face_down, normalize_angle
from bridge.table.savefile import ObjectState
from tests.conftest import ROOT, Live
from tests.dashboard.conftest import Board
from tools.emulator.hands import hand_of
from tools.emulator.world import World

STEP = 15.0  # degrees per Q or E press (table.js's ROTATE_STEP)
NEAR = 0.25  # table units: a piece dropped by hand lies this close to where the move list's command puts it
TURNED = 1.0  # degrees about the vertical axis, likewise
MID_GAME = 35  # hand steps before the mid-game picture
NOT_ON_THE_TABLE = ("say", "highlight", "set_text", "lock", "set_state")  # what no hand does: the bot's words

# Every answer to a hand action counted, and the last refusal kept (app.js calls handAnswered by name).
COUNT_ANSWERS = """() => { if (window.handAnswers !== undefined) return;
  window.handAnswers = 0; window.handRefused = "";
  const shown = handAnswered;
  handAnswered = (error) => { window.handAnswers += 1; window.handRefused = error || ""; shown(error); }; }"""

# Where on the screen a piece can be pressed: a point of its body that no other piece covers.
PRESS_POINT = """(guid) => {
  const g = document.querySelector(`#table g.obj[data-guid='${guid}']`);
  if (!g) return null;
  const box = g.querySelector('.body').getBoundingClientRect();
  for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    const x = box.left + box.width * fx, y = box.top + box.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('g.obj') === g) return [x, y];
  }
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const over = hit && hit.closest('g.obj');
  return over ? over.dataset.guid : String(hit && hit.tagName); }"""


class PageHands:
    """The person at the page: the mouse and keys on the table, the buttons beside it."""

    def __init__(self, page: Any, board: Board) -> None:
        self.page, self.board = page, board
        self.emulator = board.live.emulator
        self.done: list[str] = []  # what the hands did, in order (the failure message's last steps)
        self.twin: Live | None = None  # a second emulator where each move is made as the move list's shortcut
        self.compared = 0  # moves whose table by hand was found equal to the shortcut's
        self.lifted: dict[str, Vec3] = {}  # pieces lifted off others to reach them, and where each lay first
        self.listed = 0  # moves by hand after which the page's move list was found to go on
        self.pictures = os.environ.get("AUTOMA_UPDATE_DOCS") == "1"  # docs/table-GAME-MOMENT*.png taken
        self.mid_taken = False

    async def open(self) -> None:
        await self.page.goto(self.board.server.url)
        await self.page.wait_for_selector("#table g.obj")
        await self.page.evaluate(COUNT_ANSWERS)
        await self.synced()
        await self.picture("start")

    async def picture(self, moment: str) -> None:
        """With AUTOMA_UPDATE_DOCS=1, the docs' pictures of this moment as docs/table-GAME-MOMENT.png (the page
        at 1280 px) and -phone.png (at 400 px: the table zoomed in once, or at the end the end screen)."""
        if not self.pictures:
            return
        name = ROOT / "docs" / f"table-{self.board.session.game.name}-{moment}"
        await self.page.wait_for_timeout(300)
        await self.page.screenshot(path=f"{name}.png")
        await self.page.set_viewport_size({"width": 400, "height": 860})
        await self.page.click("#zoom-fit")
        if moment == "end":
            await self.page.locator("#end").scroll_into_view_if_needed()
        else:
            await self.page.click("#zoom-in")
        await self.page.wait_for_timeout(300)
        await self.page.screenshot(path=f"{name}-phone.png")
        await self.page.set_viewport_size({"width": 1280, "height": 860})
        await self.page.evaluate("window.scrollTo(0, 0)")
        await self.page.click("#zoom-fit")
        await self.synced()

    # --- seeing the table ---------------------------------------------------------------------------------

    def world_object(self, guid: str) -> Any:
        return self.emulator.require_world().objects.get(guid)

    async def synced(self) -> None:
        """Nothing moves on the table and the page draws every piece where the emulator holds it."""
        await self.emulator.settle()
        want = {o["guid"]: (o["x"], o["z"]) for o in self.emulator.player_view("White")["objects"]}
        for _ in range(400):
            drawn = await self.page.evaluate(
                "touch.drag ? null : Object.fromEntries(touch.view.objects.map((o) => [o.guid, [o.x, o.z]]))"
            )
            if (
                drawn is not None
                and drawn.keys() == want.keys()
                and all(math.dist(drawn[g], want[g]) < 0.01 for g in want)
            ):
                return
            await self.page.wait_for_timeout(25)
        pytest.fail(f"the page never showed the table as the emulator holds it, after {self.done[-3:]}")

    async def screen_point(self, x: float, z: float) -> tuple[float, float]:
        """Where table point (x, z) is on the screen now."""
        at = await self.page.evaluate(
            """([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(document.getElementById('table')
               .getScreenCTM()); return [p.x, p.y]; }""",
            [x, -z],
        )
        return float(at[0]), float(at[1])

    async def covered_by(self, guid: str) -> str | None:
        """The piece that covers all of this one on the page (None: some of it shows)."""
        at = await self.page.evaluate(PRESS_POINT, guid)
        return at if isinstance(at, str) and self.world_object(at) is not None else None

    async def uncover(self, guid: str) -> None:
        """What lies on all of the piece is lifted off and laid beside, inside the same zones (a pile in a
        supply stays in the supply), as a player takes the top of a pile off to reach what is under it."""
        for _ in range(6):
            over = await self.covered_by(guid)
            if over is None:
                return
            spot = self.beside(self.world_object(over).position)
            if spot is None:
                return  # press_point says what covers it
            self.lifted.setdefault(over, self.world_object(over).position)
            await self.drag(over, spot.x, spot.z)

    def beside(self, at: Vec3) -> Vec3 | None:
        """A free point near ``at`` within the same zones (no piece within a unit of it)."""
        view = self.emulator.player_view("White")
        zones = [o for o in view["objects"] if o["kind"] == "zone"]

        def within(p: Vec3) -> set[str]:
            return {z["guid"] for z in zones if abs(p.x - z["x"]) < z["w"] / 2 and abs(p.z - z["z"]) < z["d"] / 2}

        home = within(at)
        pieces = [o for o in view["objects"] if o["kind"] not in ("zone", "floor", "board", "hand")]
        for reach in (1.2, 1.8, 2.5, 3.5):
            for k in range(8):
                p = Vec3(at.x + reach * math.cos(k * math.pi / 4), at.y, at.z + reach * math.sin(k * math.pi / 4))
                if within(p) == home and all(math.hypot(p.x - o["x"], p.z - o["z"]) > 1.0 for o in pieces):
                    return p
        return None

    async def press_point(self, guid: str) -> tuple[float, float]:
        await self.uncover(guid)
        at = await self.page.evaluate(PRESS_POINT, guid)
        if not isinstance(at, list):
            where = "is not drawn" if at is None else f"lies under {at} ({self.name(at)}) everywhere"
            if isinstance(at, str) and self.world_object(at) is not None:
                where += f" (at {self.world_object(guid).position}, it at {self.world_object(at).position})"
            pytest.fail(f"{guid} ({self.name(guid)}) {where} on the page, after {self.done[-3:]}")
        return float(at[0]), float(at[1])

    def name(self, guid: str) -> str:
        obj = self.world_object(guid)
        return "?" if obj is None else str(obj.data.get("Nickname") or obj.type)

    # --- the hands ------------------------------------------------------------------------------------------

    async def answered(self, before: int, doing: str) -> None:
        """The table's answer to the hand action just sent: fails, naming it, on a refusal."""
        await self.page.wait_for_function(f"window.handAnswers > {before}")
        refused = await self.page.evaluate("window.handRefused")
        assert not refused, f"{doing}: {refused}"
        self.done.append(doing)
        await self.synced()

    async def answers(self) -> int:
        return int(await self.page.evaluate("window.handAnswers"))

    async def drag(self, guid: str, x: float, z: float) -> None:
        """Press on the piece, carry it across the table, let go over (x, z)."""
        before = await self.answers()
        start = await self.press_point(guid)
        o = await self.page.evaluate(f"touch.shown.get('{guid}').data")
        end = await self.screen_point(x, z)
        grip = await self.screen_point(o["x"], o["z"])  # the piece moves by the pointer's way, from where it is held
        if math.dist(end, grip) < 6:  # a press without a move is a click (the piece's menu): it lies there already
            self.done.append(f"{self.name(guid)} ({guid}) already at ({x:.2f}, {z:.2f})")
            return
        await self.page.mouse.move(*start)
        await self.page.mouse.down()
        await self.page.mouse.move(end[0] + start[0] - grip[0], end[1] + start[1] - grip[1], steps=6)
        await self.page.mouse.up()
        await self.answered(before, f"drag {self.name(guid)} ({guid}) to ({x:.2f}, {z:.2f})")

    async def key(self, guid: str, key: str, times: int = 1) -> None:
        """A key with the pointer over the piece (TTS's F, Q, E), pressed ``times`` (each turn goes on from the
        last one's end, as in TTS)."""
        before = await self.answers()
        await self.page.mouse.move(*await self.press_point(guid))
        for _ in range(times):
            await self.page.keyboard.press(key)
        await self.page.wait_for_function(f"window.handAnswers >= {before + times}")
        await self.answered(before + times - 1, f"{key.upper()} x{times} on {self.name(guid)} ({guid})")

    async def menu(self, guid: str, button: str, count: int | None = None) -> None:
        """A click on the piece (no drag) opens its menu; then the menu's button."""
        before = await self.answers()
        await self.page.mouse.click(*await self.press_point(guid))
        await self.page.wait_for_selector("#piece-menu:not([hidden])")
        if count is not None:
            await self.page.fill("#piece-menu input.draw-count", str(count))
        await self.page.click(f"#piece-menu button:has-text('{button}')")
        await self.answered(before, f"{button} of {self.name(guid)} ({guid})")
        await self.page.click("#piece-menu button.close")

    async def draw(self, container: str, count: int) -> list[str]:
        """``count`` from a deck or bag into the person's hand; the GUIDs that came."""
        held = {o["guid"] for o in self.emulator.player_view("White")["hand"]}
        await self.menu(container, "Draw into your hand", count)
        return [o["guid"] for o in self.emulator.player_view("White")["hand"] if o["guid"] not in held]

    async def face(self, guid: str, rotation: Position | None, flip: bool = False) -> None:
        """Turn the piece as the move wants it: F when its face is the wrong way, Q or E by 15-degree steps."""
        obj = self.world_object(guid)
        if obj is None or obj.destroyed or (rotation is None and not flip):
            return
        if rotation is not None:
            want = Vec3(rotation.x, rotation.y, rotation.z)
            if is_face_down(want) != is_face_down(obj.rotation):
                await self.key(guid, "f")
            steps = round(normalize_angle(want.y - self.world_object(guid).rotation.y) / STEP)
            if steps:
                await self.key(guid, "e" if steps > 0 else "q", abs(steps))
        elif flip:
            await self.key(guid, "f")

    # --- a move from the list, made by hand --------------------------------------------------------------

    async def carry_out(self, commands: Sequence[Command]) -> None:
        """Each table command done as a person does it on the page; with a ``twin``, the same move is first made
        there as the move list's shortcut makes it (its commands applied by the connector) on a copy of this
        table, and the two tables must then be equal (:func:`differences`)."""
        if self.twin is not None:
            self.twin.link.last_loaded = None  # the load's announcement, awaited: it resets requests in flight
            await self.twin.emulator.load(self.emulator.require_world().to_save())
            await self.twin.link.wait_loaded()
            await self.twin.connector.apply(list(commands))
            await self.twin.emulator.settle()
        self.lifted = {}
        for command in commands:
            await self.one(command)
        await self.lay_back({c.guid for c in commands if isinstance(c, Move)})
        if self.twin is not None:
            apart = differences(self.emulator.require_world(), self.twin.emulator.require_world())
            assert apart == [], f"by hand and by the shortcut the table differs after {self.done[-3:]}: {apart}"
            self.compared += 1

    async def lay_back(self, moved: set[str]) -> None:
        """Pieces lifted off a pile only to reach what lay under them go back where they lay, as a player puts the
        top of a pile back (a rupee lifted off a market card is still that card's)."""
        for guid, at in list(self.lifted.items()):
            obj = self.world_object(guid)
            if guid not in moved and obj is not None and not obj.destroyed:
                await self.drag(guid, at.x, at.z)

    async def one(self, command: Command) -> None:
        match command:
            case Move(guid=guid, position=p, rotation=r):
                await self.drag(guid, p.x, p.z)
                await self.face(guid, r)
            case Take(container=box, guid=guid, position=p, rotation=r, flip=flip):
                came = await self.take(box, guid)
                await self.drag(came, p.x, p.z)
                await self.face(came, r, flip)
            case Put(guid=guid, container=box):
                at = self.world_object(box).position
                await self.drag(guid, at.x, at.z)
            case Flip(guid=guid):
                await self.key(guid, "f")
            case Rotate(guid=guid, rotation=r):
                await self.face(guid, r)
            case Shuffle(guid=guid):
                await self.menu(guid, "Shuffle")
            case _ if command.op in NOT_ON_THE_TABLE:
                pass
            case _:
                pytest.fail(f"no hand on the page does {command.op!r}: {command}")

    async def take(self, box: str, guid: str | None) -> str:
        """The object out of a container: the face-up deck's card on view by its menu's Take, else drawn into the
        hand from the top (a face-down deck's or a bag's), which must be the one wanted (or one like it)."""
        top = await self.page.evaluate(f"touch.shown.get('{box}').data.top")
        if top is not None and guid in (None, top["guid"]):
            await self.menu(box, "Take")
            return str(top["guid"])
        wanted = (
            None
            if guid is None
            else next((d for d in self.world_object(box).contents() if d.get("GUID") == guid), None)
        )
        came = (await self.draw(box, 1))[0]
        if wanted is not None and came != guid:
            name = self.world_object(came).data.get("Nickname")
            assert name == wanted.get("Nickname"), f"{box}'s top is {name}, not {wanted.get('Nickname')} as wanted"
        return came

    async def bot_turn(self, key: str = "") -> None:
        """Press Bot turn (or the game's own button ``key``) and wait until the bot is done."""
        button = f"#game-buttons button[data-key='{key}']" if key else "#bot-turn"
        turns = len(self.board.session.turns)
        await self.page.wait_for_function("!state.bot.busy")
        await self.board.server.dashboard.refresh_table()
        refused = self.board.server.dashboard.state["bot"]["refused"].get(key)
        assert refused is None, f"{button} refused after {self.done[-4:]}: {refused}"
        await self.page.click(button)
        for _ in range(2400):
            if len(self.board.session.turns) > turns and not self.board.server.dashboard.state["bot"]["busy"]:
                break
            await self.page.wait_for_timeout(25)
        await self.page.wait_for_function("!state.bot.busy")
        self.done.append(f"pressed {key or 'Bot turn'}")
        await self.synced()
        if not self.mid_taken and len(self.done) >= MID_GAME:
            self.mid_taken = True
            await self.picture("mid")


def laid_out(world: World) -> dict[str, tuple[str, str, Transform]]:
    """Every object of a table by GUID (as its save holds it): its name, where it is ("" on the table, a
    container's GUID, or a colour's hand: laid out by the hand zone, so its place there is the hand's) and its
    transform."""
    out: dict[str, tuple[str, str, Transform]] = {}

    def walk(states: Sequence[ObjectState], box: str) -> None:
        for o in states:
            held = hand_of(world, world.objects[o.GUID]) if not box and o.GUID in world.objects else None
            out[o.GUID] = (o.Nickname or o.Name, box or (f"{held}'s hand" if held else ""), o.Transform.geometry())
            walk(o.ContainedObjects, o.GUID)

    walk(world.to_save().ObjectStates, "")
    return out


def differences(hand: World, shortcut: World) -> list[str]:
    """Where two tables differ: an object only on one, in another container or hand, further apart than NEAR on
    the table (x and z: a drop lands on what lies there, so height is the table's), face up on one and down on the
    other, or turned TURNED apart."""
    a, b = laid_out(hand), laid_out(shortcut)
    piles = piles_by_hand(a)
    out = [
        f"{g} ({(a.get(g) or b[g])[0]}) is only {'by hand' if g in a else 'by the shortcut'}"
        for g in a.keys() ^ b.keys()
        if g not in piles
    ]
    for g in sorted(a.keys() & b.keys()):
        (name, box, (at, turn, _)), (_, box2, (at2, turn2, _)) = a[g], b[g]
        if box in piles and not box2 and math.hypot(piles[box].x - at2.x, piles[box].z - at2.z) <= NEAR:
            continue  # dropped on the pile by hand, laid on it by the shortcut
        if box != box2:
            out.append(f"{g} ({name}) is in {box or 'the table'} by hand, in {box2 or 'the table'} by the shortcut")
        elif box:  # where a contained or held object lies is its container's or hand's business
            continue
        elif math.hypot(at.x - at2.x, at.z - at2.z) > NEAR:
            out.append(
                f"{g} ({name}) lies at ({at.x:.2f}, {at.z:.2f}) by hand, ({at2.x:.2f}, {at2.z:.2f}) by the shortcut"
            )
        elif is_face_down(turn) != is_face_down(turn2):
            out.append(f"{g} ({name}) is face {'down' if is_face_down(turn) else 'up'} by hand only")
        elif abs(normalize_angle(turn.y - turn2.y)) > TURNED:
            out.append(f"{g} ({name}) is turned {turn.y:.0f} by hand, {turn2.y:.0f} by the shortcut")
    return out


def piles_by_hand(hand: dict[str, tuple[str, str, Transform]]) -> dict[str, Vec3]:
    """The decks on the table by hand, and where: a card a hand drops on a card makes a deck there, and one dropped on
    a deck goes into it (the emulator's landing, as TTS's ``putObject``: shared/docs/tts-interface.md §5), where the
    shortcut's command lays it loose on top; the reader reads both as one pile."""
    return {g: at for g, (name, box, (at, _, _)) in hand.items() if not box and name == "Deck"}
