"""The Enemy's actions built so far, against the spec's scenarios (section e) and the lines of the solo rules they
follow. Sample map: L1-L4 one continent, L5-L8 the other, the bot's Capital in L7; NS Serf 1, Warrior 2, Hero 3."""

from __future__ import annotations

import random

from engines.holas import rules
from engines.holas.bot import Enemy
from engines.holas.data_model import SAMPLE, load_folder
from engines.holas.state import PlayerArmy, State

DATA = load_folder(SAMPLE)
CARD = {c.action: c for c in DATA.cards.cards}


def fresh() -> State:
    return rules.new_game(DATA, "L7", random.Random(1))


def steps(enemy: Enemy) -> list[str]:
    return [d.action.what for d in enemy.decisions]


def test_1_set_up():
    """Set-up: "3 Heroes in the Courtyard; no starting Serfs or Warrior. Ore, Mana, Food = 3 each", the token on
    Start, the 8 solo cards shuffled."""
    s = fresh()
    assert [u.id for u in s.units if u.where == "courtyard"] == ["hero1", "hero2", "hero3"]
    assert not [u for u in s.units if u.where not in ("courtyard", "supply")]
    assert s.resources == {"ore": 3, "mana": 3, "food": 3} and s.cc_space == 0 and len(s.deck) == 8


def test_2_a_recruit_goes_to_the_capital_when_the_heros_region_holds_five():
    """Recruit: "It goes to the Courtyard if the hero is there, else the hero's region, or the Capital if that
    region already holds 5 bot units." Vessels unaffordable, a Warrior affordable."""
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 2}
    s.unit("hero1").where = "L2"
    for unit in [u for u in s.units if u.type == "serf"][:4]:
        unit.where = "L2"
    enemy = Enemy(s, DATA, random.Random(0))
    assert enemy.recruit("hero1")
    recruited = [u for u in s.units if u.type == "warrior" and u.where != "supply"]
    assert [u.where for u in recruited] == ["L7"] and s.resources["food"] == 0


def test_3_a_recruit_with_nothing_to_pay_fails_and_the_hero_moves():
    """ "Fails if no unit can be recruited" — and on a failed action the hero moves by the card's compass."""
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    s.deck = [CARD["recruit"].id, *[x for x in s.deck if x != CARD["recruit"].id]]
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.act(1)
    assert steps(enemy)[:3] == ["draw", "failed", "leave_courtyard"] and s.unit("hero1").where != "courtyard"


def test_4_the_army_takes_the_next_arc_clockwise_when_the_compass_points_to_sea():
    """Moving: "The hero and every unit in its region move 1 step to the neighbour whose edge arc contains the
    compass bearing; if illegal, rotate clockwise through the arcs. Illegal: Sea (unless a ferry edge)". L2's east
    arc leads to the sea S1; the next arc clockwise leads to L4, a mountain with a face-down Exploration Token: +1
    Ore, the token, +1 pt (H1)."""
    s = fresh()
    s.unit("hero1").where = "L2"
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "E")
    assert s.unit("hero1").where == "L4" and "L4" not in s.tokens
    assert (s.resources["ore"], s.pts, s.collected) == (4, 1, 1)


def test_5_an_army_leaves_the_courtyard_with_as_many_warriors_as_fit_and_one_serf():
    """ "Hero in the Courtyard. Its army takes up to 5 units including the hero: as many Warriors as possible but
    at least 1 Serf if available, the rest Serfs; other heroes stay." 1 Hero + 4 Warriors + 2 Serfs."""
    s = fresh()
    for kind, n in (("warrior", 4), ("serf", 2)):
        for unit in [u for u in s.units if u.type == kind][:n]:
            unit.where = "courtyard"
    enemy = Enemy(s, DATA, random.Random(0))
    enemy._leave_courtyard("hero1")
    army = [u for u in s.units if u.where == "L7"]
    assert sorted(u.type for u in army) == ["hero", "serf", "warrior", "warrior", "warrior"]
    assert {u.id for u in s.units if u.where == "courtyard" and u.type == "hero"} == {"hero2", "hero3"}


def test_10_tax_gains_each_slot_capped_then_a_follow_then_the_tokens_rotate_then_the_hero_moves():
    """Tax: "For each resource res[r] = min(10, res[r] + slot_value(r)) (H7); offer a Follow; rotate the tokens;
    the hero then moves." "Then the tokens rotate: 2->3, 3->4, 4->2." Ore@4, Mana@3, Food@2; Ore 8."""
    s = fresh()
    s.resources = {"ore": 8, "mana": 3, "food": 3}
    s.deck = [CARD["tax"].id, *[x for x in s.deck if x != CARD["tax"].id]]
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.act(1)
    assert s.resources == {"ore": 10, "mana": 6, "food": 5}
    assert s.pending is not None and s.pending.ask == "follow" and s.tax == {"ore": 4, "mana": 3, "food": 2}
    assert s.unit("hero1").where == "courtyard"  # the person follows on the old Tax Track first
    Enemy(s, DATA, random.Random(0)).resume("follow_done")
    assert s.pending is None and s.tax == {"ore": 2, "mana": 4, "food": 3}
    assert s.unit("hero1").where != "courtyard"


def test_11_the_cc_track_needs_its_ore_and_its_last_space_ends_the_game():
    """Build, CC Track: "Pay the Ore on the next space, advance the token ... The last space triggers the game
    end. Fails on too little Ore." End: "set final_round = current + 1"."""
    s = fresh()
    s.cc_space, s.resources["ore"] = 2, 3  # the next space costs 4 Ore on the sample board
    assert not Enemy(s, DATA, random.Random(0)).build_cc_track("hero1") and s.cc_space == 2
    s.cc_space, s.resources["ore"], s.round = 5, 7, 2  # the last space costs 7
    assert Enemy(s, DATA, random.Random(0)).build_cc_track("hero1")
    assert s.cc_space == 6 and s.final_round == 3 and s.resources["ore"] == 0


def test_12_a_deck_of_one_is_shuffled_with_the_discard_and_the_slots_stay():
    """ "If the deck holds exactly 1 card (or none), shuffle it with the discard pile (Hero Slots excluded) into a
    new deck, then draw." 1 in the deck, 4 discarded, 2 in Hero Slots: a deck of 5, one of them drawn."""
    s = fresh()
    ids = [c.id for c in DATA.cards.cards]
    s.deck, s.discard, s.slots = ids[:1], ids[1:5], [ids[5], ids[6], None]
    drawn = rules.draw_solo(s, random.Random(0))
    assert len(s.deck) == 4 and drawn in ids[:5] and s.discard == [] and s.slots[:2] == [ids[5], ids[6]]


def placed(s: State, region: str, *types: str) -> None:
    for kind in types:
        unit = next(u for u in s.units if u.type == kind and u.where in ("supply", "courtyard") and u.id != "hero2")
        unit.where = region


def attacker(s: State, compass: str, answer=None) -> Enemy:
    enemy = Enemy(s, DATA, random.Random(0), answer=answer)
    enemy.card = next(c for c in DATA.cards.cards if c.action == "attack").model_copy(update={"compass": compass})
    return enemy


def test_7_attack_the_weakest_army_within_two_regions():
    """Attack: "T = player armies reachable in <= 2 steps (H4) with NS(P) <= Se; t = min NS" and "+1 pt" for the
    battle. Bot NS 5 (Hero 3 + Warrior 2) in L2; player armies NS 4 in L1 (1 step) and NS 2 in L3 (2 steps, by L4:
    the step between may not hold player units)."""
    s = fresh()
    placed(s, "L2", "hero", "warrior")
    s.player = {"L1": PlayerArmy(4), "L3": PlayerArmy(2)}
    s.deck = ["sample.3", *[x for x in s.deck if x != "sample.3"]]
    enemy = attacker(s, "N", answer=lambda region, bot: (1, False))
    assert enemy.attack("hero1")
    assert [dict(d.action.detail)["target"] for d in enemy.decisions if d.action.what == "attack"] == ["L3"]
    assert s.pts >= 1 and [d.action.what for d in enemy.decisions][-1] in ("resource", "token", "battle")


def test_8_the_compass_breaks_a_tie_sweeping_clockwise():
    """H5: "Bearing from the hero's region centre to the target's centre; the first met sweeping clockwise,
    starting at the arrow." Two armies of NS 3 from L4: L6 at 90 degrees (by the ferry) and L3 at 270; arrow S
    (180): L3 comes first."""
    s = fresh()
    placed(s, "L4", "hero", "warrior")
    s.player = {"L6": PlayerArmy(3), "L3": PlayerArmy(3)}
    enemy = attacker(s, "S", answer=lambda region, bot: (1, False))
    assert enemy.attack("hero1")
    assert next(dict(d.action.detail)["target"] for d in enemy.decisions if d.action.what == "attack") == "L3"


def test_9_no_army_weak_enough_fails_and_the_hero_moves():
    """ "if T empty: return failed" — the only army in range has NS 6 > 5."""
    s = fresh()
    placed(s, "L2", "hero", "warrior")
    s.player = {"L1": PlayerArmy(6)}
    enemy = attacker(s, "N")
    assert not enemy.attack("hero1") and enemy.decisions[-1].action.what == "failed"


def test_13_the_defender_wins_ties_and_a_cancelled_card_loses_its_strength():
    """Battle: "The bot reveals card b ... b.strength is added to its total ... If the human's tactic cancels the
    bot's tactic, b.strength does not count. Compare totals; the defender wins ties." Losses: "weakest first ...
    until the NS removed is at least half its NS, rounded up" (H12). Bot NS 4 (Warrior + 2 Serfs), card +2, you 6."""
    for cancels, won in ((False, True), (True, False)):
        s = fresh()
        placed(s, "L5", "warrior", "serf", "serf")
        s.deck = ["sample.3", *[x for x in s.deck if x != "sample.3"]]
        enemy = Enemy(s, DATA, random.Random(0), answer=lambda region, bot, c=cancels: (6, c))
        assert enemy.battle("L5", attacker=False) is won
        assert "sample.3" in s.discard
        if not won:
            assert sorted(u.type for u in s.units if u.where == "supply" and u.id in ("serf1", "serf2")) == [
                "serf",
                "serf",
            ]
            assert next(u for u in s.units if u.type == "warrior" and u.id == "warrior1").where == "courtyard"


def test_6_the_hero_boards_an_empty_air_vessel_with_one_warrior_and_it_flies_three():
    """Move, step 2: "An empty bot vessel is in the hero's region. The hero boards it with 1 other unit (a Warrior
    before a Serf, never another Hero) and the vessel moves. The other units stay." Step 5: "Air Vessel. 3 steps,
    alone, no ferries or graticules ... May cross Sea but not stop there (H14)". In L3 with a Warrior and a Serf;
    arrow E: L3 -> L4, then L4's east arc is the ferry, which is no air route (L171): its arc is the sea it crosses,
    S2 (issue 41 item 9; it was swept past to S4 before), then east again to L6 (land: no need to turn at the end)."""
    s = fresh()
    placed(s, "L3", "hero", "warrior", "serf", "air_vessel")
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "E")
    vessel = next(u for u in s.units if u.type == "air_vessel")
    crew = {u.id for u in s.units if u.aboard == vessel.id}
    assert crew == {"hero1", "warrior1"} and vessel.where == "L6" and s.unit("warrior1").where == "L6"
    assert s.unit("serf1").where == "L3"  # the Serf stays
    assert [dict(d.action.detail)["to"] for d in enemy.decisions if d.action.what == "fly"] == ["L4", "S2", "L6"]


def test_whole_games_run_to_their_end_in_self_play(tmp_path):
    """ "Finish the round, then play one more round": self-play over whole games, zero errors, the Enemy's score,
    steps and thinking time printed; the sample plays only with --allow-sample."""
    import json

    from tests.test_cli import automa

    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    refused = automa("selfplay", "holas", "--games", "2", env=env)
    assert refused.returncode == 2 and "--data FOLDER" in refused.stderr and "--allow-sample" in refused.stderr
    result = automa("selfplay", "holas", "--allow-sample", "--games", "40", "--json", env=env)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and summary["sample"] and summary["rounds"] == 7.0  # X-Objective in 6, then 7
    assert {"attack", "battle", "recruit", "tax", "move", "fly", "sail", "dock"} <= set(summary["steps"])
    assert all(summary["movers"][k] > 0 for k in ("land_army", "air_vessel", "sea_vessel")), summary["movers"]
    assert summary["collection"]["regions"] > 0 and set(summary["collection"]) == {"regions", "worker_spaces", "towers"}
    text = automa("selfplay", "holas", "--allow-sample", "--games", "3", env=env).stdout
    assert "moves set off by kind of mover: land army" in text and "resources collected by source: regions" in text
    assert 0 < summary["ms_per_action"]["mean"] <= summary["ms_per_action"]["max"]
    refused = automa("mod", "build", "holas", "--out", str(tmp_path), env=env)
    assert refused.returncode == 2 and "--allow-sample" in refused.stderr
    built = automa("mod", "build", "holas", "--allow-sample", "--out", str(tmp_path), env=env)
    assert built.returncode == 0 and (tmp_path / "TabletopAutoma_holas.json").exists()


def test_a_failed_attack_says_why_as_data():
    """Issue 33, decisions a program can read: "no target" and "too strong" look alike in words; the failure says
    which (L104 "This action will fail if there are no player armies within 2 Regions of the Hero, or the armies are
    stronger than it"), with the strengths; a successful one gives its target, strengths and path."""
    for armies, why in (({}, "no_target"), ({"L1": PlayerArmy(6)}, "too_strong")):
        s = fresh()
        placed(s, "L2", "hero", "warrior")
        s.player = dict(armies)
        enemy = attacker(s, "N")
        assert not enemy.attack("hero1")
        failed = dict(enemy.decisions[-1].action.detail)
        assert (failed["why"], failed["strength"], failed["armies"]) == (why, 5, {r: a.ns for r, a in armies.items()})
    s = fresh()
    placed(s, "L2", "hero", "warrior")
    s.player = {"L3": PlayerArmy(2)}
    enemy = attacker(s, "N", answer=lambda region, bot: (0, False))
    assert enemy.attack("hero1")
    attack = dict(enemy.decisions[0].action.detail)
    assert (attack["target"], attack["strength"], attack["theirs"], attack["path"]) == ("L3", 5, 2, ("L4", "L3"))
    legs = [dict(d.action.detail) for d in enemy.decisions if d.action.what == "move"]
    assert [(x["to"], x["mover"], x["how"], x["leg"]) for x in legs] == [
        ("L4", "land_army", "land", 1),
        ("L3", "land_army", "land", 2),
    ]


def test_research_casts_the_acting_heros_spell_or_fails_on_its_cost():
    """Research: "Cast the acting hero's spell from the Solo board: pay its cost, gain its pts ... Fails if the bot
    cannot pay." Sample Spell 2 costs 2 Mana and gives 2 pts."""
    s = fresh()
    enemy = Enemy(s, DATA, random.Random(0))
    assert enemy.research("hero2") and (s.resources["mana"], s.pts) == (1, 2)
    assert not enemy.research("hero2") and enemy.decisions[-1].action.what == "failed"


def test_build_tries_a_tower_then_an_air_vessel_then_a_sea_vessel():
    """Build, Towers & Vessels: "try in the order Tower > Air Vessel > Sea Vessel". A tower needs the hero in a
    non-Capital land region holding a bot Serf, and "collects every adjacent Exploration Token" (H1: +1 pt each).
    Without a Serf there, an Air Vessel is built in the hero's region, and the hero and the others board it."""
    s = fresh()
    placed(s, "L4", "hero", "serf")
    adjacent = {"L2", "L3", "S2", "S4", "L6"} & s.tokens.keys()
    enemy = Enemy(s, DATA, random.Random(0))
    assert enemy.build_towers_vessels("hero1") and s.towers == ["L4"]
    assert s.pts == len(adjacent) and not adjacent & s.tokens.keys()
    s = fresh()
    s.resources = {"ore": 5, "mana": 5, "food": 5}
    placed(s, "L2", "hero", "warrior")
    assert Enemy(s, DATA, random.Random(0)).build_towers_vessels("hero1")
    vessel = next(u for u in s.units if u.type == "air_vessel")
    assert vessel.where == "L2" and {u.id for u in s.units if u.aboard == vessel.id} == {"hero1", "warrior1"}
    poor = fresh()
    poor.resources = {"ore": 0, "mana": 0, "food": 0}
    enemy = Enemy(poor, DATA, random.Random(0))
    assert not enemy.build_towers_vessels("hero1") and enemy.decisions[-1].action.what == "failed"


def test_a_sea_vessel_sails_three_seas_and_docks_by_the_compass_or_next_to_the_weakest_army():
    """Move, step 6: "Sea Vessel. 3 steps, alone, through Sea regions ... docking and undocking are free ...
    Ending next to player-controlled land, it docks on the Shore with the lowest-NS player army and battles, whatever
    the compass says; otherwise it docks on the Shore the compass points to" (H3). Docked at L2, arrow S: into S1,
    then S2, S1, S2; by the compass it docks at L8 (its south shore), or next to the weakest army."""
    for armies, dock in (({}, "L8"), ({"L4": PlayerArmy(2), "L6": PlayerArmy(1)}, "L6")):
        s = fresh()
        placed(s, "L2", "hero", "warrior", "sea_vessel")
        s.player = dict(armies)
        enemy = Enemy(s, DATA, random.Random(0), answer=lambda region, bot: (0, False))
        enemy.move("hero1", "S")
        sailed = [dict(d.action.detail)["to"] for d in enemy.decisions if d.action.what in ("undock", "sail")]
        assert sailed == ["S1", "S2", "S1", "S2"]
        assert [dict(d.action.detail)["to"] for d in enemy.decisions if d.action.what == "dock"] == [dock]
        assert ("battle" in [d.action.what for d in enemy.decisions]) is bool(armies)


def test_collection_and_a_serf_on_a_worker_space():
    """Round end: "collect(bot) # as a normal player"; H9: "A bot Serf in a resource region fills a free worker
    space". L3 (plains, a worker space) with a Serf: 2 Food; L2 (forest) with a Warrior: 1 Mana; the slots go to the
    discard pile and the round advances."""
    s = fresh()
    placed(s, "L3", "serf")
    placed(s, "L2", "warrior")
    s.slots = ["sample.1", "sample.2", "sample.4"]
    take = rules.end_round(s, DATA)
    assert take["regions"] == {"ore": 0, "mana": 1, "food": 1} and take["worker_spaces"]["food"] == 1
    assert s.resources == {"ore": 3, "mana": 4, "food": 5} and s.round == 2
    assert s.slots == [None, None, None] and s.discard[-3:] == ["sample.1", "sample.2", "sample.4"]


def test_collection_gives_a_tower_in_a_resource_region_two_more():
    """Issue 33 item 8: L56 "The Enemy collects Resources just like a normal player"; the rulebook's Collection gives
    a Tower in a Resource Region 2 more (``towers.collect`` in the faction file). A bot tower in L4 (a mountain) and
    a Warrior there: 1 + 2 Ore; a tower alone in L1 (a mountain, nobody there): 1 + 2 more."""
    s = fresh()
    placed(s, "L4", "warrior")
    s.towers = ["L4", "L1"]
    take = rules.end_round(s, DATA)
    assert take["regions"]["ore"] == 2 and take["towers"]["ore"] == 4 and s.resources["ore"] == 9


def test_every_unit_aboard_stands_where_its_vessel_does_through_whole_games():
    """A property of whole self-play games: after every game, a unit aboard a vessel is in the vessel's region
    (losses put the survivors in the Courtyard off their vessel)."""
    from engines.holas import selfplay

    for seed in range(40):
        state = selfplay.play(DATA, seed)[0]
        for unit in state.units:
            if unit.aboard is not None:
                assert unit.where == state.unit(unit.aboard).where, (seed, unit)


# --- the questions only the person can answer: an action stops, a button press goes on -----------------------


def test_a_battle_waits_for_the_tactic_then_reveals_then_waits_for_cancels():
    """Battle: "1. The human chooses a Tactic Card first and presses 'Tactic chosen'. 2. The bot reveals card b
    with draw_solo() ... 3. If the human's tactic cancels the bot's tactic, b.strength does not count." Bot NS 5
    attacks your NS 2 in L3; its card sample.7 (+3); your tactic strength 4: 5 + 3 = 8 against 6 unless cancelled
    (5 against 6: you win, the bot loses)."""
    for button, won in (("interrupt_none", True), ("tactic_cancels", False)):
        s = fresh()
        placed(s, "L2", "hero", "warrior")
        s.player = {"L3": PlayerArmy(2)}
        s.deck = ["sample.3", "sample.7", *[x for x in s.deck if x not in ("sample.3", "sample.7")]]
        enemy = Enemy(s, DATA, random.Random(0))
        enemy.act(1)
        assert s.pending is not None and (s.pending.ask, s.pending.region, s.pending.then) == ("tactic", "L3", ("end",))
        assert s.unit("hero1").where == "L3" and s.deck[0] == "sample.7"  # the card is drawn only after your tactic
        Enemy(s, DATA, random.Random(0)).resume("bot_action")  # the wrong button: nothing happens
        assert s.pending.ask == "tactic" and s.deck[0] == "sample.7"
        s.tactic = 4
        Enemy(s, DATA, random.Random(0)).resume("tactic_chosen")
        assert (s.pending.ask, s.pending.card, s.pending.person_total) == ("cancels", "sample.7", 6)
        last = Enemy(s, DATA, random.Random(0)).resume(button)
        assert s.pending is None and "sample.7" in s.discard
        battle = next(dict(d.action.detail) for d in last if d.action.what == "battle")
        assert (battle["region"], battle["won"], battle["strength"], battle["card"]) == ("L3", won, 5, "sample.7")
        assert (battle["total"], battle["theirs"], battle["cancelled"]) == ((5 if not won else 8), 6, not won)
        assert (s.unit("hero1").where == "L3") is won  # survivors of a lost battle go to the Courtyard


def test_the_person_attacks_and_the_bot_defends_with_its_defend_tactic():
    """ "its tactic is b.tactic_attack when attacking, b.tactic_defend when defending" — the person moved into the
    bot's L5 and pressed Tactic chosen: the bot reveals at once."""
    s = fresh()
    placed(s, "L5", "warrior", "serf")
    s.player = {"L5": PlayerArmy(2)}
    s.deck = ["sample.3", *[x for x in s.deck if x != "sample.3"]]
    s.tactic = 1
    said = Enemy(s, DATA, random.Random(0)).resume("tactic_chosen")
    assert s.pending is not None and s.pending.ask == "cancels" and not s.pending.attacker
    assert "Sample Wall" in said[-1].reason.text and s.pending.person_total == 3


def test_entering_the_persons_region_on_a_failed_action_is_a_battle_and_its_token_is_taken_at_once():
    """Moving, step 4: "On entering a region: player-controlled -> battle, and its 1 resource only if the bot
    wins"; the attacker gets +1 pt. Hero 1 in L2, arrow S: L4 (a mountain) holds your army. Its Exploration Token
    is taken on entering, before the battle (issue 33 item 11; L154 "If the Hero passes through or ends movement in
    a Region with Exploration Tokens, the tokens are immediately taken"): 1 pt for the battle, 1 for the token."""
    s = fresh()
    placed(s, "L2", "hero")
    s.player = {"L4": PlayerArmy(1)}
    ore = s.resources["ore"]
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "S")
    assert s.pending is not None and s.pending.region == "L4" and s.pts == 2 and s.resources["ore"] == ore
    assert "L4" not in s.tokens and s.collected == 1


def test_research_waits_for_an_interrupt_then_applies_the_effect_then_offers_a_follow():
    """Research: "pay its cost, gain its pts, pause for a human interrupt, apply the effect ... The human may
    Follow." """
    s = fresh()
    s.deck = ["sample.5", *[x for x in s.deck if x != "sample.5"]]
    Enemy(s, DATA, random.Random(0)).act(1)
    assert s.pending is not None and (s.pending.ask, s.pending.then) == ("interrupt", ("effect", "follow", "end"))
    said = Enemy(s, DATA, random.Random(0)).resume("interrupt_none")
    assert [d.action.what for d in said] == ["effect", "follow_ask"] and s.pending.ask == "follow"
    Enemy(s, DATA, random.Random(0)).resume("follow_done")
    assert s.pending is None and s.slots[0] == "sample.5"


NEXT = {"follow": "follow_done", "interrupt": "interrupt_none", "tactic": "tactic_chosen", "cancels": "interrupt_none"}


def test_the_third_action_ends_the_round():
    """ "collect(bot) ... discard(slot[1..3]) face up" after the third action: the next Bot action is action 1 of
    the next round."""
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    s.deck = ["sample.1", "sample.8", "sample.2", *[x for x in s.deck if x not in ("sample.1", "sample.8", "sample.2")]]
    for _ in range(3):
        Enemy(s, DATA, random.Random(0)).resume("bot_action")
        while s.pending is not None:
            Enemy(s, DATA, random.Random(0)).resume(NEXT[s.pending.ask])
    assert s.round == 2 and s.slots == [None, None, None] and {"sample.1", "sample.8", "sample.2"} <= set(s.discard)


def test_a_battle_in_the_third_actions_move_keeps_the_end_of_the_round_for_after_it():
    """The round: "ok = perform(c, h) ... elif not ok: move(h, c.compass)" then "collect(bot); discard(slot[1..3])"
    after the third action: a battle on the way (step 4: "player-controlled -> battle") comes first."""
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    s.slots = ["sample.2", "sample.4", None]
    s.deck = ["sample.1", *[x for x in s.deck if x not in ("sample.1", "sample.2", "sample.4")]]
    s.unit("hero3").where = "L2"  # recruit fails with nothing to pay; arrow N from L2: the sea, then L1 clockwise
    s.player = {"L3": PlayerArmy(1), "L1": PlayerArmy(1), "L4": PlayerArmy(1)}
    Enemy(s, DATA, random.Random(0)).resume("bot_action")
    assert s.pending is not None and (s.pending.ask, s.pending.slot, s.pending.then) == ("tactic", 3, ("end",))
    Enemy(s, DATA, random.Random(0)).resume("tactic_chosen")
    Enemy(s, DATA, random.Random(0)).resume("interrupt_none")
    assert s.pending is None and s.round == 2 and s.slots == [None, None, None]


def test_attack_takes_the_shortest_path_to_an_adjacent_target():
    """Issue 33 item 10: spec Attack "T = player armies reachable in <= 2 steps (H4)" and "if paths tie, take the
    first step clockwise from the compass": the path is the shortest one. On the sample map with one more link, L2
    to L3, hero 1 in L1 and your army in L3 (next to it): arrow E meets L2 first, but the army goes straight to L3
    and takes nothing from L2 on the way."""
    from engines.holas.data_model import Edge, MapData

    link = Edge(a="L2", b="L3", kind="land", arc_a=(315, 45), arc_b=(225, 315))
    triangle = MapData.model_validate({**DATA.map.model_dump(), "edges": [*DATA.map.model_dump()["edges"], link]})
    data = DATA.model_copy(update={"map": triangle})
    s = fresh()
    placed(s, "L1", "hero", "warrior")
    s.player = {"L3": PlayerArmy(2)}
    enemy = Enemy(s, data, random.Random(0), answer=lambda region, bot: (0, False))
    enemy.card = next(c for c in DATA.cards.cards if c.action == "attack").model_copy(update={"compass": "E"})
    assert enemy.attack("hero1")
    assert [dict(d.action.detail)["to"] for d in enemy.decisions if d.action.what == "move"] == ["L3"]
    assert "L2" in s.tokens and s.resources["mana"] == 3


def test_a_tower_costs_one_ore_for_each_land_region_from_the_capital():
    """Issue 33 item 9: L80 "Just like a normal player, the Enemy may not build more Towers than its Capital City
    Level allows"; the rulebook charges 1 Ore for each land region away from the Capital City (steps), which the
    sample faction file says (``towers.cost_rule``). From the Capital L7: L4 is 2 regions away (L6, then the ferry),
    L1 is 4: with 3 Ore the tower goes up in L4, not in L1."""
    for region, built, ore in (("L4", True, 1), ("L1", False, 3)):
        s = fresh()
        placed(s, region, "hero", "serf")
        s.resources = {"ore": 3, "mana": 0, "food": 0}
        enemy = Enemy(s, DATA, random.Random(0))
        assert enemy._tower("hero1") is built and s.resources["ore"] == ore
    fixed = DATA.faction.model_copy(update={"towers": DATA.faction.towers.model_copy(update={"cost_rule": "fixed"})})
    s = fresh()
    placed(s, "L1", "hero", "serf")
    assert Enemy(s, DATA.model_copy(update={"faction": fixed}), random.Random(0))._tower("hero1")


def test_a_faction_files_tower_cost_rule_is_checked_by_name(tmp_path):
    """Owner data: "a loader whose errors name the entry and field": an unknown ``towers.cost_rule``."""
    import json

    import pytest

    from engines.holas.data_model import load_file
    from engines.ownerdata import OwnerDataError

    faction = json.loads((SAMPLE / "faction.json").read_text(encoding="utf-8"))
    faction["towers"]["cost_rule"] = "by_the_mile"
    (tmp_path / "faction.json").write_text(json.dumps(faction), encoding="utf-8")
    with pytest.raises(OwnerDataError) as caught:
        load_file(tmp_path / "faction.json")
    assert "towers" in str(caught.value) and "cost_rule" in str(caught.value)


def test_the_enemys_own_x_objectives_are_checked_after_every_action():
    """Issue 33 item 12: L206 "The game's end is triggered when either you or the Enemy has achieved one of the 4
    X-Objectives"; spec "Check the triggers after every action", "set final_round = current + 1". eXpand: all its
    Serfs and Warriors in play (here in the Courtyard) after a Tax in round 2; eXploit: all 3 Towers in play; eXplore:
    every land Exploration Token revealed."""
    s = fresh()
    s.round = 2
    for unit in s.units:
        if unit.type in ("warrior", "serf"):
            unit.where = "courtyard"
    s.deck = ["sample.4", *[x for x in s.deck if x != "sample.4"]]
    enemy = Enemy(s, DATA, random.Random(0), answer=lambda region, bot: (0, False))
    enemy.act(1)
    reached = [dict(d.action.detail) for d in enemy.decisions if d.action.what == "x_objective"]
    assert s.final_round == 3 and [r["reached"] for r in reached] == [("eXpand",)]
    s = fresh()
    s.towers = ["L1", "L2", "L3"]
    assert rules.x_objectives(s, DATA) == ["eXploit"]
    s.tokens = {r: n for r, n in s.tokens.items() if r.startswith("S")}
    assert rules.x_objectives(s, DATA) == ["eXplore", "eXploit"]


def test_your_capital_has_a_strength_of_its_own_and_a_regions_tokens_are_taken_together():
    """Issue 33 item 14: the faction file's ``capital_ns`` is your Capital's own strength (H6: "All player units plus
    the structure (tower or capital) in one region"), a tower's when it says none; L154 "If the Hero passes through
    or ends movement in a Region with Exploration Tokens, the tokens are immediately taken ... The Enemy gains
    immediately for each Token collected": a map region may hold several (``exploration_tokens``)."""
    from engines.holas.data_model import MapData

    strong = DATA.model_copy(update={"faction": DATA.faction.model_copy(update={"capital_ns": 4})})
    s = fresh()
    s.player = {"L1": PlayerArmy(2, structure=True, capital=True), "L3": PlayerArmy(2, structure=True)}
    assert Enemy(s, strong, random.Random(0)).armies() == {"L1": 6, "L3": 3}
    assert Enemy(s, DATA, random.Random(0)).armies() == {"L1": 3, "L3": 3}
    regions = [r.model_dump() for r in DATA.map.regions]
    next(r for r in regions if r["id"] == "L4")["exploration_tokens"] = 2
    two = DATA.model_copy(update={"map": MapData.model_validate({**DATA.map.model_dump(), "regions": regions})})
    s = rules.new_game(two, "L7", random.Random(1))
    assert s.tokens["L4"] == 2 and "L7" not in s.tokens
    s.unit("hero1").where = "L2"
    Enemy(s, two, random.Random(0)).move("hero1", "S")
    assert "L4" not in s.tokens and (s.collected, s.pts) == (2, 2)
