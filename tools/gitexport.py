"""The project's files as of an earlier commit, for a bench that measures that commit's code beside today's in one
run (the War Chest engine before issue 18, the emulator before issue 32)."""

from __future__ import annotations

import subprocess
import tarfile
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def export(revision: str, paths: Sequence[str], into: Path) -> Path | None:
    """``paths`` as of ``revision``, unpacked under ``into``; None (and why, printed) when git cannot give them
    (no history in this checkout, or no such revision)."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", revision, *paths], capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = exc.stderr.decode(errors="replace").strip() if isinstance(exc, subprocess.CalledProcessError) else exc
        print(f"(cannot export revision {revision} from git: {detail}; no comparison with it)")
        return None
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extraction_filter = tarfile.data_filter
        tar.extractall(into)
    return into
