"""skeleton: a Tabletop Automa game plugin, started from 'automa new'.

The files split a game the way the bridge calls it: ``table`` (where things are, and a fresh table), ``state``
(the game as the bot sees it), ``reader`` (table to state), ``bot`` (state to decisions, each with its reason),
``planner`` (a decision to table commands) and ``game`` (the plugin class that ties them together).
"""
