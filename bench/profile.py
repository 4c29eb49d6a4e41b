"""Profile the engine with Linux ``perf``, with the kernels' names resolved, and down to
their instructions.

numba's compiled kernels are anonymous machine code to ``perf``; this script compiles (or
loads) the engine of the bots' game, writes ``/tmp/perf-PID.map`` (each kernel's address
and extent, the map format perf reads for JIT code), then plays the games. Inlined
helpers count in the kernel they were inlined into.

    perf record -F 5000 -o /tmp/perf.data .venv/bin/python bench/profile.py \\
        strategies/big_money_ultimate.yaml strategies/big_money_ultimate.yaml -n 1000000 --dump /tmp/k
    perf report -i /tmp/perf.data --sort symbol --stdio | head -30

With ``--dump DIR`` it also saves each kernel's machine code there; then

    .venv/bin/python bench/profile.py --annotate run_games --dump /tmp/k --perf-data /tmp/perf.data

disassembles a kernel (objdump) and prints its hottest stretches of instructions with the
samples of each: where a turn's time goes (a mispredicted branch shows as samples on the
instruction after it; a chain of loads as samples on the instructions waiting for them).

Measured this way (Big Money Ultimate mirror, 1,000,000 games): run_games 57% of the
samples (the turn loop with the buy phase, its rule scan, cleanup, drawing, shuffling and
gaining inlined), draw 0.9% (the first hands); the rest is Python and start-up. Within
run_games: the buy phase's rule scan 17%, the reshuffle 12%.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def kernel_addresses(kernels) -> list[tuple[int, str]]:
    """(address, name) of each compiled kernel, by address."""
    addrs = []
    for d in kernels:
        for ov in d.overloads.values():
            a = ov.library.get_pointer_to_function(ov.fndesc.llvm_func_name)
            if a:
                addrs.append((a, d.py_func.__name__))
    return sorted(addrs)


def mapping_end(address: int) -> int:
    """The end of the memory mapping holding ``address`` (from /proc/self/maps)."""
    for line in Path("/proc/self/maps").read_text().splitlines():
        lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
        if lo <= address < hi:
            return hi
    return address


def write_perf_map(kernels, path: str, dump: Path | None = None) -> int:
    """Write perf's JIT map of ``kernels`` (compiled dispatchers), and with ``dump`` each
    kernel's code as dump/NAME.bin (its address in NAME.addr); returns the symbols."""
    import ctypes
    addrs = kernel_addresses(kernels)
    with open(path, "w") as f:
        # a kernel's extent: up to the next kernel's start (at most 1 MiB)
        for (a, name), (b, _) in zip(addrs, addrs[1:] + [(addrs[-1][0] + (1 << 16), "")]):
            # (never past the kernel's memory mapping: the last kernel's extent is a guess)
            size = min(b - a, 1 << 20, mapping_end(a) - a)
            f.write(f"{a:x} {size:x} {name}\n")
            if dump is not None:
                (dump / f"{name}.bin").write_bytes(ctypes.string_at(a, size))
                (dump / f"{name}.addr").write_text(f"{a:x}")
    return len(addrs)


def annotate(kernel: str, dump: Path, perf_data: str, windows: int = 6, width: int = 24) -> None:
    """Print the ``windows`` hottest stretches of ``width`` instructions of ``kernel``."""
    base = (dump / f"{kernel}.addr").read_text().strip()
    asm = subprocess.run(["objdump", "-D", "-b", "binary", "-mi386:x86-64", f"--adjust-vma=0x{base}",
                          str(dump / f"{kernel}.bin")], capture_output=True, text=True, check=True).stdout
    lines = [ln for ln in asm.splitlines() if ln[:1] == " " and ":" in ln]
    ips = subprocess.run(["perf", "script", "-i", perf_data, "-F", "ip,sym"], capture_output=True, text=True).stdout
    hits = Counter()
    for row in ips.splitlines():
        parts = row.split()
        if len(parts) == 2 and parts[1] == kernel:
            hits[int(parts[0], 16)] += 1
    counts = [hits.get(int(ln.split(":")[0], 16), 0) for ln in lines]
    total = sum(counts) or 1
    print(f"{kernel}: {sum(counts)} samples")
    taken: set = set()
    starts = sorted(range(max(len(lines) - width, 1)), key=lambda i: -sum(counts[i:i + width]))
    for i in starts[:200]:
        if len(taken) >= windows * width:
            break
        if any(j in taken for j in range(i - width, i + width)):
            continue
        taken.update(range(i, i + width))
        print(f"--- {100 * sum(counts[i:i + width]) / total:.1f}% of the kernel's samples")
        for ln, k in zip(lines[i:i + width], counts[i:i + width]):
            print(f"{k:6d} {ln.strip()[:100]}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bots", nargs="*")
    ap.add_argument("-n", "--games", type=int, default=1_000_000)
    ap.add_argument("--dump", type=Path, help="folder for the kernels' machine code")
    ap.add_argument("--annotate", metavar="KERNEL", help="print KERNEL's hottest instructions (after perf record)")
    ap.add_argument("--perf-data", default="/tmp/perf.data")
    args = ap.parse_args(argv)
    if args.annotate:
        if args.dump is None:
            ap.error("--annotate needs the --dump folder of the profiled run")
        annotate(args.annotate, args.dump, args.perf_data)
        return 0
    if not args.bots:
        ap.error("name the bots to play")
    from simulator import api
    from simulator.games import game_of_bots
    match = api.prepare(args.bots)
    game = game_of_bots(match.bots)
    game.warm_up(match)
    engine = __import__(f"simulator.{game.NAME}.engine._jit", fromlist=["KERNELS"])
    if args.dump is not None:
        args.dump.mkdir(parents=True, exist_ok=True)
    n = write_perf_map(engine.KERNELS, f"/tmp/perf-{os.getpid()}.map", args.dump)
    print(f"{n} kernels mapped in /tmp/perf-{os.getpid()}.map; playing {args.games:,} games", file=sys.stderr)
    game.play(match, 1, 0, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
