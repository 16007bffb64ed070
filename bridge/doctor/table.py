"""The table: the doctor's own small table (``automa doctor --write-table`` writes it; ``--emulator`` loads it
itself) and what TTS does with it, against ``bridge/table/ttsfacts.py`` and the emulator's *chosen* rows.

Its objects have fixed GUIDs, so the executed Lua below names them as constants of the doctor's code, never as data
read from someone's table. On another table these checks say how to load this one.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from PIL import Image

from bridge.doctor.context import Context, Fact, attempt
from bridge.doctor.record import Check
from bridge.link import LinkError
from bridge.modbuild import SAVE_VERSION, connector_lua
from bridge.modsource import ModSource
from bridge.table import SaveFile, ttsfacts

MARK = "automa.doctor_table"  # the tag of the doctor table's board: how the doctor knows its table is loaded
IMAGE = "automa-doctor-board.png"
IMAGE_PIXELS = (400, 200)  # a 2:1 image: TTS sizes the board from its aspect (ttsfacts.custom_image_size)
BOARD, ZONE, TAGGED, UNTAGGED = "d0c0b0", "d0c0z0", "d0c0t1", "d0c0t2"
HAND, HELD, NOT_HELD = "d0c0h0", "d0c0h1", "d0c0h2"
BAG, CONTENTS = "d0c0g0", ("d0c0c1", "d0c0c2", "d0c0c3")
MOVER, FLOOR = "d0c0m0", "d0c0f0"
DECK, CARDS = "d0c0d0", tuple(f"d0c0k{i}" for i in range(1, 9))  # eight cards: a shuffle keeps their order 1 in 40,320
PAIR, PAIR_CARDS = "d0c0e0", ("d0c0e1", "d0c0e2")  # a deck of two: one taken, the other is left in its place
BOARD_SCALE = 4.0
# what White's hand zone holds of the two blocks, by ttsfacts' rule (worked out once, as the table is built)
HAND_HOLDS = sorted(g for g, flag in ((HELD, True), (NOT_HELD, None)) if ttsfacts.can_be_held("Block", flag))
SNAP = {"x": 0.25, "y": 0.1, "z": -0.25}  # one snap point on the board, in its own coordinates
EMULATOR_README = "tools/emulator/README.md"


def _transform(x: float, y: float, z: float, sx: float = 1.0, sy: float = 1.0, sz: float = 1.0) -> dict[str, float]:
    return {
        "posX": x,
        "posY": y,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 0.0,
        "rotZ": 0.0,
        "scaleX": sx,
        "scaleY": sy,
        "scaleZ": sz,
    }


def _block(guid: str, transform: dict[str, float], **extra: Any) -> dict[str, Any]:
    return {"GUID": guid, "Name": ttsfacts.BLOCK_NAME, "Transform": transform, "Nickname": guid, **extra}


def _deck(guid: str, cards: tuple[str, ...], image: str, at: tuple[float, float, float]) -> dict[str, Any]:
    """A face-down deck of ``cards`` (top first), every face and back the board's image (a 2 x 2 sheet)."""
    sheet = {
        "FaceURL": image,
        "BackURL": image,
        "NumWidth": 2,
        "NumHeight": 2,
        "BackIsHidden": True,
        "UniqueBack": False,
        "Type": 0,
    }
    face_down = {**_transform(*at), "rotZ": 180.0}
    contained = [
        {
            "GUID": g,
            "Name": "Card",
            "Transform": face_down,
            "Nickname": g,
            "CardID": 100 + i % 4,
            "CustomDeck": {"1": sheet},
        }
        for i, g in enumerate(cards)
    ]
    return {
        "GUID": guid,
        "Name": "Deck",
        "Transform": face_down,
        "Nickname": f"doctor deck {guid}",
        "DeckIDs": [c["CardID"] for c in contained],
        "CustomDeck": {"1": sheet},
        "ContainedObjects": contained,
    }


def write_image(folder: Path) -> Path:
    """The board's 2:1 image, written into ``folder``."""
    path = folder / IMAGE
    Image.new("RGB", IMAGE_PIXELS, (90, 120, 90)).save(path)
    return path


def doctor_save(image: Path) -> SaveFile:
    """The doctor's table: a board with a 2:1 image and a snap point, a tagged zone with a tagged and an untagged
    block, White's hand zone with a block that may be held and one that may not, a bag of three, a block to move and
    a locked floor, a deck of eight and a deck of two; the connector and the bot panel in Global."""
    url = ttsfacts.local_image_url(str(image.resolve()))
    objects = [
        {
            "GUID": BOARD,
            "Name": "Custom_Board",
            "Transform": _transform(0, 1, -6, BOARD_SCALE, 1, BOARD_SCALE),
            "Nickname": "doctor board",
            "Tags": [MARK],
            "Locked": True,
            "CustomImage": {"ImageURL": url},
            "AttachedSnapPoints": [{"Position": SNAP}],
        },
        {"GUID": ZONE, "Name": "ScriptingTrigger", "Transform": _transform(10, 2, 0, 4, 4, 4), "Tags": ["doctor"]},
        _block(TAGGED, _transform(10, 1.5, 0.5), Tags=["doctor"]),
        _block(UNTAGGED, _transform(10, 1.5, -0.5)),
        {"GUID": HAND, "Name": "HandTrigger", "Transform": _transform(0, 3, -15, 10, 4, 3), "FogColor": "White"},
        _block(HELD, _transform(-1, 3, -15), Hands=True),
        _block(NOT_HELD, _transform(1, 3, -15)),
        {
            "GUID": BAG,
            "Name": "Bag",
            "Transform": _transform(-10, 1.5, 0),
            "Nickname": "doctor bag",
            "ContainedObjects": [_block(g, _transform(0, 0, 0)) for g in CONTENTS],
        },
        _block(MOVER, _transform(-5, 1.5, 6)),
        _block(FLOOR, _transform(5, 1.0, 8, 4, 0.2, 4), Locked=True),
        _deck(DECK, CARDS, url, (-10, 1.5, -6)),
        _deck(PAIR, PAIR_CARDS, url, (-14, 1.5, -6)),
    ]
    save = {
        "SaveName": "Tabletop Automa: doctor",
        "VersionNumber": SAVE_VERSION,
        "GameMode": "Tabletop Automa doctor",
        "Table": "Table_RPG",
        "Note": "Run 'automa doctor' while this table is loaded.",
        "LuaScript": connector_lua(),
        "LuaScriptState": json.dumps({"game": "", "difficulty": ""}),
        "XmlUI": ModSource().panel_xml(None),
        "ObjectStates": objects,
    }
    return SaveFile.from_dict(save, "automa doctor table")


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


async def _bag_order(ctx: Context) -> Check:
    listed = await ctx.execute(
        f"local out = {{}} for _, e in ipairs(getObjectFromGUID('{BAG}').getObjects()) do out[#out + 1] = e.guid end "
        "return out"
    )
    taken = await ctx.lua_reply(
        f"getObjectFromGUID('{BAG}').takeObject({{position = {{-10, 3, 3}}, top = true, callback_function = "
        "function(o) sendExternalMessage({automa_doctor = 'taken', guid = o.getGUID()}) end})",
        "taken",
    )
    return BAG_ORDER.compare(
        {"listed": list(CONTENTS), "taken": CONTENTS[0]}, {"listed": listed, "taken": taken.get("guid")}
    )


async def _bag_put(ctx: Context) -> Check:
    """The block _bag_order took goes back in: where in the bag's order it lands."""
    order = await ctx.execute(
        f"local bag = getObjectFromGUID('{BAG}') local o = getObjectFromGUID('{CONTENTS[0]}') "
        "if o ~= nil then bag.putObject(o) end "
        "local out = {} for _, e in ipairs(bag.getObjects()) do out[#out + 1] = e.guid end return out"
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
    listed = await ctx.execute(_guids_of(DECK) + "return out")
    taken = await ctx.lua_reply(
        f"getObjectFromGUID('{DECK}').takeObject({{position = {{-10, 3, -2}}, top = true, callback_function = "
        "function(o) sendExternalMessage({automa_doctor = 'dealt', guid = o.getGUID()}) end})",
        "dealt",
    )
    return DECK_TAKE.compare({"listed": list(CARDS), "taken": CARDS[0]}, {"listed": listed, "taken": taken.get("guid")})


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
