"""Which object is what on a 51st State table: the roles the reader and planner ask a table profile for, and how the
table this project builds plays them.

The reader (:mod:`engines.fiftyfirst.table.read`) knows no tag, name or note of ours: it asks for roles
("zone:lookout", "marker:bot", "card:base.scrap_yard", "board:score"), and :func:`built_profile` says how the built
table plays each (by the tags and GM notes :mod:`engines.fiftyfirst.table.build` gives). A location card's role
comes from the owner's card data (its id; adopt finds it by the card's name and its ``tts_names``), so the roles are
those of one transcription: :func:`spec` and :func:`built_profile` take the cards.
"""

from __future__ import annotations

from engines.fiftyfirst.cards import Locations
from engines.fiftyfirst.table import layout
from engines.profile import Match, Profile, ProfileSpec, RoleSpec, Stray, tagged

ZONES = tuple(key for key in layout.AREAS if key not in layout.TRACK_BOARDS)  # the track areas are read on their boards
MARKERS = {
    "phase": "phase marker (Lookout, Action, game over)",
    "attacks": "attacks marker (the bot's attacks this round, 0-3)",
    "person": "person's score marker",
    "bot": "bot's score marker",
    "round": "round marker",
}
# what the build calls each piece (one name each, in the bag as on the table: adopt finds our own table by these)
BUILT_NAMES = {
    "board:score": "score track (0-49; 25 ends the game)",
    "board:round": "round track",
    "marker:phase": MARKERS["phase"],
    "marker:attacks": MARKERS["attacks"],
    "marker:person": "your score marker",
    "marker:bot": "the bot's score marker",
    "marker:round": "round marker",
    "pass:person": "your pass token",
    "pass:bot": "the bot's pass token",
    "target": "target token",
    "worker": "worker",
    "protection": "protection",
    "lap": "lap chip (once round its track: +50 points, or +20 rounds)",
    "supply:lap": "lap chips",
}
OTHER_NAMES = {
    "board:score": ("Score board", "Scoreboard", "Victory point track"),
    "board:round": ("Round board",),
    "protection": ("Defence token", "Defense token"),
}
FIXED = {
    **{f"zone:{key}": RoleSpec(f"'{layout.AREAS[key].label}' zone", area=True) for key in ZONES},
    **{f"board:{key}": RoleSpec(f"{key} track board") for key in layout.TRACK_BOARDS},
    **{f"marker:{key}": RoleSpec(what) for key, what in MARKERS.items()},
    **{f"pass:{seat}": RoleSpec(f"{seat}'s pass token") for seat in layout.SEATS},
    "target": RoleSpec("target token (laid on the location the bot razes, when it asks)"),
    "worker": RoleSpec("worker", many=True),
    "protection": RoleSpec("protection marker", many=True),
    "lap": RoleSpec("lap chip", many=True),
    "supply:lap": RoleSpec("bag of lap chips"),
    "connection": RoleSpec("connection card (a pile's deck holds them)", many=True),
}


def card_role(card_id: str) -> str:
    return f"card:{card_id}"


def card_of(role: str | None) -> str | None:
    """The data id of a location card's role, else None."""
    return role.removeprefix("card:") if role is not None and role.startswith("card:") else None


def _spec(cards: Locations) -> ProfileSpec:
    locations = {card_role(c.id): RoleSpec(f"location card {c.id} ({c.name})", many=True) for c in cards.cards}
    names = {key: (name, *OTHER_NAMES.get(key, ())) for key, name in BUILT_NAMES.items()}
    names |= {card_role(c.id): (c.name, *c.tts_names) for c in cards.cards}
    return ProfileSpec(
        game=layout.TAG_PREFIX,
        title="51st State",
        roles=FIXED | locations,
        boards={f"board:{key}": {key: layout.BOARD_LAYOUTS[key]} for key in layout.TRACK_BOARDS},
        names=names,
    )


def _built(cards: Locations) -> Profile:
    roles = {
        **{f"zone:{key}": tagged(layout.AREAS[key].tag) for key in ZONES},
        **{f"board:{key}": tagged(layout.tag("board", key)) for key in layout.TRACK_BOARDS},
        **{f"marker:{key}": tagged(layout.tag("marker", key)) for key in MARKERS},
        **{f"pass:{seat}": tagged(layout.tag("pass", seat)) for seat in layout.SEATS},
        "target": tagged(layout.TARGET_TAG),
        "worker": tagged(layout.WORKER_TAG),
        "protection": tagged(layout.PROTECTION_TAG),
        "lap": tagged(layout.LAP_TAG),
        "supply:lap": tagged(layout.LAP_SUPPLY_TAG),
        "connection": tagged(layout.CONNECTION_TAG),
        **{card_role(c.id): tagged(layout.CARD_TAG, gm_notes=c.id) for c in cards.cards},
    }
    hint = "a card whose GM notes name no location of the card data"
    strays = (Stray(match=Match(tags=(layout.CARD_TAG,), type="Card"), hint=hint),)
    return Profile(game=layout.TAG_PREFIX, mod="the 51st State table automa builds", roles=roles, strays=strays)


_MADE: list[tuple[Locations, ProfileSpec, Profile]] = []  # the last cards' spec and profile: a read each turn


def _made(cards: Locations) -> tuple[ProfileSpec, Profile]:
    if not _MADE or _MADE[0][0] is not cards:
        _MADE[:] = [(cards, _spec(cards), _built(cards))]
    return _MADE[0][1], _MADE[0][2]


def spec(cards: Locations) -> ProfileSpec:
    """The roles the reader asks for with ``cards`` (a location card's role for each card of the data)."""
    return _made(cards)[0]


def built_profile(cards: Locations) -> Profile:
    """How the table the build lays plays each role: by its tags, location cards by their data id in GM notes."""
    return _made(cards)[1]
