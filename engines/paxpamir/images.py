"""Card faces for the Pax Pamir table, drawn with Pillow: every court card and event, and Wakhan's AI cards front
and back, on TTS deck sheets (a grid of cells per image, as ``CustomDeck`` wants them).

Faces are made to be read at a glance: the suit as a colour band, the name, region and rank, the patriot and prize,
the impact icons and card actions in words, and the special ability. The game's material is CC BY-NC-SA 4.0
(see ``data/README.md``); these images are drawn from the data, not copied from the printed cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.drawing import Colour, centred, wrapped
from engines.paxpamir.data import AiCard, CourtCard, EventCard, game_data

CELL_W, CELL_H = 360, 504  # one card, in pixels (5:7)
COLUMNS, ROWS = 10, 7  # cells per sheet: TTS's largest deck grid
PER_SHEET = COLUMNS * ROWS - 1  # TTS keeps the last cell of a sheet for the hidden-card back

SUIT_COLOURS: dict[str, Colour] = {
    "economic": (64, 128, 72),
    "military": (168, 52, 44),
    "political": (196, 160, 48),
    "intelligence": (60, 92, 160),
}
COALITION_COLOURS: dict[str, Colour] = {"afghan": (40, 40, 40), "british": (180, 40, 40), "russian": (200, 200, 200)}
INK: Colour = (36, 28, 20)
PAPER: Colour = (240, 232, 214)


@dataclass(frozen=True)
class Cell:
    sheet: str  # image name of the sheet
    index: int  # cell index on it, row by row


def _title(name: str) -> str:
    return name.replace("_", " ").capitalize()


def court_face(card: CourtCard) -> Image.Image:
    img = Image.new("RGB", (CELL_W, CELL_H), PAPER)
    draw = ImageDraw.Draw(img)
    band = SUIT_COLOURS[card.suit]
    draw.rectangle((0, 0, CELL_W - 1, 86), fill=band)
    centred(draw, (CELL_W / 2, 28), card.name, 26 if len(card.name) < 22 else 20, (255, 255, 255))
    stars = "*" * card.rank
    centred(draw, (CELL_W / 2, 64), f"#{card.number}  {card.suit.upper()} {stars}", 20, (255, 255, 255))
    centred(draw, (CELL_W / 2, 112), card.region.upper(), 26, INK)
    y = 140.0
    if card.patriot:
        draw.rectangle((14, y, CELL_W - 14, y + 30), fill=COALITION_COLOURS[card.patriot])
        ink = (255, 255, 255) if card.patriot != "russian" else INK
        centred(draw, (CELL_W / 2, y + 15), f"{card.patriot.upper()} PATRIOT", 20, ink)
        y += 38
    if card.prize:
        centred(draw, (CELL_W / 2, y + 12), f"prize: {card.prize}", 20, INK)
        y += 30
    icons = ", ".join(_title(i) for i in card.impact_icons) or "no impact"
    y = wrapped(draw, (18, y + 8), f"Impact: {icons}", 20, INK, 30)
    actions = ", ".join(a.capitalize() for a in card.actions) or "none"
    y = wrapped(draw, (18, y + 8), f"Actions: {actions}", 20, INK, 30)
    if card.special_ability:
        y = wrapped(draw, (18, y + 12), f"Ability: {_title(card.special_ability)}", 20, (110, 40, 110), 30)
    draw.rectangle((0, 0, CELL_W - 1, CELL_H - 1), outline=band, width=6)
    return img


def event_face(event: EventCard) -> Image.Image:
    img = Image.new("RGB", (CELL_W, CELL_H), (226, 220, 236))
    draw = ImageDraw.Draw(img)
    if event.is_dominance_check:
        draw.rectangle((0, 0, CELL_W - 1, CELL_H - 1), fill=(70, 50, 90))
        centred(draw, (CELL_W / 2, CELL_H / 2 - 30), "DOMINANCE\nCHECK", 40, (255, 255, 255))
        centred(draw, (CELL_W / 2, CELL_H / 2 + 60), f"#{event.number}", 22, (230, 220, 240))
        return img
    centred(draw, (CELL_W / 2, 22), f"EVENT #{event.number}", 20, INK)
    y = 50.0
    for label, effect in (("If discarded", event.if_discarded), ("If purchased", event.if_purchased)):
        draw.rectangle((10, y, CELL_W - 10, y + 30), fill=(90, 70, 120))
        header = f"{label}: {effect.title}"
        centred(draw, (CELL_W / 2, y + 15), header, 18 if len(header) < 34 else 14, (255, 255, 255))
        y = wrapped(draw, (18, y + 38), effect.description, 18, INK, 32)
        if effect.duration == "until_next_dominance_check":
            y = wrapped(draw, (18, y + 2), "(until the next Dominance Check)", 16, (90, 70, 120), 34)
        y += 18
    draw.rectangle((0, 0, CELL_W - 1, CELL_H - 1), outline=(90, 70, 120), width=6)
    return img


def card_back(text: str = "PAX PAMIR") -> Image.Image:
    img = Image.new("RGB", (CELL_W, CELL_H), (92, 64, 40))
    draw = ImageDraw.Draw(img)
    draw.rectangle((16, 16, CELL_W - 17, CELL_H - 17), outline=(210, 180, 120), width=4)
    centred(draw, (CELL_W / 2, CELL_H / 2), text, 34, (230, 210, 170))
    return img


def ai_front(card: AiCard) -> Image.Image:
    img = Image.new("RGB", (CELL_W, CELL_H), (232, 226, 210))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, CELL_W - 1, 56), fill=(60, 60, 60))
    centred(draw, (CELL_W / 2, 28), f"WAKHAN AI #{card.id}", 24, (255, 255, 255))
    y = 66.0
    for i, line in enumerate(card.actions, start=1):
        y = wrapped(draw, (14, y), f"{i}. {_title(line)}", 17, INK, 36) + 4
    y = wrapped(
        draw, (14, y + 6), "Loyalty: " + " > ".join(c.capitalize() for c in card.pragmatic_loyalty), 17, INK, 36
    )
    y = wrapped(draw, (14, y + 4), "Regions: " + " > ".join(r.capitalize() for r in card.region_priority), 17, INK, 36)
    wrapped(
        draw,
        (14, y + 8),
        f"Black arrow at position {card.front_black_arrow_pos}; red arrow at {card.front_red_arrow_pos}",
        17,
        (140, 30, 30),
        36,
    )
    return img


def ai_back(card: AiCard) -> Image.Image:
    img = Image.new("RGB", (CELL_W, CELL_H), (60, 60, 60))
    draw = ImageDraw.Draw(img)
    centred(draw, (CELL_W / 2, 40), "WAKHAN", 30, (230, 230, 230))
    step = (CELL_W - 40) / 6
    for pos, column in enumerate(card.back_column_numbers):
        x = 20 + step * (pos + 0.5)
        draw.ellipse((x - 22, 150, x + 22, 194), outline=(230, 230, 230), width=3)
        centred(draw, (x, 172), str(column), 24, (255, 255, 255))
    for pos, label in enumerate(card.back_row_labels):
        centred(draw, (CELL_W / 4 + pos * CELL_W / 2, 320), label.upper(), 30, (230, 120, 120))
    return img


def _sheets(prefix: str, faces: list[Image.Image]) -> dict[str, Image.Image]:
    sheets = {}
    for start in range(0, len(faces), PER_SHEET):
        sheet = Image.new("RGB", (CELL_W * COLUMNS, CELL_H * ROWS), (0, 0, 0))
        for i, face in enumerate(faces[start : start + PER_SHEET]):
            row, col = divmod(i, COLUMNS)
            sheet.paste(face, (col * CELL_W, row * CELL_H))
        sheets[f"{prefix}_{start // PER_SHEET + 1}"] = sheet
    return sheets


def deck_cells() -> dict[int, Cell]:
    """Court cards 1-100 then events 101-116, in number order, on the ``cards_N`` sheets."""
    data = game_data()
    numbers = sorted(data.court) + sorted(data.events)
    return {n: Cell(f"cards_{i // PER_SHEET + 1}", i % PER_SHEET) for i, n in enumerate(numbers)}


def ai_cells() -> dict[int, Cell]:
    """Wakhan's 24 AI cards on ``ai_front_1`` (with their own backs on ``ai_back_1``)."""
    return {n: Cell("ai_front_1", i) for i, n in enumerate(sorted(game_data().ai_cards))}


def all_images() -> dict[str, Image.Image]:
    data = game_data()
    faces = [court_face(data.court[n]) for n in sorted(data.court)] + [
        event_face(data.events[n]) for n in sorted(data.events)
    ]
    ai = [data.ai_cards[n] for n in sorted(data.ai_cards)]
    return {
        **_sheets("cards", faces),
        **_sheets("ai_front", [ai_front(c) for c in ai]),
        **_sheets("ai_back", [ai_back(c) for c in ai]),
        "card_back": card_back(),
    }
