"""The base and solo rules the bot needs: Lookout, the action phase's turns and passing, connection claims, attacks,
the person's interactions with the bot, the 25-point trigger, cleanup and the final count."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Literal

from engines.base import IllegalAction
from engines.fiftyfirst import actions
from engines.fiftyfirst.cards import Achievement, Locations
from engines.fiftyfirst.options import BotOptions
from engines.fiftyfirst.state import Place, State

Seat = Literal["person", "bot"]
END_AT = 25  # points that trigger the end ("when either you or the virtual player reaches 25")
LOOKOUT_TURN: dict[int, Seat] = {0: "bot", 1: "person", 2: "bot", 3: "person", 4: "bot"}


def new_game(cards: Locations, rng: random.Random, *, hand: int = 3) -> State:
    """Set-up: both scores at 0, the person first; the deck shuffled; the person's starting hand (self-play)."""
    deck = cards.deck()
    rng.shuffle(deck)
    state = State(deck=deck)
    state.hand = [draw(state, rng) for _ in range(hand)]
    return state


def to_move(state: State) -> Seat | None:
    if state.phase == "over":
        return None
    if state.phase == "lookout":
        return LOOKOUT_TURN[state.lookout_step]
    if state.choosing and state.chosen is None:
        return "person"  # the bot asked which of the tied locations it razes
    return state.turn


def draw(state: State, rng: random.Random) -> str:
    """The deck's top card; an empty deck is the discard pile shuffled first."""
    if not state.deck:
        state.deck, state.discard = state.discard, []
        rng.shuffle(state.deck)
    if not state.deck:
        raise IllegalAction("the deck and the discard pile are both empty")
    return state.deck.pop(0)


def apply(state: State, action: actions.Action, rng: random.Random, cards: Locations, options: BotOptions) -> None:
    match action:
        case actions.Deal():
            state.connections = {pile: _reveal(state, pile) for pile in ("blue", "red")}
            state.dealt = True
            state.lookout = []
            if not left_to_draw(state):
                state.lookout_step = 1
                _skip_empty_lookout(state)
        case actions.LookoutCard(card):
            top = draw(state, rng)
            if top != card:
                raise IllegalAction(f"the deck's top card is {top}, not {card}")
            state.lookout.append(card)
            if len(state.lookout) == 4 or not left_to_draw(state):
                state.lookout_step = 1
                _skip_empty_lookout(state)
        case actions.Reshuffle(order):
            if sorted(order) != sorted(state.deck + state.discard):
                raise IllegalAction("a reshuffled deck holds the deck's and the discard pile's cards")
            state.deck, state.discard = list(order), []
        case actions.PersonPick(card):
            _take_from_lookout(state, card)
            state.hand.append(card)
            state.lookout_step += 1
            _skip_empty_lookout(state)
        case actions.BotTake(card, source):
            if source == "deck":
                top = draw(state, rng)
                if top != card:
                    raise IllegalAction(f"the deck's top card is {top}, not {card}")
            else:
                _take_from_lookout(state, card)
            state.bot.append(card)
            state.bot_pts += options.lookout_scores
            if source == "random":
                state.lookout_step = 3
                _skip_empty_lookout(state)
            elif source == "deck" or not left_to_draw(state):
                state.phase, state.turn = "action", "person"  # "You always play first during the Action Phase"
        case actions.Claim(pile):
            if not state.connections.get(pile):
                raise IllegalAction(f"no face-up card on the {pile} connection pile")
            state.connections[pile] = options.connection_refill and _reveal(state, pile)
            state.bot_pts += 2
            _after_bot(state)
        case actions.Attack(card):
            top = draw(state, rng)
            if top != card:
                raise IllegalAction(f"the deck's top card is {top}, not {card}")
            state.attack_pile.append(card)
            state.attacks += 1
        case actions.Miss():
            _after_bot(state)
        case actions.AskTarget(places):
            state.choosing, state.chosen = places, None
        case actions.Blocked(place):
            state.choosing, state.chosen = (), None
            state.person[place].protected = False
            if options.protected_card == "discarded":
                state.discard.append(state.attack_pile.pop())
            _after_bot(state)
        case actions.Raze(place):
            state.choosing, state.chosen = (), None
            state.person[place].ruins = True
            state.bot_pts += 2
            _after_bot(state)
        case actions.Fee(n):
            if n != state.bot_uses:
                raise IllegalAction(f"{state.bot_uses} of your workers are on the bot's open productions, not {n}")
            state.bot_pts += n
            state.bot_uses = 0
        case actions.Pass():
            state.bot_passed = True
            if state.attacks >= 3:  # "At that point, discard the cards in the attack pile" (fewer with D4 discarded)
                state.discard += state.attack_pile
                state.attack_pile = []
            _after_bot(state)
        case actions.Cleanup():
            _cleanup(state, cards, options)
        case actions.GameOver():
            pass
        case actions.PersonAction():
            _person(state, action, cards)
    if max(state.person_pts, state.bot_pts) >= END_AT:
        state.end_triggered = True


def _reveal(state: State, pile: str) -> bool:
    """L14 "Reveal the top card of each of the Connection piles": a card turns up only where one is left."""
    if state.connections_left.get(pile, 0) <= 0:
        return False
    state.connections_left[pile] -= 1
    return True


def left_to_draw(state: State) -> int:
    return len(state.deck) + len(state.discard)


def _skip_empty_lookout(state: State) -> None:
    """A Lookout row emptied early (the deck ran dry): the picks that have no card left are skipped."""
    while state.lookout_step in (1, 2, 3) and not state.lookout:
        state.lookout_step += 1
    if state.lookout_step == 4 and not state.lookout and not left_to_draw(state):
        state.phase, state.turn = "action", "person"


def _take_from_lookout(state: State, card: str) -> None:
    if card not in state.lookout:
        raise IllegalAction(f"{card} is not in the Lookout row")
    state.lookout.remove(card)


def _after_bot(state: State) -> None:
    """The person acts next, unless they have passed: then the bot goes on (to pass, and to the cleanup)."""
    state.turn = "bot" if state.person_passed else "person"


def _person(state: State, action: actions.PersonAction, cards: Locations) -> None:
    if action.kind == "choose":
        if action.place not in state.choosing:
            raise IllegalAction(f"place {action.place} is not one of the tied locations {state.choosing}")
        state.chosen = action.place
        return
    if state.phase != "action" or state.turn != "person" or state.person_passed:
        raise IllegalAction("it is not the person's action")
    match action.kind:
        case "build":
            state.hand.remove(action.card)
            state.person.append(Place(action.card))
        case "use":
            state.person[action.place].activations += 1
        case "score":
            state.person_pts += action.n
        case "raze_bot" | "use_bot":
            if state.bot_passed:
                raise IllegalAction("the bot has passed: its locations can no longer be razed or used (D12)")
            if action.card not in state.bot:
                raise IllegalAction(f"{action.card} is not in the bot's state")
            if action.kind == "raze_bot":  # "When you Raze a virtual player's Location, it is discarded"
                state.bot.remove(action.card)
                state.discard.append(action.card)
            else:  # L62 "When you send a [worker] to an Open Production location": one worker, one use
                if cards.card(action.card).cls != "production_open":
                    raise IllegalAction(f"{action.card} is no open production")
                if state.workers < 1:
                    raise IllegalAction("you have no worker on your faction board to send (L62)")
                state.workers -= 1
                state.bot_uses += 1  # the bot scores it on its turn (D3: +1 instead of the worker)
        case "claim":
            state.connections[action.pile] = False
        case "raze_hand":  # razing a card from hand for its spoils: the card is discarded
            state.hand.remove(action.card)
            state.discard.append(action.card)
        case "own":
            pass  # an action of the person's own economy: the bot's turn follows
        case "pass":
            state.person_passed = True
    state.turn = "bot" if not state.bot_passed or state.person_passed else "person"


def final_count(state: State, options: BotOptions) -> dict[str, int]:
    """ "add 1 to your score for each Location in your State. Do the same for the virtual player." (D7: Ruins 0)"""
    kept = [p for p in state.person if options.ruins_score or not p.ruins]
    return {"person": state.person_pts + len(kept), "bot": state.bot_pts + len(state.bot)}


def achievement(points: int, table: Sequence[Achievement]) -> str:
    """L76 "If you win, you can compare your score to the following table": the owner's table when their data holds
    it; else the rule text's two surviving lines (L80-L81), of which only "70+" reads plainly."""
    if table:
        best = max((a for a in table if a.points <= points), key=lambda a: a.points, default=None)
        lines = ", ".join(f"{a.points}+ {a.title}" for a in sorted(table, key=lambda a: a.points))
        return f"Achievement Table: {best.title if best else 'below its first line'} ({lines})"
    if points >= 70:
        return 'Achievement Table: Grand Master (L81 "70+Grand Master")'
    return (
        'Achievement Table (L78-L81): the rule text keeps only "30 >Mutant" and "70+Grand Master": look your '
        f"{points} up in your rulebook's table"
    )


def _cleanup(state: State, cards: Locations, options: BotOptions) -> None:
    if not (state.person_passed and state.bot_passed):
        raise IllegalAction("the round ends when both have passed")
    state.discard += state.attack_pile
    state.attack_pile, state.attacks = [], 0
    state.connections = {"blue": False, "red": False}
    for place in state.person:
        place.activations = 0
    state.person_passed = state.bot_passed = False
    if state.end_triggered:
        state.final = final_count(state, options)
        state.phase = "over"
        return
    state.round += 1
    state.phase, state.lookout_step, state.dealt = "lookout", 0, False


def person_actions(state: State, cards: Locations) -> Iterator[actions.Action]:
    """The person's choices as far as the bot's model reaches (self-play's scripted person picks among them)."""
    if state.phase == "lookout" and LOOKOUT_TURN[state.lookout_step] == "person":
        for card in sorted(set(state.lookout)):
            yield actions.PersonPick(card)
        return
    if state.phase != "action" or state.turn != "person" or state.person_passed:
        return
    for card in sorted(set(state.hand)):
        yield actions.PersonAction("build", card=card)
    for i, place in enumerate(state.person):
        c = cards.card(place.card)
        if c.cls == "action" and not place.ruins and place.activations < (c.activation_limit or 1):
            yield actions.PersonAction("use", place=i)
    yield actions.PersonAction("score", n=1)
    if not state.bot_passed:
        for card in sorted(set(state.bot)):
            yield actions.PersonAction("raze_bot", card=card)
            if cards.card(card).cls == "production_open" and state.workers:
                yield actions.PersonAction("use_bot", card=card)
    for card in sorted(set(state.hand)):
        yield actions.PersonAction("raze_hand", card=card)
    for pile, up in sorted(state.connections.items()):
        if up:
            yield actions.PersonAction("claim", pile=pile)
    yield actions.PersonAction("pass")
