"""Splendor's rules, one at a time, on known boards: the engine's own state after its own
kernels (``nth_action`` plays the k-th legal action; ``run`` plays whole turns)."""
import numpy as np
import pytest

from simulator.splendor import layout as E
from simulator.splendor.cards import CARDS

from .helpers import (
    B, G, GOLD, R, U, W, bot, card, find_action, n_actions, noble, one_level_board, person_turns, play_action, state,
    turns)

# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players,gems", [(2, 4), (3, 5), (4, 7)])
def test_setup_tokens_nobles_and_face_up_cards_by_player_count(players, gems):
    st = state(players)
    assert st.bank() == [gems] * 5 + [5]
    assert len([n for n in st.nobles() if n >= 0]) == players + 1
    for lv, deck in ((1, 36), (2, 26), (3, 16)):
        row = st.board(lv)
        assert len(row) == 4 and all(CARDS[c].level == lv for c in row)
        assert len(st.deck(lv)) == deck
    assert st.conserved() == 0


def test_the_shuffle_depends_on_the_seed_only():
    a, b, c = state(seed=1), state(seed=1), state(seed=2)
    assert a.board(1) == b.board(1) and a.nobles() == b.nobles()
    assert (a.board(1), a.board(2), a.board(3), a.nobles()) != (c.board(1), c.board(2), c.board(3), c.nobles())


# ---------------------------------------------------------------- taking gems
def test_three_different_colours_and_two_of_one_only_from_four():
    st = state()  # 2 players: 4 of each colour
    # 10 ways to take 3 different colours, 5 to take 2 of one (4 of each), 12 + 3 reserves, no buy
    assert n_actions(st) == 10 + 5 + 15
    k = find_action(st, lambda t: t.tokens(0)[:5] == [2, 0, 0, 0, 0])
    play_action(st, k)
    assert st.tokens(0) == [2, 0, 0, 0, 0, 0] and st.bank()[W] == 2   # exactly 4 were there: allowed
    st.set_bank([3, 4, 4, 4, 4, 5])
    ways_two = n_actions(st) - 10 - 15
    assert ways_two == 4  # white has 3: no longer two of white


def test_fewer_than_three_only_when_fewer_colours_are_left():
    st = state()
    st.set_bank([0, 0, 2, 1, 0, 5])
    before = n_actions(st)
    assert before == 1 + 15  # one take (green and red), no take-2, the reserves
    play_action(st, 0)
    assert st.tokens(0)[:5] == [0, 0, 1, 1, 0] and st.bank()[:5] == [0, 0, 1, 0, 0]
    assert n_actions(st, 1) == 1 + 15  # one colour left: taking that one gem is the take
    play_action(st, 0, p=1)
    assert st.tokens(1)[:5] == [0, 0, 1, 0, 0] and st.bank()[:5] == [0] * 5


# ---------------------------------------------------------------- reserving
def test_reserve_face_up_takes_gold_and_refills_from_the_deck_top():
    st = state()
    target = st.board(2)[1]
    top = st.deck(2)[-1]
    k = find_action(st, lambda t: t.reserved(0) == [target])
    play_action(st, k)
    assert st.reserved(0) == [target] and st.tokens(0)[GOLD] == 1 and st.bank()[GOLD] == 4
    assert st.board(2)[1] == top and len(st.deck(2)) == 25
    assert st.conserved() == 0


def test_reserve_the_top_of_a_deck_unseen():
    st = state()
    top = st.deck(3)[-1]
    row = st.board(3)
    k = find_action(st, lambda t: t.reserved(0) == [top])
    play_action(st, k)
    assert st.board(3) == row and len(st.deck(3)) == 15 and st.tokens(0)[GOLD] == 1
    # only its owner has seen it: the state marks it face down (a search deals it again for the others)
    assert st.ps(0, E.PS_HIDDEN) == 1
    play_action(st, find_action(st, lambda t: len(t.reserved(0)) == 2 and t.board(1) != st.board(1)))
    assert st.ps(0, E.PS_HIDDEN) == 1 and st.conserved() == 0


def test_buying_a_reserved_card_keeps_which_others_are_face_down():
    st = state()
    a, b, c = st.deck(1)[-1], st.board(1)[0], st.deck(2)[-1]
    st.set_reserved(0, [a, b, c])
    st.S[st.o(0, E.PS_HIDDEN)] = 0b101
    st.set_board(1, [st.deck(1)[-1], *st.board(1)[1:]])
    st.set_tokens(0, [4, 4, 4, 4, 4, 0])
    assert st.conserved() == 0
    play_action(st, find_action(st, lambda t: b in t.owned(0)))
    assert st.reserved(0) == [a, c] and st.ps(0, E.PS_HIDDEN) == 0b11 and st.conserved() == 0
    st.S[st.o(0, E.PS_HIDDEN)] = 0b100  # a face-down mark on no card: the check finds it
    assert st.conserved() != 0


def test_reserving_with_no_gold_left_gives_no_gold():
    st = state()
    st.set_bank([4, 4, 4, 4, 4, 0])
    st.S[st.o(1, E.PS_TOK + GOLD)] = 5  # the other player holds all five
    target = st.board(1)[0]
    play_action(st, find_action(st, lambda t: t.reserved(0) == [target]))
    assert st.reserved(0) == [target] and st.tokens(0)[GOLD] == 0 and st.conserved() == 0


def test_at_most_three_reserved_cards():
    st = state()
    st.set_reserved(0, [st.board(1)[0], st.board(1)[1]])
    st.set_board(1, [st.deck(1)[-1], st.deck(1)[-2], *st.board(1)[2:]])
    assert n_actions(st) == 10 + 5 + 15
    st.set_reserved(0, st.reserved(0) + [st.board(3)[0]])
    st.set_board(3, [st.deck(3)[-1], *st.board(3)[1:]])
    assert n_actions(st) == 10 + 5  # no reserve any more (and nothing affordable)


# ---------------------------------------------------------------- buying
def test_buy_pays_cost_less_bonuses_and_tokens_return_to_the_bank():
    st = state()
    c = card(2, W, 2, [0, 0, 0, 5, 0])          # 5 red
    st.set_board(2, [c, *st.board(2)[1:]])
    for x in [x.id for x in CARDS if x.level == 1 and x.bonus == R][:2]:
        st.give_card(0, x)                        # two red bonuses
    assert st.bonuses(0)[R] == 2
    st.set_tokens(0, [0, 0, 0, 3, 0, 0])
    play_action(st, find_action(st, lambda t: c in t.owned(0)))
    assert st.tokens(0) == [0] * 6 and st.bank()[R] == 4        # paid 3 red, back to the bank
    assert st.points(0) == 2 and st.bonuses(0)[W] == 1 and st.conserved() == 0


def test_gold_replaces_any_colour_and_can_pay_everything():
    st = state()
    c = card(1, W, 1, [0, 0, 4, 0, 0])          # 4 green
    st.set_board(1, [c, *st.board(1)[1:]])
    st.S[E.S_BANK + GOLD] = 1
    st.S[st.o(0, E.PS_TOK + GOLD)] = 4            # gold only
    play_action(st, find_action(st, lambda t: c in t.owned(0)))
    assert st.tokens(0) == [0] * 6 and st.bank()[GOLD] == 5 and st.bank()[G] == 4
    pays = [[int(x) for x in e] for e in st.events() if e[0] == E.EV_PAY]
    assert pays == [[E.EV_PAY, 0, GOLD, 4]]


def test_gold_is_spent_only_for_what_gems_do_not_cover():
    st = state()
    c = card(1, W, 1, [0, 0, 4, 0, 0])
    st.set_board(1, [c, *st.board(1)[1:]])
    st.set_tokens(0, [0, 0, 3, 0, 0, 1])
    play_action(st, find_action(st, lambda t: c in t.owned(0)))
    assert st.tokens(0) == [0] * 6 and st.bank()[G] == 4 and st.bank()[GOLD] == 5


def test_a_card_made_free_by_bonuses_costs_nothing():
    st = state()
    c = card(1, U, 0, [0, 0, 0, 0, 3])           # 3 black
    st.set_board(1, [c, *st.board(1)[1:]])
    for x in [x.id for x in CARDS if x.level == 1 and x.bonus == B][:3]:
        st.give_card(0, x)
    st.set_tokens(0, [1, 1, 0, 0, 0, 0])
    assert int(np.sum(st.tokens(0))) == 2
    play_action(st, find_action(st, lambda t: c in t.owned(0)))
    assert st.tokens(0) == [1, 1, 0, 0, 0, 0] and st.bonuses(0)[U] == 1


def test_buy_a_reserved_card():
    st = state()
    c = card(3, W, 4, [0, 0, 0, 0, 7])
    other = st.board(1)[0]
    st.set_reserved(0, [other, c])
    st.set_board(1, [st.deck(1)[-1], *st.board(1)[1:]])
    st.set_tokens(0, [0, 0, 0, 0, 4, 3])
    row = [st.board(lv) for lv in (1, 2, 3)]
    play_action(st, find_action(st, lambda t: c in t.owned(0)))
    assert st.reserved(0) == [other] and [st.board(lv) for lv in (1, 2, 3)] == row   # the board is untouched
    assert st.points(0) == 4 and st.tokens(0) == [0] * 6 and st.conserved() == 0


def test_an_unaffordable_card_is_not_a_legal_buy():
    st = state()
    c = card(1, W, 1, [0, 0, 4, 0, 0])
    st.set_board(1, [c, *st.board(1)[1:]])
    st.set_tokens(0, [0, 0, 3, 0, 0, 0])
    st.set_bank([4, 4, 4, 4, 4, 5])       # the same bank both times: the same takes
    n = n_actions(st)
    st.set_tokens(0, [0, 0, 4, 0, 0, 0])
    st.set_bank([4, 4, 4, 4, 4, 5])
    assert n_actions(st) == n + 1


# ---------------------------------------------------------------- end of turn: tokens and nobles
def test_over_ten_tokens_the_bot_returns_down_to_ten_by_its_list():
    b = bot("take: [closest]\nreturn: [black, white]\nbuy: ['level 3']")
    st = state(bots=[b, bot(name="o")])
    st.set_tokens(0, [3, 2, 2, 2, 1, 0])   # 10 tokens
    st.set_bank([0, 1, 1, 1, 0, 5])        # it can only take blue, green and red
    turns(st)
    assert st.tokens(0) == [1, 3, 3, 3, 0, 0]   # 13: back go its black, then two white
    assert [(int(e[0]), int(e[2])) for e in st.events() if e[0] == E.EV_RETURN] == [(E.EV_RETURN, B)] + \
        [(E.EV_RETURN, W)] * 2


def test_over_ten_tokens_by_default_the_most_held_colour_its_aim_does_not_need_goes_back():
    st = state()
    aim = card(1, W, 1, [0, 0, 4, 0, 0])
    for lv in (1, 2, 3):
        st.set_board(lv, [-1] * 4 if lv > 1 else [aim, -1, -1, -1])
    st.set_tokens(0, [0, 1, 3, 1, 5, 0])    # 10; its aim is green
    st.set_bank([4, 3, 1, 3, 0, 5])
    turns(st)
    t = st.tokens(0)
    assert sum(t) == 10 and t[B] < 5 and t[G] >= 3


def test_a_noble_visits_when_bonuses_meet_it_and_only_one_per_turn():
    b = bot("noble: [red]")
    st = state(bots=[b, bot(name="o")])
    n1, n2 = noble([0, 4, 4, 0, 0]), noble([0, 0, 4, 4, 0])   # blue+green, green+red
    st.set_nobles([n1, n2, noble([4, 4, 0, 0, 0])])
    for colour, k in ((U, 4), (G, 4), (R, 4)):
        for x in [x.id for x in CARDS if x.level == 1 and x.bonus == colour][:k]:
            st.give_card(0, x)
    points = st.points(0)
    turns(st)
    assert st.noble_owner(n2) == 0 and st.noble_owner(n1) == -1   # its list names red
    assert st.points(0) == points + 3 and st.ps(0, E.PS_NOBLES) == 1
    turns(st, 2)   # the opponent, then player 0 again: the other noble now
    assert st.noble_owner(n1) == 0 and st.points(0) >= points + 6
    assert st.conserved() == 0


def test_a_noble_needs_every_colour_of_its_requirement():
    st = state()
    n = noble([3, 3, 0, 0, 3])
    st.set_nobles([n, -1, -1])
    st.S[E.G_NNOB] = 1
    for colour, k in ((W, 3), (U, 3), (B, 2)):
        for x in [x.id for x in CARDS if x.level == 1 and x.bonus == colour][:k]:
            st.give_card(0, x)
    st.set_board(1, [-1] * 4)
    st.set_board(2, [-1] * 4)
    st.set_board(3, [-1] * 4)
    turns(st)
    assert st.noble_owner(n) == -1


# ---------------------------------------------------------------- the end of the game
def _near_the_end(points0, points1, cards0, cards1, **rules):
    """Player 0 holds points0 (with cards0 cards), player 1 points1 (cards1); each can buy
    a free 1-point level-1 card now (both bots buy points first)."""
    st = state(bots=[bot("buy: [points]", "A"), bot("buy: [points]", "Z")], **rules)
    for p, pts, n in ((0, points0, cards0), (1, points1, cards1)):
        zeros = [x.id for x in CARDS if x.points == 0 and x.id not in st.owned(0) + st.owned(1)]
        for x in zeros[:n]:
            st.give_card(p, x)
        st.S[st.o(p, E.PS_POINTS)] = pts
    ones = [card(1, W, 1), card(1, U, 1)]
    st.set_board(1, [*ones, -1, -1])
    st.set_board(2, [-1] * 4)
    st.set_board(3, [-1] * 4)
    st.set_tokens(0, [0, 0, 4, 0, 0, 0])   # white's 1-point card costs 4 green
    st.set_tokens(1, [0, 0, 0, 4, 0, 0])   # blue's costs 4 red
    st.S[E.S_VAR + E.V_CHECK] = 0          # points set by hand: no conservation check here
    return st


def test_reaching_the_target_finishes_the_round_then_the_game_ends():
    st = _near_the_end(14, 0, 3, 3)
    turns(st)
    assert st.points(0) == 15 and st.S[E.G_LAST] == 1 and st.S[E.G_ENDED] == 0  # player 1 still plays
    turns(st)
    assert st.S[E.G_ENDED] == E.END_POINTS and st.ps(1, E.PS_TURNS) == st.ps(0, E.PS_TURNS) == 1
    t = st.tally(1)
    assert t.bot[0, E.TB_WINS] == 1 and t.ending[E.END_POINTS - 1] == 1


def test_the_last_player_reaching_the_target_ends_at_once_and_most_points_win():
    st = _near_the_end(10, 15, 3, 3)
    turns(st)      # player 0 to 11
    turns(st)      # player 1 to 16: the round is complete
    assert st.S[E.G_ENDED] == E.END_POINTS
    assert st.tally(1).bot[1, E.TB_WINS] == 1


def test_a_tie_goes_to_fewer_development_cards():
    st = _near_the_end(14, 14, 5, 3)
    turns(st, 2)
    t = st.tally(1)
    assert st.points(0) == st.points(1) == 15
    assert t.bot[1, E.TB_WINS] == 1 and t.bot[0, E.TB_LOSSES] == 1


def test_still_tied_the_win_is_shared():
    st = _near_the_end(14, 14, 4, 4)
    turns(st, 2)
    t = st.tally(1)
    assert t.bot[:, E.TB_TIES].tolist() == [1, 1] and t.bot[:, E.TB_W12].tolist() == [6, 6]


def test_the_shared_tiebreak_variant_ignores_card_counts():
    st = _near_the_end(14, 14, 5, 3, tiebreak="shared")
    turns(st, 2)
    assert st.tally(1).bot[:, E.TB_W12].tolist() == [6, 6]


def seven_of(colour) -> int:
    """The level-3 card that costs 7 gems of one colour and nothing else."""
    return next(c.id for c in CARDS if c.cost[colour] == 7 and sum(c.cost) == 7)


def test_a_player_with_no_legal_move_passes_and_nobody_moving_ends_the_game():
    st = state()
    st.set_tokens(0, [4, 4, 0, 0, 2, 0])   # every gem is held: the bank has only gold
    st.set_tokens(1, [0, 0, 4, 4, 2, 0])
    st.set_reserved(0, [seven_of(G), seven_of(R), seven_of(B)])
    st.set_reserved(1, [seven_of(W), seven_of(U), next(c.id for c in CARDS if c.points == 5 and c.cost[W] == 7)])
    one_level_board(st)
    assert st.bank() == [0] * 5 + [5] and st.conserved() == 0
    assert n_actions(st, 0) == 0 and n_actions(st, 1) == 0   # no take, no reserve (3 each), no buy
    turns(st)
    assert st.S[E.G_ENDED] == 0 and [int(e[0]) for e in st.events()][-1] == E.EV_PASS
    turns(st)
    assert st.S[E.G_ENDED] == E.END_STALL and st.tally(1).ending[E.END_STALL - 1] == 1


def test_one_pass_is_not_the_end_when_the_next_player_can_move():
    st = state()
    st.set_tokens(0, [4, 4, 0, 0, 2, 0])   # only gold in the bank
    st.set_tokens(1, [0, 0, 4, 4, 2, 0])
    st.set_reserved(0, [seven_of(G), seven_of(R), seven_of(B)])   # player 0 cannot move
    one_level_board(st)
    turns(st)
    assert st.S[E.G_IDLE] == 1
    turns(st)   # player 1 can still reserve a deck's top card (and takes a gold)
    assert st.S[E.G_ENDED] == 0 and st.S[E.G_IDLE] == 0
    assert len(st.reserved(1)) == 1 and st.tokens(1)[GOLD] == 1


def _only_blue_left(st, p1_gold=0):
    """Player 0 holds 10 tokens aimed at card 86 (3 white, 3 blue, 5 green, 3 red), the only
    card in view; player 1 holds the rest but one blue (and ``p1_gold`` gold): the bank
    has one blue gem and gold."""
    one_level_board(st, [86], 3)
    st.set_tokens(0, [3, 3, 4, 0, 0, 0])
    st.set_tokens(1, [1, 0, 0, 4, 4, p1_gold])
    assert st.bank()[:5] == [0, 1, 0, 0, 0] and st.conserved() == 0


def _turn_events(st, kind):
    return [(int(e[1]), int(e[2]), int(e[3])) for e in st.events() if e[0] == kind]


def test_the_default_return_never_gives_back_a_take_when_it_holds_another_gem():
    st = state()
    _only_blue_left(st)
    turns(st)                        # takes the only gem in the bank, a blue, and must return one
    assert _turn_events(st, E.EV_TAKE) == [(0, U, 1)]
    assert _turn_events(st, E.EV_RETURN) == [(0, W, 1)]      # not the blue: white, the most beyond the aim
    assert st.tokens(0) == [2, 4, 4, 0, 0, 0] and st.S[E.G_IDLE] == 0


def test_a_round_that_changes_nothing_anyone_holds_is_a_stalemate():
    # bots that give back what they take (their own return rule): nothing ever changes
    st = state(bots=[bot("return: [blue]", "a"), bot("return: [blue]", "b")])
    _only_blue_left(st, p1_gold=1)
    st.give_card(0, card(1, W, points=1))   # player 0 leads by a point: still nobody reached the target
    turns(st)
    assert st.tokens(0) == [3, 3, 4, 0, 0, 0] and st.S[E.G_IDLE] == 1 and st.S[E.G_ENDED] == 0
    turns(st)
    assert st.S[E.G_ENDED] == E.END_STALL and st.S[E.G_IDLE] == 2
    t = st.tally(1)
    assert t.ending[E.END_STALL - 1] == 1 and t.bot[:, E.TB_TIES].tolist() == [1, 1]   # shared by both
    assert t.bot[:, E.TB_W12].tolist() == [6, 6]


def test_a_round_of_reserves_without_gold_is_no_stalemate():
    # no gem and no gold in the bank, nothing affordable: each player can only reserve a
    # card, and gets no gold for it. Its tokens, cards and points stay; what it holds does not
    st = state()
    st.set_tokens(0, [4, 4, 0, 0, 2, 0])
    st.set_tokens(1, [0, 0, 4, 4, 2, 0])
    st.set_bank([0] * 6)
    st.S[E.S_VAR + E.V_CHECK] = 0           # the bank's gold taken away by hand
    one_level_board(st, [seven_of(W), seven_of(U)], 3)
    turns(st, 2)
    assert [len(st.reserved(p)) for p in (0, 1)] == [1, 1] and st.tokens(0)[GOLD] == st.tokens(1)[GOLD] == 0
    assert st.S[E.G_IDLE] == 0 and st.S[E.G_ENDED] == 0
    turns(st, 4)                            # two rounds more: still reserving, still no stalemate
    assert [len(st.reserved(p)) for p in (0, 1)] == [3, 3] and st.S[E.G_ENDED] == 0


def test_an_idle_round_of_a_bot_that_reads_the_turn_is_no_stalemate():
    # the same round, but one bot's choices depend on the turn number: later turns may differ
    st = state(bots=[bot("return: [blue]", "a"), bot("return: [blue]\nbuy: ['any: turn > 50']", "b")])
    _only_blue_left(st, p1_gold=1)
    turns(st, 4)
    assert st.S[E.G_ENDED] == 0 and st.S[E.G_IDLE] == 0 and st.tokens(0) == [3, 3, 4, 0, 0, 0]


def test_a_card_bought_with_bonuses_alone_is_no_idle_turn():
    target = next(c for c in CARDS if c.level == 1 and sorted(c.cost) == [0, 0, 0, 0, 4])
    k = target.cost.index(4)
    st = state()
    for c in [c.id for c in CARDS if c.level == 1 and c.bonus == k and c.id != target.id][:4]:
        st.give_card(0, c)
    one_level_board(st, [target.id])
    turns(st)
    assert target.id in st.owned(0)
    assert st.tokens(0) == [0] * 6 and st.S[E.G_IDLE] == 0     # nothing paid, yet a card more


@pytest.mark.parametrize("unfinished,shares", [("shared", [6, 6]), ("points", [12, 0])])
def test_a_capped_game_is_shared_unless_the_variant_scores_it_by_points(unfinished, shares):
    st = state(turn_cap=1, unfinished=unfinished)
    st.give_card(0, card(1, G, points=1))       # player 0 leads by a point when the cap comes
    turns(st, 2)
    assert st.S[E.G_ENDED] == E.END_CAP
    assert st.tally(1).bot[:2, E.TB_W12].tolist() == shares


def test_the_engine_conservation_check_notices_a_lost_token():
    st = state()
    assert st.conserved() == 0
    st.S[E.S_BANK + R] -= 1
    assert st.conserved() == E.ERR_CONSERVE and st.S[E.G_ERR_WHAT] == E.ERRW_TOKENS
    st = state()
    st.S[E.S_OWNER + st.board(1)[0]] = 0
    assert st.conserved() == E.ERR_CONSERVE and st.S[E.G_ERR_WHAT] == E.ERRW_CARDS


def test_a_persons_turn_that_changes_nothing_is_no_idle_turn():
    # the stalemate's round with a person in seat 1 (its bot, the hint's, would repeat): a
    # person may do otherwise next time
    st = state(bots=[bot("return: [blue]", "a"), bot("return: [blue]", "b")], person=0)
    _only_blue_left(st, p1_gold=1)
    st.give_card(0, card(1, W, points=1))
    st, out = person_turns(st, ["take-u", "blue"])
    assert st.tokens(0) == [3, 3, 4, 0, 0, 0] and "return" in out
    assert st.S[E.G_IDLE] == 0 and st.S[E.G_ENDED] == 0
