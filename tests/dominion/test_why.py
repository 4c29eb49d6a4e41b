"""dsim log --why: the engine records which rule of which list (or which default) made
each choice, from the decision kernels themselves; stacked hands check the record, a
logged game checks the text a person reads."""
import re
from pathlib import Path

from click.testing import CliRunner

from .helpers import Table
from simulator import api
from simulator.cli import cli
from simulator.dominion import engine as E
from simulator.dominion.gamelog import why_text
from simulator.dominion.strategy import strategy_from_text

ROOT = Path(__file__).resolve().parents[2]
NOTHING = "buy: []"


def whys(t):
    """The (player, list, rule) of each EV_WHY event, in order."""
    return [(int(p), int(c), int(v)) for code, p, c, v in t.st.events() if code == E.EV_WHY]


def why_nots(t):
    """(player, rule index, reason, detail) of each EV_WHYNOT event, and the (player, what,
    value) of each EV_VALUE, in order."""
    ev = [tuple(int(x) for x in e) for e in t.st.events()]
    return ([(p, c, v % E.WN_DETAIL, v // E.WN_DETAIL) for code, p, c, v in ev if code == E.EV_WHYNOT],
            [(p, c, v) for code, p, c, v in ev if code == E.EV_VALUE])


def test_a_buy_names_the_first_rule_that_held_by_its_index_in_the_list():
    bot = "buy: ['Province: total_money > 15', Gold, 'Silver: turn <= 2', Smithy, Silver]"
    t = Table([bot, NOTHING]).stack(0, hand=["Copper"] * 3, draw=["Copper"] * 5).set_turns(0, 1)
    t.through_buys()
    assert t.discard(0)[-1] == "Silver" and whys(t) == [(0, E.L_BUY, 2)]
    # later the turn condition fails: the last rule buys the Silver
    t = Table([bot, NOTHING]).stack(0, hand=["Copper"] * 3, draw=["Copper"] * 5).set_turns(0, 6)
    t.through_buys()
    assert t.discard(0)[-1] == "Silver" and whys(t) == [(0, E.L_BUY, 4)]
    # the second seat's bot: its rules sit after the first bot's in the engine's table, and
    # the record still counts from its own list's first rule
    t = Table([NOTHING, bot]).stack(1, hand=["Copper"] * 3, draw=["Copper"] * 5).set_turns(1, 6)
    t.st.S[E.G_CUR] = 1
    t.through_buys()
    assert t.discard(1)[-1] == "Silver" and whys(t) == [(1, E.L_BUY, 4)]
    # two Buys: the second finds no rule it can pay for
    t = Table(["buy: [Gold]\nplay: [Market]", NOTHING]).stack(0, hand=["Market", "Gold", "Gold"], draw=["Copper"] * 5)
    t.through_buys()
    assert whys(t) == [(0, E.L_PLAY, 0), (0, E.L_BUY, 0), (0, E.L_BUY, E.WHY_NO_RULE)]


def test_the_guard_records_the_rule_it_passes_over():
    t = Table(["buy: [Duchy, Province, Gold]", NOTHING]).stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5)
    t.stack(1, discard=["Province", "Province"]).set_supply("Province", 1).set_supply("Duchy", 0)
    t.through_buys()
    assert [(int(c), int(v)) for code, p, c, v in t.st.events() if code == E.EV_GUARD] == \
        [(E.PROVINCE, E.L_BUY + E.NL * 1)]
    assert whys(t) == [(0, E.L_BUY, 2)]


def test_chapel_by_default_says_so_and_what_it_weighs_is_not_recorded():
    # the default Chapel asks what the buy list would take with and without each Copper:
    # those questions are not choices, and the record holds none of them
    t = Table(["buy: [Gold, Silver]\nplay: [Chapel]", NOTHING])
    t.stack(0, hand=["Chapel", "Estate", "Copper", "Copper", "Silver"], discard=["Copper"] * 6)
    t.actions_only()
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Estate", "Copper"]
    assert whys(t) == [(0, E.L_PLAY, 0), (0, E.L_TRASH, E.WHY_DEFAULT), (0, E.L_TRASH, E.WHY_DEFAULT)]
    # a Chapel with nothing worth trashing says the default decided that too
    t = Table(["buy: [Gold, Silver]\nplay: [Chapel]", NOTHING]).stack(0, hand=["Chapel", "Silver", "Gold"])
    t.actions_only()
    assert t.events(E.EV_TRASH) == [] and whys(t) == [(0, E.L_PLAY, 0), (0, E.L_TRASH, E.WHY_DEFAULT)]
    # a trash list of its own: each card by its rule, then none holds and it stops
    t = Table(["buy: []\nplay: [Chapel]\ntrash: [Curse, Estate]", NOTHING])
    t.stack(0, hand=["Chapel", "Estate", "Curse", "Copper"])
    t.actions_only()
    assert whys(t) == [(0, E.L_PLAY, 0), (0, E.L_TRASH, 0), (0, E.L_TRASH, 1), (0, E.L_TRASH, E.WHY_NO_RULE)]


def test_a_militia_victim_discards_by_its_list_then_by_the_default():
    t = Table(["buy: []\nplay: [Militia]", "buy: []\ndiscard: [Estate]"])
    t.stack(0, hand=["Militia"]).stack(1, hand=["Estate", "Copper", "Copper", "Silver", "Gold"])
    t.actions_only()
    assert t.discard(1) == ["Estate", "Copper"]
    assert whys(t) == [(0, E.L_PLAY, 0), (1, E.L_DISCARD, 0), (1, E.L_DISCARD, E.WHY_NO_RULE),
                       (1, E.L_DISCARD, E.WHY_DEFAULT)]
    # the second discard: the Estate is gone, so its rule says none is in hand
    assert why_nots(t)[0] == [(1, 0, E.WN_ABSENT, 0)]


def test_a_discard_names_the_rule_that_held_not_an_earlier_one_for_the_same_card():
    t = Table(["buy: []\nplay: [Militia]", "buy: []\ndiscard: ['Copper: turn > 50', Copper]"])
    t.stack(0, hand=["Militia"]).stack(1, hand=["Copper", "Copper", "Copper", "Silver", "Gold"])
    t.actions_only()
    assert t.discard(1) == ["Copper", "Copper"]
    assert whys(t) == [(0, E.L_PLAY, 0), (1, E.L_DISCARD, 1), (1, E.L_DISCARD, 1)]
    assert why_nots(t)[0] == [(1, 0, E.WN_COND, 0)] * 2  # 'turn > 50' is false, both times


def test_a_moat_reveal_says_whether_its_option_or_the_default_decided():
    for opts, react, why in (("", 1, E.WHY_DEFAULT), ("\noptions: {reveal_moat: 'count(Curse) > 0'}", 0, 0),
                             ("\noptions: {reveal_moat: 'count(Curse) < 1'}", 1, 1)):
        t = Table(["buy: []\nplay: [Witch]", "buy: []" + opts], kingdom=["Moat"])
        t.stack(0, hand=["Witch"], draw=["Copper"] * 2).stack(1, hand=["Moat"])
        t.actions_only()
        assert len(t.events(E.EV_REACT)) == react
        assert whys(t) == [(0, E.L_PLAY, 0), (1, E.WHY_OPTION + E.O_MOAT, why)], opts


def test_the_play_list_and_its_default_order_are_told_apart():
    # Smithy is named (rule 1); Village is not, so it comes from the default order (after
    # it); the Village draws the Smithy
    t = Table(["buy: []\nplay: [Smithy]", NOTHING], kingdom=["Village"])
    t.stack(0, hand=["Village", "Copper"], draw=["Smithy"] + ["Copper"] * 6)
    t.actions_only()
    assert t.in_play(0) == ["Village", "Smithy"]
    assert whys(t) == [(0, E.L_PLAY, 1), (0, E.L_PLAY, 0)]
    text = "\n".join(why_text(t.match.bots[0], E.L_PLAY, v, None) for v in (0, 1))
    assert text == "play rule 1 (line 2): Smithy\nplay: the default order (an Action the play list does not name)"


def test_why_text_names_the_rule_and_its_line_before_each_buy():
    bot = ROOT / "strategies" / "council_room_militia.yaml"
    lines = bot.read_text().splitlines()
    text = api.log_game([str(bot), str(ROOT / "strategies" / "big_money_ultimate.yaml")], seed=3, why=True)
    out = text.splitlines()
    turn, buys = "", []
    for i, ln in enumerate(out):
        turn = ln if ln.startswith("Turn ") else turn
        if ln.startswith("  buys ") and turn.endswith("Council Room Militia (seat 1)"):
            buys.append(i)
    assert len(buys) > 5
    for i in buys:
        card = out[i].removeprefix("  buys ")
        why = out[i - 2] if out[i - 1].startswith("      above it: ") else out[i - 1]  # the rules above, if any
        m = re.fullmatch(r"    why: buy rule (\d+) \(line (\d+)\): (.*)", why)
        assert m, out[i - 2:i + 1]
        assert (int(m.group(1)) > 1) == out[i - 1].startswith("      above it: ")  # rule 1 has none above
        rule = m.group(3)
        assert rule.split(":")[0] == card
        # the rule the line says is the file's line, as written
        assert lines[int(m.group(2)) - 1].strip().lstrip("- ").strip("'") == rule
    # Big Money Ultimate has no discard list: a Militia victim's discard is its default list
    assert re.search(r"    why, for Big Money Ultimate \(seat 2\): discard: (the default list's rule \d+: \w+|"
                     r"default \(Militia: the card least wanted)", text)
    # without --why, no why-line
    assert "    why" not in api.log_game([str(bot), str(ROOT / "strategies" / "big_money_ultimate.yaml")], seed=3)


def test_why_cli_and_a_random_bot_has_no_why():
    r = CliRunner().invoke(cli, ["log", str(ROOT / "strategies" / "chapel_witch.yaml"),
                                 str(ROOT / "strategies" / "witch.yaml"), "--why", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert "    why: play rule" in r.output and "why: trash: default (Chapel:" in r.output
    # a random bot's choices come from no rule: its log says none
    rnd = strategy_from_text("name: R\nrandom: true\nbuy: []\n", "r.yaml")
    text = api.log_game([rnd, rnd], seed=1, why=True)
    assert "plays" in text and "    why" not in text


def test_each_rule_above_the_one_that_bought_says_why_it_did_not():
    """Witch's player with 7 coins and one Province left buys Gold: the Province is too
    dear, the Duchy and Estate piles are empty, and Silver's condition read its values."""
    bot = ("buy: [Province, 'Duchy: supply(Province) <= 4', 'Estate: supply(Province) <= 2', "
           "'Silver: count(Silver) < 1 and coins < 6', Gold, Silver]")
    t = Table([bot, NOTHING]).stack(0, hand=["Gold", "Gold", "Copper"], draw=["Copper"] * 5)
    t.set_supply("Province", 1).set_supply("Duchy", 0).set_supply("Estate", 0)
    t.through_buys()
    assert t.discard(0)[-1] == "Gold" and whys(t) == [(0, E.L_BUY, 4)]
    nots, values = why_nots(t)
    assert nots == [(0, 0, E.WN_COST, 7), (0, 1, E.WN_EMPTY, 0), (0, 2, E.WN_EMPTY, 0), (0, 3, E.WN_COND, 0)]
    from simulator.dominion.cards import parse_card
    assert values == [(0, E.OP_COUNT * E.EV_ARG + parse_card("Silver").id, 0), (0, E.OP_VAR * E.EV_ARG + E.VR_COINS, 7)]
    # none held: every rule says why
    t = Table([bot, NOTHING]).stack(0, hand=["Copper"], draw=["Copper"] * 5)
    t.through_buys()
    nots, _ = why_nots(t)
    assert whys(t) == [(0, E.L_BUY, E.WHY_NO_RULE)] and [n[1] for n in nots] == [0, 1, 2, 3, 4, 5]
    assert {n[2] for n in nots} == {E.WN_COST}


def test_the_log_says_why_the_rules_above_did_not_choose_with_the_values_read(tmp_path):
    from simulator.dominion.gamelog import why_not_text
    bot = strategy_from_text("buy: [Province, 'Duchy: supply(Province) <= 4', 'Estate: supply(Province) <= 2', "
                             "'Silver: count(Silver) < 1 and coins < 6', Gold, Silver]", "b.yaml")
    passed = [(0, E.WN_COST, 7, []), (1, E.WN_EMPTY, 0, []), (2, E.WN_EMPTY, 0, []),
              (3, E.WN_COND, 0, [(E.OP_COUNT * E.EV_ARG + bot.buy[3].card.id, 2),
                                 (E.OP_VAR * E.EV_ARG + E.VR_COINS, 7)])]
    assert why_not_text(bot, "buy", passed) == (
        "too dear with 7 coins: Province (8); pile empty: Duchy, Estate; "
        "Silver: 'count(Silver) < 1 and coins < 6' is false (count(Silver) = 2, coins = 7)")
    # in a whole logged game, every buy with a rule above it says so
    text = api.log_game([str(ROOT / "strategies" / "witch.yaml"), str(ROOT / "strategies" / "big_money_ultimate.yaml")],
                        seed=3, why=True)
    lines = text.splitlines()
    above = [i for i, ln in enumerate(lines) if ln.startswith("      above it: ")]
    assert above and all(lines[i - 1].startswith("    why") for i in above)
    assert "too dear with" in text and "is false (supply(Province) = " in text
    assert "above it" not in api.log_game([str(ROOT / "strategies" / "witch.yaml")] * 2, seed=3)
