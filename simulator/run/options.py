"""What travels together from a command to its worker pool: a run's seed and where its
games are played. Results depend on the seed only, never on the rest."""
from __future__ import annotations

import os
from dataclasses import dataclass, replace


def default_jobs() -> int:
    """Worker processes when none are asked for: every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class RunOptions:
    """A run's ``seed``, and ``jobs`` workers (None: every core; 1: in this process) on
    ``backend``: "local" processes, or "dask" on the cluster at ``scheduler`` (a local one
    without), or through ``client``, a Dask client already connected. Checked by the
    library (``api.run_options``) before anything is played."""
    seed: int = 0
    jobs: int | None = None
    backend: str = "local"
    scheduler: str | None = None
    client: object = None

    @property
    def workers(self) -> int:
        return self.jobs or default_jobs()

    def with_seed(self, seed: int) -> "RunOptions":
        return replace(self, seed=seed)
