"""The game seam: the game-agnostic modules import no game package; every registered game
provides the whole interface; the bot files choose the game."""
import ast
import re
from pathlib import Path

import pytest

from simulator import api, games
from simulator.errors import InputErrors
from simulator.validate import validate_files

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "simulator"
#: every module outside the game packages (as paths under simulator/)
AGNOSTIC = sorted(str(p.relative_to(PKG)) for p in PKG.rglob("*.py")
                  if not {"dominion", "splendor", "__pycache__"} & set(p.relative_to(PKG).parts))
BMU = ROOT / "strategies" / "big_money_ultimate.yaml"


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names += [base] + [base + a.name if base.endswith(".") else f"{base}.{a.name}" for a in node.names]
    return names


@pytest.mark.parametrize("module", AGNOSTIC)
def test_the_game_agnostic_modules_import_no_game_package(module):
    bad = [n for n in _imports(PKG / module) for g in games.registered() if g in n.split(".")]
    assert bad == [], f"simulator/{module} imports {bad}"


def test_the_import_check_sees_a_game_import(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("def f():\n    from .dominion.game import play\n")
    assert any("dominion" in n.split(".") for n in _imports(p))


@pytest.fixture
def register(tmp_path, monkeypatch):
    """register(name, source): install a module of that source as a game of that name,
    through a distribution's ``dsim.games`` entry point (a dist-info folder on sys.path),
    as a game of another package would be."""
    def add(name: str, source: str) -> None:
        module = f"dsim_test_{name}"
        (tmp_path / f"{module}.py").write_text(source)
        info = tmp_path / f"{module}-0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1\n")
        (info / "entry_points.txt").write_text(f"[dsim.games]\n{name} = {module}\n")
        monkeypatch.syspath_prepend(str(tmp_path))
        games.registered.cache_clear()
    yield add
    games.registered.cache_clear()


def test_the_shipped_games_register_through_the_entry_point_group():
    from importlib.metadata import entry_points
    assert games.BUILT_IN.items() <= {ep.name: ep.value for ep in entry_points(group=games.GROUP)}.items()


def test_a_game_of_another_package_is_found_and_checked(register):
    register("halfgame", "NAME = 'halfgame'\nMIN_PLAYERS = 2\n")
    assert "halfgame" in games.game_names()
    with pytest.raises(InputErrors, match="'halfgame' .* does not provide .*load_bot.*make_match"):
        games.get_game("halfgame")
    register("renamed", "from simulator.splendor.game import *\n")
    with pytest.raises(InputErrors, match="registered as 'renamed' .* calls itself 'splendor'"):
        games.get_game("renamed")
    register("broken", "raise ImportError('a module it needs is gone')\n")
    with pytest.raises(InputErrors, match="'broken' .* cannot be loaded: ImportError: a module it needs is gone"):
        games.get_game("broken")
    register("alias", "from simulator.splendor.game import *\nNAME = 'alias'\n")
    assert games.get_game("Alias").NAME == "alias"
    with pytest.raises(InputErrors, match="did you mean 'alias'"):
        games.get_game("alais")


@pytest.mark.parametrize("name", games.game_names())
def test_every_registered_game_provides_the_whole_interface(name):
    g = games.get_game(name)
    assert isinstance(g, games.Game)
    for member in ("NAME", "MIN_PLAYERS", "MAX_PLAYERS", "LABELS"):
        assert hasattr(g, member), member
    assert g.NAME == name and 2 <= g.MIN_PLAYERS <= g.MAX_PLAYERS
    assert {"setup", "item", "items"} <= set(g.LABELS)


def test_the_bot_files_choose_the_game(tmp_path, monkeypatch):
    plain = BMU
    named = tmp_path / "named.yaml"
    named.write_text("game: dominion\n" + BMU.read_text())
    assert games.game_of_bots([plain, named]).NAME == "dominion"
    assert api.simulate([plain, named], games=20, seed=1, jobs=1).summary.games.tolist() == [20, 20]
    chess = tmp_path / "chess.yaml"
    chess.write_text("game: chess\nbuy: [Silver]\n")
    with pytest.raises(InputErrors, match="unknown game 'chess'"):
        api.load_bots([chess])
    # bots of two games in one run: an error that names the files
    greedy = ROOT / "strategies" / "splendor" / "greedy.yaml"
    with pytest.raises(InputErrors, match="different games") as e:
        api.load_bots([plain, greedy])
    assert "greedy.yaml" in str(e.value) and "big_money_ultimate.yaml" in str(e.value)
    # a file naming a game that is not installed: said of that file, at its line
    other = tmp_path / "other.yaml"
    other.write_text("game: other\nbuy: [Silver]\n")
    with pytest.raises(InputErrors, match="other.yaml:1: unknown game 'other'"):
        api.load_bots([plain, other])
    errors, _, ok = validate_files([plain, other])    # validate checks each file on its own
    assert ok == 1 and len(errors) == 1 and "unknown game 'other'" in str(errors[0])


def test_a_dominion_bot_says_so_when_its_game_key_names_another_registered_game(tmp_path, register):
    register("other", "from simulator.dominion.game import *\nNAME = 'other'\n")
    other = tmp_path / "other.yaml"
    other.write_text("game: other\nbuy: [Silver]\n")
    with pytest.raises(InputErrors, match="this is a Dominion bot, not a 'other' one"):
        api.load_bots([other])


def test_a_setup_of_the_other_game_is_a_one_line_error_naming_it():
    from click.testing import CliRunner

    from simulator.cli import cli
    splendor = [str(ROOT / "strategies" / "splendor" / "greedy.yaml")] * 2
    cases = [([str(BMU), str(BMU), "-k", str(ROOT / "kingdoms" / "splendor" / "standard.yaml")],
              "this is a 'splendor' file, not a Dominion kingdom"),
             ([*splendor, "-k", str(ROOT / "kingdoms" / "first_game.yaml")],
              "this is a Dominion kingdom file, not a Splendor variant")]
    for args, words in cases:
        r = CliRunner().invoke(cli, ["run", *args, "-n", "10"])
        lines = [ln for ln in r.output.splitlines() if ln.strip()]
        assert r.exit_code != 0 and len(lines) == 1 and words in lines[0], r.output
        assert "optimize" not in lines[0]  # a hint for the command that ran, not another
    # a loaded setup of the other game, through the library
    dominion_kingdom = api.load_setup(ROOT / "kingdoms" / "first_game.yaml")
    with pytest.raises(InputErrors, match="not a splendor variant"):
        api.prepare(splendor, dominion_kingdom)


def test_optimize_refuses_bots_and_setups_of_different_games():
    from simulator.tools.optimizer import optimize
    greedy, first = ROOT / "strategies" / "splendor" / "greedy.yaml", ROOT / "kingdoms" / "first_game.yaml"
    cases = [(dict(kingdom=first, against=[greedy]),
              "kingdoms/first_game.yaml is a Dominion file, but the run evolves Splendor bots (the bots' game)"),
             (dict(against=[greedy], game="dominion"),
              "the bots given are Splendor bots, but the run evolves Dominion bots (--game dominion)"),
             (dict(kingdom=api.load_setup(first), start=greedy),
              "the setup given is a Dominion setup, but the run evolves Splendor bots (the bots' game)"),
             (dict(against=[BMU, greedy]), "the bots are written for different games")]
    for kw, message in cases:
        with pytest.raises(InputErrors, match=re.escape(message)):
            optimize(generations=1, **kw)
    with pytest.raises(InputErrors, match="optimize needs a kingdom"):
        optimize(against=[BMU], generations=1)


# ---------------------------------------------------------------- the generic layer's vocabulary
#: words of one game or the other; a generic module (any module of simulator/ outside the
#: game packages) says "setup", "item", "score" instead
VOCABULARY = ("kingdom", "province", "duchy", "estate", "copper", "silver", "gold", "curse", "smithy", "witch",
              "militia", "gem", "noble", "dominion", "splendor", "prestige")
#: every occurrence a generic module still has, docstrings and comments included (a ratchet:
#: a count may only go down). Left: the games that ship with dsim and the default one
#: (games.py), the folder the shipped setups live in, the names people type that stay
#: (-k/--kingdom, --random-kingdoms; the library's kingdom=, kingdoms=, random_kingdoms=,
#: load_kingdom), and the command line's examples, which name shipped files
STILL_NAMED = {"__init__.py": 1, "api.py": 3, "cli.py": 16, "games.py": 6}
MOST = 30
_WORD = re.compile(r"(?i)(?<![a-z])(" + "|".join(VOCABULARY) + r")")


def game_words(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every game word in a module's text."""
    return [(n, line.strip()[:80]) for n, line in enumerate(path.read_text().splitlines(), 1)
            for _ in _WORD.finditer(line)]


GENERIC = AGNOSTIC


@pytest.mark.parametrize("module", GENERIC)
def test_a_generic_module_names_no_game(module):
    found = game_words(PKG / module)
    assert len(found) <= STILL_NAMED.get(module, 0), \
        f"simulator/{module} names a game's words: " + "; ".join(f"line {n}: {t!r}" for n, t in found)
    assert len(found) == STILL_NAMED.get(module, 0), \
        f"simulator/{module} names fewer game words now ({len(found)}): lower its count in STILL_NAMED"


def test_the_generic_layer_names_few_game_words_in_all():
    assert sum(len(game_words(PKG / m)) for m in GENERIC) == sum(STILL_NAMED.values()) < MOST


def test_the_vocabulary_check_counts_docstrings_and_comments_too(tmp_path):
    p = tmp_path / "m.py"
    p.write_text('"""About Dominion, a docstring."""\ndef f(kingdom):  # a Province\n    """Splendor too."""\n'
                 '    n_provinces = 1\n    return "a gem", kingdom, EngineState, golden\n')
    assert [n for n, _ in game_words(p)] == [1, 2, 2, 3, 4, 5, 5, 5]


# ---------------------------------------------------------------- the game resolved once
@pytest.mark.parametrize("command", [
    ["run", "-n", "20", "-j", "1", "--seed", "1", "-q", "-k", "FIRST"],
    ["compare", "-n", "20", "-j", "1", "--seed", "1", "-q", "-k", "FIRST"],
    ["tournament", "-n", "20", "-j", "1", "--seed", "1", "-q", "-k", "FIRST"],
    ["log", "--seed", "1", "-q", "-k", "FIRST"],
])
def test_a_command_reads_each_bot_and_setup_file_once(command, monkeypatch):
    from click.testing import CliRunner

    from simulator.cli import cli
    from simulator.lang import yamlio
    reads = []
    real = yamlio.read_text
    monkeypatch.setattr(yamlio, "read_text", lambda path: reads.append(str(path)) or real(path))
    first = str(ROOT / "kingdoms" / "first_game.yaml")
    bots = [str(BMU), str(ROOT / "strategies" / "smithy_big_money.yaml"), str(BMU)]
    r = CliRunner().invoke(cli, [command[0], *bots, *[first if a == "FIRST" else a for a in command[1:]]])
    assert r.exit_code == 0, r.output
    assert sorted(reads) == sorted({*bots, first}), reads


def test_the_setup_keywords_answer_to_their_old_names_too():
    from click.testing import CliRunner

    from simulator.cli import cli
    first = str(ROOT / "kingdoms" / "first_game.yaml")
    a = api.simulate([BMU, BMU], setup=first, games=20, seed=1, jobs=1)
    b = api.simulate([BMU, BMU], kingdom=first, games=20, seed=1, jobs=1)
    assert a.meta["kingdom"]["name"] == b.meta["kingdom"]["name"] == "First Game" and a.summary.equals(b.summary)
    c = api.compare([BMU, BMU], kingdoms=[first], random_kingdoms=1, games=20, seed=1, jobs=1)
    assert [k["name"] for k in c.meta["kingdoms"]] == ["First Game", "random 1"]
    with pytest.raises(InputErrors, match="give setup or kingdom .its old name., not both"):
        api.simulate([BMU, BMU], setup=first, kingdom=first, games=20)
    outs = [CliRunner().invoke(cli, ["compare", str(BMU), str(BMU), *opts, "-n", "20", "--seed", "1", "-j", "1",
                                     "-q", "--format", "csv"]).output
            for opts in (["--kingdom", first, "--random-kingdoms", "1"], ["--setup", first, "--random-setups", "1"],
                         ["-k", first, "--random-setups", "1"])]
    assert outs[0] == outs[1] == outs[2] and "random 1" in outs[0]
