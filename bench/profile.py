"""Profile the engine with Linux ``perf``, with the kernels' names resolved.

numba's compiled kernels are anonymous machine code to ``perf``; this script compiles (or
loads) the engine of the bots' game, writes ``/tmp/perf-PID.map`` (each kernel's address
and extent, the map format perf reads for JIT code), then plays the games. Inlined
helpers count in the kernel they were inlined into.

    perf record -F 5000 -o /tmp/perf.data .venv/bin/python bench/profile.py \\
        strategies/big_money_ultimate.yaml strategies/big_money_ultimate.yaml -n 1000000
    perf report -i /tmp/perf.data --sort symbol --stdio | head -30

Measured this way (Big Money Ultimate mirror, 1,000,000 games): play_turns 53% of the
samples (the turn loop with the buy phase, cleanup, drawing and gaining inlined),
choose_gain 20%, choose_in_zone 2%, draw 1.6%; the rest is Python and start-up.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def write_perf_map(kernels, path: str) -> int:
    """Write perf's JIT map of ``kernels`` (compiled dispatchers); returns the symbols."""
    addrs = []
    for d in kernels:
        for ov in d.overloads.values():
            a = ov.library.get_pointer_to_function(ov.fndesc.llvm_func_name)
            if a:
                addrs.append((a, d.py_func.__name__))
    addrs.sort()
    with open(path, "w") as f:
        # a kernel's extent: up to the next kernel's start (at most 1 MiB)
        for (a, name), (b, _) in zip(addrs, addrs[1:] + [(addrs[-1][0] + (1 << 16), "")]):
            f.write(f"{a:x} {min(b - a, 1 << 20):x} {name}\n")
    return len(addrs)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bots", nargs="+")
    ap.add_argument("-n", "--games", type=int, default=1_000_000)
    args = ap.parse_args(argv)
    from simulator import api
    from simulator.games import game_of_bots
    match = api.prepare(args.bots)
    game = game_of_bots(match.bots)
    game.warm_up(match)
    engine = __import__(f"simulator.{game.NAME}.engine._jit", fromlist=["KERNELS"])
    n = write_perf_map(engine.KERNELS, f"/tmp/perf-{os.getpid()}.map")
    print(f"{n} kernels mapped in /tmp/perf-{os.getpid()}.map; playing {args.games:,} games", file=sys.stderr)
    game.play(match, 1, 0, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
