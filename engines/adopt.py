"""``automa adopt GAME``: a first table profile for a mod's table, proposed from what lies on it.

Each role the game's reader asks for is looked for by the names the game's data gives it (a unit's name, a card's
title, "Rupee"): a role of one object takes the one object so named (by its GUID), a role of many takes every object
so named (by the name, and the resource name they share). What is not found, or found ambiguous, is named as
unfilled with why, and the proposal gives it a match that finds nothing, so a read of the table names it until the
person fills it in. Boards are assumed to lie as the project builds them (no placement) and said so: where a mod's
board lies is calibrated by hand for now. Nothing here moves anything; it reads a table and returns a profile.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from bridge.table import SaveFile, Table, TableObject
from bridge.table.savefile import ObjectState
from engines.profile import Cast, Match, Profile, ProfileSpec, Role, every

UNFILLED = "(unfilled) "  # the nickname an unfilled role's match looks for: no object carries it


def unfilled_role(what: str) -> Role:
    """A role left unfilled: its match finds nothing, so a read through the profile names it until it is filled."""
    return Role(match=(Match(nickname=f"{UNFILLED}{what}"),))


@dataclass
class Proposal:
    """A profile for a table, what filled each role, and what could not be filled and why."""

    profile: Profile
    filled: dict[str, str] = field(default_factory=dict)  # role -> how it was found
    unfilled: dict[str, str] = field(default_factory=dict)  # role -> why not
    assumed: list[str] = field(default_factory=list)  # what the proposal takes on trust
    warnings: list[str] = field(default_factory=list)  # what on the mod may fight the bot (locks, its own scripts)

    def lines(self) -> list[str]:
        """The proposal for a terminal: counts, then every unfilled role with why, then what was assumed."""
        out = [f"{len(self.filled)} of {len(self.filled) + len(self.unfilled)} roles filled by name"]
        out += [f"filled: {key}: {how}" for key, how in self.filled.items()]
        why_roles: dict[str, list[str]] = defaultdict(list)
        for key, why in self.unfilled.items():
            category, _, detail = why.partition(": ")
            why_roles[category].append(f"{key} ({detail})" if detail else key)
        out += [f"unfilled, {category}: {', '.join(keys)}" for category, keys in why_roles.items()]
        out += [f"assumed: {what}" for what in self.assumed]
        out += [f"warning: {what}" for what in self.warnings]
        return out


def _normal(text: str) -> str:
    return " ".join(text.casefold().split())


def propose(spec: ProfileSpec, table: Table, mod: str) -> Proposal:
    """A profile for ``table`` (the mod ``mod``) by the names ``spec`` gives its roles; nothing on it is moved."""
    by_name: dict[str, list[TableObject]] = defaultdict(list)
    for obj in every(table):
        if obj.nickname:
            by_name[_normal(obj.nickname)].append(obj)
    taken: set[int] = set()  # id() of objects a role took already: one object, one role
    roles: dict[str, Role] = {}
    proposal = Proposal(Profile(game=spec.game, mod=mod, roles={}))
    shared = _shared_names(spec)
    for key, role in spec.roles.items():
        names = spec.names.get(key, ())
        if shared & {_normal(n) for n in names}:  # four Dominance Checks: which is which, names cannot tell
            proposal.unfilled[key] = f"{SHARED}: {' or '.join(repr(n) for n in names)}"
            roles[key] = unfilled_role(role.what)
            continue
        found = [o for name in names for o in by_name.get(_normal(name), []) if id(o) not in taken]
        match, why = _fill(found, role.many, names)
        if match is None:
            proposal.unfilled[key] = why
            roles[key] = unfilled_role(role.what)
            continue
        taken.update(id(o) for o in found)
        proposal.filled[key] = why
        roles[key] = Role(match=(match,))
    proposal.profile = Profile(game=spec.game, mod=mod, roles=roles)
    proposal.assumed += [
        f"the {board} lies as the project builds it (not calibrated: give its placement under 'boards')"
        for board in spec.boards
        if board in proposal.filled
    ]
    return proposal


def _shared_names(spec: ProfileSpec) -> set[str]:
    """The names the game's data gives to more than one role."""
    owners: dict[str, set[str]] = defaultdict(set)
    for key, names in spec.names.items():
        for name in names:
            owners[_normal(name)].add(key)
    return {name for name, keys in owners.items() if len(keys) > 1}


def _fill(found: list[TableObject], many: bool, names: tuple[str, ...]) -> tuple[Match | None, str]:
    """The match for a role's objects ``found`` by ``names``, or None and why (``CATEGORY: detail``)."""
    if not names:
        return None, f"{NO_NAME}: "
    said = " or ".join(repr(n) for n in names)
    if not found:
        return None, f"{NOT_FOUND}: {said}"
    if not many:
        if len(found) > 1:
            return None, f"{SEVERAL}: {len(found)} named {said}"
        return Match(guid=found[0].guid), f"the object named {found[0].nickname!r} (GUID {found[0].guid})"
    kinds = sorted({(o.nickname, o.name, round(o.scale.x, 2)) for o in found})
    if len(kinds) > 1:  # a unit's coins and its card, say: their resource names or sizes tell them apart
        return None, f"{DIFFER}: " + ", ".join(f"{n!r} {kind} at scale {scale:g}" for n, kind, scale in kinds)
    nickname, name, _ = kinds[0]
    return Match(nickname=nickname, name=name or None), f"{len(found)} object(s) named {nickname!r} ({name})"


NO_NAME = "the game's data gives no name to look for (name its objects in the profile)"
NOT_FOUND = "no object carries the name the game's data gives it"
SEVERAL = "several objects carry its name (say which by GUID)"
DIFFER = "the objects of its name differ (say which play it)"
SHARED = "other roles share its name (say which is which: by CardID, or a pick-up each in calibration)"


# --- what on the mod may fight the bot: pieces it keeps locked, scripts of its own -----------------------------

HANDLERS = ("onLoad", "onObjectDrop", "onDrop", "onObjectEnterZone", "onObjectLeaveZone", "onUpdate", "onFixedUpdate")
_DEFINES = re.compile(r"\bfunction\s+(\w+)\s*\(|\b(\w+)\s*=\s*function\b")
LISTED = 5  # a warning names this many objects, then counts the rest


def warn_scripts(proposal: Proposal, spec: ProfileSpec, table: Table, save: SaveFile) -> None:
    """Add to ``proposal``'s warnings what may fight the bot on ``save``'s table: objects of a role the bot moves
    that lie locked (it moves no locked piece), objects carrying a script of their own, and a Global script whose
    handlers may re-lay pieces on load or move them back (the bot names any piece found moved after its turn)."""
    cast = Cast(proposal.profile, spec, table)
    locked = [
        f"{spec.roles[role].what} {o.describe()}"
        for o in table
        if o.locked and (role := cast.role(o)) is not None and not _fixture(role, o, spec)
    ]
    if locked:
        proposal.warnings.append(f"locked in the save, so the bot will not move them: {_some(locked)}")
    scripted = [_words(state) for state in _states(save.ObjectStates) if state.LuaScript.strip()]
    if scripted:
        proposal.warnings.append(f"objects with a script of their own (it may move or lock pieces): {_some(scripted)}")
    handlers = [name for name in _defined(save.LuaScript) if name in HANDLERS]
    if handlers:
        proposal.warnings.append(
            f"the mod's Global script defines {', '.join(handlers)}: it may re-lay pieces on load or move them back; "
            "the bot names any piece it finds moved after its turn"
        )


def _fixture(role: str, obj: TableObject, spec: ProfileSpec) -> bool:
    """A role the bot never moves: a board, an area (a zone, a hand), a bag (taken from and put into where it lies,
    locked or not)."""
    return role in spec.boards or obj.type in ("Scripting", "Hand", "Layout", "Bag", "Infinite")


def _defined(script: str) -> list[str]:
    """The names of the functions ``script`` defines, in order, once each."""
    return list(dict.fromkeys(a or b for a, b in _DEFINES.findall(script)))


def _states(states: list[ObjectState]) -> Iterator[ObjectState]:
    for state in states:
        yield state
        yield from _states(state.ContainedObjects)


def _words(state: ObjectState) -> str:
    return f"'{state.Nickname or state.Name}' (guid {state.GUID})"


def _some(items: list[str]) -> str:
    more = f" and {len(items) - LISTED} more" if len(items) > LISTED else ""
    return "; ".join(items[:LISTED]) + more
