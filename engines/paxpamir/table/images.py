"""Images of the Pax Pamir table beyond the cards: the map board (market slots with their costs, regions,
borders, favored-suit spaces, the victory-point track), the rupee, the favored-suit marker and the loyalty dials,
all drawn from :mod:`~engines.paxpamir.table.layout` so the pictures sit where the reader looks."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from bridge.table import Vec3
from engines.drawing import Colour, centred, save_all
from engines.paxpamir.data import game_data
from engines.paxpamir.images import COALITION_COLOURS, INK, PAPER, SUIT_COLOURS, all_images
from engines.paxpamir.table import layout

PX = 40  # pixels per board unit
HALF_W, TOP, BOTTOM = layout.BOARD_HALF_W, layout.BOARD_TOP, layout.BOARD_BOTTOM


def _px(v: Vec3) -> tuple[float, float]:
    return ((v.x + HALF_W) * PX, (TOP - v.z) * PX)


def board() -> Image.Image:
    img = Image.new("RGB", (int(2 * HALF_W * PX), int((TOP - BOTTOM) * PX)), PAPER)
    draw = ImageDraw.Draw(img)
    data = game_data()
    for border in data.map.borders:
        a, b = (_px(layout.MAP.spots[f"region:{r}"]) for r in border.regions)
        draw.line((a, b), fill=(150, 120, 80), width=int(0.5 * PX))
        mx, my = _px(layout.MAP.spots[f"border:{border.id}"])
        draw.ellipse((mx - 0.7 * PX, my - 0.45 * PX, mx + 0.7 * PX, my + 0.45 * PX), outline=INK, width=2)
    for region in data.map.regions:
        x, y = _px(layout.MAP.spots[f"region:{region.id}"])
        r = 2.0 * PX
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(214, 196, 150), outline=INK, width=3)
        centred(draw, (x, y - 1.2 * PX), region.name.upper(), 22, INK)
    for key, spot in layout.MARKET.spots.items():
        x, y = _px(spot)
        w, h = layout.CARD_W / 2 * PX, layout.CARD_D / 2 * PX
        draw.rectangle((x - w, y - h, x + w, y + h), outline=INK, width=3)
        centred(draw, (x, y + h + 12), f"cost {key.split(',')[1]}", 18, INK)
    for suit, spot in layout.FAVORED.spots.items():
        x, y = _px(spot)
        draw.rectangle((x - 0.8 * PX, y - 0.8 * PX, x + 0.8 * PX, y + 0.8 * PX), fill=SUIT_COLOURS[suit])
        centred(draw, (x + 2.0 * PX, y), suit, 16, INK)
    for key, spot in layout.VP_TRACK.spots.items():
        if key.startswith("0:"):
            x, y = _px(spot)
            draw.rectangle((x - 0.4 * PX, y - 0.3 * PX, x + 0.4 * PX, y + 1.2 * PX), outline=INK, width=1)
            centred(draw, (x, y - 0.6 * PX), key.partition(":")[2], 16, INK)
    return img


def token(text: str, fill: Colour, ink: Colour = (255, 255, 255), size: int = 256) -> Image.Image:
    img = Image.new("RGB", (size, size), fill)
    centred(ImageDraw.Draw(img), (size / 2, size / 2), text, size // 6, ink)
    return img


def write_all(folder: Path) -> dict[str, str]:
    """Write every card sheet and the table's other images (board, tokens); image name -> file URL."""
    return save_all(all_images() | table_images(), folder)


def table_images() -> dict[str, Image.Image]:
    images = {
        "board": board(),
        "rupee": token("RUPEE", (200, 170, 60), INK),
        "favored": token("FAVORED", (90, 70, 120)),
        "dial": dial(),
        "aid_card": dial("WAKHAN'S AID CARD: pragmatic loyalty; gifts"),
        "loyalty": token("LOYAL", (240, 240, 240), INK),
    }
    for region in game_data().map.regions:
        images[f"ruler_{region.id}"] = token(f"RULER\n{region.name.upper()}", (150, 110, 40))
    return images


def dial(heading: str = "") -> Image.Image:
    """The coalition spaces above, the gift spaces below, where :data:`~layout.LOYALTY` and :data:`~layout.GIFTS`
    put them (a tile is two units across before its scale); Wakhan's aid card has a heading."""
    size = 400
    img = Image.new("RGB", (size, size), (92, 64, 40) if not heading else (96, 40, 120))
    draw = ImageDraw.Draw(img)
    if heading:
        centred(draw, (size / 2, 40), heading.replace(": ", ":\n"), 20, (240, 230, 250))

    def at(v: Vec3) -> tuple[float, float]:
        return (size / 2 + v.x * size / 2, size / 2 - v.z * size / 2)

    for coalition, spot in layout.LOYALTY.spots.items():
        x, y = at(spot)
        ink = INK if coalition == "russian" else (255, 255, 255)
        draw.ellipse((x - 52, y - 52, x + 52, y + 52), fill=COALITION_COLOURS[coalition])
        centred(draw, (x, y), coalition[:3].upper(), 26, ink)
    for price, spot in layout.GIFTS.spots.items():
        x, y = at(spot)
        draw.ellipse((x - 40, y - 40, x + 40, y + 40), outline=(230, 210, 170), width=4)
        centred(draw, (x, y), price, 30, (230, 210, 170))
    return img
