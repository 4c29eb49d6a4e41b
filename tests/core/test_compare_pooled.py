"""Comparing bots across kingdoms: free random kingdoms (the bots' cards not forced in),
each with games of its own, and one pooled verdict with kingdoms as the sampling unit."""
import json
import math

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from simulator import api
from simulator.cli import cli
from simulator.dominion.strategy import strategy_from_text
from simulator.errors import InputErrors
from simulator.run.stats import pooled_table

from ..helpers import JIT, ROOT, scaled

BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
ADAPTS = """name: Witch or Smithy
buy:
  - 'Province: total_money > 15'
  - 'Witch: count(Witch) < 2'
  - 'Smithy: supply(Witch) == 0 and count(Smithy) < 1'
  - Gold
  - Silver
"""


@pytest.mark.timeout(300)
def test_free_random_kingdoms_lack_the_bots_cards_and_each_plays_games_of_its_own():
    bot = strategy_from_text(ADAPTS, "adapts.yaml")
    n = scaled(2000, 40)
    cmp = api.compare([bot, BMU], random_kingdoms=20, games=n, seed=4, jobs=1, free=True)
    kingdoms = cmp.meta["kingdoms"]
    without = [k["name"] for k in kingdoms if "Witch" not in k["contents"]]
    assert 5 <= len(without) < 20 and all(k["name"].startswith("free random") for k in kingdoms)
    mine = cmp.table[cmp.table.bot == "Witch or Smithy"].set_index("kingdom")
    lacks_witch = [k for k, lacks in mine.lacks.items() if "Witch" in lacks.split(", ")]
    assert set(lacks_witch) == set(without)                                # told apart from kingdoms it plays fully
    assert any("'Witch' is not in" in w and "of the 20 kingdoms" in w for w in cmp.meta["warnings"])
    # twenty results, not one shown twenty times: no two kingdoms' tallies are the same
    tallies = [cmp.runs[k["name"]].tally for k in kingdoms]
    assert all(not np.array_equal(a.curve, b.curve) for i, a in enumerate(tallies) for b in tallies[i + 1:])
    if JIT:
        assert mine.win_rate.nunique() == 20
    assert len({k["seed"] for k in kingdoms}) == 20
    # kingdoms that differ only in cards no bot gained play alike: said, never one with Witch and one without
    alike = [d["kingdoms"] for d in cmp.meta["identical"]]
    assert alike and all(("Witch" in d["differing_items"]) is False for d in cmp.meta["identical"])
    for a, b in alike:
        assert (a in without) == (b in without)
    # it adapts: Smithy where there is no Witch (where Smithy is in the kingdom), never beside a Witch
    for k in kingdoms:
        gained = cmp.runs[k["name"]].cards
        smithies = gained[(gained.bot == "Witch or Smithy") & (gained.card == "Smithy")].mean_gained.sum()
        assert (smithies > 0) == ("Witch" not in k["contents"] and "Smithy" in k["contents"]), k["name"]
    # the same call again: the same kingdoms, seeds and results
    again = api.compare([bot, BMU], random_kingdoms=20, games=n, seed=4, jobs=1, free=True)
    pd.testing.assert_frame_equal(again.table, cmp.table)
    # without --free every random kingdom holds the bots' cards
    forced = api.setups_for([bot, BMU], random_kingdoms=10, seed=4)
    assert all("Witch" in [c.name for c in k.cards] and "Smithy" in [c.name for c in k.cards] for k in forced)


def test_free_needs_random_kingdoms():
    with pytest.raises(InputErrors, match="--free says how random kingdoms are drawn"):
        api.compare([BMU, BMU], kingdoms=[str(ROOT / "kingdoms" / "first_game.yaml")], games=20, free=True)


def test_the_pooled_verdict_takes_kingdoms_as_the_sampling_unit():
    rows = []
    for k, (rate, lo, hi) in enumerate([(0.5, 0.48, 0.52), (0.6, 0.58, 0.62), (0.7, 0.68, 0.72)]):
        rows.append({"kingdom": f"k{k}", "bot": "A", "games": 1000, "win_rate": rate, "ci_low": lo, "ci_high": hi})
        rows.append({"kingdom": f"k{k}", "bot": "B", "games": 1000, "win_rate": 1 - rate, "ci_low": 1 - hi,
                     "ci_high": 1 - lo})
    p = pooled_table(pd.DataFrame(rows), "kingdom", 2).set_index("bot")
    half = 4.302652729911275 * 0.1 / math.sqrt(3)      # Student t, 2 degrees of freedom, 97.5%
    assert p.loc["A", "win_rate"] == pytest.approx(0.6)
    assert (p.loc["A", "ci_low"], p.loc["A", "ci_high"]) == pytest.approx((0.6 - half, 0.6 + half))
    assert p.loc["A", "spread"] == pytest.approx(0.1) and p.loc["A", "games"] == 3000
    assert (p.loc["A", "won_clearly"], p.loc["A", "lost_clearly"]) == (2, 0)   # k0's interval holds 50%
    assert (p.loc["B", "won_clearly"], p.loc["B", "lost_clearly"]) == (0, 2)


@pytest.mark.timeout(300)
def test_the_pooled_verdict_is_on_screen_in_pooled_csv_json_and_report_html(tmp_path):
    witch, militia = str(ROOT / "strategies" / "witch.yaml"), str(ROOT / "strategies" / "militia.yaml")
    args = ["compare", witch, militia, "--random-kingdoms", 6, "--free", "-n", scaled(1000, 20), "--seed", 2, "-j", 1]
    r = CliRunner().invoke(cli, [str(a) for a in [*args, "--out", tmp_path]])
    assert r.exit_code == 0, r.output
    assert "over the 6 kingdoms (kingdoms as the sampling unit" in r.stdout
    pooled = pd.read_csv(tmp_path / "pooled.csv")
    assert list(pooled.bot) == ["Witch", "Militia"] and (pooled.kingdoms == 6).all()
    table = pd.read_csv(tmp_path / "compare.csv")
    assert pooled.win_rate[0] == pytest.approx(table[table.bot == "Witch"].win_rate.mean(), abs=1e-5)
    page = (tmp_path / "report.html").read_text()
    assert "Over all 6 kingdoms" in page and "Student-t" in page and "--free" in page
    out = json.loads(CliRunner().invoke(cli, [str(a) for a in [*args, "--format", "json", "-q"]]).stdout)
    assert [p["bot"] for p in out["pooled"]] == ["Witch", "Militia"]
    assert out["pooled"][0]["ci_low"] < out["pooled"][0]["win_rate"] < out["pooled"][0]["ci_high"]


def test_a_rule_many_kingdoms_lack_is_one_warning_counted_once_per_kingdom():
    witch = str(ROOT / "strategies" / "witch.yaml")
    cmp = api.compare([witch, BMU, BMU], random_kingdoms=8, games=20, seed=3, jobs=1, free=True)
    lines = [w for w in cmp.meta["warnings"] if "'Witch'" in w]
    lacking = sum("Witch" not in k["contents"] for k in cmp.meta["kingdoms"])
    assert len(lines) == (1 if lacking > 3 else lacking)
    if lacking > 3:
        assert f"is not in {lacking} of the 8 kingdoms" in lines[0]


def test_free_for_a_game_without_random_setups_says_so():
    spl = str(ROOT / "strategies" / "splendor" / "greedy.yaml")
    with pytest.raises(InputErrors, match="Splendor draws no random variants"):
        api.compare([spl, spl], kingdoms=[str(ROOT / "kingdoms" / "splendor" / "standard.yaml")], games=20,
                    free=True)


def test_a_second_edition_random_kingdom_holds_second_edition_cards_only():
    from simulator.dominion.cards import CARDS
    removed = {c.name for c in CARDS if c.kingdom and c.editions == "1"}
    for k in api.setups_for([BMU, BMU], random_kingdoms=30, seed=1, rules={"edition": 2}):
        assert not removed & {c.name for c in k.cards}
    assert any(removed & {c.name for c in k.cards} for k in api.setups_for([BMU, BMU], random_kingdoms=30, seed=1))


def test_pooled_csv_is_written_for_one_kingdom_too(tmp_path):
    for n in (3, 1):       # the second run's pooled.csv replaces the first's, never left behind
        r = CliRunner().invoke(cli, ["compare", BMU, BMU, "--random-kingdoms", str(n), "-n", "20", "--seed", "5",
                                     "-j", "1", "--out", str(tmp_path), "-q"])
        assert r.exit_code == 0, r.output
        assert (pd.read_csv(tmp_path / "pooled.csv").kingdoms == n).all()


def test_compare_png_keeps_its_size_however_many_kingdoms(tmp_path):
    from simulator.report.charts import compare_chart
    from simulator.run.stats import CompareResults
    rows = []
    for k in range(300):
        rate = (k * 37 % 100) / 100
        rows += [{"kingdom": f"k{k}", "bot": "A", "games": 100, "win_rate": rate, "ci_low": max(0, rate - .05),
                  "ci_high": min(1, rate + .05)},
                 {"kingdom": f"k{k}", "bot": "B", "games": 100, "win_rate": 1 - rate, "ci_low": max(0, .95 - rate),
                  "ci_high": min(1, 1.05 - rate)}]
    table = pd.DataFrame(rows)
    meta = {"labels": {"setup": "kingdom"}, "players": 2, "seed": 1, "kingdoms": []}
    path = compare_chart(CompareResults(table, {}, meta, pooled_table(table, "kingdom", 2)), tmp_path / "c.png")
    from matplotlib.image import imread
    h, w = imread(path).shape[:2]
    assert w < 3500 and h < 2500


@pytest.mark.timeout(300)
def test_a_tournament_of_three_player_groups_plays_every_seating_order():
    from simulator import tournament
    bots = [str(ROOT / "strategies" / f) for f in ("witch.yaml", "militia.yaml", "big_money.yaml")]
    tr = tournament(bots, players=3, games=scaled(600, 24), seed=1, jobs=1)
    assert tr.meta["seats"] == "all"
    assert tournament(bots, players=2, games=20, seed=1, jobs=1).meta["seats"] == "rotate"


@pytest.mark.parametrize("free", [False, True])
def test_a_random_kingdom_holds_ten_different_cards_for_every_seed(free):
    for seed in range(300):
        for k in api.setups_for([BMU, BMU], random_kingdoms=2, seed=seed, free=free):
            assert len({c.name for c in k.cards}) == len(k.cards) == 10, (seed, k.name)


def test_run_json_says_which_kingdoms_were_drawn_at_random(tmp_path):
    from simulator.report.reports import write_compare
    cmp = api.compare([BMU, BMU], kingdoms=[str(ROOT / "kingdoms" / "first_game.yaml")], random_kingdoms=2,
                      games=8, seed=2, jobs=1)
    write_compare(cmp, tmp_path)
    saved = json.loads((tmp_path / "run.json").read_text())["kingdoms"]
    assert [(k["name"], k["random"]) for k in saved] == [("First Game", False), ("random 1", True),
                                                        ("random 2", True)]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("n", [8, 20])
def test_a_card_a_kingdom_lacks_counts_once_per_kingdom_however_many_seats_name_it(players, n):
    witch = str(ROOT / "strategies" / "witch.yaml")
    cmp = api.compare([witch] * (players - 1) + [BMU], random_kingdoms=n, games=players * 2, seed=3, jobs=1,
                      free=True)
    lacking = [k["name"] for k in cmp.meta["kingdoms"] if "Witch" not in k["contents"]]
    lines = [w for w in cmp.meta["warnings"] if "'Witch'" in w]
    assert (1 <= len(lacking) <= 3) if n == 8 else len(lacking) > 3   # a line per kingdom; one line for all
    if len(lacking) > 3:
        assert lines == [f"{witch}:10: 'Witch' is not in {len(lacking)} of the {n} kingdoms (e.g. '{lacking[0]}'); "
                         "the rule never applies there"]
    else:
        assert lines == [f"{witch}:10: 'Witch' is not in kingdom '{k}'; the rule never applies" for k in lacking]
    mine = cmp.table[cmp.table.bot == "Witch"]
    assert sorted(mine.kingdom[mine.lacks == "Witch"].unique()) == sorted(lacking)
    assert set(mine.lacks) <= {"Witch", ""}


def test_a_setup_stopped_part_way_is_shown_but_left_out_of_the_pooled_verdict(monkeypatch, tmp_path):
    """A comparison stopped during its third setup: that setup's rows are there, with the
    games it played, but the verdict over setups pools the two that finished, and the
    screen, run.json and report.html say so."""
    import os

    from simulator.report.html import compare_report
    from simulator.report.reports import format_compare
    real, calls = api.simulate, []

    def third_fails(*a, **kw):
        calls.append(1)
        if len(calls) == 3:
            monkeypatch.setenv("DSIM_FAULT", "crash:1")  # its second chunk raises: the run stops there
        return real(*a, **kw)

    monkeypatch.setattr(api, "simulate", third_fails)
    kingdoms = [ROOT / "kingdoms" / f for f in ("first_game.yaml", "big_money.yaml", "interaction.yaml")]
    cmp = api.compare([str(ROOT / "strategies" / "smithy_big_money.yaml"), BMU], setups=kingdoms, games=3000,
                      seed=1, jobs=1)
    os.environ.pop("DSIM_FAULT", None)
    cut = cmp.meta["unfinished"]
    assert cmp.meta["partial"] and len(cmp.runs) == 3 and len(cut) == 1
    assert cut[0]["name"] == "Interaction" and 0 < cut[0]["games_played"] < 3000 and cut[0]["games"] == 3000
    assert cmp.pooled_over == 2 and (cmp.pooled.kingdoms == 2).all()
    done = cmp.table[cmp.table.kingdom != "Interaction"]
    for bot, d in done.groupby("bot"):
        assert cmp.pooled.set_index("bot").win_rate[bot] == pytest.approx(d.win_rate.mean())
    assert len(cmp.table[cmp.table.kingdom == "Interaction"]) == 2  # shown
    text = format_compare(cmp).splitlines()
    assert text[0] == (f"PARTIAL: stopped during kingdom Interaction ({cut[0]['games_played']:,} of 3,000 games): "
                       "its rows are shown, the verdict over kingdoms leaves it out")
    assert "over the 2 kingdoms that finished (" in "\n".join(text)
    page = compare_report(cmp, tmp_path).read_text()
    assert "Interaction, stopped after" in page and "Over the 2 kingdoms that finished" in page
