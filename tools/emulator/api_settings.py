"""``Grid``, ``Lighting`` and ``MusicPlayer``: the table's settings a mod may set at load (issue 32, section 3).

Their member variables and setters are as simple as the reference documents them (api.tabletopsimulator.com: grid,
lighting, musicplayer): what a script writes, it reads back. Nothing is drawn or played headless, so that is all
they do here. The save's ``Grid``, ``Lighting`` and ``MusicPlayer`` sections are not read (how their fields map to
the API's members is not documented), so a member read before any script wrote it fails loudly, as does a write to
a member the emulator does not follow (playback), to a read-only one, or to a name the section does not have: never
a value kept in silence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tools.emulator import api_object
from tools.emulator.api import Tint

if TYPE_CHECKING:
    from tools.emulator.binding import TtsApi

Coerce = Callable[[Any], Any]
HINT = "tools/emulator/README.md"


def _number(kind: type) -> Coerce:
    def coerce(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"a number, not {value!r}")
        return kind(value)

    return coerce


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"true or false, not {value!r}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"a string, not {value!r}")
    return value


def _color(value: Any) -> Tint:
    if not isinstance(value, dict | list):
        raise TypeError(f"a Color or a table of r, g, b, not {value!r}")
    return api_object.tint(value)


def _clip(value: Any) -> dict[str, str]:
    """An audioclip: a table of ``url`` and ``title`` (api musicplayer, setCurrentAudioclip)."""
    if not isinstance(value, dict):
        raise TypeError(f"a table with url and title, not {value!r}")
    return {"url": str(value.get("url", "")), "title": str(value.get("title", ""))}


def _playlist(value: Any) -> list[dict[str, str]]:
    if value == {}:
        return []  # an empty Lua table
    if not isinstance(value, list):
        raise TypeError(f"a list of audioclip tables, not {value!r}")
    return [_clip(clip) for clip in value]


INT, FLOAT = _number(int), _number(float)


@dataclass
class Section:
    """One settings section: its member variables (name -> how a written value is read), its getter/setter pairs
    (``getLightColor``/``setLightColor`` -> one kept value), functions that only return a value headless, and the
    documented names it does not follow, each with its reason."""

    name: str
    members: dict[str, Coerce]
    pairs: dict[str, tuple[str, str, Coerce]] = field(default_factory=dict)  # kept value -> (getter, setter, coerce)
    headless: dict[str, Any] = field(default_factory=dict)  # function -> what it returns
    aliases: dict[str, str] = field(default_factory=dict)  # another spelling -> the function it names
    read_only: frozenset[str] = frozenset()
    not_emulated: dict[str, str] = field(default_factory=dict)

    def emulated(self) -> frozenset[str]:
        names = set(self.members) | set(self.headless)
        names |= {n for getter, setter, _ in self.pairs.values() for n in (getter, setter)}
        return frozenset(names | set(self.aliases))


PLAYBACK = "no sound is played: the music player's playback is not emulated"
SECTIONS = (
    # api grid: "manipulate the placement and appearance of the grid"; every member read and written
    Section(
        "Grid",
        {
            "type": INT,
            "show_lines": _flag,
            "color": _color,
            "opacity": FLOAT,
            "thick_lines": _flag,
            "snapping": INT,
            "offsetX": FLOAT,
            "offsetY": FLOAT,
            "sizeX": FLOAT,
            "sizeY": FLOAT,
        },
    ),
    # api lighting: its members, its colours' getters and setters; apply() "Applies pending changes" (nothing is
    # rendered: true)
    Section(
        "Lighting",
        {
            "ambient_intensity": FLOAT,
            "ambient_type": INT,
            "light_intensity": FLOAT,
            "lut_contribution": FLOAT,
            "lut_index": INT,
            "lut_url": _text,
            "reflection_intensity": FLOAT,
        },
        pairs={
            kept: (f"get{kept}", f"set{kept}", _color)
            for kept in ("LightColor", "AmbientSkyColor", "AmbientEquatorColor", "AmbientGroundColor")
        },
        headless={"apply": True},
    ),
    # api musicplayer: repeat_track and shuffle, the current audioclip and the playlist read back; playback (play,
    # pause, skips, what is loaded or playing) is not followed. The Atom plugin spells two names differently
    # (getCurrentAudioClip, skipBackward): both spellings are taken.
    Section(
        "MusicPlayer",
        {"repeat_track": _flag, "shuffle": _flag},
        pairs={
            "audioclip": ("getCurrentAudioclip", "setCurrentAudioclip", _clip),
            "playlist": ("getPlaylist", "setPlaylist", _playlist),
        },
        aliases={"getCurrentAudioClip": "getCurrentAudioclip", "setCurrentAudioClip": "setCurrentAudioclip"},
        read_only=frozenset({"loaded", "player_status"}),
        not_emulated=dict.fromkeys(
            (
                "loaded",
                "player_status",
                "playlistIndex",
                "playlist_index",
                "play",
                "pause",
                "skipForward",
                "skipBack",
                "skipBackward",
            ),
            PLAYBACK,
        ),
    ),
)
BY_NAME = {s.name: s for s in SECTIONS}


def install(api: TtsApi) -> None:
    """Each section as a Lua table whose reads and writes go through Python (errors at the mod's line)."""
    for section in SECTIONS:
        api.world.lua.globals[section.name] = _table(api, section)


def _table(api: TtsApi, section: Section) -> Any:
    lua = api.world.lua
    values: dict[str, Any] = {}  # what scripts wrote, by member (or by kept value of a getter/setter pair)
    where = section.name

    def unset(name: str) -> AttributeError:
        return AttributeError(
            f"{where}.{name} has not been set by a script, and the emulator does not read the save's {where} "
            f"section (its fields' meaning is not documented; {HINT})"
        )

    def functions() -> dict[str, Callable[..., Any]]:
        table: dict[str, Callable[..., Any]] = {}
        for kept, (getter, setter, coerce) in section.pairs.items():
            table[getter] = lambda *_, k=kept, g=getter: _out(api, values[k]) if k in values else _raise(unset(g))
            table[setter] = lambda value=None, *_, k=kept, s=setter, c=coerce: _put(
                values, k, f"{where}.{s}", c, api._in(value)
            )
        for name, answer in section.headless.items():
            table[name] = lambda *_, a=answer: a
        for alias, name in section.aliases.items():
            table[alias] = table[name]
        return table

    def index(_: Any, key: Any) -> Any:
        name = str(key)
        if name in section.not_emulated:
            raise AttributeError(f"{where}.{name} is not emulated ({section.not_emulated[name]}; {HINT})")
        if name in section.members:
            if name not in values:
                raise unset(name)
            return _out(api, values[name])
        raise AttributeError(f"{where} has no member {name} (api: {where.lower()})")

    def newindex(_: Any, key: Any, value: Any) -> None:
        name = str(key)
        if name in section.read_only:
            raise AttributeError(f"{where}.{name} is read only (api: {where.lower()})")
        if name in section.not_emulated:
            raise AttributeError(f"{where}.{name} is not emulated ({section.not_emulated[name]}; {HINT})")
        if name not in section.members:
            raise AttributeError(f"{where} has no member {name} to set (api: {where.lower()})")
        _put(values, name, f"{where}.{name}", section.members[name], api._in(value))

    table = lua.make_table(functions())
    lua.globals.setmetatable(table, lua.make_table({"__index": index, "__newindex": newindex}))
    return table


def _put(values: dict[str, Any], key: str, label: str, coerce: Coerce, value: Any) -> bool:
    try:
        values[key] = coerce(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{label} takes {exc}") from None
    return True


def _out(api: TtsApi, value: Any) -> Any:
    return api.out(value)


def _raise(exc: Exception) -> Any:
    raise exc
