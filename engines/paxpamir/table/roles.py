"""Which object is what on a Pax Pamir table: the roles the reader asks a table profile for, and how the table this
project builds plays them.

The reader (:mod:`engines.paxpamir.table.read`) knows no tag, name or note of ours: it asks for roles ("board",
"zone:court:1", "card:12", "cylinder:0"), and :func:`built_profile` says how the built table plays each (by the tags
and GM notes :mod:`engines.paxpamir.table.build` gives). A Workshop mod's profile plays them with its own objects.
"""

from __future__ import annotations

from engines.paxpamir.data import COALITIONS, REGIONS, game_data
from engines.paxpamir.table import layout
from engines.profile import Match, Profile, ProfileSpec, Role, RoleSpec, Stray, tagged

SEATS = range(3)  # Wakhan and one or two people


def _card_roles() -> dict[str, RoleSpec]:
    data = game_data()
    court = {f"card:{n}": RoleSpec(f"court card {n} ({c.name})", many=True) for n, c in data.court.items()}
    events = {f"card:{n}": RoleSpec(f"event card {n} ({e.name})", many=True) for n, e in data.events.items()}
    ai = {f"ai:{n}": RoleSpec(f"Wakhan AI card {n}", many=True) for n in data.ai_cards}
    return court | events | ai


def _names() -> dict[str, tuple[str, ...]]:
    """What the game's components are called: court and event cards by their titles, the board, rupees, blocks (a
    coalition's by its name), the favored-suit marker."""
    data = game_data()
    titles = {f"card:{n}": (c.name,) for n, c in data.court.items()}
    titles |= {f"card:{n}": (e.name,) for n, e in data.events.items()}
    blocks = {f"block:{c}": (f"{c.title()} block", f"{c.title()} army", f"{c.title()} road") for c in COALITIONS}
    fixed = {"board": ("Pax Pamir map", "Map", "Board"), "rupee": ("Rupee",), "favored": ("Favored suit",)}
    return titles | blocks | fixed


SPEC = ProfileSpec(
    game=layout.TAG_PREFIX,
    title="Pax Pamir",
    roles={
        "board": RoleSpec("map board"),
        **{
            f"zone:{kind}:{s}": RoleSpec(f"seat {s}'s {kind} zone", many=True, area=True)
            for s in SEATS
            for kind in layout.SEAT_ZONES
        },
        "wakhan": RoleSpec("mark of Wakhan's seat (one of her seat's zones)", many=True, mark=True, area=True),
        **{f"zone:{kind}": RoleSpec(f"{kind.replace('_', ' ')} zone", area=True) for kind in layout.SHARED_ZONES},
        **{f"zone:blocks:{c}": RoleSpec(f"{c} block supply zone", area=True) for c in COALITIONS},
        **{f"dial:{s}": RoleSpec(f"seat {s}'s loyalty dial (Wakhan's aid card)", many=True) for s in SEATS},
        **{f"loyalty:{s}": RoleSpec(f"seat {s}'s loyalty token", many=True) for s in SEATS},
        **{f"vp:{s}": RoleSpec(f"seat {s}'s victory-point marker", many=True) for s in SEATS},
        "favored": RoleSpec("favored-suit marker"),
        **{f"ruler:{r}": RoleSpec(f"ruler token of {r.title()}") for r in REGIONS},
        **_card_roles(),
        **{f"cylinder:{s}": RoleSpec(f"seat {s}'s cylinder", many=True) for s in SEATS},
        **{f"block:{c}": RoleSpec(f"{c} block", many=True) for c in COALITIONS},
        "rupee": RoleSpec("rupee", many=True),
    },
    boards={"board": layout.BOARD_LAYOUTS, **{f"dial:{s}": layout.DIAL_LAYOUTS for s in SEATS}},
    names=_names(),
)


def built_profile() -> Profile:
    """How the table the build lays plays each role: by its tags, and cards by their number in the GM notes."""

    def seat(tag: str, s: int) -> Role:
        return tagged(tag, layout.seat_tag(s))

    data = game_data()
    roles = {
        "board": tagged(layout.BOARD_TAG),
        **{f"zone:{kind}:{s}": seat(f"{layout.TAG_PREFIX}.{kind}", s) for s in SEATS for kind in layout.SEAT_ZONES},
        "wakhan": tagged(f"{layout.TAG_PREFIX}.court", layout.WAKHAN_TAG),
        **{f"zone:{kind}": tagged(f"{layout.TAG_PREFIX}.{kind}") for kind in layout.SHARED_ZONES},
        **{f"zone:blocks:{c}": tagged(f"{layout.TAG_PREFIX}.blocks", layout.coalition_tag(c)) for c in COALITIONS},
        **{f"dial:{s}": seat(layout.DIAL_TAG, s) for s in SEATS},
        **{f"loyalty:{s}": seat(layout.LOYALTY_TAG, s) for s in SEATS},
        **{f"vp:{s}": seat(layout.VP_TAG, s) for s in SEATS},
        "favored": tagged(layout.FAVORED_TAG),
        **{f"ruler:{r}": tagged(layout.region_tag(r)) for r in REGIONS},
        **{f"card:{n}": tagged(layout.CARD_TAG, gm_notes=str(n)) for n in (*data.court, *data.events)},
        **{f"ai:{n}": tagged(layout.AI_CARD_TAG, gm_notes=str(n)) for n in data.ai_cards},
        **{f"cylinder:{s}": seat(layout.CYLINDER_TAG, s) for s in SEATS},
        **{f"block:{c}": tagged(layout.BLOCK_TAG, layout.coalition_tag(c)) for c in COALITIONS},
        "rupee": tagged(layout.RUPEE_TAG),
    }
    number = "a card whose GM notes give no card number of the game"
    hints = {
        layout.CARD_TAG: number,
        layout.AI_CARD_TAG: number,
        layout.CYLINDER_TAG: "a cylinder without a seat's tag",
    }
    hints |= {
        layout.BLOCK_TAG: "a block without a coalition's tag",
        layout.RUPEE_TAG: "",
        layout.DIAL_TAG: "",
        layout.VP_TAG: "",
    }
    hints |= {layout.LOYALTY_TAG: ""}
    strays = tuple(Stray(match=Match(tags=(tag,)), hint=hint) for tag, hint in hints.items())
    return Profile(game=layout.TAG_PREFIX, mod="the Pax Pamir table automa builds", roles=roles, strays=strays)


BUILT = built_profile()
