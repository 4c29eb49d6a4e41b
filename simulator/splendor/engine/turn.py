"""A turn, the end of a game and its scoring, and ``run_games``."""

from ...kernels import jit, shared
from ...kernels.tally_kernels import close_unit, start_game
from ...kernels.tally_kernels import score_game, score_seat  # noqa: F401 - the shared finish_game's
from ..layout import *  # noqa: F403 - the layout's constants are the kernels' constants
from ._jit import inline, kernel
from .board import check_conservation  # noqa: F401 - the shared finish_game's
from .board import holdings, log, ps, setup_game, tokens_of
from .decide import act, log_pass, noble_visit, nobles_due, person, person_act, return_tokens, stopped


@kernel
def play_turn(S, R, T, F, A, p, b):
    """Player p's turn: one action (or a pass), tokens back down to 10, a noble's visit.
    It is idle when it leaves what p holds unchanged and would do so again: a pass (no
    legal move), or a bot whose choices follow from the board alone (not random, reading
    no turn number), so that a round of idle turns repeats for ever. A stepped game's
    question ends the turn where it is asked (``stopped``)."""
    log(S, EV_TURN, p, -1, S[ps(p, PS_TURNS)] + 1)
    tokens, cards = holdings(S, p)
    S[G_TAKEN] = 0
    if person(S, p):
        a = person_act(S, R, T, F, A, p, b)
        if stopped(S):
            return
    else:
        a = act(S, R, T, F, A, p, b)
    end_turn(S, R, T, F, A, p, b, a, tokens, cards)


@inline
def end_turn(S, R, T, F, A, p, b, a, tokens, cards):
    """The rest of p's turn after its action ``a`` (ACT_*): tokens back down to 10, a
    noble's visit, the idle count and the turn's tallies (``tokens`` and ``cards``: what p
    held before the action, ``holdings``)."""
    passed = a == ACT_PASS
    if passed:
        log_pass(S, p)
    count_action(S, A, p, b, a)
    total = tokens_of(S, p)
    if total > MAX_TOKENS:  # (the calls only when there is something to do: most turns, none)
        return_tokens(S, R, T, F, A, p, b, total)
        if stopped(S):  # (a person's question only: a bot's turn has no G_ERR)
            return
    q = nobles_due(S, T, p)
    if q > 0:
        noble_visit(S, R, T, F, A, p, b, q)
        if stopped(S):  # (a person's question only: a bot's turn has no G_ERR)
            return
    tokens_after, cards_after = holdings(S, p)
    # a steady bot repeats a turn that changed nothing; a person may not (the seat's bot is the hint's)
    steady = passed or (T[T[TH_BOPT] + b * NO + O_STEADY] != 0 and not person(S, p))
    S[G_IDLE] = S[G_IDLE] + 1 if steady and tokens_after == tokens and cards_after == cards else 0
    t = S[ps(p, PS_TURNS)] + 1
    S[ps(p, PS_TURNS)] = t
    cap = S[S_VAR + V_TURN_CAP]
    if t <= cap + 1:
        o = A_TL + cap + 2 + (b * (cap + 2) + t) * NTC
        A[o] += S[ps(p, PS_POINTS)]
        A[o + 1] += S[ps(p, PS_CARDS)]
        A[o + 2] += 1


@inline
def count_action(S, A, p, b, a):
    """Count bot b's action ``a`` (ACT_*) by kind (a reserve and a buy are counted where
    they happen, with where the card was)."""
    x = A_TX + b * NXS
    if a == ACT_TAKE3:
        m = S[G_TAKEN]
        colours = (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1) + (m >> 4 & 1)
        A[x + (X_TAKE3 if colours == 3 else X_TAKE_FEWER)] += 1
    elif a == ACT_TAKE2:
        A[x + X_TAKE2] += 1
    elif a == ACT_PASS:
        A[x + X_PASS] += 1


# ---- the end of a game, scored by the engines' shared finish_game (simulator/kernels/shared.py):
# most points win; a tie goes to fewer development cards; still tied, the win is shared. A
# stalemate or a capped game is shared by every player (unless the variant scores it by points)
log_event = log


@inline
def score_of(S, T, p):
    return S[ps(p, PS_POINTS)]


@inline
def tie_of(S, p):
    return S[ps(p, PS_CARDS)]


@inline
def shared_by_all(S, reason):
    return reason != END_POINTS and S[S_VAR + V_UNFINISHED] == 0


@inline
def after_seat(S, A, p):
    """The reserved cards a player still holds at the end: never bought."""
    A[A_TX + S[S_SEAT + p] * NXS + X_UNBOUGHT] += S[ps(p, PS_NRES)]


is_winner = kernel(jit.engine_copy(shared.is_winner, globals(), shared.WINNER_NAMES))
finish_game = kernel(jit.engine_copy(shared.finish_game, globals(), shared.FINISH_NAMES))


@kernel
def play_turns(S, R, T, F, A, grec, g, gi, max_turns):
    """Play turns until the game ends (then score it) or ``max_turns`` were played.
    The game ends after the round in which a player reached the target (every player has
    had the same number of turns), when a whole round of turns changed nothing any player
    holds (a stalemate: no legal move, or takes given back), or at the turn cap. Returns
    an error code (0 = none)."""
    np_ = S[G_NP]
    played = 0
    while played < max_turns:
        p = S[G_CUR]
        play_turn(S, R, T, F, A, p, S[S_SEAT + p])
        if S[G_ERR] != 0:  # a person's question (ERR_ASK) or a wrong answer
            return S[G_ERR]
        played += 1
        reason = end_reason(S, p)
        if reason != 0:
            return finish_game(S, T, A, grec, g, gi, reason)
        S[G_CUR] = (p + 1) % np_
    return 0


@inline
def end_reason(S, p):
    """After p's turn: how the game ends (END_*), or 0 while it goes on."""
    np_ = S[G_NP]
    if S[ps(p, PS_POINTS)] >= S[S_VAR + V_TARGET]:
        S[G_LAST] = 1
    if S[G_IDLE] >= np_:
        return END_STALL
    if p == np_ - 1:
        if S[G_LAST] != 0:
            return END_POINTS
        if S[ps(p, PS_TURNS)] >= S[S_VAR + V_TURN_CAP]:
            return END_CAP
    return 0


@kernel
def run_games(S, R, T, F, A, grec, mode, seed, first_game, n_games, seat_mode, paired, max_turns):
    """Play games ``first_game .. first_game + n_games - 1`` of the run with ``seed``
    (MODE_FRESH), or continue the prepared state for ``max_turns`` turns (MODE_RESUME),
    or deal game ``first_game`` and stop before its first turn (MODE_SETUP).
    Game gi's randomness depends only on (seed, gi); with ``paired``, the games of a deal
    (one per seat rotation) share it. Returns an error code."""
    if mode == MODE_RESUME:
        return play_turns(S, R, T, F, A, grec, 0, -1, max_turns)
    np_ = S[G_NP]
    for g in range(n_games):
        gi = first_game + g
        start_game(S, R, seed, gi, np_, paired, seat_mode, S_SEAT, G_GAME_LO)
        setup_game(S, R, T)
        if mode == MODE_SETUP:
            return 0
        err = play_turns(S, R, T, F, A, grec, g, gi, 1 << 30)
        if err != 0:
            return err
        close_unit(S, A, A_TU, S_UNIT, np_, gi, paired)
    return 0
