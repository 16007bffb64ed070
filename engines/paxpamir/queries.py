"""What the state implies: stars and limits (A4), influence (A5), rulers (A6), dominance (A14)."""

from __future__ import annotations

from engines.paxpamir.data import COALITIONS, Coalition, Region, Suit, game_data
from engines.paxpamir.scoring import dominant_coalition
from engines.paxpamir.state import State


def stars(state: State, seat: int, suit: Suit) -> int:
    court = game_data().court
    return sum(court[c].rank for c in state.players[seat].court if court[c].suit == suit)


def court_limit(state: State, seat: int) -> int:
    return 3 + stars(state, seat, "political")


def hand_limit(state: State, seat: int) -> int:
    return 2 + stars(state, seat, "intelligence")


def tax_shelter(state: State, seat: int) -> int:
    return stars(state, seat, "economic")


def influence(state: State, seat: int) -> int:
    """1 + patriots of the seat's coalition in its court + prizes + gifts (with the events that change them:
    Embarrassment of Riches, Koh-i-noor Recovered, Rumor)."""
    player = state.players[seat]
    court = game_data().court
    patriots = sum(1 for c in player.court if court[c].patriot is not None and court[c].patriot == player.loyalty)
    if state.lasting.get("rumor") == seat:
        patriots = 0
    gifts = len(player.gifts)
    if "embarrassment_of_riches" in state.lasting:
        gifts = 0
    elif state.lasting.get("koh_i_noor_recovered") == seat:
        gifts *= 2
    return 1 + patriots + len(player.prizes) + gifts


def ruling_pieces(state: State, seat: int, region: Region) -> int:
    """A player's tribes in the region plus the armies of their coalition there."""
    loyalty = state.players[seat].loyalty
    armies = state.armies[region].get(loyalty, 0) if loyalty is not None else 0
    return state.tribes[region].count(seat) + armies


def ruler(state: State, region: Region) -> int | None:
    """A seat with a tribe there whose ruling pieces are strictly more than every other seat's and than each
    coalition's armies; a tie means nobody rules."""
    best: int | None = None
    best_count = -1
    tied = False
    for seat in range(len(state.players)):
        count = ruling_pieces(state, seat, region)
        if count > best_count:
            best, best_count, tied = seat, count, False
        elif count == best_count:
            tied = True
    if best is None or tied or state.tribes[region].count(best) == 0:
        return None
    if any(best_count <= state.armies[region].get(c, 0) for c in COALITIONS):
        return None
    return best


def rulers(state: State) -> dict[Region, int | None]:
    return {region: ruler(state, region) for region in state.tribes}


def dominant(state: State) -> Coalition | None:
    """The coalition that would pass a dominance check now."""
    margin = 2 if "conflict_fatigue" in state.lasting else 4
    return dominant_coalition({c: state.blocks_in_play(c) for c in COALITIONS}, margin)


def military_favored(state: State) -> bool:
    return state.favored == "military"
