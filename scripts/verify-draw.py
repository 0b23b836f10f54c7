#!/usr/bin/env python3
"""Re-run a Stand sweepstakes draw from its published seed and snapshot, with
nothing but Python's standard library (no Stand code), as docs/draws.md
specifies it.

  scripts/verify-draw.py --seed HEX --hash HEX --winners N SNAPSHOT [--expect UUID,UUID,...]

SNAPSHOT is the eligible snapshot the console exports for the draw
(`uuid,weight` lines in UUID order). Prints the snapshot's SHA-256 and the
winners in order; with --hash and --expect, says whether both match, and exits
1 when either does not.
"""
import argparse
import bisect
import hashlib
import itertools
import sys


class Stream:
    """SHA-256(seed || counter as 8 bytes big-endian), read as 8-byte big-endian integers."""

    def __init__(self, seed_hex):
        self.seed = bytes.fromhex(seed_hex)
        if len(self.seed) != 32:
            raise SystemExit("the seed must be 64 hex digits")
        self.counter = 0
        self.block = b""

    def next(self):
        if not self.block:
            self.block = hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
        value, self.block = int.from_bytes(self.block[:8], "big"), self.block[8:]
        return value

    def uniform(self, bound):
        """Uniform in [0, bound): reject x >= 2^64 - (2^64 mod bound)."""
        limit = 2**64 - (2**64 % bound)
        while True:
            value = self.next()
            if value < limit:
                return value % bound


def draw(candidates, count, seed_hex):
    """The winners' uuids: each pick is the first user whose running sum of weights exceeds r."""
    stream = Stream(seed_hex)
    remaining = list(candidates)
    winners = []
    for _ in range(min(count, len(remaining))):
        sums = list(itertools.accumulate(weight for _, weight in remaining))
        r = stream.uniform(sums[-1])
        index = bisect.bisect_right(sums, r)
        winners.append(remaining.pop(index)[0])
    return winners


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", required=True)
    parser.add_argument("--hash")
    parser.add_argument("--winners", type=int, required=True)
    parser.add_argument("--expect", help="the published winners' uuids, comma-separated, in order")
    parser.add_argument("snapshot")
    args = parser.parse_args()
    with open(args.snapshot, "rb") as file:
        data = file.read()
    candidates = []
    for line in data.decode("utf-8").splitlines():
        uuid, weight = line.split(",")
        candidates.append((uuid, int(weight)))
    digest = hashlib.sha256(data).hexdigest()
    winners = draw(candidates, args.winners, args.seed)
    print(f"snapshot sha256: {digest} ({len(candidates)} eligible users, {sum(w for _, w in candidates)} entries)")
    for rank, uuid in enumerate(winners, start=1):
        print(f"winner {rank}: {uuid}")
    ok = True
    if args.hash is not None:
        matches = digest == args.hash.lower()
        print("snapshot hash: " + ("matches" if matches else f"DIFFERS from the published {args.hash}"))
        ok &= matches
    if args.expect is not None:
        expected = [uuid for uuid in args.expect.split(",") if uuid]
        matches = winners == expected
        print("winners: " + ("match" if matches else "DIFFER from the published ones"))
        ok &= matches
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
