"""Compare the speed of two builds of the Dominion engine in one process: this checkout's
(A) and another checkout's (B, e.g. a git worktree holding an experiment).

Separate processes timed one after the other differ by 2-5% on this shared machine (its
speed drifts from one second to the next, and each process's code lands at different
addresses), which hides the 1-2% an engine change is typically worth. Here both engines
are loaded in the same process (B's package copied under another name), the matchups are
played with A and B in turn, alternating which goes first, and each round's ratio of B's
games per CPU-second to A's is kept: the median ratio moves by about 0.2-0.5% between
identical builds. It also checks that B plays the same games as A (its tallies equal
A's, bit for bit), which an engine change that is only about speed must keep. Both
engines play this checkout's bots and tables, so B must keep A's state layout.

    git worktree add /tmp/exp -b exp        # then edit /tmp/exp/simulator/...
    .venv/bin/python bench/ab.py /tmp/exp -m witch,militia -n 100000 --rounds 8

B's compiled kernels are cached in a folder keyed to its sources, so a second comparison
of the same B starts at once.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simulator.dominion.game import GAME as DOMINION  # noqa: E402 - after the path

#: ``dsim bench``'s matchups (its bot files), by a short name, in its order
MATCHUPS = dict(zip(("bmu", "sbm", "witch", "militia"), (bots for _, bots, _ in DOMINION.BENCH), strict=True))
PACKAGE_B = "simulator_b"


def load_b(tree: Path):
    """The Dominion game module of the checkout ``tree``, imported as ``simulator_b``."""
    src = tree / "simulator"
    if not (src / "dominion" / "engine").is_dir():
        raise SystemExit(f"ab.py: {tree} holds no simulator/dominion/engine")
    h = hashlib.sha256()
    for f in sorted(src.rglob("*.py")):
        h.update(str(f.relative_to(src)).encode())
        h.update(f.read_bytes())
    home = Path(tempfile.gettempdir()) / f"dsim-ab-{h.hexdigest()[:12]}"
    if not (home / PACKAGE_B).is_dir():
        tmp = Path(tempfile.mkdtemp())
        shutil.copytree(src, tmp / PACKAGE_B, ignore=shutil.ignore_patterns("__pycache__"))
        try:
            tmp.rename(home)
        except OSError:  # another run made it meanwhile
            shutil.rmtree(tmp, ignore_errors=True)
    sys.path.insert(0, str(home))
    game_b = importlib.import_module(f"{PACKAGE_B}.dominion.game")
    from simulator.dominion import layout as layout_a
    layout_b = importlib.import_module(f"{PACKAGE_B}.dominion.layout")
    constants = [k for k in dir(layout_a) if k.isupper()]
    if any(getattr(layout_b, k, None) != getattr(layout_a, k) for k in constants):
        raise SystemExit("ab.py: B's state layout (simulator/dominion/layout.py) differs from A's; both engines "
                         "play A's tables, so only engine changes that keep the layout can be compared")
    return game_b


def timed(game, match, seed: int, n: int):
    """CPU seconds of n fresh games of ``match`` with ``game``'s engine, and its state."""
    from simulator.dominion import layout as E
    st = game.State(match)
    t = time.process_time()
    st.run(E.MODE_FRESH, seed, 0, n)
    return time.process_time() - t, st


def compare(game_a, game_b, match, n: int, rounds: int, check: int) -> dict:
    """Whether B plays ``check`` games as A does, then paired rounds of n games: per round,
    B's speed over A's."""
    _, a = timed(game_a, match, 5, check)
    _, b = timed(game_b, match, 5, check)
    same = bool((a.A == b.A).all())
    ratios, rate_a, rate_b = [], [], []
    for k in range(rounds):
        t = {}
        for which in (("a", "b") if k % 2 == 0 else ("b", "a")):
            t[which], _ = timed(game_a if which == "a" else game_b, match, 1000 + k, n)
        ratios.append(t["a"] / t["b"])
        rate_a.append(n / t["a"])
        rate_b.append(n / t["b"])
    return {"same": same, "a": statistics.median(rate_a), "b": statistics.median(rate_b),
            "ratio": statistics.median(ratios), "low": min(ratios), "high": max(ratios)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("other", type=Path, help="the other checkout (B)")
    ap.add_argument("-m", "--matchups", default="witch,militia,bmu,sbm",
                    help=f"comma-separated, of: {', '.join(MATCHUPS)}")
    ap.add_argument("-n", "--games", type=int, default=100_000, help="games per timing")
    ap.add_argument("--rounds", type=int, default=8, help="paired timings per matchup")
    ap.add_argument("--check-games", type=int, default=2000, help="games whose tallies must be the same")
    args = ap.parse_args(argv)
    names = [m for m in args.matchups.split(",") if m]
    unknown = [m for m in names if m not in MATCHUPS]
    if unknown or not names:
        ap.error(f"unknown matchup {', '.join(unknown) or '(none)'}; choose from {', '.join(MATCHUPS)}")
    if min(args.games, args.rounds, args.check_games) < 1:
        ap.error("--games, --rounds and --check-games must be at least 1")
    from simulator import api
    from simulator.dominion import game as game_a
    game_b = load_b(args.other.resolve())
    print(f"A: {ROOT}\nB: {args.other.resolve()}\n{args.rounds} rounds of {args.games:,} games per matchup; "
          "B/A: B's games per CPU-second over A's, median of the rounds (range)")
    for name in names:
        match = api.prepare([str(ROOT / "strategies" / b) for b in MATCHUPS[name]])
        r = compare(game_a, game_b, match, args.games, args.rounds, args.check_games)
        print(f"{name:8s} A {r['a'] / 1e3:,.0f}k  B {r['b'] / 1e3:,.0f}k  B/A {r['ratio']:.4f} "
              f"({r['low']:.4f}-{r['high']:.4f})  {'same games' if r['same'] else 'DIFFERENT GAMES'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
