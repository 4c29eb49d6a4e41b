"""Same seed, same results, across engine changes: the tallies of a set of matchups of
each game (2, 3 and 4 players, both Dominion editions, full kingdoms, every card through
random bots, rule variants and paired seats) must stay exactly the recorded ones in
``golden/<game>.txt``: the counts themselves, one a line (``stats.tally_lines``), so a
diff of the file says what moved.

An engine change that must alter the random stream (or a rule fix) rewrites the files on
purpose, after checking the reference matchups still agree:

    python -m tests.core.test_golden --write
"""
import difflib
import sys
from pathlib import Path

import pytest

from ..helpers import JIT
from ..dominion.helpers import bot
from simulator import api
from simulator.dominion.setup import Kingdom, check_kingdom_cards
from simulator.games import get_game
from simulator.splendor.bots import bot_from_text
from simulator.run.stats import tally_lines

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("golden")
S = ROOT / "strategies"
K = ROOT / "kingdoms"
RANDOM = "name: Random\nbuy: []\nrandom: true"
SPLENDOR_RANDOM = "game: splendor\nname: Random\nrandom: true"
SEED = 20_261_130

#: game -> name -> (bots: files or YAML text, setup: a file, a card list or None, rule overrides, seats, paired)
MATCHUPS = {
    "dominion": {
        "bmu mirror": (["big_money_ultimate.yaml"] * 2, None, {}, "rotate", False),
        "witch, bmu, smithy 3p": (["witch.yaml", "big_money_ultimate.yaml", "smithy_big_money.yaml"], None, {},
                                  "rotate", False),
        "4p interaction kingdom": (["militia.yaml", "witch.yaml", "big_money_ultimate.yaml",
                                    "smithy_big_money.yaml"], "interaction.yaml", {}, "random", False),
        "2nd edition": (["artisan.yaml", "sentry.yaml"], "deck_top.yaml", {"edition": 2}, "rotate", False),
        "random bots 3p": ([RANDOM] * 3, "village_square.yaml", {}, "rotate", False),
        "random bots 1st-edition cards": ([RANDOM] * 2, ["Thief", "Spy", "Chancellor", "Feast", "Adventurer",
                                                         "Gardens", "Chapel", "Workshop", "Poacher", "Bandit"], {},
                                          "rotate", False),
        "random bots 4p variants": ([RANDOM] * 4, "first_game_2e.yaml", {"end_piles": 4, "tiebreak": "shared"},
                                    "rotate", True),
    },
    "splendor": {
        "cheap engine vs greedy": (["splendor/cheap_engine.yaml", "splendor/greedy.yaml"], None, {}, "rotate",
                                   False),
        "4p shipped bots, target 21": (["splendor/colour_specialist.yaml", "splendor/level3_rush.yaml",
                                        "splendor/noble_chaser.yaml", "splendor/reserve_heavy.yaml"],
                                       "splendor/target_21.yaml", {}, "random", False),
        "random bots 3p, shared ties, paired": ([SPLENDOR_RANDOM] * 3, None, {"tiebreak": "shared"}, "rotate",
                                                True),
        "two gem hoarder vs noble chaser": (["splendor/two_gem_hoarder.yaml", "splendor/noble_chaser.yaml"], None,
                                            {"turn_cap": 40}, "fixed", False),
    },
}
SIZES = {"short": 8, "long": 4000}


def match_for(game, name):
    bots, setup, rules, seats, paired = MATCHUPS[game][name]
    text = bot_from_text if game == "splendor" else bot
    loaded = [text(b, "random") if "\n" in b else str(S / b) for b in bots]
    if isinstance(setup, list):
        setup = Kingdom("golden", check_kingdom_cards(setup))
    elif setup:
        setup = str(K / setup)
    return api.prepare(loaded, setup, rules=rules, seats=seats), paired


def lines(game, name, size) -> list[str]:
    match, paired = match_for(game, name)
    tally, _ = get_game(game).play(match, SEED, 0, SIZES[size], paired)
    return [f"{name} | {size} | {line}" for line in
            tally_lines(tally, match.bot_names, match.item_names, match.ending_names, match.stat_names)]


def recorded(game, name, size) -> list[str]:
    prefix = f"{name} | {size} | "
    return [ln for ln in (GOLDEN / f"{game}.txt").read_text().splitlines() if ln.startswith(prefix)]


CASES = [(g, n, s) for g in MATCHUPS for n in MATCHUPS[g] for s in (SIZES if JIT else ["short"])]


@pytest.mark.parametrize("game,name,size", CASES)
def test_results_are_exactly_the_recorded_ones(game, name, size):
    want, got = recorded(game, name, size), lines(game, name, size)
    assert want, f"no recorded tally for {name} ({size}); run: python -m tests.core.test_golden --write"
    diff = list(difflib.unified_diff(want, got, "recorded", "now", n=0, lineterm=""))
    assert not diff, (f"{game}: {name}: results changed; if on purpose, run: python -m tests.core.test_golden --write\n"
                      + "\n".join(diff[:40]))


def test_the_golden_check_sees_one_count_move(monkeypatch):
    import simulator.run.stats as stats
    real = stats.tally_lines

    def one_more_win(t, *names):
        t.bot[0, 1] += 1
        return real(t, *names)
    monkeypatch.setattr(sys.modules[__name__], "tally_lines", one_more_win)
    with pytest.raises(AssertionError, match=r"(?s)results changed.*-bmu mirror \| short \| bot .* wins"):
        test_results_are_exactly_the_recorded_ones("dominion", "bmu mirror", "short")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.mkdir(exist_ok=True)
    for game in MATCHUPS:
        out = [f"# {game}: the tallies of tests/core/test_golden.py's matchups, seed {SEED}; "
               "regenerate with: python -m tests.core.test_golden --write"]
        for name in MATCHUPS[game]:
            for size in SIZES:
                out += lines(game, name, size)
        (GOLDEN / f"{game}.txt").write_text("\n".join(out) + "\n")
