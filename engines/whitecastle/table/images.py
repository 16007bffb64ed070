"""The bot's card faces, drawn from the deck data (the owner's transcription, or the sample) with Pillow: a card
says what the bot reads on it (its dice, the pictured zone and space, the upper and lower actions), not the printed
art. The images are written beside the save at build time, so an owner's data never enters the repository."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from engines.drawing import Colour, centred, font, save_all, wrapped
from engines.tablekit import SHEET_COLUMNS, SHEET_ROWS, SheetCard
from engines.whitecastle.board import ZONE_NAMES, ZONES, place_name
from engines.whitecastle.deck import Card, Op, SoloDeck
from engines.whitecastle.table import layout

CELL_W, CELL_H = 360, 504
PER_SHEET = SHEET_COLUMNS * SHEET_ROWS - 1  # TTS keeps the last cell for the hidden-card back
INK: Colour = (30, 30, 40)
PAPER: Colour = (246, 244, 238)
DIE_COLOURS: dict[str, Colour] = {"red": (190, 40, 40), "black": (30, 30, 30), "white": (235, 235, 235)}


def op_words(op: Op) -> str:
    match op.op:
        case "influence" | "clan_points" | "coins":
            return f"+{op.n} {op.op.replace('_', ' ')}"
        case "courtier_gate":
            return "a courtier to the Gate"
        case "courtier_up":
            return f"a courtier up {op.floors} floor{'s' if op.floors == 2 else ''}"
        case _:
            return f"{op.op}: {op.text}"


def _face(card: Card, sample: bool) -> Image.Image:
    img = Image.new("RGB", (CELL_W, CELL_H), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((4, 4, CELL_W - 5, CELL_H - 5), outline=INK, width=3)
    centred(d, (CELL_W / 2, 30), card.id, 24, INK)
    for i, die in enumerate(card.dice):
        x = 30 + i * 80
        d.rectangle((x, 60, x + 60, 120), fill=DIE_COLOURS[die.bridge], outline=INK, width=2)
        centred(d, (x + 30, 90), die.end, 18, (200, 200, 200) if die.bridge == "black" else INK)
    where = place_name(card.zone, card.space) if card.zone in ZONE_NAMES else "another space"
    centred(d, (CELL_W / 2, 150), where, 22, INK)
    y = wrapped(d, (20, 190), "Upper: " + "; ".join(op_words(o) for o in card.top), 20, INK, 28)
    d.line((20, y + 6, CELL_W - 20, y + 6), fill=INK, width=2)
    wrapped(d, (20, y + 16), "Lower: " + "; ".join(op_words(o) for o in card.bottom), 20, INK, 28)
    if sample:
        centred(d, (CELL_W / 2, CELL_H - 30), "SAMPLE DATA", 24, (190, 40, 40))
    return img


def cells(deck: SoloDeck) -> dict[str, SheetCard]:
    """Each card's place on the face sheets, by card id."""
    return {
        card.id: SheetCard(f"cards_{i // PER_SHEET}", i % PER_SHEET, "card_back") for i, card in enumerate(deck.cards)
    }


PX = 30  # pixels per world unit on the board
SPACES = {*(k for zone in ZONES for k in layout.room_keys(zone)), "well"}
BOARD_PAPER: Colour = (226, 214, 186)


def board_image(time_spots: int) -> Image.Image:
    """The board under the zones: each area outlined and named, each track's spaces numbered (both markers' rows on
    the shared tracks), each castle space's die slot, so a person sees where to drop a piece."""
    w, d = layout.BOARD_SIZE
    img = Image.new("RGB", (int(w * PX), int(d * PX)), BOARD_PAPER)
    draw = ImageDraw.Draw(img)

    def px(x: float, z: float) -> tuple[float, float]:
        return ((x - layout.BOARD_AT.x + w / 2) * PX, (layout.BOARD_AT.z + d / 2 - z) * PX)

    for key, area in layout.AREAS.items():
        x0, y0 = px(area.centre.x - area.size.x / 2, area.centre.z + area.size.z / 2)
        x1, y1 = px(area.centre.x + area.size.x / 2, area.centre.z - area.size.z / 2)
        draw.rectangle((x0, y0, x1, y1), outline=INK, width=2)
        if key in SPACES:  # above the box: the die slot and the tiles fill it
            draw.text((x0, y0 - 20), area.label, font=font(16), fill=INK)
        elif key not in layout.TRACKS:
            wrapped(draw, (x0 + 6, y0 + 4), area.label, 16, INK, max(8, int((x1 - x0) / 9)))
    for key in layout.TRACKS:
        spots = layout.track_spots(key, time_spots)
        rows = (0.0, layout.PERSON_MARKER_Z) if key in layout.TWO_ROWS else (0.0,)
        for i, spot in enumerate(spots):
            step = layout.AREAS[key].size.x / len(spots)
            for dz in rows:
                x, y = px(spot.x, spot.z + dz)
                r = min(step, 0.9) * PX / 2
                draw.rectangle((x - r, y - r / 2, x + r, y + r / 2), outline=INK, width=1)
            label = "done" if key == "round" and i == len(spots) - 1 else str(i + (key == "round"))
            centred(draw, px(spot.x, spot.z - 0.6), label, 12, INK)
        x, y = px(spots[0].x, spots[0].z)
        draw.text((x - 0.4 * PX, y - 1.0 * PX - 16), layout.AREAS[key].label, font=font(16), fill=INK)
        if key in layout.TWO_ROWS:  # which row is whose
            for row, dz in (("bot", 0.0), ("you", layout.PERSON_MARKER_Z)):
                draw.text((x - 1.6 * PX, px(spots[0].x, spots[0].z + dz)[1] - 7), row, font=font(12), fill=INK)
    for zone in ZONES:
        for key in layout.room_keys(zone):
            area = layout.AREAS[key]
            x, y = px(area.centre.x, area.centre.z + layout.DIE_SLOT_Z)
            draw.rectangle((x - 0.6 * PX, y - 0.6 * PX, x + 0.6 * PX, y + 0.6 * PX), outline=INK, width=3)
    return img


def write_all(folder: Path, deck: SoloDeck) -> dict[str, str]:
    sheets: dict[str, Image.Image] = {}
    for card, cell in zip(deck.cards, cells(deck).values(), strict=True):
        sheet = sheets.setdefault(cell.sheet, Image.new("RGB", (CELL_W * SHEET_COLUMNS, CELL_H * SHEET_ROWS), INK))
        row, col = divmod(cell.index, SHEET_COLUMNS)
        sheet.paste(_face(card, deck.sample), (col * CELL_W, row * CELL_H))
    back = Image.new("RGB", (CELL_W, CELL_H), (70, 40, 90))
    centred(ImageDraw.Draw(back), (CELL_W / 2, CELL_H / 2), "White Castle\nsolo bot", 30, PAPER)
    return save_all({**sheets, "card_back": back, "board": board_image(layout.time_spots(deck))}, folder)
