"""The lines of the solo rules (``shared/rules/002_8a6d1316918f60f4.txt``; L1 = its first line) that the Enemy's
reasons quote, as a player reads them; a spec default is named by its number (H1-H14) and said in words. Each
quote is checked against the rules file (tests/holas/test_lines.py): the parts between "..." appear on that line."""

from __future__ import annotations

DRAW = 'L46 "Draw the topmost Solo Enemy Card and assign it to the leftmost Hero Slot ... performed by that Hero"'
RECRUIT = 'L64 "Units are recruited in priority order ... Air Vessel > Sea Vessel > Warrior > Serf"'
RECRUIT_PLACE = 'L66 "New Units are placed in the Region of the Hero who performed the action"'
RECRUIT_FAILS = (
    'L68 "This action will fail if the Enemy does not have the required Resources available to recruit any Unit'
    ' OR if no Units are available in the supply"'
)
BUILD_CC = 'L72 "The Enemy MUST pay the Ore amount listed on the next open space"'
BUILD_CC_FAILS = 'L76 "This action will fail if the Enemy does not have the required Resources available"'
BUILD = 'L78 "Units/ Towers are built in priority order ... Tower > Air Vessel > Sea Vessel"'
TOWER = 'L80 "a Serf is required to be in the Region to build a Tower ... those tokens are collected"'
VESSEL = (
    'L84 "The Enemy will try to fit as many Units in the Vessel as possible, prioritizing Heroes first, then'
    ' Warriors, then Serfs"'
)
BUILD_FAILS = 'L86 "This action will fail if the Enemy does not have the required Resources available"'
RESEARCH = 'L88 "The Enemy will gain the Victory Points shown and the Spell will take effect"'
INTERRUPT = 'L90 "Spells cast by the Enemy can still be interrupted by player Spells"'
RESEARCH_FAILS = (
    'L92 "This action will fail if the Enemy does not have the required Resources available to cast a Spell"'
)
TAX = (
    'L96 "Immediately collect the listed amount of Resources in every slot on the Tax Track" (H7: each resource'
    " gains its slot's amount, up to 10)"
)
ROTATE = 'L96 "and then after the player follows, if they do, cycle the Resource Tokens like normal"'
ATTACK = (
    'L98 "All Units in this Hero\'s Region move up to 2 regions to Battle the player"; L100 "If there are'
    ' multiple player armies within range, the Enemy will attack the weakest" (H4: by land and Ferry links, the'
    " shortest way)"
)
TIE = 'L102 "Ties for choosing the weakest army are broken by referring to the movement compass, and going clockwise"'
ATTACK_FAILS = (
    'L104 "This action will fail if there are no player armies within 2 Regions of the Hero, or the armies are'
    ' stronger than it"'
)
ABOARD = 'L166 "a Vessel and its occupants move alone and not as part of a Land army" (H13: the attack fails)'
TACTIC = 'L108 "When Battling, you first choose your Tactic Card. Then, draw and reveal 1 Solo Action Card"'
REVEAL = (
    "L112 \"This value is added to the Enemy army's total Strength. In addition, a Tactic Card is listed, which"
    ' is different depending on whether the Enemy is attacking or defending"'
)
BATTLE = (
    "L116 \"If your Tactic Card cancels the Enemy's Tactic then the Solo Action Card's added Strength is"
    ' cancelled as well" (the higher total wins; the defender wins ties)'
)
LOSSES = (
    'L118 "If the Enemy loses a Battle, they lose Units like a normal player, but weak to strong: Serfs >'
    ' Warriors > Air Vessel > Sea Vessel > Hero"; L120 "Any surviving Units return to the Capital City'
    ' Courtyard" (H12: its structure there first)'
)
FAILED = 'L50 "Instead that Hero performs a Move Action" (a Failed Action)'
LAND = 'L128 "If it cannot, it will circle clockwise until it finds a Region that it can move into"'
COURTYARD = (
    'L144 "If moving from a Capital City, it will take all available Units in the Courtyard without exceeding 5 Units"'
)
BOARD = (
    "L146 \"If an empty Vessel is present in the Hero's region, the Hero boards that Vessel and then moves,"
    ' taking 1 other Unit aboard if one is available (prioritizing Warriors over Serfs)"'
)
ENTER_BATTLE = 'L150 "If the army moves into a Region that you control, it results in a Battle"'
TOKEN = 'L154 "the tokens are immediately taken and placed in a pile on the labeled section on the Enemy C.C. Board"'
FLY = (
    'L166 "a Vessel and its occupants move alone"; L173 "Can move through the center Sea Region, counting it as'
    ' one Region, but MAY NOT stop there"'
)
SAIL = 'L166 "a Vessel and its occupants move alone"'
RESOURCE = 'L194 "The Enemy Hero collects 1 Resource of a Resource Region\'s type when it enters that Region"'
FOLLOW = 'L200 "You may Follow a successful Solo Action as if it were a normal action (except for Attack)"'
YOUR_TURN = 'L34 "You perform your first action (the Enemy cannot Follow)"'
ROUND_END = (
    'L56 "The Enemy collects Resources just like a normal player. Then discard all 3 cards from the Hero Slots'
    ' into a face-up discard pile nearby" (H9: a Serf fills a worker space)'
)
OVER = 'L208 "Victory Points are then totalled as normal, but note that the Enemy Heroes do not grant points"'
BUTTONS = "the table's buttons: Bot action, Follow done, Interrupt/none, Tactic chosen, Tactic cancels?"
SEA_BATTLE = 'L184 "Stop in a Sea Region with your Sea Vessel and then Battle"'
DOCK = 'L186 "After a second movement, will Dock at the Shore Regions pointed to by the compass on the Card"'
DOCK_BATTLE = 'L188 "the Enemy Sea Vessel will Dock on the Shore with the lowest Natural Strength army and then Battle"'
AIR_BATTLE = 'L177 "End movement immediately if entering a Region you control, which results in a Battle"'
X_OBJECTIVE = (
    'L206 "The game\'s end is triggered when either you or the Enemy has achieved one of the 4" X-Objectives; L208 "The'
    ' current round is then completed, and then one more round is played"'
)
GRATICULE = 'L180 "Can use Graticules and wrap around the Map if they continue in the card\'s compass direction"'
UNDOCK = 'L182 "Can Dock and Undock from Shores without using movement"'
BEND = 'L190 "When in doubt, the movement path may bend clockwise to determine the direction"'
CAPITAL_FALLS = 'L208 "if a Capital City is destroyed then the game is automatically over"'
SET_UP = (
    "L24 \"After you have placed your own Capital City, choose the Enemy's Capital City Region on an adjacent"
    ' Continent"'
)
