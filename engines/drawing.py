"""Text on generated table images (Pillow), shared by the games that draw their own boards and cards."""

from __future__ import annotations

import textwrap
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bridge.table.ttsfacts import local_image_url

__all__ = [
    "centred",
    "font",
    "save_all",
    "wrapped",
]

Colour = tuple[int, ...]


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def centred(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: Colour) -> None:
    """Lines of ``text`` centred on ``xy``."""
    f = font(size)
    lines = text.split("\n")
    heights = [draw.textbbox((0, 0), line, font=f)[3] for line in lines]
    y = xy[1] - sum(heights) / 2
    for line, h in zip(lines, heights, strict=True):
        w = draw.textlength(line, font=f)
        draw.text((xy[0] - w / 2, y), line, font=f, fill=fill)
        y += h + 4


def wrapped(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: Colour, width: int
) -> float:
    """``text`` wrapped to ``width`` characters from the top-left ``xy``; returns the y below it."""
    f = font(size)
    x, y = xy
    for line in textwrap.wrap(text, width) or [""]:
        draw.text((x, y), line, font=f, fill=fill)
        y += draw.textbbox((0, 0), line, font=f)[3] + 4
    return y


def save_all(images: dict[str, Image.Image], folder: Path) -> dict[str, str]:
    """Write each image as PNG; image name -> the local address a save holds for it (the form TTS writes:
    :func:`bridge.table.ttsfacts.local_image_url`)."""
    folder.mkdir(parents=True, exist_ok=True)
    urls = {}
    for key, img in images.items():
        path = folder / f"{key.replace(' ', '_')}.png"
        img.save(path)
        urls[key] = local_image_url(str(path.resolve()))
    return urls
