"""The condition language's stack machine, shared by the games' condition interpreters
(numba, inlined): the generic opcodes of simulator/lang/expr.py. The loop that runs a bot
rule's code (simulator/kernels/shared.py's ``cond_ok``) pushes the values of the game's own
opcodes (OP_GAME and above) and hands every other instruction to ``step``."""
import numpy as np
from numba import njit

from .expr import (OP_ADD, OP_AND, OP_CONST, OP_DIV, OP_EQ, OP_GE, OP_GT, OP_LE, OP_LT, OP_MAX, OP_MIN, OP_MUL, OP_NE,
                   OP_NEG, OP_NOT, OP_OR, OP_SUB)


@njit(forceinline=True, error_model="numpy", _nrt=False)
def binary(op, x, y):
    """x op y for a binary opcode (comparisons give 1.0 or 0.0; x / 0 gives +-inf, 0 / 0 gives 0)."""
    if op == OP_ADD:
        return x + y
    if op == OP_SUB:
        return x - y
    if op == OP_MUL:
        return x * y
    if op == OP_DIV:
        if y != 0.0:
            return x / y
        if x > 0.0:
            return np.inf
        if x < 0.0:
            return -np.inf
        return 0.0
    if op == OP_LT:
        return 1.0 if x < y else 0.0
    if op == OP_LE:
        return 1.0 if x <= y else 0.0
    if op == OP_GT:
        return 1.0 if x > y else 0.0
    if op == OP_GE:
        return 1.0 if x >= y else 0.0
    if op == OP_EQ:
        return 1.0 if x == y else 0.0
    if op == OP_NE:
        return 1.0 if x != y else 0.0
    if op == OP_MIN:
        return min(x, y)
    if op == OP_MAX:
        return max(x, y)
    return x


@njit(forceinline=True, error_model="numpy", _nrt=False)
def step(F, sp, pc, op, a, stk):
    """Run generic instruction (op, a) on the stack F[0:sp] (constants at F[stk + a]);
    returns the new (stack size, program counter). OP_AND / OP_OR: if the top of the
    stack is false / true, jump by a keeping it, else pop it."""
    if op == OP_CONST:
        F[sp] = F[stk + a]
        return sp + 1, pc + 1
    if op == OP_AND:
        if F[sp - 1] == 0.0:
            return sp, pc + a
        return sp - 1, pc + 1
    if op == OP_OR:
        if F[sp - 1] != 0.0:
            return sp, pc + a
        return sp - 1, pc + 1
    if op == OP_NOT:
        F[sp - 1] = 1.0 if F[sp - 1] == 0.0 else 0.0
        return sp, pc + 1
    if op == OP_NEG:
        F[sp - 1] = -F[sp - 1]
        return sp, pc + 1
    F[sp - 2] = binary(op, F[sp - 2], F[sp - 1])
    return sp - 1, pc + 1

