"""A turn (action phase, buy phase, cleanup), the game end and its tally, and
``run_games``, the one entry point Python calls to play."""

from ...kernels import asks, jit, shared
from ...kernels.tally_kernels import close_unit, start_game
from ...kernels.tally_kernels import score_game, score_seat  # noqa: F401 - the shared finish_game's
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel, on_demand
from .state import col, cost_now, count_in, draw, draw_hot, log_hot, log_if, own, ps, push, take_from, zb, zn
from .gains import count_owned, gain, vp_of
from .decisions import ANSWER_OPEN, ask_supply, zone_question, choose_gain_hot, choose_play, person, told, why_chose
from .effects import effect, push_play


@kernel
def play_action(S, R, T, F, A, c, p):
    """Move Action c from p's hand to play and resolve it, with everything it causes
    to be played (Throne Room, Vassal) resolved in order through the work stack."""
    take_from(S, p, Z_HAND, c)
    slot = S[zn(p, Z_PLAY)]
    push(S, p, Z_PLAY, c)
    log_hot(S, EV_PLAY, p, c, 0)
    S[G_WK] = 0
    push_play(S, c, 1, slot)
    resolve_work(S, R, T, F, A, p)


@inline
def resolve_work(S, R, T, F, A, p):
    """Resolve the plays on the work stack, the top first, until it is empty (a search's
    rollout from a gain inside a play goes on from here)."""
    while S[G_WK] > 0 and S[G_ERR] == 0:
        top = S_WK + 3 * (S[G_WK] - 1)
        if S[top + 1] == 0:
            S[G_WK] -= 1
            continue
        S[top + 1] -= 1
        effect(S, R, T, F, A, S[top], S[top + 2], p)


@inline
def action_phase(S, R, T, F, A, p, b, lg):
    """p plays Actions while it has Actions left and chooses one (``lg``: the game is
    logged; only a logged game has a person's decisions, dsim play's)."""
    while S[G_ACTIONS] > 0:
        c = ANSWER_OPEN
        if lg and person(S, p):
            c = zone_question(S, T, p, ASK_PLAY, p, Z_HAND, T_ACTION, -1, 1, S[G_ACTIONS])
            if c == ANSWER_OPEN and asks.no_hint(S, G_ASK):
                return
        if c == ANSWER_OPEN:
            c = choose_play(S, R, T, F, p)
            if lg:
                told(S, p, ASK_PLAY, c)
        if c < 0:
            return
        S[G_ACTIONS] -= 1
        play_action(S, R, T, F, A, c, p)
        if S[G_ERR] != 0:
            return


@inline
def buy_phase(S, R, T, F, A, p, b, lg, fx):
    """p plays every Treasure from hand, then buys (``fx``: ``play_turns``': the turn's
    costs and coins may have changed)."""
    # play every Treasure from hand in one pass, in hand order: the Treasures go to play,
    # the other cards stay in order; branch-free (a hand's mix of Treasures and other
    # cards is unpredictable), each card written to both places and counted in one
    kh = zn(p, Z_HAND)
    oh = zb(p, Z_HAND)
    kp = zn(p, Z_PLAY)
    op = zb(p, Z_PLAY)
    n = S[kh]
    first = S[kp]
    played = first
    kept = 0
    coins = 0
    silver = 0
    for i in range(n):
        c = S[oh + i]
        t = (T[col(c, C_TYPES)] >> T_TREASURE_BIT) & 1
        coins += T[col(c, C_TREASURE)]  # 0 unless a Treasure
        silver |= c == SILVER
        S[op + played] = c
        S[oh + kept] = c
        played += t
        kept += 1 - t
    S[kh] = kept
    S[kp] = played
    if lg:
        for i in range(first, played):
            log_if(S, lg, EV_PLAY, p, S[op + i], 0)
    if silver:
        coins += S[G_MERCHANT]
    if fx and S[G_COPPER] != 0:  # Coppersmith: each Copper played produces more
        for i in range(first, played):
            coins += S[G_COPPER] * (S[op + i] == COPPER)
    coins += S[G_COINS]
    S[G_COINS] = coins
    S[G_TURN_COINS] = coins
    log_if(S, lg, EV_COINS, p, -1, coins)
    buys(S, R, T, F, A, p, lg, fx)


@inline
def buys(S, R, T, F, A, p, lg, fx):
    """p's buys, while it has buys left and chooses a card."""
    while S[G_BUYS] > 0:
        c = ANSWER_OPEN
        if lg and person(S, p):
            c = ask_supply(S, T, p, ASK_BUY, S[G_COINS], 0, 1)
            if c == ANSWER_OPEN and asks.no_hint(S, G_ASK):
                return
        if c == ANSWER_OPEN:
            c = choose_buy(S, R, T, F, A, p, lg, fx)
            if lg:
                told(S, p, ASK_BUY, c)
        if c < 0:
            return
        buy(S, T, A, p, c, lg, fx)


@inline
def choose_buy(S, R, T, F, A, p, lg, fx):
    """A bot's buy for p: the first rule of its buy list that applies (-1: none)."""
    c = choose_gain_hot(S, R, T, F, L_BUY, p, S[G_COINS], 0, fx)
    if lg:
        why_chose(S, T, F, L_BUY, p, S[G_COINS], c, 0, -1)
    return c


@inline
def buy(S, T, A, p, c, lg, fx):
    """p buys card c (``fx``: its cost may be reduced)."""
    S[G_BUYS] -= 1
    S[G_COINS] -= cost_now(S, T, c) if fx else T[col(c, C_COST)]
    log_if(S, lg, EV_BUY, p, c, 0)
    gain(S, T, A, p, c, Z_DISC, lg)


@inline
def cleanup(S, R, p, lg):
    """Play area and hand to the discard pile, then the next hand. Each card is written to
    the discard pile and counted unless it is a play-area slot whose card left play (-1,
    then overwritten by the next card): no branch on what a hand holds (docs/perf.md)."""
    kx = zn(p, Z_DISC)
    ox = zb(p, Z_DISC)
    n = S[kx]
    for zone in (Z_PLAY, Z_HAND):
        k = zn(p, zone)
        o = zb(p, zone)
        for i in range(S[k]):
            c = S[o + i]
            S[ox + n] = c
            n += c >= 0
        S[k] = 0
    S[kx] = n
    draw_hot(S, R, p, 5, lg, True)


@inline
def start_turn(S, p, lg, fx):
    S[G_CUR] = p
    S[G_ACTIONS] = 1
    S[G_BUYS] = 1
    S[G_COINS] = 0
    S[G_MERCHANT] = 0
    S[G_TURN_COINS] = 0
    if fx:  # the turn's changes of costs and coins (0 all game without Bridge and Coppersmith)
        S[G_REDUCE] = 0
        S[G_COPPER] = 0
    S[ps(p, PS_TURNS)] += 1
    if lg:
        log_if(S, lg, EV_TURN, p, -1, S[ps(p, PS_TURNS)])
        o = zb(p, Z_HAND)
        for i in range(S[zn(p, Z_HAND)]):
            log_if(S, lg, EV_HAND, p, S[o + i], 0)


@inline
def end_reason(S):
    if S[S_SUP + PROVINCE] == 0:
        return END_PROVINCES
    if S[G_EMPTY] >= S[S_VAR + V_END_PILES]:
        return END_PILES
    p = S[G_CUR]
    if p == S[G_NP] - 1 and S[ps(p, PS_TURNS)] >= S[S_VAR + V_TURN_CAP]:
        return END_CAP
    return 0


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
    S[G_REDUCE] = 0
    S[G_COPPER] = 0
    S[G_PLAYS_AT] = -1
    S[G_HIDE] = 0
    # only the supply's cards: no one gains, trashes or owns another (their pile stays -1)
    for j in range(T[T_INGAME]):
        c = T[T_INGAME + 1 + j]
        S[S_SUP + c] = S[S_SUP0 + c]
        S[S_TRASH + c] = 0
        if S[S_SUP0 + c] == 0:
            S[G_EMPTY] += 1
        for p in range(MAXP):
            S[own(p, c)] = 0
    for i in range(S_PS, S_PS + MAXP * NPS):
        S[i] = 0
    for i in range(S_ZN, S_ZN + MAXP * NZ):
        S[i] = 0
    for p in range(np_):
        for _ in range(START_COPPERS):
            push(S, p, Z_DISC, COPPER)
        for _ in range(START_ESTATES):
            push(S, p, Z_DISC, ESTATE)
        count_owned(S, T, p, COPPER, START_COPPERS)
        count_owned(S, T, p, ESTATE, START_ESTATES)
        draw(S, R, p, 5)


@kernel
def new_game(S, R, T, seed, gi, np_, paired, seat_mode):
    """Start game gi of the run (its streams and seats) and set up its table: a call, so
    that the game loop around the turn loop stays small (see ``state.reshuffle_call``)."""
    start_game(S, R, seed, gi, np_, paired, seat_mode, S_SEAT, G_GAME_LO)
    setup_game(S, R, T)


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
            if k != S[own(p, c)]:
                S[G_ERR_WHAT] = 1
                return ERR_CONSERVE
            total += k
        start = max(s0, 0)
        if c == COPPER:
            start += START_COPPERS * np_
        elif c == ESTATE:
            start += START_ESTATES * np_
        if total != start:
            S[G_ERR_WHAT] = 2
            return ERR_CONSERVE
    for p in range(np_):
        n = 0
        m = 0
        v = 0
        for c in range(NCARDS):
            n += S[own(p, c)]
            m += S[own(p, c)] * T[col(c, C_MONEY)]
            v += S[own(p, c)] * T[col(c, C_VP)]
        if n != S[ps(p, PS_CARDS)] or m != S[ps(p, PS_MONEY)] or v != S[ps(p, PS_VP)]:
            S[G_ERR_CARD] = -1
            S[G_ERR_WHAT] = 4
            return ERR_CONSERVE
    return 0


# ---- the end of a game, scored by the engines' shared finish_game (simulator/kernels/shared.py)
score_of = vp_of    # the most VP wins
log_event = log_hot


@inline
def tie_of(S, p):
    """Among the most VP, the fewest turns win (tiebreak=turns)."""
    return S[ps(p, PS_TURNS)]


@inline
def shared_by_all(S, reason):
    """No Dominion game is a share for every player: the cap scores by VP."""
    return False


@inline
def after_seat(S, A, p):
    """Nothing more to tally of a seat at the end."""


is_winner = kernel(jit.engine_copy(shared.is_winner, globals(), shared.WINNER_NAMES))
finish_game = kernel(jit.engine_copy(shared.finish_game, globals(), shared.FINISH_NAMES))


@inline
def play_turns(S, R, T, F, A, grec, g, gi, max_turns, stop, lg, fx):
    """Play turns from the current state until the game ends (then score it), or
    ``max_turns`` turns were played, or the ``stop`` phase is reached; ``lg``: the game
    is logged; ``fx``: the turn loop for a game with Bridge or Coppersmith (TH_FX; any
    game may take it, a game with either must). Returns an error code (0 = none)."""
    np_ = S[G_NP]
    cap = S[S_VAR + V_TURN_CAP]
    a_tc = A_TL + cap + 2
    played = 0
    while played < max_turns:
        p = S[G_CUR]
        b = S[S_SEAT + p]
        start_turn(S, p, lg, fx)
        action_phase(S, R, T, F, A, p, b, lg)
        if S[G_ERR] != 0:
            return S[G_ERR]
        if stop == STOP_ACTIONS:
            return 0
        buy_phase(S, R, T, F, A, p, b, lg, fx)
        if lg and S[G_ERR] != 0:  # a person's question (ERR_ASK) or a wrong answer
            return S[G_ERR]
        turn_tally(S, T, A, p, b, cap, a_tc)
        if stop == STOP_BUYS:
            return 0
        cleanup(S, R, p, lg)
        played += 1
        reason = end_reason(S)
        if reason != 0:
            return finish_game(S, T, A, grec, g, gi, reason)
        S[G_CUR] = p + 1 if p + 1 < np_ else 0
    return 0


@inline
def turn_tally(S, T, A, p, b, cap, a_tc):
    """The per-turn curves after p's buys (bot b): its VP and the turn's coins, by turn."""
    t = S[ps(p, PS_TURNS)]
    if t <= cap + 1:
        o = a_tc + (b * (cap + 2) + t) * NTC
        A[o] += vp_of(S, T, p)
        A[o + 1] += S[G_TURN_COINS]
        A[o + 2] += 1


@inline
def play_games(S, R, T, F, A, grec, mode, seed, first_game, n_games, seat_mode, paired, max_turns, stop, lg, fx):
    """``run_games``; ``lg``: the games are logged; ``fx``: ``play_turns``'."""
    resume = mode == MODE_RESUME
    np_ = S[G_NP]
    for g in range(1 if resume else n_games):
        gi = -1
        if not resume:
            gi = first_game + g
            new_game(S, R, T, seed, gi, np_, paired, seat_mode)
            if mode == MODE_SETUP:
                return 0
        # the turn loop, at one place in the code
        err = play_turns(S, R, T, F, A, grec, 0 if resume else g, gi, max_turns if resume else 1 << 30,
                         stop if resume else STOP_NONE, lg, fx)
        if err != 0:
            return err
        if not resume:
            close_unit(S, A, A_TU, S_UNIT, np_, gi, paired)
    return 0


@kernel
def run_games(S, R, T, F, A, grec, mode, seed, first_game, n_games, seat_mode, paired, max_turns, stop):
    """Play games ``first_game .. first_game + n_games - 1`` of the run with ``seed``
    (MODE_FRESH), or continue the prepared state for ``max_turns`` turns / until
    ``stop`` (MODE_RESUME). Game gi's randomness depends only on (seed, gi): with
    ``paired``, the games of a deal (one per seat rotation) share it. Returns an error
    code; S[G_GAME_LO/HI] name the game it happened in. Games without a log: the turn
    loop's helpers are compiled with no trace of logging (no check, and no store into
    the state that the compiler would have to assume changes what it holds in
    registers; docs/perf.md).

    Fresh games only (another mode returns ERR_MODE; ``run_games_logged`` continues a
    state): with both modes, LLVM made a copy of the game and turn loops per mode (loop
    unswitching: a longer compile, docs/perf.md)."""
    if mode != MODE_FRESH:
        return ERR_MODE
    # the mode as a constant: the compiler keeps the fresh games' loops only; and two
    # turn loops, the one without Bridge's and Coppersmith's work for the games without
    # them (its 2-4% of Big Money's speed, docs/perf.md)
    if T[TH_FX] != 0:
        return play_games(S, R, T, F, A, grec, MODE_FRESH, seed, first_game, n_games, seat_mode, paired, max_turns,
                          stop, False, True)
    return play_games(S, R, T, F, A, grec, MODE_FRESH, seed, first_game, n_games, seat_mode, paired, max_turns,
                      stop, False, False)


@on_demand
def run_games_logged(S, R, T, F, A, grec, mode, seed, first_game, n_games, seat_mode, paired, max_turns, stop):
    """``run_games`` for logged games (``dsim log``), for continuing a prepared state
    (MODE_RESUME: the rule tests' stepping, dsim play's turns) and for dealing a game to
    continue (MODE_SETUP): compiled on first use, not with the engine."""
    return play_games(S, R, T, F, A, grec, mode, seed, first_game, n_games, seat_mode, paired, max_turns, stop,
                      True, True)
