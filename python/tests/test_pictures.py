"""Pictures and booklets from Python: the same bytes as the cdok program
draws, with the same options (issue 31)."""

import os
import re
import subprocess
import sys
import tempfile
import unittest

import cdok
from support import CDOK, EXAMPLES

README6 = os.path.join(EXAMPLES, "readme6.spec")


def program(*args):
    return subprocess.run([CDOK, *args], check=True,
                          capture_output=True).stdout


def pages(pdf):
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


class Pictures(unittest.TestCase):
    def setUp(self):
        self.p = cdok.load(README6)

    def test_png_and_svg_are_the_programs(self):
        # Each drawn by a fresh interpreter, as the program draws it:
        # cairo caches glyphs for the whole process, and a glyph drawn
        # before at another size may come out a shade different.
        def fresh(call):
            code = ("import sys, cdok\n"
                    f"p = cdok.load({README6!r})\n"
                    f"out = {call}\n"
                    "sys.stdout.buffer.write(out if isinstance(out, bytes)"
                    " else out.encode())\n")
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
            return subprocess.run([sys.executable, "-c", code], env=env,
                                  check=True, capture_output=True).stdout

        self.assertIsInstance(self.p.dumps("png", dpi=100), bytes)
        self.assertEqual(fresh('p.dumps("png", dpi=100)'),
                         program("print", "--to", "png", "--dpi", "100",
                                 README6))
        self.assertIsInstance(self.p.dumps("svg"), str)
        self.assertEqual(fresh('p.dumps("svg")'),
                         program("print", "--to", "svg", README6))
        # A solution drawn in, as cdok solve --to png does.
        self.assertEqual(fresh('p.dumps("png", p.solve().solution)'),
                         program("solve", "--to", "png", README6))
        # The givens as KenKen prints them, as --givens-as-cages does:
        # another drawing than the bold digits.
        kenken = fresh('p.dumps("svg", givens_as_cages=True)')
        self.assertEqual(kenken, program("print", "--to", "svg",
                                         "--givens-as-cages", README6))
        self.assertNotEqual(kenken, program("print", "--to", "svg",
                                            README6))

    def test_booklet_with_answers(self):
        puzzles = [cdok.generate(6, seed=s) for s in range(5)]
        book = cdok.dumps(puzzles, "pdf", per_page=4, paper="a5",
                          title="Calcudoku", with_solutions=True)
        self.assertTrue(book.startswith(b"%PDF-"))
        with tempfile.TemporaryDirectory() as tmp:
            spec = os.path.join(tmp, "five.txt")
            cdok.dump(puzzles, spec)
            want = program("print", "--to", "pdf", "--per-page", "4",
                           "--paper", "a5", "--title", "Calcudoku",
                           "--with-solutions", spec)
            # Two pages of puzzles and one of answers, as the program.
            self.assertEqual(pages(book), 3)
            self.assertEqual(pages(book), pages(want))
            path = os.path.join(tmp, "one.pdf")
            self.p.dump(path, "pdf", title="One")
            with open(path, "rb") as f:
                self.assertEqual(pages(f.read()), 1)

    def test_captions_name_seed_or_id(self):
        # As the program's booklets: a generated puzzle's seed, a read
        # one's Keen ID.
        def text(pdf):
            return subprocess.run(["pdftotext", "-", "-"], input=pdf,
                                  check=True, capture_output=True
                                  ).stdout.decode()

        made = cdok.generate(6, seed=42)
        self.assertIn("seed 42", text(cdok.dumps([made], "pdf")))
        game_id = self.p.dumps("keen").strip()
        self.assertIn(game_id, text(self.p.dumps("pdf")))

    def test_refusals(self):
        cases = [
            (lambda: cdok.dumps([self.p, self.p], "png"),
             cdok.UnsupportedError, "holds one puzzle"),
            (lambda: self.p.dumps("spec", dpi=100),
             cdok.UnsupportedError, "picture options go with"),
            (lambda: self.p.dumps("spec", givens_as_cages=True),
             cdok.UnsupportedError, "picture options go with"),
            (lambda: self.p.dumps("svg", dpi=100),
             cdok.UnsupportedError, "svg takes givens_as_cages only"),
            (lambda: self.p.dumps("png", dpi=3), cdok.InvalidError,
             "3 pixels per inch"),
            (lambda: self.p.dumps("pdf", paper="b5"), cdok.InvalidError,
             "unknown paper 'b5'"),
            (lambda: self.p.dumps("pdf", per_page="4"), TypeError,
             "per_page must be an int"),
        ]
        for i, (make, exc, words) in enumerate(cases):
            with self.subTest(case=i):
                with self.assertRaises(exc) as caught:
                    make()
                self.assertIn(words, str(caught.exception))


if __name__ == "__main__":
    unittest.main()
