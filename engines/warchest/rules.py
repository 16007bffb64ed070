"""War Chest's rules: set-up, legal actions (generated lazily), and applying an action.

``apply`` mutates the state (copy it first to search); chance (drawing coins) comes from the rng it is given.
After every action the state settles: follow-ups that offer nothing but "skip" are dropped, and when nothing is
pending the turn passes on (a new round draws coins in the 2-player game; in solo play each turn begins with the
AI's reveal or the human's draw).

Follow-ups (``Pending``), decided before play goes on, the last pushed first:
``soak`` (a Royal Guard's owner, attacked, may eliminate a supply coin instead), ``priest`` (use the coin a
Warrior Priest drew), ``swordsman`` (a free step after attacking), ``berserker`` (pay a bolstered coin to
maneuver again), ``mercenary`` (a free maneuver after recruiting a deployed Mercenary), ``footman`` (each
Footman maneuvers once; mandatory while able).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

from engines.base import IllegalAction
from engines.warchest.actions import (
    MANEUVERS,
    Action,
    Attack,
    Bolster,
    Claim,
    Control,
    Deploy,
    Move,
    Muster,
    Pass,
    Recruit,
    Skip,
    Soak,
    Tactic,
)
from engines.warchest.board import (
    DIRECTIONS,
    HEXES,
    LOCATION_SET,
    NEIGHBOURS,
    STARTS,
    Hex,
    distance,
    reachable_in,
    straight_line,
)
from engines.warchest.state import Coins, Pending, Piece, Rules, Side, State, add, take
from engines.warchest.units import CARDS, ROYAL

HAND_SIZE = 3


# --- set-up -------------------------------------------------------------------------------------------------


def make_side(units: tuple[str, ...], *, in_bag: int = 2, royals: int = 1) -> Side:
    for u in units:
        if u not in CARDS:
            raise ValueError(f"unknown unit {u!r}")
    bag: Coins = {u: in_bag for u in units if in_bag}
    if royals:
        bag[ROYAL] = royals
    supply = {u: CARDS[u].coins - in_bag for u in units if CARDS[u].coins > in_bag}
    return Side(units, bag, [], {}, {}, supply, {})


def new_game(
    units: tuple[tuple[str, ...], tuple[str, ...]],
    rng: random.Random,
    *,
    rules: Rules | None = None,
    initiative: int | None = None,
    sides: list[Side] | None = None,
) -> State:
    """A 2-player game (or, with ``rules.solo``, the solo structure) after set-up, ready for the first action."""
    rules = rules or Rules()
    if set(units[0]) & set(units[1]):
        raise ValueError("the two sides must have different units")
    first = rng.randrange(2) if initiative is None else initiative
    control = {STARTS[0][0]: 0, STARTS[0][1]: 0, STARTS[1][0]: 1, STARTS[1][1]: 1}
    state = State(
        rules,
        sides or [make_side(units[0]), make_side(units[1])],
        {},
        control,
        initiative=first,
        current=first,
        round=0,
    )
    if rules.solo:
        state.current = rules.ai_side  # "The AI goes first."
        _begin_solo_turn(state, rng)
    else:
        _start_round(state, rng)
    return state


# --- drawing ------------------------------------------------------------------------------------------------


def draw_coin(side: Side, rng: random.Random, *, refill: bool = True) -> str | None:
    """A random coin from the bag; an empty bag first takes the whole discard (both faces)."""
    if not side.bag and refill:
        for pile in (side.discard_up, side.discard_down):
            for unit, n in pile.items():
                add(side.bag, unit, n)
            pile.clear()
    total = sum(side.bag.values())
    if not total:
        return None
    pick = rng.randrange(total)
    for unit in sorted(side.bag):
        pick -= side.bag[unit]
        if pick < 0:
            take(side.bag, unit)
            return unit
    raise AssertionError("unreachable")


def _start_round(state: State, rng: random.Random) -> None:
    state.round += 1
    state.initiative_taken = False
    state.current = state.initiative
    for side in state.sides:
        while len(side.hand) < HAND_SIZE:
            coin = draw_coin(side, rng)
            if coin is None:
                break
            side.hand.append(coin)
    if not any(side.hand for side in state.sides):
        state.drawn_game = True  # nobody has a coin left to play


def _begin_solo_turn(state: State, rng: random.Random) -> None:
    """Solo: the AI reloads (adding a Royal Coin) and reveals one coin; the human draws 3 only on an empty hand."""
    for _ in range(2):
        side = state.sides[state.current]
        if state.current == state.rules.ai_side:
            if not side.bag and "reload" in state.rules.solo_recruit and any(side.supply.values()):
                state.pending.append(Pending("recruit", state.current))  # recruit 1, then refill and reveal
                state.awaiting_reveal = True
                return
            _reveal_ai(state, rng, reload=not side.bag)
        elif not side.hand:
            while len(side.hand) < HAND_SIZE and (coin := draw_coin(side, rng)) is not None:
                side.hand.append(coin)
        if side.hand:
            return
        state.current = 1 - state.current  # no coin at all: the other side plays on
    state.drawn_game = True


def _reveal_ai(state: State, rng: random.Random, *, reload: bool) -> None:
    side = state.sides[state.rules.ai_side]
    if reload:
        reload_ai(side)
    coin = draw_coin(side, rng, refill=False)
    if coin is not None:
        side.hand.append(coin)


def reload_ai(side: Side) -> None:
    for pile in (side.discard_up, side.discard_down):
        for unit, n in pile.items():
            add(side.bag, unit, n)
        pile.clear()
    add(side.bag, ROYAL)
    side.royals_added += 1


# --- legal actions ------------------------------------------------------------------------------------------


def legal_actions(state: State) -> Iterator[Action]:
    """Every legal action for the player to act (``state.to_act()``), generated lazily."""
    if state.over:
        return
    if not state.pending:
        p = state.current
        side = state.sides[p]
        recruits = recruitable(side)  # the same for every coin in hand
        for coin in sorted(set(side.hand)):
            yield from coin_actions(state, p, coin, recruits)
        return
    top = state.pending[-1]
    p = top.player
    if top.kind == "priest":
        assert top.coin is not None
        yield from coin_actions(state, p, top.coin)
    elif top.kind == "soak":
        yield Soak(True)
        yield Soak(False)
    elif top.kind == "deploy":
        assert top.coin is not None
        yield Skip()
        if len(state.units_of(p, top.coin)) < CARDS[top.coin].max_units:
            for spot in deploy_hexes(state, p, top.coin):
                yield Deploy(top.coin, spot)
    elif top.kind == "recruit":
        for unit in recruitable(state.sides[p]):
            yield Recruit(None, unit)
    elif top.kind == "muster":
        unit_hex = muster_unit(state, top)
        if unit_hex is not None:
            yield Skip()
            yield from free_maneuvers(state, p, unit_hex)
            yield from tactics(state, p, unit_hex, None)
    elif top.kind == "footman":
        for h in top.hexes:
            if _is(state, h, p, "Footman"):
                yield from free_maneuvers(state, p, h)
    else:
        assert top.hex is not None
        yield Skip()
        if top.kind == "swordsman" and _is(state, top.hex, p, "Swordsman"):
            for n in NEIGHBOURS[top.hex]:
                if n not in state.board:
                    yield Move(None, top.hex, n)
        elif top.kind == "berserker" and _is(state, top.hex, p, "Berserker"):
            piece = state.board[top.hex]
            if piece.coins >= 2:
                kinds = ("move", "attack") if state.rules.v2_cards else ("move", "control", "attack")
                yield from free_maneuvers(state, p, top.hex, height=piece.coins - 1, kinds=kinds)
        elif top.kind == "mercenary" and _is(state, top.hex, p, "Mercenary"):
            yield from free_maneuvers(state, p, top.hex)


def muster_unit(state: State, top: Pending) -> Hex | None:
    """The hex of the next unit of a Royal Coin muster (the first listed that is still on the board)."""
    for unit in top.names[:1]:
        found = state.units_of(top.player, unit)
        return found[0] if found else None
    return None


def _is(state: State, h: Hex, player: int, unit: str) -> bool:
    piece = state.board.get(h)
    return piece is not None and piece.owner == player and piece.unit == unit


# The plain coin actions, made once each and shared (they are immutable): a random player lists about eleven
# actions a turn, and looking one up costs a fraction of making it.
_deploy = functools.cache(Deploy)
_bolster = functools.cache(Bolster)
_recruit = functools.cache(Recruit)
_pass = functools.cache(Pass)
_move = functools.cache(Move)


def recruitable(side: Side) -> list[str]:
    """The side's units with a coin left in the supply, in card order."""
    return [unit for unit in side.units if side.supply.get(unit)]


def coin_actions(state: State, p: int, coin: str, recruits: list[str] | None = None) -> Iterator[Action]:
    """The actions that play ``coin``; ``recruits``: :func:`recruitable` for the side, if already known."""
    board = state.board
    if coin != ROYAL:
        mine = [h for h, pc in board.items() if pc.owner == p and pc.unit == coin]
        if len(mine) < CARDS[coin].max_units:
            for h in deploy_hexes(state, p, coin):
                yield _deploy(coin, h)
        for h in mine:
            yield _bolster(coin, h)
        for h in mine:
            yield from maneuvers(state, p, h, coin)
    else:
        for h in state.units_of(p, "Royal Guard"):
            for to in royal_guard_moves(state, p, h):
                yield Tactic(ROYAL, h, to=to)
        if state.rules.solo and p == state.rules.ai_side and state.units_of(p):
            yield Muster(coin)
    if state.rules.solo:
        if state.rules.solo_claim == "pass" and p != state.rules.ai_side:
            yield Claim(coin)  # option 6.12: the person may still "claim", which only discards face down
    elif state.initiative != p and not state.initiative_taken:
        yield Claim(coin)
    for unit in recruitable(state.sides[p]) if recruits is None else recruits:
        yield _recruit(coin, unit)
    yield _pass(coin)


def deploy_hexes(state: State, p: int, unit: str) -> list[Hex]:
    """The empty hexes ``unit`` may deploy on, in board order: the side's locations (a Scout also next to any
    friendly unit)."""
    board = state.board
    found = [h for h, owner in state.control.items() if owner == p and h not in board]
    if unit == "Scout":
        near = set(found)
        for h, pc in board.items():
            if pc.owner == p:
                near.update(n for n in NEIGHBOURS[h] if n not in board)
        return sorted(near)
    found.sort()
    return found


def can_attack(state: State, attacker: Hex, target: Hex, height: int | None = None) -> bool:
    """Whether the unit on ``attacker`` may hit the one on ``target`` (enemy; Knights only by stacks of 2+)."""
    a, t = state.board.get(attacker), state.board.get(target)
    if a is None or t is None or a.owner == t.owner:
        return False
    return t.unit != "Knight" or (a.coins if height is None else height) >= 2


def free_maneuvers(
    state: State, p: int, h: Hex, *, height: int | None = None, kinds: tuple[str, ...] = ("move", "control", "attack")
) -> Iterator[Action]:
    """Move, control and attack (no tactic) for the unit on h, as granted follow-ups make them."""
    board = state.board
    unit = board[h].unit
    if "move" in kinds:
        for n in NEIGHBOURS[h]:
            if n not in board:
                yield Move(None, h, n)
    if "control" in kinds and h in LOCATION_SET and state.control.get(h) != p:
        yield Control(None, h)
    if "attack" in kinds and CARDS[unit].attacks:
        for n in NEIGHBOURS[h]:
            if can_attack(state, h, n, height):
                yield Attack(None, h, n)


def maneuvers(state: State, p: int, h: Hex, coin: str) -> Iterator[Action]:
    board = state.board
    unit = board[h].unit
    for n in NEIGHBOURS[h]:
        if n not in board:
            yield _move(coin, h, n)
    if h in LOCATION_SET and state.control.get(h) != p:
        yield Control(coin, h)
    if CARDS[unit].attacks:
        for n in NEIGHBOURS[h]:
            if can_attack(state, h, n):
                yield Attack(coin, h, n)
    if CARDS[unit].tactic:
        yield from tactics(state, p, h, coin)


def tactics(state: State, p: int, h: Hex, coin: str | None) -> Iterator[Action]:
    board = state.board
    unit = board[h].unit

    def empty(x: Hex) -> bool:
        return x not in board

    if unit == "Archer":
        for t in HEXES:
            if distance(h, t) == 2 and can_attack(state, h, t):
                yield Tactic(coin, h, target=t)
    elif unit == "Crossbowman":
        for d in DIRECTIONS:
            line = straight_line(h, d, 2)
            if len(line) == 2 and empty(line[0]) and can_attack(state, h, line[1]):
                yield Tactic(coin, h, target=line[1])
    elif unit == "Cavalry":
        for to in NEIGHBOURS[h]:
            if empty(to):
                for t in NEIGHBOURS[to]:
                    if t != h and can_attack(state, h, t):
                        yield Tactic(coin, h, to=to, target=t)
    elif unit == "Lancer":
        for d in DIRECTIONS:
            line = straight_line(h, d, 3)
            for k in (1, 2):
                if len(line) > k and all(empty(x) for x in line[:k]) and can_attack(state, h, line[k]):
                    yield Tactic(coin, h, to=line[k - 1], target=line[k])
    elif unit == "Light Cavalry":
        ends = reachable_in(h, 2, empty)
        if state.rules.lc_may_return and any(empty(n) for n in NEIGHBOURS[h]):
            ends.add(h)  # option 6.14: out and back again
        for to in sorted(ends):
            yield Tactic(coin, h, to=to)
    elif unit == "Ensign":
        for other, pc in sorted(board.items()):
            if pc.owner == p and other != h and distance(other, h) <= 2:
                for to in NEIGHBOURS[other]:
                    if empty(to) and distance(to, h) <= 2:
                        yield Tactic(coin, h, to=to, other=other)
    elif unit == "Marshall":
        for other, pc in sorted(board.items()):
            if pc.owner == p and other != h and distance(other, h) <= 2 and CARDS[pc.unit].attacks:
                for t in NEIGHBOURS[other]:
                    if can_attack(state, other, t):
                        yield Tactic(coin, h, target=t, other=other)
    elif unit == "Footman" and coin is not None:
        footmen = state.units_of(p, "Footman")
        if h == min(footmen) and any(next(free_maneuvers(state, p, f), None) for f in footmen):
            yield Tactic(coin, h)


def royal_guard_moves(state: State, p: int, h: Hex) -> list[Hex]:
    def empty(x: Hex) -> bool:
        return x not in state.board

    if state.rules.royal_guard == "2018":
        return [n for n in NEIGHBOURS[h] if empty(n)]
    ends = reachable_in(h, 1, empty) | reachable_in(h, 2, empty)
    return sorted(x for x in ends if x in LOCATION_SET and state.control.get(x) == p)


# --- applying -----------------------------------------------------------------------------------------------


def apply(state: State, action: Action, rng: random.Random, *, check: bool = True) -> None:
    """Carry out ``action`` for the player to act, then settle the state."""
    if state.over:
        raise IllegalAction("the game is over")
    if check and action not in set(legal_actions(state)):
        raise IllegalAction(f"{action} is not legal now for side {'AB'[state.to_act()]}")
    p = state.to_act()
    side = state.sides[p]
    if not state.pending:
        side.hand.remove(_coin_of(action))
        _play_coin(state, p, action, rng, chained=False)
    else:
        top = state.pending.pop()
        if top.kind == "priest":
            _play_coin(state, p, action, rng, chained=True)
        elif top.kind == "soak":
            assert isinstance(action, Soak)
            assert top.hex is not None
            if action.instead:
                take(side.supply, "Royal Guard")
                add(side.eliminated, "Royal Guard")
            else:
                _damage(state, top.hex)
        elif top.kind == "deploy":
            if isinstance(action, Deploy):
                take(side.discard_up, action.coin)  # the recruited coin leaves the discard for the board
                state.board[action.to] = Piece(p, action.coin, 1)
        elif top.kind == "recruit":
            assert isinstance(action, Recruit)
            take(side.supply, action.unit)
            add(side.discard_up, action.unit)
        elif top.kind == "muster":
            later = top.names[1:]
            if later:
                state.pending.append(Pending("muster", p, names=later))
            if not isinstance(action, Skip):
                _maneuver(state, p, action, rng, chained=False)
        elif top.kind == "footman":
            assert isinstance(action, Move | Control | Attack)
            actor = action.at if isinstance(action, Control) else action.frm
            rest = tuple(h for h in top.hexes if h != actor)
            if rest:
                state.pending.append(Pending("footman", p, hexes=rest))
            _maneuver(state, p, action, rng, chained=False)
        elif not isinstance(action, Skip):
            if top.kind == "berserker":
                assert top.hex is not None
                piece = state.board[top.hex]
                state.board[top.hex] = piece._replace(coins=piece.coins - 1)  # paid first, face up
                add(side.discard_up, "Berserker")
            _maneuver(state, p, action, rng, chained=False, grant_triggers=top.kind != "swordsman")
    state.ply += 1
    _settle(state, rng)


def _play_coin(state: State, p: int, action: Action, rng: random.Random, *, chained: bool) -> None:
    side = state.sides[p]
    # The solo AI discards every coin it does not place face up ("place the coin into the AI's discard face-up").
    face_down = side.discard_up if state.rules.solo and p == state.rules.ai_side else side.discard_down
    if isinstance(action, Deploy):
        state.board[action.to] = Piece(p, action.coin, 1)
    elif isinstance(action, Bolster):
        piece = state.board[action.at]
        state.board[action.at] = piece._replace(coins=piece.coins + 1)
    elif isinstance(action, Claim):
        add(face_down, action.coin)
        if not state.rules.solo:
            state.initiative, state.initiative_taken = p, True
    elif isinstance(action, Recruit):
        add(face_down, _coin_of(action))
        take(side.supply, action.unit)
        add(side.discard_up, action.unit)
        if action.unit == "Footman" and state.rules.v2_cards and 0 < len(state.units_of(p, "Footman")) < 2:
            state.pending.append(Pending("deploy", p, coin="Footman"))  # Footman V2: may deploy at once
        if action.unit == "Mercenary":
            for h in state.units_of(p, "Mercenary"):
                state.pending.append(Pending("mercenary", p, hex=h))
    elif isinstance(action, Pass):
        add(face_down, action.coin)
    elif isinstance(action, Muster):
        add(side.discard_up, action.coin)
        if "royal" in state.rules.solo_recruit:
            state.pending.append(Pending("recruit", p))  # after every unit has maneuvered
        on_board = {pc.unit for pc in state.board.values() if pc.owner == p}
        deployed = [u for u in side.units if u in on_board]
        state.pending.append(Pending("muster", p, names=tuple(deployed)))
    elif isinstance(action, MANEUVERS):
        add(side.discard_up, _coin_of(action))
        _maneuver(state, p, action, rng, chained=chained)
    else:
        raise IllegalAction(f"{action} is not a coin action")


def _coin_of(action: Action) -> str:
    coin = getattr(action, "coin", None)
    if coin is None:
        raise IllegalAction(f"{action} plays no coin")
    return str(coin)


def _maneuver(
    state: State, p: int, action: Action, rng: random.Random, *, chained: bool, grant_triggers: bool = True
) -> None:
    board = state.board
    if isinstance(action, Move):
        board[action.to] = board.pop(action.frm)
        _note(state, p, action.to)
        if grant_triggers:
            _triggers(state, p, action.to, "move", rng, chained)
    elif isinstance(action, Control):
        _note(state, p, action.at)
        _control(state, p, action.at)
        _triggers(state, p, action.at, "control", rng, chained)
    elif isinstance(action, Attack):
        _note(state, p, action.frm)
        _attack(state, p, action.frm, action.target, rng, ranged=False, chained=chained)
    elif isinstance(action, Tactic):
        _tactic(state, p, action, rng, chained)


def _tactic(state: State, p: int, t: Tactic, rng: random.Random, chained: bool) -> None:
    board = state.board
    unit = ROYAL if t.coin == ROYAL else board[t.frm].unit
    _note(state, p, t.frm)
    if unit in ("Archer", "Crossbowman"):
        assert t.target is not None
        _attack(state, p, t.frm, t.target, rng, ranged=True, chained=chained)
    elif unit in ("Cavalry", "Lancer"):
        assert t.to is not None and t.target is not None
        board[t.to] = board.pop(t.frm)
        _attack(state, p, t.to, t.target, rng, ranged=False, chained=chained)
    elif unit in ("Light Cavalry", ROYAL):
        assert t.to is not None
        board[t.to] = board.pop(t.frm)
    elif unit == "Ensign":
        assert t.other is not None and t.to is not None
        board[t.to] = board.pop(t.other)
        _note(state, p, t.to)
        _triggers(state, p, t.to, "move", rng, chained)  # a granted move still triggers (Berserker)
    elif unit == "Marshall":
        assert t.other is not None and t.target is not None
        _note(state, p, t.other)
        _attack(state, p, t.other, t.target, rng, ranged=False, chained=chained)
    elif unit == "Footman":
        state.pending.append(Pending("footman", p, hexes=tuple(sorted(state.units_of(p, "Footman")))))


def _note(state: State, p: int, h: Hex) -> None:
    piece = state.board.get(h)
    if piece is not None:
        state.sides[p].last_maneuvered[piece.unit] = state.ply


def _attack(state: State, p: int, frm: Hex, target: Hex, rng: random.Random, *, ranged: bool, chained: bool) -> None:
    board = state.board
    defender = board[target]
    if defender.unit == "Pikeman" and not ranged:
        _damage(state, frm)  # the reflex: simultaneous and unconditional
    _triggers(state, p, frm, "attack", rng, chained)
    owner = state.sides[defender.owner]
    if defender.unit == "Royal Guard" and owner.supply.get("Royal Guard"):
        state.pending.append(Pending("soak", defender.owner, hex=target))  # decided after any priest draw
    else:
        _damage(state, target)


def _damage(state: State, h: Hex) -> None:
    """One coin off the unit on h, eliminated for good; its last coin destroys it."""
    piece = state.board[h]
    add(state.sides[piece.owner].eliminated, piece.unit)
    if piece.coins <= 1:
        del state.board[h]
    else:
        state.board[h] = piece._replace(coins=piece.coins - 1)


def _control(state: State, p: int, at: Hex) -> None:
    previous = state.control.get(at)
    if previous is not None:
        state.sides[previous].markers_off += 1
    state.control[at] = p
    state.sides[p].markers_off -= 1
    if state.sides[p].markers_off == 0:
        state.winner = p  # the sixth marker ends the game at once


def _triggers(state: State, p: int, h: Hex, kind: str, rng: random.Random, chained: bool) -> None:
    """The attributes that act after a unit's maneuver: Berserker, Swordsman, Warrior Priest."""
    piece = state.board.get(h)
    if piece is None or piece.owner != p or state.winner is not None:
        return
    if piece.unit == "Berserker" and (kind in ("move", "attack") or not state.rules.v2_cards):
        state.pending.append(Pending("berserker", p, hex=h, after=kind))
    elif piece.unit == "Swordsman" and kind == "attack":
        state.pending.append(Pending("swordsman", p, hex=h))
    elif piece.unit == "Warrior Priest" and kind in ("attack", "control") and not (chained and state.rules.v2_cards):
        coin = draw_coin(state.sides[p], rng)
        if coin is not None:
            state.pending.append(Pending("priest", p, coin=coin, chained=True))


def _settle(state: State, rng: random.Random) -> None:
    """Drop follow-ups that offer nothing but "skip"; pass the turn once nothing is pending."""
    while state.pending and not state.over:
        if any(not isinstance(a, Skip) for a in legal_actions(state)):
            return
        top = state.pending.pop()
        if top.kind == "muster" and top.names[1:]:
            state.pending.append(Pending("muster", top.player, names=top.names[1:]))  # this unit idles
    if state.over:
        state.pending.clear()
        return
    if state.awaiting_reveal:
        state.awaiting_reveal = False
        _reveal_ai(state, rng, reload=True)
        return
    if state.ply >= state.rules.max_actions:
        state.drawn_game = True
        return
    if state.rules.solo:
        state.current = 1 - state.current
        _begin_solo_turn(state, rng)
        return
    other = 1 - state.current
    if state.sides[other].hand:
        state.current = other
    elif not state.sides[state.current].hand:
        _start_round(state, rng)


def total_coins(side: Side, board: dict[Hex, Piece], player: int, pending: list[Pending]) -> int:
    """Every coin a side owns wherever it is (for the conservation invariant)."""
    on_board = sum(pc.coins for pc in board.values() if pc.owner == player)
    held = sum(1 for pd in pending if pd.kind == "priest" and pd.player == player)
    return side.coins_outside_board() + on_board + held


def markers_on_board(state: State, player: int) -> int:
    return sum(1 for owner in state.control.values() if owner == player)
