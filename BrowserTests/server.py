"""Start a real stand-admin server on a fresh store for the browser tests."""
import os
import re
import shutil
import sqlite3
import socket
import subprocess
import tempfile
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

    def start(self):
        self.cli("migrate")
        self.cli("seed", "--users", "500", "--days", "5")
        self.log = open(os.path.join(self.directory, "server.log"), "w")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--db", self.db, "--port", str(self.port)],
            cwd=self.root, stdout=subprocess.PIPE, stderr=self.log, text=True)
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
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.directory, ignore_errors=True)
