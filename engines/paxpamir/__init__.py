"""Pax Pamir (Second Edition) by Cole Wehrle / Wehrlegig Games: the rules engine and its data.

The game's material (``data/``) is shared under CC BY-NC-SA 4.0; see ``data/README.md`` for the attribution.
"""
