"""Every game's page as a new player meets it, in a real headless Chromium against an emulator session on a fresh
table: a double click on the bot's button gives one turn, the button is off while the turn runs, a press out of
turn is refused with its reason, the bot's last move is outlined, the person's own side is in view, every text
reaches WCAG AA contrast (4.5:1), and at 400 px nothing is wider than the screen. The screenshots (1280 and 400 px)
are the docs' (docs/page-GAME*.png) when AUTOMA_UPDATE_DOCS=1 is set; otherwise they go to a temporary folder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT
from tests.dashboard.conftest import Board, close_board, open_board

pytestmark = pytest.mark.slow

# game -> (sample data?, the bot's button, what the person's own side shows on the page after a move or two)
GAMES: dict[str, tuple[bool, str]] = {
    "warchest": (False, "#bot-turn"),
    "paxpamir": (False, "#bot-turn"),
    "fiftyfirst": (True, "#bot-turn"),
    "whitecastle": (True, "#bot-turn"),
    "holas": (True, "button.game-button[data-key='bot_action']"),
}

# Records, at every drawing of the page from a press until the bridge's answer (and while the bot is busy), whether
# every button that plays was off then.
WATCH_BUSY = """() => {
  window.busySeen = [];
  const draw = render;
  render = () => {
    draw();
    if (state.bot.busy || pressed) {
      const buttons = [...document.querySelectorAll('#bot-turn, .game-button, button.move, #check-turn')];
      window.busySeen.push(buttons.every((b) => b.disabled || b.hidden));
    }
  };
}"""

# Every visible text's contrast against what lies under it (WCAG 2 relative luminance): HTML text against the first
# ancestor with a background; SVG text against the shape drawn under its centre. The worst ones, lowest first.
CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b]
    .map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const opaque = (c) => { const v = rgb(c); return v.length >= 3 && (v.length < 4 || v[3] > 0.5); };
  const background = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (opaque(c)) return rgb(c);
    }
    return [255, 255, 255];
  };
  const under = (text) => {
    const box = text.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    for (const n of document.elementsFromPoint(x, y)) {
      if (n === text || n.tagName === "text" || n.tagName === "tspan" || n.tagName === "g") continue;
      if (n.tagName === "svg") return background(n);
      const fill = getComputedStyle(n).fill;
      if (n instanceof SVGElement && fill && fill !== "none" && opaque(fill)) return rgb(fill);
      if (!(n instanceof SVGElement)) return background(n);
    }
    return background(text.ownerSVGElement);
  };
  const found = [];
  for (const node of document.querySelectorAll("body *")) {
    if (["SCRIPT", "STYLE", "OPTION", "TITLE", "title"].includes(node.tagName)) continue;
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own) continue;
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height || node.closest("[hidden]")) continue;
    if (node.closest("details:not([open]) > :not(summary)")) continue;
    const style = getComputedStyle(node);
    if (style.visibility === "hidden" || style.display === "none") continue;
    const svg = node instanceof SVGElement;
    const fg = rgb(svg ? style.fill : style.color);
    const faded = parseFloat(style.opacity) < 1 || (node.closest("button") && node.closest("button").disabled);
    const r = ratio(fg, svg ? under(node) : background(node));
    found.push({ text: node.textContent.trim().slice(0, 40), ratio: Math.round(r * 100) / 100, faded: Boolean(faded) });
  }
  return found.sort((a, b) => a.ratio - b.ratio);
}"""

# SVG texts cut by the drawing's own edges (the board's viewBox): none may be.
CLIPPED = """() => {
  const svg = document.getElementById("board"), frame = svg.getBoundingClientRect();
  return [...svg.querySelectorAll("text")].filter((t) => {
    const b = t.getBoundingClientRect();
    const out = b.left < frame.left - 1 || b.right > frame.right + 1;
    return b.width && (out || b.top < frame.top - 1 || b.bottom > frame.bottom + 1);
  }).map((t) => t.textContent);
}"""


# Texts on the drawing painted with the last turn's yellow outline (on a region's group it reached the region's names
# and pieces once, and turned them into yellow blobs): none may be.
STROKED = """() => [...document.querySelectorAll("#board text")]
  .filter((t) => getComputedStyle(t).stroke === "rgb(255, 212, 0)").map((t) => t.textContent)"""


# A card's words that spill out of its card on the drawing (Pax Pamir's "+1 rupee(s) on it" ran into the next card
# and an event's fifth line below its own): none may.
SPILLED = """() => {
  const cards = [...document.querySelectorAll("#board rect.slot")].map((r) => r.getBoundingClientRect());
  return [...document.querySelectorAll("#board text.cardname")].filter((t) => {
    const b = t.getBoundingClientRect();
    if (!b.width) return false;
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    const card = cards.find((c) => c.left <= x && x <= c.right && c.top <= y && y <= c.bottom);
    return !card || b.left < card.left - 0.5 || b.right > card.right + 0.5 || b.bottom > card.bottom + 0.5;
  }).map((t) => t.textContent);
}"""

# Words drawn over other words within one region of a map (Heroes' region lines ran into each other on a phone, where
# their font is larger): the pairs that overlap by more than a quarter of a line.
OVERLAPS = """() => {
  const found = [];
  for (const g of document.querySelectorAll("#board g.region")) {
    const boxes = [...g.querySelectorAll("text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
    boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 0 && y > 0.25 * Math.min(p.height, q.height)) found.push(`${a} / ${b}`);
    }));
  }
  return found;
}"""

# The narrowest gutter between two of the sides' boxes that stand side by side (they once touched, and a line of the
# person's ran into the bot's); null when none stand side by side.
GUTTER = """() => {
  const boxes = [...document.querySelectorAll("#sides > .side")].map((n) => n.getBoundingClientRect());
  const gaps = [];
  for (const a of boxes) for (const b of boxes) {
    if (a !== b && a.right <= b.left + 1 && a.top < b.bottom && b.top < a.bottom) gaps.push(b.left - a.right);
  }
  return gaps.length ? Math.min(...gaps) : null;
}"""


async def settle(page: Any) -> None:
    await page.wait_for_function("state && !state.bot.busy && !pressed", timeout=30_000)
    await page.wait_for_timeout(150)  # the last push of a burst


async def person_moves(page: Any, count: int, until: str) -> int:
    """Click a listed move of the person's (the end of their turn when offered, else the first) up to ``count``
    times, until the ``until`` button can be pressed; the moves made."""
    made = 0
    for _ in range(count):
        moves = page.locator("button.move:enabled")
        if not await moves.count() or await page.locator(f"{until}:enabled").count():
            break
        version = await page.evaluate("state.version")
        ends = page.locator("button.move:enabled", has_text="end your turn")
        await (ends.first if await ends.count() else moves.first).click()
        await page.wait_for_function(f"state.version > {version}")
        await settle(page)
        made += 1
    return made


def shot_path(game: str, width: int, tmp_path: Path) -> Path:
    name = f"page-{game}{'-phone' if width < 800 else ''}.png"
    return ROOT / "docs" / name if os.environ.get("AUTOMA_UPDATE_DOCS") == "1" else tmp_path / name


@pytest.mark.parametrize("game", GAMES)
async def test_each_game_from_a_fresh_table_as_a_new_player_meets_it(game: str, page: Any, tmp_path: Path) -> None:
    sample, bot_button = GAMES[game]
    board: Board = await open_board(game, allow_sample=sample)
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("#board > *")
        await settle(page)
        await page.evaluate(WATCH_BUSY)
        # a double click: one turn, the second press refused while the first runs (or its button already off)
        await page.dblclick(bot_button)
        await page.wait_for_function("state.turns.length >= 1")
        await settle(page)
        assert len(board.session.turns) == 1, [t.to_json()["decisions"] for t in board.session.turns]
        assert await page.evaluate("window.busySeen.length > 0 && window.busySeen.every(Boolean)")
        # the bot's last move outlined on the drawing (or its cards in the sides), and the legend says so
        assert await page.locator(".last").count() >= 1, await page.evaluate("state.turns.at(-1).decisions")
        assert "the bot's last turn" in await page.locator("#legend").inner_text()
        assert await page.evaluate(STROKED) == []  # the outline is around a region or a card, never on its words
        # every button says what it does (or why it is off) when pointed at
        untold = "[...document.querySelectorAll('#controls button')].filter((b) => !b.hidden && !b.title)"
        assert await page.evaluate(f"{untold}.map((b) => b.textContent)") == []
        # a press that is not the bot's to take: its button is off with the reason, and a press sent anyway is
        # refused with it
        refused = await page.evaluate("state.bot.refused")
        key = "bot_action" if game == "holas" else ""
        if game != "holas" or key in refused:
            assert refused.get(key), refused
            assert await page.locator(bot_button).is_disabled()
            await page.evaluate(f"send({{type: '{'button' if key else 'bot_turn'}', key: '{key}'}})")
            await page.wait_for_function("document.getElementById('why').textContent.includes('refused')")
            assert len(board.session.turns) == 1
        nxt = "button.game-button" if game == "holas" else bot_button  # Heroes: the answer the bot waits for
        made = await person_moves(page, 2, nxt)
        assert made >= 1 or game == "holas"
        await own_side_in_view(game, page)  # with War Chest's hand drawn and one coin played
        await person_moves(page, 12, nxt)
        # the bot's next turn, once it is the bot's to take: both turns are listed, the newest first
        await page.locator(f"{nxt}:enabled").first.click()
        await page.wait_for_function("state.turns.length === 2")
        await settle(page)
        assert len(board.session.turns) == 2 and await page.locator("#turn li.turn").count() == 2
        # readable: every text at 4.5:1 or better (a disabled button's faded label aside), nothing cut off
        texts = await page.evaluate(CONTRAST)
        poor = [t for t in texts if t["ratio"] < 4.5 and not t["faded"]]
        assert poor == [], poor[:8]
        assert await page.evaluate(CLIPPED) == []
        assert await page.evaluate(GUTTER) >= 12  # your side and the bot's, apart
        assert await page.evaluate(SPILLED) == []
        await page.screenshot(path=str(shot_path(game, 1280, tmp_path)))
        await page.set_viewport_size({"width": 400, "height": 860})
        await page.wait_for_timeout(200)
        assert await page.evaluate("document.documentElement.scrollWidth") <= 400  # nothing wider than a phone
        assert await page.evaluate(CLIPPED) == []
        assert await page.evaluate(OVERLAPS) == []
        poor = [t for t in await page.evaluate(CONTRAST) if t["ratio"] < 4.5 and not t["faded"]]
        assert poor == [], poor[:8]
        await page.screenshot(path=str(shot_path(game, 400, tmp_path)), full_page=True)
        assert board.session.last_failure is None
    finally:
        await close_board(board)


async def own_side_in_view(game: str, page: Any) -> None:
    """What the person must see of their own side, unit by unit or card by card, game by game."""
    sides = await page.locator("#sides").inner_text()
    drawn = " ".join(await page.locator("#board text").all_text_contents())
    assert "_" not in sides + drawn, sides + drawn  # places and cards in words, not the data's ids
    if game == "warchest":
        assert "Your hand:" in sides and "Your bag:" in sides and "Discard, face down:" in sides
        hand = await page.locator("#sides .hand").inner_text()
        assert "empty" not in hand  # the three coins drawn, by unit
        drawing = await page.evaluate("state.table.drawing")  # every unit on the board named in words, and where
        names = {(h["q"], h["r"]): h["name"] for h in drawing["hexes"]}
        for u in drawing["units"]:
            assert f"{u['unit']} on {names[u['q'], u['r']]}" in sides, (u, sides)
        assert "Tactic:" in await page.locator("dl.units").first.inner_text()  # what each unit does
    elif game == "paxpamir":
        assert "Your hand:" in sides and "Your court:" in sides and "Prizes:" in sides
    elif game == "fiftyfirst":
        assert "Your State" in sides and "Your cards" in sides
        assert "SAMPLE " not in sides and "Lookout · now: the " in drawn  # cards named as the drawing names them
    elif game == "whitecastle":
        assert "Your dice" in sides and "Your Influence" in sides
        assert "Castle Gate" in sides and "First Floor" in sides  # where the bot's courtiers are
    elif game == "holas":
        assert "Your army" in sides and "Your resources" in sides
