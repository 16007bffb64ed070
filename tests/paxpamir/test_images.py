"""The Pax Pamir card sheets: every card has one cell, sheets fit TTS's grid, and each face carries drawing."""

from __future__ import annotations

from pathlib import Path

from PIL import ImageStat

from engines.paxpamir.data import game_data
from engines.paxpamir.images import (
    CELL_H,
    CELL_W,
    COLUMNS,
    PER_SHEET,
    ROWS,
    ai_cells,
    all_images,
    deck_cells,
)
from engines.paxpamir.table.images import write_all


def test_every_card_has_its_own_cell_on_a_sheet():
    cells = deck_cells()
    data = game_data()
    assert set(cells) == set(data.court) | set(data.events)
    assert len(set(cells.values())) == len(cells) and all(c.index < PER_SHEET for c in cells.values())
    assert {c.sheet for c in cells.values()} == {"cards_1", "cards_2"}
    assert set(ai_cells()) == set(data.ai_cards)


def test_sheets_are_tts_grids_and_no_face_is_blank(tmp_path: Path):
    images = all_images()
    for name in ("cards_1", "cards_2", "ai_front_1", "ai_back_1"):
        assert images[name].size == (CELL_W * COLUMNS, CELL_H * ROWS)
    for number, cell in [*deck_cells().items(), *ai_cells().items()]:
        row, col = divmod(cell.index, COLUMNS)
        face = images[cell.sheet].crop((col * CELL_W, row * CELL_H, (col + 1) * CELL_W, (row + 1) * CELL_H))
        assert max(ImageStat.Stat(face).stddev) > 20, f"card {number} looks blank"
    urls = write_all(tmp_path)
    assert set(images) <= set(urls) and all((tmp_path / f"{k}.png").is_file() for k in urls)


def test_the_table_images_are_written_with_the_cards(tmp_path: Path):
    from engines.paxpamir.table.images import PX, board

    urls = write_all(tmp_path)
    for name in ("board", "rupee", "favored", "dial", "aid_card", "loyalty"):
        assert (tmp_path / f"{name}.png").is_file() and urls[name].startswith("file://")
    image = board()
    assert image.size[0] % PX == 0 and max(ImageStat.Stat(image).stddev) > 20
