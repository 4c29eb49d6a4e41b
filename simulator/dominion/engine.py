"""The Dominion rules engine: every numba kernel of dsim's Dominion lives in this file.

Written C-style on purpose (see DESIGN.md): the whole game state is one flat int32
array, helpers take a handful of arrays and scalars, no array views, no Python objects,
no allocation inside a game. (Helpers that took a dozen arrays each spent most of their
time on reference counting: 13k games/s; this layout runs an order of magnitude faster.)
One entry point, ``run_games``, plays fresh games from seeds (runs, logs, fuzzing) or
resumes a state prepared by Python (stacked-deck tests).

The five arrays:
  S  int32    game state, at the fixed offsets S_* below:
              game scalars G_*, rule variants, seat->bot, per-player scalars PS_*,
              supply (-1 = pile not in the game), starting supply, trash, cards owned,
              zone sizes, Throne Room work stack, zones (a draw pile's top is its last
              element; a play-area slot is -1 once its card left play), then the event
              log (4 ints per event) when logging
  R  uint64   one splitmix64 stream per seat, plus one for the table
  T  int32    read-only: header (TH_*), the card table (NCOL columns per card), then
              the compiled bots: rules (card, code start, code length), condition code
              (opcode, argument), list index (start, length per bot and list), options
  F  float64  evaluation stack (F_STK entries), then the conditions' constants
  A  int64    tallies at A_* offsets: per bot, per bot and seat, endings, cards gained,
              game-length histogram, per-turn curves (the last two sized by the turn cap)
"""
from pathlib import Path

import numpy as np
from numba import njit

from .. import expr, jit
from . import layout
from .layout import *  # noqa: F403 - the layout's constants are the kernels' constants

#: numba's cache, keyed to this file and the constants it takes from the layout and the
#: condition language (see simulator/jit.py)
CACHE_DIR = jit.configure(Path(__file__), Path(layout.__file__), Path(expr.__file__))

#: every function here is cached and uses NumPy's error model (no Python exception paths
#: for integer division). ``_nrt=False`` compiles without numba's reference-counting
#: runtime: kernels never allocate, and otherwise every call between kernels costs an
#: atomic incref/decref per array argument (measured: Big Money Ultimate mirror 55k ->
#: 100k games/s). It is a numba-internal option, hence numba pinned to one minor release.
#: What it requires of a kernel: no allocation of any kind (no np.empty/zeros, no lists,
#: tuples of arrays or strings built at run time, no raised exceptions carrying values);
#: every buffer is a slice of the five arrays. A kernel that allocates does not compile:
#: numba stops with a TypingError ending in "Only accept returning of array passed into
#: the function as argument" (the allocating call is named in the trace).
kernel = njit(cache=True, error_model="numpy", _nrt=False)
#: the per-turn path is inlined at numba's level into its callers (a call passes each
#: array as seven scalars); the condition interpreter and card effects stay calls,
#: since inlining them doubled compile time for no measurable gain
inline = njit(cache=True, error_model="numpy", inline="always", _nrt=False)


# ================================================================ randomness
@inline
def _mix(x):
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@inline
def rand_below(R, s, n):
    """Uniform integer in [0, n) from stream s, 1 <= n < 2**32 (Lemire's method, unbiased)."""
    un = np.uint64(n)
    x = R[s] + np.uint64(0x9E3779B97F4A7C15)
    R[s] = x
    m = (_mix(x) >> np.uint64(32)) * un
    low = m & np.uint64(0xFFFFFFFF)
    if low < un:
        t = (np.uint64(0x100000000) - un) % un
        while low < t:
            x = R[s] + np.uint64(0x9E3779B97F4A7C15)
            R[s] = x
            m = (_mix(x) >> np.uint64(32)) * un
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))


@kernel
def seed_streams(R, seed, deal):
    """Every stream of a game depends only on (run seed, deal index, stream)."""
    base = _mix(np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15))
    base = _mix(base ^ (np.uint64(deal) * np.uint64(0xD1B54A32D192ED03)))
    for s in range(MAXP + 1):
        R[s] = _mix(base + np.uint64(s + 1) * np.uint64(0x9E3779B97F4A7C15))


# ================================================================ zones
@inline
def zb(p, zone):
    """Offset in S of zone ``zone`` of player p."""
    return S_Z + (p * NZ + zone) * MAXC


@inline
def log_ev(S, code, p, c, value):
    if S[G_LOG] != 0:
        n = S[G_NEV]
        if n < S[G_EVCAP]:
            o = S_EV + n * EVW
            S[o] = code
            S[o + 1] = p
            S[o + 2] = c
            S[o + 3] = value
            S[G_NEV] = n + 1


@inline
def push(S, p, zone, c):
    k = S_ZN + p * NZ + zone
    n = S[k]
    S[zb(p, zone) + n] = c
    S[k] = n + 1


@inline
def remove_at(S, p, zone, i):
    """Remove and return the card at index i of a zone, keeping the others' order."""
    k = S_ZN + p * NZ + zone
    o = zb(p, zone)
    c = S[o + i]
    n = S[k] - 1
    for j in range(o + i, o + n):
        S[j] = S[j + 1]
    S[k] = n
    return c


@inline
def find_in(S, p, zone, c):
    o = zb(p, zone)
    for i in range(S[S_ZN + p * NZ + zone]):
        if S[o + i] == c:
            return i
    return -1


@inline
def count_in(S, p, zone, c):
    o = zb(p, zone)
    k = 0
    for i in range(S[S_ZN + p * NZ + zone]):
        if S[o + i] == c:
            k += 1
    return k


@inline
def count_type_in(S, T, p, zone, mask):
    o = zb(p, zone)
    k = 0
    for i in range(S[S_ZN + p * NZ + zone]):
        c = S[o + i]
        if c >= 0 and (T[T_CT + c * NCOL + C_TYPES] & mask) != 0:
            k += 1
    return k


def _take_top(S, R, p):
    """Remove the top card of p's draw pile, first shuffling the discard pile into it if
    it is empty; -1 if both are empty."""
    kd = S_ZN + p * NZ + Z_DRAW
    n = S[kd]
    if n == 0:
        kx = S_ZN + p * NZ + Z_DISC
        n = S[kx]
        if n == 0:
            return -1
        od = zb(p, Z_DRAW)
        ox = zb(p, Z_DISC)
        for i in range(n):
            S[od + i] = S[ox + i]
        S[kx] = 0
        for i in range(n - 1, 0, -1):
            j = rand_below(R, p, i + 1)
            t = S[od + i]
            S[od + i] = S[od + j]
            S[od + j] = t
        log_ev(S, EV_SHUFFLE, p, -1, n)
    n -= 1
    S[kd] = n
    return S[zb(p, Z_DRAW) + n]


take_top = kernel(_take_top)


def _drawer(take, decorate):
    """A draw function compiled with ``take`` as its way to take the top card."""
    def draw_cards(S, R, p, k):
        """p draws up to k cards; returns how many were drawn."""
        for i in range(k):
            c = take(S, R, p)
            if c < 0:
                return i
            push(S, p, Z_HAND, c)
            log_ev(S, EV_DRAW, p, c, 0)
        return k
    return decorate(draw_cards)


draw = _drawer(take_top, kernel)
#: the same, with the top card taken inline, itself inlined: cleanup's draw of the
#: next hand, on every turn (measured: Big Money Ultimate mirror 65k -> 100k games/s)
draw_hot = _drawer(inline(_take_top), inline)


# ================================================================ scores and supply
@inline
def vp_of(S, p):
    o = S_OWN + p * NCS
    return (S[o + ESTATE] + 3 * S[o + DUCHY] + 6 * S[o + PROVINCE] - S[o + CURSE]
            + S[o + GARDENS] * (S[S_PS + p * NPS + PS_CARDS] // 10))


@kernel
def gains_to_end(S):
    """Fewest gains that can end the game: Provinces left, or the sum of the k smallest
    supply piles (k = piles that end the game)."""
    k = S[S_VAR + V_END_PILES]
    # k smallest pile sizes by insertion into a tiny sorted buffer
    b0 = b1 = b2 = b3 = 1 << 30
    for c in range(NCARDS):
        s = S[S_SUP + c]
        if s < 0:
            continue
        if s < b3:
            b3 = s
            if b3 < b2:
                b2, b3 = b3, b2
                if b2 < b1:
                    b1, b2 = b2, b1
                    if b1 < b0:
                        b0, b1 = b1, b0
    total = b0 + b1 + b2
    if k >= 4:
        total += b3
    prov = S[S_SUP + PROVINCE]
    return min(prov, total)


@inline
def count_gain(S, A, p, c):
    """Tally a card p gained: per bot and card, and per bot, own turn and card (the turn
    p is in or has just finished; 0 before its first)."""
    b = S[S_SEAT + p]
    A[A_TG + b * NCS + c] += 1
    cap = S[S_VAR + V_TURN_CAP]
    t = min(S[S_PS + p * NPS + PS_TURNS], cap + 1)
    A[A_TL + (cap + 2) * A_TGT + (b * (cap + 2) + t) * NCS + c] += 1


@inline
def gain(S, T, A, p, c, zone):
    """p gains c from the supply to ``zone``; False if the pile is empty or absent."""
    k = S_SUP + c
    s = S[k]
    if s <= 0:
        log_ev(S, EV_NOGAIN, p, c, zone)
        return False
    S[k] = s - 1
    if s == 1:
        S[G_EMPTY] += 1
    push(S, p, zone, c)
    S[S_OWN + p * NCS + c] += 1
    S[S_PS + p * NPS + PS_MONEY] += T[T_CT + c * NCOL + C_MONEY]
    S[S_PS + p * NPS + PS_CARDS] += 1
    count_gain(S, A, p, c)
    log_ev(S, EV_GAIN, p, c, zone)
    return True


@inline
def trash_card(S, T, p, c):
    """c (already taken out of p's zones) goes to the trash."""
    S[S_OWN + p * NCS + c] -= 1
    S[S_PS + p * NPS + PS_MONEY] -= T[T_CT + c * NCOL + C_MONEY]
    S[S_PS + p * NPS + PS_CARDS] -= 1
    S[S_TRASH + c] += 1
    log_ev(S, EV_TRASH, p, c, 0)


# ================================================================ conditions
@inline
def opp_max_vp(S, p):
    best = -(1 << 30)
    for q in range(S[G_NP]):
        if q != p:
            v = vp_of(S, q)
            if v > best:
                best = v
    return best


@inline
def count_type_owned(S, T, p, mask):
    k = 0
    o = S_OWN + p * NCS
    for c in range(NCARDS):
        if (T[T_CT + c * NCOL + C_TYPES] & mask) != 0:
            k += S[o + c]
    return k


@inline
def var_value(S, p, a):
    if a == VR_TOTAL_MONEY:
        return S[S_PS + p * NPS + PS_MONEY]
    if a == VR_CARDS:
        return S[S_PS + p * NPS + PS_CARDS]
    if a == VR_COINS:
        return S[G_COINS]
    if a == VR_BUYS:
        return S[G_BUYS]
    if a == VR_ACTIONS:
        return S[G_ACTIONS]
    if a == VR_TURN:
        # the bot's own turn number: during its turn, the turn being played
        t = S[S_PS + p * NPS + PS_TURNS]
        if S[G_CUR] != p:
            t += 1
        return t
    if a == VR_VP:
        return vp_of(S, p)
    if a == VR_OPP_VP:
        return opp_max_vp(S, p)
    if a == VR_VP_LEAD:
        return vp_of(S, p) - opp_max_vp(S, p)
    if a == VR_EMPTY_PILES:
        return S[G_EMPTY]
    if a == VR_GAINS_TO_END:
        return gains_to_end(S)
    if a == VR_PLAYERS:
        return S[G_NP]
    if a == VR_DRAW_PILE:
        return S[S_ZN + p * NZ + Z_DRAW]
    if a == VR_DISCARD_PILE:
        return S[S_ZN + p * NZ + Z_DISC]
    if a == VR_HAND_SIZE:
        return S[S_ZN + p * NZ + Z_HAND]
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
        x = np.float64(S[S_PS + p * NPS + PS_MONEY])
    elif op == OP_SUPPLY:
        x = np.float64(max(S[S_SUP + a], 0))
    elif op == OP_COUNT:
        x = np.float64(S[S_OWN + p * NCS + a])
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
        if op == OP_CONST:
            F[sp] = F[F_STK + a]
            sp += 1
        elif op == OP_VAR:
            F[sp] = var_value(S, p, a)
            sp += 1
        elif op == OP_COUNT:
            F[sp] = S[S_OWN + p * NCS + a]
            sp += 1
        elif op == OP_COUNT_T:
            F[sp] = count_type_owned(S, T, p, a)
            sp += 1
        elif op == OP_SUPPLY:
            F[sp] = max(S[S_SUP + a], 0)
            sp += 1
        elif op == OP_IN_HAND:
            F[sp] = count_in(S, p, Z_HAND, a)
            sp += 1
        elif op == OP_IN_HAND_T:
            F[sp] = count_type_in(S, T, p, Z_HAND, a)
            sp += 1
        elif op == OP_IN_PLAY:
            F[sp] = count_in(S, p, Z_PLAY, a)
            sp += 1
        elif op == OP_IN_PLAY_T:
            F[sp] = count_type_in(S, T, p, Z_PLAY, a)
            sp += 1
        elif op == OP_OPP_COUNT or op == OP_OPP_COUNT_T:
            best = 0
            for q in range(S[G_NP]):
                if q == p:
                    continue
                if op == OP_OPP_COUNT:
                    k = S[S_OWN + q * NCS + a]
                else:
                    k = count_type_owned(S, T, q, a)
                if k > best:
                    best = k
            F[sp] = best
            sp += 1
        elif op == OP_AND:
            if F[sp - 1] == 0.0:
                pc += a
                continue
            sp -= 1
        elif op == OP_OR:
            if F[sp - 1] != 0.0:
                pc += a
                continue
            sp -= 1
        elif op == OP_NOT:
            F[sp - 1] = 1.0 if F[sp - 1] == 0.0 else 0.0
        elif op == OP_NEG:
            F[sp - 1] = -F[sp - 1]
        else:
            sp -= 1
            x = F[sp - 1]
            y = F[sp]
            if op == OP_ADD:
                x = x + y
            elif op == OP_SUB:
                x = x - y
            elif op == OP_MUL:
                x = x * y
            elif op == OP_DIV:
                if y != 0.0:
                    x = x / y
                elif x > 0.0:
                    x = np.inf
                elif x < 0.0:
                    x = -np.inf
                else:
                    x = 0.0
            elif op == OP_LT:
                x = 1.0 if x < y else 0.0
            elif op == OP_LE:
                x = 1.0 if x <= y else 0.0
            elif op == OP_GT:
                x = 1.0 if x > y else 0.0
            elif op == OP_GE:
                x = 1.0 if x >= y else 0.0
            elif op == OP_EQ:
                x = 1.0 if x == y else 0.0
            elif op == OP_NE:
                x = 1.0 if x != y else 0.0
            elif op == OP_MIN:
                x = min(x, y)
            elif op == OP_MAX:
                x = max(x, y)
            F[sp - 1] = x
        pc += 1
    return F[sp - 1] != 0.0


# ================================================================ bot decisions
@inline
def is_type(T, c, mask):
    return (T[T_CT + c * NCOL + C_TYPES] & mask) != 0


@inline
def cost_of(T, c):
    return T[T_CT + c * NCOL + C_COST]


@inline
def gain_ends_game(S, c):
    """Would gaining one c now make this turn the last (when it was not already)?"""
    empty = S[G_EMPTY]
    piles = S[S_VAR + V_END_PILES]
    if S[S_SUP + PROVINCE] == 0 or empty >= piles or S[S_SUP + c] != 1:
        return False
    return c == PROVINCE or empty + 1 >= piles


@inline
def guard_refuses(S, T, p, c):
    """End-game guard: True if gaining c ends the game with p not among its winners
    (tie-break included)."""
    if not gain_ends_game(S, c):
        return False
    o = S_OWN + p * NCS
    gardens = S[o + GARDENS] + (1 if c == GARDENS else 0)
    mine = (S[o + ESTATE] + 3 * S[o + DUCHY] + 6 * S[o + PROVINCE] - S[o + CURSE]
            + T[T_CT + c * NCOL + C_VP] + gardens * ((S[S_PS + p * NPS + PS_CARDS] + 1) // 10))
    shared = S[S_VAR + V_TIEBREAK] != 0
    for q in range(S[G_NP]):
        if q == p:
            continue
        v = vp_of(S, q)
        if v > mine:
            return True
        if v == mine and not shared and S[S_PS + q * NPS + PS_TURNS] < S[S_PS + p * NPS + PS_TURNS]:
            return True
    return False


@inline
def bopt(T, b, k):
    return T[T[TH_BOPT] + b * NO + k]


@inline
def is_random(S, T, p):
    return T[T[TH_BOPT] + S[S_SEAT + p] * NO + O_RANDOM] != 0


@kernel
def random_gain(S, R, T, cap, mask):
    """A random card of the supply within the cap (and types), or -1 (sometimes)."""
    n = 0
    for c in range(NCARDS):
        if S[S_SUP + c] > 0 and cost_of(T, c) <= cap and (mask == 0 or is_type(T, c, mask)):
            n += 1
    k = rand_below(R, MAXP, n + 1)
    for c in range(NCARDS):
        if S[S_SUP + c] > 0 and cost_of(T, c) <= cap and (mask == 0 or is_type(T, c, mask)):
            if k == 0:
                return c
            k -= 1
    return -1


@kernel
def choose_gain(S, R, T, F, lst, p, cap, mask):
    """The first rule of p's list ``lst`` whose card costs at most ``cap``, has the types
    ``mask`` (0: any), is in the supply and whose condition holds (the end-game guard may
    skip it); -1 if none."""
    if is_random(S, T, p):
        return random_gain(S, R, T, cap, mask)
    b = S[S_SEAT + p]
    lo = T[TH_RL] + (b * NL + lst) * 2
    start = T[lo]
    ro = T[TH_RULES]
    for r in range(start, start + T[lo + 1]):
        c = T[ro + 3 * r]
        if S[S_SUP + c] <= 0 or cost_of(T, c) > cap or c + 1 == S[G_SKIP]:
            continue
        if mask != 0 and not is_type(T, c, mask):
            continue
        q = quick_cond(S, T, F, r, p)
        if q == 0 or (q < 0 and not cond_ok(S, T, F, r, p)):
            continue
        if bopt(T, b, O_GUARD) != 0 and guard_refuses(S, T, p, c):
            log_ev(S, EV_GUARD, p, c, 0)
            continue
        return c
    return -1


@kernel
def forced_gain(S, R, T, F, p, cap, mask):
    """A gain the card makes compulsory: the gain list's choice, else the costliest
    Treasure within the cap (Copper last), then the costliest Action, then Victory,
    then Curse; a card that ends the game with p losing only if nothing else is left."""
    c = choose_gain(S, R, T, F, L_GAIN, p, cap, mask)
    if c >= 0:
        return c
    for attempt in range(2):
        for want in (T_TREASURE, T_ACTION, T_VICTORY, T_CURSE):
            best = -1
            for k in range(NCARDS):
                if S[S_SUP + k] <= 0 or cost_of(T, k) > cap or not is_type(T, k, want) or k + 1 == S[G_SKIP]:
                    continue
                if mask != 0 and not is_type(T, k, mask):
                    continue
                if attempt == 0 and guard_refuses(S, T, p, k):
                    continue
                if want == T_TREASURE and k == COPPER and best >= 0:
                    continue
                if best < 0 or cost_of(T, k) > cost_of(T, best) or (best == COPPER and k != COPPER):
                    best = k
            if best >= 0:
                return best
    return -1


@kernel
def rule_matches(S, R, T, F, lst, p, c):
    """Does a rule of p's list ``lst`` name card c with its condition holding?"""
    if is_random(S, T, p):
        return rand_below(R, MAXP, 2) == 1
    b = S[S_SEAT + p]
    lo = T[TH_RL] + (b * NL + lst) * 2
    start = T[lo]
    ro = T[TH_RULES]
    for r in range(start, start + T[lo + 1]):
        if T[ro + 3 * r] == c and cond_ok(S, T, F, r, p):
            return True
    return False


@kernel
def choose_in_zone(S, R, T, F, lst, p, zone, mask):
    """The first rule of p's list ``lst`` whose card is in p's ``zone`` (with the types
    ``mask``, 0: any) and whose condition holds; -1 if none."""
    if is_random(S, T, p):
        n = 0
        o = zb(p, zone)
        for i in range(S[S_ZN + p * NZ + zone]):
            if mask == 0 or is_type(T, S[o + i], mask):
                n += 1
        k = rand_below(R, MAXP, n + 1)
        for i in range(S[S_ZN + p * NZ + zone]):
            if mask == 0 or is_type(T, S[o + i], mask):
                if k == 0:
                    return S[o + i]
                k -= 1
        return -1
    b = S[S_SEAT + p]
    lo = T[TH_RL] + (b * NL + lst) * 2
    start = T[lo]
    ro = T[TH_RULES]
    for r in range(start, start + T[lo + 1]):
        c = T[ro + 3 * r]
        if mask != 0 and not is_type(T, c, mask):
            continue
        if find_in(S, p, zone, c) < 0:
            continue
        if cond_ok(S, T, F, r, p):
            return c
    return -1


@kernel
def option(S, R, T, F, p, k):
    """A yes/no decision: the bot's condition rule for option k, or yes by default."""
    if is_random(S, T, p):
        return rand_below(R, MAXP, 2) == 1
    r = bopt(T, S[S_SEAT + p], k)
    if r < 0:
        return True
    return cond_ok(S, T, F, r, p)


@inline
def choose_play(S, R, T, F, p):
    """The Action p plays next: the first rule of its play list that is in hand and
    holds (the list ends with the default order of every unnamed Action); -1 if none."""
    return choose_in_zone(S, R, T, F, L_PLAY, p, Z_HAND, T_ACTION)


@kernel
def keep_value(S, T, p, c, actions):
    """How much p wants to keep card c in hand (forced discards drop the lowest):
    Curses, then Victory cards, then Actions it could not play, then by cost."""
    if is_type(T, c, T_CURSE):
        return -200
    if is_type(T, c, T_VICTORY) and not is_type(T, c, T_ACTION | T_TREASURE):
        return -100 + cost_of(T, c)
    if is_type(T, c, T_ACTION):
        if actions <= 0:
            return -50 + cost_of(T, c)
        return 10 + cost_of(T, c)
    return cost_of(T, c) + 2 * T[T_CT + c * NCOL + C_TREASURE]


@kernel
def least_wanted(S, T, p):
    """The card of p's (non-empty) hand that p least wants to keep this turn."""
    oh = zb(p, Z_HAND)
    x = -1
    best = 1 << 30
    for i in range(S[S_ZN + p * NZ + Z_HAND]):
        v = keep_value(S, T, p, S[oh + i], S[G_ACTIONS])
        if v < best:
            best = v
            x = S[oh + i]
    return x


@kernel
def discard_down(S, R, T, F, p, k):
    """p discards k cards from hand (fewer if the hand is smaller): by its discard list,
    then the cards it least wants to keep."""
    for j in range(k):
        nh = S[S_ZN + p * NZ + Z_HAND]
        if nh == 0:
            return
        c = choose_in_zone(S, R, T, F, L_DISCARD, p, Z_HAND, 0)
        if c < 0:
            # the hand's terminal Actions beyond the first are dead on p's next turn
            o = zb(p, Z_HAND)
            villages = 0
            for i in range(nh):
                if T[T_CT + S[o + i] * NCOL + C_ACTIONS] >= 2:
                    villages += 1
            best = 1 << 30
            terminals = 0
            for i in range(nh):
                x = S[o + i]
                acts = 1 + villages - terminals
                v = keep_value(S, T, p, x, acts)
                if is_type(T, x, T_ACTION) and T[T_CT + x * NCOL + C_ACTIONS] == 0:
                    terminals += 1
                if is_random(S, T, p):
                    v = rand_below(R, MAXP, 1000)
                if v < best:
                    best = v
                    c = x
        remove_at(S, p, Z_HAND, find_in(S, p, Z_HAND, c))
        push(S, p, Z_DISC, c)
        log_ev(S, EV_DISCARD, p, c, 0)


@kernel
def blocked(S, R, T, F, q):
    """Victim q may reveal a Moat from hand to be unaffected by this Attack."""
    if find_in(S, q, Z_HAND, MOAT) >= 0 and option(S, R, T, F, q, O_MOAT):
        log_ev(S, EV_REACT, q, MOAT, 0)
        return True
    return False


@kernel
def gain_from_trash(S, T, A, p, c):
    """p gains c out of the trash (Thief)."""
    S[S_TRASH + c] -= 1
    push(S, p, Z_DISC, c)
    S[S_OWN + p * NCS + c] += 1
    S[S_PS + p * NPS + PS_MONEY] += T[T_CT + c * NCOL + C_MONEY]
    S[S_PS + p * NPS + PS_CARDS] += 1
    count_gain(S, A, p, c)
    log_ev(S, EV_GAIN, p, c, Z_DISC)


@inline
def good_card(T, c):
    """Spy's and Harbinger's sense of a good card: an Action, or a Treasure beyond Copper."""
    return is_type(T, c, T_ACTION) or (is_type(T, c, T_TREASURE) and c != COPPER)


@kernel
def best_treasure_at(S, T, p, o, n, skip_copper, cheapest):
    """Index (0..n-1) of the costliest (or cheapest) Treasure among the n cards at S[o:],
    -1 if none."""
    bi = -1
    for i in range(n):
        c = S[o + i]
        if c < 0 or not is_type(T, c, T_TREASURE) or (skip_copper and c == COPPER):
            continue
        if bi < 0:
            bi = i
        elif cheapest and cost_of(T, c) < cost_of(T, S[o + bi]):
            bi = i
        elif not cheapest and cost_of(T, c) > cost_of(T, S[o + bi]):
            bi = i
    return bi


# ================================================================ card effects
@kernel
def push_play(S, c, times, slot):
    """Queue ``times`` plays of c (in play-area slot ``slot``) on the work stack."""
    d = S[G_WK]
    if d >= WK_MAX:
        S[G_ERR] = ERR_WK
        return
    o = S_WK + 3 * d
    S[o] = c
    S[o + 1] = times
    S[o + 2] = slot
    S[G_WK] = d + 1


@kernel
def reveal_two(S, R, q):
    """Reveal the top two cards of q's deck into q's set-aside zone; how many there were."""
    n = 0
    for k in range(2):
        x = take_top(S, R, q)
        if x < 0:
            break
        push(S, q, Z_ASIDE, x)
        log_ev(S, EV_REVEAL, q, x, 0)
        n += 1
    return n


@kernel
def trash_revealed_treasure(S, R, T, q, n, skip_copper, cheapest, random_pick):
    """Trash one Treasure among the n cards q revealed into its set-aside zone: the
    cheapest or costliest (Copper skipped if asked), or a random revealed card when it
    is a Treasure and ``random_pick``. Returns the card, or -1 if none was a Treasure."""
    oa = zb(q, Z_ASIDE)
    bi = best_treasure_at(S, T, q, oa, n, skip_copper, cheapest)
    if random_pick and bi >= 0:
        j = rand_below(R, MAXP, n)
        if is_type(T, S[oa + j], T_TREASURE):
            bi = j
    if bi < 0:
        return -1
    x = S[oa + bi]
    S[oa + bi] = -1
    trash_card(S, T, q, x)
    return x


@kernel
def discard_aside(S, q):
    o = zb(q, Z_ASIDE)
    for i in range(S[S_ZN + q * NZ + Z_ASIDE]):
        x = S[o + i]
        if x >= 0:
            push(S, q, Z_DISC, x)
            log_ev(S, EV_DISCARD, q, x, 0)
    S[S_ZN + q * NZ + Z_ASIDE] = 0


@kernel
def gain_chosen(S, T, A, p, c, zone):
    """Gain the card a decision chose (-1: it chose nothing)."""
    if c >= 0:
        gain(S, T, A, p, c, zone)


@kernel
def effect(S, R, T, F, A, c, slot, p):
    """Resolve one play of Action c (its table part, then its own text)."""
    o = T_CT + c * NCOL
    if T[o + C_CARDS] > 0:
        draw(S, R, p, T[o + C_CARDS])
    S[G_ACTIONS] += T[o + C_ACTIONS]
    S[G_BUYS] += T[o + C_BUYS]
    S[G_COINS] += T[o + C_COINS]
    np_ = S[G_NP]
    ed2 = S[S_VAR + V_EDITION] == 2
    if c == MERCHANT:
        S[G_MERCHANT] += 1
    elif c == COUNCIL_ROOM:
        for k in range(1, np_):
            draw(S, R, (p + k) % np_, 1)
    elif c == WITCH:
        for k in range(1, np_):
            q = (p + k) % np_
            if not blocked(S, R, T, F, q):
                gain(S, T, A, q, CURSE, Z_DISC)
    elif c == CELLAR:
        n = 0
        while True:
            x = choose_in_zone(S, R, T, F, L_DISCARD, p, Z_HAND, 0)
            if x < 0:
                break
            remove_at(S, p, Z_HAND, find_in(S, p, Z_HAND, x))
            push(S, p, Z_DISC, x)
            log_ev(S, EV_DISCARD, p, x, 0)
            n += 1
        draw(S, R, p, n)
    elif c == CHAPEL:
        default = not is_random(S, T, p) and bopt(T, S[S_SEAT + p], O_USER_TRASH) == 0
        for k in range(4):
            x = chapel_pick(S, R, T, F, p) if default else choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, 0)
            if x < 0:
                break
            remove_at(S, p, Z_HAND, find_in(S, p, Z_HAND, x))
            trash_card(S, T, p, x)
    elif c == CHANCELLOR:
        if option(S, R, T, F, p, O_CHANCELLOR):
            n = S[S_ZN + p * NZ + Z_DRAW]
            od = zb(p, Z_DRAW)
            for i in range(n):
                push(S, p, Z_DISC, S[od + i])
            S[S_ZN + p * NZ + Z_DRAW] = 0
            log_ev(S, EV_DECK, p, -1, n)
    elif c == WORKSHOP:
        gain_chosen(S, T, A, p, forced_gain(S, R, T, F, p, 4, 0), Z_DISC)
    elif c == FEAST:
        if S[zb(p, Z_PLAY) + slot] == FEAST:
            S[zb(p, Z_PLAY) + slot] = -1
            trash_card(S, T, p, FEAST)
        if bopt(T, S[S_SEAT + p], O_USER_GAIN) == 0:
            S[G_SKIP] = FEAST + 1  # by default, never gain back the Feast just trashed
        gain_chosen(S, T, A, p, forced_gain(S, R, T, F, p, 5, 0), Z_DISC)
        S[G_SKIP] = 0
    elif c == ARTISAN:
        gain_chosen(S, T, A, p, forced_gain(S, R, T, F, p, 5, 0), Z_HAND)
        artisan_topdeck(S, R, T, F, p)
    elif c == BUREAUCRAT:
        gain(S, T, A, p, SILVER, Z_DRAW)
        for k in range(1, np_):
            q = (p + k) % np_
            if blocked(S, R, T, F, q):
                continue
            # any Victory card will do: the cheapest one
            oh = zb(q, Z_HAND)
            bi = -1
            for i in range(S[S_ZN + q * NZ + Z_HAND]):
                x = S[oh + i]
                if is_type(T, x, T_VICTORY) and (bi < 0 or cost_of(T, x) < cost_of(T, S[oh + bi])):
                    bi = i
            if bi >= 0:
                x = remove_at(S, q, Z_HAND, bi)
                log_ev(S, EV_REVEAL, q, x, 0)
                push(S, q, Z_DRAW, x)
                log_ev(S, EV_TOPDECK, q, x, 0)
            else:
                for i in range(S[S_ZN + q * NZ + Z_HAND]):
                    log_ev(S, EV_REVEAL, q, S[oh + i], 0)
    elif c == MILITIA:
        for k in range(1, np_):
            q = (p + k) % np_
            if not blocked(S, R, T, F, q):
                discard_down(S, R, T, F, q, S[S_ZN + q * NZ + Z_HAND] - 3)
    elif c == MONEYLENDER:
        i = find_in(S, p, Z_HAND, COPPER)
        if i >= 0:
            take = True
            if ed2 and (bopt(T, S[S_SEAT + p], O_USER_TRASH) != 0 or is_random(S, T, p)):
                take = rule_matches(S, R, T, F, L_TRASH, p, COPPER)
            if take:
                remove_at(S, p, Z_HAND, i)
                trash_card(S, T, p, COPPER)
                S[G_COINS] += 3
            else:
                log_ev(S, EV_NOTHING, p, c, 0)
    elif c == REMODEL:
        remodel(S, R, T, F, A, p)
    elif c == MINE:
        mine(S, R, T, F, A, p, ed2)
    elif c == SPY:
        for k in range(np_):
            q = (p + k) % np_
            if k > 0 and blocked(S, R, T, F, q):
                continue
            x = take_top(S, R, q)
            if x < 0:
                continue
            log_ev(S, EV_REVEAL, q, x, 0)
            good = good_card(T, x)
            if is_random(S, T, p):
                good = rand_below(R, MAXP, 2) == 1
            # your own good cards stay, others' good cards go
            if good == (k == 0):
                push(S, q, Z_DRAW, x)
                log_ev(S, EV_BACK, q, x, 0)
            else:
                push(S, q, Z_DISC, x)
                log_ev(S, EV_DISCARD, q, x, 0)
    elif c == THIEF:
        for k in range(1, np_):
            q = (p + k) % np_
            if blocked(S, R, T, F, q):
                continue
            n = reveal_two(S, R, q)
            # the attacker picks the costliest Treasure
            x = trash_revealed_treasure(S, R, T, q, n, False, False, is_random(S, T, p))
            if x >= 0:
                want = x != COPPER
                if is_random(S, T, p):
                    want = rand_below(R, MAXP, 2) == 1
                if want:
                    gain_from_trash(S, T, A, p, x)
            discard_aside(S, q)
    elif c == THRONE_ROOM:
        x = choose_play(S, R, T, F, p)
        if x < 0 and not ed2:
            # 1st edition: an Action in hand must be chosen
            oh = zb(p, Z_HAND)
            for i in range(S[S_ZN + p * NZ + Z_HAND]):
                if is_type(T, S[oh + i], T_ACTION):
                    x = S[oh + i]
                    break
        if x >= 0:
            remove_at(S, p, Z_HAND, find_in(S, p, Z_HAND, x))
            s2 = S[S_ZN + p * NZ + Z_PLAY]
            push(S, p, Z_PLAY, x)
            log_ev(S, EV_THRONE, p, x, 0)
            push_play(S, x, 2, s2)
        else:
            log_ev(S, EV_NOTHING, p, c, 0)
    elif c == LIBRARY:
        steps = 0
        while S[S_ZN + p * NZ + Z_HAND] < 7:
            steps += 1
            if steps > S[S_PS + p * NPS + PS_CARDS]:  # revealed more cards than p owns
                S[G_ERR] = ERR_LOOP
                break
            x = take_top(S, R, p)
            if x < 0:
                break
            if is_type(T, x, T_ACTION) and library_skips(S, R, T, F, p, x):
                push(S, p, Z_ASIDE, x)
                log_ev(S, EV_SETASIDE, p, x, 0)
            else:
                push(S, p, Z_HAND, x)
                log_ev(S, EV_DRAW, p, x, 0)
        discard_aside(S, p)
    elif c == ADVENTURER:
        found = 0
        steps = 0
        while found < 2:
            steps += 1
            if steps > S[S_PS + p * NPS + PS_CARDS]:  # revealed more cards than p owns
                S[G_ERR] = ERR_LOOP
                break
            x = take_top(S, R, p)
            if x < 0:
                break
            log_ev(S, EV_REVEAL, p, x, 0)
            if is_type(T, x, T_TREASURE):
                push(S, p, Z_HAND, x)
                found += 1
            else:
                push(S, p, Z_ASIDE, x)
        discard_aside(S, p)
    elif c == BANDIT:
        gain(S, T, A, p, GOLD, Z_DISC)
        for k in range(1, np_):
            q = (p + k) % np_
            if blocked(S, R, T, F, q):
                continue
            n = reveal_two(S, R, q)
            # the victim trashes the cheaper of its non-Copper Treasures
            trash_revealed_treasure(S, R, T, q, n, True, True, False)
            discard_aside(S, q)
    elif c == HARBINGER:
        harbinger(S, R, T, F, p)
    elif c == POACHER:
        if S[G_EMPTY] > 0:
            discard_down(S, R, T, F, p, S[G_EMPTY])
    elif c == SENTRY:
        n = reveal_two(S, R, p)
        oa = zb(p, Z_ASIDE)
        kept = 0
        for i in range(n):
            x = S[oa + i]
            if rule_matches(S, R, T, F, L_TRASH, p, x):
                S[oa + i] = -1
                trash_card(S, T, p, x)
            elif rule_matches(S, R, T, F, L_DISCARD, p, x):
                S[oa + i] = -1
                push(S, p, Z_DISC, x)
                log_ev(S, EV_DISCARD, p, x, 0)
            else:
                kept += 1
        # put the rest back, the more valuable on top
        if kept == 2 and cost_of(T, S[oa]) > cost_of(T, S[oa + 1]):
            t = S[oa]
            S[oa] = S[oa + 1]
            S[oa + 1] = t
        for i in range(n):
            x = S[oa + i]
            if x >= 0:
                push(S, p, Z_DRAW, x)
                log_ev(S, EV_BACK, p, x, 0)
        S[S_ZN + p * NZ + Z_ASIDE] = 0
    elif c == VASSAL:
        x = take_top(S, R, p)
        if x >= 0:
            push(S, p, Z_DISC, x)
            log_ev(S, EV_DISCARD, p, x, 0)
            if is_type(T, x, T_ACTION) and rule_matches(S, R, T, F, L_PLAY, p, x):
                S[S_ZN + p * NZ + Z_DISC] -= 1
                s2 = S[S_ZN + p * NZ + Z_PLAY]
                push(S, p, Z_PLAY, x)
                log_ev(S, EV_PLAY, p, x, 1)
                push_play(S, x, 1, s2)


@kernel
def library_skips(S, R, T, F, p, x):
    """Does p set aside Action x drawn by Library? Its set_aside list decides; by
    default every Action when no Action is left to play it."""
    if is_random(S, T, p):
        return rand_below(R, MAXP, 2) == 1
    if bopt(T, S[S_SEAT + p], O_USER_SETASIDE) != 0:
        return rule_matches(S, R, T, F, L_SETASIDE, p, x)
    return S[G_ACTIONS] == 0


@inline
def hand_coins(S, T, p):
    """The coins p has to buy with if every Treasure in its hand is played."""
    oh = zb(p, Z_HAND)
    coins = S[G_COINS]
    for i in range(S[S_ZN + p * NZ + Z_HAND]):
        coins += T[T_CT + S[oh + i] * NCOL + C_TREASURE]
    return coins


@kernel
def chapel_pick(S, R, T, F, p):
    """The next card the default Chapel trashes, or -1 to stop: a Curse; an Estate while
    Provinces are plentiful; a Copper while the deck keeps over 6 money and the hand's
    coins without it still buy what the buy list would buy now."""
    if find_in(S, p, Z_HAND, CURSE) >= 0:
        return CURSE
    if S[S_SUP + PROVINCE] > 4 and find_in(S, p, Z_HAND, ESTATE) >= 0:
        return ESTATE
    if find_in(S, p, Z_HAND, COPPER) < 0 or S[S_PS + p * NPS + PS_MONEY] <= 6:
        return -1
    coins = hand_coins(S, T, p)
    if choose_gain(S, R, T, F, L_BUY, p, coins - 1, 0) != choose_gain(S, R, T, F, L_BUY, p, coins, 0):
        return -1
    return COPPER


@kernel
def spare_card(S, R, T, F, p):
    """The card of p's hand best kept for next turn that this turn can spare: its
    Treasure taken away, the coins still buy what the buy list would buy now. An Action
    no Action is left to play first (the costliest), then the richest Treasure, then a
    card that gives nothing (a Victory card or Curse). -1 if every card is needed."""
    oh = zb(p, Z_HAND)
    nh = S[S_ZN + p * NZ + Z_HAND]
    coins = hand_coins(S, T, p)
    want = choose_gain(S, R, T, F, L_BUY, p, coins, 0)
    best = -1
    score = -1
    for i in range(nh):
        y = S[oh + i]
        money = T[T_CT + y * NCOL + C_TREASURE]
        if money > 0 and choose_gain(S, R, T, F, L_BUY, p, coins - money, 0) != want:
            continue
        if is_type(T, y, T_ACTION):
            v = 100 + cost_of(T, y) if S[G_ACTIONS] == 0 else -1
        elif money > 0:
            v = 50 + money
        else:
            v = 0
        if v > score:
            score = v
            best = y
    return best


@kernel
def artisan_topdeck(S, R, T, F, p):
    """Put a card from hand onto the deck: the topdeck list's choice; by default the
    card this turn can best spare (spare_card), else the cheapest Treasure, else the
    card p least wants to keep."""
    nh = S[S_ZN + p * NZ + Z_HAND]
    if nh == 0:
        return
    x = -1
    if is_random(S, T, p) or bopt(T, S[S_SEAT + p], O_USER_TOPDECK) != 0:
        x = choose_in_zone(S, R, T, F, L_TOPDECK, p, Z_HAND, 0)
    oh = zb(p, Z_HAND)
    if x < 0:
        x = spare_card(S, R, T, F, p)
    if x < 0:
        bi = best_treasure_at(S, T, p, oh, nh, False, True)
        if bi >= 0:
            x = S[oh + bi]
    if x < 0:
        x = least_wanted(S, T, p)
    remove_at(S, p, Z_HAND, find_in(S, p, Z_HAND, x))
    push(S, p, Z_DRAW, x)
    log_ev(S, EV_TOPDECK, p, x, 0)


@kernel
def harbinger(S, R, T, F, p):
    """Put a card from the discard pile onto the deck: the topdeck list's choice; by
    default Gold, else the costliest Action, else Silver; nothing if only junk."""
    nd = S[S_ZN + p * NZ + Z_DISC]
    if nd == 0:
        return
    x = -1
    if is_random(S, T, p) or bopt(T, S[S_SEAT + p], O_USER_TOPDECK) != 0:
        x = choose_in_zone(S, R, T, F, L_TOPDECK, p, Z_DISC, 0)
    else:
        od = zb(p, Z_DISC)
        score = 0
        for i in range(nd):
            y = S[od + i]
            v = 0
            if y == GOLD:
                v = 1000
            elif is_type(T, y, T_ACTION):
                v = 100 + cost_of(T, y)
            elif good_card(T, y):
                v = 10 + cost_of(T, y)
            if v > score:
                score = v
                x = y
    if x >= 0:
        remove_at(S, p, Z_DISC, find_in(S, p, Z_DISC, x))
        push(S, p, Z_DRAW, x)
        log_ev(S, EV_TOPDECK, p, x, 0)


@inline
def late_province(S, T, p):
    """Late (4 Provinces or fewer), may the default Remodel turn a Gold into a Province?"""
    return 0 < S[S_SUP + PROVINCE] <= 4 and not guard_refuses(S, T, p, PROVINCE)


@kernel
def remodel_pick(S, R, T, F, p):
    """The card of p's hand the default Remodel trashes, or -1 when no trade is worth it.
    Each card is priced by what the gain list would take for it (up to 2 more), and the
    best trade wins, in this order: a Curse for anything; late (4 Provinces or fewer) a
    Gold for a Province; an Estate while Provinces are plentiful; a Silver for a Duchy (the
    list takes Duchies late); a Remodel for a Gold; a Copper for a real card while the deck
    keeps over 6 money; else any non-Victory card for a dearer one. Never a card for
    itself or for a Copper or Curse."""
    oh = zb(p, Z_HAND)
    best = -1
    score = 0
    late = late_province(S, T, p)
    for i in range(S[S_ZN + p * NZ + Z_HAND]):
        x = S[oh + i]
        if x == GOLD and late:
            if score < 95:  # late, a Gold is worth less than the Province it becomes
                score = 95
                best = x
            continue
        if x == CURSE:  # gone at any price (the compulsory gain then takes what it can)
            if score < 100:
                score = 100
                best = x
            continue
        g = choose_gain(S, R, T, F, L_GAIN, p, cost_of(T, x) + 2, 0)
        if g < 0 or g == x or g == COPPER or g == CURSE:
            continue
        v = 0
        if x == ESTATE and S[S_SUP + PROVINCE] > 4:
            v = 90 + cost_of(T, g)
        elif x == SILVER and g == DUCHY:
            v = 85
        elif x == REMODEL and g == GOLD:
            v = 80
        elif x == COPPER and S[S_PS + p * NPS + PS_MONEY] > 6:
            v = 50 + cost_of(T, g)
        elif cost_of(T, g) > cost_of(T, x) and not is_type(T, x, T_VICTORY):
            v = 10 + cost_of(T, g) - cost_of(T, x)
        if v > score:
            score = v
            best = x
    return best


@kernel
def remodel(S, R, T, F, A, p):
    """Trash a card from hand (compulsory if there is one), gain one costing up to 2
    more. Gold becomes a Province when the gain list would take one; a bot's trash list
    picks the card; by default the best trade (remodel_pick); else the card p least
    wants to keep."""
    nh = S[S_ZN + p * NZ + Z_HAND]
    if nh == 0:
        log_ev(S, EV_NOTHING, p, REMODEL, 0)
        return
    x = -1
    if not is_random(S, T, p) and find_in(S, p, Z_HAND, GOLD) >= 0 \
            and choose_gain(S, R, T, F, L_GAIN, p, cost_of(T, GOLD) + 2, 0) == PROVINCE:
        x = GOLD
    default = not is_random(S, T, p) and bopt(T, S[S_SEAT + p], O_USER_TRASH) == 0
    if x < 0 and default:
        x = remodel_pick(S, R, T, F, p)
    if x < 0:
        x = choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, 0)
    if x < 0:
        x = least_wanted(S, T, p)
    remove_at(S, p, Z_HAND, find_in(S, p, Z_HAND, x))
    trash_card(S, T, p, x)
    if default and x == GOLD and late_province(S, T, p):
        g = PROVINCE
    else:
        g = forced_gain(S, R, T, F, p, cost_of(T, x) + 2, 0)
    gain_chosen(S, T, A, p, g, Z_DISC)


@kernel
def mine(S, R, T, F, A, p, ed2):
    """Trash a Treasure from hand, gain a Treasure costing up to 3 more into hand. By
    default the Treasure whose upgrade gains the most (Silver to Gold before Copper to
    Silver); a bot's trash list picks instead. 2nd edition may decline a useless one."""
    oh = zb(p, Z_HAND)
    nh = S[S_ZN + p * NZ + Z_HAND]
    x = -1
    g = -1
    if is_random(S, T, p) or bopt(T, S[S_SEAT + p], O_USER_TRASH) != 0:
        x = choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, T_TREASURE)
        if x >= 0:
            g = forced_gain(S, R, T, F, p, cost_of(T, x) + 3, T_TREASURE)
    else:
        gain_best = 0
        for i in range(nh):
            y = S[oh + i]
            if not is_type(T, y, T_TREASURE):
                continue
            h = forced_gain(S, R, T, F, p, cost_of(T, y) + 3, T_TREASURE)
            if h < 0:
                continue
            up = cost_of(T, h) - cost_of(T, y)
            # the biggest upgrade; between equal ones, the one that ends with the better card
            if up > 0 and (up > gain_best or (up == gain_best and cost_of(T, h) > cost_of(T, g))):
                gain_best = up
                x = y
                g = h
    if x < 0 and not ed2:
        # 1st edition: a Treasure in hand must be trashed: the cheapest
        bi = best_treasure_at(S, T, p, oh, nh, False, True)
        if bi >= 0:
            x = S[oh + bi]
            g = forced_gain(S, R, T, F, p, cost_of(T, x) + 3, T_TREASURE)
    if x < 0:
        log_ev(S, EV_NOTHING, p, MINE, 0)
        return
    remove_at(S, p, Z_HAND, find_in(S, p, Z_HAND, x))
    trash_card(S, T, p, x)
    gain_chosen(S, T, A, p, g, Z_HAND)


@kernel
def play_action(S, R, T, F, A, c, p):
    """Move Action c from p's hand to play and resolve it, with everything it causes
    to be played (Throne Room, Vassal) resolved in order through the work stack."""
    remove_at(S, p, Z_HAND, find_in(S, p, Z_HAND, c))
    slot = S[S_ZN + p * NZ + Z_PLAY]
    push(S, p, Z_PLAY, c)
    log_ev(S, EV_PLAY, p, c, 0)
    S[G_WK] = 0
    push_play(S, c, 1, slot)
    while S[G_WK] > 0 and S[G_ERR] == 0:
        top = S_WK + 3 * (S[G_WK] - 1)
        if S[top + 1] == 0:
            S[G_WK] -= 1
            continue
        S[top + 1] -= 1
        effect(S, R, T, F, A, S[top], S[top + 2], p)


# ================================================================ a turn
@inline
def action_phase(S, R, T, F, A, p, b):
    while S[G_ACTIONS] > 0:
        c = choose_play(S, R, T, F, p)
        if c < 0:
            return
        S[G_ACTIONS] -= 1
        play_action(S, R, T, F, A, c, p)
        if S[G_ERR] != 0:
            return


@inline
def buy_phase(S, R, T, F, A, p, b):
    # play every Treasure from hand
    coins = 0
    silver = False
    kh = S_ZN + p * NZ + Z_HAND
    oh = zb(p, Z_HAND)
    i = 0
    while i < S[kh]:
        c = S[oh + i]
        if (T[T_CT + c * NCOL + C_TYPES] & T_TREASURE) != 0:
            coins += T[T_CT + c * NCOL + C_TREASURE]
            if c == SILVER:
                silver = True
            remove_at(S, p, Z_HAND, i)
            push(S, p, Z_PLAY, c)
            log_ev(S, EV_PLAY, p, c, 0)
        else:
            i += 1
    if silver:
        coins += S[G_MERCHANT]
    coins += S[G_COINS]
    S[G_COINS] = coins
    S[G_TURN_COINS] = coins
    log_ev(S, EV_COINS, p, -1, coins)
    while S[G_BUYS] > 0:
        c = choose_gain(S, R, T, F, L_BUY, p, S[G_COINS], 0)
        if c < 0:
            return
        S[G_BUYS] -= 1
        S[G_COINS] -= T[T_CT + c * NCOL + C_COST]
        log_ev(S, EV_BUY, p, c, 0)
        gain(S, T, A, p, c, Z_DISC)


@inline
def cleanup(S, R, p):
    kx = S_ZN + p * NZ + Z_DISC
    ox = zb(p, Z_DISC)
    n = S[kx]
    for zone in (Z_PLAY, Z_HAND):
        k = S_ZN + p * NZ + zone
        o = zb(p, zone)
        for i in range(S[k]):
            c = S[o + i]
            if c >= 0:
                S[ox + n] = c
                n += 1
        S[k] = 0
    S[kx] = n
    draw_hot(S, R, p, 5)


@inline
def start_turn(S, p):
    S[G_CUR] = p
    S[G_ACTIONS] = 1
    S[G_BUYS] = 1
    S[G_COINS] = 0
    S[G_MERCHANT] = 0
    S[G_TURN_COINS] = 0
    S[S_PS + p * NPS + PS_TURNS] += 1
    if S[G_LOG] != 0:
        log_ev(S, EV_TURN, p, -1, S[S_PS + p * NPS + PS_TURNS])
        o = zb(p, Z_HAND)
        for i in range(S[S_ZN + p * NZ + Z_HAND]):
            log_ev(S, EV_HAND, p, S[o + i], 0)


@inline
def end_reason(S):
    if S[S_SUP + PROVINCE] == 0:
        return END_PROVINCES
    if S[G_EMPTY] >= S[S_VAR + V_END_PILES]:
        return END_PILES
    p = S[G_CUR]
    if p == S[G_NP] - 1 and S[S_PS + p * NPS + PS_TURNS] >= S[S_VAR + V_TURN_CAP]:
        return END_CAP
    return 0


# ================================================================ a game
@kernel
def setup_game(S, R, T):
    np_ = S[G_NP]
    S[G_CUR] = 0
    S[G_EMPTY] = 0
    S[G_ENDED] = 0
    S[G_NEV] = 0
    S[G_WK] = 0
    S[G_ERR] = 0
    S[G_SKIP] = 0
    for c in range(NCARDS):
        S[S_SUP + c] = S[S_SUP0 + c]
        S[S_TRASH + c] = 0
        if S[S_SUP0 + c] == 0:
            S[G_EMPTY] += 1
    for i in range(S_PS, S_PS + MAXP * NPS):
        S[i] = 0
    for i in range(S_OWN, S_OWN + MAXP * NCS):
        S[i] = 0
    for i in range(S_ZN, S_ZN + MAXP * NZ):
        S[i] = 0
    for p in range(np_):
        for i in range(7):
            push(S, p, Z_DISC, COPPER)
        for i in range(3):
            push(S, p, Z_DISC, ESTATE)
        S[S_OWN + p * NCS + COPPER] = 7
        S[S_OWN + p * NCS + ESTATE] = 3
        S[S_PS + p * NPS + PS_MONEY] = 7 * T[T_CT + COPPER * NCOL + C_MONEY]
        S[S_PS + p * NPS + PS_CARDS] = 10
        draw(S, R, p, 5)


@kernel
def assign_seats(S, R, seat_mode, rot):
    np_ = S[G_NP]
    for s in range(np_):
        S[S_SEAT + s] = s if seat_mode != SEATS_ROTATE else (s + rot) % np_
    if seat_mode == SEATS_RANDOM:
        for i in range(np_ - 1, 0, -1):
            j = rand_below(R, MAXP, i + 1)
            t = S[S_SEAT + i]
            S[S_SEAT + i] = S[S_SEAT + j]
            S[S_SEAT + j] = t


@kernel
def check_conservation(S, T):
    """Every card is in exactly one place, no pile is negative, and the counters agree
    with the zones."""
    np_ = S[G_NP]
    for c in range(NCARDS):
        s = S[S_SUP + c]
        s0 = S[S_SUP0 + c]
        S[G_ERR_CARD] = c
        if s0 >= 0 and s < 0:
            S[G_ERR_WHAT] = 3
            return ERR_CONSERVE
        total = max(s, 0) + S[S_TRASH + c]
        for p in range(np_):
            k = 0
            for zone in range(NZ):
                k += count_in(S, p, zone, c)
            if k != S[S_OWN + p * NCS + c]:
                S[G_ERR_WHAT] = 1
                return ERR_CONSERVE
            total += k
        start = max(s0, 0)
        if c == COPPER:
            start += 7 * np_
        elif c == ESTATE:
            start += 3 * np_
        if total != start:
            S[G_ERR_WHAT] = 2
            return ERR_CONSERVE
    for p in range(np_):
        n = 0
        m = 0
        for c in range(NCARDS):
            n += S[S_OWN + p * NCS + c]
            m += S[S_OWN + p * NCS + c] * T[T_CT + c * NCOL + C_MONEY]
        if n != S[S_PS + p * NPS + PS_CARDS] or m != S[S_PS + p * NPS + PS_MONEY]:
            S[G_ERR_CARD] = -1
            S[G_ERR_WHAT] = 4
            return ERR_CONSERVE
    return 0


@kernel
def is_winner(S, p, best, fewest):
    return vp_of(S, p) == best and (S[S_VAR + V_TIEBREAK] != 0 or S[S_PS + p * NPS + PS_TURNS] == fewest)


@kernel
def finish_game(S, T, A, grec, g, gi, reason):
    np_ = S[G_NP]
    S[G_ENDED] = reason
    log_ev(S, EV_END, -1, -1, reason)
    if S[S_VAR + V_CHECK] != 0:
        err = check_conservation(S, T)
        if err != 0:
            return err
    best = -(1 << 30)
    length = 0
    for p in range(np_):
        v = vp_of(S, p)
        t = S[S_PS + p * NPS + PS_TURNS]
        log_ev(S, EV_SCORE, p, t, v)
        best = max(best, v)
        length = max(length, t)
    fewest = 1 << 30
    for p in range(np_):
        if vp_of(S, p) == best:
            fewest = min(fewest, S[S_PS + p * NPS + PS_TURNS])
    nwin = 0
    for p in range(np_):
        if is_winner(S, p, best, fewest):
            nwin += 1
    cap = S[S_VAR + V_TURN_CAP]
    for p in range(np_):
        b = S[S_SEAT + p]
        v = vp_of(S, p)
        t = S[S_PS + p * NPS + PS_TURNS]
        ob = A_TB + b * NTB
        os = A_TS + (b * MAXP + p) * NTS
        A[ob + TB_GAMES] += 1
        A[ob + TB_VP] += v
        A[ob + TB_TURNS] += t
        A[os + TS_GAMES] += 1
        w12 = 0
        if is_winner(S, p, best, fewest):
            w12 = 12 // nwin
            col = TB_WINS if nwin == 1 else TB_TIES
            A[ob + col] += 1
            A[os + col] += 1
        else:
            A[ob + TB_LOSSES] += 1
            A[os + TS_LOSSES] += 1
        A[ob + TB_W12] += w12
        A[os + TS_W12] += w12
        S[S_UNIT + b] += w12
        if g < grec.shape[0]:
            grec[g, GR_SEAT + 4 * p] = b
            grec[g, GR_SEAT + 4 * p + 1] = v
            grec[g, GR_SEAT + 4 * p + 2] = t
            grec[g, GR_SEAT + 4 * p + 3] = w12
    A[A_TL + min(length, cap + 1)] += 1
    A[A_TE + reason - 1] += 1
    if g < grec.shape[0]:
        grec[g, GR_GAME] = gi
        grec[g, GR_ENDING] = reason
        grec[g, GR_LENGTH] = length
    return 0


@kernel
def play_turns(S, R, T, F, A, grec, g, gi, max_turns, stop):
    """Play turns from the current state until the game ends (then score it), or
    ``max_turns`` turns were played, or the ``stop`` phase is reached. Returns an error
    code (0 = none)."""
    np_ = S[G_NP]
    cap = S[S_VAR + V_TURN_CAP]
    a_tc = A_TL + cap + 2
    played = 0
    while played < max_turns:
        p = S[G_CUR]
        b = S[S_SEAT + p]
        start_turn(S, p)
        action_phase(S, R, T, F, A, p, b)
        if S[G_ERR] != 0:
            return S[G_ERR]
        if stop == STOP_ACTIONS:
            return 0
        buy_phase(S, R, T, F, A, p, b)
        t = S[S_PS + p * NPS + PS_TURNS]
        if t <= cap + 1:
            o = a_tc + (b * (cap + 2) + t) * NTC
            A[o] += vp_of(S, p)
            A[o + 1] += S[G_TURN_COINS]
            A[o + 2] += 1
        if stop == STOP_BUYS:
            return 0
        cleanup(S, R, p)
        played += 1
        reason = end_reason(S)
        if reason != 0:
            return finish_game(S, T, A, grec, g, gi, reason)
        S[G_CUR] = (p + 1) % np_
    return 0


@kernel
def run_games(S, R, T, F, A, grec, mode, seed, first_game, n_games, seat_mode, paired, max_turns, stop):
    """Play games ``first_game .. first_game + n_games - 1`` of the run with ``seed``
    (MODE_FRESH), or continue the prepared state for ``max_turns`` turns / until
    ``stop`` (MODE_RESUME). Game gi's randomness depends only on (seed, gi): with
    ``paired``, the games of a deal (one per seat rotation) share it. Returns an error
    code; S[G_GAME_LO/HI] name the game it happened in."""
    if mode == MODE_RESUME:
        return play_turns(S, R, T, F, A, grec, 0, -1, max_turns, stop)
    np_ = S[G_NP]
    for g in range(n_games):
        gi = first_game + g
        S[G_GAME_LO] = gi & 0xFFFFFF
        S[G_GAME_HI] = gi >> 24
        deal = gi // np_ if paired != 0 else gi
        seed_streams(R, seed, deal)
        assign_seats(S, R, seat_mode, gi % np_)
        setup_game(S, R, T)
        err = play_turns(S, R, T, F, A, grec, g, gi, 1 << 30, STOP_NONE)
        if err != 0:
            return err
        if paired == 0 or gi % np_ == np_ - 1:
            # a unit is complete: a game, or the last rotation of a paired deal
            A[A_TU] += 1
            for b in range(np_):
                u = np.int64(S[S_UNIT + b])
                A[A_TU + 1 + 2 * b] += u
                A[A_TU + 2 + 2 * b] += u * u
                S[S_UNIT + b] = 0
    return 0
