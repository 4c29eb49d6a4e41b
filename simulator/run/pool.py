"""Worker pools that play tasks: in this process, in worker processes, or (in
``dask_backend``) on a Dask cluster (game-agnostic).

A pool is made for one function and one context, ``fn(context, task, idx)``: the
context (a match, a setup) is sent to each worker once, the tasks (a chunk of games, a
candidate to evaluate) are small. ``pool.map(tasks, accept)`` plays every task and hands
each result to ``accept(idx, result)`` as it arrives; ``accept`` returning True stops the
map early (the pool is then closed). A task that raises becomes a ``TaskCrash`` naming
it; a worker that dies is replaced and the task it was playing retried once. The runner
plays a run's chunks this way and ``dsim optimize`` its evaluations, so both get the
same retry, the same clean stop, and workers that never outlive their parent.
"""
from __future__ import annotations

import logging
import logging.handlers
import multiprocessing as mp
import os
from collections import deque
from multiprocessing.connection import wait

from ..errors import RunError
from .dask_backend import DaskPool
from .signals import worker_signals
from .tasks import TaskCrash, call_task, kill_fault

log = logging.getLogger("dsim.pool")

AHEAD = 2  # tasks a worker holds: the one it plays and the next, already in its pipe


class _PipeLog:
    """What a worker's QueueHandler puts its records into: the worker's own result pipe,
    so log lines reach the parent under any start method, in order with the results,
    with no lock shared between processes (a killed worker cannot block the others)."""

    def __init__(self, conn):
        self.conn = conn

    def put_nowait(self, record):
        self.conn.send(("log", -1, record))


def _worker(conn, fn, context, log_level):
    """A worker process: plays the tasks it is sent until told to stop, or until its
    parent is gone (killed, or stopped without saying so): it never outlives the run."""
    parent = worker_signals()
    root = logging.getLogger()
    root.handlers = [logging.handlers.QueueHandler(_PipeLog(conn))]  # lines go through the parent
    root.setLevel(log_level)
    while True:
        while not conn.poll(0.5):
            if os.getppid() != parent:
                return
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        idx, task = msg
        kill_fault(idx)
        try:
            conn.send(("ok", idx, call_task(fn, context, task, idx)))
        except TaskCrash as e:
            conn.send(("crash", idx, e))


class SerialPool:
    """Every task in this process, in order."""

    def __init__(self, fn, context):
        self.fn, self.context = fn, context

    def map(self, tasks, accept) -> bool:
        for idx in range(len(tasks)):
            if accept(idx, call_task(self.fn, self.context, tasks[idx], idx)):
                return True
        return False

    def close(self, cancel: bool = False) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close(cancel=exc[0] is not None)


class _Slot:
    def __init__(self, ctx, args):
        self.parent, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child,) + args, daemon=True)
        self.proc.start()
        child.close()
        self.held: deque = deque()  # tasks sent to this worker, in the order it plays them


class LocalPool(SerialPool):
    """Our own small pool of ``jobs`` worker processes, kept across maps: one pipe per
    worker, so a worker that dies is known with the tasks it held; the one it was playing
    is retried once on a fresh worker, the ones queued behind it are handed out again.
    Each worker holds AHEAD tasks, so the next is already in its pipe when one finishes.
    Workers start with the interpreter's start method (fork, spawn or forkserver) and
    send their log records through their pipe; the parent hands each to its own logger
    of the same name."""

    def __init__(self, fn, context, jobs: int):
        super().__init__(fn, context)
        self.jobs = jobs
        self.ctx = mp.get_context()
        self.args = (fn, context, logging.getLogger().getEffectiveLevel())
        self.slots: list[_Slot] = []
        self.closed = False

    def map(self, tasks, accept) -> bool:
        if self.closed:
            raise RunError("this pool was closed")
        retry: deque = deque()          # tasks a dead worker held, handed out again first
        deaths: dict[int, int] = {}     # task -> workers that died playing it
        fresh = iter(range(len(tasks)))
        nxt = next(fresh, None)
        slots = self.slots

        def feed(s, depth):  # hand worker s tasks until it holds depth (retried tasks first)
            nonlocal nxt
            while len(s.held) < depth and (retry or nxt is not None):
                if retry:
                    c = retry.popleft()
                else:
                    c, nxt = nxt, next(fresh, None)
                s.held.append(c)
                try:
                    s.parent.send((c, tasks[c]))
                except OSError:  # the worker just died: found below, and what it held handed out again
                    return

        try:
            while len(slots) < min(self.jobs, len(tasks)):  # each starts on its first task while the next is forked
                slots.append(_Slot(self.ctx, self.args))
                feed(slots[-1], 1)
            while True:
                for depth in range(1, AHEAD + 1):  # round robin: every worker's next task, then the one after
                    for s in slots:
                        feed(s, depth)
                busy = [s for s in slots if s.held]
                if not busy:
                    return False
                ready = wait([s.parent for s in busy] + [s.proc.sentinel for s in busy], timeout=1.0)
                for i, s in enumerate(slots):
                    if not s.held:
                        continue
                    if s.parent in ready or s.parent.poll():
                        try:
                            kind, idx, payload = s.parent.recv()
                        except (EOFError, OSError):
                            kind = None
                        if kind == "log":
                            logging.getLogger(payload.name).handle(payload)
                            continue
                        if kind == "ok":
                            s.held.popleft()
                            if accept(idx, payload):
                                self.close(cancel=True)
                                return True
                            continue
                        if kind == "crash":
                            log.debug("task %d crashed:\n%s", idx, payload.detail)
                            raise payload
                    if not s.proc.is_alive():
                        lost = s.held[0]
                        code = s.proc.exitcode
                        s.proc.join()
                        deaths[lost] = deaths.get(lost, 0) + 1
                        if deaths[lost] >= 2:
                            raise RunError(f"a worker process died twice on {_describe(tasks, lost)} "
                                           f"(exit code {code}); the run stops (out of memory? killed?)")
                        log.warning("worker %d died (exit code %s) on %s; retrying it", s.proc.pid, code,
                                    _describe(tasks, lost))
                        retry.extendleft(reversed(s.held))
                        slots[i] = _Slot(self.ctx, self.args)
        except BaseException:
            self.close(cancel=True)
            raise

    def close(self, cancel: bool = False) -> None:
        """Stop the workers: told to finish (or, with ``cancel``, terminated)."""
        self.closed = True
        slots, self.slots = self.slots, []
        for s in slots:
            try:
                if cancel or s.held:
                    s.proc.terminate()
                else:
                    s.parent.send(None)
            except Exception:  # noqa: BLE001 - already gone
                pass
        for s in slots:
            s.proc.join(timeout=2)
            if s.proc.is_alive():  # pragma: no cover - a worker stuck in a system call
                s.proc.kill()
                s.proc.join(timeout=2)
            s.parent.close()


def _describe(tasks, idx: int) -> str:
    """A task as a message names it: a chunk of games by its games, else by its number."""
    describe = getattr(tasks, "describe", None)
    return describe(idx) if describe else f"task {idx}"


def make_pool(fn, context, opts, tasks: int | None = None):
    """The pool for the workers of ``opts`` (a RunOptions) on its backend: in this process
    for one worker (or a single task), worker processes otherwise, or a Dask cluster (its
    scheduler, or a local one; its client, a client already connected)."""
    if opts.backend == "dask":
        return DaskPool(fn, context, opts.workers, opts.scheduler, opts.client)
    if opts.workers == 1 or tasks == 1:
        return SerialPool(fn, context)
    return LocalPool(fn, context, opts.workers)
