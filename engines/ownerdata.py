"""Card data whose contents are not public: the owner transcribes it, the project ships a schema, a fictional
sample and this loader. One loader for every such game: JSON read, validated by the game's pydantic model, every
error naming the entry (its id and its place in the file) and the field."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from bridge.errors import AutomaError

__all__ = [
    "OwnerData",
    "OwnerDataError",
    "choose",
    "load_model",
    "user_file",
]

ModelT = TypeVar("ModelT", bound=BaseModel)


class OwnerDataError(AutomaError, ValueError):
    """An owner's file that does not load; the message names the file, the entry and the field."""


def load_model(path: Path, model: type[ModelT], *, entries: str = "cards", entry: str = "card") -> ModelT:
    """``path`` validated as ``model``; ``entries`` is the list whose items errors name as ``entry 'id' (#n)``."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise OwnerDataError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except json.JSONDecodeError as exc:
        raise OwnerDataError(f"{path}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg})") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        named = (_where(raw, e, entries, entry) for e in exc.errors())
        raise OwnerDataError(f"{path}: " + "; ".join(named)) from None


def first_error(exc: ValidationError, whole: str = "the file") -> str:
    """The first problem pydantic found, as "field: message" (``whole`` when it is about the whole value)."""
    error = exc.errors()[0]
    return f"{_path(list(error['loc'])) or whole}: {str(error['msg']).removeprefix('Value error, ')}"


def _where(raw: Any, error: Any, entries: str, entry: str) -> str:
    loc = list(error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    if len(loc) >= 2 and loc[0] == entries and isinstance(loc[1], int):
        index = loc[1]
        items = raw.get(entries) if isinstance(raw, dict) else None
        item = items[index] if isinstance(items, list) and index < len(items) else None
        named = isinstance(item, dict) and "id" in item
        name = f"{entry} {item['id']!r} (#{index + 1})" if named else f"{entry} #{index + 1}"  # type: ignore[index]
        field = _path(loc[2:])
        return f"{name}{', ' + field if field else ''}: {message}"
    return f"{_path(loc) or 'the file'}: {message}"


def _path(loc: list[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif str(part).startswith("function-"):
            continue
        else:
            out += f".{part}" if out else str(part)
    return out


def user_file(game: str, filename: str) -> Path:
    """Where an owner keeps a game's file: the per-user config folder, never the repository."""
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "tabletop-automa" / game / filename


def choose(
    path: Path | None, default: Path, sample: Path, *, allow_sample: bool, readme: str, flag: str = "--data FILE"
) -> Path:
    """The file to load: ``path`` if given (it must exist), else the owner's ``default``, else the ``sample`` when
    allowed; otherwise an error that says where the owner's file goes."""
    if path is not None or default.exists():
        return path or default
    if allow_sample:
        return sample
    raise OwnerDataError(
        f"no card data: the card contents are not public, so transcribe yours (see {readme}) into {default} or "
        f"pass {flag}; --allow-sample plays the fictional sample instead"
    )


class OwnerData(Generic[ModelT]):
    """A game's ``--data FILE`` / ``--allow-sample`` settings and its card data, loaded once when first needed
    (a game that is only listed or checked never asks for a file)."""

    def __init__(self, find: Callable[[Path | None, bool], ModelT]) -> None:
        self._find = find
        self.path: Path | None = None
        self.allow_sample = False
        self._loaded: ModelT | None = None

    def use(self, path: Path | None, allow_sample: bool) -> None:
        self.path, self.allow_sample, self._loaded = path, allow_sample, None

    def settings(self) -> tuple[Path | None, bool]:
        return self.path, self.allow_sample

    @property
    def chosen(self) -> bool:
        """Whether the person named the data (a file, or leave to play the sample)."""
        return self.path is not None or self.allow_sample

    @property
    def sample(self) -> bool:
        """Whether the data in play is the fictional sample (its dataset says so; Heroes' three files say it
        together), which the page says beside the game's name (issue 37)."""
        value = self.value
        own = getattr(value, "sample", None)
        if isinstance(own, bool):
            return own
        return getattr(getattr(value, "dataset", None), "kind", "") == "sample"

    def for_check(self) -> ModelT:
        """The data a self-check runs the rules on: what the person named, else the owner's file if there is one,
        else the sample (a check tests the rules, not the owner's cards)."""
        return self.value if self.chosen else self._find(None, True)

    @property
    def value(self) -> ModelT:
        if self._loaded is None:
            self._loaded = self._find(self.path, self.allow_sample)
        return self._loaded
