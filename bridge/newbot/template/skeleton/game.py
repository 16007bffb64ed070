"""skeleton as a Tabletop Automa game plugin: the class the entry point names, tying the parts together.

Only :mod:`engines.base`'s abstract methods must be written; every other hook (the person's moves, checking a
turn, owner data, self-play) has a default that says the game does not offer it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from bridge.commands import Command
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options, Outcome

from . import bot, planner, reader
from . import table as layout
from .state import BOT, Action, State


class SkeletonGame(Game[State, Action]):
    name = layout.GAME
    title = "Skeleton"

    def read(self, table: Table) -> State:
        return reader.read(table)

    def decide(self, state: State, rng: random.Random, options: Options) -> list[Decision[Action]]:
        return bot.decide(state, rng, bot.bot_options(options.rules))

    def plan(self, state: State, decision: Decision[Action], table: Table) -> list[Command]:
        return planner.plan(state, decision.action)

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        return layout.build_table()  # nothing dealt at random: the seed is not needed

    def outcome(self, state: State, options: Options, previous: object = None) -> Outcome | None:
        """The game ends when every space is taken; whoever holds more spaces wins."""
        if state.empty():
            return None
        bot_spaces = state.spaces.count(BOT)
        person_spaces = len(state.spaces) - bot_spaces
        winner = "the bot" if bot_spaces > person_spaces else "you"
        return Outcome(winner, "every space is taken", f"bot {bot_spaces}, you {person_spaces}")
