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


def influence(state: State, seat: int, coalition: Coalition | None = None) -> int:
    """Influence in ``coalition`` (a player's own loyalty by default): 1 + its patriots in the court + its prizes
    + all gifts (with the events that change them: Embarrassment of Riches, Koh-i-noor Recovered, Rumor). A
    player holds only their own coalition's patriots and prizes; Wakhan holds any and so has an influence in
    every coalition (spec B1)."""
    player = state.players[seat]
    coalition = coalition or player.loyalty
    data = game_data()
    patriots = sum(1 for c in player.court if data.court[c].patriot is not None and data.court[c].patriot == coalition)
    if state.lasting.get("rumor") == seat:
        patriots = 0
    prizes = sum(1 for c in player.prizes if data.court[c].prize == coalition)
    gifts = len(player.gifts)
    if "embarrassment_of_riches" in state.lasting:
        gifts = 0
    elif state.lasting.get("koh_i_noor_recovered") == seat:
        gifts *= 2
    return 1 + patriots + prizes + gifts


def scoring_influence(state: State) -> dict[int, dict[Coalition, int]]:
    """What each seat scores with in a successful check: a player in their coalition, Wakhan in all three."""
    return {
        seat: {c: influence(state, seat, c) for c in (COALITIONS if p.wakhan else (p.loyalty,))}
        for seat, p in enumerate(state.players)
        if p.loyalty is not None
    }


def pragmatic_loyalty(state: State) -> Coalition | None:
    """Wakhan's pragmatic loyalty (spec B3): the leftmost coalition on her face card that no human holds. Her
    rules are written for one or two humans; with three humans holding all three coalitions she has none."""
    face = state.ai_face
    if face is None:
        return None
    held = {p.loyalty for p in state.players if not p.wakhan}
    return next((c for c in game_data().ai_cards[face].pragmatic_loyalty if c not in held), None)


def ruling_pieces(state: State, seat: int, region: Region) -> int:
    """A player's tribes in the region plus the armies of their coalition there. Wakhan's armies are those of
    her pragmatic coalition (first printing, the default) or the largest single coalition's (second printing)."""
    player = state.players[seat]
    if player.wakhan and state.wakhan_printing == 2:
        armies = max(state.armies[region].values(), default=0)
    else:
        armies = state.armies[region].get(player.loyalty, 0) if player.loyalty is not None else 0
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


def dominance_margin(state: State) -> int:
    """How far the leading coalition must lead: 4 blocks, 2 under Conflict Fatigue."""
    return 2 if "conflict_fatigue" in state.lasting else 4


def dominant(state: State) -> Coalition | None:
    """The coalition that would pass a dominance check now."""
    return dominant_coalition({c: state.blocks_in_play(c) for c in COALITIONS}, dominance_margin(state))


def military_favored(state: State) -> bool:
    return state.favored == "military"
