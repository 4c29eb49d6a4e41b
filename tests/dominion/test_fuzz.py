"""Fuzzing: random bots on random kingdoms of every kingdom card (the base set and Intrigue
mixed), 2-4 players, all variants.

After every game the engine itself checks (V_CHECK) that every card is in exactly one
place, the total of each card never changed except by gains from the supply, no pile is
negative and the per-player counters agree with the zones; a failure raises. Here we
also check that every game ended (normally or by the cap) and, for one game per
kingdom, recount each player's cards and VP from the zones in Python."""
import random

import numpy as np

from ..helpers import JIT
from .helpers import bot
from simulator.dominion import engine as E
from simulator.dominion.cards import CARDS, PLAYED_KINGDOM
from simulator.dominion.game import State, make_match, play
from simulator.dominion.setup import Kingdom, Rules

RANDOM_BOT = bot("name: Random\nbuy: []\nrandom: true", "random")


def default_bot(rng, cards, i):
    """Buys in a random priority over the supply; every decision left to the defaults."""
    order = [c.name for c in cards] + ["Gold", "Silver", "Province", "Duchy", "Estate"]
    rng.shuffle(order)
    return bot("name: Default %d\nbuy: [%s]\nguard: %s" % (i, ", ".join(order), rng.choice(["true", "false"])),
               f"default{i}")


def random_setup(rng):
    # base and Intrigue cards mixed (every card the engine plays)
    cards = tuple(sorted(rng.sample(PLAYED_KINGDOM, 10), key=lambda c: c.id))
    rules = Rules(tiebreak=rng.choice(["turns", "shared"]), end_piles=rng.choice([3, 4]),
                  edition=rng.choice([1, 2]), turn_cap=rng.choice([40, 100]))
    return cards, rules, rng.choice([2, 3, 4])


def recount(st: State, match):
    """(cards per player, VP per player, total per card) recomputed from the zones."""
    owned = np.zeros((match.players, len(CARDS)), int)
    for p in range(match.players):
        for zone in range(E.NZ):
            for c in st.zone(p, zone):
                if c >= 0:
                    owned[p, c] += 1
    vp = []
    for p in range(match.players):
        o = owned[p]
        vp.append(o[E.ESTATE] + 3 * o[E.DUCHY] + 6 * o[E.PROVINCE] - o[E.CURSE] + o[E.GARDENS] * (o.sum() // 10)
                  + o[E.GREAT_HALL] + o[E.MILL] + o[E.DUKE] * o[E.DUCHY] + 2 * o[E.HAREM] + 2 * o[E.NOBLES])
    supply = np.maximum(st.S[E.S_SUP:E.S_SUP + len(CARDS)], 0)
    trash = st.S[E.S_TRASH:E.S_TRASH + len(CARDS)]
    return owned, vp, owned.sum(axis=0) + supply + trash


def check_kingdom(rng, bots, cards, rules, players, n, seed):
    match = make_match(bots, Kingdom("fuzz", cards, rules), check=True)
    tally, rec = play(match, seed, 0, n, records=True)
    assert tally.ending.sum() == n and tally.length.sum() == n
    assert tally.bot[:, E.TB_GAMES].sum() == n * players
    assert tally.bot[:, E.TB_W12].sum() == 12 * n
    assert ((rec[:, E.GR_ENDING] >= 1) & (rec[:, E.GR_ENDING] <= 3)).all()
    # one game replayed with its state kept: recount in Python
    g = rng.randrange(n)
    st = State(match, log_capacity=100_000)
    st.run(E.MODE_FRESH, seed, g, 1)
    owned, vp, totals = recount(st, match)
    start = np.maximum(match.sup0, 0).copy()
    start[E.COPPER] += 7 * players
    start[E.ESTATE] += 3 * players
    assert (totals == start).all()
    scores = {int(p): int(v) for code, p, _, v in st.events() if code == E.EV_SCORE}
    assert scores == {p: vp[p] for p in range(players)}
    seats = rec[g, E.GR_SEAT:E.GR_SEAT + 4 * players].reshape(players, 4)
    assert seats[:, 1].tolist() == vp


def test_fuzz_random_bots():
    rng = random.Random(2026)
    kingdoms, per = (200, 200) if JIT else (8, 6)
    for k in range(kingdoms):
        cards, rules, players = random_setup(rng)
        check_kingdom(rng, [RANDOM_BOT] * players, cards, rules, players, per, seed=k)


def test_fuzz_default_decisions():
    rng = random.Random(7)
    kingdoms, per = (100, 100) if JIT else (6, 5)
    for k in range(kingdoms):
        cards, rules, players = random_setup(rng)
        bots = [default_bot(rng, cards, i) for i in range(players)]
        check_kingdom(rng, bots, cards, rules, players, per, seed=1000 + k)
