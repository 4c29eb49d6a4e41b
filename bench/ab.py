"""Compare the speed of two builds of a game's engine (Dominion's, or Splendor's with
``--game splendor``) in one process: this checkout's (A) and another checkout's (B, e.g. a
git worktree holding an experiment).

Separate processes timed one after the other differ by 2-5% on this shared machine (its
speed drifts from one second to the next, and each process's code lands at different
addresses), which hides the 1-2% an engine change is typically worth. Here both engines
are loaded in the same process (B's package copied under another name), the matchups are
played with A and B in turn, alternating which goes first, and each round's ratio of B's
games per CPU-second to A's is kept: the median ratio moves by about 0.2-0.5% between
identical builds. It also checks that B plays the same games as A (its tallies equal
A's, bit for bit, in every part both tally), which an engine change that is only about
speed must keep. Both engines play this checkout's bots and tables when B keeps A's
state and table layout (its tally array, the A_* offsets, may differ, e.g. to count more);
when the layouts differ, each engine plays the tables its own checkout builds from the
same bot files (said in the output), which compares whole builds, layout included.

    git worktree add /tmp/exp -b exp        # then edit /tmp/exp/simulator/...
    .venv/bin/python bench/ab.py /tmp/exp -m witch,militia -n 100000 --rounds 8

With ``--envs`` it compares the learning environments' stepping instead (simulator/envs,
``Batch``): rows of games against the matchup's bots stepped with a random masked policy
(the same actions in A and B), decisions per CPU-second, and the same games (B's
observations and rows at the end equal A's).

    .venv/bin/python bench/ab.py /tmp/exp --game splendor --envs -n 1000000 --rounds 8

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

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simulator.dominion.game import GAME as DOMINION  # noqa: E402 - after the path
from simulator.run.stats import Tally  # noqa: E402
from simulator.splendor.game import GAME as SPLENDOR  # noqa: E402

#: ``dsim bench``'s matchups (its bot files), by a short name, in its order, per game
MATCHUPS = {"dominion": dict(zip(("bmu", "sbm", "witch", "militia"), (bots for _, bots, _ in DOMINION.BENCH),
                                 strict=True)),
            "splendor": {"greedy": SPLENDOR.BENCH[0][1],
                         "mixed": ["splendor/cheap_engine.yaml", "splendor/reserve_heavy.yaml",
                                   "splendor/noble_chaser.yaml"]}}
PACKAGE_B = "simulator_b"


def load_b(tree: Path, game: str = "dominion"):
    """The game module of the checkout ``tree``, imported as ``simulator_b``, and whether
    its state layout differs from A's (then it plays tables of its own)."""
    src = tree / "simulator"
    if not (src / game / "engine").is_dir():
        raise SystemExit(f"ab.py: {tree} holds no simulator/{game}/engine")
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
    game_b = importlib.import_module(f"{PACKAGE_B}.{game}.game")
    layout_a = importlib.import_module(f"simulator.{game}.layout")
    layout_b = importlib.import_module(f"{PACKAGE_B}.{game}.layout")
    # the tally array may differ (B may count more); the state and the tables may not
    constants = [k for k in dir(layout_a) if k.isupper() and not k.startswith("A_") and hasattr(layout_b, k)]
    differ = [k for k in constants if getattr(layout_b, k, None) != getattr(layout_a, k)]
    if differ:
        print(f"ab.py: B's state layout differs from A's (simulator/{game}/layout.py: {', '.join(differ[:5])}"
              f"{', ...' if len(differ) > 5 else ''}): each engine plays the tables its checkout builds")
    return game_b, bool(differ)


def timed(game, match, seed: int, n: int):
    """CPU seconds of n fresh games of ``match`` with ``game``'s engine, and its state."""
    st = game.State(match)
    t = time.process_time()
    st.run(game.GAME.layout.MODE_FRESH, seed, 0, n)
    return time.process_time() - t, st


def stepped(core, game, match, seed: int, n: int, rows: int = 128):
    """CPU seconds of about n decisions of ``rows`` stepped games (the learner in the first
    bot's seat, the seats rotating) with a random masked policy, and what they end with."""
    b = core.Batch(game.GAME, match, rows, [0], seed, "rotate", autoreset=True)
    b.reset(np.arange(rows), np.arange(rows))
    rng = np.random.default_rng(seed)
    u = np.empty(b.mask.shape, np.float32)
    t = time.process_time()
    for _ in range(max(1, n // rows)):
        rng.random(out=u, dtype=np.float32)
        u *= b.mask
        b.step(u.argmax(1))
    return time.process_time() - t, (b.obs.tobytes(), b.mask.tobytes(), b.io.tobytes())


def compare_envs(game_a, game_b, match, match_b, n: int, rounds: int, check: int) -> dict:
    """``compare`` for the stepping engines (``stepped``)."""
    core_a = importlib.import_module("simulator.envs.core")
    core_b = importlib.import_module(f"{PACKAGE_B}.envs.core")
    same = stepped(core_a, game_a, match, 5, check * 20)[1] == stepped(core_b, game_b, match_b, 5, check * 20)[1]
    ratios, rate_a, rate_b = [], [], []
    for k in range(rounds):
        t = {}
        for which in (("a", "b") if k % 2 == 0 else ("b", "a")):
            core, g, m = (core_a, game_a, match) if which == "a" else (core_b, game_b, match_b)
            t[which], _ = stepped(core, g, m, 1000 + k, n)
        ratios.append(t["a"] / t["b"])
        rate_a.append(n / t["a"])
        rate_b.append(n / t["b"])
    return {"same": same, "a": statistics.median(rate_a), "b": statistics.median(rate_b),
            "ratio": statistics.median(ratios), "low": min(ratios), "high": max(ratios)}


def same_games(a, b, games: int) -> bool:
    """Whether two engines' states tallied the same games: every part of their tallies
    that both have (a part one of them does not tally is left out)."""
    ta, tb = a.tally(games), b.tally(games)
    parts = [k for k in Tally.PARTS if getattr(ta, k, None) is not None and getattr(tb, k, None) is not None]
    return all(getattr(ta, k).size == 0 or getattr(tb, k).size == 0 or same_counts(getattr(ta, k), getattr(tb, k))
               for k in parts)


def same_counts(x: np.ndarray, y: np.ndarray) -> bool:
    """Equal counts; when one build has more items (cards added to the game: the tallies by
    card grow on their last axis), the items both have are equal and the others never counted."""
    if x.shape[:-1] != y.shape[:-1] or x.shape[-1] == y.shape[-1]:
        return np.array_equal(x, y)
    n = min(x.shape[-1], y.shape[-1])
    return (np.array_equal(x[..., :n], y[..., :n]) and not x[..., n:].any() and not y[..., n:].any())


def compare(game_a, game_b, match, match_b, n: int, rounds: int, check: int) -> dict:
    """Whether B plays ``check`` games as A does, then paired rounds of n games: per round,
    B's speed over A's (``match_b``: the match B plays, A's or its own tables')."""
    _, a = timed(game_a, match, 5, check)
    _, b = timed(game_b, match_b, 5, check)
    same = same_games(a, b, check)
    ratios, rate_a, rate_b = [], [], []
    for k in range(rounds):
        t = {}
        for which in (("a", "b") if k % 2 == 0 else ("b", "a")):
            t[which], _ = timed(game_a, match, 1000 + k, n) if which == "a" else timed(game_b, match_b, 1000 + k, n)
        ratios.append(t["a"] / t["b"])
        rate_a.append(n / t["a"])
        rate_b.append(n / t["b"])
    return {"same": same, "a": statistics.median(rate_a), "b": statistics.median(rate_b),
            "ratio": statistics.median(ratios), "low": min(ratios), "high": max(ratios)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("other", type=Path, help="the other checkout (B)")
    ap.add_argument("-g", "--game", choices=sorted(MATCHUPS), default="dominion")
    ap.add_argument("-m", "--matchups", default=None,
                    help="comma-separated, of: " + "; ".join(f"{g}: {', '.join(m)}" for g, m in MATCHUPS.items())
                    + " (default: all of the game's)")
    ap.add_argument("-n", "--games", type=int, default=100_000, help="games per timing")
    ap.add_argument("--rounds", type=int, default=8, help="paired timings per matchup")
    ap.add_argument("--check-games", type=int, default=2000, help="games whose tallies must be the same "
                    "(--envs: 20 decisions each)")
    ap.add_argument("--envs", action="store_true", help="the learning environments' stepping (-n: decisions)")
    args = ap.parse_args(argv)
    matchups = MATCHUPS[args.game]
    names = [m for m in (args.matchups or ",".join(matchups)).split(",") if m]
    unknown = [m for m in names if m not in matchups]
    if unknown or not names:
        ap.error(f"unknown matchup {', '.join(unknown) or '(none)'}; choose from {', '.join(matchups)}")
    if min(args.games, args.rounds, args.check_games) < 1:
        ap.error("--games, --rounds and --check-games must be at least 1")
    from simulator import api
    game_a = importlib.import_module(f"simulator.{args.game}.game")
    game_b, own_tables = load_b(args.other.resolve(), args.game)
    unit = "decisions" if args.envs else "games"
    print(f"A: {ROOT}\nB: {args.other.resolve()}\n{args.rounds} rounds of {args.games:,} {unit} per matchup; "
          f"B/A: B's {unit} per CPU-second over A's, median of the rounds (range)")
    for name in names:
        files = [str(ROOT / "strategies" / b) for b in matchups[name]]
        if own_tables:  # each checkout reads the bots and builds the match its own way
            match, match_b = (g.make_match([g.load_bot(f) for f in files]) for g in (game_a, game_b))
        else:
            match = match_b = api.prepare(files)
        r = (compare_envs if args.envs else compare)(game_a, game_b, match, match_b, args.games, args.rounds,
                                                     args.check_games)
        print(f"{name:8s} A {r['a'] / 1e3:,.0f}k  B {r['b'] / 1e3:,.0f}k  B/A {r['ratio']:.4f} "
              f"({r['low']:.4f}-{r['high']:.4f})  {'same games' if r['same'] else 'DIFFERENT GAMES'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
