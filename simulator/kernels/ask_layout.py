"""Where a person's answers and the question the engine asks them live (``dsim play``), as
plain integers, the same for every game written on dsim's kernels (simulator/kernels/asks.py).

A state played by a person has an ask region at the end of S, at S[G_ASK] (each game's
layout names G_ASK and G_HUMAN, the seats persons play: bit s for seat s). It holds the person's answers so
far (the tape), read in order as the engine meets their decisions; at the first decision
the tape has no answer for, the engine records the question: its kind, whose it is, what
it is about, the legal answers, how many events the log held, and a copy of the state as
it stood (the snapshot: the game's ``state_copy``, each zone as far as it is filled;
none in a stepped game at a question after which it stops at once, Q_LIVE: the state
itself is as it stood), then stops the game (its ERR_ASK). ``dsim play`` shows that
state, takes the answer, and plays on from the start of that turn (a copy kept,
simulator/person.py's ``PersonTable``) with the turn's answers and one more: a game
depends only on its seed and the answers, so going on from there is exact.
"""
Q_STATE = 0      # 0: no question asked yet; 1: a question is open; 2: open, and the bot's answer known
Q_KIND = 1       # what is asked (each game's Q_* kinds)
Q_PLAYER = 2     # whose decision it is
Q_ABOUT = 3      # what it is about (a card being resolved, a revealed card), -1: nothing
Q_ARG = 4        # a number the question names (coins, cards left to discard, a cost cap...)
Q_OWNER = 5      # whose cards the options name (Thief: the victim's revealed cards)
Q_NOPT = 6       # how many options
Q_OPTIONAL = 7   # 1: 'none' (ANSWER_NONE) is an answer too
Q_NEV = 8        # events the log held when it was asked
Q_HINT = 9       # the answer the seat's bot gives (its logic runs once the question is open)
Q_HINT_NEV = 10  # events the log held once the bot had answered
Q_TAPE_N = 11    # answers on the tape
Q_TAPE_I = 12    # answers read so far
Q_TAPE_CAP = 13  # answers the tape has room for
Q_NOHINT = 14    # 1: no bot answers an open question (a stepped game keeps nothing after it)
Q_LIVE = 15      # 1: no snapshot was kept: the state itself is as it stood (a stepped game stopped at once)
Q_SCRATCH = 16   # the options of the decision at hand (MAXOPT), written before each ask
MAXOPT = 64
Q_OPTS = Q_SCRATCH + MAXOPT   # the open question's options (copied from the scratch)
Q_SNAP = Q_OPTS + MAXOPT      # the snapshot: S[0:S_EV] when the question was asked
ASK_HEAD = Q_SNAP             # then S_EV ints of snapshot, then the tape

ANSWER_NONE = -1  # the answer 'none' (stop, pass, go on)
ANSWER_OPEN = -2  # no answer on the tape: the question is open and the bot decides


def region_size(s_ev: int, tape: int) -> int:
    """Ints of an ask region for a game whose state before the log is ``s_ev`` ints long,
    with room for ``tape`` answers."""
    return ASK_HEAD + s_ev + tape


def tape_at(s_ev: int) -> int:
    """Where the tape starts in the ask region."""
    return ASK_HEAD + s_ev


def asked_state(S, o: int) -> int:
    """Where in S the state stands as it stood at the open question of the ask region at
    S[o:]: the snapshot, or (Q_LIVE) the state itself."""
    return 0 if S[o + Q_LIVE] != 0 else o + Q_SNAP
