"""The drawing of dsim's package: rooms (groups of modules) on floors, arrows for imports.

A room imports only rooms on the floors below it (a room's floor is one above the highest
room it imports), so an arrow that points up or sideways would be a circle between rooms.
The game packages sit above the shared parts (the languages, the kernels, the run's
tallies) and below everything that names no game (the library, the tools, the reports,
the command line), which reach a game only through ``simulator.games``.

    python bench/packages.py                 # writes docs/packages.png
    python bench/packages.py --out x.png

tests/core/test_package.py checks the same graph: no import circle, and no import from a
game package up into the library, the command line, the tools or the reports.
"""
from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "simulator"

#: the rooms, each a list of module-name prefixes (under ``simulator.``); the longest match wins
ROOMS = {
    "command line": ["entry", "cli"],
    "import simulator": [""],  # the package's __init__: the library's names, loaded on first use
    "library (api)": ["api"],
    "tools": ["tools"],
    "learning environments (envs)": ["envs"],
    "validate": ["validate"],
    "reports": ["report"],
    "run": ["run.runner", "run.pool", "run.tasks", "run.dask_backend", "run.options", "run.signals", "run"],
    "Dominion": ["dominion"],
    "Splendor": ["splendor"],
    "games (interface, engine base, person)": ["games", "engine_base", "person"],
    "statistics (run/stats)": ["run.stats"],
    "languages (lang)": ["lang"],
    "kernels": ["kernels"],
    "errors": ["errors", "_version", "interrupts"],
}
#: the rooms above the games: a game must never import them
ABOVE_THE_GAMES = ("command line", "import simulator", "library (api)", "tools", "reports",
                   "learning environments (envs)")
GAMES = ("Dominion", "Splendor")


def module_graph() -> dict:
    """{module: the simulator modules it imports (at the top or in a function)}, every
    module of the package by its dotted name; importing a package means its __init__."""
    def name(p: Path) -> str:
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    mods = {name(p): p for p in PKG.rglob("*.py")}
    graph = {}
    for m, p in mods.items():
        pkg = m.split(".") if p.name == "__init__.py" else m.split(".")[:-1]
        deps = set()
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = (".".join(pkg[:len(pkg) - node.level + 1] + ([node.module] if node.module else []))
                        if node.level else node.module or "")
                deps |= {f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names}
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names}
        graph[m] = {d for d in deps if d in mods and d != m}
    return graph


def room_of(module: str) -> str:
    """The room of a module: the room of its longest matching prefix."""
    rest = module.removeprefix("simulator").removeprefix(".")
    hits = [(len(p), room) for room, prefixes in ROOMS.items() for p in prefixes
            if rest == p or (p and rest.startswith(p + "."))]
    if not hits:
        raise KeyError(f"{module} is in no room: add it to ROOMS")
    return max(hits)[1]


def room_graph(graph: dict | None = None) -> dict:
    """{room: the rooms it imports}."""
    graph = module_graph() if graph is None else graph
    rooms = {r: set() for r in ROOMS}
    for m, deps in graph.items():
        rooms[room_of(m)] |= {room_of(d) for d in deps} - {room_of(m)}
    return rooms


def floors(rooms: dict) -> dict:
    """{room: its floor}: 0 for a room that imports none, else one above the highest it imports
    (a circle between rooms has no floor: a ValueError)."""
    floor: dict = {}

    def visit(r, seen=()):
        if r in seen:
            raise ValueError(f"rooms import each other: {' -> '.join([*seen, r])}")
        if r not in floor:
            floor[r] = 1 + max((visit(d, (*seen, r)) for d in rooms[r]), default=-1)
        return floor[r]
    for r in rooms:
        visit(r)
    return floor


def wrong_arrows(rooms: dict) -> list[str]:
    """The imports the house forbids: a game up into a room above the games."""
    return [f"{g} -> {r}" for g in GAMES for r in sorted(rooms.get(g, ())) if r in ABOVE_THE_GAMES]


def draw(out: Path) -> Path:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch

    rooms = room_graph()
    floor = floors(rooms)
    top = max(floor.values())
    by_floor = {f: [r for r in ROOMS if floor[r] == f] for f in range(top + 1)}
    pos = {}
    for f, names in by_floor.items():
        for i, r in enumerate(names):  # a floor of one room alternates sides, so arrows do not run through boxes
            x = (i + 1) / (len(names) + 1) if len(names) > 1 else (0.3 if f % 2 else 0.7)
            pos[r] = (x, f)
    fig, ax = plt.subplots(figsize=(11, 1.25 * (top + 1) + 1.2), dpi=110)
    w, h = 0.14, 0.42
    for r, deps in rooms.items():
        x0, y0 = pos[r]
        for d in deps:
            x1, y1 = pos[d]
            bad = f"{r} -> {d}" in wrong_arrows(rooms) or floor[d] >= floor[r]
            ax.annotate("", xy=(x1, y1 + h / 2), xytext=(x0, y0 - h / 2),
                        arrowprops=dict(arrowstyle="-|>", lw=0.7 if not bad else 2, alpha=0.35 if not bad else 1,
                                        connectionstyle="arc3,rad=0.08",
                                        color="#c0392b" if bad else "#34495e", shrinkA=0, shrinkB=0))
    for r, (x, y) in pos.items():
        colour = "#d6eaf8" if r in GAMES else "#fdebd0" if r in ABOVE_THE_GAMES else "#e8f6f3"
        ax.add_patch(FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0.01", fc=colour, ec="#555"))
        label = r.replace(" (", "\n(") if len(r) > 18 else r
        ax.text(x, y, label, ha="center", va="center", fontsize=8)
    for f in range(top + 1):
        ax.text(0.0, f, f"floor {f}", ha="left", va="center", fontsize=8, color="#888")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.6, top + 0.6)
    ax.axis("off")
    ax.set_title("simulator/: rooms on floors, an arrow for each room another imports (all point down; blue: the "
                 "games,\norange: what names no game and the games never import, green: what every room shares)",
                 fontsize=9)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "packages.png")
    args = ap.parse_args(argv)
    rooms = room_graph()
    bad = wrong_arrows(rooms)
    print(f"wrote {draw(args.out)}: {len(rooms)} rooms, {sum(map(len, rooms.values()))} arrows, "
          f"{max(floors(rooms).values()) + 1} floors" + (f"; forbidden: {', '.join(bad)}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
