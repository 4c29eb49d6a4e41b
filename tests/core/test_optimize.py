"""``dsim optimize``: genomes always render to valid bots, the same seed gives the same
result for any -j, a stopped run resumes where it stopped, and the outputs are written."""
import json
import signal
from pathlib import Path

import pandas as pd
import pytest

from ..helpers import JIT, Dsim, gone, scaled
from simulator import api
from simulator.dominion.cards import BY_NAME
from simulator.dominion.optimizing import big_money, each_item_pool
from simulator.dominion.strategy import strategy_from_text
from simulator.errors import InputErrors
from simulator.lang import genome as G
from simulator.lang.genome import Clause, Genome, Rule
from simulator.games import get_game
from simulator.tools import each_item
from simulator.report.outfiles import pct
from simulator.tools.each_item import write_each_item as write_each_card
from simulator.tools.optimizer import derived_seed, optimize, parse_budget, write

ROOT = Path(__file__).resolve().parents[2]
FIRST = ROOT / "kingdoms" / "first_game.yaml"
BMU = ROOT / "strategies" / "big_money_ultimate.yaml"
#: the smallest settings that still race (two stages) and evaluate
TINY = dict(population=4, leaders=2, stage_games=8, stages=2, final_games=8)


def each_card(against, cards=None, **kw):
    """Dominion's --each-card ranking (simulator/tools/each_item.py)."""
    return each_item.each_item(get_game("dominion"), against, items=cards, **kw)


def test_budget_and_seeds():
    assert parse_budget("10m") == 600 and parse_budget("90s") == 90 and parse_budget("1h") == 3600
    assert parse_budget(45) == 45
    for bad in ("ten minutes", "0s", "9999h"):
        with pytest.raises(InputErrors):
            parse_budget(bad)
    tags = ["final", "matrix"] + [f"generation {g}" for g in range(200)]
    assert len({derived_seed(7, t) for t in tags}) == len(tags)


def _same(a, b):
    assert a.best == b.best and a.leaders == b.leaders
    cols = ["generation", "best_fitness", "mean_fitness", "games_played"]
    assert a.generations[cols].equals(b.generations[cols])
    assert a.leaderboard.equals(b.leaderboard)


def test_same_seed_same_result_for_any_number_of_workers():
    one = optimize(FIRST, [BMU], generations=2, seed=5, jobs=1, **TINY)
    two = optimize(FIRST, [BMU], generations=2, seed=5, jobs=2, **TINY)
    _same(one, two)
    other = optimize(FIRST, [BMU], generations=2, seed=6, jobs=1, **TINY)
    assert other.generations.games_played.tolist() == one.generations.games_played.tolist()
    assert not other.generations.best_fitness.equals(one.generations.best_fitness)


def test_racing_keeps_the_strongest_candidate_first():
    from simulator.tools.optimizer import Evaluator, Optimizer, Settings
    kingdom = api.load_setup(FIRST)
    s = Settings(kingdom, api.load_bots([BMU]), generations=1, population=4, leaders=2,
                 stage_games=scaled(300, 30), stages=2, final_games=8, hall=0)
    opt = Optimizer(s, None)
    g = opt.grammar
    weak = [Genome((("buy", (Rule("Silver"),)),)),
            Genome((("buy", (Rule("Estate", (Clause("left_le", (4,)),)), Rule("Silver"))),)),
            Genome((("buy", (Rule("Duchy"), Rule("Silver"))),))]
    strong = big_money(g, "Militia", 1)
    opt.population = weak + [strong]  # last: the racing order must follow it through the stages
    opt.leaders = [strong]
    opt.run_generation(Evaluator((kingdom, 2, {})))
    assert opt.leaders[0] == strong and opt.fitness[strong.key()] > 0.5
    assert opt.fame == [strong]  # the generation's best joins the hall of fame


def test_a_start_run_ends_with_the_start_bot_when_nothing_it_found_does_better():
    from simulator.tools.optimizer import Evaluator, Optimizer, Settings
    kingdom = api.load_setup(FIRST)
    start = api.load_bots([SBM])[0]
    opt = Optimizer(Settings(kingdom, api.load_bots([BMU]) + [start], start=start, final_games=40, hall=0), None)
    weak = Genome((("buy", (Rule("Silver"),)),))
    opt.leaders, opt.fame = [weak], []
    finalists = opt.select(Evaluator((kingdom, 2, {})))
    assert finalists == [opt.start, weak]


def test_the_start_bot_counts_as_much_as_every_other_opponent_together():
    from simulator.tools.optimizer import Optimizer, Settings, _score
    kingdom = api.load_setup(FIRST)
    bots = api.load_bots([BMU, SBM, ROOT / "strategies" / "militia.yaml"])
    start = api.load_bots([SBM])[0]
    opt = Optimizer(Settings(kingdom, bots, start=start, hall=0), None)
    # with the hall of fame's 2 bots: SBM as much as the 4 others together, each of them 1
    assert opt.weights(5) == [1.0, 4.0, 1.0, 1.0, 1.0]
    assert Optimizer(Settings(kingdom, bots, hall=0), None).weights(3) == [1.0, 1.0, 1.0]
    assert Optimizer(Settings(kingdom, [bots[0], bots[2]], start=start, hall=0), None).weights(2) == [1.0, 1.0]
    # 60% against each of two bots, 40% against the start bot: (60 + 60 + 2 * 40) / 4
    per = [[60, 100, 1], [40, 100, 1], [60, 100, 1]]
    assert _score(per, opt.weights(3)) == pytest.approx(0.5) and _score(per) == pytest.approx(160 / 300)


class Recorder:
    """An evaluator that records the tasks it is given and answers each as an even match."""
    def __init__(self):
        self.tasks = []

    def map(self, tasks):
        self.tasks += tasks
        return [[(n, n, 2, None) for n in t[4]] for t in tasks]


def test_each_opponent_plays_games_in_proportion_to_its_weight():
    from simulator.tools.optimizer import Optimizer, Settings, _allot
    assert _allot(400, [1.0] * 5, 2) == (400,) * 5  # equal weights: the stage's games for each
    assert _allot(400, [1.0, 4.0, 1.0, 1.0, 1.0], 2) == (250, 1000, 250, 250, 250)  # as many games in all
    assert _allot(400, [1.0, 4.0, 1.0, 1.0, 1.0], 3) == (252, 1002, 252, 252, 252)  # whole deals
    kingdom = api.load_setup(FIRST)
    start = api.load_bots([SBM])[0]
    opt = Optimizer(Settings(kingdom, api.load_bots([BMU, ROOT / "strategies" / "militia.yaml"]) + [start],
                             start=start, stage_games=40, stages=2, hall=0), None)

    ev = Recorder()
    opt.run_generation(ev)
    stages = sorted({(t[3], t[4]) for t in ev.tasks})
    # the start bot (third) counts as much as the two others: half the games, in two stages
    assert stages == [((0, 0, 0), (30, 30, 60)), ((30, 30, 60), (60, 60, 120))]
    opt.population = opt.leaders = opt.population[:2]
    ev.tasks = []
    opt.select(ev)
    assert {t[4] for t in ev.tasks} == {(7500, 7500, 15000)}  # 10,000 games per opponent on average


def test_a_start_run_races_the_start_bot_and_all_its_first_alternatives_first():
    from simulator.dominion.optimizing import neighbours
    from simulator.tools.optimizer import Optimizer, Settings
    kingdom = api.load_setup(FIRST)
    start = api.load_bots([SBM])[0]
    opt = Optimizer(Settings(kingdom, api.load_bots([BMU]) + [start], start=start), None)
    near = neighbours(opt.grammar, opt.start)
    assert len(near) == 27  # First Game's 10 kingdom cards but Smithy, in 3 forms
    assert opt.population == [opt.start] + near  # more than a generation's 16: each is raced once
    opt.run_generation(Recorder())
    first = opt.first
    assert len(first) == 4 and first == opt.leaders and set(g.key() for g in first) <= {opt.start.key()} | {
        g.key() for g in near}
    opt.run_generation(Recorder())
    opt.leaders, opt.fame = opt.leaders[:1], []
    assert opt.first == first  # the first generation's leaders are kept to the end, and are finalists
    ev = Recorder()
    opt.select(ev)
    assert {t[0] for t in ev.tasks} == {opt.text(g, f"Finalist {i + 1}") for i, g in enumerate(
        list({g.key(): g for g in opt.leaders + first + [opt.start]}.values()))}
    opt = Optimizer(Settings(kingdom, api.load_bots([BMU]), population=8), None)
    assert len(opt.population) == 8


def test_the_dask_backend_gives_the_same_result():
    pytest.importorskip("dask.distributed")
    from dask.distributed import Client, LocalCluster
    local = optimize(FIRST, [BMU], generations=2, seed=5, jobs=1, **TINY)
    with LocalCluster(n_workers=2, processes=False, threads_per_worker=1, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        remote = optimize(FIRST, [BMU], generations=2, seed=5, backend="dask", dask_client=client, **TINY)
    _same(local, remote)


def test_three_players_the_candidate_against_two_copies_of_each_opponent():
    res = optimize(FIRST, [BMU], players=3, generations=1, seed=4, jobs=1, **TINY)
    board = res.leaderboard
    assert board.games.iloc[0] % 3 == 0 and 0 <= board.ci_low.iloc[0] <= board.win_rate.iloc[0] <= 1
    assert res.meta["players"] == 3 and "(3 players)" in res.best_text


def test_a_stopped_run_resumes_where_it_stopped(tmp_path):
    whole = optimize(FIRST, [BMU], generations=3, seed=9, jobs=1, out=tmp_path / "whole", **TINY)
    optimize(FIRST, [BMU], generations=1, seed=9, jobs=1, out=tmp_path / "parts", **TINY)
    resumed = optimize(FIRST, [BMU], generations=3, seed=9, jobs=1, out=tmp_path / "parts", **TINY)
    assert resumed.meta["resumed"] and not whole.meta["resumed"]
    _same(whole, resumed)
    # another run's folder is not taken over
    with pytest.raises(InputErrors, match="another optimize run"):
        optimize(FIRST, [BMU], generations=3, seed=10, jobs=1, out=tmp_path / "parts", **TINY)


def test_a_tiny_run_writes_every_output_and_a_valid_best_bot(tmp_path):
    out = tmp_path / "opt"
    d = Dsim("optimize", "-k", FIRST, "--against", BMU, "--generations", 2, "--seed", 1, "-j", 1,
             "--population", 4, "--stage-games", 8, "--final-games", 8, "--out", out)
    assert d.finish(timeout=240) == 0, d.err
    for name in ("best.yaml", "generations.csv", "leaderboard.csv", "leaders_matrix.csv", "progress.png",
                 "run.json", "leaders/leader_1.yaml"):
        assert (out / name).exists(), name
    best = api.load_bots([out / "best.yaml"])[0]  # valid, as `dsim validate` checks it
    assert best.cards() <= set(api.load_setup(FIRST).cards) | {BY_NAME[c] for c in
                                                                ("Province", "Duchy", "Estate", "Gold", "Silver")}
    text = (out / "best.yaml").read_text()
    assert "vs Big Money Ultimate:" in text and "command: dsim optimize" in text
    info = json.loads((out / "run.json").read_text())
    assert info["generations"] == 2 and not info["partial"] and info["stopped_by"] == "generations"
    gens = pd.read_csv(out / "generations.csv")
    assert gens.generation.tolist() == [1, 2] and gens.games_played.is_monotonic_increasing
    board = pd.read_csv(out / "leaderboard.csv")
    assert board.opponent.tolist() == ["Big Money Ultimate"] and (board.ci_low <= board.win_rate).all()
    assert "generation 2:" in d.err
    # what a person reads: the plan in words, what matters, evolution against its first generation
    assert info["plan"].startswith("Buys, first to last: ") and f"The plan: {info['plan']}" in d.out
    assert info["best_rate"] == pytest.approx(board.win_rate.mean(), abs=1e-5) and 0 <= info["opening_rate"] <= 1
    worth = pd.read_csv(out / "what_matters.csv")
    assert list(worth.columns) == ["part", "win_rate_without", "worth_points", "ci_low_points", "ci_high_points"]
    assert len(worth) >= 1 and worth.worth_points.is_monotonic_decreasing
    assert (worth.worth_points - 100 * (info["best_rate"] - worth.win_rate_without)).abs().max() < 0.01
    md = (out / "best.md").read_text()
    assert md.startswith("# The best bot found for First Game (2 players)\n\n2 generations, ")
    assert "## The plan\n\n" + info["plan"] in md and "## What matters" in md and "## Its record on fresh seeds" in md
    assert md.rstrip().endswith("```") and "name: Best" in md
    import html
    page = html.unescape((out / "report.html").read_text())
    assert f'<p class="verdict">{info["plan"]}</p>' in page and "What matters" in page
    assert "The best bot&#39;s record" not in page and "The best bot's record on fresh seeds" in page
    assert page.count('<img alt="progress" src="data:image/png;base64,') == 1  # progress.png, in the page


def test_each_card_ranks_the_cards_it_was_given(tmp_path):
    res = each_card(BMU, cards=["Smithy", "Village"], generations=1, seed=2, jobs=1, out=tmp_path, **TINY)
    ranking = res.ranking
    assert sorted(ranking.card) == ["Smithy", "Village"] and ranking.win_rate.is_monotonic_decreasing
    assert (ranking.generations == 1).all() and not res.meta["partial"] and not res.meta["not_ranked"]
    for card, text in res.bots.items():
        bot = strategy_from_text(text, "<x>")
        assert {c.name for c in bot.cards() if c.kingdom} <= {card}
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "witch.yaml").write_text("name: stale\nbuy: [Silver]\n")  # an earlier run's
    files = write_each_card(res, tmp_path, "dsim optimize --each-card")
    assert {p.name for p in files} == {"cards_ranking.csv", "smithy.yaml", "village.yaml", "run.json",
                                       "cards_ranking.png", "baseline.yaml"}
    alone = res.meta["alone"]
    said = (tmp_path / "baseline.yaml").read_text()
    assert said.startswith("# the baseline: the best Big Money bot found with no card")
    assert strategy_from_text((tmp_path / "baseline.yaml").read_text(), "<b>").cards() and \
        not any(c.kingdom for c in strategy_from_text(alone["bot"], "<b>").cards())
    # a card its best bot never buys is shown at the baseline's record, the best bot found with no card
    for r in ranking.itertuples():
        assert r.buys_it or (r.win_rate, r.ci_low, r.ci_high) == (alone["win_rate"], alone["ci_low"], alone["ci_high"])
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == ["smithy.yaml", "village.yaml"]
    # on screen: a line per card, best first, in percent, with the even share of the seats
    text = each_item.format_ranking(res).splitlines()
    assert text[0] == "Big Money + each card against Big Money Ultimate, 2 players (even share 50.00%):"
    assert text[1] == (f"the baseline, the best Big Money bot found with no card: {pct(alone['win_rate'])} "
                       f"[{pct(alone['ci_low'])}, {pct(alone['ci_high'])}]; a card its bot never bought is shown at it")
    assert text[2].split() == ["card", "buys", "it", "win", "rate", "95%", "CI", "games", "generations"]
    first = ranking.iloc[0]
    assert text[3].split()[:3] == [first.card, "yes" if first.buys_it else "no", pct(first.win_rate)]
    assert len(text) == 5 and "Empty DataFrame" not in "\n".join(text)


def test_write_keeps_the_outputs_of_a_partial_run(tmp_path):
    res = optimize(FIRST, [BMU], generations=1, seed=3, jobs=1, **TINY)
    res.meta.update(partial=True, stopped_by="interrupt")
    write(res, tmp_path, "dsim optimize ...")
    assert "partial" in (tmp_path / "best.yaml").read_text()
    assert json.loads((tmp_path / "run.json").read_text())["partial"]


@pytest.mark.skipif(not JIT, reason="needs generations in seconds")
def test_ctrl_c_keeps_the_best_so_far_and_leaves_no_process(tmp_path):
    out = tmp_path / "opt"
    d = Dsim("optimize", "-k", FIRST, "--against", BMU, "--budget", "10m", "--seed", 1, "-j", 2, "--out", out)
    d.wait_for("generation 1:", timeout=120)
    workers = d.children()
    d.p.send_signal(signal.SIGINT)
    assert d.finish() == 130, d.err
    info = json.loads((out / "run.json").read_text())
    assert info["partial"] and info["stopped_by"] == "interrupt" and info["generations"] >= 1
    api.load_bots([out / "best.yaml"])
    assert gone(workers)
    # and it resumes from there
    d = Dsim("optimize", "-k", FIRST, "--against", BMU, "--generations", info["generations"] + 1, "--seed", 1,
             "-j", 1, "--out", out)
    assert d.finish(timeout=240) == 0, d.err
    assert f"resuming from generation {info['generations']}" in d.err
    assert json.loads((out / "run.json").read_text())["generations"] == info["generations"] + 1


# ---------------------------------------------------------------- as sturdy as run
TINY_ARGS = ["--population", "4", "--stage-games", "8", "--final-games", "8", "-j", "1"]


def test_a_ctrl_c_while_a_finished_generation_is_said_or_saved_keeps_it(tmp_path):
    """The Ctrl-C lands just after a generation finished, while its line is printed (the
    moment the command's user sees it and presses): the generation is saved all the same,
    and the next run resumes from it (it started from scratch: state.json was not written)."""
    out = tmp_path / "opt"

    def say(line):
        if line.startswith("generation 2:"):
            raise KeyboardInterrupt
    res = optimize(FIRST, [BMU], generations=5, seed=3, out=out, progress=say, jobs=1, **TINY)
    assert res.meta["partial"] and res.meta["generations"] == 2
    state = json.loads((out / "state.json").read_text())
    assert state["generation"] == 2 and [h["generation"] for h in state["history"]] == [1, 2]
    lines = []
    again = optimize(FIRST, [BMU], generations=3, seed=3, out=out, progress=lines.append, jobs=1, **TINY)
    assert any(ln.startswith("resuming from generation 2") for ln in lines), lines
    assert again.meta["generations"] == 3 and not again.meta["partial"]


def _opt(*args):
    from click.testing import CliRunner
    from simulator.cli import cli
    return CliRunner().invoke(cli, ["optimize", *map(str, args)])


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    """The folder of a tiny finished optimize run (state.json and the rest), made once."""
    out = tmp_path_factory.mktemp("finished") / "opt"
    r = _opt("-k", FIRST, "--against", BMU, "--generations", 1, "--seed", 1, "--out", out, "-q", *TINY_ARGS)
    assert r.exit_code == 0, r.output
    return out


@pytest.mark.parametrize("edit,why", [
    ("null", "it holds no settings ('key')"),
    ("[]", "it holds no settings ('key')"),
    ('"x"', "it holds no settings ('key')"),
    ({"population": []}, "'population' is not a list of genomes"),
    ({"history": [1, 2]}, "'history' is not a list of generations"),
    ({"history": [{"generation": 1}]}, "'history' is not a list of generations"),
    ({"seconds": float("nan")}, "'seconds' is not a number of 0 or more"),
    ({"generation": -3}, "'generation' is not a whole number of 0 or more"),
    ({"games": "many"}, "'games' is not a whole number of 0 or more"),
    ({"leaders": [{"lists": {"buy": [["Bogus", [], False, False]]}, "extra": []}]},
     "names 'Bogus', which 'buy' cannot"),
    ({"leaders": [{"lists": {"buy": [["Smithy", [["own", [99]]], False, False]]}, "extra": []}]},
     "is not a condition of 'buy'"),
    ({"leaders": [{"lists": {"play": [["Smithy", [], False, False]]}, "extra": []}]}, "a genome has no 'buy' list"),
    ({"fame": [{"buy": []}]}, "a genome is not"),
    ({"rng": [1]}, "state with version 1 passed to Random.setstate() of version 3"),
    ({"rng": None}, "damaged"),
])
def test_a_damaged_state_file_is_one_error_naming_what_is_wrong(tmp_path, edit, why, finished_run):
    import shutil
    out = tmp_path / "opt"
    shutil.copytree(finished_run, out)
    args = ["-k", FIRST, "--against", BMU, "--generations", 1, "--seed", 1, "--out", out, "-q", *TINY_ARGS]
    state = out / "state.json"
    if isinstance(edit, str):
        state.write_text(edit)
    else:
        st = json.loads(state.read_text())
        st.update(edit)
        state.write_text(json.dumps(st))
    r = _opt(*args)
    assert r.exit_code == 1 and len(r.stderr.strip().splitlines()) == 1, r.output
    assert r.stderr.startswith(f"Error: {state} is damaged") and why in r.stderr, r.stderr


def test_a_run_resumed_with_other_kingdom_rules_or_name_is_refused(tmp_path):
    out = tmp_path / "opt"
    args = ["--against", BMU, "--generations", 1, "--seed", 1, "--out", out, "-q", *TINY_ARGS]
    assert _opt("-k", FIRST, *args).exit_code == 0
    text = FIRST.read_text()
    for changed in (text.replace("name: First Game", "name: Second Game"),
                    text.rstrip() + "\nrules: {tiebreak: shared}\n"):
        assert changed != text
        k = tmp_path / "k.yaml"
        k.write_text(changed)
        r = _opt("-k", k, *args)
        assert r.exit_code == 1 and "holds another optimize run" in r.stderr, r.output


@pytest.mark.skipif(not JIT, reason="needs generations in seconds")
def test_without_a_seed_the_seed_is_printed_saved_and_the_same_command_resumes(tmp_path):
    out = tmp_path / "opt"
    args = ["optimize", "-k", FIRST, "--against", BMU, "-j", 1, "--out", out, "--population", 4,
            "--stage-games", 40, "--final-games", 40]
    d = Dsim(*args, "--budget", "10m")
    d.wait_for("generation 1:", timeout=120)
    d.p.send_signal(signal.SIGINT)
    assert d.finish() == 130, d.err
    seed = int(d.err.split("seed ")[1].split()[0])
    assert f"(give --seed {seed} to repeat this run)" in d.err
    assert f"--seed {seed}" in json.loads((out / "run.json").read_text())["command"]
    assert f"--seed {seed}" in (out / "best.yaml").read_text()
    again = Dsim(*args, "--generations", 2)
    assert again.finish() == 0, again.err
    assert "resuming from generation" in again.err and "give --seed" not in again.err
    assert json.loads((out / "run.json").read_text())["seed"] == seed


def test_a_budget_too_small_for_a_generation_warns_and_lists_only_files_written(tmp_path):
    out = tmp_path / "opt"
    r = _opt("-k", FIRST, "--against", BMU, "--budget", "1s", "--seed", 1, "--out", out, *TINY_ARGS)
    assert r.exit_code == 0, r.output
    assert "Warning: no generation ran within the budget of 1 s" in r.stderr
    listed = r.stderr.split(f"written to {out}/ (")[1].split(")")[0].split(", ")
    assert "progress.png" not in listed and all((out / name).exists() for name in listed), listed
    assert not (out / "progress.png").exists()


def test_each_card_with_a_tiny_budget_ranks_nothing_and_says_so(tmp_path):
    r = _opt("--each-card", "--budget", "2s", "--out", tmp_path / "c", *TINY_ARGS)
    assert r.exit_code == 0, r.output
    assert "cards ran no generation in their share of the budget and are not ranked" in r.stderr
    n = len(each_item_pool(1))  # the base set's and Intrigue's 1st-edition cards dsim plays
    assert f"no card ranked: {n} of {n} cards finished, none in a generation of its own (give a larger --budget)" \
        in r.stdout and "DataFrame" not in r.output
    ranking = pd.read_csv(tmp_path / "c" / "cards_ranking.csv")
    assert len(ranking) == 0  # no card is ranked at Big Money's own win rate


@pytest.mark.parametrize("args,message", [
    (["--each-card", "-k", FIRST], "--each-card ranks each item on the game's setup for it; it takes no -k"),
    (["--each-card", "--start", BMU], "it takes no -k or --start"),
    (["--each-card", "--against", ROOT / "strategies" / "splendor" / "greedy.yaml"],
     "Splendor does not rank its items (--each-card)"),
    (["--each-card", "--game", "splendor"], "Splendor does not rank its items (--each-card)"),
    (["--each-card", "--against", BMU, "--against", BMU], "--each-card ranks every card against one bot, not 2"),
    (["-k", FIRST, "--edition", "2"], "--edition goes with --each-card"),
    (["-k", FIRST, "--budget", "1x", "--generations", "1"], "--budget and --generations each say when to stop"),
    (["-k", FIRST, "--budget", "10m", "--generations", "1"], "--budget and --generations each say when to stop"),
])
def test_each_card_options_it_cannot_honour_are_refused(tmp_path, args, message):
    r = _opt(*args, "--out", tmp_path / "o")
    assert r.exit_code in (1, 2) and message in r.stderr, r.output
    assert not (tmp_path / "o").exists()  # refused input leaves no folder behind


@pytest.mark.parametrize("args", [["-k", ROOT / "kingdoms" / "none.yaml"], ["-k", FIRST, "--budget", "1x"],
                                  ["-k", FIRST, "--start", ROOT / "kingdoms" / "first_game.yaml"],
                                  ["-k", FIRST, "--against", ROOT / "strategies" / "splendor" / "greedy.yaml"]])
def test_bad_input_to_optimize_leaves_no_out_folder(tmp_path, args):
    r = _opt(*args, "--out", tmp_path / "deep" / "o", *TINY_ARGS)
    assert r.exit_code in (1, 2) and r.stderr.startswith("Error: "), r.output
    assert not (tmp_path / "deep").exists()


def test_each_card_honours_players_and_a_stopped_run_resumes_from_the_next_card(tmp_path, monkeypatch):
    real = each_item.optimize
    calls = []

    def stop_on_village(kingdom, *a, **kw):
        calls.append(kingdom.cards[0].name if kingdom.cards else "(none)")
        if calls[-1] == "Village" and calls.count("Village") == 1:
            raise KeyboardInterrupt
        return real(kingdom, *a, **kw)
    monkeypatch.setattr(each_item, "optimize", stop_on_village)
    kw = dict(cards=["Smithy", "Village"], generations=1, seed=2, jobs=1, out=tmp_path, players=3, **TINY)
    first = each_card(BMU, **kw)
    assert first.meta["partial"] and first.meta["cards_done"] == 1 and first.ranking.card.tolist() == ["Smithy"]
    files = write_each_card(first, tmp_path, "dsim optimize --each-card")
    assert json.loads((tmp_path / "run.json").read_text())["partial"] is True
    assert {p.name for p in files} >= {"cards_ranking.csv", "run.json"}
    second = each_card(BMU, **kw)
    assert calls == ["(none)", "Smithy", "Village", "Village"]  # the baseline and Smithy were not played again
    assert not second.meta["partial"] and sorted(second.ranking.card) == ["Smithy", "Village"]
    assert second.meta["players"] == 3


# ---------------------------------------------------------------- issue 28: any game, a person's bot, readable results
SBM = ROOT / "strategies" / "smithy_big_money.yaml"
GREEDY = ROOT / "strategies" / "splendor" / "greedy.yaml"


@pytest.mark.skipif(not JIT, reason="plays thousands of games a test; plain Python checks the engine elsewhere")
def test_a_run_started_from_a_persons_bot_plays_it_and_says_what_changed(tmp_path):
    from simulator.lang import genome as G
    from simulator.tools.optimizer import summary_lines
    res = optimize(FIRST, start=SBM, generations=2, seed=4, jobs=1, **dict(TINY, final_games=40))
    m = res.meta
    assert m["start"] == "strategies/smithy_big_money.yaml" and "Smithy Big Money" in m["against"]
    assert len(m["against"]) > 5  # the shipped bots that fit the kingdom, and the start bot
    start, kept = G.from_bot(SBM.read_text(), res.grammar, keep=True)
    assert not kept and m["changes"] == G.diff(start, res.best, res.grammar)
    lines = summary_lines(res)
    assert any(ln.startswith("Against strategies/smithy_big_money.yaml: ") for ln in lines), lines
    assert ("What changed from it:" in lines) == bool(m["changes"])
    assert "started from strategies/smithy_big_money.yaml" in res.best_text
    # what the genome cannot say is kept, said, and still in the best bot
    mine = tmp_path / "mine.yaml"
    mine.write_text(SBM.read_text().replace("Province: total_money > 15", "'Province: vp + 3 > opp_vp or coins > 9'"))
    said = []
    res = optimize(FIRST, [BMU], start=mine, generations=2, seed=4, jobs=1, progress=said.append, **TINY)
    assert "kept as written (the genome cannot change it): Province: vp + 3 > opp_vp or coins > 9" in said
    assert "Province: vp + 3 > opp_vp or coins > 9" in res.best_text
    assert res.meta["kept"] == ["Province: vp + 3 > opp_vp or coins > 9"]
    assert res.meta["against"] == ["Big Money Ultimate"]  # --against given: the start bot is not added


@pytest.mark.skipif(not JIT, reason="plays thousands of games a test; plain Python checks the engine elsewhere")
def test_splendor_bots_evolve_through_the_same_optimiser(tmp_path):
    from simulator.splendor.bots import bot_from_text
    one = optimize(game="splendor", against=[GREEDY], generations=2, seed=5, jobs=1, **TINY)
    two = optimize(game="splendor", against=[GREEDY], generations=2, seed=5, jobs=2, **TINY)
    _same(one, two)
    assert one.meta["game"] == "splendor" and one.meta["setup"] == "the standard rules"
    assert one.best_text.splitlines()[-1] != "" and "game: splendor" in one.best_text
    bot_from_text(one.best_text, "<best>")  # a valid Splendor bot
    # a variant file chooses the game; the state resumes
    variant = ROOT / "kingdoms" / "splendor" / "standard.yaml"
    whole = optimize(variant, [GREEDY], generations=2, seed=6, jobs=1, out=tmp_path / "a", **TINY)
    optimize(variant, [GREEDY], generations=1, seed=6, jobs=1, out=tmp_path / "b", **TINY)
    resumed = optimize(variant, [GREEDY], generations=2, seed=6, jobs=1, out=tmp_path / "b", **TINY)
    assert resumed.meta["resumed"] and json.loads((tmp_path / "b" / "state.json").read_text())["fame"]
    _same(whole, resumed)
    # without --against: every shipped Splendor bot but the random one; 4 players
    four = optimize(game="splendor", players=4, generations=1, seed=1, jobs=1, **TINY)
    names = four.meta["against"]
    assert "Greedy" in names and "Cheap Engine" in names and "Random" not in names
    assert four.meta["players"] == 4 and (four.leaderboard.games % 4 == 0).all()


def _optimizer(against, **kw):
    from simulator.tools.optimizer import Evaluator, Optimizer, Settings
    kingdom = api.load_setup(FIRST)
    s = Settings(kingdom, api.load_bots(against), population=4, leaders=2, **kw)
    return Optimizer(s, None), Evaluator((kingdom, 2, {}))


@pytest.mark.skipif(not JIT, reason="plays thousands of games a test; plain Python checks the engine elsewhere")
def test_the_best_bot_loses_only_what_never_changes_a_game():
    opt, ev = _optimizer([BMU])
    g = opt.grammar
    money = (Rule("Province", (Clause("money_gt", (15,)),)), Rule("Gold"), Rule("Silver"))
    # two Provinces bought while all 8 are left cannot happen; a play rule for a card never bought
    # changes nothing either. Each of the Duchy's conditions alone would fire: they stay until the rule goes
    never = Rule("Duchy", (Clause("left_gt", (7,)), Clause("has_ge", (2, "Province"))))
    dead = Genome((("buy", (never,) + money), ("play", (Rule("Smithy"),))))
    pruned, dropped = opt.prune(ev, dead)
    assert pruned == Genome((("buy", money),)) and dropped == 2
    # a rule that fires once in a thousand games stays (one Smithy, bought in a game where Silver ran
    # out); its limit of two, never reached, goes
    rare = Genome((("buy", money + (Rule("Smithy", (Clause("own", (2,)),)),)),))
    assert opt.prune(ev, rare) == (Genome((("buy", money + (Rule("Smithy"),)),)), 1)
    assert opt.fingerprints(ev, [opt.text(dead, "A")]) == opt.fingerprints(ev, [opt.text(pruned, "B")])
    # a rule that does fire stays
    live = big_money(g, "Smithy", 1)
    assert opt.prune(ev, live)[0].get("buy") == live.get("buy")
    # leaders that play the same games are one; a bot that plays as a shipped one says so
    bmu = Genome.from_json(json.loads(json.dumps(
        __import__("simulator.lang.genome", fromlist=["x"]).from_bot(BMU.read_text(), g)[0].to_json())), g)
    kept, same_as = opt.alike(ev, [bmu, dead, pruned, live])
    assert kept == [bmu, dead, live] and same_as[0].name == "Big Money Ultimate" and same_as[2] is None


@pytest.mark.skipif(not JIT, reason="plays thousands of games a test; plain Python checks the engine elsewhere")
def test_the_best_bot_is_chosen_again_among_the_leaders_and_the_hall_of_fame():
    opt, ev = _optimizer([BMU])
    weak = Genome((("buy", (Rule("Silver"),)),))
    strong = big_money(opt.grammar, "Militia", 1)
    opt.leaders, opt.fame = [weak, weak], [strong, weak]  # the race's last winner was lucky
    played = opt.games
    assert opt.select(ev) == [strong, weak] and opt.games > played


def test_each_card_says_when_the_best_bot_never_buys_the_card(tmp_path, monkeypatch):
    real = each_item.optimize

    def without_village(kingdom, *a, **kw):
        res = real(kingdom, *a, **kw)
        if kingdom.cards and kingdom.cards[0].name == "Village":  # as if the best Big Money + Village bought none
            res.best = res.best.with_list(res.grammar, "buy", [r for r in res.best.get("buy") if r.item != "Village"])
        return res
    monkeypatch.setattr(each_item, "optimize", without_village)
    res = each_card(BMU, cards=["Village", "Smithy"], generations=1, seed=2, jobs=1, **TINY)
    assert res.ranking.card.tolist() == ["Smithy", "Village"]  # never bought: last, whatever its win rate
    assert res.ranking.buys_it.tolist() == [True, False] and res.meta["never_bought"] == ["Village"]
    assert "never buys Village" in res.bots["Village"]
    alone = res.meta["alone"]  # never bought: shown at the baseline, the best bot found with no card
    assert res.ranking.set_index("card").win_rate["Village"] == alone["win_rate"]


def test_the_command_line_evolves_splendor_bots_and_starts_from_a_bot(tmp_path):
    r = _opt("--game", "splendor", "--against", GREEDY, "--generations", 1, "--seed", 1, "--out", tmp_path / "s",
             *TINY_ARGS)
    assert r.exit_code == 0, r.output
    assert "game: splendor" in (tmp_path / "s" / "best.yaml").read_text()
    r = _opt("-k", FIRST, "--start", SBM, "--against", BMU, "--against", SBM, "--generations", 1, "--seed", 1,
             "--out", tmp_path / "d", *TINY_ARGS)
    assert r.exit_code == 0, r.output
    assert "Against strategies/smithy_big_money.yaml: " in r.stdout
    assert "What changed from it:" in r.stdout or "No change to it was found" in r.stdout
    r = _opt("--game", "splendor", "-k", FIRST, "--generations", 1, "--out", tmp_path / "x", *TINY_ARGS)
    assert r.exit_code == 1, r.output
    assert "is a Dominion file, but the run evolves Splendor bots (--game splendor)" in r.stderr
    r = _opt("--start", ROOT / "strategies" / "splendor" / "random.yaml", "--out", tmp_path / "r", *TINY_ARGS)
    assert r.exit_code == 1 and "a random bot has no rules to start from" in r.stderr, r.output
    assert not list((tmp_path / "r").glob("*.yaml"))  # refused before any game


def test_a_compiled_match_is_kept_for_its_own_setup_only():
    from simulator.tools.optimizer import _match
    first, square = api.load_setup(FIRST), api.load_setup(ROOT / "kingdoms" / "village_square.yaml")
    text = BMU.read_text()
    a, b = (first, 2, {}), (square, 2, {})
    ma, mb = _match(a, text, text), _match(b, text, text)
    assert ma.kingdom is first and mb.kingdom is square
    assert _match(a, text, text) is ma and _match((first, 2, {}), text, text) is not ma  # another context: compiled


@pytest.mark.skipif(not JIT, reason="workers load the compiled engine")
@pytest.mark.parametrize("method,kw", [("spawn", dict(kingdom=FIRST, against=[BMU])),
                                       ("forkserver", dict(game="splendor", against=[GREEDY]))])
def test_the_same_run_under_every_start_method(method, kw):
    import multiprocessing as mp
    here = optimize(generations=1, seed=2, jobs=1, **kw, **TINY)
    old = mp.get_start_method(allow_none=True)
    mp.set_start_method(method, force=True)
    try:
        there = optimize(generations=1, seed=2, jobs=2, **kw, **TINY)
    finally:
        mp.set_start_method(old, force=True)
    _same(here, there)


def test_the_summary_counts_one_dropped_rule_in_the_singular():
    from types import SimpleNamespace

    from simulator.tools.optimizer import summary_lines
    said = [summary_lines(SimpleNamespace(meta={"dropped": n, "prune_games": 8}))[0] for n in (1, 2)]
    assert said == ["Dropped 1 rule or condition that changed none of 8 games against each opponent.",
                    "Dropped 2 rules or conditions that changed none of 8 games against each opponent."]


def test_the_end_of_a_run_is_foreseen_at_the_pace_of_its_fastest_stage():
    """A generation's first stage holds the workers' start: at the pace of every game so
    far, a short budget (an item's share of --each-card's) would foresee a slow end and stop
    after one generation. The end is foreseen at the fastest stage's pace."""
    opt, ev = _optimizer([BMU])
    try:
        opt.run_generation(ev)
        assert opt.pace > 0 and opt.games > 0
        opt.seconds = 1000.0  # as if the start had taken long: the average pace is low
        fast = opt.final_seconds()
        assert fast == pytest.approx(opt.final_seconds())
        pace, opt.pace = opt.pace, 0.0
        assert opt.final_seconds() > 10 * fast  # the average would foresee an end ten times longer
        opt.pace = 2 * pace
        assert opt.final_seconds() == pytest.approx(fast / 2)
    finally:
        ev.close()


def test_what_matters_is_each_part_taken_out_alone_on_the_same_seeds():
    opt, ev = _optimizer([BMU], final_games=40)
    try:
        g = opt.grammar
        money = Genome((("buy", (Rule("Province", (Clause("money_gt", (15,)),)), Rule("Gold"), Rule("Silver"))),))
        board = opt.record(ev, money, "Best")
        worth = opt.worth(ev, money, board)
        parts = G.parts(money)
        assert sorted(worth.part) == sorted(G.part_text(money, g, p) for p in parts)
        # each row is the bot without that part, played by the record's own means on the same seeds
        for p in parts:
            without = opt.record(ev, G.without(money, g, p), "Without")
            row = worth[worth.part == G.part_text(money, g, p)].iloc[0]
            assert row.win_rate_without == pytest.approx(without.win_rate.mean(), abs=1e-5)
            assert row.worth_points == pytest.approx(100 * (board.win_rate.mean() - without.win_rate.mean()), abs=0.01)
            assert row.ci_low_points < row.worth_points < row.ci_high_points
        # without its Provinces the bot cannot win: the rule is worth all the bot wins
        assert worth.set_index("part").worth_points["buy: Province: total_money > 15"] == \
            pytest.approx(100 * board.win_rate.mean(), abs=0.01) and worth.worth_points.is_monotonic_decreasing
        assert G.plan(money, g) == "Buys, first to last: Province once its money passes 15; Gold; Silver."
    finally:
        ev.close()
