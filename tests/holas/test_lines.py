"""Every line of the solo rules the Enemy's reasons quote is the line the rules file holds: each quote ``Lnnn
"..."`` in the engine, split at " ... ", appears piece by piece on line nnn of
``shared/rules/002_8a6d1316918f60f4.txt`` (L1 = its first line). A reason names its line wrongly, or misquotes it,
and this fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.holas import lines

RULES = Path("/work/shared/rules/002_8a6d1316918f60f4.txt")
HERE = Path(lines.__file__).parent
SOURCES = [HERE / "lines.py", HERE / "bot.py", HERE / "battle.py", HERE / "movement.py"]
QUOTE = re.compile(r'L(\d+) "((?:[^"\\]|\\.)*)"')


def quotes() -> list[tuple[str, int, str]]:
    found = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for name, value in vars(lines).items() if path.name == "lines.py" else []:
            if isinstance(value, str) and name.isupper():
                found += [(name, int(n), q) for n, q in QUOTE.findall(value)]
        if path.name != "lines.py":
            found += [(path.name, int(n), q) for n, q in QUOTE.findall(text)]
    return found


@pytest.mark.skipif(not RULES.exists(), reason="the shared rules texts are not here")
def test_every_quoted_line_is_on_its_line():
    rules = RULES.read_text(encoding="utf-8").split("\n")
    found = quotes()
    assert len(found) >= 30
    wrong = []
    for where, n, quote in found:
        line = rules[n - 1]
        for piece in quote.replace("\\'", "'").split(" ... "):
            if piece not in line:
                wrong.append(f"{where}: L{n} does not say {piece!r}")
    assert wrong == []


def test_every_step_of_the_enemys_quotes_a_rule_line_or_a_named_default():
    """Issue 34 item 4: no reason shows pseudo-code (``draw_solo(); slot[i] = c``); each names a line or an H
    default, in a player's words. Every reason of 10 whole self-play games."""
    import random

    from engines.holas import rules as holas_rules
    from engines.holas.bot import Enemy
    from engines.holas.data_model import SAMPLE, load_folder
    from engines.holas.selfplay import play

    data = load_folder(SAMPLE)
    seen: list[tuple[str, str, str]] = []  # every reason, not one a kind: a kind's later reasons may lack a line
    for seed in range(10):
        play(data, seed, watch=lambda d, s: seen.append((d.action.what, d.reason.rule, d.reason.text)))
    enemy = Enemy(holas_rules.new_game(data, "L7", random.Random(0)), data, random.Random(0))
    enemy.resume("follow_done")  # a press that answers nothing
    seen.append(("wait", enemy.decisions[-1].reason.rule, enemy.decisions[-1].reason.text))
    bad = {(k, r, t) for k, r, t in seen if not re.search(r"L\d+ \"|\(H\d+|the table's buttons", r)}
    code = {(k, r, t) for k, r, t in seen if re.search(r"\(\)|\[i\]|<=|->|==|slot\[", r)}
    assert len(seen) > 1000 and bad == set() and code == set()
