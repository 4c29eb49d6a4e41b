"""Same seed, same results, across engine changes: the tallies of a set of matchups (2, 3
and 4 players, both editions, full kingdoms, every card through random bots, variants and
paired seats) must stay bit-identical to the recorded ones in ``golden.json``.

An engine change that must alter the random stream (or a rule fix) rewrites the file on
purpose, after checking the reference matchups still agree:

    python tests/test_golden.py --write
"""
import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from helpers import JIT, bot
from simulator import api
from simulator.dominion import game as dgame
from simulator.dominion.setup import Kingdom, check_kingdom_cards

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).with_name("golden.json")
S = ROOT / "strategies"
K = ROOT / "kingdoms"
RANDOM = "name: Random\nbuy: []\nrandom: true"

#: name -> (bots: files or YAML text, kingdom file or None, rule overrides, seats, paired)
MATCHUPS = {
    "bmu mirror": (["big_money_ultimate.yaml"] * 2, None, {}, "rotate", False),
    "witch, bmu, smithy 3p": (["witch.yaml", "big_money_ultimate.yaml", "smithy_big_money.yaml"], None, {},
                              "rotate", False),
    "4p interaction kingdom": (["militia.yaml", "witch.yaml", "big_money_ultimate.yaml", "smithy_big_money.yaml"],
                               "interaction.yaml", {}, "random", False),
    "2nd edition": (["artisan.yaml", "sentry.yaml"], "deck_top.yaml", {"edition": 2}, "rotate", False),
    "random bots 3p": ([RANDOM] * 3, "village_square.yaml", {}, "rotate", False),
    "random bots 1st-edition cards": ([RANDOM] * 2, ["Thief", "Spy", "Chancellor", "Feast", "Adventurer", "Gardens",
                                                     "Chapel", "Workshop", "Poacher", "Bandit"], {}, "rotate", False),
    "random bots 4p variants": ([RANDOM] * 4, "first_game_2e.yaml", {"end_piles": 4, "tiebreak": "shared"},
                                "rotate", True),
}
GAMES = {"short": 8, "long": 4000}


def match_for(name):
    bots, kingdom, rules, seats, paired = MATCHUPS[name]
    loaded = [bot(b, "random") if "\n" in b else str(S / b) for b in bots]
    if isinstance(kingdom, list):
        kingdom = Kingdom("golden", check_kingdom_cards(kingdom))
    elif kingdom:
        kingdom = str(K / kingdom)
    return api.prepare(loaded, kingdom, rules=rules, seats=seats), paired


def digest(name, games) -> str:
    match, paired = match_for(name)
    tally, _ = dgame.play(match, 20_261_130, 0, games, paired)
    h = hashlib.sha256()
    for part in ("bot", "seat", "length", "ending", "gained", "curve", "unit"):
        h.update(np.ascontiguousarray(getattr(tally, part), dtype=np.int64).tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("size", ["short", "long"] if JIT else ["short"])
@pytest.mark.parametrize("name", list(MATCHUPS))
def test_results_are_bit_identical_to_the_recorded_ones(name, size):
    golden = json.loads(GOLDEN.read_text())
    assert digest(name, GAMES[size]) == golden[name][size], \
        f"{name}: results changed; if on purpose, run: python tests/test_golden.py --write"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.write_text(json.dumps({n: {s: digest(n, g) for s, g in GAMES.items()} for n in MATCHUPS}, indent=2)
                      + "\n")
    print(f"wrote {GOLDEN}")
