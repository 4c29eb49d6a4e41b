"""The arithmetic of the condition language's stack machine, shared by the games'
condition interpreters (numba, inlined): the generic opcodes of simulator/expr.py."""
import numpy as np
from numba import njit

from .expr import OP_ADD, OP_DIV, OP_EQ, OP_GE, OP_GT, OP_LE, OP_LT, OP_MAX, OP_MIN, OP_MUL, OP_NE, OP_SUB


@njit(inline="always", error_model="numpy", _nrt=False)
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
