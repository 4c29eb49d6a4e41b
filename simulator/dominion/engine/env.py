"""Dominion stepped decision by decision (simulator/envs): what a seat observes, and the
engine's side of simulator/kernels/stepping.py (a game dealt, a turn played, the stepping
kernels as Dominion's own). Compiled when a learning environment is first made.

The observation of seat p (float32, OBS_SIZE; counts as they are, none scaled), from the
state as it stood when p was asked, holds only what p may know:
  OB_KIND   the question's kind, one-hot (ASK_*)
  OB_ABOUT  the card it is about, one-hot (none: all 0)
  OB_Q      its number (Q_ARG: coins, cards to discard, a cost ...) and whose cards its
            options are, as seats after p (-1: nobody's)
  OB_TURN   the player whose turn it is (seats after p), its actions, buys and coins, the
            turn's cost reduction (Bridge) and Copper bonus (Coppersmith), empty piles
  OB_SUPPLY each card's pile (-1: not in the game), OB_TRASH the trash, by card
  OB_MINE   p's own cards by zone (draw pile, discard pile, hand, play, set aside), by card:
            the order of the draw pile is not in it
  OB_ME     p's turns, fixed VP, total money, cards, score
  OB_OPP    each other seat in turn order after p (none: all 0): what it owns by card
            (every gain and trash is public), what it has in play, its zones' sizes, its
            turns, fixed VP, total money, cards, score; not its hand, its draw pile's
            cards or its discard pile's (only their sizes); and as p knows it: a card
            Masquerade passed between two other players (which p did not see) still
            counts as the passer's, in its cards by card, money, fixed VP and score
"""
import numpy as np

from ...kernels import jit
from ...kernels.stepping import *  # noqa: F403 - the stepping kernels' names, as the engine's
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import KERNELS_SET, inline
from .gains import vp_counted, vp_of
from .state import col, hid, own, ps, state_copy, zb, zn  # noqa: F401 - state_copy: the stepping kernels'
from .turn import new_game, play_turns

NNUM = 8  # number answers (ASK_NUMBERS' options are 0 .. NNUM - 1)
#: the action space: a card (its id), a number (NCS + the number), 'none' (the last)
N_ACTIONS = NCS + NNUM + 1
#: the first action of each question kind's options
KIND_OFFSET = np.array([NCS if k in ASK_NUMBERS else 0 for k in range(NASK)], np.int64)

OB_KIND = 0
OB_ABOUT = OB_KIND + NASK
OB_Q = OB_ABOUT + NCS
OB_TURN = OB_Q + 2
OB_SUPPLY = OB_TURN + 7
OB_TRASH = OB_SUPPLY + NCS
OB_MINE = OB_TRASH + NCS
OB_ME = OB_MINE + NZ * NCS
OB_OPP = OB_ME + 5
OPP_OWN = 0
OPP_PLAY = NCS
OPP_ZONES = 2 * NCS
OPP_PS = OPP_ZONES + NZ
OPP_SIZE = OPP_PS + 5
OBS_SIZE = OB_OPP + (MAXP - 1) * OPP_SIZE

score_of = vp_of


@inline
def after(S, p, q):
    """Seat q as seats after p (0: p itself)."""
    d = q - p
    return d + S[G_NP] if d < 0 else d


@inline
def floats(S, s, OV, o, n):
    """OV[o:o + n] = S[s:s + n] as floats, by unsigned indices (no check for a negative index;
    state.copy_blocks says why)."""
    a = np.uint64(s)
    b = np.uint64(o)
    for i in range(np.uint64(n)):
        OV[b + i] = S[a + i]


@inline
def encode(S, T, p, D, d, OV):
    """Seat p's observation of the state S as it stood at p's question (its ask region at
    D[d:]; d < 0: no question, the game is over), into OV."""
    for i in range(np.uint64(OBS_SIZE)):  # unsigned: one memset (no index to wrap around)
        OV[i] = 0
    if d >= 0:
        OV[OB_KIND + D[d + Q_KIND]] = 1
        if D[d + Q_ABOUT] >= 0:
            OV[OB_ABOUT + D[d + Q_ABOUT]] = 1
        OV[OB_Q] = D[d + Q_ARG]
        OV[OB_Q + 1] = after(S, p, D[d + Q_OWNER]) if D[d + Q_OWNER] >= 0 else -1
    OV[OB_TURN] = after(S, p, S[G_CUR])
    OV[OB_TURN + 1] = S[G_ACTIONS]
    OV[OB_TURN + 2] = S[G_BUYS]
    OV[OB_TURN + 3] = S[G_COINS]
    OV[OB_TURN + 4] = S[G_REDUCE]
    OV[OB_TURN + 5] = S[G_COPPER]
    OV[OB_TURN + 6] = S[G_EMPTY]
    floats(S, S_SUP, OV, OB_SUPPLY, NCS)
    floats(S, S_TRASH, OV, OB_TRASH, NCS)
    for z in range(NZ):
        b = zb(p, z)
        for i in range(S[zn(p, z)]):
            c = S[b + i]
            if c >= 0:  # a play-area slot whose card left play is -1
                OV[OB_MINE + z * NCS + c] += 1
    OV[OB_ME] = S[ps(p, PS_TURNS)]
    OV[OB_ME + 1] = S[ps(p, PS_VP)]
    OV[OB_ME + 2] = S[ps(p, PS_MONEY)]
    OV[OB_ME + 3] = S[ps(p, PS_CARDS)]
    OV[OB_ME + 4] = score_of(S, T, p)
    for q in range(S[G_NP]):
        if q == p:
            continue
        x = OB_OPP + (after(S, p, q) - 1) * OPP_SIZE
        floats(S, own(q, 0), OV, x + OPP_OWN, NCS)
        b = zb(q, Z_PLAY)
        for i in range(S[zn(q, Z_PLAY)]):
            c = S[b + i]
            if c >= 0:
                OV[x + OPP_PLAY + c] += 1
        for z in range(NZ):
            OV[x + OPP_ZONES + z] = S[zn(q, z)]
        OV[x + OPP_PS] = S[ps(q, PS_TURNS)]
        OV[x + OPP_PS + 1] = S[ps(q, PS_VP)]
        OV[x + OPP_PS + 2] = S[ps(q, PS_MONEY)]
        OV[x + OPP_PS + 3] = S[ps(q, PS_CARDS)]
        OV[x + OPP_PS + 4] = score_of(S, T, q)
        if S[G_HIDE] != 0:
            unseen(S, T, p, q, OV, x)


@inline
def unseen(S, T, p, q, OV, x):
    """Player q's owned cards, money, fixed VP and score (its block at OV[x:]) as seat p
    knows them: the cards passed between two others unseen by p undone (S_HIDE; never
    below zero: a card p sees q lose that p did not know q had, p then knows of,
    ``gains.seen_losing``)."""
    dm = 0
    dv = 0
    for c in range(NCS):
        h = S[hid(p, q, c)]
        if h != 0:
            OV[x + OPP_OWN + c] += h
            dm += h * T[col(c, C_MONEY)]
            dv += h * T[col(c, C_VP)]
    OV[x + OPP_PS + 1] += dv
    OV[x + OPP_PS + 2] += dm
    v = S[ps(q, PS_VP)] + dv
    if T[TH_VPX] != 0:
        v = vp_counted(v, S[ps(q, PS_CARDS)], int(OV[x + OPP_OWN + DUKE]), int(OV[x + OPP_OWN + DUCHY]),
                       int(OV[x + OPP_OWN + GARDENS]))
    OV[x + OPP_PS + 4] = v


@inline
def env_deal(S, R, T, seed, gi, seat_mode):
    """Game gi of the run with ``seed`` dealt, before its first turn."""
    new_game(S, R, T, seed, gi, S[G_NP], 0, seat_mode)


@inline
def may_ask(S):
    """Any turn may ask a learning seat: an Attack's victims and a Reaction's holder
    decide in another's turn."""
    return True


@inline
def env_turn(S, R, T, F, A, grec, g):
    """One turn, logged (a learning seat's decisions ask), in the turn loop any game may
    take (Bridge's and Coppersmith's work included)."""
    return play_turns(S, R, T, F, A, grec, g, -1, 1, STOP_NONE, True, True)


jit.stepping_kernels(KERNELS_SET, globals())  # turn_start, advance, deal, finish, env_reset, env_step, observe
