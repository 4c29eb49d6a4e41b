"""dsim play in a real pseudo-terminal (pexpect), as a person plays it: a whole Dominion
game against Big Money and a whole Splendor game against Greedy, answered by a simple
policy read off the screen; the screen checked at several points; the replay and log
commands it prints give the same game; Ctrl-C, a narrow terminal, and piped input.

Compiled only: each answer replays the game from its start, which plain Python makes a
matter of minutes per game (the decisions themselves are tested both ways, in
tests/dominion/test_play.py and tests/splendor/test_splendor_play.py)."""
import os
import re
import shlex
import subprocess
import sys

import pytest

from ..helpers import JIT, ROOT

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(not JIT, reason="a whole game replayed answer by answer: compiled only")

PROMPT = "\r\n> "
CHOICE = re.compile(r"^\s+(\d+)\s+(.*)$")


def spawn(*args, width=100):
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="dumb")
    for k in ("COLUMNS", "LINES"):  # the terminal's own size, not one a test runner set (pytest-xdist's workers)
        env.pop(k, None)
    return pexpect.spawn(sys.executable, ["-m", "simulator.cli", "play", *map(str, args)], cwd=str(ROOT), env=env,
                         encoding="utf-8", dimensions=(40, width), timeout=120)


def choices(screen: str) -> list[tuple[int, str]]:
    """The numbered choices listed last on a screen."""
    out = []
    for line in reversed(screen.replace("\r", "").split("\n")):
        m = CHOICE.match(line)
        if not m:
            if out:
                break
            continue
        out.append((int(m.group(1)), m.group(2)))
    return out[::-1]


def play_out(child, policy, max_answers=800) -> tuple[list[str], str]:
    """Answer every question by ``policy(screen, choices)`` until the game ends: the
    screens, and what followed the last answer."""
    screens = []
    for _ in range(max_answers):
        i = child.expect([PROMPT, pexpect.EOF])
        if i == 1:
            return screens, child.before
        screens.append(child.before)
        child.sendline(str(policy(child.before, choices(child.before))))
    raise AssertionError("the game did not end")


def dominion_policy(screen, opts):
    """The dearest card on a buy; the first choice anywhere else."""
    return opts[0][0] if opts[0][0] != 0 else opts[-1][0]


def splendor_policy(screen, opts):
    """Buy what can be bought, else the first choice (a take, a colour back, a noble)."""
    buys = [n for n, label in opts if label.startswith("buy ")]
    return buys[0] if buys else opts[0][0]


def replay(line: str) -> str:
    """Run the command a game printed (``dsim`` as ``python -m simulator.cli``)."""
    cmd = line.replace("dsim ", f"{shlex.quote(sys.executable)} -m simulator.cli ", 1)
    r = subprocess.run(cmd, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_a_whole_dominion_game_against_big_money_in_a_terminal():
    child = spawn("strategies/big_money.yaml", "-k", "kingdoms/first_game.yaml", "--seed", 11)
    child.expect(PROMPT)
    first = child.before
    assert "you are seat 1 of 2; seed 11" in first and "Turn 1 — your turn" in first
    assert "Big Money (seat 2): 3 VP, 10 cards" in first and "Supply (cost, cards left)" in first
    assert re.search(r"Militia +4 +10", first) and "hand: " in first
    assert "Buy a card: " in first
    child.sendline("hint")
    child.expect(PROMPT)
    assert "Big Money would buy" in child.before
    child.sendline("zzz")
    child.expect(PROMPT)
    assert "'zzz' is not a choice here" in child.before
    child.sendline("?")
    child.expect(PROMPT)
    assert "hint   what Big Money would do here" in child.before
    child.sendline(str(dominion_policy(first, choices(first))))
    screens, end = play_out(child, dominion_policy)
    assert any("last turn: " in s for s in screens) and any("Turn 5 — your turn" in s for s in screens)
    child.close()
    assert child.exitstatus == 0
    end = end.replace("\r", "")
    assert "Game over: " in end and re.search(r"^(Winner|Shared win): ", end, re.M)
    assert re.search(r"You \(seat 1\): -?\d+ VP in \d+ turns", end)
    again = next(x for x in end.split("\n") if x.startswith("Replay: ")).removeprefix("Replay: ")
    whole = next(x for x in end.split("\n") if x.startswith("Whole game: ")).removeprefix("Whole game: ")
    final = end[end.index("Game over"):end.index("Replay: ")]
    # the printed commands give the same game: replayed from piped answers, and as a log
    assert final in replay(again)
    log = replay(whole)
    assert log.startswith("Game 0 of seed 11: You (seat 1) vs Big Money (seat 2)") and final in log


def test_a_whole_splendor_game_against_greedy_in_a_terminal():
    child = spawn("strategies/splendor/greedy.yaml", "--seed", 5, "--seat", 2)
    child.expect(PROMPT)
    first = child.before
    assert "you are seat 2 of 2" in first and "Round 1 — your turn" in first  # the log's word too
    assert "Greedy (seat 1): 0 points" in first and "last turn: takes" in first
    assert re.search(r"Bank: \dW \dU \dG \dR \dK, \d gold", first)  # every colour, those at 0 too
    assert "level 3 (16 in the deck):" in first and "Your move" in first
    assert re.search(r"\n  reserve, taking a gold: \d+–\d+ level 1's cards; ", first)  # the reserves on one line
    child.sendline("log")
    child.expect(PROMPT)
    assert "Round 1" in child.before and "Greedy (seat 1): takes" in child.before
    child.sendline(str(splendor_policy(first, choices(first))))
    screens, end = play_out(child, splendor_policy)
    assert any("You: " in s and "bonuses 1" in s for s in screens)
    child.close()
    assert child.exitstatus == 0
    end = end.replace("\r", "")
    assert "Game over: " in end and re.search(r"^(Winner|Shared win): ", end, re.M)
    whole = next(x for x in end.split("\n") if x.startswith("Whole game: ")).removeprefix("Whole game: ")
    assert end[end.index("Game over"):end.index("Replay: ")] in replay(whole)


def test_ctrl_c_stops_with_the_score_so_far_and_exit_130():
    child = spawn("strategies/big_money.yaml", "--seed", 3)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    assert "Score so far: You (seat 1) 3 VP, Big Money (seat 2) 3 VP" in child.before
    child.close()
    assert child.exitstatus == 130 or child.signalstatus is None and child.status == 130 << 8


@pytest.mark.parametrize("bot", ["strategies/big_money.yaml", "strategies/splendor/greedy.yaml"])
def test_a_narrow_terminal_wraps_every_line(bot):
    child = spawn(bot, "--seed", 2, width=50)
    child.expect(PROMPT)
    screen = child.before.replace("\r", "")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    lines = screen.split("\n")[1:]  # the first line is the header, before the screen
    assert max(len(x) for x in lines) <= 50, [x for x in lines if len(x) > 50]
    assert choices(screen)


def test_piped_answers_replay_the_same_game_and_end_of_input_ends_cleanly():
    cmd = [sys.executable, "-m", "simulator.cli", "play", "strategies/big_money.yaml", "--seed", "7"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    runs = [subprocess.run(cmd, input="silver\n0\nsilver\n", cwd=ROOT, capture_output=True, text=True,
                           timeout=120, env=env) for _ in range(2)]
    assert runs[0].returncode == 0 and runs[0].stdout == runs[1].stdout
    out = runs[0].stdout
    assert "> silver\n" in out and "(end of input)" in out and "\x1b" not in out
    assert "Replay: printf '%s\\n' silver none silver | dsim play strategies/big_money.yaml --seat 1 --seed 7" in out


SHIPPED = sorted(p.relative_to(ROOT) for p in (ROOT / "strategies").rglob("*.yaml"))


@pytest.mark.parametrize("bot", SHIPPED, ids=str)
def test_a_person_can_play_a_whole_game_against_every_shipped_bot(bot):
    from simulator import api
    splendor = "splendor" in bot.parts
    table, _ = api.person_table([str(ROOT / bot)], seed=3)
    answers = []
    for _ in range(3000):
        st = table.replay(answers)
        q = table.question(st)
        if q is None:
            break
        assert q.choices and q.prompt and q.hint and q.standing
        if splendor:
            pick = next((c for c in q.choices if c.label.startswith("buy ")), q.choices[0])
        else:
            pick = q.choices[0] if q.choices[0].number == 1 else q.choices[-1]
        answers.append(pick.value)
    else:
        raise AssertionError("the game did not end")
    assert "Game over" in table.final(st) and int(st.S[table.game.layout.G_ENDED]) > 0
