import pickle

import pytest

from bridge.table import SaveFile, Table, TableError, TableObject, Vec3, type_of
from tests.conftest import real_save


def test_objects_from_a_real_save():
    table = Table.from_save(SaveFile.load(real_save("stardust-sample.json")))
    assert [o.type for o in table] == ["Block", "Bag", "Deck"]
    bag = table["4dccf2"]
    assert bag.nickname == "Bag of Stuff"
    assert bag.is_container and len(bag.contents) == 2
    deck = table["9857b5"]
    assert deck.face_down  # the sample deck lies face down (rotZ 180)
    assert [c.type for c in deck.contents] == ["Card", "Card", "Card"]


def test_coinche_deck_has_32_cards_top_first():
    table = Table.from_save(SaveFile.load(real_save("coinche-cardgame.json")))
    decks = [o for o in table if o.type == "Deck"]
    assert len(decks) == 1
    raw = SaveFile.load(real_save("coinche-cardgame.json")).to_dict()
    first = next(s for s in raw["ObjectStates"] if s["Name"] == "Deck")["ContainedObjects"][0]["GUID"]
    assert len(decks[0].contents) == 32
    assert decks[0].contents[0].guid == first


def test_rotation_is_normalised_and_value_read_from_rotation_values():
    state = {
        "GUID": "d6d6d6",
        "Name": "Die_6",
        "Transform": {"posX": 1, "posY": 2, "posZ": 3, "rotX": -90.0000001, "rotY": -8.6e-07, "rotZ": 360},
        "RotationValues": [
            {"Value": 1, "Rotation": {"x": -90, "y": 0, "z": 0}},
            {"Value": 6, "Rotation": {"x": 90, "y": 0, "z": 0}},
        ],
    }
    die = TableObject.from_state(state)
    assert die.type == "Dice"
    assert die.rotation == pytest.approx((270, 0, 0), abs=1e-5)
    assert die.value == 1


@pytest.mark.parametrize(
    "rotation",
    [(0, 90, 0), (0, 180, 180), (-90.0000001, -8.6e-07, 360), (0, 359.99999999, 720.5), (10, 20, -30)],
)
def test_a_lean_record_reads_angles_as_the_whole_description_does(rotation):
    """Issue 18: the lean reader keeps angles already in [0, 360) as they came and normalises the rest, each angle on
    its own: the same object, face up or down, as the whole description gives (TTS may send -0.0 or 359.9999)."""
    x, y, z = rotation
    whole = TableObject.from_state(
        {
            "GUID": "c0ffee",
            "Name": "Card",
            "Transform": {"posX": 1, "posY": 2, "posZ": 3, "rotX": x, "rotY": y, "rotZ": z},
        }
    )
    lean = TableObject.from_lean({"g": "c0ffee", "t": "Card", "n": "Card", "p": [1, 2, 3], "r": [x, y, z]})
    assert lean == whole
    assert all(0 <= a < 360 for a in lean.rotation) and type(lean.rotation) is Vec3


def test_a_lean_record_without_a_valid_rotation_is_named():
    with pytest.raises(TableError, match=r"object c0ffee \(Knight\): has no valid rotation \(.*nan"):
        TableObject.from_lean({"g": "c0ffee", "k": "Knight", "p": [0, 0, 0], "r": [0, float("nan"), 0]})


def test_an_object_is_immutable_equal_by_its_fields_hashable_and_picklable():
    """Readers keep objects in sets and dicts, self-play sends them to other processes, and nothing may change one
    a table holds."""
    lean = {"g": "c0ffee", "t": "Card", "n": "Card", "k": "Knight", "p": [1, 2, 3], "r": [0, 0, 180]}
    obj = TableObject.from_lean(lean)
    with pytest.raises(AttributeError):
        obj.nickname = "Queen"  # type: ignore[misc]
    twin = TableObject.from_state(
        {
            "GUID": "c0ffee",
            "Name": "Card",
            "Nickname": "Knight",
            "Transform": {"posX": 1, "posY": 2, "posZ": 3, "rotZ": 180},
        }
    )
    assert obj == twin and hash(obj) == hash(twin) and {obj, twin} == {obj}
    assert obj != obj._replace(locked=True) and obj.face_down
    assert pickle.loads(pickle.dumps(obj)) == obj
    assert repr(obj).startswith("TableObject(guid='c0ffee', type='Card', name='Card', nickname='Knight'")


def test_live_type_overrides_the_save_name():
    assert TableObject.from_state({"GUID": "a", "Name": "Custom_Model"}, "Figurine").type == "Figurine"
    assert type_of({"Name": "Custom_Model", "CustomMesh": {"TypeIndex": 6}}) == "Bag"
    assert type_of({"Name": "Infinite_Bag"}) == "Infinite"
    assert type_of({"Name": "Die_10"}) == "Dice"
    assert type_of({"Name": "ScriptingTrigger"}) == "Scripting"


def test_states_give_the_current_state_id():
    obj = TableObject.from_state({"GUID": "a", "Name": "Card", "States": {"2": {"GUID": "b"}, "3": {}}})
    assert obj.state_id == 1


def test_unreadable_object_is_named():
    with pytest.raises(TableError, match=r"object abc \(Knight\)"):
        TableObject.from_state({"GUID": "abc", "Nickname": "Knight", "Transform": {"posX": "left"}})


def test_snapshot_must_list_objects():
    with pytest.raises(TableError, match="objects"):
        Table.from_snapshot({})
    table = Table.from_states([{"GUID": "a"}, 5])
    assert [o.guid for o in table] == ["a"] and table.problems == ("table: object #1 is not a JSON object",)


def test_zone_contains_by_oriented_box():
    zone = {
        "GUID": "z",
        "Name": "ScriptingTrigger",
        "Transform": {"posX": 0, "posY": 1, "posZ": 0, "rotY": 45, "scaleX": 4, "scaleY": 2, "scaleZ": 1},
    }
    inside = {"GUID": "in", "Name": "Chip_10", "Transform": {"posX": 1.2, "posY": 1, "posZ": -1.2}}
    outside = {"GUID": "out", "Name": "Chip_10", "Transform": {"posX": 1.2, "posY": 1, "posZ": 1.2}}
    table = Table.from_states([zone, inside, outside])
    assert [o.guid for o in table.inside(table["z"])] == ["in"]


def test_lookup_errors_name_the_source():
    table = Table.from_states([], source="live table")
    with pytest.raises(KeyError, match="live table"):
        table["nope"]
    assert table.get("nope") is None


def test_tags_are_case_insensitive_and_describe_names_the_place():
    obj = TableObject.from_state(
        {
            "GUID": "abc123",
            "Name": "Chip_10",
            "Nickname": "Coin",
            "Tags": ["WC.Coin"],
            "Transform": {"posX": 1.234, "posY": 1, "posZ": -2},
        }
    )
    assert obj.has_tag("wc.coin")
    assert obj.describe() == "'Coin' (guid abc123, Chip) at (1.23, 1.00, -2.00)"
    assert obj.position == Vec3(1.234, 1.0, -2.0)


def test_states_keyed_by_number_may_come_as_an_array_and_the_live_state_id_wins():
    """TTS's JSON module writes a table keyed by numbers as an array with null holes: ``States`` of an object in
    state 1 with a state 2 may arrive as ``[null, {...}]`` as well as ``{"2": {...}}``; the connector's
    ``state_ids`` (each object's ``getStateId()``) settles it either way."""
    from bridge.table import Table

    other = {"GUID": "b", "Name": "BlockSquare", "Transform": {"posX": 0, "posY": 1, "posZ": 0}}
    base = {"GUID": "a", "Name": "BlockSquare", "Transform": {"posX": 0, "posY": 1, "posZ": 0}}
    as_object = Table.from_snapshot({"objects": [{**base, "States": {"2": other}}], "types": {}})
    as_array = Table.from_snapshot({"objects": [{**base, "States": [None, other]}], "types": []})
    assert as_object["a"].state_id == as_array["a"].state_id == 1
    live = Table.from_snapshot({"objects": [{**base, "States": [None, other]}], "state_ids": {"a": 2}})
    assert live["a"].state_id == 2


BIG = 10**400  # "posX": 1 followed by 400 zeros is valid JSON, and too large for any float (issue 31, item 8)


@pytest.mark.parametrize("where", ["posX", "posZ", "rotY", "scaleX"])
def test_an_integer_too_large_for_a_float_is_named_like_nan(where: str):
    transform = {"posX": 1, "posY": 2, "posZ": 3, where: BIG}
    what = {"pos": "position", "rot": "rotation", "sca": "scale"}[where[:3]]
    with pytest.raises(TableError, match=rf"^object c0ffee \(Knight\): has no valid {what} \(.*{where} = an integer "):
        TableObject.from_state({"GUID": "c0ffee", "Name": "Card", "Nickname": "Knight", "Transform": transform})
    with pytest.raises(TableError, match=r"about 401 digits"):
        TableObject.from_state({"GUID": "c0ffee", "Name": "Card", "Nickname": "Knight", "Transform": transform})


@pytest.mark.parametrize("field", ["p", "r", "s"])
def test_a_lean_record_with_an_integer_too_large_for_a_float_is_named(field: str):
    rec = {"g": "c0ffee", "k": "Knight", "p": [0, 0, 0], "r": [0, 0, 0], field: [0, BIG, 0]}
    what = {"p": "position", "r": "rotation", "s": "scale"}[field]
    with pytest.raises(TableError, match=rf"^object c0ffee \(Knight\): has no valid {what} \("):
        TableObject.from_lean(rec)


def test_a_table_leaves_out_the_object_with_a_huge_position_and_names_it():
    good = {"GUID": "a00001", "Name": "Card", "Transform": {"posX": 1, "posY": 2, "posZ": 3}}
    bad = {"GUID": "b00002", "Name": "Card", "Nickname": "Żółw — 🐢", "Transform": {"posX": BIG}}
    table = Table.from_states([good, bad])
    assert [o.guid for o in table] == ["a00001"]
    assert [p for p in table.problems if "b00002 (Żółw — 🐢): has no valid position" in p]


@pytest.mark.parametrize("key", ["x", "2.5", "", "two"])
def test_a_states_key_that_is_not_a_number_is_named_with_the_piece(key: str):
    """Issue 31, item 10: the key and the piece, not Python's 'invalid literal for int()'."""
    state = {"GUID": "c0ffee", "Name": "Card", "Nickname": "Knight", "States": {"2": {}, key: {"GUID": "d"}}}
    with pytest.raises(TableError) as caught:
        TableObject.from_state(state)
    assert str(caught.value) == (
        f"object c0ffee (Knight): has a States key {key!r} that is not a state number (states are numbered 1, 2, ...)"
    )
