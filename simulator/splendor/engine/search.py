"""A search bot's move: each option played out to the end of the game many times from the
current board (rollouts), the hidden cards dealt again each time, and the option with the
best mean result taken (docs/search.md). Rollouts are whole games continued in compiled
code on a copy of the state (the search's scratch region, S[G_SCR]) with streams of their
own (R's second half), their tallies in A's second half (never read): the game itself is
not touched until the move is made.

``run_games_search`` is ``run_games`` with a search bot's moves searched: the same turn
loop (copies of ``run_games``, ``play_turns``, ``play_turn`` and ``person_act`` whose
``act`` is ``search_act``), compiled only when a run has a search bot."""

import numpy as np

from ...kernels import jit, shared, streams
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from . import decide, turn
from ._jit import KERNELS_SET, inline
from .board import cd, holdings, ps, state_copy
from .decide import act, do_action, legal_action, pos_card, why
from .turn import end_reason, end_turn, finish_game, log_event, play_turns  # noqa: F401 - log_race's

#: the search's kernels compile when a run first has a search bot (``run_games_search``'s
#: ``compile_later``), not with the engine
kernel = KERNELS_SET.on_demand
seed_streams = kernel(streams.seed_streams)
shuffle_cards = streams.shuffle_cards


@kernel
def scratch_copy(S):
    """The scratch region's game state: a copy of the game's, unlogged and played by bots
    only (a person's question open in the game, a hint being found, is not open in it).
    Returns its offset in S."""
    o = S[G_SCR]
    state_copy(S, 0, S, o)
    S[o + G_LOG] = 0
    S[o + G_HUMAN] = 0
    S[o + G_ERR] = 0  # a person's open question (ERR_ASK) stops the game, not its rollouts
    for u in range(MAXB):
        S[o + S_UNIT + u] = 0
    return o


@kernel
def determinize(S, R, T, p):
    """Deal again what seat p cannot see, from the rollout's table stream: each level's deck
    together with the cards other players reserved face down from it. The cards are put in
    a fixed order first, so that the deal depends on what p can see and the stream only."""
    np_ = S[G_NP]
    for lv in range(NLEVEL):
        d = S_DECK + lv * MAXDECK
        n = S[S_DECKN + lv]
        m = n
        for q in range(np_):
            if q != p:
                for i in range(S[ps(q, PS_NRES)]):
                    c = S[ps(q, PS_RES + i)]
                    if (S[ps(q, PS_HIDDEN)] >> i) & 1 != 0 and T[cd(c, C_LEVEL)] == lv + 1:
                        S[d + m] = c
                        m += 1
        shuffle_cards(S, R, MAXP, d, m)
        for q in range(np_):
            if q != p:
                for i in range(S[ps(q, PS_NRES)]):
                    c = S[ps(q, PS_RES + i)]
                    if (S[ps(q, PS_HIDDEN)] >> i) & 1 != 0 and T[cd(c, C_LEVEL)] == lv + 1:
                        m -= 1
                        S[ps(q, PS_RES + i)] = S[d + m]


@kernel
def rollout(S, R, T, F, A, p, b, a, key, i):
    """Seat p's win twelfths in one game played on from the current state, p taking move a
    (AC_*) now, the hidden cards dealt again from the streams of (key, i); p played by its
    rollout policy, the others by their own bots."""
    o = scratch_copy(S)
    S2 = S[o:o + S_EV]
    R2 = R[MAXP + 1:2 * (MAXP + 1)]
    A2 = A[S[G_ASCR]:2 * S[G_ASCR]]
    none = S[o:o].reshape((0, NGR))  # no records of rollouts
    seed_streams(R2, key, i)
    determinize(S2, R2, T, p)
    pb = T[T[TH_BOPT] + b * NO + O_POLICY]
    S2[S_SEAT + p] = pb
    tokens, cards = holdings(S2, p)
    k = do_action(S2, R2, T, F, A2, p, pb, a)
    end_turn(S2, R2, T, F, A2, p, pb, k, tokens, cards)
    reason = end_reason(S2, p)
    if reason != 0:
        finish_game(S2, T, A2, none, 1 << 30, -1, reason)
    else:
        S2[G_CUR] = (p + 1) % S2[G_NP]
        play_turns(S2, R2, T, F, A2, none, 1 << 30, -1, 1 << 30)
    return S2[S_UNIT + pb]


race = kernel(jit.engine_copy(shared.race, globals(), shared.RACE_NAMES))
log_race = kernel(jit.engine_copy(shared.log_race, globals(), shared.LOG_RACE_NAMES))


@kernel
def own_move(S, R, T, F, A, p, b):
    """The move (AC_*) seat p's list makes on this board (-1: a pass), found by letting it
    move on the scratch copy and reading what changed."""
    o = scratch_copy(S)
    S2 = S[o:o + S_EV]
    R2 = R[MAXP + 1:2 * (MAXP + 1)]
    for s in range(MAXP + 1):
        R2[s] = R[s]
    act(S2, R2, T, F, A[S[G_ASCR]:2 * S[G_ASCR]], p, b)
    if S2[ps(p, PS_CARDS)] != S[ps(p, PS_CARDS)]:
        for pos in range(NLEVEL * FACE_UP + MAX_RESERVED):
            c = pos_card(S, p, pos)
            if c >= 0 and S2[S_OWNER + c] == p:
                return AC_BUY + pos
    if S2[ps(p, PS_NRES)] != S[ps(p, PS_NRES)]:
        c = S2[ps(p, PS_RES + S[ps(p, PS_NRES)])]
        for slot in range(NLEVEL * FACE_UP):
            if S[S_BOARD + slot] == c:
                return AC_RESERVE + slot
        return AC_DECK + T[cd(c, C_LEVEL)] - 1
    if S2[G_TAKEN] != 0:
        for k in range(NGEM):
            if S2[ps(p, PS_TOK + k)] - S[ps(p, PS_TOK + k)] == 2:
                return AC_TAKE2 + k
        return AC_TAKE + S2[G_TAKEN]
    return -1


@inline
def listed(a, own):
    """Whether move a is among the options of a search bot with ``options: list``: its
    list's own move, every buy, and every reserve of a face-up card (a denial)."""
    return a == own or a >= AC_BUY or (AC_RESERVE <= a < AC_DECK)


@kernel
def search_act(S, R, T, F, A, p, b):
    """Seat p's move: a search bot's by ``race`` over its options; any other bot's ``act``.
    Returns the ACT_ code."""
    bo = T[TH_BOPT] + b * NO
    rollouts = T[bo + O_ROLLOUTS]
    n = legal_action(S, T, p, -1)
    if rollouts == 0 or n == 0:
        return act(S, R, T, F, A, p, b)
    own = own_move(S, R, T, F, A, p, b)
    o = S[G_SCR]
    k = 0
    own_i = 0
    every = T[bo + O_OPTIONS] == SO_ALL
    for i in range(n):
        a = legal_action(S, T, p, i)
        if every or listed(a, own):
            if a == own:
                own_i = k
            S[o + SC_OPT + k] = a
            k += 1
    if own < 0 or k == 1:
        return act(S, R, T, F, A, p, b)
    key = streams.mix(R[MAXP] ^ np.uint64(S[ps(p, PS_TURNS)] * 8 + p + 1))
    best = race(S, R, T, F, A, p, b, k, own_i, rollouts, key, T[bo + O_MARGIN])
    if S[G_LOG] != 0:
        log_race(S, p, k)
        why(S, p, L_SEARCH, 0 if best == own_i else 1)
    return do_action(S, R, T, F, A, p, b, S[o + SC_OPT + best])


# the turn loop with searched moves: copies of run_games, play_turns, play_turn and
# person_act (whose hint is then the search's move, dsim play) whose ``act`` is
# ``search_act`` (named apart in numba's cache)
run_games_search = jit.variant(KERNELS_SET, {**vars(decide), **vars(turn)}, {"act": search_act},
                               ("person_act", "play_turn", "play_turns", "run_games"), "_search")["run_games"]
