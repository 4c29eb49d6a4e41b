"""simulator/kernels/jit.py patches numba internals in four places. DSIM_PLAIN_NUMBA=1 compiles
without them (same results); when a numba release moves what a patch relies on, the
patch is named before anything compiles."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from ..helpers import JIT, ROOT
from simulator.kernels import jit
from simulator.errors import InputError

CHEAP = str(ROOT / "strategies" / "splendor" / "cheap_engine.yaml")
GREEDY = str(ROOT / "strategies" / "splendor" / "greedy.yaml")


def test_every_patch_applies_to_the_pinned_numba():
    assert jit.patch_problems() == []


def _break_indices(mp):
    from numba.np import arrayobj
    mp.setattr(arrayobj, "fix_integer_index", lambda context, builder, idx: idx)


def _break_vectoriser(mp):
    import numba
    mp.delattr(numba.config, "LOOP_VECTORIZE")


def _break_array_model(mp):
    from numba.core.datamodel import models

    class Reordered(models.StructModel):
        def __init__(self, dmm, fe_type):
            super().__init__(dmm, fe_type, [("data", fe_type.dtype), ("meminfo", fe_type.dtype)])
    mp.setattr(models, "ArrayModel", Reordered)


def _break_linking(mp):
    from numba.core.codegen import CPUCodeLibrary
    mp.setattr(CPUCodeLibrary, "_get_module_for_linking", lambda self, other: None)


@pytest.mark.parametrize("brk,name", [(_break_indices, "unwrapped indices"), (_break_vectoriser, "loop vectoriser"),
                                      (_break_array_model, "lean arrays"), (_break_linking, "linked by reference")])
def test_a_numba_that_moved_an_internal_names_the_patch(brk, name, monkeypatch):
    brk(monkeypatch)
    problems = jit.patch_problems()
    assert [p for p, _ in problems] and all(name in p for p, _ in problems), problems
    with pytest.raises(InputError, match=f"'[^']*{name}[^']*'.*DSIM_PLAIN_NUMBA=1"):
        jit.check_patches()


def test_the_cache_of_plain_numba_is_kept_apart(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("DSIM_PLAIN_NUMBA", raising=False)
    patched = jit.cache_dir(tmp_path, [__file__], jit.plain_numba())
    monkeypatch.setenv("DSIM_PLAIN_NUMBA", "1")
    plain = jit.cache_dir(tmp_path, [__file__], jit.plain_numba())
    assert plain != patched and plain.name.endswith("-plain")


def test_a_lock_file_that_cannot_be_locked_is_said_and_the_compile_goes_on(tmp_path, caplog):
    (tmp_path / ".compile.lock").symlink_to(tmp_path / "elsewhere")
    ran = []
    with jit.cache_lock(tmp_path):
        ran.append(1)
    assert ran == [1] and "compiling without the lock" in caplog.text
    assert not (tmp_path / "elsewhere").exists()  # the link was not followed


def test_the_lock_is_taken_in_turn(tmp_path):
    import fcntl
    with jit.cache_lock(tmp_path):
        fd = os.open(tmp_path / ".compile.lock", os.O_RDONLY)
        with pytest.raises(BlockingIOError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free once the holder is done
    os.close(fd)


PLAY = """
import json, sys
from simulator import api
from simulator.games import get_game
g = get_game("splendor")
m = api.prepare(sys.argv[1:3])
t, _ = g.play(m, 11, 0, 300)
print(json.dumps({p: getattr(t, p).tolist() for p in t.PARTS}))
"""


@pytest.mark.skipif(not JIT, reason="compiles the engine without the patches")
def test_plain_numba_plays_the_same_games(tmp_path):
    from simulator import api
    from simulator.games import get_game
    env = dict(os.environ, DSIM_PLAIN_NUMBA="1", NUMBA_CACHE_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-c", PLAY, CHEAP, GREEDY], env=env, cwd=ROOT, capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    plain = json.loads(p.stdout)
    assert any(d.name.endswith("-plain") for d in tmp_path.iterdir()), list(tmp_path.iterdir())
    t, _ = get_game("splendor").play(api.prepare([CHEAP, GREEDY]), 11, 0, 300)
    for part in t.PARTS:
        assert np.array_equal(np.array(plain[part]), getattr(t, part)), part


@pytest.mark.skipif(not JIT, reason="compiles the engine")
def test_processes_compiling_one_cold_cache_at_once_all_play(tmp_path):
    """Three first runs at once on an empty cache (cache_lock): each plays the same games.
    Without the lock, one loaded a kernel another had written, naming a callee that its
    own compile had named otherwise, and died of a segfault."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    env.pop("DSIM_PLAIN_NUMBA", None)
    procs = [subprocess.Popen([sys.executable, "-c", PLAY, CHEAP, GREEDY], env=env, cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)]
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [err[-800:] for _, err in outs]
    assert outs[0][0] == outs[1][0] == outs[2][0] and outs[0][0].startswith("{")


TOY = """
from pathlib import Path
from simulator.kernels.jit import Kernels
KS = Kernels(Path(__file__).parent, [Path(__file__)], ["caller"])


@KS.kernel
def callee(S, i):
    return S[i] * 3 + 1


@KS.on_demand
def caller(S):
    t = 0
    for i in range(S.shape[0]):
        t += callee(S, i)
    return t
"""
CALLS = """
import sys, numpy as np
sys.path.insert(0, sys.argv[1])
import toy
toy.KS.compile_all()
if sys.argv[2] == "caller":
    toy.KS.compile_later(toy.caller)
    ir = next(iter(toy.caller.overloads.values())).library.get_llvm_str()
    print(toy.caller(np.arange(5, dtype=np.int32)), [ln for ln in ir.splitlines() if " call " in ln and "callee" in ln])
"""


@pytest.mark.skipif(not JIT, reason="compiles kernels")
def test_a_kernel_compiled_after_its_callee_was_loaded_from_the_cache_inlines_it(tmp_path):
    """An on-demand kernel (the stepping engine's, a search bot's) compiles in a later
    process than the kernels it calls, which that process loads from the cache; so does
    the rest of a first compile that was interrupted. Its callees came without their IR
    and could only be called, not inlined: the stepping engine ran 15% slower, and
    twice as slow after an interrupted first compile."""
    (tmp_path / "toy.py").write_text(TOY)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("DSIM_PLAIN_NUMBA", None)
    for step in ("callee", "caller"):  # the callee compiled and cached; then, in another process, the caller
        p = subprocess.run([sys.executable, "-c", CALLS, str(tmp_path), step], env=env, cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.split() == ["35", "[]"], p.stdout  # the right sum, and no call left to the callee
