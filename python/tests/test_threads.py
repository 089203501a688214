"""Threads: a second thread solves while the first is inside a search.

The searches run without the GIL and share nothing but the (immutable)
puzzles, so the results must be those of one thread alone.  The first
thread's search cannot end before the second thread says so (its
progress callable keeps it going), which makes "while" certain without
depending on timing.
"""

import os
import signal
import subprocess
import sys
import threading
import time
import unittest
from concurrent.futures import ThreadPoolExecutor

import cdok
from cdok import killer

from support import corpus, files, read_grid_file, latin

WAIT = 60  # seconds; only reached if something is broken


class SecondThread(unittest.TestCase):
    def test_solves_while_the_first_searches(self):
        in_search = threading.Event()
        done = threading.Event()
        results = []

        def progress(nodes):
            in_search.set()
            return done.is_set()

        def first():
            # Every 8 x 8 Latin square: far too many to count.
            results.append(latin(8).solve(limit=None, keep=0,
                                          progress=progress))

        thread = threading.Thread(target=first)
        thread.start()
        try:
            self.assertTrue(in_search.wait(WAIT))
            for path in files("killer", ".solo")[:6]:
                board, cages = killer.load_from_file(path)
                self.assertTrue(killer.solve(board, cages))
                self.assertEqual(board, read_grid_file(path[:-5] + ".sol"))
            p = cdok.load(corpus("cdok", "cdok9T_01.spec"))
            self.assertEqual(p.solve().solution,
                             read_grid_file(corpus("cdok", "cdok9T_01.sol")))
            self.assertTrue(thread.is_alive())
            self.assertEqual(results, [])
        finally:
            done.set()
            thread.join(WAIT)
        self.assertFalse(thread.is_alive())
        (first_result,) = results
        self.assertTrue(first_result.gave_up)
        self.assertEqual(first_result.verdict, cdok.Verdict.MULTIPLE)

    def test_same_puzzle_from_many_threads(self):
        path = corpus("killer", "barium_expert-2.json")
        p = cdok.load(path)
        want = read_grid_file(path.replace(".json", ".sol"))
        with ThreadPoolExecutor(max_workers=4) as pool:
            results = list(pool.map(lambda _: p.solve(), range(16)))
        for r in results:
            self.assertEqual((r.verdict, r.solution),
                             (cdok.Verdict.UNIQUE, want))

    def test_generation_is_the_same_in_threads(self):
        seeds = range(40, 48)
        alone = [cdok.generate(6, seed=s) for s in seeds]
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(lambda s: cdok.generate(6, seed=s),
                                     seeds))
        self.assertEqual(together, alone)
        self.assertEqual([str(p) for p in together],
                         [str(p) for p in alone])


class Interrupt(unittest.TestCase):
    def test_ctrl_c_stops_a_search(self):
        # A search that would run for ages, started in a child process;
        # Ctrl-C (SIGINT) must end it with KeyboardInterrupt.  (The child
        # sets Python's handler itself: a process started in the
        # background may inherit SIGINT ignored.)
        code = ("import signal, cdok\n"
                "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
                "print('ready', flush=True)\n"
                "rows = [('+', 36, [(r, c) for c in range(8)]) "
                "for r in range(8)]\n"
                "cdok.Puzzle(8, rows).solve(limit=None, keep=0)\n")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
        child = subprocess.Popen([sys.executable, "-c", code], env=env,
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
        try:
            self.assertEqual(child.stdout.readline(), b"ready\n")
            # Most likely inside the search by then; the signal is sent
            # again until the child ends, so the result does not depend on
            # when it arrives.
            time.sleep(0.3)
            for _ in range(WAIT * 10):
                child.send_signal(signal.SIGINT)
                if child.poll() is not None:
                    break
                time.sleep(0.1)
            _, err = child.communicate(timeout=WAIT)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        self.assertIn(b"KeyboardInterrupt", err)
        self.assertNotEqual(child.returncode, 0)


if __name__ == "__main__":
    unittest.main()
