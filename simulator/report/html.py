"""``report.html``: one self-contained page per ``--out`` folder (game-agnostic).

Rendered with Jinja2 from ``templates/report.html.j2`` (autoescaped), with every chart
embedded as a data URI, so the file can be mailed or archived alone and opens with no
network. It shows what was run (bots and their YAML, setup, rules, seed, version, the
command that reproduces it), the result tables with their intervals, and each chart
with a sentence on how to read it.
"""
from __future__ import annotations

import base64
import shlex
from pathlib import Path

import numpy as np
import pandas as pd

from .outfiles import atomic_open, pct
from ..run.stats import (POOLED_DETAIL, fit_summary, fit_verdict, identical_note, identical_pair, interval_cells,
                         interval_name, largest_misses, setup_of, setups_of, stats_spec, tournament_title, words)

#: how to read each chart, by file name
CAPTIONS = {
    "progress.png": "Each generation's best and mean fitness: the mean win rate against that generation's own "
                    "opponents (the --against bots and the newest past bests), so the curves are not comparable "
                    "from one generation to the next; the title says the first generation's best and the best "
                    "found on the same fresh seeds.",
    "win_rates.png": "Each bar is a bot's win rate (a win shared by k players counts 1/k); the whiskers are the 95% "
                     "interval, so bots whose whiskers do not overlap differ by more than chance. The dashed line "
                     "is the even share.",
    "seats.png": "Each bar is a bot's win rate in one seat (seat 1 plays first), with its 95% interval; the dashed "
                 "line is the bot's rate over all seats, the dotted one the even share. With rotate seating the "
                 "bots keep their cyclic order (who plays after whom); --seats all plays every order equally often.",
    "game_length.png": "How long the games lasted, counted in {length}; the red line "
                       "is the median. A grey bar at the right, where there is one, holds the few far "
                       "games (under 1%, such as games stopped at the turn cap).",
    "curves.png": "Mean {vp_title} and {coins_title} at each of a bot's own turns. The bottom panel shows the share "
                  "of games still running: late turns average over the long games only, so their rise or fall is "
                  "partly survivorship.",
    "cards.png": "What each bot gained, per game on average (top), and on which of its turns it gained its main "
                 "{items} (below).",
    "compare.png": "One row per {setup}, sorted by the first bot's win rate, each bot a dot with its 95% interval: "
                   "how much each {setup} changes the match-up; on top, the verdict over all {setup}s, whose "
                   "interval holds how much they differ. The dashed line is the even share.",
    "tournament.png": "Each cell is the row bot's win rate against the column bot (or group): blue above the even "
                      "share, red below, grey where no match was played. Rows and columns are ordered by rating.",
}


def _env():
    import jinja2
    return jinja2.Environment(loader=jinja2.PackageLoader("simulator.report", "templates"),
                              autoescape=jinja2.select_autoescape(["html", "j2"]), trim_blocks=False)


def _charts(files, meta) -> list[dict]:
    spec = stats_spec(meta) or {}
    out = []
    for f in files:
        f = Path(f)
        if f.suffix.lower() == ".png" and f.exists():
            caption = spec.get("caption", "") if f.stem == spec.get("name") else \
                CAPTIONS.get(f.name, "").format(**words(meta))
            out.append({"data": base64.b64encode(f.read_bytes()).decode("ascii"), "caption": caption,
                        "alt": f.stem.replace("_", " ")})
    return out


def _quote(path) -> str:
    return shlex.quote(str(path))


def _bot_paths(bots) -> list[str] | None:
    paths = [b.get("path") for b in bots]
    return None if any(not p or p.startswith("<") for p in paths) else paths


def _rules_flags(rules: dict) -> list[str]:
    return [f"--rules {k}={v}" for k, v in (rules or {}).items()]


def run_command(m: dict) -> str | None:
    """The ``dsim run`` command that replays this run exactly (None if a bot came as text)."""
    paths = _bot_paths(m.get("bots", []))
    if paths is None:
        return None
    parts = ["dsim run", *map(_quote, paths), f"-n {m.get('games_requested')}", f"--seed {m.get('seed')}"]
    k = setup_of(m)
    if k.get("path"):
        parts.append(f"-k {_quote(k['path'])}")
    parts += _rules_flags(m.get("rules"))
    if m.get("seats") not in (None, "rotate"):
        parts.append(f"--seats {m['seats']}")
    if m.get("paired"):
        parts.append("--paired")
    if m.get("until_ci"):
        parts.append(f"--until-ci {m['until_ci']}")
    return " ".join(parts)


def verdict(res) -> str | None:
    """A run's answer in one sentence: the bot that won most, its win rate and interval,
    and whether it is told apart from the others (its interval wholly above theirs) and
    from the even share; None when no game finished."""
    s = res.summary.sort_values("win_rate", ascending=False, kind="stable")
    if not res.games or len(s) < 2:
        return None
    best, rest = s.iloc[0], s.iloc[1:]
    even = 1 / res.meta.get("players", len(s))
    said = f"{best.bot} won {pct(best.win_rate)} of {res.games:,} games [{pct(best.ci_low)}, {pct(best.ci_high)}]"
    if best.ci_low > rest.ci_high.max():
        return said + (f", clearly ahead of {rest.bot.iloc[0]} ({pct(rest.win_rate.iloc[0])})" if len(rest) == 1 else
                       f", clearly ahead of every other bot (next: {rest.bot.iloc[0]}, {pct(rest.win_rate.iloc[0])})")
    close = rest[rest.ci_high >= best.ci_low].bot.tolist()
    return said + f": not told apart from {', '.join(close)} at these games (the 95% intervals overlap" + \
        (f"; the even share is {pct(even)})" if len(s) > 2 else "); play more games, or --paired")


def _summary_table(summary, meta, title="Results") -> dict:
    vp = words(meta)["vp"]
    return {"title": title, "caption": "win rate: wins plus shared wins as 1/k, over games; 95% interval: "
                                       + interval_name(meta),
            "header": ["bot", "games", "wins", "ties", "losses", "win rate", "95% interval",
                       f"mean {words(meta)['vp_title']}", "mean turns"],
            "text_cols": {0},
            "rows": [[r.bot, f"{r.games:,}", f"{r.wins:,}", f"{r.ties:,}", f"{r.losses:,}", pct(r.win_rate),
                      f"{pct(r.ci_low)} – {pct(r.ci_high)}", f"{getattr(r, 'mean_' + vp):.2f}",
                      f"{r.mean_turns:.2f}"] for r in summary.itertuples()]}


def _stats_table(df, spec: dict) -> dict:
    """The game's own figures (a game's stats_table, as its meta["stats"] names them), one
    row per figure and one column per bot, then the reference rows' columns; a reference
    figure its source does not give is a dash."""
    labels = spec.get("columns", {})
    figures = [c for c in df.columns if c not in ("bot", "source")]

    percent = set(spec.get("percent", []))

    def cell(v, col):
        if pd.isna(v):
            return "—"
        if col in percent:
            return pct(v)
        return f"{v:,}" if isinstance(v, (int, np.integer)) else f"{v:.2f}"

    sources = [s for s in dict.fromkeys(df.get("source", [])) if s]
    return {"title": spec.get("title", "Figures"),
            "caption": (spec.get("caption", "") + (" Sources: " + "; ".join(sources) + "." if sources else "")).strip(),
            "text_cols": {0}, "header": ["", *df.bot],
            "rows": [[labels.get(c, c) + f" ({c})", *(cell(v, c) for v in df[c])] for c in figures]}


def _partial(m: dict, games: int) -> str | None:
    if not m.get("partial"):
        return None
    return (f"{games:,} of {m.get('games_requested', 0):,} games were played ({m.get('stopped_by')}); "
            "every number below is over the games that finished")


def _write(out, context) -> Path:
    html = _env().get_template("report.html.j2").render(**context)
    path = Path(out) / "report.html"
    with atomic_open(path, "w", encoding="utf-8") as f:
        f.write(html)
    return path


def run_report(res, out, chart_files=()) -> Path:
    m = res.meta
    k = setup_of(m)
    names = " vs ".join(b["name"] for b in m.get("bots", []))
    facts = [("game", words(m)["game"]), ("players", m.get("players")),
             (words(m)["setup"], f"{k.get('name', '')}: {', '.join(k.get('contents', [])) or words(m)['no_setup']}"),
             ("rules", " · ".join(f"{a}={b}" for a, b in (m.get("rules") or {}).items())),
             ("seats", m.get("seats")), ("seed", m.get("seed")), ("games", f"{res.games:,}"),
             ("dsim version", m.get("dsim_version"))]
    ls = res.length_stats
    tables = [_summary_table(res.summary, m)]
    if len(res.seats):
        tables.append({"title": "By seat", "caption": "seat 1 plays first", "text_cols": {0},
                       "header": ["bot", "seat", "games", "win rate", "95% interval"],
                       "rows": [[r.bot, r.seat, f"{r.games:,}", pct(r.win_rate), f"{pct(r.ci_low)} – {pct(r.ci_high)}"]
                                for r in res.seats.itertuples()]})
    if ls.get("games"):
        total = int(res.endings.games.sum()) or 1
        tables.append({"title": "Game length and endings", "caption": f"length: {words(m)['length']}",
                       "text_cols": {0}, "header": ["", "value"],
                       "rows": [["mean length", f"{ls['mean']:.2f}"], ["median", f"{ls['median']:.0f}"],
                                ["5th percentile", f"{ls['p5']:.0f}"], ["95th percentile", f"{ls['p95']:.0f}"]]
                       + [[f"ended: {r.ending}", f"{r.games:,} ({100 * r.games / total:.1f}%)"]
                          for r in res.endings.itertuples()]})
    spec = stats_spec(m)
    if spec and res.game_stats is not None:
        tables.append(_stats_table(res.game_stats, spec))
    return _write(out, {"title": names, "subtitle": f"{res.games:,} games · {m.get('players')} players · seed "
                                                    f"{m.get('seed')}",
                        "verdict": verdict(res),
                        "partial": _partial(m, res.games), "error": m.get("error"), "facts": facts,
                        "command": run_command(m), "bots": m.get("bots", []), "tables": tables, "notes": [],
                        "charts": _charts(chart_files, m), "version": m.get("dsim_version", "")})


def optimize_report(res, out, chart_files=(), meta: dict | None = None) -> Path:
    """report.html of ``dsim optimize``: the plan in words on top, then the best bot's
    record on fresh seeds, what matters in it, what changed from --start, the chart and the
    bot itself (``meta``: the run's, with its command, else the result's)."""
    m = meta or res.meta
    facts = [("setup", m.get("setup")), ("players", m.get("players")), ("against", ", ".join(m.get("against", []))),
             ("generations", f"{m.get('generations', 0):,}"), ("games", f"{m.get('games_played', 0):,}"),
             ("seconds", m.get("seconds")), ("seed", m.get("seed")), ("dsim version", m.get("dsim_version", ""))]
    tables = []
    board = res.leaderboard
    if len(board):
        tables.append({"title": "The best bot's record on fresh seeds", "caption": "win rate: wins plus shared "
                       "wins as 1/k; 95% interval: Wilson", "text_cols": {0},
                       "header": ["opponent", "games", "win rate", "95% interval"],
                       "rows": [[r.opponent, f"{r.games:,}", pct(r.win_rate), f"{pct(r.ci_low)} – {pct(r.ci_high)}"]
                                for r in board.itertuples()]})
    if len(res.worth):
        tables.append({"title": "What matters", "caption": "each rule or condition of the best bot taken out alone "
                       "and the bot replayed on the same fresh seeds: its worth in points of the mean win rate, with "
                       "a 95% interval (as if the two were independent: wider than it need be)", "text_cols": {0},
                       "header": ["part", "worth (points)", "95% interval", "win rate without it"],
                       "rows": [[r.part, f"{r.worth_points:+.2f}", f"{r.ci_low_points:+.2f} – {r.ci_high_points:+.2f}",
                                 pct(r.win_rate_without)] for r in res.worth.itertuples()]})
    if m.get("start"):
        tables.append({"title": f"What changed from {m['start']}", "caption": "", "text_cols": {0},
                       "header": ["change"], "rows": [[c] for c in m.get("changes", [])]
                       or [["no change to it was found that plays better"]]})
    gain = None
    if m.get("opening_rate") is not None and m.get("best_rate") is not None:
        gain = (f"On the same fresh seeds the first generation's best won {pct(m['opening_rate'])}, the best found "
                f"{pct(m['best_rate'])}.")
    return _write(out, {"title": f"dsim optimize: {m.get('setup')}", "subtitle": f"{m.get('players')} players · "
                        f"seed {m.get('seed')}", "verdict": m.get("plan"),
                        "partial": "the run was stopped early; the best so far is shown" if m.get("partial") else None,
                        "error": m.get("warning"), "facts": facts, "command": m.get("command"),
                        "bots": [{"name": "Best", "path": "best.yaml", "yaml": res.best_text}],
                        "tables": tables, "notes": [gain] if gain else [], "charts": _charts(chart_files, m),
                        "version": m.get("dsim_version", "")})


def _compare_partial(m: dict, word: str) -> str | None:
    """What a stopped comparison's page says it lacks."""
    if not m.get("partial"):
        return None
    cut = m.get("unfinished") or []
    return (f"the comparison was stopped; {word}s not played are missing"
            + (f", and {cut[0]['name']}, stopped after {cut[0]['games_played']:,} of {cut[0]['games']:,} games, is "
               f"shown but left out of the verdict over {word}s" if cut else ""))


def compare_report(cmp, out, chart_files=()) -> Path:
    m = cmp.meta
    w = words(m)
    word, setups = w["setup"], setups_of(m)
    bots = list(dict.fromkeys(cmp.table.bot))
    paths = _bot_paths(m.get("bots", []))
    command = None
    if paths is not None:
        given = [k for k in setups if k.get("path")]
        randoms = len(setups) - len(given)
        command = " ".join(["dsim compare", *map(_quote, paths), *(f"-k {_quote(k['path'])}" for k in given),
                            *(["--random-setups", str(randoms)] if randoms else []),
                            *(["--free"] if m.get("free") else []),
                            f"-n {m.get('games_requested')}", f"--seed {m.get('seed')}",
                            *_rules_flags(m.get("rules")),
                            *([f"--seats {m['seats']}"] if m.get("seats") not in (None, "rotate") else []),
                            *(["--paired"] if m.get("paired") else [])])
    facts = [(word + "s", len(setups)), ("players", m.get("players")), ("seed", m.get("seed")),
             (f"games per {word}", f"{m.get('games_requested', 0):,}"), ("dsim version", m.get("dsim_version"))]
    facts += [(f"{word} '{k['name']}'", ", ".join(k["contents"]) or w["no_setup"]) for k in setups]
    t = cmp.table
    vp = "mean_" + w["vp"]
    lacking = "lacks" in t and (t.lacks != "").any()
    table = {"title": f"Results by {word}", "caption": f"lacks: the {w['items']} a bot names that the {word} does "
                                                       "not have (its rules for them never apply)" if lacking else "",
             "text_cols": {0, 1, 7},
             "header": [word, "bot", "games", "win rate", "95% interval", f"mean {w['vp_title']}", "mean turns",
                        *(["lacks"] if lacking else [])],
             "rows": [[r[word], r.bot, f"{r.games:,}", pct(r.win_rate), f"{pct(r.ci_low)} – {pct(r.ci_high)}",
                       f"{r[vp]:.2f}", f"{r.mean_turns:.2f}", *([r.lacks] if lacking else [])]
                      for _, r in t.iterrows()]}
    tables = [table]
    if cmp.pooled is not None and cmp.pooled_over >= 2:
        k = cmp.pooled_over
        method = m.get("pooled_method", "")
        caption = (f"{method[:1].upper()}{method[1:]}, {POOLED_DETAIL.replace('setup', word)}. Won or lost clearly: "
                   f"in that {word}, the bot's 95% interval is wholly above or below the even share.")
        tables.insert(0, {"title": f"Over all {k} {word}s" if k == len(cmp.runs) else
                          f"Over the {k} {word}s that finished", "caption": caption, "text_cols": {0},
                          "header": ["bot", "win rate", "95% interval", f"spread between {word}s", "won clearly",
                                     "lost clearly"],
                          "rows": [[r.bot, pct(r.win_rate), f"{pct(r.ci_low)} – {pct(r.ci_high)}", pct(r.spread),
                                    f"{r.won_clearly} of {k}", f"{r.lost_clearly} of {k}"]
                                   for r in cmp.pooled.itertuples()]})
    same = [f"'{identical_pair(m, d)[0]}' and '{identical_pair(m, d)[1]}' (they differ by "
            f"{', '.join(d['differing_items']) or 'nothing'})" for d in m.get("identical", [])]
    folded = {"summary": identical_note(m, where=":"), "items": same} if same else None
    return _write(out, {"title": " vs ".join(bots) + f" by {word}", "subtitle": f"seed {m.get('seed')}",
                        "partial": _compare_partial(m, word), "error": m.get("error"), "facts": facts,
                        "command": command,
                        "bots": m.get("bots", []), "tables": tables, "notes": [], "folded": folded,
                        "charts": _charts(chart_files, m),
                        "version": m.get("dsim_version", "")})


def tournament_report(tr, out, chart_files=()) -> Path:
    m = tr.meta
    files = m.get("bots_files", [])
    paths = _bot_paths(files)
    command = None
    lad = m.get("ladder")
    if lad:
        placed = _bot_paths(files[len(lad["rungs"]):])
        command = " ".join(["dsim ladder", _quote(lad["file"]), *map(_quote, placed or [])])
    elif paths is not None:
        k = setup_of(m)
        command = " ".join(["dsim tournament", *map(_quote, paths), f"--players {m.get('players')}",
                            f"-n {m.get('games_per_match')}", f"--seed {m.get('seed')}",
                            *([f"-k {_quote(k['path'])}"] if k.get("path") else [])])
    facts = [("bots", len(m.get("bots", []))), ("players per game", m.get("players")),
             ("games per match", f"{m.get('games_per_match', 0):,}"), ("seed", m.get("seed")),
             ("dsim version", m.get("dsim_version"))]
    rk = tr.ranking
    ranking = {"title": "Ranking", "caption": "rating: Bradley–Terry (Luce for 3–4 players) on Elo's scale, mean "
                                              + ("of the ladder's rungs " if lad else "")
                                              + "1500; 400 points are 10:1 odds in a two-player game",
               "text_cols": {1}, "header": ["rank", "bot", "rating", "95% interval", "mean win rate", "matches"],
               "rows": [[r.rank, r.bot, f"{r.rating:.0f}", f"{r.rating_low:.0f} – {r.rating_high:.0f}",
                         pct(r.mean_win_rate), r.matches] for r in rk.itertuples()]}
    mat = tr.matrix
    cell = interval_cells(tr)
    matrix = {"title": "Win rates", "caption": "row bot against column, with its 95% interval", "text_cols": {0},
              "header": ["bot", *mat.columns],
              "rows": [[b, *(cell.get((b, c), "—") for c in mat.columns)] for b in mat.index]}
    tables = [ranking] + ([matrix] if mat.shape[1] <= 20 else [])
    fit = m.get("fit") or {}
    if fit.get("df", 0) > 0:
        verdict = fit_verdict(fit)
        misses = largest_misses(tr.table)
        tables.insert(1, {"title": "How well the ratings fit",
                          "caption": f"Pearson {fit_summary(fit)}"
                                     + (f", so the rating intervals are widened {fit['widened_by']:.2f} times"
                                        if fit.get("widened_by", 1) > 1 else "") + ". "
                                     + (verdict[0].upper() + verdict[1:] + ". " if verdict else "")
                                     + "The largest misses between the ratings' prediction and the match:",
                          "text_cols": {0, 1},
                          "header": ["bot", "against", "predicted", "observed", "95% interval", "standard errors"],
                          "rows": [[r.bot, r.opponents, pct(r.predicted_win_rate), pct(r.win_rate),
                                    f"{pct(r.ci_low)} – {pct(r.ci_high)}", f"{r.miss_z:+.1f}"]
                                   for r in misses.itertuples()]})
    return _write(out, {"title": tournament_title(m), "subtitle":
                        f"{m.get('players')}-player games · {m.get('games_per_match', 0):,} games per match · seed "
                        f"{m.get('seed')}",
                        "partial": "the tournament was stopped; only the matches that finished are ranked"
                        if m.get("partial") else None, "error": m.get("error"), "facts": facts,
                        "command": command, "bots": files, "tables": tables, "notes": [],
                        "charts": _charts(chart_files, m), "version": m.get("dsim_version", "")})
