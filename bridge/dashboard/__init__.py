"""The dashboard: a page beside the game showing what the bot sees, why it chose, and the log; served over
WebSockets on 127.0.0.1 with a per-run token."""

from bridge.dashboard.server import DashboardServer
from bridge.dashboard.state import Dashboard

__all__ = ["Dashboard", "DashboardServer"]
