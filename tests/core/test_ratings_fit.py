"""Ratings that admit their misfit: a tournament's ratings come with Pearson's chi-square
of the matches against their predictions, intervals widened by the overdispersion, and,
when the fit is poor, a sentence and the largest misses."""
import numpy as np
import pytest
from click.testing import CliRunner

from simulator.cli import cli
from simulator.report.reports import fit_lines
from simulator.run.stats import TournamentResults, TournamentTally, fit_verdict, largest_misses, ratings_fit

from ..helpers import ROOT, scaled

META = {"labels": {"vp": "vp"}}


def _tally(results, games=20_000):
    """A tournament of pairs: {(a, b): a's win rate against b}."""
    t = TournamentTally()
    for k, ((a, b), rate) in enumerate(results.items()):
        wa = round(rate * games)
        rows = [(a, games, wa, 0, games - wa, wa / games, 0, 1, 0, 0),
                (b, games, games - wa, 0, wa, 1 - wa / games, 0, 1, 0, 0)]
        t.add(f"match {k + 1}", rows, META)
    return t


def _bt(strength, a, b):
    return strength[a] / (strength[a] + strength[b])


def test_results_the_model_explains_fit_and_keep_their_intervals():
    strength = {"A": 1.0, "B": 2.0, "C": 4.0, "D": 8.0}
    pairs = {(a, b): _bt(strength, a, b) for i, a in enumerate(strength) for b in list(strength)[i + 1:]}
    t = _tally(pairs)
    table, _, ranking = t.tables()
    assert t.fit["df"] == 6 - 3 and t.fit["chi2"] < 1.0 and t.fit["widened_by"] == 1.0
    assert fit_verdict(t.fit) is None
    assert np.allclose(table.predicted_win_rate, table.win_rate, atol=1e-4)
    assert list(ranking.bot) == ["D", "C", "B", "A"]


def test_an_intransitive_tournament_is_said_to_fit_poorly_with_its_misses_and_wider_intervals():
    cycle = {("A", "B"): 0.8, ("B", "C"): 0.8, ("C", "A"): 0.8, ("A", "D"): 0.6, ("B", "D"): 0.6, ("C", "D"): 0.6}
    t = _tally(cycle)
    table, matrix, ranking = t.tables()
    assert ranking.set_index("bot").rating[["A", "B", "C"]].std() < 1    # the cycle: the same rating each
    assert t.fit["p_value"] < 1e-10 and t.fit["overdispersion"] > 100
    assert t.fit["widened_by"] == pytest.approx(np.sqrt(t.fit["overdispersion"]))
    assert fit_verdict(t.fit).startswith("ratings are a summary")
    misses = largest_misses(table)
    assert len(misses) == 5 and misses.iloc[0].predicted_win_rate == pytest.approx(0.5, abs=0.01)
    assert abs(misses.iloc[0].miss_z) > 50
    lines = fit_lines(TournamentResults(table, matrix, ranking, {"fit": t.fit}))
    assert lines[0].startswith("ratings' fit: chi-square") and "disagree" in lines[1]
    assert any("A against B: predicted 50.0" in ln or "B against C: predicted 50.0" in ln for ln in lines[2:])
    # without the widening the intervals would be sqrt(overdispersion) times narrower
    r = ranking.set_index("bot")
    assert (r.rating_high - r.rating_low).min() > 50


def test_ratings_fit_counts_groups_of_three_as_multinomials():
    rating = np.array([1500.0, 1500.0, 1500.0])
    fit = ratings_fit(rating, [([0, 1, 2], np.array([400.0, 300.0, 300.0]), 1000)])
    expect = sum((w - 1000 / 3) ** 2 / (1000 / 3) for w in (400, 300, 300))
    assert fit["chi2"] == pytest.approx(expect) and fit["df"] == 2 - 2


@pytest.mark.timeout(300)
def test_a_tournament_reports_its_fit_on_screen_in_the_csv_and_the_report(tmp_path):
    bots = [str(ROOT / "strategies" / f) for f in ("witch.yaml", "militia.yaml", "big_money.yaml",
                                                    "smithy_big_money.yaml")]
    r = CliRunner().invoke(cli, ["tournament", *bots, "-n", str(scaled(4000, 40)), "--seed", "1", "-j", "1",
                                 "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "ratings' fit: chi-square" in r.stdout
    import pandas as pd
    t = pd.read_csv(tmp_path / "tournament.csv")
    assert {"predicted_win_rate", "miss_z"} <= set(t.columns) and t.predicted_win_rate.between(0, 1).all()
    assert "How well the ratings fit" in (tmp_path / "report.html").read_text()
