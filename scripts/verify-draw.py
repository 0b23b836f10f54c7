#!/usr/bin/env python3
"""Re-run a Stand sweepstakes draw from its published seed and snapshot, with
nothing but Python's standard library (no Stand code), as docs/draws.md
specifies it.

  scripts/verify-draw.py --seed HEX --hash HEX --winners N [--alternates A] SNAPSHOT
                         [--expect UUID,UUID,...] [--expect-alternates UUID,...]
  scripts/verify-draw.py --vectors docs/draws.md

SNAPSHOT is the eligible snapshot the console exports for the draw
(`uuid,weight` lines in UUID order, docs/draws.md section 2). Checks that it is
valid, prints its SHA-256, the winners in order and then the alternates; with
--hash, --expect and --expect-alternates, says whether each matches.

--vectors FILE checks every `draw-vector` block of FILE (docs/draws.md
section 8) and prints one line per vector.

Exit status: 0 when everything given matches (with --vectors: at least one
vector, and all pass); 1 when the hash, the winners or the alternates differ
(or a vector fails); 2 when the input is invalid (a malformed seed or
snapshot, an unreadable file).
"""
import argparse
import bisect
import hashlib
import itertools
import re
import sys

TWO_64 = 2**64
TWO_63 = 2**63
SEED = re.compile(r"[0-9a-f]{64}")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
WEIGHT = re.compile(r"[1-9][0-9]*")


class Invalid(Exception):
    """The input breaks docs/draws.md: say why, draw nothing."""


def parse_seed(text):
    """Section 3: exactly 64 lowercase hex digits, the 32 bytes in order."""
    if not SEED.fullmatch(text):
        raise Invalid(f"the seed must be 64 lowercase hex digits (32 bytes), not {text!r}")
    return bytes.fromhex(text)


def comma_free_digits(text):
    """Whether text is made of what a UUID is made of (else line 1 looks like a header)."""
    return all(character in "0123456789abcdefABCDEF-" for character in text)


def parse_snapshot(data):
    """Section 2, strictly: [(uuid, weight)] in snapshot order, or Invalid."""
    if not data:
        raise Invalid("the snapshot is empty: nobody was eligible, and no draw is made from an empty snapshot")
    if not data.endswith(b"\n"):
        raise Invalid("the snapshot's last line does not end with a line feed (every line must, the last one included)")
    candidates = []
    total = 0
    previous = None
    for number, raw in enumerate(data[:-1].split(b"\n"), start=1):
        try:
            line = raw.decode("ascii")
        except UnicodeDecodeError:
            raise Invalid(f"line {number} is not ASCII") from None
        uuid, comma, weight = line.partition(",")
        if not comma:
            raise Invalid(f"line {number} ({line!r}) is not uuid,weight (a header, a blank line or a stray byte?)")
        if not UUID.fullmatch(uuid):
            hint = " (a snapshot has no header line)" if number == 1 and not comma_free_digits(uuid) else ""
            raise Invalid(f"line {number}: {uuid!r} is not a canonical UUID (36 characters, lowercase hex digits and dashes){hint}")
        if not WEIGHT.fullmatch(weight):
            raise Invalid(f"line {number}: the weight {weight!r} is not written as decimal digits, no sign, no leading zero, at least 1")
        if previous is not None and uuid.encode() <= previous.encode():
            what = "appears twice" if uuid == previous else "is out of order (UUIDs must ascend bytewise)"
            raise Invalid(f"line {number}: {uuid} {what}")
        value = int(weight)
        total += value
        if total >= TWO_63:
            raise Invalid(f"line {number}: the total weight reaches 2^63 (it must be below {TWO_63})")
        candidates.append((uuid, value))
        previous = uuid
    return candidates


class Stream:
    """SHA-256(seed || counter as 8 bytes big-endian), read as 8-byte big-endian integers."""

    def __init__(self, seed):
        self.seed = seed
        self.counter = 0
        self.block = b""
        self.taken = 0

    def next(self):
        if not self.block:
            self.block = hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
        value, self.block = int.from_bytes(self.block[:8], "big"), self.block[8:]
        self.taken += 1
        return value

    def uniform(self, bound):
        """Uniform in [0, bound): reject x >= 2^64 - (2^64 mod bound). Returns
        the result and every integer taken for it, the accepted one last."""
        limit = TWO_64 - (TWO_64 % bound)
        taken = []
        while True:
            value = self.next()
            taken.append(value)
            if value < limit:
                return value % bound, taken


def draw(candidates, winners, alternates, seed):
    """Section 5: (winner uuids, alternate uuids, trace). Each pick is the first
    user whose running sum of weights exceeds r; one stream for all picks. The
    trace has, per pick, (T, integers taken, r)."""
    n = min(winners, len(candidates))
    a = min(alternates, len(candidates) - n)
    stream = Stream(seed)
    remaining = list(candidates)
    picks, trace = [], []
    for _ in range(n + a):
        sums = list(itertools.accumulate(weight for _, weight in remaining))
        total = sums[-1]
        r, taken = stream.uniform(total)
        index = bisect.bisect_right(sums, r)
        picks.append(remaining.pop(index)[0])
        trace.append((total, taken, r))
    return picks[:n], picks[n:], trace


def pick_line(number, pick):
    total, taken, r = pick
    values = [f"rejected={value:016x}" for value in taken[:-1]] + [f"x={taken[-1]:016x}"]
    return f"pick {number}: T={total} " + " ".join(values) + f" r={r}"


def uuid_list(text):
    return [uuid.strip() for uuid in text.split(",") if uuid.strip()]


# --- Section 8: the test vectors -------------------------------------------

VECTOR_KEYS = {"name", "seed", "winners", "alternates", "snapshot", "sha256"}


def vector_blocks(text):
    """The body lines of every ```draw-vector fenced block, with its first line number."""
    blocks, body, start = [], None, 0
    for number, line in enumerate(text.split("\n"), start=1):
        if body is None:
            if line.strip() == "```draw-vector":
                body, start = [], number
        elif line.strip() == "```":
            blocks.append((start, body))
            body = None
        else:
            body.append(line)
    if body is not None:
        raise Invalid(f"the draw-vector block at line {start} never ends")
    return blocks


def parse_vector(lines):
    """A vector's fields: the keys, the snapshot's bytes, the pick lines and the results."""
    fields, picks, winners, alternates = {}, [], [], []
    snapshot = None
    index = 0
    while index < len(lines):
        line = lines[index].rstrip()
        index += 1
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        value = value.strip()
        if not colon:
            raise Invalid(f"{line!r} is not key: value")
        if key == "snapshot":
            if value or snapshot is not None:
                raise Invalid("'snapshot:' must stand alone on its line, once")
            body = []
            while index < len(lines) and not lines[index].startswith("sha256:"):
                body.append(lines[index])
                index += 1
            snapshot = "".join(line + "\n" for line in body).encode("utf-8")
            fields["snapshot"] = True
            continue
        match = re.fullmatch(r"(pick|winner|alternate) ([1-9][0-9]*)", key)
        if match:
            kind, number = match.group(1), int(match.group(2))
            target = {"pick": picks, "winner": winners, "alternate": alternates}[kind]
            if number != len(target) + 1:
                raise Invalid(f"'{key}' is out of sequence")
            target.append(value)
            continue
        if key not in VECTOR_KEYS or key in fields:
            raise Invalid(f"unknown or repeated key {key!r}")
        fields[key] = value
    missing = VECTOR_KEYS - fields.keys()
    if missing:
        raise Invalid("missing " + ", ".join(sorted(missing)))
    for key in ("winners", "alternates"):
        if not re.fullmatch(r"0|[1-9][0-9]*", fields[key]):
            raise Invalid(f"{key}: {fields[key]!r} is not a count")
    return fields, snapshot, picks, winners, alternates


def check_vector(lines):
    """(name, None, figures) when the vector passes, else (name, what differs, None)."""
    name = "?"
    try:
        fields, data, picks, winners, alternates = parse_vector(lines)
        name = fields["name"]
        seed = parse_seed(fields["seed"])
        candidates = parse_snapshot(data)
    except Invalid as error:
        return name, f"invalid vector: {error}", None
    problems = []
    digest = hashlib.sha256(data).hexdigest()
    if digest != fields["sha256"]:
        problems.append(f"sha256 is {digest}")
    got_winners, got_alternates, trace = draw(candidates, int(fields["winners"]), int(fields["alternates"]), seed)
    got_picks = [pick_line(number, pick).partition(": ")[2] for number, pick in enumerate(trace, start=1)]
    if got_picks != picks:
        first = next((i for i, (a, b) in enumerate(zip(got_picks, picks)) if a != b), min(len(got_picks), len(picks)))
        problems.append(f"pick {first + 1} differs: " + (got_picks[first] if first < len(got_picks) else "no such pick"))
    if got_winners != winners:
        problems.append("winners are " + ", ".join(got_winners))
    if got_alternates != alternates:
        problems.append("alternates are " + (", ".join(got_alternates) or "none"))
    if problems:
        return name, "; ".join(problems), None
    rejected = sum(len(taken) - 1 for _, taken, _ in trace)
    used = sum(len(taken) for _, taken, _ in trace)
    return name, None, (sum(w for _, w in candidates), len(got_winners), len(got_alternates), used, rejected)


def check_vectors(path):
    try:
        with open(path, encoding="utf-8") as file:
            blocks = vector_blocks(file.read())
    except (OSError, UnicodeDecodeError, Invalid) as error:
        print(f"cannot read the vectors of {path}: {error}")
        return 2
    if not blocks:
        print(f"no draw-vector block in {path}")
        return 1
    failed = 0
    for start, lines in blocks:
        name, problem, figures = check_vector(lines)
        if problem is None:
            total, n, a, used, rejected = figures
            print(f"vector {name} (line {start}): ok (T={total}, {n} winners, {a} alternates, "
                  f"{used} integers taken, {rejected} rejected)")
        else:
            failed += 1
            print(f"vector {name} (line {start}): FAILED: {problem}")
    print(f"{len(blocks) - failed} of {len(blocks)} vectors pass")
    return 0 if failed == 0 else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", help="the published seed: 64 lowercase hex digits")
    parser.add_argument("--hash", help="the published SHA-256 of the snapshot")
    parser.add_argument("--winners", type=int, help="the number of winners drawn (as published)")
    parser.add_argument("--alternates", type=int, default=0, help="the number of alternates drawn (as published; default 0)")
    parser.add_argument("--expect", help="the published winners' uuids, comma-separated, in order")
    parser.add_argument("--expect-alternates", help="the published alternates' uuids, comma-separated, in order")
    parser.add_argument("--vectors", metavar="FILE", help="check the draw-vector blocks of FILE (docs/draws.md) instead")
    parser.add_argument("snapshot", nargs="?")
    args = parser.parse_args()

    if args.vectors is not None:
        if args.snapshot is not None or args.seed is not None:
            parser.error("--vectors takes no snapshot and no seed")
        return check_vectors(args.vectors)
    if args.seed is None or args.winners is None or args.snapshot is None:
        parser.error("--seed, --winners and a SNAPSHOT file are required (or --vectors FILE)")
    if args.winners < 0 or args.alternates < 0:
        parser.error("--winners and --alternates cannot be negative")

    try:
        seed = parse_seed(args.seed)
        with open(args.snapshot, "rb") as file:
            data = file.read()
        candidates = parse_snapshot(data)
    except OSError as error:
        print(f"cannot read the snapshot: {error}")
        return 2
    except Invalid as error:
        print(f"invalid: {error}")
        return 2

    digest = hashlib.sha256(data).hexdigest()
    winners, alternates, _ = draw(candidates, args.winners, args.alternates, seed)
    print(f"snapshot sha256: {digest} ({len(candidates)} eligible users, {sum(w for _, w in candidates)} entries)")
    for rank, uuid in enumerate(winners, start=1):
        print(f"winner {rank}: {uuid}")
    for rank, uuid in enumerate(alternates, start=1):
        print(f"alternate {rank}: {uuid}")
    ok = True
    if args.hash is not None:
        matches = digest == args.hash.strip().lower()
        print("snapshot hash: " + ("matches" if matches else f"DIFFERS from the published {args.hash}"))
        ok &= matches
    if args.expect is not None:
        matches = winners == uuid_list(args.expect)
        print("winners: " + ("match" if matches else "DIFFER from the published ones"))
        ok &= matches
    if args.expect_alternates is not None:
        matches = alternates == uuid_list(args.expect_alternates)
        print("alternates: " + ("match" if matches else "DIFFER from the published ones"))
        ok &= matches
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
