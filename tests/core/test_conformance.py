"""The conformance suite every registered game passes: the runner's promises (same seed,
same tally, for any chunking and any -j), tallies that add up, games that end, the CLI's
commands, and one-line errors for bad bot files."""
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from ..helpers import scaled
from simulator import api, games
from simulator.cli import cli
from simulator.run.runner import MIN_CHUNK
from simulator.run.stats import BOT_COLS, Tally

ROOT = Path(__file__).resolve().parents[2]
#: every installed game, and the example game of another package (tests/games/nothanks),
#: installed for the suite by its fixture: a game installed beside dsim is tested too
NAMES = sorted(set(games.game_names()) | {"nothanks"})


def examples(name: str) -> dict:
    """The conformance examples a game declares (its EXAMPLES: two bots or more, a setup
    and another, bad bot files with the words their error must hold), its files found
    under strategies/ and kingdoms/ (a game of another package names them in full)."""
    ex = games.info(games.get_game(name), "EXAMPLES")
    assert ex, f"the game {name} declares no EXAMPLES for the conformance suite"
    return {"bots": [ROOT / "strategies" / b for b in ex["bots"]], "setup": ROOT / "kingdoms" / ex["setup"],
            "other_setup": ROOT / "kingdoms" / ex["other_setup"], "bad": ex["bad"], "scale": ex.get("scale", 1)}


#: the players of a test: the game's fewest, a count between, its most
PLAYERS = ("fewest", "between", "most")


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(params=NAMES)
def game(request):
    if request.param == "nothanks":
        request.getfixturevalue("nothanks")
    return request.param, examples(request.param)


def test_every_game_declares_its_examples_and_what_it_offers(nothanks):
    assert set(NAMES) == set(games.game_names())
    for name in NAMES:
        g = games.get_game(name)
        ex = examples(name)
        assert len(ex["bots"]) >= 2 and ex["bad"] and all(p.is_file() for p in ex["bots"])
        assert ex["setup"].is_file() and ex["other_setup"].is_file()
        assert games.offers(g) <= set(games.CAPABILITIES)


def games_for(fx: dict, n: int, floor: int) -> int:
    return max(floor, scaled(n, floor) // fx.get("scale", 1))


def seats_for(name: str, which: str) -> int:
    g = games.get_game(name)
    return {"fewest": g.MIN_PLAYERS, "between": (g.MIN_PLAYERS + g.MAX_PLAYERS) // 2, "most": g.MAX_PLAYERS}[which]


def _same(a: Tally, b: Tally) -> bool:
    return a.games == b.games and all(np.array_equal(getattr(a, k), getattr(b, k)) for k in Tally.PARTS)


@pytest.mark.parametrize("which", PLAYERS)
def test_same_seed_same_tally_for_any_chunking(game, which):
    name, fx = game
    g = games.get_game(name)
    match = api.prepare([str(p) for p in fx["bots"]], players=seats_for(name, which))
    n = games_for(fx, 3000, floor=30)
    whole, _ = g.play(match, 7, 0, n)
    parts = g.empty_tally(match)
    for first, count in ((0, n // 3), (n // 3, n // 2 - n // 3), (n // 2, n - n // 2)):
        parts += g.play(match, 7, first, count)[0]
    assert _same(whole, parts)
    other, _ = g.play(match, 8, 0, n)
    assert not _same(whole, other)


def test_same_seed_same_tally_for_any_jobs(game):
    name, fx = game
    # enough games for two chunks even for a game that plays fewer (so -j 2 splits the run)
    n = max(games_for(fx, 6000, floor=60), min(scaled(6000, floor=60), 2 * MIN_CHUNK + 1))
    runs = [api.simulate([str(p) for p in fx["bots"]], games=n, seed=3, jobs=j) for j in (1, 2)]
    assert _same(runs[0].tally, runs[1].tally)
    assert runs[0].summary.equals(runs[1].summary)


@pytest.mark.parametrize("which", PLAYERS)
def test_tallies_add_up_and_every_game_ends(game, which):
    name, fx = game
    n = games_for(fx, 2000, floor=40)
    players = seats_for(name, which)
    res = api.simulate([str(p) for p in fx["bots"]], games=n, seed=1, jobs=1, players=players)
    t = res.tally
    c = {k: i for i, k in enumerate(BOT_COLS)}
    assert (t.bot[:, c["games"]] == n).all()
    assert (t.bot[:, c["wins"]] + t.bot[:, c["ties"]] + t.bot[:, c["losses"]] == n).all()
    assert t.bot[:, c["w12"]].sum() == t.share * n    # shared wins split exactly
    assert all(t.share % k == 0 for k in range(1, players + 1))
    assert t.ending.sum() == n and t.length.sum() == n   # every game ended, one way or another
    assert (t.seat[:, :, 0].sum(axis=1) == n).all()
    assert res.summary.win_rate.sum() == pytest.approx(1.0)
    assert t.gained.sum() > 0 and t.curve[:, 1:, 2].sum() > 0


def test_cli_run_compare_tournament_log_validate(game, tmp_path):
    name, fx = game
    bots = [str(p) for p in fx["bots"]]
    r = invoke("run", *bots, "-n", games_for(fx, 2000, floor=40), "--seed", 1, "-j", 1, "--out", tmp_path / "run",
               "-k", fx["setup"], "--save-games", tmp_path / "games.csv", "-q")
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and (tmp_path / "run" / "summary.csv").exists()
    assert (tmp_path / "run" / "report.html").exists() and (tmp_path / "run" / "curves.png").exists()
    saved = (tmp_path / "games.csv").read_text().splitlines()
    assert len(saved) == 1 + games_for(fx, 2000, floor=40) and f"seat{len(bots)}_win" in saved[0]
    r = invoke("compare", *bots, "-k", fx["setup"], "-k", fx["other_setup"], "-n", games_for(fx, 600, floor=30),
               "--seed", 1, "-j", 1, "--out", tmp_path / "cmp", "-q")
    assert r.exit_code == 0 and (tmp_path / "cmp" / "report.html").exists(), r.output
    assert all(games.get_game(name).load_setup(k).name in r.output for k in (fx["setup"], fx["other_setup"]))
    r = invoke("tournament", *bots, bots[0], "-n", games_for(fx, 600, floor=30), "--seed", 1, "-j", 1, "-q")
    assert r.exit_code == 0 and "ranking by rating" in r.output, r.output
    r = invoke("log", *bots, "--seed", 2, "-q")
    assert r.exit_code == 0 and len(r.output.splitlines()) > 20, r.output
    r = invoke("validate", *bots, fx["setup"])
    assert r.exit_code == 0 and f"{len(bots) + 1} files valid" in r.output, r.output
    r = invoke("cards", "--game", name)
    assert r.exit_code == 0 and len(r.output.splitlines()) > len(games.get_game(name).items_table(None)), r.output


def test_bad_bot_files_give_one_line_errors_with_file_and_line(game, tmp_path):
    name, fx = game
    for i, (text, words) in enumerate(fx["bad"]):
        bad = tmp_path / f"bad{i}.yaml"
        bad.write_text(text)
        for args in (["validate", bad], ["run", bad, bad, "-n", 10]):
            r = CliRunner().invoke(cli, [str(x) for x in args])
            assert r.exit_code != 0
            lines = [ln for ln in r.output.splitlines() if ln.strip()]
            assert len(lines) == 1, r.output
            assert f"bad{i}.yaml:" in lines[0] and words in lines[0], lines[0]
