"""Where a search bot's rollouts work (simulator/lang/search.py, docs/search.md), as plain
integers, the same for every game written on dsim's kernels (simulator/kernels/shared.py's
``race``).

A state with a search bot has a search region at the end of S, at S[G_SCR] (each game's
layout names G_SCR, and G_ASCR: where in A the rollouts' own tallies go, never read). It
holds a copy of the game's state (its first S_EV ints) that each rollout plays on, then a
column per figure of the options a decision weighs, MAXOPT rows each.
"""
MAXOPT = 64      # options one decision may weigh
#: the columns after the state's copy: an option (the game's number for it), its rollouts'
#: win twelfths and their count, whether it is still raced, and the sum of its win twelfths
#: less the list's own option's on the same deal, and of their squares
COLUMNS = ("SC_OPT", "SC_SUM", "SC_CNT", "SC_ALIVE", "SC_DIFF", "SC_DIFF2")


def columns(s_ev: int) -> tuple:
    """The offsets in the search region of each of COLUMNS, then the region's size, for a
    game whose state before the log is ``s_ev`` ints long."""
    return (*(s_ev + k * MAXOPT for k in range(len(COLUMNS))), s_ev + len(COLUMNS) * MAXOPT)
