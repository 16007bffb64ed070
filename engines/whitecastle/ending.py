"""The game's end as the table shows it: both final scores, and the winner once the bot can tell.

The person's score is read from their markers and courtiers (``rules.person_score``); what their gardeners,
warriors and leftover resources score is not counted (no marker shows a garden or yard; the spec gives leftover
resources no rate), so they add it on their clan-point marker and then move the round marker past round
3, to its space "done". Until then the bot names the winner only where those points cannot change it (the
person already leads: they only add), and otherwise says the count the person must make.
"""

from __future__ import annotations

from engines.base import Outcome
from engines.whitecastle import rules
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import State

WORDS = {"clan_points": "clan points", "time_track": "Passage of Time", "coins_and_seals": "coins and seals ÷ 5"}


def said(score: dict[str, int]) -> str:
    """A final score in words: its total, then each part."""
    parts = ", ".join(f"{WORDS.get(k, k.replace('_', ' '))} {v}" for k, v in score.items() if k != "total")
    return f"{score['total']} ({parts})"


def ending(state: State, deck: SoloDeck) -> Outcome:
    """Who won a finished game (``state.over``), why, and both scores."""
    bot, you = rules.bot_score(state, deck)["total"], rules.person_score(state, deck)["total"]
    score = f"you {said(rules.person_score(state, deck))}; the bot {said(rules.bot_score(state, deck))}"
    if deck.time_track is None:
        score += "; the Passage of Time scores nothing for either: the deck file has no time_track"
    if state.scored:
        why = "the last round is played and your final scoring is done (the round marker says so)"
        if you == bot:
            return Outcome(
                f"a tie at {you}: the rulebook's tie-breaker decides, which the table does not show",
                why,
                score,
                decided=False,
            )
        return Outcome("you" if you > bot else "the bot", why, score)
    if you > bot:
        return Outcome("you", f"the last round is played and you lead: {rules.UNREAD_SCORING} only add to it", score)
    need = bot - you + 1
    return Outcome(
        f"the bot leads {bot} to {you}: add what {rules.UNREAD_SCORING} score to your clan-point marker ({need} more "
        "and you win), then move the round marker to its last space, 'done'",
        "the last round is played",
        score,
        decided=False,
    )
