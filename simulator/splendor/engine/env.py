"""Splendor stepped decision by decision (simulator/envs): what a seat observes, and the
engine's side of simulator/kernels/stepping.py. Compiled when a learning environment is
first made.

A card is described by CARD_W numbers: 1 (a card is there), its level, points, its bonus
(one-hot over the five colours) and its cost in each colour. The observation of seat p
(float32, OBS_SIZE), from the state as it stood when p was asked, holds only what p may
know:
  OB_KIND    the question's kind, one-hot (ASK_*)
  OB_Q       its number (Q_ARG: tokens still to give back, the gold spare), and the card it
             is about (ASK_GOLD's card; CARD_W)
  OB_TURN    whose turn it is (seats after p), whether the last round is on
  OB_BANK    the bank's tokens (five gems, gold)
  OB_BOARD   the 12 face-up cards (level by level), CARD_W each; OB_DECKS the cards left in
             each level's deck
  OB_NOBLES  the nobles dealt (5 slots): there, points, the bonuses each needs
  OB_ME      p's tokens, bonuses, points, cards, reserved cards held, nobles, turns, then
             its reserved cards (3 slots, CARD_W each)
  OB_OPP     each other seat in turn order after p: the same; a card it reserved face down
             from a deck shows only that it is there and its level
"""
import numpy as np

from ...kernels import jit
from ...kernels.stepping import *  # noqa: F403 - the stepping kernels' names, as the engine's
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import KERNELS_SET, inline
from ...kernels.tally_kernels import start_game
from .board import cd, nb, ps, setup_game, state_copy  # noqa: F401 - state_copy: the stepping kernels'
from .decide import NPOS
from .turn import play_turns, score_of  # noqa: F401 - score_of: the stepping kernels'

NASK = ASK_GOLD + 1
NAC = AC_BUY + NPOS   # the turn's actions (AC_ numbers)
#: the action space: a turn's action (its AC_ number), a token to give back (NAC + colour),
#: a noble (NAC + NTOK + noble), gold paid for a colour (NAC + NTOK + NNOBLES + colour),
#: 'none' (the last)
N_ACTIONS = NAC + NTOK + NNOBLES + NGEM + 1
KIND_OFFSET = np.zeros(NASK, np.int64)
KIND_OFFSET[ASK_RETURN] = NAC
KIND_OFFSET[ASK_NOBLE] = NAC + NTOK
KIND_OFFSET[ASK_GOLD] = NAC + NTOK + NNOBLES

CARD_W = 3 + 2 * NGEM
NOBLE_W = 2 + NGEM
MAX_NOBLES = 5
PLAYER_W = NTOK + NGEM + 5 + MAX_RESERVED * CARD_W
OB_KIND = 0
OB_Q = OB_KIND + NASK
OB_TURN = OB_Q + 1 + CARD_W
OB_BANK = OB_TURN + 2
OB_BOARD = OB_BANK + NTOK
OB_DECKS = OB_BOARD + NLEVEL * FACE_UP * CARD_W
OB_NOBLES = OB_DECKS + NLEVEL
OB_ME = OB_NOBLES + MAX_NOBLES * NOBLE_W
OB_OPP = OB_ME + PLAYER_W
OBS_SIZE = OB_OPP + (MAXP - 1) * PLAYER_W


@inline
def after(S, p, q):
    """Seat q as seats after p (0: p itself)."""
    d = q - p
    return d + S[G_NP] if d < 0 else d


@inline
def card(T, c, OV, x, seen):
    """Card c described at OV[x:x + CARD_W] (``seen`` 0: only that it is there and its level)."""
    OV[x] = 1
    OV[x + 1] = T[cd(c, C_LEVEL)]
    if seen != 0:
        OV[x + 2] = T[cd(c, C_POINTS)]
        OV[x + 3 + T[cd(c, C_BONUS)]] = 1
        for k in range(NGEM):
            OV[x + 3 + NGEM + k] = T[cd(c, C_COST + k)]


@inline
def player(S, T, q, OV, x, me):
    """Seat q's holdings at OV[x:x + PLAYER_W] (``me`` 0: its face-down reserves hidden)."""
    for k in range(NTOK):
        OV[x + k] = S[ps(q, PS_TOK + k)]
    for k in range(NGEM):
        OV[x + NTOK + k] = S[ps(q, PS_BONUS + k)]
    y = x + NTOK + NGEM
    OV[y] = S[ps(q, PS_POINTS)]
    OV[y + 1] = S[ps(q, PS_CARDS)]
    OV[y + 2] = S[ps(q, PS_NRES)]
    OV[y + 3] = S[ps(q, PS_NOBLES)]
    OV[y + 4] = S[ps(q, PS_TURNS)]
    for i in range(S[ps(q, PS_NRES)]):
        hidden = (S[ps(q, PS_HIDDEN)] >> i) & 1
        card(T, S[ps(q, PS_RES + i)], OV, y + 5 + i * CARD_W, 1 if me != 0 or hidden == 0 else 0)


@inline
def encode(S, T, p, D, d, OV):
    """Seat p's observation of the state S as it stood at p's question (its ask region at
    D[d:]; d < 0: no question, the game is over), into OV."""
    for i in range(np.uint64(OBS_SIZE)):  # unsigned: one memset (no index to wrap around)
        OV[i] = 0
    if d >= 0:
        OV[OB_KIND + D[d + Q_KIND]] = 1
        OV[OB_Q] = D[d + Q_ARG]
        if D[d + Q_ABOUT] >= 0:
            card(T, D[d + Q_ABOUT], OV, OB_Q + 1, 1)
    OV[OB_TURN] = after(S, p, S[G_CUR])
    OV[OB_TURN + 1] = S[G_LAST]
    for k in range(NTOK):
        OV[OB_BANK + k] = S[S_BANK + k]
    for slot in range(NLEVEL * FACE_UP):
        if S[S_BOARD + slot] >= 0:
            card(T, S[S_BOARD + slot], OV, OB_BOARD + slot * CARD_W, 1)
    for lv in range(NLEVEL):
        OV[OB_DECKS + lv] = S[S_DECKN + lv]
    for i in range(min(S[G_NNOB], MAX_NOBLES)):
        n = S[S_NOB + i]
        if n >= 0:
            x = OB_NOBLES + i * NOBLE_W
            OV[x] = 1
            OV[x + 1] = T[nb(n, N_POINTS)]
            for k in range(NGEM):
                OV[x + 2 + k] = T[nb(n, N_REQ + k)]
    player(S, T, p, OV, OB_ME, 1)
    for q in range(S[G_NP]):
        if q != p:
            player(S, T, q, OV, OB_OPP + (after(S, p, q) - 1) * PLAYER_W, 0)


@inline
def env_deal(S, R, T, seed, gi, seat_mode):
    """Game gi of the run with ``seed`` dealt, before its first turn."""
    start_game(S, R, seed, gi, S[G_NP], 0, seat_mode, S_SEAT, G_GAME_LO)
    setup_game(S, R, T)


@inline
def may_ask(S):
    """Only the seat to move decides in its turn: does a learning seat move next?"""
    return (S[G_HUMAN] >> S[G_CUR]) & 1 != 0


@inline
def env_turn(S, R, T, F, A, grec, g):
    """One turn (a learning seat's decisions ask)."""
    return play_turns(S, R, T, F, A, grec, g, -1, 1)


jit.stepping_kernels(KERNELS_SET, globals())  # turn_start, advance, deal, finish, env_reset, env_step, observe
