import json

import pytest

from bridge.table import SaveFile, SaveFileError
from tests.conftest import real_save


@pytest.mark.parametrize("name", ["stardust-sample.json", "coinche-cardgame.json"])
def test_real_saves_round_trip_unchanged(name, tmp_path):
    path = real_save(name)
    original = json.loads(path.read_text(encoding="utf-8"))
    out = tmp_path / "out.json"
    SaveFile.load(path).dump(out)
    again = json.loads(out.read_text(encoding="utf-8"))
    assert again == original
    assert json.dumps(again) == json.dumps(original)  # same key order everywhere, nested too


def test_unknown_fields_survive_a_change(tmp_path):
    save = SaveFile.load(real_save("stardust-sample.json"))
    save.ObjectStates[0].Nickname = "Renamed"
    out = save.to_dict()
    assert out["ObjectStates"][0]["Nickname"] == "Renamed"
    assert out["ObjectStates"][0]["ColorDiffuse"] == {"r": 0.9264706, "g": 0, "b": 0}
    assert out["Lighting"]["LightIntensity"] == 0.54


def test_not_json_names_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope", encoding="utf-8")
    with pytest.raises(SaveFileError, match=r"bad\.json: not a JSON save file"):
        SaveFile.load(bad)


def test_missing_file_names_the_file(tmp_path):
    with pytest.raises(SaveFileError, match=r"missing\.json: cannot read"):
        SaveFile.load(tmp_path / "missing.json")


def test_wrong_type_names_the_object():
    raw = {"ObjectStates": [{"GUID": "abc123", "Nickname": "Knight", "Transform": {"posX": "left"}}]}
    with pytest.raises(SaveFileError, match=r"object abc123 \(Knight\) > Transform > posX"):
        SaveFile.from_dict(raw, "t.json")


def test_top_level_must_be_an_object():
    with pytest.raises(SaveFileError, match=r"t\.json: a save file is a JSON object"):
        SaveFile.from_dict([], "t.json")


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({"ObjectStates": 5}, r"t\.json: ObjectStates: Input should be a valid list"),
        ({"ObjectStates": "abc"}, r"t\.json: ObjectStates: Input should be a valid list"),
        (
            {"ObjectStates": [{"GUID": "abc123", "Name": "Bag", "ContainedObjects": 3}]},
            r"t\.json: ObjectStates > object abc123 \(Bag\) > ContainedObjects: Input should be a valid list",
        ),
    ],
)
def test_a_list_that_is_no_list_is_a_save_file_error_saying_where(raw, where):
    """A non-list ObjectStates or ContainedObjects was a bare TypeError ("'int' object is not iterable") from the
    nesting check; it is the save's error, on the project's root, naming the place (issue 42)."""
    from bridge.errors import AutomaError

    with pytest.raises(SaveFileError, match=where) as caught:
        SaveFile.from_dict(raw, "t.json")
    assert isinstance(caught.value, AutomaError)
