"""The External Editor API without I/O: message models, framing and encoding.

Nothing here opens a socket; :mod:`bridge.link` and the emulator's server are thin asyncio layers on top.
"""

from bridge.protocol.codec import Decoder, decode, encode
from bridge.protocol.errors import ProtocolError
from bridge.protocol.messages import (
    GLOBAL_GUID,
    CustomFromTTS,
    CustomToTTS,
    ExecuteLua,
    FromTTS,
    GameLoaded,
    GameSaved,
    GetScripts,
    LuaError,
    ObjectCreated,
    Printed,
    PushingNewObject,
    ReturnValue,
    SaveAndPlay,
    ScriptState,
    ToTTS,
    parse_from_tts,
    parse_to_tts,
)

__all__ = [
    "GLOBAL_GUID",
    "CustomFromTTS",
    "CustomToTTS",
    "Decoder",
    "ExecuteLua",
    "FromTTS",
    "GameLoaded",
    "GameSaved",
    "GetScripts",
    "LuaError",
    "ObjectCreated",
    "Printed",
    "ProtocolError",
    "PushingNewObject",
    "ReturnValue",
    "SaveAndPlay",
    "ScriptState",
    "ToTTS",
    "decode",
    "encode",
    "parse_from_tts",
    "parse_to_tts",
]
