"""dsim validate and the checks every command makes: each error class, its exact message."""
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from simulator.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def check(tmp_path, text, name="bot.yaml"):
    p = tmp_path / name
    p.write_text(text)
    r = CliRunner().invoke(cli, ["validate", str(p)])
    return r, str(p)


CASES = [
    ("buy: [Gold, Silver\n", ":2:1: YAML syntax error"),
    ("buy: [Gold]\nplya: [Smithy]\n", ":2: unknown key 'plya' — did you mean 'play'?"),
    ("buy:\n  - Province\n  - Smity\n", ":3: unknown card 'Smity' — did you mean 'Smithy'?"),
    ("buy:\n  - 'Gold: cout(Gold) < 2'\n", ":2: unknown function 'cout' in 'cout(Gold) < 2' — did you mean 'count'?"),
    ("buy:\n  - 'Gold: totl_money > 2'\n", ":2: unknown variable 'totl_money' in 'totl_money > 2' — did you mean 'total_money'?"),
    ("buy:\n  - 'Gold: supply(Action) > 2'\n", ":2: supply() takes a card, but 'Action' is a type"),
    ("buy:\n  - 'Gold: Smithy > 2'\n", ":2: 'Smithy' is a card name, not a number"),
    ("buy:\n  - 'Gold: count(Gold) + 1'\n", ":2: condition 'count(Gold) + 1' is a number, not a true/false test"),
    ("buy:\n  - 'Gold: coins / 0 > 1'\n", ":2: division by zero in 'coins / 0 > 1'"),
    ("buy:\n  - 'Gold: " + " + ".join(["coins"] * 120) + " > 1'\n", ":2: condition is 961 characters long; the limit is 500 — split the rule or simplify it"),
    ("buy:\n  - 'Gold: " + "-" * 30 + "coins > 1'\n", ":2: condition '" + "-" * 30 + "coins > 1' is nested more than 20 levels deep"),
    ("buy:\n  - Gold: 3\n", ":2: a condition must be text or true/false, not 3"),
    ("play: [Smithy]\n", ":1: a bot needs a 'buy' list"),
    ("buy: [Gold]\nplay: [Gold]\n", ":2: 'Gold' is not an Action card; 'play' lists Actions"),
    ("buy: Gold\n", ":1: 'buy' must be a list of rules"),
    ("buy: [Gold]\noptions: {reveal_mote: false}\n", ":2: unknown option 'reveal_mote' — did you mean 'reveal_moat'?"),
    ("buy: [Gold]\nguard: maybe\n", ":2: 'guard' must be true or false"),
    ("buy: [Gold]\nbuy: [Silver]\n", ":2: duplicate key 'buy' — first given on line 1"),
]


@pytest.mark.parametrize("text,message", CASES)
def test_each_error_is_one_line_with_file_line_and_hint(tmp_path, text, message):
    r, p = check(tmp_path, text)
    assert r.exit_code == 1
    assert r.output.startswith(f"Error: {p}{message}"), r.output


def test_kingdom_errors_say_which_cards_are_wrong(tmp_path):
    r, p = check(tmp_path, "name: K\ncards: [Village, Smithy, Village, Gold, Wich]\n", "k.yaml")
    assert r.exit_code == 1
    assert f"Error: {p}:2: 'Village' is in the kingdom twice" in r.output
    assert f"Error: {p}:2: 'Gold' is a basic card, always in the supply, not a kingdom card" in r.output
    assert f"Error: {p}:2: unknown card 'Wich' — did you mean 'Witch'?" in r.output
    r, p = check(tmp_path, "name: K\ncards: [Village, Smithy]\n", "k2.yaml")
    assert f"Error: {p}:2: a kingdom is exactly 10 distinct kingdom cards; this one has 2 — add 8" in r.output
    r, p = check(tmp_path, "name: K\ncards: [Cellar, Chapel, Moat, Village, Smithy, Market, Mine, Witch, Library, "
                           "Festival]\nrules: {tiebreak: sharde}\n", "k3.yaml")
    assert f"Error: {p}:3: tiebreak must be one of turns, shared, not 'sharde'" in r.output


def test_all_errors_of_all_files_in_one_pass_on_stderr(tmp_path):
    a = tmp_path / "a.yaml"
    a.write_text("buy: [Smity, Gld]\n")
    b = tmp_path / "b.yaml"
    b.write_text("buy: [Gold]\nplai: []\n")
    r = CliRunner().invoke(cli, ["validate", str(a), str(b)])
    assert r.exit_code == 1
    assert len(re.findall(r"^Error: ", r.stderr, re.M)) == 3
    assert r.stdout == ""


def test_valid_files_exit_zero_and_missing_kingdom_cards_are_warnings(tmp_path):
    bot = tmp_path / "w.yaml"
    bot.write_text("buy: [Province, Witch, Gold]\n")
    r = CliRunner().invoke(cli, ["validate", str(bot), str(ROOT / "kingdoms" / "first_game.yaml")])
    assert r.exit_code == 0
    assert f"Warning: {bot}:1: 'Witch' is not in kingdom 'First Game'; the rule never applies" in r.output
    assert "2 files valid" in r.output


def test_files_of_different_games_are_each_checked_by_their_own_game(tmp_path):
    witch = tmp_path / "w.yaml"
    witch.write_text("buy: [Province, Witch, Gold]\n")
    spl = ROOT / "strategies" / "splendor" / "greedy.yaml"
    r = CliRunner().invoke(cli, ["validate", str(witch), str(spl), str(ROOT / "kingdoms" / "first_game.yaml"),
                                 str(ROOT / "kingdoms" / "splendor" / "target_21.yaml")])
    assert r.exit_code == 0, r.output
    assert "4 files valid" in r.output and "different games" not in r.output
    assert "'Witch' is not in kingdom 'First Game'" in r.output          # each game's own warnings
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: splendor\nname: x\nbuy: ['level 4']\n")
    r = CliRunner().invoke(cli, ["validate", str(witch), str(bad)])
    assert r.exit_code == 1 and "bad.yaml:3" in r.stderr and "w.yaml" not in r.stderr


def test_every_shipped_file_is_valid():
    files = sorted(str(p) for p in (ROOT / "strategies").rglob("*.yaml")) + \
        sorted(str(p) for p in (ROOT / "kingdoms").rglob("*.yaml"))
    assert sum("splendor" in f for f in files) >= 10   # Splendor's bots and variants too
    r = CliRunner().invoke(cli, ["validate", *files])
    assert r.exit_code == 0, r.output
    assert r.output.strip().splitlines()[-1] == f"{len(files)} files valid"


def test_every_yaml_snippet_in_the_docs_is_valid(tmp_path):
    docs = (ROOT / "docs" / "bots.md").read_text() + (ROOT / "README.md").read_text()
    snippets = re.findall(r"```yaml\n(.*?)```", docs, re.S)
    assert len(snippets) >= 3
    for i, text in enumerate(snippets):
        r, p = check(tmp_path, text, f"snippet{i}.yaml")
        assert r.exit_code == 0, (text, r.output)


def test_an_unknown_game_names_its_file(tmp_path):
    odd = tmp_path / "odd.yaml"
    odd.write_text("game: chess\nbuy: [Gold]\n")
    r = CliRunner().invoke(cli, ["validate", str(odd), str(ROOT / "strategies" / "witch.yaml")])
    assert r.exit_code == 1 and f"{odd}:1: unknown game 'chess'" in r.stderr
