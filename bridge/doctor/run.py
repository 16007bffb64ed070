"""One doctor run: every group of checks against a live TTS (or the emulator), the JSON report written, the
terminal summary, and the comparison of anyone's report with the emulator's.

A report changes nothing by itself: a developer turns a confirmed difference into a fact in
``bridge/table/ttsfacts.py`` or the emulator, with the report as its source.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import platform
import tempfile
from collections.abc import AsyncIterator, Collection, Iterator
from pathlib import Path
from typing import Any

from bridge import __version__
from bridge.connector import Connector
from bridge.doctor import build, cost, interpreter, table, text, wire
from bridge.doctor.context import PADDING, Context
from bridge.doctor.record import Check, Report, Target
from bridge.errors import UsageError
from bridge.link import Link, LinkError, RequestTimeout
from bridge.protocol import PushingNewObject
from bridge.table import SaveFile

GROUPS = ("wire", "interpreter", "text", "table", "cost")
UNKNOWN_TTS = "not given (no API call returns it: pass --tts-version, as TTS's menu shows it)"


async def examine(
    link: Link,
    target: Target,
    *,
    timeout: float = 10.0,
    idle: float = 5.0,
    padding: int = PADDING,
    tts_version: str = "",
    groups: Collection[str] = GROUPS,
) -> Report:
    """Every check of ``groups``, against the TTS (or emulator) ``link`` talks to; the wire's first (their first
    check, that TTS answers at all, always runs), Save & Play (a reload) last."""
    started = _dt.datetime.now(_dt.UTC).replace(microsecond=0)
    connector = Connector(link, timeout=timeout)
    ctx = Context(link, connector, target, timeout=timeout, idle=idle, padding=padding)
    pushes: list[str] = []  # message 0 from TTS: a person opened the script editor on an unscripted object
    unlisten = link.add_listener(lambda m: pushes.append("0") if isinstance(m, PushingNewObject) else None)
    try:
        found = await wire.checks(ctx, everything="wire" in groups)
        if not any(c.verdict == "fail" for c in found if c.id == wire.PORTS.id):
            ctx.on_doctor_table = await table.on_doctor_table(ctx)
            ctx.connected = await _answers(connector)
            for name, group in (("interpreter", interpreter), ("text", text), ("table", table), ("cost", cost)):
                if name in groups:
                    found += await group.checks(ctx)
            if "table" in groups:  # the loaded table's own boards, whichever it is
                found.append(await table.boards(ctx))
            if "wire" in groups:
                found.append(await wire.reload(ctx))
                found.append(wire.pushed(pushes))
    finally:
        unlisten()
        connector.close()
    return Report(
        automa_version=__version__,
        target=target,
        date=started.isoformat().replace("+00:00", "Z"),
        tts_version=tts_version or ("the emulator" if target == "emulator" else UNKNOWN_TTS),
        moonsharp_version=_observed(found, interpreter.VERSION.id),
        os=f"{platform.system()} {platform.release()}",
        checks=found,
    )


@contextlib.asynccontextmanager
async def emulated(
    faults: Any = None, *, timeout: float = 10.0, save: SaveFile | None = None
) -> AsyncIterator[tuple[Link, Any]]:
    """A link to an emulator of the doctor's own, on free ports, running the doctor's table (or ``save``) at full
    speed (``faults``: a :class:`tools.emulator.Faults` that makes it answer otherwise); the emulator comes second."""
    from tools.emulator import Emulator, Ports

    with doctor_table() as doctors:
        save = save or doctors
        async with Link(tts_port=0, editor_port=0, timeout=timeout) as link:
            emulator = Emulator(save, ports=Ports(0, link.editor_port), faults=faults, frame_time=0.0)
            await emulator.start()
            try:
                link.tts_port = emulator.ports.tts
                await emulator.drain()  # its load announcement first, so that it resets nothing of the doctor's
                with contextlib.suppress(RequestTimeout):  # (unless a fault drops it)
                    await link.wait_loaded(0.5)
                yield link, emulator
            finally:
                await emulator.stop()


async def examine_emulator(faults: Any = None, *, timeout: float = 10.0, idle: float = 1.0) -> Report:
    """Every check against an emulator of the doctor's own (see :func:`emulated`)."""
    async with emulated(faults, timeout=timeout) as (link, _):
        return await examine(link, "emulator", timeout=timeout, idle=idle)


async def _answers(connector: Connector) -> bool:
    """Whether the connector answers (the text and cost checks ask it)."""
    try:
        await connector.ping()
    except LinkError:
        return False
    return True


def _observed(checks: list[Check], check_id: str) -> str:
    return next((str(c.observed) for c in checks if c.id == check_id), "not measured")


@contextlib.contextmanager
def doctor_table() -> Iterator[Any]:
    """The doctor's table with its board image in a folder of its own (removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="automa-doctor-") as folder:
        yield build.doctor_save(build.write_image(Path(folder)))


def write_table(folder: Path) -> Path:
    """``automa doctor --write-table``: the doctor's table and its board image, for a person to load in TTS."""
    if not folder.is_dir():
        raise UsageError(f"{folder}: no such folder (give one that exists, e.g. TTS's Saves folder)")
    path = folder / "automa-doctor-table.json"
    build.doctor_save(build.write_image(folder)).dump(path)
    return path


def write_report(report: Report, folder: Path) -> Path:
    """The report as ``automa-doctor-<date>.json`` in ``folder``."""
    stamp = report.date.replace(":", "").replace("-", "")
    path = folder / f"automa-doctor-{stamp}.json"
    path.write_text(report.model_dump_json(indent=1) + "\n", encoding="utf-8")
    return path


def read_report(path: Path) -> Report:
    try:
        return Report.model_validate_json(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"{path}: cannot read it: {exc.strerror}") from None
    except ValueError as exc:
        raise UsageError(f"{path}: not a doctor report ({str(exc).splitlines()[0]})") from None


def summary(report: Report) -> str:
    """What holds, what does not and what it means, for the person at the terminal."""
    where = "the emulator" if report.target == "emulator" else "Tabletop Simulator"
    lines = [f"automa doctor: {len(report.checks)} checks on {where} (MoonSharp {report.moonsharp_version})"]
    for group in GROUPS:
        in_group = [c for c in report.checks if c.group == group]
        counts = Report.model_construct(checks=in_group).counts()
        said = ", ".join(f"{n} {verdict}" for verdict, n in sorted(counts.items())) or "not checked"
        lines.append(f"  {group:<12} {said}")
    for title, verdict in (("Does not hold", "fail"), ("Needs a person", "person"), ("Pending issue 38", "pending")):
        listed = [c for c in report.checks if c.verdict == verdict]
        if listed:
            lines.append(f"{title}:")
            lines += [f"  {c.id}: {c.message}" for c in listed]
    if [c.id for c in report.checks] == [wire.PORTS.id] and report.failed:
        lines.append(
            "TTS did not answer, so nothing else was checked: start TTS, load a game (best the doctor's "
            "table: automa doctor --write-table FOLDER), close other editors (Atom, VS Code's TTS "
            "extension), and run it again."
        )
    elif report.failed:
        lines.append(
            "Something TTS does differs from what the bridge assumes: send the report (it holds nothing "
            "private) with an issue, and expect the parts named above to misbehave until it is fixed."
        )
    else:
        lines.append("Everything checked holds: play.")
    return "\n".join(lines)


def compare(theirs: Report, emulator: Report) -> list[str]:
    """Each check whose verdict or observed value in ``theirs`` differs from the emulator's, one line each (for the
    cost checks only the verdict: their times differ from run to run)."""
    ours = {c.id: c for c in emulator.checks}
    lines = []
    for check in theirs.checks:
        mine = ours.get(check.id)
        if mine is None:
            lines.append(f"{check.id}: not checked on the emulator (theirs: {check.verdict}, {check.observed!r})")
        elif mine.verdict != check.verdict or (check.group != "cost" and mine.observed != check.observed):
            lines.append(
                f"{check.id}: emulator {mine.verdict} {mine.observed!r}, theirs {check.verdict} {check.observed!r}"
                f" ({check.assumption}; source: {check.source})"
            )
    lines += [f"{c}: not in their report" for c in ours if c not in {x.id for x in theirs.checks}]
    return lines
