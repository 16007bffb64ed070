"""Text: the connector's own JSON with Polish, Cyrillic, dashes, emoji and control characters, through each place a
game's text goes in TTS and back, byte for byte (issue 32: TTS's JSON.encode garbles such text under MoonSharp, so
the connector writes its own).

The text travels as JSON data in a custom message (never inside Lua source) to the connector's ``echo_text``
request, which sets it in each place, reads it back and puts the place back as it was.
"""

from __future__ import annotations

from bridge.connector import ConnectorError
from bridge.doctor.context import Context, Fact
from bridge.doctor.record import Check
from bridge.link import LinkError
from bridge.protocol import Printed
from bridge.table import ttsfacts

# Polish, Cyrillic, an em and an en dash, typographic quotes, emoji (outside the BMP), a tab and two control
# characters: what players type and what MoonSharp's byte-wise patterns mistake for one another
SAMPLE = "Zażółć gęślą jaźń \u2014 Съешь же ещё «этих» \u2013 \u201cok\u201d 🎲🂡 \t\u0001\u001f end"
SOURCE = "issue 32; shared/docs/tts-interface.md §5 (strings are UTF-16; JSON.lua's escape class under MoonSharp)"
# place -> (what we assume, what it affects)
PLACES: dict[str, tuple[str, str]] = {
    "received": (
        "the connector reads a custom message's text and writes it back in its JSON unchanged",
        "every text the bridge sends or reads: names, notes, the panel, the bot's chat lines",
    ),
    "chat": ("print() of the text reaches the editor unchanged (message 2)", "the terminal's echo of the chat"),
    "name": ("an object's name keeps the text", "cards and pieces the bots read by name"),
    "description": ("an object's description keeps the text", "descriptions the bots and the mods read"),
    "gm_notes": ("an object's GM notes keep the text", "GM notes the bots read"),
    "script_state": ("an object's script_state keeps the text", "saved state of mods (a joined mod's state)"),
    "notes": ("the game's notes keep the text", "nothing of the bridge today"),
    "ui": ("a UI element's text keeps the text", "the bot panel's status line"),
}


def _fact(place: str) -> Fact:
    assumption, affects = PLACES[place]
    return Fact(f"text.{place}", "text", assumption, SOURCE, affects)


async def checks(ctx: Context) -> list[Check]:
    if not ctx.connected:
        return [_fact(p).unconnected() for p in PLACES]
    printed: list[str] = []
    remove = ctx.link.add_listener(lambda m: printed.append(m.message) if isinstance(m, Printed) else None)
    try:
        guid = await _some_object(ctx)
        back = await ctx.connector.call("echo_text", {"text": SAMPLE, "guid": guid}, ctx.timeout)
    except ConnectorError as exc:
        how = "load a table built by this version of automa (automa doctor --write-table), then run it again"
        return [_fact(p).person(f"the connector in TTS cannot echo text ({exc}): {how}", SAMPLE) for p in PLACES]
    except LinkError as exc:
        return [_fact(p).broken(exc, SAMPLE) for p in PLACES]
    finally:
        remove()
    found = []
    for place in PLACES:
        fact = _fact(place)
        if place == "chat":
            found.append(fact.compare(SAMPLE, SAMPLE if SAMPLE in printed else printed[-1] if printed else None))
        elif place in back or guid is not None:
            found.append(fact.compare(SAMPLE, back.get(place)))
        else:
            found.append(fact.person("load a table with at least one object, then run it again", SAMPLE))
    return found


async def _some_object(ctx: Context) -> str | None:
    """The GUID of an object on the table to carry the text for a moment (each field is put back)."""
    table = await ctx.connector.snapshot(fresh=True)
    for obj in table.objects:
        if obj.type not in ttsfacts.ZONE_TYPES:
            return obj.guid
    return None
