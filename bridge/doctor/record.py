"""What one doctor check found, and the report that carries them all (issue 39).

A check is a small record: what the project assumes about TTS, where that assumption comes from, what was expected
and what TTS (or the emulator) showed, the verdict, and what depends on it. The report is plain JSON so that anyone
can send theirs back and a program can read it: its schema is ``docs/doctor-report.schema.json``, written from
these models (a test keeps the two the same).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

# pass: TTS answered as assumed. fail: it did not (the message says what that breaks). person: only a person at
# TTS can check it (the message says how). pending: the number needed issue 38's connector change (no check gives
# it since the connector times its frames; kept so that older reports still read). measured: no
# expectation yet, the value is recorded for a developer to turn into a fact. known: the emulator differs from
# TTS here on purpose (tools/emulator/README.md says why); only an emulator's report holds it. skipped: the doctor
# does not run it (the message says why: it would crash or change the script that runs it).
Verdict = Literal["pass", "fail", "person", "pending", "measured", "known", "skipped"]
Group = Literal["wire", "interpreter", "text", "table", "cost"]
Target = Literal["tts", "emulator"]
SCHEMA_VERSION = 1


class Check(BaseModel):
    """One assumption about TTS, put to the test."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="stable name, e.g. 'wire.return_id' or 'interpreter.probe.print-half'")
    group: Group
    assumption: str = Field(description="what the project assumes TTS does")
    source: str = Field(description="where the assumption comes from (a document, a probe, or *chosen*)")
    expected: Any = Field(default=None, description="what the assumption predicts (JSON)")
    observed: Any = Field(default=None, description="what TTS or the emulator showed (JSON)")
    verdict: Verdict
    affects: str = Field(description="what in the project depends on the assumption")
    message: str = Field(default="", description="what the verdict means for the person, and what to do")


class Report(BaseModel):
    """A whole doctor run: where it ran, and every check."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int = SCHEMA_VERSION
    automa_version: str
    target: Target = Field(description="'tts' for real Tabletop Simulator, 'emulator' for the project's emulator")
    date: str = Field(description="UTC time the run started, ISO 8601")
    tts_version: str = Field(description="the version TTS shows, as the person gave it (no API returns it)")
    moonsharp_version: str = Field(description="_MOONSHARP.version as the interpreter reports it")
    os: str = Field(description="the operating system the bridge (and so TTS, on the same machine) runs on")
    checks: list[Check]

    def counts(self) -> dict[str, int]:
        """How many checks got each verdict."""
        counted: dict[str, int] = {}
        for check in self.checks:
            counted[check.verdict] = counted.get(check.verdict, 0) + 1
        return counted

    @property
    def failed(self) -> list[Check]:
        return [c for c in self.checks if c.verdict == "fail"]


def schema() -> dict[str, Any]:
    """The report's JSON Schema, as docs/doctor-report.schema.json holds it."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **Report.model_json_schema()}
