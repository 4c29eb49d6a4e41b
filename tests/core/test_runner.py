"""Runs at scale: identical results for any -j and backend, paired seats, sequential
stopping, Ctrl-C, dead workers, crashes, per-game files, worker logs."""
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ..helpers import JIT, Dsim, scaled
from simulator import api
from simulator.dominion import game as dgame
from simulator.run.options import RunOptions
from simulator.run.runner import BIG_CHUNK, CHUNK, MIN_CHUNK, SEARCH_SCALE, plan_chunks, run
from simulator.run.stats import Tally, unit_interval

ROOT = Path(__file__).resolve().parents[2]
SBM = str(ROOT / "strategies" / "smithy_big_money.yaml")
BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
WITCH = str(ROOT / "strategies" / "witch.yaml")


MULTI_CHUNK = pytest.mark.skipif(not JIT, reason="needs runs of several chunks")


def same(a, b):
    for name in Tally.PARTS:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_chunking_never_changes_results():
    m = api.prepare([SBM, BMU])
    n = scaled(6000, floor=60)
    whole, _ = dgame.play(m, 9, 0, n)
    parts = dgame.empty_tally(m)
    for first, k in plan_chunks(n, 7, 1):
        t, _ = dgame.play(m, 9, first, k)
        parts += t
    same(whole, parts)


def test_a_search_match_plays_in_chunks_of_a_second_or_two(tmp_path):
    """A search bot's game costs about a thousand plain games: its match's chunks are that
    much smaller (a run of 1,000 such games is not one chunk of a minute that a Ctrl-C
    waits for in silence), the same games whatever the chunks (tests/core/test_search.py)."""
    plan = list(plan_chunks(1_000, 1, 2, SEARCH_SCALE))
    assert len(plan) > 20 and max(k for _, k in plan) <= BIG_CHUNK // SEARCH_SCALE
    assert sum(k for _, k in plan) == 1_000 and all(k % 2 == 0 for _, k in plan)
    assert [k for _, k in plan_chunks(10**6, None, 1, SEARCH_SCALE)][:5] == [1, 2, 4, 8, CHUNK // SEARCH_SCALE]
    assert len(list(plan_chunks(1_000, 1, 2))) == 1  # a plain match's: one chunk
    (tmp_path / "s.yaml").write_text("name: s\nbuy: [Province, Gold, Silver]\nsearch: {rollouts: 2}\n")
    sbm = api.prepare([str(tmp_path / "s.yaml"), BMU])
    seen = []  # the runner plays a search match in its small chunks: [3, 1, 1, 1] of 6 games
    run(dgame, sbm, 6, RunOptions(1, 1), on_records=lambda first, r: seen.append(first), records=True)
    assert seen == [first for first, _ in plan_chunks(6, 1, 1, SEARCH_SCALE)] == [0, 3, 4, 5]


@pytest.mark.parametrize("multiple", [1, 2, 3, 4, 7])
def test_an_until_ci_plan_is_the_same_whatever_the_bound_so_is_its_stopping_point(multiple):
    """--until-ci checks between chunks: a run with a higher -n must meet the same chunk
    ends (the points where it may stop) as one with a lower -n, until the lower one's end."""
    plans = {n: list(plan_chunks(n, None, multiple)) for n in (500, 5_000, 30_000, 100_000, 10**7 + 5)}
    assert [k for _, k in plans[10**7 + 5][:6]] == [-(-MIN_CHUNK * 2 ** i // multiple) * multiple for i in range(4)] \
        + [-(-CHUNK // multiple) * multiple] * 2  # growing from the smallest chunk, then CHUNK's
    for small, big in zip(list(plans)[:-1], list(plans)[1:]):
        done = plans[small][:-1]   # the smaller run's last chunk is cut at its bound
        assert plans[big][:len(done)] == done, (small, big)
        assert sum(k for _, k in plans[small]) == small


@pytest.mark.parametrize("games,jobs,multiple", [(800_000, 2, 1), (100_003, 3, 1), (50_000, 4, 3), (20_000, 2, 2),
                                                  (10**7 + 7, 2, 4)])
def test_a_plan_covers_every_game_once_and_shrinks_so_the_workers_finish_together(games, jobs, multiple):
    sizes, first = [], 0
    for start, k in plan_chunks(games, jobs, multiple):
        assert start == first and 0 < k <= BIG_CHUNK
        assert k % multiple == 0 or start + k == games  # paired deals never straddle two chunks
        sizes.append(k)
        first += k
    assert first == games
    assert sizes == sorted(sizes, reverse=True)
    # the last chunk each worker takes is small: they finish within about MIN_CHUNK games
    assert max(sizes[-jobs:]) <= -(-MIN_CHUNK // multiple) * multiple
    # and the body is made of big chunks: few hand-overs between the parent and its workers
    assert len(sizes) <= games // BIG_CHUNK + 40


def test_jobs_and_backends_give_identical_results():
    m = api.prepare([SBM, WITCH, BMU])
    n = scaled(30_000, floor=90)
    one = run(dgame, m, n, RunOptions(seed=4, jobs=1))
    two = run(dgame, m, n, RunOptions(seed=4, jobs=2))
    same(one.tally, two.tally)
    assert one.games_played == two.games_played == n


def test_dask_backend_gives_identical_results():
    pytest.importorskip("dask.distributed")
    from dask.distributed import Client, LocalCluster
    m = api.prepare([SBM, BMU])
    n = scaled(30_000, floor=90)
    local = run(dgame, m, n, RunOptions(seed=8, jobs=2))
    with LocalCluster(n_workers=2, processes=False, threads_per_worker=1, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        remote = run(dgame, m, n, RunOptions(seed=8, backend="dask", client=client))
    same(local.tally, remote.tally)


def test_dask_without_a_scheduler_says_so():
    pytest.importorskip("dask.distributed")
    from simulator.run.dask_backend import client_for
    from simulator.errors import InputError
    with pytest.raises(InputError, match="cannot reach the Dask scheduler"):
        client_for("tcp://127.0.0.1:9", None)


def test_paired_seats_narrow_the_interval_at_equal_game_count():
    n = scaled(40_000, floor=400)
    plain = api.simulate([SBM, BMU], games=n, seed=5, jobs=1, paired=False)
    paired = api.simulate([SBM, BMU], games=n, seed=5, jobs=1, paired=True)
    assert plain.games == paired.games == n
    _, lo_u, hi_u = unit_interval(plain.tally, 0)
    _, lo_p, hi_p = unit_interval(paired.tally, 0)
    assert hi_p - lo_p < hi_u - lo_u
    # the reported interval of a paired run is the paired one
    row = paired.summary.iloc[0]
    assert (row.ci_low, row.ci_high) == pytest.approx((lo_p, hi_p))
    # without pairing the per-game spread is Wilson's binomial one, a little narrower
    # because shared wins (half a win) vary less than a win or a loss
    w = plain.summary.iloc[0]
    assert 0.85 * (w.ci_high - w.ci_low) < hi_u - lo_u <= (w.ci_high - w.ci_low) * 1.001


def test_until_ci_stops_when_every_interval_is_narrow_enough_for_any_jobs():
    width, cap = (0.02, 100_000) if JIT else (0.2, 24_000)
    a = api.simulate([SBM, BMU], games=cap, seed=3, jobs=1, until_ci=width)
    b = api.simulate([SBM, BMU], games=cap, seed=3, jobs=2, until_ci=width)
    c = api.simulate([SBM, BMU], games=7 * cap + 5, seed=3, jobs=2, until_ci=width)  # a looser bound
    assert a.meta["stopped_by"] == "until-ci" and not a.partial
    assert a.games == b.games == c.games < cap
    half = (a.summary.ci_high - a.summary.ci_low) / 2
    assert (half <= width).all()
    pd.testing.assert_frame_equal(a.summary, b.summary)
    pd.testing.assert_frame_equal(a.summary, c.summary)


def _dsim(*args, env=None, **kw):
    e = dict(os.environ, **(env or {}))
    return subprocess.Popen([sys.executable, "-m", "simulator.cli", *map(str, args)], cwd=ROOT, env=e,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


@pytest.mark.skipif(not JIT, reason="needs a run long enough to interrupt")
def test_ctrl_c_reports_and_saves_what_finished(tmp_path):
    d = Dsim("run", SBM, BMU, "-n", 20_000_000, "-j", 2, "--seed", 1, "--out", tmp_path / "r", "-v")
    d.wait_for("chunk 2")  # loaded or compiled, and chunks are finishing
    d.p.send_signal(signal.SIGINT)
    assert d.finish() == 130, d.err
    assert "PARTIAL: " in d.out and "of 20,000,000 games (interrupt)" in d.out
    summary = pd.read_csv(tmp_path / "r" / "summary.csv")
    info = json.loads((tmp_path / "r" / "run.json").read_text())
    assert info["partial"] and 0 < info["games_played"] < 20_000_000
    assert summary.games.iloc[0] == info["games_played"]
    assert not list((tmp_path / "r").glob(".*tmp"))


@MULTI_CHUNK
def test_a_signal_while_a_chunk_is_merged_keeps_tally_count_and_records_together():
    # Ctrl-C lands while the second chunk's records are being written: that chunk is
    # merged whole (tally, count and records), then the run stops, partial
    m = api.prepare([SBM, BMU])
    rows = []

    def write(first, rec):
        if first > 0:
            os.kill(os.getpid(), signal.SIGINT)
        rows.extend(rec[:, 0].tolist())

    out = run(dgame, m, 3 * CHUNK, RunOptions(seed=1, jobs=1), records=True, on_records=write)
    two = sum(k for _, k in list(plan_chunks(3 * CHUNK, 1, 1))[:2])
    assert out.partial and out.stopped_by == "interrupt" and out.chunks_done == 2
    assert out.games_played == len(rows) == int(out.tally.length.sum()) == two
    assert rows == list(range(len(rows)))


@MULTI_CHUNK
def test_a_worker_that_dies_once_is_replaced_and_its_chunk_retried(tmp_path):
    m = api.prepare([SBM, BMU])
    n = scaled(40_000, floor=200)
    clean = run(dgame, m, n, RunOptions(seed=6, jobs=2))
    os.environ["DSIM_FAULT"] = f"kill:1:{tmp_path / 'died'}"
    try:
        faulty = run(dgame, m, n, RunOptions(seed=6, jobs=2))
    finally:
        del os.environ["DSIM_FAULT"]
    assert (tmp_path / "died").exists()
    assert not faulty.partial
    same(clean.tally, faulty.tally)


@MULTI_CHUNK
def test_a_worker_that_dies_twice_fails_the_run_with_a_clear_message():
    m = api.prepare([SBM, BMU])
    os.environ["DSIM_FAULT"] = "kill:3"
    try:
        out = run(dgame, m, 60_000, RunOptions(seed=6, jobs=2))
    finally:
        del os.environ["DSIM_FAULT"]
    assert out.partial and out.stopped_by == "error"
    assert "a worker process died twice on chunk 3" in out.error
    # the finished chunks' results are kept: at least chunk 1, which the worker that died
    # on chunk 3 played first (each worker holds two chunks, handed out in turn)
    assert out.games_played >= plan_chunks(60_000, 2, 1)[1][1]


@MULTI_CHUNK
def test_a_crash_in_a_game_names_how_to_replay_it_and_keeps_finished_chunks(tmp_path):
    os.environ["DSIM_FAULT"] = "crash:2"
    try:
        p = _dsim("run", SBM, BMU, "-n", 60_000, "-j", 2, "--seed", 11, "--out", tmp_path / "r",
                  "-q", env={"DSIM_FAULT": "crash:2"})
        out, err = p.communicate(timeout=600)
    finally:
        del os.environ["DSIM_FAULT"]
    assert p.returncode == 1
    assert "Error: a game failed: RuntimeError: injected fault" in err
    assert "seed 11" in err and "dsim log " in err and "--seed 11 --game " in err
    assert "PARTIAL: " in out
    assert json.loads((tmp_path / "r" / "run.json").read_text())["partial"] is True


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_save_games_writes_one_row_per_game(tmp_path, suffix):
    n = scaled(3000, floor=30)
    f = tmp_path / f"games.{suffix}"
    res = api.simulate([SBM, BMU], games=n, seed=2, jobs=2, save_games=str(f))
    df = pd.read_csv(f) if suffix == "csv" else pd.read_parquet(f)
    assert len(df) == n and df.game.tolist() == list(range(n))
    assert list(df.columns[:3]) == ["game", "ending", "length"]
    wins = df.loc[df.seat1_bot == "Smithy Big Money", "seat1_win"].sum() + \
        df.loc[df.seat2_bot == "Smithy Big Money", "seat2_win"].sum()
    assert wins == pytest.approx(res.summary.win_rate.iloc[0] * n)
    assert not list(tmp_path.glob(".*partial"))


@MULTI_CHUNK
def test_verbose_shows_worker_records():
    p = _dsim("run", SBM, BMU, "-n", scaled(40_000, floor=200), "-j", 2, "--seed", 1, "-v")
    out, err = p.communicate(timeout=600)
    assert p.returncode == 0, err
    assert "dsim.worker" in err and "chunk 0" in err


def test_progress_bar_only_on_a_terminal(capsys):
    from simulator.run.runner import progress_bar
    bar = progress_bar(1000, enabled=True, label="match 2 of 3")
    bar.update(500)
    bar.refresh()
    err = capsys.readouterr().err
    assert "match 2 of 3" in err and "500/1.00k" in err and "50%" in err
    bar.close()
    capsys.readouterr()
    silent = progress_bar(1000, enabled=False)
    silent.update(500)
    silent.close()
    assert capsys.readouterr().err == ""
