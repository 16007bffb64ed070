"""Objects of a fresh table, as save-file ObjectStates: the parts every game's table builder shares.

A game's ``table`` module says where things go; this module knows how TTS writes them down (transforms, GUIDs,
custom tiles, cards on deck sheets, decks, scripting and hand zones), so no game repeats it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import TypeAdapter, ValidationError

from bridge.commands import Command, Move, Position, Take
from bridge.table import Table, TableObject, Vec3, ttsfacts
from bridge.table.geometry import ONE
from bridge.table.model import MARKS_PREFIX, board_size_note, marks_note
from engines.base import Decision, Problem, ReadError
from engines.ownerdata import first_error

__all__ = [
    "FACE_DOWN",
    "FACE_UP",
    "Area",
    "Builder",
    "Containers",
    "RecordingPlanner",
    "SheetCard",
    "grid",
    "one_tagged",
    "planned",
    "state_after",
    "transform",
    "zones",
]

SHEET_COLUMNS, SHEET_ROWS = 10, 7  # the deck-sheet grid every game here draws (TTS's largest)


def transform(at: Vec3, *, rot_y: float = 0.0, scale: Vec3 = ONE, face_down: bool = False) -> dict[str, float]:
    return {
        "posX": at.x,
        "posY": at.y,
        "posZ": at.z,
        "rotX": 0.0,
        "rotY": rot_y,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": scale.x,
        "scaleY": scale.y,
        "scaleZ": scale.z,
    }


@dataclass(frozen=True)
class SheetCard:
    """A card's face on a deck sheet: the sheet's image name and the cell, row by row; ``back`` is the image of
    the common back, or of a sheet of backs cell for cell (``unique_back``)."""

    sheet: str
    index: int
    back: str
    unique_back: bool = False


class Builder:
    """Collects a table's objects; ``assets`` maps image names to the URLs written by the game's images."""

    def __init__(self, assets: Mapping[str, str]) -> None:
        self.assets = assets
        self.objects: list[dict[str, Any]] = []
        self._n = 0
        self._deck_keys: dict[tuple[str, str], int] = {}

    def guid(self) -> str:
        """Six hex digits, as TTS writes GUIDs; numbered in build order, so a table builds the same every time."""
        self._n += 1
        return f"a{self._n:05x}"

    def url(self, key: str) -> str:
        return self.assets.get(key, "")

    def add(self, obj: dict[str, Any]) -> dict[str, Any]:
        self.objects.append(obj)
        return obj

    def base(
        self,
        name: str,
        nickname: str,
        tags: Sequence[str],
        at: Vec3,
        *,
        scale: Vec3 = ONE,
        rot_y: float = 0.0,
        face_down: bool = False,
        description: str = "",
        gm_notes: str = "",
        locked: bool = False,
        colour: tuple[float, float, float] | None = None,
    ) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "GUID": self.guid(),
            "Name": name,
            "Transform": transform(at, rot_y=rot_y, scale=scale, face_down=face_down),
            "Nickname": nickname,
            "Description": description,
            "GMNotes": gm_notes,
            "Tags": list(tags),
            "Locked": locked,
        }
        if colour is not None:
            obj["ColorDiffuse"] = {"r": colour[0], "g": colour[1], "b": colour[2]}
        return obj

    def tile(
        self,
        nickname: str,
        tags: Sequence[str],
        at: Vec3,
        image: str,
        back: str,
        *,
        circle: bool = True,
        scale: float = 1.0,
        thickness: float = 0.2,
        stackable: bool = True,
        face_down: bool = False,
        description: str = "",
        hands: bool = False,
    ) -> dict[str, Any]:
        """A custom tile (a coin, a marker); ``hands``: a player may hold it in a hand zone (TTS lets only cards and
        decks in unless ``"Hands": true``)."""
        obj = self.base(
            "Custom_Tile",
            nickname,
            tags,
            at,
            scale=Vec3(scale, 1, scale),
            face_down=face_down,
            description=description,
        )
        obj["CustomImage"] = {
            "ImageURL": self.url(image),
            "ImageSecondaryURL": self.url(back),
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {"Type": 2 if circle else 0, "Thickness": thickness, "Stackable": stackable, "Stretch": True},
        }
        if hands:
            obj["Hands"] = True
        return obj

    def board(
        self,
        nickname: str,
        tags: Sequence[str],
        at: Vec3,
        image: str,
        *,
        size: tuple[float, float],
        snap_points: Iterable[Vec3] = (),
    ) -> dict[str, Any]:
        """A locked custom board ``size`` (width, depth) world units across, its image ``width/depth`` in aspect:
        scaled by TTS's one rule (:func:`bridge.table.ttsfacts.scale_for_depth`); the size it assumes goes in the
        GM notes, so the connector can measure the board against it. ``snap_points`` in board units
        (:class:`engines.layout.BoardLayout`)."""
        scale = ttsfacts.scale_for_depth(size[1])
        obj = self.base(
            "Custom_Board",
            nickname,
            tags,
            at,
            locked=True,
            scale=Vec3(scale, 1.0, scale),
            gm_notes=board_size_note(*size),
        )
        obj["CustomImage"] = {
            "ImageURL": self.url(image),
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
        }
        obj["AttachedSnapPoints"] = [
            {"Position": {"x": v.x / scale, "y": v.y, "z": v.z / scale}, "Rotation": {"x": 0, "y": 0, "z": 0}}
            for v in snap_points
        ]
        return obj

    def zone(self, label: str, tags: Sequence[str], at: Vec3, size: Vec3, *, hand: str | None = None) -> dict[str, Any]:
        """A scripting zone, or with ``hand`` (a player colour) that player's hand zone. Its ``tags`` go into its GM
        notes, never into TTS tags: a tagged zone would shut out every piece without one of them."""
        obj = self.base(
            "HandTrigger" if hand else "ScriptingTrigger",
            label,
            (),
            at,
            scale=size,
            locked=True,
            gm_notes=marks_note(tags) if tags else "",
        )
        if hand:
            obj["FogColor"] = hand
        return obj

    def card(
        self,
        face: SheetCard,
        nickname: str,
        tags: Sequence[str],
        at: Vec3,
        *,
        gm_notes: str = "",
        description: str = "",
        face_down: bool = False,
        scale: float = 1.0,
    ) -> dict[str, Any]:
        obj = self.base(
            "Card",
            nickname,
            tags,
            at,
            scale=Vec3(scale, 1, scale),
            face_down=face_down,
            description=description,
            gm_notes=gm_notes,
        )
        key = self._deck_keys.setdefault((face.sheet, face.back), len(self._deck_keys) + 1)
        obj["CardID"] = key * 100 + face.index
        obj["CustomDeck"] = {
            str(key): {
                "FaceURL": self.url(face.sheet),
                "BackURL": self.url(face.back),
                "NumWidth": SHEET_COLUMNS,
                "NumHeight": SHEET_ROWS,
                "BackIsHidden": True,
                "UniqueBack": face.unique_back,
                "Type": 0,
            }
        }
        return obj

    def deck(self, nickname: str, tags: Sequence[str], at: Vec3, cards: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """A face-down deck of ``cards`` (top first); TTS turns a deck of one card into that card, and so does
        this."""
        if len(cards) == 1:
            single = dict(cards[0])
            single["Transform"] = transform(at, face_down=True, scale=_scale_of(single))
            return single
        obj = self.base("Deck", nickname, tags, at, face_down=True, scale=_scale_of(cards[0]) if cards else ONE)
        obj["DeckIDs"] = [c["CardID"] for c in cards]
        obj["CustomDeck"] = {k: v for c in cards for k, v in c["CustomDeck"].items()}
        obj["ContainedObjects"] = [dict(c, Transform=transform(at, face_down=True, scale=_scale_of(c))) for c in cards]
        return obj


def _scale_of(obj: Mapping[str, Any]) -> Vec3:
    t = obj.get("Transform", {})
    return Vec3(t.get("scaleX", 1.0), t.get("scaleY", 1.0), t.get("scaleZ", 1.0))


@dataclass(frozen=True)
class Area:
    """A scripting zone of a game's table: ``key`` names it in the game's layout, its tag is ``<game>.zone.<key>``;
    a piece belongs to it when the zone's box holds the piece's centre."""

    game: str
    key: str
    label: str
    centre: Vec3
    size: Vec3

    @property
    def tag(self) -> str:
        return f"{self.game}.zone.{self.key}"

    def spot(self, index: int, of: int, *, z: float = 0.0, lift: float = 0.0) -> Vec3:
        """The ``index``-th of ``of`` places spread along the zone's width (left to right), ``z`` forward."""
        step = self.size.x / max(1, of)
        return Vec3(self.centre.x - self.size.x / 2 + step * (index + 0.5), self.centre.y + lift, self.centre.z + z)


BETWEEN = 0.3  # *chosen*: a marker further than this share of a space from its nearest space's middle lies between two


def track_space(position: Vec3, area: Area, spots: int) -> tuple[int, int | None]:
    """The space of ``area``'s ``spots`` (left to right, along x) nearest ``position``, and, when it lies between two
    (more than :data:`BETWEEN` of a space off), the space it leans towards: the nearest itself past either end of
    the track (None: it lies on its space). Every game's track reader, so that all say "between" alike."""
    offsets = [position.x - area.spot(i, spots).x for i in range(spots)]
    nearest = min(range(spots), key=lambda i: abs(offsets[i]))
    if abs(offsets[nearest]) <= BETWEEN * area.size.x / spots:
        return nearest, None
    return nearest, min(max(nearest + (1 if offsets[nearest] > 0 else -1), 0), spots - 1)


def on_track(position: Vec3, area: Area) -> bool:
    """Whether ``position`` lies over ``area``'s row of spaces (its zone seen from above): a marker anywhere else is
    on no space, whichever its x is nearest."""
    return abs(position.x - area.centre.x) <= area.size.x / 2 and abs(position.z - area.centre.z) <= area.size.z / 2


def zones(table: Table, areas: Mapping[str, Area]) -> dict[str, TableObject]:
    """Each area's zone on the table; a zone missing or doubled is a :class:`ReadError` that names it."""
    found: dict[str, TableObject] = {}
    problems: list[Problem] = []
    for key, area in areas.items():
        tagged = table.with_tag(area.tag)
        if len(tagged) == 1:
            found[key] = tagged[0]
        else:
            what = "is not on the table" if not tagged else f"is there {len(tagged)} times"
            where = f"tag '{area.tag}' on the zone's GM notes line '{MARKS_PREFIX} ...'"
            problems.append(Problem(f"the zone '{area.label}' ({where}) {what}"))
    if problems:
        raise ReadError(problems)
    return found


def one_tagged(table: Table, tag: str, what: str, problems: list[Problem]) -> TableObject | None:
    """The one object with ``tag`` (``what``: its name, without an article); a missing or doubled one becomes a
    problem that names it."""
    found = table.with_tag(tag)
    if len(found) == 1:
        return found[0]
    if not found:
        problems.append(Problem(f"the {what} (tag '{tag}') is not on the table"))
    for extra in found[1:]:
        problems.append(Problem(f"a second {what}; the first is {found[0].describe()}", extra))
    return None


def grid(centre: Vec3, index: int, *, per_row: int, rows: int, step: float = 1.0, layer: float = 0.25) -> Vec3:
    """The index-th place in an area: rows left to right from the far edge; a full area takes a layer on top."""
    level, rest = divmod(index, per_row * rows)
    row, col = divmod(rest, per_row)
    return Vec3(
        centre.x + (col - (per_row - 1) / 2) * step,
        centre.y + level * layer,
        centre.z + ((rows - 1) / 2 - row) * step,
    )


class Copyable(Protocol):
    def copy(self) -> Any: ...


class RecordingPlanner:
    """A bot's turn is decided in one go, then planned decision by decision: the state each decision left is kept
    as the turn is decided (:meth:`record`), and :meth:`plan` turns one decision into commands from the state before
    it and the state after it (``commands``, each game's own)."""

    def __init__(self, state: Copyable) -> None:
        self.state: Any = state.copy()  # follows the decisions planned so far
        self.after: dict[int, Any] = {}

    def record(self, decision: Decision[Any], after: Copyable) -> None:
        self.after[id(decision)] = after.copy()

    def plan(self, decision: Decision[Any]) -> list[Command]:
        after = self.after.get(id(decision))
        if after is None:
            raise ValueError(f"{decision.reason}: not a decision of this turn")
        out = self.commands(decision.action, self.state, after)
        self.state = after
        return out

    def commands(self, action: Any, before: Any, after: Any) -> list[Command]:
        raise NotImplementedError


def planned(view: Any, decision: Decision[Any]) -> list[Command]:
    """``Game.plan`` for a view whose ``planner`` the game's ``decide`` set."""
    if view.planner is None:
        raise ValueError("plan() needs the decisions of decide() on the same table view")
    commands: list[Command] = view.planner.plan(decision)
    return commands


def state_after(view: Any) -> Any:
    """``Game.after_turn``: the engine's state once the bot's turn is planned."""
    return view.planner.state.copy() if view.planner is not None else None


def state_to_json(after: Any, kind: type[Any]) -> Any:
    """``Game.after_to_json`` for a game whose state is a dataclass ``kind``: a resumed game needs what the last turn
    left (Check my turn compares with it; whose action is next), which a table read cannot give back."""
    return TypeAdapter(kind).dump_python(after, mode="json") if isinstance(after, kind) else None


def state_from_json(data: Any, kind: type[Any]) -> Any:
    """``Game.after_from_json``, the inverse of :func:`state_to_json`; raises ValueError naming the first field it
    cannot take, in one line."""
    try:
        return None if data is None else TypeAdapter(kind).validate_python(data)
    except ValidationError as exc:
        raise ValueError(first_error(exc, "the whole state")) from None


FACE_UP, FACE_DOWN = Position(x=0, y=0, z=0), Position(x=0, y=0, z=180)
PILE_BASE, CARD_THICKNESS = 0.4, 0.05  # loose cards stacked above a pile's deck, top card highest


class Containers:
    """Cards (or pieces) by GUID, some inside decks: a planner moves one out of its deck with a Take, a loose one
    with a Move. TTS turns a deck left with one card into that card, which keeps its GUID; so does this, and the
    last card is then moved as a loose one."""

    def __init__(self, contained: Mapping[str, str]) -> None:
        self.contained = dict(contained)  # GUID -> the container's GUID
        self._left = Counter(self.contained.values())

    def move(self, guid: str, at: Vec3, rotation: Position | None = None) -> Command:
        container = self.contained.pop(guid, None)
        if container is None:
            return Move(guid=guid, position=Position.of(at), rotation=rotation)
        self._left[container] -= 1
        if self._left[container] == 1:
            last = next(g for g, c in self.contained.items() if c == container)
            del self.contained[last]
        return Take(container=container, guid=guid, position=Position.of(at), rotation=rotation)
