"""Text normalisation and n-gram features of the crisis classifier.

contracts/src/crisis-classifier.ts mirrors this file rule for rule; the parity test there scores fixed texts to
the values train.py prints, so a change here must be made there too.
"""
import math
import re
import unicodedata

# Curly apostrophes are read as straight ones, then apostrophes are dropped ("don't" and "dont" are one word),
# and everything that is not a lower-case letter or a digit separates words.
NORMALISATION = [
    "Unicode NFC, then lower-case",
    "curly apostrophes (\u2018 \u2019) become straight (')",
    "apostrophes and the Devanagari nukta (\u093c) are removed; chandrabindu (\u0901) becomes anusvara (\u0902)",
    "every run of characters outside a-z, 0-9 and the Devanagari letters and signs (\u0900-\u0963, \u0966-\u097f) "
    "becomes one space",
    "leading and trailing spaces are removed",
]
CHAR_MIN, CHAR_MAX = 3, 5


def normalise(text):
    text = unicodedata.normalize("NFC", text).lower().replace("\u2018", "'").replace("\u2019", "'").replace("'", "")
    text = text.replace("\u093c", "").replace("\u0901", "\u0902")
    return re.sub(r"[^a-z0-9\u0900-\u0963\u0966-\u097f]+", " ", text).strip()


def feature_blocks(text):
    """Distinct word uni/bi-grams ("w:") and distinct character 3-5-grams of the padded text ("c:")."""
    norm = normalise(text)
    words = norm.split(" ") if norm else []
    word_feats = {"w:" + w for w in words}
    word_feats |= {"w:" + words[i] + " " + words[i + 1] for i in range(len(words) - 1)}
    padded = " " + norm + " "
    char_feats = set()
    for n in range(CHAR_MIN, CHAR_MAX + 1):
        for i in range(len(padded) - n + 1):
            char_feats.add("c:" + padded[i : i + n])
    return word_feats, char_feats


def features(text):
    """Each block has unit length: a present feature weighs 1/sqrt(distinct features of its block)."""
    out = {}
    for block in feature_blocks(text):
        if block:
            value = 1.0 / math.sqrt(len(block))
            for f in block:
                out[f] = value
    return out


def score(table, text):
    """Probability of crisis from an exported table: sigmoid(bias + sum of weight x value), summed in sorted order."""
    feats = features(text)
    z = table["bias"]
    for f in sorted(feats):
        w = table["weights"].get(f)
        if w is not None:
            z += w * feats[f]
    return 1.0 / (1.0 + math.exp(-z))
