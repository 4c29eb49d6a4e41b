"""The board: accessors, setting up a game, what a card costs a player, and the four
actions (take gems, reserve, buy) with the noble visit and the conservation check."""

from ...kernels import memory, streams
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel

rand_below = streams.rand_below
shuffle = streams.shuffle
seed_streams = kernel(streams.seed_streams)



@kernel
def state_copy(S, s, D, d):
    """Copy the game state at S[s:] to D[d:] (everything before the event log): a person's
    question keeps the state as it stood this way (the snapshot,
    simulator/kernels/ask_layout.py), and a stepped game each turn's start (simulator/envs)."""
    memory.copy_ints(S, s, D, d, S_EV)

@inline
def ps(p, k):
    """Offset in S of player p's scalar k (PS_*)."""
    return S_PS + p * NPS + k


@inline
def cd(c, k):
    """Offset in T of card c's column k (C_*)."""
    return T_CARDS + c * CW + k


@inline
def nb(n, k):
    """Offset in T of noble n's column k (N_*)."""
    return T_NOBLES + n * NW + k


@inline
def log(S, code, p, c, v):
    n = S[G_NEV]
    if S[G_LOG] != 0 and n < S[G_EVCAP]:
        o = S_EV + n * EVW
        S[o] = code
        S[o + 1] = p
        S[o + 2] = c
        S[o + 3] = v
        S[G_NEV] = n + 1


@inline
def need(S, T, p, c, k):
    """Gems of colour k player p must pay for card c (its cost less p's bonus)."""
    return max(0, T[cd(c, C_COST + k)] - S[ps(p, PS_BONUS + k)])


@inline
def gold_needed(S, T, p, c):
    """Gold p would pay for card c: what its gems of each colour do not cover."""
    g = 0
    for k in range(NGEM):
        g += max(0, need(S, T, p, c, k) - S[ps(p, PS_TOK + k)])
    return g


@inline
def short_of(S, T, p, c):
    """Gems p lacks for card c, gold counted (0: p can buy it)."""
    return max(0, gold_needed(S, T, p, c) - S[ps(p, PS_TOK + GOLD)])


@inline
def price(S, T, p, c):
    """Tokens p pays for card c (gold included)."""
    t = 0
    for k in range(NGEM):
        t += need(S, T, p, c, k)
    return t


@inline
def holdings(S, p):
    """What player p holds, as two numbers under 2**31 (the same in the plain-Python
    engine, whose int32 arithmetic would wrap a larger one): its tokens by colour and its
    reserved cards; its development cards and points. A turn that leaves both unchanged
    changed nothing of p's."""
    h = 0
    for k in range(NTOK):
        h = h * 16 + S[ps(p, PS_TOK + k)]
    return h * 4 + S[ps(p, PS_NRES)], S[ps(p, PS_CARDS)] * 256 + S[ps(p, PS_POINTS)]


@inline
def tokens_of(S, p):
    t = 0
    for k in range(NTOK):
        t += S[ps(p, PS_TOK + k)]
    return t


@kernel
def setup_game(S, R, T):
    """A fresh game for S[G_NP] players: bank, shuffled decks with 4 cards face up per
    level, players + 1 nobles (the table's stream R[MAXP] shuffles)."""
    np_ = S[G_NP]
    gems = 4 if np_ == 2 else (5 if np_ == 3 else 7)
    for k in range(NGEM):
        S[S_BANK + k] = gems
    S[S_BANK + GOLD] = GOLD_TOKENS
    for i in range(MAXP * NPS):
        S[S_PS + i] = 0
    for c in range(NCARDS):
        S[S_OWNER + c] = -1
    for n in range(NNOBLES):
        S[S_NOWNER + n] = -1
    S[G_CUR] = 0
    S[G_ENDED] = 0
    S[G_LAST] = 0
    S[G_IDLE] = 0
    S[G_TAKEN] = 0
    S[G_NEV] = 0
    S[G_ERR] = 0
    for lv in range(NLEVEL):
        n = 0
        d = S_DECK + lv * MAXDECK
        for c in range(NCARDS):
            if T[cd(c, C_LEVEL)] == lv + 1:
                S[d + n] = c
                n += 1
        shuffle(S, R, MAXP, d, n)
        S[S_DECKN + lv] = n
        for slot in range(FACE_UP):
            refill(S, lv * FACE_UP + slot)
    # nobles: a shuffle of the ten, the first players + 1 face up
    for n in range(NNOBLES):
        S[S_NOWNER + n] = n  # the shuffle's scratch space; owners are reset below
    shuffle(S, R, MAXP, S_NOWNER, NNOBLES)
    S[G_NNOB] = np_ + 1
    for i in range(8):
        S[S_NOB + i] = S[S_NOWNER + i] if i < np_ + 1 else -1
        if i < np_ + 1:
            log(S, EV_NOBLE_UP, -1, S[S_NOB + i], i)
    for n in range(NNOBLES):
        S[S_NOWNER + n] = -1


@inline
def draw_card(S, lv):
    """The top card of level lv + 1's deck, removed (-1 when the deck is empty)."""
    n = S[S_DECKN + lv]
    if n == 0:
        return -1
    S[S_DECKN + lv] = n - 1
    return S[S_DECK + lv * MAXDECK + n - 1]


@inline
def refill(S, slot):
    """Turn the top card of the slot's level deck face up into board slot ``slot``."""
    c = draw_card(S, slot // FACE_UP)
    S[S_BOARD + slot] = c
    if c >= 0:
        log(S, EV_REVEAL, -1, c, slot)


@kernel
def take(S, p, k, n):
    """Player p takes n gems of colour k from the bank."""
    S[S_BANK + k] -= n
    S[ps(p, PS_TOK + k)] += n
    S[G_TAKEN] |= 1 << k
    log(S, EV_TAKE, p, k, n)


@kernel
def give_back(S, p, k):
    """Player p returns one token of colour k (over the 10-token limit)."""
    S[ps(p, PS_TOK + k)] -= 1
    S[S_BANK + k] += 1
    log(S, EV_RETURN, p, k, 1)


@kernel
def reserve(S, T, A, p, b, slot, lv):
    """Player p reserves the face-up card in board slot ``slot`` (>= 0), or the top card of
    level lv + 1's deck (slot -1), and takes a gold if any is left."""
    if slot >= 0:
        c = S[S_BOARD + slot]
        refill(S, slot)
    else:
        c = draw_card(S, lv)
    r = S[ps(p, PS_NRES)]
    S[ps(p, PS_RES + r)] = c
    S[ps(p, PS_NRES)] = r + 1
    if slot < 0:
        S[ps(p, PS_HIDDEN)] |= 1 << r
    S[ps(p, PS_RESERVES)] += 1
    log(S, EV_RESERVE, p, c, 1 if slot < 0 else 0)
    count_item(S, A, b, p, I_RESERVED)
    A[A_TX + b * NXS + (X_RESERVE_DECK if slot < 0 else X_RESERVE_BOARD)] += 1
    if S[S_BANK + GOLD] > 0:
        take(S, p, GOLD, 1)
        count_item(S, A, b, p, I_GOLD)


@inline
def gems_paid(S, T, p, c, k, gold_for):
    """Gems of colour k player p pays for card c: what it needs of them, up to what it
    holds, less the ones it pays with gold instead (``gold_for``: 4 bits per colour)."""
    return min(need(S, T, p, c, k), S[ps(p, PS_TOK + k)]) - ((gold_for >> (4 * k)) & 15)


@kernel
def buy(S, T, A, p, b, c, gold_for):
    """Player p buys card c (face up or reserved): pays its cost less bonuses, in gems but
    for the ones it pays with gold instead (``gold_for``, 4 bits a colour: how many), gold
    for what its gems do not cover, the tokens back to the bank; the board slot is refilled.
    Counted for bot b: where the card came from, the gold paid, the points by level."""
    tx = A_TX + b * NXS
    for k in range(NGEM):
        m = need(S, T, p, c, k)
        pay = gems_paid(S, T, p, c, k, gold_for)
        S[ps(p, PS_TOK + k)] -= pay
        S[S_BANK + k] += pay
        if pay > 0:
            log(S, EV_PAY, p, k, pay)
        g = m - pay
        S[ps(p, PS_TOK + GOLD)] -= g
        S[S_BANK + GOLD] += g
        if g > 0:
            log(S, EV_PAY, p, GOLD, g)
            A[tx + X_GOLD_SPENT] += g
    found = 0
    for slot in range(NLEVEL * FACE_UP):
        if S[S_BOARD + slot] == c:
            refill(S, slot)
            found = 1
            break
    if found == 0:
        n = S[ps(p, PS_NRES)]
        j = 0
        hidden = S[ps(p, PS_HIDDEN)]
        S[ps(p, PS_HIDDEN)] = 0
        for i in range(n):
            x = S[ps(p, PS_RES + i)]
            if x != c:
                S[ps(p, PS_RES + j)] = x
                S[ps(p, PS_HIDDEN)] |= ((hidden >> i) & 1) << j
                j += 1
        S[ps(p, PS_RES + n - 1)] = 0
        S[ps(p, PS_NRES)] = n - 1
    pts = T[cd(c, C_POINTS)]
    A[tx + (X_BUY_BOARD if found != 0 else X_BUY_RESERVED)] += 1
    A[tx + X_POINTS + T[cd(c, C_LEVEL)] - 1] += pts
    S[S_OWNER + c] = p
    S[ps(p, PS_BONUS + T[cd(c, C_BONUS)])] += 1
    if pts > 0:
        score(S, A, p, b, pts)
    S[ps(p, PS_CARDS)] += 1
    log(S, EV_BUY, p, c, 0)
    count_item(S, A, b, p, I_CARD + (T[cd(c, C_LEVEL)] - 1) * NGEM + T[cd(c, C_BONUS)])


@inline
def score(S, A, p, b, pts):
    """Player p (bot b) scores pts points on its own turn; counted: each score of REACH it
    reaches with them, and on which turn."""
    before = S[ps(p, PS_POINTS)]
    now = before + pts
    S[ps(p, PS_POINTS)] = now
    if before < REACH_LAST and now >= REACH_FIRST:
        t = S[ps(p, PS_TURNS)] + 1
        o = A_TX + b * NXS + X_REACH
        for i in range(NREACH):
            if before < REACH_FIRST * (i + 1) <= now:
                A[o + 2 * i] += t
                A[o + 2 * i + 1] += 1


@inline
def count_item(S, A, b, p, item):
    """Tally item ``item`` for bot b: in all, and at p's current own turn."""
    A[A_TG + b * NIS + item] += 1
    cap = S[S_VAR + V_TURN_CAP]
    t = min(S[ps(p, PS_TURNS)] + 1, cap + 1)
    A[A_TL + (cap + 2) * A_TGT + (b * (cap + 2) + t) * NIS + item] += 1


@inline
def noble_ok(S, T, p, n):
    """Whether player p's bonuses meet noble n's requirement."""
    for k in range(NGEM):
        if S[ps(p, PS_BONUS + k)] < T[nb(n, N_REQ + k)]:
            return False
    return True


@inline
def noble_gap(S, T, p, n):
    """Cards player p still needs for noble n."""
    g = 0
    for k in range(NGEM):
        g += max(0, T[nb(n, N_REQ + k)] - S[ps(p, PS_BONUS + k)])
    return g


@kernel
def visit(S, T, A, p, b, slot):
    """The noble in noble slot ``slot`` visits player p (3 points)."""
    n = S[S_NOB + slot]
    S[S_NOB + slot] = -1
    S[S_NOWNER + n] = p
    score(S, A, p, b, T[nb(n, N_POINTS)])
    S[ps(p, PS_NOBLES)] += 1
    A[A_TX + b * NXS + X_POINTS_NOBLES] += T[nb(n, N_POINTS)]
    log(S, EV_NOBLE, p, n, T[nb(n, N_POINTS)])
    count_item(S, A, b, p, I_NOBLE + n)


@kernel
def check_conservation(S, T):
    """Tokens, cards and nobles are never created or lost, and every player's counters
    agree with what it owns. Returns 0 or ERR_CONSERVE (S[G_ERR_WHAT] says what)."""
    np_ = S[G_NP]
    gems = 4 if np_ == 2 else (5 if np_ == 3 else 7)
    for k in range(NTOK):
        t = S[S_BANK + k]
        if t < 0:
            S[G_ERR_WHAT] = ERRW_TOKENS
            return ERR_CONSERVE
        for p in range(np_):
            if S[ps(p, PS_TOK + k)] < 0:
                S[G_ERR_WHAT] = ERRW_TOKENS
                return ERR_CONSERVE
            t += S[ps(p, PS_TOK + k)]
        if t != (GOLD_TOKENS if k == GOLD else gems):
            S[G_ERR_WHAT] = ERRW_TOKENS
            return ERR_CONSERVE
    for c in range(NCARDS):
        seen = 1 if S[S_OWNER + c] >= 0 else 0
        lv = T[cd(c, C_LEVEL)] - 1
        for i in range(S[S_DECKN + lv]):
            if S[S_DECK + lv * MAXDECK + i] == c:
                seen += 1
        for slot in range(FACE_UP):
            if S[S_BOARD + lv * FACE_UP + slot] == c:
                seen += 1
        for p in range(np_):
            for i in range(S[ps(p, PS_NRES)]):
                if S[ps(p, PS_RES + i)] == c:
                    seen += 1
        if seen != 1:
            S[G_ERR_WHAT] = ERRW_CARDS
            return ERR_CONSERVE
    dealt = 0
    for i in range(S[G_NNOB]):
        if S[S_NOB + i] >= 0:
            dealt += 1
    for n in range(NNOBLES):
        if S[S_NOWNER + n] >= 0:
            dealt += 1
    if dealt != S[G_NNOB]:
        S[G_ERR_WHAT] = ERRW_CARDS
        return ERR_CONSERVE
    for p in range(np_):
        pts = 0
        cards = 0
        nobles = 0
        for k in range(NGEM):
            n = 0
            for c in range(NCARDS):
                if S[S_OWNER + c] == p and T[cd(c, C_BONUS)] == k:
                    n += 1
                    pts += T[cd(c, C_POINTS)]
            if n != S[ps(p, PS_BONUS + k)]:
                S[G_ERR_WHAT] = ERRW_COUNTS
                return ERR_CONSERVE
            cards += n
        for n in range(NNOBLES):
            if S[S_NOWNER + n] == p:
                pts += T[nb(n, N_POINTS)]
                nobles += 1
                if not noble_ok(S, T, p, n):
                    S[G_ERR_WHAT] = ERRW_COUNTS
                    return ERR_CONSERVE
        if pts != S[ps(p, PS_POINTS)] or cards != S[ps(p, PS_CARDS)] or nobles != S[ps(p, PS_NOBLES)] \
                or S[ps(p, PS_NRES)] > MAX_RESERVED or S[ps(p, PS_NRES)] < 0 \
                or S[ps(p, PS_HIDDEN)] >> S[ps(p, PS_NRES)] != 0:
            S[G_ERR_WHAT] = ERRW_COUNTS
            return ERR_CONSERVE
    return 0
