"""dsim play and dsim log --answers at the command line: mistakes are one Error line before
any game is played, and a person's answers replay as the same game."""
import pytest
from click.testing import CliRunner

from simulator.cli import cli

BM = "strategies/big_money.yaml"
GREEDY = "strategies/splendor/greedy.yaml"


@pytest.fixture(autouse=True)
def _root(monkeypatch):
    from ..helpers import ROOT
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("args,line", [
    ([BM, "--seat", "3"], "Error: seat must be a whole number from 1 to 2, not 3"),
    ([BM] * 4, "Error: Dominion seats 2 to 4 players: give 1 to 3 bots besides you, not 4"),
    ([BM, "--hint", GREEDY], "Error: the bots are written for different games (dominion: strategies/big_money.yaml; "
                             "splendor: strategies/splendor/greedy.yaml) — every bot of a run plays the same game"),
    ([BM, "--seed", "-1"], "Error: seed must be a whole number from 0 to 9,223,372,036,854,775,807, not -1"),
])
def test_a_mistake_is_one_error_line(args, line):
    r = CliRunner().invoke(cli, ["play", *args], input="silver\n")
    assert r.exit_code == 1 and r.output == line + "\n"


def test_the_answers_a_game_printed_give_the_same_game_as_a_log():
    r = CliRunner().invoke(cli, ["play", BM, "--seed", "7"], input="silver\nnone\nsilver\n")
    assert r.exit_code == 0
    whole = next(x for x in r.output.split("\n") if x.startswith("Whole game: "))
    assert whole == "Whole game: dsim log strategies/big_money.yaml --seat 1 --seed 7 --answers silver,none,silver"
    log = CliRunner().invoke(cli, whole.removeprefix("Whole game: dsim ").split())
    assert log.exit_code == 0
    assert log.output.startswith("Game 0 of seed 7: You (seat 1) vs Big Money (seat 2)")
    assert log.output.count("  buys Silver") >= 2
    assert log.output.endswith("(the answers end here, before the game does)\n")
    # the same words through dsim log, one of them wrong
    bad = CliRunner().invoke(cli, ["log", BM, "--seed", "7", "--answers", "silver,gold"])
    assert bad.exit_code == 1 and bad.output.startswith("Error: --answers: answer 2 (Buy a card: 2 coins, 1 Buy): "
                                                        "'gold' is not a choice here")


def test_log_answers_take_their_seats_from_seat_and_the_bots():
    r = CliRunner().invoke(cli, ["log", BM, "--answers", "silver", "--players", "3"])
    assert r.exit_code == 2 and "--answers replays a person's game" in r.output


def test_log_seat_and_hint_need_answers():
    r = CliRunner().invoke(cli, ["log", BM, "--seat", "2"])
    assert r.exit_code == 2 and "give it with --answers" in r.output


@pytest.mark.parametrize("answer,reason", [
    ("²", "'²' is not a choice here"),            # a digit to str.isdigit, not to int()
    ("٣", "'٣' is not a choice here"),            # a digit int() reads (3): not a number here
    ("x" * 5000, "that answer is 800 characters long"),  # the rest of the line is dropped, not read as answers
    (b"\xff\xfe", "is not a choice here"),         # input that is not UTF-8
    ("gold", "'gold' is not a choice here: Gold costs 6, and 2 coins are to spend"),  # says why not
])
def test_a_bad_piped_answer_stops_the_game_saying_where(answer, reason):
    """Piped answers are a script: a bad one means the next line was meant for a later
    question, so the game stops there (exit 1) instead of answering this one with it."""
    data = answer + b"\nsilver\n" if isinstance(answer, bytes) else f"silver\n{answer}\nsilver\n"
    r = CliRunner().invoke(cli, ["play", BM, "--seed", "7"], input=data)
    assert r.exit_code == 1 and r.output.count(reason) == 1, r.output[-600:]
    done = 0 if isinstance(answer, bytes) else 1
    assert f"the answers piped in stop fitting this game at answer {done + 1}; stopping here" in r.output
    assert r.output.count("> ") == done + 1  # no answer read after the bad one
    assert r.output.rstrip().endswith("--answers " + ("silver" if done else "''"))


def test_the_whole_game_command_names_the_hint_bot_that_sat_in_the_persons_seat():
    # without -k the supply is the bots' cards: the hint bot's Witch is in it, in the log too
    witch = "strategies/witch.yaml"
    r = CliRunner().invoke(cli, ["play", BM, "--seed", "7", "--hint", witch], input="silver\n")
    whole = next(x for x in r.output.split("\n") if x.startswith("Whole game: "))
    assert f"--hint {witch} --answers silver" in whole
    log = CliRunner().invoke(cli, whole.removeprefix("Whole game: dsim ").split())
    assert log.exit_code == 0 and "Witch" in log.output.split("\n", 3)[1] + log.output.split("\n", 3)[2]
    plain = CliRunner().invoke(cli, ["log", BM, "--seed", "7", "--answers", "silver"])
    assert "Witch" not in plain.output.split("\n", 3)[1] + plain.output.split("\n", 3)[2]
