"""The condition interpreter: a bot rule's compiled condition (simulator/lang/expr.py
compiles the text) evaluated on the game state, with a fast path for the commonest shapes."""
import numpy as np

from ...kernels import jit, shared
from ...lang import stackvm  # noqa: F401 - the shared cond_ok's (simulator/kernels/shared.py)
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel
from .state import actions_played, cost_now, count_in, count_type_in, own, ps, zn
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
    if a == VR_ACTIONS_PLAYED:
        return actions_played(S, T, p)
    return 0


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
    if op == OP_COST:
        return cost_now(S, T, a)
    # OP_OPP_COUNT, OP_OPP_COUNT_T: the most any one opponent owns
    best = 0
    for q in range(S[G_NP]):
        if q != p:
            best = max(best, S[own(q, a)] if op == OP_OPP_COUNT else count_type_owned(S, T, q, a))
    return best


#: rule r's condition for player p (a rule without one always holds): the condition
#: language's loop (simulator/kernels/shared.py), with this engine's layout and op_value
cond_ok = kernel(jit.engine_copy(shared.cond_ok, globals(), shared.COND_NAMES))


@inline
def clause_value(S, T, x, stride, p):
    """The value a clause reads for player p: S[x + p * stride], or (x < 0) p's count of
    cards of type -x."""
    if x >= 0:
        return S[x + p * stride]
    return count_type_owned(S, T, p, -x)


@inline
def clause_holds(S, T, o, p):
    """Does the clause at T[o] hold for player p (layout's CL_*)?"""
    v = (np.int64(T[o + CL_M1]) * clause_value(S, T, T[o + CL_X1], T[o + CL_S1], p)
         + np.int64(T[o + CL_M2]) * clause_value(S, T, T[o + CL_X2], T[o + CL_S2], p))
    return T[o + CL_LO] <= v and v <= T[o + CL_HI]


@kernel
def cond_other(S, T, F, r, p):
    """Does rule r's condition (not a range test) hold for player p: its clauses (one, or
    two joined by or / and: R_JOIN), or the interpreter's answer? A call, so the buy
    phase's inline rule scan stays small (clauses: docs/perf.md)."""
    ro = T[TH_RULES] + r * RW
    if T[ro + R_KIND] != K_CLAUSES:
        return cond_ok(S, T, F, r, p)
    o = T[TH_CLAUSES] + T[ro + R_CL] * CW
    join = T[ro + R_JOIN]
    if clause_holds(S, T, o, p):
        return join != J_AND or clause_holds(S, T, o + CW, p)
    return join == J_OR and clause_holds(S, T, o + CW, p)


@inline
def rule_holds_hot(S, T, F, r, p):
    """Does rule r's condition hold for player p? Its range test (the rule row's R_X ..
    R_HI), else ``cond_other``: the form strategy.fast_form made, the interpreter's answers."""
    ro = T[TH_RULES] + r * RW
    if T[ro + R_KIND] != K_RANGE:
        return cond_other(S, T, F, r, p)
    x = S[T[ro + R_X] + p * T[ro + R_STRIDE]]
    return T[ro + R_LO] <= x and x <= T[ro + R_HI]


@kernel
def rule_holds(S, T, F, r, p):
    """``rule_holds_hot`` as a call, for the decisions off the buy phase's path."""
    return rule_holds_hot(S, T, F, r, p)
