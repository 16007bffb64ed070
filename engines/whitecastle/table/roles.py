"""Which object is what on a White Castle table: the roles the reader asks a table profile for, and how the table
this project builds plays them.

The reader (:mod:`engines.whitecastle.table.read`) and the planners know no tag, name or note of ours: they ask for
roles ("board", "die:red", "card:pl.03", "marker:round"), and :func:`built_profile` says how the built table plays
each (by the tags and GM notes :mod:`engines.whitecastle.table.build` gives). A Workshop mod's profile plays them
with its own objects, and says where our layout (:data:`~engines.whitecastle.table.layout.LAYOUT`) lies on its
board. The bot's cards come from the owner's deck data, so the roles are the deck's: one per card.
"""

from __future__ import annotations

from functools import lru_cache

from engines.profile import Match, Profile, ProfileSpec, RoleSpec, Stray, tagged
from engines.whitecastle.board import Colour
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.table import layout

COLOURS: tuple[Colour, ...] = ("red", "black", "white")
SUPPLIES = ("coin", "lap")
MARKERS = (
    "influence",
    "clan_points",
    "round",
    "person_influence",
    "person_clan_points",
    *(f"person_{track}" for track in layout.YOUR_TRACKS),
)


def marker_words(what: str) -> str:
    """A marker's track in a player's words: "the bot's clan points", "your mother-of-pearl", "the round"."""
    if what.startswith("person_"):
        return f"your {layout.track_words(what.removeprefix('person_'))}"
    return "the round" if what == "round" else f"the bot's {layout.track_words(what)}"


def marker_name(what: str) -> str:
    """A marker as a role and the build name it: "bot's clan points marker", "round marker"."""
    return f"{marker_words(what).removeprefix('the ')} marker"


def spec(deck: SoloDeck) -> ProfileSpec:
    """The roles the reader asks for on a table of ``deck``'s cards."""
    return _spec(tuple((c.id, c.tts_name or "") for c in deck.cards))


@lru_cache(maxsize=8)
def _spec(cards: tuple[tuple[str, str], ...]) -> ProfileSpec:
    roles = {
        "board": RoleSpec("castle board"),
        **{f"die:{c}": RoleSpec(f"{c} die", many=True) for c in COLOURS},
        **{f"tile:{c}": RoleSpec(f"{c} die tile", many=True) for c in COLOURS},
        "courtier:bot": RoleSpec("bot's courtier", many=True),
        "courtier:you": RoleSpec("your courtier", many=True),
        "coin": RoleSpec("bot's coin", many=True),
        "lap": RoleSpec("clan-point lap token", many=True),
        **{f"supply:{what}": RoleSpec(f"{what} supply (an infinite bag)") for what in SUPPLIES},
        **{f"marker:{what}": RoleSpec(marker_name(what)) for what in MARKERS},
        **{f"card:{card}": RoleSpec(f"bot card {card}", many=True) for card, _ in cards},
    }
    return ProfileSpec(
        game=layout.TAG_PREFIX,
        title="The White Castle",
        roles=roles,
        boards={"board": {"areas": layout.LAYOUT}},
        names=_names(cards),
    )


def _names(cards: tuple[tuple[str, str], ...]) -> dict[str, tuple[str, ...]]:
    """What the components are called, in the game's words and as the build names them (cards also by the name the
    owner's deck data gives them in a TTS mod); the laps are not looked for by name (the bot's and yours are one kind
    of token, named apart on the built table)."""
    return {
        "board": ("The White Castle", "White Castle", "Board"),
        **{f"die:{c}": (f"{c} die", f"{c} dice") for c in COLOURS},
        **{f"tile:{c}": (f"{c} die tile", f"{c} tile") for c in COLOURS},
        "courtier:bot": ("bot courtier", "bot's courtier"),
        "courtier:you": ("your courtier",),
        "coin": ("bot coin", "coin"),
        "supply:coin": ("coins", "coin supply"),
        "supply:lap": ("clan-point laps", "lap supply"),
        **{f"marker:{what}": (marker_name(what),) for what in MARKERS},
        **{f"card:{card}": (*((name,) if name else ()), f"bot card {card}") for card, name in cards},
    }


def built_profile(deck: SoloDeck) -> Profile:
    """How the table the build lays plays each role: by its tags, die tiles by the colour in their GM notes too, and
    cards by their id in the GM notes."""
    return _built(tuple(c.id for c in deck.cards))


@lru_cache(maxsize=8)
def _built(cards: tuple[str, ...]) -> Profile:
    roles = {
        "board": tagged(layout.BOARD_TAG),
        **{f"die:{c}": tagged(layout.DIE_TAG, layout.tag("colour", c)) for c in COLOURS},
        **{f"tile:{c}": tagged(layout.TILE_TAG, gm_notes=c) for c in COLOURS},
        "courtier:bot": tagged(layout.COURTIER_TAG),
        "courtier:you": tagged(layout.YOUR_COURTIER_TAG),
        "coin": tagged(layout.COIN_TAG),
        "lap": tagged(layout.LAP_TAG),
        "supply:coin": tagged(layout.COIN_SUPPLY_TAG),
        "supply:lap": tagged(layout.LAP_SUPPLY_TAG),
        **{f"marker:{what}": tagged(layout.tag("marker", what)) for what in MARKERS},
        **{f"card:{card}": tagged(layout.CARD_TAG, gm_notes=card) for card in cards},
    }
    strays = (
        Stray(match=Match(tags=(layout.DIE_TAG,)), hint="a die without its colour tag (whitecastle.colour.red, ...)"),
        Stray(
            match=Match(tags=(layout.TILE_TAG,)), hint="a die tile whose GM notes say no colour: red, black or white"
        ),
        Stray(match=Match(tags=(layout.MARKER_TAG,)), hint="a marker without the tag of its track"),
    )
    return Profile(game=layout.TAG_PREFIX, mod="the White Castle table automa builds", roles=roles, strays=strays)
