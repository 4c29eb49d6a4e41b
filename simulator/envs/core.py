"""Rows of games stepped decision by decision in one compiled call (simulator/kernels/stepping.py):
the arrays and the calls, for any game that offers "learn" (its ``stepping``). The
Gymnasium, PettingZoo and vector environments are built on it; it needs neither library."""
from __future__ import annotations

import numpy as np
from numba import config

from pathlib import Path

from .. import api
from ..errors import one_error, short
from ..games import DEFAULT, STRATEGIES as _STRATEGIES, GameFailure, game_name, game_of_bots, get_game, offers
from ..kernels import stepping as K
from ..kernels.ask_layout import asked_state
from ..kernels.tally_layout import SHARE, SEATS_FIXED, SEATS_ROTATE

#: the bot files that come with dsim (the default opponents)
STRATEGIES = Path(__file__).resolve().parent.parent.parent / _STRATEGIES
#: every observation's values lie within +-OBS_BOUND (counts, coins, points, seats; -1 for none)
OBS_BOUND = 1000.0
#: answers one turn may hold (a turn's decisions are played again from its start)
TAPE = 4096


class Batch:
    """``n`` games of ``match``, each stepped to the next question of a learning seat: the
    seats whose bots are ``learners`` (indices into the match's bots; a game stops at a
    question where it can, else their bots play on to the turn's end, and nothing of that
    is kept: docs/learn.md, "How it steps"). Game ``gi`` of
    the run with ``seed`` is the same game as ``dsim run``'s game gi (its deal and seats:
    ``seats`` "rotate" moves every bot a seat each game, "fixed" keeps the match's order)."""

    def __init__(self, game, match, n: int, learners, seed: int = 0, seats: str = "rotate",
                 autoreset: bool = False):
        """``autoreset``: a row whose game ends is dealt its next game in the same step
        (row r plays games r, r + n, r + 2n ... of the run once reset with game r)."""
        if "learn" not in offers(game):
            raise one_error(f"{game.LABELS['game']} does not offer learning environments")
        spec = game.stepping(match)
        self.game, self.match, self.spec, self.n = game, match, spec, n
        learners = sorted(set(int(b) for b in learners))
        if not learners or not all(0 <= b < len(match.bots) for b in learners):
            raise one_error(f"the learners are bots of the match, by index (0 to {len(match.bots) - 1}), "
                            f"not {short(learners)}")
        if not 1 <= n <= 1 << 20:
            raise one_error(f"a batch holds 1 to {1 << 20:,} games, not {short(n)}")
        self.learn_bits = sum(1 << b for b in learners)
        self.seed = seed
        self._failed = None  # a game the engine failed in: the rows must be reset
        self.seat_mode = {"rotate": SEATS_ROTATE, "fixed": SEATS_FIXED}[seats]
        proto = spec.state(0, TAPE)
        E = spec.layout
        proto.S[int(proto.S[E.G_ASK]) + K.Q_NOHINT] = 1  # nothing after a question is kept: no bot answers it
        self.S2 = np.ascontiguousarray(np.tile(proto.S, (n, 1)))
        self.R2 = np.zeros((n, len(proto.R)), np.uint64)
        self.SN = np.zeros((n, E.S_EV), np.int32)
        self.RN = np.zeros_like(self.R2)
        self.T, self.F, self.A = proto.T, proto.F, proto.A
        self.grec = np.zeros((n, E.NGR), np.int32)
        self.obs = np.zeros((n, spec.obs_size), np.float32)
        self.mask = np.zeros((n, spec.n_actions), np.int8)
        self.io = np.zeros((n, K.IO_COLS), np.int64)
        self.io[:, K.IO_PLAYER] = -1
        self.io[:, K.IO_LEARN] = self.learn_bits
        self.io[:, K.IO_AUTO] = int(autoreset)
        self.io[:, K.IO_STRIDE] = n
        self.io[:, K.IO_ENDED] = -1
        self._k = spec.kernels
        self._E = E

    # ---- the calls
    def reset(self, rows, games) -> None:
        """Deal row r game ``games[i]`` of the run for each r = rows[i], played to its first
        learning question."""
        rows = np.asarray(rows, np.int64)
        if self._failed is not None and len(np.unique(rows)) == self.n:
            self._failed = None
        self.io[rows, K.IO_RESET] = 1
        self.io[rows, K.IO_GAME] = games
        self.io[rows, K.IO_LEARN] = self.learn_bits
        if self._run(self._k.env_reset):
            self._check(rows)

    def step(self, actions) -> None:
        """Answer each row's open question with ``actions[r]``: a row whose game ends in it
        says so (``ended``, ``wins``, ``final``) and, with autoreset, is at its next game's
        first question; else it is left as it is until reset."""
        if self._failed is not None:
            raise one_error(f"a game of this batch failed ({self._failed}): reset every row before stepping on")
        actions = np.asarray(actions)
        if actions.shape != (self.n,) or actions.dtype.kind not in "iu":
            raise one_error(f"step takes one whole-number action per row ({self.n}), not an array of shape "
                            f"{actions.shape} and type {short(actions.dtype)}")
        self.io[:, K.IO_ACTION] = actions  # (the kernel checks them all before it steps a row)
        if self._run(self._k.env_step):
            self._check(None)

    def _run(self, kernel) -> int:
        """Run a stepping kernel on the rows; how many rows it left in error. (As plain
        Python, numpy would warn of the random streams' arithmetic, which wraps on purpose.)"""
        args = (self.S2, self.R2, self.SN, self.RN, self.T, self.F, self.A, self.grec,
                self.obs, self.mask, self.io, self.spec.koff, np.uint64(self.seed), self.seat_mode)
        if config.DISABLE_JIT:
            with np.errstate(over="ignore"):
                return kernel(*args)
        return kernel(*args)

    def _check(self, rows) -> None:
        """Raise the first error the kernel left in ``rows`` (None: all), if any."""
        err = self.io[:, K.IO_ERR] if rows is None else self.io[rows, K.IO_ERR]
        if not err.any():
            return
        r = int(np.flatnonzero(err)[0]) if rows is None else int(rows[np.flatnonzero(err)[0]])
        e = int(self.io[r, K.IO_ERR])
        self.io[:, K.IO_ERR] = 0
        if e == self._E.ERR_ANSWER:
            a = int(self.io[r, K.IO_ACTION])
            legal = np.flatnonzero(self.mask[r])
            raise one_error(f"action {a} is not legal in game row {r} (its mask allows "
                            f"{', '.join(str(x) for x in legal[:12])}{' ...' if len(legal) > 12 else ''})",
                            hint="take an action whose mask entry is 1")
        what = {K.ERR_OPTION: "an option with no action", K.ERR_TAPE: f"a turn of more than {TAPE} decisions"}
        self._failed = f"engine error in game {int(self.io[r, K.IO_GAME])}: {what.get(e, f'error {e}')}"
        raise GameFailure(self._failed, int(self.io[r, K.IO_GAME]))

    # ---- what the rows hold
    @property
    def seed(self) -> int:
        return self._seed

    @seed.setter
    def seed(self, value) -> None:
        """The run's seed: a whole number, 0 to 2**63 - 1."""
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value < 1 << 63:
            raise one_error(f"a seed is a whole number from 0 to 2**63 - 1, not {short(value)}")
        self._seed = int(value)

    @property
    def player(self) -> np.ndarray:
        """Each row's seat asked (-1: its game is over)."""
        return self.io[:, K.IO_PLAYER]

    @property
    def done(self) -> np.ndarray:
        return self.io[:, K.IO_PLAYER] < 0

    @property
    def ended(self) -> np.ndarray:
        """The rows whose game ended in the last step."""
        return self.io[:, K.IO_ENDED] >= 0

    def scores(self) -> np.ndarray:
        """Each row's bots' scores at its open question (a column per bot of the match)."""
        return self.io[:, K.IO_SCORE:K.IO_SCORE + self.match.players]

    def final(self) -> np.ndarray:
        """Each row's bots' scores at the end of its last game."""
        return self.io[:, K.IO_FINAL:K.IO_FINAL + self.match.players]

    def wins(self) -> np.ndarray:
        """Each row's bots' win shares at the end of its last game (1 a win, 1/k a k-way
        tie, 0)."""
        return self.io[:, K.IO_WIN:K.IO_WIN + self.match.players] / float(SHARE)

    def won(self, bot: int) -> np.ndarray:
        """``wins()`` of one bot (a row each): the column a learner's reward reads each step."""
        return self.io[:, K.IO_WIN + bot] / float(SHARE)

    def seat_bots(self, r: int) -> list[int]:
        """The bot of each seat of row r's game."""
        E = self._E
        return [int(b) for b in self.S2[r, E.S_SEAT:E.S_SEAT + self.match.players]]

    def learning_seats(self, r: int) -> list[int]:
        return [s for s, b in enumerate(self.seat_bots(r)) if self.learn_bits >> b & 1]

    def observe(self, r: int, seat: int) -> np.ndarray:
        """Seat ``seat``'s observation of row r's game as it stands: at its open question
        (the question itself only for the seat it is put to: another seat does not see
        what a question is about), or at its end."""
        E = self._E
        X = np.zeros(E.S_EV, np.int32)
        o = int(self.S2[r, E.G_ASK])
        over = bool(self.done[r])
        self._k.state_copy(self.S2[r], 0 if over else asked_state(self.S2[r], o), X, 0)
        OV = np.zeros(self.spec.obs_size, np.float32)
        asked = not over and int(self.player[r]) == seat
        self._k.observe(X, self.T, seat, self.S2[r], o if asked else -1, OV)
        return OV


def learning_table(game: str | None = None, opponents=None, setup=None, learners: int = 1, seat: int | None = None,
                   rules: dict | None = None) -> tuple:
    """(the game, the match, the learners' bot indices, the seating) of a table with
    ``learners`` learning seats and a bot of ``opponents`` (bot files) in each other seat.
    No opponents: the game's first ``dsim bench`` bot (strategies/), once unless
    ``learners`` fill the table. A learning seat's bot is the first opponent's (it
    decides nothing the learner is asked: where a game plays on past an open question, it
    throws that play away). ``seat`` (0-based, one learner): the learner always sits
    there; None: the seats rotate from game to game (game gi: bot b sits at seat (b - gi)
    mod players)."""
    opponents = list(opponents or [])
    if not opponents:
        g = get_game(game or DEFAULT).GAME
        if not g.BENCH:
            raise one_error(f"give the opponents' bot files: {g.LABELS['game']} has no default bot")
        default = str(STRATEGIES / g.BENCH[0][1][0])
        opponents = [default] if learners < 2 else []
        placeholder = default
    else:
        placeholder = opponents[0]
    players = learners + len(opponents)
    if seat is not None:
        if learners != 1:
            raise one_error("a seat is given for one learner only")
        seat = api.whole("seat", seat, 0, players - 1)
        bots = opponents[:seat] + [placeholder] + opponents[seat:]
        learning = [seat]
    else:
        bots = [placeholder] * learners + opponents
        learning = list(range(learners))
    match = api.prepare(bots, setup, None, rules, "fixed")
    g = game_of_bots(match.bots)
    if game is not None and game_name(game) != g.NAME:
        raise one_error(f"the bots are {g.LABELS['game']} bots, not {short(game)}")
    for b in learning:
        match.bot_names[b] = f"learner {learning.index(b) + 1}" if learners > 1 else "learner"
    return g, match, learning, "fixed" if seat is not None else "rotate"
