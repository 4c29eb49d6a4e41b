"""Checked-in playthroughs: whole games of each game, as ``dsim log`` prints them for a
fixed seed, in ``playthroughs/``. A change to a rule, a default decision or the log shows
as a readable diff of a game. Regenerate on purpose with:

    python -m tests.core.test_playthroughs --write
"""
import difflib
import sys
from pathlib import Path

import pytest

from simulator import api

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).with_name("playthroughs")
S = ROOT / "strategies"
K = ROOT / "kingdoms"

#: file name -> (bots, setup or None, seed, game)
GAMES = {
    "dominion_witch_vs_bmu.txt": (["witch.yaml", "big_money_ultimate.yaml"], None, 7, 0),
    "dominion_interaction_3p.txt": (["militia.yaml", "witch.yaml", "smithy_big_money.yaml"], "interaction.yaml", 3,
                                    5),
    "dominion_2nd_edition.txt": (["artisan.yaml", "sentry.yaml"], "deck_top.yaml", 11, 2),
    "splendor_cheap_engine_vs_greedy.txt": (["splendor/cheap_engine.yaml", "splendor/greedy.yaml"], None, 7, 0),
    "splendor_4p_target_21.txt": (["splendor/colour_specialist.yaml", "splendor/level3_rush.yaml",
                                   "splendor/noble_chaser.yaml", "splendor/reserve_heavy.yaml"],
                                  "splendor/target_21.yaml", 5, 1),
}


def play(name: str) -> str:
    bots, setup, seed, game = GAMES[name]
    return api.log_game([str(S / b) for b in bots], str(K / setup) if setup else None, seed=seed, game=game)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_fixed_game_plays_as_recorded(name):
    want = (HERE / name).read_text().splitlines()
    got = play(name).splitlines()
    diff = list(difflib.unified_diff(want, got, "recorded", "now", n=1, lineterm=""))
    assert not diff, (f"{name}: the game plays differently; if on purpose, run: python tests/core/test_playthroughs.py "
                      "--write\n" + "\n".join(diff[:40]))


def test_every_recorded_playthrough_is_checked():
    assert sorted(p.name for p in HERE.glob("*.txt")) == sorted(GAMES)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    HERE.mkdir(exist_ok=True)
    for old in HERE.glob("*.txt"):
        old.unlink()
    for name in GAMES:
        (HERE / name).write_text(play(name))
