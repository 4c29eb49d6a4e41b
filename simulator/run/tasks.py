"""What a pool's task is on any backend (the local pools of ``pool`` and Dask's workers
of ``dask_backend``): how it is called, how its failure is reported, and the tests'
fault injection that kills the worker playing it."""
from __future__ import annotations

import os
import signal
import traceback

from ..errors import RunError


class TaskCrash(RunError):
    """A task raised; carries what is needed to say where (and, for a game, to replay it).
    ``task``: the task's index; ``first_game`` and ``game``: for a chunk of games, its
    first game and the game that failed (None when unknown); ``detail``: the traceback."""

    def __init__(self, message: str, task: int, first_game: int | None = None, game: int | None = None,
                 detail: str = ""):
        self.task = task
        self.first_game = first_game
        self.game = game
        self.detail = detail
        super().__init__(message)

    @property
    def chunk(self) -> int:
        return self.task

    def __reduce__(self):  # picklable with its fields (it crosses a pipe or the network)
        return (type(self), (str(self), self.task, self.first_game, self.game, self.detail))


def kill_fault(idx: int) -> None:
    """Fault injection for the tests (DSIM_FAULT), in a worker process (ours or Dask's):
    ``kill:K:MARKER`` kills the worker that gets task K while MARKER does not exist
    (creating it: a single death), ``kill:K`` kills it every time."""
    spec = os.environ.get("DSIM_FAULT", "")
    if not spec.startswith("kill:"):
        return
    _, k, *marker = spec.split(":", 2)
    if int(k) != idx:
        return
    if marker:
        if os.path.exists(marker[0]):
            return
        open(marker[0], "w").close()
    os.kill(os.getpid(), signal.SIGKILL)


def call_task(fn, context, task, idx):
    """``fn(context, task, idx)``, any exception it raises as a TaskCrash."""
    try:
        return fn(context, task, idx)
    except TaskCrash:
        raise
    except Exception as e:  # noqa: BLE001 - reported with its context
        raise TaskCrash(f"{type(e).__name__}: {e}", idx, getattr(e, "first_game", None), getattr(e, "game", None),
                        traceback.format_exc()) from e
