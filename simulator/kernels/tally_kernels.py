"""Kernels both games' engines share to start a game of a run (its streams and seats)
and to score a finished game into the tallies (simulator/kernels/tally_layout.py), inlined into
the engines' kernels."""
import numpy as np
from numba import njit

from .streams import seed_streams, shuffle
from .tally_layout import (A_TB, A_TS, GR_ENDING, GR_GAME, GR_LENGTH, GR_PER_SEAT, GR_SEAT, MAXP, NTB, NTS,
                           SEATS_ALL, SEATS_RANDOM, SEATS_ROTATE, SHARE, TB_GAMES, TB_LOSSES, TB_TIES, TB_TURNS,
                           TB_VP, TB_W12, TB_WINS, TS_GAMES, TS_LOSSES, TS_TIES, TS_W12, TS_WINS)

_inline = njit(forceinline=True, error_model="numpy", _nrt=False)
_seed_streams = _inline(seed_streams)


@_inline
def start_game(S, R, seed, gi, np_, paired, seat_mode, seats, game_lo):
    """Start game gi of the run with ``seed``: its index at S[game_lo] and S[game_lo + 1]
    (low and high 24 bits, for error reports), the random streams of its deal (with
    ``paired``, the games of a deal, one per seat rotation, share them) and its seats."""
    S[game_lo] = gi & 0xFFFFFF
    S[game_lo + 1] = gi >> 24
    _seed_streams(R, seed, gi // np_ if paired != 0 else gi)
    assign_seats(S, R, seats, np_, seat_mode, gi)


@_inline
def assign_seats(S, R, seats, np_, seat_mode, gi):
    """The bot of each seat of game gi, at S[seats + s]: rotated by gi (rotate), as given
    (fixed), shuffled with the table's stream R[MAXP] (random), or the (gi mod np_!)-th
    ordering of the bots in lexicographic order (all: every ordering equally often)."""
    rot = gi % np_
    for s in range(np_):
        S[seats + s] = s if seat_mode != SEATS_ROTATE else (s + rot) % np_
    if seat_mode == SEATS_RANDOM:
        shuffle(S, R, MAXP, seats, np_)
    elif seat_mode == SEATS_ALL:
        orders = 1
        for s in range(2, np_ + 1):
            orders *= s
        k = gi % orders
        for s in range(np_):
            orders //= np_ - s          # orderings of the seats after s
            j = s + k // orders         # the bot that sits at s: the (k // orders)-th left
            k %= orders
            b = S[seats + j]
            for i in range(j, s, -1):
                S[seats + i] = S[seats + i - 1]
            S[seats + s] = b


@_inline
def score_seat(S, A, grec, g, unit, p, b, score, turns, won, nwin):
    """Tally seat p's result (bot b, its score and turns; ``won``: it is one of the
    ``nwin`` winners) for bot b, in all and by seat; its win twelfths also go to the
    current unit (S[unit + b]) and, when records are kept, to row g."""
    ob = A_TB + b * NTB
    os = A_TS + (b * MAXP + p) * NTS
    A[ob + TB_GAMES] += 1
    A[ob + TB_VP] += score
    A[ob + TB_TURNS] += turns
    A[os + TS_GAMES] += 1
    w12 = 0
    if won:
        w12 = SHARE // nwin
        A[ob + (TB_WINS if nwin == 1 else TB_TIES)] += 1
        A[os + (TS_WINS if nwin == 1 else TS_TIES)] += 1
    else:
        A[ob + TB_LOSSES] += 1
        A[os + TS_LOSSES] += 1
    A[ob + TB_W12] += w12
    A[os + TS_W12] += w12
    S[unit + b] += w12
    if g < grec.shape[0]:
        grec[g, GR_SEAT + GR_PER_SEAT * p] = b
        grec[g, GR_SEAT + GR_PER_SEAT * p + 1] = score
        grec[g, GR_SEAT + GR_PER_SEAT * p + 2] = turns
        grec[g, GR_SEAT + GR_PER_SEAT * p + 3] = w12


@_inline
def score_game(A, grec, g, gi, lengths, endings, cap, length, reason):
    """Tally a game's length (turns of the player who took the most, capped at cap + 1)
    and its ending, and its record row g."""
    A[lengths + min(length, cap + 1)] += 1
    A[endings + reason - 1] += 1
    if g < grec.shape[0]:
        grec[g, GR_GAME] = gi
        grec[g, GR_ENDING] = reason
        grec[g, GR_LENGTH] = length


@_inline
def close_unit(S, A, units, unit, np_, gi, paired):
    """After game gi: if it completes a unit (a game, or the last seat rotation of a paired
    deal), count the unit, and each bot's sum and sum of squares of its win twelfths in it
    (for paired intervals)."""
    if paired != 0 and gi % np_ != np_ - 1:
        return
    A[units] += 1
    for b in range(np_):
        u = np.int64(S[unit + b])
        A[units + 1 + 2 * b] += u
        A[units + 2 + 2 * b] += u * u
        S[unit + b] = 0
