"""Calibration where the mod is live (``automa adopt GAME`` on a table in TTS or the emulator): what the proposal
by names (:mod:`engines.adopt`) could not fill is asked of the person, one step at a time, and learnt from their
hands.

A role of objects is learnt from a pick-up ("pick up a Knight coin"): one object's role by its GUID, a role of many
by what the picked object carries (name, resource name, tint, image, CardID) unless that would also catch an
object of another role, then by GUID. A zone is learnt from a piece dropped in it (where the mod has none, two
drops at opposite corners mark the area as a box). A board's placement (where the
game's :class:`BoardLayout` lies on the mod's board) is fixed by two pieces dropped on two far-apart named spaces
and checked by a third: the similarity that maps the two layout points onto the two drops, in the board object's
own frame, its turn snapped to a quarter when it is close to one so that the x and z scales come out apart (art at
other proportions). Pure: the caller feeds the person's pick-ups, drops and skips in and says the prompts; nothing
here touches a table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bridge.table import Table, TableObject, Vec3
from bridge.table.geometry import Transform, normalize_angle
from engines.adopt import Proposal, unfilled_role
from engines.layout import BoardLayout
from engines.profile import Board, Box, Match, Profile, ProfileSpec, Role, every

SNAP_TURN = 10.0  # degrees: a fitted turn this close to a quarter is that quarter (the art's axes are the board's)
ZONE_TYPES = ("Scripting", "Hand", "Layout")
PILES = ("Card", "Deck")  # a pile of one card is a Card, of more a Deck: a kind of either names no resource
WHITE = (1.0, 1.0, 1.0)  # TTS's default tint (the table model keeps it as no tint)
BOX_HEIGHT = 4.0  # world units: a box marked by two corners reaches this high (pieces, stacks, cards on them)
MIN_BOX = 0.5  # world units: two corners closer than this in x or z mark no area


@dataclass(frozen=True)
class RoleStep:
    """A role the proposal left unfilled: asked as a pick-up, or (an area) as a piece dropped in it."""

    key: str
    what: str
    area: bool
    mark: bool


@dataclass(frozen=True)
class Reference:
    """A named space of a board's layout: where the person drops a piece, in board units."""

    layout: str
    space: str
    at: Vec3

    def words(self, extent: tuple[float, float, float, float]) -> str:
        return f"the {self.layout} space '{self.space}' ({_where(self.at, extent)} of the board)"


@dataclass(frozen=True)
class BoardStep:
    """A board whose placement is asked: three references, the first two fixing it, the third checking it."""

    key: str
    what: str
    refs: tuple[Reference, Reference, Reference]
    tolerance: float  # world units: the check's drop may lie this far from where the fit puts its space
    extent: tuple[float, float, float, float]  # the layouts' min x, max x, min z, max z, for the prompt's words


Step = RoleStep | BoardStep


@dataclass(frozen=True)
class Reply:
    """What the person is told after an event: ``ok`` when it counted (the step advanced or took a reference)."""

    ok: bool
    text: str


class Calibration:
    """The steps still to do after a proposal, and what the person's events taught."""

    def __init__(self, proposal: Proposal, spec: ProfileSpec, table: Table) -> None:
        self.spec, self.table = spec, table
        self.roles: dict[str, Role] = dict(proposal.profile.roles)
        self.unfilled = dict(proposal.unfilled)
        self.learnt: dict[str, str] = {}  # role -> how it was learnt
        self.picked: dict[str, str] = {}  # role learnt from a pick-up -> the GUID picked
        self.boards: dict[str, Board] = {}
        self.profile_base = proposal.profile
        self.steps: list[Step] = [
            RoleStep(k, spec.roles[k].what, spec.roles[k].area, spec.roles[k].mark) for k in proposal.unfilled
        ]
        self.boards_added = False  # the board steps join once the roles are done (a board learnt may be one)
        self.index = 0
        self.drops: list[Vec3] = []  # the current board step's references so far (world)
        self.corner: Vec3 | None = None  # an area step's first corner, where no zone lies

    # --- where we are ------------------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        if self.index == len(self.steps) and not self.boards_added:
            self.boards_added = True
            self.steps += self._board_steps()
        return self.steps[self.index] if self.index < len(self.steps) else None

    def _board_steps(self) -> list[Step]:
        out: list[Step] = []
        for key, layouts in self.spec.boards.items():
            step = None if key in self.unfilled else board_step(key, self.spec.roles[key].what, layouts)
            if step is not None:
                out.append(step)
        return out

    def prompt(self) -> str | None:
        """What to ask the person now; None when calibration is over."""
        step = self.step
        if step is None:
            return None
        if isinstance(step, RoleStep):
            if step.area and self.corner is not None:
                return f"Drop a piece at the opposite corner of the {step.what} (or type skip)."
            if step.area:
                return f"Drop any piece inside the {step.what} (or type skip)."
            return f"Pick up {_a(step.what)} (or type skip)."
        ref = step.refs[len(self.drops)]
        which = ("first", "second", "third, to check")[len(self.drops)]
        return f"Put a piece on the {step.what}, {which}: on {ref.words(step.extent)} (or type skip)."

    def progress(self) -> tuple[int, int]:
        """(steps done, steps known so far: the boards count once the roles are done)."""
        return self.index, len(self.steps)

    # --- the person's events -----------------------------------------------------------------------------

    def skip(self) -> Reply:
        step = self.step
        if step is None:
            return Reply(False, "nothing to skip")
        self.index += 1
        self.corner = None
        if isinstance(step, RoleStep):
            self.unfilled[step.key] = f"skipped during calibration: {step.what}"
            return Reply(True, f"skipped: the {step.what} (role {step.key!r}) stays unfilled")
        self.drops = []
        return Reply(True, f"skipped: the {step.what} is taken to lie as the project builds it")

    def picked_up(self, obj: TableObject) -> Reply:
        """The person picked ``obj`` up (its record as the connector forwards it, with its looks)."""
        step = self.step
        if not isinstance(step, RoleStep) or step.area:
            return Reply(False, "")  # a pick-up before a drop: the drop is what counts
        playing = self._role_of(obj, but=step.key)
        if playing is not None and not step.mark:
            older = self.roles[playing]
            if playing not in self.picked or self.picked[playing] == obj.guid:
                return Reply(
                    False,
                    f"that is the {self.spec.roles[playing].what} already ({obj.describe()}, role "
                    f"{playing!r}, {older.words()}): pick up {_a(step.what)}, or type skip",
                )
            self._narrow(playing)  # its kind was too wide: it caught this one of another role
        match = self._match_for(obj, step)
        self._fill(step, Role(match=(match,)), f"picked up: {obj.describe()} ({match.words()})")
        self.picked[step.key] = obj.guid
        return Reply(True, f"the {step.what} is {match.words()}")

    def dropped(self, obj: TableObject, under: Iterable[str]) -> Reply:
        """The person dropped ``obj``; ``under``: the GUIDs of what lies under it (a reference must be on the
        board)."""
        step = self.step
        if isinstance(step, RoleStep) and step.area:
            return self._zone(step, obj.position)
        if isinstance(step, BoardStep):
            return self._reference(step, obj, set(under))
        return Reply(False, "")

    def _zone(self, step: RoleStep, at: Vec3) -> Reply:
        """The free zone under the drop; where none is (an area printed on the mod's mat), two drops at opposite
        corners mark it as a box."""
        zones = [o for o in self.table if o.type in ZONE_TYPES and o.encloses(at)]
        free = [z for z in zones if step.mark or self._role_of(z, but=step.key) is None]
        if free:
            zone = min(free, key=lambda z: abs(z.scale.x * z.scale.z))
            self._fill(step, Role(match=(Match(guid=zone.guid),)), f"the zone under a dropped piece: {zone.describe()}")
            return Reply(True, f"the {step.what} is the zone {zone.guid}")
        if self.corner is None:
            self.corner = at
            said = f" (only {', '.join(z.describe() for z in zones)}, which play other roles)" if zones else ""
            return Reply(
                True,
                f"no free zone lies at x {at.x:.2f}, z {at.z:.2f}{said}: that is one corner of the {step.what}; "
                "drop a piece at its opposite corner to mark it as a box (or drop inside its zone, or type skip)",
            )
        first, self.corner = self.corner, None
        size = (abs(at.x - first.x), BOX_HEIGHT, abs(at.z - first.z))
        if min(size[0], size[2]) < MIN_BOX:
            return Reply(False, f"the two corners lie in a line ({size[0]:.2f} by {size[2]:.2f}): start again")
        centre = ((at.x + first.x) / 2, (at.y + first.y) / 2, (at.z + first.z) / 2)
        box = Box(centre=centre, size=size)
        self._fill(step, Role(box=box), f"a box between two corners: {box.centre} size {size[0]:.2f} x {size[2]:.2f}")
        return Reply(
            True, f"the {step.what} is the box {size[0]:.2f} x {size[2]:.2f} at x {centre[0]:.2f}, z {centre[2]:.2f}"
        )

    def _reference(self, step: BoardStep, obj: TableObject, under: set[str]) -> Reply:
        board = self.board_object(step.key)
        if board is None:
            self.index += 1
            return Reply(False, f"the {step.what} is not on the table once: it cannot be calibrated")
        if board.guid not in under:
            at = obj.position
            return Reply(
                False,
                f"{obj.describe()} landed at x {at.x:.2f}, z {at.z:.2f}, off the {step.what} "
                f"({board.guid}): put it on {step.refs[len(self.drops)].words(step.extent)}",
            )
        self.drops.append(obj.position)
        if len(self.drops) < 3:
            return Reply(True, f"reference {len(self.drops)} of 3 taken")
        refs, drops = step.refs, self.drops
        self.drops = []
        try:
            placement = fit(board.transform, [r.at for r in refs[:2]], drops[:2])
        except ValueError as exc:
            return Reply(False, f"the {step.what}: {exc}; start again from the first space")
        off = placed_world(board.transform, placement, refs[2].at).distance_xz(drops[2])
        if off > step.tolerance:
            return Reply(
                False,
                f"the {step.what}: the third piece lies {off:.2f} from where the first two put "
                f"{refs[2].space} (at most {step.tolerance:.2f}): the pieces were not on the spaces "
                "named, or the art is not to the layout's proportions; start again from the first",
            )
        self.boards[step.key] = placement
        self.learnt[step.key + " (placement)"] = f"three references, the check {off:.2f} off"
        self.index += 1
        return Reply(True, f"the {step.what} is calibrated (the check lies {off:.2f} from its space)")

    # --- roles ----------------------------------------------------------------------------------------------

    def _fill(self, step: RoleStep, role: Role, how: str) -> None:
        self.roles[step.key] = role
        self.unfilled.pop(step.key, None)
        self.learnt[step.key] = how
        self.index += 1

    def _role_of(self, obj: TableObject, *, but: str) -> str | None:
        for key, role in self.roles.items():
            if key != but and not self.spec.roles[key].mark and any(m.matches(obj) for m in role.match):
                return key
        return None

    def _narrow(self, key: str) -> None:
        self.roles[key] = Role(match=(Match(guid=self.picked[key]),))
        self.learnt[key] += " (narrowed to its GUID: its kind caught another role's piece)"

    def _match_for(self, obj: TableObject, step: RoleStep) -> Match:
        """One object's role by GUID; a role of many by what the piece carries, unless that catches a piece of
        another role (on the table or inside its containers), then by GUID."""
        by_guid = Match(guid=obj.guid)
        if not self.spec.roles[step.key].many:
            return by_guid
        kind = _kind(obj)
        if kind is None:
            return by_guid
        for other in every(self.table):
            if other.guid != obj.guid and kind.matches(other) and self._role_of(other, but=step.key) is not None:
                return by_guid
        return kind

    def board_object(self, key: str) -> TableObject | None:
        found = [o for o in self.table if any(m.matches(o) for m in self.roles[key].match)]
        return found[0] if len(found) == 1 else None

    # --- the result -------------------------------------------------------------------------------------

    def profile(self) -> Profile:
        roles = {
            k: self.roles.get(k, unfilled_role(r.what))
            for k, r in self.spec.roles.items()
        }
        return Profile(
            game=self.spec.game,
            mod=self.profile_base.mod,
            roles=roles,
            boards=dict(self.boards),
            settings=dict(self.profile_base.settings),
        )

    def lines(self) -> list[str]:
        """What calibration learnt and left, for the terminal and the page."""
        out = [f"learnt: {key}: {how}" for key, how in self.learnt.items()]
        out += [f"unfilled: {key} ({why})" for key, why in self.unfilled.items()]
        return out + [f"assumed: {a}" for a in self.assumed()]

    def assumed(self) -> list[str]:
        """Each board not calibrated (skipped, or not found once) is taken to lie as the project builds it."""
        return [
            f"the {self.spec.roles[key].what} lies as the project builds it (not calibrated)"
            for key in self.spec.boards
            if key not in self.unfilled and key not in self.boards
        ]


def _a(what: str) -> str:
    """ "a Knight coin", "an Archer coin"."""
    return f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}"


def _kind(obj: TableObject) -> Match | None:
    """What the pieces of a role of many share, from one of them: its name, resource name, tint, image, mesh,
    CardID (each one it carries); None when it carries nothing but a GUID and a tint. A card's or a deck's resource
    name is left out: a pile of cards is a Deck until one card is left, then a Card (TTS's), so a role of piles
    (51st State's connection cards) holds both."""
    fields: dict[str, object] = {
        "nickname": obj.nickname or None,
        "name": None if obj.type in PILES else obj.name or None,
        "tint": obj.tint or WHITE,  # white pieces are told from tinted ones of the same name by it
        "card_id": obj.card_id,
        "image": obj.image or None,
        "mesh": obj.mesh or None,
    }
    given = {k: v for k, v in fields.items() if v is not None}
    if not {"nickname", "card_id", "image", "mesh"} & given.keys() and obj.tint is None:
        return None  # a resource name alone (every Custom_Token) tells nothing
    return Match.model_validate(given)


# --- a board's placement from references -------------------------------------------------------------------


def board_step(key: str, what: str, layouts: Mapping[str, BoardLayout]) -> BoardStep | None:
    """The three references for ``key``: the two spaces (of any of its layouts) farthest apart in both x and z
    (so the fit has both scales), then the space farthest from both; None for a board with fewer than three."""
    spaces = [Reference(name, space, at) for name, layout in layouts.items() for space, at in layout.spots.items()]
    if len(spaces) < 3:
        return None
    first, second = max(
        ((a, b) for i, a in enumerate(spaces) for b in spaces[i + 1 :]),
        key=lambda ab: (
            abs(ab[0].at.x - ab[1].at.x) * abs(ab[0].at.z - ab[1].at.z) + 1e-6 * ab[0].at.distance_xz(ab[1].at)
        ),
    )
    third = max(spaces, key=lambda r: min(r.at.distance_xz(first.at), r.at.distance_xz(second.at)))
    xs, zs = [r.at.x for r in spaces], [r.at.z for r in spaces]
    return BoardStep(key, what, (first, second, third), _tolerance(layouts), (min(xs), max(xs), min(zs), max(zs)))


def _tolerance(layouts: Mapping[str, BoardLayout]) -> float:
    """How far (world units) the check's drop may lie from its space: half the layouts' snap; for a layout with no
    snap (Heroes' map, whose pieces are placed by the regions' outlines), a quarter of the distance between its two
    nearest spaces (*chosen*: a drop that far off still lies well inside its region, nearer its centre than any
    other's)."""
    found = []
    for layout in layouts.values():
        if layout.snap > 0:
            found.append(layout.snap / 2)
            continue
        spots = list(layout.spots.values())  # board units: world units across the board as built
        nearest = min((a.distance_xz(b) for i, a in enumerate(spots) for b in spots[i + 1 :]), default=0.0)
        found.append(nearest / 4)
    return min(found)


def fit(board: Transform, spaces: list[Vec3], drops: list[Vec3]) -> Board:
    """The placement that puts layout points ``spaces`` (board units) where the pieces ``drops`` (world) lie on the
    board object of transform ``board``; raises ValueError for references that fix nothing (on one spot)."""
    v1, v2 = spaces
    p1, p2 = (board.to_local(d) for d in drops)
    dv, dp = _xz(v2) - _xz(v1), _xz(p2) - _xz(p1)
    if abs(dv) < 1e-9 or abs(dp) < 1e-9:
        raise ValueError("the two pieces lie on one spot: they fix neither turn nor scale")
    turn = _turn_of(dv, dp)
    quarter = round(turn / 90.0) * 90.0
    if abs(normalize_angle(turn - quarter + 180.0) - 180.0) <= SNAP_TURN:
        turn = quarter
        back = _rotate(Vec3(dp.real, 0.0, dp.imag), -turn)  # the drops' step in the art's own axes
        uniform = abs(dp) / abs(dv)
        sx = back.x / dv.real if abs(dv.real) > 0.25 * abs(dv) else uniform
        sz = back.z / dv.imag if abs(dv.imag) > 0.25 * abs(dv) else uniform
    else:
        sx = sz = abs(dp) / abs(dv)
    if sx <= 0 or sz <= 0:
        raise ValueError("the pieces lie mirrored to the spaces named (a board seen from below?)")
    offset = p1 - _rotate(Vec3(v1.x * sx, 0.0, v1.z * sz), turn)
    return Board(position=(offset.x, 0.0, offset.z), rotation_y=normalize_angle(turn), scale=(sx, sz))


def placed_world(board: Transform, placement: Board, space: Vec3) -> Vec3:
    """Where ``space`` (board units) lies on the table under ``placement``."""
    return board.to_world(placement.local().to_world(space))


def _xz(v: Vec3) -> complex:
    return complex(v.x, v.z)


def _rotate(v: Vec3, degrees: float) -> Vec3:
    """``v`` turned about y as TTS turns an object by ``degrees`` (the geometry's own convention)."""
    return Transform(Vec3(0.0, 0.0, 0.0), Vec3(0.0, normalize_angle(degrees), 0.0), Vec3(1.0, 1.0, 1.0)).to_world(v)


def _turn_of(dv: complex, dp: complex) -> float:
    """The y turn that takes direction ``dv`` to ``dp``, in the geometry's convention (either sign is tried)."""
    angle = math.degrees(math.atan2((dp / dv).imag, (dp / dv).real))
    want = dp / abs(dp)
    best = min((angle, -angle), key=lambda a: abs(_xz(_rotate(Vec3(dv.real, 0.0, dv.imag), a)) / abs(dv) - want))
    return best


def _where(at: Vec3, extent: tuple[float, float, float, float]) -> str:
    """A space's place in a person's words: "the top-left corner", "the middle"."""
    x0, x1, z0, z1 = extent
    fx = (at.x - x0) / (x1 - x0) if x1 > x0 else 0.5
    fz = (at.z - z0) / (z1 - z0) if z1 > z0 else 0.5
    row = "top" if fz > 2 / 3 else "bottom" if fz < 1 / 3 else "middle"
    column = "right" if fx > 2 / 3 else "left" if fx < 1 / 3 else "centre"
    return f"near the {row}-{column}" if (row, column) != ("middle", "centre") else "near the middle"
