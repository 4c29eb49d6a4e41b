"""Fixtures every test folder shares: the example game of another package, installed."""
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import NOTHANKS

# A suite started with Ctrl-C ignored (a CI job run in the background of a script, where
# the shell ignores SIGINT for it) would pass that on to every dsim it starts, and the
# tests of what Ctrl-C does would see nothing happen: they test a terminal's Ctrl-C.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _signals_as_they_were():
    """A test that stops a command in this process leaves its signals as that command
    leaves them (ignored: a stopped command only exits); the next test gets them back."""
    old = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield
    for sig, handler in old.items():
        signal.signal(sig, handler)


@pytest.fixture(scope="session")
def nothanks_site(tmp_path_factory) -> Path:
    """The example game installed by pip, as a user installs a game: into a folder of its
    own (a copy of its source is built, so the tree stays clean), without the network."""
    src = tmp_path_factory.mktemp("nothanks-src") / "nothanks"
    shutil.copytree(NOTHANKS, src, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    site = tmp_path_factory.mktemp("nothanks-site")
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--no-index", "--target", str(site), str(src)], capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stdout + r.stderr
    return site


@pytest.fixture
def nothanks(nothanks_site, monkeypatch) -> Path:
    """The example game installed for this test (its folder on the import path, for the
    test's subprocesses too): dsim finds it through its entry point. Gives its source folder."""
    from simulator import games
    monkeypatch.syspath_prepend(str(nothanks_site))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(nothanks_site), os.environ.get("PYTHONPATH")])))
    games.registered.cache_clear()
    yield NOTHANKS
    games.registered.cache_clear()
