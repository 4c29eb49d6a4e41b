"""The documentation cannot rot: every relative link resolves, nothing points outside the
repository, and every `dsim ...` command it shows runs (with fewer games)."""
import glob
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from ..helpers import JIT
from simulator.cli import cli

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"```(?:sh|bash|console)\n(.*?)```", re.S)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_every_relative_link_in_the_docs_resolves():
    links = 0
    for doc in DOCS:
        for target in LINK.findall(doc.read_text()):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (doc.parent / target.split("#")[0]).resolve()
            assert path.exists(), f"{doc.name}: broken link {target}"
            assert ROOT in path.parents or path == ROOT, f"{doc.name}: {target} points outside the repository"
            links += 1
    assert links >= 2


def documented_commands() -> list[tuple[str, str]]:
    """(where, command line) for every dsim command in a shell block of the docs and in
    the examples of every command's --help; a command shown in several places is run once
    (its first place named)."""
    out = []
    for doc in DOCS:
        for block in FENCE.findall(doc.read_text()):
            for line in block.replace("\\\n", " ").splitlines():
                line = line.split(" # ")[0].strip().removeprefix("$ ")
                if line.startswith("dsim "):
                    out.append((doc.name, line))
    for name, cmd in cli.commands.items():
        for line in (cmd.help or "").replace("\\\n", " ").splitlines():
            if line.strip().startswith("dsim "):
                out.append((f"dsim {name} --help", line.strip()))
    first = {}
    for where, line in out:
        first.setdefault(line, where)
    return [(where, line) for line, where in first.items()]


def scaled_down(line: str, tmp: Path) -> list[str]:
    """The command's arguments with globs expanded, few games and a temporary --out."""
    args = []
    for word in shlex.split(line)[1:]:
        args += sorted(glob.glob(word, root_dir=ROOT)) if any(ch in word for ch in "*?[") else [word]
    bench = args[0] == "bench"
    small = {"-n": "1000" if bench else "60", "--games": "60", "--repeat": "1",
             "--random-kingdoms": "2", "--random-setups": "2", "--out": str(tmp / "out")}
    for i, a in enumerate(args[:-1]):
        if a in small:
            args[i + 1] = small[a]
    if args[0] == "optimize":  # one small generation instead of a time budget
        args = [("--generations" if a == "--budget" else a) for a in args]
        args = [("1" if i and args[i - 1] == "--generations" else a) for i, a in enumerate(args)]
        args += [] if "--generations" in args else ["--generations", "1"]
        args += ["--population", "4", "--stage-games", "8", "--final-games", "40"]
        args += [] if "--out" in args else ["--out", str(tmp / "out")]  # not the checkout's reports/optimize
    if args[0] == "ladder" and "-n" not in args:  # the bots placed play few games (the rungs' are read)
        args += ["-n", "60"]
    if bench:  # the cold compiles (a minute) are timed by test_reference.py's own test
        args.append("--no-compile")
    return args + (["-j", "1"] if args[0] in ("run", "compare", "tournament", "optimize") and "-j" not in args
                   else [])


def test_every_command_is_shown_with_a_runnable_example():
    shown = {shlex.split(line)[1] for _, line in documented_commands()}
    assert set(cli.commands) <= shown, f"no example of: {set(cli.commands) - shown}"


@pytest.mark.skipif(not JIT, reason="whole commands are checked compiled; plain Python checks the engine")
@pytest.mark.parametrize("where,line", documented_commands())
def test_every_documented_command_runs(where, line, tmp_path, monkeypatch, request):
    monkeypatch.chdir(ROOT)
    if "nothanks" in line:  # docs/new-game.md's example game, installed as its walk-through says
        request.getfixturevalue("nothanks")
    r = CliRunner().invoke(cli, scaled_down(line, tmp_path))
    assert r.exit_code == 0, f"{where}: {line}\n{r.output}"
