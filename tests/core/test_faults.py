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

from ..helpers import JIT, Dsim, gone, scaled
from simulator import api
from simulator.cli import cli
from simulator.dominion import game as dgame
from simulator.run.options import RunOptions
from simulator.run.runner import run

ROOT = Path(__file__).resolve().parents[2]
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
                     "game_length.csv", "game_length.png", "report.html", "run.json", "seats.csv", "seats.png",
                     "summary.csv", "win_rates.png"]
    assert "wrote 14 files" in d.err and "summary.csv" in d.err


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
    from simulator.report.outfiles import OutputLock
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


def test_a_ctrl_c_as_the_command_ends_leaves_its_exit_code_alone():
    """Once the command is over, Python's shutdown would put the signals' defaults back, and a
    Ctrl-C landing then (the engine's libraries take a tenth of a second to unload) would
    kill the process by the signal (-2, nothing said) instead of its own exit code: the
    command ends with both signals ignored."""
    code = ("import signal, sys\nsys.argv = ['dsim', 'cards']\nfrom simulator.entry import main\n"
            "try:\n    main()\nexcept SystemExit as e:\n"
            "    print(e.code, *(signal.getsignal(s) is signal.SIG_IGN for s in (signal.SIGINT, signal.SIGTERM)),"
            " file=sys.stderr)\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.stderr.split() == ["0", "True", "True"], p.stderr


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
    forked = run(dgame, m, n, RunOptions(seed=4, jobs=1))
    other = run(dgame, m, n, RunOptions(seed=4, jobs=2))
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
    from simulator.kernels import jit
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


def test_what_a_worker_logs_as_the_local_cluster_closes_is_not_shown(capfd):
    """A worker whose heartbeat was on its way as the cluster closed logged an error and a
    traceback at the end of a run, -q or not (one run in 20 on a busy machine). Here a
    worker logs an error as it closes, every time."""
    pytest.importorskip("dask.distributed")
    from distributed.diagnostics.plugin import WorkerPlugin

    from simulator.run.dask_backend import DaskPool

    class LoudAtClose(WorkerPlugin):  # (defined here: sent to the worker by value)
        def teardown(self, worker):
            import logging
            logging.getLogger("distributed.worker").error("a worker's error as it closes")

    pool = DaskPool(len, [], jobs=1)
    pool.client.register_plugin(LoudAtClose())
    assert pool.client.run(lambda: 1)  # the worker is up, with the plugin
    capfd.readouterr()
    pool.close()
    time.sleep(0.5)  # (the worker process's last words)
    assert "as it closes" not in capfd.readouterr().err


def test_the_dask_cluster_listens_on_the_loopback_without_a_dashboard():
    pytest.importorskip("dask.distributed")
    from simulator.run.dask_backend import client_for
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

    from simulator.kernels.jit import compile_notice
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
    from simulator.kernels.jit import is_cached
    dgame.warm_up(api.prepare([SBM, BMU]))
    assert is_cached(E.run_games)


# ---------------------------------------------------------------- round 2: shared files, dead parents, links
def _children_appear(d, n=2, timeout=120.0) -> list[int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        kids = d.children()
        if len(kids) >= n:
            return kids
        if d.p.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError(f"no {n} workers appeared; stderr: {d.err[-2000:]}")


def test_a_second_run_on_the_same_save_games_file_is_refused(tmp_path):
    from simulator.report.outfiles import FileLock
    games = tmp_path / "games.csv"
    with FileLock(tmp_path / ".games.csv.lock", "games.csv", "wait"):
        r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", "100", "--save-games", str(games)])
        assert r.exit_code == 1, r.output
        assert r.stderr.strip() == (f"Error: another dsim run (pid {os.getpid()}) is writing games.csv — wait for it "
                                    "to finish, or choose another --save-games file")
    assert not games.exists()


@LONG
def test_two_concurrent_runs_never_mix_their_save_games_rows(tmp_path):
    games = tmp_path / "games.parquet"
    a = Dsim("run", SBM, BMU, "-n", 20_000_000, "-j", 1, "--seed", 1, "--save-games", games, "-v")
    a.wait_for("chunk 1")
    b = Dsim("run", SBM, BMU, "-n", 5000, "-j", 1, "--seed", 2, "--save-games", games)
    assert b.finish() == 1 and "is writing games.parquet" in b.err and "Traceback" not in b.err, b.err
    a.p.send_signal(signal.SIGINT)
    assert a.finish() == 130, a.err
    df = pd.read_parquet(games)  # whole and readable: only run a's rows
    assert df.game.tolist() == list(range(len(df))) and len(df) > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.parquet"]


@LONG
@pytest.mark.parametrize("command", [
    ["run", SBM, BMU, "-n", 20_000_000, "--save-games", "{tmp}/g.csv", "--out", "{tmp}/out"],
    ["optimize", "-k", str(ROOT / "kingdoms" / "first_game.yaml"), "--against", BMU, "--budget", "10m",
     "--out", "{tmp}/out"],
    ["optimize", "--each-card", "--budget", "10m", "--out", "{tmp}/out"],
], ids=["run-save-games", "optimize", "each-card"])
def test_kill_9_of_the_parent_takes_every_worker_with_it_and_frees_the_folder(tmp_path, command):
    args = [str(a).replace("{tmp}", str(tmp_path)) for a in command]
    d = Dsim(*args, "-j", 2, "--seed", 1, "-q")
    workers = _children_appear(d)
    time.sleep(1.0)  # the workers are busy, their pipes full
    d.p.kill()
    d.finish()
    assert gone(workers), "workers outlived their parent"
    # the lock of the dead run is free: the next run takes the folder
    r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", "100", "-j", "1", "-q", "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output


def test_a_worker_forked_while_a_lock_is_held_does_not_hold_it(tmp_path):
    from simulator.report.outfiles import OutputLock
    lock = OutputLock(tmp_path / "r")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # a child that outlives its parent's lock, as a stuck worker would
        os.close(r)
        os.write(w, b"x")
        time.sleep(30)
        os._exit(0)
    try:
        os.close(w)
        os.read(r, 1)
        os.close(lock._fd)  # the parent lets go of its lock (as its death would) without unlinking
        lock._fd = None
        again = OutputLock(tmp_path / "r")  # free although the child still runs
        from simulator.errors import InputError
        with pytest.raises(InputError, match=f"another dsim run \\(pid {os.getpid()}\\) is writing"):
            OutputLock(tmp_path / "r")  # and held now, by this process (not the child)
        again.close()
        OutputLock(tmp_path / "r").close()
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


@pytest.mark.parametrize("name", [".dsim.lock", ".games.csv.lock", ".games.csv.partial", ".summary.csv.tmp"])
def test_a_planted_link_in_the_output_folder_is_never_written_through(tmp_path, name):
    out = tmp_path / "shared"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (out / name).symlink_to(victim)
    r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", scaled(200, 20), "-j", "1", "-q", "--out", str(out),
                                 "--save-games", str(out / "games.csv")])
    assert victim.read_text() == "precious"
    if name.endswith(".lock"):  # refused, before any game: one line that says why
        assert r.exit_code == 1 and "is a symbolic link; dsim does not write a lock file through a link" \
            in r.stderr, r.output
    else:  # temporary files have names of their own: the link is left alone
        assert r.exit_code == 0, r.output
        assert (out / name).is_symlink() and (out / "games.csv").exists()


def test_an_optimizer_state_link_is_never_written_through(tmp_path):
    out = tmp_path / "opt"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (out / ".state.json.tmp").symlink_to(victim)
    r = CliRunner().invoke(cli, ["optimize", "-k", str(ROOT / "kingdoms" / "first_game.yaml"), "--against", BMU,
                                 "--generations", "1", "--population", "4", "--stage-games", "8",
                                 "--final-games", "8", "-j", "1", "--seed", "1", "-q", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert victim.read_text() == "precious" and (out / "state.json").exists()


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_lock_that_is_a_folder_or_a_fifo_is_one_error_line(tmp_path, kind):
    out = tmp_path / "r"
    out.mkdir()
    if kind == "folder":
        (out / ".dsim.lock").mkdir()
    else:
        os.mkfifo(out / ".dsim.lock")
    r = CliRunner().invoke(cli, ["run", SBM, BMU, "-n", "100", "--out", str(out)])
    assert r.exit_code == 1 and r.exception is None or isinstance(r.exception, SystemExit)
    want = "is a folder, not a lock file" if kind == "folder" else "is not a regular file (a FIFO or a device?)"
    assert r.stderr.startswith("Error: ") and want in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr


def _dsim_script() -> str:
    return str(Path(sys.executable).with_name("dsim"))


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_standard_output_is_one_error_line():
    with open("/dev/full", "w") as full:
        p = subprocess.run([_dsim_script(), "cards"], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert p.returncode == 1
    assert p.stderr.strip() == "Error: cannot write to the standard output: No space left on device", p.stderr


@pytest.mark.parametrize("delay", [0.1, 0.2, 0.3, 0.5, 0.8])
def test_ctrl_c_while_the_command_starts_exits_130_quietly(delay):
    # (the interpreter's own start, its first ~40 ms, is Python's: a Ctrl-C there is its traceback)
    p = subprocess.Popen([_dsim_script(), "run", SBM, BMU, "-n", "1000", "-j", "1"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    if p.returncode == 0:  # the run had finished already: nothing to check
        return
    assert p.returncode == 130, (p.returncode, err)
    assert "Traceback" not in err and "Aborted" not in err, err


def test_a_ctrl_c_while_a_kernel_loads_waits_for_that_kernel_and_stops_before_the_next(tmp_path):
    """An interrupt raised inside numba's load of a kernel (llvmlite's ctypes callbacks and
    finalizers) was lost or freed an object twice: the interpreter aborted with "free():
    double free detected". It now arrives between two kernels."""
    from simulator.kernels.jit import Kernels
    done = []

    class Loading:  # a kernel as Kernels._compile sees it: Ctrl-C lands in the middle of its load
        def __init__(self, name):
            self.name, self.overloads = name, {}

        def py_func(self, S):
            pass

        def compile(self, signature):
            done.append(f"{self.name} started")
            signal.raise_signal(signal.SIGINT)
            done.append(f"{self.name} loaded")

        def disable_compile(self):
            done.append(f"{self.name} closed")

    ks = Kernels.__new__(Kernels)
    ks.plain, ks.cache_dir, ks.arg_types, ks._ours = True, tmp_path, {}, set()
    with pytest.raises(KeyboardInterrupt):
        ks._compile([Loading("first"), Loading("second")])
    assert done == ["first started", "first loaded", "first closed"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handler given back


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_a_full_disk_for_save_games_is_said_once_and_the_chunks_that_ran_count(tmp_path):
    d = Dsim("run", SBM, BMU, "-n", scaled(40_000, 200), "-j", 1, "--seed", 1,
             "--save-games", tmp_path / "games.csv", preexec_fn=lambda: _limit_file_size(10_000))
    assert d.finish() == 1
    assert d.err.count("cannot write") == 1 and "cannot write" not in d.out, (d.out, d.err)
    played = int(d.out.split("PARTIAL: ")[1].split(" of ")[0].replace(",", ""))
    row = next(line for line in d.out.splitlines() if line.startswith("Smithy Big Money ") and "%" in line)
    assert played > 0 and row.split()[3] == f"{played:,}", d.out  # the table counts what the header says


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_a_full_disk_stops_the_optimizer_with_one_line_and_no_temporary_file(tmp_path):
    d = Dsim("optimize", "-k", ROOT / "kingdoms" / "first_game.yaml", "--against", BMU, "--generations", 2,
             "--population", 4, "--stage-games", 8, "--final-games", 8, "-j", 1, "--seed", 1, "-q",
             "--out", tmp_path / "opt", preexec_fn=lambda: _limit_file_size(2_000))
    assert d.finish() == 1
    errors = [line for line in d.err_lines if line.startswith("Error:")]
    assert len(errors) == 1 and "Traceback" not in d.err and "File too large" in errors[0], d.err
    assert not list((tmp_path / "opt").rglob(".*tmp"))


@pytest.mark.skipif(not JIT, reason="needs generations in seconds")
def test_a_worker_killed_during_an_optimize_is_replaced_and_the_result_unchanged(tmp_path):
    from simulator.tools.optimizer import optimize
    small = dict(population=4, leaders=2, stage_games=40, stages=2, final_games=40)
    clean = optimize(ROOT / "kingdoms" / "first_game.yaml", [BMU], generations=2, seed=4, jobs=2, **small)
    os.environ["DSIM_FAULT"] = f"kill:1:{tmp_path / 'died'}"
    try:
        faulty = optimize(ROOT / "kingdoms" / "first_game.yaml", [BMU], generations=2, seed=4, jobs=2, **small)
    finally:
        del os.environ["DSIM_FAULT"]
    assert (tmp_path / "died").exists()
    assert faulty.best_text == clean.best_text and faulty.leaderboard.equals(clean.leaderboard)


def test_a_ctrl_c_that_lands_in_a_finalizer_still_stops_the_run(capsys):
    """Python only prints an exception a __del__ raises: a Ctrl-C arriving while one runs
    (the compiler frees objects as it loads the engine) is delivered again, not lost."""
    from simulator.run.signals import StopSignals

    class Finalized:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # the handler runs here, inside the finalizer
                pass

    with pytest.raises(KeyboardInterrupt):
        with StopSignals() as stop:
            Finalized()
            end = time.monotonic() + 5
            while time.monotonic() < end:  # the run goes on: the signal must stop it
                time.sleep(0)
    assert stop.received == signal.SIGINT and "Exception ignored" not in capsys.readouterr().err


def test_a_second_ctrl_c_while_the_first_is_sent_again_still_stops_the_run(monkeypatch):
    """A second Ctrl-C that arrives while the first, lost in a finalizer, is being sent
    again (the timer's thread starting: slow while many workers start) is the same stop:
    the run still stops, by the first signal, and nothing is printed as ignored."""
    import threading

    from simulator.run.signals import StopSignals
    start = threading.Timer.start

    def start_with_a_second_ctrl_c(self):
        os.kill(os.getpid(), signal.SIGTERM)  # lands in the main thread, inside the hook
        for _ in range(1000):
            pass
        start(self)

    monkeypatch.setattr(threading.Timer, "start", start_with_a_second_ctrl_c)

    class Finalized:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):
                pass

    stopped = False
    with StopSignals() as stop:
        try:
            Finalized()
            end = time.monotonic() + 5
            while time.monotonic() < end:
                time.sleep(0)
        except KeyboardInterrupt:
            stopped = True
    assert stopped and stop.received == signal.SIGINT and stop.exit_code == 130


def test_a_ctrl_c_in_a_finalizer_as_the_run_ends_still_stops_it():
    """The signal sent again may come after the run has ended: the run counts as stopped
    by it (reported partial, exit 130), and nothing is raised later."""
    from simulator.run.signals import StopSignals

    class Finalized:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):
                pass

    try:
        with StopSignals() as stop:
            Finalized()
        time.sleep(0.1)  # when the signal would have come again
    except KeyboardInterrupt:
        pytest.fail("the signal came again after the run had ended, as a KeyboardInterrupt")
    assert stop.received == signal.SIGINT and stop.exit_code == 130
