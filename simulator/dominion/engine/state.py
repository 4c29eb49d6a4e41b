"""The state's layout as accessors (where a zone, a per-player scalar or a table cell
lives), the zones (push, remove, find, count), drawing with its reshuffle, and the event
log."""
import numpy as np

from ...kernels import memory
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel
from .rng import shuffle


# ================================================================ where things are
@kernel
def zn(p, zone):
    """Index in S of the size of p's zone ``zone``."""
    return S_ZN + p * NZ + zone


@kernel
def ps(p, k):
    """Index in S of p's per-player scalar ``k`` (PS_*)."""
    return S_PS + p * NPS + k


@kernel
def own(p, c):
    """Index in S of how many c p owns."""
    return S_OWN + p * NCS + c


@kernel
def col(c, k):
    """Index in T of column ``k`` (C_*) of card c's row of the card table."""
    return T_CT + c * NCOL + k


@kernel
def zb(p, zone):
    """Offset in S of zone ``zone`` of player p."""
    return S_Z + (p * NZ + zone) * MAXC


#: D[d:d + n] = S[s:s + n], one memmove (simulator/kernels/memory.py)
copy_ints = memory.copy_ints


@inline
def copy_blocks(S, s, D, d, blocks):
    """D[d:d + 16 * blocks] = S[s:...]: a zone's cards in blocks of 16, by unsigned indices
    (no negative index to wrap around: an unrolled copy, no loop tail for the few cards a
    zone holds; cheaper than a memmove call for so few)."""
    a = np.uint64(s)
    b = np.uint64(d)
    for k in range(np.uint64(blocks)):
        o = k * np.uint64(16)
        for i in range(np.uint64(16)):
            D[b + o + i] = S[a + o + i]


@inline
def hid(o, q, c):
    """Offset in S of how many more of card c player q owns as player o knows it (S_HIDE)."""
    return S_HIDE + (o * MAXP + q) * NCS + c


@kernel
def state_copy(S, s, D, d):
    """Copy the game state at S[s:] to D[d:]: everything before the zones but the starting
    supply (S_SUP0, the same all game) and the seats no one plays; the work stack and each
    zone as far as they are filled (no kernel reads past them); the bots' unit results;
    what each player did not see passed, once there is any (G_HIDE); not the event log. A
    person's question keeps the state as it stood this way (the snapshot,
    simulator/kernels/ask_layout.py), and a stepped game each turn's start (simulator/envs)."""
    np_ = S[s + G_NP]
    copy_ints(S, s, D, d, S_SUP0)
    copy_ints(S, s + S_TRASH, D, d + S_TRASH, own(np_, 0) - S_TRASH)  # the trash, what the players own
    copy_ints(S, s + S_ZN, D, d + S_ZN, S_WK + 3 * S[s + G_WK] - S_ZN)  # the work stack as far as it is filled
    for z in range(np_ * NZ):  # in whole blocks of 16 (past the size: never read; MAXC holds them)
        b = S_Z + z * MAXC
        copy_blocks(S, s + b, D, d + b, (S[s + S_ZN + z] + 15) >> 4)
    copy_ints(S, s + S_UNIT, D, d + S_UNIT, MAXB)
    if S[s + G_HIDE] != 0:  # (Masquerade at 3+ players)
        copy_ints(S, s + S_HIDE, D, d + S_HIDE, S_EV - S_HIDE)


@inline
def seat_after(S, p, k):
    """The player k seats after p (0 <= k < players), without a division (an attack's
    loop over its victims; docs/perf.md)."""
    q = p + k
    return q - S[G_NP] if q >= S[G_NP] else q


@inline
def log_if(S, on, code, p, c, value):
    """Record an event if ``on`` (the game is logged: ``dsim log``). The turn loop's
    helpers pass a constant (``turn.run_games`` and ``run_games_logged``), so that
    unlogged, they carry no trace of logging."""
    if on:
        n = S[G_NEV]
        if n < S[G_EVCAP]:
            o = S_EV + n * EVW
            S[o] = code
            S[o + 1] = p
            S[o + 2] = c
            S[o + 3] = value
            S[G_NEV] = n + 1


@inline
def log_hot(S, code, p, c, value):
    """Record an event when the game is logged."""
    log_if(S, S[G_LOG] != 0, code, p, c, value)


@kernel
def log_ev(S, code, p, c, value):
    """``log_hot`` as a call, for the card effects and decisions (inlining it there
    doubled the compile time of the card effects)."""
    log_hot(S, code, p, c, value)


@inline
def move(S, p, zfrom, zto, c, ev):
    """Card c from p's zone ``zfrom`` to the top of ``zto``, logged as event ``ev``."""
    take_from(S, p, zfrom, c)
    push(S, p, zto, c)
    log_ev(S, ev, p, c, 0)


@inline
def push(S, p, zone, c):
    k = zn(p, zone)
    n = S[k]
    S[zb(p, zone) + n] = c
    S[k] = n + 1


@inline
def remove_at(S, p, zone, i):
    """Remove and return the card at index i of a zone, keeping the others' order."""
    k = zn(p, zone)
    o = zb(p, zone)
    c = S[o + i]
    n = S[k] - 1
    for j in range(o + i, o + n):
        S[j] = S[j + 1]
    S[k] = n
    return c


@inline
def take_from(S, p, zone, c):
    """Remove the first copy of card c from p's zone (none there: nothing changes), keeping
    the others' order: one pass that moves every card, with no branch on where c is."""
    k = zn(p, zone)
    o = zb(p, zone)
    kept = 0
    found = 0
    for i in range(S[k]):
        x = S[o + i]
        S[o + kept] = x
        hit = (x == c) * (1 - found)
        found += hit
        kept += 1 - hit
    S[k] = kept


@kernel
def find_in(S, p, zone, c):
    o = zb(p, zone)
    for i in range(S[zn(p, zone)]):
        if S[o + i] == c:
            return i
    return -1


@kernel
def count_in(S, p, zone, c):
    o = zb(p, zone)
    k = 0
    for i in range(S[zn(p, zone)]):
        if S[o + i] == c:
            k += 1
    return k


@kernel
def count_type_in(S, T, p, zone, mask):
    o = zb(p, zone)
    k = 0
    for i in range(S[zn(p, zone)]):
        c = S[o + i]
        if c >= 0 and (T[col(c, C_TYPES)] & mask) != 0:
            k += 1
    return k


@inline
def reshuffle(S, R, p, lg):
    """Shuffle p's discard pile into its (empty) draw pile; returns the draw pile's size
    (0: there was nothing to shuffle)."""
    kx = zn(p, Z_DISC)
    n = S[kx]
    if n > 0:
        od = zb(p, Z_DRAW)
        ox = zb(p, Z_DISC)
        for i in range(n):
            S[od + i] = S[ox + i]
        S[kx] = 0
        S[zn(p, Z_DRAW)] = n
        shuffle(S, R, p, od, n)
        log_if(S, lg, EV_SHUFFLE, p, -1, n)
    return n


@kernel
def reshuffle_call(S, R, p, lg):
    """``reshuffle`` as a call, for the turn loop's cleanup (one turn in five or so): the
    shuffle's loop stays out of the turn loop's code, which LLVM then compiles better
    (docs/perf.md)."""
    return reshuffle(S, R, p, lg)


@inline
def _take_top(S, R, p):
    """Remove the top card of p's draw pile, first shuffling the discard pile into it if
    it is empty; -1 if both are empty."""
    kd = zn(p, Z_DRAW)
    n = S[kd]
    if n == 0:
        n = reshuffle(S, R, p, S[G_LOG] != 0)
        if n == 0:
            return -1
    n -= 1
    S[kd] = n
    return S[zb(p, Z_DRAW) + n]


@kernel
def take_top(S, R, p):
    """``_take_top`` as a call, for the cards that reveal or take the top card."""
    return _take_top(S, R, p)


#: cleanup's draw of the next hand, on every turn: inline, and moving the cards a block
#: at a time with the piles' sizes in locals, not a load and a store of both sizes per
#: card (docs/perf.md)
@inline
def draw_hot(S, R, p, k, lg, call):
    """p draws up to k cards, the top card first; returns how many were drawn (``lg``:
    the game is logged; ``call``: reshuffle through ``reshuffle_call``)."""
    kd = zn(p, Z_DRAW)
    kh = zn(p, Z_HAND)
    od = zb(p, Z_DRAW)
    oh = zb(p, Z_HAND)
    drawn = 0
    while drawn < k:
        n = S[kd]
        if n == 0:
            n = reshuffle_call(S, R, p, lg) if call else reshuffle(S, R, p, lg)
            if n == 0:
                break
        m = min(n, k - drawn)
        h = S[kh]
        for i in range(m):
            S[oh + h + i] = S[od + n - 1 - i]
        S[kd] = n - m
        S[kh] = h + m
        drawn += m
        if lg:
            for i in range(h, h + m):
                log_if(S, lg, EV_DRAW, p, S[oh + i], 0)
    return drawn


@kernel
def draw(S, R, p, k):
    """``draw_hot`` as a call, for the first hands and the draws in card texts (Cellar,
    Council Room); a card's +Cards are drawn inline in ``effect``."""
    return draw_hot(S, R, p, k, S[G_LOG] != 0, False)


@inline
def rule_span(S, T, p, lst):
    """The rules of p's bot's list ``lst``: indices first .. end - 1 (rule r's card is
    ``rule_card(T, r)``)."""
    lo = T[TH_RL] + (S[S_SEAT + p] * NL + lst) * 2
    return T[lo], T[lo] + T[lo + 1]


@inline
def rule_card(T, r):
    return T[T[TH_RULES] + RW * r + R_CARD]


@kernel
def is_type(T, c, mask):
    return (T[col(c, C_TYPES)] & mask) != 0


@inline
def turn_stamp(S, p):
    """A number for p's current turn, no other turn's of the game: G_PLAYS_AT's."""
    return S[ps(p, PS_TURNS)] * MAXP + p


@kernel
def actions_played(S, T, p):
    """The Actions p played this turn, each play counted: one per Action in play (a slot
    whose card left play, -1, was one: Feast, Mining Village), and each Throne Room's
    second play of its card (G_PLAYS, counted by the Throne Room) once it has begun (the
    plays still waiting on the work stack are not yet). Counted when asked, not at every
    play (a store per play cost Militia vs Smithy Big Money 3%); G_PLAYS counts for the
    turn it was written in (G_PLAYS_AT), not reset at every turn. 0 in another's turn."""
    if p != S[G_CUR]:
        return 0
    n = 0
    if S[G_PLAYS_AT] == turn_stamp(S, p):
        n = S[G_PLAYS]
    for d in range(S[G_WK]):
        n -= S[S_WK + 3 * d + 1]
    o = zb(p, Z_PLAY)
    for i in range(S[zn(p, Z_PLAY)]):
        c = S[o + i]
        if c < 0 or (T[col(c, C_TYPES)] & T_ACTION) != 0:
            n += 1
    return n


@kernel
def cost_of(T, c):
    """Card c's printed cost (``cost_now``: what it costs this turn)."""
    return T[col(c, C_COST)]


@inline
def cost_now(S, T, c):
    """What card c costs now: its printed cost less this turn's reductions (Bridge), never
    below 0. (A cap of what a choice may spend compares as ``cost <= cap + S[G_REDUCE]``,
    the same for any cap of 0 or more.)"""
    return max(0, T[col(c, C_COST)] - S[G_REDUCE])


@kernel
def bopt(T, b, k):
    return T[T[TH_BOPT] + b * NO + k]


@kernel
def is_random(S, T, p):
    return T[T[TH_BOPT] + S[S_SEAT + p] * NO + O_RANDOM] != 0

