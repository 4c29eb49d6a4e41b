"""``--backend dask`` against a real cluster: a ``dask scheduler`` and two ``dask worker``
processes started apart on the loopback, as on several machines; a bounded window of
chunks in flight; a worker killed in the middle of a run."""
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from ..helpers import JIT, scaled
from simulator import api
from simulator.dominion import game as dgame
from simulator.run.options import RunOptions
from simulator.run.runner import run
from simulator.run.stats import Tally

pytest.importorskip("dask.distributed")

ROOT = Path(__file__).resolve().parents[2]
SBM = str(ROOT / "strategies" / "smithy_big_money.yaml")
BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
DASK = str(Path(sys.executable).with_name("dask"))


class Cluster:
    """A scheduler and ``workers`` single-threaded workers, each its own process (no
    nanny, so a killed worker stays dead), listening on 127.0.0.1 only."""

    def __init__(self, tmp_path: Path, workers: int = 2, env: dict | None = None):
        self.file = tmp_path / "scheduler.json"
        self.env = dict(os.environ, **(env or {}))
        self.procs = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                        "--scheduler-file", str(self.file)], cwd=ROOT, env=self.env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
        end = time.monotonic() + 60
        while not self.file.exists() or not self.file.read_text().strip():
            assert time.monotonic() < end, "the scheduler did not start"
            time.sleep(0.1)
        time.sleep(0.2)
        self.address = json.loads(self.file.read_text())["address"]
        assert self.address.startswith("tcp://127.0.0.1:")
        for _ in range(workers):
            self.procs.append(subprocess.Popen(
                [DASK, "worker", self.address, "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host",
                 "127.0.0.1"], cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        from dask.distributed import Client
        with Client(self.address, timeout="30s") as c:
            c.wait_for_workers(workers, timeout=60)

    def close(self):  # workers first (killed: nothing of theirs is kept), then the scheduler
        for p in self.procs[1:]:
            if p.poll() is None:
                p.kill()
        self.procs[0].send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


@pytest.fixture
def cluster(tmp_path, request):
    env = {k: v.replace("{marker}", str(tmp_path / "died")) for k, v in getattr(request, "param", {}).items()}
    c = Cluster(tmp_path, env=env)
    yield c
    c.close()


pytestmark = pytest.mark.skipif(shutil.which(DASK) is None, reason="needs the dask command")
#: the cluster's mechanics (a window, a dead worker) are the same with the JIT off, where the
#: workers' games take a minute instead of seconds
COMPILED = pytest.mark.skipif(not JIT, reason="the cluster's workers play compiled")


@COMPILED
def test_a_run_on_a_real_cluster_gives_the_local_results(cluster):
    m = api.prepare([SBM, BMU])
    n = scaled(200_000, floor=400)
    local = run(dgame, m, n, RunOptions(seed=3, jobs=2))
    remote = run(dgame, m, n, RunOptions(seed=3, jobs=2, backend="dask", scheduler=cluster.address))
    assert not remote.partial and remote.games_played == n
    for part in Tally.PARTS:
        assert np.array_equal(getattr(local.tally, part), getattr(remote.tally, part)), part


@COMPILED
@pytest.mark.parametrize("cluster", [{"DSIM_FAULT": "kill:1:{marker}"}], indirect=True)
def test_a_worker_killed_mid_run_loses_no_game(cluster, tmp_path):
    marker = Path(cluster.env["DSIM_FAULT"].split(":", 2)[2])
    m = api.prepare([SBM, BMU])
    n = scaled(200_000, floor=400)
    local = run(dgame, m, n, RunOptions(seed=5, jobs=2))
    remote = run(dgame, m, n, RunOptions(seed=5, jobs=2, backend="dask", scheduler=cluster.address))
    assert marker.exists(), "no worker was killed"
    assert sum(p.poll() is not None for p in cluster.procs[1:]) == 1  # one worker is dead for good
    assert not remote.partial and remote.games_played == n
    assert np.array_equal(local.tally.bot, remote.tally.bot) and np.array_equal(local.tally.length,
                                                                              remote.tally.length)


@COMPILED
def test_the_cli_runs_on_the_cluster_by_its_address(cluster):
    p = subprocess.run([sys.executable, "-m", "simulator.cli", "run", SBM, BMU, "-n", str(scaled(40_000, 200)),
                        "--seed", "1", "--backend", "dask", "--scheduler", cluster.address, "--format", "json",
                        "-q"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    remote = json.loads(p.stdout)["summary"]
    local = api.simulate([SBM, BMU], games=scaled(40_000, 200), seed=1, jobs=1).summary
    assert [r["wins"] for r in remote] == local.wins.tolist()


def _slow_square(context, task, idx):
    time.sleep(0.02)
    return task * task


def test_only_a_window_of_tasks_is_in_flight():
    from dask.distributed import Client, LocalCluster

    from simulator.run.dask_backend import DaskPool
    with LocalCluster(n_workers=2, processes=False, threads_per_worker=1, dashboard_address=None) as lc, \
            Client(lc) as client:
        pool = DaskPool(_slow_square, None, jobs=2, client=client)
        got = {}
        tasks = list(range(60))
        assert pool.map(tasks, lambda idx, r: got.__setitem__(idx, r)) is False
        assert got == {i: i * i for i in tasks}
        assert pool.window == 4 and pool.most_in_flight == pool.window
        # a stop asked for part-way cancels what is in flight
        seen = []
        assert pool.map(tasks, lambda idx, r: seen.append(idx) or len(seen) >= 5) is True
        assert len(seen) == 5
