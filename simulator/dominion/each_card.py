"""``dsim optimize --each-card``: every kingdom card ranked as Big Money + X. For each card,
the optimiser evolves the best money bot that may use only that card (on the basic supply
plus the card), then the cards are ranked by that bot's win rate against one bot (Big
Money Ultimate by default) on fresh seeds. A card whose best bot never buys it is said to
be so, and ranked as plain Big Money would be: last among the cards it ties with."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .. import api
from ..errors import InputError, InputErrors
from ..games import game_of_bots
from ..report.outfiles import write_all, write_csv, write_json
from ..tools.optimizer import (ROOT, _count, _damaged, _load_state, _same_run, check_advanced, optimize,
                               parse_budget, replace_folder, saved_seed)

RANKING_COLS = ["card", "win_rate", "ci_low", "ci_high", "games", "generations", "buys_it", "bot"]


def each_card(against=None, edition: int = 1, budget="30m", generations: int | None = None, seed: int | None = None,
              jobs: int | None = None, out=None, progress=None, cards=None, backend: str = "local",
              scheduler: str | None = None, players: int = 2, **advanced):
    """For every kingdom card of the edition (or ``cards``), evolve the best money bot
    using only that card, then rank the cards by its win rate against ``against``
    (default Big Money Ultimate) on fresh seeds. With ``out``, each finished card is
    saved there (``each_card.json``) and a stopped run resumes from the next card.
    Returns an EachCard: ``ranking`` (a DataFrame), ``bots`` ({card: text}), ``meta``
    (partial, the cards that ran no generation)."""
    if out is not None:
        out = Path(api.path_arg("out", out, "folder"))
    if against is None:
        against = ROOT / "strategies" / "big_money_ultimate.yaml"
    if isinstance(against, (list, tuple)):
        if len(against) != 1:
            raise InputErrors([InputError("--each-card ranks every card against one bot, not "
                                          f"{len(against)}", hint="give one --against BOT")])
        against = against[0]
    opp = api.load_bots([against])
    game = game_of_bots(opp)
    genome = game.optimizer()
    if not hasattr(genome, "each_card_pool"):
        raise InputErrors([InputError(f"--each-card ranks Dominion's kingdom cards; {opp[0].name} is a "
                                      f"{game.LABELS['game']} bot", hint="give a Dominion --against bot")])
    edition = api.whole("edition", edition, 1, 2)
    players = api.whole("players", players, game.MIN_PLAYERS, game.MAX_PLAYERS)
    pool = genome.each_card_pool(edition, cards)
    seed = api.whole("seed", seed, 0, api.MAX_SEED, none_ok=True)
    if seed is None:
        seed = saved_seed(out, ("each_card.json",))
    seed = 1 if seed is None else seed
    generations = api.whole("generations", generations, 1, 100_000, none_ok=True)
    total = None if generations else parse_budget(budget)
    advanced = check_advanced(**advanced)
    key = {"against": opp[0].source, "edition": edition, "cards": [c.name for c in pool], "seed": seed,
           "players": players, **{k: v for k, v in advanced.items() if k != "pool_cards"}}
    done = _each_card_state(out, key)
    spent = done["seconds"]
    # the cards ranked before are kept; those that ran no generation are tried again
    rows, bots = [r for r in done["rows"] if "win_rate" in r], done["bots"]
    t0 = time.perf_counter()
    stopped = None
    try:
        for c in pool:
            if any(r["card"] == c.name for r in rows):
                continue
            # an equal share of what is left, so the whole run keeps to the budget
            left = len(pool) - len(rows)
            per_card = None if total is None else max(1.0, 0.99 * (total - spent - (time.perf_counter() - t0)) / left)
            k = genome.money_kingdom(c, edition)
            res = optimize(k, opp, players, per_card or 1, generations, seed, jobs, None, progress=None,
                           backend=backend, scheduler=scheduler, **dict(advanced, pool_cards=(c,)))
            if res.meta["partial"]:
                stopped = "interrupt"
                break
            if len(res.leaderboard):
                r = res.leaderboard.iloc[0]
                buys = any(rule.item == c.name for rule in res.best.get("buy"))
                rows.append({"card": c.name, "win_rate": float(r.win_rate), "ci_low": float(r.ci_low),
                             "ci_high": float(r.ci_high), "games": int(r.games),
                             "generations": res.meta["generations"], "buys_it": buys,
                             "bot": res.render(res.best, f"Big Money + {c.name}").replace("\n", " | ")})
                bots[c.name] = res.render(res.best, f"Big Money + {c.name}", [
                    f"the best Big Money + {c.name} found" if buys else
                    f"the best Big Money + {c.name} found never buys {c.name}"])
            else:  # no generation ran in its share of the budget: not ranked
                rows.append({"card": c.name, "generations": 0})
            if progress:
                progress(f"{c.name}: {_said(rows[-1])} against {opp[0].name}"
                         if "win_rate" in rows[-1] else f"{c.name}: no generation ran in its {per_card:.0f} s; "
                         "not ranked")
            if out is not None:
                state = {"key": key, "rows": rows, "bots": bots, "seconds": spent + time.perf_counter() - t0}
                write_all(out, [lambda st=state: write_json(st, out / "each_card.json")])
    except KeyboardInterrupt:
        stopped = "interrupt"
    ranked = [r for r in rows if "win_rate" in r]
    ranking = pd.DataFrame(ranked, columns=RANKING_COLS)
    ranking["buys_it"] = ranking["buys_it"].fillna(True).astype(bool)  # rows saved before the column
    # a card its best bot never buys ranks after every card that is bought
    ranking = ranking.sort_values(["buys_it", "win_rate"], ascending=False, kind="stable").reset_index(drop=True)
    unranked = [r["card"] for r in rows if "win_rate" not in r]
    meta = {"against": opp[0].name, "edition": edition, "players": players, "seed": seed,
            "cards_total": len(pool), "cards_done": len(rows), "not_ranked": unranked,
            "partial": stopped is not None, "stopped_by": stopped or "cards",
            "seconds": round(spent + time.perf_counter() - t0, 1),
            "never_bought": ranking.card[~ranking.buys_it].tolist()}
    if unranked:
        meta["warning"] = (f"{len(unranked)} of {len(pool)} cards ran no generation in their share of the budget "
                           f"and are not ranked ({', '.join(unranked[:5])}{', ...' if len(unranked) > 5 else ''}); "
                           "give a larger --budget")
    return EachCard(ranking, bots, meta)


@dataclass
class EachCard:
    ranking: pd.DataFrame
    bots: dict
    meta: dict


def _each_card_state(out, key) -> dict:
    """The cards an earlier run into ``out`` finished (with the same settings), or none."""
    st = _load_state(None if out is None else out / "each_card.json", "optimize --each-card")
    if st is None:
        return {"rows": [], "bots": {}, "seconds": 0.0}
    path = out / "each_card.json"
    _same_run(st, key, out, "--each-card")
    rows, bots = st.get("rows"), st.get("bots")
    ok = isinstance(rows, list) and isinstance(bots, dict) and all(
        isinstance(r, dict) and isinstance(r.get("card"), str) and r["card"] in key["cards"]
        and (("win_rate" in r) == (r["card"] in bots)) for r in rows)
    if not ok or not all(isinstance(t, str) for t in bots.values()):
        raise _damaged(path, "its cards are not a list of finished cards")
    try:
        seconds = float(_count(st.get("seconds"), "seconds", real=True))
    except ValueError as e:
        raise _damaged(path, e) from None
    return {"rows": rows, "bots": bots, "seconds": seconds}


def write_each_card(res: EachCard, out, command: str | None = None) -> list:
    """cards_ranking.csv, cards/*.yaml (only this ranking's), cards_ranking.png and
    run.json into ``out``; returns the files written."""
    out = Path(out)
    meta = dict(res.meta, command=command)
    writers = [lambda: write_csv(res.ranking, out / "cards_ranking.csv"),
               lambda: replace_folder(out / "cards", "*.yaml", {
                   f"{name.lower().replace(' ', '_')}.yaml": text for name, text in res.bots.items()}),
               lambda: write_json(meta, out / "run.json")]
    if len(res.ranking):
        from ..report.charts import cards_ranking
        writers.append(lambda: cards_ranking(res.ranking, out / "cards_ranking.png", meta["against"],
                                             partial=meta["partial"]))
    return write_all(out, writers)




def _said(row: dict) -> str:
    if "win_rate" not in row:
        return "not ranked"
    rate = f"{100 * row['win_rate']:.1f}%"
    return rate if row.get("buys_it", True) else f"never buys it ({rate} as plain money)"
