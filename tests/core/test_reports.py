"""Reports: CSV columns, agreement with the console table, charts, the pandas API."""
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from ..helpers import scaled
from simulator import api, compare, simulate, tournament
from simulator.cli import cli
from simulator.dominion.strategy import strategy_from_text
from simulator.errors import InputErrors
from simulator.report.reports import format_table

ROOT = Path(__file__).resolve().parents[2]
SBM = str(ROOT / "strategies" / "smithy_big_money.yaml")
BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
WITCH = str(ROOT / "strategies" / "witch.yaml")
MILITIA = str(ROOT / "strategies" / "militia.yaml")
FIRST = str(ROOT / "kingdoms" / "first_game.yaml")

COLUMNS = {
    "summary.csv": ["bot", "games", "wins", "ties", "losses", "win_rate", "ci_low", "ci_high", "mean_vp",
                    "mean_turns"],
    "seats.csv": ["bot", "seat", "games", "wins", "ties", "losses", "win_rate", "ci_low", "ci_high"],
    "game_length.csv": ["turns", "games"],
    "endings.csv": ["ending", "games"],
    "cards.csv": ["bot", "card", "mean_gained"],
    "curves.csv": ["bot", "turn", "mean_vp", "mean_coins", "games_running"],
}


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("rep")
    r = invoke("run", WITCH, BMU, "-n", scaled(6000, floor=60), "--seed", 4, "-j", 1, "--out", out, "-q")
    assert r.exit_code == 0
    return out, r.output


def test_every_csv_has_exactly_its_columns(run_dir):
    out, _ = run_dir
    for name, cols in COLUMNS.items():
        assert list(pd.read_csv(out / name).columns) == cols, name


def test_csv_numbers_agree_with_the_console_table(run_dir):
    out, text = run_dir
    s = pd.read_csv(out / "summary.csv")
    lines = text.splitlines()
    rows = lines[next(i for i, ln in enumerate(lines) if ln.startswith("bot ")) + 1:]
    for r in s.itertuples():
        line = next(ln for ln in rows if ln.startswith(r.bot + "  "))
        assert f"{r.games:,}" in line and f"{r.wins:,}" in line and f"{r.losses:,}" in line
        assert f"{100 * r.win_rate:.2f}%" in line and f"{r.mean_vp:.2f}" in line
        assert r.wins + r.ties + r.losses == r.games
        assert 0 <= r.ci_low <= r.win_rate <= r.ci_high <= 1
    gl = pd.read_csv(out / "game_length.csv")
    en = pd.read_csv(out / "endings.csv")
    assert gl.games.sum() == en.games.sum() == s.games.iloc[0]
    assert f"provinces {en.games.iloc[0]:,}" in text


def test_seats_add_up_to_the_summary(run_dir):
    out, _ = run_dir
    s = pd.read_csv(out / "summary.csv").set_index("bot")
    seats = pd.read_csv(out / "seats.csv").groupby("bot")[["games", "wins", "ties", "losses"]].sum()
    for col in ("games", "wins", "ties", "losses"):
        assert (seats[col] == s.loc[seats.index, col]).all()


def test_cards_and_curves(run_dir):
    out, _ = run_dir
    cards = pd.read_csv(out / "cards.csv")
    witch = cards[(cards.bot == "Witch") & (cards.card == "Witch")].mean_gained.iloc[0]
    assert 1.0 < witch <= 2.0  # the bot buys up to two Witches
    curses = cards[(cards.bot == "Big Money Ultimate") & (cards.card == "Curse")].mean_gained.iloc[0]
    assert curses > 3
    curves = pd.read_csv(out / "curves.csv")
    first = curves[curves.turn == 1]
    assert (first.mean_vp == 3).all() and (first.games_running == scaled(6000, floor=60)).all()
    assert curves.groupby("bot").games_running.apply(lambda x: x.is_monotonic_decreasing).all()


def test_run_json_records_every_input(run_dir):
    out, _ = run_dir
    info = json.loads((out / "run.json").read_text())
    for key in ("seed", "games_requested", "players", "bots", "kingdom", "rules", "dsim_version", "seats"):
        assert key in info
    assert info["bots"][0]["path"] == WITCH and len(info["bots"][0]["sha256"]) == 64


def test_charts_are_pngs(run_dir):
    out, _ = run_dir
    for name in ("win_rates.png", "game_length.png", "curves.png"):
        data = (out / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_library_api_returns_dataframes_matching_the_cli():
    n = scaled(3000, floor=30)
    res = simulate([SBM, BMU], games=n, seed=9, jobs=1)
    assert isinstance(res.summary, pd.DataFrame) and list(res.summary.columns) == COLUMNS["summary.csv"]
    r = invoke("run", SBM, BMU, "-n", n, "--seed", 9, "-j", 1, "--format", "csv", "-q")
    assert r.output == res.summary.to_csv(index=False, float_format="%.6g")
    assert format_table(res).splitlines()[0].startswith("Smithy Big Money vs Big Money Ultimate")


def test_compare_one_row_per_kingdom_and_bot(tmp_path):
    n = scaled(2000, floor=20)
    cmp = compare([WITCH, MILITIA], kingdoms=[FIRST], random_kingdoms=2, games=n, seed=3, jobs=1)
    assert list(cmp.table.columns) == ["kingdom"] + COLUMNS["summary.csv"] + ["lacks"]
    assert cmp.table.lacks.tolist() == ["Witch", "", "", "", "", ""]      # First Game has Militia, not Witch
    assert cmp.table.kingdom.tolist() == ["First Game"] * 2 + ["random 1"] * 2 + ["random 2"] * 2
    assert any("'Witch' is not in kingdom 'First Game'" in w for w in cmp.meta["warnings"])
    for k in cmp.meta["kingdoms"][1:]:
        assert "Witch" in k["contents"] and "Militia" in k["contents"] and len(k["contents"]) == 10
    r = invoke("compare", WITCH, MILITIA, "-k", FIRST, "--random-kingdoms", 1, "-n", n, "--seed", 3, "-j", 1,
               "--out", tmp_path, "-q")
    assert r.exit_code == 0 and "random 1" in r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["compare.csv", "compare.png", "pooled.csv", "report.html",
                                                          "run.json"]


def test_random_kingdoms_are_reproducible_and_too_many_cards_is_an_error():
    a = api.setups_for([WITCH, MILITIA], random_kingdoms=3, seed=5)
    b = api.setups_for([WITCH, MILITIA], random_kingdoms=3, seed=5)
    c = api.setups_for([WITCH, MILITIA], random_kingdoms=3, seed=6)
    assert [k.cards for k in a] == [k.cards for k in b] != [k.cards for k in c]
    names = ["Village", "Smithy", "Market", "Festival", "Laboratory", "Moat", "Council Room", "Woodcutter",
             "Merchant", "Cellar", "Chapel"]
    greedy = strategy_from_text("buy: [" + ", ".join(names) + "]", "<greedy>")
    with pytest.raises(InputErrors, match="the bots use 11 kingdom cards; a kingdom holds 10"):
        api.setups_for([greedy], random_kingdoms=1, seed=5)


def test_tournament_pairs_matrix_ranking_and_files(tmp_path):
    n = scaled(2000, floor=20)
    tr = tournament([WITCH, SBM, BMU], games=n, seed=2, jobs=1)
    assert len(tr.table) == 6 and list(tr.matrix.index) == list(tr.matrix.columns)
    assert tr.matrix.loc["Witch", "Smithy Big Money"] + tr.matrix.loc["Smithy Big Money", "Witch"] == \
        pytest.approx(1.0)
    assert tr.ranking.bot.iloc[0] == "Witch" and tr.ranking["rank"].tolist() == [1, 2, 3]
    # ratings: ordered, intervals around them, the matrix sorted the same way
    rk = tr.ranking
    assert (rk.rating.diff().dropna() < 0).all() and (rk.rating_low < rk.rating).all() \
        and (rk.rating < rk.rating_high).all()
    assert rk.rating.mean() == pytest.approx(1500)
    assert list(tr.matrix.index) == list(rk.bot) == list(tr.matrix.columns)
    r = invoke("tournament", WITCH, SBM, BMU, "-n", n, "--seed", 2, "-j", 1, "--out", tmp_path, "-q")
    assert r.exit_code == 0 and "ranking by rating" in r.output and "win rate of the row bot" in r.output
    assert len(r.output.splitlines()) < 20
    saved = pd.read_csv(tmp_path / "ranking.csv")
    assert list(saved.columns) == ["rank", "bot", "rating", "rating_low", "rating_high", "matches", "mean_win_rate",
                                   "games"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ranking.csv", "report.html", "run.json",
                                                          "tournament.csv", "tournament.png"]
    t3 = tournament([WITCH, SBM, BMU, MILITIA], players=3, games=scaled(1200, floor=12), seed=2, jobs=1)
    # rows: bots; columns: the 6 pairs of opponents; each bot plays in 3 groups
    assert len(t3.table) == 4 * 3 and t3.matrix.shape == (4, 6)
    assert (t3.matrix.notna().sum(axis=1) == 3).all()


def test_luce_ratings_recover_known_strengths():
    import numpy as np

    from simulator.run.stats import luce_ratings
    strength = np.array([1.0, 2.0, 4.0, 4.0])
    groups = []
    for i, j in [(0, 1), (0, 2), (1, 2), (2, 3), (0, 3)]:
        g = 100_000
        p = strength[i] / (strength[i] + strength[j])
        groups.append(([i, j], np.array([g * p, g * (1 - p)]), g))
    groups.append(([0, 1, 2], strength[:3] / strength[:3].sum() * 60_000, 60_000))  # a 3-player group
    rating, low, high = luce_ratings(4, groups)
    elo = 400 * np.log10(strength)
    assert rating - rating.mean() == pytest.approx(elo - elo.mean(), abs=0.5)
    assert ((low < rating) & (rating < high)).all() and (high - low < 10).all()
    # a bot that never loses gets a finite rating with a wide interval
    r2, lo2, hi2 = luce_ratings(2, [([0, 1], np.array([500.0, 0.0]), 500)])
    assert np.isfinite(r2).all() and r2[0] > r2[1] + 400 and (hi2 - lo2)[0] > 100


def test_compare_shows_each_kingdoms_cards_and_says_in_one_line_when_some_play_alike(tmp_path):
    bmu = str(ROOT / "strategies" / "big_money_ultimate.yaml")
    first, inter = str(ROOT / "kingdoms" / "first_game.yaml"), str(ROOT / "kingdoms" / "interaction.yaml")
    # the bots gain no kingdom card but Smithy: every kingdom holding Smithy plays alike (Interaction has
    # none), each with games of its own
    twin = tmp_path / "twin.yaml"
    twin.write_text("name: Twin\ncards: [Chapel, Market, Festival, Mine, Moat, Remodel, Smithy, Village, "
                    "Woodcutter, Workshop]\n")
    r = invoke("compare", bmu, SBM, "-k", first, "-k", inter, "-k", twin, "--random-kingdoms", 2,
               "-n", scaled(600, 12), "--seed", 1, "-j", 1, "--out", tmp_path / "out")
    assert r.exit_code == 0
    assert "First Game: Cellar, Moat, Village" in r.stdout and "Interaction: Moat, Chancellor" in r.stdout
    assert "note:" not in r.stdout                            # notes go to stderr, in one line
    notes = [ln for ln in r.stderr.splitlines() if ln.startswith("note:")]
    assert notes == ["note: 4 of 5 kingdoms play alike with another: no bot gained the cards that differ, so each is "
                     "the same kingdom played again; the verdict over kingdoms counts them apart, so its interval is "
                     "narrower than the kingdoms warrant (report.html lists them)"]
    import html
    page = html.unescape((tmp_path / "out" / "report.html").read_text())
    assert "<details" in page and "Interaction" not in page.split("<details")[1].split("</details>")[0]
    assert page.count("'First Game' and 'Twin' (they differ by Cellar, Chapel, Festival, Militia)") == 1
    meta = json.loads((tmp_path / "out" / "run.json").read_text())
    seeds = [k["seed"] for k in meta["kingdoms"]]
    assert len(set(seeds)) == 5 and 1 not in seeds           # each kingdom's own seed, from --seed 1
    table = pd.read_csv(tmp_path / "out" / "compare.csv")
    sbm = table[table.bot == "Smithy Big Money"]
    assert len(set(zip(sbm.win_rate, sbm.mean_vp))) == 5      # five results, not one shown twice


def test_cards_by_turn_add_up_to_the_cards_per_game(tmp_path):
    res = simulate([WITCH, SBM], games=scaled(3000, 20), seed=3, jobs=1)
    by_turn = res.cards_by_turn.groupby(["bot", "card"]).mean_gained.sum()
    per_game = res.cards.set_index(["bot", "card"]).mean_gained
    pd.testing.assert_series_equal(by_turn.sort_index(), per_game.sort_index(), check_names=False)
    # a Witch is gained on the bot's own turns (1 or later); a Curse by Smithy BM mostly on Witch's turns
    witch = res.cards_by_turn[(res.cards_by_turn.bot == "Witch") & (res.cards_by_turn.card == "Witch")]
    assert witch.turn.min() >= 1


def test_a_gain_is_tallied_at_the_gainers_own_turn():
    from ..dominion.helpers import Table
    from simulator.dominion import engine as E
    t = Table(["buy: [Silver]", "buy: []\nplay: [Witch]"], kingdom=["Witch"])
    t.stack(0, hand=["Copper"] * 3, draw=["Copper"] * 5).stack(1, hand=["Witch"], draw=["Copper"] * 7)
    t.set_turns(0, 4).set_turns(1, 6)
    t.play(turns=2)  # seat 0 buys a Silver on its 5th turn, then seat 1's Witch curses it
    tally = t.st.tally(1)
    silver, curse = E.SILVER, E.CURSE
    assert tally.gained_turn[0, 5, silver] == 1 and tally.gained_turn[0].sum() == 2
    assert tally.gained_turn[0, 5, curse] == 1  # after its 5th turn, on the Witch's


def test_tournament_and_compare_progress_say_which_match(monkeypatch):
    from simulator.run import runner
    labels = []
    real = runner.progress_bar

    def spy(total, enabled, label=None):
        labels.append(label)
        return real(total, False, label)
    monkeypatch.setattr(runner, "progress_bar", spy)
    tournament([WITCH, SBM, BMU], games=scaled(300, 6), seed=1, jobs=1, progress=True)
    assert labels == ["match 1 of 3", "match 2 of 3", "match 3 of 3"]
    labels.clear()
    compare([WITCH, BMU], random_kingdoms=2, games=scaled(300, 6), seed=1, jobs=1, progress=True)
    assert labels == ["kingdom 1 of 2", "kingdom 2 of 2"]


def test_the_game_length_chart_puts_a_few_far_games_in_a_bar_of_their_own():
    from simulator.report.charts import length_tail
    near = pd.DataFrame({"turns": list(range(20, 31)), "games": [100] * 11})
    assert length_tail(near) is None
    far = pd.DataFrame({"turns": list(range(20, 31)) + [100], "games": [100] * 11 + [3]})
    assert length_tail(far) == 45          # 1.5 x the 99th percentile (30): the 3 capped games lie beyond
    many = pd.DataFrame({"turns": list(range(20, 31)) + [100], "games": [100] * 11 + [500]})
    assert length_tail(many) is None       # not a few: a third of the games, shown where they are


def test_the_cards_chart_shows_what_the_game_declares_in_its_order_and_colours():
    from simulator.report.charts import chart_items
    spl = api.simulate([str(ROOT / "strategies" / "splendor" / "greedy.yaml")] * 2, games=scaled(400), seed=1, jobs=1)
    shown, palette = chart_items(spl)
    assert shown == [*(f"level {lv} {c}" for lv in (1, 2, 3) for c in ("white", "blue", "green", "red", "black")),
                     "nobles"]
    assert palette["level 1 blue"] == palette["level 3 blue"] != palette["level 1 red"]
    assert set(spl.cards.item) - set(shown)          # each noble and gold are gained, but drawn as nobles or not
    # the nobles bar is every noble's claims together, per bot and per turn
    from simulator.report.charts import with_groups
    groups = spl.meta["chart"]["groups"]
    both = with_groups(spl.cards, groups, "item", ["bot"])
    nobles = spl.cards[spl.cards.item.str.startswith("noble")].groupby("bot").mean_gained.sum()
    drawn = both[both.item == "nobles"].set_index("bot").mean_gained
    assert len(groups["nobles"]) == 10 and nobles.sum() > 0 and np.allclose(drawn[nobles.index], nobles)
    by_turn = with_groups(spl.cards_by_turn, groups, "item", ["bot", "turn"])
    assert np.isclose(by_turn[by_turn.item == "nobles"].mean_gained.sum(), nobles.sum())
    dom = api.simulate([WITCH, MILITIA], games=scaled(400), seed=1, jobs=1)
    shown, palette = chart_items(dom)                # Dominion declares none: its most gained cards
    means = dom.cards.groupby("card").mean_gained.max()
    assert shown == sorted(shown, key=lambda k: -means[k]) and "Witch" in shown and len(shown) <= 12


def test_a_run_stopped_before_any_game_finished_shows_no_nan(monkeypatch):
    monkeypatch.setenv("DSIM_FAULT", "crash:0")  # the first chunk fails: no game is counted
    res = simulate([SBM, BMU], games=100, seed=1, jobs=1)
    assert res.partial and res.games == 0
    text = format_table(res)
    assert text.splitlines()[0] == "PARTIAL: 0 of 100 games (error)"
    assert text.splitlines()[-1] == "no game finished, so there is nothing to count"
    assert "nan" not in text and "n/a" not in text


def test_the_time_said_includes_dsims_start_when_it_is_told():
    import time

    from simulator.cli import since_start
    res = simulate([SBM, BMU], games=scaled(5000, 50), seed=1, jobs=1)
    res.meta["seconds"] = max(res.meta["seconds"], 0.5)  # a line is said for a run that took time
    last = format_table(res, since_start=res.meta["seconds"] + 2.25).splitlines()[-1]
    assert last.startswith("played in ") and last.endswith(
        f"; {res.meta['seconds'] + 2.25:.1f} s in all, with dsim's start (its libraries and the engine loaded)")
    assert "in all" not in format_table(res).splitlines()[-1]
    first = since_start()
    time.sleep(0.2)
    assert 0 < first and 0.15 < since_start() - first < 30  # wall seconds, a busy machine's included


def test_a_three_player_tournament_is_drawn_bot_by_bot(tmp_path, monkeypatch):
    """At 3 players the groups are too many columns to read: the chart shows each bot
    against each other bot, its mean win rate over the groups both sat in."""
    bots = [str(ROOT / "strategies" / f"{b}.yaml") for b in ("witch", "militia", "big_money", "smithy_big_money")]
    tr = tournament(bots, players=3, games=scaled(60, 12), seed=1, jobs=1)
    by = tr.by_opponent()
    assert list(by.index) == list(by.columns) == list(tr.ranking.bot) and by.shape == (4, 4)
    assert by.isna().to_numpy().diagonal().all() and not by.isna().to_numpy()[~np.eye(4, dtype=bool)].any()
    t = tr.table
    for b in by.index:
        for o in by.columns:
            if b != o:  # the matches with both at the table, from the table's own rows
                both = [m for m, g in t.groupby("match") if {b, o} <= set(g.bot)]
                want = t[(t.bot == b) & t.match.isin(both)].win_rate.mean()
                assert by.loc[b, o] == pytest.approx(want)
    import matplotlib.axes
    labels = []
    real = matplotlib.axes.Axes.set_xlabel
    monkeypatch.setattr(matplotlib.axes.Axes, "set_xlabel", lambda self, text, **kw: (labels.append(text),
                                                                                      real(self, text, **kw))[1])
    from simulator.report.charts import tournament_heatmap
    tournament_heatmap(tr, tmp_path / "t.png")
    assert labels == ["opponent at the table (the mean over the 3-player groups it sat in; grey: the bot itself)"]


def test_a_compare_row_names_the_cards_its_kingdom_lacks():
    from simulator.report.charts import _lacking
    t = pd.DataFrame({"kingdom": ["k1", "k1", "k2", "k2"], "bot": ["A", "B", "A", "B"],
                      "lacks": ["Witch", "Militia, Witch", "", ""]})
    assert _lacking(t, "kingdom", "k1") == "k1 · no Witch, Militia"
    assert _lacking(t, "kingdom", "k2") == "k2"
    assert _lacking(t.drop(columns="lacks"), "kingdom", "k1") == "k1"
