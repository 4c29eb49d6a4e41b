"""A search bot's buys, and its gains from Workshop, Feast, Remodel, Ironworks and Replace:
each card it weighs (and buying nothing) played out to the end of the game many times (rollouts), what it
cannot see dealt again each time, and the option with the best mean result taken
(docs/search.md). Rollouts are whole games continued in compiled code on a copy of the
state (the search's scratch region, S[G_SCR]) with streams of their own (R's second half),
their tallies in A's second half (never read): the game itself is not touched until the
card is bought or gained. A rollout from a gain goes on from inside the play that gains:
the gain and the rest of the card's text (Ironworks' bonus, where Replace puts the card and
its Curses: ``effects.gain_rest``), the rest of the work stack (a Throne Room's second
play), the action phase, the buy phase.

``run_games_search`` is ``run_games_logged`` with a search bot's buys and gains searched:
the same turn loop (copies of it down to ``buys``, whose ``choose_buy`` is ``search_buy``,
and down to the five cards' effects, whose ``gain_choice`` is ``search_gain``), compiled
only when a run has a search bot."""

import numpy as np

from ...kernels import jit, shared, streams
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from . import effects, turn
from ._jit import KERNELS_SET, inline
from .decisions import ANSWER_OPEN, ask_supply, bot_gain, choose_gain_hot, person, told, why_chose
from .effects import gain_rest
from .state import cost_now, is_type, log_ev, ps, rule_span, state_copy, zb, zn
from .turn import (action_phase, buy, buy_phase, buys, cleanup, end_reason, finish_game, log_event,  # noqa: F401
                   play_turns, resolve_work, turn_tally)  # log_event: log_race's

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
    state_copy(S, 0, S, o)
    for i in range(S_SUP0, S_TRASH):  # the starting supply, which state_copy leaves out
        S[o + i] = S[i]
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


@inline
def rollout_start(S, R, T, A, p, b, key, i):
    """A rollout's game, its streams and its tallies: the state copied to the scratch
    region, what p cannot see dealt again from the streams of (key, i), p's seat played
    by its rollout policy pb. Returns (S2, R2, A2, pb)."""
    o = scratch_copy(S)
    S2 = S[o:o + S_EV]
    R2 = R[MAXP + 1:2 * (MAXP + 1)]
    A2 = A[S[G_ASCR]:2 * S[G_ASCR]]
    seed_streams(R2, key, i)
    determinize(S2, R2, p)
    pb = T[T[TH_BOPT] + b * NO + O_POLICY]
    S2[S_SEAT + p] = pb
    return S2, R2, A2, pb


@kernel
def rollout(S, R, T, F, A, p, b, c, key, i):
    """Seat p's win twelfths in one game played on from its buy phase, p buying card c now
    (-1: nothing more this turn), what p cannot see dealt again from the streams of
    (key, i); p played by its rollout policy, the others by their own bots."""
    S2, R2, A2, pb = rollout_start(S, R, T, A, p, b, key, i)
    if c >= 0:
        buy(S2, T, A2, p, c, False, True)
        buys(S2, R2, T, F, A2, p, False, True)
    return play_on(S2, R2, T, F, A2, p, pb)


@kernel
def gain_rollout(S, R, T, F, A, p, b, c, key, i):
    """Seat p's win twelfths in one game played on from a gain of Workshop, Feast,
    Remodel, Ironworks or Replace, p gaining card c (-1: nothing), what p cannot see dealt
    again from the streams of (key, i): the rest of the card's text (``gain_rest``), of
    its plays and of its turn, then the game, p played by its rollout policy, the others
    by their own bots."""
    S2, R2, A2, pb = rollout_start(S, R, T, A, p, b, key, i)
    gain_rest(S2, R2, T, A2, p, S2[S_WK + 3 * (S2[G_WK] - 1)], c)  # the card resolving: the work stack's top
    S2[G_SKIP] = 0  # Feast's: what its gain passed over
    resolve_work(S2, R2, T, F, A2, p)
    action_phase(S2, R2, T, F, A2, p, pb, False)
    buy_phase(S2, R2, T, F, A2, p, pb, False, True)
    return play_on(S2, R2, T, F, A2, p, pb)


@inline
def play_on(S2, R2, T, F, A2, p, pb):
    """A rollout's end: p's turn from its buys done (its policy pb), then the game played
    to its end; p's win twelfths."""
    none = S2[0:0].reshape((0, NGR))  # no records of rollouts
    cap = S2[S_VAR + V_TURN_CAP]
    turn_tally(S2, T, A2, p, pb, cap, A_TL + cap + 2)
    cleanup(S2, R2, p, False)
    reason = end_reason(S2)
    if reason != 0:
        finish_game(S2, T, A2, none, 1 << 30, -1, reason)
    else:
        S2[G_CUR] = p + 1 if p + 1 < S2[G_NP] else 0
        play_turns(S2, R2, T, F, A2, none, 1 << 30, -1, 1 << 30, STOP_NONE, False, True)
    return S2[S_UNIT + pb]


race = kernel(jit.engine_copy(shared.race, globals(), shared.RACE_NAMES))
race_gain = kernel(jit.engine_copy(shared.race, {**globals(), "rollout": gain_rollout}, shared.RACE_NAMES, "_gain"))
log_race = kernel(jit.engine_copy(shared.log_race, globals(), shared.LOG_RACE_NAMES))


@inline
def buyable(S, T, c, coins):
    """Whether card c is one to weigh with ``coins``: in the supply, affordable, and not
    the card gains pass over now (G_SKIP)."""
    return S[S_SUP + c] > 0 and cost_now(S, T, c) <= coins and c + 1 != S[G_SKIP]


@inline
def add_option(S, o, k, c):
    """Card c (-1: nothing) as an option after the k written, unless it is one; the count."""
    for i in range(k):
        if S[o + SC_OPT + i] == c:
            return k
    S[o + SC_OPT + k] = c
    return k + 1


@kernel
def search_buy(S, R, T, F, A, p, lg, fx):
    """p's buy: a search bot's by ``race`` over the cards it weighs (``options: list``: the
    cards its buy list names that it can buy now, and its list's own choice, which may be
    nothing; ``all``: every card it can buy, and nothing); any other bot's list's (``fx``:
    ``choose_buy``'s, always true in this loop)."""
    b = S[S_SEAT + p]
    coins = S[G_COINS]
    own = choose_gain_hot(S, R, T, F, L_BUY, p, coins, 0, fx)
    if lg:
        why_chose(S, T, F, L_BUY, p, coins, own, 0, -1)
    bo = T[TH_BOPT] + b * NO
    rollouts = T[bo + O_ROLLOUTS]
    if rollouts == 0 or T[bo + O_DECIDE] & SD_BUY == 0:
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


#: what keeps a gain's rollouts apart from a buy's in the same turn (the key's other half)
GAIN_KEY = np.uint64(0x5851F42D4C957F2D)


@inline
def gainable(S, T, c, cap, mask):
    """Whether card c is one a gain up to ``cap`` of the types ``mask`` may take now."""
    return (S[S_SUP + c] > 0 and cost_now(S, T, c) <= cap and (mask == 0 or is_type(T, c, mask))
            and c + 1 != S[G_SKIP])


@kernel
def search_gain(S, R, T, F, A, p, cap, mask):
    """p's gain from Workshop, Feast, Remodel, Ironworks or Replace (up to ``cap``, of the
    types ``mask``): the person's answer; else, for a bot that searches its gains, the card
    ``race_gain`` finds best among those it weighs (``options: list``: the cards its gain
    list names, its buy list without one, that it can gain now, and its lists' own choice;
    ``all``: every card it can gain); else its lists' (``forced_gain``'s)."""
    g = ANSWER_OPEN
    if person(S, p):
        g = ask_supply(S, T, p, ASK_GAIN, cap, mask, 0)
    if g != ANSWER_OPEN:
        return g
    own = bot_gain(S, R, T, F, p, cap, mask)
    b = S[S_SEAT + p]
    bo = T[TH_BOPT] + b * NO
    rollouts = T[bo + O_ROLLOUTS]
    if rollouts == 0 or T[bo + O_DECIDE] & SD_GAIN == 0 or own < 0:
        return told(S, p, ASK_GAIN, own)
    o = S[G_SCR]
    k = add_option(S, o, 0, own)
    if T[bo + O_OPTIONS] == SO_ALL:
        for c in range(NCARDS):
            if gainable(S, T, c, cap, mask):
                k = add_option(S, o, k, c)
    else:
        first, end = rule_span(S, T, p, L_GAIN)
        for r in range(first, end):
            c = T[T[TH_RULES] + r * RW + R_CARD]
            if gainable(S, T, c, cap, mask):
                k = add_option(S, o, k, c)
    if k == 1:
        return told(S, p, ASK_GAIN, own)
    key = streams.mix(R[MAXP] ^ GAIN_KEY ^ np.uint64((S[ps(p, PS_TURNS)] * 64 + S[G_ACTIONS]) * 8 + p + 1))
    best = race_gain(S, R, T, F, A, p, b, k, 0, rollouts, key, T[bo + O_MARGIN])
    if S[G_LOG] != 0:
        log_race(S, p, k)
        log_ev(S, EV_WHY, p, WHY_SEARCH, 2 + (0 if best == 0 else 1))
    return told(S, p, ASK_GAIN, S[o + SC_OPT + best])


# the turn loop with searched buys and gains: copies of run_games_logged down to buys,
# whose ``choose_buy`` is ``search_buy``, and down to the effects of Workshop, Feast,
# Remodel, Ironworks and Replace (and the Intrigue cards' dispatch), whose ``gain_choice``
# is ``search_gain`` (named apart in numba's cache)
run_games_search = jit.variant(KERNELS_SET, {**vars(effects), **vars(turn)},
                               {"choose_buy": search_buy, "gain_choice": search_gain},
                               ("workshop", "feast", "trade", "remodel", "ironworks", "replace", "effect_intrigue",
                                "effect", "resolve_work", "play_action",
                                "action_phase", "buys", "buy_phase", "play_turns", "play_games", "run_games_logged"),
                               "_search")["run_games_logged"]
