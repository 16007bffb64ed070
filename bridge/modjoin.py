"""``automa mod inject``: the connector and the bot panel joined to someone else's mod, which keeps working.

The mod's Global script stays first and unchanged; the connector (and the game's own Lua) follows in a function of
its own, so its locals never count against the mod's, and its event handlers are chained after the mod's: both
run, a ``false`` from either (``onChat``) still counts. ``onLoad`` and ``onSave`` are the connector's own, joined:
the saved state holds the mod's exactly as its ``onSave`` wrote it, beside the bot's settings
(``tts_mod/connector/connector.lua``). The panel goes into the mod's XML UI where it covers none of the mod's
own top-level elements. A marker line and two XML comments keep the halves apart, so ``automa dev`` can send a
new connector without touching the mod's half.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridge.errors import AutomaError
from bridge.modsource import Bundle, ModSource
from bridge.table import SaveFile
from bridge.table.savefile import save_path
from engines.base import Game

SCRIPT_MARK = "-- >>> Tabletop Automa, joined by 'automa mod inject': the bot's connector (the mod's script is above)"
UI_START = "<!-- Tabletop Automa panel (automa mod inject) -->"
UI_END = "<!-- end of the Tabletop Automa panel -->"
STATE_KEY = "tabletop_automa"  # the connector's key in a joined save's Global state (connector.lua JOINED_KEY)
OWN_EVENTS = frozenset({"onLoad", "onSave", "onExternalMessage"})  # the connector joins these itself
_HANDLER = re.compile(r"^function\s+(on[A-Z]\w*)\s*\(", re.M)
CANVAS = (1920.0, 1080.0)  # TTS scales its UI from a 1920 x 1080 reference
PLACES = (  # where the panel may go, in order of preference: (rectAlignment, offset x, offset y)
    ("UpperRight", -20, -80),
    ("UpperLeft", 20, -80),
    ("MiddleRight", -20, 0),
    ("LowerRight", -20, 80),
    ("LowerLeft", 20, 80),
    ("MiddleLeft", 20, 0),
    ("UpperCenter", 0, -80),
    ("LowerCenter", 0, 80),
)


class InjectError(AutomaError, ValueError):
    """A save that cannot take the connector; the text names the file and what is wrong."""


@dataclass(frozen=True)
class Joined:
    save: SaveFile
    notes: list[str]  # what a person should know: where the panel went, which handlers were chained


# --- the Global script ------------------------------------------------------------------------------------


def split_script(script: str) -> str | None:
    """The mod's own half of a joined Global script, or None if the script was not joined."""
    at = script.find(SCRIPT_MARK)
    return None if at < 0 else script[:at].rstrip("\n")


def join_script(mod_script: str, ours: Bundle) -> tuple[Bundle, list[str]]:
    """The mod's script, then ours; returns the joined bundle (rows still map to our files) and the handlers
    both define (chained)."""
    mine = set(_HANDLER.findall(ours.script)) - OWN_EVENTS
    theirs = sorted(name for name in set(_HANDLER.findall(mod_script)) & mine)
    chained = sorted(mine)
    joined = Bundle(root=ours.root)
    if mod_script.strip():
        joined.add(mod_script)
    captured = ", ".join(f"{name} = {name}" for name in chained)
    joined.add(
        f"{SCRIPT_MARK}\n"
        "automa = automa or {}\n"
        "automa.joined = true\n"
        f"local __automa_theirs = {{ {captured} }}\n"
        ";(function()"
    )
    joined.extend(ours)
    joined.add("end)()")
    if chained:
        joined.add(
            "do\n"
            "  -- a handler both the mod and the connector define: the mod's runs first, then ours; false from either\n"
            "  local function chain(theirs, ours)\n"
            "    if theirs == nil or ours == nil or theirs == ours then return ours or theirs end\n"
            "    return function(...)\n"
            "      local a = theirs(...)\n"
            "      local b = ours(...)\n"
            "      if a == false or b == false then return false end\n"
            "      return a\n"
            "    end\n"
            "  end\n" + "".join(f"  {name} = chain(__automa_theirs.{name}, {name})\n" for name in chained) + "end"
        )
    return joined, theirs


def joined_state(mod_state: str, game: Game[Any, Any] | None) -> str:
    """The Global state of a joined save: ``tabletop_automa <settings JSON>``, a newline, then the mod's own state
    untouched. The mod's state is never wrapped in JSON: TTS's ``JSON.decode`` takes time quadratic in a string's
    length, and under MoonSharp turns each ``\\uXXXX`` escape into one character per UTF-8 byte ("Zoë" would
    come back "ZoÃ«"); the settings are written as raw UTF-8 for the same reason (connector.lua reads both)."""
    settings = {"game": game.name if game else "", "difficulty": game.default_difficulty if game else ""}
    return f"{STATE_KEY} {json.dumps(settings, ensure_ascii=False, separators=(',', ':'))}\n{mod_state}"


def split_state(state: str) -> tuple[dict[str, Any] | None, str]:
    """The bot's settings and the mod's own state from a joined save's Global state (either format the connector
    reads); ``None`` and the whole text when it holds no settings."""
    head = f"{STATE_KEY} "
    if state.startswith(head):
        line, _, theirs = state.partition("\n")
        try:
            settings = json.loads(line[len(head) :])
        except json.JSONDecodeError:
            return None, theirs
        return (settings if isinstance(settings, dict) else None), theirs
    if state.startswith(f'{{"{STATE_KEY}"'):
        try:
            old = json.loads(state)
        except json.JSONDecodeError:
            return None, state
        if isinstance(old, dict) and isinstance(old.get(STATE_KEY), dict):
            return old[STATE_KEY], str(old.get("mod_state") or "")
    return None, state


# --- the XML UI -------------------------------------------------------------------------------------------


def split_ui(xml: str) -> str:
    """The mod's own XML UI (a joined one without our panel)."""
    start, end = xml.find(UI_START), xml.find(UI_END)
    if start < 0 or end < start:
        return xml
    return (xml[:start].rstrip("\n") + xml[end + len(UI_END) :]).strip("\n")


def _length(value: str | None, whole: float) -> float | None:
    if value is None:
        return None
    text = value.strip()
    try:
        return whole * float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return None


def _offset(value: str | None) -> tuple[float, float]:
    try:
        parts = [float(p) for p in (value or "").split()]
    except ValueError:
        return 0.0, 0.0
    x, y, *_ = [*parts, 0.0, 0.0]
    return x, y


def _rect(alignment: str, w: float, h: float, dx: float, dy: float) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) on the reference canvas of an element aligned and offset as TTS does."""
    cw, ch = CANVAS
    fx = 0.0 if "Left" in alignment else 1.0 if "Right" in alignment else 0.5
    fy = 1.0 if "Upper" in alignment else 0.0 if "Lower" in alignment else 0.5
    left = cw * fx - w * fx + dx
    bottom = ch * fy - h * fy + dy
    return left, bottom, left + w, bottom + h


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def mod_rects(xml: str) -> tuple[list[tuple[float, float, float, float]], int]:
    """The screen rectangles of the mod's top-level UI elements that give a size; and how many give none."""
    try:
        root = ET.fromstring(f"<_root>{xml}</_root>")
    except ET.ParseError:
        return [], 0
    rects, unsized = [], 0
    for el in root:
        if el.tag == "Defaults":
            continue
        w, h = _length(el.get("width"), CANVAS[0]), _length(el.get("height"), CANVAS[1])
        if w is None or h is None:
            unsized += 1
            continue
        dx, dy = _offset(el.get("offsetXY"))
        rects.append(_rect(el.get("rectAlignment") or "MiddleCenter", w, h, dx, dy))
    return rects, unsized


def place_panel(panel: str, mod_xml: str) -> tuple[str, str]:
    """The panel moved to the first place that covers none of the mod's sized top-level elements; and a note."""
    m = re.search(r'width="(\d+)" height="(\d+)" rectAlignment="(\w+)" offsetXY="(-?\d+) (-?\d+)"', panel)
    if m is None:
        return panel, "the panel stays where the template puts it"
    w, h = float(m.group(1)), float(m.group(2))
    rects, unsized = mod_rects(mod_xml)
    unsure = f"; {unsized} of the mod's UI elements give no size and were not checked" if unsized else ""
    for alignment, dx, dy in PLACES:
        if not any(_overlap(_rect(alignment, w, h, dx, dy), r) for r in rects):
            moved = f'width="{m.group(1)}" height="{m.group(2)}" rectAlignment="{alignment}" offsetXY="{dx} {dy}"'
            return panel.replace(m.group(0), moved, 1), f"panel at {alignment} (clear of the mod's UI{unsure})"
    return panel, f"panel at {m.group(3)}: every place overlaps the mod's UI; drag it aside in TTS{unsure}"


def join_ui(mod_xml: str, panel: str) -> tuple[str, str]:
    placed, note = place_panel(panel, mod_xml)
    parts = [mod_xml.strip("\n")] if mod_xml.strip() else []
    return "\n".join([*parts, UI_START, placed.strip("\n"), UI_END]), note


# --- the save ---------------------------------------------------------------------------------------------


def inject(save: SaveFile, game: Game[Any, Any] | None, source: ModSource | None = None) -> Joined:
    raw = save.to_dict()
    script = str(raw.get("LuaScript", "") or "")
    if split_script(script) is not None:
        raise InjectError("the connector is already joined to this save (its Global script holds the marker)")
    source = source or ModSource()
    bundle, chained = join_script(script, source.global_bundle(game))
    ui, placed = join_ui(str(raw.get("XmlUI", "") or ""), source.panel_xml(game))
    raw["LuaScript"] = bundle.script
    raw["XmlUI"] = ui
    raw["LuaScriptState"] = joined_state(str(raw.get("LuaScriptState", "") or ""), game)
    notes = [placed]
    if chained:
        notes.append(f"the mod's {', '.join(chained)} and the connector's both run (the mod's first)")
    return Joined(SaveFile.from_dict(raw, "joined mod"), notes)


def inject_file(path: Path, out: Path | None, game: Game[Any, Any] | None) -> tuple[Path, list[str]]:
    """Write ``out`` (default: ``<name>_automa.json`` beside the save); the original is never changed."""
    try:
        save = SaveFile.load(path)
    except (OSError, ValueError) as exc:
        raise InjectError(f"{path}: cannot read the save: {exc}") from None
    try:
        joined = inject(save, game)
    except InjectError as exc:
        raise InjectError(f"{path}: {exc}") from None
    target = save_path(out, f"{path.stem}_automa.json") if out else path.with_name(f"{path.stem}_automa.json")
    if target.resolve() == path.resolve():
        raise InjectError(f"{path}: will not overwrite the mod's own save; choose another --out")
    joined.save.dump(target)
    return target, joined.notes
