"""dsim log: one game as text, from the engine's own events."""
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from ..helpers import scaled
from simulator import api
from simulator.cli import cli
from simulator.dominion.engine import ERR_MODE, MODE_FRESH, MODE_RESUME, run_games, run_games_logged
from simulator.dominion.game import State

ROOT = Path(__file__).resolve().parents[2]
WITCH = str(ROOT / "strategies" / "witch.yaml")
BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
MILITIA = str(ROOT / "strategies" / "militia.yaml")


def test_log_shows_turns_plays_attacks_buys_and_the_final_scores():
    text = api.log_game([WITCH, BMU], seed=1)
    assert text.startswith("Game 0 of seed 1: Witch (seat 1) vs Big Money Ultimate (seat 2)")
    assert "Turn 1 — Witch (seat 1)" in text and "Turn 1 — Big Money Ultimate (seat 2)" in text
    assert "  plays Witch" in text and "Big Money Ultimate (seat 2) gains Curse" in text
    assert "  buys Silver" in text and "has 4 coins" in text
    assert "Game over:" in text and "VP in" in text
    assert ("Winner: " in text) or ("Shared win: " in text)


def test_log_is_the_same_game_as_the_run_and_reproducible():
    a = api.log_game([WITCH, BMU], seed=5, game=3)
    b = api.log_game([WITCH, BMU], seed=5, game=3)
    c = api.log_game([WITCH, BMU], seed=5, game=4)
    assert a == b and a != c
    # game 3 rotates seats: seat 1 is the second bot
    assert "Big Money Ultimate (seat 1) vs Witch (seat 2)" in a
    # the log's final scores are the run's: the run of exactly that game agrees
    res = api.simulate([WITCH, BMU], games=1, seed=5, jobs=1)
    first = api.log_game([WITCH, BMU], seed=5, game=0)
    for row in res.summary.itertuples():
        assert f"{row.bot} (seat " in first
        assert f": {int(row.mean_vp)} VP in {int(row.mean_turns)} turns" in first


def test_log_militia_discards_appear_for_the_victim():
    text = api.log_game([MILITIA, BMU], seed=2)
    assert "plays Militia" in text
    assert "Big Money Ultimate (seat 2) discards" in text


def test_log_cli():
    r = CliRunner().invoke(cli, ["log", WITCH, BMU, "--seed", "1"])
    assert r.exit_code == 0 and r.output.startswith("Game 0 of seed 1")


def test_a_game_ending_on_piles_names_the_empty_piles():
    wg = str(ROOT / "strategies" / "workshop_gardens.yaml")
    for g in range(60):
        text = api.log_game([wg, wg], seed=1, game=g)
        if "supply piles are empty" in text:
            line = next(ln for ln in text.splitlines() if ln.startswith("Game over:"))
            count, names = line.removeprefix("Game over: ").split(" supply piles are empty: ")
            piles = names.rstrip(".").split(", ")
            assert int(count) == len(piles) >= 3 and "Gardens" in piles, line
            return
    raise AssertionError("no game of 60 ended on piles")


@pytest.mark.parametrize("names", [("witch", "militia", "bureaucrat_gardens", "throne_room_smithy"),
                                   ("intrigue/bridge", "big_money_ultimate"),
                                   ("intrigue/coppersmith", "big_money_ultimate"),
                                   ("intrigue/conspirator", "throne_room_smithy", "militia")],
                         ids=["base", "bridge", "coppersmith", "conspirator"])
def test_logged_and_unlogged_engines_play_the_same_games(names):
    """The event log has a variant of the turn loop of its own (run_games_logged); over
    many games and a kingdom of attacks, gainers and drawers, both variants' tallies and
    per-game records agree exactly. The unlogged engine has two turn loops, one that
    keeps Bridge's and Coppersmith's changes of the turn's costs and coins and one for
    the games without them (TH_FX); the logged one always keeps them: a game with Bridge
    or with Coppersmith must take the first (the tallies differed when either was left
    out of TH_FX), one without either may take the second (Conspirator's there)."""
    bots = [str(ROOT / "strategies" / f"{n}.yaml") for n in names]
    match = api.prepare(bots)
    n = scaled(300, 6)
    plain = State(match, records=n)
    logged = State(match, log_capacity=50_000, records=n)
    assert plain._run_games() is run_games and logged._run_games() is run_games_logged
    # a continued state (the rule tests' stepping) goes to the logged variant: run_games refuses it
    assert plain._run_games(MODE_RESUME) is run_games_logged
    assert run_games(plain.S, plain.R, plain.T, plain.F, plain.A, plain.grec, MODE_RESUME, np.uint64(0), 0, 0, 0, 0, 1,
                     0) == ERR_MODE
    plain.run(MODE_FRESH, 7, 0, n)
    logged.run(MODE_FRESH, 7, 0, n)
    assert np.array_equal(plain.A, logged.A) and np.array_equal(plain.grec, logged.grec)
    assert plain.A.any()


def test_the_winner_line_says_what_decided_it():
    """Most VP; a VP tie broken by fewer turns; a tie shared (equal turns, or tiebreak=shared):
    each as the engine's tally of the game has it."""
    import re
    patterns = {"most": r"Winner: .* \(most VP: \d+\)",
                "turns": r"Winner: .* \(tied on \d+ VP, fewer turns: \d+ against \d+\)",
                "equal": r"Shared win: .*, .* \(tied on \d+ VP in \d+ turns each; tiebreak: turns\)",
                "shared": r"Shared win: .*, .* \(tied on \d+ VP; tiebreak: shared\)"}
    from simulator.dominion.strategy import strategy_from_text
    # without the end-game guard a bot ends the game in a tie it then loses on turns
    big = strategy_from_text((ROOT / "strategies" / "big_money.yaml").read_text() + "guard: false\n", "bm.yaml")
    found = {}
    for tiebreak in ("turns", "shared"):
        m = api.prepare([big, big], rules={"tiebreak": tiebreak})
        for game in range(scaled(400, 40)):
            last = api.log_game(None, match=m, seed=2, game=game).splitlines()[-1]
            kind = [k for k, pat in patterns.items() if re.fullmatch(pat, last)]
            assert len(kind) == 1, last
            found.setdefault(kind[0], last)
    assert set(found) == set(patterns) or scaled(1, 0) == 0, found


def test_a_count_of_one_is_singular_in_the_log():
    text = api.log_game([BMU, BMU], rules={"turn_cap": 1}, seed=1)
    assert text.count("VP in 1 turn\n") == 2 and "1 turns" not in text and "in 1 turn each" in text
