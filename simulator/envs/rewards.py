"""A learning seat's rewards, the same in every environment: "win", the win share at the
end (1 a win, 1/k a k-way tie, 0 a loss; nothing before); "lead", besides, at each step
the change in the seat's score minus the best other score since its last question (the
steps of a game add up to the lead at the end less the lead at its first question, 0 but
where a card dealt or played before it scores: a shaped reward)."""
from __future__ import annotations

import numpy as np

from ..errors import one_error, short

KINDS = ("win", "lead")


class Rewards:
    def __init__(self, kind: str, bot: int):
        if kind not in KINDS:
            raise one_error(f"reward must be one of {', '.join(KINDS)}, not {short(kind)}")
        self.kind, self.bot, self.prev = kind, bot, None

    def lead(self, scores: np.ndarray) -> np.ndarray:
        """Each row's score of the learner minus the best other (a column per bot)."""
        others = np.delete(scores, self.bot, axis=1)
        return scores[:, self.bot] - (others.max(axis=1) if others.shape[1] else 0)

    def start(self, batch) -> None:
        """The rows were dealt: their leads at their first questions."""
        self.prev = self.lead(batch.scores()).astype(np.float64)

    def step(self, batch, ended: np.ndarray, rows=None) -> np.ndarray:
        """The reward of each row (of ``rows``, default all) for the step just taken."""
        rows = slice(None) if rows is None else np.asarray(rows)  # (all rows: no index arrays, each step)
        ended = ended[rows]
        r = np.where(ended, batch.won(self.bot)[rows], 0.0)
        if self.kind == "lead":
            now = self.lead(batch.scores()[rows]).astype(np.float64)
            final = self.lead(batch.final()[rows]).astype(np.float64)
            r += np.where(ended, final, now) - self.prev[rows]
            self.prev[rows] = now  # a row reset at once: its next game's first lead
        return r
