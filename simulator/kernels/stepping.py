"""Games played decision by decision, many at once (simulator/envs, the learning
environments): written once here, compiled as each engine's own (``jit.engine_copy`` with
the engine's names, STEP_NAMES).

A stepped game is a person's game (simulator/kernels/ask_layout.py) whose persons are
the learning seats (G_HUMAN's bits). Each batch row g holds one game: its state SB[g] and
streams RB[g], and the state and streams at the start of the turn being played (SN[g],
RN[g]; the game's ``state_copy``, each zone as far as it is filled; kept before a turn
that may ask a learning seat, ``may_ask``). The engine stops at a learning seat's question
(ERR_ASK) having recorded it and kept the state as it stood (a snapshot, or the state
itself where the game stops at once: ask_layout's Q_LIVE); the row's observation
(OB[g]), action mask (MB[g]), the seat asked and the scores are written then. An action
is the answer: the turn's start is restored, its answers so far plus this one are put on
the tape, and the turn is played again to the next question (or the game's end), a turn
at a time, keeping the start of each turn that may ask. A game depends only on its seed
and the answers, so this is the same game one decision further: bit for bit the game
``dsim play`` plays with the same answers (tests/core/test_envs.py).

An action is an index into the game's discrete action space: the option ``v`` of a
question of kind ``k`` is action ``KO[k] + v``; the last action is 'none' (ANSWER_NONE,
where a question allows it). A mask row has a 1 for each legal action.

Per-row integers (IO, int64): what goes in and comes out besides the observations."""
from .ask_layout import (ANSWER_NONE, ASK_HEAD, Q_ABOUT, Q_ARG, Q_KIND, Q_NOPT, Q_OPTIONAL, Q_OPTS, Q_OWNER,  # noqa: F401
                         Q_NOHINT, Q_PLAYER, Q_SNAP, Q_STATE, Q_TAPE_CAP, Q_TAPE_I, Q_TAPE_N)
import numpy as np

from .tally_layout import GR_PER_SEAT, GR_SEAT

IO_ACTION = 0   # in (env_step): the action taken
IO_ERR = 1      # out: 0, or an error: ERR_ANSWER (the action is not legal: the row is unchanged),
#                 ERR_OPTION, ERR_TAPE, or the engine's own
IO_PLAYER = 2   # out: the seat whose question is open; -1: the game is over
IO_GAME = 3     # in (env_reset), then out: the game of the run the row plays (its streams and seats)
IO_LEARN = 4    # in: the bots (bit b for bot b of the match) whose seats learn
IO_RESET = 5    # in (env_reset): 1: deal this row game IO_GAME (0: leave it)
IO_DECISIONS = 6  # out: the questions the row's game has put to learning seats
IO_AUTO = 7     # in: 1: a row whose game ends is dealt game IO_GAME + IO_STRIDE at once (env_step)
IO_STRIDE = 8
IO_ENDED = 9    # out (env_step): the game that ended in the row in this step (-1: none)
IO_SCORE = 16   # out: each bot's score (8 columns, by the bot of the match) at the question
IO_WIN = 24     # out: at a game's end, each bot's win twelfths (tally_layout.SHARE for a win)
IO_FINAL = 32   # out: at a game's end, each bot's score
IO_COLS = 40

ERR_OPTION = 101  # an option with no action (a game's action space is too small): a defect
ERR_TAPE = 102    # a turn with more decisions than the tape holds

#: what the stepping kernels take from the engine: its state's offsets and error codes;
#: ``state_copy(S, s, D, d)``; ``env_deal(S, R, T, seed, gi, seat_mode)``, a game dealt and
#: stopped before its first turn; ``env_turn(S, R, T, F, A, grec, g)``, one turn played
#: (logged, with persons' questions; the game scored into row g of grec when it ends);
#: ``encode(S, T, p, D, d, OV)``, seat p's observation of state S asked the question at
#: D[d:] (d < 0: none); ``score_of(S, T, p)``; ``may_ask(S)``, whether the turn about to be
#: played may put a question to a learning seat (G_HUMAN); and the engine's copies of ``turn_start``,
#: ``advance``, ``finish`` and ``deal`` (an engine's module takes this module's names with
#: ``from ...kernels.stepping import *``: the copies run with its globals)
STEP_NAMES = ("G_ASK", "G_ENDED", "G_HUMAN", "G_NP", "S_SEAT", "S_EV", "ERR_ASK", "ERR_ANSWER",
              "state_copy", "env_deal", "env_turn", "encode", "score_of", "may_ask",
              "turn_start", "advance", "deal", "finish")


def turn_start(S, R, SN, RN, g):
    """Keep row g's state and streams as the start of the turn (its answers: none yet),
    when the turn may ask a learning seat something (``may_ask``): else no question
    brings the game back to it."""
    if may_ask(S):
        state_copy(S, 0, SN[g], 0)
        for j in range(R.shape[0]):
            RN[g, j] = R[j]
    o = S[G_ASK]
    S[o + Q_TAPE_N] = 0
    S[o + Q_TAPE_I] = 0
    S[o + Q_STATE] = 0


def advance(SB, RB, SN, RN, T, F, A, grec, g, OB, MB, IO, KO):
    """Play row g's game on, a turn at a time, to a learning seat's question or the end;
    write the row's outputs. Returns an error code (0: none)."""
    S = SB[g]
    R = RB[g]
    o = S[G_ASK]
    na = MB.shape[1]
    while True:
        err = env_turn(S, R, T, F, A, grec, g)
        if err == ERR_ASK:
            p = S[o + Q_PLAYER]
            x = asked_state(S, o)  # (ask_layout's, inlined: jit.stepping_kernels)
            X = S[x:x + S_EV]  # the state as it stood when it asked
            encode(X, T, p, S, o, OB[g])
            M = MB[g]
            for j in range(np.uint64(na)):  # unsigned: one memset (no index to wrap around)
                M[j] = 0
            k = KO[S[o + Q_KIND]]
            for j in range(S[o + Q_NOPT]):
                a = k + S[o + Q_OPTS + j]
                if a < 0 or a >= na - 1:
                    return ERR_OPTION
                MB[g, a] = 1
            if S[o + Q_OPTIONAL] != 0:
                MB[g, na - 1] = 1
            IO[g, IO_PLAYER] = p
            IO[g, IO_DECISIONS] += 1
            for s in range(S[G_NP]):
                IO[g, IO_SCORE + S[S_SEAT + s]] = score_of(X, T, s)
            return 0
        if err != 0:
            return err
        if S[G_ENDED] != 0:
            IO[g, IO_PLAYER] = -1
            return 0
        turn_start(S, R, SN, RN, g)


def finish(S, T, grec, g, IO):
    """Row g's game is over: each bot's score and win twelfths."""
    for s in range(S[G_NP]):
        IO[g, IO_FINAL + S[S_SEAT + s]] = score_of(S, T, s)
        IO[g, IO_WIN + S[S_SEAT + s]] = grec[g, GR_SEAT + GR_PER_SEAT * s + 3]


def deal(SB, RB, SN, RN, T, F, A, grec, g, OB, MB, IO, KO, seed, seat_mode):
    """Deal row g game IO[g, IO_GAME] of the run with ``seed`` (its seats by ``seat_mode``),
    its learning seats those of the bots IO_LEARN names, and play it to its first
    question. With IO_AUTO, a game that ends without asking a learning seat anything is
    passed over for the row's next one (it has nothing to learn from; its results are not
    written); without, it is over (its results written). Returns an error code."""
    S = SB[g]
    err = 0
    for _ in range(1000):
        IO[g, IO_DECISIONS] = 0
        env_deal(S, RB[g], T, seed, IO[g, IO_GAME], seat_mode)
        h = 0
        for s in range(S[G_NP]):
            if (IO[g, IO_LEARN] >> S[S_SEAT + s]) & 1 != 0:
                h |= 1 << s
        S[G_HUMAN] = h
        turn_start(S, RB[g], SN, RN, g)
        err = advance(SB, RB, SN, RN, T, F, A, grec, g, OB, MB, IO, KO)
        if err != 0 or IO[g, IO_PLAYER] >= 0:
            return err
        if IO[g, IO_AUTO] == 0:
            finish(S, T, grec, g, IO)
            return 0
        IO[g, IO_GAME] += IO[g, IO_STRIDE]
    return err


def env_reset(SB, RB, SN, RN, T, F, A, grec, OB, MB, IO, KO, seed, seat_mode):
    """Deal each row with IO[g, IO_RESET] set (``deal``). Returns how many rows are in
    error (IO_ERR)."""
    bad = 0
    for g in range(SB.shape[0]):
        if IO[g, IO_RESET] != 0:
            IO[g, IO_RESET] = 0
            IO[g, IO_ENDED] = -1
            IO[g, IO_ERR] = deal(SB, RB, SN, RN, T, F, A, grec, g, OB, MB, IO, KO, seed, seat_mode)
        bad += IO[g, IO_ERR] != 0
    return bad


def env_step(SB, RB, SN, RN, T, F, A, grec, OB, MB, IO, KO, seed, seat_mode):
    """Answer each open question with action IO[g, IO_ACTION] and play on to the next one.
    A row whose game ends says so (IO_ENDED, IO_WIN, IO_FINAL) and, with IO_AUTO, is dealt
    its next game (``deal``); else it is left as it is until it is reset. An action a
    row's mask does not allow is that row's ERR_ANSWER, and no row is stepped. Returns
    how many rows are in error (IO_ERR)."""
    na = MB.shape[1]
    wrong = 0
    for g in range(SB.shape[0]):  # every action checked first: a wrong one steps no row
        a = IO[g, IO_ACTION]
        if IO[g, IO_PLAYER] >= 0 and (a < 0 or a >= na or MB[g, a] == 0):
            IO[g, IO_ERR] = ERR_ANSWER
            wrong += 1
    if wrong != 0:
        return wrong
    bad = 0
    for g in range(SB.shape[0]):
        IO[g, IO_ENDED] = -1
        if IO[g, IO_PLAYER] < 0:
            continue
        S = SB[g]
        o = S[G_ASK]
        a = IO[g, IO_ACTION]
        k = S[o + Q_TAPE_N]
        if k >= S[o + Q_TAPE_CAP]:
            IO[g, IO_ERR] = ERR_TAPE
            bad += 1
            continue
        S[o + ASK_HEAD + S_EV + k] = ANSWER_NONE if a == na - 1 else a - KO[S[o + Q_KIND]]
        state_copy(SN[g], 0, S, 0)
        for j in range(RB.shape[1]):
            RB[g, j] = RN[g, j]
        S[o + Q_TAPE_N] = k + 1
        S[o + Q_TAPE_I] = 0
        S[o + Q_STATE] = 0
        err = advance(SB, RB, SN, RN, T, F, A, grec, g, OB, MB, IO, KO)
        if err == 0 and IO[g, IO_PLAYER] < 0:
            finish(S, T, grec, g, IO)
            IO[g, IO_ENDED] = IO[g, IO_GAME]
            if IO[g, IO_AUTO] != 0:
                IO[g, IO_GAME] += IO[g, IO_STRIDE]
                err = deal(SB, RB, SN, RN, T, F, A, grec, g, OB, MB, IO, KO, seed, seat_mode)
        IO[g, IO_ERR] = err
        bad += err != 0
    return bad


def observe(S, T, p, D, d, OV):
    """``encode`` for Python (the tests', and a PettingZoo seat's view of a state)."""
    encode(S, T, p, D, d, OV)
