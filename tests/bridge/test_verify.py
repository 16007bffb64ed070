"""bridge/verify.py on tables built here: which of a batch's pieces are locked (a Lock command that unlocks one first
aside; a mod that locks every piece named five by five), and where a batch leaves each piece it moved (a Take's
piece by the GUID the connector answered; one put into a container after, left out)."""

from __future__ import annotations

from bridge.commands import Lock, Move, Position, Put, Say, Take
from bridge.table import Table, TableObject, Vec3
from bridge.verify import locked_pieces, moved_after, placed


def chips(count: int, *, locked: bool) -> Table:
    return Table(
        tuple(TableObject(f"c{i:05d}", "Chip", "Chip_10", position=Vec3(i, 1, 0), locked=locked) for i in range(count))
    )


def to(x: float) -> Position:
    return Position(x=x, y=1.0, z=0.0)


def name(guid: str) -> str:
    return f"chip {guid}"


def test_a_locked_piece_is_named_once_unless_the_batch_unlocks_it_first() -> None:
    table = chips(3, locked=True)
    batch = [
        Lock(guid="c00000", locked=False),
        Move(guid="c00000", position=to(5)),
        Move(guid="c00001", position=to(6)),
        Move(guid="c00001", position=to(7)),
        Say(text="done"),
    ]
    assert locked_pieces(batch, table, name) == [
        "chip c00001 is locked, by the mod's script or a player: the bot moves no locked piece"
    ]
    assert locked_pieces(batch, chips(3, locked=False), name) == []


def test_a_mod_that_locks_every_piece_is_named_five_then_counted() -> None:
    table = chips(8, locked=True)
    said = locked_pieces([Move(guid=o.guid, position=to(9)) for o in table], table, name)
    assert len(said) == 6 and said[-1] == "3 more pieces the bot would move are locked too"


def test_where_a_batch_leaves_its_pieces() -> None:
    batch = [
        Move(guid="c00000", position=to(5)),
        Take(container="bag001", position=to(8)),
        Move(guid="c00001", position=to(6)),
        Put(guid="c00001", container="bag001"),
    ]
    assert placed(batch, [{}, {"guid": "new001"}, {}, {}]) == {"c00000": Vec3(5, 1, 0), "new001": Vec3(8, 1, 0)}


def test_a_piece_away_from_where_the_bot_put_it_says_whether_it_went_back() -> None:
    before = chips(2, locked=False)
    batch = [Move(guid="c00000", position=to(5)), Move(guid="c00001", position=to(6))]
    after = Table((before.objects[0], before.objects[1]._replace(position=Vec3(6.1, 1, 3))))
    assert moved_after(batch, [{}, {}], before, after, name) == [
        "the mod's script (or a player) moved chip c00000 back after the bot placed it: it lies at (0.00, 0.00), the "
        "bot put it at (5.00, 0.00)",
        "the mod's script (or a player) moved chip c00001 after the bot placed it: it lies at (6.10, 3.00), the bot "
        "put it at (6.00, 0.00)",
    ]
    landed = Table((before.objects[0]._replace(position=Vec3(5.2, 2, 0.1)),))
    assert moved_after(batch[:1], [{}], before, landed, name) == []  # landed a little off: where the bot put it


def test_a_piece_put_into_a_hand_zone_is_left_where_tts_lays_it() -> None:
    before = chips(1, locked=False)
    hand = TableObject("h00001", "Hand", "HandTrigger", position=Vec3(0, 2, -10), scale=Vec3(12, 4, 3))
    after = Table((before.objects[0]._replace(position=Vec3(-3, 1, -10)), hand))
    assert moved_after([Move(guid="c00000", position=Position(x=1, y=1, z=-10))], [{}], before, after, name) == []
