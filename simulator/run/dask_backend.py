"""Run a match's chunks on a Dask distributed cluster (``--backend dask``).

Every machine needs dsim installed (``pip install 'dsim[dask]'``). On several machines:
``dask scheduler`` on one, ``dask worker tcp://SCHEDULER:8786`` on each, then
``dsim run ... --backend dask --scheduler tcp://SCHEDULER:8786``. Without
``--scheduler`` a local cluster with one single-threaded worker process per core starts.
The chunks and their games are the same as with the local backend, so the results are
identical for the same seed.
"""
from __future__ import annotations

import logging

from ..errors import InputError, printable, short
from .tasks import call_task, kill_fault

log = logging.getLogger("dsim.dask")


def _remote(fn, context, task, idx):
    kill_fault(idx)
    return idx, call_task(fn, context, task, idx)


def client_for(scheduler: str | None, jobs: int | None):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--backend dask needs Dask, which is not installed",
                         hint="pip install 'dsim[dask]'") from None
    # Dask logs at INFO by default: follow dsim's level (warnings, or errors only with -q)
    level = max(logging.WARNING, logging.getLogger().getEffectiveLevel())
    logging.getLogger("distributed").setLevel(level)
    if scheduler:
        try:
            return Client(scheduler, timeout="10s"), None
        except (OSError, ValueError, TypeError) as e:
            raise InputError(f"cannot reach the Dask scheduler at {short(scheduler)}: {printable(str(e), 200)}",
                             hint="give an address like tcp://HOST:8786; start a scheduler with "
                                  "'dask scheduler' and workers with 'dask worker ADDRESS'") from None
    # a local cluster listens on the loopback only and opens no dashboard (dashboard=False;
    # the scheduler's small health/metrics HTTP server takes any free loopback port, not 8787)
    cluster = LocalCluster(n_workers=jobs or None, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address="127.0.0.1:0", scheduler_kwargs={"dashboard": False},
                           silence_logs=level)
    return Client(cluster), cluster


def _quiet_shutdown() -> None:
    """Run on each worker of a local cluster that is about to close: it logs nothing more."""
    logging.disable(logging.CRITICAL)


class DaskPool:
    """A pool (``simulator.run.pool``) on a Dask cluster: the context is scattered to every
    worker once; at most ``window`` tasks are in flight (twice the cluster's threads, at
    least 4), the next submitted as one finishes, so a run of a billion games never
    floods the scheduler. A task is retried once if it raises; a task whose worker died
    is rescheduled by Dask itself."""

    def __init__(self, fn, context, jobs=None, scheduler=None, client=None):
        self.own = client is None
        self.cluster = None
        if self.own:
            client, self.cluster = client_for(scheduler, jobs)
        self.client = client
        self.fn = fn
        try:
            self.context = client.scatter([context], broadcast=True)[0]  # one object, not one per item
            threads = sum(client.nthreads().values())
        except BaseException:
            self.close()
            raise
        self.window = max(4, 2 * max(threads, jobs or 1))
        self.most_in_flight = 0  # the largest number of tasks submitted and not yet done (for the tests)

    def map(self, tasks, accept) -> bool:
        from dask.distributed import as_completed
        todo = iter(range(len(tasks)))
        running = as_completed()

        def submit() -> None:
            idx = next(todo, None)
            if idx is not None:
                running.add(self.client.submit(_remote, self.fn, self.context, tasks[idx], idx, pure=False,
                                               retries=1))
                self.most_in_flight = max(self.most_in_flight, running.count())

        for _ in range(self.window):
            submit()
        try:
            for fut in running:
                idx, result = fut.result()
                if accept(idx, result):
                    return True
                submit()
            return False
        finally:
            for fut in list(running.futures):
                fut.cancel()

    def close(self, cancel: bool = False) -> None:
        if self.own:
            self.own = False
            if self.cluster is None:
                self.client.close()
                return
            # the local cluster's shutdown is not the run's business: a worker whose heartbeat
            # was on its way as the cluster closed logged "Failed to communicate with scheduler
            # during heartbeat" and a traceback, even with -q (one run in 20 on a busy machine)
            distributed = logging.getLogger("distributed")
            level = distributed.level
            try:
                try:
                    self.client.run(_quiet_shutdown)
                except Exception:  # a worker already gone: nothing of it to quiet
                    pass
                distributed.setLevel(logging.CRITICAL + 1)  # the nannies (in this process) alike
                self.client.close()
            finally:  # (the cluster closed even when a Ctrl-C lands in the above)
                self.cluster.close()
                distributed.setLevel(level)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
