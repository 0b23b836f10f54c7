#!/usr/bin/env python3
"""A stand-in for the app backend's erasure endpoint, written from
docs/erasure.md alone (the contract between the console and the systems it
tells that an account was deleted). Tests use it as Firebase and AWS.

  scripts/erasure-receiver.py --port P --secret S --log FILE
                              [--fail-first K] [--delay SECONDS] [--host 127.0.0.1]

It accepts POST to any path, checks the Stand-Signature header (401 when
missing, malformed, wrong or more than 300 s off), checks the body (400), and
answers 200 {"status":"erased"} to a new delivery id after appending one JSON
line {system, account_uuid, delivery_id, received_at} to FILE, or 200
{"status":"already done"} to a delivery id FILE already holds.
--fail-first K answers 503 to the first K correctly signed deliveries;
--delay sleeps before every answer (a slow backend, or one whose answer is
lost). Prints `listening on http://HOST:PORT` once bound (--port 0: any free
port), then one line per request: `<status> <system> <delivery_id> <attempt>`.
"""
import argparse
import datetime
import hashlib
import hmac
import json
import os
import re
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_SKEW = 300          # seconds, docs/erasure.md "The signature"
MAX_BODY = 64 * 1024    # a delivery is a few hundred bytes
V1 = re.compile(r"[0-9a-f]{64}")


def signature_ok(header, body, secret):
    """Steps 2-4 of the receiver's check in docs/erasure.md."""
    if not header:
        return False
    parts = dict(p.strip().partition("=")[::2] for p in header.split(","))
    t, v1 = parts.get("t", ""), parts.get("v1", "")
    # Validate before comparing: compare_digest refuses non-ASCII str.
    if not t.isdigit() or not t.isascii() or not V1.fullmatch(v1):
        return False
    if abs(time.time() - int(t)) > MAX_SKEW:
        return False
    mac = hmac.new(secret.encode(), t.encode() + b"." + body, hashlib.sha256)
    return hmac.compare_digest(mac.hexdigest(), v1)


def parse_delivery(body):
    """The body as a dict, or None when it is not a delivery."""
    try:
        d = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(d, dict) or d.get("type") != "account.deleted":
        return None
    for key in ("delivery_id", "account_uuid", "deleted_at"):
        if not isinstance(d.get(key), str) or not d[key]:
            return None
    return d  # unknown members are ignored, as the contract asks


class Receiver:
    """State shared by the handler threads; one lock keeps the counter, the
    id set and the file consistent with each other."""

    def __init__(self, args):
        self.args = args
        self.lock = threading.Lock()
        self.signed = 0
        self.done = set()
        if os.path.exists(args.log):
            with open(args.log, encoding="utf-8") as f:
                for line in f:
                    try:  # a line cut short by a crash is not an acceptance
                        self.done.add(json.loads(line)["delivery_id"])
                    except (ValueError, KeyError, TypeError):
                        pass
        self.log = open(args.log, "a+b")
        # Start on a fresh line if a crash left the last one unterminated.
        self.log.seek(0, os.SEEK_END)
        if self.log.tell() > 0:
            self.log.seek(-1, os.SEEK_END)
            if self.log.read(1) != b"\n":
                self.log.write(b"\n")

    def decide(self, system, d):
        """(status, answer) for a correctly signed delivery."""
        with self.lock:
            self.signed += 1  # repeats count too: each is an attempt
            if self.signed <= self.args.fail_first:
                return 503, {"status": "unavailable"}
            if d["delivery_id"] in self.done:
                return 200, {"status": "already done"}
            now = datetime.datetime.now(datetime.timezone.utc)
            line = {"system": system, "account_uuid": d["account_uuid"],
                    "delivery_id": d["delivery_id"],
                    "received_at": now.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"}
            # Durable before the 200: a 200 promises the erasure happened.
            self.log.write(json.dumps(line).encode() + b"\n")
            self.log.flush()
            os.fsync(self.log.fileno())
            self.done.add(d["delivery_id"])
            return 200, {"status": "erased"}


class Handler(BaseHTTPRequestHandler):
    receiver = None  # set in main()

    def do_POST(self):
        segments = [s for s in self.path.split("?")[0].split("/") if s]
        system = segments[-1] if segments else None
        d = None
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY:
            status, answer = 400, {"error": "bad Content-Length"}
        else:
            body = self.rfile.read(length)  # bytes, before any parsing
            if not signature_ok(self.headers.get("Stand-Signature"), body,
                                self.receiver.args.secret):
                status, answer = 401, {"error": "signature refused"}
            else:
                d = parse_delivery(body)
                if d is None:
                    status, answer = 400, {"error": "not a delivery"}
                else:
                    if isinstance(d.get("system"), str) and d["system"]:
                        system = d["system"]
                    status, answer = self.receiver.decide(system, d)
        attempt = d.get("attempt") if d else None
        print(status, system or "-", (d or {}).get("delivery_id") or "-",
              "-" if attempt is None else attempt, flush=True)
        time.sleep(self.receiver.args.delay)
        payload = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format, *args):
        pass  # one line per request on stdout is enough


def main():
    p = argparse.ArgumentParser(
        description="Stand-in erasure endpoint for tests; see docs/erasure.md.")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--secret", required=True)
    p.add_argument("--log", required=True)
    p.add_argument("--fail-first", type=int, default=0)
    p.add_argument("--delay", type=float, default=0.0)
    p.add_argument("--host", default="127.0.0.1")
    args = p.parse_args()
    Handler.receiver = Receiver(args)
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    # A handler waiting on a kept-alive connection must not hold up the exit.
    server.daemon_threads = True
    server.block_on_close = False

    def stop(signum, frame):
        # Accepted deliveries are already fsynced: nothing is lost by leaving now.
        os._exit(0)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    watch_parent()
    host, port = server.server_address[:2]
    print(f"listening on http://{host}:{port}", flush=True)
    server.serve_forever()


def watch_parent():
    """Leave when the program that started us is gone (a test process that
    crashed, `scripts/run` stopped), instead of serving on as an orphan."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


if __name__ == "__main__":
    main()
