"""Splendor's selectors, orders and default decisions, each on a known board where the
card (or token) chosen tells the rule apart from its nearest wrong reading: prices after
bonuses, ties, 'closest', 'board' and 'reserved', the aim of the default take, the
default buy and return. The engine's own state after a turn."""
from simulator.splendor.cards import CARDS
from .helpers import B, G, R, W, bot, state, turns

THREE_BLACK = 8        # level 1, blue bonus, 0 points, costs 3 black
THREE_RED = 16         # level 1, green bonus, 0 points, costs 3 red
FOUR_GREEN = 7         # level 1, white bonus, 1 point, costs 4 green
FOUR_RED = 15          # level 1, blue bonus, 1 point, costs 4 red


def board(st, level1=(), level2=(), level3=()):
    for lv, cards in ((1, level1), (2, level2), (3, level3)):
        st.set_board(lv, list(cards) + [-1] * (4 - len(cards)))


def bonuses(st, p, colour, n):
    for c in [c.id for c in CARDS if c.level == 1 and c.bonus == colour and c.id not in st.board(1)][:n]:
        st.give_card(p, c)


def test_cheapest_prices_a_card_after_the_bonuses():
    st = state(bots=[bot("buy: ['level 1 cheapest']"), bot("", "o")])
    board(st, [THREE_BLACK, FOUR_GREEN])
    bonuses(st, 0, G, 4)                 # four green: FOUR_GREEN costs nothing now
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])
    turns(st)
    assert FOUR_GREEN in st.owned(0) and st.tokens(0)[B] == 3


def test_most_points_breaks_a_tie_by_the_cheaper_card():
    dear = next(c.id for c in CARDS if c.level == 1 and c.points == 0 and c.cost == (1, 1, 1, 1, 0))
    st = state(bots=[bot("buy: ['level 1']"), bot("", "o")])
    board(st, [dear, THREE_BLACK])
    st.set_tokens(0, [1, 1, 1, 1, 3, 0])
    turns(st)
    assert THREE_BLACK in st.owned(0) and dear not in st.owned(0)


def test_among_equal_cards_the_first_face_up_wins():
    st = state(bots=[bot("buy: ['level 1']"), bot("", "o")])
    board(st, [THREE_RED, THREE_BLACK])
    st.set_tokens(0, [0, 0, 0, 3, 3, 0])
    turns(st)
    assert THREE_RED in st.owned(0) and THREE_BLACK not in st.owned(0)


def _aim_board(st):
    """Two cards out of reach: THREE_BLACK one black short (0 points), FOUR_RED four red
    short (1 point); the gems a take starts with say which one it aims at."""
    board(st, [THREE_BLACK, FOUR_RED], level3=[])
    st.set_tokens(0, [0, 0, 0, 0, 2, 0])


def test_a_take_rule_aims_at_the_closest_card_by_default_and_when_asked():
    for lists in ("buy: ['level 3']\ntake: ['level 1']", "buy: ['level 3']\ntake: ['level 1 closest']"):
        st = state(bots=[bot(lists), bot("", "o")])
        _aim_board(st)
        turns(st)
        t = st.tokens(0)
        assert t[B] == 3 and t[R] == 0, (lists, t)   # the black it lacks, not red


def test_a_take_rule_never_aims_at_a_card_already_affordable():
    st = state(bots=[bot("buy: ['level 3']\ntake: ['level 1']"), bot("", "o")])
    board(st, [THREE_BLACK, FOUR_RED])
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])   # THREE_BLACK is affordable: the take is for FOUR_RED
    turns(st)
    assert st.tokens(0)[R] >= 1 and st.owned(0) == []


def test_reserved_selects_reserved_cards_only_and_board_face_up_cards_only():
    st = state(bots=[bot("buy: ['reserved']\ntake: ['level 3']"), bot("", "o")])
    board(st, [THREE_BLACK])
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])   # the face-up card is affordable, but it is not reserved
    turns(st)
    assert st.owned(0) == []
    st = state(bots=[bot("buy: ['board']\ntake: ['level 3']"), bot("", "o")])
    board(st, [FOUR_RED])
    st.set_reserved(0, [THREE_BLACK])
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])   # the reserved card is affordable, but not on the board
    turns(st)
    assert st.owned(0) == [] and st.reserved(0) == [THREE_BLACK]


def test_the_default_takes_for_what_it_lacks_beyond_the_gems_it_holds():
    st = state(players=4)                  # 7 of each gem: 5 black stay in the bank, two could be taken
    board(st, [THREE_BLACK])
    st.set_tokens(0, [0, 0, 0, 0, 2, 0])   # one black short: not two of black, three colours
    turns(st)
    t = st.tokens(0)
    assert t[B] == 3 and sum(t) == 5


def test_the_default_aim_follows_the_first_buy_rule_whose_condition_holds():
    st = state(bots=[bot("buy: ['level 3: points > 50', 'level 1']"), bot("", "o")])
    far = next(c.id for c in CARDS if c.level == 3 and c.cost[W] >= 5 and c.cost[B] == 0)
    board(st, [THREE_BLACK], level3=[far])
    st.set_tokens(0, [0, 0, 0, 0, 2, 0])
    turns(st)
    assert st.tokens(0)[B] == 3  # the black the level 1 card lacks (the level 3 card needs none)


def test_a_buy_list_turns_the_default_buy_off_but_not_the_buy_when_no_gem_can_be_taken():
    st = state(bots=[bot("buy: ['level 3']"), bot("", "o")])
    board(st, [THREE_BLACK])
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])
    turns(st)
    assert st.owned(0) == [] and sum(st.tokens(0)) > 3   # it took gems, as the defaults say
    st = state(bots=[bot("buy: ['level 3']"), bot("", "o")])
    board(st, [THREE_BLACK])
    st.set_tokens(0, [0, 0, 0, 0, 3, 0])
    st.set_tokens(1, [4, 4, 4, 4, 1, 0])   # the bank has no gem left
    turns(st)
    assert st.owned(0) == [THREE_BLACK] and st.reserved(0) == []


def test_a_return_rule_whose_condition_fails_returns_nothing():
    st = state(bots=[bot("return: ['red: tokens > 20', white]\ntake: ['level 3']"), bot("", "o")])
    st.set_tokens(0, [3, 0, 0, 3, 4, 0])   # 10: the take makes 13, three go back, white by the list
    turns(st)
    t = st.tokens(0)
    assert sum(t) == 10 and t[R] >= 3 and t[W] <= 1, t


def _return_case():
    """A card c and colours a, b (c costs both, b more than a, and a third colour d it
    cannot be bought without): with one bonus of a, holding cost_a of a, cost_b of b and
    gold to 11, the default gives back an a (one beyond what the card needs after the
    bonus), not a b (all needed)."""
    for c in CARDS:
        cost = c.cost
        for a in range(5):
            for b in range(5):
                for d in range(5):
                    if len({a, b, d}) < 3 or not 2 <= cost[a] < cost[b] or cost[d] == 0:
                        continue
                    gold = 11 - cost[a] - cost[b]
                    if 0 <= gold <= 5 and cost[d] > gold:
                        return c.id, a, b, gold
    raise LookupError("no card fits")


def test_the_default_return_keeps_only_what_its_aim_needs_beyond_the_bonuses():
    c, a, b, gold = _return_case()
    st = state()
    level = CARDS[c].level
    board(st, *[[c] if lv == level else [] for lv in (1, 2, 3)])
    bonuses(st, 0, a, 1)
    tokens = [0] * 6
    tokens[a], tokens[b], tokens[5] = CARDS[c].cost[a], CARDS[c].cost[b], gold
    st.set_tokens(0, tokens)
    st.set_tokens(1, [4 - x for x in tokens[:5]] + [5 - gold])   # the bank is empty: no gem to take
    turns(st)
    after = st.tokens(0)
    assert sum(after) == 10 and after[a] == tokens[a] - 1 and after[b] == tokens[b], (c, a, b, after)
