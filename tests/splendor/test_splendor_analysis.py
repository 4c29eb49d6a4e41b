"""How a bot plays, counted by the engine (Tally.stats, splendor.csv): each counter on a
known board, hand-counted; then whole runs, whose counters must add up to what the
engine tallies elsewhere (turns, points, cards, reserves) and to the per-game records."""
import json
import math

import numpy as np
import pandas as pd
import pytest

from simulator import api
from simulator.splendor import layout as E
from simulator.splendor.analysis import POINTS, SHARES, STATS, stats_table
from simulator.splendor.cards import CARDS
from simulator.splendor.game import ITEMS

from .helpers import B, G, R, U, W, bot, card, noble, one_level_board, state, turns
from ..helpers import ROOT, scaled

SPL = ROOT / "strategies" / "splendor"


def stats(st, b=0) -> dict:
    """Bot b's counters after the turns played, by name (zeros left out)."""
    return {k: int(v) for k, v in zip(STATS, st.tally(1).stats[b]) if v}


def no_check(st):
    st.S[E.S_VAR + E.V_CHECK] = 0   # a board changed by hand: no conservation check at the end


# ---------------------------------------------------------------- one turn at a time
def test_three_colours_is_take_three_fewer_colours_in_the_bank_is_take_fewer():
    st = state(bots=[bot("take: [closest]"), bot(name="o")])
    aim = card(1, W, 0, [0, 1, 1, 1, 1])
    one_level_board(st, [aim])
    st.set_bank([4, 4, 4, 4, 4, 5])
    turns(st)
    assert stats(st) == {"take_three": 1}
    st.set_tokens(0, [0, 0, 0, 0, 0, 0])
    st.set_bank([0, 0, 0, 3, 3, 5])      # two colours left: the take holds two gems
    turns(st, 2)                          # the opponent (bot 1, counted apart), then player 0
    assert stats(st) == {"take_three": 1, "take_fewer": 1}
    assert st.tokens(0)[R] == st.tokens(0)[B] == 1 and sum(st.tokens(0)) == 2


def test_two_of_one_colour_is_take_two():
    st = state(bots=[bot("take: ['closest two']"), bot(name="o")])
    one_level_board(st, [card(1, W, 1, [0, 0, 4, 0, 0])])
    st.set_bank([4, 4, 4, 4, 4, 5])
    turns(st)
    assert stats(st) == {"take_two": 1} and st.tokens(0)[G] == 2


def test_the_default_take_of_two_of_a_colour_is_take_two():
    st = state()                          # no lists: the default takes two of the one colour its aim lacks
    one_level_board(st, [card(1, W, 1, [0, 0, 4, 0, 0])])
    st.set_bank([4, 4, 4, 4, 4, 5])
    turns(st)
    assert st.tokens(0) == [0, 0, 2, 0, 0, 0] and stats(st) == {"take_two": 1}


def test_a_reserve_is_counted_by_where_the_card_was_and_its_gold_as_taken():
    st = state(bots=[bot("reserve: ['level 2 deck: reserved == 0', 'level 1']"), bot(name="o")])
    st.set_bank([0, 0, 0, 0, 0, 5])       # no gem to take: its lists decide
    turns(st)
    assert stats(st) == {"reserve_deck": 1}
    turns(st, 2)
    assert stats(st) == {"reserve_deck": 1, "reserve_board": 1}
    t = st.tally(1)
    assert t.gained[0, E.I_RESERVED] == 2 and t.gained[0, E.I_GOLD] == 2


def test_a_buy_is_counted_by_where_the_card_was_with_its_gold_and_points_by_level():
    st = state(bots=[bot("buy: [reserved, 'level 2']"), bot(name="o")])
    three = card(3, W, 4, [0, 0, 0, 0, 7])
    two = next(c.id for c in CARDS if c.level == 2 and c.points == 2 and c.cost[U] == 5 and sum(c.cost) == 5)
    st.set_reserved(0, [three])
    one_level_board(st, [two], level=2)
    st.set_tokens(0, [0, 0, 0, 0, 5, 2])  # 5 black and 2 gold pay the 7 black
    turns(st)
    assert stats(st) == {"buy_reserved": 1, "gold_spent": 2, "points_level_3": 4}
    st.set_tokens(0, [0, 4, 0, 0, 0, 1])  # 4 blue and a gold pay the 5 blue
    turns(st, 2)
    assert stats(st) == {"buy_reserved": 1, "buy_board": 1, "gold_spent": 3, "points_level_3": 4,
                         "points_level_2": 2, "reach_5_turns": 2, "reach_5_games": 1}   # 4 -> 6 on turn 2
    assert st.points(0) == 6


def test_a_nobles_points_are_counted_apart_from_the_cards():
    st = state(bots=[bot("take: [closest]"), bot(name="o")])
    n = noble([0, 4, 4, 0, 0])
    st.set_nobles([n, -1, -1])
    st.S[E.G_NNOB] = 1
    for colour in (U, G):
        for x in [x.id for x in CARDS if x.level == 1 and x.bonus == colour and x.points == 0][:4]:
            st.give_card(0, x)
    no_check(st)
    turns(st)
    s = stats(st)
    assert s["points_nobles"] == 3 and st.noble_owner(n) == 0 and "points_level_1" not in s


def test_tokens_given_back_over_ten_are_counted():
    st = state(bots=[bot("take: [closest]"), bot(name="o")])
    one_level_board(st, [card(3, W, 4, [0, 0, 0, 0, 7])], level=3)
    st.set_tokens(0, [2, 2, 2, 2, 1, 0])   # 9: a take of three gives 12, two go back
    st.set_bank([2, 2, 2, 2, 3, 5])
    turns(st)
    assert stats(st) == {"take_three": 1, "tokens_returned": 2} and sum(st.tokens(0)) == 10


def test_a_player_with_no_legal_move_passes():
    st = state()
    st.set_bank([0, 0, 0, 0, 0, 0])
    st.set_reserved(0, [st.board(1)[0], st.board(1)[1], st.board(1)[2]])
    turns(st)
    assert stats(st) == {"pass": 1}


def one_point_short(points: int):
    """Player 0 holds ``points`` (with three cards worth none) and can buy a 1-point
    level-1 card, the only face-up card; both bots buy points first."""
    st = state(bots=[bot("buy: [points]"), bot("buy: [points]", "o")])
    for x in [x.id for x in CARDS if x.points == 0][:3]:
        st.give_card(0, x)
    st.S[st.o(0, E.PS_POINTS)] = points
    one_level_board(st, [card(1, W, 1)])
    st.set_tokens(0, [0, 0, 4, 0, 0, 0])
    no_check(st)
    return st


def test_the_turn_a_score_is_reached_is_counted_once_per_threshold_crossed():
    st = one_point_short(4)
    turns(st)                               # own turn 1: 4 -> 5
    assert stats(st) == {"buy_board": 1, "points_level_1": 1, "reach_5_turns": 1, "reach_5_games": 1}
    st.S[st.o(0, E.PS_POINTS)] = 9
    five = card(3, W, 5)
    one_level_board(st, [five], level=3)
    st.set_tokens(0, list(CARDS[five].cost) + [0])
    turns(st, 2)                            # own turn 2: 9 -> 14 crosses 10 only
    s = stats(st)
    assert (s["reach_10_turns"], s["reach_10_games"], s.get("reach_15_games", 0)) == (2, 1, 0)
    assert s["reach_5_games"] == 1          # 5 was reached once, on turn 1


def test_reserved_cards_still_held_at_the_end_are_counted_as_never_bought():
    st = one_point_short(14)
    st.set_reserved(1, st.deck(2)[-2:])
    turns(st, 2)                            # player 0 reaches 15; player 1 ends the round
    assert st.S[E.G_ENDED] == E.END_POINTS
    assert stats(st, 1).get("reserved_unbought") == 2 and "reserved_unbought" not in stats(st, 0)


# ---------------------------------------------------------------- whole runs
MATCHES = [
    ([SPL / "random.yaml"] * 2, {}),
    ([SPL / "reserve_heavy.yaml", SPL / "noble_chaser.yaml", SPL / "random.yaml"], {}),
    ([SPL / "cheap_engine.yaml", SPL / "reserve_heavy.yaml", SPL / "level3_rush.yaml", SPL / "random.yaml"],
     {"target": 21}),
    ([SPL / "two_gem_hoarder.yaml", SPL / "noble_chaser.yaml"], {"turn_cap": 40}),
]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("bots,rules", MATCHES, ids=["random 2p", "3p", "4p target 21", "capped"])
def test_the_counters_add_up_to_the_turns_points_cards_and_records(bots, rules, tmp_path):
    saved = tmp_path / "games.csv"
    res = api.simulate([str(b) for b in bots], games=scaled(600), seed=7, jobs=1, rules=rules,
                       save_games=str(saved))
    t = res.tally
    x = {k: i for i, k in enumerate(STATS)}
    per_game = pd.read_csv(saved)
    for b, name in enumerate(res.summary.bot):
        s = t.stats[b]
        actions = sum(s[x[k]] for k in ("take_three", "take_fewer", "take_two", "reserve_board", "reserve_deck",
                                         "buy_board", "buy_reserved", "pass"))
        assert actions == t.bot[b, E.TB_TURNS]                       # one action a turn
        assert sum(s[x[k]] for k in POINTS) == t.bot[b, E.TB_POINTS]  # points come from cards and nobles
        assert s[x["buy_board"]] + s[x["buy_reserved"]] == t.gained[b, :E.I_NOBLE].sum()
        assert s[x["reserve_board"]] + s[x["reserve_deck"]] == t.gained[b, E.I_RESERVED]
        assert s[x["points_nobles"]] == 3 * t.gained[b, E.I_NOBLE:E.I_RESERVED].sum()
        assert s[x["gold_spent"]] <= t.gained[b, E.I_GOLD]
        assert s[x["reserved_unbought"]] <= s[x["reserve_board"]] + s[x["reserve_deck"]] - s[x["buy_reserved"]]
        reached = [s[x[f"reach_{n}_games"]] for n in E.REACH]
        assert t.bot[b, E.TB_GAMES] >= reached[0] >= reached[1] >= reached[2]
        # the per-game records (--save-games): the same points and turns, game by game summed
        points = turns_ = 0
        for seat in range(len(bots)):
            mine = per_game[per_game[f"seat{seat + 1}_bot"] == name]
            points += int(mine[f"seat{seat + 1}_points"].sum())
            turns_ += int(mine[f"seat{seat + 1}_turns"].sum())
        assert (points, turns_) == (t.bot[b, E.TB_POINTS], actions)
    if "turn_cap" not in rules:
        assert t.stats[:, x["reach_15_games"]].sum() >= res.endings.set_index("ending").games["points"]


@pytest.mark.timeout(300)
def test_splendor_csv_has_shares_that_add_up_points_that_add_up_and_the_human_rows():
    res = api.simulate([str(SPL / "reserve_heavy.yaml"), str(SPL / "cheap_engine.yaml")], games=scaled(400),
                       seed=2, jobs=1)
    df = res.game_stats.set_index("bot")
    bots = list(res.summary.bot)
    assert list(df.index[:2]) == bots and (df.loc[bots, "source"] == "").all()
    assert np.allclose(df.loc[bots, list(SHARES)].sum(axis=1), 1.0)
    assert np.allclose(df.loc[bots, list(POINTS)].sum(axis=1), res.summary.set_index("bot").mean_points[bots])
    assert np.allclose(df.loc[bots, "mean_points"], res.summary.set_index("bot").mean_points[bots])
    assert np.allclose(df.loc[bots, "turns"], res.summary.set_index("bot").mean_turns[bots])
    assert df.loc["Reserve Heavy", "share_reserve"] > df.loc["Cheap Engine", "share_reserve"]
    people = df.loc["people: all players"]
    assert people.source == "Board Game Arena statistics" and people.share_buy == 0.452
    assert math.isclose(people.mean_points, 0.88 + 6.1 + 4.32 + 1.57)
    assert math.isnan(people.share_take_fewer)               # a figure the source does not give
    two = df.loc["people: 2 players"]
    assert (two.turns, two.cards) == (27.2, 13.0) and "Spendee" in two.source


# ---------------------------------------------------------------- the reports
def _dsim(*args):
    from click.testing import CliRunner

    from simulator.cli import cli
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.timeout(300)
def test_a_run_writes_splendor_csv_and_png_and_report_html_shows_the_table(tmp_path):
    out = tmp_path / "out"
    r = _dsim("run", SPL / "reserve_heavy.yaml", SPL / "greedy.yaml", "-n", scaled(2000), "--seed", 3, "-j", 1,
              "--out", out, "-q")
    assert r.exit_code == 0, r.output
    df = pd.read_csv(out / "splendor.csv")
    assert list(df.bot[:2]) == ["Reserve Heavy", "Greedy"] and df.bot[2:].str.startswith("people").all()
    assert {"share_take_three", "share_buy", "points_level_3", "points_nobles", "turn_to_15"} <= set(df.columns)
    assert (out / "splendor.png").stat().st_size > 10_000
    page = (out / "report.html").read_text()
    assert "How the bots play" in page and "Board Game Arena statistics" in page and "points from nobles" in page
    assert page.count("data:image/png;base64,") == 6             # win rates, seats, length, curves, cards, splendor
    meta = json.loads((out / "run.json").read_text())
    assert meta["stats"]["name"] == "splendor" and meta["chart"]["groups"]["nobles"]


@pytest.mark.timeout(300)
def test_the_json_output_holds_the_figures_and_a_dominion_run_has_none(tmp_path):
    r = _dsim("run", SPL / "greedy.yaml", SPL / "greedy.yaml", "-n", scaled(1000), "--seed", 3, "-j", 1,
              "--format", "json", "-q")
    rows = json.loads(r.stdout)["game_stats"]
    assert [x["bot"] for x in rows[:2]] == ["Greedy", "Greedy (2)"]
    assert math.isclose(sum(rows[0][k] for k in SHARES), 1.0) and rows[2]["share_take_fewer"] is None
    out = tmp_path / "dom"
    r = _dsim("run", ROOT / "strategies" / "big_money.yaml", ROOT / "strategies" / "big_money.yaml", "-n", 50,
              "--seed", 3, "-j", 1, "--out", out, "-q", "--format", "json")
    assert "game_stats" not in json.loads(r.stdout)
    assert not list(out.glob("splendor.*")) and len(list(out.glob("*.png"))) == 5


@pytest.mark.timeout(300)
def test_capped_games_are_said_to_be_shared_unless_scored_by_points():
    args = ["run", SPL / "two_gem_hoarder.yaml", SPL / "noble_chaser.yaml", "-n", scaled(400), "--seed", 1, "-j", 1,
            "--rules", "turn_cap=12"]
    shared = _dsim(*args).output
    assert "games hit the turn cap (12 turns each) and were shared by every player" in shared
    points = _dsim(*args, "--rules", "unfinished=points").output
    assert "games hit the turn cap (12 turns each) and were scored by points at the cap" in points


@pytest.mark.timeout(300)
def test_a_bot_named_like_a_reference_row_is_still_a_bot(tmp_path):
    from simulator.report.reports import write_reports
    from simulator.splendor.bots import bot_from_text
    twin = bot_from_text("game: splendor\nname: 'people: winners'\nbuy: [points]\n", "twin.yaml")
    res = api.simulate([twin, str(SPL / "greedy.yaml")], games=scaled(300), seed=1, jobs=1)
    df = res.game_stats
    assert list(df.bot[:3]) == ["people: winners", "Greedy", "people: all players"]
    assert df.source[0] == "" and df.games[0] == res.summary.games[0]
    write_reports(res, tmp_path)
    assert (tmp_path / "splendor.png").exists() and (tmp_path / "report.html").exists()
    games = (tmp_path / "splendor.csv").read_text().splitlines()[1].split(",")[1]
    assert games == str(scaled(300))                           # a whole number, never 300.0 or 1.2e+06


def test_no_human_rows_beside_a_variant_people_did_not_play():
    for rules, refs in (({}, 3), ({"target": 21}, 0), ({"turn_cap": 20}, 0)):
        res = api.simulate([str(SPL / "greedy.yaml")] * 2, games=20, seed=1, jobs=1, rules=rules)
        assert (res.game_stats.source != "").sum() == refs, rules


# ---------------------------------------------------------------- the figures' definitions
PLANNER = ("buy: [reserved, any]\nreserve: ['deck level 2: turn == 1', 'level 1: turn <= 3']\ntake: [closest]",
           "planner")


def _one_colour(level, colour, points=0) -> int:
    """A card of ``level`` costing gems of one colour only (and ``points``)."""
    return next(c.id for c in CARDS if c.level == level and c.points == points
                and sum(c.cost) == c.cost[colour] > 0)


def _own_turn(st, board, tokens, expect: str, bank=(4, 4, 4, 4, 4, 5)):
    """Player 0's next turn on this level-1 row with these tokens (its opponent's turn
    first, when player 0 has had one), which must add one to counter ``expect``."""
    if st.ps(0, E.PS_TURNS):
        turns(st)
    one_level_board(st, board)
    st.set_bank(list(bank))
    st.set_tokens(0, tokens)
    before = stats(st).get(expect, 0)
    turns(st)
    assert stats(st).get(expect, 0) == before + 1, (expect, stats(st))


def test_splendor_csv_figures_are_their_definitions_on_two_games_counted_by_hand():
    """Game 1, player 0's seven turns: reserves from the level-2 deck, then two face-up
    cards, buys one reserved card and two face-up ones (the last reaching 15 points on its
    own turn 7), and takes three gems once. Game 2: one reserve from the deck, and its
    opponent ends the game first. Every figure of splendor.csv follows by hand; each
    one-line mix-up of a definition (board reserves only, reserves from the deck per turn,
    board buys as buys from the reserve, the turn 15 points are reached over every game)
    gives another number."""
    bots = [bot(*PLANNER), bot(name="o")]
    a, b = _one_colour(1, W), _one_colour(1, R)          # reserved, then one bought back
    c, d = _one_colour(1, U), _one_colour(1, G, 1)        # bought face up; d is worth 1 point
    st = state(bots=bots)
    no_check(st)
    _own_turn(st, [a], [0] * 6, "reserve_deck")
    _own_turn(st, [a], [0] * 6, "reserve_board")
    _own_turn(st, [b], [0] * 6, "reserve_board")
    _own_turn(st, [], list(CARDS[a].cost) + [0], "buy_reserved")
    _own_turn(st, [c], list(CARDS[c].cost) + [0], "buy_board")
    _own_turn(st, [card(1, B, 0, [1, 1, 1, 1, 0])], [0] * 6, "take_three")
    st.S[st.o(0, E.PS_POINTS)] = 14
    _own_turn(st, [d], list(CARDS[d].cost) + [0], "buy_board")   # 14 -> 15 on own turn 7
    turns(st)                                                     # the opponent ends the round
    assert st.S[E.G_ENDED] == E.END_POINTS and st.reserved(0)[1:] == [b] and len(st.reserved(0)) == 2
    t = st.tally(1)

    st = state(bots=bots, seed=4)                                 # game 2: the opponent wins first
    no_check(st)
    st.S[st.o(1, E.PS_POINTS)] = 14
    _own_turn(st, [d], [0] * 6, "reserve_deck")
    st.set_tokens(1, list(CARDS[d].cost) + [0])
    turns(st)
    assert st.S[E.G_ENDED] == E.END_POINTS and st.points(1) == 15
    t += st.tally(1)

    row = stats_table(t, ["planner", "o"], list(ITEMS), 2).iloc[0]
    want = {"games": 2, "turns": 8 / 2, "share_take_three": 1 / 8, "share_take_fewer": 0, "share_take_two": 0,
            "share_reserve": 4 / 8, "share_buy": 3 / 8, "share_pass": 0,
            "reserve_from_deck": 2 / 4, "buy_from_reserve": 1 / 3,
            "points_level_1": 1 / 2, "points_level_2": 0, "points_level_3": 0, "points_nobles": 0,
            "mean_points": 1 / 2, "nobles": 0, "cards_level_1": 3 / 2, "cards_level_2": 0, "cards_level_3": 0,
            "cards": 3 / 2, "tokens_returned": 0, "gold_taken": 4 / 2, "gold_spent": 0,
            "reserved_unbought": 3 / 2, "turn_to_15": 7.0, "reached_15": 1 / 2, "reached_5": 0, "reached_10": 0}
    assert {k: row[k] for k in want} == pytest.approx(want)
    assert math.isnan(row["turn_to_5"]) and math.isnan(row["turn_to_10"])   # never reached
