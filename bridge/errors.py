"""The root of the project's errors: anything the person can act on (their input, their table, their TTS) is an
:class:`AutomaError`, and ``automa`` prints its text as one line; anything else is a bug and keeps its traceback.

A leaf: it imports nothing, so every layer (the wire protocol, the table model, the games) can raise from it.
Errors that were a built-in's before the root existed keep that base too, so an ``except ValueError`` written
against them still holds. The family, each raised where it is defined::

    AutomaError
    ├── UsageError (ValueError)          bridge/errors.py: a command, option or value given cannot be taken
    ├── MissingFeature                   bridge/errors.py: the game lacks what was asked of it
    │   └── Unanswered                   engines/paxpamir/wakhan/respond.py: a choice Wakhan does not make yet
    ├── IllegalAction (ValueError)       engines/base.py: an action the rules, or the moment, forbid
    ├── TableProblem (ValueError)        engines/base.py: the table lacks what carrying out a turn needs
    ├── ReadError                        engines/base.py: the table is no legal state of the game
    ├── UnknownGame (KeyError)           engines/registry.py: no game of that name is installed
    ├── OwnerDataError (ValueError)      engines/ownerdata.py: the owner's card data is missing or wrong
    │   └── ProfileError                 engines/profile.py: a table profile (which object plays which role) is wrong
    ├── DataError (ValueError)           engines/paxpamir/data.py: the game's data does not hold together
    ├── ProtocolError (ValueError)       bridge/protocol/errors.py: a message on the wire is malformed
    ├── SaveFileError (ValueError)       bridge/table/savefile.py: a save file cannot be read
    ├── TableError (ValueError)          bridge/table/model.py: a table that cannot be modelled
    ├── SavedGameError (ValueError)      bridge/resume.py: a saved game (automa's, not TTS's) cannot be resumed
    ├── BundleError (ValueError)         bridge/modsource.py: a mod's Lua bundle cannot be taken apart
    ├── InjectError (ValueError)         bridge/modjoin.py: the connector cannot be joined to a mod's save
    ├── NewPluginError (ValueError)      bridge/newbot/__init__.py: automa new cannot write the plugin asked for
    ├── RulePackError                    bridge/dev/rulepack.py: reloaded rules failed their check
    ├── BadAction (ValueError)           bridge/dashboard/touch.py: the page asked for a move the table refuses
    ├── BatchFailed (RuntimeError)       bridge/commands.py: the connector stopped a batch of commands
    ├── TurnFailed (RuntimeError)        bridge/session.py: the bot's turn did not happen (already reported)
    ├── CalibrationStopped               bridge/calibrate.py: automa adopt's calibration ended early, nothing written
    ├── LinkError (RuntimeError)         bridge/link.py: the link to TTS cannot do what was asked
    │   ├── TTSUnavailable, WorldReset, ExecuteError
    │   ├── RequestTimeout
    │   │   └── BatchUnconfirmed         bridge/connector.py
    │   └── ConnectorError               bridge/connector.py
    │       └── ConnectorBroken
    └── EmulatorError                    tools/emulator/errors.py: the stand-in TTS refuses a script, hand or drop
        └── ScriptError, HandError, OffTable (ValueError), PatternError (ValueError)
"""

from __future__ import annotations

__all__ = [
    "AutomaError",
    "MissingFeature",
    "UsageError",
]


class AutomaError(Exception):
    """Something the person can act on; the text says what is wrong, where, and what to try."""


class UsageError(AutomaError, ValueError):
    """A command, an option or a value the person gave that cannot be taken as given (``--players 7``, an
    unknown ``--option``, a difficulty the game has not); raised where the value is checked."""


class MissingFeature(AutomaError):
    """A game was asked for something it does not offer (checking turns, the person's moves, owner data, a table
    event, self-play): not a bug, a feature the game lacks. Raised by :class:`engines.base.Game`'s defaults."""
