"""``automa doctor`` (issue 39): the first run in real TTS proves or disproves every assumption, in one command.

Nothing of this project has run in real Tabletop Simulator. The doctor checks each assumption the bridge, the
connector, the tables and the emulator make about TTS, one module per group: :mod:`~bridge.doctor.wire`,
:mod:`~bridge.doctor.interpreter`, :mod:`~bridge.doctor.text`, :mod:`~bridge.doctor.table` and
:mod:`~bridge.doctor.cost`; each check is a :class:`~bridge.doctor.record.Check`, and a run is a
:class:`~bridge.doctor.record.Report` (:mod:`~bridge.doctor.run`). Run against the emulator, every check passes:
that is its test, and its report is what anyone's is compared with.
"""

from bridge.doctor.record import Check, Report, schema
from bridge.doctor.run import compare, examine, read_report, summary, write_report, write_table

__all__ = ["Check", "Report", "compare", "examine", "read_report", "schema", "summary", "write_report", "write_table"]
