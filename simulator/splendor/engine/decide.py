"""Bot decisions: the condition interpreter, card selectors, and the choices of a turn
(the action, the tokens returned over 10, the noble), each with its default."""
import numpy as np

from ...kernels import asks, jit, shared
from ...kernels.ask_layout import ANSWER_NONE, ANSWER_OPEN, Q_SNAP, Q_STATE
from ...lang import stackvm  # noqa: F401 - the shared cond_ok's (simulator/kernels/shared.py)
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel
from .board import (buy, gems_paid, give_back, gold_needed, log, nb, noble_gap, noble_ok, price, ps,
                    rand_below, reserve, short_of, state_copy, take, tokens_of, visit, cd)

MB_BUY = 0
MB_RESERVE = 1
MB_TAKE = 2
NPOS = NLEVEL * FACE_UP + MAX_RESERVED  # board slots, then the player's reserved cards


@inline
def why(S, p, lst, v):
    """Record what decides p's next move (an EV_WHY event: list ``lst``, its rule ``v`` or
    -k for step k of the defaults), for ``dsim log --why``."""
    if S[G_LOG] != 0:
        log(S, EV_WHY, p, lst, v)


# ---------------------------------------------------------------- a person's decisions (dsim play)
#: does a person make p's decisions (``dsim play``)? (simulator/kernels/shared.py)
person = inline(jit.engine_copy(shared.person, globals(), shared.PERSON_NAMES[:1]))


@inline
def ask_n(S, p, kind, about, arg, n, optional):
    """p's answer among the n options written (``asks.ask`` with this layout's offsets);
    a question it records keeps the state as it stood (``state_copy``, at Q_SNAP), but
    in a stepped game, which stops at once at every question (``stopped``, checked after
    each ``ask_n``): the state itself stays as it stood (``asks.live``)."""
    fresh = S[S[G_ASK] + Q_STATE] == 0
    a = asks.ask(S, G_ASK, G_ERR, G_NEV, S_EV, ERR_ASK, ERR_ANSWER, p, kind, about, arg, p, n, optional)
    if asks.asked(S, G_ASK, fresh, a) and not asks.live(S, G_ASK, True):
        state_copy(S, 0, S, S[G_ASK] + Q_SNAP)
    return a


told = inline(jit.engine_copy(shared.told, globals(), shared.PERSON_NAMES))


@inline
def stopped(S):
    """Has a stepped game stopped at a question (or a wrong answer)? Its play after the
    question is thrown away (``asks.no_hint``), so the turn ends there: no bot decides in
    the person's place."""
    return S[G_ERR] != 0 and asks.no_hint(S, G_ASK)


@inline
def pos_card(S, p, pos):
    """The card at position pos: a board slot (0..11) or p's reserved card (12..14); -1 if none."""
    if pos < NLEVEL * FACE_UP:
        return S[S_BOARD + pos]
    i = pos - NLEVEL * FACE_UP
    if i < S[ps(p, PS_NRES)]:
        return S[ps(p, PS_RES + i)]
    return -1


@inline
def opp_points(S, p):
    best = 0
    for q in range(S[G_NP]):
        if q != p:
            best = max(best, S[ps(q, PS_POINTS)])
    return best


@inline
def level_stat(S, T, p, lv, what):
    """Over the face-up and p's reserved cards of level lv (0: any): OP_SHORT the fewest
    gems short (99 without a card), OP_AFFORD how many p can buy."""
    best = 99
    n = 0
    for pos in range(NPOS):
        c = pos_card(S, p, pos)
        if c < 0 or (lv != 0 and T[cd(c, C_LEVEL)] != lv):
            continue
        s = short_of(S, T, p, c)
        best = min(best, s)
        if s == 0:
            n += 1
    return best if what == OP_SHORT else n


@inline
def var_value(S, T, p, a):
    if a == VR_POINTS:
        return S[ps(p, PS_POINTS)]
    if a == VR_OPP_POINTS:
        return opp_points(S, p)
    if a == VR_LEAD:
        return S[ps(p, PS_POINTS)] - opp_points(S, p)
    if a == VR_TOKENS:
        return tokens_of(S, p)
    if a == VR_GOLD:
        return S[ps(p, PS_TOK + GOLD)]
    if a == VR_CARDS:
        return S[ps(p, PS_CARDS)]
    if a == VR_RESERVED:
        return S[ps(p, PS_NRES)]
    if a == VR_NOBLES:
        return S[ps(p, PS_NOBLES)]
    if a == VR_TURN:
        return S[ps(p, PS_TURNS)] + 1
    if a == VR_PLAYERS:
        return S[G_NP]
    if a == VR_IN_REACH:
        n = 0
        for i in range(S[G_NNOB]):
            if S[S_NOB + i] >= 0 and noble_gap(S, T, p, S[S_NOB + i]) <= 3:
                n += 1
        return n
    if a == VR_TARGET:
        return S[S_VAR + V_TARGET]
    return 0


@inline
def op_value(S, T, p, op, a):
    """The value a Splendor opcode (OP_GAME and above) pushes for player p."""
    if op == OP_VAR:
        return var_value(S, T, p, a)
    if op == OP_TOKENS:
        return S[ps(p, PS_TOK + a)]
    if op == OP_BONUS:
        return S[ps(p, PS_BONUS + a)]
    if op == OP_BANK:
        return S[S_BANK + a]
    if op == OP_OPP_BONUS:
        best = 0
        for q in range(S[G_NP]):
            if q != p:
                best = max(best, S[ps(q, PS_BONUS + a)])
        return best
    if op == OP_SHORT or op == OP_AFFORD:
        return level_stat(S, T, p, a, op)
    # OP_DECK: cards left in a level's deck (0: all three)
    k = 0
    for lv in range(NLEVEL):
        if a == 0 or a == lv + 1:
            k += S[S_DECKN + lv]
    return k


#: rule r's condition for player p (a rule without one always holds): the condition
#: language's loop (simulator/kernels/shared.py), with this engine's layout and op_value
cond_ok = kernel(jit.engine_copy(shared.cond_ok, globals(), shared.COND_NAMES))


@inline
def noble_wants(S, T, p, k):
    """Whether a face-up noble needs more cards of colour k from player p."""
    for i in range(S[G_NNOB]):
        n = S[S_NOB + i]
        if n >= 0 and T[nb(n, N_REQ + k)] > S[ps(p, PS_BONUS + k)]:
            return True
    return False


@inline
def card_score(pts, pr, sh, g, order, mode):
    """How much a selector with ``order`` likes a card worth ``pts`` that costs the player
    ``pr`` tokens, ``g`` of them gold, and that it is ``sh`` gems short of (higher is better)."""
    if order == ORD_DEFAULT:
        order = ORD_CLOSEST if mode == MB_TAKE else ORD_POINTS
    if order == ORD_POINTS:
        return pts * 1000000 - sh * 10000 - pr * 100 - g
    if order == ORD_CHEAPEST:
        return -pr * 1000000 - sh * 10000 + pts * 100 - g
    return -sh * 1000000 + pts * 10000 - pr * 100 - g


@kernel
def best_card(S, T, p, r, mode):
    """The position (pos_card) of the card rule r selects for player p, or -1: for MB_BUY
    the best card p can buy now, MB_RESERVE the best face-up card, MB_TAKE the best card
    p cannot buy yet (the one to take gems for). r < 0: any card, the mode's order."""
    level = 0
    colour = -1
    minpts = 0
    where = W_ANY
    order = ORD_DEFAULT
    wants = 0
    if r >= 0:
        ro = T[TH_RULES] + r * RW
        level = T[ro + R_LEVEL]
        colour = T[ro + R_COLOUR]
        minpts = T[ro + R_MINPTS]
        where = T[ro + R_WHERE]
        order = T[ro + R_ORDER]
        wants = T[ro + R_NOBLE]
    best = -1
    best_key = np.int64(-(1 << 60))
    for pos in range(NPOS):
        on_board = pos < NLEVEL * FACE_UP
        if (where == W_BOARD and not on_board) or (where == W_RESERVED and on_board) \
                or (mode == MB_RESERVE and not on_board):
            continue
        c = pos_card(S, p, pos)
        if c < 0:
            continue
        if (level != 0 and T[cd(c, C_LEVEL)] != level) or (colour >= 0 and T[cd(c, C_BONUS)] != colour) \
                or T[cd(c, C_POINTS)] < minpts:
            continue
        if wants != 0 and not noble_wants(S, T, p, T[cd(c, C_BONUS)]):
            continue
        g = gold_needed(S, T, p, c)
        sh = g - S[ps(p, PS_TOK + GOLD)]   # gems short of it, when positive
        if (mode == MB_BUY and sh > 0) or (mode == MB_TAKE and sh <= 0):
            continue
        key = np.int64(card_score(T[cd(c, C_POINTS)], price(S, T, p, c), max(0, sh), g, order, mode))
        if key > best_key:
            best_key = key
            best = pos
    return best


@inline
def wanted(S, T, p, c, k):
    """Gems of colour k player p still lacks for card c (-1: no card)."""
    if c < 0:
        return 0
    return max(0, max(0, T[cd(c, C_COST + k)] - S[ps(p, PS_BONUS + k)]) - S[ps(p, PS_TOK + k)])


@kernel
def take_toward(S, T, p, c, two):
    """Take gems for card c (-1: none in view): with ``two``, two of the colour it lacks
    most among those with 4+ in the bank; else three different colours (fewer only when
    fewer are in the bank), those it lacks most first, then the bank's most plentiful.
    Returns 1 if gems were taken."""
    if two != 0:
        best = -1
        bw = 0
        for k in range(NGEM):
            w = wanted(S, T, p, c, k)
            if S[S_BANK + k] >= 4 and w > bw:
                best = k
                bw = w
        if best < 0:
            return 0
        take(S, p, best, 2)
        return 1
    avail = 0
    for k in range(NGEM):
        if S[S_BANK + k] > 0:
            avail += 1
    if avail == 0:
        return 0
    mask = 0
    for i in range(min(3, avail)):
        best = -1
        bk = -1
        for k in range(NGEM):
            if S[S_BANK + k] > 0 and (mask >> k) & 1 == 0:
                key = wanted(S, T, p, c, k) * 100 + S[S_BANK + k]
                if key > bk:
                    bk = key
                    best = k
        mask |= 1 << best
        take(S, p, best, 1)
    return 1


@kernel
def default_take(S, T, p, c):
    """Gems for card c by default: two of one colour when c lacks only that colour, 2 or
    more of it, and the bank has 4+; otherwise three different colours. Returns 2 for a
    take of two of a colour, 1 for a take of different colours, 0 when none is left."""
    lacking = 0
    k2 = -1
    for k in range(NGEM):
        w = wanted(S, T, p, c, k)
        if w > 0:
            lacking += 1
            if w >= 2 and S[S_BANK + k] >= 4:
                k2 = k
    if lacking == 1 and k2 >= 0:
        take(S, p, k2, 2)
        return 2
    return take_toward(S, T, p, c, 0)


@kernel
def aim(S, T, F, p, b):
    """The card player p takes gems for by default: the first buy rule (whose condition
    holds) with a card p cannot buy yet, its closest such card; else the closest card in
    view. -1 when every card in view is affordable or there is none."""
    bo = T[TH_BOPT] + b * NO
    if T[bo + O_USER_BUY] != 0:
        rl = T[TH_RL] + (b * NL + L_BUY) * 2
        for r in range(T[rl], T[rl] + T[rl + 1]):
            if cond_ok(S, T, F, r, p):
                pos = best_card(S, T, p, r, MB_TAKE)
                if pos >= 0:
                    return pos_card(S, p, pos)
    pos = best_card(S, T, p, -1, MB_TAKE)
    return pos_card(S, p, pos) if pos >= 0 else -1


@kernel
def buy_at(S, R, T, F, A, p, b, pos):
    """Player p buys the card at position pos, paying as ``gold_for`` says (no call for a
    bot that pays by default: most)."""
    c = pos_card(S, p, pos)
    gf = 0
    if person(S, p) or T[T[TH_RL] + (b * NL + L_PAY_GOLD) * 2 + 1] != 0 or T[T[TH_BOPT] + b * NO + O_RANDOM] != 0:
        gf = gold_for(S, R, T, F, p, b, c)
        if stopped(S):
            return ACT_PASS
    buy(S, T, A, p, b, c, gf)
    return ACT_BUY


#: ``legal_action``'s k that writes every legal action into a person's options instead
LIST_ALL = -2


@inline
def legal_hit(S, k, i, a):
    """Is action a, the i-th legal one, what ``legal_action`` looks for (the k-th)? With
    k == LIST_ALL it is written as option i (a person's question) and the count goes on."""
    if k == LIST_ALL:
        asks.put_option(S, G_ASK, i, a)
    return i == k


@kernel
def legal_action(S, T, p, k):
    """With k == -1, the number of legal actions of player p (LIST_ALL: the same, each
    written as an option of a person's question); else the k-th of them as an AC_ number,
    in a fixed order: take 3 different (fewer, every colour left, when fewer than 3 colours
    are in the bank), take 2, reserve face up, reserve a deck's top, buy."""
    i = 0
    avail = 0
    m = 0
    for x in range(NGEM):
        if S[S_BANK + x] > 0:
            avail += 1
            m |= 1 << x
    if avail >= 3:
        for x in range(NGEM):
            for y in range(x + 1, NGEM):
                for z in range(y + 1, NGEM):
                    if S[S_BANK + x] > 0 and S[S_BANK + y] > 0 and S[S_BANK + z] > 0:
                        if legal_hit(S, k, i, AC_TAKE + (1 << x) + (1 << y) + (1 << z)):
                            return AC_TAKE + (1 << x) + (1 << y) + (1 << z)
                        i += 1
    elif avail > 0:
        if legal_hit(S, k, i, AC_TAKE + m):
            return AC_TAKE + m
        i += 1
    for x in range(NGEM):
        if S[S_BANK + x] >= 4:
            if legal_hit(S, k, i, AC_TAKE2 + x):
                return AC_TAKE2 + x
            i += 1
    if S[ps(p, PS_NRES)] < MAX_RESERVED:
        for slot in range(NLEVEL * FACE_UP):
            if S[S_BOARD + slot] >= 0:
                if legal_hit(S, k, i, AC_RESERVE + slot):
                    return AC_RESERVE + slot
                i += 1
        for lv in range(NLEVEL):
            if S[S_DECKN + lv] > 0:
                if legal_hit(S, k, i, AC_DECK + lv):
                    return AC_DECK + lv
                i += 1
    for pos in range(NPOS):
        c = pos_card(S, p, pos)
        if c >= 0 and short_of(S, T, p, c) == 0:
            if legal_hit(S, k, i, AC_BUY + pos):
                return AC_BUY + pos
            i += 1
    return i if k < 0 else -1


@kernel
def do_action(S, R, T, F, A, p, b, a):
    """Play the action numbered ``a`` (AC_*; legal) for player p; its ACT_ code."""
    if a >= AC_BUY:
        return buy_at(S, R, T, F, A, p, b, a - AC_BUY)
    if a >= AC_DECK:
        reserve(S, T, A, p, b, -1, a - AC_DECK)
        return ACT_RESERVE
    if a >= AC_RESERVE:
        reserve(S, T, A, p, b, a - AC_RESERVE, 0)
        return ACT_RESERVE
    if a >= AC_TAKE2:
        take(S, p, a - AC_TAKE2, 2)
        return ACT_TAKE2
    for x in range(NGEM):
        if (a >> x) & 1:
            take(S, p, x, 1)
    return ACT_TAKE3


@kernel
def nth_action(S, R, T, F, A, p, b, k):
    """With k < 0, the number of legal actions of player p; else play the k-th of them
    (``legal_action``'s order) and return its ACT_ code."""
    if k < 0:
        return legal_action(S, T, p, k)
    a = legal_action(S, T, p, k)
    return ACT_PASS if a < 0 else do_action(S, R, T, F, A, p, b, a)


@kernel
def gold_for(S, R, T, F, p, b, c):
    """The gems of its payment for card c that player p pays with gold instead, while it
    holds them (4 bits per colour: how many; ``buy`` takes it), one at a time while it has
    gold to spare: the person's answers; a random bot's draws; else the first rule of the
    bot's pay_gold list naming a colour it would pay a gem of, whose condition holds. By
    default none: gems first, gold for what they do not cover."""
    rl = T[TH_RL] + (b * NL + L_PAY_GOLD) * 2
    human = person(S, p)
    rnd = T[T[TH_BOPT] + b * NO + O_RANDOM] != 0
    spare = S[ps(p, PS_TOK + GOLD)] - gold_needed(S, T, p, c)
    packed = 0
    while spare > 0:
        n = 0
        for k in range(NGEM):
            if gems_paid(S, T, p, c, k, packed) > 0:
                if human:
                    asks.put_option(S, G_ASK, n, k)
                n += 1
        if n == 0:
            break
        k = ANSWER_OPEN
        if human:
            k = ask_n(S, p, ASK_GOLD, c, spare, n, 1)
            if stopped(S):
                break
        if k == ANSWER_OPEN:
            k = ANSWER_NONE
            if rnd:
                j = rand_below(R, p, n + 1)
                for x in range(NGEM):
                    if gems_paid(S, T, p, c, x, packed) > 0:
                        if j == 0:
                            k = x
                            break
                        j -= 1
            else:
                for r in range(T[rl], T[rl] + T[rl + 1]):
                    x = T[T[TH_RULES] + r * RW + R_COLOUR]
                    if gems_paid(S, T, p, c, x, packed) > 0 and cond_ok(S, T, F, r, p):
                        k = x
                        why(S, p, L_PAY_GOLD, r - T[rl])
                        break
            told(S, p, ASK_GOLD, k)
        if k < 0:
            break
        packed += 1 << (4 * k)
        spare -= 1
    return packed


@kernel
def person_act(S, R, T, F, A, p, b):
    """The person's action (a legal action's AC_ number), or ``act``'s while the
    question is open. Returns the ACT_ code. A stepped game's answer (checked against the
    mask) is taken without listing the legal actions again, when there are two or more."""
    if asks.checked_next(S, G_ASK) and legal_action(S, T, p, 1) >= 0:  # (a second one: found in a few steps)
        return do_action(S, R, T, F, A, p, b, asks.read_tape(S, G_ASK, S_EV))
    n = legal_action(S, T, p, LIST_ALL)
    a = ask_n(S, p, ASK_ACT, -1, 0, n, 0)
    if a == ANSWER_NONE or stopped(S):
        return ACT_PASS
    if a != ANSWER_OPEN:
        return do_action(S, R, T, F, A, p, b, a)
    r = told(S, p, ASK_ACT, act(S, R, T, F, A, p, b))
    return r


@kernel
def why_not(S, T, F, p, b, lst, upto):
    """(A logged game only.) Record EV_WHYNOT for each rule of p's buy, reserve and take
    lists that ``act`` passed over before rule ``upto`` of list ``lst`` decided (upto < 0:
    a default decided, every rule was passed over): three reserved already, the deck it
    names empty, its condition false (with an EV_VALUE for each value it read), or no card
    it names fits now."""
    rl = T[TH_RL] + b * NL * 2
    for ls in range(L_TAKE + 1):
        first = T[rl + ls * 2]
        end = first + T[rl + ls * 2 + 1] if ls != lst or upto < 0 else first + upto
        for r in range(first, end):
            ro = T[TH_RULES] + r * RW
            why = WN_NONE
            if ls == L_RESERVE and S[ps(p, PS_NRES)] >= MAX_RESERVED:
                why = WN_FULL
            elif ls == L_RESERVE and T[ro + R_WHERE] == W_DECK and S[S_DECKN + T[ro + R_LEVEL] - 1] <= 0:
                why = WN_DECK
            elif not cond_ok(S, T, F, r, p):
                why = WN_COND
            log(S, EV_WHYNOT, p, ls * WN_LIST + r - first, why)
            if why == WN_COND:
                co = T[TH_CODE]
                for i in range(T[ro + R_CODE], T[ro + R_CODE] + T[ro + R_NCODE]):
                    op = T[co + 2 * i]
                    if op >= OP_GAME:
                        a = T[co + 2 * i + 1]
                        log(S, EV_VALUE, p, op * EV_ARG + a, int(op_value(S, T, p, op, a)))
        if ls == lst and upto >= 0:
            return


@inline
def why_act(S, T, F, p, b, lst, v):
    """``why`` for a move ``act`` chose, after what it passed over (a logged game)."""
    if S[G_LOG] != 0:
        why_not(S, T, F, p, b, lst, v)
        log(S, EV_WHY, p, lst, v)


@kernel
def act(S, R, T, F, A, p, b):
    """A bot's action: a random legal one for a random bot; else the first applicable
    rule of its buy, reserve and take lists; else the defaults (docs/splendor.md): buy
    the best card it can (without a buy list), take gems for its aim, buy any card it
    can, reserve, pass. Returns the ACT_ code."""
    bo = T[TH_BOPT] + b * NO
    if T[bo + O_RANDOM] != 0:
        n = nth_action(S, R, T, F, A, p, b, -1)
        if n == 0:
            return ACT_PASS
        return nth_action(S, R, T, F, A, p, b, rand_below(R, p, n))
    rl = T[TH_RL] + b * NL * 2
    first = T[rl + L_BUY * 2]
    for r in range(first, first + T[rl + L_BUY * 2 + 1]):
        if cond_ok(S, T, F, r, p):
            pos = best_card(S, T, p, r, MB_BUY)
            if pos >= 0:
                why_act(S, T, F, p, b, L_BUY, r - first)
                return buy_at(S, R, T, F, A, p, b, pos)
    if S[ps(p, PS_NRES)] < MAX_RESERVED:
        first = T[rl + L_RESERVE * 2]
        for r in range(first, first + T[rl + L_RESERVE * 2 + 1]):
            ro = T[TH_RULES] + r * RW
            if T[ro + R_WHERE] == W_DECK:
                lv = T[ro + R_LEVEL] - 1
                if S[S_DECKN + lv] > 0 and cond_ok(S, T, F, r, p):
                    why_act(S, T, F, p, b, L_RESERVE, r - first)
                    reserve(S, T, A, p, b, -1, lv)
                    return ACT_RESERVE
            elif cond_ok(S, T, F, r, p):
                pos = best_card(S, T, p, r, MB_RESERVE)
                if pos >= 0:
                    why_act(S, T, F, p, b, L_RESERVE, r - first)
                    reserve(S, T, A, p, b, pos, 0)
                    return ACT_RESERVE
    first = T[rl + L_TAKE * 2]
    for r in range(first, first + T[rl + L_TAKE * 2 + 1]):
        if cond_ok(S, T, F, r, p):
            pos = best_card(S, T, p, r, MB_TAKE)
            if pos >= 0:
                two = T[T[TH_RULES] + r * RW + R_TWO]
                why_act(S, T, F, p, b, L_TAKE, r - first)  # replaced by the next one if nothing can be taken
                if take_toward(S, T, p, pos_card(S, p, pos), two) != 0:
                    return ACT_TAKE2 if two != 0 else ACT_TAKE3
    if T[bo + O_USER_BUY] == 0:
        pos = best_card(S, T, p, -1, MB_BUY)
        if pos >= 0:
            why_act(S, T, F, p, b, L_BUY, -1)
            return buy_at(S, R, T, F, A, p, b, pos)
    why_act(S, T, F, p, b, L_TAKE, -2)
    took = default_take(S, T, p, aim(S, T, F, p, b))
    if took != 0:
        return ACT_TAKE2 if took == 2 else ACT_TAKE3
    pos = best_card(S, T, p, -1, MB_BUY)
    if pos >= 0:
        why(S, p, L_BUY, -3)
        return buy_at(S, R, T, F, A, p, b, pos)
    if S[ps(p, PS_NRES)] < MAX_RESERVED:
        pos = best_card(S, T, p, -1, MB_RESERVE)
        why(S, p, L_RESERVE, -4)
        if pos >= 0:
            reserve(S, T, A, p, b, pos, 0)
            return ACT_RESERVE
        for lv in range(NLEVEL - 1, -1, -1):
            if S[S_DECKN + lv] > 0:
                reserve(S, T, A, p, b, -1, lv)
                return ACT_RESERVE
    return ACT_PASS


@kernel
def return_tokens(S, R, T, F, A, p, b, total):
    """Player p, holding ``total`` tokens (more than 10), returns tokens down to 10, one
    at a time: the person's answers, else ``bot_return``'s."""
    A[A_TX + b * NXS + X_RETURNED] += total - MAX_TOKENS
    target = -2
    while total > MAX_TOKENS:
        k = ANSWER_OPEN
        if person(S, p):
            n = 0
            for j in range(NTOK):
                if S[ps(p, PS_TOK + j)] > 0:
                    asks.put_option(S, G_ASK, n, j)
                    n += 1
            k = ask_n(S, p, ASK_RETURN, -1, total - MAX_TOKENS, n, 0)
            if stopped(S):
                return
        if k == ANSWER_OPEN:
            k, target = bot_return(S, R, T, F, p, b, total, target)
            told(S, p, ASK_RETURN, k)
        give_back(S, p, k)
        total -= 1


@inline
def bot_return(S, R, T, F, p, b, total, target):
    """The token a bot returns (and its aim, worked out once: -2 until then): a random bot
    a random token; else the first rule of its return list whose colour it holds; else a
    gem colour it did not take this turn if it holds one (a take is never simply given
    back), the one it holds most beyond what its aim needs; gold last."""
    k = -1
    if T[T[TH_BOPT] + b * NO + O_RANDOM] != 0:
        x = rand_below(R, p, total)
        for j in range(NTOK):
            x -= S[ps(p, PS_TOK + j)]
            if x < 0:
                return j, target
    rl = T[TH_RL] + (b * NL + L_RETURN) * 2
    for r in range(T[rl], T[rl] + T[rl + 1]):
        col = T[T[TH_RULES] + r * RW + R_COLOUR]
        if S[ps(p, PS_TOK + col)] > 0 and cond_ok(S, T, F, r, p):
            why(S, p, L_RETURN, r - T[rl])
            return col, target
    why(S, p, L_RETURN, -1)
    if target == -2:
        target = aim(S, T, F, p, b)
    bk = -(1 << 30)
    for j in range(NGEM):
        t = S[ps(p, PS_TOK + j)]
        if t > 0:
            keep = 0 if target < 0 else max(0, T[cd(target, C_COST + j)] - S[ps(p, PS_BONUS + j)])
            key = ((S[G_TAKEN] >> j) & 1 ^ 1) * 10000 + (t - keep) * 100 + t
            if key > bk:
                bk = key
                k = j
    return (GOLD if k < 0 else k), target


@inline
def nobles_due(S, T, p):
    """How many face-up nobles p's bonuses meet the requirement of."""
    q = 0
    for i in range(S[G_NNOB]):
        n = S[S_NOB + i]
        if n >= 0 and noble_ok(S, T, p, n):
            q += 1
    return q


@kernel
def noble_visit(S, R, T, F, A, p, b, q):
    """One of the q face-up nobles (one or more) whose requirement p's bonuses meet
    (``nobles_due``) visits: the one a person names (``dsim play``; asked when two or
    more can come); a bot's by ``bot_noble``."""
    x = ANSWER_OPEN
    if person(S, p):
        q = 0
        for i in range(S[G_NNOB]):
            n = S[S_NOB + i]
            if n >= 0 and noble_ok(S, T, p, n):
                asks.put_option(S, G_ASK, q, n)
                q += 1
        x = ask_n(S, p, ASK_NOBLE, -1, 0, q, 0)
        if stopped(S):
            return
    if x == ANSWER_OPEN:
        pick = bot_noble(S, R, T, F, p, b, q)
        told(S, p, ASK_NOBLE, S[S_NOB + pick])
    else:
        pick = 0
        for i in range(S[G_NNOB]):  # the slot of the noble named (an option: it is there)
            if S[S_NOB + i] == x:
                pick = i
                break
    visit(S, T, A, p, b, pick)


@kernel
def bot_noble(S, R, T, F, p, b, q):
    """The noble slot whose noble a bot chooses among the q who can visit it: a random
    bot's at random; else the first rule of its noble list naming a colour the noble
    needs (or 'any'); else the noble an opponent is closest to."""
    bo = T[TH_BOPT] + b * NO
    pick = -1
    if T[bo + O_RANDOM] != 0:
        j = rand_below(R, p, q)
        for i in range(S[G_NNOB]):
            n = S[S_NOB + i]
            if n >= 0 and noble_ok(S, T, p, n):
                if j == 0:
                    pick = i
                    break
                j -= 1
    else:
        rl = T[TH_RL] + (b * NL + L_NOBLE) * 2
        for r in range(T[rl], T[rl] + T[rl + 1]):
            col = T[T[TH_RULES] + r * RW + R_COLOUR]
            for i in range(S[G_NNOB]):
                n = S[S_NOB + i]
                if n >= 0 and noble_ok(S, T, p, n) and (col < 0 or T[nb(n, N_REQ + col)] > 0):
                    if cond_ok(S, T, F, r, p):
                        pick = i
                        why(S, p, L_NOBLE, r - T[rl])
                    break
            if pick >= 0:
                break
        if pick < 0:
            why(S, p, L_NOBLE, -1)
            bk = 1 << 30
            for i in range(S[G_NNOB]):
                n = S[S_NOB + i]
                if n >= 0 and noble_ok(S, T, p, n):
                    gap = 1 << 20
                    for o in range(S[G_NP]):
                        if o != p:
                            gap = min(gap, noble_gap(S, T, o, n))
                    if gap < bk:
                        bk = gap
                        pick = i
    return pick


@kernel
def log_pass(S, p):
    log(S, EV_PASS, p, -1, 0)
