"""Mutation check: break one engine rule at a time and see whether the rule tests notice.

Each mutant is a one-line change to the engine (``simulator/dominion``): a card that does
a little more or less than printed, a Moat check removed, a reshuffle skipped, a wrong
game end, score or tie-break. For each, a copy of the package is changed and the
stacked-deck rule tests run against it as plain Python (``NUMBA_DISABLE_JIT=1``, so no
compile). A mutant the tests do not fail "survives": a rule nothing checks. Every mutant
must be killed; the script exits 1 if one survives.

    make mutate                 # all mutants, two at a time
    python bench/mutate.py -k Moat -j 1
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the engine package: a mutant's text must occur once in all its modules together
ENGINE = "simulator/dominion/engine"
CARDS = "simulator/dominion/cards.py"
BASE = "simulator/dominion/sets/base.yaml"
INTRIGUE = "simulator/dominion/sets/intrigue.yaml"
SPLENDOR = "simulator/splendor/engine"
STACKVM = "simulator/lang/stackvm.py"
TESTS = ["tests/splendor/test_splendor_rules.py", "tests/splendor/test_splendor_analysis.py", "tests/splendor/test_splendor_bots.py", "tests/splendor/test_splendor_conditions.py",
         "tests/splendor/test_splendor_boundaries.py", "tests/splendor/test_splendor_selectors.py", "tests/dominion/test_cards_simple.py", "tests/dominion/test_cards_decisions.py",
         "tests/dominion/test_cards_edges.py", "tests/dominion/test_boundaries.py", "tests/dominion/test_game_end.py", "tests/dominion/test_engine_basics.py",
         "tests/core/test_expr.py", "tests/dominion/test_conditions.py", "tests/dominion/test_why.py",
         "tests/splendor/test_splendor_why.py", "tests/dominion/test_play.py", "tests/splendor/test_splendor_play.py",
         "tests/dominion/test_intrigue.py"]

#: (name, file, text, replacement[, tests]): the text must occur exactly once in the file; a
#: mutant of a figure or tool outside the rules names the tests that check it (pytest ids)
OPT_START = "tests/core/test_optimize_start.py::"
POOLED = "tests/core/test_compare_pooled.py::"
HOSTILE = "tests/core/test_hostile_input.py::"
SEARCH = "tests/core/test_search.py"
PERSON_TABLE = "tests/core/test_person_table.py"
ENVS = "tests/core/test_envs.py"
STEP = "simulator/kernels/stepping.py"
GAMELOG = "tests/dominion/test_gamelog.py::test_logged_and_unlogged_engines_play_the_same_games"
LADDER = "tests/core/test_ladder.py"
MUTANTS = [
    # ---- search bots (docs/search.md)
    ("Search: a deck reserve is not marked face down", SPLENDOR, "        S[ps(p, PS_HIDDEN)] |= 1 << r", "        S[ps(p, PS_HIDDEN)] |= 0"),
    ("Search: a buy forgets which reserves are face down", SPLENDOR, "S[ps(p, PS_HIDDEN)] |= ((hidden >> i) & 1) << j", "S[ps(p, PS_HIDDEN)] |= ((hidden >> i) & 1) << i"),
    ("Search: a face-down mark on no card passes the check", SPLENDOR, "                or S[ps(p, PS_HIDDEN)] >> S[ps(p, PS_NRES)] != 0:", "                or False:"),
    ("Search: the hidden cards are dealt from the order they lie in", "simulator/kernels/streams.py", "    for i in range(1, n):\n        c = S[o + i]", "    for i in range(1, 1):\n        c = S[o + i]", [SEARCH]),
    ("Search: Splendor keeps a face-down reserve as it is", SPLENDOR, "                    if (S[ps(q, PS_HIDDEN)] >> i) & 1 != 0 and T[cd(c, C_LEVEL)] == lv + 1:\n                        S[d + m] = c", "                    if False:\n                        S[d + m] = c", [SEARCH]),
    ("Search: Dominion sees an opponent's hand", ENGINE, "        if q != p:\n            h = S[zn(q, Z_HAND)]", "        if False:\n            h = S[zn(q, Z_HAND)]", [SEARCH]),
    ("Search: the margin is ignored", "simulator/kernels/shared.py", "            if better and 10000.0 * d * d > z * z * (c * S[o + SC_DIFF2 + i] - d * d):", "            if better:", [SEARCH]),
    ("Search: a policy past the match's bots is let through", "simulator/lang/search.py", "    if len(bots) + len(out) > room:", "    if len(bots) + len(out) > room + 1:", [SEARCH]),
    ("Search: an option that does worse than the list's is taken", "simulator/kernels/shared.py", "and i != own and S[o + SC_DIFF + i] > 0:", "and i != own and S[o + SC_DIFF + i] < 0:", [SEARCH]),
    ("Search: a person's open question stops Splendor's rollouts (the hint's)", "simulator/splendor/engine/search.py", "    S[o + G_ERR] = 0  # a person's", "    S[o + G_ERR] = S[G_ERR]  # a person's", [SEARCH]),
    ("Search: a person's open question stops Dominion's rollouts (the hint's)", "simulator/dominion/engine/search.py", "    S[o + G_ERR] = 0  # a person's", "    S[o + G_ERR] = S[G_ERR]  # a person's", [SEARCH]),
    ("Search: a Splendor hint is the list's move, not the search's", "simulator/splendor/engine/search.py", '("person_act", "play_turn", "play_turns", "run_games")', '("play_turn", "play_turns", "run_games")', [SEARCH]),
    ("Search: a gain's rollout does not make the gain", "simulator/dominion/engine/search.py", "    gain_rest(S2, R2, T, A2, p, S2[S_WK + 3 * (S2[G_WK] - 1)], c)", "    pass", [SEARCH]),
    ("Search: a bot that searches its buys searches its gains too", "simulator/dominion/engine/search.py", "if rollouts == 0 or T[bo + O_DECIDE] & SD_GAIN == 0 or own < 0:", "if rollouts == 0 or own < 0:", [SEARCH]),
    ("Search: a searched gain is logged as a buy", "simulator/dominion/engine/search.py", "WHY_SEARCH, 2 + (0 if best == 0 else 1))", "WHY_SEARCH, 0 if best == 0 else 1)", [SEARCH]),
    ("Runner: a search match plays in a plain match's chunks", "simulator/run/runner.py", 'SEARCH_SCALE if getattr(match, "searching", False) else 1)', '1)', ["tests/core/test_runner.py::test_a_search_match_plays_in_chunks_of_a_second_or_two"]),
    # ---- dsim ladder (docs/ladder.md)
    ("Ladder: the ratings' mean is every bot's, not the rungs'", "simulator/tools/ladder.py", "    shift = float(rated[[b for b in names[:n] if b in rated.index]].mean()) - 1500.0", "    shift = float(rated.mean()) - 1500.0", [LADDER]),
    ("Ladder: a rung's recorded row is read under the other rung's name", "simulator/api.py", "rows = [(n, *r[1:]) for n, r in zip(gnames, known[group])]", "rows = [(n, *r[1:]) for n, r in zip(gnames, known[group][::-1])]", [LADDER]),
    ("Ladder: the fingerprint forgets the seed", "simulator/tools/ladder.py", "json.dumps([ladder.version, ladder.games, ladder.seed, ladder.paired])", "json.dumps([ladder.version, ladder.games, ladder.paired])", [LADDER]),
    ("Ladder: a paired ladder plays unpaired", "simulator/tools/ladder.py", "placed_games, opts,\n                                                 spec.paired, progress", "placed_games, opts,\n                                                 False, progress", [LADDER]),
    # ---- Splendor
    ("Splendor: two of a colour from 3", SPLENDOR, "        if S[S_BANK + x] >= 4:\n", "        if S[S_BANK + x] >= 3:\n"),
    ("Splendor: fewer than 3 colours cannot be taken", SPLENDOR, "    elif avail > 0:", "    elif avail > 1:"),
    ("Splendor: reserving takes gold from an empty bank", SPLENDOR, "    if S[S_BANK + GOLD] > 0:\n        take(S, p, GOLD, 1)", "    if True:\n        take(S, p, GOLD, 1)"),
    ("Splendor: a fourth reserved card", SPLENDOR, "    if S[ps(p, PS_NRES)] < MAX_RESERVED:\n        for slot", "    if S[ps(p, PS_NRES)] <= MAX_RESERVED:\n        for slot"),
    ("Splendor: bonuses give no discount", SPLENDOR, "    return max(0, T[cd(c, C_COST + k)] - S[ps(p, PS_BONUS + k)])", "    return max(0, T[cd(c, C_COST + k)])"),
    ("Splendor: paid gems stay out of the bank", SPLENDOR, "        S[S_BANK + k] += pay\n", "\n"),
    ("Splendor: gold pays before gems", SPLENDOR, "    return min(need(S, T, p, c, k), S[ps(p, PS_TOK + k)]) - ((gold_for >> (4 * k)) & 15)", "    return max(0, min(need(S, T, p, c, k), S[ps(p, PS_TOK + k)]) - S[ps(p, PS_TOK + GOLD)]) - ((gold_for >> (4 * k)) & 15)"),
    ("Splendor: the board is not refilled", SPLENDOR, "    S[S_BOARD + slot] = c\n", "    S[S_BOARD + slot] = -1\n"),
    ("Splendor: 11 tokens are kept", SPLENDOR, "    while total > MAX_TOKENS:", "    while total > MAX_TOKENS + 1:"),
    ("Splendor: a noble one card short visits", SPLENDOR, "if S[ps(p, PS_BONUS + k)] < T[nb(n, N_REQ + k)]:", "if S[ps(p, PS_BONUS + k)] + 1 < T[nb(n, N_REQ + k)]:"),
    ("Splendor: the noble list is ignored", SPLENDOR, "                    if cond_ok(S, T, F, r, p):\n                        pick = i", "                    if False:\n                        pick = i"),
    ("Splendor: players + 2 nobles", SPLENDOR, "    S[G_NNOB] = np_ + 1", "    S[G_NNOB] = np_ + 2"),
    ("Splendor: the round is not finished", SPLENDOR, "    if p == np_ - 1:\n        if S[G_LAST] != 0:", "    if p >= 0:\n        if S[G_LAST] != 0:"),
    ("Splendor: ties ignore card counts", SPLENDOR, "def tie_of(S, p):\n    return S[ps(p, PS_CARDS)]", "def tie_of(S, p):\n    return 0"),
    ("Splendor: one idle turn ends the game", SPLENDOR, "    if S[G_IDLE] >= np_:", "    if S[G_IDLE] >= 1:"),
    ("Splendor: a turn that gives back its take is not idle", SPLENDOR, "S[G_IDLE] + 1 if steady and tokens_after == tokens and cards_after == cards else 0", "S[G_IDLE] + 1 if passed and tokens_after == tokens and cards_after == cards else 0"),
    ("Splendor: an idle turn of a bot that reads the turn counts", SPLENDOR, "    steady = passed or (T[T[TH_BOPT] + b * NO + O_STEADY] != 0", "    steady = True or (0"),
    ("Splendor: a person's idle turn is its bot's", SPLENDOR, "O_STEADY] != 0 and not person(S, p))",
     "O_STEADY] != 0)"),
    ("Splendor: what a player holds leaves out its cards", SPLENDOR, "S[ps(p, PS_CARDS)] * 256 + S[ps(p, PS_POINTS)]", "0"),
    ("Splendor: what a player holds leaves out its tokens", SPLENDOR, "        h = h * 16 + S[ps(p, PS_TOK + k)]", "        h = h * 16"),
    ("Splendor: a take does not mark its colour", SPLENDOR, "    S[G_TAKEN] |= 1 << k\n", "\n"),
    ("Splendor: the default return prefers what it took", SPLENDOR, "key = ((S[G_TAKEN] >> j) & 1 ^ 1) * 10000", "key = ((S[G_TAKEN] >> j) & 1) * 10000"),
    ("Splendor: an unfinished game is scored by points", SPLENDOR, "    return reason != END_POINTS and S[S_VAR + V_UNFINISHED] == 0", "    return False"),
    # ---- Splendor: how a bot plays (Tally.stats)
    ("Splendor stats: a buy from the reserve counts as from the board", SPLENDOR, "A[tx + (X_BUY_BOARD if found != 0 else X_BUY_RESERVED)] += 1", "A[tx + X_BUY_BOARD] += 1"),
    ("Splendor stats: a deck's top counts as reserved from the board", SPLENDOR, "(X_RESERVE_DECK if slot < 0 else X_RESERVE_BOARD)", "X_RESERVE_BOARD"),
    ("Splendor stats: a take of two colours counts as three", SPLENDOR, "(X_TAKE3 if colours == 3 else X_TAKE_FEWER)", "(X_TAKE3 if colours >= 2 else X_TAKE_FEWER)"),
    ("Splendor stats: a take of two of a colour is not counted", SPLENDOR, "        A[x + X_TAKE2] += 1", "        A[x + X_TAKE3] += 1"),
    ("Splendor stats: the default take of two counts as a take of colours", SPLENDOR, "        return ACT_TAKE2 if took == 2 else ACT_TAKE3", "        return ACT_TAKE3"),
    ("Splendor stats: a pass is not counted", SPLENDOR, "        A[x + X_PASS] += 1", "        A[x + X_PASS] += 0"),
    ("Splendor stats: payments with gold counted, not the gold", SPLENDOR, "A[tx + X_GOLD_SPENT] += g", "A[tx + X_GOLD_SPENT] += 1"),
    ("Splendor stats: every card's points as level 1's", SPLENDOR, "A[tx + X_POINTS + T[cd(c, C_LEVEL)] - 1]", "A[tx + X_POINTS]"),
    ("Splendor stats: a noble counts one point", SPLENDOR, "X_POINTS_NOBLES] += T[nb(n, N_POINTS)]", "X_POINTS_NOBLES] += 1"),
    ("Splendor stats: a return counts one token", SPLENDOR, "X_RETURNED] += total - MAX_TOKENS", "X_RETURNED] += 1"),
    ("Splendor stats: a score is reached again on every gain", SPLENDOR, "            if before < REACH_FIRST * (i + 1) <= now:", "            if REACH_FIRST * (i + 1) <= now:"),
    ("Splendor stats: a reached score counts the turn before", SPLENDOR, "                A[o + 2 * i] += t\n", "                A[o + 2 * i] += t - 1\n"),
    ("Splendor stats: reserved cards left at the end are one", SPLENDOR, "X_UNBOUGHT] += S[ps(p, PS_NRES)]", "X_UNBOUGHT] += min(1, S[ps(p, PS_NRES)])"),
    ("Splendor stats: share_reserve counts board reserves only", "simulator/splendor/analysis.py", '"share_reserve": s[x["reserve_board"]] + s[x["reserve_deck"]],', '"share_reserve": s[x["reserve_board"]],'),
    ("Splendor stats: reserve_from_deck per turn, not per reserve", "simulator/splendor/analysis.py", 'row["reserve_from_deck"] = s[x["reserve_deck"]] / reserves if reserves else math.nan', 'row["reserve_from_deck"] = s[x["reserve_deck"]] / turns if turns else math.nan'),
    ("Splendor stats: buy_from_reserve reads board buys", "simulator/splendor/analysis.py", 'row["buy_from_reserve"] = s[x["buy_reserved"]] / buys', 'row["buy_from_reserve"] = s[x["buy_board"]] / buys'),
    ("Splendor stats: turn_to_N over every game, not those reaching N", "simulator/splendor/analysis.py", 'row[f"turn_to_{n}"] = s[x[f"reach_{n}_turns"]] / got if got else math.nan', 'row[f"turn_to_{n}"] = per(s[x[f"reach_{n}_turns"]])'),
    ("Splendor: what a player holds leaves out its reserved cards", SPLENDOR, "    return h * 4 + S[ps(p, PS_NRES)], ", "    return h * 4, "),
    # ---- what a run reports of its setups, and optimize --start
    ("a random kingdom may draw a card twice", "simulator/dominion/setup.py", "10 - len(need), replace=False)", "10 - len(need), replace=True)",
     [POOLED + "test_a_random_kingdom_holds_ten_different_cards_for_every_seed"]),
    ("run.json records random kingdoms as given", "simulator/api.py", '"random": i >= given}', '"random": False}',
     [POOLED + "test_run_json_says_which_kingdoms_were_drawn_at_random"]),
    ("a card a kingdom lacks is counted once per seat", "simulator/api.py", "in dict.fromkeys(items):     # a bot in several seats: once", "in items:",
     [POOLED + "test_a_card_a_kingdom_lacks_counts_once_per_kingdom_however_many_seats_name_it"]),
    ("a bot's lacks name a card once per seat", "simulator/api.py", 'lacks[(k.name, name)] = ", ".join(dict.fromkeys(item for', 'lacks[(k.name, name)] = ", ".join((item for',
     [POOLED + "test_a_card_a_kingdom_lacks_counts_once_per_kingdom_however_many_seats_name_it"]),
    ("optimize: pruning drops the last rule a list gets back", "simulator/tools/optimizer.py", "if len(G.parts(smaller)) < len(G.parts(together)):", "if True:",
     [OPT_START + "test_pruning_never_puts_back_what_it_took_out"]),
    ("optimize: an empty start list is filled in silently", "simulator/tools/optimizer.py", "for lst in G.missing(self.start, self.grammar):", "for lst in []:",
     [OPT_START + "test_a_start_bot_with_an_empty_buy_list_is_one_line_before_any_game"]),
    ("optimize: an unchanged start rule is written the genome's way", "simulator/lang/genome.py", "theirs = tuple(first.get(r, r) for r in rules)", "theirs = rules",
     [OPT_START + "test_an_unchanged_start_bot_is_written_back_as_its_file_writes_it"]),
    ("optimize: a repeated start rule kept once is no change", "simulator/lang/genome.py",
     "        left = [x for i, x in enumerate(ra) if i not in stay_a]", "        left = []",
     [OPT_START + "test_an_unchanged_start_bot_is_written_back_as_its_file_writes_it"]),
    ("optimize: a moved rule is said gone too", "simulator/lang/genome.py", "                left.remove(y)\n",
     "                pass\n", ["tests/core/test_genome.py::test_the_diff_says_what_changed"]),
    # ---- log --why: the rules above the one that decided
    ("why-not: an empty pile is said too dear", ENGINE, "            log_ev(S, EV_WHYNOT, p, r - first, WN_EMPTY)",
     "            log_ev(S, EV_WHYNOT, p, r - first, WN_COST)"),
    ("why-not: a false condition reads no values", ENGINE, "                if op >= OP_GAME:\n                    a = T[co + 2 * i + 1]",
     "                if op > 999:\n                    a = T[co + 2 * i + 1]"),
    ("why-not: the chosen rule is listed among those above", ENGINE, "            why_not(S, T, F, p, cap, mask, zone, first, r)",
     "            why_not(S, T, F, p, cap, mask, zone, first, r + 1)"),
    ("why-not: a hand without the card is not said", ENGINE, "        elif zone >= 0 and find_in(S, p, zone, c) < 0:",
     "        elif False:"),
    ("Splendor why-not: a false condition is said to name no card", SPLENDOR, "                why = WN_COND\n",
     "                why = WN_NONE\n"),
    ("Splendor why-not: the chosen rule is listed among those passed over", SPLENDOR,
     "end = first + T[rl + ls * 2 + 1] if ls != lst or upto < 0 else first + upto",
     "end = first + T[rl + ls * 2 + 1] if ls != lst or upto < 0 else first + upto + 1"),
    # ---- hardening, round 3: what a run stops at, pools and refuses
    ("--until-ci's chunks grow with -n", "simulator/run/runner.py", "return ChunkPlan(games, whole(chunk), head=",
     "return ChunkPlan(games, whole(min(chunk, max(small, games // 20))), head=",
     ["tests/core/test_runner.py::test_an_until_ci_plan_is_the_same_whatever_the_bound_so_is_its_stopping_point"]),
    ("compare pools a setup stopped part-way", "simulator/api.py", "finished = [name for name, r in runs.items() if not r.partial]",
     "finished = list(runs)", [POOLED + "test_a_setup_stopped_part_way_is_shown_but_left_out_of_the_pooled_verdict"]),
    ("compare plays a setup given twice", "simulator/api.py", "    if twice is not None:\n", "    if False:\n",
     [HOSTILE + "test_a_setup_given_twice_is_one_error_and_same_named_files_stay_apart"]),
    ("same-named setups are told apart once only", "simulator/api.py", 'names = [n if names.count(n) == 1 else f"{n} #{i + 1}"',
     'names = [n if True else f"{n} #{i + 1}"', [HOSTILE + "test_a_setup_given_twice_is_one_error_and_same_named_files_stay_apart"]),
    ("a value click refuses is echoed whole", "simulator/cli.py", "            e.message = _bounded(e.message)", "            pass",
     [HOSTILE + "test_a_refused_value_is_echoed_bounded"]),
    ("--save-games may be a report's file", "simulator/cli.py", "    if save_games is not None:\n        hit =",
     "    if False:\n        hit =", [HOSTILE + "test_save_games_onto_a_file_the_report_writes_is_refused_before_any_game"]),
    ("a second Ctrl-C in the re-send is lost", "simulator/run/signals.py", "            if self._pending:", "            if False:",
     ["tests/core/test_faults.py::test_a_second_ctrl_c_while_the_first_is_sent_again_still_stops_the_run"]),
    ("the command ends with the signals' defaults", "simulator/entry.py", "        signal.signal(sig, signal.SIG_IGN)",
     "        pass", ["tests/core/test_faults.py::test_a_ctrl_c_as_the_command_ends_leaves_its_exit_code_alone"]),
    ("Splendor: the unfinished rule is ignored", "simulator/splendor/game.py", '        v[E.V_UNFINISHED] = int(self.unfinished == "points")', "        v[E.V_UNFINISHED] = 0"),
    ("Splendor: 'cheapest' buys the most points", SPLENDOR, "    if order == ORD_CHEAPEST:", "    if order == -99:"),
    ("Splendor: the noble selector matches any colour", SPLENDOR, "        if wants != 0 and not noble_wants(S, T, p, T[cd(c, C_BONUS)]):", "        if False:"),
    ("Splendor: the default noble is the first that qualifies", SPLENDOR, "                    if gap < bk:", "                    if bk == 1 << 30:"),
    ("Splendor: the default takes three when two would do", SPLENDOR, "    if lacking == 1 and k2 >= 0:", "    if False:"),
    ("Splendor: buy rules after the first are ignored", SPLENDOR, "                return buy_at(S, R, T, F, A, p, b, pos)\n    if S[ps(p, PS_NRES)]", "                return buy_at(S, R, T, F, A, p, b, pos)\n            break\n    if S[ps(p, PS_NRES)]"),
    ("Splendor: the return list is ignored", SPLENDOR, "        if S[ps(p, PS_TOK + col)] > 0 and cond_ok(S, T, F, r, p):", "        if False:"),
    ("Splendor: the default return ignores what the aim needs", SPLENDOR, "* 10000 + (t - keep) * 100 + t", "* 10000 + t * 100 + t"),
    ("Splendor: the default noble list 'any' is ignored", SPLENDOR, "(col < 0 or T[nb(n, N_REQ + col)] > 0)", "(col >= 0 and T[nb(n, N_REQ + col)] > 0)"),
    ("Splendor: the take list's 'two' takes three", SPLENDOR, "                two = T[T[TH_RULES] + r * RW + R_TWO]", "                two = 0"),
    ("Splendor: conditions see no opponent bonus", SPLENDOR, "                best = max(best, S[ps(q, PS_BONUS + a)])", "                best = max(best, 0)"),
    ("Splendor: 5 gems each in a 2-player game", SPLENDOR, "    gems = 4 if np_ == 2 else (5 if np_ == 3 else 7)\n    for k in range(NGEM):\n        S[S_BANK + k] = gems", "    gems = 5 if np_ == 2 else (5 if np_ == 3 else 7)\n    for k in range(NGEM):\n        S[S_BANK + k] = gems"),
    # ---- the condition language's arithmetic (the stack machine both games share)
    ("a - b computed as b - a", STACKVM, "        return x - y\n", "        return y - x\n"),
    ("a / b computed as b / a", STACKVM, "            return x / y\n", "            return y / x\n"),
    ("< is <=", STACKVM, "return 1.0 if x < y else 0.0", "return 1.0 if x <= y else 0.0"),
    (">= is >", STACKVM, "return 1.0 if x >= y else 0.0", "return 1.0 if x > y else 0.0"),
    ("!= is ==", STACKVM, "return 1.0 if x != y else 0.0", "return 1.0 if x == y else 0.0"),
    ("min is max", STACKVM, "        return min(x, y)\n", "        return max(x, y)\n"),
    ("a negative over zero is +infinity", STACKVM, "            return -np.inf\n", "            return np.inf\n"),
    ("'and' skips when true", STACKVM, "    if op == OP_AND:\n        if F[sp - 1] == 0.0:",
     "    if op == OP_AND:\n        if F[sp - 1] != 0.0:"),
    ("'not' does nothing", STACKVM, "        F[sp - 1] = 1.0 if F[sp - 1] == 0.0 else 0.0\n", "        pass\n"),
    ("unary minus does nothing", STACKVM, "        F[sp - 1] = -F[sp - 1]\n", "        pass\n"),
    # ---- Dominion's condition values
    ("turn one low when read on another player's turn", ENGINE, "        if S[G_CUR] != p:\n            t += 1",
     "        if S[G_CUR] != p:\n            t += 0"),
    ("opp_vp counts the player itself", ENGINE, "        if q != p:\n            v = vp_of(S, T, q)",
     "        if q >= 0:\n            v = vp_of(S, T, q)"),
    ("vp_lead reversed", ENGINE, "        return vp_of(S, T, p) - opp_max_vp(S, T, p)",
     "        return opp_max_vp(S, T, p) - vp_of(S, T, p)"),
    ("draw_pile reads the discard pile", ENGINE, "    if a == VR_DRAW_PILE:\n        return S[zn(p, Z_DRAW)]",
     "    if a == VR_DRAW_PILE:\n        return S[zn(p, Z_DISC)]"),
    ('hand_size one high', ENGINE, '        return S[zn(p, Z_HAND)]\n    if a == VR_ACTIONS_PLAYED', '        return S[zn(p, Z_HAND)] + 1\n    if a == VR_ACTIONS_PLAYED'),
    ("empty_piles one high", ENGINE, "        return S[G_EMPTY]\n", "        return S[G_EMPTY] + 1\n"),
    ("players one low", ENGINE, "    if a == VR_PLAYERS:\n        return S[G_NP]", "    if a == VR_PLAYERS:\n        return S[G_NP] - 1"),
    ("buys read as actions", ENGINE, "    if a == VR_BUYS:\n        return S[G_BUYS]", "    if a == VR_BUYS:\n        return S[G_ACTIONS]"),
    ("opp_count sums the opponents", ENGINE,
     "best = max(best, S[own(q, a)] if op == OP_OPP_COUNT else count_type_owned(S, T, q, a))",
     "best = best + (S[own(q, a)] if op == OP_OPP_COUNT else count_type_owned(S, T, q, a))"),
    ("opp_count counts the player itself", ENGINE, "        if q != p:\n            best = max(best, S[own(q, a)]",
     "        if q >= 0:\n            best = max(best, S[own(q, a)]"),
    ("supply of a card not in the game is -1", ENGINE, "        return max(S[S_SUP + a], 0)", "        return S[S_SUP + a]"),
    ("in_play reads the hand", ENGINE, "    if op == OP_IN_PLAY:\n        return count_in(S, p, Z_PLAY, a)",
     "    if op == OP_IN_PLAY:\n        return count_in(S, p, Z_HAND, a)"),
    ("gains_to_end adds a fourth pile always", ENGINE, "    if k >= 4:\n        total += b3", "    if k >= 3:\n        total += b3"),
    ("gains_to_end ignores the Provinces", ENGINE, "    return min(prov, total)", "    return total"),
    # ---- Dominion's decision defaults at their documented boundaries
    ("Chapel's default trashes Estates with 4 Provinces left", ENGINE,
     "if S[S_SUP + PROVINCE] > 4 and find_in(S, p, Z_HAND, ESTATE) >= 0:",
     "if S[S_SUP + PROVINCE] >= 4 and find_in(S, p, Z_HAND, ESTATE) >= 0:"),
    ("Chapel's default trashes Coppers down to 6 money", ENGINE, "or S[ps(p, PS_MONEY)] <= 6:", "or S[ps(p, PS_MONEY)] < 6:"),
    ("Cellar's default discards Coppers at $1 a card", ENGINE, "return COPPER if m > nd else -1",
     "return COPPER if m >= nd else -1"),
    ("Remodel's default trades an Estate with 4 Provinces left", ENGINE, "if x == ESTATE and S[S_SUP + PROVINCE] > 4:",
     "if x == ESTATE and S[S_SUP + PROVINCE] >= 4:"),
    ("Remodel's default trades a card into itself", ENGINE, "if g < 0 or g == x or g == COPPER or g == CURSE:",
     "if g < 0 or g == COPPER or g == CURSE:"),
    ("Remodel's default trades a card into a Copper", ENGINE, "if g < 0 or g == x or g == COPPER or g == CURSE:",
     "if g < 0 or g == x or g == CURSE:"),
    ("Remodel's default turns Gold into Province with 5 left", ENGINE, "return 0 < S[S_SUP + PROVINCE] <= 4 and",
     "return 0 < S[S_SUP + PROVINCE] <= 5 and"),
    ("Harbinger's default topdecks a Copper", ENGINE, "return is_type(T, c, T_ACTION) or (is_type(T, c, T_TREASURE) and c != COPPER)",
     "return is_type(T, c, T_ACTION) or is_type(T, c, T_TREASURE)"),
    ("a forced discard counts a Village as a dead Action", ENGINE,
     "v = keep_value(S, T, p, x, 1 + villages - terminals if terminal else 1)",
     "v = keep_value(S, T, p, x, 1 + villages - terminals)"),
    ("a forced discard drops the costliest Victory card", ENGINE, "        return -100 + cost_of(T, c)", "        return -100 - cost_of(T, c)"),
    ("Bureaucrat's victim puts back its costliest Victory card", ENGINE,
     "if is_type(T, x, T_VICTORY) and (bi < 0 or cost_of(T, x) < cost_of(T, S[oh + bi])):",
     "if is_type(T, x, T_VICTORY) and (bi < 0 or cost_of(T, x) > cost_of(T, S[oh + bi])):"),
    ("Mine's default upgrades Copper before Silver", ENGINE,
     "if up > 0 and (up > gain_best or (up == gain_best and cost_of(T, h) > cost_of(T, g))):",
     "if up > 0 and (up > gain_best or (up == gain_best and cost_of(T, h) < cost_of(T, g))):"),
    # ---- Dominion's turn
    ("an attack from the last seat hits the wrong players", ENGINE, "    return q - S[G_NP] if q >= S[G_NP] else q",
     "    return q - S[G_NP] + 1 if q >= S[G_NP] else q"),
    ("a reshuffle does not shuffle", ENGINE, "        shuffle(S, R, p, od, n)\n        log_if(S, lg, EV_SHUFFLE",
     "        log_if(S, lg, EV_SHUFFLE"),
    ("a turn's coins carry into the next", ENGINE, "    S[G_COINS] = 0\n    S[G_MERCHANT] = 0", "    S[G_MERCHANT] = 0"),
    ("a Merchant's bonus carries into the next turn", ENGINE, "    S[G_MERCHANT] = 0\n    S[G_TURN_COINS] = 0",
     "    S[G_TURN_COINS] = 0"),
    ("seats play out of order", ENGINE, "        S[G_CUR] = p + 1 if p + 1 < np_ else 0",
     "        S[G_CUR] = p + 2 if p + 2 < np_ else 0"),
    # ---- Splendor's condition values, rules and defaults at their edges
    ("Splendor: turn one low", SPLENDOR, "        return S[ps(p, PS_TURNS)] + 1\n", "        return S[ps(p, PS_TURNS)]\n"),
    ("Splendor: opp_points counts the player itself", SPLENDOR, "        if q != p:\n            best = max(best, S[ps(q, PS_POINTS)])",
     "        if q >= 0:\n            best = max(best, S[ps(q, PS_POINTS)])"),
    ("Splendor: lead reversed", SPLENDOR, "        return S[ps(p, PS_POINTS)] - opp_points(S, p)", "        return opp_points(S, p) - S[ps(p, PS_POINTS)]"),
    ("Splendor: opp_bonus counts the player itself", SPLENDOR, "            if q != p:\n                best = max(best, S[ps(q, PS_BONUS + a)])",
     "            if q >= 0:\n                best = max(best, S[ps(q, PS_BONUS + a)])"),
    ("Splendor: a noble 4 cards away is in reach", SPLENDOR, "noble_gap(S, T, p, S[S_NOB + i]) <= 3:",
     "noble_gap(S, T, p, S[S_NOB + i]) <= 4:"),
    ("Splendor: can_buy counts a card one gem short", SPLENDOR, "        if s == 0:\n            n += 1", "        if s <= 1:\n            n += 1"),
    ("Splendor: short ignores the player's gold", SPLENDOR, "    return max(0, gold_needed(S, T, p, c) - S[ps(p, PS_TOK + GOLD)])",
     "    return max(0, gold_needed(S, T, p, c))"),
    ("Splendor: deck(any_level) counts nothing", SPLENDOR, "        if a == 0 or a == lv + 1:", "        if a == lv + 1:"),
    ("Splendor: reserved reads the nobles", SPLENDOR, "    if a == VR_RESERVED:\n        return S[ps(p, PS_NRES)]",
     "    if a == VR_RESERVED:\n        return S[ps(p, PS_NOBLES)]"),
    ("Splendor: a take list's 'two' from a pile of 3", SPLENDOR, "            if S[S_BANK + k] >= 4 and w > bw:",
     "            if S[S_BANK + k] >= 3 and w > bw:"),
    ("Splendor: the default takes two from a pile of 3", SPLENDOR, "            if w >= 2 and S[S_BANK + k] >= 4:",
     "            if w >= 2 and S[S_BANK + k] >= 3:"),
    ("Splendor: the turn cap ends a round late", SPLENDOR, "        if S[ps(p, PS_TURNS)] >= S[S_VAR + V_TURN_CAP]:",
     "        if S[ps(p, PS_TURNS)] > S[S_VAR + V_TURN_CAP]:"),
    ("Splendor: a reserve list takes a fourth card", SPLENDOR,
     "    if S[ps(p, PS_NRES)] < MAX_RESERVED:\n        first = T[rl + L_RESERVE * 2]",
     "    if S[ps(p, PS_NRES)] <= MAX_RESERVED:\n        first = T[rl + L_RESERVE * 2]"),
    ("Splendor: the default reserves a fourth card", SPLENDOR,
     "    if S[ps(p, PS_NRES)] < MAX_RESERVED:\n        pos = best_card(S, T, p, -1, MB_RESERVE)",
     "    if S[ps(p, PS_NRES)] <= MAX_RESERVED:\n        pos = best_card(S, T, p, -1, MB_RESERVE)"),
    # ---- found by an outsider's independent mutants (the rule tests missed them until these tests)
    ("Splendor: 'cheapest' prices a card without the bonuses", SPLENDOR, '        t += need(S, T, p, c, k)\n',
     '        t += T[cd(c, C_COST + k)]\n'),
    ("Splendor: 'most points' breaks ties by the dearest", SPLENDOR, '        return pts * 1000000 - sh * 10000 - pr * 100 - g',
     '        return pts * 1000000 - sh * 10000 + pr * 100 - g'),
    ("Splendor: 'closest' picks the farthest card", SPLENDOR, '    return -sh * 1000000 + pts * 10000 - pr * 100 - g',
     '    return sh * 1000000 + pts * 10000 - pr * 100 - g'),
    ('Splendor: take rules default to most points, not closest', SPLENDOR, '        order = ORD_CLOSEST if mode == MB_TAKE else ORD_POINTS',
     '        order = ORD_POINTS'),
    ("Splendor: 'reserved' selects face-up cards too", SPLENDOR, '(where == W_RESERVED and on_board)',
     '(where == W_RESERVED and False)'),
    ('Splendor: among equal cards the last wins', SPLENDOR, '        if key > best_key:\n            best_key = key',
     '        if key >= best_key:\n            best_key = key'),
    ('Splendor: take targets include a card already affordable', SPLENDOR, '(mode == MB_TAKE and sh <= 0)',
     '(mode == MB_TAKE and sh < 0)'),
    ("Splendor: 'wanted' ignores the gems held", SPLENDOR, '    return max(0, max(0, T[cd(c, C_COST + k)] - S[ps(p, PS_BONUS + k)]) - S[ps(p, PS_TOK + k)])',
     '    return max(0, max(0, T[cd(c, C_COST + k)] - S[ps(p, PS_BONUS + k)]))'),
    ('Splendor: the default takes two when the aim lacks one gem of a colour', SPLENDOR, '            if w >= 2 and S[S_BANK + k] >= 4:',
     '            if w >= 1 and S[S_BANK + k] >= 4:'),
    ("Splendor: the aim ignores the buy rules' conditions", SPLENDOR, '        for r in range(T[rl], T[rl] + T[rl + 1]):\n            if cond_ok(S, T, F, r, p):\n                pos = best_card(S, T, p, r, MB_TAKE)',
     '        for r in range(T[rl], T[rl] + T[rl + 1]):\n            if True:\n                pos = best_card(S, T, p, r, MB_TAKE)'),
    ('Splendor: the default buy applies despite a buy list', SPLENDOR, '    if T[bo + O_USER_BUY] == 0:\n        pos = best_card',
     '    if True:\n        pos = best_card'),
    ('Splendor: the default return keeps gems the bonuses already cover', SPLENDOR, 'keep = 0 if target < 0 else max(0, T[cd(target, C_COST + j)] - S[ps(p, PS_BONUS + j)])',
     'keep = 0 if target < 0 else max(0, T[cd(target, C_COST + j)])'),
    ('Splendor: a return rule that does not hold still returns', SPLENDOR, '        if S[ps(p, PS_TOK + col)] > 0 and cond_ok(S, T, F, r, p):',
     '        if S[ps(p, PS_TOK + col)] > 0:'),
    ('Splendor: the default does not buy when no gem can be taken', SPLENDOR, '    pos = best_card(S, T, p, -1, MB_BUY)\n    if pos >= 0:\n        why(S, p, L_BUY, -3)',
     '    pos = -1\n    if pos >= 0:\n        why(S, p, L_BUY, -3)'),
    ("Splendor: 'board' selects reserved cards too", "simulator/splendor/bots.py", '_WHERE = {"board": E.W_BOARD,',
     '_WHERE = {"board": E.W_ANY,'),
    ("Dominion: vp_with ignores the card being gained for Gardens' count", ENGINE, '        v += T[col(extra, C_VP)]\n        cards += 1',
     '        v += T[col(extra, C_VP)]\n        cards += 0'),
    ('Dominion: the guard refuses a tie with equal turns', ENGINE, 'S[ps(q, PS_TURNS)] < S[ps(p, PS_TURNS)]:',
     'S[ps(q, PS_TURNS)] <= S[ps(p, PS_TURNS)]:'),
    ('Dominion: a losing game-ending gain is never forced', ENGINE, '    for attempt in range(2):',
     '    for attempt in range(1):'),
    ("Dominion: Remodel's default turns Copper into a card at 6 money", ENGINE, '        elif x == COPPER and S[ps(p, PS_MONEY)] > 6:',
     '        elif x == COPPER and S[ps(p, PS_MONEY)] >= 6:'),
    ("Dominion: Artisan's default topdecks a playable Action", ENGINE, '            v = 100 + cost_of(T, y) if S[G_ACTIONS] == 0 else -1',
     '            v = 100 + cost_of(T, y)'),
    ('Dominion: a cantrip counts as a village for forced discards', ENGINE, '            if T[col(S[o + i], C_ACTIONS)] >= 2:',
     '            if T[col(S[o + i], C_ACTIONS)] >= 1:'),
    ("Dominion: Harbinger's default topdecks the cheapest Action", ENGINE, '            v = 100 + cost_of(T, y)\n        elif good_card',
     '            v = 100 - cost_of(T, y)\n        elif good_card'),
    ("Dominion: the default trash list's Estates at 4 Provinces", "simulator/dominion/strategy.py", '"Estate: supply(Province) > 4"',
     '"Estate: supply(Province) >= 4"'),
    ('Dominion: Vassal plays the Action but it stays in the discard pile', ENGINE, '            S[zn(p, Z_DISC)] -= 1\n',
     '            S[zn(p, Z_DISC)] -= 0\n'),
    ('Dominion: Library counts set-aside cards toward 7', ENGINE, '    while S[zn(p, Z_HAND)] < 7:',
     '    while S[zn(p, Z_HAND)] + S[zn(p, Z_ASIDE)] < 7:'),
    ('Dominion: Smithy costs 3', BASE, 'name: Smithy\n    cost: 4', 'name: Smithy\n    cost: 3'),
    # ---- basic cards and the card table
    ('Copper gives 2', BASE, 'treasure: 1\n    text: "1 coin."', 'treasure: 2\n    text: "1 coin."'),
    ('Gold gives 2', BASE, 'treasure: 3\n    text: "3 coins."', 'treasure: 2\n    text: "3 coins."'),
    ('Village gives +1 Action', BASE, 'actions: 2\n    text: "+1 Card, +2 Actions."', 'actions: 1\n    text: "+1 Card, +2 Actions."'),
    ('Woodcutter gives no Buy', BASE, 'buys: 1\n    coins: 2\n    text: "+1 Buy, +2 coins."', 'buys: 0\n    coins: 2\n    text: "+1 Buy, +2 coins."'),
    ('Smithy draws 2', BASE, 'cards: 3\n    text: "+3 Cards."', 'cards: 2\n    text: "+3 Cards."'),
    ('Festival gives +1 Action', BASE, 'actions: 2\n    buys: 1\n    coins: 2', 'actions: 1\n    buys: 1\n    coins: 2'),
    ('Laboratory is terminal', BASE, 'actions: 1\n    text: "+2 Cards, +1 Action."', 'actions: 0\n    text: "+2 Cards, +1 Action."'),
    ('Market gives no coin', BASE, 'coins: 1\n    text: "+1 Card, +1 Action, +1 Buy, +1 coin."', 'coins: 0\n    text: "+1 Card, +1 Action, +1 Buy, +1 coin."'),
    ('Council Room gives no Buy', BASE, 'cards: 4\n    buys: 1', 'cards: 4\n    buys: 0'),
    ('Moat draws 1', BASE, 'name: Moat\n    cost: 2\n    types: [Action, Reaction]\n    editions: "1+2"\n    cards: 2', 'name: Moat\n    cost: 2\n    types: [Action, Reaction]\n    editions: "1+2"\n    cards: 1'),
    ('Witch draws 3', BASE, 'cards: 2\n    text: "+2 Cards. Each other player gains a Curse card."', 'cards: 3\n    text: "+2 Cards. Each other player gains a Curse card."'),
    ('Chancellor gives +1 coin', BASE, 'coins: 2\n    text: "+2 coins. You may immediately', 'coins: 1\n    text: "+2 coins. You may immediately'),
    ('Poacher gives no coin', BASE, 'coins: 1\n    text: "+1 Card, +1 Action, +1 coin. Discard', 'coins: 0\n    text: "+1 Card, +1 Action, +1 coin. Discard'),
    # ---- kingdom cards' own text
    ("Merchant adds to every Silver once only", ENGINE, "S[G_MERCHANT] += 1", "S[G_MERCHANT] = 1"),
    ("Council Room: others draw 2", ENGINE, "draw(S, R, seat_after(S, p, k), 1)", "draw(S, R, seat_after(S, p, k), 2)"),
    ("Cellar draws one more", ENGINE, "    draw(S, R, p, discard_any(S, R, T, F, p, CELLAR))\n", "    draw(S, R, p, discard_any(S, R, T, F, p, CELLAR) + 1)\n"),
    ("Chapel trashes 5", ENGINE, "for k in range(4):", "for k in range(5):"),
    ("Chapel's default trashes Coppers the buy needs", ENGINE,
     "    if copper_needed(S, R, T, F, p):\n        return -1\n    return COPPER", "    return COPPER"),
    ("Chancellor leaves the deck", ENGINE, "        S[zn(p, Z_DRAW)] = 0\n        log_ev(S, EV_DECK",
     "        S[zn(p, Z_DRAW)] = S[zn(p, Z_DRAW)]\n        log_ev(S, EV_DECK"),
    ("Workshop gains up to 5", ENGINE, "gain_choice(S, R, T, F, A, p, 4, 0), Z_DISC)",
     "gain_choice(S, R, T, F, A, p, 5, 0), Z_DISC)"),
    ("Feast gains up to 6", ENGINE, "gain_choice(S, R, T, F, A, p, 5, 0), Z_DISC)",
     "gain_choice(S, R, T, F, A, p, 6, 0), Z_DISC)"),
    ("Feast is not trashed", ENGINE, "        trash_card(S, T, p, FEAST)\n", "        pass\n"),
    ("Feast's default gains back a Feast", ENGINE, "        S[G_SKIP] = FEAST + 1", "        S[G_SKIP] = 0"),
    ("Artisan topdecks a card this turn needs", ENGINE,
     "        if money > 0 and choose_gain(S, R, T, F, L_BUY, p, coins - money, 0) != want:\n            continue",
     "        if money < 0:\n            continue"),
    ("Artisan gains to the discard pile", ENGINE, "forced_gain(S, R, T, F, p, 5, 0), Z_HAND)",
     "forced_gain(S, R, T, F, p, 5, 0), Z_DISC)"),
    ("Bureaucrat's Silver to the discard pile", ENGINE, "gain_chosen(S, T, A, p, SILVER, Z_DRAW)",
     "gain_chosen(S, T, A, p, SILVER, Z_DISC)"),
    ("Militia: down to 4", ENGINE, "S[zn(q, Z_HAND)] - 3)", "S[zn(q, Z_HAND)] - 4)"),
    ("Moneylender gives +2", ENGINE, "            S[G_COINS] += 3\n        else:", "            S[G_COINS] += 2\n        else:"),
    ("Cellar's default keeps other Cellars", ENGINE, "    if find_in(S, p, Z_HAND, CELLAR) >= 0:\n        return CELLAR",
     "    if False:\n        return CELLAR"),
    ("Cellar's default discards Coppers whatever the draw pile", ENGINE, "return COPPER if m > nd else -1",
     "return COPPER"),
    ('Remodel gains up to +1', ENGINE, '        g = gain_choice(S, R, T, F, A, p, cost_now(S, T, x) + 2, 0)', '        g = gain_choice(S, R, T, F, A, p, cost_now(S, T, x) + 1, 0)'),
    ("Remodel's default keeps early Estates", ENGINE, "if x == ESTATE and S[S_SUP + PROVINCE] > 4:", "if False:"),
    ("Remodel's default turns Gold into Province early", ENGINE, "return 0 < S[S_SUP + PROVINCE] <= 4 and",
     "return 0 < S[S_SUP + PROVINCE] and"),
    ("Remodel's default keeps a second Remodel", ENGINE, "elif x == REMODEL and g == GOLD:", "elif False:"),
    ("Remodel's default plays a pointless Remodel", ENGINE, "    back = remodel_pick(S, R, T, F, p, 1) < 0",
     "    back = False"),
    ("Remodel's default counts the Remodel being played", ENGINE, "if x == REMODEL and remodels <= 0:", "if False:"),
    ("Remodel's default judges on the deck with the card", ENGINE,
     "    count_owned(S, T, p, x, -1)\n    lg = hush(S)\n    g = choose_gain(S, R, T, F, L_GAIN, p, cap, 0)\n"
     "    unhush(S, lg)\n    count_owned(S, T, p, x, 1)",
     "    lg = hush(S)\n    g = choose_gain(S, R, T, F, L_GAIN, p, cap, 0)\n    unhush(S, lg)"),
    ("Remodel's default trashes a Treasure the buy needs", ENGINE,
     "and choose_gain(S, R, T, F, L_BUY, p, coins - money, 0) != want:\n            continue  # the buy",
     "and False:\n            continue  # the buy"),
    ("Remodel's default turns an early Gold before an Estate", ENGINE,
     "and not (early and find_in(S, p, Z_HAND, ESTATE) >= 0) \\\n", "\\\n"),
    ("Mine gains to the discard pile", ENGINE, "gain_chosen(S, T, A, p, g, Z_HAND)",
     "gain_chosen(S, T, A, p, g, Z_DISC)"),
    ("Spy keeps and discards the wrong way", ENGINE, "    return good == own", "    return good != own"),
    ("Thief gains Coppers too", ENGINE, "if listed else x != COPPER", "if listed else True"),
    ("Thief ignores its gain list", ENGINE, "pick = listed_aside(S, R, T, F, L_GAIN, p, q, n, False) if listed else -1",
     "pick = -1"),
    ("Thief gains by default despite its gain list", ENGINE, "want = rule_matches(S, R, T, F, L_GAIN, p, x) if listed",
     "want = x != COPPER if listed"),
    ("Bandit's victim ignores its trash list", ENGINE, "if follows_list(S, T, q, O_USER_TRASH) else -1",
     "if False else -1"),
    ("Bureaucrat's victim ignores its topdeck list", ENGINE, "if follows_list(S, T, q, O_USER_TOPDECK):", "if False:"),
    ("Spy ignores the discard list", ENGINE, "if follows_list(S, T, p, O_USER_DISCARD):", "if False:"),
    ("Throne Room plays once", ENGINE, "push_play(S, x, 2, s2)", "push_play(S, x, 1, s2)"),
    ("Library draws to 8", ENGINE, "while S[zn(p, Z_HAND)] < 7:", "while S[zn(p, Z_HAND)] < 8:"),
    ("Library discards set-aside cards at once", ENGINE,
     "            push(S, p, Z_ASIDE, x)\n            log_ev(S, EV_SETASIDE, p, x, 0)",
     "            push(S, p, Z_DISC, x)\n            log_ev(S, EV_SETASIDE, p, x, 0)"),
    ("Adventurer wants 3 Treasures", ENGINE, "while found < 2:", "while found < 3:"),
    ("Adventurer discards revealed cards at once", ENGINE,
     "            push(S, p, Z_ASIDE, x)\n    discard_aside(S, p)\n\n\n@kernel\ndef artisan(",
     "            push(S, p, Z_DISC, x)\n    discard_aside(S, p)\n\n\n@kernel\ndef artisan("),
    ("Bandit gains Silver", ENGINE, "gain_chosen(S, T, A, p, GOLD, Z_DISC)", "gain_chosen(S, T, A, p, SILVER, Z_DISC)"),
    ("Harbinger puts the card in hand", ENGINE, "        move(S, p, Z_DISC, Z_DRAW, x, EV_TOPDECK)",
     "        move(S, p, Z_DISC, Z_HAND, x, EV_TOPDECK)"),
    ("Poacher discards one more", ENGINE, "discard_down(S, R, T, F, p, S[G_EMPTY])",
     "discard_down(S, R, T, F, p, S[G_EMPTY] + 1)"),
    ("Sentry puts the worse card on top", ENGINE, "ASK_SENTRY_TOP, S[oa] if cost_of(T, S[oa]) > cost_of(T, S[oa + 1])",
     "ASK_SENTRY_TOP, S[oa] if cost_of(T, S[oa]) < cost_of(T, S[oa + 1])"),
    ("Vassal's Action costs an Action", ENGINE, "log_ev(S, EV_PLAY, p, x, 1)",
     "log_ev(S, EV_PLAY, p, x, 1); S[G_ACTIONS] -= 1"),
    ("Gardens per 9 cards", ENGINE, "* ((cards * 52429) >> 19)", "* (cards // 9)"),
    # ---- Moat against each attack
    ("Moat ignored by Witch", ENGINE, "q = victim(S, R, T, F, p, k)\n        if q >= 0:\n            gain(S, T, A, q, CURSE",
     "q = seat_after(S, p, k)\n        if q >= 0:\n            gain(S, T, A, q, CURSE"),
    ("Moat ignored by Militia", ENGINE, "q = victim(S, R, T, F, p, k)\n        if q >= 0:\n            discard_down",
     "q = seat_after(S, p, k)\n        if q >= 0:\n            discard_down"),
    ("Moat ignored by Bureaucrat", ENGINE, "q = victim(S, R, T, F, p, k)\n        if q < 0:\n            continue\n        oh = zb(q, Z_HAND)",
     "q = seat_after(S, p, k)\n        if q < 0:\n            continue\n        oh = zb(q, Z_HAND)"),
    ("Moat ignored by Spy", ENGINE, "if k > 0 and (T[TH_REACT] & 1) != 0 and blocked(S, R, T, F, q):", "if False:"),
    ("Trading Post never held back", ENGINE, "    elif c == TRADING_POST and holds_back_trading_post(S, R, T, F, p):",
     "    elif False:"),
    ("Trading Post played only with three junk cards", ENGINE, "    if junk >= 2:\n        return False", "    if junk >= 3:\n        return False"),
    ("Trading Post held back with an Estate and a Silver", ENGINE,
     "    if find_in(S, p, Z_HAND, COPPER) < 0:\n        return False  # a Curse", "    if find_in(S, p, Z_HAND, COPPER) < 0:\n        return True  # a Curse"),
    ("Trading Post's lost Copper counted as 2 coins", ENGINE, "    back = copper_needed(S, R, T, F, p)\n",
     "    back = choose_gain(S, R, T, F, L_BUY, p, hand_coins(S, T, p) - 2, 0) != buy_with(S, R, T, F, p, 0)\n"),
    ("a Copper lost counts no Coppersmith coin", ENGINE, "L_BUY, p, coins - 1 - S[G_COPPER], 0)", "L_BUY, p, coins - 1, 0)"),
    ("Minion attacks into a junky reshuffle", ENGINE, "buy_with(S, R, T, F, p, 99) or junk_drawn(S, T, p, 4)", "buy_with(S, R, T, F, p, 99)"),
    ("Minion counts 3 junk cards as too many", ENGINE, "            k += 1\n    return k > 3", "            k += 1\n    return k > 2"),
    ("Moat not known to be in the supply", "simulator/dominion/game.py", "int(sup0[E.MOAT] >= 0) | 2 *", "0 | 2 *"),
    ("Diplomat and Secret Chamber not known to be in the supply", "simulator/dominion/game.py",
     "| 2 * int(sup0[E.DIPLOMAT] >= 0 or", "| 0 * int(sup0[E.DIPLOMAT] >= 0 or"),
    ("a zone's set by card id past 63 cards", "simulator/dominion/game.py", "T[E.TH_SLOTS] = int(max(ingame) >= 63)",
     "T[E.TH_SLOTS] = 0"),
    ("Moat ignored by Thief", ENGINE,
     "q = victim(S, R, T, F, p, k)\n        if q < 0:\n            continue\n        n = reveal_two(S, R, q)\n        listed",
     "q = seat_after(S, p, k)\n        if q < 0:\n            continue\n        n = reveal_two(S, R, q)\n        listed"),
    ("Moat ignored by Bandit", ENGINE,
     "q = victim(S, R, T, F, p, k)\n        if q < 0:\n            continue\n        n = reveal_two(S, R, q)\n        c = ask_zone(S, T, q, ASK_BANDIT",
     "q = seat_after(S, p, k)\n        if q < 0:\n            continue\n        n = reveal_two(S, R, q)\n        c = ask_zone(S, T, q, ASK_BANDIT"),
    # ---- drawing, reshuffling, the turn
    ("no reshuffle: an empty deck draws nothing", ENGINE, "    n = S[kx]\n    if n > 0:\n        od",
     "    n = 0\n    if n > 0:\n        od"),
    ("a hand is drawn from the bottom of the deck", ENGINE, "S[oh + h + i] = S[od + n - 1 - i]",
     "S[oh + h + i] = S[od + i]"),
    ("a played Treasure stays in hand too", ENGINE, "        kept += 1 - t\n", "        kept += 1\n"),
    ("revealing two skips the reshuffle for the second", ENGINE,
     "    for k in range(2):\n        x = take_top(S, R, q)",
     "    for k in range(2):\n        x = take_top(S, R, q) if k == 0 or S[S_ZN + q * NZ + Z_DRAW] > 0 else -1"),
    ("a card taken from hand takes every copy", ENGINE, "        hit = (x == c) * (1 - found)\n", "        hit = (x == c) * 1\n"),
    ("cleanup discards a card that left play", ENGINE, "            n += c >= 0\n", "            n += 1\n"),
    ("cleanup draws 6", ENGINE, "draw_hot(S, R, p, 5, lg, True)", "draw_hot(S, R, p, 6, lg, True)"),
    ('buying is free', ENGINE, '    S[G_COINS] -= cost_now(S, T, c) if fx else T[col(c, C_COST)]\n', '    pass\n'),
    ('Bridge: a buy pays the printed cost', ENGINE, '    S[G_COINS] -= cost_now(S, T, c) if fx else',
     '    S[G_COINS] -= T[col(c, C_COST)] if fx else'),
    # ---- game end, scoring, tie-break, guard
    ("the game ends on one pile fewer", ENGINE, "if S[G_EMPTY] >= S[S_VAR + V_END_PILES]:",
     "if S[G_EMPTY] >= S[S_VAR + V_END_PILES] - 1:"),
    ("the Provinces running out does not end the game", ENGINE,
     "    if S[S_SUP + PROVINCE] == 0:\n        return END_PROVINCES", "    if False:\n        return END_PROVINCES"),
    ("the turn cap comes a turn late", ENGINE, "S[ps(p, PS_TURNS)] >= S[S_VAR + V_TURN_CAP]",
     "S[ps(p, PS_TURNS)] > S[S_VAR + V_TURN_CAP]"),
    ('Duchy scores 2', BASE, 'vp: 3\n    text: "3 VP."', 'vp: 2\n    text: "3 VP."'),
    ('Curses score nothing', BASE, 'vp: -1\n    text: "-1 VP."', 'vp: 0\n    text: "-1 VP."'),
    ("VP of the card table ignored", ENGINE, "S[ps(p, PS_VP)] += k * T[col(c, C_VP)]",
     "S[ps(p, PS_VP)] += k * 6 * (c == PROVINCE)"),
    ("count(Type) misses a card of the type", ENGINE, "            for j in range(T[o]):\n",
     "            for j in range(T[o] - 1):\n"),
    ("a condition's > is >=", "simulator/dominion/strategy.py", "E.OP_GT: (math.floor(y) + 1, _INT_MAX)",
     "E.OP_GT: (math.floor(y), _INT_MAX)"),
    ("a range test's lower bound is exclusive", ENGINE, "return T[ro + R_LO] <= x and", "return T[ro + R_LO] < x and"),
    ("a clause joined by 'and' needs only the first", ENGINE,
     "return join != J_AND or clause_holds(S, T, o + CW, p)", "return True"),
    ("a rule's one clause answers as the next clause", ENGINE, "return join != J_AND or clause_holds",
     "return join == J_OR or clause_holds"),
    ("a ratio clause drops the left side's divisor", "simulator/dominion/strategy.py", "-y.mul * x.div", "-y.mul"),
    ("a clause's < is <=", "simulator/dominion/strategy.py", "E.OP_LT: (_INT_MIN, -1), E.OP_LE: (_INT_MIN, 0)",
     "E.OP_LT: (_INT_MIN, 0), E.OP_LE: (_INT_MIN, 0)"),
    ("ties ignore the turns taken", ENGINE, "    return S[ps(p, PS_TURNS)]\n", "    return 0\n"),
    ("ties are always shared (both games)", "simulator/kernels/shared.py", "(S[S_VAR + V_TIEBREAK] != 0 or tie_of(S, p) == fewest)",
     "(True or tie_of(S, p) == fewest)"),
    ("a game shared by all counts the winners only (both games)", "simulator/kernels/shared.py", "        if everyone or is_winner(S, T, p, best, fewest):\n            nwin += 1",
     "        if is_winner(S, T, p, best, fewest):\n            nwin += 1"),
    ("a rule's condition reads its last constant (both games)", "simulator/kernels/shared.py", "    return F[sp - 1] != 0.0", "    return F[F_STK] != 0.0"),
    ("4 piles at every player count", "simulator/dominion/setup.py", "return self.end_piles if players == 4 else 3",
     "return self.end_piles"),
    ("the guard lets a losing player end the game", ENGINE, "        if v > mine:\n            return True",
     "        if v > mine + 1:\n            return True"),
    # ---- what dsim log --why records
    ("why names a buy by its row in the table, not in the list", ENGINE,
     "            log_ev(S, EV_WHY, p, lst, r - first)\n            return",
     "            log_ev(S, EV_WHY, p, lst, r)\n            return"),
    ('why names a choice by the first rule naming the card, holding or not', ENGINE, 'R_COST] <= cap + S[G_REDUCE] \\\n                and rule_holds(S, T, F, r, p):\n', 'R_COST] <= cap + S[G_REDUCE]:\n'),
    ("why records what the default Chapel weighs", ENGINE, "        lg = hush(S)\n        x = chapel_pick",
     "        lg = S[G_LOG]\n        x = chapel_pick"),
    ("why says nothing of a Moat reveal by default", ENGINE, "        why(S, p, WHY_OPTION + k, WHY_DEFAULT)\n", "\n"),
    ("why names the list's next rule", SPLENDOR, "                why_act(S, T, F, p, b, L_BUY, r - first)",
     "                why_act(S, T, F, p, b, L_BUY, r - first + 1)"),
    ("why calls a return by rule the default", SPLENDOR, "            why(S, p, L_RETURN, r - T[rl])", "            why(S, p, L_RETURN, -1)"),
    # ---- the learning environments' stepping (simulator/kernels/stepping.py, each game's engine/env.py)
    ("stepping: a turn's start keeps the state but not the streams", STEP, "        RN[g, j] = R[j]\n", "        RN[g, j] = R[j] + 1\n", [ENVS]),
    ("stepping: an answer goes on from where the last question left the game", STEP, "        state_copy(SN[g], 0, S, 0)\n", "        pass\n", [ENVS]),
    ("stepping: 'none' is never in the mask", STEP, "                MB[g, na - 1] = 1\n", "                MB[g, na - 1] = 0\n", [ENVS]),
    ("stepping: a row dealt at once plays its game again", STEP, "                IO[g, IO_GAME] += IO[g, IO_STRIDE]\n", "                IO[g, IO_GAME] += 0\n", [ENVS]),
    ("stepping: only the last learning seat is asked", STEP, "            h |= 1 << s\n", "            h = 1 << s\n", [ENVS]),
    ("stepping: the results are each seat's, read as each bot's", STEP, "        IO[g, IO_WIN + S[S_SEAT + s]] = grec", "        IO[g, IO_WIN + s] = grec", [ENVS]),
    ("envs: another seat sees what a question is", "simulator/envs/core.py", "o if asked else -1", "o", [ENVS]),
    ("envs: a wrong action lets the other rows step", STEP, "    if wrong:\n        return\n", "    if False:\n        return\n", [ENVS]),
    ("stepping: a Dominion snapshot leaves out the last seats' zones", ENGINE, "    for z in range(np_ * NZ):  # in whole blocks", "    for z in range(NZ):  # in whole blocks", [ENVS]),
    ("stepping: a Dominion seat observes the next seat's cards as its own", "simulator/dominion/engine/env.py", "        b = zb(p, z)\n", "        b = zb((p + 1) % S[G_NP], z)\n", [ENVS]),
    ("stepping: a Splendor card reserved face down shows", "simulator/splendor/engine/env.py", "1 if me != 0 or hidden == 0 else 0", "1", [ENVS]),
    # ---- a person's decisions (dsim play)
    ("person: a decision with one answer is asked anyway", "simulator/kernels/asks.py", "    if n == 1 and optional == 0:\n", "    if n == -1 and optional == 0:\n"),
    ("person: an answer that is no option is taken", "simulator/kernels/asks.py", "            if S[o + Q_SCRATCH + j] == a:\n", "            if True:\n"),
    ("person: the buy offers cards one coin dearer", ENGINE, "ask_supply(S, T, p, ASK_BUY, S[G_COINS], 0, 1)", "ask_supply(S, T, p, ASK_BUY, S[G_COINS] + 3, 0, 1)"),
    ("person: Chapel counts no trashed card", ENGINE, "ASK_TRASH, p, Z_HAND, 0, -1, 1, 4 - k)", "ASK_TRASH, p, Z_HAND, 0, -1, 1, 4)"),
    ("person: a forced discard counts none discarded", ENGINE, "ASK_DISCARD_DOWN, p, Z_HAND, 0, -1, 0, k - j)", "ASK_DISCARD_DOWN, p, Z_HAND, 0, -1, 0, k)"),
    ("person: Moat asks Chancellor's question", ENGINE, "    kind = ASK_MOAT if k == O_MOAT else ASK_CHANCELLOR", "    kind = ASK_CHANCELLOR"),
    ("person: Remodel turns a late Gold into a Province unasked", ENGINE,
     "        default = False  # the person chose", "        pass  # the person chose"),
    ("person: Remodel's hint is not its bot's default trade", ENGINE, "    if x != ANSWER_OPEN:\n        default = False",
     "    if person(S, p):\n        default = False"),
    ("person: a wrong answer is hidden by the next question", "simulator/kernels/asks.py",
     "    if S[o + Q_STATE] == 0 and S[g_err] == 0:", "    if S[o + Q_STATE] == 0:"),
    ('person: Mine gains up to 2 more', ENGINE, '        g = forced_gain(S, R, T, F, p, cost_now(S, T, x) + 3, T_TREASURE)\n    gain_chosen', '        g = forced_gain(S, R, T, F, p, cost_now(S, T, x) + 2, T_TREASURE)\n    gain_chosen'),
    ("person: Throne Room's 2nd edition must choose", ENGINE, "T_ACTION, -1, 1 if S[S_VAR + V_EDITION] == 2 else 0, 0)", "T_ACTION, -1, 0, 0)"),
    ("person: 2nd-edition Moneylender always trashes", ENGINE, "            take = a == 1", "            take = True"),
    ("person: Thief trashes the costliest, not the one named", ENGINE, "False, False, False, find_in(S, q, Z_ASIDE, c))", "False, False, False, -1)"),
    ("person: Bandit trashes the cheaper, not the one named", ENGINE, "            pick = find_in(S, q, Z_ASIDE, c)", "            pick = -1"),
    ("person: Sentry puts back the other card on top", ENGINE, "        if S[oa + 1] != top:", "        if S[oa + 1] == top:"),
    ("person: Splendor reserves level 1's deck top", SPLENDOR, "        reserve(S, T, A, p, b, -1, a - AC_DECK)", "        reserve(S, T, A, p, b, -1, 0)"),
    ("person: Splendor counts no token given back", SPLENDOR, "ASK_RETURN, -1, total - MAX_TOKENS, n, 0)", "ASK_RETURN, -1, total, n, 0)"),
    ("person: gold paid for gems beyond the spare gold", SPLENDOR, "        spare -= 1\n", "\n"),
    ("pay_gold: a rule's condition is not read", SPLENDOR, "gems_paid(S, T, p, c, x, packed) > 0 and cond_ok(S, T, F, r, p):", "gems_paid(S, T, p, c, x, packed) > 0:"),
    # ---- Intrigue
    ("Courtyard draws 2", INTRIGUE, 'cards: 3\n    text: "+3 Cards. Put', 'cards: 2\n    text: "+3 Cards. Put'),
    ("Courtyard puts nothing back", ENGINE, 'can best spare."""\n    if S[zn(p, Z_HAND)] == 0:\n        return\n', 'can best spare."""\n    return\n'),
    ("Pawn's coin gives nothing", ENGINE, "        else:\n            S[G_COINS] += 1\n", "        else:\n            S[G_COINS] += 0\n"),
    ("Pawn may take a mode twice", ENGINE, "k // MODE_BASE == c and (m >= 32 or (taken >> m) & 1 == 0) and", "k // MODE_BASE == c and"),
    ("Great Hall scores nothing", INTRIGUE, 'vp: 1\n    text: "+1 Card, +1 Action. 1 VP."', 'vp: 0\n    text: "+1 Card, +1 Action. 1 VP."'),
    ("Shanty Town always draws", ENGINE, "    if count_type_in(S, T, p, Z_HAND, T_ACTION) == 0:\n        draw(S, R, p, 2)", "    if True:\n        draw(S, R, p, 2)"),
    ("Steward's coins are 1", ENGINE, "    elif m == STEWARD_COINS:\n        S[G_COINS] += 2", "    elif m == STEWARD_COINS:\n        S[G_COINS] += 1"),
    ("Steward trashes one", ENGINE, "        trash_from_hand(S, R, T, F, p, 2)\n\n\n@kernel\ndef steward_default", "        trash_from_hand(S, R, T, F, p, 1)\n\n\n@kernel\ndef steward_default"),
    ("Steward's default trashes Coppers", ENGINE, "        if T[col(c, C_MONEY)] > 0:\n            continue\n        if rule_matches", "        if T[col(c, C_MONEY)] > 9:\n            continue\n        if rule_matches"),
    ("Wishing Well takes any card", ENGINE, "    if y == x:\n        push(S, p, Z_HAND, y)", "    if True:\n        push(S, p, Z_HAND, y)"),
    ("Wishing Well names the rarest card", ENGINE, "        if k > most or (k == most and k > 0", "        if k < most or (k == most and k > 0"),
    ("Baron gives 3", ENGINE, "        S[G_COINS] += 4\n", "        S[G_COINS] += 3\n"),
    ("Baron gains no Estate", ENGINE, "    else:\n        gain_chosen(S, T, A, p, ESTATE, Z_DISC)", "    else:\n        pass"),
    ("Bridge reduces nothing", ENGINE, "    S[G_REDUCE] += 1\n", "    S[G_REDUCE] += 0\n"),
    ("Bridge: a cost below 0", ENGINE, "    return max(0, T[col(c, C_COST)] - S[G_REDUCE])", "    return T[col(c, C_COST)] - S[G_REDUCE]"),
    ("Bridge: the buy list ignores it", ENGINE, "    cap += S[G_REDUCE]  # a rule's cost", "    cap += 0  # a rule's cost"),
    ("Bridge: cost() reads the printed cost", ENGINE, "    if op == OP_COST:\n        return cost_now(S, T, a)", "    if op == OP_COST:\n        return cost_of(T, a)"),
    ("Conspirator needs 2 plays", ENGINE, "    if actions_played(S, T, p) >= 3:", "    if actions_played(S, T, p) >= 2:"),
    ("Conspirator: a Throne Room's second play is not counted", ENGINE, "        S[G_PLAYS] += 1  # its card's second play", "        S[G_PLAYS] += 0  # its card's second play"),
    ("Bridge lasts into the next turn", ENGINE, "        S[G_REDUCE] = 0\n        S[G_COPPER] = 0\n    S[ps(p, PS_TURNS)]",
     "        S[G_COPPER] = 0\n    S[ps(p, PS_TURNS)]"),
    ("Coppersmith lasts into the next turn", ENGINE, "        S[G_REDUCE] = 0\n        S[G_COPPER] = 0\n    S[ps(p, PS_TURNS)]",
     "        S[G_REDUCE] = 0\n    S[ps(p, PS_TURNS)]"),
    ("the first Intrigue card has no text", ENGINE, "    elif c >= INTRIGUE_FIRST:", "    elif c > INTRIGUE_FIRST:"),
    ("search: an Intrigue card's gain is the list's", ENGINE, '"replace", "effect_intrigue",', '"replace",', [SEARCH]),
    ("dsim play: a kept turn of other answers is gone on from", "simulator/person.py",
     "if given == tuple(answers[:len(given)]):", "if len(given) <= len(answers):", [PERSON_TABLE]),
    ("dsim play: a turn's start counts no answers", "simulator/person.py", "k = n + st.answers_read()", "k = n",
     [PERSON_TABLE]),
    ("dsim play: the deal plays the game", ENGINE, "            if mode == MODE_SETUP:\n                return 0\n", "",
     [PERSON_TABLE]),
    ("dsim play: Splendor's deal plays the game", SPLENDOR, "        if mode == MODE_SETUP:\n            return 0\n", "",
     [PERSON_TABLE]),
    ("Conspirator: a Throne Room's count goes on from an earlier turn", ENGINE, "            S[G_PLAYS] = 0\n", ""),
    ("Conspirator: a Throne Room's count is every seat's", ENGINE, "    return S[ps(p, PS_TURNS)] * MAXP + p\n",
     "    return S[ps(p, PS_TURNS)] * MAXP\n"),
    ("Conspirator: a new game keeps the count of the game before", ENGINE, "    S[G_PLAYS_AT] = -1\n", ""),
    ("Replace: its Curses go to no one", ENGINE, "    S[G_HIT] = hit\n", "    S[G_HIT] = 0\n"),
    ("search: a gain's rollout leaves out Ironworks' bonus", ENGINE, "    if card == IRONWORKS:\n        ironworks_gain",
     "    if card == -9:\n        ironworks_gain", [SEARCH]),
    ("search: a gain's rollout leaves out Replace's text", ENGINE, "    elif card == REPLACE:\n        replace_gain",
     "    elif card == -9:\n        replace_gain", [SEARCH]),
    ("Conspirator: a Throne Room's plays count in the next turn", ENGINE, "    if S[G_PLAYS_AT] == turn_stamp(S, p):",
     "    if True:"),
    ("actions_played counts in another player's turn", ENGINE, "    if p != S[G_CUR]:\n        return 0\n", ""),
    ("Coppersmith's game takes the turn loop without it", "simulator/dominion/game.py",
     "sup0[E.BRIDGE] >= 0 or sup0[E.COPPERSMITH] >= 0", "sup0[E.BRIDGE] >= 0", [GAMELOG]),
    ("Bridge's game takes the turn loop without it", "simulator/dominion/game.py",
     "sup0[E.BRIDGE] >= 0 or sup0[E.COPPERSMITH] >= 0", "sup0[E.COPPERSMITH] >= 0", [GAMELOG]),
    ("Conspirator: a play still waiting is counted", ENGINE, "        n -= S[S_WK + 3 * d + 1]", "        n -= 0"),
    ("Conspirator: Actions in play are not counted", ENGINE, "        if c < 0 or (T[col(c, C_TYPES)] & T_ACTION) != 0:\n            n += 1", "        if c < 0:\n            n += 1"),
    ("Conspirator: actions_played reads the Actions left", ENGINE, "        return actions_played(S, T, p)\n", "        return S[G_ACTIONS]\n"),
    ("Coppersmith adds nothing", ENGINE, "    S[G_COPPER] += 1\n", "    S[G_COPPER] += 0\n"),
    ("Coppersmith: every Treasure produces more", ENGINE, "            coins += S[G_COPPER] * (S[op + i] == COPPER)", "            coins += S[G_COPPER]"),
    ("Ironworks: a Victory card draws nothing", ENGINE, "        if is_type(T, g, T_VICTORY):\n            draw(S, R, p, 1)", "        if is_type(T, g, T_VICTORY):\n            pass"),
    ("Ironworks: a Treasure gives no coin", ENGINE, "        if is_type(T, g, T_TREASURE):\n            S[G_COINS] += 1", "        if is_type(T, g, T_TREASURE):\n            S[G_COINS] += 0"),
    ("Ironworks: an Action gives no Action", ENGINE, "        if is_type(T, g, T_ACTION):\n            S[G_ACTIONS] += 1", "        if is_type(T, g, T_ACTION):\n            S[G_ACTIONS] += 0"),
    ("Mining Village trashed twice", ENGINE, "    if S[zb(p, Z_PLAY) + slot] != MINING_VILLAGE:\n        return\n", ""),
    ("Mining Village gives 1", ENGINE, "trash_card(S, T, p, MINING_VILLAGE)\n        S[G_COINS] += 2", "trash_card(S, T, p, MINING_VILLAGE)\n        S[G_COINS] += 1"),
    ("Courtier's default takes the coins for a Gold", ENGINE, "and is_type(T, c, T_VICTORY)", "and is_type(T, c, T_VICTORY | T_TREASURE)"),
    ("Mining Village's default never trashes", ENGINE, "    return c >= 0 and c != buy_with(S, R, T, F, p, 0)\n", "    return False\n"),
    ("Duke scores nothing", ENGINE, "    v += (S[own(p, DUKE)] + (1 if extra == DUKE else 0)) * (", "    v += 0 * (S[own(p, DUKE)] + (1 if extra == DUKE else 0)) * ("),
    ("Duke: a supply with Dukes scores fixed VP only", "simulator/dominion/game.py", "sup0[E.GARDENS] >= 0 or sup0[E.DUKE] >= 0", "sup0[E.GARDENS] >= 0"),
    ("Trading Post gains the Silver to the discard pile", ENGINE, "        gain_chosen(S, T, A, p, SILVER, Z_HAND)", "        gain_chosen(S, T, A, p, SILVER, Z_DISC)"),
    ("Trading Post gains after trashing one", ENGINE, "    if trash_from_hand(S, R, T, F, p, 2) == 2:", "    if trash_from_hand(S, R, T, F, p, 2) >= 1:"),
    ("Harem scores 1", INTRIGUE, 'vp: 2\n    text: "2 coins. 2 VP."', 'vp: 1\n    text: "2 coins. 2 VP."'),
    ("Harem gives 1", INTRIGUE, 'treasure: 2\n    vp: 2', 'treasure: 1\n    vp: 2'),
    ("Nobles scores 1", INTRIGUE, 'vp: 2\n    text: "Choose one: +3 Cards; or +2 Actions. 2 VP."', 'vp: 1\n    text: "Choose one: +3 Cards; or +2 Actions. 2 VP."'),
    ("Nobles draws 2", ENGINE, "    if m == NOBLES_CARDS:\n        draw(S, R, p, 3)", "    if m == NOBLES_CARDS:\n        draw(S, R, p, 2)"),
    ("Nobles gives 1 Action", ENGINE, "        draw(S, R, p, 3)\n    else:\n        S[G_ACTIONS] += 2\n", "        draw(S, R, p, 3)\n    else:\n        S[G_ACTIONS] += 1\n"),
    ("a choose rule is never read", ENGINE, "            why(S, p, L_MODE, r - first)\n            return k % MODE_BASE", "            why(S, p, L_MODE, r - first)\n            return -1"),
    ("Lurker trashes nothing from the Supply", ENGINE, "        S[S_SUP + x] = s\n", "        S[S_SUP + x] = s + 1\n"),
    ("Lurker gains nothing from the trash", ENGINE, "    elif m == LURKER_GAIN:\n        gain_from_trash(S, T, A, p, x)", "    elif m == LURKER_GAIN:\n        pass"),
    ("Lurker's default never gains", ENGINE, "LURKER_GAIN if g >= 0 else LURKER_TRASH", "LURKER_TRASH"),
    ("Secret Chamber gives no coins", ENGINE, "    S[G_COINS] += discard_any(S, R, T, F, p, SECRET_CHAMBER)", "    S[G_COINS] += 0 * discard_any(S, R, T, F, p, SECRET_CHAMBER)"),
    ("Secret Chamber's reaction puts nothing back", ENGINE, "            move(S, q, Z_HAND, Z_DRAW, x, EV_TOPDECK)", "            pass"),
    ("Diplomat: no reaction", ENGINE, "        reactions(S, R, T, F, p)\n", "        pass\n"),
    ("Diplomat reacts from 4 cards", ENGINE, "S[zn(q, Z_HAND)] >= 5 \\\n", "S[zn(q, Z_HAND)] >= 4 \\\n"),
    ("Diplomat's Actions from a hand of 6", ENGINE, "    if S[zn(p, Z_HAND)] <= 5:\n        S[G_ACTIONS] += 2", "    if S[zn(p, Z_HAND)] <= 6:\n        S[G_ACTIONS] += 2"),
    ("Masquerade passes to the right", ENGINE, "        to = seat_after(S, q, 1)\n", "        to = seat_after(S, q, S[G_NP] - 1)\n"),
    ("Masquerade 2nd edition passes to the empty-handed", ENGINE, "            while (passing >> to) & 1 == 0:\n", "            while False:\n"),
    ("Masquerade passes without moving ownership", ENGINE, "        count_owned(S, T, to, x, 1)\n", "        count_owned(S, T, q, x, 1)\n"),
    ("Masquerade's default passes a Curse last", ENGINE, "    if find_in(S, q, Z_HAND, CURSE) >= 0:\n        return CURSE\n    if S[S_SUP + PROVINCE] > 4", "    if S[S_SUP + PROVINCE] > 4"),
    ("Swindler gives any card", ENGINE, "        if S[S_SUP + c] <= 0 or cost_now(S, T, c) != cost:\n            continue\n        v = 10", "        if S[S_SUP + c] <= 0:\n            continue\n        v = 10"),
    ("Swindler: the victim keeps the card", ENGINE, "        log_ev(S, EV_REVEAL, q, x, 0)\n        trash_card(S, T, q, x)\n        cost = cost_now(S, T, x)", "        log_ev(S, EV_REVEAL, q, x, 0)\n        push(S, q, Z_DRAW, x)\n        cost = cost_now(S, T, x)"),
    ("Mill gives coins for one card", ENGINE, "        if n >= 2:\n            S[G_COINS] += 2", "        if n >= 1:\n            S[G_COINS] += 2"),
    ("Mill scores nothing", INTRIGUE, 'vp: 1\n    text: "+1 Card, +1 Action. You may discard', 'vp: 0\n    text: "+1 Card, +1 Action. You may discard'),
    ("Scout keeps the Victory cards on the deck", ENGINE, "    reveal_top(S, R, T, F, p, 4, T_VICTORY)\n", "    reveal_top(S, R, T, F, p, 4, 0)\n"),
    ("Scout puts the cheapest on top", ENGINE, "                if cost_of(T, S[oa + j]) > cost_of(T, S[oa + b]):", "                if cost_of(T, S[oa + j]) < cost_of(T, S[oa + b]):"),
    ("Patrol leaves Curses on the deck", ENGINE, "    reveal_top(S, R, T, F, p, 4, T_VICTORY | T_CURSE)", "    reveal_top(S, R, T, F, p, 4, T_VICTORY)"),
    ("Patrol reveals 3", ENGINE, "    reveal_top(S, R, T, F, p, 4, T_VICTORY | T_CURSE)", "    reveal_top(S, R, T, F, p, 3, T_VICTORY | T_CURSE)"),
    ("Secret Passage: junk goes on top", ENGINE, "        w = told(S, p, ASK_WHERE, 1 if x == junk_card_of(T, x) or x == COPPER else 0)", "        w = told(S, p, ASK_WHERE, 0)"),
    ("Trading Post's default trashes Victory cards first", ENGINE, "            v = 1000 + cost_of(T, c)\n", "            v = -1000\n"),
    ("Trading Post's default trashes an Estate late", ENGINE, "            v = -50 if S[S_SUP + PROVINCE] > 4 else 3", "            v = -50"),
    ("Minion's default never attacks", ENGINE, "        buy_with(S, R, T, F, p, 2) == buy_with(S, R, T, F, p, 99)", "        True"),
    ("Replace is never held back", ENGINE, "    if (c == REMODEL or c == REPLACE) and holds_back_remodel(S, R, T, F, p, c):", "    if c == REMODEL and holds_back_remodel(S, R, T, F, p, c):"),
    ("Replace's hold-back weighs trashing the Replace itself", ENGINE, "        remove_at(S, p, Z_HAND, i)\n        back = remodel_pick(S, R, T, F, p, 0) < 0\n", "        back = remodel_pick(S, R, T, F, p, 0) < 0\n        remove_at(S, p, Z_HAND, i)\n"),
    ("Secret Passage: the bottom is the top", ENGINE, "        S[od] = x\n        S[zn(p, Z_DRAW)] += 1", "        S[od + S[zn(p, Z_DRAW)]] = x\n        S[zn(p, Z_DRAW)] += 1"),
    ("Courtier: one choice whatever the types", ENGINE, "    for i in range(min(types_of(T, x), NCOURTIER)):", "    for i in range(1):"),
    ("Courtier's coins are 2", ENGINE, "            S[G_COINS] += 3  # Courtier's", "            S[G_COINS] += 2  # Courtier's"),
    ("Courtier gains no Gold", ENGINE, "            gain(S, T, A, p, GOLD, Z_DISC, S[G_LOG] != 0)", "            pass"),
    ("Minion's attack spares a hand of 5", ENGINE, "(hit >> q) & 1 != 0 and S[zn(q, Z_HAND)] >= 5:", "(hit >> q) & 1 != 0 and S[zn(q, Z_HAND)] >= 6:"),
    ("Minion's attack ignores Moat", ENGINE, "        if (hit >> q) & 1 != 0 and S[zn(q, Z_HAND)] >= 5:", "        if S[zn(q, Z_HAND)] >= 5:"),
    ("Minion's coins are 1", ENGINE, "    if m == MINION_COINS:\n        S[G_COINS] += 2", "    if m == MINION_COINS:\n        S[G_COINS] += 1"),
    ("Minion draws 3", ENGINE, "    discard_hand(S, p)\n    draw(S, R, p, 4)", "    discard_hand(S, p)\n    draw(S, R, p, 3)"),
    ("Replace puts a Treasure in the discard pile", ENGINE, "    zone = Z_DRAW if is_type(T, g, T_ACTION | T_TREASURE) else Z_DISC", "    zone = Z_DISC"),
    ("Replace curses for any card", ENGINE, "    if gain(S, T, A, p, g, zone, S[G_LOG] != 0) and is_type(T, g, T_VICTORY):", "    if gain(S, T, A, p, g, zone, S[G_LOG] != 0):"),
    ("Saboteur stops at cost 2", ENGINE, "            if cost_now(S, T, x) >= 3:\n", "            if cost_now(S, T, x) >= 2:\n"),
    ("Saboteur's victim gains up to 1 less", ENGINE, "                cap = cost_now(S, T, x) - 2\n", "                cap = cost_now(S, T, x) - 1\n"),
    ("Torturer's Curse goes to the discard pile", ENGINE, "            gain(S, T, A, q, CURSE, Z_HAND, S[G_LOG] != 0)", "            gain(S, T, A, q, CURSE, Z_DISC, S[G_LOG] != 0)"),
    ("Torturer's victim discards one", ENGINE, "            discard_down(S, R, T, F, q, 2)\n", "            discard_down(S, R, T, F, q, 1)\n"),
    ("Tribute counts a card twice", ENGINE, "        if i == 1 and x == S[oa]:\n            break\n", ""),
    ("Tribute: a Victory card draws one", ENGINE, "        if is_type(T, x, T_VICTORY):\n            draw(S, R, p, 2)\n    discard_aside(S, q)", "        if is_type(T, x, T_VICTORY):\n            draw(S, R, p, 1)\n    discard_aside(S, q)"),
    ("Upgrade gains up to 1 more", ENGINE, "        if S[S_SUP + c] <= 0 or cost_now(S, T, c) != cost or not rule_holds(S, T, F, r, p):", "        if S[S_SUP + c] <= 0 or cost_now(S, T, c) > cost or not rule_holds(S, T, F, r, p):"),
    ("Upgrade gains 2 more", ENGINE, "exact_gain(S, R, T, F, p, cost_now(S, T, x) + 1)", "exact_gain(S, R, T, F, p, cost_now(S, T, x) + 2)"),
]


#: the run without a mutant: the rule tests and every mutant's own
ALL_TESTS = TESTS + list(dict.fromkeys(t for m in MUTANTS if len(m) > 4 for t in m[4]))


def locate(tree: Path, file: str, old: str) -> Path:
    """The one file (``file``, or a module of the package ``file``) holding ``old``, once."""
    path = tree / file
    paths = sorted(path.glob("*.py")) if path.is_dir() else [path]
    hits = [(q, q.read_text().count(old)) for q in paths]
    n = sum(k for _, k in hits)
    if n != 1:
        raise SystemExit(f"mutant text found {n} times in {file} (must be once): {old!r}")
    return next(q for q, k in hits if k)


def apply(tree: Path, file: str, old: str, new: str) -> None:
    path = locate(tree, file, old)
    path.write_text(path.read_text().replace(old, new))


def run_mutant(mutant, timeout: float) -> tuple[str, bool, float, str]:
    """Run the rule tests (or the mutant's own tests) on a copy of the package with
    ``mutant`` applied (None: as it is, with every mutant's tests)."""
    name, file, old, new, *own = mutant or ("no mutant", None, None, None, ALL_TESTS)
    tests = own[0] if own else TESTS
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="dsim-mutant-") as tmp:
        tree = Path(tmp)
        shutil.copytree(ROOT / "simulator", tree / "simulator", ignore=shutil.ignore_patterns("__pycache__"))
        for folder in ("tests", "docs", "strategies", "kingdoms", "ladders"):  # the tests read the shipped files
            shutil.copytree(ROOT / folder, tree / folder, ignore=shutil.ignore_patterns("__pycache__"))
        if mutant:
            apply(tree, file, old, new)
        env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
        check = subprocess.run([sys.executable, "-c", "import simulator; print(simulator.__file__)"], env=env,
                               cwd=tree, capture_output=True, text=True)
        if not check.stdout.startswith(str(tree)):
            raise SystemExit(f"the mutant's copy is not the one imported: {check.stdout}{check.stderr}")
        try:
            p = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                                "-o", f"timeout={timeout:.0f}", *tests], env=env, cwd=tree,
                               capture_output=True, text=True, timeout=20 * timeout)
            killed = p.returncode != 0
            failed = [ln for ln in p.stdout.splitlines() if ln.startswith("FAILED")]
            why = failed[0].split(" - ")[0].removeprefix("FAILED ") if failed else p.stdout.strip()[-120:]
        except subprocess.TimeoutExpired:
            killed, why = True, "the test run hung (killed by the script's own timeout)"
    return name, killed, time.perf_counter() - t0, why


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", default="", help="only mutants whose name contains this text")
    ap.add_argument("-j", type=int, default=2, help="mutants run at once")
    ap.add_argument("--timeout", type=float, default=60, help="seconds one test may take")
    args = ap.parse_args(argv)
    chosen = [m for m in MUTANTS if args.k.lower() in m[0].lower()]
    if not chosen:
        raise SystemExit(f"no mutant's name contains {args.k!r}")
    for _, file, old, _new, *_ in chosen:  # every mutant applies, before anything runs
        locate(ROOT, file, old)
    print(f"{len(chosen)} mutants, rule tests: {' '.join(Path(t).name for t in TESTS)}")
    # the same run without a mutant must pass, or every mutant would look killed
    _, failed, _, why = run_mutant(None, args.timeout)
    if failed:
        raise SystemExit(f"the rule tests fail without any mutant: {why}")
    survivors = []
    with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
        for name, killed, secs, why in pool.map(lambda m: run_mutant(m, args.timeout), chosen):
            print(f"  {'killed  ' if killed else 'SURVIVED'}  {name:<52} {secs:5.1f} s  {why}")
            if not killed:
                survivors.append(name)
    score = len(chosen) - len(survivors)
    print(f"mutation score: {score}/{len(chosen)} killed" + (f"; survivors: {', '.join(survivors)}"
                                                            if survivors else ""))
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
