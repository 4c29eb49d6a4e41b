"""Splendor fuzzing: random bots and random list bots, 2-4 players, every rule variant.

The engine checks conservation itself after every game (``check=True``): every token of
each colour is in the bank or with a player, every card is in exactly one place (a deck,
the board, a player's reserved cards or bought), the dealt nobles are face up or with a
player, and every player's bonuses, points and counters agree with what it owns. A
failure raises. Here we also check that every game ended and that the tallies add up, and
recount one game per batch in Python from the engine's final state."""
import random

import numpy as np

from ..helpers import JIT
from simulator.splendor import layout as E
from simulator.splendor.bots import bot_from_text
from simulator.splendor.cards import CARDS, COLOURS, NOBLES
from simulator.splendor.game import State, Variant, make_match, play

RANDOM_BOT = bot_from_text("game: splendor\nname: Random\nrandom: true")
WORDS = ["any", "points", "2+ points", "level 1", "level 2", "level 3", "cheapest", "closest", "noble",
         "reserved", "board", *COLOURS]


def list_bot(rng, i):
    """A bot with random lists (selectors and conditions), every other decision by default."""
    def sel(extra=()):
        return " ".join(rng.sample(WORDS[:6], rng.randint(0, 1)) + rng.sample(list(extra) or WORDS[6:], 1))

    conds = ["", ": cards < 6", ": tokens <= 7", ": points >= 5", ": short(level3) <= 2", ": bonus(red) < 3",
             ": turn > 10 and reserved < 2", ": nobles_in_reach > 0 or lead < 0"]
    text = [f"game: splendor\nname: Lists {i}", "buy:"] + [f"  - '{sel()}{rng.choice(conds)}'" for _ in range(3)]
    if rng.random() < 0.5:
        text += ["reserve:", f"  - '{sel(['board', 'closest', 'most points'])}{rng.choice(conds)}'",
                 f"  - 'deck level {rng.randint(1, 3)}{rng.choice(conds)}'"]
    if rng.random() < 0.7:
        text += ["take:", f"  - '{rng.choice(['two ', ''])}{sel()}{rng.choice(conds)}'"]
    if rng.random() < 0.5:
        text += ["return:"] + [f"  - {c}" for c in rng.sample([*COLOURS, "gold"], 3)]
    if rng.random() < 0.5:
        text += ["noble:"] + [f"  - {c}" for c in rng.sample(COLOURS, 2)]
    return bot_from_text("\n".join(text) + "\n", f"<lists {i}>")


def recount(st: State, players: int):
    """Tokens in all, and each player's (points, cards) recomputed from what it owns."""
    tokens = np.array(st.bank()) + sum(np.array(st.tokens(p)) for p in range(players))
    scores = []
    for p in range(players):
        mine = st.owned(p)
        nobles = [n.id for n in NOBLES if st.noble_owner(n.id) == p]
        scores.append((sum(CARDS[c].points for c in mine) + 3 * len(nobles), len(mine)))
    return tokens, scores


def check_batch(bots, variant, n, seed):
    players = len(bots)
    match = make_match(bots, variant, check=True)
    tally, rec = play(match, seed, 0, n, records=True)
    assert tally.ending.sum() == n and tally.length.sum() == n
    assert tally.bot[:, E.TB_GAMES].sum() == n * players
    assert (tally.bot[:, E.TB_WINS] + tally.bot[:, E.TB_TIES] + tally.bot[:, E.TB_LOSSES] == n).all()
    assert tally.bot[:, E.TB_W12].sum() == 12 * n
    assert ((rec[:, E.GR_ENDING] >= 1) & (rec[:, E.GR_ENDING] <= 3)).all()
    g = int(seed % n)
    st = State(match, log_capacity=50_000)
    st.run(E.MODE_FRESH, seed, g, 1)
    tokens, scores = recount(st, players)
    gems = {2: 4, 3: 5, 4: 7}[players]
    assert tokens.tolist() == [gems] * 5 + [5]
    by_seat = rec[g, E.GR_SEAT:E.GR_SEAT + 4 * players].reshape(players, 4)
    assert by_seat[:, 1].tolist() == [s[0] for s in scores]
    ends = [(int(p), int(c), int(v)) for code, p, c, v in st.events() if code == E.EV_SCORE]
    assert ends == [(p, scores[p][1], scores[p][0]) for p in range(players)]
    return tally


def random_variant(rng):
    return Variant(target=rng.choice([15, 15, 21, 8]), turn_cap=rng.choice([30, 100]),
                   tiebreak=rng.choice(["cards", "shared"]))


def test_fuzz_random_bots_conserve_everything():
    """50,000 games of random bots (with the JIT), 2-4 players."""
    rng = random.Random(11)
    batches, per = (50, 1000) if JIT else (6, 4)
    ended = np.zeros(3, np.int64)
    for k in range(batches):
        players = rng.choice([2, 3, 4])
        ended += check_batch([RANDOM_BOT] * players, random_variant(rng), per, seed=k).ending
    assert ended.sum() == batches * per


def test_fuzz_list_bots_conserve_everything():
    """20,000 games of bots with random lists, 2-4 players."""
    rng = random.Random(5)
    batches, per = (100, 200) if JIT else (8, 3)
    for k in range(batches):
        players = rng.choice([2, 3, 4])
        bots = [list_bot(rng, i) for i in range(players)]
        check_batch(bots, random_variant(rng), per, seed=500 + k)
