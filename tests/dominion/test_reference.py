"""Cross-check against a second implementation: the C Big Money reference in bench/.

The C program plays plain Big Money (Province at 8, Gold at 6, Silver at 3; no
tie-break; the game ends after the turn the last Province is bought). dsim plays the
same with the guard off, fixed seats and shared ties. Both are built and run here;
their first-player win, second-player win and tie rates must agree within sampling
error (4 standard errors of the difference)."""
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..helpers import JIT, ROOT
from .helpers import bot
from simulator.dominion import engine as E
from simulator.dominion.game import make_match, play
from simulator.dominion.setup import Rules, bots_kingdom

REF = Path(__file__).resolve().parents[2] / "bench" / "bm_reference.c"


@pytest.mark.skipif(shutil.which("gcc") is None or not JIT, reason="needs gcc and the JIT")
def test_big_money_mirror_matches_the_c_reference(tmp_path):
    n = 200_000
    exe = tmp_path / "bm"
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(REF), "-lm"], check=True)
    out = subprocess.run([str(exe), str(n), "9", "deck"], check=True, capture_output=True, text=True).stdout
    c = {k: float(v) for k, v in (kv.split("=") for kv in out.split()) if k in ("p1_win", "p2_win", "tie",
                                                                               "turns_per_player")}
    b = bot("buy: [Province, Gold, Silver]\nguard: false")
    m = make_match([b, b], bots_kingdom([], Rules(tiebreak="shared")), seats="fixed")
    t, _ = play(m, 9, 0, n)
    s = t.seat
    p1 = s[0, 0, E.TS_WINS] / n
    p2 = s[1, 1, E.TS_WINS] / n
    tie = s[0, 0, E.TS_TIES] / n
    for mine, theirs in ((p1, c["p1_win"]), (p2, c["p2_win"]), (tie, c["tie"])):
        se = math.sqrt(2 * theirs * (1 - theirs) / n)
        assert abs(mine - theirs) < 4 * se, (mine, theirs)
    turns = (t.bot[0, E.TB_TURNS] + t.bot[1, E.TB_TURNS]) / (2 * n)
    assert abs(turns - c["turns_per_player"]) < 0.02


@pytest.mark.skipif(shutil.which("gcc") is None or not JIT, reason="needs gcc and the JIT (speed)")
def test_bench_reports_two_worker_scaling_beside_the_c_reference():
    from simulator.tools import bench
    lines = []
    # 20,000 games a matchup (the scaling runs 80,000): with fewer, the workers' start-up
    # outweighed their games, and a loaded machine pushed the ratio below 0.5 (0.31 seen)
    res = bench.run_bench(20_000, 1, reference=True, echo=lines.append, compile_time=False)
    # throughput ratios: more than one worker's worth is impossible above 2, and below 0.5
    # would mean the second worker or copy made things slower than one alone
    assert 0.5 < res["2-worker scaling"] < 2.5 and 0.5 < res["C 2-copy scaling"] < 2.5, res
    assert any(line.startswith("2 workers: ") and "C reference, 2 copies" in line for line in lines)


@pytest.mark.skipif(not JIT, reason="times a compile")
def test_a_cold_compile_is_timed_from_an_empty_cache():
    from simulator.tools import bench
    from simulator.games import get_game
    cpu, wall = bench.cold_compile(get_game("splendor").BENCH[0][1][0])
    # loading Splendor's engine from a cache takes about a second; compiling it, twenty:
    # a compile that found a cache (the empty folder not used) would be timed as start-up
    assert cpu > 4 and wall > 4, (cpu, wall)


@pytest.mark.skipif(not hasattr(os, "fork") or not JIT, reason="bench/scaling.py forks; needs the JIT (speed)")
def test_scaling_script_prints_the_ceiling_beside_the_runner_and_c(capsys):
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import scaling
    finally:
        sys.path.remove(str(ROOT / "bench"))
    med = scaling.main(["-n", "20000", "--pairs", "1", "--c-games", "100000"])
    out = capsys.readouterr().out
    # throughput ratios of two processes over one: above 2 is impossible (halves that played
    # no games would show it); below 1 only says the machine is busy (a CI job beside it), no fault
    assert all(0 < m < 2.5 for m in med[1:]), (med, out)
    assert out.splitlines()[-1].startswith("medians of 1: C ") and "ceiling" in out


def _ab(other, tmp_path) -> subprocess.CompletedProcess:
    # as plain Python (no compile of the second engine): the mechanics, not the speed
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "TMPDIR": str(tmp_path)}
    return subprocess.run([sys.executable, str(ROOT / "bench" / "ab.py"), str(other), "-m", "bmu", "-n", "20",
                           "--rounds", "2", "--check-games", "20"], capture_output=True, text=True, env=env,
                          timeout=240)


def test_ab_script_times_two_engines_and_tells_when_they_play_different_games(tmp_path):
    same = _ab(ROOT, tmp_path)
    assert same.returncode == 0, same.stderr
    line = same.stdout.splitlines()[-1]
    assert line.startswith("bmu ") and line.endswith("same games"), same.stdout
    assert 0.2 < float(line.split("B/A ")[1].split()[0]) < 5
    # B: a copy whose cleanup draws 6 cards plays other games, and the script says so
    other = tmp_path / "other"
    shutil.copytree(ROOT / "simulator", other / "simulator", ignore=shutil.ignore_patterns("__pycache__"))
    turn = other / "simulator" / "dominion" / "engine" / "turn.py"
    text = turn.read_text()
    assert text.count("draw_hot(S, R, p, 5, lg, True)") == 1
    turn.write_text(text.replace("draw_hot(S, R, p, 5, lg, True)", "draw_hot(S, R, p, 6, lg, True)"))
    changed = _ab(other, tmp_path)
    assert changed.returncode == 0, changed.stderr
    assert changed.stdout.splitlines()[-1].endswith("DIFFERENT GAMES"), changed.stdout
    # B with another state layout plays the tables of its own checkout, and says so: the
    # same games with only the layout changed, other games with the 6-card draw as well
    layout = other / "simulator" / "dominion" / "layout.py"
    layout.write_text(layout.read_text().replace("MAXC = 320", "MAXC = 330"))
    relaid = _ab(other, tmp_path)
    assert relaid.returncode == 0, relaid.stderr
    assert "each engine plays the tables its checkout builds" in relaid.stdout, relaid.stdout
    assert relaid.stdout.splitlines()[-1].endswith("DIFFERENT GAMES"), relaid.stdout
    turn.write_text(text)
    relaid = _ab(other, tmp_path)
    assert "MAXC" in relaid.stdout and relaid.stdout.splitlines()[-1].endswith("same games"), relaid.stdout
