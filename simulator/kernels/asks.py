"""A person's decisions (``dsim play``), for both games' engines: the kernels read the
person's answers from the ask region's tape, or record the question and stop the game
(simulator/kernels/ask_layout.py says how). Inlined into each game's own ask kernels, which
pass their layout's offsets; nothing here runs in a game no person plays."""
from numba import njit

from .ask_layout import (ANSWER_NONE, ANSWER_OPEN, Q_ABOUT, Q_ARG, Q_HINT, Q_HINT_NEV, Q_KIND, Q_LIVE, Q_NEV,
                         Q_NOPT, Q_NOHINT, Q_OPTIONAL, Q_OPTS, Q_OWNER, Q_PLAYER, Q_SCRATCH, Q_STATE, Q_TAPE_I,
                         Q_TAPE_N, tape_at)

_inline = njit(forceinline=True, error_model="numpy", _nrt=False)
_tape_at = _inline(tape_at)


@_inline
def put_option(S, g_ask, i, v):
    """Option i of the decision at hand is ``v`` (its scratch list)."""
    S[S[g_ask] + Q_SCRATCH + i] = v


@_inline
def ask(S, g_ask, g_err, g_nev, s_ev, err_ask, err_answer, p, kind, about, arg, owner, n, optional):
    """Player p's answer to a decision whose n options are in the scratch list: the one
    option when there is no choice (n == 1 and not ``optional``), ANSWER_NONE when there
    is none (n == 0); else the tape's next answer. With the tape read to its end the
    question is recorded if none is open yet (and no wrong answer stopped the game), and
    the game is told to stop (S[g_err] = err_ask; the game's own ``ask_n`` then keeps a
    snapshot of the state, ``asked``, unless it stops at once, ``live``):
    ANSWER_OPEN, and the seat's bot decides in the person's place until the game stops
    (``told`` keeps its first answer, the hint; a stepped game, which wants no hint,
    stops where it can: ``no_hint``). An answer that is not an option stops
    the game with err_answer (the callers check each answer before it joins the tape;
    this keeps a wrong tape from playing on)."""
    o = S[g_ask]
    if n == 0:
        return ANSWER_NONE
    if n == 1 and optional == 0:
        return S[o + Q_SCRATCH]
    if S[o + Q_TAPE_I] < S[o + Q_TAPE_N]:
        a = read_tape(S, g_ask, s_ev)
        if optional != 0 and a == ANSWER_NONE:
            return a
        for j in range(n):
            if S[o + Q_SCRATCH + j] == a:
                return a
        S[g_err] = err_answer
        S[o + Q_KIND] = kind
        S[o + Q_ARG] = a
        return ANSWER_NONE if optional != 0 else S[o + Q_SCRATCH]
    if S[o + Q_STATE] == 0 and S[g_err] == 0:  # not after a wrong answer: its error stands
        S[o + Q_STATE] = 1
        S[o + Q_KIND] = kind
        S[o + Q_PLAYER] = p
        S[o + Q_ABOUT] = about
        S[o + Q_ARG] = arg
        S[o + Q_OWNER] = owner
        S[o + Q_NOPT] = n
        S[o + Q_OPTIONAL] = optional
        S[o + Q_NEV] = S[g_nev]
        for j in range(n):
            S[o + Q_OPTS + j] = S[o + Q_SCRATCH + j]
        S[g_err] = err_ask
    return ANSWER_OPEN


@_inline
def asked(S, g_ask, fresh, a):
    """Did the ``ask`` that returned ``a`` record the question (``fresh``: none was open
    before it)? The game's ``ask_n`` then keeps the snapshot (its ``state_copy`` of the
    state as it stood, at Q_SNAP)."""
    return fresh and a == ANSWER_OPEN and S[S[g_ask] + Q_STATE] == 1


@_inline
def live(S, g_ask, stops):
    """Is the question just recorded one whose state is the live state (Q_LIVE, set here)?
    A stepped game (no hint wanted) at a question after which it stops at once
    (``stops``: the game's code changes nothing after it) keeps no snapshot: the state
    itself stays as it stood. Else the game's ``ask_n`` keeps the snapshot."""
    o = S[g_ask]
    x = 1 if stops and S[o + Q_NOHINT] != 0 else 0
    S[o + Q_LIVE] = x
    return x != 0


@_inline
def no_hint(S, g_ask):
    """Is the open question's answer by the seat's bot not wanted (Q_NOHINT: a stepped
    game, whose play after the question is thrown away)? The turn then stops at once."""
    return S[S[g_ask] + Q_NOHINT] != 0


@_inline
def checked_next(S, g_ask):
    """Is a stepped game's answer next on the tape? Each was checked against its question's
    mask before it joined the tape (simulator/kernels/stepping.py), so the game may take it
    (``read_tape``) without listing the question's options again, where it knows the
    question has a choice (two options or more, so that the answer is this question's:
    ``ask`` reads none otherwise)."""
    o = S[g_ask]
    return S[o + Q_NOHINT] != 0 and S[o + Q_TAPE_I] < S[o + Q_TAPE_N]


@_inline
def read_tape(S, g_ask, s_ev):
    """The tape's next answer, read."""
    o = S[g_ask]
    i = S[o + Q_TAPE_I]
    S[o + Q_TAPE_I] = i + 1
    return S[o + _tape_at(s_ev) + i]


@_inline
def told(S, g_ask, g_nev, kind, x):
    """The seat's bot answered the open question of this ``kind`` with x: kept as the
    hint (once), with how many events the log then held."""
    o = S[g_ask]
    if S[o + Q_STATE] == 1 and S[o + Q_KIND] == kind:
        S[o + Q_HINT] = x
        S[o + Q_HINT_NEV] = S[g_nev]
        S[o + Q_STATE] = 2
