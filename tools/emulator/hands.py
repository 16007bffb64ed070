"""A player's hands on the emulated table (issue 37): what a person at the page does with the mouse, done as TTS
does it, with the events a mod sees in TTS, each in the player's colour.

``Emulator.player_action(color, action)`` takes the JSON the page sends and returns a short line saying what
happened; the table refuses with :class:`HandError`, whose message names the object (its name, GUID and where it
lies) and says why in a player's words. The actions:

    {"do": "move", "guid": G, "x": X, "z": Z}        pick G up and drop it over table point (X, Z)
    {"do": "flip", "guid": G}                        turn it face over (TTS's F key)
    {"do": "rotate", "guid": G, "degrees": D}        turn it about the vertical axis (TTS's Q and E keys)
    {"do": "draw", "guid": C, "count": N}            N from a deck or bag into the player's own hand
    {"do": "take", "guid": C, "entry": E, "x": X, "z": Z}   the object E out of container C, dropped over (X, Z)
    {"do": "put", "guid": G, "into": C}              G into container C (a card onto a card makes a deck)
    {"do": "shuffle", "guid": C}                     shuffle a deck or bag, roll a die (TTS's R key)

Where a piece lands is :mod:`tools.emulator.landing`'s; the containers, decks and hand zones are the Lua API's
own code (``putObject``, ``takeObject``, ``deal``, ``randomize``), so a hand and a script do the same thing.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Mapping
from typing import Any

from bridge.table.geometry import Vec3, is_face_down
from bridge.table.model import TableError, TableObject
from tools.emulator import api, api_object, api_pieces, events, landing
from tools.emulator.api import _form_deck as form_deck
from tools.emulator.errors import EmulatorError
from tools.emulator.objects import EmObject
from tools.emulator.world import World

NUMBER, TEXT, COUNT = "a number", "a GUID (text)", "a whole number from 1 to 1000"
ACTIONS: dict[str, dict[str, str]] = {
    "move": {"guid": TEXT, "x": NUMBER, "z": NUMBER},
    "flip": {"guid": TEXT},
    "rotate": {"guid": TEXT, "degrees": NUMBER},
    "draw": {"guid": TEXT, "count": COUNT},
    "take": {"guid": TEXT, "entry": TEXT, "x": NUMBER, "z": NUMBER},
    "put": {"guid": TEXT, "into": TEXT},
    "shuffle": {"guid": TEXT},
}
PLAYERS = (*api.SEAT_COLORS, "Black")  # who may touch pieces: the seats and the game master, never a spectator
SHUFFLED = frozenset({"Deck", "Bag"})  # what TTS's R key shuffles (*chosen*: a stack of chips is not shuffled)


class HandError(EmulatorError):
    """The table refuses what the player tried: the message names the object and where it lies, and says why."""


def act(world: World, color: str, action: Mapping[str, Any]) -> str:
    """Do ``action`` with ``color``'s hands; returns what happened, in a line. Raises HandError, having changed
    nothing, when the action is malformed or the table refuses it."""
    if color not in PLAYERS:
        raise HandError(f"'{color}' is not a player's colour here (one of {', '.join(PLAYERS)})")
    kind, fields = _read(action)
    hands = Hands(world, color)
    handlers: dict[str, Callable[..., str]] = {
        "move": hands.move,
        "flip": hands.flip,
        "rotate": hands.rotate,
        "draw": hands.draw,
        "take": hands.take,
        "put": hands.put,
        "shuffle": hands.shuffle,
    }
    return handlers[kind](**fields)


def _read(action: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The action's kind and fields, each checked against :data:`ACTIONS`."""
    if not isinstance(action, Mapping):
        raise HandError(f"a player's action must be a JSON object, not {type(action).__name__}")
    kind = action.get("do")
    if "do" not in action:
        raise HandError(f"a player's action needs 'do', one of {', '.join(ACTIONS)}")
    if not isinstance(kind, str) or kind not in ACTIONS:
        raise HandError(f"unknown action {str(kind)[:40]!r} (the actions are {', '.join(ACTIONS)})")
    wanted = ACTIONS[kind]
    extra = sorted(str(k) for k in action if k != "do" and k not in wanted)
    if extra:
        raise HandError(f"a {kind} action has no field {', '.join(extra)} (it takes {', '.join(wanted)})")
    fields = {}
    for name, kind_of in wanted.items():
        if name not in action:
            raise HandError(f"a {kind} action needs '{name}', {kind_of}")
        fields[name] = _field(kind, name, kind_of, action[name])
    return kind, fields


def _field(kind: str, name: str, kind_of: str, value: Any) -> Any:
    ok = {
        NUMBER: isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value),
        TEXT: isinstance(value, str) and 0 < len(value) <= 64,
        COUNT: isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000,
    }[kind_of]
    if not ok:
        raise HandError(f"a {kind} action's '{name}' must be {kind_of}, not {str(value)[:40]!r}")
    return float(value) if kind_of == NUMBER else value


def pick_up(world: World, obj: EmObject, color: str) -> None:
    """A player picks an object up: it is ``held_by_color``; ``onObjectPickUp(player_color, obj)`` and its own
    ``onPickUp(player_color)`` run (api events)."""
    obj.held_by = color
    world.fire("onObjectPickUp", color, world.lua.proxy(obj.guid))
    events.own(world, obj, "onPickUp", color)


def put_down(world: World, obj: EmObject) -> None:
    """The player lets go: ``onObjectDrop(player_color, obj)`` and its own ``onDrop(player_color)``."""
    color, obj.held_by = obj.held_by, None
    if color is not None and not obj.destroyed:
        world.fire("onObjectDrop", color, world.lua.proxy(obj.guid))
        events.own(world, obj, "onDrop", color)


def hand_of(world: World, obj: EmObject) -> str | None:
    """The colour whose hand zone holds ``obj`` (None: it lies in no hand)."""
    for zone in api_pieces.every_hand_zone(world):
        if api_object.inside(zone, obj) and api_object.admits(zone, obj):
            return str(zone.data.get("FogColor", ""))
    return None


def short(obj: EmObject) -> str:
    """How a line about the table names a piece: its name and GUID."""
    return f"'{obj.data.get('Nickname') or obj.data.get('Name', '')}' ({obj.guid})"


def _joins(obj: EmObject, box: EmObject) -> bool:
    """Whether a card or deck dropped over a card or deck joins it: only with its centre over that one's footprint
    (*chosen*: TTS does not document how far a card must overlap; one laid beside another, its edge on it, stays a
    card of its own, as a player laying a row of cards means)."""
    if box.type not in ("Card", "Deck"):
        return True
    size, at, under = api_object.extent(box), obj.position, box.position
    return abs(at.x - under.x) <= size.x / 2 and abs(at.z - under.z) <= size.z / 2


class Hands:
    """One player's hands on one table: the checks TTS makes before a player touches a piece, and the actions."""

    def __init__(self, world: World, color: str) -> None:
        self.world, self.color = world, color

    # --- what the player may touch -----------------------------------------------------------------------

    def describe(self, obj: EmObject) -> str:
        """The object's name, GUID, kind and place; one in another player's hand only by GUID and whose hand."""
        hidden = self.hidden(obj)
        if hidden:
            return hidden
        owner = hand_of(self.world, obj)
        try:
            text = TableObject.from_state(obj.data).describe()
        except TableError:
            text = f"{short(obj)} ({obj.type})"
        return text + (f" in {owner}'s hand" if owner else "")

    def hidden(self, obj: EmObject) -> str:
        """How a piece in another player's hand is named: by kind, GUID and whose hand, never by its name ("" for a
        piece this player may see)."""
        owner = hand_of(self.world, obj)
        return f"the {obj.type.lower()} {obj.guid} in {owner}'s hand" if owner not in (None, self.color) else ""

    def refuse(self, obj: EmObject, doing: str, why: str) -> HandError:
        return HandError(f"{self.color} cannot {doing} {self.describe(obj)}: {why}")

    def piece(self, guid: str, doing: str) -> EmObject:
        """The object the player reaches for, if it is theirs to touch: not another player's (in their hand or
        grip), not a zone, not made untouchable by a script."""
        obj = self.world.objects.get(guid)
        if obj is None or obj.destroyed:
            raise HandError(f"{self.color} cannot {doing} {guid}: no object with that GUID lies on the table")
        owner = hand_of(self.world, obj)
        if owner is not None and owner != self.color:
            raise self.refuse(obj, doing, f"only {owner} may touch what lies in {owner}'s hand")
        if obj.held_by not in (None, self.color):
            raise self.refuse(obj, doing, f"{obj.held_by} is holding it")
        if obj.type in api_object.ZONE_TYPES:
            raise self.refuse(obj, doing, "it is a zone, which players move with the zone tools, not by hand")
        if obj.runtime.get("interactable") is False:
            raise self.refuse(obj, doing, "a script has made it untouchable (interactable is false)")
        return obj

    def movable(self, guid: str, doing: str) -> EmObject:
        """A piece the player may pick up or turn: theirs to touch, and not locked."""
        obj = self.piece(guid, doing)
        if obj.data.get("Locked"):
            raise self.refuse(obj, doing, "it is locked (TTS lets nobody pick up or turn a locked object)")
        return obj

    def container(self, guid: str, doing: str) -> EmObject:
        """A container the player reaches into (a locked one too: *chosen*, as its lid is not its place)."""
        obj = self.piece(guid, doing)
        if not obj.is_container:
            raise self.refuse(obj, doing, f"it is a {obj.type.lower()}, not a deck or a bag")
        if not obj.contents():
            raise self.refuse(obj, doing, "it is empty")
        return obj

    # --- move, take and put: a piece dropped ---------------------------------------------------------------

    def move(self, guid: str, x: float, z: float) -> str:
        obj = self.movable(guid, "move")
        try:
            spot = landing.land(self.world, obj, x, z)
        except landing.OffTable as exc:
            raise self.refuse(obj, "drop", str(exc)) from None
        return self._drop(obj, spot, "moved")

    def take(self, guid: str, entry: str, x: float, z: float) -> str:
        box = self.container(guid, "take from")
        data = next((d for d in box.contents() if str(d.get("GUID", "")) == entry), None)
        if data is None:
            raise self.refuse(box, "take from", f"nothing with GUID {entry} is in it")
        ghost = EmObject.from_state(copy.deepcopy(data))
        ghost.set_rotation(box.rotation)  # takeObject's default: the container's rotation
        try:
            spot = landing.land(self.world, ghost, x, z)
        except landing.OffTable as exc:
            raise self.refuse(box, f"take {entry} out of", str(exc)) from None
        spawned = api.takeObject(
            self.world.api,
            box,
            {"guid": entry, "position": list(spot.position), "rotation": list(spot.rotation), "smooth": False},
        )
        if spawned is None:
            raise self.refuse(box, "take from", "it is empty")
        return self._drop(spawned, spot, f"took out of {short(box)}")

    def put(self, guid: str, into: str) -> str:
        obj = self.movable(guid, "put away")
        box = self.piece(into, f"put {short(obj)} into")
        if box is obj:
            raise self.refuse(obj, "put away", "nothing goes into itself")
        if not self._takes(box, obj):
            raise self.refuse(box, f"put {short(obj)} into", "it takes no such piece")
        half = (api_object.extent(box).y + api_object.extent(obj).y) / 2
        above = box.position._replace(y=box.position.y + half)
        return self._drop(obj, landing.Landing(above, obj.rotation, onto=box), "put")

    def _drop(self, obj: EmObject, spot: landing.Landing, did: str) -> str:
        """Picked up (unless already in this player's grip), laid at ``spot`` and let go; then into what it lies
        on, if that takes it."""
        if obj.held_by != self.color:
            pick_up(self.world, obj, self.color)
        if obj.destroyed:
            return f"{self.color} picked up {short(obj)}, which a script destroyed"
        obj.motion = None
        obj.set_position(spot.position)
        obj.set_rotation(spot.rotation)
        put_down(self.world, obj)
        said = f"{self.color} {did} {short(obj)}"
        if spot.hand is not None:
            return f"{said} into {spot.hand.data.get('FogColor')}'s hand"
        said += f" to x {spot.position.x:.2f}, z {spot.position.z:.2f}"
        if spot.snap:
            said += f" on a snap point of {spot.snap}"
        return said + self._into(obj, spot.onto)

    def _takes(self, box: EmObject, obj: EmObject) -> bool:
        """Whether ``box`` takes ``obj`` when it is dropped on it: a bag anything but itself; a deck or a card a
        card or a deck; an infinite bag only its own kind (*chosen*: the same name and nickname), which it
        swallows."""
        if box.type == "Bag":
            return True
        if box.type in ("Deck", "Card"):
            return obj.type in ("Card", "Deck")
        if box.type == "Infinite" and box.contents():
            kind = box.contents()[0]
            return (kind.get("Name"), kind.get("Nickname", "")) == (obj.data.get("Name"), obj.data.get("Nickname", ""))
        return False

    def _into(self, obj: EmObject, box: EmObject | None) -> str:
        """What lies under a dropped piece takes it in, if it does and no script's ``try`` event says no: a bag
        (onObjectEnterContainer), a deck (the card goes on top), a card (the two make a new deck)."""
        if box is None or box.destroyed or obj.destroyed or not self._takes(box, obj) or not _joins(obj, box):
            return f" onto {self.hidden(box) or short(box)}" if box is not None and not box.destroyed else ""
        world = self.world
        if box.type == "Card":
            deck = form_deck(world.api, box, obj)
            return f" onto {short(box)}, making the deck {deck.guid}"
        args = (world.lua.proxy(box.guid), world.lua.proxy(obj.guid))
        if not events.allowed(world, "tryObjectEnterContainer", args, box, "tryObjectEnter"):
            return f" onto {short(box)} (a script kept it out)"
        if box.type == "Infinite":
            world.fire("onObjectEnterContainer", *args)
            world.destroy(obj.guid)
        else:
            api.putObject(world.api, box, obj.guid, 0 if box.type == "Deck" else None)
        return f" into {short(box)}"

    # --- flip and rotate ---------------------------------------------------------------------------------

    def flip(self, guid: str) -> str:
        obj = self.movable(guid, "flip")
        r = self._facing(obj)
        done = self._turn(obj, r._replace(z=r.z + 180.0))
        face = "up" if is_face_down(r) else "down"
        return done or f"{self.color} flipped {short(obj)} face {face}"

    def rotate(self, guid: str, degrees: float) -> str:
        obj = self.movable(guid, "turn")
        r = self._facing(obj)
        return self._turn(obj, r._replace(y=r.y + degrees)) or f"{self.color} turned {short(obj)} by {degrees:g}°"

    @staticmethod
    def _facing(obj: EmObject) -> Vec3:
        """Where the piece is turning to (a second press of F, Q or E goes on from the first's end)."""
        return obj.motion.end_rot if obj.motion is not None else obj.rotation

    def _turn(self, obj: EmObject, target: Vec3) -> str:
        """Turn smoothly to ``target`` (as TTS animates F, Q and E), unless a ``tryObjectRotate`` says no; then
        ``onObjectRotate(object, spin, flip, player_color, old_spin, old_flip)`` and the object's ``onRotate``.
        Returns "" when it turns, else why not."""
        world, r = self.world, self._facing(obj)
        to = Vec3(*(a % 360.0 for a in target))
        args = (world.lua.proxy(obj.guid), to.y, to.z, self.color, r.y, r.z)
        if not events.allowed(world, "tryObjectRotate", args, obj, "tryRotate"):
            return f"{self.color} could not turn {short(obj)}: a script kept it still"
        if obj.held_by == self.color:
            obj.set_rotation(to)  # in the player's grip it turns at once
        else:
            obj.start_motion(rotation=to)
        world.fire("onObjectRotate", *args)
        events.own(world, obj, "onRotate", *args[1:])
        return ""

    # --- draw and shuffle --------------------------------------------------------------------------------

    def draw(self, guid: str, count: int) -> str:
        box = self.container(guid, "draw from")
        if not api_pieces.hand_zones(self.world.api, self.color):
            raise self.refuse(box, "draw from", f"there is no hand zone of {self.color}'s on this table")
        n = min(count, len(box.contents()))
        api_pieces.deal(self.world.api, box, n, self.color)
        return f"{self.color} drew {n} from {short(box)} into their hand"

    def shuffle(self, guid: str) -> str:
        """TTS's R: a deck or bag shuffled, a die rolled (White Castle's new round is the dice rolled by hand)."""
        obj = self.world.objects.get(guid)
        if obj is not None and not obj.is_container and obj.rotation_faces():
            return self.roll(guid)
        box = self.container(guid, "shuffle")
        if box.type not in SHUFFLED:
            raise self.refuse(box, "shuffle", "only a deck or a bag is shuffled")
        args = (self.world.lua.proxy(box.guid), self.color)
        if not events.allowed(self.world, "tryObjectRandomize", args, box, "tryRandomize"):
            return f"{self.color} could not shuffle {short(box)}: a script stopped it"
        api.randomize(self.world.api, box, self.color)
        return f"{self.color} shuffled {short(box)}"

    def roll(self, guid: str) -> str:
        """A die rolled where it lies (``randomize``: a seeded face), unless locked or a script's try event says no;
        onObjectRandomize(object, player_color) and its own onRandomize fire, as for a shuffle."""
        die = self.movable(guid, "roll")
        args = (self.world.lua.proxy(die.guid), self.color)
        if not events.allowed(self.world, "tryObjectRandomize", args, die, "tryRandomize"):
            return f"{self.color} could not roll {short(die)}: a script stopped it"
        api.randomize(self.world.api, die, self.color)
        return f"{self.color} rolled {short(die)}"
