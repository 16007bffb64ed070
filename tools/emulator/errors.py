"""The emulator's errors, on the project's root (:class:`bridge.errors.AutomaError`): each is what a script, a
player's hands or a drop did wrong at the stand-in table, worded as TTS would say it, so ``automa`` prints it as one
line and a caller catches the one root for the bridge's errors and the emulator's alike.

A leaf, as ``bridge/errors.py`` is: it imports only the root, so every part of the emulator can raise from it.
Errors that were a built-in's keep that base too (an ``except ValueError`` written against them still holds)::

    EmulatorError
    ├── ScriptError                  tools/emulator/luahost.py: a Lua compile or run-time error
    ├── HandError                    tools/emulator/hands.py: the table refuses what a player's hands tried
    ├── OffTable (ValueError)        tools/emulator/landing.py: a dropped piece would fall off the table
    └── PatternError (ValueError)    tools/emulator/moonsharp/patterns.py: a malformed Lua string pattern
"""

from __future__ import annotations

from bridge.errors import AutomaError

__all__ = ["EmulatorError"]


class EmulatorError(AutomaError):
    """Something the stand-in TTS refuses; the text says what and where, as TTS's own message would."""
