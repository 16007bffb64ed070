"""Card faces drawn from the location data (the owner's transcription or the sample) with Pillow: what the bot
reads on a card (name, class, distance, types, the raze and Deal fields), not the printed art; and the two
connection cards' faces. Written beside the save at build time, so the owner's data stays out of the repository."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PIL import Image, ImageDraw

from engines.drawing import Colour, centred, save_all, wrapped
from engines.fiftyfirst.cards import Good, Location, Locations
from engines.fiftyfirst.rules import END_AT
from engines.fiftyfirst.table.layout import AREAS, ROUNDS, TRACK
from engines.tablekit import SHEET_COLUMNS, SHEET_ROWS, SheetCard

CELL_W, CELL_H = 360, 504
PER_SHEET = SHEET_COLUMNS * SHEET_ROWS - 1
INK: Colour = (30, 28, 24)
PAPER: Colour = (236, 228, 210)
CLASS_COLOURS: dict[str, Colour] = {
    "production_open": (120, 90, 50),
    "production_closed": (90, 70, 40),
    "feature": (60, 110, 150),
    "action": (150, 60, 50),
}


def goods(field: Mapping[Good, int]) -> str:
    return ", ".join(f"{n} {g}" for g, n in field.items()) or "—"


def _face(card: Location, sample: bool) -> Image.Image:
    img = Image.new("RGB", (CELL_W, CELL_H), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, CELL_W, 70), fill=CLASS_COLOURS[card.cls])
    centred(d, (CELL_W / 2, 35), card.name, 24, PAPER)
    centred(d, (CELL_W / 2, 100), f"{card.cls.replace('_', ' ')} · distance {card.distance}", 20, INK)
    centred(d, (CELL_W / 2, 140), "types: " + (", ".join(card.types) or "none"), 20, INK)
    y = wrapped(d, (20, 180), f"Raze (spoils): {goods(card.spoils)}", 20, INK, 28)
    y = wrapped(d, (20, y + 10), f"Deal: {goods(card.deal)}", 20, INK, 28)
    if card.text:
        wrapped(d, (20, y + 10), card.text, 18, INK, 32)
    if sample:
        centred(d, (CELL_W / 2, CELL_H - 30), "SAMPLE DATA", 24, (190, 40, 40))
    return img


def cells(cards: Locations) -> dict[str, SheetCard]:
    return {c.id: SheetCard(f"cards_{i // PER_SHEET}", i % PER_SHEET, "card_back") for i, c in enumerate(cards.cards)}


CONNECTION_CELLS = {
    "blue": SheetCard("connections", 0, "connection_back"),
    "red": SheetCard("connections", 1, "connection_back"),
}


SPACE = 40  # pixels per score space: the track is 50 spaces by one


def track(area: str, length: int, first: int, end: int | None = None) -> Image.Image:
    """A track's spaces numbered from ``first``, the space ``end`` (the score's 25, the end's trigger, L5) in red:
    the board under the track's zone (the image in the zone's proportions, as TTS sizes a board by its image), whose
    snap points are the spaces' centres."""
    size = AREAS[area].size
    width = SPACE * length
    height = round(width * size.z / size.x)
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    for i in range(length):
        red = first + i == end
        box = (i * SPACE, 0, (i + 1) * SPACE - 1, height - 1)
        d.rectangle(box, fill=(200, 60, 50) if red else PAPER, outline=INK)
        centred(d, (i * SPACE + SPACE / 2, height / 2), str(first + i), 18, PAPER if red else INK)
    return img


def faction_board() -> Image.Image:
    """Your faction board's place beside your rows: the bot does not read your goods, only your workers here (one
    sent to a bot's open production is one use, L62)."""
    img = Image.new("RGB", (320, 480), (70, 80, 60))
    d = ImageDraw.Draw(img)
    centred(d, (160, 30), "your faction board", 26, PAPER)
    wrapped(d, (16, 70), "your goods and workers: take them from the supply as you produce and trade", 20, PAPER, 26)
    return img


def write_all(folder: Path, cards: Locations) -> dict[str, str]:
    images: dict[str, Image.Image] = {}
    for card, cell in zip(cards.cards, cells(cards).values(), strict=True):
        sheet = images.setdefault(cell.sheet, Image.new("RGB", (CELL_W * SHEET_COLUMNS, CELL_H * SHEET_ROWS), INK))
        row, col = divmod(cell.index, SHEET_COLUMNS)
        sheet.paste(_face(card, cards.sample), (col * CELL_W, row * CELL_H))
    conns = Image.new("RGB", (CELL_W * SHEET_COLUMNS, CELL_H * SHEET_ROWS), INK)
    for i, (pile, colour) in enumerate((("blue", (50, 80, 160)), ("red", (170, 50, 40)))):
        face = Image.new("RGB", (CELL_W, CELL_H), colour)
        centred(ImageDraw.Draw(face), (CELL_W / 2, CELL_H / 2), f"{pile} connection", 28, PAPER)
        conns.paste(face, (i * CELL_W, 0))
    images["connections"] = conns
    images["score_track"] = track("score", TRACK, 0, END_AT)
    images["round_track"] = track("round", ROUNDS, 1)
    images["faction_board"] = faction_board()
    for key, text in (("card_back", "51st State"), ("connection_back", "connection")):
        back = Image.new("RGB", (CELL_W, CELL_H), (60, 55, 50))
        centred(ImageDraw.Draw(back), (CELL_W / 2, CELL_H / 2), text, 30, PAPER)
        images[key] = back
    return save_all(images, folder)
