"""Which TTS API names the emulator has: the table in tools/emulator/README.md, generated from the code.

Every name of ``tts_api_names.json`` (the official Atom plugin's list, section by section) is classed as
emulated, accepted with no effect headless (a camera, a dialog, a hotkey), never fired (an event whose cause the
emulator does not model) or not emulated (with the reason a mod author reads in the error). Names are probed in a
live emulated world, so the table cannot claim what the code does not do.

    python -m tools.emulator.coverage            # print the table
    python -m tools.emulator.coverage --write    # rewrite it in tools/emulator/README.md
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

from bridge.table.savefile import SaveFile
from tools.emulator import api_behaviours, api_components, api_object, api_settings, api_world
from tools.emulator.api import GLOBAL_METHODS, GLOBAL_PROPERTIES, api_names
from tools.emulator.world import World

README = Path(__file__).with_name("README.md")
START, END = "<!-- coverage:start -->", "<!-- coverage:end -->"
EMULATED, HEADLESS, NEVER, NOT = "emulated", "accepted, no effect headless", "never fired", "not emulated"
FIRED_EVENTS = frozenset(
    {
        "onLoad",
        "onSave",
        "onExternalMessage",
        "onObjectEnterContainer",
        "onObjectLeaveContainer",
        "onChat",
        "onScriptingButtonDown",
        "onScriptingButtonUp",
        "onObjectSpawn",
        "onObjectDestroy",
        "onDestroy",
        "onObjectStateChange",
        "onStateChange",
        "onObjectRandomize",
        "onRandomize",
        "onObjectPickUp",
        "onPickUp",
        "onObjectDrop",
        "onDrop",
        "onObjectEnterZone",
        "onObjectLeaveZone",
        "onObjectEnterScriptingZone",
        "onObjectLeaveScriptingZone",
        "onPlayerTurn",
        "onObjectTriggerEffect",
        "onObjectLoopingEffect",
        "onPlayerChangeColor",
        "onObjectRotate",  # a player's flip or turn (hands.py)
        "onRotate",
        "tryObjectRotate",
        "tryRotate",
        "tryObjectEnterContainer",  # a piece a player drops on a container (hands.py)
        "tryObjectEnter",
        "tryObjectRandomize",  # a player's shuffle (hands.py)
        "tryRandomize",
    }
)
UNITY_TREE = "Unity's materials are not emulated"
SECTION_REASONS = {
    **api_world.UNEMULATED_SECTIONS,
    "Material": UNITY_TREE,
    "RPGFigurine": "RPG figurines' animations are not emulated",
    "Zone": "layout zones do not lay anything out in the emulator",
    "LayoutZone": "layout zones do not lay anything out in the emulator",
    "Browser": "tablets browse nothing headless",
    "Container": "a player's search window is not emulated",
}
# Where a section's members are reached in Lua (probed for presence in a live world).
PROBES = {
    "/": "_G",
    "MoonSharp": "_G",
    "Color": "Color",
    "JSON": "JSON",
    "Time": "Time",
    "Turns": "Turns",
    "UI": "UI",
    "Vector": "Vector",
    "Wait": "Wait",
    "Timer": "Timer",
    "Physics": "Physics",
    "Info": "Info",
    "Notes": "Notes",
    "Hands": "Hands",
    "PlayerManager": "Player",
    "PlayerInstance": "Player.White",
    "Counter": "getObjectFromGUID('cnt000').Counter",
    "Clock": "getObjectFromGUID('clk000').Clock",
    "TextTool": "getObjectFromGUID('txt000').TextTool",
    "AssetBundle": "getObjectFromGUID('ab0000').AssetBundle",
    "Book": "getObjectFromGUID('pdf000').Book",
    "GameObject": "getObjectFromGUID('cnt000').getComponent('Transform').game_object",
    "Component": "getObjectFromGUID('cnt000').getComponent('Transform')",
}
Row = tuple[str, str, str]  # (section, name, status with its reason)


def _world() -> World:
    behaviours = [
        {"GUID": "cnt000", "Name": "Counter"},
        {"GUID": "clk000", "Name": "Digital_Clock"},
        {"GUID": "txt000", "Name": "3DText"},
        {"GUID": "ab0000", "Name": "Custom_Assetbundle", "CustomAssetbundle": {"AssetbundleURL": ""}},
        {"GUID": "pdf000", "Name": "Custom_PDF", "CustomPDF": {"PDFUrl": ""}},
    ]
    return World(SaveFile.from_dict({"SaveName": "coverage", "ObjectStates": behaviours}), lambda _: None)


def _present(world: World, where: str, name: str) -> bool:
    probe = f"local ok, v = pcall(function() return {where}[{name!r}] end) return ok and v ~= nil"
    return bool(world.execute("-1", probe, world.global_env))


def classify(section: str, kind: str, name: str, world: World) -> str:
    if kind == "event":
        return EMULATED if name in FIRED_EVENTS else NEVER
    if section in api_settings.BY_NAME:
        settings = api_settings.BY_NAME[section]
        if name in settings.not_emulated:
            return f"{NOT}: {settings.not_emulated[name]}"
        return EMULATED if name in settings.emulated() else NOT
    if name in api_components.NOT_EMULATED.get(section, {}):
        return f"{NOT}: {api_components.NOT_EMULATED[section][name]}"
    if name in api_behaviours.BEHAVIOUR_NOT_EMULATED.get(section, {}):
        return f"{NOT}: {api_behaviours.BEHAVIOUR_NOT_EMULATED[section][name]}"
    if section in SECTION_REASONS:
        return f"{NOT}: {SECTION_REASONS[section]}"
    if section == "Object":
        if name in api_object.NOT_EMULATED:
            return f"{NOT}: {api_object.NOT_EMULATED[name]}"
        return EMULATED if name in api_object.emulated_object_names() else NOT
    if section == "Global":
        if name in api_world.GLOBAL_HEADLESS:
            return HEADLESS
        return EMULATED if name in GLOBAL_METHODS or name in GLOBAL_PROPERTIES else NOT
    if section == "/":
        if name in api_world.UNEMULATED_BASE:
            return f"{NOT}: {api_world.UNEMULATED_BASE[name]}"
        if name in api_world.HEADLESS_BASE:
            return HEADLESS
        if name == "self":
            return EMULATED  # each script's own object (Global in the Global script), set in its environment
    if section == "PlayerInstance":
        if name in api_world.PLAYER_HEADLESS:
            return HEADLESS
        if name in api_world.PLAYER_UNEMULATED_NAMES:
            return f"{NOT}: {api_world.PLAYER_UNEMULATED}"
    if section == "PlayerManager" and name == "Action":
        return f"{NOT}: player actions (onPlayerAction) are not emulated"
    where = PROBES.get(section)
    return EMULATED if where is not None and _present(world, where, name) else NOT


def rows() -> list[Row]:
    world = _world()
    return [
        (section, name, classify(section, kind, name, world))
        for section, kinds in api_names().items()
        for kind, names in kinds.items()
        for name in names
    ]


def render(table: list[Row] | None = None) -> str:
    """One line per section: how many names are emulated, and every name that is not, grouped by reason."""
    table = rows() if table is None else table
    by_section: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for section, name, status in table:
        by_section[section].append((name, status))
    total = len(table)
    emulated = sum(1 for *_, status in table if status == EMULATED)
    lines = [
        f"{emulated} of {total} API names emulated; the rest are listed with what happens when a mod uses them "
        "(generated by `python -m tools.emulator.coverage --write`; a test keeps it true).",
        "",
        "| Section | Emulated | Not emulated, or accepted with no effect |",
        "|---|---|---|",
    ]
    for section, entries in by_section.items():
        done = sum(1 for _, status in entries if status == EMULATED)
        others: dict[str, list[str]] = defaultdict(list)
        for name, status in entries:
            if status != EMULATED:
                others[status].append(f"`{name}`")
        rest = "; ".join(f"{status}: {', '.join(names)}" for status, names in others.items()) or "none"
        label = "base (global functions)" if section == "/" else section
        lines.append(f"| {label} | {done} of {len(entries)} | {rest} |")
    return "\n".join(lines)


def write(readme: Path = README) -> bool:
    """Put the table between the README's markers; returns whether the file changed."""
    text = readme.read_text(encoding="utf-8")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    new = f"{head}{START}\n{render()}\n{END}{tail}"
    if new != text:
        readme.write_text(new, encoding="utf-8")
    return new != text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.emulator.coverage", description="Which TTS API names the emulator has."
    )
    parser.add_argument("--write", action="store_true", help=f"rewrite the table in {README}")
    args = parser.parse_args(argv)
    if args.write:
        print("README table updated" if write() else "README table already current")
    else:
        print(render())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
