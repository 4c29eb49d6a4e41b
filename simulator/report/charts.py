"""PNG charts of Results (game-agnostic; matplotlib's Agg backend, no display needed)."""
from __future__ import annotations

import math
import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from ..run.stats import Results, interval_name, setup_of, setups_of, stats_spec, tournament_title, words  # noqa: E402
from .outfiles import atomic_open

DPI = 110


def plain_text(fn):
    """Draw a chart with every text as plain text: a name with a '$' in it (a bot called
    'Cost $5') is written as it is, never read as matplotlib's math notation."""
    return plt.rc_context({"text.parse_math": False})(fn)


def _subtitle(res: Results) -> str:
    m = res.meta
    k = setup_of(m)
    kname = k.get("name", "")
    if not k.get("named", True):
        kname = ", ".join(k.get("contents", [])) or words(m)["no_setup"]
    return f"{words(m)['setup']}: {kname} · {res.games:,} games · {m.get('players')} players · seed {m.get('seed')}"


def _partial(res: Results) -> str:
    """The title prefix of a chart of a run that was stopped before its end."""
    if not res.partial:
        return ""
    return f"PARTIAL ({res.games:,} of {res.meta.get('games_requested', 0):,} games) — "


def _partial_set(meta: dict) -> str:
    """The same for a comparison or a tournament (a set of runs)."""
    return "PARTIAL — " if meta.get("partial") else ""


def _save(fig, path) -> Path:
    with atomic_open(path, "wb") as f:
        fig.savefig(f, format="png", dpi=DPI, bbox_inches="tight")
    plt.close(fig)
    return Path(path)


@plain_text
def win_rates(res: Results, path) -> Path:
    s = res.summary
    fig, ax = plt.subplots(figsize=(7.5, 0.7 * len(s) + 1.8))
    y = np.arange(len(s))[::-1]
    rate = s.win_rate.to_numpy() * 100
    lo = np.clip(rate - s.ci_low.to_numpy() * 100, 0, None)  # rounding can make a zero-width side negative
    hi = np.clip(s.ci_high.to_numpy() * 100 - rate, 0, None)
    colors = plt.cm.tab10(np.arange(len(s)) % 10)
    ax.barh(y, rate, xerr=[lo, hi], color=colors, capsize=5, height=0.6, ecolor="black")
    for yi, r, h in zip(y, rate, s.ci_high.to_numpy() * 100):
        ax.text(h + 1, yi, f"{r:.1f}%", va="center", fontsize=9)
    ax.set_yticks(y, s.bot)
    ax.set_xlim(0, 105)
    even = 100 / len(s)
    ax.axvline(even, color="grey", lw=0.8, ls="--")
    ax.text(even, 1.0, f" even share {even:.0f}%", transform=ax.get_xaxis_transform(), va="bottom", ha="left",
            fontsize=8, color="#555555")
    ax.set_xlabel(f"win rate (%), whiskers: 95% interval, {interval_name(res.meta)}")
    ax.set_title(_partial(res) + " vs ".join(s.bot) + "\n" + _subtitle(res), fontsize=10, pad=14)
    return _save(fig, path)


@plain_text
def seats(res: Results, path) -> Path:
    """Each bot's win rate in each seat (seat 1 plays first), with Wilson 95% whiskers,
    beside its win rate over all seats (dashed)."""
    st = res.seats
    bots = list(res.summary.bot)
    nseat = int(st.seat.max())
    fig, ax = plt.subplots(figsize=(max(6.5, 1.3 * nseat * len(bots) / 2 + 3), 4.6))
    width = 0.8 / len(bots)
    for i, bot in enumerate(bots):
        d = st[st.bot == bot].set_index("seat").reindex(range(1, nseat + 1))
        x = np.arange(1, nseat + 1) + (i - (len(bots) - 1) / 2) * width
        rate = d.win_rate.to_numpy() * 100
        err = [np.clip(rate - d.ci_low.to_numpy() * 100, 0, None), np.clip(d.ci_high.to_numpy() * 100 - rate, 0, None)]
        colour = plt.cm.tab10(i % 10)
        ax.bar(x, rate, width * 0.92, yerr=err, capsize=3, color=colour, label=bot, ecolor="black",
               hatch=["", "//", "..", "xx"][i % 4], edgecolor="white", lw=0)
        overall = float(res.summary.win_rate[i]) * 100
        ax.hlines(overall, x[0] - width / 2, x[-1] + width / 2, colors=[colour], linestyles="--", lw=1)
    ax.set_xticks(range(1, nseat + 1), [f"seat {s}" + (" (first)" if s == 1 else "") for s in range(1, nseat + 1)])
    ax.set_ylabel("win rate (%), whiskers: Wilson 95% interval")
    ax.axhline(100 / len(bots), color="grey", lw=0.8, ls=":")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.005, 1.0), frameon=False)
    ax.set_title(_partial(res) + f"Win rate by seat ({res.meta.get('seats')} seating): " + " vs ".join(bots) + "\n"
                 + _subtitle(res), fontsize=10)
    return _save(fig, path)


def length_tail(gl) -> int | None:
    """The length past which a game-length histogram's few far games (under 1%, e.g.
    games stopped at a turn cap) go into one bar of their own, or None: 1.5 times the
    99th percentile, when some games lie beyond it."""
    total = gl.games.sum()
    if total == 0:
        return None
    q99 = int(gl.turns[np.searchsorted(np.cumsum(gl.games.to_numpy()), 0.99 * total)])
    cut = max(q99 + 3, int(q99 * 1.5))
    return cut if (gl.turns > cut).any() else None


@plain_text
def game_length(res: Results, path) -> Path:
    gl = res.game_length
    fig, ax = plt.subplots(figsize=(7.5, 4))
    total = max(1, gl.games.sum())
    cut = length_tail(gl)
    main = gl if cut is None else gl[gl.turns <= cut]
    ax.bar(main.turns, main.games / total * 100, width=0.85, color="#4c72b0")
    if cut is not None:  # the far games, one bar after a gap, with their count and range
        far = gl[gl.turns > cut]
        x = cut + 3
        ax.bar([x], [far.games.sum() / total * 100], width=1.6, color="#8c8c8c", hatch="//")
        span = f"{far.turns.min()}" + (f" to {far.turns.max()}" if far.turns.max() > far.turns.min() else "")
        ax.annotate(f"{int(far.games.sum()):,} longer games\n({span})",
                    (x, far.games.sum() / total * 100), xytext=(0, 6), textcoords="offset points", ha="center",
                    fontsize=8)
        ticks = [t for t in ax.get_xticks() if 0 <= t <= cut]
        ax.set_xticks(ticks + [x], [f"{t:.0f}" for t in ticks] + [f"> {cut}"])
        ax.margins(y=0.15)
        ax.set_xlim(right=x + 4)
    med = res.length_stats["median"]
    ax.axvline(med, color="#c44e52", lw=2, label=f"median {med:.0f} turns")
    ax.set_xlabel(f"game length ({words(res.meta)['length']})")
    ax.set_ylabel("share of games (%)")
    ax.set_title(_partial(res) + "Game length: " + " vs ".join(res.summary.bot) + "\n" + _subtitle(res),
                 fontsize=10)
    ax.legend(fontsize=9)
    return _save(fig, path)


STYLES = ["-", "--", "-.", ":"]
MARKERS = ["o", "s", "^", "D"]


@plain_text
def curves(res: Results, path) -> Path:
    """Mean VP and coins at each of a bot's own turns, and the share of games still
    running: late turns average over the long games only (survivorship), so a curve's
    late rise or fall says as much about which games last as about the bot."""
    c = res.curves
    w = words(res.meta)
    fig, (a1, a2, a3) = plt.subplots(3, 1, figsize=(8, 8.2), sharex=True, layout="constrained",
                                     gridspec_kw={"height_ratios": [3, 3, 1.6]})
    games = res.summary.set_index("bot").games
    for i, (bot, d) in enumerate(c.groupby("bot", sort=False)):
        look = {"color": plt.cm.tab10(i % 10), "ls": STYLES[i % 4], "marker": MARKERS[i % 4], "ms": 3.5,
                "markevery": 3, "lw": 1.6}
        share = d.games_running / games[bot]
        keep = share >= 0.01  # averages over fewer than 1% of games are noise
        a1.plot(d.turn[keep], d[f"mean_{w['vp']}"][keep], label=bot, **look)
        a2.plot(d.turn[keep], d[f"mean_{w['coins']}"][keep], **look)
        a3.plot(d.turn[keep], share[keep] * 100, **look)
    a1.set_ylabel(f"mean {w['vp_title']} at end of turn")
    a2.set_ylabel(f"mean {w['coins_title']}")
    a3.set_ylabel("games still\nrunning (%)")
    a3.set_ylim(0, 105)
    a3.set_xlabel("the bot's own turn")
    a3.text(0.01, 0.08, "the curves above average over these games only: late turns show the long games",
            transform=a3.transAxes, fontsize=8, color="#444444")
    for ax in (a1, a2, a3):
        ax.grid(alpha=0.3)
    # the legend sits above the plots, where it can cover nothing
    a1.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=min(4, len(games)), fontsize=9, frameon=False)
    what = f"{w['vp_title']} and {w['coins_title']} per turn: "
    fig.suptitle(_partial(res) + what[0].upper() + what[1:] + " vs ".join(res.summary.bot) + "\n" + _subtitle(res),
                 fontsize=10)
    return _save(fig, path)


def chart_items(res: Results) -> tuple[list, dict]:
    """The items the cards chart shows, in order, and a colour for each: those the game
    declares (meta["chart"]), in its colours; else the most gained ones (at most 12)."""
    chart = (res.meta or {}).get("chart") or {}
    if chart.get("items"):
        shown = list(chart["items"])
    else:
        main = res.cards.groupby(words(res.meta)["item"]).mean_gained.max().sort_values(ascending=False)
        shown = [k for k in main.index if main[k] >= 0.2][:12] or list(main.index[:12])
    colours = chart.get("colours") or {}
    return shown, {k: colours.get(k) or (plt.cm.tab10(i) if i < 10 else plt.cm.Dark2((i - 10) % 8))
                   for i, k in enumerate(shown)}


def with_groups(df, groups: dict, item: str, by: list):
    """df (mean_gained per ``by`` and item) with a row per group of items (meta["chart"]'s
    groups, items shown as one): the sum of its members'."""
    if df is None or not groups:
        return df
    parts = [df]
    for name, members in groups.items():
        g = df[df[item].isin(members)].groupby(by, sort=False, as_index=False).mean_gained.sum()
        g[item] = name
        parts.append(g)
    return pd.concat(parts, ignore_index=True)


@plain_text
def cards(res: Results, path, top: int = 5) -> Path:
    """What each bot gains (mean per game, top) and when (mean gains at each of its own
    turns for its main cards, one panel per bot)."""
    w = words(res.meta)
    item = w["item"]
    groups = ((res.meta or {}).get("chart") or {}).get("groups") or {}
    c = with_groups(res.cards, groups, item, ["bot"])
    bots = list(res.summary.bot)
    shown, palette = chart_items(res)
    setup_items = set(setup_of(res.meta).get("contents", []))  # what the setup holds
    fig, axes = plt.subplots(1 + len(bots), 1, figsize=(8, 3.4 + 2.1 * len(bots)), layout="constrained",
                             gridspec_kw={"height_ratios": [1.6] + [1] * len(bots)})
    ax = axes[0]
    width = 0.8 / len(bots)
    x = np.arange(len(shown))
    for i, bot in enumerate(bots):
        d = c[c.bot == bot].set_index(item).reindex(shown).mean_gained.fillna(0)
        ax.bar(x + (i - (len(bots) - 1) / 2) * width, d.to_numpy(), width * 0.95, label=bot,
               color=plt.cm.tab10(i % 10), hatch=["", "//", "..", "xx"][i % 4], edgecolor="white", lw=0)
    ax.set_xticks(x, shown, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("gained per game")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=min(4, len(bots)), fontsize=9, frameon=False)
    ax.grid(axis="y", alpha=0.3)
    bt = with_groups(res.cards_by_turn, groups, item, ["bot", "turn"])
    games = res.summary.set_index("bot").games
    for ax, bot in zip(axes[1:], bots):
        mine = c[c.bot == bot].sort_values("mean_gained", ascending=False)
        # the setup's items the bot gains (its "X"), then its most gained ones
        ranked = [k for k in mine[item] if k in palette]
        keys = [k for k in ranked if k in setup_items][:top]
        keys += [k for k in ranked if k not in keys][:max(0, top - len(keys))]
        d = bt[bt.bot == bot] if bt is not None else bt
        span = np.arange(0, int(d.turn.max()) + 1) if len(d) else np.arange(1)
        for j, k in enumerate(keys):
            e = d[d[item] == k].set_index("turn").mean_gained.reindex(span, fill_value=0.0)  # no gain: zero
            same = sum(palette[q] == palette[k] for q in keys[:j])   # a colour again: another line style
            ax.plot(e.index, e.to_numpy(), color=palette[k], lw=1.6, label=k, marker="o", ms=2.5,
                    ls=STYLES[same % len(STYLES)])
        ax.set_ylabel(f"{bot}\nper game", fontsize=8)
        ax.grid(alpha=0.3)
        if keys:
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.005, 1.0), frameon=False)  # off the lines
        run = res.curves[res.curves.bot == bot]
        last = int(run.turn[run.games_running >= 0.01 * games[bot]].max()) if len(run) else 1
        ax.set_xlim(0, last + 1)
    axes[-1].set_xlabel("the bot's own turn (gains on another player's turn count for the turn just finished)")
    fig.suptitle(_partial(res) + f"{w['items'].capitalize()} gained: " + " vs ".join(bots) + "\n" + _subtitle(res),
                 fontsize=10)
    return _save(fig, path)


def _lacking(t: pd.DataFrame, word: str, setup: str) -> str:
    """A setup's row label: its name, and the items the bots name that it lacks (a bot
    playing there without its key cards), when any."""
    if "lacks" not in t:
        return setup
    items = dict.fromkeys(i for text in t[t[word] == setup].lacks for i in str(text).split(", ") if i)
    return setup + (f" · no {', '.join(items)}" if items else "")


@plain_text
def compare_chart(cmp, path, per_panel: int = 40, panels: int = 3) -> Path:
    """One row per setup, sorted by the first bot's win rate, each bot a dot with
    its 95% interval; the pooled verdict over all setups on top. Past ``per_panel`` setups
    the rows go on in further panels side by side, so the text keeps its size. What each
    setup holds is listed under the chart when there are only a few (always in
    report.html and on screen)."""
    t = cmp.table
    m = cmp.meta
    word = words(m)["setup"]
    bots = list(dict.fromkeys(t.bot))
    first = t[t.bot == bots[0]].set_index(word).win_rate.sort_values(ascending=False, kind="stable")
    setups = list(first.index)                  # the first bot's best first
    shown_all = len(setups) <= per_panel * panels
    if not shown_all:                             # the best and the worst; compare.csv has them all
        half = per_panel * panels // 2
        setups = setups[:half] + setups[-half:]
    pooled = cmp.pooled if cmp.pooled_over >= 2 else None
    npanel = max(1, math.ceil(len(setups) / per_panel))
    per = math.ceil(len(setups) / npanel)
    rows = per + (2 if pooled is not None else 0)
    few = len(setups) <= 5
    fig, axes = plt.subplots(1, npanel, figsize=(7.5 * npanel + 1.5, 0.32 * rows * max(1, len(bots) / 2) + 2.4
                                                 + (0.9 if few else 0)), squeeze=False, layout="constrained")
    step = 0.7 / max(1, len(bots))
    for p, ax in enumerate(axes[0]):
        part = setups[p * per:(p + 1) * per][::-1]   # bottom to top
        labels = [_lacking(t, word, k) for k in part]
        for i, bot in enumerate(bots):
            d = t[t.bot == bot].set_index(word).reindex(part)
            y = np.arange(len(part)) + (i - (len(bots) - 1) / 2) * step
            rate = d.win_rate.to_numpy() * 100
            err = np.clip([rate - d.ci_low.to_numpy() * 100, d.ci_high.to_numpy() * 100 - rate], 0, None)
            ax.errorbar(rate, y, xerr=err, fmt=MARKERS[i % 4], ms=4.5, capsize=2, lw=1.1, color=plt.cm.tab10(i % 10),
                        label=bot if p == 0 else None)
            if pooled is not None and p == 0:
                r = pooled[pooled.bot == bot].iloc[0]
                yp = len(part) + 1 + (i - (len(bots) - 1) / 2) * step
                ax.errorbar([r.win_rate * 100], [yp], xerr=[[max(0, (r.win_rate - r.ci_low) * 100)],
                                                            [max(0, (r.ci_high - r.win_rate) * 100)]],
                            fmt=MARKERS[i % 4], ms=6, capsize=3, lw=2, color=plt.cm.tab10(i % 10))
        ticks = list(range(len(part)))
        if pooled is not None and p == 0:
            ax.axhspan(len(part) + 0.4, len(part) + 1.6, color="#eeeeee", zorder=0)
            ticks.append(len(part) + 1)
            labels.append(f"{'all ' if cmp.pooled_over == len(first) else ''}{cmp.pooled_over} {word}s (pooled)")
        ax.set_yticks(ticks, labels, fontsize=8)
        ax.set_ylim(-0.7, (len(part) + 1.9) if pooled is not None and p == 0 else len(part) - 0.3)
        ax.set_xlim(0, 100)
        ax.axvline(100 / len(bots), color="grey", lw=0.8, ls="--")
        ax.grid(axis="x", alpha=0.3)
        ax.set_xlabel("win rate (%), bars: 95% interval", fontsize=9)
    axes[0, 0].legend(fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=min(4, len(bots)), frameon=False)
    games = int(t.games.iloc[0]) if len(t) else 0
    which = "" if shown_all else f" (the {len(setups) // 2} best and worst of {len(first)} for {bots[0]})"
    fig.suptitle(f"{_partial_set(m)}{' vs '.join(bots)} by {word}{which}\n{games:,} games per {word} · "
                 f"{m.get('players')} players · seed {m.get('seed')}", fontsize=10)
    if few:
        lines = [f"{k['name']}: {', '.join(k['contents']) or words(m)['no_setup']}" for k in setups_of(m)]
        fig.text(0.01, 0.0, "\n".join(textwrap.fill(n, 140) for n in lines), va="top", ha="left", fontsize=7.5)
    return _save(fig, path)


@plain_text
def tournament_heatmap(tr, path) -> Path:
    """Win rate of each bot (rows, best rated first) against each opponent (columns; at 3-4
    players, in the games where that opponent sat at its table): red below the even share,
    blue above, grey on the diagonal (a bot does not play itself), numbers in each cell."""
    from matplotlib.colors import TwoSlopeNorm
    m = tr.meta
    players = int(m.get("players") or 2)
    # at 3-4 players the groups are too many columns to read: each bot against each other bot
    # at its table (its mean over those groups); tournament.csv keeps every group
    mat = tr.matrix if players == 2 else tr.by_opponent()
    even = 1 / players
    nr, nc = mat.shape
    cell = 0.55 if max(nr, nc) <= 12 else 0.34
    fig, ax = plt.subplots(figsize=(min(30, cell * nc + 4.5), min(30, cell * nr + 2.8)))
    cmap = plt.get_cmap("RdBu").with_extremes(bad="#d9d9d9")
    data = np.ma.masked_invalid(mat.to_numpy(dtype=float) * 100)
    im = ax.imshow(data, cmap=cmap, norm=TwoSlopeNorm(vcenter=even * 100, vmin=0, vmax=100), aspect="auto")
    if max(nr, nc) <= 20:
        for (i, j), v in np.ndenumerate(mat.to_numpy(dtype=float)):
            if v == v:
                ax.text(j, i, f"{100 * v:.0f}", ha="center", va="center", fontsize=8 if nc > 10 else 9,
                        color="white" if abs(v - even) > 0.3 else "black")
    small = 7 if max(nr, nc) > 20 else 9
    rank = {b: i + 1 for i, b in enumerate(tr.ranking.bot)}
    ax.set_yticks(range(nr), [f"{rank.get(b, '')}. {b}" for b in mat.index], fontsize=small)
    ax.set_xticks(range(nc), [f"{rank.get(b, '')}. {b}" for b in mat.columns], rotation=60 if nc > 8 else 30,
                  ha="right", fontsize=small)
    ax.set_xlabel("opponent (grey: the bot itself)" if players == 2 else
                  f"opponent at the table (the mean over the {players}-player groups it sat in; grey: the bot itself)",
                  fontsize=10)
    ax.set_ylabel("bot (ranked by rating)", fontsize=11)
    fig.colorbar(im, ax=ax, label=f"win rate of the row bot (%); white = even share ({100 * even:.0f}%)",
                 shrink=0.8)
    ax.set_title(f"{_partial_set(m)}{tournament_title(m)}: {players}-player games, "
                 f"{m.get('games_per_match'):,} per match, seed {m.get('seed')}", fontsize=13, pad=12)
    return _save(fig, path)


@plain_text
def optimize_progress(gens, path, meta: dict) -> Path:
    """``dsim optimize``: best and mean fitness (win share against that generation's
    opponents) per generation, with the games played."""
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    # a point per generation while they can be told apart; past 100 generations, thin lines
    dots = dict(marker="o", ms=3) if len(gens) <= 100 else dict(lw=0.8)
    ax.plot(gens.generation, 100 * gens.mean_fitness, color="C1", alpha=1 if len(gens) <= 100 else 0.6,
            label="mean of the population (first stage)", **dots)
    ax.plot(gens.generation, 100 * gens.best_fitness, color="C0", label="best candidate", **dots)
    ax.set_xlabel("generation")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    cap = meta.get("fitness_cap")
    capped = f", each opponent\ncounted at most {100 * cap:.0f}%" if cap else ""
    ax.set_ylabel(f"fitness: mean win rate{capped} (%)")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    t = ax.twinx()
    t.plot(gens.generation, gens.games_played / 1e6, color="grey", lw=0.8, ls=":")
    t.set_ylabel("games played (millions, dotted)", color="grey")
    title = (_partial_set(meta) + f"dsim optimize: {meta.get('setup')} · {meta.get('players')} players · "
             f"seed {meta.get('seed')}\nopponents: the {len(meta.get('against', []))} --against bots and the "
             + (f"{meta['hall']} newest " if "hall" in meta else "") + "past bests (the hall of fame)")
    lines = textwrap.wrap(title, 110, replace_whitespace=False)
    if meta.get("opening_rate") is not None and meta.get("best_rate") is not None:
        # the curves are against each generation's own opponents; the same fresh seeds tell the gain
        first, best = 100 * meta["opening_rate"], 100 * meta["best_rate"]
        lines.append(f"on fresh seeds against the --against bots: generation 1's best {first:.1f}%, the best found "
                     f"{best:.1f}% ({best - first:+.1f} points)")
    ax.set_title("\n".join(lines), fontsize=9)
    return _save(fig, path)


@plain_text
def items_ranking(ranking, path, meta: dict) -> Path:
    """``dsim optimize --each-card``: each item's best baseline + X bot (meta's
    ``baseline``; the items in column ``item``, whether the bot uses each in column
    ``uses``) against one opponent, best first, with Wilson 95% intervals; the even share
    of the table's players marked."""
    fig, ax = plt.subplots(figsize=(7.5, 0.32 * len(ranking) + 1.6))
    y = np.arange(len(ranking))[::-1]
    rate = ranking.win_rate.to_numpy() * 100
    lo = np.clip(rate - ranking.ci_low.to_numpy() * 100, 0, None)
    hi = np.clip(ranking.ci_high.to_numpy() * 100 - rate, 0, None)
    used = ranking[meta["uses"]].to_numpy()
    ax.barh(y, rate, xerr=[lo, hi], color=np.where(used, "#4C72B0", "#BBBBBB"), height=0.7, capsize=2,
            ecolor="black")
    for yi, r, h in zip(y, rate, ranking.ci_high.to_numpy() * 100):
        ax.text(h + 1, yi, f"{r:.1f}%", va="center", fontsize=7)
    names = ranking[meta["item"]]
    ax.set_yticks(y, [c if b else f"{c} (never {meta['used']})" for c, b in zip(names, used)], fontsize=8)
    ax.set_xlim(0, 108)
    ax.set_ylim(-1.6, len(ranking))
    players = meta.get("players", 2)
    even = 100 / players
    ax.axvline(even, color="grey", lw=0.8, ls="--")
    ax.text(even, len(ranking) - 0.4, f" even share ({even:.1f}%)", color="grey", fontsize=7, va="bottom")
    alone = meta.get("alone") or {}
    if "win_rate" in alone:  # the baseline bot with no item: what each item adds to
        base = 100 * alone["win_rate"]
        ax.axvline(base, color="#C44E52", lw=1, ls=":")
        ax.text(base, -0.9, f" {meta['baseline']} alone ({base:.1f}%)", color="#C44E52", fontsize=7, va="top")
    against = meta["against"]
    ax.set_xlabel(f"win rate against {against} (%), whiskers: Wilson 95% interval")
    ax.set_title(("PARTIAL (stopped before every item ran) — " if meta.get("partial") else "")
                 + f"{meta['baseline']} + X: the best bot found for each {meta['item']}, against {against}"
                 + (f", {players} players" if players != 2 else ""), fontsize=10)
    return _save(fig, path)


@plain_text
def game_stats(res: Results, path) -> Path:
    """The game's own figures as its meta["stats"] declares them: per panel, one stacked
    bar per bot (then the reference rows, hatched) of the columns that add up; then the
    race: each bot's mean score at each of its own turns, marked where it reaches the
    declared scores, beside the reference length."""
    spec = stats_spec(res.meta)
    df = res.game_stats
    w = words(res.meta)
    bots = list(res.summary.bot)
    is_ref = (df["source"].fillna("") != "") if "source" in df else pd.Series(False, index=df.index)
    refs = [r for r, ref in zip(df.itertuples(index=False), is_ref) if ref]
    own = df[~is_ref].set_index("bot")
    panels = spec.get("panels", [])
    race = spec.get("race")
    heights = [0.45 * (len(df) + 1) + 1.2 for _ in panels] + ([3.6] if race else [])
    fig, axes = plt.subplots(len(heights), 1, figsize=(9, sum(heights) + 1.2), layout="constrained",
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    colours = spec.get("colours", {})
    for ax, panel in zip(axes[:, 0], panels):
        cols = list(panel["columns"])
        shown = [(r, ref) for r, ref in zip(df.itertuples(index=False), is_ref)
                 if not ref or any(pd.notna(getattr(r, c)) for c in cols)]
        y = np.arange(len(shown))[::-1]
        labelled = 0.06 * (panel.get("total") or max(1e-9, np.nanmax(df[cols].sum(axis=1))))  # wide enough to label
        for yi, (r, ref) in zip(y, shown):
            left = 0.0
            for j, c in enumerate(cols):
                v = getattr(r, c)
                if pd.isna(v) or v == 0:
                    continue
                ax.barh(yi, v, left=left, height=0.62, color=colours.get(c, plt.cm.tab10(j % 10)),
                        hatch="//" if ref else "", edgecolor="white", lw=0.6)
                if v >= labelled:
                    ax.text(left + v / 2, yi, f"{100 * v:.0f}%" if panel.get("total") else f"{v:.1f}",
                            ha="center", va="center", fontsize=7, color="white")
                left += v
        ax.set_yticks(y, [r.bot + (f"\n({r.source})" if ref else "") for r, ref in shown], fontsize=8)
        ax.set_title(panel["title"], fontsize=9, loc="left")
        ax.grid(axis="x", alpha=0.3)
        if panel.get("total"):
            ax.set_xlim(0, panel["total"] * 1.02)
        used = [c for c in cols if (df[c].fillna(0) != 0).any()]
        ax.legend([Patch(color=colours.get(c, plt.cm.tab10(cols.index(c) % 10))) for c in used],
                  [panel["columns"][c] for c in used], fontsize=7, loc="upper left", bbox_to_anchor=(1.005, 1.0),
                  frameon=False)
    if race:
        ax = axes[-1, 0]
        games = res.summary.set_index("bot").games
        for i, (bot, d) in enumerate(res.curves.groupby("bot", sort=False)):
            keep = d.games_running / games[bot] >= 0.01
            look = {"color": plt.cm.tab10(i % 10), "ls": STYLES[i % 4]}
            ax.plot(d.turn[keep], d[f"mean_{w['vp']}"][keep], lw=1.6, label=bot, **look)
            for col, score in race.get("marks", {}).items():
                turn = own.loc[bot, col]
                if pd.notna(turn):
                    ax.plot([turn], [score], marker=MARKERS[i % 4], ms=6, mec="black", mew=0.6, **look)
        for ref in refs:
            value = getattr(ref, race["reference"], float("nan")) if race.get("reference") else float("nan")
            if pd.notna(value):
                ax.axvline(value, color="#555555", ls=":", lw=1.2,
                           label=f"{race.get('reference_label', ref.bot)}: {value:g}")
        for score in race.get("marks", {}).values():
            ax.axhline(score, color="#bbbbbb", lw=0.6, zorder=0)
        ax.set_xlabel("the bot's own turn (markers: the mean turn it reaches that score, over the games it does)")
        ax.set_ylabel(f"mean {w['vp_title']}")
        ax.set_title(race["title"], fontsize=9, loc="left")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.005, 1.0), frameon=False)
    fig.suptitle(_partial(res) + f"{spec['title']}: " + " vs ".join(bots) + "\n" + _subtitle(res), fontsize=10)
    return _save(fig, path)


def run_charts(res: Results, out) -> list[Path]:
    out = Path(out)
    files = [win_rates(res, out / "win_rates.png")]
    if len(res.seats) and res.seats.seat.nunique() > 1:
        files.append(seats(res, out / "seats.png"))
    if len(res.game_length):
        files.append(game_length(res, out / "game_length.png"))
    if len(res.curves):
        files.append(curves(res, out / "curves.png"))
    if len(res.cards):
        files.append(cards(res, out / "cards.png"))
    spec = stats_spec(res.meta)
    if spec and res.game_stats is not None and res.games:
        files.append(game_stats(res, out / f"{spec['name']}.png"))
    return files


__all__ = ["cards", "compare_chart", "curves", "game_length", "game_stats", "run_charts", "seats",
           "tournament_heatmap", "win_rates"]
