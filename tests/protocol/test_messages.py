"""Message models: both directions, unknown ids, missing fields, unknown fields kept."""

import pytest

from bridge.protocol import (
    CustomFromTTS,
    ExecuteLua,
    GameLoaded,
    GetScripts,
    LuaError,
    ObjectCreated,
    Printed,
    ProtocolError,
    PushingNewObject,
    ReturnValue,
    SaveAndPlay,
    parse_from_tts,
    parse_to_tts,
)
from bridge.protocol.messages import CustomToTTS, GameSaved


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ({"messageID": 0}, GetScripts),
        (
            {"messageID": 1, "scriptStates": [{"name": "Global", "guid": "-1", "script": "x=1", "ui": ""}]},
            SaveAndPlay,
        ),
        ({"messageID": 2, "customMessage": {"a": 1}}, CustomToTTS),
        ({"messageID": 3, "guid": "-1", "script": "return 1", "returnID": 7}, ExecuteLua),
    ],
)
def test_editor_to_tts(raw, kind):
    assert isinstance(parse_to_tts(raw), kind)


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        (
            {"messageID": 0, "scriptStates": [{"name": "Die", "guid": "abc123", "script": ""}]},
            PushingNewObject,
        ),
        ({"messageID": 1, "scriptStates": [], "savePath": "C:/x.json"}, GameLoaded),
        ({"messageID": 2, "message": "hi"}, Printed),
        (
            {"messageID": 3, "error": "chunk_0:(1,0-1): x", "guid": "-1", "errorMessagePrefix": "E: "},
            LuaError,
        ),
        ({"messageID": 4, "customMessage": {"k": [1]}}, CustomFromTTS),
        ({"messageID": 5, "returnValue": "1", "returnID": 3}, ReturnValue),
        ({"messageID": 6, "savePath": "x"}, GameSaved),
        ({"messageID": 7, "guid": "abc123"}, ObjectCreated),
    ],
)
def test_tts_to_editor(raw, kind):
    assert isinstance(parse_from_tts(raw), kind)


def test_return_value_may_be_missing():
    msg = parse_from_tts({"messageID": 5, "returnID": 1})
    assert isinstance(msg, ReturnValue)
    assert msg.returnValue is None


def test_names_may_contain_line_breaks_and_unknown_fields_are_kept():
    msg = parse_from_tts({"messageID": 1, "scriptStates": [{"name": "a\nb", "guid": "1"}], "newField": 5})
    assert isinstance(msg, GameLoaded)
    assert msg.scriptStates[0].name == "a\nb"
    assert msg.model_extra == {"newField": 5}


def test_unknown_message_id_is_named():
    with pytest.raises(ProtocolError, match=r"messageID=9"):
        parse_from_tts({"messageID": 9})


def test_missing_field_is_named():
    with pytest.raises(ProtocolError, match="script"):
        parse_to_tts({"messageID": 3, "guid": "-1"})


def test_non_object_is_refused():
    with pytest.raises(ProtocolError, match="JSON object"):
        parse_from_tts([1])
