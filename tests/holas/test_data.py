"""The Enemy's three owner files: the shipped schemas, the fictional sample set, and every loader check failing on
a sample changed to break it (spec c, "Loader checks")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engines.holas.data_model import DATA, SAMPLE, arcs_overlap, bearing, find_data, load_file, load_folder, schemas
from engines.ownerdata import OwnerDataError
from tests.test_cli import automa


def copy_sample(tmp_path: Path) -> Path:
    folder = tmp_path / "holas"
    shutil.copytree(SAMPLE, folder)
    return folder


def edit(folder: Path, name: str, change) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_the_shipped_schemas_are_the_ones_the_loader_checks_against():
    for name, schema in schemas().items():
        shipped = json.loads((DATA / name).read_text(encoding="utf-8"))
        assert shipped == schema, f"{name}: python -m engines.holas.data_model writes the schemas again"


def test_the_sample_set_is_the_specs_and_says_it_is_a_sample():
    data = load_folder(SAMPLE)
    assert data.sample and len(data.cards.cards) == 8 and data.faction.faction == "Sample Clan"
    regions = data.map.regions
    assert len(regions) == 12 and sum(r.kind == "land" for r in regions) == 8
    assert {r.continent for r in regions if r.kind == "land"} == {"A", "B"}
    kinds = [e.kind for e in data.map.edges]
    assert kinds.count("ferry") == 1 and kinds.count("graticule") == 1
    assert data.faction.units["serf"].ns == 1 and data.faction.units["warrior"].ns == 2  # the spec's sample NS


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("solo_cards.json", lambda d: d["cards"].pop(), "cards: Tuple should have at least 8 items"),
        ("solo_cards.json", lambda d: d["cards"][3].update(action="attack"), "none is tax"),
        ("solo_cards.json", lambda d: d["cards"][1].update(id="sample.1"), "card ids must be unique"),
        ("solo_cards.json", lambda d: d["cards"][2].update(compass="up"), "card 'sample.3' (#3), compass"),
        ("faction.json", lambda d: d["heroes"][2].update(slot=1), "one hero in each slot 1, 2 and 3"),
        ("faction.json", lambda d: d["cc_track"].pop(0), 'the spaces run 0 ("Start")'),
        ("faction.json", lambda d: d["units"].pop("serf"), "units: no stats for serf"),
        ("map.json", lambda d: d["edges"].append(dict(d["edges"][0], a="L2", b="L1")), "joined twice"),
        ("map.json", lambda d: d["edges"][0].update(b="L99"), "no region 'L99'"),
        ("map.json", lambda d: d["edges"][0].update(arc_a=[100, 200]), "region L1: the arcs toward L2 and L3 overlap"),
        ("map.json", lambda d: d["edges"].pop(11), "land regions not joined to L1 by land or ferry: L5, L6, L7, L8"),
        ("map.json", lambda d: d["edges"][6].update(a="L1", b="S3", arc_a=[0, 1]), "a graticule edge cannot join"),
        ("map.json", lambda d: d["regions"][0].update(polygon=[[0, 0]]), "region 'L1' (#1), polygon"),
    ],
)
def test_each_loader_check_names_the_entry(tmp_path: Path, name: str, change, message: str):
    folder = copy_sample(tmp_path)
    edit(folder, name, change)
    with pytest.raises(OwnerDataError) as caught:
        load_folder(folder)
    assert message in str(caught.value) and name in str(caught.value)


def test_arcs_and_bearings():
    assert arcs_overlap((315, 45), (30, 60)) and not arcs_overlap((315, 45), (45, 135))
    assert bearing((0, 0), (0, 1)) == 0 and bearing((0, 0), (1, 0)) == 90 and bearing((0, 0), (-1, 0)) == 270


def test_the_owners_folder_and_the_sample_only_when_allowed(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    with pytest.raises(OwnerDataError, match="--allow-sample"):
        find_data()
    assert find_data(allow_sample=True).sample
    owner = copy_sample(tmp_path / "tabletop-automa")
    for name in ("solo_cards.json", "faction.json", "map.json"):
        edit(owner, name, lambda d: d["dataset"].update(kind="owner"))
    assert not find_data(allow_sample=True).sample  # the owner's folder wins
    with pytest.raises(OwnerDataError, match="not a folder"):
        find_data(tmp_path / "nowhere")


def test_data_check_takes_each_file_by_its_name(tmp_path: Path):
    for name in ("solo_cards.json", "faction.json", "map.json"):
        result = automa("data", "check", "holas", str(SAMPLE / name))
        assert result.returncode == 0 and "SAMPLE DATA" in result.stdout and name in result.stdout
    stray = tmp_path / "cards.json"
    stray.write_text("{}", encoding="utf-8")
    result = automa("data", "check", "holas", str(stray))
    assert result.returncode == 2 and "name it solo_cards.json, faction.json, map.json" in result.stderr
    assert load_file(SAMPLE / "map.json")
