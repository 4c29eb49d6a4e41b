"""Scores, gains, trashing and the supply: everything that moves a card in or out of a
player's deck and keeps the owned-card counters, the VP and the game end in step."""
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel
from .state import col, hid, log_hot, log_if, own, ps, push


@inline
def vp_with(S, T, p, extra):
    """p's VP if it owned one more ``extra`` (-1: as things stand): the owned cards' fixed
    VP (the card table's, kept in PS_VP), Duke's 1 VP per Duchy, and Gardens' 1 VP per 10
    cards owned (round down)."""
    v = S[ps(p, PS_VP)]
    cards = S[ps(p, PS_CARDS)]
    if extra >= 0:
        v += T[col(extra, C_VP)]
        cards += 1
    if T[TH_VPX] == 0:  # a supply without them (most games; the turn loop scores every turn)
        return v
    return vp_counted(v, cards, S[own(p, DUKE)] + (1 if extra == DUKE else 0),
                      S[own(p, DUCHY)] + (1 if extra == DUCHY else 0),
                      S[own(p, GARDENS)] + (1 if extra == GARDENS else 0))


@inline
def vp_counted(v, cards, dukes, duchies, gardens):
    """VP of the fixed VP v with Duke's 1 VP per Duchy and Gardens' 1 VP per 10 cards owned
    (round down: cards // 10 as a multiply and a shift, exact below 43,690 cards, and a
    player owns fewer than MAXC; the turn loop scores every turn, docs/perf.md)."""
    return v + dukes * duchies + gardens * ((cards * 52429) >> 19)


@inline
def vp_of(S, T, p):
    return vp_with(S, T, p, -1)


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
def count_owned(S, T, p, c, k):
    """Add k (negative: take) copies of c to p's owned-card counters: per card, cards,
    total money, fixed VP."""
    S[own(p, c)] += k
    S[ps(p, PS_MONEY)] += k * T[col(c, C_MONEY)]
    S[ps(p, PS_CARDS)] += k
    S[ps(p, PS_VP)] += k * T[col(c, C_VP)]


@inline
def passed_unseen(S, q, to, c):
    """Player q passed card c to player ``to`` (Masquerade), which the other players do not
    see: each of them still counts c as q's, not as ``to``'s (S_HIDE, from the first such
    pass of the game on: G_HIDE)."""
    np_ = S[G_NP]
    if np_ < 3:
        return
    if S[G_HIDE] == 0:
        S[G_HIDE] = 1
        for i in range(S_HIDE, S_EV):
            S[i] = 0
    for o in range(np_):
        if o != q and o != to:
            S[hid(o, q, c)] += 1
            S[hid(o, to, c)] -= 1
    seen_losing(S, to, q, c)  # the one it goes to sees it


@inline
def seen_losing(S, o, p, c):
    """Player o saw player p lose card c (a trash, a pass to o). When o's count of p's c
    is then below zero, p had the card from a pass o did not see: o counts it as p's
    after all, and no longer as a passer's (the first whose count o keeps too high). Only
    once G_HIDE is set (its callers see to it)."""
    if S[own(p, c)] + S[hid(o, p, c)] < 0:
        S[hid(o, p, c)] += 1
        for q in range(S[G_NP]):
            if S[hid(o, q, c)] > 0:
                S[hid(o, q, c)] -= 1
                break


@inline
def count_gain(S, A, p, c):
    """Tally a card p gained: per bot and card, and per bot, own turn and card (the turn
    p is in or has just finished; 0 before its first)."""
    b = S[S_SEAT + p]
    A[A_TG + b * NCS + c] += 1
    cap = S[S_VAR + V_TURN_CAP]
    t = min(S[ps(p, PS_TURNS)], cap + 1)
    A[A_TL + (cap + 2) * A_TGT + (b * (cap + 2) + t) * NCS + c] += 1


@inline
def receive(S, T, A, p, c, zone, lg):
    """Card c, gained from wherever, enters p's ``zone``: the owned-card counters, the
    gain tally and the log follow."""
    push(S, p, zone, c)
    count_owned(S, T, p, c, 1)
    count_gain(S, A, p, c)
    log_if(S, lg, EV_GAIN, p, c, zone)


@inline
def gain(S, T, A, p, c, zone, lg):
    """p gains c from the supply to ``zone``; False if the pile is empty or absent."""
    k = S_SUP + c
    s = S[k]
    if s <= 0:
        log_if(S, lg, EV_NOGAIN, p, c, zone)
        return False
    S[k] = s - 1
    if s == 1:
        S[G_EMPTY] += 1
    receive(S, T, A, p, c, zone, lg)
    return True


@kernel
def trash_card(S, T, p, c):
    """c (already taken out of p's zones) goes to the trash, in sight of every player."""
    count_owned(S, T, p, c, -1)
    S[S_TRASH + c] += 1
    log_hot(S, EV_TRASH, p, c, 0)
    if S[G_HIDE] != 0:
        for o in range(S[G_NP]):
            if o != p:
                seen_losing(S, o, p, c)


@kernel
def opp_max_vp(S, T, p):
    best = -(1 << 30)
    for q in range(S[G_NP]):
        if q != p:
            v = vp_of(S, T, q)
            if v > best:
                best = v
    return best


@kernel
def count_type_owned(S, T, p, mask):
    """Cards p owns of the type ``mask`` (one type bit, as count(Type) names it): the sum
    over the supply's cards of that type (the only cards anyone can own)."""
    k = 0
    for i in range(NTYPES):
        if mask == 1 << i:
            o = T_TYPED + i * NCS
            for j in range(T[o]):
                k += S[own(p, T[o + 1 + j])]
    return k


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
    mine = vp_with(S, T, p, c)
    shared = S[S_VAR + V_TIEBREAK] != 0
    for q in range(S[G_NP]):
        if q == p:
            continue
        v = vp_of(S, T, q)
        if v > mine:
            return True
        if v == mine and not shared and S[ps(q, PS_TURNS)] < S[ps(p, PS_TURNS)]:
            return True
    return False


@kernel
def gain_from_trash(S, T, A, p, c):
    """p gains c out of the trash (Thief)."""
    S[S_TRASH + c] -= 1
    receive(S, T, A, p, c, Z_DISC, S[G_LOG] != 0)


@kernel
def gain_chosen(S, T, A, p, c, zone):
    """Gain the card a decision chose (-1: it chose nothing)."""
    if c >= 0:
        gain(S, T, A, p, c, zone, S[G_LOG] != 0)

