"""The Polish solo opponent's turn, step by step as the text gives it, each step with its reason.

Quotes are from the English translation beside the Polish text (``shared/rules/001_79b987f101662473.en.md``); the
W numbers are the spec's readings of what it leaves open (:mod:`engines.whitecastle.options`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from engines.base import Decision, IllegalAction, Problem, ReadError, Reason
from engines.whitecastle import actions, difficulty, rules
from engines.whitecastle.board import ZONE_NAMES, Difficulty, place_name
from engines.whitecastle.deck import Card, DieRef, Op, SoloDeck
from engines.whitecastle.options import BotOptions
from engines.whitecastle.state import Die, State

DRAW = 'text: "draws cards ... until one of the indicated dice on the corresponding Bridge is available"'
NEW_ROUND = 'text: "At the start of each round, shuffle the cards from the discard pile together with the cards left"'
RUN_OUT = 'text: "If the opponent\'s deck runs out, shuffle the discard pile to make a new deck"'
MATCH = 'text: "find any free space with two Die tokens of the same colour and place the die on it"'
PICTURED = 'text: "If the space shown on the card ... is available ... move the die to that space"'
WRAP = 'text: "move the die to the first available space to the right of the space shown (wrapping around ...)"'
WELL = 'text: "If the ZONE is occupied, move the die to the Well area and pay out the coins due"'
LAST = 'text: "carry out the actions of the last revealed card"'
DISCARD = 'text: "After the opponent\'s actions are resolved, put the revealed cards on the discard pile"'
WELL_GAIN = {
    "easy": 'text, Well, EASY: "gains 1 Influence and 1 Clan Point"',
    "medium": 'text, Well, MEDIUM: "gains 1 Influence and 1 Clan Point"',
    "hard": 'text, Well, HARD: "gains Influence and Clan Points equal to the current round number"',
}
WELL_PART = 'text, Well: "an odd result ... the upper part of the last revealed card ... even ... the lower part"'
MEDIUM = '"Influence and Clan Points equal to the number of the current round"'
HARD = '"it reveals another card and carries out its actions"'
NONE_LEFT = (
    'text L40: "Whenever the opponent must move a Courtier and none is available, it places a Courtier at the Castle'
    ' Gate instead"'
)
TWO_FLOORS = (
    'text L40: "If it had to move a Courtier 2 floors and none were available, it would first place a Courtier at the'
    ' Castle Gate and then move it to the first floor"'
)
GATE_FULL = (
    'text L41: "if the opponent must move a Courtier to the Castle Gate and none is available, it moves a Courtier 1'
    ' floor of the Castle higher instead"'
)
NO_MOVE = "L40-L41: the move and each substitute the text gives tried once, and none can be made"
PLACES = {
    "supply": "the supply",
    "gate": "the Castle Gate",
    "first_floor": "the First Floor",
    "second_floor": "the Second Floor",
    "daimyo": "the Daimyo (Third Floor)",
}


@dataclass(frozen=True)
class CourtierStep:
    """One courtier move the bot must make: ``up`` ``floors``, or ``gate`` (from the supply; ``then_first``: on to the
    First Floor, L40's two-floor case)."""

    move: Literal["up", "gate"]
    floors: int = 0
    then_first: bool = False

    def substitute(self) -> tuple[CourtierStep, str]:
        """What the text puts in its place when it cannot be made, and the line that says so."""
        if self.move == "up":
            return (
                (CourtierStep("gate", then_first=True), TWO_FLOORS)
                if self.floors == 2
                else (CourtierStep("gate"), NONE_LEFT)
            )
        return CourtierStep("up", 1), GATE_FULL


@dataclass
class BotTurn:
    """One turn of the bot: applies each step to ``state`` as it decides it, and keeps the decisions."""

    state: State
    deck: SoloDeck
    rng: random.Random
    options: BotOptions = field(default_factory=BotOptions)
    on_step: Callable[[Decision[actions.Action], State], None] | None = None  # the state after each step (the planner)
    announce: str = ""  # said before the first step's words ("SAMPLE DATA")
    level: Difficulty | None = None  # chosen for this turn (a table's panel or page); None: the state's
    decisions: list[Decision[actions.Action]] = field(default_factory=list)

    def play(self) -> list[Decision[actions.Action]]:
        state = self.state
        for action, rule, text in difficulty.steps(state, self.level, self.options) if self.level else ():
            self._step(action, rule, text)  # the start before the first turn, or a change of level after it
        if state.turns_taken == 0 and state.discard:  # a table read at a round's start: its first bot turn
            text = f"shuffles its discard pile into its deck for round {state.round}"
            self._step(rules.shuffled(state, self.rng), NEW_ROUND, text)
        found = self._find_die()
        if found is None:
            self._step(
                actions.DiscardRevealed(), "W10 skip", "no indicated die is free on any card: the bot skips its turn"
            )
            return self.decisions
        card, ref, why = found
        value = rules.die_at(self.state, ref.bridge, ref.end)
        self._step(actions.TakeDie(ref.bridge, ref.end), why, f"takes the {ref.bridge} {ref.end} die ({value})")
        die = self.state.held
        assert die is not None
        self._place(card, die)
        self._step(
            actions.DiscardRevealed(), DISCARD, f"discards the revealed cards ({', '.join(self.state.revealed)})"
        )
        return self.decisions

    # --- finding a die -----------------------------------------------------------------------------------------

    def _find_die(self) -> tuple[Card, DieRef, str] | None:
        while True:
            card = self._reveal(DRAW)
            if card is None:
                return self._fallback()
            if card.zone == "other" and self.options.other_zone == "redraw":
                continue
            free = [d for d in card.dice if rules.die_at(self.state, d.bridge, d.end) is not None]
            if not free:
                continue
            if self.options.several_dice == "most_coins" and len(free) > 1:
                best = max(free, key=lambda d: rules.die_at(self.state, d.bridge, d.end) or 0)
                return card, best, f"{DRAW}; W4: of its free dice, the one that brings the most coins"
            rule = f"{DRAW}; W4: the first free die printed" if len(card.dice) > 1 else DRAW
            return card, free[0], rule

    def _reveal(self, rule: str) -> Card | None:
        if not self.state.deck and self.state.discard:
            self._step(
                rules.shuffled(self.state, self.rng), RUN_OUT, "its deck ran out: the discard pile becomes its deck"
            )
        if not self.state.deck:
            return None
        card = self.deck.card(self.state.deck[0])
        dice = ", ".join(f"{d.bridge} {d.end}" for d in card.dice)
        where = place_name(card.zone, card.space) if card.zone in ZONE_NAMES else "a space outside the zones"
        self._step(actions.Reveal(card.id), rule, f"reveals card {card.id}: dice {dice}; {where}")
        return card

    def _fallback(self) -> tuple[Card, DieRef, str] | None:
        """W10: every card revealed and no indicated die free."""
        if self.options.no_die == "skip" or not self.state.revealed:
            return None
        bridge = next((c for c in rules.COLOURS if self.state.bridges[c]), None)
        if bridge is None:  # bot_turn refuses such a state first: kept total all the same
            raise no_die_left(self.state)
        card = self.deck.card(self.state.revealed[-1])
        return card, DieRef(bridge=bridge, end="low"), "W10: every card revealed; the low die of the first bridge"

    # --- placing it ----------------------------------------------------------------------------------------------

    def _place(self, card: Card, die: Die) -> None:
        state, zone = self.state, card.zone
        if zone == "first_floor":
            rooms = self._matching_rooms(die)
            if rooms:
                room = self._pick_room(rooms, card.space)
                tiles = "/".join(state.spaces[zone][room - 1].tiles)
                self._put(die, zone, room, MATCH + "; W1, W2", f"{place_name(zone, room)} ({tiles} tiles)")
                self._card_actions(card.top + card.bottom, LAST)
                self._bonus(card)
                return
        if zone in ("first_floor", "second_floor", "outside_walls"):
            free = rules.free_spaces(state, zone)
            if card.space in free:
                self._put(die, zone, card.space, PICTURED, f"{place_name(zone, card.space)}, as pictured")
            elif free:
                later = [s for s in free if s > card.space]
                space = later[0] if later else free[0]
                where = f"{place_name(zone, space)} ({place_name(zone, card.space)} is taken)"
                self._put(die, zone, space, WRAP, where)
            else:
                self._well(card, die, f"{ZONE_NAMES[zone]} is full")
                return
            self._card_actions(card.top + card.bottom, LAST)
            if self.options.bonus_scope == "every_placement":
                self._bonus(card, rule="W3 every placement")
            return
        self._well(card, die, "the card pictures a space outside the three zones (W14)")

    def _matching_rooms(self, die: Die) -> list[int]:
        """Free First Floor rooms with two tiles of one colour: the die's own (W1 ``die``) or any."""
        out = []
        for room in rules.free_spaces(self.state, "first_floor"):
            tiles = self.state.spaces["first_floor"][room - 1].tiles
            colours = [die.colour] if self.options.match_colour == "die" else list(set(tiles))
            if any(tiles.count(c) >= 2 for c in colours):
                out.append(room)
        return out

    def _pick_room(self, rooms: list[int], pictured: int) -> int:
        """W2: the leftmost matching room; or scanning left from the pictured one, wrapping around."""
        if self.options.match_pick == "leftmost":
            return rooms[0]
        size = len(self.state.spaces["first_floor"])
        order = [(pictured - 1 - i) % size + 1 for i in range(size)]
        return next(r for r in order if r in rooms)

    def _put(self, die: Die, zone: str, space: int, rule: str, where: str) -> None:
        coins = rules.coins_for(die, zone, self.options)
        self._step(actions.PlaceDie(zone, space), rule, f"places the {die.colour} {die.value} on {where}")
        if coins:
            self._step(
                actions.Gain("coins", coins),
                "coins: a die above the space's value gains the difference",
                f"+{coins} coins ({die.value} on a space of {rules.space_value(zone)}; the bot never pays)",
            )

    def _well(self, card: Card, die: Die, why: str) -> None:
        coins = rules.coins_for(die, "well", self.options)
        self._step(actions.PlaceDie("well"), WELL, f"places the {die.colour} {die.value} in the Well: {why}")
        if coins:
            self._step(
                actions.Gain("coins", coins), f"{WELL}; W5", f"+{coins} coins (the die's {die.value} less the Well's 1)"
            )
        level, rnd = self.state.difficulty, self.state.round
        n = rnd if level == "hard" else 1
        self._gain_both(n, WELL_GAIN[level])
        if level != "easy":
            odd = die.value % 2 == 1
            part, ops = ("upper", card.top) if odd else ("lower", card.bottom)
            self._card_actions(ops, f"{WELL_PART} ({level.upper()}: a {die.value}, the {part} part)")

    def _bonus(self, card: Card, rule: str = "") -> None:
        level, rnd = self.state.difficulty, self.state.round
        if level == "easy":
            self._gain_both(1, f'{rule or "text, First Floor"}, EASY: "it gains 1 Influence and 1 Clan Point"')
        elif level == "medium":
            self._gain_both(rnd, f"{rule or 'text, First Floor'}, MEDIUM: {MEDIUM}")
        else:
            extra = self._reveal(f"{rule or 'text, First Floor'}, HARD: {HARD}")
            if extra is not None:
                ops = extra.top + extra.bottom if self.options.hard_extra == "both" else extra.top
                self._card_actions(
                    ops, f"HARD extra card {extra.id}; W11 ({self.options.hard_extra}): its dice and space are ignored"
                )

    def _gain_both(self, n: int, rule: str) -> None:
        self._step(actions.Gain("influence", n), rule, f"+{n} Influence")
        self._step(actions.Gain("clan_points", n), rule, f"+{n} clan point{'s' if n > 1 else ''}")

    # --- the card's actions ------------------------------------------------------------------------------------

    def _card_actions(self, ops: list[Op], rule: str) -> None:
        for op in ops:
            self._op(op, rule)

    def _op(self, op: Op, rule: str) -> None:
        if op.op in ("influence", "clan_points", "coins"):
            assert op.n is not None
            words = {"influence": "Influence", "clan_points": "clan points", "coins": "coins"}[op.op]
            self._step(actions.Gain(op.op, op.n), rule, f"+{op.n} {words}")
        elif op.op == "courtier_gate":
            self._courtier(CourtierStep("gate"), rule)
        elif op.op == "courtier_up":
            assert op.floors is not None
            self._courtier(CourtierStep("up", op.floors), rule)
        else:
            assert op.text is not None
            self._step(actions.Manual(op.text), f"{rule}; {op.op}: carried out by hand", op.text)

    def _courtier(self, wanted: CourtierStep, rule: str) -> None:
        """The courtier move, or when it cannot be made the text's substitute (L40: to the Castle Gate; L41: 1 floor
        up), and so on until one can: each kind of move is tried once (the two substitutes lead to each other), so
        the chain ends, with nothing moved if none applies. Every step is a decision of its own."""
        step, why, tried = wanted, rule, set[tuple[str, int]]()
        while (step.move, step.floors) not in tried:
            tried.add((step.move, step.floors))
            moves = self._courtier_moves(step)
            if moves:
                instead = "instead, " if step != wanted else ""
                first = f"{why}; W9 ({self.options.courtier})" if step.move == "up" else why
                for i, move in enumerate(moves):  # a climb's next floor follows the line its first one did
                    text = f"a courtier from {PLACES[move.frm]} to {PLACES[move.to]}"
                    self._step(move, first if i == 0 else why, (instead if i == 0 else "and on: ") + text)
                return
            self._step(actions.CannotMove(step.move, step.floors, step.then_first), why, self._cannot(step))
            step, why = step.substitute()
        self._step(actions.NoEffect("no courtier can move"), NO_MOVE, "no courtier can move: nothing happens")

    def _courtier_moves(self, step: CourtierStep) -> list[actions.CourtierTo]:
        if step.move == "up":
            return rules.courtier_moves(self.state, step.floors, self.options)
        if not self.state.courtiers["supply"]:
            return []
        return [actions.CourtierTo("supply", "gate")] + (
            [actions.CourtierTo("gate", "first_floor")] if step.then_first else []
        )

    def _cannot(self, step: CourtierStep) -> str:
        if step.move == "gate":
            on = " (and move on to the First Floor)" if step.then_first else ""
            return f"no courtier is left in the supply to place at the Castle Gate{on}"
        starts = rules.courtier_starts(step.floors)
        where = (
            ", ".join(PLACES[f] for f in starts[:-1]) + f" or {PLACES[starts[-1]]}"
            if len(starts) > 1
            else PLACES[starts[0]]
        )
        return f"no courtier can climb {step.floors} floor{'s' if step.floors > 1 else ''}: none on {where}"

    def _step(self, action: actions.Action, rule: str, text: str) -> None:
        if self.announce and not self.decisions:
            text = f"{self.announce}: {text}"
        decision = Decision(action, Reason(rule, text))
        self.decisions.append(decision)
        rules.apply(self.state, action, self.rng, self.deck, self.options)
        if self.on_step is not None:
            self.on_step(decision, self.state)


def no_die_left(state: State) -> ReadError:
    """Every bridge empty on the bot's turn: no state of a game (a round leaves three dice on the bridges), so a
    table read wrong or set up by hand; named, and nothing moves (W10's fallback has no die to take either)."""
    return ReadError(
        [
            Problem(
                f"no die on any bridge (red, black, white) on the bot's turn {state.turns_taken + 1} of round "
                f"{state.round}, yet a round takes six of the nine dice (three turns each) and three stay on the "
                "bridges until it ends: the dice were read off their bridges or moved by hand"
            )
        ]
    )


def bot_turn(
    state: State,
    deck: SoloDeck,
    rng: random.Random,
    options: BotOptions | None = None,
    *,
    on_step: Callable[[Decision[actions.Action], State], None] | None = None,
    announce: str = "",
    level: Difficulty | None = None,
) -> list[Decision[actions.Action]]:
    """The bot's whole turn, applied to ``state`` (pass a copy to plan), and its decisions with their reasons.
    ``level``: the difficulty chosen for this turn on a table (:mod:`engines.whitecastle.difficulty`)."""
    if state.over:
        raise IllegalAction("the game is over")
    if state.to_move != "bot":
        taken = f"{state.turns_taken} {'die' if state.turns_taken == 1 else 'dice'} taken this round"
        raise IllegalAction(f"it is the person's turn ({taken}): take yours first")
    if not state.dice_left():
        raise no_die_left(state)
    return BotTurn(state, deck, rng, options or BotOptions(), on_step, announce, level).play()
