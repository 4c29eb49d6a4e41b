"""Where numba keeps the compiled kernels (game-agnostic).

numba's own cache notices edits to the file that defines a kernel, not to the modules it
imports (its constants live in ``layout.py``), so the cache folder is keyed to a hash of
every kernel source file: an edit anywhere gives a fresh folder and a fresh compile.

The folder is the first writable one of: ``$NUMBA_CACHE_DIR``, ``__pycache__`` beside
the kernels, the user's cache (``$XDG_CACHE_HOME`` or ``~/.cache``), and a temporary
folder; when none but the last is writable, a warning says so (the compile is then
repeated once per temporary folder). numba itself is imported only when a game's kernels
first compile or load, so commands that play no game never load it.
"""
from __future__ import annotations

import hashlib
import inspect
import itertools
import logging
import os
import sys
import tempfile
import threading
import time
from contextlib import contextmanager, nullcontext
from pathlib import Path
from types import FunctionType

from ..errors import InputError
from ..interrupts import HoldSignals
from ..lang import expr
from . import ask_layout, search_layout, shared, stepping, tally_layout

log = logging.getLogger("dsim.jit")


def source_hash(sources) -> str:
    h = hashlib.sha256()
    for s in sources:
        h.update(Path(s).read_bytes())
    return h.hexdigest()[:12]


def writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
        return True
    except OSError:
        return False


def candidates(kernel_dir: Path) -> list[tuple[str, Path]]:
    out = []
    if os.environ.get("NUMBA_CACHE_DIR"):
        out.append(("NUMBA_CACHE_DIR", Path(os.environ["NUMBA_CACHE_DIR"])))
    out.append(("package", kernel_dir / "__pycache__"))
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    out.append(("user", Path(home) / "dsim"))
    return out


def plain_numba() -> bool:
    """DSIM_PLAIN_NUMBA=1: compile the kernels with numba as it ships, without the four
    patches of its internals below (``kernel_codegen``'s two, ``lean_arrays``,
    ``linked_by_reference``): slower to compile and to run, the same results. For when a
    numba release breaks a patch (``patch_problems`` names which), or to tell a numba bug
    from one of ours."""
    return os.environ.get("DSIM_PLAIN_NUMBA", "") == "1"


def cache_dir(kernel_dir, sources, plain: bool = False) -> Path:
    """The folder for this build of the kernels (created; writable)."""
    import numba
    # code compiled with numba's bounds checks (NUMBA_BOUNDSCHECK=1), or without the patches
    # (whose kernels pass arrays another way), is kept apart
    key = f"numba-{source_hash(sources)}" + ("-boundscheck" if numba.config.BOUNDSCHECK else "") \
        + ("-plain" if plain else "")
    tried = []
    for label, base in candidates(Path(kernel_dir)):
        folder = base / key
        if writable(folder):
            return folder
        tried.append(str(base))
    folder = Path(tempfile.gettempdir()) / f"dsim-{os.getuid() if hasattr(os, 'getuid') else 'user'}" / key
    if not writable(folder):
        folder = Path(tempfile.mkdtemp(prefix="dsim-numba-"))
    log.warning("no writable cache for the compiled engine (tried %s); using %s, so the engine is "
                "compiled again in each new temporary folder (set NUMBA_CACHE_DIR to a writable folder)",
                ", ".join(tried), folder)
    return folder


def configure(kernel_dir, sources) -> Path:
    """Point numba's cache at the folder for these sources (the kernels in ``kernel_dir``
    and every file they take constants from); call before any ``@njit(cache=True)``."""
    import numba
    folder = cache_dir(Path(kernel_dir), sources, plain_numba())
    numba.config.CACHE_DIR = str(folder)
    return folder


@contextmanager
def cache_lock(folder: Path):
    """Hold the cache folder's lock (an exclusive ``flock`` of ``.compile.lock`` in it)
    while a process compiles or loads the kernels. A cached kernel calls its callees by
    their symbol names, which numba makes unique per compile: two processes compiling the
    same cold cache at once (two first runs, two test workers) could each write part of
    it, and a third then loaded a caller naming a callee that no file held: a segfault.
    With the lock, the second waits and loads what the first wrote."""
    try:
        import fcntl
    except ImportError:  # no flock: as before
        yield
        return
    try:  # read-only is enough for flock (a lock file another user created stays usable)
        fd = os.open(Path(folder) / ".compile.lock", os.O_RDONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError as e:  # a link, a foreign file, a file system without flock: compile unlocked
        log.warning("cannot lock the compiled engine's cache (%s); compiling without the lock", e.strerror or e)
        yield
        return
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)  # before close: a forked copy of the descriptor would keep it
        os.close(fd)


def is_cached(kernel) -> bool:
    """Whether numba's cache holds ``kernel`` already (True when the JIT is off)."""
    cache = getattr(kernel, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    return index is None or os.path.exists(index)


@contextmanager
def compile_notice(kernel, what: str = "the game engine", expect: str = "about 20 s"):
    """Say so on stderr while ``kernel`` compiles for the first time: one line, with a
    spinner and the time taken on a terminal. Silent when it is cached, and with -q."""
    if is_cached(kernel) or logging.getLogger().getEffectiveLevel() > logging.WARNING:
        yield
        return
    line = f"compiling {what}, first run only, {expect}"
    err = sys.stderr
    if not err.isatty():
        print(line + " ...", file=err, flush=True)
        yield
        return
    done = threading.Event()
    t0 = time.perf_counter()

    def spin():
        for ch in itertools.cycle("|/-\\"):
            if done.wait(0.25):
                return
            err.write(f"\r{line} {ch} {time.perf_counter() - t0:4.0f} s")
            err.flush()

    spinner = threading.Thread(target=spin, daemon=True)
    spinner.start()
    try:
        yield
    finally:
        done.set()
        spinner.join()
        err.write(f"\r{line}: done in {time.perf_counter() - t0:.0f} s\n")
        err.flush()


class Kernels:
    """How one game's engine compiles its kernels: numba's options, the cache folder keyed
    to the kernel sources, and one signature per kernel.

    Every kernel is compiled once, for the argument types its parameter names declare
    (``arg_types``; any other argument is an int64), callees first, and then closed to
    further compiles. Left to itself numba compiles a function again for every new
    combination of argument types at its call sites (an int32 read from an array here, an
    int64 loop counter there, a literal 0 elsewhere): a turn loop was compiled
    twice and its bot-decision kernels four to seven times each (docs/perf.md).

    Kernels use NumPy's error model (no Python exception paths for integer division) and
    ``_nrt=False``: no numba reference-counting runtime, since otherwise every call between
    kernels costs an atomic incref/decref per array argument (docs/perf.md). It is a
    numba-internal option, hence numba
    pinned to one minor release. What it requires of a kernel: no allocation of any kind
    (no np.empty/zeros, no lists, tuples of arrays or strings built at run time, no raised
    exceptions carrying values); every buffer is a slice of the arrays passed in. A kernel
    that allocates does not compile: numba stops with a TypingError ending in "Only accept
    returning of array passed into the function as argument" (the allocating call is named
    in the trace).
    """

    def __init__(self, kernel_dir, sources, entry_points):
        from numba import njit, types
        # this file is part of the key: how kernels link and compile is decided here
        self.cache_dir = configure(kernel_dir, [*sources, Path(__file__)])
        #: DSIM_PLAIN_NUMBA, read once: the cache folder and the compile agree on it
        self.plain = self.cache_dir.name.endswith("-plain")
        #: a kernel argument's type, by the argument's name (the engines' five arrays, the
        #: per-game records and the seed); every other argument is an int64
        self.arg_types = {"S": types.int32[::1], "R": types.uint64[::1], "T": types.int32[::1],
                          "F": types.float64[::1], "A": types.int64[::1], "grec": types.int32[:, ::1],
                          "seed": types.uint64,
                          # the stepping kernels' (simulator/kernels/stepping.py): rows of games,
                          # their turn starts, observations, masks and integers; a copy's target
                          "SB": types.int32[:, ::1], "SN": types.int32[:, ::1], "RB": types.uint64[:, ::1],
                          "RN": types.uint64[:, ::1], "D": types.int32[::1],
                          "OB": types.float32[:, ::1], "OV": types.float32[::1], "MB": types.int8[:, ::1],
                          "IO": types.int64[:, ::1], "KO": types.int64[::1]}
        #: kernels Python calls (the rest are compiled without the wrapper that converts
        #: Python arguments, which costs compile time only)
        self.entry_points = set(entry_points)
        #: no cfunc wrapper: a kernel is never passed as a first-class function (a shorter
        #: cold compile)
        self.options = dict(cache=True, error_model="numpy", _nrt=False, no_cfunc_wrapper=True)
        self.all = []
        #: the on-demand kernels (``on_demand``)
        self.later = []
        #: small helpers, inlined into their callers by LLVM: numba compiles each once per
        #: signature and marks it alwaysinline. (numba's own inlining, inline="always",
        #: copied and typed the helper's IR again at every call site; docs/perf.md.)
        self.inline = njit(forceinline=True, **self.options)
        self._compiled = False
        #: the code libraries of the compiled kernels (see ``linked_by_reference``)
        self._ours: set = set()

    def kernel(self, f):
        """A kernel: compiled on its own, called (not inlined) by the kernels that use it.
        It compiles (or loads from the cache) only in ``compile_all``: called earlier from
        Python, it raises numba's TypeError "No matching definition"."""
        from numba import njit
        d = njit(no_cpython_wrapper=f.__name__ not in self.entry_points, **self.options)(f)
        if hasattr(d, "_can_compile"):
            d._can_compile = False  # (numba's disable_compile() wants a signature first)
        self.all.append(d)
        return d

    def on_demand(self, f):
        """A kernel that ``compile_all`` leaves out, compiled (or loaded) by ``compile_later``
        when first needed: a variant that few runs use, kept out of everyone's first-run
        compile. It may call kernels and other on-demand kernels; no kernel may call it."""
        d = self.kernel(f)
        self.all.remove(d)
        self.later.append(d)
        return d

    def compile_later(self, d) -> None:
        """Compile (or load) the ``on_demand`` kernel d, and the on-demand kernels it calls
        first, after every other kernel."""
        self.compile_all()
        if hasattr(d, "compile") and not d.overloads:
            self._compile([k for k in self.callees_first([d]) if k in self.later and not k.overloads])

    def signature(self, d) -> tuple:
        from numba import types
        return tuple(self.arg_types.get(a, types.int64) for a in inspect.signature(d.py_func).parameters)

    def callees_first(self, roots=None) -> list:
        """Every kernel (or the ones ``roots`` call and the roots), each after the kernels it
        calls (through inlined helpers too)."""
        order, seen = [], set()

        def uses(d):
            f = d.py_func
            code = f.__code__
            names = {n: f.__globals__.get(n) for n in code.co_names}
            if f.__closure__:
                names.update(zip(code.co_freevars, (c.cell_contents for c in f.__closure__)))
            return [v for v in names.values() if hasattr(v, "py_func")]

        def visit(d):
            if id(d) in seen:
                return
            seen.add(id(d))
            for u in uses(d):
                visit(u)
            if d in self.all or d in self.later:
                order.append(d)

        for d in self.all if roots is None else roots:
            visit(d)
        return order

    def compile_all(self) -> None:
        """Compile every kernel (or load it from numba's cache) for its one signature,
        callees first, then forbid other specialisations. Nothing to do with the JIT off
        (NUMBA_DISABLE_JIT=1). No kernel runs before this: a cached kernel refers to its
        callees' machine code (see ``linked_by_reference``), so they must be loaded first."""
        if self._compiled or not all(hasattr(d, "compile") for d in self.all):
            return
        self._compile(self.callees_first())
        self._compiled = True

    def _compile(self, kernels) -> None:
        """Compile (or load) ``kernels`` in this order, each for its one signature, then
        close each to further compiles."""
        from numba.core import types
        from numba.core.compiler_lock import global_compiler_lock
        arrays = [t for t in self.arg_types.values() if isinstance(t, types.Array)]
        if self.plain:
            patches = nullcontext()
        else:
            check_patches()
            patches = _all_patches(self._ours, arrays)
        with cache_lock(self.cache_dir), global_compiler_lock, patches:
            for d in kernels:
                # a Ctrl-C waits for the kernel in hand: raised inside llvmlite (its ctypes
                # callbacks, a finalizer) it is lost or frees an object twice, and the
                # interpreter aborts ("free(): double free detected")
                with HoldSignals():
                    d._can_compile = True
                    d.compile(self.signature(d))
                    d.disable_compile()
                    self._ours.update(ov.library for ov in d.overloads.values())


def engine_copy(f, namespace: dict, names=(), suffix: str = ""):
    """``f``, a kernel written once for every engine (plain Python in a shared module, such
    as simulator/kernels/shared.py's ``cond_ok``), as one of an engine's: the same code, whose
    global names are the engine module's ``namespace`` (its layout's constants, its
    functions). ``names``: those it must find there (a missing one is an error now, not
    when the kernel first compiles). Each engine caches its copy in its own folder.
    ``f`` may be a kernel of the engine itself (its Python function is copied): a variant
    of it that calls other functions (``namespace``), named apart in numba's cache by
    ``suffix``."""
    f = getattr(f, "py_func", f)
    missing = [n for n in names if n not in namespace]
    if missing:
        raise NameError(f"{namespace.get('__name__')} lacks what {f.__name__} needs: {', '.join(missing)}")
    g = FunctionType(f.__code__, namespace, f.__name__ + suffix, f.__defaults__, f.__closure__)
    g.__qualname__, g.__doc__, g.__module__ = f.__qualname__ + suffix, f.__doc__, namespace.get("__name__")
    return g


def stepping_kernels(kernels: "Kernels", namespace: dict) -> None:
    """simulator/kernels/stepping.py's kernels as an engine's own, put in its module's
    ``namespace`` (which provides stepping.STEP_NAMES): the helpers inlined, the entry
    points ``env_reset``, ``env_step`` and ``observe`` compiled on first use."""
    namespace["asked_state"] = kernels.inline(ask_layout.asked_state)
    for name in ("turn_start", "advance", "deal", "finish"):
        namespace[name] = kernels.inline(engine_copy(getattr(stepping, name), namespace))
    for name in ("env_reset", "env_step", "observe"):
        namespace[name] = kernels.on_demand(engine_copy(getattr(stepping, name), namespace, stepping.STEP_NAMES))


def variant(kernels: "Kernels", namespace: dict, overrides: dict, chain, suffix: str) -> dict:
    """Copies of the kernels ``chain`` (names in ``namespace``, each calling the next: the
    callee first) whose global names are ``namespace``'s but for ``overrides`` and each
    other's copies: e.g. the turn loop down to the call a variant replaces. The copies are
    ``on_demand`` kernels named apart by ``suffix``; returns them by name."""
    ns = dict(namespace)
    ns.update(overrides)
    out = {}
    for name in chain:
        d = kernels.on_demand(engine_copy(namespace[name], ns, suffix=suffix))
        ns[name] = out[name] = d
    return out


def game_kernels(kernel_dir, layout_file, entry_points) -> "Kernels":
    """A game engine's ``Kernels``: numba's cache keyed to every file of the engine's
    folder, the game's layout (the kernels' constants) and the shared modules the kernels
    take code or constants from (the condition language, the random streams, the tally, a
    person's answers, the search region, the kernels written once for every engine)."""
    from ..lang import stackvm
    from . import asks, memory, streams, tally_kernels
    here = Path(kernel_dir).resolve()
    common = [Path(m.__file__) for m in (expr, streams, stackvm, tally_kernels, tally_layout, asks, ask_layout,
                                         search_layout, shared, stepping, memory)]
    return Kernels(here, [*sorted(here.glob("*.py")), Path(layout_file), *common], entry_points)


@contextmanager
def _all_patches(libraries: set, array_types):
    with linked_by_reference(libraries), kernel_codegen(), lean_arrays(array_types):
        yield


def patch_problems() -> list[tuple[str, str]]:
    """(patch, what of numba it no longer finds) for each patch below that this numba
    release would break; empty when all four apply. Each checks the internals it replaces
    or reads: their names, signatures and layouts, as numba 0.68 has them."""

    import llvmlite.binding as ll
    import numba
    from numba.core import types
    from numba.core.datamodel import default_manager, models
    from numba.core.registry import cpu_target
    from numba.np import arrayobj
    out = []

    def params(f):
        try:
            return list(inspect.signature(f).parameters)
        except (TypeError, ValueError):
            return None

    if params(getattr(arrayobj, "fix_integer_index", None)) != ["context", "builder", "idxty", "idx", "size"]:
        out.append(("unwrapped indices (kernel_codegen)",
                    "numba.np.arrayobj.fix_integer_index(context, builder, idxty, idx, size)"))
    if not isinstance(getattr(numba.config, "LOOP_VECTORIZE", None), int):
        out.append(("no loop vectoriser (kernel_codegen)", "numba.config.LOOP_VECTORIZE"))
    array_model = getattr(models, "ArrayModel", None)
    fields = None
    try:
        fields = tuple(array_model(default_manager, types.int32[::1])._fields)
    except Exception:  # noqa: BLE001 - any failure means the layout is not the one patched
        pass
    if fields != ("meminfo", "parent", "nitems", "itemsize", "data", "shape", "strides") \
            or not all(hasattr(array_model, m) for m in ("get_argument_type", "as_argument", "from_argument")):
        out.append(("lean arrays (lean_arrays)", "numba's ArrayModel with the members meminfo, parent, nitems, "
                    "itemsize, data, shape, strides, in that order"))
    if not hasattr(getattr(default_manager, "_cache", None), "get") \
            or not isinstance(getattr(cpu_target.target_context, "cached_internal_func", None), dict):
        out.append(("lean arrays (lean_arrays)",
                    "numba's default_manager._cache and the CPU target's cached_internal_func"))
    try:
        from numba.core.codegen import CPUCodeLibrary
        linking = params(CPUCodeLibrary._get_module_for_linking) == ["self"] \
            and callable(getattr(CPUCodeLibrary, "_ensure_finalized", None)) and hasattr(ll.Linkage, "external")
    except (ImportError, AttributeError):
        linking = False
    if not linking:
        out.append(("linked by reference (linked_by_reference)",
                    "numba.core.codegen.CPUCodeLibrary._get_module_for_linking(self) and _ensure_finalized"))
    return out


def check_patches() -> None:
    """Stop, naming the patch, before compiling with one this numba release breaks."""
    problems = patch_problems()
    if problems:
        import numba

        raise InputError(f"numba {numba.__version__} changed what dsim's patch '{problems[0][0]}' relies on "
                           f"({problems[0][1]}); set DSIM_PLAIN_NUMBA=1 to compile without dsim's patches "
                           "(slower, the same results), or install the numba release dsim requires")


@contextmanager
def kernel_codegen():
    """While a game's kernels compile: array indices are not wrapped, and loops are not
    vectorised.

    - numba gives an array index Python's meaning: a negative one counts from the end, a
      compare and a select before every access, on the critical path of every chain of
      loads (the card in a rule, then its pile). The kernels never index with a negative
      number (the state layout has no such thing; the games' fuzz tests play games with
      numba's bounds checks on, under which a negative index is an IndexError), so here
      an index is used as it is (docs/perf.md).
    - LLVM's loop vectoriser turns the kernels' short loops (a hand, the card table) into
      AVX gathers, slower than the scalar loops (docs/perf.md).

    Both patch numba internals, as ``linked_by_reference`` does (numba is pinned to one
    minor release); both are undone afterwards, so other numba code is compiled as usual.
    """
    import numba
    from numba.core import types
    from numba.np import arrayobj
    wrap, vectorize = arrayobj.fix_integer_index, numba.config.LOOP_VECTORIZE

    def as_is(context, builder, idxty, idx, size):
        return context.cast(builder, idx, idxty, types.intp)

    arrayobj.fix_integer_index, numba.config.LOOP_VECTORIZE = as_is, 0
    try:
        yield
    finally:
        arrayobj.fix_integer_index, numba.config.LOOP_VECTORIZE = wrap, vectorize


#: numba's internal helpers compiled while the kernels' arrays are passed lean (see
#: ``lean_arrays``), kept apart from those compiled for other numba code
_LEAN_HELPERS: dict = {}


@contextmanager
def lean_arrays(array_types):
    """While a game's kernels compile: a kernel receives each of its array arguments as
    two values, the data pointer and the shape, instead of numba's seven (the reference
    count and Python owner, the size in items and in bytes, the data, the shape, the
    strides).

    A call between kernels passes each argument in a register or on the stack; a game's
    card kernels take five arrays (S, R, T, F, A), so a call pushed 35 words where it now
    pushes 10. The callee rebuilds the rest: the arrays are C-contiguous (their strides
    follow from the shape), and with ``_nrt=False`` no kernel uses the reference count or
    the Python owner (they are null inside a kernel; a kernel never returns an array).
    The shape still comes in, for numba's bounds checks (NUMBA_BOUNDSCHECK=1). What it
    buys is in docs/perf.md.

    Every caller and callee of the kernels compiles inside this window, so they agree on
    how an array is passed, and so do the entry points' Python wrappers (compiled with
    them) and a later process that loads them all from the cache. numba's own helpers
    compiled meanwhile are cached apart (``_LEAN_HELPERS``), so that no numba function
    compiled outside the window calls one of them, or the other way round. Like
    ``linked_by_reference``, this patches numba internals (numba is pinned to one minor
    release); everything is restored afterwards.
    """
    from llvmlite import ir
    from numba.core.datamodel import default_manager, models
    from numba.core.registry import cpu_target

    class LeanArrayModel(models.ArrayModel):
        # the members of numba's ArrayModel, in its order
        MEMINFO, PARENT, NITEMS, ITEMSIZE, DATA, SHAPE, STRIDES = range(7)

        def get_argument_type(self):
            return (self._models[self.DATA].get_argument_type(), self._models[self.SHAPE].get_argument_type())

        def as_argument(self, builder, value):
            return tuple(self._models[i].as_argument(builder, self.get(builder, value, i))
                         for i in (self.DATA, self.SHAPE))

        def from_argument(self, builder, value):
            data = self._models[self.DATA].from_argument(builder, value[0])
            shape = self._models[self.SHAPE].from_argument(builder, value[1])
            intp = self._models[self.NITEMS].get_value_type()
            dims = [builder.extract_value(shape, i) for i in range(self._fe_type.ndim)]
            itemsize = ir.Constant(intp, self._fe_type.dtype.bitwidth // 8)
            nitems = ir.Constant(intp, 1)
            for d in dims:
                nitems = builder.mul(nitems, d)
            strides = ir.Constant(self._models[self.STRIDES].get_value_type(), ir.Undefined)
            step = itemsize
            for i in reversed(range(len(dims))):  # C order: the last axis is contiguous
                strides = builder.insert_value(strides, step, i)
                step = builder.mul(step, dims[i])
            members = {self.MEMINFO: ir.Constant(self._models[self.MEMINFO].get_value_type(), None),
                       self.PARENT: ir.Constant(self._models[self.PARENT].get_value_type(), None),
                       self.NITEMS: nitems, self.ITEMSIZE: itemsize, self.DATA: data, self.SHAPE: shape,
                       self.STRIDES: strides}
            struct = ir.Constant(self.get_value_type(), ir.Undefined)
            for i, v in members.items():
                struct = self.set(builder, struct, v, i)
            return struct

    assert all(t.layout == "C" for t in array_types), "only C-contiguous arrays have strides that follow"
    cache = default_manager._cache
    saved = {t: cache.get(t) for t in array_types}
    context = cpu_target.target_context
    helpers = context.cached_internal_func
    for t in array_types:
        cache[t] = LeanArrayModel(default_manager, t)
    context.cached_internal_func = _LEAN_HELPERS
    try:
        yield
    finally:
        context.cached_internal_func = helpers
        for t, model in saved.items():
            if model is None:
                cache.pop(t, None)
            else:
                cache[t] = model


@contextmanager
def linked_by_reference(libraries: set):
    """While a game's kernels compile, a call from one kernel to another links the callee
    'available_externally' instead of as a copy.

    numba makes every compiled function self-contained: a caller's LLVM module receives a
    copy of every function it calls, transitively, which LLVM optimises and turns into
    machine code again. The engine's call graph was five levels deep (run_games, play_turns,
    play_action, effect, a card), so the whole closure was compiled four times over; that
    was half of LLVM's time. An available_externally copy can still be inlined (the code
    is the same, and so is the speed), but is never emitted: a call that stays a call goes
    to the callee's own machine code, compiled once. Only functions our kernels define are
    linked so (``libraries``: the kernels' own code libraries); numba's internal helpers
    keep their copies, since nothing else would define them in a later process that loads
    the kernels from the cache. A callee loaded from the cache links as numba links it (its
    IR kept in the cache, linkonce_odr: inlined, or else emitted again in the caller), so
    that a kernel compiled after the load (an on-demand one) inlines it as a cold compile
    does. numba pins the code library API this patches: the numba requirement is pinned
    to one minor release. It shortens a cold compile by about a third, at the same speed
    (docs/perf.md).
    """
    import llvmlite.binding as ll
    from numba.core.codegen import CPUCodeLibrary
    original = CPUCodeLibrary._get_module_for_linking

    def by_reference(self):
        if self not in libraries:
            return original(self)
        self._ensure_finalized()
        mod = getattr(self, "_by_reference", None)
        if mod is not None:
            return mod
        if any(not fn.is_declaration for fn in self._final_module.functions):
            mod = self._final_module.clone()
            for fn in mod.functions:
                if not fn.is_declaration and fn.linkage == ll.Linkage.external:
                    fn.linkage = "available_externally"
        else:
            # loaded from the cache: its machine code holds no IR, and LLVM inlines only
            # what it has the IR of; numba's cache keeps it (the module for linking, as
            # numba links: a copy LLVM may inline, else drops or emits). Without it every
            # kernel compiled after a load (an on-demand one, or the rest of an interrupted
            # compile) only called its callees: the stepping engine ran 15% slower, and
            # twice as slow after an interrupted first compile
            mod = self._shared_module if self._shared_module is not None else original(self)
        self._by_reference = mod
        return mod

    CPUCodeLibrary._get_module_for_linking = by_reference
    try:
        yield
    finally:
        CPUCodeLibrary._get_module_for_linking = original
