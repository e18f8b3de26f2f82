"""The browser tests as files: a module run by itself (`python3 test_x.py`) runs every one of its
test classes, so `unittest.main()` comes after the last of them."""
import ast
import glob
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def runs_main(statement):
    """Whether a top-level statement is the `if __name__ == "__main__":` block."""
    return (isinstance(statement, ast.If) and isinstance(statement.test, ast.Compare)
            and isinstance(statement.test.left, ast.Name) and statement.test.left.id == "__name__")


class SuiteLayoutTests(unittest.TestCase):
    def test_every_test_module_runs_unittest_main_only_after_its_last_class(self):
        modules = sorted(glob.glob(os.path.join(HERE, "test_*.py")))
        self.assertGreater(len(modules), 20)
        for path in modules:
            with self.subTest(module=os.path.basename(path)):
                with open(path, encoding="utf-8") as file:
                    body = ast.parse(file.read()).body
                mains = [index for index, statement in enumerate(body) if runs_main(statement)]
                classes = [index for index, statement in enumerate(body) if isinstance(statement, ast.ClassDef)]
                self.assertEqual(len(mains), 1, "one main block")
                self.assertGreater(mains[0], max(classes, default=-1), "after every class")


if __name__ == "__main__":
    unittest.main()
