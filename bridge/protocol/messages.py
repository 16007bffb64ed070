"""Every message of the TTS External Editor API, in both directions, as pydantic models.

The two directions reuse message ids (0-3 mean different things to TTS and to the editor), so each direction
has its own discriminated union. Unknown extra fields are kept: TTS adds undocumented ones (``savePath``,
``returnID``) and may add more.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, TypeAdapter, ValidationError

from bridge.protocol.errors import ProtocolError

GLOBAL_GUID = "-1"
# An id must be a JSON integer: pydantic's lax mode would read ``true`` as 1 and ``"7"`` as 7.
StrictId = Annotated[int, Strict()]


class _Message(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True, populate_by_name=True)


class ScriptState(BaseModel):
    """One object's Lua and XML; ``script``/``ui`` None means "absent" (Save & Play then deletes it)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    name: str = ""
    guid: str
    script: str | None = None
    ui: str | None = None


# --- editor -> TTS (TTS listens on 39999) -------------------------------------------------------


class GetScripts(_Message):
    messageID: Literal[0] = 0


class SaveAndPlay(_Message):
    messageID: Literal[1] = 1
    scriptStates: list[ScriptState]


class CustomToTTS(_Message):
    messageID: Literal[2] = 2
    customMessage: Any = None


class ExecuteLua(_Message):
    messageID: Literal[3] = 3
    guid: str = GLOBAL_GUID
    script: str
    returnID: StrictId | None = None


ToTTS = Annotated[GetScripts | SaveAndPlay | CustomToTTS | ExecuteLua, Field(discriminator="messageID")]

# --- TTS -> editor (the editor listens on 39998) -------------------------------------------------


class PushingNewObject(_Message):
    messageID: Literal[0] = 0
    scriptStates: list[ScriptState]


class GameLoaded(_Message):
    messageID: Literal[1] = 1
    scriptStates: list[ScriptState] = []
    savePath: str | None = None


class Printed(_Message):
    messageID: Literal[2] = 2
    message: str


class LuaError(_Message):
    messageID: Literal[3] = 3
    error: str
    guid: str = GLOBAL_GUID
    errorMessagePrefix: str = ""


class CustomFromTTS(_Message):
    messageID: Literal[4] = 4
    customMessage: Any = None


class ReturnValue(_Message):
    """``returnValue`` may be absent (a ``nil`` return) or of any JSON type."""

    messageID: Literal[5] = 5
    returnValue: Any = None
    returnID: StrictId | None = None


class GameSaved(_Message):
    messageID: Literal[6] = 6
    savePath: str | None = None


class ObjectCreated(_Message):
    messageID: Literal[7] = 7
    guid: str


FromTTS = Annotated[
    PushingNewObject | GameLoaded | Printed | LuaError | CustomFromTTS | ReturnValue | GameSaved | ObjectCreated,
    Field(discriminator="messageID"),
]

_TO_TTS: TypeAdapter[ToTTS] = TypeAdapter(ToTTS)
_FROM_TTS: TypeAdapter[FromTTS] = TypeAdapter(FromTTS)


def _validate(adapter: TypeAdapter[Any], value: object, direction: str) -> Any:
    if not isinstance(value, dict):
        raise ProtocolError(f"{direction} message must be a JSON object, got {type(value).__name__}")
    if type(value.get("messageID")) is not int:  # bool is an int subclass: ``true`` must not be message 1
        got = repr(value.get("messageID"))[:40]
        raise ProtocolError(f"invalid {direction} message: messageID must be an integer, got {got}")
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'message'}: {err['msg']}" for err in exc.errors()
        )
        raise ProtocolError(f"invalid {direction} message (messageID={value.get('messageID')!r}): {problems}") from None


def parse_to_tts(value: object) -> ToTTS:
    """Validate a decoded message sent by an editor (what the emulator receives)."""
    result: ToTTS = _validate(_TO_TTS, value, "editor->TTS")
    return result


def parse_from_tts(value: object) -> FromTTS:
    """Validate a decoded message sent by TTS (what the bridge receives)."""
    result: FromTTS = _validate(_FROM_TTS, value, "TTS->editor")
    return result
