"""Which object is what on a Heroes of Land, Air & Sea table: the roles the reader asks a table profile for, and how
the table this project builds plays them.

The reader (:mod:`engines.holas.table.read`) knows no tag, name or note of ours: it asks for roles ("board",
"zone:courtyard", "unit:hero1", "person:warrior", "card:c3", "marker:score"), and :func:`built_profile` says how the
built table plays each (by the tags and GM notes :mod:`engines.holas.table.build` gives). A Workshop mod's profile
plays them with its own objects. The roles follow the owner's data: one per bot unit of the faction's supply, one
per solo card, and the map board's layout is the map's regions; so the spec is made for a data set
(:func:`spec`), not once for the game.
"""

from __future__ import annotations

from engines.holas.data_model import HolasData, UnitType
from engines.holas.state import RESOURCES
from engines.holas.table import layout
from engines.profile import Match, Profile, ProfileSpec, RoleSpec, Stray, tagged

UNIT_KINDS: tuple[UnitType, ...] = ("hero", "warrior", "serf", "air_vessel", "sea_vessel")  # the bot's units
PIECES = (*UNIT_KINDS, "tower", "capital")  # the person's pieces, and the bot's structures
MARKERS = (
    *RESOURCES,
    "score",
    "cc",
    "round",
    "final",
    "tactic",
    "prompt",
    "ledger",
    *(f"{key}.lap" for key in layout.LAPPED),
    *(f"you.{r}" for r in RESOURCES),
    "you.score",
    "scored",
)
_MARKER_WORDS = {
    "score": "the bot's score marker",
    "cc": "CC Track token",
    "round": "round marker",
    "final": "final-round marker",
    "tactic": "your tactic's strength marker",
    "prompt": "prompt marker (what the bot waits for)",
    "ledger": "ledger marker (the bot's note of your side)",
    "you.score": "your score marker",
    "scored": "your final-scoring marker",
}
BUILT_NAMES = {  # the nicknames automa mod build gives the markers
    **{r: f"bot {r}" for r in RESOURCES},
    **{f"you.{r}": f"your {r}" for r in RESOURCES},
    "score": "bot score",
    "cc": "CC Track token",
    "round": "round",
    "final": "final round",
    "tactic": "your tactic's strength",
    "prompt": "the bot waits for",
    "ledger": "the bot's note of your supply and resources",
    "you.score": "your score",
    "scored": "your final scoring (not yet / done)",
    **{f"{key}.lap": f"{what}: laps" for key, what in (("round", "round"), ("score", "bot score"))},
    "you.score.lap": "your score: laps",
}


def marker_words(key: str) -> str:
    if key in _MARKER_WORDS:
        return _MARKER_WORDS[key]
    if key.endswith(".lap"):
        return f"lap marker of the {key.removesuffix('.lap').replace('you.', 'your ')} track"
    return f"your {key[4:]} marker" if key.startswith("you.") else f"the bot's {key} marker"


def unit_ids(data: HolasData) -> dict[str, UnitType]:
    """The bot's units by id (``hero1``, ``warrior3``), each with its type: three Heroes and the faction's supply of
    each other unit, as set-up numbers them (:func:`engines.holas.rules.new_game`)."""
    ids: dict[str, UnitType] = {f"hero{i}": "hero" for i in (1, 2, 3)}
    for kind in UNIT_KINDS[1:]:
        ids |= {f"{kind}{n}": kind for n in range(1, data.faction.units[kind].supply + 1)}
    return ids


_MADE: dict[int, tuple[HolasData, ProfileSpec, Profile]] = {}  # id(data) -> the data (kept alive), its spec, profile


def spec(data: HolasData) -> ProfileSpec:
    """The roles for ``data``'s faction, cards and map (made once per data set: a table is read at every press)."""
    return _made(data)[1]


def built_profile(data: HolasData) -> Profile:
    """How the table the build lays plays each role: by its tags, the bot's minis by their unit id in GM notes,
    cards by their id in GM notes."""
    return _made(data)[2]


def _made(data: HolasData) -> tuple[HolasData, ProfileSpec, Profile]:
    if id(data) not in _MADE:
        if len(_MADE) >= 16:  # data sets a long run no longer reads by (reloaded by automa dev, say)
            _MADE.clear()
        _MADE[id(data)] = (data, _spec(data), _built(data))
    return _MADE[id(data)]


def _spec(data: HolasData) -> ProfileSpec:
    cards = [c.id for c in data.cards.cards]
    roles = {
        "board": RoleSpec("map board"),
        **{f"zone:{key}": RoleSpec(f"zone of {area.label}", area=True) for key, area in layout.AREAS.items()},
        **{f"unit:{uid}": RoleSpec(f"bot's {kind.replace('_', ' ')} {uid}") for uid, kind in unit_ids(data).items()},
        "bot:tower": RoleSpec("bot's tower", many=True),
        "bot:capital": RoleSpec("bot's Capital City", many=True),
        **{f"person:{p}": RoleSpec(f"your {p.replace('_', ' ')}", many=True) for p in PIECES},
        "token": RoleSpec("Exploration Token", many=True),
        **{f"card:{c}": RoleSpec(f"solo card {c}", many=True) for c in cards},
        **{f"marker:{key}": RoleSpec(marker_words(key)) for key in MARKERS},
        **{f"tax:{r}": RoleSpec(f"{r} Tax Track token") for r in RESOURCES},
    }
    names = {
        "board": ("Heroes of Land, Air & Sea", "Map", "Board"),
        **{f"zone:{key}": (area.label,) for key, area in layout.AREAS.items()},
        "bot:tower": ("bot tower",),
        "bot:capital": ("bot capital",),
        **{f"person:{p}": (f"your {p.replace('_', ' ')}",) for p in PIECES},
        "token": ("Exploration Token",),
        **{f"card:{c}": (f"solo card {c}",) for c in cards},
        **{f"marker:{key}": (name,) for key, name in BUILT_NAMES.items()},
        **{f"tax:{r}": (f"tax {r}",) for r in RESOURCES},
    }
    return ProfileSpec(
        game=layout.TAG_PREFIX,
        title="Heroes of Land, Air & Sea",
        roles=roles,
        boards={"board": {"regions": layout.map_layout(data.map)}},
        names=names,
    )


def _built(data: HolasData) -> Profile:
    roles = {
        "board": tagged(layout.BOARD_TAG),
        **{f"zone:{key}": tagged(area.tag) for key, area in layout.AREAS.items()},
        **{f"unit:{uid}": tagged(layout.tag("bot", kind), gm_notes=uid) for uid, kind in unit_ids(data).items()},
        "bot:tower": tagged(layout.tag("bot", "tower")),
        "bot:capital": tagged(layout.tag("bot", "capital")),
        **{f"person:{p}": tagged(layout.tag("player", p)) for p in PIECES},
        "token": tagged(layout.TOKEN_TAG),
        **{f"card:{c.id}": tagged(layout.CARD_TAG, gm_notes=c.id) for c in data.cards.cards},
        **{f"marker:{key}": tagged(layout.tag("marker", key)) for key in MARKERS},
        **{f"tax:{r}": tagged(layout.tag("tax", r)) for r in RESOURCES},
    }
    hints = (
        (
            Match(tags=(layout.BOT_TAG,)),
            "a bot mini needs its type tag (holas.bot.hero, ...) and its unit id in GM notes",
        ),
        (Match(tags=(layout.PLAYER_TAG,)), "a piece of yours needs its type tag (holas.player.warrior, ...)"),
        (Match(tags=(layout.CARD_TAG,), type="Card"), "a card whose GM notes name no solo card of the data"),
        (Match(tags=(layout.TAX_TAG,)), "a Tax Track token needs its resource's tag (holas.tax.ore, ...)"),
    )
    strays = tuple(Stray(match=match, hint=hint) for match, hint in hints)
    return Profile(
        game=layout.TAG_PREFIX, mod="the Heroes of Land, Air & Sea table automa builds", roles=roles, strays=strays
    )
