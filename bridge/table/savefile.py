"""The TTS save file (Json.NET output) as pydantic models that round-trip without losing anything.

Only the fields this project reads are typed; every other field is kept as-is (``extra="allow"``), and the key
order of the input is restored on output, so a save written back differs from the original in nothing but
whitespace and number spelling.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError, model_serializer, model_validator

from bridge.errors import AutomaError, UsageError
from bridge.table.geometry import Transform as GeoTransform
from bridge.table.geometry import Vec3

Number = int | float
MAX_NESTING = 100  # containers inside containers (and states inside states); real saves nest a few deep
_GUID = re.compile(rb'"GUID"\s*:\s*"([^"\\]{0,40})"')


class SaveFileError(AutomaError, ValueError):
    """A save file that cannot be read; the text names the file and the place in it."""


class _Ordered(BaseModel):
    """Keeps unknown fields and the input's key order."""

    model_config = ConfigDict(extra="allow", populate_by_name=True, validate_assignment=False)
    _order: list[str] = PrivateAttr(default_factory=list)

    @model_validator(mode="wrap")
    @classmethod
    def _remember_order(cls, data: Any, handler: Any) -> Any:
        obj = handler(data)
        if isinstance(data, dict):
            obj._order = list(data)
        return obj

    @model_serializer(mode="wrap")
    def _in_input_order(self, handler: Any) -> dict[str, Any]:
        out: dict[str, Any] = handler(self)
        order = [k for k in self._order if k in out]
        order += [k for k in out if k not in set(order)]
        return {k: out[k] for k in order}


class TransformState(_Ordered):
    posX: Number = 0
    posY: Number = 0
    posZ: Number = 0
    rotX: Number = 0
    rotY: Number = 0
    rotZ: Number = 0
    scaleX: Number = 1
    scaleY: Number = 1
    scaleZ: Number = 1

    def geometry(self) -> GeoTransform:
        return GeoTransform(
            Vec3(self.posX, self.posY, self.posZ),
            Vec3(self.rotX, self.rotY, self.rotZ),
            Vec3(self.scaleX, self.scaleY, self.scaleZ),
        )


class RotationValue(_Ordered):
    Value: Any = None
    Rotation: dict[str, Number] = {}


class ObjectState(_Ordered):
    GUID: str = ""
    Name: str = ""
    Transform: TransformState = TransformState()
    Nickname: str = ""
    Description: str = ""
    GMNotes: str = ""
    Memo: str | None = None
    Tags: list[str] = []
    Locked: bool = False
    LuaScript: str = ""
    LuaScriptState: str = ""
    XmlUI: str = ""
    Value: Any = None
    RotationValues: list[RotationValue] = []
    ContainedObjects: list[ObjectState] = []
    States: dict[str, ObjectState] = {}


class SaveFile(_Ordered):
    SaveName: str = ""
    LuaScript: str = ""
    LuaScriptState: str = ""
    XmlUI: str = ""
    ObjectStates: list[ObjectState] = []

    @classmethod
    def load(cls, path: str | Path) -> SaveFile:
        path = Path(path)
        try:
            data = path.read_bytes()
            raw = json.loads(data.decode("utf-8-sig"))
        except OSError as exc:
            raise SaveFileError(f"{path}: cannot read the save file: {exc.strerror}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SaveFileError(f"{path}: not a JSON save file: {str(exc)[:200]}") from None
        except RecursionError:
            raise SaveFileError(f"{path}: {_too_deep_in_text(data)}") from None
        return cls.from_file_dict(raw, source=str(path))

    @classmethod
    def from_file_dict(cls, raw: object, source: str) -> SaveFile:
        """:meth:`from_dict` for what a file holds, which may be any JSON: one without the 'ObjectStates' list every
        save TTS writes holds is refused as not a TTS save (it was read as an empty table, and its reading listed
        every missing piece)."""
        if isinstance(raw, dict) and not isinstance(raw.get("ObjectStates"), list):
            got = ", ".join(f"'{key}'" for key in list(raw)[:5]) or "nothing"
            raise SaveFileError(
                f"{source}: not a TTS save: it has no 'ObjectStates' list (every save TTS writes holds one, the "
                f"table's objects); its keys: {got}"
            )
        return cls.from_dict(raw, source)

    @classmethod
    def from_dict(cls, raw: object, source: str = "<save>") -> SaveFile:
        if not isinstance(raw, dict):
            raise SaveFileError(f"{source}: a save file is a JSON object, got {type(raw).__name__}")
        deep = _too_deep(raw)
        if deep:
            raise SaveFileError(f"{source}: {deep}")
        try:
            return cls.model_validate(raw)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = _describe_location(raw, first["loc"])
            raise SaveFileError(f"{source}: {where}: {first['msg']}") from None

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = self.model_dump(mode="json", by_alias=True, exclude_unset=True)
        return result

    def dump(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def save_path(out: Path, default_name: str) -> Path:
    """Where ``--out`` asks a save to go: ``default_name`` inside it when it is a folder that exists, else ``out``
    itself, which must end in .json, since TTS's Save & Load lists only .json files."""
    path = out / default_name if out.is_dir() else out
    if path.suffix.lower() != ".json":
        raise UsageError(
            f"--out {str(out)!r} is neither a folder that exists nor a file name ending in .json (TTS lists only "
            ".json saves): create the folder first, or name the file, e.g. 'my_table.json'"
        )
    if not path.parent.is_dir():
        raise UsageError(
            f"--out {str(out)!r}: the folder {str(path.parent)!r} does not exist: create it first, or write into a "
            "folder that exists (nothing was written)"
        )
    return path


def _label(state: dict[str, Any]) -> str:
    name = str(state.get("Nickname") or state.get("Name") or "object")[:60]
    return f"object {str(state.get('GUID', '?'))[:40]} ({name})"


def _too_deep(raw: dict[str, Any]) -> str | None:
    """Objects nested in more than :data:`MAX_NESTING` containers or states (walked without recursion). A list
    that is no list (``"ObjectStates": 5``) is passed over: the model's check then names it and where it is."""
    todo: list[tuple[Any, int]] = [(o, 0) for o in _listed(raw.get("ObjectStates")) if isinstance(o, dict)]
    while todo:
        state, depth = todo.pop()
        if depth > MAX_NESTING:
            return f"{_label(state)} lies inside more than {MAX_NESTING} containers or states; a save is refused"
        inner = _listed(state.get("ContainedObjects"))
        states = state.get("States")
        if isinstance(states, dict):
            inner += states.values()
        todo.extend((o, depth + 1) for o in inner if isinstance(o, dict))
    return None


def _listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else []


def _too_deep_in_text(data: bytes) -> str:
    """JSON too deep to parse at all: name the last object that starts before the depth runs out."""
    from bridge.protocol.codec import too_deep_at

    at = too_deep_at(data, 900) or len(data)
    guids = [m.group(1).decode("utf-8", "replace") for m in _GUID.finditer(data, 0, at)]
    where = f" (inside object {guids[-1]})" if guids else ""
    return f"the JSON nests too deeply to read{where}; a save holds containers a few levels deep"


def _describe_location(raw: dict[str, Any], loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic error location into words, naming the object by GUID and nickname where possible."""
    node: Any = raw
    path: list[str] = []
    for part in loc:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            path.append(str(part))
            continue
        if isinstance(node, dict) and "GUID" in node:
            label = node.get("Nickname") or node.get("Name") or "object"
            path.append(f"object {node['GUID']} ({label})")
        else:
            path.append(str(part))
    return " > ".join(path)
