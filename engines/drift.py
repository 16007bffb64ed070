"""A table that drifts from its profile during play, named at the next Bot turn, with nothing moved.

A profile is made once (``automa adopt``); the table then lives on. A piece the profile names by GUID is replaced by a
copy (a new GUID) or deleted, a second object comes to match a role of one object, a board is nudged after it was
calibrated. The reader refuses the first two as problems of the read (:class:`Cast`); this says what changed since
the last turn the bot played (which role, which object, what became of it) and what to do, and names what no read
can see: a board moved since, which would put every piece on it on another space (the pieces stay where they were).
A role found by other means than a GUID and missing is left to the reader, which knows whether the game may take its
piece away. Only tables read through a mod's profile are watched: the table the project builds is found by tags,
whatever its GUIDs.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bridge.table import Table, TableObject, Vec3
from bridge.table.geometry import normalize_angle
from engines.base import Game
from engines.profile import Cast, Profile, ProfileSpec, every

MOVED = 0.2  # world units: a board shifted further than this has moved (TTS's physics nudges a resting board less)
TURNED = 2.0  # degrees: a board turned further than this has moved


@dataclass(frozen=True)
class Anchor:
    """The object that played a role of one object when the bot last read the table, and where it lay."""

    guid: str
    label: str
    type: str
    position: Vec3
    rotation_y: float


Anchors = dict[str, Anchor]  # role key -> the object that played it


def _single(spec: ProfileSpec, profile: Profile) -> list[str]:
    """The roles one object plays (not an area the profile marks with a box, not a mark on another role's object)."""
    return [
        key
        for key, role in spec.roles.items()
        if not role.many and not role.mark and key in profile.roles and profile.roles[key].box is None
    ]


def anchors(profile: Profile, spec: ProfileSpec, table: Table) -> Anchors:
    """Each role of one object, and the one object that plays it on ``table`` (a table the bot just read)."""
    cast = Cast(profile, spec, table)
    out: Anchors = {}
    for key in _single(spec, profile):
        found = cast.objects(key)
        if len(found) == 1:
            obj = found[0]
            out[key] = Anchor(obj.guid, obj.label(), obj.type, obj.position, obj.rotation.y)
    return out


def changes(profile: Profile, spec: ProfileSpec, table: Table, before: Anchors | None = None) -> list[str]:
    """What on ``table`` no longer fits ``profile`` since ``before`` (the last read's anchors; None: the first turn),
    each naming the role, the object and what changed, and saying what to do. Empty: the table fits."""
    cast = Cast(profile, spec, table)
    before = before or {}
    lines = []
    for key in _single(spec, profile):
        what = f"the {spec.roles[key].what} (role {key!r})"
        found, then = cast.objects(key), before.get(key)
        gone = _unseen(profile, key, table) if not found else []
        if gone:  # a GUID the profile names, on no object (in containers neither): never a piece the game moved
            lines.append(_gone(what, gone[0], then, cast))
        elif len(found) > 1:
            known = [o for o in found if then is not None and o.guid == then.guid] or found[:1]
            extra = next(o for o in found if o is not known[0])
            lines.append(
                f"{what}: a second object now plays it: {extra.describe()}, beside {known[0].describe()}; "
                "take the extra one off the table"
            )
        elif found and then is not None and found[0].guid == then.guid and key in spec.boards:
            lines += _moved(what, then, found[0])
    game = spec.game
    return [f"{line}, or re-run 'automa adopt {game}' to make the table profile again" for line in lines]


def _unseen(profile: Profile, key: str, table: Table) -> list[str]:
    """The GUIDs ``key``'s matches name that no object of ``table`` carries, on it or in its containers. A role
    found by other means and missing is left to the reader, which knows whether the game may take it away."""
    seen = {obj.guid for obj in every(table)}
    return [m.guid for m in profile.roles[key].match if m.guid is not None and m.guid not in seen]


def _gone(what: str, guid: str, then: Anchor | None, cast: Cast) -> str:
    """A role whose object (``guid``) is gone: what it was at the last turn, and the copy that may have taken its
    place."""
    if then is None or then.guid != guid:
        return f"{what}: no object on the table has GUID {guid!r}; put it back"
    text = f"{what}: {then.label!r} (guid {then.guid}, {then.type}) is gone from the table since the bot's last turn"
    copy = _copy_of(then, cast)
    if copy is not None:
        return f"{text}; {copy.describe()} looks like a copy of it with another GUID: the profile knows only the first"
    return f"{text}; put it back"


def _copy_of(then: Anchor, cast: Cast) -> TableObject | None:
    """The object most like the one gone and playing no role: of its kind and label, the nearest to where it lay."""
    alike = [o for o in cast.table if o.type == then.type and o.label() == then.label and cast.role(o) is None]
    return min(alike, key=lambda o: _distance(o.position, then.position), default=None)


def _moved(what: str, then: Anchor, now: TableObject) -> list[str]:
    shift = _distance(now.position, then.position)
    turn = abs(normalize_angle(now.rotation.y - then.rotation_y + 180.0) - 180.0)
    if shift <= MOVED and turn <= TURNED:
        return []
    p, q = then.position, now.position
    return [
        f"{what}: {now.describe()} has moved since the bot's last turn, from ({p.x:.2f}, {p.z:.2f}) turned "
        f"{then.rotation_y:.0f} degrees to ({q.x:.2f}, {q.z:.2f}) turned {now.rotation.y:.0f} degrees; the pieces on "
        "it did not move with it, so every space would read wrong: move it back"
    ]


def _distance(a: Vec3, b: Vec3) -> float:
    return math.hypot(a.x - b.x, a.z - b.z)


class Watch:
    """The anchors of the last turn the bot played, for one game reading through a mod's profile."""

    def __init__(self) -> None:
        self.anchors: Anchors | None = None
        self.profile: Profile | None = None

    def changes(self, game: Game[Any, Any], table: Table) -> list[str]:
        """What drifted on ``table`` since the last turn (nothing for a game reading the table it builds)."""
        spec = game.profile_spec()
        if game.profile is None or spec is None:
            return []
        before = self.anchors if self.profile is game.profile else None  # another profile: another table
        return changes(game.profile, spec, table, before)

    def played(self, game: Game[Any, Any], table: Table) -> None:
        """The bot played a turn on ``table`` (as read before its moves): its one-object roles are the new anchors."""
        spec = game.profile_spec()
        if game.profile is None or spec is None:
            self.anchors = self.profile = None
            return
        self.anchors, self.profile = anchors(game.profile, spec, table), game.profile

    def forget(self) -> None:
        self.anchors = self.profile = None


def namer(game: Game[Any, Any], table: Table) -> Callable[[str], str]:
    """How a message names a piece of ``table`` by its GUID: by the role it plays on a mod's table ("the Knight coin
    'Chevalier' (guid ...)"), else by its label (the table the project builds names its pieces as the game does)."""
    spec = game.profile_spec()
    casts: list[Cast] = []  # sorted into roles on the first name asked for: most turns name no piece

    def name(guid: str) -> str:
        obj = table.get(guid)
        if obj is None:
            return f"the piece with guid {guid}"
        if game.profile is not None and spec is not None and not casts:
            casts.append(Cast(game.profile, spec, table))
        role = casts[0].role(obj) if casts and spec is not None else None
        what = f"the {spec.roles[role].what} " if role is not None and spec is not None else "the piece "
        return f"{what}{obj.label()!r} (guid {guid})"

    return name
