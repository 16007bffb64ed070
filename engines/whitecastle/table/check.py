"""Check my turn: whether what the person moved by hand since the bot's last turn is one legal turn of theirs, as
far as the table shows it: one die from a bridge end onto a free space, the Well or their domain, showing the face it
had, and their coins marker moved by what it brings or costs. What the space's card gives is theirs to carry out
(the cards are not modelled), so it is not checked; nor are the bot's pieces, which the bot's next read names."""

from __future__ import annotations

from collections import Counter

from engines.whitecastle import rules
from engines.whitecastle.board import ZONES, place_name
from engines.whitecastle.state import Die, State

UNCHECKED = "what the space's card or your domain gives is yours to carry out: not checked"


def check_turn(before: State, now: State) -> tuple[bool, list[str]]:
    """(legal, the lines for the chat) for the table ``now`` against the state the bot's last turn left."""
    if now.round != before.round:
        return True, [f"round {now.round} has begun (the dice are rolled again): nothing of your turn to compare"]
    taken = before.dice_left() - now.dice_left()
    if taken == 0:
        return False, ["nothing has changed since the bot's turn: take a die from one end of a bridge"]
    if taken != 1:
        return False, [f"{taken} dice have left the bridges since the bot's turn: a turn takes one"]
    colour = next(c for c in before.bridges if len(now.bridges[c]) < len(before.bridges[c]))
    dice = before.bridges[colour]
    ends = {"low": dice[1:], "high": dice[:-1]}
    end = next((e for e, rest in ends.items() if now.bridges[colour] == rest), None)
    if end is None:
        return False, [f"a die left the middle of the {colour} bridge ({dice} before): take one from an end"]
    value = dice[0] if end == "low" else dice[-1]
    return _placed(before, now, Die(colour, value), end)


def _placed(before: State, now: State, die: Die, end: str) -> tuple[bool, list[str]]:
    """Where the die went, the face it shows and the coins it brought or cost."""
    zone, space, shown = _where(before, now)
    where = place_name(zone, space) if zone in ZONES else "the Well" if zone == "well" else "your domain"
    if shown is not None and shown != die:
        return False, [
            f"{where} shows the {shown.colour} {shown.value}; the die taken was the {die.colour} "
            f"{die.value} ({end} end): a die keeps its face"
        ]
    coins = rules.person_coins(die.value, zone)
    had, reads = before.person.tracks["coins"], now.person.tracks["coins"]
    if had + coins < 0:
        return False, [f"the {die.colour} {die.value} on {where} costs {-coins} coins and you had {had}"]
    what = f"+{coins} coins" if coins > 0 else f"it costs {-coins} coins" if coins < 0 else "no coins either way"
    move = f"your turn: the {die.colour} {die.value} ({end} end) to {where}: {what}"
    if reads != had + coins:
        return False, [f"{move}, so your coins marker should read {had + coins}; it reads {reads}"]
    return True, [f"{move}; your coins marker reads {reads}, as it should", UNCHECKED]


def _where(before: State, now: State) -> tuple[str, int, Die | None]:
    """The space (zone, index) or the Well that holds a die it did not hold before, and that die; else your domain,
    which the state does not keep."""
    for zone in ZONES:
        for i, (was, is_) in enumerate(zip(before.spaces[zone], now.spaces[zone], strict=True), start=1):
            if was.die is None and is_.die is not None:
                return zone, i, is_.die
    added = Counter(now.well) - Counter(before.well)
    if added:
        return "well", 0, next(iter(added))
    return "domain", 0, None
