"""The command line, through click's CliRunner: output, files, errors, determinism."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ..helpers import scaled
from simulator.cli import cli

ROOT = Path(__file__).resolve().parents[2]
SBM = str(ROOT / "strategies" / "smithy_big_money.yaml")
BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
BM = str(ROOT / "strategies" / "big_money.yaml")


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


@pytest.mark.parametrize("command", [*cli.commands, None])
def test_help_on_every_command(command):
    for flag in ("-h", "--help"):
        r = invoke(*([command] if command else []), flag)
        assert r.exit_code == 0 and "Usage:" in r.output
        if command:
            assert "Example:" in r.output


def test_run_prints_one_row_per_bot_and_length_and_endings():
    n = scaled(4000)
    r = invoke("run", SBM, BMU, "-n", n, "--seed", 1, "-j", 1)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    header = next(i for i, ln in enumerate(lines) if ln.startswith("bot "))
    assert lines[header].split()[:6] == ["bot", "games", "wins", "ties", "losses", "win"]
    assert lines[header + 1].startswith("Smithy Big Money") and lines[header + 2].startswith("Big Money Ultimate")
    assert f"{n:,}" in lines[header + 1]
    assert "game length (turns of the player who took the most): mean" in r.output
    assert "endings: provinces" in r.output


def test_same_seed_same_numbers_for_any_jobs():
    n = scaled(30_000, floor=60)
    outs = []
    for jobs in (1, 2, 3):
        r = invoke("run", SBM, BMU, "-n", n, "--seed", 42, "-j", jobs, "--format", "csv", "-q")
        assert r.exit_code == 0, r.output
        outs.append(r.output)
    assert outs[0] == outs[1] == outs[2]
    r = invoke("run", SBM, BMU, "-n", n, "--seed", 43, "-j", 1, "--format", "csv", "-q")
    assert r.output != outs[0]


def test_format_csv_and_json_agree_with_the_table():
    n = scaled(2000)
    csv_out = invoke("run", BM, BMU, "-n", n, "--seed", 7, "-j", 1, "--format", "csv", "-q").output
    rows = [ln.split(",") for ln in csv_out.strip().splitlines()]
    assert rows[0] == ["bot", "games", "wins", "ties", "losses", "win_rate", "ci_low", "ci_high", "mean_vp",
                       "mean_turns"]
    js = json.loads(invoke("run", BM, BMU, "-n", n, "--seed", 7, "-j", 1, "--format", "json", "-q").output)
    assert [r["wins"] for r in js["summary"]] == [int(r[2]) for r in rows[1:]]
    assert js["meta"]["seed"] == 7


def test_mirror_match_gets_numbered_names_and_seat_rotation():
    r = invoke("run", BMU, BMU, "-n", scaled(2000), "--seed", 3, "-j", 1, "--format", "csv", "-q")
    names = [ln.split(",")[0] for ln in r.output.strip().splitlines()[1:]]
    assert names == ["Big Money Ultimate", "Big Money Ultimate (2)"]


def test_players_fills_seats_by_repeating_bots():
    r = invoke("run", BM, "--players", 3, "-n", scaled(600), "--seed", 3, "-j", 1, "--format", "csv", "-q")
    assert r.exit_code == 0
    assert len(r.output.strip().splitlines()) == 4


def test_unknown_card_error_names_file_line_and_suggestion(tmp_path):
    p = write(tmp_path, "smithy.yaml", "name: S\nbuy:\n  - Province\n  - Smity\n")
    r = invoke("run", p, BM, "-n", 10)
    assert r.exit_code == 1
    assert r.output == f"Error: {p}:4: unknown card 'Smity' — did you mean 'Smithy'?\n"


def test_bad_condition_and_unknown_key_are_all_reported(tmp_path):
    p = write(tmp_path, "b.yaml", "buy:\n  - 'Gold: coinz > 3'\nplai: [Smithy]\n")
    r = invoke("run", p, BM, "-n", 10)
    assert r.exit_code == 1
    assert f"Error: {p}:2: unknown variable 'coinz' in 'coinz > 3' — did you mean 'coins'?" in r.output
    assert f"Error: {p}:3: unknown key 'plai' — did you mean 'play'?" in r.output


def test_yaml_syntax_error_has_line_and_column(tmp_path):
    p = write(tmp_path, "b.yaml", "buy: [Gold, Silver\n")
    r = invoke("run", p, BM, "-n", 10)
    assert r.exit_code == 1
    assert r.output.startswith(f"Error: {p}:2:1: YAML syntax error")


def test_one_bot_is_not_a_game():
    r = invoke("run", BM, "-n", 10)
    assert r.exit_code == 1
    assert "Error: a game has 2 to 4 players, not 1" in r.output


def test_missing_file(tmp_path):
    r = invoke("run", str(tmp_path / "nope.yaml"), BM, "-n", 10)
    assert r.exit_code == 1 and "cannot read file" in r.output


def test_kingdom_must_be_ten_distinct_kingdom_cards(tmp_path):
    k = write(tmp_path, "k.yaml", "name: K\ncards: [Smithy, Village, Gold]\n")
    r = invoke("run", BM, BMU, "-k", k, "-n", 10)
    assert r.exit_code == 1
    assert "'Gold' is a basic card" in r.output


def test_kingdom_file_with_rules(tmp_path):
    k = write(tmp_path, "k.yaml", "name: Simple\ncards: [Smithy, Village, Market, Festival, Laboratory, Witch, "
                                  "Moat, Council Room, Woodcutter, Merchant]\nrules: {tiebreak: shared}\n")
    r = invoke("run", SBM, BMU, "-k", k, "-n", scaled(600), "-j", 1, "--seed", 1, "-q")
    assert r.exit_code == 0, r.output
    assert "tiebreak=shared" in r.output and "kingdom: Simple" in r.output


def test_rules_option_overrides_and_rejects_bad_values():
    r = invoke("run", BM, BMU, "-n", scaled(400), "-j", 1, "--rules", "tiebreak=shared", "--rules", "end_piles=4",
               "-q")
    assert r.exit_code == 0 and "tiebreak=shared end_piles=4" in r.output
    r = invoke("run", BM, BMU, "-n", 10, "--rules", "tiebrake=shared")
    assert r.exit_code == 1 and "unknown rule 'tiebrake' — did you mean 'tiebreak'?" in r.output
    r = invoke("run", BM, BMU, "-n", 10, "--rules", "end_piles=5")
    assert r.exit_code == 1 and "end_piles must be one of 3, 4" in r.output


def test_not_implemented_card_is_a_clear_error(tmp_path, monkeypatch):
    """A card the engine does not play is refused before any game runs."""
    from simulator.dominion import layout
    monkeypatch.setattr(layout, "IMPLEMENTED", tuple(c for c in layout.IMPLEMENTED if c != layout.SPY))
    p = write(tmp_path, "b.yaml", "buy: [Province, Spy]\n")
    r = invoke("run", p, BM, "-n", 10)
    assert r.exit_code == 1
    assert r.output.startswith(f"Error: {p}:1: card 'Spy' is not implemented yet")


def test_cards_lists_every_card():
    r = invoke("cards")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert len(lines) == 1 + 39 + 32  # the base set (basic cards included) and Intrigue
    assert lines[0].split() == ["card", "set", "cost", "types", "editions", "text"]
    assert lines[1].startswith("Copper") and any(ln.split()[:4] == ["Smithy", "base", "4", "Action"] for ln in lines)
    r2 = invoke("cards", "--edition", "2", "--format", "json")
    second = {c["card"]: c for c in json.loads(r2.output)}
    assert second["Throne Room"]["text"].startswith("You may play an Action card")
    # the 2nd-edition sets: 7 basic cards, 26 base and 26 Intrigue kingdom cards, without the six
    # each dropped
    assert len(second) == 59 and not {"Chancellor", "Thief", "Woodcutter", "Feast", "Spy", "Adventurer"} & set(second)
    first = {c["card"] for c in json.loads(invoke("cards", "--edition", "1", "--format", "json").output)}
    assert len(first) == 57 and not {"Artisan", "Bandit", "Harbinger", "Merchant", "Poacher", "Sentry",
                                     "Vassal"} & first
    # one set's cards (the 1st edition's Intrigue: its 25, none of the 7 the 2nd edition added)
    r3 = invoke("cards", "--sets", "intrigue", "--edition", "1", "--format", "json")
    intrigue = {c["card"] for c in json.loads(r3.output)}
    assert len(intrigue) == 25 and "Secret Chamber" in intrigue and not {"Lurker", "Copper", "Smithy"} & intrigue
    assert len(invoke("cards", "--sets", "base,intrigue").output.splitlines()) == len(lines)
    bad = invoke("cards", "--sets", "intrigu")
    assert bad.exit_code != 0 and "unknown set 'intrigu'" in bad.output and "did you mean 'intrigue'" in bad.output


def test_out_writes_reports(tmp_path):
    r = invoke("run", SBM, BMU, "-n", scaled(3000), "--seed", 2, "-j", 1, "--out", tmp_path / "rep", "-q")
    assert r.exit_code == 0
    files = sorted(p.name for p in (tmp_path / "rep").iterdir())
    assert files == ["cards.csv", "cards.png", "cards_by_turn.csv", "curves.csv", "curves.png", "endings.csv",
                     "game_length.csv", "game_length.png", "report.html", "run.json", "seats.csv", "seats.png",
                     "summary.csv", "win_rates.png"]
    info = json.loads((tmp_path / "rep" / "run.json").read_text())
    assert info["seed"] == 2 and info["bots"][0]["sha256"]


def test_until_ci_says_when_the_game_limit_came_first():
    r = invoke("run", SBM, BMU, "--until-ci", "0.005", "-n", scaled(2400, 24), "-j", 1, "--seed", 1, "-q")
    assert r.exit_code == 0
    assert "--until-ci 0.005 not reached: stopped at the -n limit of" in r.output
    r = invoke("run", SBM, BMU, "--until-ci", "0.005", "-n", scaled(2400, 24), "-j", 1, "--seed", 1, "-q",
               "--format", "json")
    assert json.loads(r.output)["meta"]["until_ci_reached"] is False


def test_json_carries_everything_the_table_shows():
    r = invoke("run", SBM, BMU, "-n", scaled(1200, 12), "-j", 1, "--seed", 1, "-q", "--format", "json")
    data = json.loads(r.output)
    n = scaled(1200, 12)
    assert data["length"]["games"] == n and data["length"]["median"] > 0
    assert sum(e["games"] for e in data["endings"]) == n
    assert {s["seat"] for s in data["seats"]} == {1, 2} and sum(s["games"] for s in data["seats"]) == 2 * n


@pytest.mark.parametrize("command", [["run"], ["compare", "-k", str(ROOT / "kingdoms" / "first_game.yaml")],
                                     ["tournament"]])
def test_a_mistake_found_once_the_out_folder_is_claimed_leaves_no_folder_behind(command, tmp_path):
    out = tmp_path / "new" / "reports"
    r = invoke(command[0], BMU, BMU, *command[1:], "-n", "0", "--out", str(out))
    assert r.exit_code == 1 and "games must be a whole number" in r.output
    assert not (tmp_path / "new").exists()
    out.mkdir(parents=True)                   # a folder that was there stays
    r = invoke(command[0], BMU, BMU, *command[1:], "-n", "0", "--out", str(out))
    assert r.exit_code == 1 and out.is_dir() and list(out.iterdir()) == []
