"""The one error type of the sans-I/O protocol layer."""

from bridge.errors import AutomaError


class ProtocolError(AutomaError, ValueError):
    """A message that cannot be decoded or does not fit the protocol; the text says where and why."""
