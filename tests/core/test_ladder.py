"""dsim ladder (docs/ladder.md): the ladder file and its errors, placing a bot on the
rungs' shipped matches (the same as playing them again), ratings anchored on the rungs,
and the shipped ladders' results files still what the engine plays."""
import json

import pytest
from click.testing import CliRunner

from simulator import api
from simulator.cli import cli
from simulator.errors import InputErrors
from simulator.tools import ladder as lad
from tests.helpers import JIT, ROOT

pytestmark = pytest.mark.timeout(600)

S = ROOT / "strategies"
RUNGS = ["big_money.yaml", "big_money_ultimate.yaml", "smithy_big_money.yaml"]


def write_ladder(folder, games=100, seed=3, extra="", rungs=RUNGS, results="tiny.results.json"):
    text = (f"ladder: Tiny\nversion: 1\nsetup: {ROOT / 'kingdoms' / 'first_game.yaml'}\ngames: {games}\n"
            f"seed: {seed}\n" + (f"results: {results}\n" if results else "") + extra
            + "bots:\n" + "".join(f"  - {S / r}\n" for r in rungs))
    p = folder / "tiny.yaml"
    p.write_text(text)
    return p


# ---------------------------------------------------------------- the file
@pytest.mark.parametrize("edit, says, line", [
    (lambda t: t.replace("games: 100", "gmes: 100"), "unknown key 'gmes' in a ladder — did you mean 'games'?", 4),
    (lambda t: t.replace("games: 100", "games: 0"), "'games' must be a whole number from 1", 4),
    (lambda t: t.replace("version: 1\n", ""), "a ladder needs 'version:'", 1),
    (lambda t: t.replace("big_money_ultimate.yaml", "nope.yaml"), "'bots': no file", 9),
    (lambda t: t.replace("seed: 3", "seed: -3"), "'seed' must be a whole number", 5),
    (lambda t: t + "paired: maybe\n", "'paired' is true or false", 11),
])
def test_a_bad_ladder_file_says_what_and_where(tmp_path, edit, says, line):
    p = write_ladder(tmp_path)
    p.write_text(edit(p.read_text()))
    with pytest.raises(InputErrors) as e:
        lad.load_ladder(p)
    assert len(e.value.errors) == 1 and says in str(e.value) and f"tiny.yaml:{line}:" in str(e.value)


def test_a_ladder_named_without_a_path_is_a_shipped_one_or_a_hint():
    assert lad.load_ladder("first_game").name == "First Game"
    with pytest.raises(InputErrors) as e:
        lad.load_ladder("first_gam")
    assert "did you mean 'first_game'?" in str(e.value)


def test_a_bot_of_another_game_cannot_be_placed(tmp_path):
    with pytest.raises(InputErrors) as e:
        lad.ladder(write_ladder(tmp_path), [S / "splendor" / "greedy.yaml"], jobs=1)
    assert str(e.value) == (f"{S / 'splendor' / 'greedy.yaml'}: a Splendor bot cannot be placed on the ladder Tiny, "
                            "whose bots play Dominion — dsim ladder lists the ladders")


# ---------------------------------------------------------------- placing a bot
def rows(res):
    return res.table[["match", "bot", "games", "wins", "ties", "losses"]].to_dict(orient="records")


def test_placing_a_bot_reads_the_rungs_matches_and_gives_what_playing_them_gives(tmp_path):
    p = write_ladder(tmp_path)
    first = lad.ladder(p, jobs=1)
    assert first.meta["ladder"]["rung_matches"].startswith("played (its results file tiny.results.json is missing")
    (tmp_path / "tiny.results.json").write_text(json.dumps(first.meta["ladder_results"]))
    placed = [S / "militia.yaml", S / "big_money.yaml"]  # a second Big Money: names made unique
    heard = []
    read = lad.ladder(p, placed, jobs=1, announce=heard.append)
    assert "7 matches to play, 100 games each" in heard[0] and "read from tiny.results.json" in heard[0]
    assert "ladder_results" not in read.meta
    again = lad.ladder(p, placed, jobs=1, replay=True)
    assert again.meta["ladder"]["rung_matches"] == "played (--replay)"
    assert rows(read) == rows(again)
    assert read.ranking.round(9).equals(again.ranking.round(9))
    # ratings: the rungs' mean is 1500 whoever is placed
    r = read.ranking.set_index("bot").rating
    assert abs(r[read.meta["ladder"]["rungs"]].mean() - 1500) < 1e-6
    assert abs(r.mean() - 1500) > 1
    # a quicker placement: fewer games for the bots placed, the rungs' matches as recorded
    quick = lad.ladder(p, placed[:1], games=40, jobs=1, announce=heard.append)
    assert "3 matches to play, 100 games each (40 for the bots placed)" in heard[-1]
    assert [g for g in quick.table.games] == [40 if "Militia" in m else 100 for m in quick.table.match]
    assert sorted(set(quick.table.games)) == [40, 100]


def test_a_results_file_of_another_ladder_is_not_read(tmp_path):
    p = write_ladder(tmp_path)
    (tmp_path / "tiny.results.json").write_text(json.dumps(lad.ladder(p, jobs=1).meta["ladder_results"]))
    p = write_ladder(tmp_path, seed=4)
    res = lad.ladder(p, jobs=1)
    assert "its fingerprint differs" in res.meta["ladder"]["rung_matches"]
    assert "ladder_results" in res.meta
    (tmp_path / "tiny.results.json").write_text("{not json")
    assert "cannot be read" in lad.ladder(p, jobs=1).meta["ladder"]["rung_matches"]


@pytest.mark.parametrize("damage, says", [
    (lambda d: [1, 2, 3], "not a mapping"),
    (lambda d: {**d, "matches": d["matches"][:2]}, "does not hold the 3 matches of 3 rungs"),
    (lambda d: {**d, "matches": [d["matches"][0]] * 3}, "a match of rungs (0, 1)"),
    (lambda d: {**d, "matches": [{**d["matches"][0], "rows": []}, *d["matches"][1:]]}, "not two rows"),
    (lambda d: {**d, "matches": [{**d["matches"][0], "rows": [["x", "forty"], ["y", 40]]}, *d["matches"][1:]]},
     "not a whole match of 100 games"),
    (lambda d: {**d, "matches": [{**d["matches"][0], "rows": [[r[0], -5, *r[2:]] for r in d["matches"][0]["rows"]]},
                                 *d["matches"][1:]]}, "not a whole match of 100 games"),
])
def test_a_damaged_results_file_is_played_again_saying_why(tmp_path, damage, says):
    """Its fingerprint matches, but what it holds is not every match of the rungs, whole:
    the rungs' matches are played again (never a traceback, never a match left out)."""
    p = write_ladder(tmp_path)
    good = lad.ladder(p, jobs=1)
    (tmp_path / "tiny.results.json").write_text(json.dumps(damage(good.meta["ladder_results"])))
    again = lad.ladder(p, jobs=1)
    assert "cannot be read" in again.meta["ladder"]["rung_matches"] and says in again.meta["ladder"]["rung_matches"]
    assert rows(again) == rows(good)


def test_ladder_md_escapes_a_name_and_says_the_games_the_placed_bots_played(tmp_path):
    p = write_ladder(tmp_path, games=20)
    (tmp_path / "odd.yaml").write_text("name: 'Pipe | Bot *x*'\nbuy: [Gold, Silver]\n")
    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["ladder", str(p), str(tmp_path / "odd.yaml"), "-n", "7", "-j", "1", "-q", "--out",
                                 str(out)], catch_exceptions=False)
    assert r.exit_code == 0
    md = (out / "ladder.md").read_text()
    assert "| Pipe \\| Bot \\*x\\* (placed) |" in md and "-n 8`" in md and "(8 for the bots placed)" in md
    for line in md.splitlines():  # every row of a table has its header's cells
        if line.startswith("| rank") or line.startswith("| #"):
            cells = line.replace("\\|", "").count("|")
        elif line.startswith("|"):
            assert line.replace("\\|", "").count("|") == cells, line
    assert json.loads((out / "run.json").read_text())["ladder"]["placed_games"] == 8


def test_the_command_lists_places_and_writes(tmp_path):
    r = CliRunner().invoke(cli, ["ladder"], catch_exceptions=False)
    assert r.exit_code == 0 and "first_game" in r.output and "splendor" in r.output
    p = write_ladder(tmp_path, games=20)
    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["ladder", str(p), str(S / "militia.yaml"), "-j", "1", "-q", "--out", str(out)],
                           catch_exceptions=False)
    assert r.exit_code == 0 and "Ladder Tiny v1, 1 bot placed" in r.output
    md = (out / "ladder.md").read_text()
    assert "| Militia (placed) |" in md and "% [" in md and f"`dsim ladder {p}" in md
    assert json.loads((out / "ladder_results.json").read_text())["rungs"] == ["Big Money", "Big Money Ultimate",
                                                                              "Smithy Big Money"]
    assert "Ladder Tiny v1" in (out / "report.html").read_text()


# ---------------------------------------------------------------- the shipped ladders
@pytest.mark.parametrize("name", [f.stem for f in lad.ladder_files()])
def test_a_shipped_ladder_still_plays_its_results(tmp_path, name):
    """Its results file matches its rungs (a rung edited without playing the ladder again
    fails here), and the engine still plays its first match exactly as recorded."""
    spec = lad.load_ladder(name)
    data = json.loads(spec.results.read_text())
    assert data["fingerprint"] == lad.fingerprint(spec, api.load_bots(spec.bots))
    assert len(data["matches"]) == len(spec.bots) * (len(spec.bots) - 1) // 2
    if not JIT and name != "first_game":
        return  # a thousand games of each: the compiled run checks the others
    copy = tmp_path / "two.yaml"
    copy.write_text(f"ladder: two\nversion: 1\ngames: {spec.games}\nseed: {spec.seed}\npaired: {spec.paired}\n"
                    + (f"setup: {spec.setup.resolve()}\n" if spec.setup else "")
                    + f"bots:\n  - {spec.bots[0].resolve()}\n  - {spec.bots[1].resolve()}\n")
    res = lad.ladder(copy, jobs=1)
    got = [list(r[:5]) for r in res.meta["ladder_results"]["matches"][0]["rows"]]
    assert data["matches"][0]["rungs"] == [0, 1]
    assert got == [list(r[:5]) for r in data["matches"][0]["rows"]]
