"""How fast ``dsim optimize`` plays: a generation's games per second against ``dsim run``'s
for the same bots, in one process each (the issue's target: at least 0.8).

    python bench/optimize_speed.py -k kingdoms/village_square.yaml
    python bench/optimize_speed.py --game splendor
"""
from __future__ import annotations

import argparse
import time

from simulator import api
from simulator.games import get_game
from simulator.tools.optimizer import Evaluator, Optimizer, Settings, default_against


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", "--kingdom", help="the setup file")
    ap.add_argument("--game", default=None, help="the game, when no setup file is given")
    ap.add_argument("--generations", type=int, default=3, help="generations timed (the best is kept)")
    a = ap.parse_args()
    setup = api.load_setup(a.kingdom, []) if a.kingdom else None
    if a.kingdom and a.game:
        setup = get_game(a.game).load_setup(a.kingdom)
    if setup is None:
        setup = get_game(a.game or "dominion").default_setup()
    bots = default_against(setup)
    opt = Optimizer(Settings(setup, bots, population=16, leaders=4, seed=1), None)
    ev = Evaluator((setup, 2, {}))
    opt.run_generation(ev)  # the engine compiled, the first matches made
    best = 0.0
    for _ in range(a.generations):
        g0, t = opt.games, time.perf_counter()
        opt.run_generation(ev)
        best = max(best, (opt.games - g0) / (time.perf_counter() - t))
    # dsim run's pace for the same kind of bots: the two best leaders against every opponent
    parse = opt.tools.bot_from_text
    games, t = 0, time.perf_counter()
    for text in [opt.text(g, "Leader") for g in opt.leaders[:2]]:
        for b in bots:
            api.simulate([parse(text, "<leader>"), b], setup, games=20_000, seed=1, jobs=1, paired=True)
            games += 20_000
    run = games / (time.perf_counter() - t)
    print(f"{len(bots)} opponents: a generation {best:,.0f} games/s, dsim run {run:,.0f} games/s, "
          f"ratio {best / run:.3f}")


if __name__ == "__main__":
    main()
