"""How a Splendor bot plays: the figures of ``splendor.csv`` (one row per bot, from the
engine's per-bot counters and items), the human play they are held against, and what the
generic reports draw of them (``STATS_REPORT``: simulator/report/ renders any game's).

Shares of actions add up to 1 (``share_*``); points by source add up to the bot's mean
points (``points_*``); everything else is a mean per game, except the turns a bot
reaches 5, 10 and 15 points (a mean over the games it did) and how often it did.
"""
from __future__ import annotations

import math

import pandas as pd

from ..run.stats import BOT_COLS
from . import layout as E
from .cards import COLOURS

#: the engine's per-bot counters (Tally.stats), in the order of layout.py's X_*
STATS = ("take_three", "take_fewer", "take_two", "reserve_board", "reserve_deck", "buy_board", "buy_reserved",
         "pass", "tokens_returned", "gold_spent", "points_level_1", "points_level_2", "points_level_3",
         "points_nobles", "reserved_unbought",
         *(f"reach_{n}_{what}" for n in E.REACH for what in ("turns", "games")))
assert [STATS.index(k) for k in ("take_three", "take_fewer", "take_two", "reserve_board", "reserve_deck",
                                 "buy_board", "buy_reserved", "pass", "tokens_returned", "gold_spent",
                                 "points_level_1", "points_nobles", "reserved_unbought", "reach_5_turns")] == [
    E.X_TAKE3, E.X_TAKE_FEWER, E.X_TAKE2, E.X_RESERVE_BOARD, E.X_RESERVE_DECK, E.X_BUY_BOARD, E.X_BUY_RESERVED,
    E.X_PASS, E.X_RETURNED, E.X_GOLD_SPENT, E.X_POINTS, E.X_POINTS_NOBLES, E.X_UNBOUGHT, E.X_REACH]
assert len(STATS) <= E.NXS

#: splendor.csv's columns after ``bot``, with what each holds (report.html's row labels)
COLUMNS = {
    "games": "games played",
    "turns": "turns per game",
    "share_take_three": "take three gems of different colours",
    "share_take_fewer": "take one or two gems (fewer colours in the bank)",
    "share_take_two": "take two gems of one colour",
    "share_reserve": "reserve a card",
    "share_buy": "buy a card",
    "share_pass": "pass (no legal move)",
    "reserve_from_deck": "of the reserves: the top of a deck (unseen)",
    "buy_from_reserve": "of the buys: a reserved card",
    "points_level_1": "points from level-1 cards",
    "points_level_2": "points from level-2 cards",
    "points_level_3": "points from level-3 cards",
    "points_nobles": "points from nobles",
    "mean_points": "points (the four sources above)",
    "nobles": "nobles claimed",
    "cards_level_1": "level-1 cards bought",
    "cards_level_2": "level-2 cards bought",
    "cards_level_3": "level-3 cards bought",
    "cards": "development cards bought",
    "tokens_returned": "tokens given back over 10",
    "gold_taken": "gold taken (with a reserve)",
    "gold_spent": "gold spent",
    "reserved_unbought": "reserved cards never bought",
    **{f"turn_to_{n}": f"the own turn {n} points are reached (mean, over games that reach them)" for n in E.REACH},
    **{f"reached_{n}": f"games reaching {n} points (share)" for n in E.REACH},
    "source": "where a reference row's figures come from",
}
SHARES = ("share_take_three", "share_take_fewer", "share_take_two", "share_reserve", "share_buy", "share_pass")
POINTS = ("points_level_1", "points_level_2", "points_level_3", "points_nobles")

BGA = "Board Game Arena statistics"
SPENDEE = "Spendee, 7,268 two-player games"
#: what people do (issue 31's figures): Board Game Arena, all players and winners; Spendee's
#: game length (two players) and cards bought at the end by player count
HUMAN = [
    {"bot": "people: all players", "source": BGA, "share_take_three": 0.355, "share_take_two": 0.045,
     "share_reserve": 0.150, "share_buy": 0.452, "points_level_1": 0.88, "points_level_2": 6.1,
     "points_level_3": 4.32, "points_nobles": 1.57, "nobles": 0.52, "cards_level_1": 7.55, "cards_level_2": 3.44,
     "cards_level_3": 1.07},
    {"bot": "people: winners", "source": BGA, "points_level_1": 0.92, "points_level_2": 6.64,
     "points_level_3": 5.87, "points_nobles": 2.38, "nobles": 0.79, "cards_level_1": 7.36, "cards_level_2": 3.61,
     "cards_level_3": 1.43},
]
SPENDEE_TURNS = {2: 27.2}
SPENDEE_CARDS = {2: 13.0, 3: 11.9, 4: 11.1}

#: what the generic reports draw (recorded in run.json's meta["stats"]): the file names'
#: stem, a title, and the chart's panels (stacked bars of columns that add up, and the
#: points race, which reads the run's own per-turn curve)
GEM_SHADES = {"share_take_three": "#1f5fbf", "share_take_fewer": "#8fb3e8", "share_take_two": "#2e8b3e",
              "share_reserve": "#e0a53a", "share_buy": "#c0392b", "share_pass": "#a6a6a6",
              "points_level_1": "#9ecae1", "points_level_2": "#4292c6", "points_level_3": "#08519c",
              "points_nobles": "#8c6d31"}
STATS_REPORT = {
    "name": "splendor",
    "title": "How the bots play",
    "caption": "Per bot: the share of its turns spent on each action, where its points came from (per game), and "
               "its mean points at each of its own turns, with the turn it reached 5, 10 and 15 points (over the "
               "games it did). Hatched bars are human play, with their source named; a reference figure the source "
               "does not give is left out.",
    "panels": [
        {"title": "actions (share of turns)", "columns": {k: COLUMNS[k] for k in SHARES}, "total": 1.0},
        {"title": "points by source (per game)", "columns": {k: COLUMNS[k] for k in POINTS}},
    ],
    "colours": GEM_SHADES,
    #: the columns shown as percentages (fractions of 1)
    "percent": [*SHARES, "reserve_from_deck", "buy_from_reserve", *(f"reached_{n}" for n in E.REACH)],
    "race": {"title": "points race", "marks": {f"turn_to_{n}": n for n in E.REACH},
             "reference": "turns", "reference_label": f"people's mean length\n({SPENDEE})"},
    "columns": COLUMNS,
}


#: the rules the human figures were played with: a run under others gets no reference rows
#: (a target of 21 or a turn cap that stops games people finish would compare apples and pears)
HUMAN_RULES = {"target": 15, "min_turn_cap": 50}


def stats_table(t, bot_names: list, item_names: list, players: int, variant=None) -> pd.DataFrame:
    """splendor.csv: one row per bot, then the human reference rows (with their source;
    for the standard target and a turn cap that lets games run their course)."""
    x = {k: i for i, k in enumerate(STATS)}
    item = {k: i for i, k in enumerate(item_names)}
    rows = []
    for b, name in enumerate(bot_names):
        s = t.stats[b]
        games = int(t.bot[b, BOT_COLS.index("games")])

        def per(v, games=games):
            return v / games if games else math.nan
        turns = int(t.bot[b, BOT_COLS.index("turns")])
        actions = {"share_take_three": s[x["take_three"]], "share_take_fewer": s[x["take_fewer"]],
                   "share_take_two": s[x["take_two"]],
                   "share_reserve": s[x["reserve_board"]] + s[x["reserve_deck"]],
                   "share_buy": s[x["buy_board"]] + s[x["buy_reserved"]], "share_pass": s[x["pass"]]}
        reserves, buys = actions["share_reserve"], actions["share_buy"]
        row = {"bot": name, "games": games, "turns": per(turns)}
        row.update({k: v / turns if turns else math.nan for k, v in actions.items()})
        row["reserve_from_deck"] = s[x["reserve_deck"]] / reserves if reserves else math.nan
        row["buy_from_reserve"] = s[x["buy_reserved"]] / buys if buys else math.nan
        row.update({k: per(s[x[k]]) for k in POINTS})
        row["mean_points"] = per(sum(s[x[k]] for k in POINTS))
        row["nobles"] = per(sum(t.gained[b, i] for i in range(E.I_NOBLE, E.I_NOBLE + E.NNOBLES)))
        for lv in (1, 2, 3):
            row[f"cards_level_{lv}"] = per(sum(t.gained[b, item[f"level {lv} {c}"]] for c in COLOURS))
        row["cards"] = per(sum(t.gained[b, E.I_CARD:E.I_CARD + E.NLEVEL * E.NGEM]))
        row["tokens_returned"] = per(s[x["tokens_returned"]])
        row["gold_taken"] = per(t.gained[b, E.I_GOLD])
        row["gold_spent"] = per(s[x["gold_spent"]])
        row["reserved_unbought"] = per(s[x["reserved_unbought"]])
        for n in E.REACH:
            got = int(s[x[f"reach_{n}_games"]])
            row[f"turn_to_{n}"] = s[x[f"reach_{n}_turns"]] / got if got else math.nan
            row[f"reached_{n}"] = per(got)
        row["source"] = ""
        rows.append(row)
    standard = variant is None or (variant.target == HUMAN_RULES["target"]
                                   and variant.turn_cap >= HUMAN_RULES["min_turn_cap"])
    if standard:
        rows += human(players)
    df = pd.DataFrame(rows, columns=["bot", *COLUMNS])
    df["games"] = df["games"].astype("Int64")   # whole numbers; the reference rows have none
    return df


def human(players: int) -> list[dict]:
    """The reference rows for games of ``players``: Board Game Arena's (any player count),
    with the mean points as the sum of their sources, and Spendee's length and cards."""
    out = []
    for ref in HUMAN:
        r = dict(ref)
        r["mean_points"] = round(sum(r[k] for k in POINTS), 2)
        r["cards"] = round(sum(r[f"cards_level_{lv}"] for lv in (1, 2, 3)), 2)
        out.append(r)
    if players in SPENDEE_CARDS:
        out.append({"bot": f"people: {players} players",
                    "source": SPENDEE if players == 2 else f"Spendee, {players}-player games",
                    "turns": SPENDEE_TURNS.get(players, math.nan), "cards": SPENDEE_CARDS[players]})
    return out
