"""``dsim bench``: games per second per core, with the C reference timed in the same run."""
from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .. import api
from .. import games
from ..games import game_names, get_game
from ..run import runner
from ..run.options import RunOptions

ROOT = Path(__file__).resolve().parents[2]
STRATEGIES = ROOT / games.STRATEGIES
REFERENCE = ROOT / "bench" / "bm_reference.c"



def bench_games() -> list:
    """The installed games, in the order bench times them: those the C reference plays
    first (the scaling runs use their first matchup), then the others by name."""
    games = [get_game(n) for n in game_names()]
    return sorted((g for g in games if g.BENCH), key=lambda g: (not g.BENCH_REFERENCE, g.NAME))


#: the most games of one measured run (``dsim bench -n``): a minute or so of the slowest
#: matchup; more measures nothing better and only keeps the machine
MAX_BENCH_GAMES = 10_000_000
#: games played per call of the engine, so that Ctrl-C stops a long run between two calls
#: (a compiled kernel does not see signals) at no cost to the rate
BENCH_CHUNK = 100_000


def time_matchup(match, games: int, repeat: int) -> list[float]:
    """CPU-time games per second of ``repeat`` single-process runs (compile excluded)."""
    game = get_game(match.game)
    rates = []
    for i in range(repeat):
        t = time.process_time()
        for first in range(0, games, BENCH_CHUNK):
            game.play(match, 1000 + i, first, min(BENCH_CHUNK, games - first))
        rates.append(games / (time.process_time() - t))
    return rates


def _build_reference(folder: str) -> str | None:
    """The C reference program built with gcc -O2 in ``folder``, or None."""
    if not REFERENCE.exists() or shutil.which("gcc") is None:
        return None
    exe = os.path.join(folder, "bm_reference")
    subprocess.run(["gcc", "-O2", "-o", exe, str(REFERENCE), "-lm"], check=True, capture_output=True)
    return exe


def reference_rate(games: int) -> float | None:
    """games_per_cpu_s of the C reference program, or None."""
    with tempfile.TemporaryDirectory() as d:
        exe = _build_reference(d)
        if exe is None:
            return None
        out = subprocess.run([exe, str(games), "1", "deck"], check=True, capture_output=True, text=True).stdout
    fields = dict(kv.split("=", 1) for kv in out.split())
    return float(fields["games_per_cpu_s"])


def reference_scaling(games: int) -> float | None:
    """Wall-clock throughput of two copies of the C reference run at once, over one copy's
    (2.0 = perfect scaling on two cores); None without gcc."""
    with tempfile.TemporaryDirectory() as d:
        exe = _build_reference(d)
        if exe is None:
            return None
        t = time.perf_counter()
        subprocess.run([exe, str(games), "1", "deck"], check=True, capture_output=True)
        one = time.perf_counter() - t
        t = time.perf_counter()
        procs = [subprocess.Popen([exe, str(games), str(k + 1), "deck"], stdout=subprocess.DEVNULL)
                 for k in range(2)]
        for q in procs:
            q.wait()
        two = time.perf_counter() - t
    return 2 * one / two


def dsim_walls(match, games: int) -> tuple[float, float]:
    """Wall-clock seconds of a run with 1 worker and of one with 2 workers (the same games;
    worker start-up included, as a user sees it)."""
    game = get_game(match.game)
    walls = []
    for jobs in (1, 2):
        t = time.perf_counter()
        runner.run(game, match, games, RunOptions(seed=1, jobs=jobs))
        walls.append(time.perf_counter() - t)
    return walls[0], walls[1]


def dsim_scaling(match, games: int) -> float:
    """Wall-clock throughput of a run with 2 workers over one with 1 worker."""
    one, two = dsim_walls(match, games)
    return one / two


def cold_compile(bot: str) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of compiling the engine of ``bot``'s game from an empty
    cache, in a fresh process with its own temporary cache folder, as a user's first run does."""
    code = ("from simulator import api; from simulator.games import game_of_bots; "
            f"m = api.prepare([{str(STRATEGIES / bot)!r}] * 2); game_of_bots(m.bots).warm_up(m)")
    with tempfile.TemporaryDirectory(prefix="dsim-cold-") as d:
        env = dict(os.environ, NUMBA_CACHE_DIR=d)
        env.pop("NUMBA_DISABLE_JIT", None)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def _prepare(bots, setup):
    return api.prepare([str(STRATEGIES / b) for b in bots], str(ROOT / games.SETUPS / setup) if setup else None)


def run_bench(games: int, repeat: int, reference: bool, echo=print, compile_time: bool = True) -> dict:
    order = bench_games()
    results = {}
    if compile_time:
        for g in order:
            cpu, wall = cold_compile(g.BENCH[0][1][0])
            results[f"{g.LABELS['game']} cold compile CPU s"] = cpu
            echo(f"{g.LABELS['game']} engine cold compile (empty cache, fresh process): {cpu:.1f} s CPU, "
                 f"{wall:.1f} s wall")
    t = time.perf_counter()
    first = _prepare(*order[0].BENCH[0][1:])
    for g in order:
        g.warm_up(first if g is order[0] else _prepare(*g.BENCH[0][1:]))
    echo(f"engines load from the cache: {time.perf_counter() - t:.2f} s (excluded below)")
    ref = reference_rate(max(games, 1_000_000)) if reference else None
    if ref:
        echo(f"C reference (bench/bm_reference.c, gcc -O2, simplified Big Money mirror): {ref:,.0f} games/s")
    elif reference:
        echo("C reference: not timed (gcc or bench/bm_reference.c missing)")
    for g in order:
        for label, bots, setup in g.BENCH:
            match = _prepare(bots, setup)
            g.play(match, 0, 0, 10)
            rates = time_matchup(match, games, repeat)
            med = statistics.median(rates)
            results[label] = med
            ratio = f", {med / ref:.3f} x C" if ref and g.BENCH_REFERENCE else ""
            echo(f"{label}: {med:,.0f} games/s per core (median of {repeat} x {games:,} games; "
                 f"min {min(rates):,.0f}, max {max(rates):,.0f}){ratio}")
    if ref:
        results["C reference"] = ref
        # interleaved pairs, as the machine's speed drifts from one second to the next
        n = min(repeat, 3)
        pairs = [(reference_scaling(max(games, 1_000_000)), dsim_scaling(first, 4 * games)) for _ in range(n)]
        c2 = statistics.median(c for c, _ in pairs)
        d2 = statistics.median(d for _, d in pairs)
        results["2-worker scaling"] = d2
        results["C 2-copy scaling"] = c2
        echo(f"2 workers: {d2:.2f} x the throughput of 1 ({4 * games:,} games of the first matchup, wall clock, "
             f"median of {n}); the C reference, 2 copies at once: {c2:.2f} x one copy (median of {n})")
    return results
