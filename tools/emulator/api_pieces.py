"""Object API members that move pieces between the table and their holders (issue 17): attachments, copies,
reloads and resets, random states, decks cut, split, spread and dealt into hand zones.

As the API reference documents them (docs/object.md and its newer entries); where the reference leaves a layout
open (how far apart piles land), the emulator's choice is marked *chosen*.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from bridge.table import ttsfacts
from bridge.table.geometry import ONE, Transform, Vec3
from tools.emulator import api_object
from tools.emulator.api import _container_entry, getData, method, setState, takeObject, vec
from tools.emulator.objects import EmObject

if TYPE_CHECKING:
    from tools.emulator.binding import TtsApi
    from tools.emulator.world import World


def stored(api: TtsApi, obj: EmObject) -> dict[str, Any]:
    """The object's data as a container or a parent keeps it (no empty XmlUI key TTS would not write)."""
    data = copy.deepcopy(getData(api, obj))
    if not data.get("XmlUI"):
        data.pop("XmlUI", None)
    return data


# --- attachments -----------------------------------------------------------------------------------------


@method
def addAttachment(api: TtsApi, obj: EmObject, other: Any) -> bool:
    """The other object is destroyed and kept as a child (``ChildObjects``), its place relative to the parent
    (*chosen*: the child's saved Transform is local)."""
    child = api.world.get(str(other))
    data = stored(api, child)
    local = obj.transform.to_local(child.position)
    data.setdefault("Transform", {}).update({f"pos{a}": v for a, v in zip("XYZ", local, strict=True)})
    obj.data.setdefault("ChildObjects", []).append(data)
    api.world.destroy(child.guid)
    return True


@method
def getAttachments(api: TtsApi, obj: EmObject) -> list[dict[str, Any]]:
    return [_container_entry(d, i) for i, d in enumerate(obj.data.get("ChildObjects") or [])]


def _detach(api: TtsApi, obj: EmObject, index: int) -> EmObject:
    children = obj.data.get("ChildObjects") or []
    if not 0 <= index < len(children):
        raise ValueError(f"removeAttachment: {obj.guid} has no attachment {index}")
    data = children.pop(index)
    if not children:
        obj.data.pop("ChildObjects", None)
    t = data.get("Transform") or {}
    local = Vec3(*(float(t.get(f"pos{a}", 0.0)) for a in "XYZ"))
    return api.world.spawn(data, obj.transform.to_world(local))


@method
def removeAttachment(api: TtsApi, obj: EmObject, index: Any) -> EmObject:
    return _detach(api, obj, int(index))


@method
def removeAttachments(api: TtsApi, obj: EmObject) -> list[EmObject]:
    return [_detach(api, obj, 0) for _ in range(len(obj.data.get("ChildObjects") or []))]


@method
def destroyAttachment(api: TtsApi, obj: EmObject, index: Any) -> bool:
    children = obj.data.get("ChildObjects") or []
    i = int(index)
    if not 0 <= i < len(children):
        return False
    del children[i]
    if not children:
        obj.data.pop("ChildObjects", None)
    return True


@method
def destroyAttachments(api: TtsApi, obj: EmObject) -> bool:
    obj.data.pop("ChildObjects", None)
    return True


# --- copies, reloads, resets, states ---------------------------------------------------------------------


@method
def clone(api: TtsApi, obj: EmObject, params: Any = None) -> EmObject:
    """A copy with a new GUID, at ``position`` (default {0, 3, 0}, as the reference says)."""
    p = dict(params or {})
    data = copy.deepcopy(getData(api, obj))
    data["GUID"] = ""
    return api.world.spawn(data, vec(p.get("position"), Vec3(0.0, 3.0, 0.0)))


@method
def reload(api: TtsApi, obj: EmObject) -> EmObject:
    """Destroyed and spawned again from its data, same GUID, its script run afresh (api: reload)."""
    data = copy.deepcopy(getData(api, obj))
    if obj.env is not None:
        data["LuaScriptState"] = api.world.saved_state(obj)
    api.world.destroy(obj.guid)
    return api.world.spawn(data)


@method
def reset(api: TtsApi, obj: EmObject) -> bool:
    """A bag empties; a deck takes back the cards taken from it that are still on the table (api: reset)."""
    if obj.type in ("Bag", "Infinite"):
        obj.data["ContainedObjects"] = [] if obj.type == "Bag" else obj.contents()[:1]
        return True
    if obj.type == "Deck":
        for card in [o for o in api.world.objects.values() if o.origin == obj.guid]:
            data = stored(api, card)
            obj.contents().append(data)
            if "DeckIDs" in obj.data:
                obj.data["DeckIDs"].append(data.get("CardID", 0))
            api.world.destroy(card.guid)
        return True
    return False


@method
def shuffleStates(api: TtsApi, obj: EmObject) -> EmObject | None:
    others = sorted(int(k) for k in obj.data.get("States") or {})
    return setState(api, obj, api.world.rng.choice(others)) if others else None


# --- decks: cut, split, spread, deal ---------------------------------------------------------------------


def _new_deck(api: TtsApi, template: EmObject, cards: list[dict[str, Any]], at: Vec3) -> EmObject:
    if len(cards) == 1:
        return api.world.spawn(cards[0], at, template.rotation)
    data = {k: copy.deepcopy(v) for k, v in template.data.items() if k not in ("ContainedObjects", "DeckIDs", "GUID")}
    data |= {"GUID": "", "ContainedObjects": cards, "DeckIDs": [c.get("CardID", 0) for c in cards]}
    return api.world.spawn(data, at, template.rotation)


def _deck_cards(obj: EmObject, name: str) -> list[dict[str, Any]]:
    if obj.type != "Deck":
        raise ValueError(f"{name}: {obj.type} {obj.guid} is not a deck")
    return obj.contents()


def _beside(obj: EmObject, step: int, spacing: float = 2.5) -> Vec3:
    """Piles laid to the right of the deck (*chosen*: 2.5 apart; TTS's spacing is not documented)."""
    p = obj.position
    return Vec3(p.x + spacing * step, p.y, p.z)


@method
def cut(api: TtsApi, obj: EmObject, count: Any = None) -> list[EmObject]:
    """Top ``count`` cards become a new deck beside; returns {lower, upper} (api: cut, 2 <= count <= n - 2)."""
    cards = _deck_cards(obj, "cut")
    n = int(count) if count is not None else len(cards) // 2
    if not 2 <= n <= len(cards) - 2:
        raise ValueError(f"cut: {n} cards cannot be cut from a deck of {len(cards)} (2 to {len(cards) - 2})")
    upper, lower = copy.deepcopy(cards[:n]), copy.deepcopy(cards[n:])
    api.world.destroy(obj.guid)
    return [_new_deck(api, obj, lower, obj.position), _new_deck(api, obj, upper, _beside(obj, 1))]


@method
def split(api: TtsApi, obj: EmObject, piles: Any = None) -> list[EmObject]:
    """As evenly as possible, larger piles first (api: split, 2 <= piles <= n / 2)."""
    cards = _deck_cards(obj, "split")
    k = int(piles) if piles is not None else 2
    if not 2 <= k <= len(cards) // 2:
        raise ValueError(f"split: a deck of {len(cards)} cannot make {k} piles (2 to {len(cards) // 2})")
    size, extra = divmod(len(cards), k)
    parts, start = [], 0
    for i in range(k):
        end = start + size + (1 if i < extra else 0)
        parts.append(copy.deepcopy(cards[start:end]))
        start = end
    api.world.destroy(obj.guid)
    return [_new_deck(api, obj, part, _beside(obj, i)) for i, part in enumerate(parts)]


@method
def spread(api: TtsApi, obj: EmObject, distance: Any = 0.6) -> list[EmObject]:
    """Every card laid out in a row, ``distance`` apart to the right (negative: left), from the top card."""
    cards = copy.deepcopy(_deck_cards(obj, "spread"))
    step = float(0.6 if distance is None else distance)
    api.world.destroy(obj.guid)
    p = obj.position
    return [api.world.spawn(c, Vec3(p.x + step * i, p.y, p.z), obj.rotation) for i, c in enumerate(cards)]


def every_hand_zone(world: World) -> list[EmObject]:
    """Every hand zone, first created first: hand zone objects, then those of the save's ``Hands.HandTransforms``
    (older saves place hands only there)."""
    return [o for o in [*world.objects.values(), *world.saved_hands] if o.type == "Hand"]


def hand_zones(api: TtsApi, color: str) -> list[EmObject]:
    """The colour's hand zones, first created first."""
    return [o for o in every_hand_zone(api.world) if str(o.data.get("FogColor", "")) == str(color)]


def hand_slot(zone: EmObject, offset: Vec3, face_up: bool = True) -> tuple[Vec3, Vec3]:
    """Where a piece lies in a hand zone at ``offset`` from its centre, and its rotation: turned to face the zone's
    owner."""
    target = Transform(zone.position, zone.rotation, ONE).to_world(offset)
    return target, Vec3(0.0, zone.rotation.y + 180.0, 0.0 if face_up else 180.0)


# Pieces along a hand zone from its left end, HAND_STEP apart (*chosen*: TTS fans a hand its own way): over half a
# card's width, so a card between two others always shows a strip the pointer can take, whichever lies on top.
HAND_STEP = 1.25


def next_in_hand(api: TtsApi, zone: EmObject, count: int = 1) -> list[Vec3]:
    """The offsets of the hand's next ``count`` pieces: the first places along the zone where no piece of the hand
    lies (a piece gone from the middle leaves a place the next one fills, rather than the next one lying on the
    last: a card under another can be neither seen nor picked up)."""
    frame = Transform(zone.position, zone.rotation, ONE)
    start = min(0.0, ttsfacts.CARD_WIDTH / 2 - abs(zone.transform.scale.x) / 2)  # narrower than a card: its centre
    taken = {round((frame.to_local(o.position).x - start) / HAND_STEP) for o in api_object.zone_objects(api, zone)}
    places: list[Vec3] = []
    k = 0
    while len(places) < count:
        if k not in taken:
            places.append(Vec3(start + HAND_STEP * k, 0.0, 0.0))
        k += 1
    return places


def _deal_one(api: TtsApi, obj: EmObject, zone: EmObject, offset: Vec3, face_up: bool) -> EmObject | None:
    """One object from the top (or the object itself) to the zone, turned to face the zone's owner."""
    target, rotation = hand_slot(zone, offset, face_up)
    if not obj.is_container:
        obj.start_motion(position=target, rotation=rotation)
        return obj
    if not obj.contents():
        return None
    return takeObject(api, obj, {"position": list(target), "rotation": list(rotation)})


@method
def deal(api: TtsApi, obj: EmObject, number: Any, color: Any = None, index: Any = 0) -> bool:
    """``number`` to the colour's hand zone (``index``: which one), or to every seated player; cards land face up
    for their owner, spread along the zone in its free places (*chosen*: HAND_STEP apart)."""
    colors = [str(color)] if color else list(api.world.seated)
    for c in colors:
        zones = hand_zones(api, c)
        i = int(index or 0)
        if not 0 <= i < len(zones):
            continue  # TTS deals to no one where there is no hand zone (*chosen*: nothing happens)
        for place in next_in_hand(api, zones[i], max(0, int(number))):
            if obj.destroyed and obj.remainder:
                obj = api.world.get(obj.remainder)
            if _deal_one(api, obj, zones[i], place, True) is None:
                break
    return True


@method
def dealToColorWithOffset(api: TtsApi, obj: EmObject, offset: Any, flip: Any, color: Any) -> EmObject | None:
    zones = hand_zones(api, str(color))
    if not zones:
        raise ValueError(f"dealToColorWithOffset: no hand zone for {color}")
    return _deal_one(api, obj, zones[0], vec(offset), bool(flip))
