"""Bot decisions: the first matching rule of a list, and the documented default of every
choice a bot can leave to the engine (docs/bots.md)."""
import numpy as np

from ...kernels import asks, jit, shared
from ...kernels.ask_layout import ANSWER_OPEN, Q_SCRATCH, Q_SNAP, Q_STATE
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel
from .rng import rand_below
from .state import (bopt, col, cost_now, cost_of, count_in, draw, find_in, is_random, is_type, log_ev, move, own, ps,
                    remove_at, rule_card, rule_span, seat_after, state_copy, zb, zn)
from .gains import count_owned, guard_refuses
from .conditions import op_value, rule_holds, rule_holds_hot


@inline
def why(S, p, lst, v):
    """Record what decides p's next choice (an EV_WHY event: list ``lst``, rule ``v`` of it
    or WHY_*) when the game is logged, for ``dsim log --why``."""
    if S[G_LOG] != 0:
        log_ev(S, EV_WHY, p, lst, v)


@inline
def hush(S):
    """Stop logging while a default weighs a choice it may not make (what the buy list
    would take with fewer coins...), so that the log holds only what is decided; returns
    what ``unhush`` restores."""
    lg = S[G_LOG]
    S[G_LOG] = 0
    return lg


@inline
def unhush(S, lg):
    S[G_LOG] = lg


# ---------------------------------------------------------------- a person's decisions (dsim play)
#: does a person make p's decisions (``dsim play``)? Each decision then asks first (the
#: ``ask_*`` kernels below); only while the person's question is open does the seat's bot
#: decide, and ``told`` keeps its answer as the hint (simulator/kernels/shared.py)
person = inline(jit.engine_copy(shared.person, globals(), shared.PERSON_NAMES[:1]))


@inline
def resolving(S):
    """The Action whose effect is being resolved (the work stack's top), -1 if none."""
    d = S[G_WK]
    return S[S_WK + 3 * (d - 1)] if d > 0 else -1


@inline
def ask_n(S, p, kind, about, arg, owner, n, optional):
    """p's answer among the n options written (``asks.ask`` with this layout's offsets);
    a question it records keeps the state as it stood (``state_copy``, at Q_SNAP), but
    for a stepped game's Action to play or card to buy, after which the turn stops at once
    (``turn.action_phase``, ``turn.buys``): the state itself stays as it stood (``asks.live``)."""
    fresh = S[S[G_ASK] + Q_STATE] == 0
    a = asks.ask(S, G_ASK, G_ERR, G_NEV, S_EV, ERR_ASK, ERR_ANSWER, p, kind, about, arg, owner, n, optional)
    if asks.asked(S, G_ASK, fresh, a) and not asks.live(S, G_ASK, kind == ASK_PLAY or kind == ASK_BUY):
        state_copy(S, 0, S, S[G_ASK] + Q_SNAP)
    return a


@kernel
def ask_supply(S, T, p, kind, cap, mask, optional):
    """p's answer to gaining (or buying) a card of the supply costing at most ``cap`` (with
    the types ``mask``, 0: any), about the card being resolved."""
    n = 0
    for j in range(T[T_INGAME]):  # the supply's cards, by id
        c = T[T_INGAME + 1 + j]
        if S[S_SUP + c] > 0 and cost_now(S, T, c) <= cap and (mask == 0 or is_type(T, c, mask)):
            asks.put_option(S, G_ASK, n, c)
            n += 1
    return ask_n(S, p, kind, resolving(S), cap, -1, n, optional)


@kernel
def ask_exact(S, T, p, kind, about, cost, owner):
    """p's answer to gaining a card of the supply costing exactly ``cost`` (Swindler's gift
    to ``owner``, Upgrade's gain), about card ``about``."""
    n = 0
    for j in range(T[T_INGAME]):
        c = T[T_INGAME + 1 + j]
        if S[S_SUP + c] > 0 and cost_now(S, T, c) == cost:
            asks.put_option(S, G_ASK, n, c)
            n += 1
    return ask_n(S, p, kind, about, cost, owner, n, 0)


@inline
def ask_zone(S, T, p, kind, q, zone, mask, skip, optional, arg):
    """``zone_question``'s answer when a person decides for p; else (a bot's seat)
    ANSWER_OPEN, and the bot decides."""
    if person(S, p):
        return zone_question(S, T, p, kind, q, zone, mask, skip, optional, arg)
    return ANSWER_OPEN


@inline
def ask_pick(S, p, kind, about, owner, n):
    """``pick_question``'s answer when a person decides for p; else ANSWER_OPEN."""
    if person(S, p):
        return pick_question(S, p, kind, about, owner, n)
    return ANSWER_OPEN


@kernel
def zone_question(S, T, p, kind, q, zone, mask, skip, optional, arg):
    """p's answer naming a card of q's ``zone`` (with the types ``mask``, 0: any; never
    ``skip``), about the card being resolved; each different card is one option."""
    n = 0
    o = zb(q, zone)
    scratch = S[G_ASK] + Q_SCRATCH
    for i in range(S[zn(q, zone)]):
        c = S[o + i]
        if c < 0 or c == skip or (mask != 0 and not is_type(T, c, mask)):
            continue
        seen = False
        for j in range(n):
            if S[scratch + j] == c:
                seen = True
        if not seen:
            asks.put_option(S, G_ASK, n, c)
            n += 1
    return ask_n(S, p, kind, resolving(S), arg, q, n, optional)


@kernel
def pick_question(S, p, kind, about, owner, n):
    """p's answer among 0 .. n - 1 about card ``about`` of player ``owner`` (a yes/no
    question: n = 2, 1 is yes)."""
    for i in range(n):
        asks.put_option(S, G_ASK, i, i)
    return ask_n(S, p, kind, about, 0, owner, n, 0)


told = inline(jit.engine_copy(shared.told, globals(), shared.PERSON_NAMES))


@kernel
def random_gain(S, R, T, cap, mask):
    """A random card of the supply within the cap (and types), or -1 (sometimes)."""
    n = 0
    for c in range(NCARDS):
        if S[S_SUP + c] > 0 and cost_now(S, T, c) <= cap and (mask == 0 or is_type(T, c, mask)):
            n += 1
    k = rand_below(R, MAXP, n + 1)
    for c in range(NCARDS):
        if S[S_SUP + c] > 0 and cost_now(S, T, c) <= cap and (mask == 0 or is_type(T, c, mask)):
            if k == 0:
                return c
            k -= 1
    return -1


@inline
def choose_gain_hot(S, R, T, F, lst, p, cap, mask, fx):
    """The first rule of p's list ``lst`` whose card costs at most ``cap``, has the types
    ``mask`` (0: any), is in the supply and whose condition holds (the end-game guard may
    skip it); -1 if none. Inlined in the buy phase (docs/perf.md); ``choose_gain`` for
    the others. ``fx``: costs may be reduced this turn (``turn.play_turns``)."""
    if is_random(S, T, p):
        return random_gain(S, R, T, cap, mask)
    b = S[S_SEAT + p]
    skip = S[G_SKIP]
    rows = T[TH_RULES]
    if fx:
        cap += S[G_REDUCE]  # a rule's cost is the printed one (``cost_now``)
    first, end = rule_span(S, T, p, lst)
    for r in range(first, end):
        # the cost first: it is in the rule's row, and most rules a buy passes over cost
        # too much
        ro = rows + r * RW
        if T[ro + R_COST] > cap:
            continue
        c = T[ro + R_CARD]
        if S[S_SUP + c] <= 0 or c + 1 == skip:
            continue
        if mask != 0 and not is_type(T, c, mask):
            continue
        if not rule_holds_hot(S, T, F, r, p):
            continue
        if bopt(T, b, O_GUARD) != 0 and guard_refuses(S, T, p, c):
            log_ev(S, EV_GUARD, p, c, lst + NL * (r - first))
            continue
        return c
    return -1


@kernel
def why_chose(S, T, F, lst, p, cap, c, mask, zone):
    """Record (EV_WHY) the rule of p's list ``lst`` by which a choice took card c (costing
    at most ``cap``): the first rule naming c that fits the cap and holds. An earlier rule
    that fitted for another card would have been chosen instead, and what the choice also
    checks (supply, types, the guard, the zone) is about the card, not the rule.
    WHY_NO_RULE when c < 0. Before it, why each rule above did not choose (``why_not``;
    ``zone``: the zone chosen from, -1 the supply). Only in a logged game, after the choice
    (``choose_gain_hot`` in the buy phase, ``choose_in_zone_rules`` in Militia's
    discards), which itself stays as it was. Nothing without a log (a stepped game's)."""
    if S[G_LOG] == 0 or is_random(S, T, p):
        return
    first, end = rule_span(S, T, p, lst)
    if c < 0:
        why_not(S, T, F, p, cap, mask, zone, first, end)
        log_ev(S, EV_WHY, p, lst, WHY_NO_RULE)
        return
    for r in range(first, end):
        if rule_card(T, r) == c and T[T[TH_RULES] + r * RW + R_COST] <= cap + S[G_REDUCE] \
                and rule_holds(S, T, F, r, p):
            why_not(S, T, F, p, cap, mask, zone, first, r)
            log_ev(S, EV_WHY, p, lst, r - first)
            return


@kernel
def why_not(S, T, F, p, cap, mask, zone, first, upto):
    """Record (EV_WHYNOT) why each of p's rules first .. upto - 1 did not choose, checked
    in the choice's own order: its card costs more than ``cap``, its pile is empty (from the
    supply) or none is in ``zone``, it is the card to pass over, it lacks the types
    ``mask``, its condition is false (then an EV_VALUE for each value the condition reads),
    or the end-game guard refused it."""
    for r in range(first, upto):
        ro = T[TH_RULES] + r * RW
        c = T[ro + R_CARD]
        if T[ro + R_COST] > cap + S[G_REDUCE]:
            log_ev(S, EV_WHYNOT, p, r - first, WN_COST + WN_DETAIL * cap)
        elif zone < 0 and S[S_SUP + c] <= 0:
            log_ev(S, EV_WHYNOT, p, r - first, WN_EMPTY)
        elif zone >= 0 and find_in(S, p, zone, c) < 0:
            log_ev(S, EV_WHYNOT, p, r - first, WN_ABSENT)
        elif zone < 0 and c + 1 == S[G_SKIP]:
            log_ev(S, EV_WHYNOT, p, r - first, WN_SAME)
        elif mask != 0 and not is_type(T, c, mask):
            log_ev(S, EV_WHYNOT, p, r - first, WN_TYPE)
        elif not rule_holds(S, T, F, r, p):
            log_ev(S, EV_WHYNOT, p, r - first, WN_COND)
            co = T[TH_CODE]
            pc = T[ro + R_CODE]
            for i in range(pc, pc + T[ro + R_NCODE]):
                op = T[co + 2 * i]
                if op >= OP_GAME:
                    a = T[co + 2 * i + 1]
                    log_ev(S, EV_VALUE, p, op * EV_ARG + a, op_value(S, T, p, op, a))
        else:
            log_ev(S, EV_WHYNOT, p, r - first, WN_GUARD)


@kernel
def choose_gain(S, R, T, F, lst, p, cap, mask):
    """``choose_gain_hot`` as a call (and, in a logged game, the why of its choice)."""
    c = choose_gain_hot(S, R, T, F, lst, p, cap, mask, True)
    if S[G_LOG] != 0:
        why_chose(S, T, F, lst, p, cap, c, mask, -1)
    return c


@kernel
def forced_gain(S, R, T, F, p, cap, mask):
    """A gain the card makes compulsory, costing at most ``cap``: the person's answer, else
    ``bot_gain``'s."""
    g = ANSWER_OPEN
    if person(S, p):
        g = ask_supply(S, T, p, ASK_GAIN, cap, mask, 0)
    if g == ANSWER_OPEN:
        g = told(S, p, ASK_GAIN, bot_gain(S, R, T, F, p, cap, mask))
    return g


@inline
def gain_choice(S, R, T, F, A, p, cap, mask):
    """The gain of Workshop, Feast, Remodel, Ironworks and Replace (up to ``cap``, of the
    types ``mask``): ``forced_gain``'s. The search bots' turn loop (search.py) calls
    ``search_gain`` here instead, which may weigh it by rollouts."""
    return forced_gain(S, R, T, F, p, cap, mask)


@kernel
def bot_gain(S, R, T, F, p, cap, mask):
    """A bot's compulsory gain: the gain list's choice, else the costliest Treasure within
    the cap (Copper last), then the costliest Action, then Victory, then Curse; a card that
    ends the game with p losing only if nothing else is left."""
    c = choose_gain(S, R, T, F, L_GAIN, p, cap, mask)
    if c >= 0:
        return c
    why(S, p, L_GAIN, WHY_DEFAULT)
    for attempt in range(2):
        for want in (T_TREASURE, T_ACTION, T_VICTORY, T_CURSE):
            best = -1
            for k in range(NCARDS):
                if S[S_SUP + k] <= 0 or cost_now(S, T, k) > cap or not is_type(T, k, want) or k + 1 == S[G_SKIP]:
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
def gain_without(S, R, T, F, p, x, cap):
    """What p's gain list takes within ``cap`` once p no longer owns a copy of x: the
    conditions see the deck as it will be after trashing x."""
    count_owned(S, T, p, x, -1)
    lg = hush(S)
    g = choose_gain(S, R, T, F, L_GAIN, p, cap, 0)
    unhush(S, lg)
    count_owned(S, T, p, x, 1)
    return g


@kernel
def rule_matches(S, R, T, F, lst, p, c):
    """Does a rule of p's list ``lst`` name card c with its condition holding?"""
    if is_random(S, T, p):
        return rand_below(R, MAXP, 2) == 1
    first, end = rule_span(S, T, p, lst)
    for r in range(first, end):
        if rule_card(T, r) == c and rule_holds(S, T, F, r, p):
            why(S, p, lst, r - first)
            return True
    why(S, p, lst, WHY_NO_RULE)
    return False


@kernel
def choose_in_zone(S, R, T, F, lst, p, zone, mask):
    """The first rule of p's list ``lst`` whose card is in p's ``zone`` (with the types
    ``mask``, 0: any) and whose condition holds; -1 if none."""
    if is_random(S, T, p):
        n = 0
        o = zb(p, zone)
        for i in range(S[zn(p, zone)]):
            if mask == 0 or is_type(T, S[o + i], mask):
                n += 1
        k = rand_below(R, MAXP, n + 1)
        for i in range(S[zn(p, zone)]):
            if mask == 0 or is_type(T, S[o + i], mask):
                if k == 0:
                    return S[o + i]
                k -= 1
        return -1
    c = choose_in_zone_rules(S, T, F, lst, p, zone, mask)
    if S[G_LOG] != 0:
        why_chose(S, T, F, lst, p, ANY_COST, c, mask, zone)
    return c


@inline
def choose_in_zone_rules(S, T, F, lst, p, zone, mask):
    """``choose_in_zone`` for a bot that is not random; inline, so that ``discard_down``
    (an attack's victim, twice per Militia) makes no call (docs/perf.md)."""
    # the zone's cards as a set of bits (one pass), then the rules in order (64-bit
    # shifts: as plain Python, a card id is a NumPy int32). A card's bit: its id when the
    # game's cards all have ids below 63 (the base set's: TH_SLOTS 0), else its place
    # among the game's cards (T_SLOT, fewer than 63); 63 for any other card (only ever in
    # a stacked test's zone). Bits by card id took two words past 63 cards (Militia 3%
    # slower), and T_SLOT's load for every card 0.8%
    slots = T[TH_SLOTS] != 0
    have = np.int64(0)
    o = zb(p, zone)
    for i in range(S[zn(p, zone)]):
        c = S[o + i]
        if c >= 0:
            have |= np.int64(1) << (T[T_SLOT + c] if slots else min(c, 63))
    first, end = rule_span(S, T, p, lst)
    for r in range(first, end):
        c = rule_card(T, r)
        if (have >> (T[T_SLOT + c] if slots else min(c, 63))) & 1 == 0:
            continue
        if mask != 0 and not is_type(T, c, mask):
            continue
        if rule_holds(S, T, F, r, p):
            return c
    return -1



@kernel
def option(S, R, T, F, p, k):
    """A yes/no decision (O_MOAT, O_CHANCELLOR): the person's answer, else ``bot_option``'s."""
    kind = ASK_MOAT if k == O_MOAT else ASK_CHANCELLOR
    a = ask_pick(S, p, kind, resolving(S) if k == O_MOAT else CHANCELLOR, p, 2)
    if a == ANSWER_OPEN:
        a = told(S, p, kind, 1 if bot_option(S, R, T, F, p, k) else 0)
    return a == 1


@kernel
def bot_option(S, R, T, F, p, k):
    """A bot's yes/no decision: its condition rule for option k, or yes by default."""
    return bot_option_or(S, R, T, F, p, k, True)


@kernel
def bot_option_or(S, R, T, F, p, k, default):
    """A bot's yes/no decision: its condition rule for option k, else ``default``."""
    if is_random(S, T, p):
        return rand_below(R, MAXP, 2) == 1
    r = bopt(T, S[S_SEAT + p], k)
    if r < 0:
        why(S, p, WHY_OPTION + k, WHY_DEFAULT)
        return default
    yes = rule_holds(S, T, F, r, p)
    why(S, p, WHY_OPTION + k, 1 if yes else 0)
    return yes


@kernel
def yes_no(S, R, T, F, p, kind, about, k, default):
    """A yes/no decision of p about card ``about``: the person's answer (question ``kind``),
    else the bot's (``bot_option_or``: option k's rule, else ``default``)."""
    a = ask_pick(S, p, kind, about, p, 2)
    if a == ANSWER_OPEN:
        a = told(S, p, kind, 1 if bot_option_or(S, R, T, F, p, k, default) else 0)
    return a == 1


@kernel
def list_mode(S, R, T, F, p, c, taken):
    """The mode of card c that p's bot's choose list picks: its first rule for c whose
    condition holds, never a mode already ``taken`` (bit i: mode i); -1 if none."""
    first, end = rule_span(S, T, p, L_MODE)
    for r in range(first, end):
        k = rule_card(T, r)
        m = k % MODE_BASE  # a mode (below 32), or the card named (never taken)
        if k // MODE_BASE == c and (m >= 32 or (taken >> m) & 1 == 0) and rule_holds(S, T, F, r, p):
            why(S, p, L_MODE, r - first)
            return k % MODE_BASE
    return -1


@kernel
def choose_mode(S, R, T, F, p, c, n, taken, default):
    """Which of the n modes of "choose one" card c p chooses, never one already ``taken``
    (bit i: mode i; Pawn's and Courtier's later choices): the person's answer, else a random
    bot's draw, else the first of its choose list's rules for c that holds, else
    ``default`` (the card's kernel weighs it, docs/bots.md). Logged as EV_MODE."""
    m = ANSWER_OPEN
    free = 0
    for i in range(n):
        if (taken >> i) & 1 == 0:
            if person(S, p):
                asks.put_option(S, G_ASK, free, i)
            free += 1
    if person(S, p):
        m = ask_n(S, p, ASK_MODE, c, taken, p, free, 0)
    if m == ANSWER_OPEN:
        if is_random(S, T, p):
            k = rand_below(R, MAXP, free)
            for i in range(n):
                if (taken >> i) & 1 == 0:
                    if k == 0:
                        m = i
                        break
                    k -= 1
        else:
            m = list_mode(S, R, T, F, p, c, taken)
            if m < 0:
                why(S, p, L_MODE, WHY_DEFAULT)
                m = default
        told(S, p, ASK_MODE, m)
    log_ev(S, EV_MODE, p, c, m)
    return m


@kernel
def forced_trash(S, R, T, F, p):
    """The card of p's (non-empty) hand a bot trashes when it must trash one (Steward,
    Trading Post, Upgrade): the first its trash list names, else ``least_kept``'s."""
    x = choose_in_zone(S, R, T, F, L_TRASH, p, Z_HAND, 0)
    if x < 0:
        why(S, p, L_TRASH, WHY_DEFAULT)
        x = least_kept(S, T, p)
    return x


@kernel
def least_kept(S, T, p):
    """The card of p's (non-empty) hand p loses least by trashing: a Curse, an Estate while
    Provinces are plentiful (more than 4), a Copper, a late Estate, the cheapest other card,
    other Victory cards last (their VP go with them)."""
    oh = zb(p, Z_HAND)
    x = -1
    best = 1 << 30
    for i in range(S[zn(p, Z_HAND)]):
        c = S[oh + i]
        v = cost_of(T, c) + 2 * T[col(c, C_TREASURE)]
        if c == CURSE:
            v = -100
        elif c == ESTATE:
            v = -50 if S[S_SUP + PROVINCE] > 4 else 3
        elif T[col(c, C_VP)] > 0 or is_type(T, c, T_VICTORY):
            v = 1000 + cost_of(T, c)
        if v < best:
            best = v
            x = c
    return x


@kernel
def trashable(S, R, T, F, p):
    """How many cards of p's hand that give no coins its trash list would trash (each card
    its own rule's condition, as things stand)."""
    lg = hush(S)
    n = 0
    oh = zb(p, Z_HAND)
    for i in range(S[zn(p, Z_HAND)]):
        c = S[oh + i]
        if T[col(c, C_MONEY)] > 0:
            continue
        if rule_matches(S, R, T, F, L_TRASH, p, c):
            n += 1
    unhush(S, lg)
    return n


@kernel
def buy_with(S, R, T, F, p, more):
    """What p's buy list would buy with ``more`` coins than its hand gives now (quietly)."""
    lg = hush(S)
    c = choose_gain(S, R, T, F, L_BUY, p, hand_coins(S, T, p) + more, 0)
    unhush(S, lg)
    return c


@inline
def choose_play(S, R, T, F, p):
    """The Action p plays next: the first rule of its play list that is in hand and
    holds (the list ends with the default order of every unnamed Action), passing over
    an Action p holds back (a Remodel or Replace: ``holds_back_remodel``; a Trading Post:
    ``holds_back_trading_post``); -1 if none."""
    if not is_random(S, T, p):
        # no call when the list is empty or the hand holds no Action (most turns of a
        # money deck); a random bot draws even then
        first, end = rule_span(S, T, p, L_PLAY)
        if first == end:
            return -1
        o = zb(p, Z_HAND)
        i = S[zn(p, Z_HAND)] - 1
        while i >= 0 and (T[col(S[o + i], C_TYPES)] & T_ACTION) == 0:
            i -= 1
        if i < 0:
            return -1
    c = choose_in_zone(S, R, T, F, L_PLAY, p, Z_HAND, T_ACTION)
    if (c == REMODEL or c == REPLACE) and holds_back_remodel(S, R, T, F, p, c):
        c = play_after(S, R, T, F, p, c)
    elif c == TRADING_POST and holds_back_trading_post(S, R, T, F, p):
        c = play_after(S, R, T, F, p, c)
    return c


@inline
def keep_value(S, T, p, c, actions):
    """How much p wants to keep card c in hand (forced discards drop the lowest):
    Curses, then Victory cards, then Actions it could not play, then by cost. Inline:
    a Militia victim values every card of its hand."""
    if is_type(T, c, T_CURSE):
        return -200
    if is_type(T, c, T_VICTORY) and not is_type(T, c, T_ACTION | T_TREASURE):
        return -100 + cost_of(T, c)
    if is_type(T, c, T_ACTION):
        if actions <= 0:
            return -50 + cost_of(T, c)
        return 10 + cost_of(T, c)
    return cost_of(T, c) + 2 * T[col(c, C_TREASURE)]


@kernel
def least_wanted(S, T, p):
    """The card of p's (non-empty) hand that p least wants to keep this turn."""
    oh = zb(p, Z_HAND)
    x = -1
    best = 1 << 30
    for i in range(S[zn(p, Z_HAND)]):
        v = keep_value(S, T, p, S[oh + i], S[G_ACTIONS])
        if v < best:
            best = v
            x = S[oh + i]
    return x


@inline
def discard_pick(S, R, T, F, p, rnd, nh):
    """The card a bot discards from its hand of nh cards: by its discard list, then the
    card it least wants to keep (inline: a Militia victim's choice, twice per attack)."""
    if rnd:
        c = choose_in_zone(S, R, T, F, L_DISCARD, p, Z_HAND, 0)
    else:
        c = choose_in_zone_rules(S, T, F, L_DISCARD, p, Z_HAND, 0)
        if S[G_LOG] != 0:
            why_chose(S, T, F, L_DISCARD, p, ANY_COST, c, 0, Z_HAND)
            if c < 0:
                log_ev(S, EV_WHY, p, L_DISCARD, WHY_DEFAULT)
    if c < 0:
        # the hand's terminal Actions beyond the first are dead on p's next turn
        o = zb(p, Z_HAND)
        villages = 0
        for i in range(nh):
            if T[col(S[o + i], C_ACTIONS)] >= 2:
                villages += 1
        best = 1 << 30
        terminals = 0
        for i in range(nh):
            x = S[o + i]
            terminal = is_type(T, x, T_ACTION) and T[col(x, C_ACTIONS)] == 0
            # only a terminal beyond the Actions of next turn is dead; a Village or a
            # cantrip can always be played
            v = keep_value(S, T, p, x, 1 + villages - terminals if terminal else 1)
            if terminal:
                terminals += 1
            if rnd:
                v = rand_below(R, MAXP, 1000)
            if v < best:
                best = v
                c = x
    return c


@kernel
def discard_down(S, R, T, F, p, k):
    """p discards k cards from hand (fewer if the hand is smaller), one at a time: the
    person's answers, else ``discard_pick``'s."""
    rnd = is_random(S, T, p)
    for j in range(k):
        nh = S[zn(p, Z_HAND)]
        if nh == 0:
            return
        c = ask_zone(S, T, p, ASK_DISCARD_DOWN, p, Z_HAND, 0, -1, 0, k - j)
        if c == ANSWER_OPEN:
            c = told(S, p, ASK_DISCARD_DOWN, discard_pick(S, R, T, F, p, rnd, nh))
        move(S, p, Z_HAND, Z_DISC, c, EV_DISCARD)


@kernel
def reveals_moat(S, R, T, F, q):
    """Victim q, holding a Moat, reveals it (its Moat option) to be unaffected."""
    if option(S, R, T, F, q, O_MOAT):
        log_ev(S, EV_REACT, q, MOAT, 0)
        return True
    return False


@inline
def blocked(S, R, T, F, q):
    """Victim q may reveal a Moat from hand to be unaffected by this Attack (asked only
    in a game with Moat in the supply: TH_REACT). Its other Reactions came first, when
    the Attack was played (``reactions``)."""
    return find_in(S, q, Z_HAND, MOAT) >= 0 and reveals_moat(S, R, T, F, q)


@kernel
def reactions(S, R, T, F, p):
    """p plays an Attack: each other player, in turn order, reacts with its Reactions
    besides Moat (``react``). Called by ``effects.effect`` in a game that has such a
    Reaction (a call in every victim's loop, inlined into Militia's and Witch's, cost
    Militia 3.5%)."""
    for k in range(1, S[G_NP]):
        react(S, R, T, F, seat_after(S, p, k))


@kernel
def react(S, R, T, F, q):
    """Victim q's Reactions to an Attack besides Moat, each revealed when its option says
    (default: yes): Diplomat, from a hand of 5 or more cards: draw 2 cards, then discard
    3 (``discard_down``); Secret Chamber: +2 Cards, then 2 cards from the hand onto the
    deck (the topdeck list's, else the cards least wanted)."""
    if find_in(S, q, Z_HAND, DIPLOMAT) >= 0 and S[zn(q, Z_HAND)] >= 5 \
            and yes_no(S, R, T, F, q, ASK_REACT, DIPLOMAT, O_DIPLOMAT, True):
        log_ev(S, EV_REVEAL, q, DIPLOMAT, 0)
        draw(S, R, q, 2)
        discard_down(S, R, T, F, q, 3)
    if find_in(S, q, Z_HAND, SECRET_CHAMBER) >= 0 and yes_no(S, R, T, F, q, ASK_REACT, SECRET_CHAMBER,
                                                            O_SECRET_CHAMBER, True):
        log_ev(S, EV_REVEAL, q, SECRET_CHAMBER, 0)
        draw(S, R, q, 2)
        for k in range(2):
            if S[zn(q, Z_HAND)] == 0:
                break
            x = ask_zone(S, T, q, ASK_TOPDECK, q, Z_HAND, 0, -1, 0, 0)
            if x == ANSWER_OPEN:
                own = follows_list(S, T, q, O_USER_TOPDECK)
                x = choose_in_zone(S, R, T, F, L_TOPDECK, q, Z_HAND, 0) if own else -1
                if x < 0:
                    why(S, q, L_TOPDECK, WHY_DEFAULT)
                    x = least_wanted(S, T, q)
                told(S, q, ASK_TOPDECK, x)
            move(S, q, Z_HAND, Z_DRAW, x, EV_TOPDECK)


@inline
def victim(S, R, T, F, p, k):
    """The player k seats after p, under p's Attack: -1 when they reveal a Moat and are
    unaffected (``blocked``)."""
    q = seat_after(S, p, k)
    return -1 if (T[TH_REACT] & 1) != 0 and blocked(S, R, T, F, q) else q


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


@kernel
def library_skips(S, R, T, F, p, x):
    """Does p set aside Action x drawn by Library? The person's answer, else
    ``bot_skips``'."""
    a = ask_pick(S, p, ASK_LIBRARY, x, p, 2)
    if a == ANSWER_OPEN:
        a = told(S, p, ASK_LIBRARY, 1 if bot_skips(S, R, T, F, p, x) else 0)
    return a == 1


@kernel
def bot_skips(S, R, T, F, p, x):
    """Does a bot set aside Action x drawn by Library? Its set_aside list decides; by
    default every Action when no Action is left to play it."""
    if is_random(S, T, p):
        return rand_below(R, MAXP, 2) == 1
    if bopt(T, S[S_SEAT + p], O_USER_SETASIDE) != 0:
        return rule_matches(S, R, T, F, L_SETASIDE, p, x)
    if S[G_ACTIONS] != 0:
        return False
    why(S, p, L_SETASIDE, WHY_DEFAULT)
    return True


@inline
def hand_coins(S, T, p):
    """The coins p has to buy with if every Treasure in its hand is played."""
    oh = zb(p, Z_HAND)
    coins = S[G_COINS]
    for i in range(S[zn(p, Z_HAND)]):
        c = S[oh + i]
        coins += T[col(c, C_TREASURE)] + (S[G_COPPER] if c == COPPER else 0)
    return coins


@kernel
def cellar_pick(S, T, p):
    """The next card the default Cellar discards once the discard list has nothing more
    (-1 to stop): another Cellar; else a Copper while the cards left in the draw pile
    give more than $1 each on average (Treasure coins, counted as a player can)."""
    if find_in(S, p, Z_HAND, CELLAR) >= 0:
        return CELLAR
    if find_in(S, p, Z_HAND, COPPER) < 0:
        return -1
    od = zb(p, Z_DRAW)
    nd = S[zn(p, Z_DRAW)]
    m = 0
    for i in range(nd):
        m += T[col(S[od + i], C_TREASURE)]
    return COPPER if m > nd else -1


@kernel
def chapel_pick(S, R, T, F, p):
    """The next card the default Chapel trashes, or -1 to stop: a Curse; an Estate while
    Provinces are plentiful; a Copper while the deck keeps over 6 money and the hand's
    coins without it still buy what the buy list would buy now."""
    if find_in(S, p, Z_HAND, CURSE) >= 0:
        return CURSE
    if S[S_SUP + PROVINCE] > 4 and find_in(S, p, Z_HAND, ESTATE) >= 0:
        return ESTATE
    if find_in(S, p, Z_HAND, COPPER) < 0 or S[ps(p, PS_MONEY)] <= 6:
        return -1
    if copper_needed(S, R, T, F, p):
        return -1
    return COPPER


@kernel
def copper_needed(S, R, T, F, p):
    """Would p's buy list buy less this turn without one Copper of its hand (its coin and
    a Coppersmith's)?"""
    coins = hand_coins(S, T, p)
    return choose_gain(S, R, T, F, L_BUY, p, coins - 1 - S[G_COPPER], 0) != choose_gain(S, R, T, F, L_BUY, p, coins, 0)


@kernel
def spare_card(S, R, T, F, p):
    """The card of p's hand best kept for next turn that this turn can spare: its
    Treasure taken away, the coins still buy what the buy list would buy now. An Action
    no Action is left to play first (the costliest), then the richest Treasure, then a
    card that gives nothing (a Victory card or Curse). -1 if every card is needed."""
    oh = zb(p, Z_HAND)
    nh = S[zn(p, Z_HAND)]
    coins = hand_coins(S, T, p)
    want = choose_gain(S, R, T, F, L_BUY, p, coins, 0)
    best = -1
    score = -1
    for i in range(nh):
        y = S[oh + i]
        money = T[col(y, C_TREASURE)]
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


@inline
def late_province(S, T, p):
    """Late (4 Provinces or fewer), may the default Remodel turn a Gold into a Province?"""
    return 0 < S[S_SUP + PROVINCE] <= 4 and not guard_refuses(S, T, p, PROVINCE)


@kernel
def remodel_pick(S, R, T, F, p, playing):
    """The card of p's hand the default Remodel trashes, or -1 when no trade is worth it
    (then the bot holds the Remodel back, ``holds_back_remodel``). ``playing`` is 1
    when one Remodel of the hand is the one about to be played (it cannot trash itself).

    A Gold becomes a Province when the gain list would take one for it, except before
    p's first Province or Duchy when an Estate can go instead. Otherwise each card is
    priced by what the gain list would take for it (up to 2 more, judged on the deck
    without the card), and the best trade wins, in this order: a Curse for anything;
    late (4 Provinces or fewer) a Gold for a Province; an Estate while Provinces are
    plentiful; a Silver for a Duchy (the list takes Duchies late); a Remodel for a Gold;
    a Copper for a real card while the deck keeps over 6 money; else any non-Victory
    card for a dearer one. Never a card for itself or for a Copper or Curse, and never a
    Treasure this turn's buy needs for something worth less than that buy."""
    oh = zb(p, Z_HAND)
    early = S[own(p, PROVINCE)] == 0 and S[own(p, DUCHY)] == 0
    if find_in(S, p, Z_HAND, GOLD) >= 0 and not (early and find_in(S, p, Z_HAND, ESTATE) >= 0) \
            and gain_without(S, R, T, F, p, GOLD, cost_of(T, GOLD) + 2) == PROVINCE:
        return GOLD
    best = -1
    score = 0
    late = late_province(S, T, p)
    coins = hand_coins(S, T, p)
    want = choose_gain(S, R, T, F, L_BUY, p, coins, 0)
    remodels = count_in(S, p, Z_HAND, REMODEL) - playing  # other Remodels of the hand
    for i in range(S[zn(p, Z_HAND)]):
        x = S[oh + i]
        if x == REMODEL and remodels <= 0:
            continue
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
        g = gain_without(S, R, T, F, p, x, cost_now(S, T, x) + 2)
        if g < 0 or g == x or g == COPPER or g == CURSE:
            continue
        money = T[col(x, C_TREASURE)]
        if money > 0 and want >= 0 and cost_of(T, g) < cost_of(T, want) \
                and choose_gain(S, R, T, F, L_BUY, p, coins - money, 0) != want:
            continue  # the buy needs this Treasure for something dearer than the trade
        v = 0
        if x == ESTATE and S[S_SUP + PROVINCE] > 4:
            v = 90 + cost_of(T, g)
        elif x == SILVER and g == DUCHY:
            v = 85
        elif x == REMODEL and g == GOLD:
            v = 80
        elif x == COPPER and S[ps(p, PS_MONEY)] > 6:
            v = 50 + cost_of(T, g)
        elif cost_of(T, g) > cost_of(T, x) and not is_type(T, x, T_VICTORY):
            v = 10 + cost_of(T, g) - cost_of(T, x)
        if v > score:
            score = v
            best = x
    return best


@kernel
def follows_list(S, T, p, k):
    """Does p answer a decision by a list it wrote (``k``: the list's O_USER_* flag)
    rather than by the engine's default? Never for a random bot."""
    return not is_random(S, T, p) and bopt(T, S[S_SEAT + p], k) != 0


@kernel
def follows_default(S, T, p, k):
    """Does p leave a decision to the engine's default: no list of its own (``k``: the
    list's O_USER_* flag) and not random?"""
    return not is_random(S, T, p) and bopt(T, S[S_SEAT + p], k) == 0


@kernel
def listed_aside(S, R, T, F, lst, w, q, n, skip_copper):
    """Index (0..n-1) of the first of q's n set-aside cards that a rule of w's list
    ``lst`` names, a Treasure (not a Copper if ``skip_copper``) whose condition holds for
    w; -1 if none. How a victim (Bandit) or an attacker (Thief) picks a revealed Treasure
    by its own list."""
    oa = zb(q, Z_ASIDE)
    first, end = rule_span(S, T, w, lst)
    for r in range(first, end):
        c = rule_card(T, r)
        if not is_type(T, c, T_TREASURE) or (skip_copper and c == COPPER):
            continue
        for i in range(n):
            if S[oa + i] == c and rule_holds(S, T, F, r, w):
                why(S, w, lst, r - first)
                return i
    why(S, w, lst, WHY_NO_RULE)
    return -1


@kernel
def play_after(S, R, T, F, p, x):
    """The Action p plays when it holds back x: the first rule of its play list naming
    another Action in hand whose condition holds; -1 if none."""
    first, end = rule_span(S, T, p, L_PLAY)
    for r in range(first, end):
        c = rule_card(T, r)
        if c != x and is_type(T, c, T_ACTION) and find_in(S, p, Z_HAND, c) >= 0 and rule_holds(S, T, F, r, p):
            why(S, p, L_PLAY, r - first)
            return c
    why(S, p, L_PLAY, WHY_NO_RULE)
    return -1


@kernel
def holds_back_trading_post(S, R, T, F, p):
    """Does p keep a Trading Post in hand rather than trash cards it needs? For a bot that
    trashes by the defaults: played with two cards of the hand that give at most a coin
    (Curse, Estate, Copper), or one of them and a Silver (the Silver comes back) when the
    coins it takes away still buy what the buy list buys now. (DominionSim's rule: its Two
    Trading Posts won 45.7% against Big Money Ultimate, ours played every time 33.2%.)"""
    if not follows_default(S, T, p, O_USER_TRASH):
        return False
    junk = count_in(S, p, Z_HAND, CURSE) + count_in(S, p, Z_HAND, ESTATE) + count_in(S, p, Z_HAND, COPPER)
    if junk >= 2:
        return False
    if junk == 0 or find_in(S, p, Z_HAND, SILVER) < 0:
        return True
    if find_in(S, p, Z_HAND, COPPER) < 0:
        return False  # a Curse or an Estate and a Silver: no coin lost
    lg = hush(S)
    back = copper_needed(S, R, T, F, p)
    unhush(S, lg)
    return back


@kernel
def holds_back_remodel(S, R, T, F, p, c):
    """Does p keep a Remodel (or a Replace, c) in hand rather than play it, because playing
    it could only hurt? With no worthwhile trade, for a bot that trashes by the defaults
    (the trash is compulsory once it is played)."""
    if not follows_default(S, T, p, O_USER_TRASH):
        return False
    lg = hush(S)
    if c == REMODEL:
        back = remodel_pick(S, R, T, F, p, 1) < 0
    else:  # the trades of the hand without the Replace (put back where it was)
        i = find_in(S, p, Z_HAND, c)
        remove_at(S, p, Z_HAND, i)
        back = remodel_pick(S, R, T, F, p, 0) < 0
        oh = zb(p, Z_HAND)
        for j in range(S[zn(p, Z_HAND)], i, -1):
            S[oh + j] = S[oh + j - 1]
        S[oh + i] = c
        S[zn(p, Z_HAND)] += 1
    unhush(S, lg)
    return back
