"""File changes, debounced: one save in an editor is one batch, whatever the editor does to write it.

Editors save by truncating and writing, by writing a temporary file and renaming it, or through swap files; all
of these raise several events for one save. Events for temporary and swap files are dropped, the rest are
collected until the folder has been quiet for ``debounce`` seconds, and then handed over as one batch.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

# vim swap files and its 4913 probe, emacs lock and backup files, "~" backups, editor temporaries, caches
_IGNORED = re.compile(r"^(\.#.*|#.*#|.*~|.*\.sw[a-p]|.*\.swx|4913|.*\.tmp|.*\.temp|.*\.pyc|\.~lock.*|.*\.orig)$")
_IGNORED_DIRS = {"__pycache__", ".git", ".mypy_cache", ".ruff_cache", ".automa-conflict"}


def interesting(path: Path, suffixes: frozenset[str]) -> bool:
    if _IGNORED.match(path.name) or any(part in _IGNORED_DIRS for part in path.parts):
        return False
    return path.suffix in suffixes


class _Handler(FileSystemEventHandler):
    def __init__(
        self,
        label: str,
        suffixes: frozenset[str],
        loop: asyncio.AbstractEventLoop,
        queue: asyncio.Queue[tuple[str, Path]],
    ) -> None:
        self.label, self.suffixes, self.loop, self.queue = label, suffixes, loop, queue

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type in ("opened", "closed_no_write"):
            return
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            if raw:
                path = Path(str(raw))
                if interesting(path, self.suffixes):
                    self.loop.call_soon_threadsafe(self.queue.put_nowait, (self.label, path))


class Watcher:
    """Watches labelled folders (``{"rules": Path, "mod": Path}``) for files with the given suffixes."""

    def __init__(self, folders: dict[str, tuple[Path, frozenset[str]]], *, debounce: float = 0.3) -> None:
        self.folders = folders
        self.debounce = debounce
        self._queue: asyncio.Queue[tuple[str, Path]] = asyncio.Queue()
        self._observer: Observer | None = None  # type: ignore[valid-type]

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        observer = Observer()
        for label, (folder, suffixes) in self.folders.items():
            if not folder.is_dir():
                raise FileNotFoundError(f"cannot watch {folder}: not a folder")
            observer.schedule(_Handler(label, suffixes, loop, self._queue), str(folder), recursive=True)
        observer.start()
        self._observer = observer

    def stop(self) -> None:
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None

    async def batches(self) -> AsyncIterator[dict[str, set[Path]]]:
        """Each batch: label -> the files changed, once the folders were quiet for ``debounce`` seconds."""
        while True:
            label, path = await self._queue.get()
            batch: dict[str, set[Path]] = {label: {path}}
            while True:
                try:
                    label, path = await asyncio.wait_for(self._queue.get(), self.debounce)
                except TimeoutError:
                    break
                batch.setdefault(label, set()).add(path)
            yield batch
