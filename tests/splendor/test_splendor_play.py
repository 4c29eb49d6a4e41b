"""dsim play, Splendor: every decision a person can face (the turn's action, tokens given
back over ten, the noble who visits, gold paid instead of gems), answered from piped
input on known boards; and the pay_gold list that lets a bot make the same choice."""
from .helpers import GOLD, R, U, W, G, bot, card, noble, one_level_board, person_turns, state, turns
from simulator.splendor import layout as E
from simulator.splendor.cards import CARDS


def events(st, code):
    return [[int(x) for x in e] for e in st.events() if e[0] == code]


def test_the_person_takes_three_colours_by_name_and_two_of_one_by_number():
    st = state(person=0)
    st.set_bank([4, 4, 4, 4, 4, 5])
    st, out = person_turns(st, ["take-wug"])
    assert st.tokens(0)[:3] == [1, 1, 1] and st.bank()[:3] == [3, 3, 3]
    assert "  1  take white, blue, green" in out and "take 2 white" in out
    st = state(person=0)
    st.set_bank([4, 4, 4, 4, 4, 5])
    line = next(x for x in out.split("\n") if x.endswith("take 2 red"))
    st, _ = person_turns(st, [line.split()[0]])
    assert st.tokens(0)[R] == 2 and st.bank()[R] == 2


def test_reserving_a_face_up_card_or_a_decks_top_takes_a_gold():
    st = state(person=0)
    c = st.board(2)[1]
    top = st.deck(2)[-1]
    st, out = person_turns(st, ["reserve-l2s2"])
    assert st.reserved(0) == [c] and st.tokens(0)[GOLD] == 1 and st.board(2)[1] == top
    st = state(person=0)
    top = st.deck(3)[-1]
    st, _ = person_turns(st, ["reserve-deck3"])
    assert st.reserved(0) == [top] and st.tokens(0)[GOLD] == 1


def test_buying_a_face_up_or_reserved_card_pays_as_shown():
    st = state(person=0)
    c = card(1, W, 1, [0, 0, 4, 0, 0])
    st.set_board(1, [c, *st.board(1)[1:]])
    st.set_tokens(0, [0, 0, 3, 0, 0, 1])
    st, out = person_turns(st, ["buy-l1s1"])
    assert c in st.owned(0) and st.tokens(0) == [0] * 6
    assert f"buy {CARDS[c].name}, paying 3G 1 gold" in out
    st = state(person=0)
    r = card(3, W, 4, [0, 0, 0, 0, 7])
    st.set_reserved(0, [r])
    st.set_tokens(0, [0, 0, 0, 0, 4, 3])
    st, out = person_turns(st, ["buy-r1"])
    assert r in st.owned(0) and st.reserved(0) == [] and st.points(0) == 4
    assert "(reserved), paying 4K 3 gold" in out


def test_the_person_gives_back_the_tokens_named_over_ten():
    st = state(person=0)
    st.set_tokens(0, [3, 2, 2, 2, 1, 0])
    st.set_bank([0, 1, 1, 1, 0, 5])
    st, out = person_turns(st, ["take-ugr", "white", "green", "blue"])
    assert st.tokens(0) == [2, 2, 2, 3, 1, 0]   # 13 tokens: three given back
    assert [e[2] for e in events(st, E.EV_RETURN)] == [W, G, U]
    assert "give one back (3 to give back)" in out and "give one back (1 to give back)" in out
    assert "white (you hold 3)" in out


def test_the_person_chooses_which_of_two_nobles_visits():
    st = state(person=0)
    n1, n2 = noble([0, 4, 4, 0, 0]), noble([0, 0, 4, 4, 0])
    st.set_nobles([n1, n2, noble([4, 4, 0, 0, 0])])
    for colour in (U, G, R):
        for x in [x.id for x in CARDS if x.level == 1 and x.bonus == colour][:4]:
            st.give_card(0, x)
    st, out = person_turns(st, ["1", "noble2"])
    assert st.noble_owner(n2) == 0 and st.noble_owner(n1) == -1
    assert "Several nobles can visit you: which one comes?" in out


def test_a_person_with_gold_to_spare_may_pay_it_instead_of_a_gem():
    c = card(1, W, 1, [0, 0, 4, 0, 0])
    for gold, answers, tokens in ((2, ["green"], [0, 0, 1, 0, 0, 0]), (2, ["none"], [0, 0, 0, 0, 0, 1]),
                                  (3, ["green", "green"], [0, 0, 2, 0, 0, 0]),
                                  (3, ["green", "none"], [0, 0, 1, 0, 0, 1])):
        st = state(person=0)
        st.set_board(1, [c, *st.board(1)[1:]])
        st.set_tokens(0, [0, 0, 3, 0, 0, gold])
        st, out = person_turns(st, ["buy-l1s1"] + answers)
        assert c in st.owned(0) and st.tokens(0) == tokens, answers
        assert f"pay a gold instead of a gem you hold? ({gold - 1} gold to spare)" in out
    # gold that the card needs is not spare: no question
    st = state(person=0)
    st.set_board(1, [c, *st.board(1)[1:]])
    st.set_tokens(0, [0, 0, 3, 0, 0, 1])
    st, out = person_turns(st, ["buy-l1s1"])
    assert "instead of a gem" not in out


def test_a_bots_pay_gold_list_pays_gold_for_the_colours_it_names_while_its_condition_holds():
    c = card(2, W, 2, [0, 0, 0, 5, 0])           # 5 red
    for text, tokens in (("pay_gold: [red]", [0, 0, 0, 2, 0, 0]), ("pay_gold: ['red: points > 0']",
                                                                    [0, 0, 0, 0, 0, 2]),
                         ("", [0, 0, 0, 0, 0, 2]), ("pay_gold: [blue, 'red: gold >= 2']", [0, 0, 0, 2, 0, 0])):
        b = bot("buy: ['level 2']\n" + text)
        st = state(bots=[b, bot(name="o")])
        one_level_board(st, [c], 2)
        st.set_tokens(0, [0, 0, 0, 5, 0, 2])
        turns(st)
        assert c in st.owned(0) and st.tokens(0) == tokens, text
        assert st.conserved() == 0


def test_a_pay_gold_rule_names_a_gem_colour():
    import pytest
    from simulator.errors import InputErrors
    with pytest.raises(InputErrors, match="gold paid for gold keeps nothing"):
        bot("pay_gold: [gold]")
    with pytest.raises(InputErrors, match="is not a gem colour"):
        bot("pay_gold: [level1]")


def test_the_screen_shows_the_public_table_and_hides_a_card_reserved_from_a_deck():
    st = state(bots=[bot("reserve: ['deck level 3']", name="Hoarder"), bot(name="me")], person=1)
    hidden = st.deck(3)[-1]
    st, out = person_turns(st, ["1"], turns=2)
    out = out.split("\n> 1")[0]  # the screen (the game's whole log follows once it stops)
    assert "Hoarder (seat 1): 0 points, 0 cards" in out and "1 from a deck (unseen)" in out
    assert CARDS[hidden].name not in out
    assert "Bank: " in out and "Nobles (3 points each; cards each player lacks):" in out
    assert "last turn: reserves" in out


def test_the_screen_says_round_like_the_log_shows_empty_colours_and_counts_one_point():
    from simulator.splendor import engine as E
    st = state(bots=[bot(name="Other"), bot(name="me")], person=1)
    st.S[E.S_BANK + 2] = 0                      # the bank's green gems all taken
    st.S[E.S_PS + 0 * E.NPS + E.PS_POINTS] = 1  # the other player on one point
    st, out = person_turns(st, ["1"], turns=2)
    screen = out.split("\n> 1")[0]
    assert "Round 1 — your turn" in screen and "Turn 1" not in screen
    bank = next(ln for ln in screen.splitlines() if ln.startswith("Bank: "))
    assert bank.split(": ")[1].split()[2] == "0G" and bank.endswith(" gold")  # a colour at 0 is shown
    assert "Other (seat 1): 1 point, 0 cards" in screen


def test_the_hint_says_what_the_seats_bot_would_do_and_why():
    st = state(bots=[bot("take: ['level 1 closest']", name="Taker"), bot(name="o")], person=0)
    st, out = person_turns(st, ["hint", "1"])
    assert "Taker would take " in out and "(take rule 1 (line 3): level 1 closest)" in out


def test_a_move_that_is_no_choice_says_why():
    from simulator.splendor import engine as E
    from simulator.splendor.cards import CARDS
    st = state(bots=[bot(name="me"), bot(name="Other")], person=0)
    st.S[E.S_BANK + 3] = 3  # three red left: two of them cannot be taken
    first = int(st.S[E.S_BOARD + 2 * E.FACE_UP])  # level 3's first card: no one starts able to buy it
    st, out = person_turns(st, ["buy-l3s1", "take2-r", "1"], turns=1)
    need = " ".join(f"{n}{'WUGRK'[k]}" for k, n in enumerate(CARDS[first].cost) if n)
    assert f"'buy-l3s1' is not a choice here: {CARDS[first].name} needs {need} more than you hold" in out
    assert "'take2-r' is not a choice here: two red need 4 in the bank, and it holds 3" in out
