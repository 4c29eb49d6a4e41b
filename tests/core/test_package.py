"""The package's shape: grouped by concern with no import circle, and imports at the top
of their module, where they show the dependency graph, except the few deferred because
they would slow dsim's start (each named here, with why)."""
import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "simulator"
sys.path.insert(0, str(ROOT / "bench"))
import packages  # noqa: E402  (bench/packages.py: the drawing of the package, from the same graph)

sys.path.remove(str(ROOT / "bench"))

#: the modules a function may import when it needs them, and why: each is slow to import
#: and many commands never need it (``python -X importtime`` on this machine)
DEFERRED = {
    "numba": "the compiler (about 0.5 s), loaded when a game is first played",
    "llvmlite": "numba's code generator, loaded with it",
    "matplotlib": "about 0.8 s, only when charts are drawn",
    "simulator.report.charts": "imports matplotlib",
    "simulator.lang.stackvm": "numba kernels (imports numba)",
    "simulator.kernels.streams": "numba kernels (imports numba)",
    "simulator.kernels.tally_kernels": "numba kernels (imports numba)",
    "simulator.kernels.asks": "numba kernels (imports numba)",
    "simulator.kernels.memory": "numba kernels (imports numba)",
    "dask": "about 1 s, only with --backend dask",
    "jinja2": "only when report.html is written",
    "scipy": "about 0.3 s, only for a pooled interval over setups and the ratings' fit",
    "pyarrow": "only for --save-games to a .parquet file",
    "tqdm": "only with a progress bar",
    "fcntl": "file locks: Unix only, imported where a lock is taken",
    "simulator.tools.optimizer": "the library's optimize(): pandas-heavy, loaded on first use",
    "simulator.tools.ladder": "the library's ladder(): it loads the api, on first use",
    "simulator.api": "the library's functions, loaded on first use (``import simulator`` stays light)",
    "simulator.cli": "entry.py loads the command line only after its own quick checks",
}
#: a game's engine (its numba kernels) is imported by the game when it first plays
ENGINE = ".engine"

def _module_graph() -> dict:
    """{module: the simulator modules it imports}: bench/packages.py's, which draws it."""
    return packages.module_graph()


def _circles(graph: dict) -> list[list[str]]:
    """The import circles of a module graph: its strongly connected parts of more than one module."""
    order, low, stack, circles = {}, {}, [], []

    def visit(v):
        order[v] = low[v] = len(order)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in order:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], order[w])
        if low[v] == order[v]:
            part = stack[stack.index(v):]
            del stack[stack.index(v):]
            if len(part) > 1:
                circles.append(sorted(part))
    for v in sorted(graph):
        if v not in order:
            visit(v)
    return circles


def test_the_package_has_no_import_circle():
    graph = _module_graph()
    assert {"simulator.lang.expr", "simulator.run.runner", "simulator.report.outfiles"} <= set(graph)
    assert _circles(graph) == []


def test_the_drawing_of_the_package_has_every_arrow_pointing_down_and_none_from_a_game_up():
    """bench/packages.py's rooms: each on a floor above every room it imports (no circle
    between rooms), and no game importing the library, the command line, the tools or the
    reports (they reach a game through simulator.games)."""
    rooms = packages.room_graph()
    floor = packages.floors(rooms)          # a circle between rooms is a ValueError here
    assert all(floor[d] < floor[r] for r, deps in rooms.items() for d in deps)
    assert packages.wrong_arrows(rooms) == []
    assert "genome" in " ".join(m for m in _module_graph() if packages.room_of(m) == "languages (lang)")
    # the checks see a wrong arrow and a circle
    assert packages.wrong_arrows({"Dominion": {"tools", "run"}}) == ["Dominion -> tools"]
    with pytest.raises(ValueError, match="rooms import each other"):
        packages.floors({"a": {"b"}, "b": {"a"}})


def test_the_circle_check_sees_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def function_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import inside a function of a module, by absolute name."""
    rel = path.relative_to(ROOT).with_suffix("").parts
    pkg = list(rel if rel[-1] == "__init__" else rel[:-1])
    pkg = pkg[:-1] if rel[-1] == "__init__" else pkg
    tree = ast.parse(path.read_text())
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom):
                base = (".".join(pkg[:len(pkg) - node.level + 1] + ([node.module] if node.module else []))
                        if node.level else node.module)
                out += [(node.lineno, _module(base, a.name)) for a in node.names]
            elif isinstance(node, ast.Import):
                out += [(node.lineno, a.name) for a in node.names]
    return sorted(set(out))


def _module(base: str, name: str) -> str:
    """What ``from base import name`` imports: the module base.name if there is one, else base."""
    sub = ROOT.joinpath(*f"{base}.{name}".split("."))
    return f"{base}.{name}" if sub.with_suffix(".py").exists() or (sub / "__init__.py").exists() else base


def deferred_ok(module: str) -> bool:
    return any(module == d or module.startswith(d + ".") for d in DEFERRED) or module.endswith(ENGINE)


def test_function_level_imports_are_only_the_slow_ones():
    found = [(p, n, m) for p in sorted(PKG.rglob("*.py")) for n, m in function_imports(p)]
    assert len(found) > 10   # the check sees them (numba's, matplotlib's, the engines')
    bad = [f"{p.relative_to(ROOT)}:{n}: {m}" for p, n, m in found if not deferred_ok(m)]
    assert bad == [], "import these at the top of the module (or say in DEFERRED why not):\n" + "\n".join(bad)


def test_the_import_check_resolves_relative_imports(tmp_path):
    sub = tmp_path / "simulator" / "report"
    sub.mkdir(parents=True)
    p = sub / "m.py"
    (sub / "charts.py").write_text("")
    p.write_text("import os\ndef f():\n    from . import charts\n    from ..games import get_game\n"
                 "    import numba.core\n")
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        assert function_imports(p) == [(3, "simulator.report.charts"), (4, "simulator.games"), (5, "numba.core")]
    finally:
        ROOT = old
    assert deferred_ok("numba.core") and deferred_ok("simulator.dominion.engine")
    assert not deferred_ok("simulator.games") and not deferred_ok("pandas")


@pytest.mark.timeout(300)
def test_the_package_builds_without_warnings_and_ships_its_data(tmp_path):
    """pip's build of dsim (what `make` installs) says nothing: setuptools warned for each
    data folder it was not told was a package, some forty lines before anything useful."""
    import subprocess
    import zipfile
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
                        "-w", str(tmp_path)], capture_output=True, text=True, timeout=280)
    assert p.returncode == 0, p.stderr[-2000:]
    said = p.stdout + p.stderr
    assert "would be ignored" not in said and "BuildBackendWarning" not in said, said[-2000:]
    names = zipfile.ZipFile(next(tmp_path.glob("dsim-*.whl"))).namelist()
    assert {"simulator/report/templates/report.html.j2", "simulator/splendor/data/cards.csv",
            "simulator/splendor/data/nobles.csv"} <= set(names)
