"""The dashboard's server: the page's files over HTTP and its live state over a WebSocket, both from
``websockets`` on 127.0.0.1.

The bridge can run Lua in the game, so a page on another site must not drive it: the page and the WebSocket need
the run's random token, and a WebSocket whose ``Origin`` is not this server's is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from http import HTTPStatus
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from bridge.dashboard.state import Dashboard

log = logging.getLogger(__name__)
LOOPBACK = "127.0.0.1"
POLL_SECONDS = 2.0  # how often an open page's table is read again (what changed since the last read: a few ms)
VIEW_SECONDS = 0.05  # the touchable table's view is looked at (and pushed when it changed) at most 20 times a second
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/mapeditor.js": ("mapeditor.js", "text/javascript; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
}


def _response(status: HTTPStatus, body: bytes, content_type: str, cache: str = "no-store") -> Response:
    headers = Headers(
        [
            ("Content-Type", content_type),
            ("Content-Length", str(len(body))),
            ("Cache-Control", cache),
            ("X-Content-Type-Options", "nosniff"),
            ("Connection", "close"),
        ]
    )
    return Response(status.value, status.phrase, headers, body)


class DashboardServer:
    def __init__(self, dashboard: Dashboard, *, port: int = 39997, token: str | None = None) -> None:
        self.dashboard = dashboard
        self.port = port
        self.token = token or secrets.token_urlsafe(18)
        self._server: Server | None = None
        self._clients: set[ServerConnection] = set()
        self._pusher: asyncio.Task[None] | None = None
        self._poller: asyncio.Task[None] | None = None
        self._viewer: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/?token={self.token}"

    def allowed_origins(self) -> set[str]:
        return {f"http://{LOOPBACK}:{self.port}", f"http://localhost:{self.port}"}

    async def start(self) -> None:
        self._server = await serve(self._handle, LOOPBACK, self.port, process_request=self._http, max_size=64 * 1024)
        self.port = self._server.sockets[0].getsockname()[1]
        self.dashboard.start()
        self._pusher = asyncio.create_task(self._push_changes())
        self._poller = asyncio.create_task(self.dashboard.poll(POLL_SECONDS, lambda: bool(self._clients)))
        self._viewer = asyncio.create_task(self._push_views())

    async def stop(self) -> None:
        for task in (self._pusher, self._poller, self._viewer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self.dashboard.stop()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    # --- HTTP: the page, and the gate to the WebSocket --------------------------------------------------------

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        parts = urlsplit(request.path)
        given = parse_qs(parts.query).get("token", [""])[0]
        # compared as bytes: compare_digest refuses str with non-ASCII characters (a TypeError, then HTTP 500)
        token_ok = secrets.compare_digest(given.encode("utf-8", "surrogatepass"), self.token.encode())
        if parts.path == "/ws":
            origin = request.headers.get("Origin")
            if origin is not None and origin not in self.allowed_origins():
                return _response(HTTPStatus.FORBIDDEN, b"foreign origin refused\n", "text/plain")
            if not token_ok:
                return _response(HTTPStatus.FORBIDDEN, b"missing or wrong token\n", "text/plain")
            return None  # go on with the WebSocket handshake
        if parts.path.startswith("/img/"):
            return self._image(parts.path.removeprefix("/img/"), token_ok)
        static = STATIC.get(parts.path)
        if static is None:
            return _response(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")
        name, content_type = static
        if name == "index.html" and not token_ok:
            return _response(
                HTTPStatus.FORBIDDEN, b"open the URL the bridge printed (it carries the token)\n", "text/plain"
            )
        body = files("bridge.dashboard").joinpath("static", name).read_bytes()
        return _response(HTTPStatus.OK, body, content_type)

    def _image(self, name: str, token_ok: bool) -> Response:
        """One image of the loaded table (never any other file): token-checked like the page."""
        hands = self.dashboard.hands
        found = hands.image(name) if token_ok and hands is not None else None
        if found is None:
            return _response(HTTPStatus.NOT_FOUND, b"no such image on the table\n", "text/plain")
        body, content_type = found
        return _response(HTTPStatus.OK, body, content_type, cache="private, max-age=3600")

    # --- WebSocket: state out, controls in -------------------------------------------------------------------

    async def _handle(self, connection: ServerConnection) -> None:
        self._clients.add(connection)
        replies: set[asyncio.Task[None]] = set()
        try:
            await connection.send(self._state_message())
            if self.dashboard.hands is not None and self.dashboard.hands.view is not None:
                await connection.send(json.dumps({"type": "view", "view": self.dashboard.hands.view}))
            async for raw in connection:
                # each control at once, not after the last one ended: a second press during a bot turn is refused
                # as it comes (queued, a double click would have given the bot two turns)
                task = asyncio.create_task(self._reply(connection, raw))
                replies.add(task)
                task.add_done_callback(replies.discard)
                await asyncio.sleep(0)  # let it start (and mark the bot busy) before the next control is read
        except ConnectionClosed:
            pass
        finally:
            self._clients.discard(connection)

    async def _reply(self, connection: ServerConnection, raw: str | bytes) -> None:
        reply = await self._control(raw)
        with contextlib.suppress(ConnectionClosed):
            await connection.send(json.dumps(reply))

    async def _control(self, raw: str | bytes) -> dict[str, Any]:
        try:
            message = json.loads(raw)
            if not isinstance(message, dict):
                raise ValueError("a control is a JSON object")
        except ValueError as exc:
            return {"type": "error", "error": f"bad control: {exc}"}
        except RecursionError:
            return {"type": "error", "error": "bad control: nested too deeply"}
        try:
            error = await self.dashboard.control(message)
        except Exception as exc:  # the page must stay connected whatever a control runs into
            log.exception("dashboard control %r failed", message.get("type"))
            error = f"{type(exc).__name__}: {exc}"
            self.dashboard.log("error", f"control {str(message.get('type'))[:40]!r} failed: {error}")
        return {"type": "ack", "control": str(message.get("type"))[:40], **({"error": error} if error else {})}

    def _state_message(self) -> str:
        return json.dumps({"type": "state", "state": self.dashboard.document()})

    async def _push_changes(self) -> None:
        while True:
            await self.dashboard.changed.wait()
            self.dashboard.changed.clear()
            await asyncio.sleep(0.05)  # gather a burst of changes into one push
            message = self._state_message()
            for client in list(self._clients):
                with contextlib.suppress(ConnectionClosed):
                    await client.send(message)

    async def _push_views(self) -> None:
        """The touchable table's view to every page when it changed: looked at 20 times a second at most, at once
        after a hand action, and never while no page is open."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.dashboard.view_changed.wait(), VIEW_SECONDS)
            self.dashboard.view_changed.clear()
            hands = self.dashboard.hands
            if hands is None or not self._clients:
                continue
            try:
                view = hands.fresh_view()
            except RuntimeError:  # no table loaded (yet)
                continue
            if view is None:
                continue
            message = json.dumps({"type": "view", "view": view})
            for client in list(self._clients):
                with contextlib.suppress(ConnectionClosed):
                    await client.send(message)
            await asyncio.sleep(VIEW_SECONDS)  # at most 20 pushes a second, even while pieces glide
