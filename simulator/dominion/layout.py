"""Dominion's engine layout: card ids, table columns, array offsets, opcodes and event codes.

Plain integers with no numba import, so the code that validates files or lists cards
(``dsim validate``, ``dsim cards``) never loads the compiler. The engine's modules import
every name here; numba freezes them into the kernels as compile-time constants.
"""
# the condition language's generic opcodes (OP_AND / OP_OR: if the top of the stack is
# false / true, jump by the argument keeping it, else pop it)
from ..lang.expr import (OP_ADD, OP_AND, OP_CONST, OP_DIV, OP_EQ, OP_GAME, OP_GE, OP_GT, OP_LE, OP_LT,  # noqa: F401
                    OP_MAX, OP_MIN, OP_MUL, OP_NE, OP_NEG, OP_NOT, OP_OR, OP_SUB)
# the tallies, per-game records and seat modes both games share
from ..kernels import search_layout
from ..kernels.tally_layout import (A_TB, A_TE, A_TG, A_TS, GR_ENDING, GR_GAME, GR_LENGTH, GR_SEAT, MAXB,  # noqa: F401
                            MAXP, NGR, NTB, NTS, SEATS_ALL, SEATS_FIXED, SEATS_RANDOM, SEATS_ROTATE, SHARE,
                            TB_GAMES, TB_LOSSES, TB_TIES, TB_TURNS, TB_VP, TB_W12, TB_WINS, TS_GAMES, TS_LOSSES,
                            TS_TIES, TS_W12, TS_WINS)

# ---------------------------------------------------------------- card ids (= cards.py rows)
COPPER = 0
SILVER = 1
GOLD = 2
ESTATE = 3
DUCHY = 4
PROVINCE = 5
CURSE = 6
#: the basic cards come first: Treasures, Victory cards, Curse; then the kingdom cards
CELLAR = 7
CHAPEL = 8
MOAT = 9
CHANCELLOR = 10
VILLAGE = 11
WOODCUTTER = 12
WORKSHOP = 13
MERCHANT = 14
BUREAUCRAT = 15
FEAST = 16
GARDENS = 17
MILITIA = 18
MONEYLENDER = 19
REMODEL = 20
SMITHY = 21
SPY = 22
THIEF = 23
THRONE_ROOM = 24
COUNCIL_ROOM = 25
FESTIVAL = 26
LABORATORY = 27
LIBRARY = 28
MARKET = 29
MINE = 30
WITCH = 31
ADVENTURER = 32
ARTISAN = 33
BANDIT = 34
HARBINGER = 35
POACHER = 36
SENTRY = 37
VASSAL = 38
#: Intrigue (sets/intrigue.yaml): from INTRIGUE_FIRST on (``effects.effect_intrigue``)
COURTYARD = 39
INTRIGUE_FIRST = COURTYARD
LURKER = 40
PAWN = 41
SECRET_CHAMBER = 42
GREAT_HALL = 43
MASQUERADE = 44
SHANTY_TOWN = 45
STEWARD = 46
SWINDLER = 47
WISHING_WELL = 48
BARON = 49
BRIDGE = 50
CONSPIRATOR = 51
COPPERSMITH = 52
DIPLOMAT = 53
IRONWORKS = 54
MILL = 55
MINING_VILLAGE = 56
SCOUT = 57
SECRET_PASSAGE = 58
COURTIER = 59
DUKE = 60
MINION = 61
PATROL = 62
REPLACE = 63
SABOTEUR = 64
TORTURER = 65
TRADING_POST = 66
TRIBUTE = 67
UPGRADE = 68
HAREM = 69
NOBLES = 70
NCARDS = 71
NCS = 72  # stride of per-card rows
#: every player's starting deck
START_COPPERS = 7
START_ESTATES = 3

#: cards whose every effect this engine plays (checked before any game runs)
IMPLEMENTED = tuple(range(NCARDS))

# ---------------------------------------------------------------- a card's modes (``choose``)
#: a choose rule's card column holds card * MODE_BASE + the mode (Wishing Well's: the card named)
MODE_BASE = 128
PAWN_CARD = 0
PAWN_ACTION = 1
PAWN_BUY = 2
PAWN_COIN = 3
NPAWN = 4
STEWARD_CARDS = 0
STEWARD_COINS = 1
STEWARD_TRASH = 2
NSTEWARD = 3
NOBLES_CARDS = 0
NOBLES_ACTIONS = 1
NNOBLES = 2
LURKER_TRASH = 0
LURKER_GAIN = 1
NLURKER = 2
MINION_COINS = 0
MINION_ATTACK = 1
NMINION = 2
TORTURER_DISCARD = 0
TORTURER_CURSE = 1
NTORTURER = 2
COURTIER_ACTION = 0
COURTIER_BUY = 1
COURTIER_COINS = 2
COURTIER_GOLD = 3
NCOURTIER = 4

# ---------------------------------------------------------------- card table columns
C_COST = 0
C_TYPES = 1
C_CARDS = 2
C_ACTIONS = 3
C_BUYS = 4
C_COINS = 5
C_TREASURE = 6
C_VP = 7
C_MONEY = 8
NCOL = 9

T_ACTION = 1
T_TREASURE = 2
T_TREASURE_BIT = 1  # T_TREASURE == 1 << T_TREASURE_BIT
T_VICTORY = 4
T_CURSE = 8
T_ATTACK = 16
T_REACTION = 32


# ---------------------------------------------------------------- S: game scalars
G_NP = 0        # players
G_CUR = 1       # whose turn
G_ACTIONS = 2
G_BUYS = 3
G_COINS = 4
G_EMPTY = 5     # empty supply piles
G_MERCHANT = 6  # Merchant plays this turn
G_LOG = 7       # 1: record events
G_NEV = 8       # events recorded
G_ENDED = 9     # 0 running, else END_* reason
G_GAME_LO = 10  # index of the game being played (low and high 24 bits), for error reports
G_GAME_HI = 11
assert G_GAME_HI == G_GAME_LO + 1  # tally_kernels.start_game writes the pair
G_TURN_COINS = 12  # coins generated this turn
G_WK = 13       # work-stack depth
G_EVCAP = 14    # event capacity
G_ERR = 15
G_ERR_CARD = 16  # the card a failed conservation check is about
G_ERR_WHAT = 17  # 1 zones vs owned, 2 total vs start, 3 negative pile, 4 counters
G_SKIP = 18      # 1 + the card that gains by card effects pass over now (0: none)
G_HUMAN = 19     # seats a person plays (bit s: seat s; dsim play, simulator/envs), answering from the tape
G_ASK = 20       # offset in S of the ask region (simulator/kernels/ask_layout.py), when G_HUMAN
G_SCR = 21       # offset in S of the search's scratch region (SC_*), in a game with a search bot (0: none)
G_ASCR = 22      # offset in A of the rollouts' tallies (never read), in a game with a search bot
G_REDUCE = 23    # coins every card costs less this turn (Bridge), never below 0: ``state.cost_now``
G_PLAYS = 24     # plays beyond one per Action in play (Throne Room's second) in turn G_PLAYS_AT: ``actions_played``
G_COPPER = 25    # coins each Copper produces this turn beyond its own (Coppersmith)
G_PLAYS_AT = 26  # the turn G_PLAYS counts (``state.turn_stamp``; in any other turn it counts 0)
G_HIT = 27       # the players the Replace being resolved attacks (bits by seat): its Curses (``replace_gain``)
G_HIDE = 28      # 1: a card passed between two players unseen by another (Masquerade at 3+ players): S_HIDE is kept
NGS = 32

END_PROVINCES = 1
END_PILES = 2
END_CAP = 3

# rule variants S[S_VAR + V_*]
V_TIEBREAK = 0   # 0: fewer turns wins ties, 1: shared
V_END_PILES = 1  # empty piles that end the game
V_EDITION = 2    # 1 or 2
V_TURN_CAP = 3   # turns per player before a game is stopped as capped
V_CHECK = 4      # 1: verify card conservation after every game
NV = 8

MAXC = 320       # cards one zone can hold: more than a 4-player game has in all
Z_DRAW = 0
Z_DISC = 1
Z_HAND = 2
Z_PLAY = 3
Z_ASIDE = 4
NZ = 5

PS_MONEY = 0   # total_money: unconditional coins of owned cards
PS_CARDS = 1   # cards owned
PS_TURNS = 2   # turns taken
PS_VP = 3      # the fixed VP of owned cards (the card table's C_VP; Gardens' count apart)
NPS = 4

WK_MAX = 64      # work stack entries: (card, plays left, play-area slot)
EVW = 4          # ints per event: code, player, card, value

S_GS = 0
S_VAR = S_GS + NGS
S_SEAT = S_VAR + NV
S_PS = S_SEAT + MAXP
S_SUP = S_PS + MAXP * NPS
S_SUP0 = S_SUP + NCS
S_TRASH = S_SUP0 + NCS
S_OWN = S_TRASH + NCS
S_ZN = S_OWN + MAXP * NCS
S_WK = S_ZN + MAXP * NZ
S_Z = S_WK + WK_MAX * 3
S_UNIT = S_Z + MAXP * NZ * MAXC  # per bot: win twelfths of the current unit (game or paired deal)
# per observer o, other player q and card: how many more of the card q owns as o knows it than
# it does (cards passed between two others, which o did not see); read only while G_HIDE
S_HIDE = S_UNIT + MAXB
S_EV = S_HIDE + MAXP * MAXP * NCS

# the search region in S (at S[G_SCR]; simulator/kernels/search_layout.py): a copy of the
# game's state for the rollouts, then the options' columns
SC_OPT, SC_SUM, SC_CNT, SC_ALIVE, SC_DIFF, SC_DIFF2, SC_SIZE = search_layout.columns(S_EV)

# ---------------------------------------------------------------- T: tables
TH_RULES = 0
TH_CODE = 1
TH_RL = 2
TH_BOPT = 3
TH_CLAUSES = 4
TH_VPX = 5       # 1: the supply has a card whose VP is counted (Gardens, Duke), 0: every VP is fixed
TH_REACT = 6     # bits: 1, the supply has Moat; 2, a Reaction besides Moat (Secret Chamber, Diplomat)
TH_SLOTS = 7     # 1: a card of the game has an id past 62: a card's bit in a set of the game's cards is T_SLOT's
TH_FX = 8        # 1: the supply has a card that changes the turn's costs or coins (Bridge, Coppersmith): the
                 # turn loop that resets and reads G_REDUCE and G_COPPER (0: both stay 0, in the other loop)
T_CT = 9
T_TYPED = T_CT + NCS * NCOL  # per type 1 << i: at T_TYPED + i * NCS, how many of the
NTYPES = 6                   # supply's cards have it, then their ids
T_INGAME = T_TYPED + NTYPES * NCS  # how many cards the game's supply has, then their ids
T_SLOT = T_INGAME + NCS  # per card: its bit in a set of the game's cards (its place in T_INGAME; 63: not in the game)
T_BOTS = T_SLOT + NCS
# a bot rule's row (RW ints, from TH_RULES): its card and the card's cost, its condition's
# code (start, length), and how the condition is evaluated (R_KIND, made by
# strategy.fast_form): K_RANGE, the commonest shape, a range test: the rule holds when
# R_LO <= S[R_X + p * R_STRIDE] <= R_HI; K_CLAUSES, one or two clauses (R_JOIN: J_ONE,
# J_OR, J_AND) from clause R_CL of the clause table; K_CODE, the interpreter
R_CARD = 0
R_COST = 1
R_CODE = 2
R_NCODE = 3
R_KIND = 4
R_X = 5
R_STRIDE = 6
R_LO = 7
R_HI = 8
R_CL = 9
R_JOIN = 10
RW = 11
K_RANGE = 0
K_CODE = 1
K_CLAUSES = 2
J_ONE = 0
J_OR = 1
J_AND = 2
# a clause (CW ints, from TH_CLAUSES): it holds when CL_LO <= CL_M1 * v1 + CL_M2 * v2 <= CL_HI,
# v1 = S[CL_X1 + p * CL_S1] (or, if CL_X1 < 0, p's count of cards of type -CL_X1), v2 alike
CL_X1 = 0
CL_S1 = 1
CL_M1 = 2
CL_X2 = 3
CL_S2 = 4
CL_M2 = 5
CL_LO = 6
CL_HI = 7
CW = 8
L_BUY = 0
L_PLAY = 1
L_GAIN = 2       # gains from card effects (default: the buy list)
L_TRASH = 3
L_DISCARD = 4
L_TOPDECK = 5
L_SETASIDE = 6
L_MODE = 7       # the choose rules: which mode of a "choose one" card (MODE_BASE)
L_PASS = 8       # Masquerade: the card to pass
NL = 9
O_GUARD = 0      # end-game guard on
O_RANDOM = 1     # every decision random (fuzzing)
O_MOAT = 2       # rule whose condition decides revealing Moat (-1: always)
O_CHANCELLOR = 3  # rule whose condition decides Chancellor's discard (-1: always)
O_USER_TRASH = 4  # 1: the bot wrote its own trash list
O_USER_TOPDECK = 5
O_USER_SETASIDE = 6
O_USER_GAIN = 7   # 1: the bot wrote its own gain list
O_USER_DISCARD = 8
O_ROLLOUTS = 9   # a search bot's rollouts per buy (0: not a search bot)
O_OPTIONS = 10   # a search bot's options: SO_ALL every card it can buy, SO_LIST the ones its buy list names
O_POLICY = 11    # the bot that plays the searching seat in rollouts
O_MARGIN = 12    # standard errors (x 100) by which another buy must beat its list's own
O_DECIDE = 13    # what a search bot searches: SD_BUY | SD_GAIN (bit i: strategy.SEARCHED[i])
O_BARON = 14     # rule whose condition decides Baron's discarding an Estate (-1: always)
O_MINING_VILLAGE = 15  # rule whose condition decides trashing Mining Village (-1: the default)
O_MILL = 16      # rule whose condition decides Mill's discarding 2 cards (-1: the default)
O_DIPLOMAT = 17  # rule whose condition decides revealing Diplomat against an Attack (-1: always)
O_SECRET_CHAMBER = 18  # rule whose condition decides revealing Secret Chamber against an Attack (-1: always)
NO = 19
SD_BUY = 1       # its buys
SD_GAIN = 2      # its gains from Workshop, Feast and Remodel
SO_LIST = 0
SO_ALL = 1
F_STK = 64

# ---------------------------------------------------------------- A: tallies (after tally_layout's)
NTC = 3          # per bot and turn: VP sum, coins sum, games running
A_TU = A_TG + MAXB * NCS     # units (games, or deals when paired), then per bot: sum, sum of squares
A_TL = A_TU + 1 + 2 * MAXB   # then (cap + 2) lengths, then MAXB * (cap + 2) * NTC curve entries,
#                              then MAXB * (cap + 2) * NCS cards gained per bot and own turn
A_TGT = 1 + MAXB * NTC       # where those gains start after A_TL, in units of (cap + 2)
A_PER_TURN = A_TGT + MAXB * NCS  # the size of the A array past A_TL, in units of (cap + 2)

# modes and stops of run_games
MODE_FRESH = 0
MODE_RESUME = 1
MODE_SETUP = 2   # deal game first_game of the run and stop before its first turn (dsim play's start)
STOP_NONE = 0
STOP_ACTIONS = 1  # return after the current player's action phase
STOP_BUYS = 2     # return after the buy phase, before cleanup

# condition language: the generic opcodes are simulator/lang/expr.py's, imported above
# Dominion opcodes
OP_COUNT = 32
OP_COUNT_T = 33
OP_SUPPLY = 34
OP_IN_HAND = 35
OP_IN_HAND_T = 36
OP_OPP_COUNT = 37
OP_OPP_COUNT_T = 38
OP_IN_PLAY = 39
OP_IN_PLAY_T = 40
OP_COST = 41
OP_VAR = 48
VR_TOTAL_MONEY = 0
VR_CARDS = 1
VR_COINS = 2
VR_BUYS = 3
VR_ACTIONS = 4
VR_TURN = 5
VR_VP = 6
VR_OPP_VP = 7
VR_VP_LEAD = 8
VR_EMPTY_PILES = 9
VR_GAINS_TO_END = 10
VR_PLAYERS = 11
VR_DRAW_PILE = 12
VR_DISCARD_PILE = 13
VR_HAND_SIZE = 14
VR_ACTIONS_PLAYED = 15

# events of the game log: (code, player, card, value)
EV_TURN = 1      # value: turn number
EV_HAND = 2      # one per card in hand at the start of a turn
EV_PLAY = 3
EV_DRAW = 4
EV_SHUFFLE = 5   # value: cards shuffled
EV_COINS = 6     # value: coins for the buy phase
EV_BUY = 7
EV_GAIN = 8      # value: zone it went to
EV_TRASH = 9
EV_DISCARD = 10
EV_REVEAL = 11
EV_REACT = 12
EV_TOPDECK = 13
EV_SETASIDE = 14
EV_END = 15      # value: END_* reason
EV_SCORE = 16    # value: VP; card: turns taken
EV_NOGAIN = 17   # a gain that found the pile empty
EV_GUARD = 18    # the end-game guard refused a card
EV_THRONE = 19   # card: the Action a Throne Room plays twice
EV_DECK = 20     # Chancellor: value cards moved from the draw pile to the discard pile
EV_BACK = 21     # a revealed card put back on the draw pile
EV_NOTHING = 22  # card: an Action whose choice was to do nothing
EV_WHY = 23      # what decided the next choice (``dsim log --why``): card: the list (L_*), or
#                  WHY_OPTION + O_* for a yes/no option; value: the rule's index in the list,
#                  WHY_NO_RULE (no rule held), or WHY_DEFAULT (the engine's default decided);
#                  for an option 1 (its rule held: yes), 0 (no) or WHY_DEFAULT (yes)
WHY_OPTION = 16
WHY_SEARCH = 32  # (EV_WHY's card) a search bot's buy or gain: value 0 its list's own, 1 another the rollouts found
#                  better; + 2 for a gain
WHY_NO_RULE = -1
WHY_DEFAULT = -2
EV_WHYNOT = 24   # (``dsim log --why``) a rule above the one that decided, and why it did not: card: the
#                  rule's index in the list; value: WN_* + WN_DETAIL * a detail (WN_COST: the coins had)
EV_VALUE = 25    # a value a false condition read: card: opcode * EV_ARG + its argument; value: the value
EV_ARG = 4096
EV_SEARCH = 26   # (a logged game) a search bot's option: card: the card (-1: nothing), value: its win twelfths
EV_SEARCHN = 27  # and how many rollouts it had (follows its EV_SEARCH)
EV_MODE = 28     # a "choose" card's choice: card: the card, value: the mode (Wishing Well: the card named)
EV_PASS = 29     # Masquerade: card passed to player value
EV_BOTTOM = 30   # Secret Passage: a card put at the bottom of the deck
EV_SUPPLY_TRASH = 31  # Lurker: a card trashed from the Supply
WN_DETAIL = 16
WN_COST = 0      # the card costs more than the choice may spend
WN_EMPTY = 1     # its supply pile is empty
WN_TYPE = 2      # it is not of the types the choice asks for
WN_ABSENT = 3    # none in the zone chosen from (the hand)
WN_COND = 4      # the rule's condition is false (EV_VALUE events follow)
WN_GUARD = 5     # the end-game guard refused it
WN_SAME = 6      # the card the choice must pass over (the one just trashed)
ANY_COST = 1 << 20  # a cap no card's cost reaches

ERR_WK = 1        # work stack overflow
ERR_CONSERVE = 2  # a card was created or lost, or a counter disagrees with the zones
ERR_LOOP = 3      # a card effect revealed more cards than its player owns (it would never end)
ERR_MODE = 4      # run_games asked to continue a state (run_games_logged does)
ERR_ASK = 5       # a person's decision has no answer yet: the question is recorded, the game stopped
ERR_ANSWER = 6    # an answer on a person's tape is not one of the question's options

# what a person is asked (dsim play; the ask region's Q_KIND): the answer is a card, -1
# (ANSWER_NONE) where 'none' is allowed, or for a yes/no question 1 (yes) or 0
ASK_PLAY = 1          # an Action of the hand to play (none: on to the buy phase)
ASK_BUY = 2           # a card to buy (none: end the turn)
ASK_GAIN = 3          # a card to gain, costing at most Q_ARG (Workshop, Feast, Remodel, Mine, Artisan)
ASK_TRASH = 4         # a card of the hand to trash (Chapel: optional, Q_ARG more at most; Remodel; Mine)
ASK_DISCARD = 5       # Cellar: a card of the hand to discard (optional; Q_ARG: discarded so far)
ASK_DISCARD_DOWN = 6  # an attack or Poacher: a card of the hand to discard (Q_ARG: cards left to discard)
ASK_TOPDECK = 7       # a card onto the deck (Harbinger: from the discard pile, optional; Bureaucrat, Artisan)
ASK_THRONE = 8        # the Action Throne Room plays twice (2nd edition: optional)
ASK_MOAT = 9          # reveal Moat against the attack?
ASK_CHANCELLOR = 10   # put the deck into the discard pile?
ASK_VASSAL = 11       # play the Action (Q_ABOUT) Vassal discarded?
ASK_MONEYLENDER = 12  # 2nd edition: trash a Copper for +3 coins?
ASK_LIBRARY = 13      # set aside the Action (Q_ABOUT) Library drew?
ASK_SPY = 14          # discard the card (Q_ABOUT) that Q_OWNER revealed? (no: it goes back)
ASK_THIEF_TRASH = 15  # which Treasure Q_OWNER revealed is trashed
ASK_THIEF_GAIN = 16   # gain the trashed Treasure (Q_ABOUT)?
ASK_BANDIT = 17       # which revealed Treasure (not Copper) to trash
ASK_SENTRY = 18       # the card (Q_ABOUT) Sentry revealed: 0 back on the deck, 1 discard, 2 trash
ASK_SENTRY_TOP = 19   # which card Sentry puts back goes on top
ASK_MODE = 20         # a mode of the "choose" card Q_ABOUT (Q_ARG: the modes already chosen, bit i for mode i)
ASK_BARON = 21        # Baron: discard an Estate for +4 coins? (no: gain an Estate)
ASK_MINING_VILLAGE = 22  # trash Mining Village for +2 coins?
ASK_WISH = 23         # Wishing Well: the card named
ASK_MILL = 24         # Mill: discard 2 cards for +2 coins?
ASK_REACT = 25        # reveal the Reaction Q_ABOUT (Diplomat, Secret Chamber) against an Attack?
ASK_SWINDLER = 26     # Swindler: the card Q_OWNER gains, costing what their trashed card did (Q_ARG)
ASK_ORDER = 27        # Scout, Patrol: which card goes back on top (of those left to put back)
ASK_WHERE = 28        # Secret Passage: the card (Q_ABOUT) goes 0 on top of the deck, 1 at its bottom
ASK_REVEAL = 29       # Courtier: the card of the hand to reveal
ASK_LURKER = 30       # Lurker: Q_ARG 0: the Supply's Action to trash, 1: the trash's Action to gain
ASK_PASS = 31         # Masquerade: the card to pass to the left
ASK_GAIN_EXACT = 32   # Upgrade: the card to gain, costing exactly Q_ARG
NASK = 33
#: the questions whose options are numbers, not cards: yes/no (1: yes), Spy's (1: discard),
#: Sentry's (0 back, 1 discard, 2 trash), Secret Passage's (0 top, 1 bottom), a mode
ASK_NUMBERS = (ASK_MOAT, ASK_CHANCELLOR, ASK_VASSAL, ASK_MONEYLENDER, ASK_LIBRARY, ASK_SPY, ASK_THIEF_GAIN,
               ASK_SENTRY, ASK_MODE, ASK_BARON, ASK_MINING_VILLAGE, ASK_MILL, ASK_REACT, ASK_WHERE)
