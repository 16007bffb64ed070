"""The table: what TTS does with the doctor's own table (:mod:`bridge.doctor.build`), against
``bridge/table/ttsfacts.py``, the interface notes and the emulator's *chosen* rows; and the loaded table's boards.

Its objects have fixed GUIDs, so the executed Lua below names them as constants of the doctor's code, never as data
read from someone's table. On another table these checks say how to load this one.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from PIL import Image

from bridge.doctor.build import (
    BAG,
    BOARD,
    BOARD_SCALE,
    CARDS,
    CONTENTS,
    DECK,
    HAND_HOLDS,
    IMAGE_PIXELS,
    MARK,
    MOVER,
    PAIR,
    PAIR_CARDS,
    SNAP,
    TAGGED,
    ZONE,
)
from bridge.doctor.context import Context, Fact, attempt
from bridge.doctor.record import Check
from bridge.link import LinkError
from bridge.table import ttsfacts

EMULATOR_README = "tools/emulator/README.md"

SOURCE_FACTS = "bridge/table/ttsfacts.py"
BOARD_SIZE = Fact(
    "table.board_size",
    "table",
    "a custom board is CUSTOM_IMAGE_BASE x scale deep and as wide as its image's aspect makes it",
    f"{SOURCE_FACTS} (frankieliu/tts-tools' measurement; the base 1.0 is *chosen*)",
    "every built game's board layout: pieces laid on spaces by their board-relative positions",
)
TABLE_BOARDS = Fact(
    "table.boards",
    "table",
    "every custom board and tile of the loaded table (a built game's, or the doctor's) is the size ttsfacts gives "
    "its image and scale",
    f"{SOURCE_FACTS} custom_image_size (frankieliu/tts-tools' measurement; the base 1.0 is *chosen*)",
    "the loaded game's layout: pieces laid on spaces by their board-relative positions",
)
SNAP_POINTS = Fact(
    "table.snap_points",
    "table",
    "a board's snap points read back where the save put them (getSnapPoints)",
    "shared/docs/tts-interface.md §5 (snap points), §7 (AttachedSnapPoints: local)",
    "score tracks and the places pieces are laid on (51st State's tracks)",
)
ZONE_TAGS = Fact(
    "table.zone_tags",
    "table",
    "a tagged zone holds only objects sharing one of its tags",
    f"{SOURCE_FACTS} tag_admits (Knowledge Base: Object Tags)",
    "every game's zones read by the bots; automa mod check",
)
HAND_ZONE = Fact(
    "table.hand_zone",
    "table",
    "a hand zone holds cards and decks, and other objects only with 'Hands' set",
    f"{SOURCE_FACTS} can_be_held (api: Object use_hands)",
    "the person's hand (51st State, Pax Pamir); automa mod check",
)
HAND_HIDDEN = Fact(
    "table.hand_hidden",
    "table",
    "another seat does not see what lies in a player's hand zone",
    "TTS's hand zones (not documented in the API reference)",
    "the person's hidden cards",
)
BAG_ORDER = Fact(
    "table.bag_order",
    "table",
    "a bag gives its contents in the order the save lists them, top first",
    f"{SOURCE_FACTS} (bags); shared/docs/tts-interface.md §5",
    "games that draw from bags (the builds shuffle random ones)",
)
BAG_PUT = Fact(
    "table.bag_put",
    "table",
    "an object put into a bag goes to its end (*chosen*)",
    f"{EMULATOR_README} (Bag order: *chosen*)",
    "the emulator only: the bridge does not depend on it",
)
SMOOTH_MOVE = Fact(
    "table.smooth_move",
    "table",
    "a smooth move takes about half a second (30 frames) before the piece rests",
    f"{EMULATOR_README} (smooth moves: 30 frames, *chosen*)",
    "the emulator's pace; the connector waits for 'resting' whatever it takes",
)
REST_HEIGHT = Fact(
    "table.rest_height",
    "table",
    "the height a block set down at y = 3 rests at, and how long it takes",
    "none: measured (ttsfacts' table top 0.96 is *chosen*)",
    "the heights the builds lay pieces at",
)
DECK_TAKE = Fact(
    "table.deck_take",
    "table",
    "a deck lists its cards top first, and takeObject{top = true} gives the first listed",
    "shared/docs/tts-interface.md §5 (getObjects in container order; takeObject top)",
    "games that deal from decks",
)
DECK_PUT = Fact(
    "table.deck_put",
    "table",
    "a card put into a deck from above it goes on top",
    "shared/docs/tts-interface.md §5 (putObject: 'hovering above -> top')",
    "cards the bots put back onto decks",
)
DECK_SHUFFLE = Fact(
    "table.deck_shuffle",
    "table",
    "shuffle() reorders a deck's cards, none lost",
    "api: Object shuffle()",
    "games whose decks are shuffled by the bot",
)
DECK_LAST = Fact(
    "table.deck_last",
    "table",
    "taking the second-to-last card destroys the deck; the last card is left, and the deck's remainder names it",
    "shared/docs/tts-interface.md §5 (takeObject)",
    "the bots' reads of a deck that runs out (51st State's piles)",
)
LOCKED_FLOOR = Fact(
    "table.locked_floor",
    "table",
    "a locked floor holds the pieces laid on it (they do not fall through)",
    f"{SOURCE_FACTS} (a build needing more room lays its own locked floor)",
    "builds larger than Table_RPG",
)


async def on_doctor_table(ctx: Context) -> bool:
    """Whether the loaded table is the doctor's (its board carries the mark); not when TTS cannot say (the wire's
    checks say why)."""
    try:
        found = await ctx.execute(f"local b = getObjectFromGUID('{BOARD}') return b ~= nil and b.hasTag('{MARK}')")
    except LinkError:
        return False
    return found is True


# Every custom board and tile with its image's address (read here, where the images are, and never reported: a local
# image's address is a path of the person's computer), once their images have loaded.
_BOARDS = (
    "local boards = {} for _, o in ipairs(getObjects()) do if o.type == 'Board' or o.type == 'Tile' then "
    "local c = o.getCustomObject() if type(c) == 'table' and type(c.image) == 'string' and c.image ~= '' then "
    "boards[#boards + 1] = o end end end "
    "local function send() local out = {} for _, o in ipairs(boards) do if not o.isDestroyed() then "
    "local s, k = o.getBoundsNormalized().size, o.getScale() out[#out + 1] = {guid = o.getGUID(), "
    "name = o.getName(), image = o.getCustomObject().image, width = s.x, depth = s.z, sx = k.x, sz = k.z} end end "
    "sendExternalMessage({automa_doctor = 'boards', boards = out}) end "
    "Wait.condition(send, function() for _, o in ipairs(boards) do "
    "if not o.isDestroyed() and o.loading_custom then return false end end return true end, 30, send)"
)


async def boards(ctx: Context) -> Check:
    """Every board and tile of the loaded table whose image is a file on this computer, measured against ttsfacts
    (a web image cannot be measured here: the doctor makes no network requests)."""
    return await attempt(TABLE_BOARDS, lambda: _boards(ctx))


async def _boards(ctx: Context) -> Check:
    found = (await ctx.lua_reply(_BOARDS, "boards", timeout=max(ctx.timeout, 35))).get("boards")
    expected, observed = [], []
    for board in found if isinstance(found, list) else []:
        path = ttsfacts.local_image_path(str(board.get("image")))
        pixels = _pixels(Path(path)) if path else None
        if pixels is None:
            continue
        width, depth = ttsfacts.custom_image_size(*pixels, float(board["sx"]), float(board["sz"]))
        named = {"guid": board.get("guid"), "name": board.get("name")}
        expected.append({**named, "width": round(width, 3), "depth": round(depth, 3)})
        observed.append({**named, "width": board.get("width"), "depth": board.get("depth")})
    if not expected:
        return TABLE_BOARDS.check(
            "skipped",
            None,
            None,
            "No board or tile of this table shows an image file of this computer (web images are not fetched).",
        )
    near = all(_near(o[k], e[k]) for o, e in zip(observed, expected, strict=True) for k in ("width", "depth"))
    advice = "Boards are drawn at another size than the builds assume: pieces will lie off their spaces."
    return TABLE_BOARDS.judge(near, expected, observed, advice)


def _pixels(path: Path) -> tuple[int, int] | None:
    try:
        with Image.open(path) as img:
            return img.size
    except (OSError, ValueError):
        return None


def _near(got: Any, want: float) -> bool:
    return isinstance(got, int | float) and abs(got - want) <= ttsfacts.BOARD_SIZE_TOLERANCE * want


async def checks(ctx: Context) -> list[Check]:
    facts = (
        BOARD_SIZE,
        SNAP_POINTS,
        ZONE_TAGS,
        HAND_ZONE,
        BAG_ORDER,
        BAG_PUT,
        SMOOTH_MOVE,
        REST_HEIGHT,
        DECK_TAKE,
        DECK_PUT,
        DECK_SHUFFLE,
        DECK_LAST,
    )
    if not ctx.on_doctor_table:
        how = (
            "run 'automa doctor --write-table FOLDER', load the save it writes in TTS (Games > Save & Load), "
            "then run 'automa doctor' again"
        )
        return [fact.person(how) for fact in (*facts, HAND_HIDDEN, LOCKED_FLOOR)]
    makers = (
        _board_size,
        _snap_points,
        _zone_tags,
        _hand_zone,
        _bag_order,
        _bag_put,
        _smooth_move,
        _rest_height,
        _deck_take,
        _deck_put,
        _deck_shuffle,
        _deck_last,
    )
    found = [await attempt(fact, lambda make=make: make(ctx)) for fact, make in zip(facts, makers, strict=True)]  # type: ignore[misc]
    found.append(
        HAND_HIDDEN.person(
            "sit a second player (or a second TTS) at another colour: the block in White's hand zone (d0c0h1) "
            "should show to them as hidden. Note what they see when you send the report."
        )
    )
    found.append(
        LOCKED_FLOOR.person(
            "lay a piece on the thin locked block (d0c0f0) at the front right: it should stay on it, not fall through."
        )
    )
    return found


async def _board_size(ctx: Context) -> Check:
    width, depth = ttsfacts.custom_image_size(*IMAGE_PIXELS, BOARD_SCALE, BOARD_SCALE)
    size = await ctx.lua_reply(
        f"local b = getObjectFromGUID('{BOARD}') "
        "Wait.condition(function() local s = b.getBoundsNormalized().size "
        "sendExternalMessage({automa_doctor = 'board', width = s.x, depth = s.z}) end, "
        "function() return not b.loading_custom end, 30)",
        "board",
        timeout=35,
    )
    observed = [size.get("width"), size.get("depth")]
    near = all(_near(got, want) for got, want in zip(observed, (width, depth), strict=True))
    advice = "Boards are drawn at another size than the builds assume: pieces will lie off their spaces."
    return BOARD_SIZE.judge(near, [width, depth], observed, advice)


async def _snap_points(ctx: Context) -> Check:
    points = await ctx.execute(
        f"local out = {{}} for _, p in ipairs(getObjectFromGUID('{BOARD}').getSnapPoints()) do "
        "out[#out + 1] = {p.position.x, p.position.y, p.position.z} end return out"
    )
    expected = [[SNAP["x"], SNAP["y"], SNAP["z"]]]
    near = (
        isinstance(points, list)
        and len(points) == 1
        and all(math.isclose(a, b, abs_tol=1e-3) for a, b in zip(points[0], expected[0], strict=True))
    )
    return SNAP_POINTS.judge(near, expected, points)


async def _zone_tags(ctx: Context) -> Check:
    inside = await ctx.execute(
        f"local out = {{}} for _, o in ipairs(getObjectFromGUID('{ZONE}').getObjects()) do "
        "out[#out + 1] = o.getGUID() end table.sort(out) return out"
    )
    return ZONE_TAGS.compare([TAGGED], inside)


async def _hand_zone(ctx: Context) -> Check:
    held = await ctx.execute(
        "local out = {} for _, o in ipairs(Player.White.getHandObjects()) do out[#out + 1] = o.getGUID() end "
        "table.sort(out) return out"
    )
    return HAND_ZONE.compare(HAND_HOLDS, held)


async def _take_top(ctx: Context, container: str, to: tuple[float, float, float]) -> dict[str, Any]:
    """What ``container`` lists (GUIDs in order), and the GUID of what takeObject{top = true} hands out, laid at
    ``to``."""
    listed = await ctx.execute(_guids_of(container) + "return out")
    taken = await ctx.lua_reply(
        f"getObjectFromGUID('{container}').takeObject({{position = {{{to[0]}, {to[1]}, {to[2]}}}, top = true, "
        f"callback_function = function(o) sendExternalMessage({{automa_doctor = 'taken {container}', "
        "guid = o.getGUID()}) end})",
        f"taken {container}",
    )
    return {"listed": listed, "taken": taken.get("guid")}


async def _bag_order(ctx: Context) -> Check:
    expected = {"listed": list(CONTENTS), "taken": CONTENTS[0]}
    return BAG_ORDER.compare(expected, await _take_top(ctx, BAG, (-10, 3, 3)))


async def _bag_put(ctx: Context) -> Check:
    """The block _bag_order took goes back in: where in the bag's order it lands."""
    order = await ctx.execute(
        f"local bag, o = getObjectFromGUID('{BAG}'), getObjectFromGUID('{CONTENTS[0]}') "
        "if o ~= nil then bag.putObject(o) end " + _guids_of(BAG) + "return out"
    )
    return BAG_PUT.compare([*CONTENTS[1:], CONTENTS[0]], order)


async def _smooth_move(ctx: Context) -> Check:
    moved = await ctx.lua_reply(
        f"local o = getObjectFromGUID('{MOVER}') local start = Time.time "
        "local p = o.getPosition() o.setPositionSmooth({p.x + 4, p.y, p.z}, false, false) "
        "Wait.frames(function() Wait.condition(function() "
        "sendExternalMessage({automa_doctor = 'moved', seconds = Time.time - start}) end, "
        "function() return o.resting end, 10) end, 1)",
        "moved",
        timeout=15,
    )
    seconds = moved.get("seconds")
    near = isinstance(seconds, int | float) and abs(seconds - 0.5) <= 0.25
    return SMOOTH_MOVE.judge(near, 0.5, seconds, "The emulator's smooth moves should take as long as TTS's.")


async def _rest_height(ctx: Context) -> Check:
    rest = await ctx.lua_reply(
        f"local o = getObjectFromGUID('{MOVER}') local start = Time.time local p = o.getPosition() "
        "o.setPosition({p.x, 3, p.z}) "
        "Wait.frames(function() Wait.condition(function() sendExternalMessage({automa_doctor = 'rest', "
        "y = o.getPosition().y, seconds = Time.time - start}) end, function() return o.resting end, 10) end, 1)",
        "rest",
        timeout=15,
    )
    return REST_HEIGHT.check("measured", None, {"y": rest.get("y"), "seconds": rest.get("seconds")})


def _guids_of(container: str) -> str:
    """Lua: the GUIDs of ``container``'s contents in order, as ``out``."""
    return (
        f"local out = {{}} for _, e in ipairs(getObjectFromGUID('{container}').getObjects()) do "
        "out[#out + 1] = e.guid end "
    )


async def _deck_take(ctx: Context) -> Check:
    expected = {"listed": list(CARDS), "taken": CARDS[0]}
    return DECK_TAKE.compare(expected, await _take_top(ctx, DECK, (-10, 3, -2)))


async def _deck_put(ctx: Context) -> Check:
    """The card _deck_take dealt, held above the deck and put in: where it lands."""
    order = await ctx.execute(
        f"local deck, card = getObjectFromGUID('{DECK}'), getObjectFromGUID('{CARDS[0]}') "
        "if card ~= nil then local p = deck.getPosition() card.setPosition({p.x, p.y + 2, p.z}) "
        "deck.putObject(card) end " + _guids_of(DECK) + "return out"
    )
    return DECK_PUT.compare(CARDS[0], order[0] if isinstance(order, list) and order else order)


async def _deck_shuffle(ctx: Context) -> Check:
    before = await ctx.execute(_guids_of(DECK) + "return out")
    after = await ctx.execute(f"getObjectFromGUID('{DECK}').shuffle() " + _guids_of(DECK) + "return out")
    expected = {"same_cards": True, "order_changed": True}
    observed = {"same_cards": sorted(after) == sorted(before), "order_changed": after != before}
    return DECK_SHUFFLE.compare(expected, observed)


async def _deck_last(ctx: Context) -> Check:
    left = await ctx.lua_reply(
        f"local deck = getObjectFromGUID('{PAIR}') deck.takeObject({{position = {{-14, 3, -2}}, top = true, "
        "callback_function = function(o) sendExternalMessage({automa_doctor = 'last', taken = o.getGUID(), "
        "gone = deck.isDestroyed(), remainder = deck.remainder and deck.remainder.getGUID()}) end})",
        "last",
    )
    expected = {"taken": PAIR_CARDS[0], "deck_gone": True, "remainder": PAIR_CARDS[1]}
    observed = {"taken": left.get("taken"), "deck_gone": left.get("gone"), "remainder": left.get("remainder")}
    return DECK_LAST.compare(expected, observed)
