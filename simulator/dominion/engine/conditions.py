"""The condition interpreter: a bot rule's compiled condition (simulator/expr.py
compiles the text) evaluated on the game state, with a fast path for the commonest shape."""
import numpy as np

from ... import stackvm
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel
from .state import count_in, count_type_in, own, ps, zn
from .gains import count_type_owned, gains_to_end, opp_max_vp, vp_of


@inline
def var_value(S, T, p, a):
    if a == VR_TOTAL_MONEY:
        return S[ps(p, PS_MONEY)]
    if a == VR_CARDS:
        return S[ps(p, PS_CARDS)]
    if a == VR_COINS:
        return S[G_COINS]
    if a == VR_BUYS:
        return S[G_BUYS]
    if a == VR_ACTIONS:
        return S[G_ACTIONS]
    if a == VR_TURN:
        # the bot's own turn number: during its turn, the turn being played
        t = S[ps(p, PS_TURNS)]
        if S[G_CUR] != p:
            t += 1
        return t
    if a == VR_VP:
        return vp_of(S, T, p)
    if a == VR_OPP_VP:
        return opp_max_vp(S, T, p)
    if a == VR_VP_LEAD:
        return vp_of(S, T, p) - opp_max_vp(S, T, p)
    if a == VR_EMPTY_PILES:
        return S[G_EMPTY]
    if a == VR_GAINS_TO_END:
        return gains_to_end(S)
    if a == VR_PLAYERS:
        return S[G_NP]
    if a == VR_DRAW_PILE:
        return S[zn(p, Z_DRAW)]
    if a == VR_DISCARD_PILE:
        return S[zn(p, Z_DISC)]
    if a == VR_HAND_SIZE:
        return S[zn(p, Z_HAND)]
    return 0


@inline
def quick_cond(S, T, F, r, p):
    """Rule r's condition without the interpreter when it has the commonest shape,
    VALUE op NUMBER with VALUE total_money, supply(card) or count(card): 1 true, 0 false,
    -1 another shape (evaluate with cond_ok). No condition is true. Same float
    arithmetic as cond_ok, so the same answers."""
    ro = T[TH_RULES] + r * 3
    n = T[ro + 2]
    if n == 0:
        return 1
    if n != 3:
        return -1
    co = T[TH_CODE] + 2 * T[ro + 1]
    op = T[co]
    a = T[co + 1]
    if T[co + 2] != OP_CONST:
        return -1
    if op == OP_VAR and a == VR_TOTAL_MONEY:
        x = np.float64(S[ps(p, PS_MONEY)])
    elif op == OP_SUPPLY:
        x = np.float64(max(S[S_SUP + a], 0))
    elif op == OP_COUNT:
        x = np.float64(S[own(p, a)])
    else:
        return -1
    y = F[F_STK + T[co + 3]]
    cmp = T[co + 4]
    if cmp == OP_GT:
        return 1 if x > y else 0
    if cmp == OP_GE:
        return 1 if x >= y else 0
    if cmp == OP_LT:
        return 1 if x < y else 0
    if cmp == OP_LE:
        return 1 if x <= y else 0
    if cmp == OP_EQ:
        return 1 if x == y else 0
    if cmp == OP_NE:
        return 1 if x != y else 0
    return -1


@inline
def op_value(S, T, p, op, a):
    """The value a Dominion opcode (OP_GAME and above) pushes for player p."""
    if op == OP_VAR:
        return var_value(S, T, p, a)
    if op == OP_COUNT:
        return S[own(p, a)]
    if op == OP_COUNT_T:
        return count_type_owned(S, T, p, a)
    if op == OP_SUPPLY:
        return max(S[S_SUP + a], 0)
    if op == OP_IN_HAND:
        return count_in(S, p, Z_HAND, a)
    if op == OP_IN_HAND_T:
        return count_type_in(S, T, p, Z_HAND, a)
    if op == OP_IN_PLAY:
        return count_in(S, p, Z_PLAY, a)
    if op == OP_IN_PLAY_T:
        return count_type_in(S, T, p, Z_PLAY, a)
    # OP_OPP_COUNT, OP_OPP_COUNT_T: the most any one opponent owns
    best = 0
    for q in range(S[G_NP]):
        if q != p:
            best = max(best, S[own(q, a)] if op == OP_OPP_COUNT else count_type_owned(S, T, q, a))
    return best


@kernel
def cond_ok(S, T, F, r, p):
    """Evaluate rule r's condition for player p (a rule without one always holds)."""
    ro = T[TH_RULES] + r * 3
    n = T[ro + 2]
    if n == 0:
        return True
    co = T[TH_CODE]
    pc = T[ro + 1]
    end = pc + n
    sp = 0
    while pc < end:
        op = T[co + 2 * pc]
        a = T[co + 2 * pc + 1]
        if op < OP_GAME:
            sp, pc = stackvm.step(F, sp, pc, op, a, F_STK)
        else:
            F[sp] = op_value(S, T, p, op, a)
            sp += 1
            pc += 1
    return F[sp - 1] != 0.0
