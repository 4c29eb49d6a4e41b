"""dsim log --why for Splendor: the engine records which rule of which list, or which step
of the defaults, chose each move, a token returned and a noble; known boards check the
record, a logged game the text."""
import re
from pathlib import Path

from click.testing import CliRunner

from simulator import api
from simulator.cli import cli
from simulator.splendor import layout as E
from simulator.splendor.cards import CARDS
from simulator.splendor.gamelog import render
from .helpers import G, GOLD, R, U, W, bot, noble, state, turns

ROOT = Path(__file__).resolve().parents[2]
THREE_BLACK = 8        # level 1, blue bonus, 0 points, costs 3 black
FOUR_GREEN = 7         # level 1, white bonus, 1 point, costs 4 green


def render_text(st) -> list[str]:
    """The known board's turn as ``--why`` renders it."""
    bots = [st.match.bots[int(st.S[E.S_SEAT + p])] for p in range(st.match.players)]
    return render(st.events(), ["p0", "p1"], 2, "", bots).splitlines()


def whys(st, p=0):
    return [(int(c), int(v)) for code, q, c, v in st.events() if code == E.EV_WHY and q == p]


def board(st, level1=(), level2=(), level3=()):
    for lv, cards in ((1, level1), (2, level2), (3, level3)):
        st.set_board(lv, list(cards) + [-1] * (4 - len(cards)))


def test_a_buy_names_its_rule_and_the_default_steps_are_told_apart():
    # rule 2 buys (rule 1 selects nothing on this board)
    st = state(bots=[bot("buy: ['level 3', 'level 1']"), bot("", "o")])
    board(st, [THREE_BLACK])
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])
    turns(st)
    assert THREE_BLACK in st.owned(0) and whys(st) == [(E.L_BUY, 1)]
    # no buy list: default step 1 buys
    st = state(bots=[bot(""), bot("", "o")])
    board(st, [THREE_BLACK])
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])
    turns(st)
    assert THREE_BLACK in st.owned(0) and whys(st) == [(E.L_BUY, -1)]
    # a buy list that selects nothing it can afford: default step 2 takes gems for the aim
    st = state(bots=[bot("buy: ['level 1']"), bot("", "o")])
    board(st, [THREE_BLACK])
    turns(st)
    assert sum(st.tokens(0)) > 0 and whys(st) == [(E.L_TAKE, -2)]


def test_a_take_rule_that_can_take_nothing_gives_way_to_the_defaults():
    # the bank holds no gem: the take rule, then the default take, take nothing; no card is
    # affordable, so the defaults' step 4 reserves. Each was weighed in turn; the reserve's
    # why is the last word
    st = state(bots=[bot("buy: ['level 3']\ntake: ['level 1']"), bot("", "o")])
    board(st, [FOUR_GREEN])
    st.set_bank([0, 0, 0, 0, 0, 5])
    turns(st)
    assert st.tokens(0)[GOLD] == 1 and whys(st) == [(E.L_TAKE, 0), (E.L_TAKE, -2), (E.L_RESERVE, -4)]
    # the text: only the last why is shown, after the reserve
    lines = [ln for ln in render_text(st) if ln.startswith("  p0: ")]
    assert len(lines) == 1 and "reserves L1 white 1pt (4G) [default 4: nothing else to do" in lines[0], lines


def test_returns_name_their_rule_or_the_default():
    # 9 tokens; the default take for FOUR_GREEN is two green: 11, one goes back. The return
    # rule gives back a white; the default the red it holds most of
    for lists, back, why in (("return: [white]", W, 0), ("", R, -1)):
        st = state(bots=[bot("buy: ['level 3']\n" + lists), bot("", "o")])
        board(st, [FOUR_GREEN])
        st.set_tokens(0, [2, 2, 0, 3, 2, 0])
        turns(st)
        held = [2, 2, 2, 3, 2, 0]
        held[back] -= 1
        assert st.tokens(0) == held, lists
        assert whys(st) == [(E.L_TAKE, -2), (E.L_RETURN, why)], lists


def test_a_noble_visit_names_the_noble_rule():
    req = (3, 3, 3, 0, 0)
    n = noble(req)
    st = state(bots=[bot("noble: [white]\nbuy: ['level 1']"), bot("", "o")])
    st.set_nobles([n])
    board(st, [THREE_BLACK])
    for colour in (W, U, G):
        for c in [c.id for c in CARDS if c.level == 1 and c.bonus == colour and c.id != THREE_BLACK][:3]:
            st.give_card(0, c)
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])
    turns(st)
    assert (E.L_NOBLE, 0) in whys(st)


def test_why_text_in_a_whole_game_and_the_cli():
    bot_file = ROOT / "strategies" / "splendor" / "cheap_engine.yaml"
    other = ROOT / "strategies" / "splendor" / "greedy.yaml"
    text = api.log_game([str(bot_file), str(other)], seed=4, why=True)
    lines = bot_file.read_text().splitlines()
    mine = "\n".join(ln for ln in text.splitlines() if ln.startswith("  Cheap Engine: "))
    rules = re.findall(r"\[(\w+) rule \d+ \(line (\d+)\): ([^\];]*)(?:; passed over: [^\]]*)?\]", mine)
    assert rules
    for key, line, rule in rules:
        assert lines[int(line) - 1].strip().lstrip("- ").strip("'\"") == rule, (key, line, rule)
    assert re.search(r"  Greedy: takes .* \[default 2: gems for its aim", text)  # Greedy has no take list
    assert re.search(r"buys [^\[;]* \[buy rule \d+ \(line \d+\): [^\]]*\], paying ", text)
    assert "[" not in api.log_game([str(bot_file), str(other)], seed=4).split("Round 1", 1)[1].replace(
        "(empty)", "")
    r = CliRunner().invoke(cli, ["log", str(bot_file), str(other), "--why", "--seed", "4"])
    assert r.exit_code == 0 and r.output == text


def test_the_rules_a_move_passed_over_say_why_with_the_values_read():
    """Rule 1 of the buy list names a level 3 card the player cannot buy, rule 2's
    condition is false: rule 3 buys. Each passed-over rule is recorded with its reason,
    the false condition with what it read, and the log says them in the move's brackets."""
    st = state(bots=[bot("buy: ['level 3', 'level 1: points >= 5', 'level 1']"), bot("", "o")])
    board(st, [THREE_BLACK], [], [])
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])
    turns(st)
    assert THREE_BLACK in st.owned(0) and whys(st) == [(E.L_BUY, 2)]
    ev = [tuple(int(x) for x in e) for e in st.events()]
    nots = [(c // E.WN_LIST, c % E.WN_LIST, v) for code, p, c, v in ev if code == E.EV_WHYNOT and p == 0]
    assert nots == [(E.L_BUY, 0, E.WN_NONE), (E.L_BUY, 1, E.WN_COND)]
    values = [(c // E.EV_ARG, v) for code, p, c, v in ev if code == E.EV_VALUE and p == 0]
    assert values == [(E.OP_VAR, 0)]  # points, read as 0
    line = next(ln for ln in render_text(st) if "buys" in ln and ln.startswith("  p0"))
    assert re.search(r"\[buy rule 3 \(line \d+\): level 1; passed over: buy 1: no card it names can be bought; "
                     r"buy 2 'points >= 5' is false \(points = 0\)\]", line), line
