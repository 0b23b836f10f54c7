"""Start a real stand-admin server on a fresh store for the browser tests."""
import json
import os
import re
import shutil
import sqlite3
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class StandServer:
    def __init__(self, binary, root):
        self.binary = binary
        self.root = root
        self.directory = tempfile.mkdtemp(prefix="stand-browser-")
        self.db = os.path.join(self.directory, "stand.sqlite")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.setup_url = None
        self.receiver = None
        self.erasure_log = os.path.join(self.directory, "erasures.jsonl")

    def cli(self, *args, stdin=None):
        return subprocess.run([self.binary, *args, "--db", self.db], input=stdin, text=True,
                              capture_output=True, cwd=self.root, check=True).stdout

    def query(self, sql, *arguments):
        """One row read straight from the store, as any other program would."""
        with sqlite3.connect(self.db) as connection:
            return connection.execute(sql, arguments).fetchone()

    def execute(self, sql, *arguments):
        """One write straight to the store, as the mobile app would make it."""
        with sqlite3.connect(self.db) as connection:
            connection.execute(sql, arguments)

    def erasures(self):
        """What the receiver accepted: one dict per delivery (system, account_uuid, delivery_id)."""
        if not os.path.exists(self.erasure_log):
            return []
        with open(self.erasure_log) as log:
            return [json.loads(line) for line in log if line.strip()]

    def start_receiver(self, secret):
        """scripts/erasure-receiver.py as Firebase and AWS; it answers after
        2 s, so a page can see a delivery pending before it is confirmed."""
        self.receiver = subprocess.Popen(
            [sys.executable, os.path.join(self.root, "scripts", "erasure-receiver.py"), "--port", "0", "--secret", secret,
             "--log", self.erasure_log, "--delay", "2"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.receiver.stdout.readline()
        match = re.match(r"listening on (http://\S+)", line)
        if not match:
            raise RuntimeError(f"the erasure receiver did not start: {line!r}")
        # Its request lines are not read: drain them so it never blocks on a full pipe.
        threading.Thread(target=self.receiver.stdout.read, daemon=True).start()
        return match.group(1)

    def start(self):
        self.cli("migrate")
        self.cli("seed", "--users", "500", "--days", "5")
        self.log = open(os.path.join(self.directory, "server.log"), "w")
        secret = "browser-tests-erasure-secret"
        receiver = self.start_receiver(secret)
        environment = dict(os.environ, STAND_ERASURE_TARGETS=f"firebase={receiver}/erasure/firebase,aws={receiver}/erasure/aws",
                           STAND_ERASURE_SECRET=secret)
        self.process = subprocess.Popen(
            [self.binary, "serve", "--db", self.db, "--port", str(self.port)],
            cwd=self.root, stdout=subprocess.PIPE, stderr=self.log, text=True, env=environment)
        deadline = time.time() + 30
        while time.time() < deadline and self.setup_url is None:
            line = self.process.stdout.readline()
            match = re.search(r"(http://\S+/setup\?token=[0-9a-f]+)", line)
            if match:
                self.setup_url = match.group(1)
        if self.setup_url is None:
            raise RuntimeError("server did not print a setup link")
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not answer /healthz")

    def stop(self):
        if self.receiver:
            self.receiver.terminate()
            self.receiver.wait(timeout=10)
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.directory, ignore_errors=True)
