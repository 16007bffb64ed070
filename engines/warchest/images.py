"""Images for the War Chest table, drawn with Pillow: the hex board, a face for each unit's coins, the coin back,
control markers and unit cards. Written once by ``automa mod build warchest`` and referenced as local files."""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

from engines.drawing import centred as _centred
from engines.drawing import save_all
from engines.warchest.board import HEXES, LOCATION_NAMES, STARTS
from engines.warchest.units import CARDS, ROYAL, UNIT_NAMES

SIDE_COLOURS = {0: (196, 64, 52), 1: (52, 104, 196)}  # A red, B blue
# One colour per unit, so coins can be told apart at a glance as well as by name.
_PALETTE = [
    (120, 72, 40),
    (170, 40, 40),
    (60, 110, 60),
    (90, 90, 150),
    (190, 150, 40),
    (110, 60, 130),
    (40, 120, 130),
    (150, 90, 50),
    (80, 140, 90),
    (160, 60, 100),
    (100, 100, 100),
    (60, 80, 40),
    (200, 170, 60),
    (70, 130, 180),
    (140, 50, 50),
    (120, 120, 60),
]
UNIT_COLOURS = {u: _PALETTE[i] for i, u in enumerate(UNIT_NAMES)} | {ROYAL: (212, 175, 55)}
BOARD_PIXELS = 1400
HEX_PIXELS = 100.0  # centre-to-corner, in board pixels


def hex_pixel(h: tuple[int, int]) -> tuple[float, float]:
    """Pointy-top axial layout, A's start row at the top."""
    q, r = h
    x = HEX_PIXELS * math.sqrt(3) * (q + r / 2)
    y = HEX_PIXELS * 1.5 * r
    return BOARD_PIXELS / 2 + x, BOARD_PIXELS / 2 + y


def board_image() -> Image.Image:
    img = Image.new("RGB", (BOARD_PIXELS, BOARD_PIXELS), (214, 196, 160))
    draw = ImageDraw.Draw(img)
    starts = {h: side for side, pair in enumerate(STARTS) for h in pair}
    for h in HEXES:
        cx, cy = hex_pixel(h)
        corners = [
            (
                cx + HEX_PIXELS * 0.96 * math.cos(math.radians(60 * i - 30)),
                cy + HEX_PIXELS * 0.96 * math.sin(math.radians(60 * i - 30)),
            )
            for i in range(6)
        ]
        fill: tuple[int, ...] = (236, 224, 196)
        if h in LOCATION_NAMES:
            fill = tuple(min(255, c + 40) for c in SIDE_COLOURS[starts[h]]) if h in starts else (190, 170, 120)
        draw.polygon(corners, fill=fill, outline=(90, 70, 40))
        label = LOCATION_NAMES.get(h, "")
        if label:
            _centred(draw, (cx, cy - HEX_PIXELS * 0.62), label, 26, (40, 30, 20))
        _centred(draw, (cx, cy + HEX_PIXELS * 0.68), f"{h[0]},{h[1]}", 16, (110, 95, 70))
    return img


def coin_image(unit: str) -> Image.Image:
    img = Image.new("RGBA", (256, 256), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    colour = UNIT_COLOURS[unit]
    draw.ellipse((4, 4, 252, 252), fill=colour, outline=(30, 30, 30), width=6)
    draw.ellipse((22, 22, 234, 234), outline=(255, 255, 255), width=3)
    text = "Royal\nCoin" if unit == ROYAL else unit.replace(" ", "\n")
    _centred(draw, (128, 128), text, 40 if len(unit) < 10 else 34, (255, 255, 255))
    return img


def coin_back() -> Image.Image:
    img = Image.new("RGBA", (256, 256), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.ellipse((4, 4, 252, 252), fill=(70, 60, 50), outline=(30, 30, 30), width=6)
    _centred(draw, (128, 128), "War\nChest", 38, (200, 190, 170))
    return img


def marker_image(side: int) -> Image.Image:
    img = Image.new("RGBA", (256, 256), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.ellipse((4, 4, 252, 252), fill=SIDE_COLOURS[side], outline=(30, 30, 30), width=8)
    _centred(draw, (128, 128), "AB"[side], 120, (255, 255, 255))
    return img


def card_image(unit: str) -> Image.Image:
    img = Image.new("RGB", (400, 560), (240, 232, 214))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, 399, 559), outline=UNIT_COLOURS[unit], width=14)
    _centred(draw, (200, 70), unit, 44, (40, 30, 20))
    _centred(draw, (200, 150), f"{CARDS[unit].coins} coins", 30, (90, 80, 60))
    return img


def write_all(folder: Path) -> dict[str, str]:
    """Write every image; returns image name -> file URL."""
    images: dict[str, Image.Image] = {
        "board": board_image(),
        "coin_back": coin_back(),
        "marker_A": marker_image(0),
        "marker_B": marker_image(1),
    }
    for unit in (*UNIT_NAMES, ROYAL):
        images[f"coin_{unit}"] = coin_image(unit)
    for unit in UNIT_NAMES:
        images[f"card_{unit}"] = card_image(unit)
    return save_all(images, folder)
