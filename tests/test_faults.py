"""Faults: signals, a dead parent, unwritable or full output, two runs in one folder,
other multiprocessing start methods, no writable compiler cache. Nothing finished is
lost, nothing is left behind."""
import json
import multiprocessing as mp
import os
import resource
import signal
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from helpers import JIT, Dsim, gone, scaled
from simulator import api
from simulator.cli import cli
from simulator.dominion import game as dgame
from simulator.runner import run

ROOT = Path(__file__).resolve().parent.parent
SBM = str(ROOT / "strategies" / "smithy_big_money.yaml")
BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
LONG = pytest.mark.skipif(not JIT, reason="needs a run long enough to interrupt")


# ---------------------------------------------------------------- signals
@LONG
def test_sigterm_reports_and_writes_what_finished_and_leaves_no_process(tmp_path):
    d = Dsim("run", SBM, BMU, "-n", 20_000_000, "-j", 2, "--seed", 1, "--out", tmp_path / "r",
             "--save-games", tmp_path / "g" / "games.csv", "-v")
    d.wait_for("chunk 3")
    workers = d.children()
    assert len(workers) >= 2
    d.p.send_signal(signal.SIGTERM)
    assert d.finish() == 143, d.err
    assert "PARTIAL: " in d.out and "(interrupt)" in d.out
    info = json.loads((tmp_path / "r" / "run.json").read_text())
    assert info["partial"] and 0 < info["games_played"] < 20_000_000
    games = pd.read_csv(tmp_path / "g" / "games.csv")
    assert len(games) == info["games_played"]
    assert not list(tmp_path.rglob(".*partial")) and not list(tmp_path.rglob(".*tmp"))
    assert gone(workers)


@LONG
def test_a_killed_parent_takes_its_workers_with_it(tmp_path):
    d = Dsim("run", SBM, BMU, "-n", 20_000_000, "-j", 2, "--seed", 1, "-v")
    d.wait_for("chunk 1")
    workers = d.children()
    assert workers
    d.p.kill()
    d.finish()
    assert gone(workers), "workers outlived their parent"


@LONG
def test_ctrl_c_again_while_stopping_still_writes_every_file(tmp_path):
    d = Dsim("run", SBM, BMU, "-n", 20_000_000, "-j", 2, "--seed", 1, "--out", tmp_path / "r", "-v")
    d.wait_for("chunk 2")
    for _ in range(6):  # while the workers stop and the reports are written
        d.p.send_signal(signal.SIGINT)
        time.sleep(0.15)
    assert d.finish() == 130, d.err
    assert "Aborted" not in d.err and "Traceback" not in d.err
    files = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert files == ["cards.csv", "cards.png", "cards_by_turn.csv", "curves.csv", "curves.png", "endings.csv",
                     "game_length.csv", "game_length.png", "report.html", "run.json", "seats.csv", "summary.csv",
                     "win_rates.png"]
    assert "wrote 13 files" in d.err and "summary.csv" in d.err


def test_json_of_a_run_stopped_before_any_game_is_valid(monkeypatch):
    def interrupted(match):
        raise KeyboardInterrupt
    monkeypatch.setattr(dgame, "warm_up", interrupted)
    r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", "100", "--format", "json", "-q"])
    assert r.exit_code == 130
    data = json.loads(r.stdout)  # NaN would not parse as JSON
    assert data["meta"]["games_played"] == 0 and data["summary"][0]["win_rate"] is None


# ---------------------------------------------------------------- output folders
def test_an_unwritable_out_folder_is_refused_before_any_game(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    played = []
    monkeypatch.setattr(dgame, "warm_up", lambda m: played.append(1))
    r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", "100", "--out", str(tmp_path / "file" / "r")])
    assert r.exit_code == 1 and played == []
    assert r.stderr.startswith("Error: cannot write reports to ") and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", "100", "--save-games", str(tmp_path / "file" / "g.csv")])
    assert r.exit_code == 1 and played == [] and "cannot write --save-games to" in r.stderr


def test_two_runs_cannot_write_into_the_same_folder(tmp_path):
    from simulator.reports import OutputLock
    with OutputLock(tmp_path / "r"):
        r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", "100", "--out", str(tmp_path / "r")])
        assert r.exit_code == 1
        assert f"another dsim run (pid {os.getpid()}) is writing to {tmp_path / 'r'}" in r.stderr
    # released: the folder is usable again, and the lock file is gone
    r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", scaled(300, 20), "-j", "1", "--out", str(tmp_path / "r"),
                                 "-q"])
    assert r.exit_code == 0, r.output
    assert not (tmp_path / "r" / ".dsim.lock").exists()


def test_report_files_follow_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", scaled(300, 20), "-j", "1", "--out", str(tmp_path),
                                     "--save-games", str(tmp_path / "g.csv"), "-q"])
    finally:
        os.umask(old)
    assert r.exit_code == 0, r.output
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()}
    assert modes and set(modes.values()) == {0o644}, modes


def _limit_file_size(limit=30_000):
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_a_full_disk_is_one_line_and_keeps_what_was_written(tmp_path):
    # a file-size limit makes writes fail like a full disk: the CSVs fit, the charts do not
    d = Dsim("run", SBM, BMU, "-n", scaled(2000, 20), "-j", 1, "--seed", 1, "--out", tmp_path / "r",
             preexec_fn=_limit_file_size)
    assert d.finish() == 1
    errors = [line for line in d.err_lines if line.startswith("Error:")]
    assert len(errors) == 1 and "Traceback" not in d.err, d.err
    assert "File too large" in errors[0] and "files written: summary.csv" in errors[0]
    assert (tmp_path / "r" / "summary.csv").exists() and not list((tmp_path / "r").glob(".*tmp"))


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_a_truncated_save_games_file_never_takes_its_name(tmp_path):
    d = Dsim("run", SBM, BMU, "-n", scaled(40_000, 200), "-j", 1, "--seed", 1,
             "--save-games", tmp_path / "games.csv", preexec_fn=lambda: _limit_file_size(10_000))
    assert d.finish() == 1
    assert "Error: cannot write " in d.err and "the per-game file was removed" in d.err, d.err
    assert "PARTIAL" in d.out
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- start methods
@pytest.fixture(params=["spawn", "forkserver"])
def start_method(request):
    old = mp.get_start_method(allow_none=True)
    mp.set_start_method(request.param, force=True)
    yield request.param
    mp.set_start_method(old, force=True)


@pytest.mark.skipif(not JIT, reason="workers load the compiled engine")
def test_the_runner_works_under_every_start_method(start_method):
    m = api.prepare([SBM, BMU])
    n = 30_000
    forked = run(dgame, m, n, seed=4, jobs=1)
    other = run(dgame, m, n, seed=4, jobs=2)
    assert other.games_played == n and not other.partial
    assert (forked.tally.bot == other.tally.bot).all()


@pytest.mark.skipif(not JIT, reason="workers load the compiled engine")
@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_the_cli_logs_from_workers_under_other_start_methods(method):
    code = ("import multiprocessing as mp, sys; mp.set_start_method(%r); from simulator.cli import cli; "
            "cli(sys.argv[1:], prog_name='dsim')" % method)
    p = subprocess.run([sys.executable, "-c", code, "run", SBM, BMU, "-n", "30000", "-j", "2", "--seed", "1", "-v"],
                       cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert p.returncode == 0, p.stderr
    assert "dsim.worker" in p.stderr and "chunk 0" in p.stderr


# ---------------------------------------------------------------- the compiler's cache
def test_no_writable_cache_falls_back_to_a_temporary_one(tmp_path, monkeypatch, caplog):
    from simulator import jit
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(blocker / "numba"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))
    src = tmp_path / "k.py"
    src.write_text("x = 1\n")
    with caplog.at_level("WARNING"):
        folder = jit.cache_dir(blocker / "pkg", [src])
    assert jit.writable(folder) and str(folder).startswith(str(Path(jit.tempfile.gettempdir())))
    assert "no writable cache for the compiled engine" in caplog.text and "NUMBA_CACHE_DIR" in caplog.text
    # the folder is keyed to the sources: an edit gives another folder
    src.write_text("x = 2\n")
    assert jit.cache_dir(blocker / "pkg", [src]) != folder


def test_commands_that_play_no_game_never_load_the_engine():
    code = ("import sys; from simulator.cli import cli\n"
            "for args in (['cards'], ['validate', %r, %r]):\n"
            "    try:\n        cli(args, prog_name='dsim')\n    except SystemExit as e:\n        assert not e.code\n"
            "assert 'numba' not in sys.modules and 'simulator.dominion.engine' not in sys.modules, 'engine loaded'"
            % (SBM, str(ROOT / "kingdoms" / "first_game.yaml")))
    env = dict(os.environ, NUMBA_CACHE_DIR="/dev/null/numba")  # no cache could be written
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert p.returncode == 0, p.stderr
    assert "2 files valid" in p.stdout


# ---------------------------------------------------------------- Dask
def test_dask_quiet_is_quiet_and_opens_no_dashboard():
    pytest.importorskip("dask.distributed")
    args = ["run", SBM, BMU, "-n", str(scaled(24_000, 24)), "-j", "2", "--seed", "1", "--backend", "dask", "-q"]
    p = subprocess.run([sys.executable, "-m", "simulator.cli", *args], cwd=ROOT, capture_output=True, text=True,
                       timeout=240)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""


def test_the_dask_cluster_listens_on_the_loopback_without_a_dashboard():
    pytest.importorskip("dask.distributed")
    from simulator.dask_backend import client_for
    client, cluster = client_for(None, 1)
    try:
        assert client.scheduler.address.startswith("tcp://127.0.0.1:")
        # the scheduler's HTTP server (health, metrics) is on the loopback, not 8787, with no dashboard
        (host, port), = [s.getsockname()[:2] for s in cluster.scheduler.http_server._sockets.values()]
        assert host == "127.0.0.1" and port != 8787
        with pytest.raises(urllib.error.HTTPError, match="404"):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=10)
    finally:
        client.close()
        cluster.close()


def _fake_kernel(index_path):
    from types import SimpleNamespace
    return SimpleNamespace(_cache=SimpleNamespace(_cache_file=SimpleNamespace(_index_path=str(index_path))))


def test_a_cold_compile_is_announced_and_a_cached_one_is_silent(tmp_path, capsys):
    import logging

    from simulator.jit import compile_notice
    cold, warm = _fake_kernel(tmp_path / "none.nbi"), _fake_kernel(tmp_path / "k.nbi")
    (tmp_path / "k.nbi").write_text("")
    logging.getLogger().setLevel(logging.WARNING)
    with compile_notice(cold):
        pass
    assert capsys.readouterr().err == "compiling the game engine, first run only, about 20 s ...\n"
    with compile_notice(warm):
        pass
    assert capsys.readouterr().err == ""
    logging.getLogger().setLevel(logging.ERROR)  # -q
    try:
        with compile_notice(cold):
            pass
    finally:
        logging.getLogger().setLevel(logging.WARNING)
    assert capsys.readouterr().err == ""


def test_the_engine_knows_whether_it_is_cached():
    from simulator.dominion import engine as E
    from simulator.jit import is_cached
    dgame.warm_up(api.prepare([SBM, BMU]))
    assert is_cached(E.run_games)
