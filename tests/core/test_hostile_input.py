"""Bad and hostile input: one ``Error:`` line with file and line, exit 1, no traceback,
in bounded time and memory, before any game runs; user text never reaches the terminal
or a spreadsheet raw; the library checks its arguments like the CLI."""
import shlex
import time
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from simulator import api
from simulator.cli import cli
from simulator.dominion import game as dgame
from simulator.errors import MAX_MESSAGE, InputError, InputErrors
from simulator.run.runner import GameCrash, _crash_message, plan_chunks
from simulator.validate import validate_files

ROOT = Path(__file__).resolve().parents[2]
BM = str(ROOT / "strategies" / "big_money.yaml")
BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
SPL = str(ROOT / "strategies" / "splendor" / "greedy.yaml")
KINGDOM = "cards: [Village, Smithy, Market, Festival, Laboratory, Witch, Moat, Council Room, Woodcutter, Merchant]\n"

BOMB = "\n".join(['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'] +
                 [f"{x}: &{x} [{', '.join(['*' + p] * 9)}]" for p, x in zip("abcdefgh", "bcdefghi")] +
                 ["buy: *i", ""])


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def one_error(r, *parts):
    """Exit 1 with exactly one clean Error line holding every part."""
    assert r.exit_code == 1, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert "Traceback" not in r.output, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    for p in parts:
        assert p in lines[0], lines[0]
    return lines[0]


def write(tmp_path, name, data):
    p = tmp_path / name
    (p.write_bytes if isinstance(data, bytes) else p.write_text)(data)
    return str(p)


# ---------------------------------------------------------------- files
@pytest.mark.parametrize("kind", ["bot", "kingdom"])
def test_a_yaml_alias_bomb_is_refused_quickly_in_little_memory(tmp_path, kind):
    text = BOMB if kind == "bot" else BOMB.replace("buy: *i", KINGDOM + "rules: *i")
    assert len(text) < 600  # expands to 9**9 strings
    p = write(tmp_path, "bomb.yaml", text)
    tracemalloc.start()
    t0 = time.process_time()
    errors, _, ok = validate_files([p])
    seconds = time.process_time() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert ok == 0 and len(errors) == 1 and "expands to more than 20,000 values" in str(errors[0])
    assert peak < 20_000_000 and seconds < 5
    one_error(invoke("validate", p), "bomb.yaml", "YAML aliases")


@pytest.mark.parametrize("text,line", [("buy: &a [*a]\n", 1), ("name: x\nbuy: &a [Gold, {x: [*a]}]\n", 2),
                                       ("game: splendor\ntake: &t [any, *t]\n", 2)])
@pytest.mark.timeout(20)
def test_a_yaml_alias_inside_itself_is_one_error_not_a_hang(tmp_path, text, line):
    p = write(tmp_path, "loop.yaml", text)
    for args in (["validate", p], ["run", p, p, "-n", 10]):
        one_error(invoke(*args), f"loop.yaml:{line}:", "refers to a list or mapping that holds it")


def test_aliases_that_repeat_a_list_are_fine(tmp_path):
    p = write(tmp_path, "twice.yaml", "x: &m ['Gold: coins >= 6', Silver]\nbuy: *m\n")
    errors, _, ok = validate_files([p])
    assert ok == 0 and "unknown key 'x'" in str(errors[0])   # read through, checked as a bot


@pytest.mark.parametrize("data", [b"name: caf\xe9\nbuy: [Silver]\n", bytes(range(256)) * 4])
def test_a_file_that_is_not_utf8_is_one_error(tmp_path, data):
    p = write(tmp_path, "latin.yaml", data)
    one_error(invoke("validate", p), "latin.yaml:", "is not UTF-8 text", "save it as UTF-8")
    one_error(invoke("run", p, BM, "-n", 10), "is not UTF-8 text")


def test_a_huge_file_is_refused_without_reading_it(tmp_path):
    p = tmp_path / "huge.yaml"
    with open(p, "w") as f:
        f.write("buy:\n")
        f.write("  - Silver\n" * 5_000_000)  # 50 MB
    t0 = time.process_time()
    one_error(invoke("validate", p), "huge.yaml", "larger than 1,000,000 bytes")
    assert time.process_time() - t0 < 5


def test_too_many_rules_in_a_list(tmp_path):
    p = write(tmp_path, "many.yaml", "buy:\n" + "".join(f"  - 'Silver: turn > {i}'\n" for i in range(201)))
    one_error(invoke("validate", p), "many.yaml:1:", "'buy' has 201 rules; the limit is 200")


@pytest.mark.parametrize("number", ["9" * 400, "1e400", "1e10"])
def test_a_number_out_of_range_in_a_condition(tmp_path, number):
    p = write(tmp_path, "big.yaml", f"buy:\n  - 'Province: total_money > {number}'\n")
    line = one_error(invoke("validate", p), "big.yaml:2:", "is out of range",
                     "numbers in conditions are at most 1,000,000,000")
    assert len(line) <= MAX_MESSAGE + len("Error: ")


@pytest.mark.parametrize("rules,message", [
    ("{edition: true}", "edition must be one of 1, 2, not True"),
    ("{end_piles: 3.0}", "end_piles must be one of 3, 4, not 3.0"),
    ("{end_piles: '4'}", "end_piles must be one of 3, 4, not '4'"),
    ("{turn_cap: 50.0}", "turn_cap must be a whole number from 1 to 1000, not 50.0"),
    ("{tiebreak: 1}", "tiebreak must be one of turns, shared, not 1"),
])
def test_kingdom_rule_values_have_strict_types(tmp_path, rules, message):
    p = write(tmp_path, "k.yaml", KINGDOM + f"rules: {rules}\n")
    one_error(invoke("validate", p), "k.yaml:2:", message)


def test_rules_from_the_command_line_are_still_text():
    r = invoke("run", BM, BMU, "-n", 10, "-j", 1, "--rules", "end_piles=4", "--rules", "edition=2", "-q")
    assert r.exit_code == 0, r.output
    one_error(invoke("run", BM, BMU, "-n", 10, "--rules", "end_piles=4.0"), "end_piles must be one of 3, 4")


@pytest.mark.parametrize("bots,rule", [((BM, BMU), "turn_cap"), ((SPL, SPL), "target")])
@pytest.mark.parametrize("digits", ["\u00b2", "\u2460", "\u00b9\u00b2"])   # digits int() does not read
def test_a_rule_value_of_other_digits_is_one_error(bots, rule, digits):
    one_error(invoke("run", *bots, "-n", 10, "--rules", f"{rule}={digits}"), f"{rule} must be")


# ---------------------------------------------------------------- names
@pytest.mark.parametrize("name,problem", [
    ('"a\\e[31mred"', "holds a control character"),
    ('"two\\nlines"', "holds a control character"),
    ("'=HYPERLINK(\"http://evil\",\"x\")'", "starts with '=', which a spreadsheet reads as a formula"),
    ("'+1'", "starts with '+'"),
    ("'@SUM(A1)'", "starts with '@'"),
    ("'" + "x" * 61 + "'", "is 61 characters long; the limit is 60"),
    ('""', "is empty"),
    ("", "is empty"),
])
def test_bot_and_kingdom_names_are_printable_bounded_and_not_formulas(tmp_path, name, problem):
    p = write(tmp_path, "b.yaml", f"name: {name}\nbuy: [Silver]\n")
    line = one_error(invoke("validate", p), "b.yaml:1:", "the bot's name", problem)
    assert "\x1b" not in line and "\n" not in line
    k = write(tmp_path, "k.yaml", f"name: {name}\n" + KINGDOM)
    one_error(invoke("validate", k), "k.yaml:1:", "the kingdom's name", problem)


def test_a_file_name_used_as_a_bot_name_is_checked_too(tmp_path):
    p = write(tmp_path, "=cmd.yaml", "buy: [Silver]\n")
    one_error(invoke("validate", p), "the bot's name '=cmd'", "without one, the file's name is used")


def test_control_characters_in_paths_and_keys_are_escaped_and_messages_bounded(tmp_path):
    p = write(tmp_path, "b.yaml", "buy: [Silver]\n" + "k" * 5000 + "\x1b[2J: 1\n")
    one_error(invoke("validate", p), "b.yaml:2:", "holds a control character (code 0x1b)")
    p = write(tmp_path, "c.yaml", "buy: [Silver]\n" + "k" * 1000 + ": 1\n")
    line = one_error(invoke("validate", p), "c.yaml:2:", "unknown key 'kkk")
    assert len(line) <= MAX_MESSAGE + len("Error: ")
    p = write(tmp_path, "d.yaml", 'buy: ["Silver: \\e[2J"]\n')
    line = one_error(invoke("validate", p), "d.yaml:1:")
    assert "\x1b" not in line and "\\x1b" in line
    missing = str(tmp_path / "no\nsuch\x1b.yaml")
    line = one_error(invoke("validate", missing), "cannot read file")
    assert "\x1b" not in line and "no\\nsuch\\x1b.yaml" in line


def test_the_crash_replay_command_is_shell_quoted(tmp_path):
    folder = tmp_path / "my bots"
    folder.mkdir()
    path = write(folder, "a;echo PWN.yaml", "buy: [Silver]\n")
    match = api.prepare([path, BM])
    msg = _crash_message(GameCrash("RuntimeError: x", 0, 0, 5, ""), match, 7)
    replay = msg.split("reproduce with: ", 1)[1]
    assert shlex.split(replay) == ["dsim", "log", path, BM, "--seed", "7", "--game", "5"]


# ---------------------------------------------------------------- options
def test_compare_without_random_kingdoms_runs():
    r = invoke("compare", BM, BMU, "-k", ROOT / "kingdoms" / "first_game.yaml", "-n", 20, "-j", 1, "-q")
    assert r.exit_code == 0, r.output
    import re
    lines = r.output.splitlines()
    assert lines[0].startswith("Big Money vs Big Money Ultimate on 1 kingdom — seed "), lines[0]
    rows = [re.match(r"First Game  (Big Money(?: Ultimate)?) +(\d+) +([\d.]+)%", ln) for ln in lines[5:7]]
    assert [(m[1], m[2]) for m in rows] == [("Big Money", "20"), ("Big Money Ultimate", "20")], r.output
    assert sum(float(m[3]) for m in rows) == pytest.approx(100.0)   # the whole of each game is won
    assert "over the" not in r.output  # one kingdom: no verdict over kingdoms


@pytest.mark.parametrize("args,message", [
    (["-n", "1000000000000"], "games must be a whole number from 1 to 10,000,000,000, not 1000000000000"),
    (["-n", "0"], "games must be a whole number from 1 to 10,000,000,000, not 0"),
    (["--seed", "-1"], "seed must be a whole number from 0 to 9,223,372,036,854,775,807, not -1"),
    (["--seed", str(2**70)], "seed must be a whole number"),
    (["-j", "0"], "jobs must be a whole number from 1 to 512, not 0"),
    (["--backend", "dask", "--scheduler", "garbage://x"], "cannot reach the Dask scheduler at 'garbage://x'"),
])
def test_absurd_run_options_are_one_error_before_any_game(args, message, monkeypatch):
    played = []
    monkeypatch.setattr(dgame, "warm_up", lambda m: played.append(1))
    one_error(invoke("run", BM, BMU, *args), message)
    if "--scheduler" not in args:
        assert played == []


def test_log_of_an_absurd_game_index():
    one_error(invoke("log", BM, BMU, "--game", "99999999999999999999"),
              "game must be a whole number from 0 to 140,737,488,355,328")


def test_a_plan_for_ten_billion_games_costs_no_memory():
    tracemalloc.start()
    plan = plan_chunks(10**10, 2, 1)
    n = len(plan)
    last = plan[n - 1]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert n > 200_000 and last[0] + last[1] == 10**10 and peak < 100_000
    assert sum(k for _, k in plan_chunks(100_003, 3, 1)) == 100_003


@pytest.mark.parametrize("kwargs,message", [
    ({"seed": -1}, "seed must be a whole number from 0 to"),
    ({"seed": 2**70}, "seed must be a whole number from 0 to"),
    ({"seed": "7"}, "seed must be a whole number from 0 to 9,223,372,036,854,775,807, not '7'"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"seed": True}, "seed must be a whole number"),
    ({"games": 1.5}, "games must be a whole number from 1 to 10,000,000,000, not 1.5"),
    ({"games": 10**12}, "games must be a whole number from 1 to 10,000,000,000, not 1000000000000"),
    ({"jobs": 0}, "jobs must be a whole number from 1 to 512, not 0"),
    ({"backend": "foo"}, "backend must be one of local, dask, not 'foo'"),
    ({"until_ci": 2}, "until_ci must be a number from 0.0001 to 0.5, not 2"),
    ({"players": "3"}, "players must be a whole number from 2 to 4, not '3'"),
])
def test_the_library_checks_its_arguments_like_the_cli(kwargs, message, monkeypatch):
    played = []
    monkeypatch.setattr(dgame, "warm_up", lambda m: played.append(1))
    with pytest.raises(InputErrors) as e:
        api.simulate([BM, BMU], **{"games": 10, **kwargs})
    assert message in str(e.value) and played == []
    cli_form = {"seed": "--seed", "games": "-n", "jobs": "-j"}
    key, value = next(iter(kwargs.items()))
    if key in cli_form and isinstance(value, int) and not isinstance(value, bool):
        assert one_error(invoke("run", BM, BMU, cli_form[key], value)) == f"Error: {e.value.errors[0]}"


def test_the_library_checks_log_compare_and_tournament_arguments():
    with pytest.raises(InputErrors, match="game must be a whole number"):
        api.log_game([BM, BMU], game=-1)
    with pytest.raises(InputErrors, match="random_setups must be a whole number"):
        api.compare([BM, BMU], random_kingdoms=1.5, games=10)
    with pytest.raises(InputErrors, match="players must be a whole number from 2 to 4"):
        api.tournament([BM, BMU], players=5, games=10)


def test_input_error_is_printable_even_from_library_callers():
    e = InputError("bad \x1b[31m value\n", "a\rb.yaml", 3)
    assert str(e) == "a\\rb.yaml:3: bad \\x1b[31m value\\n"


# ---------------------------------------------------------------- round 2


def test_a_string_where_a_list_of_bots_is_expected_is_one_bot():
    with pytest.raises(InputErrors) as e:
        api.simulate(BM, games=10)
    assert str(e.value) == ("a game has 2 to 4 players, not 1 — give 2 to 4 bots (the same file twice for a "
                            "mirror match)")
    res = api.simulate(BM, players=2, games=10, seed=1, jobs=1)
    assert res.summary.bot.tolist() == ["Big Money", "Big Money (2)"]
    assert api.load_bots(BM)[0].name == "Big Money"


@pytest.mark.parametrize("call,message", [
    (lambda: api.simulate(None), "bots must be a list of bot files, not None"),
    (lambda: api.simulate([1, 2]), "bots must be a list of bot files, not [1, 2]"),
    (lambda: api.simulate([BM, BMU], rules="k=v", games=10), "rules must be a dict of rule: value, not 'k=v'"),
    (lambda: api.simulate([BM, BMU], games=10, save_games=123), "save_games must name a file, not 123"),
    (lambda: api.simulate([BM, BMU], games=10, save_games=""), "save_games must name a file, not ''"),
    (lambda: api.simulate([BM, BMU], games=10, paired="yes"), "paired must be True or False, not 'yes'"),
    (lambda: api.compare([BM, BMU], kingdoms=None, games=10), "setups must be a list of files, not None"),
    (lambda: api.log_game([BM, BMU], rules=[1]), "rules must be a dict of rule: value, not [1]"),
])
def test_the_library_refuses_what_the_command_line_refuses(call, message, monkeypatch):
    monkeypatch.setattr(dgame, "warm_up", lambda m: pytest.fail("a game was played"))
    with pytest.raises(InputErrors) as e:
        call()
    assert str(e.value).startswith(message), str(e.value)


@pytest.mark.parametrize("kwargs,message", [
    ({"population": 0}, "population must be a whole number from 4 to 1,000, not 0"),
    ({"stages": 0}, "stages must be a whole number from 1 to 10, not 0"),
    ({"stage_games": "x"}, "stage games must be a whole number from 4 to 10,000,000, not 'x'"),
    ({"out": 123}, "out must name a folder, not 123"),
    ({"out": ""}, "out must name a folder, not ''"),
    ({"budget": "1x"}, "--budget must look like 10m, 90s or 1h, not '1x'"),  # though the generations stop it
])
def test_the_optimizer_checks_its_arguments(kwargs, message):
    from simulator.tools.optimizer import optimize
    with pytest.raises(InputErrors) as e:
        optimize(ROOT / "kingdoms" / "first_game.yaml", [BMU], generations=1, **kwargs)
    assert str(e.value) == message


@pytest.mark.parametrize("args,message", [
    (["run", BM, BMU, "--out", ""], "Error: out must name a folder, not ''"),
    (["run", BM, BMU, "--save-games", ""], "Error: save_games must name a file, not ''"),
    (["compare", BM, BMU, "-k", str(ROOT / "kingdoms" / "first_game.yaml"), "--out", ""],
     "Error: out must name a folder, not ''"),
    (["optimize", "-k", str(ROOT / "kingdoms" / "first_game.yaml"), "--out", ""],
     "Error: out must name a folder, not ''"),
    (["optimize", "-k", str(ROOT / "kingdoms" / "first_game.yaml"), "--budget", "", "--out", "{tmp}"],
     "Error: --budget must look like 10m, 90s or 1h, not ''"),
])
def test_empty_values_are_refused(args, message, tmp_path, monkeypatch):
    monkeypatch.setattr(dgame, "warm_up", lambda m: pytest.fail("a game was played"))
    r = invoke(*[a.replace("{tmp}", str(tmp_path / "o")) for a in args])
    assert one_error(r) == message


def test_save_games_onto_an_input_file_is_refused_and_the_bot_kept(tmp_path):
    bot = write(tmp_path, "bot.yaml", (ROOT / "strategies" / "big_money.yaml").read_text())
    before = Path(bot).read_text()
    one_error(invoke("run", bot, BMU, "-n", 10, "--save-games", bot),
              f"--save-games would overwrite {bot}, one of this run's input files")
    (tmp_path / "link.yaml").symlink_to(bot)  # the same file by another name
    one_error(invoke("run", bot, BMU, "-n", 10, "--save-games", tmp_path / "link.yaml"), "would overwrite")
    assert Path(bot).read_text() == before


@pytest.mark.parametrize("name", ["summary.csv", "./summary.csv", "run.json"])
def test_save_games_onto_a_file_the_report_writes_is_refused_before_any_game(tmp_path, name, monkeypatch):
    played = []
    monkeypatch.setattr(dgame, "warm_up", lambda m: played.append(1))
    out = tmp_path / "rep"
    one_error(invoke("run", BM, BMU, "-n", 10, "--out", out, "--save-games", f"{out}/{name}"),
              f"is the report's {name.removeprefix('./')}, which --out writes")
    assert played == [] and not out.exists()
    r = invoke("run", BM, BMU, "-n", 10, "-j", 1, "-q", "--out", out, "--save-games", out / "games.csv")
    assert r.exit_code == 0, r.output
    assert len((out / "games.csv").read_text().splitlines()) == 11 and (out / "summary.csv").exists()


def test_an_out_folder_whose_files_are_inputs_is_refused(tmp_path):
    out = tmp_path / "opt"
    out.mkdir()
    best = write(out, "best.yaml", (ROOT / "strategies" / "big_money.yaml").read_text())
    one_error(invoke("optimize", "-k", ROOT / "kingdoms" / "first_game.yaml", "--against", best, "--out", out),
              f"--out would overwrite {best}, one of this run's input files")
    summary = write(tmp_path, "summary.csv", (ROOT / "strategies" / "big_money.yaml").read_text())
    one_error(invoke("run", summary, BMU, "-n", 10, "--out", tmp_path), "--out would overwrite")
    leader = out / "leaders"
    leader.mkdir()
    kept = write(leader, "leader_1.yaml", Path(best).read_text())
    one_error(invoke("optimize", "-k", ROOT / "kingdoms" / "first_game.yaml", "--against", kept, "--out", out),
              "--out would overwrite")


def test_a_dollar_in_a_name_is_plain_text_in_every_chart(tmp_path):
    # an even count of '$' in each title: as math text, '$\\bad$' would stop the chart
    bot = write(tmp_path, "cost.yaml", "name: Cost $\\bad$\nbuy: [Province, Gold, Silver]\n")
    kingdom = write(tmp_path, "k.yaml", "name: K $x^2$\n" + KINGDOM)
    r = invoke("run", bot, BMU, "-n", 200, "-j", 1, "-q", "-k", kingdom, "--out", tmp_path / "r")
    assert r.exit_code == 0, r.output
    assert {"win_rates.png", "game_length.png", "curves.png", "cards.png", "report.html"} <= \
        {p.name for p in (tmp_path / "r").iterdir()}
    r = invoke("tournament", bot, BMU, BM, "-n", 20, "-j", 1, "-q", "--out", tmp_path / "t")
    assert r.exit_code == 0 and (tmp_path / "t" / "tournament.png").exists(), r.output


@pytest.mark.parametrize("content", [None, b"game: splendor\nname: [", b"\xff\xfe", "big"])
@pytest.mark.parametrize("command", ["run", "tournament", "log", "compare"])
def test_a_splendor_bot_beside_a_broken_file_reports_the_files_own_error(tmp_path, content, command):
    other = tmp_path / "other.yaml"
    if content == "big":
        other.write_bytes(b"# " + b"x" * 2_000_000 + b"\n")
    elif content is not None:
        other.write_bytes(content)
    args = [command, SPL, str(other)] + (["-k", str(ROOT / "kingdoms" / "splendor" / "long_game.yaml")]
                                         if command == "compare" else [])
    r = invoke(*args)
    assert r.exit_code == 1 and "different games" not in r.stderr, r.stderr
    assert r.stderr.startswith(f"Error: {other}"), r.stderr


def test_the_game_key_ignores_case():
    text = (ROOT / "strategies" / "splendor" / "greedy.yaml").read_text().replace("game: splendor", "game: Splendor")
    assert "game: Splendor" in text
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "cap.yaml"
        p.write_text(text)
        res = api.simulate([SPL, str(p)], games=10, seed=1, jobs=1)
        assert res.meta["game"] == "splendor"
        assert validate_files([str(p)])[0] == []


def test_a_noble_list_naming_gold_gets_a_hint_not_itself(tmp_path):
    p = write(tmp_path, "nb.yaml", "game: splendor\nname: nb\nbuy: [any]\nnoble: [gold]\n")
    errors, _, _ = validate_files([p])
    assert len(errors) == 1 and "did you mean 'gold'" not in str(errors[0])
    assert str(errors[0]).endswith("nobles ask for cards of the five colours, never gold: give a colour or any")
    p = write(tmp_path, "nb2.yaml", "game: splendor\nname: nb\nbuy: [any]\nnoble: [gren]\n")
    assert str(validate_files([p])[0][0]).endswith("did you mean 'green'?")


def test_thousands_of_mistakes_print_twenty_lines_and_a_count(tmp_path):
    p = write(tmp_path, "v.yaml", "game: splendor\nrules:\n" + "".join(f"  bogus{i}: 1\n" for i in range(3000)))
    r = invoke("validate", p)
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 1 and len(lines) == 21, r.stderr[-500:]
    assert all("unknown Splendor rule" in ln for ln in lines[:20])
    assert lines[-1] == "Error: ... and 2,980 more errors like these (fix these first)"


def test_every_error_of_a_variant_file_is_listed(tmp_path):
    p = write(tmp_path, "v.yaml", "game: splendor\nname: v\nrules:\n  target: 99\n  tiebreak: coin\n  bogus: 1\n")
    errors, _, _ = validate_files([p])
    assert [e.line for e in errors] == [4, 5, 6], errors
    r = invoke("run", SPL, SPL, "--rules", "target=99", "--rules", "tiebreak=x", "-n", 10)
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 2, r.stderr


def test_a_folder_name_that_is_not_utf8_prints_and_writes(tmp_path):
    import os
    folder = os.path.join(os.fsencode(tmp_path), b"caf\xe9")
    os.mkdir(folder)
    raw = os.path.join(folder, b"anon.yaml")
    with open(raw, "wb") as f:
        f.write(b"buy: [Province, Gold, Silver]\n")
    bot, out = os.fsdecode(raw), os.fsdecode(os.path.join(folder, b"out"))
    shown = str(tmp_path) + "/caf\\xe9"
    for args in (["run", bot, BMU, "-n", 50, "-j", 1, "-q", "--out", out, "--save-games", out + "/g.csv"],
                 ["tournament", bot, BMU, BM, "-n", 20, "-j", 1, "-q", "--out", out + "t"],
                 ["optimize", "-k", ROOT / "kingdoms" / "first_game.yaml", "--against", bot, "--generations", 1,
                  "--population", 4, "--stage-games", 8, "--final-games", 8, "-j", 1, "--seed", 1, "--out",
                  out + "o"]):
        r = invoke(*args)
        assert r.exit_code == 0, r.output
    assert shown + "/anon.yaml" in Path(os.fsdecode(os.path.join(folder, b"out", b"report.html"))).read_text()
    r = invoke("validate", os.fsdecode(os.path.join(folder, b"nope.yaml")))
    assert r.stderr.startswith(f"Error: {shown}/nope.yaml: cannot read file"), r.stderr


def test_open_says_when_the_browser_does_not_start(tmp_path, monkeypatch):
    import webbrowser

    class Dead:
        def open(self, url):
            return False
    monkeypatch.setattr(webbrowser, "get", lambda: Dead())
    r = invoke("run", BM, BMU, "-n", 20, "-j", 1, "-q", "--out", tmp_path / "r", "--open")
    assert r.exit_code == 0 and "the web browser did not start; the report is " in r.stderr, r.stderr


@pytest.mark.parametrize("seats", ["fixed", "random"])
def test_paired_deals_need_rotating_seats_in_every_command(seats):
    for cmd in (["run", BM, BMU], ["compare", BM, BMU, "-k", str(ROOT / "kingdoms" / "first_game.yaml")]):
        one_error(invoke(*cmd, "-n", 12, "--paired", "--seats", seats), "--paired rotates the seats itself",
                  f"--seats '{seats}'")
    with pytest.raises(InputError, match="--paired rotates the seats itself"):
        api.simulate([BM, BMU], games=12, seed=1, jobs=1, paired=True, seats=seats)


# ---------------------------------------------------------------- options click refuses
@pytest.mark.parametrize("args", [
    ["run", BM, BMU, "--seed", "a" * 100_000],
    ["run", BM, BMU, "--seed", "9" * 5000],
    ["bench", "-n", "1" + "0" * 3000],
    ["log", BM, BMU, "--seats", "x" * 50_000],
])
def test_a_refused_value_is_echoed_bounded(args, capsys):
    from simulator.cli import main
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("Error: Invalid value for") and len(err[-1]) < MAX_MESSAGE, err[-1][:300]
    assert "characters)" in err[-1] and max(map(len, err)) < MAX_MESSAGE


def test_bench_games_are_bounded_and_a_long_run_stops_between_engine_calls(monkeypatch):
    from simulator.tools import bench
    r = invoke("bench", "-n", 10 ** 8)
    assert r.exit_code == 2 and "10000000" in r.output
    calls = []

    class Played:
        def play(self, match, seed, first, n):
            calls.append((seed, first, n))

    monkeypatch.setattr(bench, "get_game", lambda name: Played())
    monkeypatch.setattr(bench, "BENCH_CHUNK", 4)
    rates = bench.time_matchup(type("M", (), {"game": "dominion"})(), 10, 2)
    assert len(rates) == 2
    assert calls == [(1000, 0, 4), (1000, 4, 4), (1000, 8, 2), (1001, 0, 4), (1001, 4, 4), (1001, 8, 2)]


def test_a_setup_given_twice_is_one_error_and_same_named_files_stay_apart(tmp_path, monkeypatch):
    k = ROOT / "kingdoms" / "first_game.yaml"
    played = []
    monkeypatch.setattr(dgame, "warm_up", lambda m: played.append(1))
    one_error(invoke("compare", BM, BMU, "-k", k, "-k", f"{k.parent}/../kingdoms/first_game.yaml", "-n", 10),
              "is given twice: a kingdom is compared once")
    assert played == []
    monkeypatch.undo()
    for d in ("a", "b", "c"):  # three copies: the same name, the same file name
        (tmp_path / d).mkdir()
        (tmp_path / d / "first_game.yaml").write_text(k.read_text())
    copies = [tmp_path / d / "first_game.yaml" for d in ("a", "b", "c")]
    cmp = api.compare([BM, BMU], setups=copies, games=12, seed=1, jobs=1)
    names = [s["name"] for s in cmp.meta["kingdoms"]]
    assert len(set(names)) == 3 and all(str(c) in n for c, n in zip(copies, names)), names
    assert len({s["seed"] for s in cmp.meta["kingdoms"]}) == 3   # three samples, not one played thrice
    assert sorted(set(cmp.table.kingdom)) == sorted(names) and len(cmp.table) == 6
    # setups loaded in Python, without a file: the same name and no path, told apart by number
    from dataclasses import replace
    loaded = replace(api.load_setup(k), path=None)
    cmp = api.compare([BM, BMU], setups=[loaded, loaded], games=12, seed=1, jobs=1)
    assert [s["name"] for s in cmp.meta["kingdoms"]] == ["First Game #1", "First Game #2"]
