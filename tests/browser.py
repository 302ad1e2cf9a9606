"""Drive Debian's headless chromium over the DevTools protocol on a pipe (fds 3 and 4): no
driver package, no port. Used by the /docs test."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO

CHROMIUM = shutil.which("chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


class Page:
    def __init__(self, to_browser: BinaryIO, from_browser: BinaryIO) -> None:
        self.to_browser, self.from_browser = to_browser, from_browser
        self.pending = b""
        self.last_id = 0
        self.session: str | None = None

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.last_id += 1
        message: dict[str, Any] = {"id": self.last_id, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        self.to_browser.write(json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.pending:
                chunk = self.from_browser.read(65536)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe")
                self.pending += chunk
            raw, self.pending = self.pending.split(b"\0", 1)
            answer: dict[str, Any] = json.loads(raw)
            if answer.get("id") == self.last_id:
                return answer

    def evaluate(self, script: str, attempts: int = 40) -> Any:
        """Run an async script in the page and return its value (retried while it loads)."""
        for _ in range(attempts):
            answer = self.call("Runtime.evaluate", expression=script, awaitPromise=True,
                               returnByValue=True)
            result = answer.get("result", {})
            if "error" not in answer and "exceptionDetails" not in result:
                return result["result"].get("value")
            time.sleep(0.25)
        raise AssertionError(f"the script kept failing: {answer}")


@contextmanager
def open_page(url: str, language: str | None = None) -> Iterator[Page]:
    """A fresh headless chromium (its own profile) with one tab on ``url``; with
    ``language`` (``zh-CN``), a browser whose Accept-Language asks for it."""
    assert CHROMIUM is not None
    into_read, into_write = os.pipe()
    out_read, out_write = os.pipe()

    def wire_pipes() -> None:  # the DevTools pipe is fd 3 (commands) and fd 4 (answers)
        commands, answers = os.dup(into_read), os.dup(out_write)
        os.dup2(commands, 3)
        os.dup2(answers, 4)

    # chromium's helper processes (zygote, crashpad) outlive the main one for a moment and keep
    # writing into the profile, so the browser gets its own process group, the whole group is
    # stopped, and the profile is removed only after that (leftovers are not a test failure).
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe",
             *([f"--lang={language}", f"--accept-lang={language}"] if language else []),
             "about:blank"],
            preexec_fn=wire_pipes, close_fds=False,  # the pipe must reach fds 3 and 4
            start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(into_read)
        os.close(out_write)
        with os.fdopen(into_write, "wb", buffering=0) as to_browser, \
                os.fdopen(out_read, "rb", buffering=0) as from_browser:
            try:
                page = Page(to_browser, from_browser)
                target = page.call("Target.createTarget", url=url)["result"]["targetId"]
                page.session = page.call("Target.attachToTarget", targetId=target,
                                         flatten=True)["result"]["sessionId"]
                yield page
            finally:
                stop_group(process)


def stop_group(process: subprocess.Popen[bytes]) -> None:
    """Stop chromium and every helper it started, and wait until they are gone."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            continue
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # helpers of the group may still be exiting
            try:
                os.killpg(process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)
