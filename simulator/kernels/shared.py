"""Kernels written once for every engine: plain Python that each engine compiles as one of
its own kernels with its own names (``jit.engine_copy``: the same code, the engine
module's globals), so that the layout's constants are that game's and the game's own
parts (a condition's game opcodes, a player's score) are its functions, inlined as if
written there. Each kernel lists the names it takes from the engine; an engine that lacks
one stops at import, naming it. Nothing here runs as it is: its global names are the
engines' (hence no definitions of them here)."""

#: what ``cond_ok`` takes from the engine: where a rule's code starts and how long it is
#: in the read-only table T (its row TH_RULES + r * RW, columns R_CODE and R_NCODE; the
#: code at TH_CODE, two ints an instruction), the stack's size F_STK (the constants
#: follow it in F), the condition language's ``stackvm`` and OP_GAME, and
#: op_value(S, T, p, op, a), the value of the game's own opcode op for player p
COND_NAMES = ("TH_RULES", "RW", "R_CODE", "R_NCODE", "TH_CODE", "F_STK", "OP_GAME", "stackvm", "op_value")


def cond_ok(S, T, F, r, p):
    """Rule r's condition for player p (a rule without one always holds): the rule's code
    on the stack F, the generic instructions by the condition language's ``step``, the
    game's own (OP_GAME and above) by its ``op_value``."""
    ro = T[TH_RULES] + r * RW
    n = T[ro + R_NCODE]
    if n == 0:
        return True
    co = T[TH_CODE]
    pc = T[ro + R_CODE]
    end = pc + n
    sp = 0
    while pc < end:
        op = T[co + 2 * pc]
        a = T[co + 2 * pc + 1]
        if op < OP_GAME:
            sp, pc = stackvm.step(F, sp, pc, op, a, F_STK)
        else:
            F[sp] = op_value(S, T, p, op, a)
            sp += 1
            pc += 1
    return F[sp - 1] != 0.0


#: what ``finish_game`` takes from the engine: its layout's places (the players, the end,
#: the events, the rule variants, the seats, the tallies), ``ps``, its event log
#: ``log_event(S, code, p, c, v)``, ``check_conservation(S, T)``, and how the game scores:
#: ``score_of(S, T, p)`` (most wins), ``tie_of(S, p)`` (fewest wins a tie, unless the
#: variant shares ties), ``shared_by_all(S, reason)`` (a game every player wins a share
#: of) and ``after_seat(S, A, p)`` (what else the game tallies of a seat at the end)
FINISH_NAMES = ("G_NP", "G_ENDED", "EV_END", "EV_SCORE", "S_VAR", "V_CHECK", "V_TIEBREAK", "V_TURN_CAP", "S_SEAT",
                "S_UNIT", "A_TL", "A_TE", "PS_TURNS", "ps", "log_event", "check_conservation", "score_of", "tie_of",
                "shared_by_all", "after_seat", "score_seat", "score_game", "is_winner")


def finish_game(S, T, A, grec, g, gi, reason):
    """Score a finished game into the tallies: the most points win; among them, the
    fewest ``tie_of`` (unless the variant shares ties); still tied, the win is shared. A
    game ``shared_by_all`` is a share for every player. Returns an error code (the
    conservation check's) or 0."""
    np_ = S[G_NP]
    S[G_ENDED] = reason
    log_event(S, EV_END, -1, -1, reason)
    if S[S_VAR + V_CHECK] != 0:
        err = check_conservation(S, T)
        if err != 0:
            return err
    best = -(1 << 30)
    length = 0
    for p in range(np_):
        v = score_of(S, T, p)
        log_event(S, EV_SCORE, p, tie_of(S, p), v)
        best = max(best, v)
        length = max(length, S[ps(p, PS_TURNS)])
    fewest = 1 << 30
    for p in range(np_):
        if score_of(S, T, p) == best:
            fewest = min(fewest, tie_of(S, p))
    everyone = shared_by_all(S, reason)
    nwin = 0
    for p in range(np_):
        if everyone or is_winner(S, T, p, best, fewest):
            nwin += 1
    cap = S[S_VAR + V_TURN_CAP]
    for p in range(np_):
        score_seat(S, A, grec, g, S_UNIT, p, S[S_SEAT + p], score_of(S, T, p), S[ps(p, PS_TURNS)],
                   everyone or is_winner(S, T, p, best, fewest), nwin)
        after_seat(S, A, p)
    score_game(A, grec, g, gi, A_TL, A_TE, cap, length, reason)
    return 0


#: what ``is_winner`` takes from the engine (it is one of ``finish_game``'s)
WINNER_NAMES = ("S_VAR", "V_TIEBREAK", "score_of", "tie_of")


def is_winner(S, T, p, best, fewest):
    """Whether player p is among the winners: the ``best`` score, and the ``fewest``
    tie_of unless the variant shares ties."""
    return score_of(S, T, p) == best and (S[S_VAR + V_TIEBREAK] != 0 or tie_of(S, p) == fewest)


#: what ``person`` and ``told`` take from the engine: where the state says which seat a
#: person plays (G_HUMAN: bit s for seat s, 0 for none), where its questions are (G_ASK) and
#: the event count (G_NEV), and simulator/kernels/asks.py
PERSON_NAMES = ("G_HUMAN", "G_ASK", "G_NEV", "asks", "person")


def person(S, p):
    """Does a person make p's decisions (``dsim play``)? Each decision then asks first;
    only while the person's question is open does the seat's bot decide, and ``told``
    keeps its answer as the hint."""
    return ((S[G_HUMAN] >> p) & 1) != 0


def told(S, p, kind, x):
    """x, the seat's bot's answer to p's decision: kept as the hint when it is the person's
    open question (nothing to keep for a bot's seat)."""
    if person(S, p):
        asks.told(S, G_ASK, G_NEV, kind, x)
    return x


#: what ``race`` takes from the engine: where the search's scratch region is (G_SCR) and its
#: per-option columns (SC_*), and ``rollout(S, R, T, F, A, p, b, option, key, i)``: the win
#: twelfths seat p (bot b) scores in one game played on from the current state with
#: ``option`` taken, its hidden cards dealt again from the streams of (key, i)
RACE_NAMES = ("G_SCR", "SC_OPT", "SC_SUM", "SC_CNT", "SC_ALIVE", "SC_DIFF", "SC_DIFF2", "rollout")


def race(S, R, T, F, A, p, b, n, own, rollouts, key, z):
    """The option (an index among the n written at SC_OPT of the scratch region) that a
    search bot takes for seat p: successive halving over about ``rollouts`` rollouts. Each
    round gives every option still raced the same number of rollouts, on the same deals
    (the i-th rollout of a round is dealt from (key, round, i) whatever the option: the
    options are compared on common random numbers), then keeps the better half by mean win
    share. The list's own option ``own`` is never dropped; another is taken only if it
    does better than ``own`` on the same deals by more than ``z`` / 100 standard errors of
    the difference (the list is trusted until the rollouts say otherwise)."""
    o = S[G_SCR]
    for i in range(n):
        S[o + SC_SUM + i] = 0
        S[o + SC_CNT + i] = 0
        S[o + SC_ALIVE + i] = 1
        S[o + SC_DIFF + i] = 0
        S[o + SC_DIFF2 + i] = 0
    rounds = 1
    while (1 << rounds) < n:
        rounds += 1
    per_round = max(1, rollouts // rounds)
    alive = n
    for rd in range(rounds):
        per = max(1, per_round // alive)
        for j in range(per):
            w0 = rollout(S, R, T, F, A, p, b, S[o + SC_OPT + own], key, rd * 65536 + j)
            S[o + SC_SUM + own] += w0
            S[o + SC_CNT + own] += 1
            for i in range(n):
                if S[o + SC_ALIVE + i] != 0 and i != own:
                    w = rollout(S, R, T, F, A, p, b, S[o + SC_OPT + i], key, rd * 65536 + j)
                    S[o + SC_SUM + i] += w
                    S[o + SC_CNT + i] += 1
                    S[o + SC_DIFF + i] += w - w0
                    S[o + SC_DIFF2 + i] += (w - w0) * (w - w0)
        keep = (alive + 1) // 2
        while rd < rounds - 1 and alive > keep:
            worst = -1
            for i in range(n):
                if S[o + SC_ALIVE + i] != 0 and i != own:
                    # a lower mean, compared without division: sum_i / cnt_i < sum_w / cnt_w
                    if worst < 0 or S[o + SC_SUM + i] * S[o + SC_CNT + worst] \
                            < S[o + SC_SUM + worst] * S[o + SC_CNT + i]:
                        worst = i
            S[o + SC_ALIVE + worst] = 0
            alive -= 1
    best = own
    for i in range(n):
        if S[o + SC_ALIVE + i] != 0 and i != own and S[o + SC_DIFF + i] > 0:
            # mean difference d / c over its standard error: (d / c) / sqrt((d2 / c - (d / c)^2) / c) > z / 100,
            # squared and multiplied out: 10000 d^2 > z^2 (c d2 - d^2)
            c = S[o + SC_CNT + i] * 1.0
            d = S[o + SC_DIFF + i] * 1.0
            better = best == own or S[o + SC_SUM + i] * S[o + SC_CNT + best] > S[o + SC_SUM + best] * S[o + SC_CNT + i]
            if better and 10000.0 * d * d > z * z * (c * S[o + SC_DIFF2 + i] - d * d):
                best = i
    return best


#: what ``log_race`` takes from the engine: the search region's columns, the events that
#: record an option and its count, and the engine's ``log_event(S, code, p, c, v)``
LOG_RACE_NAMES = ("G_SCR", "SC_OPT", "SC_SUM", "SC_CNT", "EV_SEARCH", "EV_SEARCHN", "log_event")


def log_race(S, p, n):
    """(A logged game.) What ``race`` found for seat p's n options: for each option that had
    rollouts, EV_SEARCH (the option, its win twelfths) then EV_SEARCHN (the option, its
    rollouts)."""
    o = S[G_SCR]
    for i in range(n):
        if S[o + SC_CNT + i] > 0:
            log_event(S, EV_SEARCH, p, S[o + SC_OPT + i], S[o + SC_SUM + i])
            log_event(S, EV_SEARCHN, p, S[o + SC_OPT + i], S[o + SC_CNT + i])
