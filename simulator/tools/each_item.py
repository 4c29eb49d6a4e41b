"""``dsim optimize --each-card``: every item of a game ranked as a baseline bot + X, for a
game that offers it (its optimizer's ``EACH_ITEM``: the items, the baseline bot, the
setup each item is ranked on). For each item the optimiser evolves the best baseline bot that may use
only that item (on the game's setup for it), then the items are ranked by that bot's win
rate against one bot (the game's default opponent) on fresh seeds. An item whose best bot
never uses it is said to be so, and ranked as the plain baseline would be: last among the
items it ties with."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .. import api
from ..errors import one_error, printable
from ..games import STRATEGIES, game_of_bots, offers
from ..report.outfiles import pct, write_all, write_csv, write_json, write_text
from ..report.reports import text_rows
from .optimizer import (ROOT, check_advanced, count_field, damaged, load_state, optimize, parse_budget,
                        replace_folder, same_run, saved_seed)


def files(each: dict) -> tuple:
    """What a ranking of ``each`` (a game's EACH_ITEM) writes (docs/optimize.md)."""
    w = each["item"]
    return (f"{w}s_ranking.csv", f"{w}s_ranking.png", f"{w}s/", "baseline.yaml", "run.json", f"each_{w}.json")


def ranking_columns(each: dict) -> list:
    return [each["item"], "win_rate", "ci_low", "ci_high", "games", "generations", _uses(each), "bot"]


def _uses(each: dict) -> str:
    """The column that says whether an item's best bot uses it ('buys_it')."""
    return f"{each['uses']}_it"


def ranker(game):
    """The optimizer tools of ``game`` when it ranks its items, else an InputErrors."""
    if "each_item" not in offers(game):
        raise one_error(f"{game.LABELS['game']} does not rank its {game.LABELS['items']} (--each-card)",
                        hint="give --against a bot of a game that does")
    return game.optimizer()


def each_item(game, against=None, edition: int = 1, budget="30m", generations: int | None = None,
              seed: int | None = None, jobs: int | None = None, out=None, progress=None, items=None,
              backend: str = "local", scheduler: str | None = None, players: int = 2, **advanced):
    """For every item of ``game``'s ranking (of the ``edition``, or ``items``), evolve the
    best baseline bot using only that item, then rank the items by its win rate against
    ``against`` (default: the game's) on fresh seeds. With ``out``, each finished item is
    saved there and a stopped run resumes from the next one. Returns an EachItem:
    ``ranking`` (a DataFrame), ``bots`` ({item: text}), ``meta`` (partial, the items that
    ran no generation)."""
    tools = ranker(game)
    each = tools.EACH_ITEM
    word = each["item"]
    if out is not None:
        out = Path(api.path_arg("out", out, "folder"))
    if against is None:
        against = ROOT / STRATEGIES / each["against"]
    if isinstance(against, (list, tuple)):
        if len(against) != 1:
            raise one_error(f"{each['option']} ranks every {word} against one bot, not {len(against)}",
                            hint="give one --against BOT")
        against = against[0]
    opp = api.load_bots([against])
    if game_of_bots(opp) is not game:
        raise one_error(f"{each['option']} ranks {game.LABELS['game']}'s {each['what']}; {opp[0].name} is a "
                        f"{game_of_bots(opp).LABELS['game']} bot", hint=f"give a {game.LABELS['game']} --against bot")
    edition = api.whole("edition", edition, 1, 2)
    players = api.whole("players", players, game.MIN_PLAYERS, game.MAX_PLAYERS)
    pool = tools.each_item_pool(edition, items)
    seed = api.whole("seed", seed, 0, api.MAX_SEED, none_ok=True)
    if seed is None:
        seed = saved_seed(out, (files(each)[-1],))
    seed = 1 if seed is None else seed
    generations = api.whole("generations", generations, 1, 100_000, none_ok=True)
    total = parse_budget(budget)  # checked even when the generations say when to stop
    total = None if generations else total
    advanced = check_advanced(**advanced)
    key = {"against": opp[0].source, "edition": edition, f"{word}s": [c.name for c in pool], "seed": seed,
           "players": players, **{k: v for k, v in advanced.items() if k != "pool_cards"}}
    done = _state(out, key, each)
    spent = done["seconds"]
    # the items ranked before are kept; those that ran no generation are tried again
    rows, bots = [r for r in done["rows"] if "win_rate" in r], done["bots"]
    baseline = done.get("baseline") if "win_rate" in (done.get("baseline") or {}) else None
    t0 = time.perf_counter()
    stopped = None

    def share():  # an equal share of what is left (the baseline is one more share), so the run keeps to the budget
        left = len(pool) - len(rows) + (baseline is None)
        return None if total is None else max(1.0, 0.99 * (total - spent - (time.perf_counter() - t0)) / left)

    def save():
        if out is not None:
            state = {"key": key, "rows": rows, "bots": bots, "baseline": baseline,
                     "seconds": spent + time.perf_counter() - t0}
            write_all(out, [lambda: write_json(state, out / files(each)[-1])])
    try:
        if baseline is None:  # the baseline bot alone, evolved with no item: what every item adds to
            per_item = share()
            res = optimize(tools.item_setup(None, edition), opp, players, per_item or 1, generations, seed, jobs, None,
                           progress=None, backend=backend, scheduler=scheduler, **dict(advanced, pool_cards=()))
            if res.meta["partial"]:
                raise KeyboardInterrupt
            baseline = _row(res, None, each, None)
            if progress:
                progress(f"{_alone(each)}: {_said(baseline, each)} against {opp[0].name}" if "win_rate" in baseline
                         else f"{_alone(each)}: no generation ran in its {per_item:.0f} s")
            save()
        for c in pool:
            if any(r[word] == c.name for r in rows):
                continue
            per_item = share()
            res = optimize(tools.item_setup(c, edition), opp, players, per_item or 1, generations, seed, jobs, None,
                           progress=None, backend=backend, scheduler=scheduler, **dict(advanced, pool_cards=(c,)))
            if res.meta["partial"]:
                stopped = "interrupt"
                break
            rows.append(_row(res, c, each, tools.uses))
            if "win_rate" in rows[-1]:
                uses = rows[-1][_uses(each)]
                name = f"{each['baseline']} + {c.name}"
                bots[c.name] = res.render(res.best, name, [f"the best {name} found" if uses else
                                                           f"the best {name} found never {each['uses']} {c.name}"])
            if progress:
                progress(f"{c.name}: {_said(rows[-1], each)} against {opp[0].name}"
                         if "win_rate" in rows[-1] else f"{c.name}: no generation ran in its {per_item:.0f} s; "
                         "not ranked")
            save()
    except KeyboardInterrupt:
        stopped = "interrupt"
    return _ranked(rows, bots, pool, each, stopped,
                   {"against": opp[0].name, "edition": edition, "players": players, "seed": seed,
                    "seconds": round(spent + time.perf_counter() - t0, 1), "alone": baseline})


def _row(res, item, each: dict, uses) -> dict:
    """An item's row: its best bot's record against the opponent on fresh seeds (and
    whether the bot ``uses`` the item), or only that no generation ran in its share of the
    budget (not ranked)."""
    name = item.name if item else None
    if not len(res.leaderboard):
        return {each["item"]: name, "generations": 0}
    r = res.leaderboard.iloc[0]
    row = {each["item"]: name, "win_rate": float(r.win_rate), "ci_low": float(r.ci_low), "ci_high": float(r.ci_high),
           "games": int(r.games), "generations": res.meta["generations"]}
    if item is None:  # the baseline: its bot kept whole (it is written beside the items' bots)
        return {**row, "bot": res.render(res.best, _alone(each))}
    return {**row, _uses(each): uses(res.best, item.name),
            "bot": res.render(res.best, f"{each['baseline']} + {item.name}").replace("\n", " | ")}


def _alone(each: dict) -> str:
    """The baseline's name: the baseline bot with no item."""
    return f"{each['baseline']} alone (no {each['item']})"


def _ranked(rows: list, bots: dict, pool: list, each: dict, stopped, meta: dict) -> "EachItem":
    """The ranking of the finished rows: best first, an item its best bot never uses after
    every item that is used. The baseline is the best bot found that uses no item (the
    baseline's own evolution, or an item's whose best bot never used it: all measured on
    the same fresh seeds), stated once; an item whose best bot never uses it adds nothing
    to it, and is shown at the baseline's record."""
    word = each["item"]
    col = _uses(each)
    ranked = [r for r in rows if "win_rate" in r]
    numbers = ("win_rate", "ci_low", "ci_high", "games")
    alone = meta.get("alone") if "win_rate" in (meta.get("alone") or {}) else None
    for r in ranked:
        if not r.get(col, True) and (alone is None or r["win_rate"] > alone["win_rate"]):
            alone = {**{k: r[k] for k in numbers}, "generations": r["generations"], "bot": bots[r[word]],
                     "found_with": r[word]}
    if alone is not None:
        ranked = [r if r.get(col, True) else {**r, **{k: alone[k] for k in numbers}} for r in ranked]
    meta = {**meta, "alone": alone}
    ranking = pd.DataFrame(ranked, columns=ranking_columns(each))
    ranking[col] = ranking[col].fillna(True).astype(bool)  # rows saved before the column
    ranking = ranking.sort_values([col, "win_rate"], ascending=False, kind="stable").reset_index(drop=True)
    unranked = [r[word] for r in rows if "win_rate" not in r]
    meta = {**meta, "item": word, f"{word}s_total": len(pool), f"{word}s_done": len(rows), "not_ranked": unranked,
            "partial": stopped is not None, "stopped_by": stopped or f"{word}s",
            f"never_{each['used']}": ranking[word][~ranking[col]].tolist(), "baseline": each["baseline"],
            "uses": _uses(each), "used": each["used"]}
    if unranked:
        meta["warning"] = (f"{len(unranked)} of {len(pool)} {word}s ran no generation in their share of the budget "
                           f"and are not ranked ({', '.join(unranked[:5])}{', ...' if len(unranked) > 5 else ''}); "
                           "give a larger --budget")
    return EachItem(ranking, bots, meta)


@dataclass
class EachItem:
    ranking: pd.DataFrame
    bots: dict
    meta: dict


def _state(out, key: dict, each: dict) -> dict:
    """The items an earlier run into ``out`` finished (with the same settings), or none."""
    word, name = each["item"], files(each)[-1]
    st = load_state(None if out is None else out / name, f"optimize {each['option']}")
    if st is None:
        return {"rows": [], "bots": {}, "seconds": 0.0}
    path = out / name
    same_run(st, key, out, each["option"])
    rows, bots = st.get("rows"), st.get("bots")
    ok = isinstance(rows, list) and isinstance(bots, dict) and all(
        isinstance(r, dict) and isinstance(r.get(word), str) and r[word] in key[f"{word}s"]
        and (("win_rate" in r) == (r[word] in bots)) for r in rows)
    if not ok or not all(isinstance(t, str) for t in bots.values()):
        raise damaged(path, f"its {word}s are not a list of finished {word}s")
    baseline = st.get("baseline")
    numbers = ("win_rate", "ci_low", "ci_high", "games", "generations")
    if baseline is not None and not (isinstance(baseline, dict) and isinstance(baseline.get("bot"), str)
                                     and all(isinstance(baseline.get(k), (int, float)) for k in numbers)):
        raise damaged(path, "its baseline is not a finished bot's record")
    try:
        seconds = float(count_field(st.get("seconds"), "seconds", real=True))
    except ValueError as e:
        raise damaged(path, e) from None
    return {"rows": rows, "bots": bots, "seconds": seconds, "baseline": baseline}


def format_ranking(res: EachItem) -> str:
    """The ranking as the terminal shows it: best first, one line per item (whether its
    best bot used it, its win rate with the interval, the games and generations), or a
    line that says why no item is ranked."""
    m = res.meta
    word, used = m["item"], m["uses"]
    if not len(res.ranking):
        return f"no {word} ranked: {m[word + 's_done']} of {m[word + 's_total']} {word}s finished" + (
            ", none in a generation of its own (give a larger --budget)" if m["not_ranked"] else "")
    lines = [f"{m['baseline']} + each {word} against {printable(m['against'])}, {m['players']} players "
             f"(even share {pct(1 / m['players'])}):"]
    alone = m.get("alone") or {}
    if "win_rate" in alone:
        lines.append(f"the baseline, the best {m['baseline']} bot found with no {word}: {pct(alone['win_rate'])} "
                     f"[{pct(alone['ci_low'])}, {pct(alone['ci_high'])}]; a {word} its bot never {m['used']} "
                     "is shown at it")
    lines += text_rows(res.ranking, [word, used.replace("_", " "), "win rate", "95% CI", "games", "generations"],
                   lambda r: [r[0], "yes" if getattr(r, used) else "no", pct(r.win_rate),
                              f"[{pct(r.ci_low)}, {pct(r.ci_high)}]", f"{r.games:,}", str(r.generations)])
    return "\n".join(lines)


def write_each_item(res: EachItem, out, command: str | None = None) -> list:
    """The ranking's CSV, its bots (only this ranking's), its chart and run.json into
    ``out``; returns the files written."""
    out = Path(out)
    meta = dict(res.meta, command=command)
    word = meta["item"]
    writers = [lambda: write_csv(res.ranking, out / f"{word}s_ranking.csv"),
               lambda: replace_folder(out / f"{word}s", "*.yaml", {
                   f"{name.lower().replace(' ', '_')}.yaml": text for name, text in res.bots.items()}),
               lambda: write_json(meta, out / "run.json")]
    if (meta.get("alone") or {}).get("bot"):
        found = meta["alone"].get("found_with")
        head = f"# the baseline: the best {meta['baseline']} bot found with no {word}" + (
            f" (found while ranking {found}, whose best bot never {meta['used']} it)\n" if found else "\n")
        writers.append(lambda: write_text(head + meta["alone"]["bot"], out / "baseline.yaml"))
    if len(res.ranking):
        from ..report.charts import items_ranking
        writers.append(lambda: items_ranking(res.ranking, out / f"{word}s_ranking.png", meta))
    return write_all(out, writers)


def _said(row: dict, each: dict) -> str:
    if "win_rate" not in row:
        return "not ranked"
    rate = f"{100 * row['win_rate']:.1f}%"
    return rate if row.get(_uses(each), True) else f"never {each['uses']} it (its bot: {rate})"
