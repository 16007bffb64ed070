"""quick_init: a frozen record made through its slots' setters must be the record the dataclass would make."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from bridge.records import quick_init
from engines.base import Reason
from engines.warchest.actions import Move, Tactic


def record(name: str) -> type:
    """A frozen, slotted dataclass with a plain field, defaults and a keyword-only field (made afresh each time:
    a dataclass keeps the field objects it is given)."""
    spec = [
        ("a", int),
        ("b", str, field(default="b")),
        ("c", tuple[int, ...], field(default=())),
        ("d", int, field(default=4, kw_only=True)),
    ]
    cls = dataclasses.make_dataclass(name, spec, frozen=True, slots=True)
    cls.__module__ = __name__  # pickle finds it by this module's name
    return cls


Quick, Plain = quick_init(record("Quick")), record("Plain")


def fields_of(record: object) -> dict[str, object]:
    return {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((1,), {}), ((1, "x"), {}), ((1, "x", (2, 3)), {"d": 9}), ((), {"a": 1, "c": (5,)}), ((1,), {"b": "y"})],
)
def test_the_same_parameters_defaults_and_values_as_the_dataclass(args, kwargs):
    assert fields_of(Quick(*args, **kwargs)) == fields_of(Plain(*args, **kwargs))


def test_the_same_mistakes_are_refused():
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick(1, "x", (), 4)  # type: ignore[misc]  # d is keyword-only
    with pytest.raises(TypeError):
        Quick(1, e=2)  # type: ignore[call-arg]


def test_still_frozen_equal_hashable_and_picklable():
    q = Quick(1, "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.a = 2  # type: ignore[misc]
    assert q == Quick(1, "x") and q != Quick(2, "x") and hash(q) == hash(Quick(1, "x"))
    assert pickle.loads(pickle.dumps(q)) == q
    assert repr(q) == "Quick(a=1, b='x', c=(), d=4)"


def test_the_engines_records_use_it():
    # the War Chest actions and every bot's reason are built by the thousand (issue 18)
    for cls in (Move, Tactic, Reason):
        assert "_set0" in cls.__init__.__code__.co_names, cls
    move, tactic = Move("Archer", (0, 0), (1, 0)), Tactic("Archer", (0, 0), target=(2, 0))
    assert (move.coin, move.frm, move.to) == ("Archer", (0, 0), (1, 0))
    assert (tactic.to, tactic.target, tactic.other) == (None, (2, 0), None)
    assert move != Tactic("Archer", (0, 0), to=(1, 0))  # different kinds of action never compare equal


def test_refuses_what_it_cannot_copy():
    @dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclass(slots=True)
    class NotFrozen:
        a: int

    @dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class PostInit:
        a: int

        def __post_init__(self) -> None:
            pass

    for cls, words in ((NoSlots, "needs"), (NotFrozen, "needs"), (Factory, "default factories"), (PostInit, "post")):
        with pytest.raises(TypeError, match=words):
            quick_init(cls)
