"""The example game of another package (tests/games/nothanks, docs/new-game.md): its
rules, checked on known positions, and what only a game of more than four players
reaches in the generic layer (exact shared wins at 7, seats 5 to 7 in the reports)."""
import random

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from simulator import api
from simulator.cli import cli
from simulator.run.stats import share_unit


@pytest.fixture
def nt(nothanks):
    from dsim_nothanks import game
    return game


def bot(tmp_path, name, *take):
    p = tmp_path / f"{name}.yaml"
    p.write_text(f"game: nothanks\nname: {name}\ntake: {list(take)!r}\n")
    return str(p)


def test_a_run_scores_only_its_lowest_card(nt):
    assert nt.card_score({3, 4, 5, 10, 12, 13}) == 3 + 10 + 12
    assert nt.card_score(set()) == 0
    rng = random.Random(5)
    for _ in range(2000):
        held = set(rng.sample(range(3, 36), rng.randrange(0, 12)))
        c = rng.choice([c for c in range(3, 36) if c not in held])
        assert nt.added_score(held, c) == nt.card_score(held | {c}) - nt.card_score(held), (held, c)


def test_chips_by_players_and_a_variant_overrides_them(nt, tmp_path):
    a = bot(tmp_path, "A", "cost <= 3")
    assert [api.prepare([a], players=k).chips for k in (3, 4, 5, 6, 7)] == [11, 11, 11, 9, 7]
    assert api.prepare([a], players=7, rules={"chips": "15"}).chips == 15
    with pytest.raises(Exception, match="chips must be a whole number from 0 to 50"):
        api.prepare([a], players=3, rules={"chips": "99"})


def test_a_player_without_chips_must_take_and_a_take_continues_the_turn(nt, tmp_path):
    # Never takes by choice: so it takes exactly when it has no chips left
    never, greedy = bot(tmp_path, "Never", False), bot(tmp_path, "Greedy", True)
    match = api.prepare([never, greedy, greedy], players=3, seats="fixed")
    seen = []
    r = nt.play_game(match, 4, 0, False, on_choice=lambda p, v, took: seen.append((p, v, took)))
    never_choices = [(v[nt.V["chips"]], took) for p, v, took in seen if p == 0]
    assert never_choices and all(took == (chips == 0) for chips, took in never_choices)
    # Greedy takes every card it sees, then decides on the next one in the same turn
    for (p, v, took), (q, w, _) in zip(seen, seen[1:]):
        if p == 1 and took:
            assert q == 1 and w[nt.V["turn"]] == v[nt.V["turn"]] and w[nt.V["pot"]] == 0
    assert sum(map(len, r["held"])) == 24


def test_seven_players_split_shared_wins_exactly(nt, tmp_path):
    a, b = bot(tmp_path, "A", "cost <= 2"), bot(tmp_path, "B", "pot >= 3")
    res = api.simulate([a, b], players=7, games=140, seed=2, jobs=1)
    t = res.tally
    assert t.share == share_unit(7) == 420
    assert t.bot[:, 2].sum() > 0                      # some wins were shared
    assert t.bot[:, 4].sum() == 420 * 140             # and every game's win adds up to one
    assert sorted(res.seats.seat.unique()) == [1, 2, 3, 4, 5, 6, 7]
    assert res.summary.win_rate.sum() == pytest.approx(1.0, abs=1e-12)


def test_the_log_and_the_saved_games_read_as_no_thanks(nt, nothanks, tmp_path):
    bots = [str(p) for p in sorted((nothanks / "dsim_nothanks" / "bots").glob("*.yaml"))]
    r = CliRunner().invoke(cli, ["log", *bots, "--seed", "3", "-q"])
    assert r.exit_code == 0, r.output
    assert f"No Thanks! game 0 of seed 3: {len(bots)} players, 24 cards (9 set aside unseen), 11 chips each" \
        in r.output
    assert "says No thanks" in r.output and "takes it" in r.output and "winner" in r.output
    # it does not offer 'why': --why is a one-line error, before any game is played
    r = CliRunner().invoke(cli, ["log", *bots, "--seed", "3", "-q", "--why"])
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert r.exit_code != 0 and len(lines) == 1 and "nothanks's log cannot say why" in lines[0], r.output
    # a game that asks a person nothing: dsim play says so in one line
    r = CliRunner().invoke(cli, ["play", *bots[:2], "--seed", "3"], input="1\n")
    assert r.exit_code == 1 and r.output == "Error: No Thanks! has no questions a person can answer (the game does " \
        "not offer dsim play) — dsim run plays its bots\n", r.output
    r = CliRunner().invoke(cli, ["run", *bots, "-n", "30", "--seed", "1", "-j", "1", "-q",
                                 "--save-games", str(tmp_path / "g.csv"), "--out", str(tmp_path / "o")])
    assert r.exit_code == 0, r.output
    g = pd.read_csv(tmp_path / "g.csv")
    assert list(g.columns[:4]) == ["game", "ending", "length", "seat1_bot"] and f"seat{len(bots)}_points" in g
    assert np.allclose(g[[f"seat{s + 1}_win" for s in range(len(bots))]].sum(axis=1), 1.0)
