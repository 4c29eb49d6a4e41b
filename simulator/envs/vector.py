"""A learning seat in n games at once, each dealt its next game as soon as one ends: the
batched environment, numpy arrays in and out, one compiled call per step (``Batch``)."""
from __future__ import annotations

import numpy as np

from ..kernels.stepping import IO_GAME
from .core import Batch, learning_table
from .rewards import Rewards


class VectorEnv:
    """``n`` games of one learning seat against ``opponents`` (bot files; see
    ``learning_table``), row r playing games r, r + n, r + 2n ... of the run with
    ``seed``. ``reset`` gives each row's first observation and action mask; ``step``
    takes one action per row and gives the next (a row whose game ended is at its next
    game's first question: same-step reset), the rewards and which rows' games ended.
    ``reward``: "win" (the win share at the end: 1, 1/k for a k-way tie, 0) or "lead"
    (besides, at each step the change in your score minus the best other score)."""

    def __init__(self, game: str | None = None, n: int = 64, opponents=None, setup=None, seat: int | None = None,
                 rules: dict | None = None, reward: str = "win", seed: int = 0, copy: bool = True):
        """``copy`` False: ``reset`` and ``step`` return the environment's own arrays, which
        the next step overwrites (no copy: the fastest; keep what you need). ``n``: 64 rows,
        or up to 128 for a game whose rows are small, step fastest per core here: more rows
        outgrow the core's cache (docs/learn.md, "Throughput")."""
        g, match, learners, seats = learning_table(game, opponents, setup, 1, seat, rules)
        self.num_envs = n
        self.batch = Batch(g, match, n, learners, seed, seats, autoreset=True)
        self.learner = learners[0]
        self.rewards = Rewards(reward, self.learner)
        self.spec = self.batch.spec
        self.n_actions = self.spec.n_actions
        self.obs_size = self.spec.obs_size
        self.copy = copy
        self._dealt = False

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Deal every row a game: with ``seed``, the run's first games (row r: game r); without,
        after the first reset, each row's next game (row r: r + n, r + 2n ...).
        Returns (observations, action masks)."""
        b = self.batch
        rows = np.arange(self.num_envs)
        if seed is not None:
            b.seed = seed
        games = rows if seed is not None or not self._dealt else b.io[:, IO_GAME] + self.num_envs
        self._dealt = True
        b.reset(rows, games)
        self.rewards.start(b)
        return self._out(b.obs), self._out(b.mask)

    def _out(self, x: np.ndarray) -> np.ndarray:
        return x.copy() if self.copy else x

    def step(self, actions) -> tuple:
        """(observations, action masks, rewards, ended, info): ``ended[r]``, row r's game
        ended in this step (its reward includes the result; the row now shows its next
        game); info: "wins" (the learner's win share in the rows that ended), "games"
        (the game each row now plays)."""
        b = self.batch
        b.step(actions)
        ended = b.ended.copy()
        reward = self.rewards.step(b, ended)
        info = {"wins": b.won(self.learner)[ended], "games": b.io[:, IO_GAME].copy()}
        return self._out(b.obs), self._out(b.mask), reward, ended, info
