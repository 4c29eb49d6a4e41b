"""The tallies both games' engines write, as plain integers (no numba: the layouts that
re-export them are imported by commands that never load the compiler).

An engine's A array starts with these parts, in this order: per bot (TB_*), per bot and
seat (TS_*), endings, then the game's own parts (items gained, units, lengths, curves).
The per-game records (``--save-games``) are GR_* rows. simulator/run/stats.py reads the
same columns (BOT_COLS, SEAT_COLS).
"""
MAXB = 4         # bots in one match
MAXP = 4         # seats in one game
SHARE = 12       # a win, in the win-share columns: lcm(1..MAXP) (stats.share_unit)

TB_GAMES = 0
TB_WINS = 1      # outright wins
TB_TIES = 2      # games whose win it shared
TB_LOSSES = 3
TB_W12 = 4       # win shares in units of 1/SHARE (a k-way shared win gives SHARE/k)
TB_VP = 5        # the game's score (its LABELS' vp)
TB_TURNS = 6
NTB = 8
TS_GAMES = 0
TS_WINS = 1
TS_TIES = 2
TS_LOSSES = 3
TS_W12 = 4
NTS = 5

A_TB = 0
A_TS = A_TB + MAXB * NTB
A_TE = A_TS + MAXB * MAXP * NTS
A_TG = A_TE + 4  # where each game's own parts start

GR_GAME = 0
GR_ENDING = 1
GR_LENGTH = 2
GR_SEAT = 3      # then per seat: bot, score, turns, win share (in units of 1/SHARE)
GR_PER_SEAT = 4
NGR = GR_SEAT + GR_PER_SEAT * MAXP

SEATS_ROTATE = 0
SEATS_RANDOM = 1
SEATS_FIXED = 2
SEATS_ALL = 3      # every ordering of the bots in turn (lexicographic by game index)
