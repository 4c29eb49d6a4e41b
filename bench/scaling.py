"""How close ``-j 2`` comes to twice the throughput of ``-j 1``, beside what any split of
the work over two processes could reach on this machine, and what the C reference shows.

Three ratios, each a wall-clock throughput over one process's, as interleaved pairs (the
machine's speed drifts from one second to the next), medians printed:

- C: two copies of the C reference at once, over one copy (``dsim bench``'s figure);
- runner: ``runner.run`` with 2 workers, over 1 (``dsim bench``'s figure: start-up, chunk
  hand-overs, merging and the end of the workers included);
- ceiling: the same games split in two halves, each played by a process forked from
  this one, with no pipe, pool or merging: what the runner would reach if it cost nothing.

    .venv/bin/python bench/scaling.py [-n 800000] [--pairs 7] [--c-games 1000000]

Measured on the 2-core machine of issue 10 (Big Money Ultimate mirror, 800,000 games,
medians of 7 pairs): C 1.996, ceiling 1.965, runner 1.941. What keeps the ceiling below
C's: two engine processes started on their own do not slow each other (1.645 s for the
same games alone or beside the other), but two forked from a 216 MB Python process start
3-8 ms late and use 0.65% more CPU each (about 670 copy-on-write faults each among it),
which two copies of a small C program do not pay. A parent playing one
half beside one forked child, and two threads with the kernels compiled ``nogil``, both
measured 1.97.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def forked_halves(game, match, games: int, pieces: int = 8) -> float:
    """Wall seconds of playing ``games`` games as two halves in two forked processes."""
    t = time.perf_counter()
    pids = []
    for k in range(2):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child, which never returns
            code = 1
            try:
                first, n = k * games // 2, (k + 1) * games // 2 - k * games // 2  # games first .. first + n - 1
                for i in range(pieces):
                    lo, hi = first + i * n // pieces, first + (i + 1) * n // pieces
                    game.play(match, 1, lo, hi - lo)
                code = 0
            finally:
                os._exit(code)
        pids.append(pid)
    failed = [pid for pid in pids if os.waitpid(pid, 0)[1] != 0]
    if failed:
        raise RuntimeError(f"{len(failed)} of the forked halves failed")
    return time.perf_counter() - t


def main(argv=None) -> list[float]:
    """Prints each pair and the medians; returns the medians (C, runner, ceiling)."""
    from simulator import api
    from simulator.tools import bench
    from simulator.games import get_game
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--games", type=int, default=800_000)
    ap.add_argument("--pairs", type=int, default=7)
    ap.add_argument("--c-games", type=int, default=1_000_000, help="games of each C reference copy")
    args = ap.parse_args(argv)
    if args.pairs < 1 or args.games < 2 or args.c_games < 1:
        ap.error("--pairs and --c-games take a whole number from 1, --games from 2")
    label, bots, _ = bench.bench_games()[0].BENCH[0]  # the first matchup of the game the C program plays
    bots = [str(bench.STRATEGIES / b) for b in bots]
    match = api.prepare(bots)
    game = get_game(match.game)
    game.warm_up(match)
    rows = []
    for _ in range(args.pairs):
        one, two = bench.dsim_walls(match, args.games)
        rows.append((bench.reference_scaling(args.c_games), one / two, one / forked_halves(game, match, args.games)))
        print("C {:.3f}  runner {:.3f}  ceiling {:.3f}".format(*(r or 0 for r in rows[-1])), flush=True)
    med = [statistics.median(r[i] or 0 for r in rows) for i in range(3)]  # C: 0 without gcc
    print(f"medians of {args.pairs}: C {med[0]:.3f}, runner {med[1]:.3f}, ceiling {med[2]:.3f} "
          f"({args.games:,} games of the {label})")
    return med


if __name__ == "__main__":
    main()
