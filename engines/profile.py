"""Table profiles: which object on a mod's table plays which role for a game's reader, and where the game's board
layout lies on the mod's board.

A game's reader asks for roles ("board", "bag:A", "coin:Knight"), never for names or tags of its own: a profile says
what a mod's objects carry that plays each role (GUID, Nickname, Description, GM Notes, tags, CardID, image or mesh
URL, tint, object type) and, for each board, the transform from the game's board units (:class:`BoardLayout`) to the
board object's own frame, with a per-space offset where the mod's art is not to the layout's proportions. The table
the project builds is one profile among others (each game's ``built_profile``), so a Workshop mod's table and ours
are read by the same code. A profile is a JSON file checked by the pydantic models below, whose JSON Schema ships as
``profile.schema.json``; :func:`check` adds what a schema cannot say (the game's roles, spaces that fall off the
board, one object named by two roles), each error naming the entry and the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from bridge.table import Table, TableObject, Vec3
from bridge.table.geometry import Transform, normalize_angle
from engines.base import Problem
from engines.layout import BoardLayout
from engines.ownerdata import OwnerDataError, load_model

SCHEMA = Path(__file__).with_name("profile.schema.json")
Triple = tuple[float, float, float]
TINT_TOLERANCE = 0.02  # saves round colours; a tint this close is the same tint


class ProfileError(OwnerDataError):
    """A profile that does not fit its game; the message names the file, the entry and the field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Match(_Strict):
    """What an object must carry to play a role: every field given must agree (tags: each one present)."""

    guid: str | None = None
    name: str | None = None  # the save's resource name: Custom_Token, Deck, Bag...
    type: str | None = None  # the run-time type: Tile, Card, Deck, Bag, Board, Scripting, Hand...
    nickname: str | None = None
    description: str | None = None
    gm_notes: str | None = None
    tags: tuple[str, ...] = ()
    card_id: int | None = None
    image: str | None = None
    mesh: str | None = None
    tint: Triple | None = None

    @model_validator(mode="after")
    def _something(self) -> Match:
        if not self.tags and all(getattr(self, f) is None for f in _FIELDS):
            raise ValueError("a match names nothing: give at least one of guid, nickname, tags, card_id, ...")
        return self

    def matches(self, obj: TableObject) -> bool:
        for f in _FIELDS:
            wanted = getattr(self, f)
            if wanted is not None and f != "tint" and getattr(obj, f) != wanted:
                return False
        if self.tint is not None and not _same_tint(obj.tint, self.tint):
            return False
        return all(obj.has_tag(tag) for tag in self.tags)

    def words(self) -> str:
        """The match as a message names it: "nickname 'Chevalier', type 'Tile'"."""
        given = [f"{f.replace('_', ' ')} {getattr(self, f)!r}" for f in _FIELDS if getattr(self, f) is not None]
        return ", ".join(given + [f"tag {t!r}" for t in self.tags])


_LOOKS = ("card_id", "image", "mesh", "tint")  # what whole descriptions carry and lean records leave out
_FIELDS = ("guid", "name", "type", "nickname", "description", "gm_notes", "card_id", "image", "mesh", "tint")


def _same_tint(have: Triple | None, wanted: Triple) -> bool:
    """An object without a tint is white, TTS's default (the table model keeps white as no tint)."""
    have = have or (1.0, 1.0, 1.0)
    return all(abs(a - b) <= TINT_TOLERANCE for a, b in zip(have, wanted, strict=True))


class Box(_Strict):
    """An area the mod marks with no object (printed on its mat, say): this box on the table, in world units."""

    centre: Triple
    size: Triple
    rotation_y: float = 0.0


class Role(_Strict):
    """Who plays one role: the objects that fit any one of ``match``, or (an area only) a ``box``."""

    match: tuple[Match, ...] = ()
    box: Box | None = None

    @model_validator(mode="after")
    def _one_way(self) -> Role:
        if bool(self.match) == (self.box is not None):
            raise ValueError("give either match (a list of what the objects carry) or box (an area), not both or none")
        return self

    def words(self) -> str:
        if self.box is not None:
            return f"the box at {self.box.centre}"
        return " or ".join(m.words() for m in self.match)


class Stray(_Strict):
    """Objects that look like the game's pieces (``match``), each of which must play a role; ``hint`` says what an
    object so matched but in no role lacks ("a card number in its GM notes")."""

    match: Match
    hint: str = ""


class Board(_Strict):
    """Where the game's layout lies on a mod's board object: a point in board units (the game's layout) goes to
    ``position + rotate_y(rotation_y, scale * point)`` in the board object's own frame (TTS's local coordinates),
    after the space's ``offsets`` (``"layout:space": [dx, dz]`` in board units). ``size``: the board's width and
    depth in its own frame; every space must lie on it."""

    position: Triple = (0.0, 0.0, 0.0)
    rotation_y: float = 0.0
    scale: tuple[float, float] = (1.0, 1.0)
    size: tuple[float, float] | None = None
    offsets: dict[str, tuple[float, float]] = {}

    def local(self) -> Transform:
        """Board units -> the board object's frame."""
        return Transform(Vec3(*self.position), Vec3(0.0, self.rotation_y, 0.0), Vec3(self.scale[0], 1.0, self.scale[1]))


class Profile(_Strict):
    """One mod's table for one game: ``roles`` (role key -> who plays it), ``boards`` (board role -> where the
    layout lies; a board left out is one the project built), ``strays`` (objects that look like the game's pieces:
    each must play a role, or the read names it) and the game's ``settings``."""

    game: str
    mod: str
    roles: dict[str, Role]
    boards: dict[str, Board] = {}
    strays: tuple[Stray, ...] = ()
    settings: dict[str, int | str] = {}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = self.model_dump(mode="json", exclude_defaults=True)
        return data


def needs_looks(profile: Profile | None) -> bool:
    """Whether ``profile`` matches on what a live snapshot carries only when asked (CardID, image, mesh, tint)."""
    if profile is None:
        return False
    matches = [m for role in profile.roles.values() for m in role.match] + [s.match for s in profile.strays]
    return any(getattr(m, name) for m in matches for name in _LOOKS)


def schema() -> dict[str, Any]:
    """The JSON Schema of a profile file, as shipped in ``profile.schema.json``."""
    return {"$id": "profile.schema.json", **Profile.model_json_schema()}


@dataclass(frozen=True)
class RoleSpec:
    """One role a game's reader asks for: what it is in a player's words, and whether many objects play it."""

    what: str
    many: bool = False
    mark: bool = False  # marks an object that plays another role too (Wakhan's seat: one of the seat's zones)
    area: bool = False  # a zone: calibration asks for a piece dropped in it, as nobody picks a zone up


@dataclass(frozen=True)
class ProfileSpec:
    """The roles a game's reader asks for, the layouts on each of its boards, and the settings it takes."""

    game: str
    title: str
    roles: Mapping[str, RoleSpec]
    boards: Mapping[str, Mapping[str, BoardLayout]]  # board role -> layout name -> layout
    settings: Mapping[str, str] = field(default_factory=dict)  # setting -> what it says
    names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # role -> names the game's data gives it


def check(profile: Profile, spec: ProfileSpec) -> list[str]:
    """What is wrong with ``profile`` for ``spec``'s game, each naming its entry and field (empty: it fits)."""
    errors = [] if profile.game == spec.game else [f"game: {profile.game!r} is not {spec.game!r}"]
    errors += [f"roles: {key!r} ({spec.roles[key].what}) is missing" for key in spec.roles if key not in profile.roles]
    errors += [f"roles.{key}: not a role of {spec.title}" for key in profile.roles if key not in spec.roles]
    errors += [f"settings.{key}: not a setting of {spec.title}" for key in profile.settings if key not in spec.settings]
    for key, board in profile.boards.items():
        if key not in spec.boards:
            errors.append(f"boards.{key}: not a board of {spec.title} (its boards: {', '.join(spec.boards)})")
            continue
        errors += _board_errors(key, board, spec.boards[key])
    errors += _shared_guids(profile, spec)
    return errors


def _board_errors(key: str, board: Board, layouts: Mapping[str, BoardLayout]) -> list[str]:
    errors = []
    for name in board.offsets:
        layout_name, _, space = name.partition(":")
        if layout_name not in layouts or space not in layouts[layout_name].spots:
            errors.append(
                f"boards.{key}.offsets.{name}: no such space (write 'layout:space'; layouts: {', '.join(layouts)})"
            )
    if board.size is None:
        return errors
    width, depth = board.size
    for layout_name, layout in layouts.items():
        off = [
            (space, at)
            for space, placed in placed_layout(layout, layout_name, board).spots.items()
            if abs((at := board.local().to_world(placed)).x) > width / 2 or abs(at.z) > depth / 2
        ]
        if off:
            space, at = off[0]
            errors.append(
                f"boards.{key}: {len(off)} of the {len(layout.spots)} spaces of {layout_name} land off the board "
                f"({width:g} x {depth:g}), {layout_name}:{space} at ({at.x:.2f}, {at.z:.2f}) in the board's frame: "
                "the transform is wrong"
            )
    return errors


def _shared_guids(profile: Profile, spec: ProfileSpec) -> list[str]:
    owners: dict[str, str] = {}
    errors = []
    for key, role in profile.roles.items():
        if key in spec.roles and spec.roles[key].mark:
            continue
        for match in role.match:
            if match.guid is None:
                continue
            first = owners.setdefault(match.guid, key)
            if first != key:
                errors.append(f"roles.{key}: GUID {match.guid!r} plays role {first!r} too: one object plays one role")
    return errors


def load(path: Path, spec: ProfileSpec) -> Profile:
    """The profile in ``path`` for ``spec``'s game; raises :class:`ProfileError` naming each wrong entry and field."""
    try:
        profile = load_model(path, Profile)
    except OwnerDataError as exc:
        raise ProfileError(str(exc)) from None
    return checked(profile, spec, str(path))


def checked(profile: Profile, spec: ProfileSpec, where: str = "profile") -> Profile:
    """``profile`` itself once :func:`check` finds nothing wrong; else :class:`ProfileError`."""
    errors = check(profile, spec)
    if errors:
        raise ProfileError(f"{where}: " + "; ".join(errors))
    return profile


def placed_layout(layout: BoardLayout, name: str, board: Board | None) -> BoardLayout:
    """``layout`` with the profile's per-space offsets for it (``name``: its name in the game's spec)."""
    if board is None or not board.offsets:
        return layout
    moved = {}
    for space, at in layout.spots.items():
        dx, dz = board.offsets.get(f"{name}:{space}", (0.0, 0.0))
        moved[space] = Vec3(at.x + dx, at.y, at.z + dz)
    return replace(layout, spots=moved)


def placed_frame(board: TableObject, placement: Board) -> Transform:
    """The frame of a mod's board in the game's board units: the board object's transform after the profile's.
    Exact for a board lying flat and scaled alike in x and z, as boards are."""
    t = board.transform
    local = placement.local()
    rotation = Vec3(t.rotation.x, normalize_angle(t.rotation.y + placement.rotation_y), t.rotation.z)
    scale = Vec3(t.scale.x * local.scale.x, t.scale.y, t.scale.z * local.scale.z)
    return Transform(t.to_world(local.position), rotation, scale)


class Cast:
    """A profile applied to one table: each role's objects (on the table or inside containers), each object's role,
    and each board's frame. What does not fit (a named GUID gone, one object in two roles, a stray, a role of one
    object found twice or not at all) goes into :attr:`problems`, each naming the role and the object."""

    def __init__(self, profile: Profile, spec: ProfileSpec, table: Table) -> None:
        self.profile, self.spec, self.table = profile, spec, table
        self.problems: list[Problem] = []
        self._role: dict[int, str] = {}  # id(object) -> role key
        self._top: dict[str, list[TableObject]] = {key: [] for key in spec.roles}
        self._index = _MatchIndex(profile)
        wrong = check(profile, spec)
        if wrong:  # a profile not made for this game reads nothing
            self.problems += [Problem(f"the table profile for {profile.mod}: {error}") for error in wrong]
        else:
            self._classify()
            self._unseen()

    def _classify(self) -> None:
        seen: set[str] = set()
        for obj, top in _walk(self.table):
            seen.add(obj.guid)
            found = self._index.roles_of(obj)
            roles = [key for key in found if not self.spec.roles[key].mark]
            if top:
                for mark in (key for key in found if self.spec.roles[key].mark):
                    self._top[mark].append(obj)
            if len(roles) > 1:
                self.problems.append(
                    Problem(f"plays roles {' and '.join(map(repr, roles))}: one object, one role", obj)
                )
            elif roles:
                self._role[id(obj)] = roles[0]
                if top:
                    self._top[roles[0]].append(obj)
            else:
                self._stray(obj)
        for key, role in self.profile.roles.items():
            if role.box is not None:
                self._top[key].append(_box_object(key, self.spec.roles[key].what, role.box))
            for match in role.match:
                if match.guid is not None and match.guid not in seen:
                    self.problems.append(
                        Problem(f"{self._named(key)} names GUID {match.guid!r}, which no object on the table has")
                    )

    def _unseen(self) -> None:
        """A match on what no object of this table carries (a live snapshot's lean records leave CardID, image and
        mesh URLs and tint out) finds nothing: say so once per field, not as a list of missing pieces."""
        for name in _LOOKS:
            used = [key for key, role in self.profile.roles.items() if any(getattr(m, name) for m in role.match)]
            if used and not any(getattr(obj, name) for obj in every(self.table)):  # cards in decks too
                self.problems.append(
                    Problem(
                        f"the table profile matches {', '.join(used[:3])}{' ...' if len(used) > 3 else ''} by "
                        f"{name.replace('_', ' ')}, which no object on this {self.table.source} carries"
                    )
                )

    def _stray(self, obj: TableObject) -> None:
        stray = next((s for s in self.profile.strays if s.match.matches(obj)), None)
        if stray is not None:
            hint = f" ({stray.hint})" if stray.hint else ""
            self.problems.append(Problem(f"looks like a piece of {self.spec.title} but plays no role{hint}", obj))

    def _named(self, key: str) -> str:
        return f"the {self.spec.roles[key].what} (role {key!r}, {self.profile.roles[key].words()})"

    def role(self, obj: TableObject) -> str | None:
        """The role ``obj`` plays (an object of this table, or inside one of its containers), or None."""
        return self._role.get(id(obj))

    def objects(self, key: str) -> list[TableObject]:
        """The objects on the table (not inside containers) that play ``key``."""
        return list(self._top[key])

    def playing(self, prefix: str) -> Iterator[tuple[str, TableObject]]:
        """(role, object) for every object on the table whose role starts with ``prefix``."""
        for key, found in self._top.items():
            if key.startswith(prefix):
                for obj in found:
                    yield key, obj

    def one(self, key: str) -> TableObject | None:
        """The one object that plays ``key``; none or several are a problem that names the role."""
        found = self._top[key]
        if len(found) == 1:
            return found[0]
        if not found:
            self.problems.append(Problem(f"{self._named(key)} is missing from the table"))
        for extra in found[1:]:
            self.problems.append(
                Problem(
                    f"a second {self.spec.roles[key].what} (role {key!r}); the first is {found[0].describe()}", extra
                )
            )
        return None

    def frame(self, key: str, built: BoardLayout, board: TableObject) -> Transform:
        """The board ``board`` (the object playing ``key``) in board units: the profile's placement, or for a board
        the project built (none in the profile), ``built``'s own frame."""
        placement = self.profile.boards.get(key)
        return built.frame(board) if placement is None else placed_frame(board, placement)

    def layout(self, key: str, name: str) -> BoardLayout:
        """The layout ``name`` of board ``key`` with the profile's per-space offsets."""
        return placed_layout(self.spec.boards[key][name], name, self.profile.boards.get(key))

    def setting(self, name: str, default: int | str) -> int | str:
        return self.profile.settings.get(name, default)


_INDEXED = ("guid", "card_id", "gm_notes", "nickname")


class _MatchIndex:
    """Each role's matches by the field that picks them out fastest (GUID, CardID, GM notes, nickname, else a tag),
    so a table of hundreds of objects and a profile of hundreds of roles are matched in one pass."""

    def __init__(self, profile: Profile) -> None:
        self.by: dict[tuple[str, Any], list[tuple[str, Match]]] = {}
        for key, role in profile.roles.items():
            for match in role.match:
                picked = next((f for f in _INDEXED if getattr(match, f) is not None), "")
                if picked:
                    index: tuple[str, Any] = (picked, getattr(match, picked))
                else:
                    index = ("tag", match.tags[0].lower()) if match.tags else ("", None)
                self.by.setdefault(index, []).append((key, match))
        self.rest = self.by.pop(("", None), [])

    def roles_of(self, obj: TableObject) -> list[str]:
        by = self.by
        candidates = [
            *by.get(("guid", obj.guid), ()),
            *by.get(("card_id", obj.card_id), ()),
            *by.get(("gm_notes", obj.gm_notes), ()),
            *by.get(("nickname", obj.nickname), ()),
            *(m for tag in obj.project_tags for m in by.get(("tag", tag.lower()), ())),
            *self.rest,
        ]
        return list(dict.fromkeys(key for key, match in candidates if match.matches(obj)))


def tagged(*tags: str, nickname: str | None = None, gm_notes: str | None = None) -> Role:
    """A role the table a game builds plays by its tags (and a nickname or GM notes): a built profile's usual role."""
    return Role(match=(Match(tags=tags, nickname=nickname, gm_notes=gm_notes),))


def every(table: Table) -> Iterator[TableObject]:
    """Every object of ``table``, on it and inside its containers, in the table's order."""
    return (obj for obj, _ in _walk(table))


def _walk(table: Table) -> Iterator[tuple[TableObject, bool]]:
    """Every object, and whether it lies on the table (True) or inside a container."""
    stack = [(obj, True) for obj in reversed(table.objects)]
    while stack:
        obj, top = stack.pop()
        yield obj, top
        stack.extend((inner, False) for inner in reversed(obj.contents))


def _box_object(key: str, what: str, box: Box) -> TableObject:
    """A profile's box as the zone a reader expects (a scripting zone's scale is its size)."""
    return TableObject(
        guid="",
        type="Scripting",
        name="ScriptingTrigger",
        nickname=f"{what} (the profile's box for {key})",
        position=Vec3(*box.centre),
        rotation=Vec3(0.0, normalize_angle(box.rotation_y), 0.0),
        scale=Vec3(*box.size),
    )


def dump(profile: Profile) -> str:
    return json.dumps(profile.to_json(), indent=1) + "\n"


if __name__ == "__main__":  # python -m engines.profile: write the shipped schema after a model change
    SCHEMA.write_text(json.dumps(schema(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {SCHEMA}")
