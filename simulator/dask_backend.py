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

from .errors import InputError, printable, short

log = logging.getLogger("dsim.dask")


def _remote_chunk(game_name, match, seed, first, n, paired, records, idx):
    from .games import get_game
    from .runner import _play_chunk
    return idx, _play_chunk(get_game(game_name), match, seed, first, n, paired, records, idx)


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


def run_chunks_dask(game, match, seed, paired, records, chunks, accept, scheduler=None, jobs=None,
                    client=None):
    """Submit every chunk; hand results to ``accept(idx, tally, records)`` as they finish
    (``accept`` returning True stops the run)."""
    from dask.distributed import as_completed
    own = client is None
    cluster = None
    if own:
        client, cluster = client_for(scheduler, jobs)
    try:
        remote_match = client.scatter(match, broadcast=True)
        futures = [client.submit(_remote_chunk, game.NAME, remote_match, seed, first, n, paired, records, idx,
                                 pure=False, retries=1)
                   for idx, (first, n) in enumerate(chunks)]
        for fut in as_completed(futures):
            idx, (tally, recs) = fut.result()
            if accept(idx, tally, recs):
                for f in futures:
                    f.cancel()
                break
    finally:
        if own:
            client.close()
            if cluster is not None:
                cluster.close()
