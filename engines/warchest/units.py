"""The 16 base units: coin counts and what their cards let them do."""

from __future__ import annotations

from dataclasses import dataclass

ROYAL = "Royal"  # the Royal Coin is a coin, not a unit


@dataclass(frozen=True)
class UnitCard:
    name: str
    coins: int
    tactic: bool = False  # has a tactic played with its own coin
    attacks: bool = True  # may make normal attacks (Archer and Lancer attack only by tactic)
    max_units: int = 1  # Footman: 2


CARDS: dict[str, UnitCard] = {
    c.name: c
    for c in (
        UnitCard("Archer", 4, tactic=True, attacks=False),
        UnitCard("Berserker", 5),
        UnitCard("Cavalry", 4, tactic=True),
        UnitCard("Crossbowman", 5, tactic=True),
        UnitCard("Ensign", 5, tactic=True),
        UnitCard("Footman", 5, tactic=True, max_units=2),
        UnitCard("Knight", 4),
        UnitCard("Lancer", 4, tactic=True, attacks=False),
        UnitCard("Light Cavalry", 5, tactic=True),
        UnitCard("Marshall", 5, tactic=True),
        UnitCard("Mercenary", 5),
        UnitCard("Pikeman", 4),
        UnitCard("Royal Guard", 5, tactic=True),  # its tactic is played with the Royal Coin
        UnitCard("Scout", 5),
        UnitCard("Swordsman", 5),
        UnitCard("Warrior Priest", 4),
    )
}
UNIT_NAMES: tuple[str, ...] = tuple(sorted(CARDS))

# The 2-player first-game set (rulebook): side A takes the initiative.
FIRST_GAME = (
    ("Swordsman", "Pikeman", "Crossbowman", "Light Cavalry"),
    ("Archer", "Cavalry", "Lancer", "Scout"),
)

# The solo AI's own deck (its text spells "Calvary" and "Crossbowmen").
AI_DECK = ("Cavalry", "Crossbowman", "Knight", "Light Cavalry", "Pikeman", "Scout", "Swordsman")
