"""A table the person can touch from the page: the emulated table seen from one seat, and that player's hands.

Duck-typed (:class:`Touchable`), so the bridge never imports the emulator. Everything the page sends is hostile
until checked here: a hand control becomes a clean action with known fields, finite numbers in range and GUIDs the
player can see, or a refusal that says what was wrong. The view's images are rewritten to the dashboard's own
addresses (``/img/ID.png``), and only the local files the loaded table references are ever served.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from bridge.errors import AutomaError
from bridge.table import ttsfacts

PERSON_COLOR = "White"  # *chosen*: the person sits at White, as the emulator seats them (World.seated)
IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp"}
REACH = 500.0  # table units: no table here is wider; a drop further out is a page's error
ACTIONS = {  # each action's fields besides "do": (kind, required)
    "move": {"guid": "guid", "x": "coord", "z": "coord"},
    "flip": {"guid": "guid"},
    "rotate": {"guid": "guid", "degrees": "degrees"},
    "draw": {"guid": "guid", "count": "count"},
    "take": {"guid": "guid", "entry": "entry", "x": "coord", "z": "coord"},
    "put": {"guid": "guid", "into": "guid"},
    "shuffle": {"guid": "guid"},
}


class Touchable(Protocol):
    """What the page needs of a table (a tools.emulator.Emulator is one)."""

    def view_revision(self) -> str: ...

    def player_view(self, color: str) -> dict[str, Any]: ...

    def player_action(self, color: str, action: Mapping[str, Any]) -> str: ...


class BadAction(AutomaError, ValueError):
    """A hand control from the page that cannot be carried out as sent (its message says which field and why)."""


class HandTable:
    """The touchable table behind one dashboard: the last view sent, the images it may serve, the checks."""

    def __init__(self, table: Touchable, color: str = PERSON_COLOR) -> None:
        self.table, self.color = table, color
        self.revision = ""
        self.view: dict[str, Any] | None = None
        self.images: dict[str, Path] = {}  # served name ("ID.png") -> the file the loaded table references

    def fresh_view(self) -> dict[str, Any] | None:
        """The view, recomputed only when the table's revision moved on; None when nothing changed."""
        revision = self.table.view_revision()
        if revision == self.revision and self.view is not None:
            return None
        view = self.table.player_view(self.color)
        images, self.images = self.images, {}
        for obj in [*view["objects"], *view["hand"]]:
            obj["image"] = self._served(obj.get("image"))
        same = self.view is not None and _content(view) == _content(self.view)
        self.revision = revision
        if same:  # time passed, nothing the player sees changed (a mod's timer ticked)
            self.images = images
            return None
        self.view = view
        return view

    def _served(self, image: Any) -> dict[str, Any] | None:
        """The image at the dashboard's address, or None (drawn as a tinted shape) when it is no local image."""
        if not isinstance(image, dict):
            return None
        path = ttsfacts.local_image_path(str(image.get("url", "")))
        suffix = Path(path).suffix.lower() if path else ""
        if path is None or suffix not in IMAGE_TYPES:
            return None
        name = hashlib.sha256(path.encode("utf-8", "surrogatepass")).hexdigest()[:20] + suffix
        self.images[name] = Path(path)
        return {**image, "url": f"/img/{name}"}

    def image(self, name: str) -> tuple[bytes, str] | None:
        """A served image's bytes and type; None for any name the loaded table does not reference."""
        path = self.images.get(name)
        if path is None:
            return None
        try:
            return path.read_bytes(), IMAGE_TYPES[path.suffix.lower()]
        except OSError:
            return None

    def check(self, raw: Any) -> dict[str, Any]:
        """The action as the table gets it, from a page's ``action``; raises BadAction naming the field."""
        if not isinstance(raw, dict):
            raise BadAction("a hand action is a JSON object")
        do = raw.get("do")
        fields = ACTIONS.get(do) if isinstance(do, str) else None
        if fields is None:
            raise BadAction(f"unknown hand action {str(do)[:20]!r}: one of {', '.join(ACTIONS)}")
        action: dict[str, Any] = {"do": do}
        for name, kind in fields.items():
            action[name] = self._field(raw.get(name), name, kind)
        return action

    def _field(self, value: Any, name: str, kind: str) -> Any:
        if kind in ("guid", "entry"):
            if not isinstance(value, str) or not value.isalnum() or len(value) > 12:
                raise BadAction(f"{name}: a GUID (six hex digits), not {str(value)[:20]!r}")
            if kind == "guid" and value not in self._visible():
                raise BadAction(f"{name}: no object {value} on the table you see")
            return value
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise BadAction(f"{name}: a finite number, not {str(value)[:20]!r}")
        if kind == "count":
            if value != int(value) or not 1 <= value <= 50:
                raise BadAction(f"{name}: a whole number from 1 to 50, not {value}")
            return int(value)
        if kind == "degrees" and abs(value) > 360:
            raise BadAction(f"{name}: {value:g} is more than a whole turn (at most 360 either way)")
        if abs(value) > REACH:
            raise BadAction(f"{name}: {value:g} is off the table (at most {REACH:g} either way)")
        return float(value)

    def _visible(self) -> set[str]:
        view = self.view or {}
        return {o["guid"] for o in view.get("objects", []) if o["kind"] not in ("zone", "floor") and not o["hidden"]}


def _content(view: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "revision"}
