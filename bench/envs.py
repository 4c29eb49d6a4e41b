"""The learning environments' throughput (docs/learn.md): decisions per CPU-second of the
batched environment with a random masked policy (numpy, in the loop), of one Gymnasium
environment stepped with a random legal action, and the median of several rounds of each.

    .venv/bin/python bench/envs.py [--rows 32,64,128] [--rounds 5] [--decisions 1000000]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simulator.envs import VectorEnv  # noqa: E402

#: (label, game, opponent bot file, setup file or None)
TABLES = [("Dominion, Big Money Ultimate on First Game", "dominion", "strategies/big_money_ultimate.yaml",
           "kingdoms/first_game.yaml"),
          ("Dominion, Big Money on the Big Money kingdom", "dominion", "strategies/big_money.yaml",
           "kingdoms/big_money.yaml"),
          ("Splendor, Greedy", "splendor", "strategies/splendor/greedy.yaml", None)]


def batched(game, bot, setup, rows: int, decisions: int) -> float:
    """Decisions per CPU-second of VectorEnv with a random masked policy (numpy)."""
    env = VectorEnv(game, n=rows, opponents=[str(ROOT / bot)], setup=setup and str(ROOT / setup), seed=1, copy=False)
    obs, mask = env.reset()
    rng = np.random.default_rng(0)
    u = np.empty(mask.shape, np.float32)
    t0 = time.process_time()
    done = 0
    while done < decisions:
        rng.random(out=u, dtype=np.float32)
        u *= mask
        obs, mask, reward, ended, info = env.step(u.argmax(1))
        done += rows
    return done / (time.process_time() - t0)


def single(game, bot, setup, decisions: int) -> float:
    """Steps per CPU-second of one Gymnasium environment, a random legal action each."""
    from simulator.envs.gym import DsimEnv
    env = DsimEnv(game, opponents=[str(ROOT / bot)], setup=setup and str(ROOT / setup))
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=1)
    t0 = time.process_time()
    for _ in range(decisions):
        a = rng.choice(np.flatnonzero(obs["action_mask"]))
        obs, reward, term, trunc, info = env.step(a)
        if term:
            obs, info = env.reset()
    return decisions / (time.process_time() - t0)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", default="32,64,128",
                    help="games the batched environment steps at once (a comma-separated list: each measured)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--decisions", type=int, default=1_000_000, help="decisions of the batched round")
    args = ap.parse_args(argv)
    try:
        counts = [int(x) for x in args.rows.split(",")]
    except ValueError:
        ap.error(f"--rows takes whole numbers separated by commas, not {args.rows[:40]!r}")
    for label, game, bot, setup in TABLES:
        single(game, bot, setup, 100)  # compile and warm
        for rows in counts:
            batched(game, bot, setup, rows, rows * 10)
            b = [batched(game, bot, setup, rows, args.decisions) for _ in range(args.rounds)]
            print(f"{label}: batched, {rows} rows: {statistics.median(b):,.0f} decisions per CPU-second "
                  f"({min(b):,.0f}-{max(b):,.0f})", flush=True)
        s = [single(game, bot, setup, args.decisions // 20) for _ in range(args.rounds)]
        print(f"{label}: one Gymnasium environment {statistics.median(s):,.0f} steps per CPU-second "
              f"({min(s):,.0f}-{max(s):,.0f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
