"""``automa dev``: the bridge serving bot turns while rules and mod scripts reload from their files.

Rules (``engines/<game>/``): a fresh copy is loaded beside the running one and must pass the game's self-check
before it replaces it, between bot turns; if it fails, the running rules stay, the traceback goes to the terminal,
one line to the TTS chat, and a banner to the page until a reload passes.

Mod (``tts_mod/``): the Global script is bundled again and sent with Save & Play together with its UI. What TTS
held before is the baseline: if TTS's copy changed since (someone saved in TTS's own editor), nothing is sent;
TTS's version is written to ``<mod>/.automa-conflict/`` and the conflict reported (``--force`` overwrites).
TTS errors in the Global script are printed as ``file:line``.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bridge.commands import BatchFailed, Say
from bridge.dev import rulepack
from bridge.dev.watcher import Watcher
from bridge.link import Link, LinkError
from bridge.modjoin import join_script, join_ui, split_script, split_ui
from bridge.modsource import Bundle, BundleError, ModSource, shown_path
from bridge.protocol import GLOBAL_GUID, FromTTS, GameLoaded, LuaError, PushingNewObject, ScriptState
from bridge.session import Session

log = logging.getLogger(__name__)
CONFLICT_DIR = ".automa-conflict"


class DevLoop:
    def __init__(
        self,
        session: Session,
        link: Link,
        *,
        rules_dir: Path,
        mod_dir: Path,
        debounce: float = 0.3,
        force: bool = False,
        say: Callable[[str], None] = print,
        verbose: bool = False,
        banner: Callable[[str, str | None], None] = lambda key, text: None,
    ) -> None:
        self.session, self.link = session, link
        self.rules_dir, self.mod_dir = rules_dir, mod_dir
        self.force = force
        self.say = say
        self.verbose = verbose  # a failed reload's whole traceback, not only its line
        self.banner = banner  # (key, text): a failure shown on the page until cleared with None (the dashboard's)
        self.watcher = Watcher(
            {"rules": (rules_dir, frozenset({".py"})), "mod": (mod_dir, frozenset({".lua", ".xml"}))}, debounce=debounce
        )
        self.baseline: tuple[str, str] | None = None  # Global (script, ui) as TTS had it when last in step with us
        self.in_tts: tuple[str, str] | None = None  # Global as TTS last reported it
        self.bundle: Bundle | None = None
        self.rule_reloads = 0
        self.mod_pushes = 0
        self.conflicts = 0
        self.errors: list[str] = []  # TTS errors, mapped to file:line
        self._remove_listener: Callable[[], None] | None = None

    @property
    def game_name(self) -> str:
        return self.session.game.name

    async def start(self) -> None:
        self._remove_listener = self.link.add_listener(self._on_message)
        self.session.connector.explain = self.explain  # a request to a broken connector names file:line too
        loaded = await self.link.wait_loaded()
        self._note_loaded(loaded)
        self.baseline = self.in_tts
        source = ModSource(self.mod_dir)
        self.bundle = self._joined(source.global_bundle(self.session.game), "")[0]  # rows as TTS numbers them
        self.watcher.start()
        self.say(f"dev: watching {self.rules_dir} (rules) and {self.mod_dir} (mod)")

    def stop(self) -> None:
        self.watcher.stop()
        if self._remove_listener:
            self._remove_listener()

    async def run(self) -> None:
        async for batch in self.watcher.batches():
            await self.handle(batch)

    async def handle(self, batch: dict[str, set[Path]]) -> None:
        if "rules" in batch:
            await self.reload_rules()
        if "mod" in batch:
            await self.push_mod()

    # --- rules ----------------------------------------------------------------------------------------------

    async def reload_rules(self) -> bool:
        try:
            game = await asyncio.to_thread(self._load_and_check)
        except Exception as exc:
            where = failure_line(exc, self.rules_dir)
            details = f"\n{traceback.format_exc()}" if self.verbose else " (-v shows the traceback)"
            self.say(f"{where}\ndev: rules reload failed; the running rules stay.{details}")
            self.banner("rules", f"Rules reload failed: {where}. The running rules stay until a reload passes.")
            await self._chat(f"Rules reload failed: {where}; the running rules stay.", "Red")
            return False
        await self.session.replace_game(game)
        self.banner("rules", None)
        self.rule_reloads += 1
        self.say(f"dev: rules reloaded from {self.rules_dir} (self-check passed)")
        await self._chat("Rules reloaded.", "Green")
        return True

    def _load_and_check(self) -> Any:
        game = rulepack.load(self.game_name, self.rules_dir)
        game.use_data(*self.session.game.data_settings())  # the owner's data (or the sample) stays in use
        game.self_check()  # on the game's own table, before the mod's profile is taken on
        game.use_profile(self.session.game.profile)  # a mod's table profile stays in use
        return game

    # --- mod scripts ----------------------------------------------------------------------------------------

    async def push_mod(self) -> bool:
        source = ModSource(self.mod_dir)
        try:
            bundle = source.global_bundle(self.session.game)
            ui = source.panel_xml(self.session.game)
        except (BundleError, OSError) as exc:
            self.say(f"dev: mod not sent: {exc}")
            return False
        bundle, ui = self._joined(bundle, ui)
        if (bundle.script, ui) == self.in_tts:
            self.baseline, self.bundle = self.in_tts, bundle
            return True
        if not self.force and self.baseline is not None and self.in_tts != self.baseline:
            self._report_conflict()
            return False
        previous, self.bundle = self.bundle, bundle  # errors from the reload may arrive before its message 1
        try:
            loaded = await self.link.save_and_play(
                [ScriptState(name="Global", guid=GLOBAL_GUID, script=bundle.script, ui=ui)]
            )
        except LinkError as exc:
            self.bundle = previous
            self.say(f"dev: mod not sent: {exc}")
            return False
        self._note_loaded(loaded)
        self.baseline = self.in_tts
        self.mod_pushes += 1
        self.say("dev: Global script and UI sent (Save & Play)")
        return True

    def _joined(self, bundle: Bundle, ui: str) -> tuple[Bundle, str]:
        """On a mod joined by ``automa mod inject``, the new connector replaces only our half of the script and
        of the UI: the mod's own half is sent back as TTS has it."""
        script_in_tts, ui_in_tts = self.in_tts or ("", "")
        mod_script = split_script(script_in_tts)
        if mod_script is None:
            return bundle, ui
        joined, _ = join_script(mod_script, bundle)
        return joined, join_ui(split_ui(ui_in_tts), ui)[0]

    def _report_conflict(self) -> None:
        self.conflicts += 1
        folder = self.mod_dir / CONFLICT_DIR
        folder.mkdir(exist_ok=True)
        assert self.in_tts is not None
        (folder / "Global.lua").write_text(self.in_tts[0], encoding="utf-8")
        (folder / "Global.xml").write_text(self.in_tts[1], encoding="utf-8")
        self.say(
            f"dev: CONFLICT: the Global script was edited in TTS since it was last sent; nothing sent. TTS's "
            f"version is in {folder}: merge it into {self.mod_dir}, or run with --force to overwrite it."
        )

    def _note_loaded(self, loaded: GameLoaded) -> None:
        for state in loaded.scriptStates:
            if state.guid == GLOBAL_GUID:
                self.in_tts = (state.script or "", state.ui or "")

    def _on_message(self, message: FromTTS) -> None:
        if isinstance(message, GameLoaded):
            self._note_loaded(message)
        elif isinstance(message, PushingNewObject):
            names = ", ".join(s.guid for s in message.scriptStates)
            self.say(
                f"dev: TTS opened its script editor on {names}: edits made there are kept and reported, "
                "never overwritten"
            )
        elif isinstance(message, LuaError) and message.guid == GLOBAL_GUID and self.bundle is not None:
            text = self.explain(message.error)
            self.errors.append(text)
            self.say(f"dev: TTS error: {text}")

    def explain(self, error: str) -> str:
        """A Global script error with its chunk row read as file:line of the bundle last sent."""
        return self.bundle.explain(error) if self.bundle is not None else error

    async def _chat(self, text: str, color: str) -> None:
        try:
            await self.session.connector.apply([Say(text=f"Automa dev: {text}", color=color)])
        except (LinkError, BatchFailed) as exc:
            log.info("could not tell TTS: %s", exc)


def failure_line(exc: BaseException, rules_dir: Path) -> str:
    """``path:line: Error: text`` of a failed reload, at the line of the rules that failed (a SyntaxError's own
    line, else the deepest frame in the rules folder), the path relative to where you run automa, so an editor or
    terminal can open it."""
    cause = exc.__cause__ or exc
    text = f"{type(cause).__name__}: {cause.msg if isinstance(cause, SyntaxError) else cause}".splitlines()[0][:200]
    if isinstance(cause, SyntaxError) and cause.filename:
        return f"{shown_path(Path(cause.filename))}:{cause.lineno}: {text}"
    frames = traceback.extract_tb(cause.__traceback__)
    inside = [f for f in frames if _is_under(Path(f.filename), rules_dir)] or frames
    if not inside:
        return text
    return f"{shown_path(Path(inside[-1].filename))}:{inside[-1].lineno}: {text}"


def _is_under(path: Path, folder: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())
