"""The spec's Wakhan turn scenarios (B15) as states, shared by the in-process tests and the saves built for
``automa decide``: Wakhan in seat 0 on turn, with her face card drawn."""

from __future__ import annotations

from engines.paxpamir.state import State
from tests.paxpamir.test_wakhan import DC, wakhan_table


def s1() -> State:
    """Move and Betray SKIP; she radicalizes at the arrows and places a road."""
    return wakhan_table("british", face=12, back=1, market={"B1": 9, "B0": 30})


def s2() -> State:
    """Two radicalizes, the second along the other row."""
    return wakhan_table("british", face=7, back=8, rupees=3, market={"T3": 18, "B0": 57, "T0": 30, "T1": 31, "T2": 32})


def s7_final(printing: int) -> State:
    """Variant A of S7: the last Dominance Check, which would tie her for the lead."""
    s = wakhan_table("british", "russian", rupees=3, market={"T2": DC, "T0": 30, "T1": 31}, printing=printing)
    s.deck = [20, 21]
    for seat, vp in enumerate((10, 7, 9)):
        s.players[seat].vp = vp
    s.tribes["kabul"] = [0] * 5 + [1] * 5 + [2] * 2  # pays 4 / 4 / 0
    return s


def s11() -> State:
    """A tax, then a betrayal (the prize kept), then a radicalize; no bonus phase."""
    s = wakhan_table("british", face=8, back=1, rupees=4, market={"T0": 30, "T1": 31, "T2": 32, "T3": 33})
    s.favored = "economic"
    s.players[0].court = [61, 16]
    s.tribes["herat"] = [0]
    s.players[1].court, s.players[1].rupees = [54, 13], 5
    s.spies[13] = [0]
    return s


def s13() -> State:
    """Battle in the first region with her army and a target, the red arrow's seat first."""
    s = wakhan_table("british", "russian", face=5, back=2)
    s.players[0].court = [59]  # Tajik Warband: battle, rank 2
    s.armies["kandahar"] = {"afghan": 2, "british": 1}
    s.tribes["kandahar"] = [1, 2]
    s.roads["kandahar_punjab"] = {"russian": 1}
    return s


def s14() -> State:
    """Both move steps go from Transcaspia to Kabul."""
    s = wakhan_table("british", face=15, back=1)
    s.players[0].court = [2]
    s.tribes["transcaspia"], s.armies["transcaspia"] = [0, 1], {"russian": 3}
    s.tribes["kabul"] = [1, 1]
    return s


def human_bribe() -> State:
    """She buys a Herat card while White rules Herat: she owes White a bribe of 1 to play it."""
    s = wakhan_table("british", face=12, back=1, market={"B1": 57, "B0": 30})
    s.tribes["herat"] = [1]
    return s
