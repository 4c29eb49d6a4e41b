"""The conformance suite every registered game passes: the runner's promises (same seed,
same tally, for any chunking and any -j), tallies that add up, games that end, the CLI's
commands, and one-line errors for bad bot files."""
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from helpers import scaled
from simulator import api, games
from simulator.cli import cli
from simulator.stats import BOT_COLS, Tally

ROOT = Path(__file__).resolve().parent.parent
S = ROOT / "strategies"
#: per game: two shipped bots, a setup file, and bad bot files with the words their error must hold
GAMES = {
    "dominion": {
        "bots": [S / "smithy_big_money.yaml", S / "big_money_ultimate.yaml"],
        "setup": ROOT / "kingdoms" / "first_game.yaml",
        "bad": [("buy: [Provnce]\n", "Province"), ("buy: [Gold]\nplay: [Gold]\n", "not an Action"),
                ("buy:\n  - 'Gold: coins >'\n", "syntax error"), ("name: x\n", "needs a 'buy' list")],
    },
    "splendor": {
        "bots": [S / "splendor" / "greedy.yaml", S / "splendor" / "cheap_engine.yaml"],
        "setup": ROOT / "kingdoms" / "splendor" / "target_21.yaml",
        "bad": [("game: splendor\nbuy: ['level 4']\n", "there is no level 4"),
                ("game: splendor\nbuy: ['purple']\n", "unknown word 'purple'"),
                ("game: splendor\ntake: ['closest: bonus(gold) > 1']\n", "takes a colour, but 'gold' is a gold"),
                ("game: splendor\nreserve: [deck]\n", "needs its level"),
                ("game: splendor\nbuy: [any]\nbuys: [any]\n", "unknown key 'buys'")],
    },
}
assert set(GAMES) == set(games.game_names()), "every registered game needs its conformance fixtures"


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(params=sorted(GAMES))
def game(request):
    return request.param, GAMES[request.param]


def _same(a: Tally, b: Tally) -> bool:
    return a.games == b.games and all(np.array_equal(getattr(a, k), getattr(b, k)) for k in Tally.PARTS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_tally_for_any_chunking(game, players):
    name, fx = game
    g = games.get_game(name)
    match = api.prepare([str(p) for p in fx["bots"]], players=players)
    n = scaled(3000, floor=30)
    whole, _ = g.play(match, 7, 0, n)
    parts = g.empty_tally(match)
    for first, count in ((0, n // 3), (n // 3, n // 2 - n // 3), (n // 2, n - n // 2)):
        parts += g.play(match, 7, first, count)[0]
    assert _same(whole, parts)
    other, _ = g.play(match, 8, 0, n)
    assert not _same(whole, other)


def test_same_seed_same_tally_for_any_jobs(game):
    name, fx = game
    n = scaled(6000, floor=60)
    runs = [api.simulate([str(p) for p in fx["bots"]], games=n, seed=3, jobs=j) for j in (1, 2)]
    assert _same(runs[0].tally, runs[1].tally)
    assert runs[0].summary.equals(runs[1].summary)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tallies_add_up_and_every_game_ends(game, players):
    name, fx = game
    n = scaled(2000, floor=40)
    res = api.simulate([str(p) for p in fx["bots"]], games=n, seed=1, jobs=1, players=players)
    t = res.tally
    c = {k: i for i, k in enumerate(BOT_COLS)}
    assert (t.bot[:, c["games"]] == n).all()
    assert (t.bot[:, c["wins"]] + t.bot[:, c["ties"]] + t.bot[:, c["losses"]] == n).all()
    assert t.bot[:, c["w12"]].sum() == 12 * n
    assert t.ending.sum() == n and t.length.sum() == n   # every game ended, one way or another
    assert (t.seat[:, :, 0].sum(axis=1) == n).all()
    assert res.summary.win_rate.sum() == pytest.approx(1.0)
    assert t.gained.sum() > 0 and t.curve[:, 1:, 2].sum() > 0


def test_cli_run_tournament_log_validate(game, tmp_path):
    name, fx = game
    a, b = (str(p) for p in fx["bots"])
    r = invoke("run", a, b, "-n", scaled(2000, floor=40), "--seed", 1, "-j", 1, "--out", tmp_path / "run",
               "-k", fx["setup"], "-q")
    assert r.exit_code == 0, r.output
    assert "win rate" in r.output and (tmp_path / "run" / "summary.csv").exists()
    assert (tmp_path / "run" / "report.html").exists() and (tmp_path / "run" / "curves.png").exists()
    r = invoke("tournament", a, b, str(fx["bots"][0]), "-n", scaled(600, floor=30), "--seed", 1, "-j", 1, "-q")
    assert r.exit_code == 0 and "ranking by rating" in r.output, r.output
    r = invoke("log", a, b, "--seed", 2, "-q")
    assert r.exit_code == 0 and len(r.output.splitlines()) > 20, r.output
    r = invoke("validate", a, b, fx["setup"])
    assert r.exit_code == 0 and "3 files valid" in r.output, r.output


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
