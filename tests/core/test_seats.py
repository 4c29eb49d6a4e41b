"""How bots are seated: --seats all plays every ordering of the bots equally often (so
two copies of a bot score alike, which rotate's cyclic order does not give at 3-4
players); the seat effects are on screen and in seats.png."""
import itertools
import math

import pytest
from click.testing import CliRunner

from simulator import api
from simulator.cli import cli
from simulator.games import get_game
from simulator.kernels.tally_layout import GR_PER_SEAT, GR_SEAT

from ..helpers import JIT, ROOT

S = ROOT / "strategies"
SPL = S / "splendor"


@pytest.mark.parametrize("game,bot", [("dominion", S / "big_money.yaml"), ("splendor", SPL / "greedy.yaml")])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_seats_the_bots_in_every_order_once_every_n_factorial_games(game, bot, players):
    match = api.prepare([str(bot)] * players, seats="all")
    orders = list(itertools.permutations(range(players)))
    first = 5                                    # a chunk that starts mid-way: the order follows the game index
    _, rec = get_game(game).play(match, 1, first, len(orders), records=True)
    seen = [tuple(int(rec[g, GR_SEAT + GR_PER_SEAT * s]) for s in range(players)) for g in range(len(orders))]
    assert seen == [orders[(first + g) % len(orders)] for g in range(len(orders))]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("bots", [[S / "witch.yaml", S / "witch.yaml", S / "big_money_ultimate.yaml"],
                                  [S / "witch.yaml", S / "witch.yaml", S / "big_money_ultimate.yaml",
                                   S / "smithy_big_money.yaml"]], ids=["3 players", "4 players"])
def test_two_copies_of_a_bot_score_alike_with_all_seatings_but_not_with_rotate(bots):
    n = 24_000 if JIT else 240
    rates = {}
    for seats in ("all", "rotate"):
        s = api.simulate([str(b) for b in bots], games=n, seed=3, jobs=1, seats=seats).summary
        rates[seats] = (s.win_rate[0], s.win_rate[1])
    se = math.sqrt(2 * 0.25 / n)
    a, b = rates["all"]
    assert abs(a - b) < 4 * se
    if JIT:
        a, b = rates["rotate"]
        assert abs(a - b) > 6 * se          # the cyclic order favours the Witch seated before the other


def test_the_seat_effects_are_on_screen_and_in_seats_png(tmp_path):
    out = tmp_path / "out"
    r = CliRunner().invoke(cli, ["run", str(S / "witch.yaml"), str(S / "witch.yaml"), str(S / "big_money.yaml"),
                                 "-n", "300", "--seed", "1", "-j", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith("win rate by seat"))
    assert lines[head].split() == ["win", "rate", "by", "seat", "seat", "1", "seat", "2", "seat", "3"]
    assert [ln.split()[0] for ln in lines[head + 1:head + 4]] == ["Witch", "Witch", "Big"]
    assert "--seats all plays every order" in lines[head + 4]
    assert (out / "seats.png").stat().st_size > 10_000 and "seats.png" in r.output
    assert "win rate in one seat" in (out / "report.html").read_text()


def test_paired_deals_keep_to_rotate_seating():
    with pytest.raises(Exception, match="--paired rotates the seats itself"):
        api.simulate([str(S / "big_money.yaml")] * 3, games=6, seed=1, seats="all", paired=True)
