"""One place, one name (issue 41 item 19): the page's drawing, the move list, the table's zones and the bot's reasons
all said "Second Floor 1", "Second Floor room 1" and "Second Floor space 2" for the castle's spaces. The rule text's
word is "space" ("If the space shown on the card ... is available"), so every one says "Second Floor space 1"."""

from __future__ import annotations

import random
import re

from bridge.table import Table
from engines.whitecastle import rules
from engines.whitecastle.board import ZONES, board, place_name
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.deck import SAMPLE_DECK, load_deck
from engines.whitecastle.table import layout, person
from engines.whitecastle.table.build import build_table
from engines.whitecastle.table.read import read_table

DECK = load_deck(SAMPLE_DECK)
PLACE = re.compile(r"(First Floor|Second Floor|Outside the Walls)( \w+)? (\d)")


def said_names(games: int) -> list[str]:
    """Every place named in the bot's reasons and the person's move lists over whole games."""
    out: list[str] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new_game(DECK, ("easy", "medium", "hard")[seed % 3], rng)  # type: ignore[arg-type]
        while not state.over:
            if state.to_move == "bot":
                out += [str(d.reason) for d in bot_turn(state, DECK, rng)]
            else:
                view = read_table(Table.from_save(build_table(state, DECK)), DECK, state.difficulty)
                out += [m.label for m in person.moves(view)]
                rules.apply(state, rng.choice(list(rules.person_actions(state))), rng)
    return out


def test_every_castle_space_has_one_name_on_the_table_the_page_the_move_list_and_in_the_reasons():
    names = {place_name(z, i) for z in ZONES for i in range(1, board().zones[z].spaces + 1)}
    assert {layout.AREAS[f"{z}.{i}"].label for z in ZONES for i in range(1, board().zones[z].spaces + 1)} == names
    state = rules.new_game(DECK, "medium", random.Random(0))
    drawing = person.describe(read_table(Table.from_save(build_table(state, DECK)), DECK))
    assert {sp["name"] for z in ZONES for sp in drawing["spaces"][z]} == names
    said = [m for text in said_names(6) for m in PLACE.finditer(text)]
    assert {m.group(0) for m in said} == names  # every place said, and each only as its one name
    assert all(m.group(2) == " space" for m in said)


def test_the_app_draws_the_name_the_table_gives():
    """The page writes each space's name from the drawing, not a name of its own."""
    from pathlib import Path

    import bridge.dashboard

    app = (Path(bridge.dashboard.__file__).parent / "static" / "app.js").read_text(encoding="utf-8")
    castle = app[app.index("function drawCastle") :]
    castle = castle[: castle.index("\n}\n")]
    assert "sp.name" in castle and "Floor ${" not in castle and "Floor room" not in castle
