"""Fast checks of the crisis classifier's features and its exported table (no training, no sklearn)."""
import json
import os
import unittest

# Imported as a package module (python3 -m unittest discover -s ml), so ml/crisis never shadows ml's own modules.
from crisis.features import feature_blocks, features, normalise, score

TABLE = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "contracts", "src", "content", "crisis-classifier.json"
)


class CrisisFeatures(unittest.TestCase):
    def test_normalise(self):
        self.assertEqual(normalise("  I DON\u2019T   want... to be HERE!! "), "i dont want to be here")
        self.assertEqual(normalise("?!"), "")

    def test_blocks_have_unit_length(self):
        words, chars = feature_blocks("no more")
        self.assertEqual(words, {"w:no", "w:more", "w:no more"})
        self.assertIn("c: no ", chars)
        self.assertAlmostEqual(sum(v * v for k, v in features("no more").items() if k.startswith("w:")), 1.0)
        self.assertEqual(features(""), {})

    def test_exported_table_scores_its_parity_texts(self):
        with open(TABLE, encoding="utf-8") as fh:
            table = json.load(fh)
        for p in table["parity"]:
            self.assertAlmostEqual(score(table, p["text"]), p["score"], places=8)
        for text in [
            "how do i end a migraine",
            "my knee is killing me",
            "when does the flu end",
            "tired all the time could it be anaemia",
        ]:
            self.assertLess(score(table, text), table["thresholds"]["line"], text)


if __name__ == "__main__":
    unittest.main()
