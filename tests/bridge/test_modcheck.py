"""``automa mod check``: each kind of problem on a save made wrong on purpose, named by the object (GUID, name,
where it lies); the two real saves; the command's output and exit status (issue 20)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge import modcheck
from bridge.table import SaveFile, Vec3
from engines.tablekit import transform
from tests.conftest import ROOT
from tests.test_cli import automa


def obj(guid: str, name: str, x: float = 0.0, z: float = 0.0, **extra: Any) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": name,
        "Nickname": f"{name} {guid}",
        "Transform": transform(Vec3(x, 1.5, z)),
        **extra,
    }


def zone(guid: str, name: str, x: float, z: float, size: float, **extra: Any) -> dict[str, Any]:
    o = obj(guid, name, x, z, **extra)
    o["Transform"].update(scaleX=size, scaleY=4, scaleZ=size)
    return o


def save(*objects: dict[str, Any], table: str = "Table_RPG", **extra: Any) -> dict[str, Any]:
    return {"SaveName": "t", "Table": table, "ObjectStates": list(objects), **extra}


def kinds(raw: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f.kind, f.guid) for f in modcheck.check(raw)]


def test_a_piece_beyond_table_rpgs_surface_is_named_and_a_locked_board_there_is_not():
    """Table_RPG's flat surface "runs to x = 28 and its raised rim starts at x = 29" (public measurement)."""
    raw = save(
        obj("aaaaaa", "Chip_10", x=35),
        obj("bbbbbb", "Chip_10", x=20, z=18),
        obj("cccccc", "Custom_Board", x=40, Locked=True),
        zone("dddddd", "ScriptingTrigger", 0, -25, 2),
    )
    findings = modcheck.check(raw)
    assert [(f.kind, f.guid) for f in findings] == [("off-table", "aaaaaa"), ("off-table", "dddddd")]
    assert "(35.0, 1.5, 0.0)" in str(findings[0]) and "falls" in str(findings[0])
    assert "pieces put in it fall" in str(findings[1])


def test_a_card_held_in_a_hand_zone_past_the_tables_edge_is_not_off_the_table():
    hand = zone("hhhhhh", "HandTrigger", 0, -24, 6, FogColor="White")
    raw = save(hand, obj("cccccc", "Card", z=-24), obj("tttttt", "Custom_Tile", x=1, z=-24))
    assert kinds(raw) == [("off-table", "tttttt"), ("cannot-be-held", "tttttt")]


def test_on_table_none_a_piece_must_stand_on_a_locked_object():
    """ "The table is Table_None: there is no table, and the anchor plate is the floor" (public mod)."""
    floor = obj("ffffff", "BlockSquare", Locked=True)
    floor["Transform"].update(scaleX=20, scaleZ=10)
    raw = save(floor, obj("aaaaaa", "Chip_10", x=9, z=4), obj("bbbbbb", "Chip_10", x=11), table="Table_None")
    assert kinds(raw) == [("off-table", "bbbbbb")]


def test_an_unknown_table_is_not_judged():
    assert kinds(save(obj("aaaaaa", "Chip_10", x=80), table="Table_Circular")) == []


def test_a_tagged_zone_that_shuts_out_the_piece_inside_it_is_named():
    """Knowledge Base, Object Tags: a zone that has tags "interacts only with objects sharing one of them"."""
    raw = save(
        zone("zzzzzz", "ScriptingTrigger", 0, 0, 4, Tags=["supply"]),
        obj("aaaaaa", "Chip_10", Tags=["coin"]),
        obj("bbbbbb", "Chip_10", x=1, Tags=["SUPPLY"]),  # tags compare case-insensitively
        obj("cccccc", "Chip_10", x=10),
    )
    findings = modcheck.check(raw)
    assert [(f.kind, f.guid) for f in findings] == [("zone-tags", "aaaaaa")]
    assert "zzzzzz" in findings[0].problem and "['supply']" in findings[0].problem


def test_a_snap_point_whose_tags_shut_out_the_piece_on_it_is_named():
    board = obj("bbbbbb", "Custom_Board", Locked=True)
    board["Transform"].update(posX=5.0)
    board["AttachedSnapPoints"] = [{"Position": {"x": 1, "y": 0, "z": 0}, "Tags": ["slot"]}]
    raw = save(
        board,
        obj("aaaaaa", "Chip_10", x=6.2),
        obj("cccccc", "Chip_10", x=6, Tags=["slot"]),
        SnapPoints=[{"Position": {"x": -5, "y": 1, "z": 0}, "Tags": ["slot"]}],
    )
    raw["ObjectStates"].append(obj("dddddd", "Chip_10", x=-5))
    assert kinds(raw) == [("snap-tags", "dddddd"), ("snap-tags", "aaaaaa")]


def test_a_piece_in_a_hand_zone_that_cannot_be_held_is_named():
    """use_hands: "If this object can be held in a hand zone"; cards and decks default to true, tiles do not."""
    hand = zone("hhhhhh", "HandTrigger", 0, -17, 6, FogColor="White")
    raw = save(
        hand,
        obj("aaaaaa", "Custom_Tile", z=-17),
        obj("bbbbbb", "Custom_Tile", x=1, z=-17, Hands=True),
        obj("cccccc", "Card", x=2, z=-17),
        obj("dddddd", "Card", x=-2, z=-17, Hands=False),
    )
    findings = modcheck.check(raw)
    assert [(f.kind, f.guid) for f in findings] == [("cannot-be-held", "aaaaaa"), ("cannot-be-held", "dddddd")]
    assert "White hand zone" in str(findings[0])


def test_images_that_tts_would_not_show_are_named(tmp_path):
    here = tmp_path / "My Games" / "board.png"
    here.parent.mkdir()
    here.write_bytes(b"png")

    def tile(guid: str, url: str) -> dict[str, Any]:
        return obj(guid, "Custom_Tile", CustomImage={"ImageURL": url, "ImageSecondaryURL": ""})

    deck_card = obj("eeeeee", "Card", CustomDeck={"1": {"FaceURL": "ftp://example.org/f.png", "BackURL": ""}})
    raw = save(
        tile("aaaaaa", f"file:///{str(here).lstrip('/')}"),
        tile("bbbbbb", here.parent.as_uri() + "/board.png"),  # percent-escaped: My%20Games
        tile("cccccc", f"file:///{str(tmp_path).lstrip('/')}/gone.png"),
        tile("dddddd", "https://example.org/board.png"),
        obj("ffffff", "Bag", ContainedObjects=[deck_card]),
        TableURL="https:///nohost.png",
    )
    findings = modcheck.check(raw)
    assert [(f.kind, f.guid) for f in findings] == [
        ("image", ""),
        ("image", "bbbbbb"),
        ("image", "cccccc"),
        ("image", "eeeeee"),
    ]
    assert "percent-escaped" in findings[1].problem and "does not exist" in findings[2].problem
    assert "inside Bag ffffff" in findings[3].where and "scheme 'ftp'" in findings[3].problem


def test_a_guid_used_twice_is_named_even_inside_a_container():
    raw = save(obj("aaaaaa", "Chip_10"), obj("bbbbbb", "Bag", ContainedObjects=[obj("aaaaaa", "Chip_10")]))
    findings = modcheck.check(raw)
    assert [(f.kind, f.guid) for f in findings] == [("duplicate-guid", "aaaaaa")]
    assert "2 times" in findings[0].problem and "ContainedObjects[0]" in findings[0].problem


@pytest.mark.parametrize("name", ["coinche-cardgame.json", "stardust-sample.json"])
def test_the_real_saves_pass(name):
    raw = SaveFile.load(ROOT / "tests" / "data" / name).to_dict()
    assert raw["ObjectStates"] and modcheck.check(raw) == []


def test_the_command_reports_in_words_or_json_and_exits_1_on_a_problem(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(save(obj("aaaaaa", "Chip_10", x=35))), encoding="utf-8")
    out = automa("mod", "check", str(bad))
    assert out.returncode == 1
    assert "1 problem" in out.stdout and "[off-table] 'Chip_10 aaaaaa' (guid aaaaaa) at (35.0, 1.5, 0.0)" in out.stdout
    out = automa("mod", "check", str(bad), "--json")
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert data["ok"] is False and data["findings"][0]["guid"] == "aaaaaa"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(save(obj("aaaaaa", "Chip_10"))), encoding="utf-8")
    out = automa("mod", "check", str(good))
    assert out.returncode == 0 and "nothing found" in out.stdout
    missing = automa("mod", "check", str(tmp_path / "none.json"))
    assert missing.returncode != 0 and "none.json" in missing.stderr


def test_builds_say_where_their_images_live(tmp_path):
    folder = tmp_path / "My Games"  # a folder whose path has a space, as TTS's Saves folder does
    folder.mkdir()
    out = automa("mod", "build", "demo", "--out", str(folder), timeout=120)
    assert out.returncode == 0, out.stderr
    assert "plays only here" in out.stdout
    path = Path(out.stdout.split("wrote ", 1)[1].splitlines()[0])
    assert path.parent == folder and path.suffix == ".json"
    assert automa("mod", "check", str(path)).returncode == 0


def test_a_build_refuses_a_file_name_tts_would_not_list(tmp_path):
    """TTS's Save & Load lists .json files: a name without it, or in a folder not made yet, is refused, not written."""
    out = automa("mod", "build", "demo", "--out", str(tmp_path / "My Games" / "warchest"), timeout=120)
    assert out.returncode == 2 and "neither a folder that exists nor a file name ending in .json" in out.stderr
    assert not (tmp_path / "My Games").exists()
    elsewhere = automa("mod", "build", "demo", "--out", str(tmp_path / "new" / "demo.JSON"), timeout=120)
    assert elsewhere.returncode == 2 and "does not exist: create it first" in elsewhere.stderr  # as the README says
    assert not (tmp_path / "new").exists()
    (tmp_path / "new").mkdir()
    named = automa("mod", "build", "demo", "--out", str(tmp_path / "new" / "demo.JSON"), timeout=120)
    assert named.returncode == 0 and (tmp_path / "new" / "demo.JSON").is_file()


def test_a_save_with_odd_values_is_checked_without_crashing():
    """A hand-edited or broken save: wrong types where TTS writes lists, numbers and objects."""
    odd = obj("aaaaaa", "Chip_10", Tags="notalist", ContainedObjects={"x": 1}, AttachedSnapPoints="no")
    odd["Transform"]["posX"] = "far"
    raw = save(
        odd,
        zone("zzzzzz", "ScriptingTrigger", 0, 0, 4, Tags=[1, None]),
        obj("bbbbbb", "Custom_Tile", CustomImage={"ImageURL": 7}),
        "not an object",  # type: ignore[arg-type]
        SnapPoints=[{"Position": "here", "Tags": ["t"]}],
        TableURL=None,
    )
    found = [(f.kind, f.guid) for f in modcheck.check(raw)]
    # an unreadable position counts as the origin, a tag list that is not a list as no tags
    assert found == [("zone-tags", "aaaaaa"), ("zone-tags", "bbbbbb"), ("snap-tags", "aaaaaa"), ("snap-tags", "bbbbbb")]


def test_a_board_still_loading_when_measured_is_named_as_not_checked():
    """The connector stops waiting for a board's image after 30 s and sends what TTS drew meanwhile: that size says
    nothing about the image, so the board is named as not checked instead of as the wrong size."""
    from bridge.modbuild import build_save
    from bridge.table import Table
    from engines import registry

    table = Table.from_save(build_save(registry.load("warchest")))
    board = next(o for o in table if o.name == "Custom_Board")
    drawn = {"guid": board.guid, "width": 1.0, "depth": 1.0}
    (wrong,) = modcheck.board_mismatches([drawn | {"loading": False}], table)
    assert "is 1.0 units wide, the table expects 15.4" in wrong
    (unchecked,) = modcheck.board_mismatches([drawn | {"loading": True}], table)
    assert unchecked.startswith(f"The board '{board.label()}' was still loading its image when measured")
    assert "Images, and checking a save" in unchecked and "units wide" not in unchecked
