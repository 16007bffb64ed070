"""A headless stand-in for Tabletop Simulator: the wire protocol, a table, and the mod's real Lua (lupa)."""

from tools.emulator.server import Emulator, Faults, Ports
from tools.emulator.world import World

__all__ = ["Emulator", "Faults", "Ports", "World"]
