"""A search bot's buys: each card it weighs (and buying nothing) played out to the end of
the game many times (rollouts), what it cannot see dealt again each time, and the option
with the best mean result bought (docs/search.md). Rollouts are whole games continued in
compiled code on a copy of the state (the search's scratch region, S[G_SCR]) with streams
of their own (R's second half), their tallies in A's second half (never read): the game
itself is not touched until the card is bought.

``run_games_search`` is ``run_games_logged`` with a search bot's buys searched: the same
turn loop (copies of it down to ``buys``, whose ``choose_buy`` is ``search_buy``),
compiled only when a run has a search bot."""

import numpy as np

from ...kernels import jit, shared, streams
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from . import turn
from ._jit import KERNELS_SET, inline
from .decisions import choose_gain_hot, why_chose
from .state import col, log_ev, ps, rule_span, zb, zn
from .turn import buy, buys, cleanup, end_reason, finish_game, log_event, play_turns, turn_tally  # noqa: F401 - log_race's

#: the search's kernels compile when a run first has a search bot (``run_games_search``'s
#: ``compile_later``), not with the engine
kernel = KERNELS_SET.on_demand
seed_streams = kernel(streams.seed_streams)
shuffle_cards = streams.shuffle_cards


@kernel
def scratch_copy(S):
    """The scratch region's game state: a copy of the game's (each zone as far as it is
    filled), unlogged and played by bots only (a person's question open in the game, a
    hint being found, is not open in it). Returns its offset in S."""
    o = S[G_SCR]
    for i in range(S_Z):
        S[o + i] = S[i]
    for z in range(MAXP * NZ):
        b = S_Z + z * MAXC
        for i in range(S[S_ZN + z]):
            S[o + b + i] = S[b + i]
    for u in range(MAXB):
        S[o + S_UNIT + u] = 0
    S[o + G_LOG] = 0
    S[o + G_HUMAN] = 0
    S[o + G_ERR] = 0  # a person's open question (ERR_ASK) stops the game, not its rollouts
    return o


@kernel
def determinize(S, R, p):
    """Deal again what seat p cannot see, from the rollout's table stream: the order of its
    own draw pile, and each other player's hand and draw pile together (the hand dealt
    from them again, as many cards). The cards are put in a fixed order first, so that the
    deal depends on what p can see and the stream only. (What p saw put on a draw pile, a
    Bureaucrat's Silver, a Sentry's or Harbinger's choice, is forgotten: dealt again too.)"""
    for q in range(S[G_NP]):
        d = zb(q, Z_DRAW)
        n = S[zn(q, Z_DRAW)]
        h = 0
        if q != p:
            h = S[zn(q, Z_HAND)]
            for i in range(h):
                S[d + n + i] = S[zb(q, Z_HAND) + i]
            n += h
        shuffle_cards(S, R, MAXP, d, n)
        for i in range(h):
            S[zb(q, Z_HAND) + i] = S[d + n - h + i]
        S[zn(q, Z_DRAW)] = n - h


@kernel
def rollout(S, R, T, F, A, p, b, c, key, i):
    """Seat p's win twelfths in one game played on from its buy phase, p buying card c now
    (-1: nothing more this turn), what p cannot see dealt again from the streams of
    (key, i); p played by its rollout policy, the others by their own bots."""
    o = scratch_copy(S)
    S2 = S[o:o + S_EV]
    R2 = R[MAXP + 1:2 * (MAXP + 1)]
    A2 = A[S[G_ASCR]:2 * S[G_ASCR]]
    none = S[o:o].reshape((0, NGR))  # no records of rollouts
    seed_streams(R2, key, i)
    determinize(S2, R2, p)
    pb = T[T[TH_BOPT] + b * NO + O_POLICY]
    S2[S_SEAT + p] = pb
    if c >= 0:
        buy(S2, T, A2, p, c, False)
        buys(S2, R2, T, F, A2, p, False)
    cap = S2[S_VAR + V_TURN_CAP]
    turn_tally(S2, T, A2, p, pb, cap, A_TL + cap + 2)
    cleanup(S2, R2, p, False)
    reason = end_reason(S2)
    if reason != 0:
        finish_game(S2, T, A2, none, 1 << 30, -1, reason)
    else:
        S2[G_CUR] = p + 1 if p + 1 < S2[G_NP] else 0
        play_turns(S2, R2, T, F, A2, none, 1 << 30, -1, 1 << 30, STOP_NONE, False)
    return S2[S_UNIT + pb]


race = kernel(jit.engine_copy(shared.race, globals(), shared.RACE_NAMES))
log_race = kernel(jit.engine_copy(shared.log_race, globals(), shared.LOG_RACE_NAMES))


@inline
def buyable(S, T, c, coins):
    """Whether card c is one to weigh with ``coins``: in the supply, affordable, and not
    the card gains pass over now (G_SKIP)."""
    return S[S_SUP + c] > 0 and T[col(c, C_COST)] <= coins and c + 1 != S[G_SKIP]


@inline
def add_option(S, o, k, c):
    """Card c (-1: nothing) as an option after the k written, unless it is one; the count."""
    for i in range(k):
        if S[o + SC_OPT + i] == c:
            return k
    S[o + SC_OPT + k] = c
    return k + 1


@kernel
def search_buy(S, R, T, F, A, p, lg):
    """p's buy: a search bot's by ``race`` over the cards it weighs (``options: list``: the
    cards its buy list names that it can buy now, and its list's own choice, which may be
    nothing; ``all``: every card it can buy, and nothing); any other bot's list's."""
    b = S[S_SEAT + p]
    coins = S[G_COINS]
    own = choose_gain_hot(S, R, T, F, L_BUY, p, coins, 0)
    if lg:
        why_chose(S, T, F, L_BUY, p, coins, own, 0, -1)
    bo = T[TH_BOPT] + b * NO
    rollouts = T[bo + O_ROLLOUTS]
    if rollouts == 0:
        return own
    o = S[G_SCR]
    k = add_option(S, o, 0, own)
    if T[bo + O_OPTIONS] == SO_ALL:
        for c in range(NCARDS):
            if buyable(S, T, c, coins):
                k = add_option(S, o, k, c)
        k = add_option(S, o, k, -1)
    else:
        first, end = rule_span(S, T, p, L_BUY)
        for r in range(first, end):
            c = T[T[TH_RULES] + r * RW + R_CARD]
            if buyable(S, T, c, coins):
                k = add_option(S, o, k, c)
    if k == 1:
        return own
    key = streams.mix(R[MAXP] ^ np.uint64((S[ps(p, PS_TURNS)] * 64 + S[G_BUYS]) * 8 + p + 1))
    best = race(S, R, T, F, A, p, b, k, 0, rollouts, key, T[bo + O_MARGIN])
    if lg:
        log_race(S, p, k)
        log_ev(S, EV_WHY, p, WHY_SEARCH, 0 if best == 0 else 1)
    return S[o + SC_OPT + best]


# the turn loop with searched buys: copies of run_games_logged down to buys, whose
# ``choose_buy`` is ``search_buy`` (named apart in numba's cache)
run_games_search = jit.variant(KERNELS_SET, vars(turn), {"choose_buy": search_buy},
                               ("buys", "buy_phase", "play_turns", "play_games", "run_games_logged"),
                               "_search")["run_games_logged"]
