"""Browser tests: the main flows in headless Chromium against a real server.

Prints one line per test and a closing 'N passed, N failed' line; exits 1 on any failure.
"""
import argparse
import os
import sys
import traceback

from chromium import new_browser
from server import StandServer
import accounttools
import doubleclicks
import endedsession
import erasure
import flows
import layout
import questions
import secondfactor
import sweepstakes

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    server = StandServer(os.path.abspath(args.binary), ROOT)
    server.start()
    passed = failed = 0
    try:
        for test in flows.ALL + questions.ALL + layout.ALL + sweepstakes.ALL + doubleclicks.ALL + endedsession.ALL + accounttools.ALL + erasure.ALL + secondfactor.ALL:
            browser = new_browser()
            try:
                test(browser, server)
                passed += 1
                print(f"PASS {test.__name__}")
            except Exception:
                failed += 1
                print(f"FAIL {test.__name__}")
                traceback.print_exc()
                shot = os.path.join(ROOT, ".build", f"browser-{test.__name__}.png")
                try:
                    browser.save_screenshot(shot)
                    print(f"  screenshot: {shot}")
                except Exception:
                    pass
            finally:
                browser.quit()
    finally:
        server.stop()
    print(f"browser: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
