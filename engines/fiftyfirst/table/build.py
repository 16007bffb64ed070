"""A 51st State table from any state: zones, the piles, the Lookout row, both sides' locations by row, the attack
pile, the connection piles, the phase, the round's attacks, pass tokens, protection, workers and the score
markers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridge.table import SaveFile, Vec3
from engines.fiftyfirst.cards import Locations
from engines.fiftyfirst.state import CONNECTIONS_PER_PILE, State
from engines.fiftyfirst.table import layout
from engines.fiftyfirst.table.images import CONNECTION_CELLS, cells
from engines.fiftyfirst.table.roles import BUILT_NAMES as NAMES
from engines.tablekit import Builder, grid

LAP_NAME = NAMES["lap"]


def build_table(state: State, cards: Locations, assets: Mapping[str, str] | None = None) -> SaveFile:
    b = Builder(assets or {})
    faces = cells(cards)

    def card(card_id: str, at: Vec3, *, face_down: bool = False, sideways: bool = False) -> dict[str, Any]:
        c = cards.card(card_id)
        text = f"{c.cls.replace('_', ' ')}, distance {c.distance}, types: {', '.join(c.types) or 'none'}"
        obj = b.card(
            faces[card_id], c.name, [layout.CARD_TAG], at, gm_notes=card_id, description=text, face_down=face_down
        )
        if sideways:
            obj["Transform"]["rotY"] = 90.0
        return obj

    def worker(at: Vec3) -> dict[str, Any]:
        return b.base("PlayerPawn", NAMES["worker"], [layout.WORKER_TAG], at, colour=layout.GOODS["worker"])

    def connection(pile: str, at: Vec3, face_down: bool) -> dict[str, Any]:
        return b.card(
            CONNECTION_CELLS[pile],
            f"{pile} connection",
            [layout.CONNECTION_TAG, layout.tag("pile", pile)],
            at,
            face_down=face_down,
        )

    for area in layout.AREAS.values():
        hand = "White" if area.key == "hand" else None  # your hand: TTS hides its cards from other seats
        b.add(b.zone(area.label, [layout.ZONE_TAG, area.tag], area.centre, area.size, hand=hand))
    for key, ids in (("deck", state.deck), ("discard", state.discard)):
        if ids:
            at = layout.AREAS[key].centre
            b.add(b.deck(layout.AREAS[key].label, [layout.CARD_TAG], at, [card(i, at) for i in ids]))
    for key, ids in (("lookout", state.lookout), ("attack", state.attack_pile)):
        for i, card_id in enumerate(ids):
            b.add(card(card_id, layout.slot(layout.AREAS[key], i)))
    for pile in ("blue", "red"):
        at = layout.AREAS[f"conn.{pile}"].centre
        left = state.connections_left.get(pile, CONNECTIONS_PER_PILE)
        if left:  # an empty pile is no object at all (TTS has no empty deck)
            b.add(
                b.deck(
                    f"{pile} connection pile",
                    [layout.CONNECTION_TAG],
                    at,
                    [connection(pile, at, True) for _ in range(left)],
                )
            )
        if state.connections.get(pile):
            b.add(connection(pile, Vec3(at.x, layout.SURFACE_Y + 0.5, at.z), False))
    counts = {key: 0 for key in layout.AREAS}
    placed: list[Vec3] = []
    person_guids: list[str] = []
    for place in state.person:
        key = f"person.{layout.row_of(cards.card(place.card).cls)}"
        at = layout.slot(layout.AREAS[key], counts[key])
        counts[key] += 1
        placed.append(at)
        person_guids.append(b.add(card(place.card, at, face_down=place.ruins))["GUID"])
        if place.protected:
            b.add(
                b.base(
                    "Chip_10",
                    NAMES["protection"],
                    [layout.PROTECTION_TAG],
                    Vec3(at.x - 0.5, layout.SURFACE_Y + 0.3, at.z - 0.8),
                )
            )
        for w in range(place.activations):
            b.add(worker(Vec3(at.x + 0.5 - 0.4 * w, layout.SURFACE_Y + 0.3, at.z + 0.8)))
    used = state.bot_uses
    for card_id in state.bot:
        key = f"bot.{layout.row_of(cards.card(card_id).cls)}"
        at = layout.slot(layout.AREAS[key], counts[key])
        b.add(card(card_id, at))
        counts[key] += 1
        for w in range(used if cards.card(card_id).cls == "production_open" else 0):
            b.add(
                worker(Vec3(at.x + 0.5 - 0.4 * w, layout.SURFACE_Y + 0.3, at.z + 0.8))
            )  # your workers sent to it (L62)
            used = 0
    board = layout.AREAS["person.board"]
    for w in range(state.workers):
        b.add(worker(grid(board.centre, w, per_row=4, rows=6, step=0.9)))
    b.add(
        b.base(
            "Chip_100",
            NAMES["marker:phase"],
            [layout.tag("marker", "phase")],
            layout.AREAS["phase"].spot(layout.PHASES.index(state.phase), 3),
        )
    )
    attacks = NAMES["marker:attacks"]
    b.add(b.base("Chip_100", attacks, [layout.tag("marker", "attacks")], layout.attacks_spot(state.attacks)))
    token_at = grid(layout.AREAS["tokens"].centre, 2, per_row=2, rows=2, step=1.5)
    if state.chosen is not None:
        token_at = placed[state.chosen] + Vec3(0.5, 0.3, 0.6)
    elif state.choosing:
        token_at = layout.AREAS["choose"].centre
    question, notes = "", ""
    if state.choosing:
        names = [cards.card(state.person[i].card).name for i in state.choosing]
        question, notes = layout.asked([person_guids[i] for i in state.choosing], names)
    b.add(b.base("Chip_1000", NAMES["target"], [layout.TARGET_TAG], token_at, description=question, gm_notes=notes))
    for seat, passed in (("person", state.person_passed), ("bot", state.bot_passed)):
        zone = layout.AREAS["passed" if passed else "tokens"]
        at = grid(zone.centre, 0 if seat == "person" else 1, per_row=2, rows=1, step=1.5)
        name = NAMES[f"pass:{seat}"]
        b.add(b.base("Chip_500", name, [layout.tag("pass", seat)], at, colour=layout.MARKER_COLOURS[seat]))
    _scores(b, state)
    _supply(b)
    return SaveFile.from_dict({"SaveName": "51st State: the virtual player", "ObjectStates": b.objects}, "table")


def _scores(b: Builder, state: State) -> None:
    """The score and round tracks (boards whose spaces snap), their markers and laps (a chip each time round)."""
    for key, length, what in (
        ("score", layout.TRACK, NAMES["board:score"]),
        ("round", layout.ROUNDS, NAMES["board:round"]),
    ):
        area = layout.AREAS[key]
        spots = [area.spot(i, length) - area.centre for i in range(length)]
        size = (area.size.x, area.size.z)
        b.add(b.board(what, [layout.tag("board", key)], area.centre, f"{key}_track", size=size, snap_points=spots))
    for key, value in (("person", state.person_pts), ("bot", state.bot_pts), ("round", state.round)):
        track, colour = layout.TRACKS[key], layout.MARKER_COLOURS[key]
        laps, at = track.place(value)
        b.add(b.base("PlayerPawn", NAMES[f"marker:{key}"], [layout.tag("marker", key)], at, colour=colour))
        for i in range(laps):
            b.add(b.base("Chip_50", LAP_NAME, [layout.LAP_TAG], track.lap_spot(i), colour=colour))


def _supply(b: Builder) -> None:
    """Infinite bags of goods and workers for your production and trades (yours to take by hand), your faction
    board beside your rows, and the bag of score-lap chips."""
    for i, (good, colour) in enumerate(layout.GOODS.items()):
        at = layout.supply_spot(i)
        bag = b.base("Infinite_Bag", f"{good} supply", [layout.tag("supply", good)], at, colour=colour)
        bag["ContainedObjects"] = [
            b.base("PlayerPawn" if good == "worker" else "Chip_10", good, [layout.good_tag(good)], at, colour=colour)
        ]
        b.add(bag)
    board = layout.AREAS["person.board"]
    b.add(
        b.board(
            "your faction board",
            [layout.tag("board", "faction")],
            board.centre,
            "faction_board",
            size=(board.size.x, board.size.z),
        )
    )
    at = Vec3(32, layout.SURFACE_Y, 26)
    bag = b.base("Infinite_Bag", NAMES["supply:lap"], [layout.LAP_SUPPLY_TAG], at)
    bag["ContainedObjects"] = [b.base("Chip_50", LAP_NAME, [layout.LAP_TAG], at)]
    b.add(bag)
