"""The vocabulary a bot acts with on the table.

Commands are immutable data; a batch travels as JSON to the connector mod, which checks every command before
applying any, applies them in order (waiting for smooth moves and spawns to settle) and answers with one
acknowledgement. If a command fails, the answer names its index and the reason, and later ones are not applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bridge.errors import AutomaError
from bridge.table.geometry import Vec3

__all__ = [
    "BOT_COLOR",
    "PERSON_COLOR",
    "BatchFailed",
    "Command",
    "Flip",
    "Highlight",
    "Lock",
    "Move",
    "Position",
    "Put",
    "Rotate",
    "Say",
    "SetState",
    "SetText",
    "SetValue",
    "Shuffle",
    "Take",
    "batch_from_json",
    "batch_to_json",
]


class Position(BaseModel):
    model_config = ConfigDict(frozen=True)
    x: float
    y: float
    z: float

    @classmethod
    def of(cls, v: Vec3 | tuple[float, float, float]) -> Position:
        return cls(x=v[0], y=v[1], z=v[2])


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Move(_Command):
    """Move an object (smoothly by default, as a person would see it)."""

    op: Literal["move"] = "move"
    guid: str
    position: Position
    rotation: Position | None = None
    smooth: bool = True


class Rotate(_Command):
    op: Literal["rotate"] = "rotate"
    guid: str
    rotation: Position
    smooth: bool = True


class Flip(_Command):
    op: Literal["flip"] = "flip"
    guid: str


class Take(_Command):
    """Take an object out of a container (by guid, or the top one when ``guid`` is None) to a position."""

    op: Literal["take"] = "take"
    container: str
    guid: str | None = None
    position: Position
    rotation: Position | None = None
    flip: bool = False


class Put(_Command):
    """Put an object into a container (bag, deck or stack)."""

    op: Literal["put"] = "put"
    guid: str
    container: str


class Shuffle(_Command):
    op: Literal["shuffle"] = "shuffle"
    guid: str


class SetValue(_Command):
    """Turn a die (or any object with rotation values) to show a value."""

    op: Literal["set_value"] = "set_value"
    guid: str
    value: int | str


class SetState(_Command):
    op: Literal["set_state"] = "set_state"
    guid: str
    state: int = Field(ge=1)


class Lock(_Command):
    op: Literal["lock"] = "lock"
    guid: str
    locked: bool = True


BOT_COLOR = "Purple"  # the bot's lines in chat
PERSON_COLOR = "White"  # the person's moves made from the dashboard


class Say(_Command):
    """A line in the chat of every player."""

    op: Literal["say"] = "say"
    text: str
    color: str | None = None


class Highlight(_Command):
    op: Literal["highlight"] = "highlight"
    guid: str
    color: str = "Yellow"
    seconds: float | None = Field(default=3.0, gt=0)


class SetText(_Command):
    """An object's description (its tooltip, which every player sees) and GM Notes (where a bot keeps what it
    waits for as JSON, read back with the table); None leaves a field as it is."""

    op: Literal["set_text"] = "set_text"
    guid: str
    description: str | None = None
    gm_notes: str | None = None


Command = Annotated[
    Move | Rotate | Flip | Take | Put | Shuffle | SetValue | SetState | Lock | Say | Highlight | SetText,
    Field(discriminator="op"),
]
_BATCH: TypeAdapter[list[Command]] = TypeAdapter(list[Command])


def batch_to_json(commands: Sequence[Command]) -> list[dict[str, Any]]:
    """The batch as JSON-ready dicts, in order; absent options are left out."""
    return [c.model_dump(mode="json", exclude_none=True) for c in commands]


def batch_from_json(data: object) -> list[Command]:
    return _BATCH.validate_python(data)


class BatchFailed(AutomaError, RuntimeError):
    """The connector refused or stopped a batch; nothing after ``index`` was applied."""

    def __init__(self, index: int, reason: str, applied: int) -> None:
        super().__init__(f"command #{index} failed: {reason} ({applied} applied before it)")
        self.index = index
        self.reason = reason
        self.applied = applied
