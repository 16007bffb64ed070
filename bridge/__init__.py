"""Tabletop Automa bridge: talks to Tabletop Simulator through its External Editor API."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tabletop-automa")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"
